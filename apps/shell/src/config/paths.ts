import { ADMIN_PATH, LOGIN_PATH } from '@tour/shared';

/** Query parameter of the login page holding the page to return to after signing in. */
export const RETURN_TO_PARAM = 'redirect';

/**
 * True for a path the login page may send the user back to: a page of the admin area on this
 * origin. Anything else (another host, `//evil`, the login page itself) is refused.
 */
export function isSafeReturnPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/admin(?:[/?#]|$)/.test(value);
}

/** The page to return to named by a login URL's query, else the admin home. */
export function returnPathOf(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(RETURN_TO_PARAM);
  return isSafeReturnPath(value) ? value : ADMIN_PATH;
}

/** The shell's own paths outside the route table (the table's routes use `hrefOf`). */
export const paths = {
  login: {
    path: LOGIN_PATH,
    /** The login page, remembering `returnTo` (a path under /admin) for after signing in. */
    getHref: (returnTo?: string | null): string =>
      isSafeReturnPath(returnTo) && returnTo !== ADMIN_PATH
        ? `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`
        : LOGIN_PATH,
  },
  admin: {
    path: ADMIN_PATH,
    getHref: (): string => ADMIN_PATH,
  },
} as const;
