// The router facade (@tour/shared/router): the react-router API the apps use, and nothing else.
// It is one shared singleton: the shell hands its own copy to every remote, so there is one router
// (one set of contexts) in the browser, and the shell's build keeps only these exports of
// react-router instead of the whole library. Apps import the router from here only (lint); a name
// no app imports any more goes (tools/test/facades.test.ts).
export {
  Link,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  redirect,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { LoaderFunction, MiddlewareFunction, RouteObject } from 'react-router-dom';
// The product's own router hook: list filters and the page in the URL query.
export { useUrlQuery } from './use-url-query';
export type { QueryValue, UrlQuery } from './use-url-query';
export { readUrlFilters, urlFilter, useUrlFilters } from './use-url-filters';
export type { UrlFilter, UrlFilterSchema, UrlFilterValues } from './use-url-filters';
