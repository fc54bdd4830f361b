import {
  api,
  emptyPage,
  transformCode1,
  type AgentRequest,
  type AgentRequestListQuery,
  type Paginated,
} from '@tour/shared';
import { agentTags } from '../../../lib/agent-tags';

/** GET /agent/requests: the page and the status. */
export type AgentRequestsArgs = AgentRequestListQuery & { page: number };

export const agentRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The agent's own requests, newest first, 20 a page. */
    agentRequestsPage: build.query<Paginated<AgentRequest>, AgentRequestsArgs>({
      query: (params) => ({ url: '/agent/requests', params }),
      transformResponse: transformCode1(emptyPage<AgentRequest>()),
      providesTags: (result) => [
        agentTags.requestLists,
        ...(result?.data ?? []).map((request) => agentTags.request(request.id)),
      ],
    }),
  }),
});

export const { useAgentRequestsPageQuery } = agentRequestsApi;
