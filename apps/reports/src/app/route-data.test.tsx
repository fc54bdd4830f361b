import { screen } from '@testing-library/react';
import { fakeApi, installFakeApi } from '../testing/fake-api';
import { generalReport, tripUsers } from '../testing/reports';
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
      {
        from: `${YEAR}-01-01`,
        to: `${YEAR}-12-31`,
        currency: 'usd',
        status: 'confirmed',
        page: '2',
      },
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

  it('loads nothing for a trip that is not a number, nor for the reports still to come', () => {
    const store = makeTestStore();
    expect(
      prefetch(store, 'report-general-users', '/admin/report/general/x/users', { trip: 'x' }),
    ).toBeUndefined();
    expect(prefetch(store, 'report-tour', '/admin/report/tour')).toBeUndefined();
    expect(
      prefetch(store, 'report-administrative', '/admin/report/administrative'),
    ).toBeUndefined();
  });
});
