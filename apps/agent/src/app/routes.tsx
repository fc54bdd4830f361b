import { Link, useParams } from '@tour/shared/router';
import { hrefOf, routeByName, type RouteName } from '@tour/shared';
import { PageFrame } from '@tour/shared/ui';

const NOTE = 'Экран появится вместе с задачей кабинета агента.';

export interface SectionRoutesProps {
  routeName: RouteName;
}

/** agent-tour: one prepared tour, by its key, as an agent sees it. */
function TourFrame({ title }: { title: string }) {
  const { key } = useParams();
  return (
    <PageFrame title={title} note={NOTE} extra={<Link to={hrefOf('agent-tours')}>Все туры</Link>}>
      {key ? <span>Ключ тура: {key}</span> : null}
    </PageFrame>
  );
}

/**
 * The agent area (exposed as ./Routes). The shell has matched the URL and checked the role;
 * this renders the page of `routeName` inside the shell's layout, router and store.
 */
export default function SectionRoutes({ routeName }: SectionRoutesProps) {
  const { app, title } = routeByName(routeName);
  if (app !== 'agent') return null;
  if (routeName === 'agent-tour') return <TourFrame title={title} />;
  return <PageFrame title={title} note={NOTE} />;
}
