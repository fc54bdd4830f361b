import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { refreshAllStaleGaps } from '../src/routes/bookings/gaps';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// A trip's tourists need a flight there and back (DESIGN.md 3 "Trips and tours": readiness),
// unless the trip is marked one way or without flights: one ticket out no longer clears «Нет
// авиабилета». Every expected value is written by hand.

const database = useTestDatabase({ max: 4 });
const db = (): Db => database().db;
let app: App;
let agent: { browser: Browser; id: number };
let airline: number;

type Reply = Awaited<ReturnType<Browser['get']>>;

async function ok(response: Reply) {
  expect([response.statusCode, response.json().code]).toEqual([200, 1]);
  return response.json().data;
}

/** A trip to Japan, 10–16 May 2027, with a tourist per name: the trip and participants' ids. */
async function tripWith(names: string[], extra: object = {}) {
  const trip = await ok(
    await agent.browser.post('/api/admin/trips', {
      title: `Япония: ${names.join(', ')}`,
      country: 'Япония',
      starts_on: '2027-05-10',
      ends_on: '2027-05-16',
      price: 2000,
      currency: 'usd',
      seats: 10,
      ...extra,
    }),
  );
  const participants: number[] = [];
  for (const name of names) {
    const user = await createTestUser(db(), { password: null, full_name: name });
    const added = await ok(
      await agent.browser.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user }),
    );
    participants.push(added.id);
  }
  return { id: trip.id as number, participants };
}

/** An air ticket booking of the trip for `who`: from → to on a day of May 2027. */
function flight(tripId: number, who: number[], from: string, to: string, day: number) {
  const date = `2027-05-${String(day).padStart(2, '0')}`;
  return agent.browser.post('/api/admin/bookings', {
    kind: 'air_ticket',
    trip_id: tripId,
    supplier_id: airline,
    starts_on: date,
    ends_on: date,
    currency: 'usd',
    status: 'confirmed',
    details: {
      carrier: 'Asiana Airlines',
      flight_number: `OZ ${100 + day}`,
      from_airport: from,
      to_airport: to,
      departs_at: '08:00',
      arrives_at: '16:00',
      flight_class: 'economy',
    },
    participants: who.map((participant_id) => ({ participant_id, ticket_cost: 450 })),
  });
}

/** Each tourist's flight problems on the trip summary's readiness (hotel and policy aside). */
async function flightProblems(tripId: number): Promise<Record<string, string[]>> {
  const summary = await ok(await agent.browser.get(`/api/admin/trip/${tripId}/summary`));
  return Object.fromEntries(
    (summary.readiness as { full_name: string; problems: string[] }[]).map((row) => [
      row.full_name,
      row.problems.filter((problem) => problem.includes('flight')),
    ]),
  );
}

/**
 * The same from the dashboard's trips with missing bookings (the stored gaps, once refreshed):
 * every tourist is there, lacking a hotel and a policy besides.
 */
async function dashboardFlightProblems(tripId: number): Promise<Record<string, string[]>> {
  await refreshAllStaleGaps(db());
  const dashboard = await ok(
    await agent.browser.get('/api/admin/bookings/dashboard?month=05-2027'),
  );
  const trip = dashboard.missing.items.find((item: { trip_id: number }) => item.trip_id === tripId);
  return Object.fromEntries(
    (trip?.participants ?? []).map((row: { full_name: string; problems: string[] }) => [
      row.full_name,
      row.problems.filter((problem) => problem.includes('flight')),
    ]),
  );
}

const markTrip = async (tripId: number, flights: string) => {
  const trip = await ok(await agent.browser.get(`/api/admin/trip/${tripId}`));
  return agent.browser.put(`/api/admin/trip/${tripId}`, {
    title: trip.title,
    country: trip.country,
    starts_on: trip.starts_on,
    ends_on: trip.ends_on,
    price: trip.price,
    currency: trip.currency,
    seats: trip.seats,
    flights,
    manager_id: trip.manager_id,
    itinerary: trip.itinerary,
    notes: trip.notes,
  });
};

beforeAll(async () => {
  app = await buildTestApp(db());
  agent = await signedIn(app, db(), ['reservation_agent'], { full_name: 'Агент Бронирования' });
  airline = (
    await ok(
      await agent.browser.post('/api/admin/suppliers', {
        name: 'Asiana Airlines (тест готовности)',
        kinds: ['air_ticket'],
      }),
    )
  ).id;
});
afterAll(async () => {
  await app.close();
});

describe('flights there and back', () => {
  it('are what a trip flies by default, and a flight one way leaves the other missing', async () => {
    const trip = await tripWith(['Айдай', 'Бакыт', 'Венера']);
    const [a, b, c] = trip.participants as [number, number, number];
    expect((await ok(await agent.browser.get(`/api/admin/trip/${trip.id}`))).flights).toBe(
      'round_trip',
    );
    expect(await flightProblems(trip.id)).toEqual({
      Айдай: ['flight_missing'],
      Бакыт: ['flight_missing'],
      Венера: ['flight_missing'],
    });

    // Out to Tokyo on the first day: Айдай and Бакыт; Венера flies out later, alone.
    await ok(await flight(trip.id, [a, b], 'FRU', 'NRT', 10));
    expect(await flightProblems(trip.id)).toEqual({
      Айдай: ['return_flight_missing'],
      Бакыт: ['return_flight_missing'],
      Венера: ['flight_missing'],
    });
    // Back from Osaka to Bishkek on the last day: Айдай, and Венера, who has no flight out yet.
    await ok(await flight(trip.id, [a, c], 'KIX', 'FRU', 16));
    expect(await flightProblems(trip.id)).toEqual({
      Айдай: [],
      Бакыт: ['return_flight_missing'],
      Венера: ['outbound_flight_missing'],
    });
    expect(await dashboardFlightProblems(trip.id)).toEqual({
      Айдай: [],
      Бакыт: ['return_flight_missing'],
      Венера: ['outbound_flight_missing'],
    });

    // A connection on the way back that lands elsewhere is not home yet: Бакыт flies KIX → ICN.
    await ok(await flight(trip.id, [b], 'KIX', 'ICN', 16));
    expect((await flightProblems(trip.id)).Бакыт).toEqual(['return_flight_missing']);
    // The second leg home closes the circle.
    await ok(await flight(trip.id, [b], 'ICN', 'FRU', 16));
    await ok(await flight(trip.id, [c], 'FRU', 'NRT', 11));
    expect(await flightProblems(trip.id)).toEqual({ Айдай: [], Бакыт: [], Венера: [] });
    expect(await dashboardFlightProblems(trip.id)).toEqual({ Айдай: [], Бакыт: [], Венера: [] });
  });

  it('clears with one flight on a trip marked one way, and needs none without flights', async () => {
    const trip = await tripWith(['Гульмира', 'Данияр'], { flights: 'one_way' });
    const [a] = trip.participants as [number, number];
    expect((await ok(await agent.browser.get(`/api/admin/trip/${trip.id}`))).flights).toBe(
      'one_way',
    );
    await ok(await flight(trip.id, [a], 'FRU', 'NRT', 10));
    expect(await flightProblems(trip.id)).toEqual({ Гульмира: [], Данияр: ['flight_missing'] });

    // Marked round trip afterwards: the stored gaps follow the mark at once.
    await ok(await markTrip(trip.id, 'round_trip'));
    expect(await dashboardFlightProblems(trip.id)).toEqual({
      Гульмира: ['return_flight_missing'],
      Данияр: ['flight_missing'],
    });
    // Without flights (they fly on their own): no ticket is missing, the mark is in the history.
    const marked = await ok(await markTrip(trip.id, 'none'));
    expect(marked.flights).toBe('none');
    expect(await flightProblems(trip.id)).toEqual({ Гульмира: [], Данияр: [] });
    expect(await dashboardFlightProblems(trip.id)).toEqual({ Гульмира: [], Данияр: [] });
    const history = await ok(await agent.browser.get(`/api/admin/trip/${trip.id}/history`));
    expect(
      (history.data as { changes: { field: string; old: unknown; new: unknown }[] }[])
        .flatMap((entry) => entry.changes)
        .filter((change) => change.field === 'flights'),
    ).toEqual([
      { field: 'flights', old: 'round_trip', new: 'none' },
      { field: 'flights', old: 'one_way', new: 'round_trip' },
      { field: 'flights', old: null, new: 'one_way' },
    ]);
  });

  it('follows a flight whose route is corrected', async () => {
    const trip = await tripWith(['Жамиля']);
    const [a] = trip.participants as [number];
    await ok(await flight(trip.id, [a], 'FRU', 'NRT', 10));
    const back = await ok(await flight(trip.id, [a], 'KIX', 'ALA', 16));
    expect(await dashboardFlightProblems(trip.id)).toEqual({ Жамиля: ['return_flight_missing'] });
    // The ticket home was typed to Almaty by mistake: corrected to Bishkek.
    const corrected = await agent.browser.put(`/api/admin/booking/${back.id}`, {
      kind: 'air_ticket',
      trip_id: trip.id,
      supplier_id: airline,
      starts_on: '2027-05-16',
      ends_on: '2027-05-16',
      currency: 'usd',
      status: 'confirmed',
      details: { ...back.details, to_airport: 'FRU' },
      participants: [{ participant_id: a, ticket_cost: 450 }],
    });
    await ok(corrected);
    expect(await dashboardFlightProblems(trip.id)).toEqual({ Жамиля: [] });
  });

  it('refuses a mark it does not know, in Russian', async () => {
    const response = await agent.browser.post('/api/admin/trips', {
      title: 'Непонятный перелёт',
      starts_on: '2027-05-10',
      ends_on: '2027-05-16',
      price: 1000,
      currency: 'usd',
      seats: 5,
      flights: 'sometimes',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['flights']);
    expect(response.json().errors.flights[0]).toMatch(/[а-я]/);
  });
});

describe('a tourist made on the spot', () => {
  it('is ready as to its passport once its number and expiry are typed, as «Новый турист» sends them', async () => {
    const sales = await signedIn(app, db(), ['sales_manager'], { full_name: 'Продажи Готовность' });
    const trip = await ok(
      await sales.browser.post('/api/admin/trips', {
        title: 'Япония: новый турист',
        country: 'Япония',
        starts_on: '2027-05-10',
        ends_on: '2027-05-16',
        price: 2000,
        currency: 'usd',
        seats: 10,
      }),
    );
    const person = (full_name: string, passport: object) => ({
      full_name,
      phone: null,
      email: null,
      birth_date: '1990-05-17',
      citizenship: 'Кыргызстан',
      passport_issued_at: null,
      roles: ['client'],
      ...passport,
    });
    // The dialog used to send the number alone: that tourist is still «Нет паспорта».
    for (const body of [
      person('С паспортом', { passport_number: 'AC1234567', passport_expires_at: '2031-04-04' }),
      person('Номер без срока', { passport_number: 'AC7654321', passport_expires_at: null }),
      person('Паспорт истекает', {
        passport_number: 'AC1111111',
        passport_expires_at: '2027-09-01',
      }),
    ]) {
      const user = await ok(await sales.browser.post('/api/admin/users', body));
      await ok(
        await sales.browser.post(`/api/admin/trip/${trip.id}/participants`, { user_id: user.id }),
      );
    }
    const summary = await ok(await sales.browser.get(`/api/admin/trip/${trip.id}/summary`));
    const personal = ['passport_missing', 'passport_expires', 'birth_date_missing'];
    expect(
      Object.fromEntries(
        (summary.readiness as { full_name: string; problems: string[] }[]).map((row) => [
          row.full_name,
          row.problems.filter((problem) => personal.includes(problem)),
        ]),
      ),
    ).toEqual({
      'С паспортом': [],
      'Номер без срока': ['passport_missing'],
      // The trip ends on 16.05.2027: valid until 01.09.2027 is less than six months after.
      'Паспорт истекает': ['passport_expires'],
    });
  });
});
