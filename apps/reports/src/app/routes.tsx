import { Link, useParams } from '@tour/shared/router';
import { hrefOf, routeByName, type RouteName } from '@tour/shared';
import { PageFrame } from '@tour/shared/ui';

const NOTE = 'Отчет появится вместе с задачей раздела отчетов.';

export interface SectionRoutesProps {
  routeName: RouteName;
}

/** report-general-users: the tourists of one trip of the general report. */
function TripUsersFrame({ title }: { title: string }) {
  const { trip } = useParams();
  return (
    <PageFrame
      title={title}
      note={NOTE}
      extra={<Link to={hrefOf('report-general')}>Общий отчет</Link>}
    >
      {trip ? <span>Тур №{trip}</span> : null}
    </PageFrame>
  );
}

/**
 * The reports section (exposed as ./Routes). The shell has matched the URL and checked the
 * permissions; this renders the page of `routeName` inside the shell's layout, router and store.
 */
export default function SectionRoutes({ routeName }: SectionRoutesProps) {
  const { app, title } = routeByName(routeName);
  if (app !== 'reports') return null;
  if (routeName === 'report-general-users') return <TripUsersFrame title={title} />;
  return <PageFrame title={title} note={NOTE} />;
}
