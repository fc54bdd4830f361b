import type { RoutePrefetchRequest } from '@tour/shared';
import { agentRequestsApi } from '../features/agent-requests/api/agent-requests-api';
import { agentRequestsArgsOf } from '../features/agent-requests/hooks/use-agent-requests-filters';
import { agentTourApi } from '../features/agent-tour/api/agent-tour-api';
import { agentTouristsApi } from '../features/agent-tourists/api/agent-tourists-api';
import { agentTouristsArgsOf } from '../features/agent-tourists/hooks/use-agent-tourists-filters';
import { agentToursApi } from '../features/agent-tours/api/agent-tours-api';
import { agentToursArgsOf } from '../features/agent-tours/hooks/use-agent-tours-filters';
import { touristsTabOf } from '../lib/tourists-tab';

/**
 * The data an agent page asks for first, started by the shell's route loader as the navigation
 * begins, with the very endpoints and arguments of the pages' hooks (read from the same URL), so
 * the pages find it in the cache: the tours' page of the URL's filters with the countries of the
 * filter; one tour by its key; the tourists' page, or the requests' when the URL names that tab.
 */
export function prefetchAgentRoute({
  routeName,
  params,
  search,
  dispatch,
}: RoutePrefetchRequest): Promise<unknown> | void {
  const options = { subscribe: false } as const;
  if (routeName === 'agent-tours') {
    return Promise.all([
      dispatch(agentToursApi.endpoints.agentToursPage.initiate(agentToursArgsOf(search), options)),
      dispatch(agentToursApi.endpoints.agentTourCountries.initiate(undefined, options)),
    ]);
  }
  if (routeName === 'agent-tour') {
    const key = params.key;
    if (!key) return;
    return dispatch(agentTourApi.endpoints.agentTour.initiate(key, options));
  }
  if (routeName === 'agent-tourists') {
    if (touristsTabOf(search) === 'documents') return; // the papers' dialogs load on demand
    if (touristsTabOf(search) === 'requests') {
      return dispatch(
        agentRequestsApi.endpoints.agentRequestsPage.initiate(agentRequestsArgsOf(search), options),
      );
    }
    return dispatch(
      agentTouristsApi.endpoints.agentTouristsPage.initiate(agentTouristsArgsOf(search), options),
    );
  }
}
