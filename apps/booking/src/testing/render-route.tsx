import { routeRenderer } from '@tour/shared/testing';
import SectionRoutes from '../app/routes';

export { makeTestStore, type RenderRouteOptions, type TestStore } from '@tour/shared/testing';

/** Renders a booking route as the shell does, for a reservation agent who may take payments. */
export const renderRoute = routeRenderer(SectionRoutes, {
  roles: ['reservation_agent'],
  permissions: ['booking_section', 'add_payment'],
});
