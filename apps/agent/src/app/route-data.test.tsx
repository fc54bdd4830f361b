import { screen } from '@testing-library/react';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { aigul, japan, japanDetail, request } from '../testing/agent';
import { makeTestStore, renderRoute } from '../testing/render-route';
import { prefetchAgentRoute } from './route-data';

installFakeApi();

// The shell's route loader calls prefetchAgentRoute as a navigation begins: the requests go out
// before the page exists, and the page then finds that very data (the same endpoints and
// arguments as its hooks), so it asks the server nothing more.

function prefetch(
  store: ReturnType<typeof makeTestStore>,
  routeName: Parameters<typeof prefetchAgentRoute>[0]['routeName'],
  url: string,
  params: Record<string, string> = {},
) {
  return prefetchAgentRoute({
    routeName,
    params,
    search: new URL(url, 'http://localhost').searchParams,
    dispatch: store.dispatch,
  });
}

describe('prefetchAgentRoute', () => {
  it('loads the tours of the URL’s filters and the countries, once for the page too', async () => {
    fakeApi.ok('GET /agent/tours', page([japan()]));
    fakeApi.ok('GET /agent/tours/countries', ['Япония']);
    const store = makeTestStore();
    const url = `/admin/agent/tours?country=${encodeURIComponent('Япония')}&search=kyoto&page=2&junk=1`;
    await prefetch(store, 'agent-tours', url);
    expect(fakeApi.requests('GET /agent/tours').map((r) => r.params)).toEqual([
      { page: '2', search: 'kyoto', country: 'Япония' },
    ]);
    expect(fakeApi.requests('GET /agent/tours/countries')).toHaveLength(1);

    renderRoute('agent-tours', { url, store });
    expect(await screen.findByRole('link', { name: 'Классическая Япония' })).toBeInTheDocument();
    expect(fakeApi.requests('GET /agent/tours')).toHaveLength(1);
    expect(fakeApi.requests('GET /agent/tours/countries')).toHaveLength(1);
  });

  it('loads the tour of the path’s key, once for the page too', async () => {
    fakeApi.ok('GET /agent/tours/japan-classic', japanDetail());
    const store = makeTestStore();
    const url = '/admin/agent/tours/japan-classic';
    await prefetch(store, 'agent-tour', url, { key: 'japan-classic' });
    renderRoute('agent-tour', { url, store });
    // Already there: no loading frame in between.
    expect(
      screen.getByRole('heading', { level: 2, name: 'Классическая Япония' }),
    ).toBeInTheDocument();
    expect(fakeApi.requests('GET /agent/tours/japan-classic')).toHaveLength(1);
  });

  it('loads the tourists, or the requests when the URL names their tab', async () => {
    fakeApi.ok('GET /agent/tourists', page([aigul()]));
    fakeApi.ok('GET /agent/requests', page([request()]));
    const store = makeTestStore();
    await prefetch(store, 'agent-tourists', '/admin/agent/tourists?search=AC&page=2');
    await prefetch(store, 'agent-tourists', '/admin/agent/tourists?tab=requests&status=new');
    expect(fakeApi.requests('GET /agent/tourists').map((r) => r.params)).toEqual([
      { page: '2', search: 'AC' },
    ]);
    expect(fakeApi.requests('GET /agent/requests').map((r) => r.params)).toEqual([
      { page: '1', status: 'new' },
    ]);

    renderRoute('agent-tourists', { url: '/admin/agent/tourists?search=AC&page=2', store });
    expect(await screen.findByText('Асанова Айгуль')).toBeInTheDocument();
    expect(fakeApi.requests('GET /agent/tourists')).toHaveLength(1);
  });

  it('loads nothing for a tour without a key', () => {
    expect(prefetch(makeTestStore(), 'agent-tour', '/admin/agent/tours/')).toBeUndefined();
  });
});
