import { routeRenderer } from '@tour/shared/testing';
import SectionRoutes from '../app/routes';

export { makeTestStore, type RenderRouteOptions, type TestStore } from '@tour/shared/testing';

/** Renders a report's route as the shell does, for an accountant with the reports' permission. */
export const renderRoute = routeRenderer(SectionRoutes, {
  roles: ['accountant'],
  permissions: ['report_section'],
});
