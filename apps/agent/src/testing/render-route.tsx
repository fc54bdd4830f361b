import { routeRenderer } from '@tour/shared/testing';
import SectionRoutes from '../app/routes';

export { makeTestStore, type RenderRouteOptions, type TestStore } from '@tour/shared/testing';

/**
 * Renders a route as the shell does for an agent: the counterparty role and no permissions (its
 * routes go by role).
 */
export const renderRoute = routeRenderer(SectionRoutes, {
  roles: ['counterparty'],
  permissions: [],
});
