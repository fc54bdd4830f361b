import {
  AdminInputError,
  createAdmin,
  DEFAULT_ADMIN_NAME,
  validateAdminInput,
} from '../src/cli/admin-account';
import { verifyPassword } from '../src/lib/passwords';
// Renamed: react-hooks/rules-of-hooks takes any use* call for a React hook.
import { useTestDatabase as testDatabase } from './database';

const database = testDatabase();
const db = () => database().db;

async function rolesOf(userId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

function errorsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    if (error instanceof AdminInputError) return error.errors;
    throw error;
  }
  throw new Error('expected AdminInputError');
}

describe('validateAdminInput', () => {
  it('normalizes the email and keeps a given name', () => {
    expect(
      validateAdminInput({ email: '  Boss@Example.COM ', password: 'x'.repeat(8), name: ' Иван ' }),
    ).toEqual({ email: 'boss@example.com', password: 'x'.repeat(8), name: 'Иван' });
    expect(validateAdminInput({ email: 'a@b.kg', password: 'y'.repeat(128) }).name).toBeNull();
  });

  it.each([
    ['', 'Укажите адрес электронной почты (--email)'],
    ['not-an-email', 'Неверный адрес электронной почты: «not-an-email»'],
    ['a@b', 'Неверный адрес электронной почты: «a@b»'],
    ['a b@c.kg', 'Неверный адрес электронной почты: «a b@c.kg»'],
  ])('refuses the email %p', (email, message) => {
    expect(errorsOf(() => validateAdminInput({ email, password: 'long-enough' }))).toEqual({
      email: [message],
    });
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', () => {
    expect(errorsOf(() => validateAdminInput({ email: 'a@b.kg', password: '' }))).toEqual({
      password: ['Укажите пароль (--password)'],
    });
    expect(errorsOf(() => validateAdminInput({ email: 'a@b.kg', password: '1234567' }))).toEqual({
      password: ['Пароль должен содержать от 8 до 128 символов (сейчас 7)'],
    });
    expect(
      errorsOf(() => validateAdminInput({ email: 'a@b.kg', password: 'я'.repeat(129) })),
    ).toEqual({ password: ['Пароль должен содержать от 8 до 128 символов (сейчас 129)'] });
    // Characters, not UTF-16 units: four emoji are four characters.
    expect(() => validateAdminInput({ email: 'a@b.kg', password: '😀'.repeat(8) })).not.toThrow();
  });

  it('lists every problem at once, in Russian', () => {
    const error = (() => {
      try {
        validateAdminInput({ email: 'x', password: 'short', name: 'я'.repeat(256) });
      } catch (caught) {
        return caught as AdminInputError;
      }
      throw new Error('expected AdminInputError');
    })();
    expect(Object.keys(error.errors).sort()).toEqual(['email', 'name', 'password']);
    expect(error.message.split('\n')).toHaveLength(3);
  });
});

describe('createAdmin', () => {
  it('refuses bad input without touching the database', async () => {
    await expect(createAdmin(db(), { email: 'bad', password: 'long-enough' })).rejects.toThrow(
      AdminInputError,
    );
    const users = await db().selectFrom('users').select('id').execute();
    expect(users).toHaveLength(0);
  });

  it('creates an administrator in a database without roles yet', async () => {
    const result = await createAdmin(db(), {
      email: 'Boss@Example.com',
      password: 'correct horse battery',
    });
    expect(result).toEqual({ id: expect.any(Number), email: 'boss@example.com', created: true });
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe('boss@example.com');
    expect(user.full_name).toBe(DEFAULT_ADMIN_NAME);
    expect(await rolesOf(user.id)).toEqual(['admin']);
    await expect(verifyPassword(user.password_hash, 'correct horse battery')).resolves.toBe(true);
    const permissions = await db()
      .selectFrom('role_permissions')
      .select('permission')
      .where('role', '=', 'admin')
      .execute();
    expect(permissions.map((row) => row.permission)).toContain('create_admin');
  });

  it('gives an existing user (any letter case) a new password and the admin role', async () => {
    const { id } = await db()
      .insertInto('users')
      .values({
        full_name: 'Смирнова Екатерина Сергеевна',
        email: 'sales@example.com',
        password_hash: null,
        disabled_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_roles').values({ user_id: id, role: 'sales_manager' }).execute();
    await db()
      .insertInto('sessions')
      .values({
        id: 'old-session',
        user_id: id,
        csrf_token: 'token',
        remember: false,
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const count = async () => (await db().selectFrom('users').select('id').execute()).length;
    const before = await count();

    const result = await createAdmin(db(), {
      email: 'SALES@example.com',
      password: 'new-password-1',
    });
    expect(result).toEqual({ id, email: 'sales@example.com', created: false });
    expect(await count()).toBe(before);
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.full_name).toBe('Смирнова Екатерина Сергеевна');
    expect(user.disabled_at).toBeNull();
    expect(await rolesOf(id)).toEqual(['admin', 'sales_manager']);
    await expect(verifyPassword(user.password_hash, 'new-password-1')).resolves.toBe(true);
    const sessions = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(sessions).toHaveLength(0);

    // Again, with a name: still one admin role, the name replaced.
    await createAdmin(db(), {
      email: 'sales@example.com',
      password: 'another-pass',
      name: 'Е. С.',
    });
    expect(await rolesOf(id)).toEqual(['admin', 'sales_manager']);
    const renamed = await db()
      .selectFrom('users')
      .select(['full_name', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(renamed.full_name).toBe('Е. С.');
    await expect(verifyPassword(renamed.password_hash, 'another-pass')).resolves.toBe(true);
  });
});
