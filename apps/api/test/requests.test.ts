import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// Requests (DESIGN.md 3 and 4): a sales manager without see_all_users sees the requests assigned
// to it and the unassigned ones; the status flow with a reason for a rejection; the conversion into
// participants matches tourists by phone or email or creates them, and happens whole or not at all.

const database = useTestDatabase();
const db = (): Db => database().db;
let app: App;
let admin: Browser;
let sales: { browser: Browser; id: number };
let otherSales: { browser: Browser; id: number };

beforeAll(async () => {
  app = await buildTestApp(db());
  ({ browser: admin } = await signedIn(app, db(), ['admin']));
  sales = await signedIn(app, db(), ['sales_manager']);
  otherSales = await signedIn(app, db(), ['sales_manager']);
});
afterAll(async () => {
  await app.close();
});

let counter = 0;
async function newRequest(extra: Record<string, unknown> = {}) {
  counter += 1;
  const response = await admin.post('/api/admin/tickets', {
    source: 'phone',
    contact_name: `Заявитель ${counter}`,
    phone: `+996 555 ${String(process.pid % 1000).padStart(3, '0')} ${String(counter).padStart(3, '0')}`,
    email: null,
    prepared_tour_id: null,
    trip_id: null,
    date_from: '2027-06-01',
    date_to: '2027-06-10',
    adults: 2,
    children: 1,
    comment: 'Хотят в Японию',
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: number; phone: string };
}

async function trip(seats: number) {
  const response = await admin.post('/api/admin/trips', {
    title: 'Киото осенью',
    starts_on: '2027-11-01',
    ends_on: '2027-11-08',
    price: 2000,
    currency: 'usd',
    seats,
  });
  return response.json().data as { id: number };
}

const participantsOf = async (tripId: number) =>
  (await admin.get(`/api/admin/trip/${tripId}/participants`)).json().data as {
    user_id: number;
    full_name: string;
    request_id: number | null;
  }[];

describe('creating and reaching requests', () => {
  it('creates a new unassigned request with the phone normalised', async () => {
    const created = await newRequest({ phone: '+996 (700) 11-22-33' });
    const response = await admin.get(`/api/admin/ticket/${created.id}`);
    expect(response.json().data).toMatchObject({
      status: 'new',
      assignee_id: null,
      phone: '+996700112233',
      adults: 2,
      children: 1,
    });
  });

  it('refuses an end date before the start, under the field', async () => {
    const response = await admin.post('/api/admin/tickets', {
      source: 'site',
      contact_name: 'Айбек',
      phone: null,
      email: null,
      prepared_tour_id: null,
      trip_id: null,
      date_from: '2027-06-10',
      date_to: '2027-06-01',
      adults: 1,
      children: 0,
      comment: null,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      date_to: ['Дата окончания не может быть раньше даты начала'],
    });
  });

  it('shows a sales manager its own and the unassigned requests, and nobody else’s', async () => {
    const mark = `Охват${process.pid}`;
    const mine = await newRequest({ contact_name: `${mark} мой` });
    const free = await newRequest({ contact_name: `${mark} свободный` });
    const theirs = await newRequest({ contact_name: `${mark} чужой` });
    await admin.post(`/api/admin/ticket/${mine.id}/assign`, { assignee_id: sales.id });
    await admin.post(`/api/admin/ticket/${theirs.id}/assign`, { assignee_id: otherSales.id });
    const seen = await sales.browser.get(`/api/admin/tickets?search=${encodeURIComponent(mark)}`);
    expect((seen.json().data.data as { id: number }[]).map((r) => r.id)).toEqual([
      free.id,
      mine.id,
    ]);
    expect((await sales.browser.get(`/api/admin/ticket/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await sales.browser.post(`/api/admin/ticket/${theirs.id}/status`, { status: 'in_work' }))
        .statusCode,
    ).toBe(404);
    const all = await admin.get(`/api/admin/tickets?search=${encodeURIComponent(mark)}`);
    expect(all.json().data.total).toBe(3);
  });

  it('counts the requests of each status for the tabs', async () => {
    const mark = `Вкладки${process.pid}`;
    await newRequest({ contact_name: `${mark} 1` });
    const second = await newRequest({ contact_name: `${mark} 2` });
    await admin.post(`/api/admin/ticket/${second.id}/status`, { status: 'in_work' });
    const counts = await admin.get(`/api/admin/tickets/counts?search=${encodeURIComponent(mark)}`);
    expect(counts.json().data).toEqual({ new: 1, in_work: 1, converted: 0, rejected: 0 });
  });

  it('assigns only to staff', async () => {
    const request = await newRequest();
    const client = await createTestUser(db(), { password: null });
    const response = await admin.post(`/api/admin/ticket/${request.id}/assign`, {
      assignee_id: client,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      assignee_id: ['Назначить заявку можно только сотруднику'],
    });
  });
});

describe('the status flow', () => {
  it('needs a reason to reject, and takes a rejected request back into work', async () => {
    const request = await newRequest();
    const bare = await admin.post(`/api/admin/ticket/${request.id}/status`, { status: 'rejected' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({ reason: ['Укажите причину отказа'] });
    const rejected = await admin.post(`/api/admin/ticket/${request.id}/status`, {
      status: 'rejected',
      reason: 'Нет виз на эти даты',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reject_reason: 'Нет виз на эти даты',
    });
    const back = await admin.post(`/api/admin/ticket/${request.id}/status`, { status: 'in_work' });
    expect(back.json().data).toMatchObject({ status: 'in_work', reject_reason: null });
  });

  it('refuses moving a rejected request back to new, in Russian', async () => {
    const request = await newRequest();
    await admin.post(`/api/admin/ticket/${request.id}/status`, {
      status: 'rejected',
      reason: 'Дорого',
    });
    const response = await admin.post(`/api/admin/ticket/${request.id}/status`, { status: 'new' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      status: ['Нельзя перевести заявку из «Отклонены» в «Новые»'],
    });
  });
});

describe('conversion', () => {
  it('matches the contact by phone, creates a new traveller, and converts the request', async () => {
    const request = await newRequest();
    const existing = await createTestUser(db(), {
      password: null,
      full_name: 'Уже Известный Турист',
      phone: request.phone,
    });
    const target = await trip(5);
    const response = await admin.post(`/api/admin/ticket/${request.id}/convert`, {
      trip_id: target.id,
      travellers: [{ full_name: 'Спутница Новая', email: `sputnica${process.pid}@test.example` }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'converted', trip_id: target.id });
    const participants = await participantsOf(target.id);
    expect(participants.map((p) => p.full_name)).toEqual([
      'Уже Известный Турист',
      'Спутница Новая',
    ]);
    expect(participants[0]!.user_id).toBe(existing);
    expect(participants.every((p) => p.request_id === request.id)).toBe(true);
    const again = await admin.post(`/api/admin/ticket/${request.id}/convert`, {
      trip_id: target.id,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Оформить можно только новую заявку или заявку в работе');
  });

  it('leaves nothing behind when the trip lacks a seat for the last traveller', async () => {
    const request = await newRequest();
    const target = await trip(1);
    const usersBefore = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await admin.post(`/api/admin/ticket/${request.id}/convert`, {
      trip_id: target.id,
      travellers: [{ full_name: 'Лишний Спутник' }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'travellers.0.user_id': ['Свободных мест нет: все 1 заняты'],
    });
    expect(await participantsOf(target.id)).toEqual([]);
    const usersAfter = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(usersAfter.n).toBe(usersBefore.n);
    expect((await admin.get(`/api/admin/ticket/${request.id}`)).json().data.status).toBe('new');
  });

  it('names the traveller whose phone is wrong', async () => {
    const request = await newRequest();
    const target = await trip(5);
    const response = await admin.post(`/api/admin/ticket/${request.id}/convert`, {
      trip_id: target.id,
      travellers: [{ full_name: 'Спутник', phone: '12' }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'travellers.0.phone': ['Неверный номер телефона: от 7 до 15 цифр, можно с + в начале'],
    });
    expect(await participantsOf(target.id)).toEqual([]);
  });

  it('keeps a new companion’s birth date and passport, so it is ready as far as they go', async () => {
    const request = await newRequest();
    const target = await trip(5);
    const response = await admin.post(`/api/admin/ticket/${request.id}/convert`, {
      trip_id: target.id,
      travellers: [
        {
          full_name: 'Спутник С Паспортом',
          birth_date: '1991-02-03',
          citizenship: ' Кыргызстан ',
          passport_number: ' AC1234567 ',
          passport_issued_at: '2021-04-05',
          passport_expires_at: '2031-04-04',
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    const companion = (await participantsOf(target.id))[1]!;
    const user = (await admin.get(`/api/admin/user/${companion.user_id}`)).json().data;
    expect(user).toMatchObject({
      full_name: 'Спутник С Паспортом',
      birth_date: '1991-02-03',
      citizenship: 'Кыргызстан',
      passport_number: 'AC1234567',
      passport_issued_at: '2021-04-05',
      passport_expires_at: '2031-04-04',
    });
    // The trip ends on 08.11.2027: a passport valid until 04.04.2031 is enough, nothing is missing
    // but the bookings; the contact, typed with no passport, lacks it and its birth date.
    const summary = (await admin.get(`/api/admin/trip/${target.id}/summary`)).json().data;
    const personal = ['passport_missing', 'passport_expires', 'birth_date_missing'];
    expect(
      Object.fromEntries(
        (summary.readiness as { full_name: string; problems: string[] }[]).map((row) => [
          row.full_name,
          row.problems.filter((problem) => personal.includes(problem)),
        ]),
      ),
    ).toEqual({
      [`Заявитель ${counter}`]: ['passport_missing', 'birth_date_missing'],
      'Спутник С Паспортом': [],
    });
  });

  it('refuses a companion’s passport as the user form does, under that companion', async () => {
    const request = await newRequest();
    const target = await trip(5);
    const usersBefore = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const dates = await admin.post(`/api/admin/ticket/${request.id}/convert`, {
      trip_id: target.id,
      travellers: [
        { full_name: 'Первый Спутник', passport_number: 'AC1' },
        {
          full_name: 'Второй Спутник',
          birth_date: '2999-01-01',
          passport_issued_at: '2024-06-01',
          passport_expires_at: '2024-05-31',
        },
      ],
    });
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors).toEqual({
      'travellers.1.birth_date': ['Дата рождения не может быть в будущем'],
      'travellers.1.passport_expires_at': [
        'Срок действия паспорта должен заканчиваться позже даты выдачи',
      ],
    });
    const shapes = await admin.post(`/api/admin/ticket/${request.id}/convert`, {
      trip_id: target.id,
      travellers: [
        { full_name: 'Первый Спутник', passport_number: 'A'.repeat(51) },
        { full_name: 'Второй Спутник', citizenship: 'К'.repeat(101), birth_date: '03.02.1991' },
      ],
    });
    expect(shapes.statusCode).toBe(422);
    expect(shapes.json().errors).toEqual({
      'travellers.0.passport_number': ['Не длиннее 50 символов'],
      'travellers.1.citizenship': ['Не длиннее 100 символов'],
      'travellers.1.birth_date': ['Неверная дата'],
    });
    expect(await participantsOf(target.id)).toEqual([]);
    const usersAfter = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(usersAfter.n).toBe(usersBefore.n);
  });

  it('writes the request’s changes in its history', async () => {
    const request = await newRequest();
    await admin.post(`/api/admin/ticket/${request.id}/assign`, { assignee_id: sales.id });
    await admin.post(`/api/admin/ticket/${request.id}/convert`, { trip_id: (await trip(3)).id });
    const history = await admin.get(`/api/admin/ticket/${request.id}/history`);
    expect((history.json().data.data as { action: string }[]).map((e) => e.action)).toEqual([
      'converted',
      'assigned',
      'created',
    ]);
  });

  it('names the assignee and the trip in its history, not only their ids', async () => {
    const manager = await signedIn(app, db(), ['sales_manager'], { full_name: 'Бекова Айпери' });
    const request = await newRequest();
    const target = await trip(3);
    await admin.post(`/api/admin/ticket/${request.id}/assign`, { assignee_id: manager.id });
    await admin.put(`/api/admin/ticket/${request.id}`, {
      source: 'phone',
      contact_name: 'Алиев Тимур',
      phone: '+996 555 123 456',
      email: null,
      prepared_tour_id: null,
      trip_id: target.id,
      date_from: null,
      date_to: null,
      adults: 2,
      children: 1,
      comment: null,
    });
    const entries = (await admin.get(`/api/admin/ticket/${request.id}/history`)).json().data
      .data as { action: string; changes: Record<string, unknown>[] }[];
    const changeOf = (action: string, field: string) =>
      entries.find((e) => e.action === action)?.changes.find((c) => c.field === field);
    expect(changeOf('assigned', 'assignee_id')).toEqual({
      field: 'assignee_id',
      old: null,
      new: manager.id,
      new_name: 'Бекова Айпери',
    });
    expect(changeOf('updated', 'trip_id')).toEqual({
      field: 'trip_id',
      old: null,
      new: target.id,
      new_name: 'Киото осенью, 01.11.2027',
    });
  });
});
