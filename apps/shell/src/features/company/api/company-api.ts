import {
  api,
  cacheTags,
  transformCode1,
  type CompanyRequisiteValues,
  type CompanyRequisites,
} from '@tour/shared';

// The requisites screen's changes; the requisites themselves are read through lib/company-calls
// (the documents dialog reads them too). Each change invalidates the company's tag and its history.

const changed = [cacheTags.company, cacheTags.history('company', 1)];

export const companyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /admin/company: the requisites as typed (empty ones cleared). */
    shellSaveCompanyRequisites: build.mutation<
      CompanyRequisites | null,
      Partial<CompanyRequisiteValues>
    >({
      query: (body) => ({ url: '/admin/company', method: 'PUT', data: body }),
      transformResponse: transformCode1<CompanyRequisites | null>(null),
      invalidatesTags: (_result, error) => (error ? [] : changed),
    }),
    /** PUT /admin/company/logo: the image's bytes in base64. */
    shellUploadCompanyLogo: build.mutation<CompanyRequisites | null, string>({
      query: (image) => ({ url: '/admin/company/logo', method: 'PUT', data: { image } }),
      transformResponse: transformCode1<CompanyRequisites | null>(null),
      invalidatesTags: (_result, error) => (error ? [] : changed),
    }),
    /** DELETE /admin/company/logo. */
    shellDeleteCompanyLogo: build.mutation<CompanyRequisites | null, void>({
      query: () => ({ url: '/admin/company/logo', method: 'DELETE' }),
      transformResponse: transformCode1<CompanyRequisites | null>(null),
      invalidatesTags: (_result, error) => (error ? [] : changed),
    }),
  }),
});

export const {
  useShellSaveCompanyRequisitesMutation,
  useShellUploadCompanyLogoMutation,
  useShellDeleteCompanyLogoMutation,
} = companyApi;
