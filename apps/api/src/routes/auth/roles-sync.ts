import { sql } from 'kysely';
import { PERMISSIONS, ROLE_LABELS, ROLE_PERMISSIONS, ROLES } from '@tour/core';
import type { Db } from '../../db/database';

/**
 * Makes the roles, permissions and their mapping in the database exactly the shared table
 * (DESIGN.md 4), so the server and the browsers can never disagree on it.
 */
export async function syncRolesAndPermissions(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two instances starting at once take turns instead of colliding on the mapping's keys.
    await sql`lock table role_permissions in share row exclusive mode`.execute(trx);
    await trx
      .insertInto('roles')
      .values(ROLES.map((name) => ({ name, label: ROLE_LABELS[name] })))
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({ label: eb.ref('excluded.label') })),
      )
      .execute();
    await trx
      .insertInto('permissions')
      .values(PERMISSIONS.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await trx.deleteFrom('role_permissions').execute();
    const pairs = ROLES.flatMap((role) =>
      ROLE_PERMISSIONS[role].map((permission) => ({ role, permission })),
    );
    await trx.insertInto('role_permissions').values(pairs).execute();
  });
}
