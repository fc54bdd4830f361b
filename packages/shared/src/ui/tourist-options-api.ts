import { api, cacheTags, transformCode1, type TouristOption } from '@tour/shared';

/** A new tourist's contacts, each compared exactly by the server; blank ones are not asked. */
export interface TouristContacts {
  phone?: string | null;
  email?: string | null;
  passport_number?: string | null;
}

const given = (value: string | null | undefined) => value?.trim() || undefined;

// The names carry the package's prefix: every app injects into the one slice, and RTK Query
// keeps the first definition of a name, silently, when another picks the same one.
export const touristOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The clients a staff member may put on a trip or a request (GET /admin/tourists): any client
     * by an exact phone, email or passport number, its own and the unassigned ones by name.
     */
    sharedTouristOptions: build.query<TouristOption[], string>({
      query: (search) => ({ url: '/admin/tourists', params: { search: given(search) } }),
      transformResponse: transformCode1<TouristOption[]>([]),
      providesTags: [cacheTags.userLists],
    }),
    /** The clients that already have one of these contacts (GET /admin/tourists/match). */
    sharedTouristMatches: build.query<TouristOption[], TouristContacts>({
      query: ({ phone, email, passport_number }) => ({
        url: '/admin/tourists/match',
        params: {
          phone: given(phone),
          email: given(email),
          passport_number: given(passport_number),
        },
      }),
      transformResponse: transformCode1<TouristOption[]>([]),
      providesTags: [cacheTags.userLists],
    }),
  }),
});

export const {
  useSharedTouristOptionsQuery,
  useSharedTouristMatchesQuery,
  useLazySharedTouristMatchesQuery,
} = touristOptionsApi;

/** Whether any contact is given at all (nothing to compare otherwise). */
export const hasTouristContacts = (contacts: TouristContacts) =>
  Boolean(given(contacts.phone) || given(contacts.email) || given(contacts.passport_number));
