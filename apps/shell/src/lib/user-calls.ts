import { useCallback } from 'react';
import {
  api,
  cacheTags,
  ROLE_LABELS,
  transformCode1,
  type Role,
  type RoleLabelsResponse,
  type User,
} from '@tour/shared';

// The calls every users screen makes (a user, the role labels), once for the whole shell: two
// features asking for the same URL under their own names would fetch and cache it twice.

const NO_ROLE_LABELS: RoleLabelsResponse = {};

export const userCallsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One user (GET /admin/user/:id); null when the answer's code is not 1 (SPEC.md 5). */
    shellUser: build.query<User | null, number>({
      query: (id) => `/admin/user/${id}`,
      transformResponse: transformCode1<User | null>(null),
      providesTags: (_result, _error, id) => [cacheTags.user(id)],
    }),
    /** Role name -> Russian label (GET /roles). */
    shellRoleLabels: build.query<RoleLabelsResponse, void>({
      query: () => '/roles',
      transformResponse: transformCode1(NO_ROLE_LABELS),
      providesTags: ['Roles'],
    }),
  }),
});

export const { useShellUserQuery } = userCallsApi;

/**
 * The Russian label of a role, as GET /roles gives it; the product's own label stands in while
 * the labels load or when the call fails, so a role never shows as its code name.
 */
export function useRoleLabels(): (role: string) => string {
  const { data } = userCallsApi.useShellRoleLabelsQuery();
  return useCallback((role: string) => data?.[role] ?? ROLE_LABELS[role as Role] ?? role, [data]);
}
