import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { can, is, STAFF_ROLE_EXPRESSION, type PermissionData } from '@tour/core';
import type { Database, Db, UserRow } from '../db/schema';

/** Who is looking: the signed-in user's id with its roles and permissions. */
export interface ScopeViewer extends PermissionData {
  id: number;
}

export type UserScope = (eb: ExpressionBuilder<Database, 'users'>) => Expression<SqlBool>;

/**
 * The users a viewer may reach (DESIGN.md 1 and 3), as a condition on `users`: with see_all_users
 * every user; a staff member without it the users it manages and itself; a counterparty the
 * tourists it brought. Listing, opening and saving all go through this one rule.
 */
export function userScope(viewer: ScopeViewer): UserScope {
  return (eb) => {
    if (can('see_all_users', viewer)) return sql<SqlBool>`true`;
    const reach: Expression<SqlBool>[] = [];
    if (is(STAFF_ROLE_EXPRESSION, viewer)) {
      reach.push(eb('users.manager_id', '=', viewer.id), eb('users.id', '=', viewer.id));
    }
    if (is('counterparty', viewer)) reach.push(eb('users.counterparty_id', '=', viewer.id));
    return reach.length > 0 ? eb.or(reach) : sql<SqlBool>`false`;
  };
}

/** A user as the reach rule looks at it. */
export interface ReachedUser {
  id: number;
  manager_id: number | null;
  counterparty_id: number | null;
}

/**
 * userScope for a user already at hand (no query): the same rule, kept beside its SQL form so the
 * two cannot drift (test/events.test.ts checks them against each other).
 */
export function reaches(viewer: ScopeViewer, user: ReachedUser): boolean {
  if (can('see_all_users', viewer)) return true;
  if (is(STAFF_ROLE_EXPRESSION, viewer) && (user.manager_id === viewer.id || user.id === viewer.id))
    return true;
  return is('counterparty', viewer) && user.counterparty_id === viewer.id;
}

/** A key naming the viewer's reach, equal for viewers who reach the same users (to share counts). */
export function userScopeKey(viewer: ScopeViewer): string {
  if (can('see_all_users', viewer)) return 'all';
  const reach: string[] = [];
  if (is(STAFF_ROLE_EXPRESSION, viewer)) reach.push(`managed-by:${viewer.id}`);
  if (is('counterparty', viewer)) reach.push(`brought-by:${viewer.id}`);
  return reach.join(',') || 'none';
}

/**
 * The clients a staff member finds by name when it puts a tourist on a trip or a request (issue
 * 29): those within its reach and the unassigned ones (no manager yet: anyone may take them up).
 * Any other client is found only by its exact phone, email or passport number (tourist-lookup).
 * The users list keeps userScope.
 */
export function touristScope(viewer: ScopeViewer): UserScope {
  const reach = userScope(viewer);
  return (eb) =>
    can('see_all_users', viewer)
      ? sql<SqlBool>`true`
      : eb.or([reach(eb), eb('users.manager_id', 'is', null)]);
}

/** A user within the scope; `forUpdate` locks its row until the transaction ends. */
export function findUserInScope(
  db: Db,
  scope: UserScope,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll().where('users.id', '=', id).where(scope);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}
