import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, signedIn } from './http';

// PostgreSQL text cannot hold U+0000: one check refuses it in every text the API receives (body,
// query string, path; strings at any depth and object keys) with a Russian 422 under the field,
// after the access check, before anything is read or written.

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;
let admin: Browser;

const VALIDATION = 'Проверьте правильность заполнения полей';
const NUL = 'Недопустимый символ (U+0000)';

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin } = await signedIn(app, db(), ['admin']));
});
afterAll(async () => {
  await app.close();
});

async function countUsers(): Promise<number> {
  const row = await db()
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function expectRefused(
  response: { statusCode: number; json(): unknown; body: string },
  field: string,
) {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({ code: 0, message: VALIDATION, errors: { [field]: [NUL] } });
  // The value is never echoed, escaped or not.
  expect(response.body).not.toContain('\u0000');
  expect(response.body).not.toContain('\\u0000');
  expect(response.body).not.toContain('secret');
}

describe('a NUL character in the input', () => {
  it('is refused in the login with a 422, not a 500, and recorded nowhere', async () => {
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    const response = await browser.post('/api/login', {
      login: 'secret\u0000@test.example',
      password: 'whatever',
    });
    expectRefused(response, 'login');
    const failures = await db().selectFrom('login_failures').selectAll().execute();
    expect(failures).toEqual([]);
  });

  it('is refused in a query parameter', async () => {
    const response = await admin.get('/api/admin/users?search=secret%00');
    expectRefused(response, 'search');
  });

  it('is refused in a path parameter', async () => {
    expectRefused(await admin.get('/api/admin/user/1%00'), 'id');
  });

  it.each(['full_name', 'citizenship', 'passport_number', 'notes'])(
    'is refused in %s of a new user, and nothing is written',
    async (field) => {
      const before = await countUsers();
      const response = await admin.post('/api/admin/users', {
        full_name: 'Турист Нулевой',
        [field]: 'secret\u0000value',
      });
      expectRefused(response, field);
      expect(await countUsers()).toBe(before);
    },
  );

  it('is refused in an update too, leaving the user as it was', async () => {
    const created = await admin.post('/api/admin/users', { full_name: 'Турист Прежний' });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const response = await admin.post('/api/admin/users', {
      id,
      full_name: 'Турист Новый',
      notes: 'secret\u0000',
    });
    expectRefused(response, 'notes');
    const row = await db()
      .selectFrom('users')
      .select(['full_name', 'notes'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: 'Турист Прежний', notes: null });
  });

  it('is found at any depth: in a list, in a nested object, in a key', async () => {
    const before = await countUsers();
    expectRefused(
      await admin.post('/api/admin/users', {
        full_name: 'Турист',
        roles: ['client', 'secret\u0000'],
      }),
      'roles.1',
    );
    expectRefused(
      await admin.post('/api/admin/users', {
        full_name: 'Турист',
        extra: { deep: ['x', 'secret\u0000'] },
      }),
      'extra.deep.1',
    );
    // A key is part of the input too: the error goes to the object holding it, never the key.
    expectRefused(
      await admin.post('/api/admin/users', { full_name: 'Турист', extra: { 'secret\u0000': 1 } }),
      'extra',
    );
    expect(await countUsers()).toBe(before);
  });

  it('is refused in every field it is in at once', async () => {
    const response = await admin.post('/api/admin/users', {
      full_name: 'secret\u0000',
      notes: '\u0000',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ full_name: [NUL], notes: [NUL] });
  });

  it('is found as the JSON text escapes it, whatever the hex case and the charset', async () => {
    const before = await countUsers();
    const send = (text: string, type = 'application/json') =>
      admin.post('/api/admin/users', text, { headers: { 'content-type': type } });
    expectRefused(await send('{"full_name":"Турист","notes":"secret\\u0000"}'), 'notes');
    expectRefused(
      await send(
        '{"full_name":"Турист","extra":{"n":["\\u0000"]}}',
        'application/json; charset=utf-8',
      ),
      'extra.n.0',
    );
    const lone = await send('{"full_name":"Турист","notes":"a\\uDBFF"}');
    expect(lone.statusCode).toBe(422);
    expect(lone.json().errors).toEqual({
      notes: ['Недопустимый символ (непарный суррогат UTF-16)'],
    });
    expect(await countUsers()).toBe(before);
  });

  it('keeps a text that only spells an escape (a backslash, then u0000)', async () => {
    const response = await admin.post(
      '/api/admin/users',
      '{"full_name":"Турист Обратная Черта","notes":"C:\\\\u0000"}',
      { headers: { 'content-type': 'application/json' } },
    );
    expect(response.statusCode).toBe(200);
    const row = await db()
      .selectFrom('users')
      .select('notes')
      .where('id', '=', response.json().data.id as number)
      .executeTakeFirstOrThrow();
    expect(row.notes).toBe('C:\\u0000');
  });

  it('comes after the access check: a caller without the right still gets 401 or 403', async () => {
    const guest = new Browser(app);
    await guest.get('/api/get-laravel-permission-to-vuejs');
    expect((await guest.get('/api/admin/users?search=%00')).statusCode).toBe(401);
    const counterparty = await signedIn(app, db(), ['counterparty']);
    expect((await counterparty.browser.get('/api/admin/users?search=%00')).statusCode).toBe(403);
    const post = await counterparty.browser.post('/api/admin/users', { full_name: '\u0000' });
    expect(post.statusCode).toBe(403);
  });
});
