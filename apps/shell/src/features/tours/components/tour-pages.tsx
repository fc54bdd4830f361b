import { routeByName } from '@tour/shared';
import { PageFrame } from '@tour/shared/ui';

// Page frames of the prepared tours screens; their content arrives with the tours issue.

/** tours: the prepared tour list. */
export function ToursPage() {
  return <PageFrame title={routeByName('tours').title} />;
}

/** tour-create: a new prepared tour. */
export function TourCreatePage() {
  return <PageFrame title={routeByName('tour-create').title} />;
}

/** tour-edit: one prepared tour's form. */
export function TourEditPage() {
  return <PageFrame title={routeByName('tour-edit').title} />;
}
