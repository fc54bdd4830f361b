import { api, cacheTags, transformCode1 } from '@tour/shared';
import type { GeneralReport, GeneralReportArgs } from './types';

// Names carry the section's prefix: every app injects into the one slice, and RTK Query keeps
// the first definition of a name, silently, when another picks the same one. The report shows
// what other sections change: trips (their lists and each trip shown; a saved booking
// invalidates its trip), payments and their confirmation (the operations' tag) and the rates.
export const generalReportApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportsGeneral: build.query<GeneralReport | null, GeneralReportArgs>({
      query: (params) => ({ url: '/admin/reports/general', params }),
      transformResponse: transformCode1<GeneralReport | null>(null),
      providesTags: (result) => [
        cacheTags.tripLists,
        cacheTags.operationLists,
        cacheTags.rates,
        ...(result?.lines ?? []).map((line) => cacheTags.trip(line.trip.id)),
      ],
    }),
  }),
});

export const { useReportsGeneralQuery } = generalReportApi;
