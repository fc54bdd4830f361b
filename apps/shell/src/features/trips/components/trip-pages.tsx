import { routeByName } from '@tour/shared';
import { PageFrame } from '@tour/shared/ui';

// Page frames of the trips screens; their content arrives with the trips issue.

/** trips: the trip list. */
export function TripsPage() {
  return <PageFrame title={routeByName('trips').title} />;
}

/** trip-create: a new trip. */
export function TripCreatePage() {
  return <PageFrame title={routeByName('trip-create').title} />;
}

/** trip-edit: one trip's form. */
export function TripEditPage() {
  return <PageFrame title={routeByName('trip-edit').title} />;
}

/** trip-summary: participants, bookings and money of one trip. */
export function TripSummaryPage() {
  return <PageFrame title={routeByName('trip-summary').title} />;
}
