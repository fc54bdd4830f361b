import type { Db } from '../db/database';
import { normalizeEmail } from '../lib/contacts';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from '../lib/passwords';
import { syncRolesAndPermissions } from '../routes/auth/roles-sync';

export const DEFAULT_ADMIN_NAME = 'Администратор';
const EMAIL_MAX = 254;
const NAME_MAX = 255;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export interface AdminInput {
  email?: string | null;
  password?: string | null;
  name?: string | null;
}

export interface ValidAdminInput {
  email: string;
  password: string;
  /** null: keep an existing user's name (a new one gets DEFAULT_ADMIN_NAME). */
  name: string | null;
}

/** Bad input, with Russian messages per field (the API's 422 shape). */
export class AdminInputError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors).flat().join('\n'));
    this.name = 'AdminInputError';
  }
}

/** Checks and normalizes the input; throws AdminInputError listing every problem. */
export function validateAdminInput(input: AdminInput): ValidAdminInput {
  const errors: Record<string, string[]> = {};
  const email = normalizeEmail(input.email ?? '');
  if (email === '') errors.email = ['Укажите адрес электронной почты (--email)'];
  else if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) {
    errors.email = [`Неверный адрес электронной почты: «${input.email ?? ''}»`];
  }
  const password = input.password ?? '';
  // Counted in characters (code points), as the API's JSON schemas count them.
  const length = [...password].length;
  if (length === 0) errors.password = ['Укажите пароль (--password)'];
  else if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    errors.password = [
      `Пароль должен содержать от ${PASSWORD_MIN} до ${PASSWORD_MAX} символов (сейчас ${length})`,
    ];
  }
  const name = input.name?.trim() || null;
  if (name !== null && [...name].length > NAME_MAX) {
    errors.name = [`Имя не длиннее ${NAME_MAX} символов`];
  }
  if (Object.keys(errors).length > 0) throw new AdminInputError(errors);
  return { email, password, name };
}

export interface AdminResult {
  id: number;
  email: string;
  /** false: the email existed; its password was replaced and the admin role added. */
  created: boolean;
}

/**
 * Makes `email` an administrator who signs in with `password`: a new user, or the existing one
 * (its password replaced, the admin role added, its sessions ended, re-enabled if disabled).
 */
export async function createAdmin(db: Db, input: AdminInput): Promise<AdminResult> {
  const valid = validateAdminInput(input);
  await syncRolesAndPermissions(db);
  const passwordHash = await hashPassword(valid.password);
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', valid.email))
      .forUpdate()
      .executeTakeFirst();
    let id: number;
    if (existing) {
      id = existing.id;
      await trx
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          disabled_at: null,
          updated_at: new Date(),
          ...(valid.name === null ? {} : { full_name: valid.name }),
        })
        .where('id', '=', id)
        .execute();
      // A new password ends every session opened with the old one.
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    } else {
      ({ id } = await trx
        .insertInto('users')
        .values({
          full_name: valid.name ?? DEFAULT_ADMIN_NAME,
          email: valid.email,
          password_hash: passwordHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    await trx
      .insertInto('user_roles')
      .values({ user_id: id, role: 'admin' })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
    return { id, email: valid.email, created: !existing };
  });
}
