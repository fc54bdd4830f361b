// What the fake server sends for the administrative report: figures chosen by hand, and totals
// that are NOT the sums of the lines, so a screen that added amounts itself would show the wrong
// figure.
import type { Currency } from '@tour/shared';
import type { AdministrativeReport, AdministrativeReportLine } from '../api/types';

export function administrativeLine(
  overrides: Partial<AdministrativeReportLine> = {},
): AdministrativeReportLine {
  return {
    category: 'Взносы учредителя',
    type: 'income',
    by_month: [50000, 0, 125000.5],
    total: 175000.5,
    originals: [
      { currency: 'kgs', amount: 100000 },
      { currency: 'usd', amount: 860.25 },
    ],
    missing_rate: false,
    ...overrides,
  };
}

/** January to March 2026 in `currency` (the server's answer names its currency): four lines. */
export function administrativeReport(
  currency: Currency = 'kgs',
  overrides: Partial<AdministrativeReport> = {},
): AdministrativeReport {
  return {
    currency,
    from: '2026-01-01',
    to: '2026-03-31',
    months: ['2026-01', '2026-02', '2026-03'],
    lines: [
      administrativeLine(),
      administrativeLine({
        category: 'Прочие поступления',
        by_month: [0, 1234, 0],
        total: 1234,
        originals: [{ currency: 'kgs', amount: 1234 }],
      }),
      administrativeLine({
        category: 'Аренда офиса',
        type: 'outcome',
        by_month: [45000, 45000, 45000],
        total: 135000,
        originals: [{ currency: 'kgs', amount: 135000 }],
      }),
      administrativeLine({
        category: 'Реклама',
        type: 'outcome',
        by_month: [0, 2500.75, 0],
        total: 2500.75,
        originals: [
          { currency: 'eur', amount: 25.5 },
          { currency: 'jpy', amount: 10000 },
        ],
        missing_rate: true,
      }),
    ],
    totals: {
      income: [51234.5, 2000, 130000],
      outcome: [45100, 47600.25, 45000],
      net: [6134.5, -45600.25, 85000],
      income_total: 183234.5,
      outcome_total: 137700.25,
      net_total: 45534.25,
      missing_rate: true,
    },
    missing_rates: [{ date: '2026-02-14', currency: 'jpy' }],
    ...overrides,
  };
}

/** A period without a single confirmed administrative operation. */
export function emptyAdministrativeReport(currency: Currency = 'kgs'): AdministrativeReport {
  return administrativeReport(currency, {
    lines: [],
    totals: {
      income: [0, 0, 0],
      outcome: [0, 0, 0],
      net: [0, 0, 0],
      income_total: 0,
      outcome_total: 0,
      net_total: 0,
      missing_rate: false,
    },
    missing_rates: [],
  });
}
