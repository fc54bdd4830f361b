import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { readUrlFilters, urlFilter, useUrlFilters } from './use-url-filters';

// A list's filters by a schema: each filter's name, kind and parameter; read from the URL query
// and written back to it, a new filter going back to page 1.

const SCHEMA = {
  search: urlFilter.text(),
  country: urlFilter.optionalText(),
  status: urlFilter.oneOf(['open', 'closed'] as const),
  withTrips: urlFilter.flag(),
  agentId: urlFilter.id('agent_id'),
  from: urlFilter.day(),
};

function renderFilters(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const { result } = renderHook(
    () => ({ filters: useUrlFilters(SCHEMA), location: useLocation() }),
    { wrapper },
  );
  return {
    current: () => result.current.filters,
    url: () => result.current.location.pathname + result.current.location.search,
  };
}

describe('readUrlFilters', () => {
  it('reads each filter by its kind, what it cannot read as absent', () => {
    const params = new URLSearchParams(
      'search=%20Сеул%20&country=&status=lost&withTrips=1&agent_id=7&page=2&from=2026-02-30',
    );
    expect(readUrlFilters(SCHEMA, params)).toEqual({
      search: 'Сеул',
      country: undefined,
      status: undefined,
      withTrips: true,
      agentId: 7,
      from: undefined,
    });
    expect(
      readUrlFilters(SCHEMA, new URLSearchParams('status=closed&agent_id=x&from=2026-02-28')),
    ).toEqual({
      search: '',
      country: undefined,
      status: 'closed',
      withTrips: false,
      agentId: undefined,
      from: '2026-02-28',
    });
  });
});

describe('useUrlFilters', () => {
  it('says no filter is set on a bare URL, and reads the page', () => {
    const view = renderFilters('/list?page=3&tab=site');
    expect(view.current().filtered).toBe(false);
    expect(view.current().page).toBe(3);
  });

  it('writes a patch under the filters’ parameters and goes back to page 1', () => {
    const view = renderFilters('/list?page=3&tab=site&country=Япония');
    expect(view.current().filtered).toBe(true);
    act(() => view.current().setFilters({ search: ' Осака ', agentId: 4, withTrips: true }));
    expect(view.url()).toBe(
      '/list?tab=site&country=%D0%AF%D0%BF%D0%BE%D0%BD%D0%B8%D1%8F&search=%D0%9E%D1%81%D0%B0%D0%BA%D0%B0&agent_id=4&withTrips=1',
    );
    act(() => view.current().setFilters({ withTrips: false, country: undefined }));
    expect(view.current().filters).toEqual({
      search: 'Осака',
      country: undefined,
      status: undefined,
      withTrips: false,
      agentId: 4,
      from: undefined,
    });
    act(() => view.current().writeFilters({ status: 'open' }, { tab: 'own' }));
    expect(view.url()).toBe(
      '/list?tab=own&search=%D0%9E%D1%81%D0%B0%D0%BA%D0%B0&agent_id=4&status=open',
    );
    act(() => view.current().setPage(2));
    act(() => view.current().resetFilters());
    expect(view.url()).toBe('/list?tab=own');
    expect(view.current().filtered).toBe(false);
    act(() => view.current().setFilters({ withTrips: true }));
    act(() => view.current().clearFilters({ tab: undefined }));
    expect(view.url()).toBe('/list');
  });
});
