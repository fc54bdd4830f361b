import { sql } from 'kysely';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import * as roomPlans from '../src/db/migrations/2026-12-02T1220-room-plans';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// Migration room-plans: a hotel booking kept as one room type × a number of rooms becomes that
// many rooms of the type, its tourists staying in the rooms they had (more rooms when one was
// beyond them); and back. Its own database: the migration rewrites every hotel booking.

const database = useTestDatabase({ max: 2 });
const db = (): Db => database().db;
let app: App;
let agent: { browser: Browser; id: number };

beforeAll(async () => {
  app = await buildTestApp(db());
  agent = await signedIn(app, db(), ['reservation_agent']);
});
afterAll(async () => {
  await app.close();
});

it('turns room type × rooms into a room plan, the tourists in their rooms', async () => {
  const trip = (
    await agent.browser.post('/api/admin/trips', {
      title: 'Стамбул',
      country: 'Турция',
      starts_on: '2027-04-01',
      ends_on: '2027-04-05',
      price: 900,
      currency: 'usd',
      seats: 5,
    })
  ).json().data;
  const people: number[] = [];
  for (const full_name of ['Аида', 'Бекзат', 'Гүлнара']) {
    const user = await createTestUser(db(), { password: null, full_name });
    people.push(
      (
        await agent.browser.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user })
      ).json().data.id,
    );
  }
  const [a, b, c] = people as [number, number, number];
  const supplier = (
    await agent.browser.post('/api/admin/suppliers', { name: 'Sura Hotel', kinds: ['hotel'] })
  ).json().data.id;
  const booking = (
    await agent.browser.post('/api/admin/bookings', {
      kind: 'hotel',
      trip_id: trip.id,
      supplier_id: supplier,
      starts_on: '2027-04-01',
      ends_on: '2027-04-05',
      cost: 640,
      currency: 'usd',
      status: 'confirmed',
      details: {
        hotel_name: 'Sura',
        city: 'Стамбул',
        meal_plan: 'BB',
        room_plan: [
          { room_type: 'TWN', participant_ids: [a, b] },
          { room_type: 'TWN', participant_ids: [c] },
        ],
      },
      participants: [{ participant_id: a }, { participant_id: b }, { participant_id: c }],
    })
  ).json().data;

  // As the booking was kept before the migration: TWN × 2.
  await roomPlans.down(db());
  const old = await db()
    .selectFrom('bookings')
    .select('details')
    .where('id', '=', booking.id)
    .executeTakeFirstOrThrow();
  expect(old.details).toEqual({
    hotel_name: 'Sura',
    city: 'Стамбул',
    meal_plan: 'BB',
    room_type: 'TWN',
    rooms: 2,
  });
  // A tourist put in a room beyond the rooms (room 3 of 2) gets a room of the type too.
  await sql`update booking_participants set room = 3
    where booking_id = ${booking.id} and participant_id = ${c}`.execute(db());

  await roomPlans.up(db());
  const after = (await agent.browser.get(`/api/admin/booking/${booking.id}`)).json().data;
  expect(after.details).toEqual({
    hotel_name: 'Sura',
    city: 'Стамбул',
    meal_plan: 'BB',
    room_plan: [
      { room_type: 'TWN', participant_ids: [a, b] },
      { room_type: 'TWN', participant_ids: [] },
      { room_type: 'TWN', participant_ids: [c] },
    ],
  });
});
