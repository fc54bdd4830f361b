import { screen } from '@testing-library/react';
import { hotelBooking } from '../testing/bookings';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { makeTestStore, renderRoute } from '../testing/render-route';
import { prefetchBookingRoute } from './route-data';

installFakeApi();

// The shell's route loader calls prefetchBookingRoute as a navigation begins: the request goes
// out before the page exists, and the page then finds that very data (the same endpoint and
// arguments as its hooks), so it asks the server nothing more.

function prefetch(
  store: ReturnType<typeof makeTestStore>,
  routeName: Parameters<typeof prefetchBookingRoute>[0]['routeName'],
  url: string,
  params: Record<string, string> = {},
) {
  return prefetchBookingRoute({
    routeName,
    params,
    search: new URL(url, 'http://localhost').searchParams,
    dispatch: store.dispatch,
  });
}

describe('prefetchBookingRoute', () => {
  it('loads the kind’s month with the filters and page of the URL, once for the page too', async () => {
    fakeApi.ok('GET /admin/bookings', {
      ...page([hotelBooking({ title: 'Рёкан Сакура, Киото' })], { current: 2, total: 21 }),
      month: '12-2026',
      first_day: '2026-12-01',
      last_day: '2026-12-31',
      totals: [],
    });
    fakeApi.ok('GET /admin/trips', page([]));
    const store = makeTestStore();
    const url = '/admin/booking/12-2026/hotels?status=requested&page=2&junk=1';
    await prefetch(store, 'booking-hotels', url, { date: '12-2026' });
    expect(fakeApi.requests('GET /admin/bookings').map((r) => r.params)).toEqual([
      { kind: 'hotel', month: '12-2026', page: '2', status: 'requested' },
    ]);

    renderRoute('booking-hotels', { url, store });
    expect(await screen.findByText('Рёкан Сакура, Киото')).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/bookings')).toHaveLength(1);
  });

  it('loads the dashboard of the month, and nothing for the suppliers', async () => {
    fakeApi.ok('GET /admin/bookings/dashboard', null);
    const store = makeTestStore();
    await prefetch(store, 'booking-dashboard', '/admin/booking/01-2027', { date: '01-2027' });
    expect(fakeApi.requests('GET /admin/bookings/dashboard').map((r) => r.params)).toEqual([
      { month: '01-2027' },
    ]);
    expect(prefetch(store, 'booking-suppliers', '/admin/suppliers')).toBeUndefined();
  });
});
