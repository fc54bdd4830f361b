import { screen } from '@testing-library/react';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { generalReport, tripUsers } from '../testing/reports';
import { tourSummary } from '../testing/tour-summary';
import { administrativeReport } from '../features/administrative-report/testing/administrative-report-fixture';
import { makeTestStore, renderRoute } from '../testing/render-route';
import { prefetchReportsRoute } from './route-data';

installFakeApi();

// The shell's route loader calls prefetchReportsRoute as a navigation begins: the request goes
// out before the page exists, and the page then finds that very data (the same endpoint and
// arguments as its hooks), so it asks the server nothing more.

const YEAR = new Date().getFullYear();

function prefetch(
  store: ReturnType<typeof makeTestStore>,
  routeName: Parameters<typeof prefetchReportsRoute>[0]['routeName'],
  url: string,
  params: Record<string, string> = {},
) {
  return prefetchReportsRoute({
    routeName,
    params,
    search: new URL(url, 'http://localhost').searchParams,
    dispatch: store.dispatch,
  });
}

describe('prefetchReportsRoute', () => {
  it('loads the general report with the URL’s filters and page, once for the page too', async () => {
    fakeApi.ok('GET /admin/reports/general', generalReport('usd'));
    const store = makeTestStore();
    const url = '/admin/report/general?currency=usd&status=confirmed&page=2&junk=1';
    await prefetch(store, 'report-general', url);
    expect(fakeApi.requests('GET /admin/reports/general').map((r) => r.params)).toEqual([
      { from: `${YEAR}-01-01`, currency: 'usd', status: 'confirmed', page: '2' },
    ]);

    renderRoute('report-general', { url, store });
    expect(await screen.findByRole('table', { name: 'Туры' })).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/reports/general')).toHaveLength(1);
  });

  it('loads the trip’s tourists in the URL’s currency, once for the page too', async () => {
    fakeApi.ok('GET /admin/reports/general/5/users', tripUsers('eur'));
    const store = makeTestStore();
    const url = '/admin/report/general/5/users?currency=eur';
    await prefetch(store, 'report-general-users', url, { trip: '5' });
    expect(fakeApi.requests('GET /admin/reports/general/5/users').map((r) => r.params)).toEqual([
      { currency: 'eur' },
    ]);

    renderRoute('report-general-users', { url, store });
    expect(await screen.findByRole('table', { name: 'Участники' })).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/reports/general/5/users')).toHaveLength(1);
  });

  it('loads the tour summary of the URL’s trip, without a currency when it names none', async () => {
    fakeApi.ok('GET /admin/reports/tour', tourSummary('usd'));
    const store = makeTestStore();
    const url = '/admin/report/tour?trip_id=5';
    await prefetch(store, 'report-tour', url);
    expect(fakeApi.requests('GET /admin/reports/tour').map((r) => r.params)).toEqual([
      { trip_id: '5' },
    ]);

    renderRoute('report-tour', { url, store });
    expect(await screen.findByRole('table', { name: 'По туристам' })).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/reports/tour')).toHaveLength(1);
  });

  it('loads the tour summary in the URL’s currency, once for the page too', async () => {
    fakeApi.ok('GET /admin/reports/tour', tourSummary('eur'));
    const store = makeTestStore();
    const url = '/admin/report/tour?currency=eur&trip_id=5';
    await prefetch(store, 'report-tour', url);
    expect(fakeApi.requests('GET /admin/reports/tour').map((r) => r.params)).toEqual([
      { trip_id: '5', currency: 'eur' },
    ]);

    renderRoute('report-tour', { url, store });
    expect(await screen.findByRole('table', { name: 'По туристам' })).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/reports/tour')).toHaveLength(1);
  });

  it('loads nothing without a trip, or one that is not a number', () => {
    const store = makeTestStore();
    expect(
      prefetch(store, 'report-general-users', '/admin/report/general/x/users', { trip: 'x' }),
    ).toBeUndefined();
    expect(prefetch(store, 'report-tour', '/admin/report/tour')).toBeUndefined();
    expect(prefetch(store, 'report-tour', '/admin/report/tour?trip_id=x')).toBeUndefined();
  });

  it('loads the administrative report with the URL’s period and currency, once for the page too', async () => {
    fakeApi.ok('GET /admin/reports/administrative', administrativeReport('usd'));
    const store = makeTestStore();
    const url = '/admin/report/administrative?currency=usd&junk=1';
    await prefetch(store, 'report-administrative', url);
    expect(fakeApi.requests('GET /admin/reports/administrative').map((r) => r.params)).toEqual([
      { from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, currency: 'usd' },
    ]);
    renderRoute('report-administrative', { url, store });
    expect(await screen.findByRole('table', { name: 'По категориям' })).toBeInTheDocument();
    expect(fakeApi.requests('GET /admin/reports/administrative')).toHaveLength(1);
  });
});
