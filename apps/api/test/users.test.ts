import { API_DATE_FORMAT, dayjs, ROLE_PERMISSIONS, STAFF_ROLES } from '@tour/core';
import type { App } from '../src/app';
import { MESSAGES } from '../src/routes/users/user-service';
import { useTestDatabase } from './database';
import {
  Browser,
  buildTestApp,
  createTestUser,
  signedIn,
  TEST_PASSWORD,
  type NewTestUser,
} from './http';

const database = useTestDatabase();
const db = () => database().db;
let app: App;
let admin: Browser;
let adminId: number;

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin, id: adminId } = await signedIn(app, db(), ['admin']));
});
afterAll(async () => {
  await app.close();
});

const VALIDATION = 'Проверьте правильность заполнения полей';
const NOT_FOUND = 'Пользователь не найден';
const tomorrow = () => dayjs().add(1, 'day').format(API_DATE_FORMAT);
let n = 0;
const email = (name = 'user') => `${name}${++n}@users.test`;

const tourist = (extra: NewTestUser = {}) =>
  createTestUser(db(), { password: null, email: null, ...extra });

async function save(browser: Browser, body: unknown) {
  const response = await browser.post('/api/admin/users', body);
  return { status: response.statusCode, body: response.json(), raw: response.body };
}

function userRow(id: number) {
  return db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function rolesOf(id: number) {
  const rows = await db()
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', id)
    .orderBy('role')
    .execute();
  return rows.map((r) => r.role);
}

async function userCount() {
  const row = await db()
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function sessionCount(userId: number) {
  const row = await db()
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function refused(result: { status: number; body: unknown }, errors: Record<string, string[]>) {
  expect(result).toMatchObject({ status: 422 });
  expect(result.body).toEqual({ code: 0, message: VALIDATION, errors });
}

describe('POST /api/admin/users: creating', () => {
  it('creates a tourist from a name alone', async () => {
    const result = await save(admin, { full_name: '  Иванов Иван Иванович  ' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      code: 1,
      data: {
        id: expect.any(Number),
        full_name: 'Иванов Иван Иванович',
        email: null,
        phone: null,
        roles: [],
        birth_date: null,
        citizenship: null,
        passport_number: null,
        passport_issued_at: null,
        passport_expires_at: null,
        notes: null,
        manager_id: null,
        counterparty_id: null,
        has_password: false,
        disabled: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect((await userRow(result.body.data.id)).full_name).toBe('Иванов Иван Иванович');
  });

  it('stores every field, normalised, and answers it the way GET does', async () => {
    const manager = await createTestUser(db(), { roles: ['sales_manager'] });
    const agent = await createTestUser(db(), { roles: ['counterparty'] });
    const result = await save(admin, {
      full_name: 'Осмонова Айгуль',
      email: 'Aigul.Osmonova@Example.COM',
      phone: '+996 (555) 10-20-30',
      birth_date: '1990-05-17',
      citizenship: '  Кыргызстан ',
      passport_number: ' AN1234567 ',
      passport_issued_at: '2020-01-10',
      passport_expires_at: '2030-01-09',
      notes: 'Вегетарианка; окно в самолёте',
      manager_id: manager,
      counterparty_id: agent,
      roles: ['client'],
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      full_name: 'Осмонова Айгуль',
      email: 'aigul.osmonova@example.com',
      phone: '+996555102030',
      birth_date: '1990-05-17',
      citizenship: 'Кыргызстан',
      passport_number: 'AN1234567',
      passport_issued_at: '2020-01-10',
      passport_expires_at: '2030-01-09',
      notes: 'Вегетарианка; окно в самолёте',
      manager_id: manager,
      counterparty_id: agent,
      roles: ['client'],
      has_password: false,
    });
    const opened = await admin.get(`/api/admin/user/${result.body.data.id}`);
    expect(opened.json()).toEqual(result.body);
  });

  it('creates a staff member who then signs in by phone, never echoing the password', async () => {
    const result = await save(admin, {
      full_name: 'Новый Бухгалтер',
      phone: '+996 700 99-88-77',
      password: 'new-password-1',
      roles: ['accountant', 'sales_manager'],
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      phone: '+996700998877',
      roles: ['accountant', 'sales_manager'],
      has_password: true,
    });
    expect(result.raw).not.toMatch(/new-password-1|"password"|password_hash|\$argon2/);
    expect((await userRow(result.body.data.id)).password_hash).toMatch(/^\$argon2id\$/);
    const browser = new Browser(app);
    const login = await browser.login('+996700998877', 'new-password-1');
    expect(login.json().user).toMatchObject({ id: result.body.data.id });
    expect((await browser.get('/api/get-laravel-permission-to-vuejs')).json().roles).toEqual([
      'accountant',
      'sales_manager',
    ]);
  });

  it('makes a sales manager the manager of what it creates, unless told otherwise', async () => {
    const { browser, id } = await signedIn(app, db(), ['sales_manager']);
    const own = await save(browser, { full_name: 'Турист Менеджера' });
    expect(own.body.data.manager_id).toBe(id);
    const listed = await browser.get('/api/admin/users', {
      query: { id: String(own.body.data.id) },
    });
    expect(listed.json().data.total).toBe(1);

    const colleague = await createTestUser(db(), { roles: ['sales_manager'] });
    const handed = await save(browser, { full_name: 'Турист Коллеги', manager_id: colleague });
    expect(handed.body.data.manager_id).toBe(colleague);

    const unmanaged = await save(browser, { full_name: 'Без менеджера', manager_id: null });
    expect(unmanaged.body.data.manager_id).toBeNull();

    const byAdmin = await save(admin, { full_name: 'Турист Администратора' });
    expect(byAdmin.body.data.manager_id).toBeNull();
  });
});

describe('POST /api/admin/users: validation', () => {
  it('refuses bad input with Russian field errors, and creates nothing', async () => {
    const client = await tourist({ roles: ['client'] });
    const staff = await createTestUser(db(), { roles: ['sales_manager'] });
    const disabledStaff = await createTestUser(db(), { roles: ['sales_manager'] });
    await db()
      .updateTable('users')
      .set({ disabled_at: new Date() })
      .where('id', '=', disabledStaff)
      .execute();
    const name = { full_name: 'Проверка Полей' };
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { full_name: ['Обязательное поле'] }],
      [{ full_name: '' }, { full_name: ['Обязательное поле'] }],
      [{ full_name: '   ' }, { full_name: ['Обязательное поле'] }],
      [{ full_name: 'Я'.repeat(256) }, { full_name: ['Не длиннее 255 символов'] }],
      [{ ...name, email: 'not-an-email' }, { email: ['Неверный адрес электронной почты'] }],
      [{ ...name, email: '' }, { email: ['Неверный адрес электронной почты'] }],
      [{ ...name, email: 5 }, { email: ['Значение должно быть строкой или пустым'] }],
      [{ ...name, phone: '' }, { phone: [MESSAGES.phoneInvalid] }],
      [{ ...name, phone: '123456' }, { phone: [MESSAGES.phoneInvalid] }],
      [{ ...name, phone: 'звоните 5551234' }, { phone: [MESSAGES.phoneInvalid] }],
      [{ ...name, phone: '1234567890123456' }, { phone: [MESSAGES.phoneInvalid] }],
      [{ ...name, phone: '555+1234567' }, { phone: [MESSAGES.phoneInvalid] }],
      [{ ...name, password: 'short' }, { password: ['Не короче 8 символов'] }],
      [{ ...name, password: 'x'.repeat(129) }, { password: ['Не длиннее 128 символов'] }],
      [{ ...name, birth_date: '2020-02-30' }, { birth_date: ['Неверная дата'] }],
      [{ ...name, birth_date: '17.05.1990' }, { birth_date: ['Неверная дата'] }],
      [{ ...name, birth_date: tomorrow() }, { birth_date: [MESSAGES.birthDateFuture] }],
      [{ ...name, birth_date: '1899-12-31' }, { birth_date: [MESSAGES.birthDateTooOld] }],
      [
        { ...name, passport_issued_at: tomorrow() },
        { passport_issued_at: [MESSAGES.issuedFuture] },
      ],
      [
        { ...name, passport_issued_at: '2020-01-10', passport_expires_at: '2020-01-10' },
        { passport_expires_at: [MESSAGES.expiryBeforeIssue] },
      ],
      [
        { ...name, passport_issued_at: '2020-01-10', passport_expires_at: '2019-01-10' },
        { passport_expires_at: [MESSAGES.expiryBeforeIssue] },
      ],
      [
        { ...name, passport_number: 'N'.repeat(51) },
        { passport_number: ['Не длиннее 50 символов'] },
      ],
      [{ ...name, citizenship: 'К'.repeat(101) }, { citizenship: ['Не длиннее 100 символов'] }],
      [{ ...name, notes: 'з'.repeat(5001) }, { notes: ['Не длиннее 5000 символов'] }],
      [{ ...name, roles: ['client', 'boss'] }, { 'roles.1': ['Недопустимое значение'] }],
      [{ ...name, roles: ['client', 'client'] }, { roles: ['Значения не должны повторяться'] }],
      [
        { ...name, manager_id: 'abc' },
        { manager_id: ['Значение должно быть целым числом или пустым'] },
      ],
      [{ ...name, manager_id: 987654321 }, { manager_id: [MESSAGES.managerMissing] }],
      [{ ...name, manager_id: client }, { manager_id: [MESSAGES.managerNotStaff] }],
      [{ ...name, manager_id: disabledStaff }, { manager_id: [MESSAGES.managerMissing] }],
      [
        { ...name, counterparty_id: 987654321 },
        { counterparty_id: [MESSAGES.counterpartyMissing] },
      ],
      [{ ...name, counterparty_id: staff }, { counterparty_id: [MESSAGES.counterpartyNotAgent] }],
      [{ ...name, disabled: true }, { disabled: [MESSAGES.disabledOnCreate] }],
      [{ ...name, disabled: 'maybe' }, { disabled: ['Значение должно быть да/нет'] }],
      [{ ...name, id: 0 }, { id: ['Не меньше 1'] }],
      [{ ...name, id: 987654321 }, { id: [NOT_FOUND] }],
      [{ ...name, is_admin: true }, { is_admin: ['Неизвестное поле'] }],
      [{ ...name, password_hash: 'x' }, { password_hash: ['Неизвестное поле'] }],
      [{ ...name, has_password: false }, { has_password: ['Неизвестное поле'] }],
      [
        { full_name: ' ', phone: '123', birth_date: tomorrow(), manager_id: 987654321 },
        {
          full_name: ['Обязательное поле'],
          phone: [MESSAGES.phoneInvalid],
          birth_date: [MESSAGES.birthDateFuture],
          manager_id: [MESSAGES.managerMissing],
        },
      ],
    ];
    const before = await userCount();
    for (const [body, errors] of cases) {
      const result = await save(admin, body);
      expect({ body, status: result.status, answer: result.body }).toEqual({
        body,
        status: 422,
        answer: {
          code: 0,
          message: (errors.id ?? [])[0] === NOT_FOUND ? NOT_FOUND : VALIDATION,
          errors,
        },
      });
    }
    expect(await userCount()).toBe(before);
  });

  it('asks a password and a login of anyone with a role that signs in', async () => {
    for (const role of [...STAFF_ROLES, 'counterparty']) {
      refused(await save(admin, { full_name: 'Без пароля', email: email(), roles: [role] }), {
        password: [MESSAGES.passwordRequired],
      });
      refused(
        await save(admin, { full_name: 'Без входа', password: 'long-password', roles: [role] }),
        {
          email: [MESSAGES.loginRequired],
          phone: [MESSAGES.loginRequired],
        },
      );
    }
    const client = await save(admin, { full_name: 'Клиент Без Пароля', roles: ['client'] });
    expect(client.status).toBe(200);

    // Giving a sign-in role later asks the same.
    const id = client.body.data.id;
    refused(await save(admin, { id, full_name: 'Клиент Без Пароля', roles: ['counterparty'] }), {
      password: [MESSAGES.passwordRequired],
      email: [MESSAGES.loginRequired],
      phone: [MESSAGES.loginRequired],
    });
    const agent = await save(admin, {
      id,
      full_name: 'Клиент Без Пароля',
      phone: '+996555777001',
      password: 'agent-password',
      roles: ['client', 'counterparty'],
    });
    expect(agent.body.data).toMatchObject({
      roles: ['client', 'counterparty'],
      has_password: true,
    });
    refused(await save(admin, { id, full_name: 'Агент', phone: null }), {
      email: [MESSAGES.loginRequired],
      phone: [MESSAGES.loginRequired],
    });
  });

  it('keeps emails unique whatever their case, and phones whatever their format', async () => {
    const taken = email('taken');
    const owner = await tourist({ email: taken, phone: '+996555000111' });
    refused(await save(admin, { full_name: 'Дубль', email: taken.toUpperCase() }), {
      email: [MESSAGES.emailTaken],
    });
    refused(await save(admin, { full_name: 'Дубль', phone: '+996 555 000-111' }), {
      phone: [MESSAGES.phoneTaken],
    });
    refused(await save(admin, { full_name: 'Дубль', email: taken, phone: '+996555000111' }), {
      email: [MESSAGES.emailTaken],
      phone: [MESSAGES.phoneTaken],
    });
    const same = await save(admin, {
      id: owner,
      full_name: 'Владелец',
      email: taken.toUpperCase(),
      phone: '+996 555 000 111',
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ email: taken, phone: '+996555000111' });
  });

  it.each([
    ['email', { email: 'race@users.test' }, { email: 'RACE@users.test' }],
    ['phone', { phone: '+996555999000' }, { phone: '+996 555 999 000' }],
  ])('answers a %s taken by a concurrent save with 422, not 500', async (field, theirs, ours) => {
    const other = await db().startTransaction().execute();
    await other
      .insertInto('users')
      .values({ full_name: 'Параллельный', ...theirs })
      .execute();
    const before = await userCount();
    let settled = false;
    const pending = save(admin, { full_name: 'Гонка', roles: ['client'], ...ours }).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still waiting on the other transaction's row: the checks passed, the index decides.
    expect(settled).toBe(false);
    await other.commit().execute();
    const result = await pending;
    refused(result, {
      [field]: [field === 'email' ? MESSAGES.emailTaken : MESSAGES.phoneTaken],
    });
    expect(await userCount()).toBe(before + 1);
  });
});

describe('POST /api/admin/users: updating', () => {
  it('changes only the fields it is given, and null clears one', async () => {
    const id = await tourist({
      full_name: 'Старое Имя',
      email: email(),
      phone: '+996555121212',
      passport_number: 'ID0001',
      roles: ['client'],
    });
    const before = await userRow(id);
    const result = await save(admin, { id, full_name: 'Новое Имя', notes: 'заметка' });
    expect(result.body.data).toMatchObject({
      id,
      full_name: 'Новое Имя',
      email: before.email,
      phone: '+996555121212',
      passport_number: 'ID0001',
      notes: 'заметка',
      roles: ['client'],
    });
    expect(new Date(result.body.data.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(before.updated_at).getTime(),
    );
    const cleared = await save(admin, {
      id,
      full_name: 'Новое Имя',
      email: null,
      notes: null,
      roles: [],
    });
    expect(cleared.body.data).toMatchObject({
      email: null,
      notes: null,
      phone: '+996555121212',
      roles: [],
    });
  });

  it('checks passport dates against the stored ones', async () => {
    const id = await tourist();
    await save(admin, { id, full_name: 'Паспорт', passport_issued_at: '2021-03-01' });
    refused(await save(admin, { id, full_name: 'Паспорт', passport_expires_at: '2021-02-01' }), {
      passport_expires_at: [MESSAGES.expiryBeforeIssue],
    });
    const ok = await save(admin, { id, full_name: 'Паспорт', passport_expires_at: '2031-02-28' });
    expect(ok.body.data).toMatchObject({
      passport_issued_at: '2021-03-01',
      passport_expires_at: '2031-02-28',
    });
  });

  it('refuses to make a user its own manager or counterparty', async () => {
    const id = await createTestUser(db(), { roles: ['sales_manager', 'counterparty'] });
    refused(await save(admin, { id, full_name: 'Сам Себе', manager_id: id, counterparty_id: id }), {
      manager_id: [MESSAGES.managerSelf],
      counterparty_id: [MESSAGES.counterpartySelf],
    });
  });

  it('lets a sales manager update only the users within its reach', async () => {
    const { browser, id } = await signedIn(app, db(), ['sales_manager']);
    const mine = await tourist({ manager_id: id, full_name: 'Мой' });
    const theirs = await tourist({ manager_id: await createTestUser(db(), { roles: ['admin'] }) });
    const before = await userRow(theirs);

    const refusedSave = await save(browser, { id: theirs, full_name: 'Перехвачен' });
    expect(refusedSave).toMatchObject({
      status: 422,
      body: { code: 0, message: NOT_FOUND, errors: { id: [NOT_FOUND] } },
    });
    expect(await userRow(theirs)).toEqual(before);

    expect((await save(browser, { id: mine, full_name: 'Мой Изменён' })).body.data.full_name).toBe(
      'Мой Изменён',
    );
    const self = await save(browser, { id, full_name: 'Менеджер Сам' });
    expect(self.body.data).toMatchObject({
      id,
      full_name: 'Менеджер Сам',
      roles: ['sales_manager'],
    });
  });
});

describe('POST /api/admin/users: roles need create_admin for staff roles', () => {
  let sales: { browser: Browser; id: number; email: string };

  beforeAll(async () => {
    sales = await signedIn(app, db(), ['sales_manager']);
  });

  it.each(STAFF_ROLES)('refuses a sales manager granting %s, creating nothing', async (role) => {
    const before = await userCount();
    refused(
      await save(sales.browser, {
        full_name: 'Новый Сотрудник',
        email: email(),
        password: 'long-password',
        roles: [role],
      }),
      { roles: [MESSAGES.staffRoles] },
    );
    expect(await userCount()).toBe(before);
  });

  it('refuses a sales manager making itself an accountant, changing nothing', async () => {
    const before = await userRow(sales.id);
    refused(
      await save(sales.browser, {
        id: sales.id,
        full_name: 'Теперь Бухгалтер',
        roles: ['accountant', 'sales_manager'],
      }),
      { roles: [MESSAGES.staffRoles] },
    );
    refused(await save(sales.browser, { id: sales.id, full_name: 'Никто', roles: [] }), {
      roles: [MESSAGES.staffRoles],
    });
    expect(await userRow(sales.id)).toEqual(before);
    expect(await rolesOf(sales.id)).toEqual(['sales_manager']);
    const permissions = await sales.browser.get('/api/get-laravel-permission-to-vuejs');
    expect(permissions.json()).toEqual({
      roles: ['sales_manager'],
      permissions: [...ROLE_PERMISSIONS.sales_manager].sort(),
    });
  });

  it('refuses a sales manager removing a staff role from a user it manages', async () => {
    const agent = await createTestUser(db(), {
      roles: ['reservation_agent'],
      manager_id: sales.id,
    });
    refused(await save(sales.browser, { id: agent, full_name: 'Бывший Агент', roles: [] }), {
      roles: [MESSAGES.staffRoles],
    });
    expect(await rolesOf(agent)).toEqual(['reservation_agent']);
    // Sending the staff roles unchanged is no change.
    const same = await save(sales.browser, {
      id: agent,
      full_name: 'Агент Бронирования',
      roles: ['reservation_agent'],
    });
    expect(same.body.data.roles).toEqual(['reservation_agent']);
  });

  it('lets a sales manager give and take client and counterparty', async () => {
    const id = await tourist({ manager_id: sales.id });
    const given = await save(sales.browser, {
      id,
      full_name: 'Агент Из Туристов',
      email: email('agent'),
      password: 'agent-password',
      roles: ['counterparty', 'client'],
    });
    expect(given.status).toBe(200);
    expect(given.body.data.roles).toEqual(['client', 'counterparty']);
    const taken = await save(sales.browser, { id, full_name: 'Снова Турист', roles: [] });
    expect(taken.body.data.roles).toEqual([]);
  });

  it('lets an admin grant and remove every staff role; the grantee then has its rights', async () => {
    const created = await save(admin, {
      full_name: 'Будущий Администратор',
      email: email('future'),
      password: 'future-password',
      roles: ['admin'],
    });
    expect(created.body.data.roles).toEqual(['admin']);
    const id = created.body.data.id;
    const browser = new Browser(app);
    await browser.login(created.body.data.email, 'future-password');
    expect(
      (await browser.get('/api/get-laravel-permission-to-vuejs')).json().permissions,
    ).toContain('create_admin');

    const changed = await save(admin, {
      id,
      full_name: 'Бухгалтер',
      roles: ['accountant', 'developer', 'reservation_agent', 'sales_manager'],
    });
    expect(changed.body.data.roles).toEqual([
      'accountant',
      'developer',
      'reservation_agent',
      'sales_manager',
    ]);
    const removed = await save(admin, { id, full_name: 'Бухгалтер', roles: ['accountant'] });
    expect(removed.body.data.roles).toEqual(['accountant']);
    expect(await rolesOf(id)).toEqual(['accountant']);
    const permissions = (await browser.get('/api/get-laravel-permission-to-vuejs')).json();
    expect(permissions.roles).toEqual(['accountant']);
    expect(permissions.permissions).not.toContain('create_admin');
  });
});

describe('POST /api/admin/users: disabling', () => {
  it('ends the sessions of the disabled user at once, and enabling lets it back in', async () => {
    const target = await signedIn(app, db(), ['accountant']);
    expect((await target.browser.get('/api/user')).statusCode).toBe(200);

    const result = await save(admin, { id: target.id, full_name: 'Уволен', disabled: true });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ id: target.id, disabled: true });
    expect(await sessionCount(target.id)).toBe(0);
    const after = await target.browser.get('/api/user');
    expect(after.statusCode).toBe(401);
    await expect(new Browser(app).login(target.email)).rejects.toThrow(/422/);

    const disabledAt = (await userRow(target.id)).disabled_at;
    await save(admin, { id: target.id, full_name: 'Уволен', disabled: true });
    expect((await userRow(target.id)).disabled_at).toEqual(disabledAt);

    const enabled = await save(admin, { id: target.id, full_name: 'Вернулся', disabled: false });
    expect(enabled.body.data.disabled).toBe(false);
    const back = new Browser(app);
    await back.login(target.email);
    expect((await back.get('/api/user')).statusCode).toBe(200);
  });

  it('lets nobody disable itself', async () => {
    refused(await save(admin, { id: adminId, full_name: 'Админ', disabled: true }), {
      disabled: [MESSAGES.disableSelf],
    });
    expect((await userRow(adminId)).disabled_at).toBeNull();
    expect((await admin.get('/api/user')).statusCode).toBe(200);
  });

  it('lets a sales manager disable its tourist, but not a staff member it manages', async () => {
    const sales = await signedIn(app, db(), ['sales_manager']);
    const client = await tourist({ manager_id: sales.id, roles: ['client'] });
    expect(
      (await save(sales.browser, { id: client, full_name: 'Турист', disabled: true })).status,
    ).toBe(200);
    const staff = await createTestUser(db(), {
      roles: ['reservation_agent'],
      manager_id: sales.id,
    });
    refused(await save(sales.browser, { id: staff, full_name: 'Агент', disabled: true }), {
      disabled: [MESSAGES.disableStaff],
    });
    expect((await userRow(staff)).disabled_at).toBeNull();
  });
});

describe('POST /api/admin/users: passwords', () => {
  it('ends every session of a user whose password an admin changes', async () => {
    const target = await signedIn(app, db(), ['reservation_agent']);
    const result = await save(admin, {
      id: target.id,
      full_name: 'Агент',
      password: 'changed-password',
    });
    expect(result.status).toBe(200);
    expect(result.raw).not.toMatch(/changed-password/);
    expect((await target.browser.get('/api/user')).statusCode).toBe(401);
    await expect(new Browser(app).login(target.email, TEST_PASSWORD)).rejects.toThrow(/422/);
    await new Browser(app).login(target.email, 'changed-password');
  });

  it('keeps the session of a user changing its own password, ending its others', async () => {
    const me = await signedIn(app, db(), ['sales_manager']);
    const elsewhere = new Browser(app);
    await elsewhere.login(me.email);
    const result = await save(me.browser, {
      id: me.id,
      full_name: 'Я',
      password: 'my-new-password',
      current_password: TEST_PASSWORD,
    });
    expect(result.status).toBe(200);
    expect((await me.browser.get('/api/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect(await sessionCount(me.id)).toBe(1);
  });

  it('leaves the password alone when it is null or absent', async () => {
    const target = await createTestUser(db(), { roles: ['client'] });
    const hash = (await userRow(target)).password_hash;
    await save(admin, { id: target, full_name: 'Клиент', password: null });
    await save(admin, { id: target, full_name: 'Клиент' });
    expect((await userRow(target)).password_hash).toBe(hash);
  });

  it("refuses a sales manager changing a managed staff member's password", async () => {
    const sales = await signedIn(app, db(), ['sales_manager']);
    const staff = await createTestUser(db(), { roles: ['accountant'], manager_id: sales.id });
    const hash = (await userRow(staff)).password_hash;
    refused(
      await save(sales.browser, { id: staff, full_name: 'Бухгалтер', password: 'taken-over' }),
      {
        password: [MESSAGES.staffPassword],
      },
    );
    expect((await userRow(staff)).password_hash).toBe(hash);

    const agent = await createTestUser(db(), { roles: ['counterparty'], manager_id: sales.id });
    const ok = await save(sales.browser, {
      id: agent,
      full_name: 'Агент',
      password: 'agent-password',
    });
    expect(ok.status).toBe(200);
  });
});

describe('POST /api/admin/users: CSRF', () => {
  it('refuses a save without the XSRF header with 419 and creates nothing', async () => {
    const before = await userCount();
    const response = await admin.post(
      '/api/admin/users',
      { full_name: 'Подделка' },
      { withoutCsrf: true },
    );
    expect(response.statusCode).toBe(419);
    expect(await userCount()).toBe(before);
  });
});
