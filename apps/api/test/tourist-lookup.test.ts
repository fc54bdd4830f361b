import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { type Browser, buildTestApp, createTestUser, signedIn } from './http';

// Issue 29, finding 1: a sales manager reaches an existing client when it puts a tourist on a
// trip. The users list keeps its reach (its own clients); the tourist lookup finds any client by
// an exact phone, email or passport number, and by name its own and the unassigned ones. Another
// manager's client is added only with the contact it was found by; an unassigned one is taken up
// by whoever put it on the trip; the client's История says who put it on which trip.

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;
let anna: Browser; // Анна Менеджерова, sales manager
let annaId: number;
let boris: Browser; // Борис Менеджеров, another sales manager
let borisId: number;
let admin: Browser;
let own: number; // Казакова Алина: Анна's
let free: number; // Казакова Мария: nobody's
let others: number; // Казакова Ольга: Борис's
let staffKazakova: number; // a staff member, not a client

const client = (full_name: string, extra: Parameters<typeof createTestUser>[1] = {}) =>
  createTestUser(db(), { password: null, email: null, roles: ['client'], full_name, ...extra });

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: anna, id: annaId } = await signedIn(app, db(), ['sales_manager'], {
    full_name: 'Менеджерова Анна',
  }));
  ({ browser: boris, id: borisId } = await signedIn(app, db(), ['sales_manager'], {
    full_name: 'Менеджеров Борис',
  }));
  ({ browser: admin } = await signedIn(app, db(), ['admin'], { full_name: 'Админова Вера' }));
  own = await client('Казакова Алина Петровна', { manager_id: annaId, phone: '+996700100200' });
  free = await client('Казакова Мария Ивановна', {
    phone: '+996700111222',
    passport_number: 'AN 1234567',
  });
  others = await client('Казакова Ольга Сергеевна', {
    manager_id: borisId,
    phone: '+996555333444',
    email: 'olga.kazakova@example.kg',
    passport_number: 'ID7654321',
  });
  staffKazakova = await createTestUser(db(), {
    full_name: 'Казакова Ирина (бухгалтер)',
    roles: ['accountant'],
    phone: '+996777888999',
  });
});
afterAll(async () => {
  await app.close();
});

let tripCounter = 0;
async function trip(by: Browser, extra: Record<string, unknown> = {}) {
  tripCounter += 1;
  const response = await by.post('/api/admin/trips', {
    title: `Иссык-Куль ${tripCounter}`,
    starts_on: '2027-07-10',
    ends_on: '2027-07-12',
    price: 15000,
    currency: 'kgs',
    seats: 10,
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number; title: string };
}

const lookup = async (by: Browser, search: string) => {
  const response = await by.get(`/api/admin/tourists?search=${encodeURIComponent(search)}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<Record<string, unknown>>;
};

const managerOf = async (id: number) =>
  (
    await db()
      .selectFrom('users')
      .select('manager_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).manager_id;

describe('GET /admin/tourists', () => {
  it('finds by name one’s own and the unassigned clients, never another manager’s or staff', async () => {
    const found = await lookup(anna, 'казакова');
    expect(found.map((option) => option.full_name)).toEqual([
      'Казакова Алина Петровна',
      'Казакова Мария Ивановна',
    ]);
    expect(found[1]).toEqual({
      id: free,
      full_name: 'Казакова Мария Ивановна',
      phone: '+996700111222',
      email: null,
      passport_number: 'AN 1234567',
      birth_date: null,
      manager_id: null,
      manager_name: null,
      own: true,
      matched_by: null,
      found_by: null,
    });
    // The users list keeps its reach: Анна's own client only.
    const list = await anna.get(
      '/api/admin/users?search=%D0%9A%D0%B0%D0%B7%D0%B0%D0%BA%D0%BE%D0%B2%D0%B0',
    );
    expect(list.json().data.data.map((user: { id: number }) => user.id)).toEqual([own]);
  });

  it('finds another manager’s client by its exact phone, showing only that contact', async () => {
    const found = await lookup(anna, '+996 (555) 333-444');
    expect(found).toEqual([
      {
        id: others,
        full_name: 'Казакова Ольга Сергеевна',
        phone: '+996555333444',
        email: null,
        passport_number: null,
        birth_date: null,
        manager_id: borisId,
        manager_name: 'Менеджеров Борис',
        own: false,
        matched_by: 'phone',
        found_by: '+996555333444',
      },
    ]);
  });

  it('finds it by its exact email in any case, and by its passport number however typed', async () => {
    const byEmail = await lookup(anna, ' Olga.Kazakova@Example.KG ');
    expect(
      byEmail.map((option) => [option.id, option.matched_by, option.email, option.phone]),
    ).toEqual([[others, 'email', 'olga.kazakova@example.kg', null]]);
    const byPassport = await lookup(anna, 'id 765-4321');
    expect(byPassport.map((option) => [option.id, option.matched_by, option.found_by])).toEqual([
      [others, 'passport_number', 'ID7654321'],
    ]);
  });

  it('does not find another manager’s client by a part of its phone or name', async () => {
    expect(await lookup(anna, '555333')).toEqual([]);
    expect(await lookup(anna, 'Ольга')).toEqual([]);
    // Nor a staff member by its exact phone: only clients are tourists.
    expect(await lookup(anna, '+996777888999')).toEqual([]);
  });

  it('answers a search longer than 255 characters with a Russian 422', async () => {
    const response = await anna.get(`/api/admin/tourists?search=${'я'.repeat(256)}`);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['search']);
  });
});

describe('GET /admin/tourists/match', () => {
  it('names the clients that already have a new tourist’s phone, email or passport', async () => {
    const byPhone = await anna.get('/api/admin/tourists/match?phone=%2B996%20555%20333%20444');
    expect(byPhone.json().data.map((o: { id: number }) => o.id)).toEqual([others]);
    const byPassport = await anna.get('/api/admin/tourists/match?passport_number=an1234567');
    expect(byPassport.json().data.map((o: { id: number; own: boolean }) => [o.id, o.own])).toEqual([
      [free, true],
    ]);
    const none = await anna.get('/api/admin/tourists/match?phone=%2B996700000999&email=');
    expect(none.json().data).toEqual([]);
  });
});

describe('putting a found client on a trip', () => {
  it('refuses another manager’s client without the contact it was found by, in Russian', async () => {
    const { id } = await trip(anna);
    for (const body of [
      { user_id: others },
      { user_id: others, found_by: '+996555000000' },
      { user_id: others, found_by: 'Казакова' },
      { user_id: staffKazakova, found_by: '+996777888999' },
    ]) {
      const response = await anna.post(`/api/admin/trip/${id}/participants`, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ user_id: ['Турист не найден'] });
    }
    const tooLong = await anna.post(`/api/admin/trip/${id}/participants`, {
      user_id: others,
      found_by: '1'.repeat(256),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['found_by']);
  });

  it('adds it by its exact phone; it stays Борис’s client, and its История says who added it where', async () => {
    const { id, title } = await trip(anna);
    const added = await anna.post(`/api/admin/trip/${id}/participants`, {
      user_id: others,
      found_by: '+996555333444',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({
      user_id: others,
      full_name: 'Казакова Ольга Сергеевна',
    });
    expect(await managerOf(others)).toBe(borisId);

    // Out of Анна's reach, its card and История stay Борис's.
    expect((await anna.get(`/api/admin/user/${others}/history`)).statusCode).toBe(404);
    const history = await boris.get(`/api/admin/user/${others}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data.data).toEqual([
      {
        id: expect.any(Number),
        entity_type: 'participant',
        entity_id: added.json().data.id,
        // The participant is named by its tourist, never by its id alone.
        entity_name: 'Казакова Ольга Сергеевна',
        action: 'added_to_trip',
        changes: [{ field: 'trip_id', old: null, new: id, new_name: `${title}, 10.07.2027` }],
        user_id: annaId,
        user_name: 'Менеджерова Анна',
        created_at: expect.any(String),
      },
    ]);
  });

  it('adds an unassigned client found by name and takes it up: the card opens, the История tells', async () => {
    const { id, title } = await trip(anna);
    expect((await anna.get(`/api/admin/user/${free}`)).statusCode).toBe(404);
    const added = await anna.post(`/api/admin/trip/${id}/participants`, { user_id: free });
    expect(added.statusCode).toBe(200);
    expect(await managerOf(free)).toBe(annaId);
    expect((await anna.get(`/api/admin/user/${free}`)).statusCode).toBe(200);

    const history = (await anna.get(`/api/admin/user/${free}/history`)).json().data.data;
    expect(
      history.map((entry: { action: string; changes: unknown; user_name: string }) => [
        entry.action,
        entry.changes,
        entry.user_name,
      ]),
    ).toEqual([
      [
        'updated',
        [{ field: 'manager_id', old: null, new: annaId, new_name: 'Менеджерова Анна' }],
        'Менеджерова Анна',
      ],
      [
        'added_to_trip',
        [{ field: 'trip_id', old: null, new: id, new_name: `${title}, 10.07.2027` }],
        'Менеджерова Анна',
      ],
    ]);
  });

  it('an unassigned client put on a trip by someone who sees every user goes to the trip’s manager', async () => {
    const nobodys = await client('Ничейная Зарина', { phone: '+996700555666' });
    const { id } = await trip(admin, { manager_id: borisId });
    const added = await admin.post(`/api/admin/trip/${id}/participants`, { user_id: nobodys });
    expect(added.statusCode).toBe(200);
    expect(await managerOf(nobodys)).toBe(borisId);
    // A trip without a manager leaves it unassigned.
    const another = await client('Ничейный Тимур');
    const { id: noManager } = await trip(admin, { manager_id: null });
    expect(
      (await admin.post(`/api/admin/trip/${noManager}/participants`, { user_id: another }))
        .statusCode,
    ).toBe(200);
    expect(await managerOf(another)).toBeNull();
  });
});

describe('a user’s История', () => {
  it('shows who created the card with which fields and who changed what, not its sign-ins', async () => {
    const created = await anna.post('/api/admin/users', {
      full_name: 'Новикова Дина',
      phone: '+996 700 999 111',
      roles: ['client'],
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const changed = await anna.post('/api/admin/users', {
      id,
      full_name: 'Новикова Дина Руслановна',
      passport_number: 'AC7777777',
    });
    expect(changed.statusCode).toBe(200);
    const history = (await anna.get(`/api/admin/user/${id}/history`)).json().data.data;
    expect(
      history.map((entry: { action: string; changes: unknown }) => [entry.action, entry.changes]),
    ).toEqual([
      [
        'updated',
        [
          { field: 'full_name', old: 'Новикова Дина', new: 'Новикова Дина Руслановна' },
          { field: 'passport_number', old: null, new: 'AC7777777' },
        ],
      ],
      ['roles', [{ field: 'roles', old: [], new: ['client'] }]],
      [
        'created',
        [
          { field: 'full_name', old: null, new: 'Новикова Дина' },
          { field: 'phone', old: null, new: '+996700999111' },
          { field: 'manager_id', old: null, new: annaId, new_name: 'Менеджерова Анна' },
        ],
      ],
    ]);
    // Sign-ins are the audit log's, not the card's История.
    const ownHistory = (await anna.get(`/api/admin/user/${annaId}/history`)).json().data.data;
    expect(ownHistory).toEqual([]);
  });
});
