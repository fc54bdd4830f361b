import { sql } from 'kysely';
import type { App } from '../src/app';
import { matchingUsers, pageOfUsers } from '../src/routes/users/user-repository';
import { userScope } from '../src/domain/reach';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn, type NewTestUser } from './http';
import { browserWithSession } from './sessions';

const database = useTestDatabase();
const db = () => database().db;
let app: App;

beforeAll(async () => {
  app = await buildTestApp(db());
});
afterAll(async () => {
  await app.close();
});

const tourist = (extra: NewTestUser = {}) =>
  createTestUser(db(), { password: null, email: null, ...extra });

async function list(browser: Browser, query: Record<string, string> = {}) {
  const response = await browser.get('/api/admin/users', { query });
  return { status: response.statusCode, body: response.json(), raw: response.body };
}

const ids = (body: { data: { data: Array<{ id: number }> } }) => body.data.data.map((u) => u.id);

describe('GET /api/admin/users: who may call it', () => {
  it('answers 401 to an anonymous caller, on the list, one user and saving', async () => {
    const browser = new Browser(app);
    await browser.get('/api/get-laravel-permission-to-vuejs');
    for (const response of [
      await browser.get('/api/admin/users'),
      await browser.get('/api/admin/user/1'),
      await browser.post('/api/admin/users', { full_name: 'Аноним' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 0, message: 'Требуется вход в систему' });
    }
  });

  it('answers 403 to a counterparty and to a client, whatever they send', async () => {
    const { browser: agent, id: agentId } = await signedIn(app, db(), ['counterparty']);
    const own = await tourist({ counterparty_id: agentId });
    const client = await browserWithSession(app, db(), await tourist({ roles: ['client'] }));
    for (const browser of [agent, client]) {
      for (const response of [
        await browser.get('/api/admin/users'),
        await browser.get(`/api/admin/user/${own}`),
        await browser.post('/api/admin/users', { id: own, full_name: 'Чужой' }),
        await browser.get('/api/admin/users', { query: { role: 'nobody' } }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 0, message: 'Недостаточно прав' });
      }
    }
    const row = await db()
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', own)
      .executeTakeFirstOrThrow();
    expect(row.full_name).not.toBe('Чужой');
  });
});

describe('GET /api/admin/users: paging', () => {
  let manager: { browser: Browser; id: number };
  let managed: number[];

  beforeAll(async () => {
    manager = await signedIn(app, db(), ['sales_manager']);
    managed = [];
    for (let i = 0; i < 45; i += 1) managed.push(await tourist({ manager_id: manager.id }));
  });

  it('answers the first page of 20, newest first, in the Laravel paginator shape', async () => {
    const { status, body } = await list(manager.browser);
    expect(status).toBe(200);
    const everyone = [...managed, manager.id].sort((a, b) => b - a);
    expect(body).toEqual({
      code: 1,
      data: {
        data: expect.any(Array),
        current_page: 1,
        last_page: 3,
        per_page: 20,
        total: 46,
        from: 1,
        to: 20,
      },
    });
    expect(ids(body)).toEqual(everyone.slice(0, 20));
    expect(body.data.data[0]).toEqual({
      id: everyone[0],
      full_name: expect.any(String),
      email: null,
      phone: null,
      roles: [],
      birth_date: null,
      citizenship: null,
      passport_number: null,
      passport_issued_at: null,
      passport_expires_at: null,
      notes: null,
      manager_id: manager.id,
      counterparty_id: null,
      has_password: false,
      disabled: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers the last page partly filled and a page past the end empty', async () => {
    const last = await list(manager.browser, { page: '3' });
    expect(last.body.data).toMatchObject({
      current_page: 3,
      last_page: 3,
      total: 46,
      from: 41,
      to: 46,
    });
    expect(ids(last.body)).toEqual([...managed, manager.id].sort((a, b) => b - a).slice(40));
    expect(last.body.data.data.at(-1)).toMatchObject({ id: manager.id });

    const past = await list(manager.browser, { page: '9' });
    expect(past.body.data).toEqual({
      data: [],
      current_page: 9,
      last_page: 3,
      per_page: 20,
      total: 46,
      from: null,
      to: null,
    });
  });

  it('pages through the whole list by 7, every user once and in order', async () => {
    const everyone = [...managed, manager.id].sort((a, b) => b - a);
    const seen: number[] = [];
    for (let page = 1; page <= 7; page += 1) {
      const { body } = await list(manager.browser, { page: String(page), per_page: '7' });
      expect(body.data).toMatchObject({
        current_page: page,
        last_page: 7,
        total: 46,
        from: (page - 1) * 7 + 1,
        to: Math.min(page * 7, 46),
      });
      seen.push(...ids(body));
    }
    expect(seen).toEqual(everyone);
  });

  it('counts a search past its last page, and pages a search with its total', async () => {
    const mark = 'Постраничный поиск';
    const found: number[] = [];
    for (let i = 0; i < 5; i += 1) found.push(await tourist({ full_name: `${mark} ${i}` }));
    const admin = (await signedIn(app, db(), ['admin'])).browser;
    const second = await list(admin, { search: mark, per_page: '2', page: '2' });
    expect(second.body.data).toMatchObject({ total: 5, last_page: 3, from: 3, to: 4 });
    expect(ids(second.body)).toEqual([found[2], found[1]]);
    const past = await list(admin, { search: mark, per_page: '2', page: '4' });
    expect(past.body.data).toMatchObject({ data: [], total: 5, last_page: 3, from: null });
    const none = await list(admin, { search: 'Нет такого туриста нигде' });
    expect(none.body.data).toMatchObject({ data: [], total: 0, last_page: 1, from: null });
  });

  it('takes per_page up to 100', async () => {
    const { body } = await list(manager.browser, { per_page: '50' });
    expect(body.data).toMatchObject({ per_page: 50, last_page: 1, total: 46, from: 1, to: 46 });
    expect(body.data.data).toHaveLength(46);
    const second = await list(manager.browser, { per_page: '7', page: '2' });
    expect(second.body.data).toMatchObject({ per_page: 7, last_page: 7, from: 8, to: 14 });
  });

  it('refuses a page or page size out of range with Russian field errors', async () => {
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ page: '0' }, { page: ['Не меньше 1'] }],
      [{ page: 'abc' }, { page: ['Значение должно быть целым числом'] }],
      [{ page: '1.5' }, { page: ['Значение должно быть целым числом'] }],
      [{ per_page: '101' }, { per_page: ['Не больше 100'] }],
      [{ per_page: '0' }, { per_page: ['Не меньше 1'] }],
      [{ id: '0' }, { id: ['Не меньше 1'] }],
    ];
    for (const [query, errors] of cases) {
      const { status, body } = await list(manager.browser, query);
      expect({ query, status, body }).toEqual({
        query,
        status: 422,
        body: { code: 0, message: 'Проверьте правильность заполнения полей', errors },
      });
    }
  });

  it('refuses unknown query parameters instead of ignoring them', async () => {
    const { status, body } = await list(manager.browser, { with_trips: '1' });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ with_trips: ['Неизвестное поле'] });
  });

  it('reads empty parameters as no filter', async () => {
    const { status, body } = await list(manager.browser, {
      id: '',
      search: '',
      role: '',
      withTrips: '',
    });
    expect(status).toBe(200);
    expect(body.data.total).toBe(46);
  });
});

describe('GET /api/admin/users: filters', () => {
  let admin: Browser;

  beforeAll(async () => {
    ({ browser: admin } = await signedIn(app, db(), ['admin']));
  });

  it('filters by id', async () => {
    const id = await tourist();
    const { body } = await list(admin, { id: String(id) });
    expect(ids(body)).toEqual([id]);
    expect(body.data).toMatchObject({ total: 1, last_page: 1, from: 1, to: 1 });
    const none = await list(admin, { id: String(id + 100000) });
    expect(none.body.data).toMatchObject({
      data: [],
      total: 0,
      last_page: 1,
      from: null,
      to: null,
    });
  });

  it('filters by role and lists every role of each user', async () => {
    const both = await tourist({ roles: ['accountant', 'admin'] });
    const other = await tourist({ roles: ['reservation_agent'] });
    const { body } = await list(admin, { role: 'accountant', per_page: '100' });
    expect(ids(body)).toContain(both);
    expect(ids(body)).not.toContain(other);
    for (const user of body.data.data) expect(user.roles).toContain('accountant');
    expect(body.data.data.find((u: { id: number }) => u.id === both).roles).toEqual([
      'accountant',
      'admin',
    ]);
    const { rows } = await sql<{ count: string }>`
      select count(*) from user_roles where role = 'accountant'`.execute(db());
    expect(body.data.total).toBe(Number(rows[0]!.count));
  });

  it('refuses an unknown role with 422', async () => {
    const { status, body } = await list(admin, { role: 'boss' });
    expect(status).toBe(422);
    expect(body).toEqual({
      code: 0,
      message: 'Проверьте правильность заполнения полей',
      errors: { role: ['Недопустимое значение'] },
    });
  });

  it('searches full name, email, phone and passport number, ignoring case', async () => {
    const byName = await tourist({ full_name: 'Жаныбекова Айпери Маратовна' });
    const byEmail = await tourist({ email: 'Search.Target@Mail.Example' });
    const byPhone = await tourist({ phone: '+996555123987' });
    const byPassport = await tourist({ passport_number: 'AC7654321' });
    const cases: Array<[string, number]> = [
      ['айпери', byName],
      ['ЖАНЫБЕКОВА айпери', byName],
      ['search.TARGET@mail', byEmail],
      ['555123987', byPhone],
      ['+996 (555) 12-39-87', byPhone],
      ['ac76543', byPassport],
    ];
    for (const [search, expected] of cases) {
      const { status, body } = await list(admin, { search });
      expect({ search, status, found: ids(body) }).toEqual({
        search,
        status: 200,
        found: [expected],
      });
      expect(body.data.total).toBe(1);
    }
  });

  it('treats % and _ in the search term literally', async () => {
    const percent = await tourist({ full_name: 'Скидка 100% Туристов' });
    const plain = await tourist({ full_name: 'Скидка 1000 Туристов' });
    const underscore = await tourist({ email: 'under_score@lit.example' });
    const other = await tourist({ email: 'underXscore@lit.example' });
    const backslash = await tourist({ full_name: 'Путь C:\\Туры' });

    expect(ids((await list(admin, { search: '100%' })).body)).toEqual([percent]);
    expect(ids((await list(admin, { search: 'скидка 100' })).body)).toEqual([plain, percent]);
    expect(ids((await list(admin, { search: 'under_score' })).body)).toEqual([underscore]);
    expect(ids((await list(admin, { search: 'underxscore' })).body)).toEqual([other]);
    expect(ids((await list(admin, { search: '%' })).body)).toEqual([percent]);
    expect(ids((await list(admin, { search: 'c:\\т' })).body)).toEqual([backslash]);
  });

  it('combines filters, counting with the same filters it pages with', async () => {
    const mark = 'Комбинированный';
    const wanted: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      wanted.push(await tourist({ full_name: `${mark} ${i}`, roles: ['client'] }));
    }
    await tourist({ full_name: `${mark} без роли` });
    const { body } = await list(admin, { search: mark, role: 'client', per_page: '2' });
    expect(body.data).toMatchObject({ total: 3, last_page: 2, from: 1, to: 2 });
    expect(ids(body)).toEqual([wanted[2], wanted[1]]);
    const second = await list(admin, { search: mark, role: 'client', per_page: '2', page: '2' });
    expect(ids(second.body)).toEqual([wanted[0]]);
  });

  it('takes withTrips 1 or 0: 1 lists only those taking part in a trip, cancelled aside', async () => {
    const mark = `Путешественник${process.pid}`;
    const [going, cancelled, home] = [
      await createTestUser(db(), { full_name: `${mark} едет` }),
      await createTestUser(db(), { full_name: `${mark} отменил` }),
      await createTestUser(db(), { full_name: `${mark} дома` }),
    ];
    const trip = await db()
      .insertInto('trips')
      .values({
        title: 'Бишкек — Токио',
        starts_on: '2027-05-01',
        ends_on: '2027-05-07',
        status: 'planned',
        price: 1000,
        currency: 'usd',
        seats: 10,
        itinerary: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('trip_participants')
      .values([
        { trip_id: trip.id, user_id: going, price: 1000, status: 'booked' },
        { trip_id: trip.id, user_id: cancelled, price: 1000, status: 'cancelled' },
      ])
      .execute();
    const one = await list(admin, { search: mark, withTrips: '1' });
    expect(one.status).toBe(200);
    expect(ids(one.body)).toEqual([going]);
    const zero = await list(admin, { search: mark, withTrips: '0' });
    expect(ids(zero.body)).toEqual([home, cancelled, going]);
    for (const withTrips of ['2', 'yes', 'true']) {
      const bad = await list(admin, { withTrips });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['withTrips']);
    }
  });

  it('never sends a password or its hash', async () => {
    const id = await createTestUser(db(), { roles: ['accountant'] });
    const { raw, body } = await list(admin, { role: 'accountant' });
    expect(raw).not.toMatch(/"password"|password_hash|\$argon2/);
    expect(body.data.data.find((u: { id: number }) => u.id === id).has_password).toBe(true);
  });
});

describe('users within reach: who sees whom', () => {
  let salesManager: { browser: Browser; id: number };
  let colleague: number;
  let mine: number;
  let theirs: number;
  let nobodys: number;

  beforeAll(async () => {
    salesManager = await signedIn(app, db(), ['sales_manager']);
    colleague = await createTestUser(db(), { roles: ['sales_manager'] });
    mine = await tourist({ manager_id: salesManager.id, full_name: 'Мой Турист Охват' });
    theirs = await tourist({ manager_id: colleague, full_name: 'Чужой Турист Охват' });
    nobodys = await tourist({ full_name: 'Ничей Турист Охват' });
  });

  it('shows a sales manager only its own tourists and itself', async () => {
    const { body } = await list(salesManager.browser, { per_page: '100' });
    expect(ids(body).sort()).toEqual([salesManager.id, mine].sort());
    expect(body.data.total).toBe(2);
    const searched = await list(salesManager.browser, { search: 'Охват' });
    expect(ids(searched.body)).toEqual([mine]);
    const byId = await list(salesManager.browser, { id: String(theirs) });
    expect(byId.body.data.total).toBe(0);
  });

  it.each([['admin'], ['developer'], ['reservation_agent'], ['accountant']])(
    'shows %s (see_all_users) everyone',
    async (role) => {
      const { browser } = await signedIn(app, db(), [role]);
      const { body } = await list(browser, { search: 'Охват' });
      expect(ids(body)).toEqual([nobodys, theirs, mine]);
      const { rows } = await sql<{ count: string }>`select count(*) from users`.execute(db());
      expect((await list(browser)).body.data.total).toBe(Number(rows[0]!.count));
    },
  );

  it('opens a user within reach and answers 404 alike for one out of reach or missing', async () => {
    const own = await salesManager.browser.get(`/api/admin/user/${mine}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      code: 1,
      data: { id: mine, full_name: 'Мой Турист Охват', manager_id: salesManager.id, roles: [] },
    });
    const self = await salesManager.browser.get(`/api/admin/user/${salesManager.id}`);
    expect(self.json().data).toMatchObject({ id: salesManager.id, roles: ['sales_manager'] });

    const out = await salesManager.browser.get(`/api/admin/user/${theirs}`);
    const missing = await salesManager.browser.get('/api/admin/user/987654321');
    for (const response of [out, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 0, message: 'Пользователь не найден' });
    }
  });

  it('lets an admin open anyone, without the password', async () => {
    const { browser } = await signedIn(app, db(), ['admin']);
    const response = await browser.get(`/api/admin/user/${colleague}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: colleague,
      roles: ['sales_manager'],
      has_password: true,
    });
    expect(response.body).not.toMatch(/password_hash|\$argon2/);
  });

  it('refuses a malformed id with 422', async () => {
    const { browser } = await signedIn(app, db(), ['admin']);
    for (const id of ['abc', '0', '-1']) {
      const response = await browser.get(`/api/admin/user/${id}`);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['id']);
    }
  });
});

describe('users search uses the trigram index', () => {
  it('plans the search over users_search_trgm', async () => {
    const viewer = { id: 1, roles: ['admin'], permissions: ['see_all_users'] };
    const compiled = matchingUsers(db(), userScope(viewer), { search: 'иван%' })
      .selectAll('users')
      .compile();
    const plan = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const explained = await trx.executeQuery<{ 'QUERY PLAN': string }>({
          ...compiled,
          sql: `explain ${compiled.sql}`,
        });
        return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    expect(plan).toContain('users_search_trgm');
  });
});

describe('users search: both ways of reading a page give the same rows', () => {
  it('walks the list in order or reads the matches first, from either end, alike', async () => {
    const mark = 'Двумя путями';
    const found: number[] = [];
    for (let i = 0; i < 7; i += 1) found.push(await tourist({ full_name: `${mark} ${i}` }));
    const viewer = { id: 1, roles: ['admin'], permissions: ['see_all_users'] };
    const scope = userScope(viewer);
    const newestFirst = [...found].reverse();
    for (const matchesFirst of [false, true]) {
      const read = (limit: number, offset: number, fromEnd: boolean) =>
        pageOfUsers(db(), scope, { search: mark }, limit, offset, { fromEnd, matchesFirst });
      expect((await read(3, 2, false)).map((u) => u.id)).toEqual(newestFirst.slice(2, 5));
      expect((await read(3, 1, true)).map((u) => u.id)).toEqual(found.slice(1, 4));
      expect((await read(3, 0, false))[0]).toMatchObject({ full_name: `${mark} 6`, roles: [] });
    }
  });
});

describe('users in OpenAPI', () => {
  it('documents the three user routes with their schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(paths['/api/admin/users'].get).toMatchObject({
      tags: ['Пользователи'],
      parameters: expect.arrayContaining([expect.objectContaining({ name: 'withTrips' })]),
    });
    expect(
      paths['/api/admin/users'].post.requestBody.content['application/json'].schema,
    ).toMatchObject({
      required: ['full_name'],
      additionalProperties: false,
    });
    expect(Object.keys(paths['/api/admin/user/{id}'].get.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '422']),
    );
  });
});
