import { routeByName, type RouteName } from '@tour/shared';
import { AgentTourPage } from '../features/agent-tour/components/agent-tour-page';
import { AgentToursPage } from '../features/agent-tours/components/agent-tours-page';
import { prefetchAgentRoute } from './route-data';
import { AgentTouristsPage } from './tourists-page';

export interface SectionRoutesProps {
  routeName: RouteName;
}

/** The shell's route loader calls it as a navigation to an agent route begins. */
export const prefetchRoute = prefetchAgentRoute;

/**
 * This build's release (webpack.config.base.js: RELEASE, else package.json's version); the shell
 * shows it under the section's pages. Outside a webpack build (tests) it is 'dev'.
 */
export const release: string = typeof __RELEASE__ === 'string' ? __RELEASE__ : 'dev';

/**
 * The agent area (exposed as ./Routes). The shell has matched the URL and checked the role;
 * this renders the page of `routeName` inside the shell's layout, router and store.
 */
export default function SectionRoutes({ routeName }: SectionRoutesProps) {
  const { app, title } = routeByName(routeName);
  if (app !== 'agent') return null;
  if (routeName === 'agent-tours') return <AgentToursPage title={title} />;
  if (routeName === 'agent-tour') return <AgentTourPage title={title} />;
  if (routeName === 'agent-tourists') return <AgentTouristsPage title={title} />;
  return null;
}
