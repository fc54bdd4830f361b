import {
  api,
  transformCode1,
  type AgentRequest,
  type AgentRequestBody,
  type AgentTourDetail,
} from '@tour/shared';
import { agentTags } from '../../../lib/agent-tags';

const tourPath = (key: string) => `/agent/tours/${encodeURIComponent(key)}`;

export const agentTourApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One published tour whole; a 404 when the key is unknown or the tour not published. */
    agentTour: build.query<AgentTourDetail | null, string>({
      query: tourPath,
      transformResponse: transformCode1<AgentTourDetail | null>(null),
      providesTags: (tour, _error, key) => [
        agentTags.tour(key),
        ...(tour?.departures ?? []).map((departure) => agentTags.departure(departure.trip_id)),
      ],
    }),
    /** A request for travellers on one departure; it takes no seat yet (the staff convert it). */
    agentTourRequest: build.mutation<AgentRequest | null, { key: string; body: AgentRequestBody }>({
      query: ({ key, body }) => ({ url: `${tourPath(key)}/requests`, method: 'POST', data: body }),
      transformResponse: transformCode1<AgentRequest | null>(null),
      invalidatesTags: (request, error) => (error || !request ? [] : [agentTags.requestLists]),
    }),
  }),
});

export const { useAgentTourQuery, useAgentTourRequestMutation } = agentTourApi;
