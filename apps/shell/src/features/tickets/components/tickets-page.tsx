import { routeByName } from '@tour/shared';
import { PageFrame } from '@tour/shared/ui';

/** tickets: the requests (заявки); the content arrives with the requests issue. */
export function TicketsPage() {
  return <PageFrame title={routeByName('tickets').title} />;
}
