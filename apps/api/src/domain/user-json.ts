import type { Role } from '@tour/core';
import type { UserJson } from '@tour/core/contract/users';
import type { UserRow } from '../db/schema';

export { UserJson } from '@tour/core/contract/users';

/**
 * Maps a users row and its roles to the API shape. The roles are read as strings; they are Role
 * names, as the roles table holds the product's ROLES only (routes/auth/roles-sync.ts writes it,
 * user_roles references it).
 */
export function userJson(row: UserRow, roles: string[]): UserJson {
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    roles: roles as Role[],
    birth_date: row.birth_date,
    citizenship: row.citizenship,
    passport_number: row.passport_number,
    passport_issued_at: row.passport_issued_at,
    passport_expires_at: row.passport_expires_at,
    notes: row.notes,
    manager_id: row.manager_id,
    counterparty_id: row.counterparty_id,
    has_password: row.password_hash !== null,
    disabled: row.disabled_at !== null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
