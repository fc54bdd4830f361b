import { resolveRate, type Currency } from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { businessToday } from '../../domain/business-day';
import { dayRatesOf, majorNumber, moneyOf, type MovementSum } from '../../domain/money';
import { monthsOf, reportPeriod } from './general';
import * as repo from './repository';
import type {
  AdministrativeReportJson,
  AdministrativeReportQuery,
} from '@tour/core/contract/reports';

type Type = 'income' | 'outcome';

/**
 * GET /admin/reports/administrative: the confirmed administrative operations of a period by
 * category and month, each converted to the report's currency at the rate of the day it was
 * confirmed. A cell (a category's month) is the exact sum of its operations rounded up once;
 * every total adds the cells as shown. A sum without a rate is left out and flagged (its line,
 * the totals, and the day in `missing_rates`), never converted at 1.
 */
export async function administrativeReport(
  db: Db,
  query: AdministrativeReportQuery,
): Promise<AdministrativeReportJson> {
  const currency: Currency = query.currency ?? 'kgs';
  const period = reportPeriod(query);
  const months = monthsOf(period.from, period.to);
  const monthIndex = new Map(months.map((month, index) => [month, index]));
  const rows = await repo.administrativeRows(db, period, currency);
  const { rates } = dayRatesOf(rows.rates);

  interface Line {
    category: string;
    type: Type;
    cells: number[];
    originals: Map<Currency, number>;
    missingRate: boolean;
  }
  const lines = new Map<string, Line>();
  const cellKeys: { line: Line; month: number }[] = [];
  const cellKey = new Map<string, number>();
  const sums: MovementSum[] = [];
  const missing = new Map<string, { date: string; currency: Currency }>();
  for (const [category, type, from, day, total] of rows.sums ?? []) {
    const key = `${type} ${category}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        category,
        type,
        cells: months.map(() => 0),
        originals: new Map(),
        missingRate: false,
      };
      lines.set(key, line);
    }
    const own = storedCurrency(from);
    line.originals.set(own, (line.originals.get(own) ?? 0) + total);
    const month = monthIndex.get(day.slice(0, 7))!;
    const cell = `${key} ${month}`;
    if (!cellKey.has(cell)) {
      cellKey.set(cell, cellKeys.length);
      cellKeys.push({ line, month });
    }
    if (own !== currency && !resolveRate(rates.get(day) ?? {}, own, currency)) {
      missing.set(`${day} ${own}`, { date: day, currency: own });
    }
    // Every cell's operations add up as one "participant" of the shared exact sum.
    sums.push({
      participantId: cellKey.get(cell)!,
      type: 'income',
      status: 'confirmed',
      currency: from,
      day,
      total,
    });
  }
  for (const [key, money] of moneyOf(sums, currency, rates, businessToday())) {
    const { line, month } = cellKeys[key]!;
    line.cells[month] = money.paid;
    if (money.missingRate) line.missingRate = true;
  }

  const sorted = [...lines.values()].sort(
    (a, b) =>
      (a.type === b.type ? 0 : a.type === 'income' ? -1 : 1) ||
      a.category.localeCompare(b.category, 'ru'),
  );
  const perMonth = (type: Type) =>
    months.map((_, month) =>
      sorted
        .filter((line) => line.type === type)
        .reduce((sum, line) => sum + line.cells[month]!, 0),
    );
  const income = perMonth('income');
  const outcome = perMonth('outcome');
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  const major = (minor: number) => majorNumber(minor, currency);
  return {
    currency,
    from: period.from,
    to: period.to,
    months,
    lines: sorted.map((line) => ({
      category: line.category,
      type: line.type,
      by_month: line.cells.map(major),
      total: major(sum(line.cells)),
      originals: [...line.originals]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([own, minor]) => ({ currency: own, amount: majorNumber(minor, own) })),
      missing_rate: line.missingRate,
    })),
    totals: {
      income: income.map(major),
      outcome: outcome.map(major),
      net: income.map((value, month) => major(value - outcome[month]!)),
      income_total: major(sum(income)),
      outcome_total: major(sum(outcome)),
      net_total: major(sum(income) - sum(outcome)),
      missing_rate: sorted.some((line) => line.missingRate),
    },
    missing_rates: [...missing.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency),
    ),
  };
}
