// What the fake server sends for the reports: figures chosen by hand, and totals that are NOT
// the sums of the lines, so a screen that adds amounts itself shows the wrong figure.
import type { Currency } from '@tour/shared';
import type {
  GeneralReport,
  GeneralReportLine,
  GeneralReportMonth,
} from '../features/general-report/api/types';
import type {
  ReportPayment,
  TripUsers,
  TripUsersParticipant,
} from '../features/trip-users/api/types';

export const NBSP = '\u00a0';

export const textOf = (element: Element) => element.textContent ?? '';

export function reportLine(overrides: Partial<GeneralReportLine> = {}): GeneralReportLine {
  return {
    trip: {
      id: 5,
      title: 'Зимний Токио',
      country: 'Япония',
      starts_on: '2026-12-01',
      ends_on: '2026-12-10',
      status: 'confirmed',
      currency: 'usd',
      manager: { id: 2, full_name: 'Асанова Айгуль' },
    },
    tourists: 8,
    missing_rate: false,
    revenue: 1234567.5,
    costs: 987654,
    profit: 246913.5,
    margin: 20.01,
    paid: 734567.25,
    debt: 500000.25,
    supplier_paid: 600000,
    cash_result: 134567.25,
    exchange_difference: -1250.25,
    plan: null,
    ...overrides,
  };
}

function month(value: string, figures: Partial<GeneralReportMonth> = {}): GeneralReportMonth {
  return {
    month: value,
    revenue: 0,
    costs: 0,
    profit: 0,
    margin: null,
    paid: 0,
    debt: 0,
    supplier_paid: 0,
    cash_result: 0,
    exchange_difference: 0,
    ...figures,
  };
}

/**
 * A page of two trips out of 31, in `currency` (the server's answer names its currency), of the
 * default period: from 1 January of the current year, without an end.
 */
export function generalReport(
  currency: Currency = 'kgs',
  overrides: Partial<GeneralReport> = {},
): GeneralReport {
  return {
    currency,
    from: `${new Date().getFullYear()}-01-01`,
    to: null,
    lines: [
      // Its costing planned less than the bookings cost: over plan.
      reportLine({
        plan: {
          costs: 950000,
          profit: 284567.5,
          margin: 23.05,
          difference: 37654,
          missing_rate: false,
        },
      }),
      // No costing: «нет калькуляции».
      reportLine({
        trip: {
          id: 7,
          title: 'Сеул весной',
          country: 'Корея',
          starts_on: '2026-04-03',
          ends_on: '2026-04-09',
          status: 'planned',
          currency: 'kgs',
          manager: null,
        },
        tourists: 0,
        missing_rate: true,
        revenue: 0,
        costs: 15000,
        profit: -15000,
        margin: null,
        paid: 0,
        debt: 0,
        supplier_paid: 5000,
        cash_result: -5000,
        exchange_difference: 0,
      }),
    ],
    page: 1,
    per_page: 20,
    total: 31,
    totals: {
      trips: 31,
      tourists: 214,
      missing_rate: true,
      revenue: 9876543.21,
      costs: 7654321,
      profit: 2222222.21,
      margin: 22.5,
      paid: 6543210.5,
      debt: 3333332.71,
      supplier_paid: 5432100,
      cash_result: 1111110.5,
      exchange_difference: -4321.5,
    },
    months: [
      month('2026-01'),
      month('2026-04', { costs: 15000, profit: -15000, supplier_paid: 5000, cash_result: -5000 }),
      month('2026-12', { revenue: 1234567.5, costs: 987654, profit: 246913.5, margin: 20.01 }),
      month('2027-03', { paid: 1000, debt: -1000, cash_result: 1000 }),
    ],
    missing_rates: [
      { date: '2026-03-14', currency: 'jpy' },
      { date: '2026-04-01', currency: 'usd' },
    ],
    ...overrides,
  };
}

export function payment(overrides: Partial<ReportPayment> = {}): ReportPayment {
  return {
    id: 101,
    type: 'income',
    status: 'confirmed',
    date: '2026-11-15',
    amount: 100000,
    currency: 'kgs',
    trip_rate: 0.011435,
    trip_rate_date: '2026-11-14',
    in_trip_currency: 1143.5,
    report_rate: 1,
    report_rate_date: null,
    in_report_currency: 100000,
    ...overrides,
  };
}

export function participant(overrides: Partial<TripUsersParticipant> = {}): TripUsersParticipant {
  return {
    participant_id: 11,
    user_id: 103,
    full_name: 'Иванов Пётр',
    status: 'confirmed',
    price: 2500,
    discount: 100,
    due: 2400,
    paid: 1143.5,
    expected: 500,
    debt: 1256.5,
    paid_in_currency: 100000,
    missing_rate: false,
    payments: [payment()],
    ...overrides,
  };
}

/** Zimniy Tokio (USD) seen in `currency`: two active participants and a cancelled one. */
export function tripUsers(currency: Currency = 'kgs'): TripUsers {
  return {
    currency,
    trip: {
      id: 5,
      title: 'Зимний Токио',
      starts_on: '2026-12-01',
      ends_on: '2026-12-10',
      status: 'confirmed',
      currency: 'usd',
    },
    participants: [
      participant({
        payments: [
          payment(),
          payment({
            id: 102,
            type: 'income',
            status: 'pending',
            date: '2026-11-20',
            amount: 500,
            currency: 'usd',
            trip_rate: 1,
            trip_rate_date: null,
            in_trip_currency: 500,
            report_rate: null,
            report_rate_date: null,
            in_report_currency: null,
          }),
        ],
        missing_rate: true,
      }),
      participant({
        participant_id: 12,
        user_id: 104,
        full_name: 'Ли Анна',
        status: 'booked',
        price: 2500,
        discount: 0,
        due: 2500,
        paid: 0,
        expected: 0,
        debt: 2500,
        paid_in_currency: 0,
        payments: [],
      }),
      participant({
        participant_id: 13,
        user_id: 105,
        full_name: 'Петров Олег',
        status: 'cancelled',
        price: 2500,
        discount: 0,
        due: 0,
        paid: 300,
        expected: 0,
        debt: -300,
        paid_in_currency: 26235,
        payments: [
          payment({
            id: 103,
            type: 'outcome',
            date: '2026-11-25',
            amount: 200,
            currency: 'usd',
            trip_rate: 1,
            trip_rate_date: null,
            in_trip_currency: 200,
            report_rate: 87.45,
            report_rate_date: '2026-11-25',
            in_report_currency: 17490,
          }),
        ],
      }),
    ],
    totals: {
      active: { due: 4900, paid: 1143.5, expected: 500, debt: 3756.5, paid_in_currency: 100000 },
      cancelled: { due: 0, paid: 300, expected: 0, debt: -300, paid_in_currency: 26235 },
      paid_in_currency: 126235,
      missing_rate: true,
    },
  };
}
