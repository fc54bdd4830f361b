import {
  currencyPrecision,
  fromMinorUnits,
  inclusiveDays,
  toMinorUnits,
  type BookingKind,
  type BookingStatus,
  type Currency,
  type PlannedRoom,
  type TripStatus,
} from '@tour/core';
import type { Db } from '../db/database';
import type { SaveBookingBody } from '@tour/core/contract/bookings';
import { saveBooking } from '../routes/bookings/service';
import type { ScopeViewer } from '../domain/reach';
import { addDays, addYears, daysBetween } from './calendar';
import { PROGRAMMES, type Leg, type Programme, type Ride, type Stay } from './programmes';
import type { Dice } from './random';
import { seedSuppliers, type DemoSupplier, type SupplierKey } from './suppliers';

// The demo trips' bookings of every kind (DESIGN.md 5), made through the bookings service as the
// reservations agent makes them: what a trip has booked follows how near it is. Trips that have
// ended or are under way have everything confirmed; the next three weeks are mostly confirmed;
// later ones hold flights and hotels (some only requested) and have asked for the rest; a trip not
// yet confirmed has asked for its whole programme. So a trip's costs stand against its price from
// the start. On purpose, some things are missing: a participant without a ticket, one without a
// policy, a night without a hotel (a cancelled stay not yet replaced), later trips without
// insurance; and the cancelled trip's bookings are cancelled with the suppliers' penalties.

/** A trip of the main section and the status it ends up in. */
export interface DemoTrip {
  id: number;
  status: TripStatus;
}

/** How a booking's supplier gets paid (seed/supplier-payments.ts). */
export type PaymentFate =
  | 'none'
  | 'full'
  | 'split'
  | 'deposit'
  | 'deposit-pending'
  | 'deposit-waiting'
  | 'pending'
  | 'rejected-then-full'
  | 'rejected';

export interface SeededBooking {
  id: number;
  tripId: number;
  tripTitle: string;
  tripStartsOn: string;
  kind: BookingKind;
  title: string;
  currency: Currency;
  status: BookingStatus;
  /** Paid on the spot (a cash desk or an advance) rather than from the bank. */
  onTheSpot: boolean;
  fate: PaymentFate;
  body: SaveBookingBody;
}

export interface BookingsSummary {
  suppliers: number;
  bookings: number;
  byKind: Record<BookingKind, number>;
  byStatus: Record<BookingStatus, number>;
  /** Cancelled with a penalty to pay. */
  penalties: number;
}

/** Where a trip stands on `today`: ended, under way, within three weeks, or later. */
export type Phase = 'past' | 'now' | 'soon' | 'later';

interface Traveller {
  id: number;
  name: string;
  child: boolean;
}

interface TripFacts {
  id: number;
  title: string;
  startsOn: string;
  endsOn: string;
  status: TripStatus;
  phase: Phase;
  programme: Programme;
  travellers: Traveller[];
  /** Price level of this departure: suppliers' rates move a little from trip to trip. */
  level: number;
}

/** What the seed decided on purpose, so the screens have something to show. */
interface Gaps {
  noTicket: number | null;
  noPolicy: number | null;
  hotelGap: number | null;
}

const SOON_DAYS = 21;
const DMC: readonly SupplierKey[] = [
  'jtb',
  'korea-tour',
  'georgian-holidays',
  'silk-road',
  'uz-railways',
];
const TICKET_PREFIX: Partial<Record<SupplierKey, string>> = {
  asiana: '988',
  turkish: '235',
  uzairways: '250',
  airastana: '465',
  pegasus: '624',
};
const DRIVERS: Partial<Record<SupplierKey, readonly string[]>> = {
  'mk-taxi': ['Кобаяси Дайки, +81 90 3318 2207', 'Ватанабэ Сё, +81 80 6624 1190'],
  'korea-tour': ['Чон У Сон, +82 10 7719 4402', 'Хан Сын Ми, +82 10 2281 6630'],
  'georgian-holidays': ['Леван Кипиани, +995 577 20 14 88', 'Давит Мчедлишвили, +995 599 73 05 12'],
  'silk-road': ['Бахтиёр Алиев, +998 93 514 27 80'],
  'turkiye-transfer': ['Мурат Челик, +90 532 778 10 45', 'Озан Арслан, +90 535 201 66 13'],
  'ala-too-trans': ['Талант Бообеков, +996 555 40 18 27', 'Нурлан Каримов, +996 700 62 35 11'],
};
const PNR_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const minorPerMajor = (currency: Currency) => 10 ** currencyPrecision(currency);
const major = (minor: number, currency: Currency) => fromMinorUnits(minor, currency);

export function phaseOf(trip: { startsOn: string; endsOn: string }, today: string): Phase {
  if (trip.endsOn < today) return 'past';
  if (trip.startsOn <= today) return 'now';
  return daysBetween(today, trip.startsOn) <= SOON_DAYS ? 'soon' : 'later';
}

async function tripFacts(
  trx: Db,
  trips: DemoTrip[],
  today: string,
  dice: Dice,
): Promise<TripFacts[]> {
  const ids = trips.map((trip) => trip.id);
  const [rows, people] = await Promise.all([
    trx
      .selectFrom('trips as t')
      .innerJoin('prepared_tours as pt', 'pt.id', 't.prepared_tour_id')
      .select(['t.id', 't.title', 't.starts_on', 't.ends_on', 'pt.title as tour'])
      .where('t.id', 'in', ids)
      .orderBy('t.starts_on')
      .orderBy('t.id')
      .execute(),
    trx
      .selectFrom('trip_participants as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.trip_id', 'u.full_name', 'u.birth_date'])
      .where('p.trip_id', 'in', ids)
      .where('p.status', '<>', 'cancelled')
      .orderBy('p.id')
      .execute(),
  ]);
  const statusOf = new Map(trips.map((trip) => [trip.id, trip.status]));
  const facts: TripFacts[] = [];
  for (const row of rows) {
    const programme = PROGRAMMES[row.tour];
    if (!programme) continue;
    facts.push({
      id: row.id,
      title: row.title,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      status: statusOf.get(row.id)!,
      phase: phaseOf({ startsOn: row.starts_on, endsOn: row.ends_on }, today),
      programme,
      travellers: people
        .filter((person) => person.trip_id === row.id)
        .map((person) => ({
          id: person.id,
          name: person.full_name,
          child: person.birth_date !== null && addYears(person.birth_date, 12) > row.starts_on,
        })),
      level: dice.float(0.97, 1.05),
    });
  }
  return facts;
}

/**
 * The gaps left on purpose: a ticket, a policy, a hotel night (see the module's comment). The
 * ticket is missing on the fullest group, where it weighs least on the trip's costs; the night on
 * a stay of one night, whose penalty is its whole price.
 */
function chooseGaps(trips: TripFacts[]): Gaps {
  const live = trips.filter((trip) => trip.status !== 'cancelled' && trip.status !== 'planned');
  const upcoming = live.filter((trip) => trip.phase === 'soon' || trip.phase === 'later');
  const flying = upcoming.filter(
    (trip) => trip.programme.legs.length > 0 && trip.travellers.length >= 3,
  );
  const noTicket =
    flying.reduce<TripFacts | null>(
      (fullest, trip) =>
        fullest === null || trip.travellers.length > fullest.travellers.length ? trip : fullest,
      null,
    )?.id ?? null;
  const noPolicy =
    live.find(
      (trip) =>
        (trip.phase === 'now' || trip.phase === 'soon') &&
        trip.id !== noTicket &&
        trip.travellers.length >= 3,
    )?.id ?? null;
  const gapless = upcoming.filter(
    (trip) => trip.programme.stays.length >= 2 && trip.id !== noTicket && trip.id !== noPolicy,
  );
  const oneNight = (trip: TripFacts) => {
    const last = trip.programme.stays[trip.programme.stays.length - 1]!;
    return last.to - last.from === 1;
  };
  const hotelGap = (gapless.find(oneNight) ?? gapless[0])?.id ?? null;
  return { noTicket, noPolicy, hotelGap };
}

/**
 * Whether a kind is booked for the trip, and in which status (null: not booked yet). The whole
 * programme is asked for once a departure is on sale, so its costs stand against its price from
 * the start; the policies wait for the travellers' final list.
 */
function statusFor(trip: TripFacts, kind: BookingKind, dice: Dice): BookingStatus | null {
  if (trip.phase === 'past' || trip.phase === 'now') return 'confirmed';
  if (trip.status === 'planned') return kind === 'health_insurance' ? null : 'requested';
  if (trip.phase === 'soon') {
    if (kind === 'guide' || kind === 'activity')
      return dice.chance(0.3) ? 'requested' : 'confirmed';
    return 'confirmed';
  }
  // More than three weeks ahead: tickets issued, hotels held, the rest asked for.
  if (kind === 'air_ticket') return 'confirmed';
  if (kind === 'hotel') return dice.chance(0.6) ? 'confirmed' : 'requested';
  if (kind === 'health_insurance') return null;
  return 'requested';
}

/** When the supplier wants its money: tickets at issue, hotels ahead (Japan's earlier), the rest. */
function dueFor(trip: TripFacts, draft: Draft, supplier: DemoSupplier): string {
  const serviceOn = draft.startsOn;
  switch (draft.kind) {
    case 'air_ticket':
      return addDays(trip.startsOn, -30);
    case 'hotel':
      return addDays(serviceOn, supplier.currency === 'jpy' ? -21 : -14);
    case 'health_insurance':
      return addDays(trip.startsOn, -7);
    default:
      return DMC.includes(draft.supplier) ? addDays(trip.startsOn, -10) : serviceOn;
  }
}

function fateFor(
  trip: TripFacts,
  kind: BookingKind,
  status: BookingStatus,
  dueOn: string,
  today: string,
  dice: Dice,
): PaymentFate {
  if (status !== 'confirmed') return 'none';
  if (trip.phase === 'past' || trip.phase === 'now') {
    if (kind === 'hotel') return dice.chance(0.6) ? 'split' : 'full';
    if (kind === 'air_ticket' || kind === 'health_insurance') return 'full';
    // The invoices of the last few days are paid, not all confirmed yet.
    if (daysBetween(trip.endsOn, today) <= 5 && dice.chance(0.35)) return 'pending';
    return dice.chance(0.12) ? 'rejected-then-full' : 'full';
  }
  if (kind === 'air_ticket') return 'full';
  if (trip.phase === 'later') {
    if (kind !== 'hotel') return 'none';
    return dice.weighted<PaymentFate>([
      ['deposit', 4],
      ['deposit-waiting', 3],
      ['none', 3],
    ]);
  }
  const overdue = dueOn < today;
  if (kind === 'hotel') {
    if (overdue) return dice.chance(0.5) ? 'split' : 'full';
    return dice.chance(0.5) ? 'deposit' : 'deposit-pending';
  }
  if (kind === 'health_insurance') return overdue ? 'full' : 'pending';
  if (overdue) return 'full';
  return dice.weighted<PaymentFate>([
    ['none', 5],
    ['pending', 3],
    ['full', 2],
  ]);
}

/** A programme's price at this departure's level, in minor units, rounded to a sensible step. */
function price(trip: TripFacts, amount: number, currency: Currency): number {
  const step = currency === 'jpy' || currency === 'kgs' ? 100 : 1;
  const levelled = amount >= step * 10 ? Math.round((amount * trip.level) / step) * step : amount;
  return Math.round(levelled * minorPerMajor(currency));
}

function pnr(dice: Dice): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += PNR_LETTERS[dice.int(0, PNR_LETTERS.length - 1)];
  return code;
}

function digits(dice: Dice, count: number): string {
  let text = String(dice.int(1, 9));
  while (text.length < count) text += String(dice.int(0, 9));
  return text;
}

function confirmation(dice: Dice, supplier: SupplierKey): string {
  const prefix = supplier
    .replace(/[^a-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  return `${prefix}-${digits(dice, 6)}`;
}

function vehicle(people: number): { name: string; seats: number; factor: number } {
  if (people <= 4) return { name: 'Минивэн Toyota Alphard', seats: 6, factor: 0.8 };
  if (people <= 9) return { name: 'Микроавтобус Toyota HiAce', seats: 10, factor: 1 };
  return { name: 'Микроавтобус Mercedes Sprinter', seats: 18, factor: 1.5 };
}

interface Draft {
  kind: BookingKind;
  supplier: SupplierKey;
  startsOn: string;
  endsOn: string;
  cost?: number;
  status: BookingStatus;
  notes?: string;
  details: SaveBookingBody['details'];
  participants: SaveBookingBody['participants'];
  onTheSpot?: boolean;
  /** A flight the transfers refer to. */
  leg?: Leg['key'];
  flight?: Leg['key'];
}

/**
 * Everything the trip books, in the order a reservations agent books it: flights first (the
 * transfers refer to them), then hotels, transfers, guides, tickets, expenses and insurance.
 */
function draftsFor(
  trip: TripFacts,
  gaps: Gaps,
  dice: Dice,
  suppliers: Map<SupplierKey, DemoSupplier>,
): Draft[] {
  const { programme, travellers } = trip;
  const day = (offset: number) => addDays(trip.startsOn, offset);
  const currencyOf = (key: SupplierKey) => suppliers.get(key)!.currency;
  const drafts: Draft[] = [];
  const everyone = travellers;

  // Flights: one booking per leg with every ticket, there and back; one traveller's ticket home
  // is not issued yet.
  const status = statusFor(trip, 'air_ticket', dice);
  const missing = gaps.noTicket === trip.id ? everyone[everyone.length - 1] : undefined;
  if (status) {
    for (const leg of programme.legs) {
      const currency = currencyOf(leg.airline);
      const adult = price(trip, leg.fare, currency);
      const child = Math.round((adult * 0.75) / minorPerMajor(currency)) * minorPerMajor(currency);
      const prefix = TICKET_PREFIX[leg.airline] ?? '000';
      drafts.push({
        kind: 'air_ticket',
        supplier: leg.airline,
        startsOn: day(leg.day),
        endsOn: day(leg.day),
        status,
        leg: leg.key,
        notes:
          [
            leg.via ? `Через ${leg.via}` : null,
            missing && leg.key === 'back'
              ? `${missing.name}: обратный билет не выписан — решает, остаться ли на неделю`
              : null,
          ]
            .filter(Boolean)
            .join('. ') || undefined,
        details: {
          carrier: suppliers.get(leg.airline)!.name,
          flight_number: leg.flight,
          from_airport: leg.from,
          to_airport: leg.to,
          departs_at: leg.departs,
          arrives_at: leg.arrives,
          flight_class: leg.flightClass ?? 'economy',
          pnr: pnr(dice),
          baggage: leg.baggage,
        },
        participants: everyone
          .filter((person) => person !== missing || leg.key !== 'back')
          .map((person) => ({
            participant_id: person.id,
            ticket_number: status === 'confirmed' ? `${prefix}-${digits(dice, 10)}` : null,
            ticket_cost: major(person.child ? child : adult, currency),
          })),
      });
    }
  }

  // Hotels: one booking a stay with its room plan — rooms of two (or three) of the programme's
  // type in the travellers' order (families together), an odd one out in a single room.
  const hotelStatus = statusFor(trip, 'hotel', dice);
  if (hotelStatus) {
    programme.stays.forEach((stay: Stay, index) => {
      const currency = currencyOf(stay.hotel);
      const nights = stay.to - stay.from;
      const rate = price(trip, stay.rate, currency);
      const places = stay.room === 'TRPL' ? 3 : 2;
      // An odd one out is an adult (a child stays with the family).
      const adults = everyone.filter((person) => !person.child);
      const single =
        places === 2 && everyone.length % 2 === 1
          ? (adults[adults.length - 1] ?? everyone[everyone.length - 1])
          : undefined;
      const sharing = everyone.filter((person) => person !== single);
      const roomPlan: PlannedRoom[] = [];
      for (let i = 0; i < sharing.length; i += places) {
        roomPlan.push({
          room_type: stay.room,
          participant_ids: sharing.slice(i, i + places).map((person) => person.id),
        });
      }
      if (single) roomPlan.push({ room_type: 'SGL', participant_ids: [single.id] });
      if (roomPlan.length === 0) return;
      const singleRate =
        Math.round((rate * 0.8) / minorPerMajor(currency)) * minorPerMajor(currency);
      const shared = roomPlan.length - (single ? 1 : 0);
      const gap = gaps.hotelGap === trip.id && index === programme.stays.length - 1;
      // 'Пансионат «Радуга», Чолпон-Ата' is the hotel 'Пансионат «Радуга»' in Чолпон-Ата.
      const hotelName = suppliers.get(stay.hotel)!.name.replace(`, ${stay.city}`, '');
      const early =
        shared > 0 && index === 0 && hotelStatus === 'confirmed' && dice.chance(0.3)
          ? 'Ранний заезд подтверждён'
          : null;
      drafts.push({
        kind: 'hotel',
        supplier: stay.hotel,
        startsOn: day(stay.from),
        endsOn: day(stay.to),
        status: gap ? 'confirmed' : hotelStatus,
        cost: nights * (shared * rate + (single ? singleRate : 0)),
        notes:
          [early, single ? `Одноместное размещение: ${single.name}` : null]
            .filter(Boolean)
            .join('. ') || undefined,
        details: {
          hotel_name: hotelName,
          city: stay.city,
          category: stay.category,
          meal_plan: stay.meal,
          room_plan: roomPlan,
        },
        participants: everyone.map((person) => ({ participant_id: person.id })),
      });
    });
  }

  // Transfers: the ones meeting or seeing off a flight name it.
  const transferStatus = statusFor(trip, 'transfer', dice);
  if (transferStatus) {
    const car = vehicle(everyone.length);
    programme.rides.forEach((ride: Ride) => {
      const currency = currencyOf(ride.company);
      const known = DRIVERS[ride.company] ?? [];
      drafts.push({
        kind: 'transfer',
        supplier: ride.company,
        startsOn: day(ride.day),
        endsOn: day(ride.day),
        status: transferStatus,
        onTheSpot: !DMC.includes(ride.company),
        flight: ride.flight,
        cost: Math.round(price(trip, ride.cost, currency) * car.factor),
        details: {
          time: ride.time,
          direction: ride.direction,
          from_place: ride.from,
          to_place: ride.to,
          vehicle: car.name,
          seats: car.seats,
          driver_contact:
            transferStatus === 'confirmed' && known.length > 0 ? dice.pick(known) : null,
        },
        participants: everyone.map((person) => ({ participant_id: person.id })),
      });
    });
  }

  const guideStatus = statusFor(trip, 'guide', dice);
  if (guideStatus) {
    for (const guiding of programme.guides) {
      const currency = currencyOf(guiding.supplier);
      drafts.push({
        kind: 'guide',
        supplier: guiding.supplier,
        startsOn: day(guiding.from),
        endsOn: day(guiding.to),
        status: guideStatus,
        onTheSpot: !DMC.includes(guiding.supplier),
        details: {
          guide_name: guiding.guide,
          languages: guiding.languages,
          rate_per_day: major(price(trip, guiding.rate, currency), currency),
        },
        participants: everyone.map((person) => ({ participant_id: person.id })),
      });
    }
  }

  const visitStatus = statusFor(trip, 'activity', dice);
  if (visitStatus) {
    for (const visit of programme.visits) {
      const currency = currencyOf(visit.supplier);
      const children = visit.child === undefined ? 0 : everyone.filter((p) => p.child).length;
      const tickets = [
        {
          category: visit.adultLabel ?? 'Взрослый',
          count: everyone.length - children,
          price: major(price(trip, visit.adult, currency), currency),
        },
      ];
      if (children > 0) {
        tickets.push({
          category: 'Детский (до 12 лет)',
          count: children,
          price: major(price(trip, visit.child!, currency), currency),
        });
      }
      drafts.push({
        kind: 'activity',
        supplier: visit.supplier,
        startsOn: day(visit.day),
        endsOn: day(visit.day),
        status: visitStatus,
        onTheSpot: true,
        details: { venue: visit.venue, time: visit.time, tickets },
        participants: everyone.map((person) => ({ participant_id: person.id })),
      });
    }
  }

  const expenseStatus = statusFor(trip, 'tour_expense', dice);
  if (expenseStatus) {
    for (const expense of programme.expenses) {
      const currency = currencyOf(expense.supplier);
      drafts.push({
        kind: 'tour_expense',
        supplier: expense.supplier,
        startsOn: day(expense.day),
        endsOn: day(expense.day),
        status: expenseStatus,
        onTheSpot: true,
        cost: price(trip, expense.perPerson, currency) * everyone.length,
        details: { category: expense.category, description: expense.description },
        participants: everyone.map((person) => ({ participant_id: person.id })),
      });
    }
  }

  // The group's policy; one traveller sends their own (and has not yet).
  const insuranceStatus = statusFor(trip, 'health_insurance', dice);
  if (insuranceStatus) {
    const cover = programme.insurance;
    const currency = currencyOf(cover.insurer);
    const uninsured =
      gaps.noPolicy === trip.id ? (everyone.find((p) => !p.child) ?? everyone[0]) : undefined;
    const insured = everyone.filter((person) => person !== uninsured);
    const days = inclusiveDays(trip.startsOn, trip.endsOn);
    const prefix = cover.insurer === 'jubilee' ? 'JBL-MT-' : `KIS ${trip.startsOn.slice(2, 4)} `;
    drafts.push({
      kind: 'health_insurance',
      supplier: cover.insurer,
      startsOn: trip.startsOn,
      endsOn: trip.endsOn,
      status: insuranceStatus,
      cost: Math.round(cover.perDay * minorPerMajor(currency)) * days * insured.length,
      notes: uninsured
        ? `${uninsured.name} оформляет полис сам — копию ещё не прислал(а)`
        : undefined,
      details: {
        plan: cover.plan,
        coverage: cover.coverage,
        coverage_currency: cover.coverageCurrency,
        territory: cover.territory,
      },
      participants: insured.map((person) => ({
        participant_id: person.id,
        policy_number: insuranceStatus === 'confirmed' ? `${prefix}${digits(dice, 7)}` : null,
      })),
    });
  }
  return drafts.filter((draft) => draft.participants.length > 0);
}

/** The body the bookings service takes for a draft. */
function bodyOf(
  trip: TripFacts,
  draft: Draft,
  supplier: DemoSupplier,
  dueOn: string,
  flights: Map<Leg['key'], number>,
  dice: Dice,
): SaveBookingBody {
  const currency = supplier.currency;
  const details =
    draft.kind === 'transfer' && draft.flight && flights.has(draft.flight)
      ? { ...draft.details, flight_booking_id: flights.get(draft.flight)! }
      : draft.details;
  return {
    kind: draft.kind,
    trip_id: trip.id,
    supplier_id: supplier.id,
    starts_on: draft.startsOn,
    ends_on: draft.endsOn,
    cost: draft.cost === undefined ? null : major(draft.cost, currency),
    currency,
    status: draft.status,
    penalty: null,
    confirmation_number:
      draft.status === 'confirmed' && draft.kind !== 'tour_expense'
        ? confirmation(dice, draft.supplier)
        : null,
    payment_due_on: dueOn,
    notes: draft.notes ?? null,
    details,
    participants: draft.participants,
  };
}

export interface BookingsSeed {
  suppliers: Map<SupplierKey, DemoSupplier>;
  bookings: SeededBooking[];
  trips: TripFacts[];
}

/**
 * The supplier directory, then every trip's bookings (the cancelled trips' too, before they are
 * cancelled: see cancelBookingsOfTrips). Returns what the payments need.
 */
export async function seedBookings(
  trx: Db,
  options: { today: string; dice: Dice; trips: DemoTrip[]; viewer: ScopeViewer },
): Promise<BookingsSeed> {
  const { today, dice, viewer } = options;
  const suppliers = await seedSuppliers(trx, viewer);
  const trips = await tripFacts(trx, options.trips, today, dice);
  const gaps = chooseGaps(trips);
  const bookings: SeededBooking[] = [];
  for (const trip of trips) {
    const flights = new Map<Leg['key'], number>();
    for (const draft of draftsFor(trip, gaps, dice, suppliers)) {
      const supplier = suppliers.get(draft.supplier)!;
      const dueOn = dueFor(trip, draft, supplier);
      const body = bodyOf(trip, draft, supplier, dueOn, flights, dice);
      const saved = await saveBooking(trx, viewer, null, body);
      if (draft.leg) flights.set(draft.leg, saved.id);
      bookings.push({
        id: saved.id,
        tripId: trip.id,
        tripTitle: trip.title,
        tripStartsOn: trip.startsOn,
        kind: draft.kind,
        title: saved.title,
        currency: supplier.currency,
        status: draft.status,
        onTheSpot: draft.onTheSpot ?? false,
        fate: fateFor(trip, draft.kind, draft.status, dueOn, today, dice),
        body,
      });
    }
  }
  await cancelHotelGap(trx, viewer, bookings, gaps);
  await cancelOnTheDay(trx, viewer, bookings, trips);
  ensureVariety(bookings, trips, today);
  return { suppliers, bookings, trips };
}

/**
 * Whatever the dice said, the payments show every case: a supplier's invoice past due and not
 * paid, a hotel past its deadline with only the deposit paid, a payment rejected and made again,
 * one rejected and not yet made again, one waiting for confirmation.
 */
function ensureVariety(bookings: SeededBooking[], trips: TripFacts[], today: string) {
  const live = trips.filter((trip) => trip.status !== 'cancelled');
  const of = (phases: Phase[]) => {
    const ids = new Set(live.filter((t) => phases.includes(t.phase)).map((t) => t.id));
    return bookings.filter((b) => ids.has(b.tripId) && b.status === 'confirmed');
  };
  const past = of(['past']).reverse();
  const unpaid = past.find((b) => b.kind === 'guide') ?? past.find((b) => b.kind === 'transfer');
  if (unpaid) unpaid.fate = 'none';
  const redone = of(['past']).find((b) => b.kind === 'transfer' && b !== unpaid);
  if (redone) redone.fate = 'rejected-then-full';
  const near = of(['now', 'soon']);
  const late = near.find(
    (b) => b.kind === 'hotel' && (b.body.payment_due_on ?? today) < today && b.fate !== 'none',
  );
  if (late) late.fate = 'deposit';
  const waiting = near.find((b) => b.kind === 'hotel' && b !== late);
  if (waiting) waiting.fate = 'deposit-pending';
  const refused = near.find((b) => b.kind !== 'hotel' && b.kind !== 'air_ticket');
  if (refused) refused.fate = 'rejected';
}

async function update(
  trx: Db,
  viewer: ScopeViewer,
  booking: SeededBooking,
  changes: Partial<SaveBookingBody>,
) {
  booking.body = { ...booking.body, ...changes };
  await saveBooking(trx, viewer, booking.id, booking.body);
  booking.status = booking.body.status;
}

/** The stay of the hotel gap: cancelled late, a night's penalty, nothing booked instead yet. */
async function cancelHotelGap(trx: Db, viewer: ScopeViewer, bookings: SeededBooking[], gaps: Gaps) {
  if (gaps.hotelGap === null) return;
  const hotels = bookings.filter((b) => b.tripId === gaps.hotelGap && b.kind === 'hotel');
  const last = hotels[hotels.length - 1]!.body.starts_on;
  for (const booking of hotels.filter((b) => b.body.starts_on === last)) {
    const nights = inclusiveDays(booking.body.starts_on, booking.body.ends_on!) - 1;
    const cost = toMinor(booking.body.cost!, booking.currency);
    await update(trx, viewer, booking, {
      status: 'cancelled',
      penalty: major(Math.round(cost / nights), booking.currency),
      notes: 'Сняли бронь: группу переселяем, штраф за позднюю отмену — одна ночь. Замену ещё ищем',
    });
    booking.fate = 'none';
  }
}

/** Weather: the balloon flight of a trip under way did not fly (no penalty for that). */
async function cancelOnTheDay(
  trx: Db,
  viewer: ScopeViewer,
  bookings: SeededBooking[],
  trips: TripFacts[],
) {
  const underWay = new Set(trips.filter((t) => t.phase === 'now').map((t) => t.id));
  const balloon = bookings.find(
    (b) => underWay.has(b.tripId) && b.kind === 'activity' && b.title.includes('воздушном шаре'),
  );
  if (!balloon) return;
  await update(trx, viewer, balloon, {
    status: 'cancelled',
    notes: 'Полёт отменён из-за сильного ветра: оператор вернул предоплату, штрафа нет',
  });
  balloon.fate = 'none';
}

const toMinor = (amount: number | string, currency: Currency) => toMinorUnits(amount, currency);

/**
 * After the trips are cancelled: their bookings cancelled as the suppliers' terms say, each
 * penalty kept as its cost (a night of the hotel, a fee per ticket, half a guide's day, rail
 * tickets in full; insurance, transfers and entrance tickets free).
 */
export async function cancelBookingsOfTrips(
  trx: Db,
  viewer: ScopeViewer,
  seed: BookingsSeed,
  tripIds: number[],
  today: string,
) {
  for (const booking of seed.bookings.filter((b) => tripIds.includes(b.tripId))) {
    if (booking.status === 'cancelled') continue;
    const { body, currency } = booking;
    const unit = minorPerMajor(currency);
    let penalty: number | null = null;
    if (booking.kind === 'hotel') {
      const nights = inclusiveDays(body.starts_on, body.ends_on!) - 1;
      penalty = Math.round(toMinor(body.cost!, currency) / nights);
    } else if (booking.kind === 'air_ticket') {
      penalty = 50 * unit * body.participants.length;
    } else if (booking.kind === 'guide') {
      penalty = Math.round(toMinor(body.details.rate_per_day!, currency) / 2);
    } else if (booking.kind === 'tour_expense') {
      penalty = toMinor(body.cost!, currency);
    }
    // Cancelled twelve days before the start, or (a trip still ahead) ten days ago: the long
    // cancelled trip's penalties are paid; of the recent one, only the airline's so far.
    const trip = seed.trips.find((t) => t.id === booking.tripId)!;
    const cancelledOn = trip.phase === 'past' ? addDays(trip.startsOn, -12) : addDays(today, -10);
    await update(trx, viewer, booking, {
      status: 'cancelled',
      penalty: penalty === null ? null : major(penalty, currency),
      payment_due_on: penalty === null ? body.payment_due_on : addDays(cancelledOn, 7),
      notes: [body.notes, `Тур отменён ${formatDay(cancelledOn)}`].filter(Boolean).join('. '),
    });
    booking.fate =
      penalty !== null && (trip.phase === 'past' || booking.kind === 'air_ticket')
        ? 'full'
        : 'none';
  }
}

function formatDay(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

export function summarizeBookings(seed: BookingsSeed): BookingsSummary {
  const byKind = {
    hotel: 0,
    air_ticket: 0,
    health_insurance: 0,
    transfer: 0,
    guide: 0,
    activity: 0,
    tour_expense: 0,
  } satisfies Record<BookingKind, number>;
  const byStatus = { requested: 0, confirmed: 0, cancelled: 0 } satisfies Record<
    BookingStatus,
    number
  >;
  let penalties = 0;
  for (const booking of seed.bookings) {
    byKind[booking.kind] += 1;
    byStatus[booking.status] += 1;
    if (booking.status === 'cancelled' && Number(booking.body.penalty ?? 0) > 0) penalties += 1;
  }
  return {
    suppliers: seed.suppliers.size,
    bookings: seed.bookings.length,
    byKind,
    byStatus,
    penalties,
  };
}
