import { screen } from '@testing-library/react';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { makeTestStore } from '../../../testing/render-route';
import { administrativeReport } from '../testing/administrative-report-fixture';
import { renderAdministrativeReport } from '../testing/render-administrative-report';
import { prefetchAdministrativeReport } from './prefetch-administrative-report';

installFakeApi();

// The shell's route loader starts the report as the navigation begins: the request goes out
// before the page exists, and the page then finds that very data (the same endpoint and
// arguments as its hook), so it asks the server nothing more.

const REPORT = 'GET /admin/reports/administrative';
const YEAR = new Date().getFullYear();

function prefetch(store: ReturnType<typeof makeTestStore>, url: string) {
  return prefetchAdministrativeReport({
    search: new URL(url, 'http://localhost').searchParams,
    dispatch: store.dispatch,
  });
}

describe('prefetchAdministrativeReport', () => {
  it('loads the current year in the URL’s currency, once for the page too', async () => {
    fakeApi.ok(REPORT, administrativeReport('jpy'));
    const store = makeTestStore();
    const url = '/admin/report/administrative?currency=jpy&junk=1';
    await prefetch(store, url);
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([
      { from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, currency: 'jpy' },
    ]);

    renderAdministrativeReport({ url, store });
    expect(await screen.findByRole('table', { name: 'По категориям' })).toBeInTheDocument();
    expect(fakeApi.requests(REPORT)).toHaveLength(1);
  });

  it('loads the URL’s period, once for the page too', async () => {
    fakeApi.ok(REPORT, administrativeReport());
    const store = makeTestStore();
    const url = '/admin/report/administrative?from=2026-01-01&to=2026-03-31';
    await prefetch(store, url);
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([
      { from: '2026-01-01', to: '2026-03-31', currency: 'kgs' },
    ]);

    renderAdministrativeReport({ url, store });
    expect(await screen.findByRole('table', { name: 'По категориям' })).toBeInTheDocument();
    expect(fakeApi.requests(REPORT)).toHaveLength(1);
  });
});
