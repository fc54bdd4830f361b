import {
  CURRENCIES,
  isPhoneNumber,
  PHONE_MESSAGE,
  REQUEST_STATUS_LIST,
  type Currency,
  type ReadinessProblem,
} from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { normalizePhone } from '../../lib/contacts';
import { FieldErrors } from '../../lib/field-errors';
import { notFound, validationError, withFieldPrefix } from '../../lib/http-errors';
import { paginate } from '@tour/core/contract/common';
import { BUSINESS_TIME_ZONE, businessToday } from '../../domain/business-day';
import { createAgentRequest } from '../requests/service';
import { dayRatesOf, dueOf, majorNumber, moneyOf, type MovementSum } from '../../domain/money';
import { percentOf } from '../../domain/agent-commission';
import { readinessOf } from '../trips/summary-service';
import * as users from '../users/user-service';
import { findUserInScope, userScope, type ScopeViewer } from '../../domain/reach';
import { saveUser, USER_NOT_FOUND } from '../users/user-service';
import * as repo from './repository';
import {
  AGENT_LIST_PER_PAGE,
  type AgentOverviewJson,
  type AgentRequestBody,
  type AgentRequestJson,
  type AgentRequestListQuery,
  type AgentTourDetailJson,
  type AgentTouristBody,
  type AgentTouristJson,
  type AgentTouristListQuery,
  type AgentTourJson,
  type AgentTourListQuery,
} from '@tour/core/contract/agent';

export const AGENT_MESSAGES = {
  tourNotFound: 'Тур не найден',
  touristNotFound: USER_NOT_FOUND,
  agentNotFound: 'Агент не найден',
  departureMissing: 'Выберите выезд этого тура',
  departureGone: 'Этот выезд больше нельзя заказать: он уже начался или отменён',
  seatsShort: (free: number) =>
    free === 0 ? 'На этот выезд мест не осталось' : `Свободных мест на этот выезд: ${free}`,
  nameRequired: 'Укажите ФИО туриста',
  phoneToSave: 'Укажите телефон, чтобы сохранить туриста',
};

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * What an agent pays and earns per person on a departure (minor units of the trip's currency):
 * the tour's commission percent of the trip's price, or its agent price (in the tour's currency;
 * not applicable to a trip priced in another one); null when the tour sets neither.
 */
export function agentTermsOf(
  tour: Pick<repo.PublishedTourRow, 'agent_price' | 'agent_commission' | 'currency'>,
  trip: { price: number; currency: string },
): { agentPrice: number; commission: number } | null {
  if (tour.agent_commission !== null) {
    const commission = percentOf(trip.price, tour.agent_commission);
    return { agentPrice: trip.price - commission, commission };
  }
  if (tour.agent_price !== null && tour.currency === trip.currency) {
    return { agentPrice: tour.agent_price, commission: trip.price - tour.agent_price };
  }
  return null;
}

function departureJson(tour: repo.PublishedTourRow, trip: repo.DepartureRow) {
  const currency = storedCurrency(trip.currency);
  const terms = agentTermsOf(tour, trip);
  return {
    trip_id: trip.id,
    starts_on: trip.starts_on,
    ends_on: trip.ends_on,
    status: trip.status,
    seats: trip.seats,
    seats_free: Math.max(0, trip.seats - trip.seats_taken),
    price: majorNumber(trip.price, currency),
    currency,
    agent_price: terms ? majorNumber(terms.agentPrice, currency) : null,
    commission: terms ? majorNumber(terms.commission, currency) : null,
  };
}

function tourJson(tour: repo.PublishedTourRow, departures: repo.DepartureRow[]): AgentTourJson {
  const currency = storedCurrency(tour.currency);
  return {
    key: tour.key,
    title: tour.title,
    country: tour.country,
    cities: tour.cities,
    days: tour.days,
    base_price: majorNumber(tour.base_price, currency),
    currency,
    agent_price: tour.agent_price === null ? null : majorNumber(tour.agent_price, currency),
    agent_commission: tour.agent_commission === null ? null : Number(tour.agent_commission),
    departures: departures.map((trip) => departureJson(tour, trip)),
  };
}

/** GET /agent/tours: the tours published for agents, each with its upcoming departures. */
export async function listAgentTours(db: Db, query: AgentTourListQuery) {
  const page = query.page ?? 1;
  const { rows, total } = await repo.pageOfPublishedTours(
    db,
    { search: query.search?.trim() || undefined, country: query.country?.trim() || undefined },
    AGENT_LIST_PER_PAGE,
    (page - 1) * AGENT_LIST_PER_PAGE,
  );
  const departures = await repo.departuresOf(
    db,
    rows.map((row) => row.id),
    businessToday(),
  );
  const byTour = groupBy(departures, (trip) => trip.prepared_tour_id);
  return paginate(
    rows.map((row) => tourJson(row, byTour.get(row.id) ?? [])),
    total,
    page,
    AGENT_LIST_PER_PAGE,
  );
}

export function agentTourCountries(db: Db): Promise<string[]> {
  return repo.publishedCountries(db);
}

async function publishedTour(db: Db, key: string): Promise<repo.PublishedTourRow> {
  const tour = await repo.publishedTourByKey(db, key);
  // Unknown, unpublished and archived read the same: an agent learns nothing of the others.
  if (!tour) throw notFound(AGENT_MESSAGES.tourNotFound);
  return tour;
}

/** GET /agent/tours/:key: one published tour whole, with its upcoming departures. */
export async function getAgentTour(db: Db, key: string): Promise<AgentTourDetailJson> {
  const tour = await publishedTour(db, key);
  const departures = await repo.departuresOf(db, [tour.id], businessToday());
  return {
    ...tourJson(tour, departures),
    itinerary: tour.itinerary,
    included: tour.included,
    not_included: tour.not_included,
  };
}

function requestJson(row: repo.AgentRequestRow): AgentRequestJson {
  return {
    id: row.id,
    status: row.status,
    tour_key: row.tour_key,
    tour_title: row.tour_title,
    trip_id: row.trip_id,
    date_from: row.date_from,
    date_to: row.date_to,
    tourists: row.travellers.map((t) => ({ full_name: t.full_name, phone: t.phone ?? null })),
    adults: row.adults,
    comment: row.comment,
    reject_reason: row.reject_reason,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * POST /agent/tours/:key/requests: a request for the staff (source agent) for N travellers on one
 * upcoming departure of a published tour with as many free seats. Seats are not taken yet: the
 * staff convert the request into participants.
 */
/** A tourist saved from a request: its name and phone, the rest left for its card. */
const NO_TOURIST_DETAILS = {
  email: null,
  birth_date: null,
  citizenship: null,
  passport_number: null,
  passport_issued_at: null,
  passport_expires_at: null,
  notes: null,
} satisfies Omit<AgentTouristBody, 'full_name' | 'phone'>;

export async function sendAgentRequest(
  trx: Db,
  viewer: ScopeViewer,
  key: string,
  body: AgentRequestBody,
): Promise<AgentRequestJson> {
  const tour = await publishedTour(trx, key);
  const errors = new FieldErrors();
  const travellers = body.tourists.map((tourist, index) => {
    const fullName = tourist.full_name.trim();
    if (!fullName) errors.add(`tourists.${index}.full_name`, AGENT_MESSAGES.nameRequired);
    let phone = tourist.phone?.trim() || null;
    if (phone) {
      if (!isPhoneNumber(phone)) errors.add(`tourists.${index}.phone`, PHONE_MESSAGE);
      else phone = normalizePhone(phone);
    } else if (tourist.save) {
      // A saved tourist is found again by its phone when the request becomes a trip's participant.
      errors.add(`tourists.${index}.phone`, AGENT_MESSAGES.phoneToSave);
    }
    return { full_name: fullName, phone };
  });
  const trip = await repo.lockDeparture(trx, tour.id, body.trip_id);
  if (!trip) {
    errors.add('trip_id', AGENT_MESSAGES.departureMissing);
  } else if (!(
    trip.starts_on > businessToday() &&
    (trip.status === 'planned' || trip.status === 'confirmed')
  )) {
    errors.add('trip_id', AGENT_MESSAGES.departureGone);
  } else {
    const free = Math.max(0, trip.seats - trip.seats_taken);
    if (travellers.length > free) errors.add('tourists', AGENT_MESSAGES.seatsShort(free));
  }
  if (!errors.empty) throw validationError(errors.errors);

  // New travellers the agent asked to keep become its tourists with the request, or neither is.
  for (const [index, tourist] of body.tourists.entries()) {
    if (!tourist.save) continue;
    const { full_name, phone } = travellers[index]!;
    try {
      await saveAgentTourist(trx, viewer, { ...NO_TOURIST_DETAILS, full_name, phone });
    } catch (error) {
      throw withFieldPrefix(error, `tourists.${index}.`);
    }
  }

  const first = travellers[0]!;
  const id = await createAgentRequest(trx, viewer, {
    contact_name: first.full_name,
    phone: first.phone,
    email: null,
    prepared_tour_id: tour.id,
    trip_id: trip!.id,
    date_from: trip!.starts_on,
    date_to: trip!.ends_on,
    adults: travellers.length,
    comment: body.comment?.trim() || null,
    travellers: JSON.stringify(travellers),
  });
  const row = await repo.agentRequestById(trx, viewer.id, id);
  return requestJson(row!);
}

/** GET /agent/requests: the agent's own requests, newest first. */
export async function listAgentRequests(db: Db, viewer: ScopeViewer, query: AgentRequestListQuery) {
  const page = query.page ?? 1;
  const { rows, total } = await repo.pageOfAgentRequests(
    db,
    viewer.id,
    query.status,
    AGENT_LIST_PER_PAGE,
    (page - 1) * AGENT_LIST_PER_PAGE,
  );
  return paginate(rows.map(requestJson), total, page, AGENT_LIST_PER_PAGE);
}

/** Tourists with their trips, paid and debts converted exactly, and their readiness. */
async function touristsJson(db: Db, rows: repo.AgentTouristRow[]): Promise<AgentTouristJson[]> {
  const today = businessToday();
  const { trips, sums, rates } = await repo.touristTrips(
    db,
    rows.map((row) => row.id),
    BUSINESS_TIME_ZONE,
  );
  const dayRates = dayRatesOf(rates).rates;
  const currencyOf = new Map((trips ?? []).map((trip) => [trip.participant_id, trip.currency]));
  // Each participation's payments in its own trip's currency, converted at their days' rates
  // and rounded up once per participation (DESIGN.md 3b, as the trip summary does).
  const paid = new Map<number, number>();
  for (const currency of CURRENCIES) {
    const movements: MovementSum[] = (sums ?? [])
      .filter(([participantId]) => currencyOf.get(participantId) === currency)
      .map(([participantId, type, from, day, total]) => ({
        participantId,
        type,
        status: 'confirmed',
        currency: from,
        day,
        total: Number(total),
      }));
    if (movements.length === 0) continue;
    for (const [participantId, money] of moneyOf(movements, currency, dayRates, today)) {
      paid.set(participantId, money.paid);
    }
  }
  const tripsOf = groupBy(trips ?? [], (trip) => trip.user_id);
  return rows.map((row) => {
    const owes = new Map<Currency, number>();
    const problems = new Set<ReadinessProblem>();
    let upcoming = false;
    const touristTrips = (tripsOf.get(row.id) ?? []).map((trip) => {
      const currency = storedCurrency(trip.currency);
      const due = dueOf({
        price: trip.price,
        discount: trip.discount,
        status: trip.participant_status,
      });
      const paidMinor = paid.get(trip.participant_id) ?? 0;
      const debt = due - paidMinor;
      const active = trip.participant_status !== 'cancelled' && trip.trip_status !== 'cancelled';
      if (active && debt > 0) owes.set(currency, (owes.get(currency) ?? 0) + debt);
      const tripProblems = readinessOf(row, trip.ends_on);
      if (active && trip.ends_on >= today) {
        upcoming = true;
        tripProblems.forEach((problem) => problems.add(problem));
      }
      return {
        trip_id: trip.trip_id,
        title: trip.title,
        starts_on: trip.starts_on,
        ends_on: trip.ends_on,
        trip_status: trip.trip_status,
        participant_status: trip.participant_status,
        currency,
        due: majorNumber(due, currency),
        paid: majorNumber(paidMinor, currency),
        debt: majorNumber(debt, currency),
        problems: tripProblems,
      };
    });
    // With no trip ahead, what any trip will need: a passport and a birth date.
    if (!upcoming) {
      readinessOf(row, today)
        .filter((problem) => problem !== 'passport_expires')
        .forEach((problem) => problems.add(problem));
    }
    return {
      id: row.id,
      full_name: row.full_name,
      email: row.email,
      phone: row.phone,
      birth_date: row.birth_date,
      citizenship: row.citizenship,
      passport_number: row.passport_number,
      passport_issued_at: row.passport_issued_at,
      passport_expires_at: row.passport_expires_at,
      notes: row.notes,
      trips: touristTrips,
      owes: CURRENCIES.filter((currency) => owes.has(currency)).map((currency) => ({
        currency,
        amount: majorNumber(owes.get(currency)!, currency),
      })),
      problems: (['passport_missing', 'passport_expires', 'birth_date_missing'] as const).filter(
        (problem) => problems.has(problem),
      ),
      created_at: row.created_at.toISOString(),
    };
  });
}

/** GET /agent/tourists: the tourists the agent brought, by name. */
export async function listAgentTourists(db: Db, viewer: ScopeViewer, query: AgentTouristListQuery) {
  const page = query.page ?? 1;
  const { rows, total } = await repo.pageOfAgentTourists(
    db,
    viewer.id,
    query.search?.trim() || undefined,
    AGENT_LIST_PER_PAGE,
    (page - 1) * AGENT_LIST_PER_PAGE,
  );
  return paginate(await touristsJson(db, rows), total, page, AGENT_LIST_PER_PAGE);
}

/** GET /agent/tourists/:id: one of the agent's tourists; 404 for anyone else's alike. */
export async function getAgentTourist(
  db: Db,
  viewer: ScopeViewer,
  id: number,
): Promise<AgentTouristJson> {
  const row = await repo.agentTouristById(db, viewer.id, id);
  if (!row) throw notFound(AGENT_MESSAGES.touristNotFound);
  const [tourist] = await touristsJson(db, [row]);
  return tourist!;
}

/**
 * POST /agent/tourists, PUT /agent/tourists/:id: a tourist's personal and passport data, with the
 * staff form's own rules (users' saveUser: the agent's reach is its own tourists). A new tourist
 * is the agent's (counterparty) and a client; nothing else of a user is an agent's to set.
 */
export async function saveAgentTourist(
  trx: Db,
  viewer: ScopeViewer,
  body: AgentTouristBody,
  id?: number,
): Promise<AgentTouristJson> {
  if (id !== undefined && !(await repo.agentTouristById(trx, viewer.id, id))) {
    throw notFound(AGENT_MESSAGES.touristNotFound);
  }
  const { user } = await saveUser(
    trx,
    id === undefined ? { ...body, counterparty_id: viewer.id, roles: ['client'] } : { ...body, id },
    { viewer, sessionId: null },
  );
  const row = await repo.agentTouristById(trx, viewer.id, user.id);
  const [tourist] = await touristsJson(trx, [row!]);
  return tourist!;
}

/**
 * GET /admin/users/:id/agent (staff): an agent's tourists and requests counted, and the
 * commission due for its confirmed tourists per trip. 404 unless `agentId` is a counterparty.
 */
export async function agentOverview(
  db: Db,
  viewer: ScopeViewer,
  agentId: number,
): Promise<AgentOverviewJson> {
  // Within the staff member's reach of users (DESIGN.md 4), and a counterparty; else 404 alike.
  const agent = await findUserInScope(db, userScope(viewer), agentId);
  const roles = agent ? ((await users.rolesOfUsers(db, [agentId])).get(agentId) ?? []) : [];
  if (!agent || !roles.includes('counterparty')) throw notFound(AGENT_MESSAGES.agentNotFound);
  const [tourists, counts, lines] = await Promise.all([
    repo.countAgentTourists(db, agentId),
    repo.agentRequestCounts(db, agentId),
    repo.commissionRows(db, agentId),
  ]);
  const totals = new Map<Currency, number>();
  const commission = lines.map((line) => {
    const currency = storedCurrency(line.currency);
    const due = Number(line.due);
    // The tour's percent of what each owes, rounded half up per tourist (as the agent's invoice,
    // act and monthly report count it); or what they owe less the agent price per person (in the
    // tour's currency: no commission for a trip priced in another).
    const amount =
      line.agent_commission !== null
        ? Number(line.percent_commission)
        : line.agent_price !== null && line.tour_currency === line.currency
          ? due - line.tourists * Number(line.agent_price)
          : null;
    if (amount !== null) totals.set(currency, (totals.get(currency) ?? 0) + amount);
    return {
      trip_id: line.trip_id,
      title: line.title,
      starts_on: line.starts_on,
      currency,
      tourists: line.tourists,
      due: majorNumber(due, currency),
      commission: amount === null ? null : majorNumber(amount, currency),
    };
  });
  return {
    agent: { id: agent.id, full_name: agent.full_name },
    tourists,
    requests: Object.fromEntries(
      REQUEST_STATUS_LIST.map((status) => [status, counts.get(status) ?? 0]),
    ) as AgentOverviewJson['requests'],
    commission,
    commission_totals: CURRENCIES.filter((currency) => totals.has(currency)).map((currency) => ({
      currency,
      amount: majorNumber(totals.get(currency)!, currency),
    })),
  };
}
