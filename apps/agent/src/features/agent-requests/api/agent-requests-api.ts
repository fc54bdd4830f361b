import {
  api,
  emptyPage,
  transformCode1,
  type AgentRequest,
  type Paginated,
  type RequestStatus,
} from '@tour/shared';
import { agentTags } from '../../../lib/agent-tags';

/** GET /agent/requests: the page and the status. */
export interface AgentRequestsArgs {
  page: number;
  status?: RequestStatus;
}

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
