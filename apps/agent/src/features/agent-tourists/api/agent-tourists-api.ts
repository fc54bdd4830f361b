import {
  api,
  emptyPage,
  transformCode1,
  type AgentTourist,
  type AgentTouristBody,
  type AgentTouristListQuery,
  type Paginated,
} from '@tour/shared';
import { agentTags } from '../../../lib/agent-tags';

/** GET /agent/tourists: the page and the search (name, phone, email or passport). */
export type AgentTouristsArgs = AgentTouristListQuery & { page: number };

const touristTags = (tourist: AgentTourist) => [
  agentTags.tourist(tourist.id),
  ...tourist.trips.map((trip) => agentTags.departure(trip.trip_id)),
];

export const agentTouristsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The agent's tourists, 20 a page, each with its trips, debts and readiness. */
    agentTouristsPage: build.query<Paginated<AgentTourist>, AgentTouristsArgs>({
      query: (params) => ({ url: '/agent/tourists', params }),
      transformResponse: transformCode1(emptyPage<AgentTourist>()),
      providesTags: (result) => [
        agentTags.touristLists,
        ...(result?.data ?? []).flatMap(touristTags),
      ],
    }),
    /** One of the agent's tourists (the edit drawer); a 404 for anyone else's. */
    agentTourist: build.query<AgentTourist | null, number>({
      query: (id) => `/agent/tourists/${id}`,
      transformResponse: transformCode1<AgentTourist | null>(null),
      providesTags: (tourist, _error, id) =>
        tourist ? touristTags(tourist) : [agentTags.tourist(id)],
    }),
    /** A new tourist (POST) or a change of one (PUT); a refusal changes nothing. */
    agentTouristSave: build.mutation<
      AgentTourist | null,
      { id: number | null; body: AgentTouristBody }
    >({
      query: ({ id, body }) =>
        id === null
          ? { url: '/agent/tourists', method: 'POST', data: body }
          : { url: `/agent/tourists/${id}`, method: 'PUT', data: body },
      transformResponse: transformCode1<AgentTourist | null>(null),
      invalidatesTags: (tourist, error) =>
        error || !tourist ? [] : [agentTags.tourist(tourist.id), agentTags.touristLists],
    }),
  }),
});

export const { useAgentTouristsPageQuery, useAgentTouristQuery, useAgentTouristSaveMutation } =
  agentTouristsApi;
