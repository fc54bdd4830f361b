import type { RouteName } from '@tour/shared';

/** `handle` of the shell's routes: the page title and, for routes of the table, the name. */
export interface RouteHandle {
  title: string;
  routeName?: RouteName;
}

/** The handle of a route match, if it is one of ours. */
export function routeHandleOf(handle: unknown): RouteHandle | null {
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? (handle as RouteHandle)
    : null;
}
