import { Type, type Static } from '@sinclair/typebox';
import type { UserRow } from '../../db/schema';

/** The user as the API answers it (DESIGN.md 3 fields; never the password hash). */
export const UserJson = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  birth_date: Type.Union([Type.String(), Type.Null()]),
  citizenship: Type.Union([Type.String(), Type.Null()]),
  passport_number: Type.Union([Type.String(), Type.Null()]),
  passport_issued_at: Type.Union([Type.String(), Type.Null()]),
  passport_expires_at: Type.Union([Type.String(), Type.Null()]),
  notes: Type.Union([Type.String(), Type.Null()]),
  manager_id: Type.Union([Type.Integer(), Type.Null()]),
  counterparty_id: Type.Union([Type.Integer(), Type.Null()]),
  has_password: Type.Boolean(),
  disabled: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type UserJson = Static<typeof UserJson>;

/** Maps a users row and its roles to the API shape. */
export function userJson(row: UserRow, roles: string[]): UserJson {
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    roles,
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
