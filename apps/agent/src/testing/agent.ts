import type {
  AgentDeparture,
  AgentRequest,
  AgentTour,
  AgentTourDetail,
  AgentTourist,
} from '@tour/shared';

// Hand-written answers of the agent API (the contract in @tour/shared), for the pages' tests.

/** antd and the shared formatter group thousands with a no-break space. */
export const NBSP = '\u00a0';

/** An element's text with its blanks made plain spaces (formatAmount groups with NBSP). */
export function textOf(element: Element): string {
  return (element.textContent ?? '').replace(/\u00a0/g, ' ');
}

export function departure(overrides: Partial<AgentDeparture> = {}): AgentDeparture {
  return {
    trip_id: 41,
    starts_on: '2026-12-01',
    ends_on: '2026-12-10',
    status: 'confirmed',
    seats: 20,
    seats_free: 5,
    price: 1500,
    currency: 'usd',
    agent_price: 1350,
    commission: 150,
    ...overrides,
  };
}

/** Japan with a 10 % commission: two departures, the second with 2 free seats. */
export function japan(overrides: Partial<AgentTour> = {}): AgentTour {
  return {
    key: 'japan-classic',
    title: 'Классическая Япония',
    country: 'Япония',
    cities: ['Токио', 'Киото', 'Осака'],
    days: 10,
    base_price: 1500,
    currency: 'usd',
    agent_price: null,
    agent_commission: 10,
    departures: [
      departure(),
      departure({
        trip_id: 42,
        starts_on: '2027-01-15',
        ends_on: '2027-01-24',
        status: 'planned',
        seats: 12,
        seats_free: 2,
        price: 1450.5,
        agent_price: 1305.45,
        commission: 145.05,
      }),
    ],
    ...overrides,
  };
}

/** Georgia with an agent price in KGS, one full departure. */
export function georgia(overrides: Partial<AgentTour> = {}): AgentTour {
  return {
    key: 'georgia-wine',
    title: 'Винная Грузия',
    country: 'Грузия',
    cities: ['Тбилиси'],
    days: 7,
    base_price: 65000,
    currency: 'kgs',
    agent_price: 58000,
    agent_commission: null,
    departures: [
      departure({
        trip_id: 51,
        starts_on: '2026-10-03',
        ends_on: '2026-10-09',
        seats: 16,
        seats_free: 0,
        price: 65000,
        currency: 'kgs',
        agent_price: 58000,
        commission: 7000,
      }),
    ],
    ...overrides,
  };
}

/** Japan whole: its programme, what is included and not. */
export function japanDetail(overrides: Partial<AgentTourDetail> = {}): AgentTourDetail {
  return {
    ...japan(),
    itinerary: [
      { title: 'Прилёт в Токио', description: 'Встреча в аэропорту Нарита, трансфер в отель.' },
      { title: 'Токио', description: 'Обзорная экскурсия: Асакуса, Гинза, Сибуя.' },
    ],
    included: ['Проживание в отелях 4*', 'Завтраки', 'Трансферы'],
    not_included: ['Авиабилеты', 'Виза'],
    ...overrides,
  };
}

export function request(overrides: Partial<AgentRequest> = {}): AgentRequest {
  return {
    id: 301,
    status: 'new',
    tour_key: 'japan-classic',
    tour_title: 'Классическая Япония',
    trip_id: 41,
    date_from: '2026-12-01',
    date_to: '2026-12-10',
    tourists: [
      { full_name: 'Асанова Айгуль', phone: '+996700123456' },
      { full_name: 'Асанов Бакыт', phone: null },
    ],
    adults: 2,
    comment: 'Нужен номер с видом на море',
    reject_reason: null,
    created_at: '2026-09-14T08:30:00.000Z',
    ...overrides,
  };
}

/** A tourist ready to travel, owing in two currencies, with one trip. */
export function aigul(overrides: Partial<AgentTourist> = {}): AgentTourist {
  return {
    id: 7,
    full_name: 'Асанова Айгуль',
    email: 'aigul@example.kg',
    phone: '+996700123456',
    birth_date: '1990-03-08',
    citizenship: 'Кыргызстан',
    passport_number: 'AC1234567',
    passport_issued_at: '2021-05-01',
    passport_expires_at: '2031-05-01',
    notes: null,
    trips: [
      {
        trip_id: 41,
        title: 'Классическая Япония',
        starts_on: '2026-12-01',
        ends_on: '2026-12-10',
        trip_status: 'confirmed',
        participant_status: 'confirmed',
        currency: 'usd',
        due: 1500,
        paid: 500,
        debt: 1000,
        problems: [],
      },
    ],
    owes: [
      { currency: 'kgs', amount: 12500 },
      { currency: 'usd', amount: 1000 },
    ],
    problems: [],
    created_at: '2026-08-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A tourist with no passport or birth date, and no trip. */
export function bakyt(overrides: Partial<AgentTourist> = {}): AgentTourist {
  return {
    id: 8,
    full_name: 'Асанов Бакыт',
    email: null,
    phone: null,
    birth_date: null,
    citizenship: null,
    passport_number: null,
    passport_issued_at: null,
    passport_expires_at: null,
    notes: null,
    trips: [],
    owes: [],
    problems: ['passport_missing', 'birth_date_missing'],
    created_at: '2026-08-02T10:00:00.000Z',
    ...overrides,
  };
}
