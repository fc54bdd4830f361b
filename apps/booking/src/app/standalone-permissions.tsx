import type { ReactNode } from 'react';
import { api, parsePermissionData, PermissionDataProvider } from '@tour/shared';

// Only the standalone dev frame reads the permissions itself; in the product the shell supplies them.
const standaloneApi = api.injectEndpoints({
  endpoints: (build) => ({
    bookingStandalonePermissions: build.query<ReturnType<typeof parsePermissionData>, void>({
      query: () => '/get-laravel-permission-to-vuejs',
      transformResponse: (body: unknown) => parsePermissionData(body),
      providesTags: ['Permissions'],
    }),
  }),
});

/** Feeds the signed-in user's permission data to useCan/Can when the remote runs alone. */
export function StandalonePermissions({ children }: { children: ReactNode }) {
  const { data = null } = standaloneApi.useBookingStandalonePermissionsQuery();
  return <PermissionDataProvider value={data}>{children}</PermissionDataProvider>;
}
