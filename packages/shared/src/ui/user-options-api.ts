import {
  api,
  cacheTags,
  emptyPage,
  STAFF_ROLES,
  transformCode1,
  type AxiosQueryArgs,
  type Role,
  type User,
} from '@tour/shared';

/** Which users a search offers: anyone, the holders of one role, or the staff (any staff role). */
export type UserSearchScope = 'all' | 'staff' | Role;

/** A user as a select offers it. */
export type UserOption = Pick<User, 'id' | 'full_name' | 'email' | 'phone'>;

/** A search among the users of a scope, or one user by id (a value chosen before). */
export type UserOptionsArgs = { scope: UserSearchScope; search: string } | { id: number };

/** How many users one search offers (per role asked). */
export const USER_OPTIONS_PER_PAGE = 20;

const optionsOf = (body: unknown): UserOption[] =>
  transformCode1(emptyPage<UserOption>())(body).data.map(({ id, full_name, email, phone }) => ({
    id,
    full_name,
    email,
    phone,
  }));

function requestsOf(args: UserOptionsArgs): AxiosQueryArgs[] {
  if ('id' in args) return [{ url: '/admin/users', params: { id: args.id } }];
  const search = args.search.trim() || undefined;
  // The list filters by one role at a time: the staff is asked for role by role.
  const roles: readonly (Role | undefined)[] =
    args.scope === 'all' ? [undefined] : args.scope === 'staff' ? STAFF_ROLES : [args.scope];
  return roles.map((role) => ({
    url: '/admin/users',
    params: { role, search, per_page: USER_OPTIONS_PER_PAGE },
  }));
}

// The name carries the package's prefix: every app injects into the one slice, and RTK Query
// keeps the first definition of a name, silently, when another picks the same one.
export const userOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Users found by the server's search (GET /admin/users), merged and sorted by name. */
    sharedUserOptions: build.query<UserOption[], UserOptionsArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const results = await Promise.all(requestsOf(args).map((request) => baseQuery(request)));
        const failed = results.find((result) => result.error);
        if (failed?.error) return { error: failed.error };
        const users = new Map<number, UserOption>();
        for (const result of results) {
          for (const user of optionsOf(result.data)) users.set(user.id, user);
        }
        return { data: [...users.values()].sort((a, b) => a.full_name.localeCompare(b.full_name)) };
      },
      providesTags: [cacheTags.userLists],
    }),
  }),
});

export const { useSharedUserOptionsQuery } = userOptionsApi;
