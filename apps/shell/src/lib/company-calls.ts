import { api, cacheTags, transformCode1, type CompanyRequisites } from '@tour/shared';

// The company's requisites (GET /admin/company), once for the whole shell: the requisites screen
// edits them and the documents dialog names what a document would print blank.

export const companyCallsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The requisites; null when the answer is not one (SPEC.md 5: a non-1 code is empty). */
    shellCompanyRequisites: build.query<CompanyRequisites | null, void>({
      query: () => '/admin/company',
      transformResponse: transformCode1<CompanyRequisites | null>(null),
      providesTags: [cacheTags.company],
    }),
  }),
});

export const { useShellCompanyRequisitesQuery } = companyCallsApi;
