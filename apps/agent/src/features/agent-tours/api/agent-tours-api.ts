import {
  api,
  emptyPage,
  transformCode1,
  type AgentTour,
  type AgentTourListQuery,
  type Paginated,
} from '@tour/shared';
import { agentTags } from '../../../lib/agent-tags';

/** GET /agent/tours: the page and the filters (a search, one country), under the API's names. */
export type AgentToursArgs = AgentTourListQuery & { page: number };

// Names carry the app's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const agentToursApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The published tours, 20 a page, each with its upcoming departures. */
    agentToursPage: build.query<Paginated<AgentTour>, AgentToursArgs>({
      query: (params) => ({ url: '/agent/tours', params }),
      transformResponse: transformCode1(emptyPage<AgentTour>()),
      providesTags: (result) => [
        agentTags.tourLists,
        ...(result?.data ?? []).flatMap((tour) => [
          agentTags.tour(tour.key),
          ...tour.departures.map((departure) => agentTags.departure(departure.trip_id)),
        ]),
      ],
    }),
    /** The countries of the published tours, for the country filter. */
    agentTourCountries: build.query<string[], void>({
      query: () => '/agent/tours/countries',
      transformResponse: transformCode1<string[]>([]),
      providesTags: [agentTags.tourLists],
    }),
  }),
});

export const { useAgentToursPageQuery, useAgentTourCountriesQuery } = agentToursApi;
