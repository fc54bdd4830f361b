import { api, cacheTags, transformCode1 } from '@tour/shared';
import type { AdministrativeReport, AdministrativeReportArgs } from './types';

// Prefixed with the section's name, as every endpoint of the one slice. The report counts the
// confirmed administrative operations (a recorded, confirmed or reversed operation invalidates
// the operations' lists tag) at their day's rate (a saved rate invalidates the rates' tag).
export const administrativeReportApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportsAdministrative: build.query<AdministrativeReport | null, AdministrativeReportArgs>({
      query: (params) => ({ url: '/admin/reports/administrative', params }),
      transformResponse: transformCode1<AdministrativeReport | null>(null),
      providesTags: [cacheTags.operationLists, cacheTags.rates],
    }),
  }),
});

export const { useReportsAdministrativeQuery } = administrativeReportApi;
