import type { PermissionData } from '@tour/core';
import type { Db } from '../db/database';
import type { ScopeViewer } from '../domain/reach';

/**
 * A demo account as the services see a signed-in user: its id, roles and permissions. Found by
 * its email, or by its phone (`+996…`) for the staff member without one.
 */
export async function viewerOf(trx: Db, login: string): Promise<ScopeViewer> {
  const user = await trx
    .selectFrom('users')
    .select('id')
    .where(login.startsWith('+') ? 'phone' : 'email', '=', login)
    .executeTakeFirstOrThrow();
  const roles = await trx
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', user.id)
    .execute();
  const permissions = await trx
    .selectFrom('role_permissions')
    .select('permission')
    .distinct()
    .where(
      'role',
      'in',
      roles.map((r) => r.role),
    )
    .execute();
  const data: PermissionData = {
    roles: roles.map((r) => r.role),
    permissions: permissions.map((p) => p.permission),
  };
  return { id: user.id, ...data } as ScopeViewer;
}
