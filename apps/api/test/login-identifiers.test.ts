import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn, TEST_PASSWORD } from './http';

// The email and phone a staff member signs in with are protected like its password: without
// create_admin, nobody sets, clears or replaces another staff member's; one's own stay editable.

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;

const EMAIL_MESSAGE = 'Менять email другого сотрудника может только администратор';
const PHONE_MESSAGE = 'Менять телефон другого сотрудника может только администратор';

let agent: { browser: Browser; id: number };
let admin: { browser: Browser; id: number };
let n = 0;

/** An administrator to be changed: signs in by email and by phone. */
async function anAdmin(phone: string | null = `+99655500${String(++n).padStart(4, '0')}`) {
  const email = `target${++n}.${process.pid}@test.example`;
  const id = await createTestUser(db(), {
    roles: ['admin'],
    full_name: 'Админ Целевой',
    email,
    phone,
  });
  return { id, email, phone };
}

async function contacts(id: number) {
  return db()
    .selectFrom('users')
    .select(['email', 'phone'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  app = await buildTestApp(db());
  agent = await signedIn(app, db(), ['reservation_agent']);
  admin = await signedIn(app, db(), ['admin']);
});
afterAll(async () => {
  await app.close();
});

describe('changing a staff member’s login email or phone', () => {
  it('is refused to a reservation agent (no create_admin), and nothing changes', async () => {
    const target = await anAdmin();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ email: `taken-over${process.pid}@test.example` }, { email: [EMAIL_MESSAGE] }],
      [{ email: null }, { email: [EMAIL_MESSAGE] }],
      [{ phone: '+996555999999' }, { phone: [PHONE_MESSAGE] }],
      [{ phone: null }, { phone: [PHONE_MESSAGE] }],
      [
        { email: `both${process.pid}@test.example`, phone: '+996555999998' },
        { email: [EMAIL_MESSAGE], phone: [PHONE_MESSAGE] },
      ],
    ];
    for (const [change, errors] of cases) {
      const response = await agent.browser.post('/api/admin/users', {
        id: target.id,
        full_name: 'Админ Целевой',
        ...change,
      });
      expect({ change, status: response.statusCode, errors: response.json().errors }).toEqual({
        change,
        status: 422,
        errors,
      });
    }
    expect(await contacts(target.id)).toEqual({ email: target.email, phone: target.phone });
    // The account is still the admin's: it signs in with what it had.
    await new Browser(app).login(target.email, TEST_PASSWORD);
  });

  it('is refused when the staff member has no phone yet: setting one is taking over too', async () => {
    const target = await anAdmin(null);
    const response = await agent.browser.post('/api/admin/users', {
      id: target.id,
      full_name: 'Админ Целевой',
      phone: '+996555777777',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ phone: [PHONE_MESSAGE] });
    expect(await contacts(target.id)).toEqual({ email: target.email, phone: null });
  });

  it('lets the same values through, however they are written', async () => {
    const target = await anAdmin('+996555123456');
    const response = await agent.browser.post('/api/admin/users', {
      id: target.id,
      full_name: 'Админ Переименованный',
      email: target.email.toUpperCase(),
      phone: '+996 (555) 12-34-56',
      notes: 'Позвонить',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      full_name: 'Админ Переименованный',
      email: target.email,
      phone: '+996555123456',
      notes: 'Позвонить',
    });
  });

  it('lets an administrator change another staff member’s email and phone', async () => {
    const target = await anAdmin();
    const email = `renamed${process.pid}@test.example`;
    const response = await admin.browser.post('/api/admin/users', {
      id: target.id,
      full_name: 'Админ Целевой',
      email,
      phone: '+996555000111',
    });
    expect(response.statusCode).toBe(200);
    expect(await contacts(target.id)).toEqual({ email, phone: '+996555000111' });
  });

  it('lets a staff member without create_admin change its own email and phone', async () => {
    const self = await signedIn(app, db(), ['reservation_agent'], { full_name: 'Агент Сам' });
    const email = `own${process.pid}@test.example`;
    const response = await self.browser.post('/api/admin/users', {
      id: self.id,
      full_name: 'Агент Сам',
      email,
      phone: '+996555000222',
    });
    expect(response.statusCode).toBe(200);
    expect(await contacts(self.id)).toEqual({ email, phone: '+996555000222' });
  });

  it('leaves a tourist’s contacts to whoever may edit the tourist', async () => {
    const tourist = await createTestUser(db(), { password: null, roles: ['client'] });
    const response = await agent.browser.post('/api/admin/users', {
      id: tourist,
      full_name: 'Турист',
      email: `tourist${process.pid}@test.example`,
      phone: '+996555000333',
    });
    expect(response.statusCode).toBe(200);
  });
});
