import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useUrlQuery } from './use-url-query';

function renderQuery(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const { result } = renderHook(() => ({ query: useUrlQuery(), location: useLocation() }), {
    wrapper,
  });
  return {
    query: () => result.current.query,
    url: () => result.current.location.pathname + result.current.location.search,
  };
}

describe('useUrlQuery', () => {
  it('reads the page and positive ids from the query, ignoring what is not one', () => {
    const view = renderQuery('/list?page=3&user=5&wallet=abc');
    expect(view.query().page).toBe(3);
    expect(view.query().numberOf('user')).toBe(5);
    expect(view.query().numberOf('wallet')).toBeUndefined();
    expect(view.query().params.get('wallet')).toBe('abc');
    expect(renderQuery('/list?page=0').query().page).toBe(1);
    expect(renderQuery('/list').query().page).toBe(1);
  });

  it('merges a patch, removing blank values and writing true as 1', () => {
    const view = renderQuery('/list?tab=site&page=4&user=5');
    act(() =>
      view.query().update({ user: 8, search: 'Пётр', withTrips: true, tab: '', page: undefined }),
    );
    expect(Object.fromEntries(view.query().params)).toEqual({
      user: '8',
      search: 'Пётр',
      withTrips: '1',
    });
    act(() => view.query().update({ withTrips: false, search: null, user: undefined }));
    expect(view.url()).toBe('/list');
  });

  it('keeps page 1 out of the URL, and resets everything', () => {
    const view = renderQuery('/list?user=5');
    act(() => view.query().setPage(2));
    expect(view.url()).toBe('/list?user=5&page=2');
    expect(view.query().page).toBe(2);
    act(() => view.query().setPage(1));
    expect(view.url()).toBe('/list?user=5');
    act(() => view.query().reset());
    expect(view.url()).toBe('/list');
  });
});
