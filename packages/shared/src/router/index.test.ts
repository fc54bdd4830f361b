import * as router from './index';

// The facade every app imports the router from (one router in the browser, DESIGN.md): exactly
// these names, each a working export (a typo or a dropped re-export breaks every remote at load).
describe('@tour/shared/router', () => {
  it('exports the react-router names the apps use, and the product’s URL query and filters hooks', () => {
    expect(Object.keys(router).sort()).toEqual(
      [
        'Link',
        'Outlet',
        'RouterProvider',
        'createBrowserRouter',
        'redirect',
        'useLocation',
        'useMatches',
        'useNavigate',
        'useParams',
        'useRouteError',
        'useSearchParams',
        'useUrlQuery',
        'readUrlFilters',
        'urlFilter',
        'useUrlFilters',
      ].sort(),
    );
    for (const value of Object.values(router)) {
      expect(['function', 'object']).toContain(typeof value);
    }
  });
});
