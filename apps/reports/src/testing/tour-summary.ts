// What the fake server sends for the tour summary: figures chosen by hand, and totals that are
// NOT the sums of the lines (the hotels' total, the trip's paid), so a screen that adds amounts
// itself shows the wrong figure.
import type { Currency } from '@tour/shared';
import type {
  SummaryBooking,
  SummaryTourist,
  TourSummary,
} from '../features/tour-summary/api/types';

export function summaryBooking(overrides: Partial<SummaryBooking> = {}): SummaryBooking {
  return {
    id: 201,
    title: 'Hotel Gracery Shinjuku, 2 DBL',
    supplier_name: 'Gracery Hotels',
    starts_on: '2026-12-01',
    ends_on: '2026-12-10',
    status: 'confirmed',
    currency: 'jpy',
    cost: 540000,
    converted: 3612.25,
    rate: 0.006689,
    rate_date: '2026-11-30',
    supplier_paid: 300000,
    supplier_debt: 240000,
    exchange_difference: -12.4,
    shared_by: 2,
    missing_rate: false,
    ...overrides,
  };
}

export function summaryTourist(overrides: Partial<SummaryTourist> = {}): SummaryTourist {
  return {
    participant_id: 11,
    full_name: 'Иванов Пётр',
    status: 'confirmed',
    paid: 4500,
    costs: 1953.95,
    by_kind: { hotel: 1905.13, tour_expense: 48.82 },
    result: 2546.05,
    ...overrides,
  };
}

/**
 * Zimniy Tokio (USD) counted in `currency`: hotels (one in yen, a cancelled one whose penalty
 * nobody active shares), an air ticket in som without a rate, a visa fee in euros; two active
 * tourists and a cancelled one. The figures stay the same whatever the currency (only the
 * symbols change): the screen shows what it is sent.
 */
export function tourSummary(
  currency: Currency = 'usd',
  overrides: Partial<TourSummary> = {},
): TourSummary {
  return {
    currency,
    trip: {
      id: 5,
      title: 'Зимний Токио',
      country: 'Япония',
      starts_on: '2026-12-01',
      ends_on: '2026-12-10',
      status: 'confirmed',
      currency: 'usd',
    },
    kinds: [
      {
        kind: 'hotel',
        bookings: [
          summaryBooking(),
          summaryBooking({
            id: 202,
            title: 'Ryokan Kyoto, 1 TWN',
            supplier_name: 'Kyoto Inns',
            starts_on: '2026-12-05',
            ends_on: '2026-12-06',
            status: 'cancelled',
            currency: 'usd',
            cost: 150,
            converted: 150,
            rate: 1,
            rate_date: null,
            supplier_paid: 0,
            supplier_debt: 150,
            exchange_difference: 0,
            shared_by: 0,
          }),
        ],
        converted: 3800,
      },
      {
        kind: 'air_ticket',
        bookings: [
          summaryBooking({
            id: 203,
            title: 'Бишкек — Стамбул — Токио',
            supplier_name: 'Turkish Airlines',
            starts_on: '2026-12-01',
            ends_on: '2026-12-01',
            status: 'confirmed',
            currency: 'kgs',
            cost: 312000,
            converted: null,
            rate: null,
            rate_date: null,
            supplier_paid: 312000,
            supplier_debt: 0,
            exchange_difference: null,
            missing_rate: true,
          }),
        ],
        converted: 0,
      },
      {
        kind: 'tour_expense',
        bookings: [
          summaryBooking({
            id: 204,
            title: 'Визовый сбор',
            supplier_name: 'Посольство Японии',
            starts_on: '2026-11-20',
            ends_on: '2026-11-20',
            status: 'requested',
            currency: 'eur',
            cost: 90,
            converted: 97.65,
            rate: 1.085,
            rate_date: '2026-11-19',
            supplier_paid: 0,
            supplier_debt: 90,
            exchange_difference: 0,
          }),
        ],
        converted: 97.65,
      },
    ],
    totals: {
      tourists: 2,
      missing_rate: true,
      revenue: 6034.5,
      costs: 3897.65,
      profit: 2136.85,
      margin: 35.41,
      paid: 2469,
      debt: 3565.5,
      supplier_paid: 2500,
      cash_result: -31,
      exchange_difference: -12.4,
    },
    tourists: [
      summaryTourist(),
      summaryTourist({
        participant_id: 12,
        full_name: 'Ли Анна',
        status: 'booked',
        paid: 1234.5,
        costs: 1953.95,
        by_kind: { hotel: 1905.12, tour_expense: 48.83 },
        result: -719.45,
      }),
      summaryTourist({
        participant_id: 13,
        full_name: 'Петров Олег',
        status: 'cancelled',
        paid: 300,
        costs: 0,
        by_kind: {},
        result: 300,
      }),
    ],
    unassigned: { costs: 150, by_kind: { hotel: 150 } },
    plan: null,
    ...overrides,
  };
}
