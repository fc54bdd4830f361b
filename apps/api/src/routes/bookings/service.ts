import {
  BOOKING_DETAIL_FIELDS,
  BOOKING_REQUIRED_DETAILS,
  bookingCostOf,
  isSingleDayKind,
  dayjs,
  formatDate,
  inclusiveDays,
  owesSupplier,
  paymentStateOf,
  ROOM_TYPES,
  type BookingKind,
  type BookingStatus,
  type Currency,
  type PlannedRoom,
  type RoomType,
} from '@tour/core';
import type { Db } from '../../db/database';
import { priceMinorOf } from '../../lib/amount';
import { storedCurrency } from '../../lib/currency';
import { FieldErrors } from '../../lib/field-errors';
import { notFound } from '../../lib/http-errors';
import { paged } from '../../lib/paging';
import { changedFields, recordChanges } from '../../domain/history';
import { businessToday } from '../../domain/business-day';
import { majorNumber } from '../../domain/money';
import type { ScopeViewer } from '../../domain/reach';
import { rememberedUntilBookingsChange } from './remembered';
import * as repo from './repository';

// What a trip's summary shows of its bookings: their costs and what is still missing.
export { gapsOfTrip } from './gaps';
export { tripBookingCosts } from './trip-costs';
// What a tourist's travel pack (routes/travel-pack) prints of them: the trip's bookings with their
// participants, and the vouchers.
export { tripBookings, type BookingParticipantRow, type BookingRow } from './repository';
export { detailLabel, detailText, supplierContacts, voucherDocx } from './voucher';
import {
  BOOKINGS_PER_PAGE,
  type BookingJson,
  type BookingListItemJson,
  type BookingListQuery,
  type SaveBookingBody,
} from '@tour/core/contract/bookings';

export const BOOKING_MESSAGES = {
  notFound: 'Бронирование не найдено',
  tripMissing: 'Тур не найден',
  tripCancelled: 'Тур отменён: новые бронирования к нему не добавляются',
  supplierMissing: 'Поставщик не найден',
  supplierKind: 'Поставщик не оказывает услуги этого вида (см. его карточку)',
  kindChanged: 'Вид бронирования не меняется: создайте новое бронирование',
  tripChanged: 'Тур бронирования не меняется: отмените это и создайте новое',
  currencyWithPayments:
    'Валюта не меняется: по бронированию есть оплаты поставщику — создайте новое бронирование',
  required: 'Обязательное поле',
  endsRequired: 'Укажите дату окончания',
  outsideTrip: (from: string, to: string) =>
    `Даты услуги должны быть в пределах дат тура: ${formatDate(from)}–${formatDate(to)}`,
  endsBeforeStart: 'Дата окончания не может быть раньше даты начала',
  checkoutAfterCheckin: 'Дата выезда должна быть позже даты заезда',
  arrivalAfterDeparture: 'Прилёт должен быть позже вылета',
  penaltyOnlyCancelled: 'Штраф указывается только у отменённого бронирования',
  participantNotOfTrip: 'Это не участник выбранного тура',
  participantCancelled: 'Участник отменён: его нельзя добавить в бронирование',
  participantRepeated: 'Участник указан дважды',
  participantsRequired: 'Выберите участников, которых покрывает бронирование',
  roomsRequired: 'Добавьте хотя бы один номер',
  roomOverfull: (room: number, type: string, places: number) =>
    `В номере ${room} (${type}) не больше ${places} чел.`,
  roomTwice: (name: string, room: number) => `${name} уже в номере ${room}`,
  roomNotCovered: (name: string) =>
    `${name}: отметьте участника в бронировании, чтобы разместить его в номере`,
  ticketCostRequired: 'Укажите стоимость билета',
  ticketsRequired: 'Добавьте хотя бы одну категорию билетов',
  seatsTooFew: (covered: number) => `Мест меньше, чем участников (${covered})`,
  flightNotOfTrip: 'Рейс не найден среди авиабилетов этого тура',
  coverageCurrencyRequired: 'Укажите валюту страховой суммы',
  airportCode: 'Код аэропорта — три латинские буквы, например FRU',
  dueBeforeCreated: 'Срок оплаты не может быть раньше 2000 года',
} as const;

/** Money inside `details` (kept in minor units of its currency, shown in major). */
const DETAIL_MONEY = ['coverage', 'rate_per_day'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() || null : null);

/** "Hilton, Токио", "TK 345 FRU → IST", … : what lists show and search. */
export function bookingTitle(kind: BookingKind, details: Record<string, unknown>): string {
  const join = (...parts: unknown[]) =>
    parts.filter((part) => typeof part === 'string' && part !== '').join(', ');
  switch (kind) {
    case 'hotel':
      return join(details.hotel_name, details.city);
    case 'air_ticket':
      return `${[details.carrier, details.flight_number].filter(Boolean).join(' ')} ${details.from_airport ?? ''} → ${details.to_airport ?? ''}`.trim();
    case 'health_insurance':
      return join(details.plan, details.territory);
    case 'transfer':
      return `${details.from_place ?? ''} → ${details.to_place ?? ''}`;
    case 'guide':
      return join(details.guide_name);
    case 'activity':
      return join(details.venue);
    case 'tour_expense':
      return join(details.category, details.description);
  }
}

type Row = repo.BookingRow;

/** Details as JSON: money in major units of its currency. */
/**
 * Details as JSON: money in major units of its currency; a hotel's room plan with who sleeps in
 * each room when the booking's participants were read (a month list's rows leave them out, and
 * so does the history, which names them under «Участники»).
 */
function detailsJson(
  row: Row,
  currency: Currency,
  { occupants = true }: { occupants?: boolean } = {},
): Record<string, unknown> {
  const details = { ...row.details };
  if (Array.isArray(details.room_plan)) {
    const people = row.participants;
    details.room_plan = (details.room_plan as { room_type: RoomType }[]).map((room, index) =>
      occupants && people
        ? {
            room_type: room.room_type,
            participant_ids: people
              .filter((person) => person.room === index + 1)
              .map((person) => person.participant_id),
          }
        : { room_type: room.room_type },
    );
  }
  if (typeof details.rate_per_day === 'number') {
    details.rate_per_day = majorNumber(details.rate_per_day, currency);
  }
  if (typeof details.coverage === 'number' && typeof details.coverage_currency === 'string') {
    details.coverage = majorNumber(details.coverage, storedCurrency(details.coverage_currency));
  }
  if (Array.isArray(details.tickets)) {
    details.tickets = (details.tickets as { category: string; count: number; price: number }[]).map(
      (ticket) => ({ ...ticket, price: majorNumber(ticket.price, currency) }),
    );
  }
  return details;
}

export function bookingJson(row: Row, today = businessToday()): BookingJson {
  const kind = row.kind as BookingKind;
  const currency = storedCurrency(row.currency);
  const major = (minor: number) => majorNumber(minor, currency);
  const status = row.status as BookingStatus;
  const due = bookingCostOf({ status, cost: row.cost, penalty: row.penalty });
  const paid = Number(row.paid);
  const paymentState = paymentStateOf(due, paid);
  const participants = (row.participants ?? []).map((participant) => ({
    participant_id: participant.participant_id,
    user_id: participant.user_id,
    full_name: participant.full_name,
    birth_date: participant.birth_date,
    passport_number: participant.passport_number,
    status: participant.status as 'booked' | 'confirmed' | 'cancelled',
    room: participant.room,
    ticket_number: participant.ticket_number,
    ticket_cost: participant.ticket_cost === null ? null : major(participant.ticket_cost),
    policy_number: participant.policy_number,
  }));
  return {
    id: row.id,
    kind,
    title: row.title,
    trip: {
      id: row.trip_id,
      title: row.trip_title,
      starts_on: row.trip_starts_on,
      ends_on: row.trip_ends_on,
    },
    supplier: { id: row.supplier_id, name: row.supplier_name },
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    days: inclusiveDays(row.starts_on, row.ends_on),
    nights: inclusiveDays(row.starts_on, row.ends_on) - 1,
    cost: major(row.cost),
    currency,
    status,
    penalty: row.penalty === null ? null : major(row.penalty),
    amount_due: major(due),
    paid: major(paid),
    debt: major(due - paid),
    payment_state: paymentState,
    // Only money still owed can be late: a booking cancelled without a penalty never is.
    overdue:
      row.payment_due_on !== null && row.payment_due_on < today && owesSupplier(paymentState),
    confirmation_number: row.confirmation_number,
    payment_due_on: row.payment_due_on,
    notes: row.notes,
    details: detailsJson(row, currency),
    covered: row.covered,
    participants,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A booking of a month list: what the drawer reads of its participants is left out. */
export function listItemJson(row: Row, today = businessToday()): BookingListItemJson {
  const { participants: _participants, ...item } = bookingJson(row, today);
  return item;
}

/** The first and last day of MM-YYYY (the current month when absent). */
export function monthRange(month: string | undefined, today = businessToday()) {
  const start = month
    ? dayjs(`${month.slice(3, 7)}-${month.slice(0, 2)}-01`)
    : dayjs(today).startOf('month');
  return {
    month: start.format('MM-YYYY'),
    first_day: start.format('YYYY-MM-DD'),
    last_day: start.endOf('month').format('YYYY-MM-DD'),
  };
}

const rememberedList = rememberedUntilBookingsChange<BookingListResult>(500);

/**
 * GET /admin/bookings: a kind's bookings touching the month, paged, with totals per currency;
 * remembered until what the list shows next changes (remembered.ts).
 */
export function listBookings(db: Db, query: BookingListQuery): Promise<BookingListResult> {
  const today = businessToday();
  return rememberedList(db, JSON.stringify([today, query]), () =>
    computeBookingList(db, query, today),
  );
}

type BookingListResult = Awaited<ReturnType<typeof computeBookingList>>;

async function computeBookingList(db: Db, query: BookingListQuery, today: string) {
  const { page, per_page, month, ...rest } = query;
  const range = monthRange(month, today);
  const filter: repo.BookingFilter = { ...rest, from: range.first_day, to: range.last_day };
  const [list, totals] = await Promise.all([
    paged(
      { page, per_page },
      BOOKINGS_PER_PAGE,
      (limit, offset) => repo.bookingPage(db, filter, limit, offset),
      () => repo.countBookings(db, filter),
      (row) => listItemJson(row, today),
    ),
    repo.totalsByCurrency(db, filter),
  ]);
  return { ...list, ...range, totals: totals.map(currencyTotalJson) };
}

export function currencyTotalJson(row: repo.CurrencyTotalRow) {
  const currency = storedCurrency(row.currency);
  const due = Number(row.due);
  const paid = Number(row.paid);
  return {
    currency,
    count: Number(row.count),
    amount_due: majorNumber(due, currency),
    paid: majorNumber(paid, currency),
    debt: majorNumber(due - paid, currency),
  };
}

export async function getBooking(db: Db, id: number): Promise<BookingJson> {
  const row = await repo.findBooking(db, id);
  if (!row) throw notFound(BOOKING_MESSAGES.notFound);
  return bookingJson(row);
}

type Values = repo.BookingValues & { covers: repo.CoverValues[] };

/** Minor units of a money field, or its message under `field`. */
function moneyField(
  errors: FieldErrors,
  field: string,
  value: number | string | null | undefined,
  currency: Currency,
): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = priceMinorOf(value, currency);
  if (typeof parsed === 'number') return parsed;
  errors.add(field, parsed.error);
  return null;
}

const AIRPORT = /^[A-Za-z]{3}$/;

/**
 * A hotel's room plan: each covered participant placed in one room at most (`cover.room` set to
 * its number, 1 for the plan's first room), each room within its type's places (the cancelled
 * taking none); every refusal under `details.room_plan.N.participant_ids`, naming the tourist.
 * What is stored of the plan: the rooms' types in order (who sleeps where is on the covers).
 */
function placeInRooms(
  errors: FieldErrors,
  plan: PlannedRoom[],
  covers: Map<number, repo.CoverValues>,
  nameOf: (participantId: number) => string | undefined,
  cancelled: (participantId: number) => boolean,
): { room_type: RoomType }[] {
  const roomOf = new Map<number, number>();
  plan.forEach((room, index) => {
    const number = index + 1;
    const field = `details.room_plan.${index}.participant_ids`;
    const places = ROOM_TYPES[room.room_type].places;
    let taken = 0;
    for (const id of room.participant_ids) {
      const name = nameOf(id);
      if (name === undefined) errors.add(field, BOOKING_MESSAGES.participantNotOfTrip);
      else if (roomOf.has(id)) {
        errors.add(field, BOOKING_MESSAGES.roomTwice(name, roomOf.get(id)!));
      } else if (!covers.has(id)) errors.add(field, BOOKING_MESSAGES.roomNotCovered(name));
      else {
        roomOf.set(id, number);
        covers.get(id)!.room = number;
        if (!cancelled(id)) taken += 1;
      }
    }
    if (taken > places) {
      errors.add(field, BOOKING_MESSAGES.roomOverfull(number, room.room_type, places));
    }
  });
  return plan.map((room) => ({ room_type: room.room_type }));
}

/**
 * The body's values as stored, or every field's Russian message: the kind's own fields, the
 * participants (only the trip's; a cancelled one only if already covered), the dates against
 * the trip and each other, the cost (computed for air tickets, guides and entrance tickets).
 */
async function valuesOf(
  trx: Db,
  body: SaveBookingBody,
  before: {
    id: number;
    kind: string;
    trip_id: number;
    currency: string;
    covered: Set<number>;
  } | null,
): Promise<Values> {
  const errors = new FieldErrors();
  const kind = body.kind;
  if (before && before.kind !== kind) errors.add('kind', BOOKING_MESSAGES.kindChanged);
  if (before && before.trip_id !== body.trip_id) {
    errors.add('trip_id', BOOKING_MESSAGES.tripChanged);
  }
  // What was paid is kept in the booking's currency: it stays while payments are on record.
  if (before && before.currency !== body.currency && (await repo.hasPayments(trx, before.id))) {
    errors.add('currency', BOOKING_MESSAGES.currencyWithPayments);
  }
  const currency = body.currency;
  const [trip, supplier] = await Promise.all([
    repo.tripOf(trx, body.trip_id),
    repo.supplierOf(trx, body.supplier_id),
  ]);
  if (!trip) errors.add('trip_id', BOOKING_MESSAGES.tripMissing);
  else if (!before && trip.status === 'cancelled') {
    errors.add('trip_id', BOOKING_MESSAGES.tripCancelled);
  }
  if (!supplier) errors.add('supplier_id', BOOKING_MESSAGES.supplierMissing);
  else if (supplier.kinds.length > 0 && !supplier.kinds.includes(kind)) {
    errors.add('supplier_id', BOOKING_MESSAGES.supplierKind);
  }

  // The kind's own fields, trimmed; the others dropped.
  const details: Record<string, unknown> = {};
  const given = body.details as Record<string, unknown>;
  for (const field of BOOKING_DETAIL_FIELDS[kind]) {
    const value = given[field];
    if (typeof value === 'string') {
      if (value.trim() !== '') details[field] = value.trim();
    } else if (Array.isArray(value)) {
      if (value.length > 0) details[field] = value;
    } else if (value !== null && value !== undefined) details[field] = value;
  }
  for (const field of BOOKING_REQUIRED_DETAILS[kind]) {
    if (details[field] !== undefined) continue;
    const message =
      field === 'room_plan' ? BOOKING_MESSAGES.roomsRequired : BOOKING_MESSAGES.required;
    errors.add(`details.${field}`, message);
  }
  if (kind === 'air_ticket') {
    for (const field of ['from_airport', 'to_airport'] as const) {
      const code = details[field];
      if (typeof code === 'string') {
        if (!AIRPORT.test(code)) errors.add(`details.${field}`, BOOKING_MESSAGES.airportCode);
        else details[field] = code.toUpperCase();
      }
    }
  }
  if (kind === 'guide' && Array.isArray(details.languages)) {
    details.languages = [
      ...new Set((details.languages as string[]).map((l) => l.trim()).filter(Boolean)),
    ];
  }
  for (const field of DETAIL_MONEY) {
    if (details[field] === undefined) continue;
    const inCurrency =
      field === 'coverage'
        ? typeof details.coverage_currency === 'string'
          ? storedCurrency(details.coverage_currency)
          : null
        : currency;
    if (!inCurrency) {
      delete details[field];
      continue;
    }
    const minor = moneyField(
      errors,
      `details.${field}`,
      details[field] as number | string,
      inCurrency,
    );
    if (minor === null) delete details[field];
    else details[field] = minor;
  }
  let ticketsCost = 0;
  if (kind === 'activity' && Array.isArray(details.tickets)) {
    const tickets = details.tickets as {
      category: string;
      count: number;
      price: number | string;
    }[];
    details.tickets = tickets.map((ticket, index) => {
      const category = ticket.category.trim();
      if (category === '')
        errors.add(`details.tickets.${index}.category`, BOOKING_MESSAGES.required);
      const price =
        moneyField(errors, `details.tickets.${index}.price`, ticket.price, currency) ?? 0;
      ticketsCost += ticket.count * price;
      return { category, count: ticket.count, price };
    });
  }

  // Dates.
  const startsOn = body.starts_on;
  let endsOn = isSingleDayKind(kind) ? startsOn : (body.ends_on ?? null);
  if (endsOn === null) {
    errors.add('ends_on', BOOKING_MESSAGES.endsRequired);
    endsOn = startsOn;
  } else if (kind === 'hotel' && endsOn <= startsOn) {
    errors.add('ends_on', BOOKING_MESSAGES.checkoutAfterCheckin);
  } else if (endsOn < startsOn) {
    errors.add('ends_on', BOOKING_MESSAGES.endsBeforeStart);
  } else if (
    kind === 'air_ticket' &&
    typeof details.departs_at === 'string' &&
    typeof details.arrives_at === 'string' &&
    `${endsOn}T${details.arrives_at}` <= `${startsOn}T${details.departs_at}`
  ) {
    errors.add('details.arrives_at', BOOKING_MESSAGES.arrivalAfterDeparture);
  }
  if (trip && (startsOn < trip.starts_on || endsOn > trip.ends_on)) {
    const message = BOOKING_MESSAGES.outsideTrip(trip.starts_on, trip.ends_on);
    errors.add(startsOn < trip.starts_on ? 'starts_on' : 'ends_on', message);
  }

  // Participants.
  const tripParticipants = trip ? await repo.participantsOf(trx, trip.id) : [];
  const statusOf = new Map(tripParticipants.map((p) => [p.id, p.status]));
  const covers: repo.CoverValues[] = [];
  const seen = new Set<number>();
  /** Participants refused under `participants.N`: a room plan naming them says nothing more. */
  const refused = new Set<number>();
  let ticketSum = 0;
  body.participants.forEach((entry, index) => {
    const field = `participants.${index}`;
    const status = statusOf.get(entry.participant_id);
    if (seen.has(entry.participant_id)) {
      errors.add(`${field}.participant_id`, BOOKING_MESSAGES.participantRepeated);
      return;
    }
    seen.add(entry.participant_id);
    if (trip && status === undefined) {
      errors.add(`${field}.participant_id`, BOOKING_MESSAGES.participantNotOfTrip);
      refused.add(entry.participant_id);
      return;
    }
    if (status === 'cancelled' && !before?.covered.has(entry.participant_id)) {
      errors.add(`${field}.participant_id`, BOOKING_MESSAGES.participantCancelled);
      refused.add(entry.participant_id);
      return;
    }
    const cover: repo.CoverValues = {
      participant_id: entry.participant_id,
      room: null,
      ticket_number: null,
      ticket_cost: null,
      policy_number: null,
    };
    if (kind === 'air_ticket') {
      cover.ticket_number = text(entry.ticket_number);
      cover.ticket_cost = moneyField(errors, `${field}.ticket_cost`, entry.ticket_cost, currency);
      if (cover.ticket_cost === null && !errors.has(`${field}.ticket_cost`)) {
        errors.add(`${field}.ticket_cost`, BOOKING_MESSAGES.ticketCostRequired);
      }
      ticketSum += cover.ticket_cost ?? 0;
    }
    if (kind === 'health_insurance') cover.policy_number = text(entry.policy_number);
    covers.push(cover);
  });
  if (covers.length === 0 && kind !== 'tour_expense') {
    errors.add('participants', BOOKING_MESSAGES.participantsRequired);
  }
  const live = covers.filter((cover) => statusOf.get(cover.participant_id) !== 'cancelled');
  if (kind === 'hotel' && Array.isArray(details.room_plan)) {
    const nameOf = new Map(tripParticipants.map((p) => [p.id, p.full_name]));
    details.room_plan = placeInRooms(
      errors,
      (details.room_plan as PlannedRoom[]).map((room) => ({
        ...room,
        participant_ids: room.participant_ids.filter((id) => !refused.has(id)),
      })),
      new Map(covers.map((cover) => [cover.participant_id, cover])),
      (id) => (trip ? nameOf.get(id) : undefined),
      (id) => statusOf.get(id) === 'cancelled',
    );
  }
  if (kind === 'transfer' && typeof details.seats === 'number' && details.seats < live.length) {
    errors.add('details.seats', BOOKING_MESSAGES.seatsTooFew(live.length));
  }
  if (kind === 'transfer' && typeof details.flight_booking_id === 'number' && trip) {
    const flight = await repo.flightOf(trx, details.flight_booking_id, trip.id);
    if (!flight) errors.add('details.flight_booking_id', BOOKING_MESSAGES.flightNotOfTrip);
  }

  // Cost.
  let cost: number | null;
  if (kind === 'air_ticket') cost = ticketSum;
  else if (kind === 'activity') cost = ticketsCost;
  else if (kind === 'guide') {
    cost =
      typeof details.rate_per_day === 'number'
        ? details.rate_per_day * inclusiveDays(startsOn, endsOn)
        : 0;
  } else {
    cost = moneyField(errors, 'cost', body.cost, currency);
    if (cost === null && !errors.has('cost')) errors.add('cost', BOOKING_MESSAGES.required);
  }
  let penalty: number | null = null;
  if (body.penalty !== null && body.penalty !== undefined && body.penalty !== '') {
    if (body.status !== 'cancelled') errors.add('penalty', BOOKING_MESSAGES.penaltyOnlyCancelled);
    else penalty = moneyField(errors, 'penalty', body.penalty, currency);
  }
  errors.throwIfAny();
  return {
    kind,
    trip_id: body.trip_id,
    supplier_id: body.supplier_id,
    starts_on: startsOn,
    ends_on: endsOn,
    cost: cost ?? 0,
    currency,
    status: body.status,
    penalty,
    confirmation_number: text(body.confirmation_number),
    payment_due_on: body.payment_due_on ?? null,
    notes: text(body.notes),
    details,
    title: bookingTitle(kind, details),
    covers,
  };
}

const HISTORY_FIELDS = [
  'supplier_id',
  'starts_on',
  'ends_on',
  'cost',
  'currency',
  'status',
  'penalty',
  'confirmation_number',
  'payment_due_on',
  'notes',
  'details',
  'participants',
] as const;

/**
 * What the history compares: the row's fields with its money in major units of its currency (as
 * the screens show it) and its participants compactly.
 */
function historyView(row: Row) {
  const currency = storedCurrency(row.currency);
  return {
    ...row,
    cost: majorNumber(row.cost, currency),
    penalty: row.penalty === null ? null : majorNumber(row.penalty, currency),
    details: detailsJson(row, currency, { occupants: false }),
    participants: (row.participants ?? []).map((p) =>
      [
        p.full_name,
        p.room,
        p.ticket_number,
        p.ticket_cost === null ? null : majorNumber(p.ticket_cost, currency),
        p.policy_number,
      ]
        .filter((part) => part !== null)
        .join(' / '),
    ),
  };
}

/**
 * POST /admin/bookings (id null) and PUT /admin/booking/:id, inside the caller's transaction:
 * the checks, the row (locked when it exists), its participants and its history.
 */
export async function saveBooking(
  trx: Db,
  viewer: ScopeViewer,
  id: number | null,
  body: SaveBookingBody,
): Promise<BookingJson> {
  // Locks in the one order of every writer: the trip (FOR SHARE, in valuesOf), then the booking.
  // Its trip never changes, so the trip read before the lock is the booking's trip.
  let before: Row | null = null;
  if (id !== null) {
    const current = await repo.findBooking(trx, id);
    if (!current) throw notFound(BOOKING_MESSAGES.notFound);
    await repo.tripOf(trx, current.trip_id);
    await repo.lockBooking(trx, id);
    before = (await repo.findBooking(trx, id))!;
  }
  const values = await valuesOf(
    trx,
    body,
    before && {
      id: before.id,
      kind: before.kind,
      trip_id: before.trip_id,
      currency: before.currency,
      covered: new Set((before.participants ?? []).map((p) => p.participant_id)),
    },
  );
  const { covers, ...row } = values;
  const savedId = id ?? (await repo.insertBooking(trx, row, viewer.id));
  if (id !== null) await repo.updateBooking(trx, id, row);
  await repo.replaceCovers(trx, savedId, covers);
  const after = (await repo.findBooking(trx, savedId))!;
  await recordChanges(trx, [
    {
      record: { type: 'booking', id: savedId },
      entity: { type: 'booking', id: savedId },
      action: before ? 'updated' : 'created',
      changes: changedFields(before && historyView(before), historyView(after), HISTORY_FIELDS),
      userId: viewer.id,
    },
  ]);
  return bookingJson(after);
}
