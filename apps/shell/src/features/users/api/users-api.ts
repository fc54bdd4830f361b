import {
  api,
  STAFF_ROLES,
  transformCode1,
  userSaveResult,
  type Paginated,
  type Role,
  type SaveResult,
  type User,
} from '@tour/shared';
import type { UserRecord } from '../../../lib/user-calls';

export type { UserRecord };

/** The list's filters and page, as GET /admin/users takes them. */
export interface UsersPageArgs {
  page: number;
  /** Part of the full name, email, phone or passport number. */
  search?: string;
  role?: Role;
  /** Only users who take part in at least one trip. */
  withTrips?: boolean;
  id?: number;
}

/** A user offered by a picker (manager, counterparty). */
export type UserOption = Pick<User, 'id' | 'full_name' | 'email' | 'phone'>;

/** POST /admin/users: a new user, or user `id` updated (absent fields stay as they are). */
export interface SaveUserBody {
  id?: number;
  full_name: string;
  email?: string | null;
  phone?: string | null;
  /** Absent: the password stays as it is. */
  password?: string;
  birth_date?: string | null;
  citizenship?: string | null;
  passport_number?: string | null;
  passport_issued_at?: string | null;
  passport_expires_at?: string | null;
  notes?: string | null;
  manager_id?: number | null;
  counterparty_id?: number | null;
  roles?: Role[];
}

/** The outcome of a save by SPEC.md 5 (ok only on 200 with code 1) and the HTTP status (0: none). */
export type UserSaveOutcome = SaveResult<UserRecord> & { status: number };

/** The page a list shows when the server's code is not 1 (SPEC.md 5: treated as empty). */
export function emptyUsersPage(): Paginated<UserRecord> {
  return { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, from: null, to: null };
}

/** How many users a picker offers per search. */
const OPTIONS_PER_PAGE = 20;

const optionOf = ({ id, full_name, email, phone }: UserOption): UserOption => ({
  id,
  full_name,
  email,
  phone,
});

const optionsOf = (body: unknown): UserOption[] =>
  transformCode1(emptyUsersPage())(body).data.map(optionOf);

const blankToUndefined = (value: string | undefined) => value?.trim() || undefined;

// Names carry the feature's prefix: every app injects into the one slice, and RTK Query keeps the
// first definition of a name, silently, when another picks the same one.
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the user list with its filters (GET /admin/users). */
    shellUsersPage: build.query<Paginated<UserRecord>, UsersPageArgs>({
      query: ({ page, search, role, withTrips, id }) => ({
        url: '/admin/users',
        params: {
          page,
          id,
          search: blankToUndefined(search),
          role,
          withTrips: withTrips ? 1 : undefined,
        },
      }),
      transformResponse: transformCode1(emptyUsersPage()),
      providesTags: (result) => [
        { type: 'Users', id: 'LIST' },
        ...(result?.data ?? []).map((user) => ({ type: 'User' as const, id: user.id })),
      ],
    }),
    /**
     * Staff members matching a search, for the manager picker. The list filters by one role at a
     * time, so each staff role is asked for once and the answers are merged, by name.
     */
    shellUsersStaffOptions: build.query<UserOption[], string>({
      async queryFn(search, _api, _extra, baseQuery) {
        const results = await Promise.all(
          STAFF_ROLES.map((role) =>
            baseQuery({
              url: '/admin/users',
              params: { role, search: blankToUndefined(search), per_page: OPTIONS_PER_PAGE },
            }),
          ),
        );
        const failed = results.find((result) => result.error);
        if (failed?.error) return { error: failed.error };
        const staff = new Map<number, UserOption>();
        for (const result of results) {
          for (const user of optionsOf(result.data)) staff.set(user.id, user);
        }
        const data = [...staff.values()].sort((a, b) => a.full_name.localeCompare(b.full_name));
        return { data };
      },
      providesTags: [{ type: 'Users', id: 'LIST' }],
    }),
    /** Agents (role counterparty) matching a search, for the counterparty picker. */
    shellUsersCounterpartyOptions: build.query<UserOption[], string>({
      query: (search) => ({
        url: '/admin/users',
        params: {
          role: 'counterparty',
          search: blankToUndefined(search),
          per_page: OPTIONS_PER_PAGE,
        },
      }),
      transformResponse: optionsOf,
      providesTags: [{ type: 'Users', id: 'LIST' }],
    }),
    /**
     * Creates or updates a user (POST /admin/users). Never an RTK Query error: the outcome says
     * whether it was a success by SPEC.md 5, else carries the server's field errors (or false).
     */
    shellUsersSave: build.mutation<UserSaveOutcome, SaveUserBody>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/admin/users', method: 'POST', data: body });
        const response = result.error
          ? { status: result.error.status, data: result.error.data }
          : { status: result.meta?.status, data: result.data };
        const outcome = userSaveResult(response) as SaveResult<UserRecord>;
        return { data: { ...outcome, status: response.status ?? 0 } };
      },
      invalidatesTags: (outcome) =>
        outcome?.ok
          ? [
              { type: 'Users', id: 'LIST' },
              ...(outcome.data?.id ? [{ type: 'User' as const, id: outcome.data.id }] : []),
            ]
          : [],
    }),
  }),
});

export const {
  useShellUsersPageQuery,
  useShellUsersStaffOptionsQuery,
  useShellUsersCounterpartyOptionsQuery,
  useShellUsersSaveMutation,
} = usersApi;
