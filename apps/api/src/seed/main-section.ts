import { sql } from 'kysely';
import { suggestTourKey, type Currency, type RequestSource, type TripStatus } from '@tour/core';
import type { Db } from '../db/database';
import {
  assignRequest,
  convertRequest,
  createRequest,
  moveRequest,
} from '../routes/requests/service';
import { saveTour } from '../routes/tours/service';
import { addParticipant } from '../routes/trips/participant-service';
import { createTrip } from '../routes/trips/trip-service';
import { moveTrip } from '../routes/trips/trip-status';
import {
  cancelBookingsOfTrips,
  phaseOf,
  seedBookings,
  summarizeBookings,
  type BookingsSummary,
} from './bookings';
import { DEMO_PHONE_LOGIN } from './accounts';
import { seedAgentRequests, touristsOfAgents } from './agent-requests';
import { addDays } from './calendar';
import {
  payParticipants,
  refundCancelledTrips,
  type ParticipantPaymentsSummary,
  type PayingTrip,
} from './participant-payments';
import { TOUR_MEMOS } from './memos';
import { PROGRAMMES } from './programmes';
import { Dice, type RandomSource } from './random';
import { seedCostings, seedPriceLists } from './prices';
import { paySuppliers, type SupplierPaymentsSummary } from './supplier-payments';
import type { AgentKey } from './types';
import { viewerOf } from './viewers';

// The main section's demo records (DESIGN.md 5), made through the services the API uses, so they
// obey every rule (keys, seats, status moves, conversion, payments through recordMovement).

/** The one cancelled departure: last month's group, called off twelve days before it left. */
const CANCELLED_TRIP = 3;

interface TourIdea {
  title: string;
  country: string;
  cities: string[];
  days: string[];
  price: number;
  currency: Currency;
  agent: { price?: number; commission?: number };
}

const TOURS: TourIdea[] = [
  {
    title: 'Золотое кольцо Японии',
    country: 'Япония',
    cities: ['Токио', 'Киото', 'Осака'],
    days: [
      'Прилёт в Токио',
      'Токио: Асакуса и Сибуя',
      'Синкансэн в Киото',
      'Храмы Киото',
      'Нара и олени',
      'Осака',
      'Вылет',
    ],
    price: 2450,
    currency: 'usd',
    agent: { commission: 10 },
  },
  {
    title: 'Сакура в Киото',
    country: 'Япония',
    cities: ['Киото'],
    days: ['Прилёт', 'Философская тропа', 'Арасияма', 'Вылет'],
    price: 1890,
    currency: 'usd',
    agent: { price: 1750 },
  },
  {
    title: 'Сеул и Пусан',
    country: 'Корея',
    cities: ['Сеул', 'Пусан'],
    days: ['Прилёт в Сеул', 'Дворцы Сеула', 'KTX в Пусан', 'Пляж Хэундэ', 'Вылет'],
    price: 1390,
    currency: 'usd',
    agent: { commission: 8 },
  },
  {
    title: 'Грузия: Тбилиси и Казбеги',
    country: 'Грузия',
    cities: ['Тбилиси', 'Степанцминда'],
    days: ['Прилёт', 'Старый Тбилиси', 'Военно-Грузинская дорога', 'Мцхета', 'Вылет'],
    price: 690,
    currency: 'eur',
    agent: { commission: 12 },
  },
  {
    title: 'Самарканд и Бухара',
    country: 'Узбекистан',
    cities: ['Ташкент', 'Самарканд', 'Бухара'],
    days: ['Ташкент', 'Афросиаб в Самарканд', 'Регистан', 'Бухара', 'Вылет'],
    price: 540,
    currency: 'usd',
    agent: { price: 500 },
  },
  {
    title: 'Стамбул и Каппадокия',
    country: 'Турция',
    cities: ['Стамбул', 'Гёреме'],
    days: ['Прилёт', 'Султанахмет', 'Перелёт в Каппадокию', 'Воздушные шары', 'Вылет'],
    price: 780,
    currency: 'eur',
    agent: { commission: 10 },
  },
  {
    title: 'Иссык-Куль: выходные',
    country: 'Кыргызстан',
    cities: ['Чолпон-Ата'],
    days: ['Бишкек — Чолпон-Ата', 'Озеро', 'Возвращение'],
    price: 18500,
    currency: 'kgs',
    agent: { commission: 15 },
  },
  {
    title: 'Сон-Куль верхом',
    country: 'Кыргызстан',
    cities: ['Кочкор', 'Сон-Куль'],
    days: ['Бишкек — Кочкор', 'Верхом к озеру', 'Юрты', 'Возвращение'],
    price: 32000,
    currency: 'kgs',
    agent: {},
  },
  {
    title: 'Хоккайдо зимой',
    country: 'Япония',
    cities: ['Саппоро', 'Отару'],
    days: ['Прилёт в Саппоро', 'Снежный фестиваль', 'Отару', 'Онсэн', 'Вылет'],
    price: 290000,
    currency: 'jpy',
    agent: { commission: 7 },
  },
  {
    title: 'Чеджу: остров вулканов',
    country: 'Корея',
    cities: ['Чеджу'],
    days: ['Прилёт', 'Халласан', 'Побережье', 'Вылет'],
    price: 1150,
    currency: 'usd',
    agent: {},
  },
];

const TRIP_STATUS_STEPS = {
  planned: [],
  confirmed: ['confirmed'],
  in_progress: ['confirmed', 'in_progress'],
  completed: ['confirmed', 'in_progress', 'completed'],
  cancelled: ['cancelled'],
} as const;

const SOURCES: RequestSource[] = ['site', 'phone', 'agent', 'office'];

/** Whose tourists travel on the n-th trip: the first agent's every other one, the second's some. */
function agentOfTrip(n: number): AgentKey | null {
  if (n % 2 === 0) return 'agent';
  return n % 4 === 1 ? 'agent2' : null;
}

/** How many places of a trip go to the agent's tourists. */
const AGENT_PLACES: Record<AgentKey, number> = { agent: 2, agent2: 1 };

export interface MainSectionSummary {
  tours: number;
  trips: number;
  participants: number;
  /** Every request, the agents' included. */
  requests: number;
  /** The requests the agents sent. */
  agentRequests: number;
  /** The participants' payments and the cancelled trip's refunds. */
  payments: ParticipantPaymentsSummary;
}

export interface MainSectionSeed {
  mainSection: MainSectionSummary;
  bookings: BookingsSummary & {
    supplierPayments: SupplierPaymentsSummary;
    /** The Kyrgyz suppliers' prices, and the costings saved from them (issue 33). */
    prices: number;
    costings: number;
  };
}

/**
 * Prepared tours, trips in every status with participants, requests, the suppliers and the trips'
 * bookings, participants' payments and suppliers' payments (from the plan's wallets, by key).
 */
export async function seedMainSection(
  trx: Db,
  options: { today: string; random: RandomSource; walletIds: ReadonlyMap<string, number> },
): Promise<MainSectionSeed> {
  const dice = new Dice(options.random);
  const admin = await viewerOf(trx, 'admin@example.com');
  const sales = await viewerOf(trx, 'sales@example.com');
  const phone = await viewerOf(trx, DEMO_PHONE_LOGIN);
  const accountant = await viewerOf(trx, 'accountant@example.com');
  const tourists = await trx
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.full_name', 'users.phone'])
    .where('user_roles.role', '=', 'client')
    .where('users.counterparty_id', 'is', null)
    .orderBy('users.id')
    .execute();
  const agentTourists = await touristsOfAgents(trx);
  const summary: MainSectionSummary = {
    tours: 0,
    trips: 0,
    participants: 0,
    requests: 0,
    agentRequests: 0,
    payments: {
      payments: 0,
      confirmed: 0,
      pending: 0,
      rejected: 0,
      refunds: 0,
      overpayments: 0,
    },
  };

  const tours = [];
  for (const idea of TOURS) {
    tours.push(
      await saveTour(trx, admin, null, {
        title: idea.title,
        key: suggestTourKey(idea.title),
        country: idea.country,
        cities: idea.cities,
        days: idea.days.length,
        itinerary: idea.days.map((title, index) => ({
          title,
          description: index === 0 ? 'Встреча в аэропорту, трансфер в отель.' : '',
        })),
        included: ['Проживание', 'Завтраки', 'Трансферы', 'Экскурсии по программе'],
        not_included: ['Авиаперелёт', 'Виза', 'Медицинская страховка'],
        base_price: idea.price,
        currency: idea.currency,
        agent_price: idea.agent.price ?? null,
        agent_commission: idea.agent.commission ?? null,
        published: idea.country !== 'Корея' || idea.price > 1200,
        memo: TOUR_MEMOS[idea.title] ?? null,
      }),
    );
    summary.tours += 1;
  }

  // Trips from last month to two months ahead; the status follows the dates.
  let touristIndex = 0;
  const nextTourist = () => tourists[touristIndex++ % tourists.length]!;
  const agentIndex = new Map<AgentKey, number>();
  const nextAgentTourist = (agent: AgentKey) => {
    const own = agentTourists.get(agent)!;
    const index = agentIndex.get(agent) ?? 0;
    agentIndex.set(agent, index + 1);
    return own[index % own.length]!;
  };
  const trips: PayingTrip[] = [];
  for (let n = 0; n < 16; n += 1) {
    const tour = tours[n % tours.length]!;
    const start = addDays(options.today, -35 + n * 6 + dice.int(0, 3));
    const end = addDays(start, tour.days - 1);
    const status: TripStatus =
      n === CANCELLED_TRIP
        ? 'cancelled'
        : end < options.today
          ? 'completed'
          : start <= options.today
            ? 'in_progress'
            : n % 3 === 0 && phaseOf({ startsOn: start, endsOn: end }, options.today) === 'later'
              ? 'planned'
              : 'confirmed';
    const trip = await createTrip(trx, admin, {
      prepared_tour_id: tour.id,
      starts_on: start,
      seats: dice.int(8, 16),
      // A tour by road (its programme books no flight) is marked so: its tourists need no ticket.
      ...(PROGRAMMES[tour.title]?.legs.length === 0 ? { flights: 'none' as const } : {}),
      manager_id: n % 2 === 0 ? sales.id : admin.id,
    });
    const count = Math.min(trip.seats - 1, dice.int(4, 9));
    // The last places go to an agent's tourists: the first of them confirmed (the agent's
    // commission is counted on those), the next as the others.
    const agent = agentOfTrip(n);
    const firstAgentPlace = agent === null ? count : count - AGENT_PLACES[agent];
    for (let i = 0; i < count; i += 1) {
      const tourist = i < firstAgentPlace ? nextTourist() : nextAgentTourist(agent!);
      await addParticipant(
        trx,
        admin,
        trip.id,
        {
          userId: tourist.id,
          discount: i === 1 ? Math.round(trip.price * 0.05 * 100) / 100 : 0,
          // Whoever is still on a trip that has begun has confirmed long since.
          status:
            i === count - 1 && n % 4 === 0
              ? 'cancelled'
              : i % 3 === 0 ||
                  i === firstAgentPlace ||
                  status === 'completed' ||
                  status === 'in_progress'
                ? 'confirmed'
                : 'booked',
        },
        { matchedByContact: true },
      );
      summary.participants += 1;
    }
    // A trip that gets cancelled had its bookings made first (they are cancelled with it below).
    if (status !== 'cancelled') {
      for (const step of TRIP_STATUS_STEPS[status]) await moveTrip(trx, admin, trip.id, step);
    }
    trips.push({
      id: trip.id,
      title: trip.title,
      status,
      phase: phaseOf({ startsOn: start, endsOn: end }, options.today),
    });
    summary.trips += 1;
  }

  // Requests in every status from every source, before the bookings: the travellers of the
  // converted ones are booked with the others.
  const upcoming = trips.filter((t) => t.status === 'planned' || t.status === 'confirmed');
  const contacts = [
    'Алиева Динара',
    'Сыдыков Эмиль',
    'Кадырова Мээрим',
    'Петров Олег',
    'Ким Виктория',
    'Турдубаев Бекзат',
    'Смирнова Анна',
    'Осмонова Жаныл',
    'Абдрахманов Руслан',
    'Лим Елена',
    'Токтогулов Азамат',
    'Исаева Алтынай',
  ];
  for (const [index, name] of contacts.entries()) {
    const fate = index % 4;
    // A request that gets converted comes from a known tourist (matched by phone, not created
    // again); the others from new people.
    const withPhones = tourists.filter((tourist) => tourist.phone !== null);
    const known = fate === 3 ? withPhones[withPhones.length - 1 - index] : undefined;
    const request = await createRequest(trx, admin, {
      source: SOURCES[index % SOURCES.length]!,
      contact_name: known?.full_name ?? name,
      phone:
        known?.phone ??
        `+996 555 ${String(910000 + index * 137).slice(0, 3)} ${String(100 + index).padStart(3, '0')}`,
      email: null,
      prepared_tour_id: tours[index % tours.length]!.id,
      trip_id: null,
      date_from: addDays(options.today, 20 + index * 3),
      date_to: addDays(options.today, 27 + index * 3),
      adults: 1 + (index % 3),
      children: index % 4 === 0 ? 1 : 0,
      comment: index % 2 === 0 ? 'Перезвонить после 18:00' : null,
    });
    summary.requests += 1;
    if (index % 3 !== 0) await assignRequest(trx, admin, request.id, { assignee_id: sales.id });
    if (fate === 1) await moveRequest(trx, admin, request.id, { status: 'in_work' });
    if (fate === 2) {
      await moveRequest(trx, admin, request.id, { status: 'rejected', reason: 'Не подошли даты' });
    }
    if (fate === 3 && upcoming.length > 0) {
      await convertRequest(trx, admin, request.id, {
        trip_id: upcoming[index % upcoming.length]!.id,
      });
    }
  }
  summary.agentRequests = await seedAgentRequests(trx, {
    today: options.today,
    staff: { admin, sales },
    touristsOf: agentTourists,
  });
  summary.requests += summary.agentRequests;

  const reservations = await viewerOf(trx, 'reservations@example.com');
  const booked = await seedBookings(trx, {
    today: options.today,
    dice,
    trips,
    viewer: reservations,
  });

  // The Kyrgyz suppliers' price lists, and costings of the Kyrgyz tours and departures from them.
  const priceLists = await seedPriceLists(trx, reservations, booked.suppliers, options.today);
  const costings = await seedCostings(trx, reservations, {
    today: options.today,
    suppliers: booked.suppliers,
    ids: priceLists.ids,
    tours,
    trips: await trx
      .selectFrom('trips')
      .select([
        'id',
        'prepared_tour_id as preparedTourId',
        sql<string>`starts_on::text`.as('startsOn'),
      ])
      .orderBy('starts_on')
      .execute(),
  });

  // The participants pay (the cancelled trip's before it is called off), then the cancelled trip
  // and its bookings are cancelled with the suppliers' penalties and its deposits refunded.
  const staff = { sales, phone, accountant, admin };
  summary.payments = await payParticipants(trx, {
    trips,
    today: options.today,
    dice,
    staff,
    walletIds: options.walletIds,
  });
  const cancelled = trips.filter((trip) => trip.status === 'cancelled');
  for (const trip of cancelled) await moveTrip(trx, admin, trip.id, 'cancelled');
  await cancelBookingsOfTrips(
    trx,
    reservations,
    booked,
    cancelled.map((trip) => trip.id),
    options.today,
  );
  await refundCancelledTrips(trx, { trips: cancelled, staff, summary: summary.payments });

  const supplierPayments = await paySuppliers(trx, booked, {
    dice,
    walletIds: options.walletIds,
    staff: { accountant, admin },
  });

  await sql`analyze trips, trip_participants, requests, prepared_tours, suppliers, bookings,
    booking_participants`.execute(trx);
  return {
    mainSection: summary,
    bookings: {
      ...summarizeBookings(booked),
      supplierPayments,
      prices: priceLists.prices,
      costings,
    },
  };
}
