import { routeRenderer } from '@tour/shared/testing';
import SectionRoutes from '../app/routes';

export { makeTestStore, type RenderRouteOptions, type TestStore } from '@tour/shared/testing';

/** Renders an accounting route as the shell does, for an accountant with the section's permission. */
export const renderRoute = routeRenderer(SectionRoutes, {
  roles: ['accountant'],
  permissions: ['accounting_section'],
});
