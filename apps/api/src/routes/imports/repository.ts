import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { PreparedTourRow, UserRow } from '../../db/schema';

// Every function takes `db` or a transaction first: the caller decides which.

export type UserWithRoles = UserRow & { roles: string[] };

/** A passport number as matched: upper case, without spaces. */
export const passportKey = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * The users holding any of these (normalised) emails or phones, or passport numbers (as
 * passportKey compares them), with their roles: one statement for a whole file.
 */
export async function usersByContacts(
  db: Db,
  contacts: { emails: string[]; phones: string[]; passports: string[] },
): Promise<UserWithRoles[]> {
  const { emails, phones, passports } = contacts;
  if (emails.length + phones.length + passports.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .select(
      sql<
        string[]
      >`array(select ur.role from user_roles ur where ur.user_id = users.id order by ur.role)`.as(
        'roles',
      ),
    )
    .where((eb) =>
      eb.or([
        ...(emails.length > 0 ? [eb('email', 'in', emails)] : []),
        ...(phones.length > 0 ? [eb('phone', 'in', phones)] : []),
        ...(passports.length > 0
          ? [eb(sql`upper(regexp_replace(passport_number, '\\s', '', 'g'))`, 'in', passports)]
          : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** The prepared tours with these keys, archived ones too. */
export function toursByKeys(db: Db, keys: string[]): Promise<PreparedTourRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('prepared_tours').selectAll().where('key', 'in', keys).execute();
}
