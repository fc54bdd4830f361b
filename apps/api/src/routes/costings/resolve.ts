import {
  formatAmount,
  formatDate,
  isCurrency,
  PRICE_UNITS,
  type CostingLine,
  type Currency,
} from '@tour/core';
import type { CostingLineBody, PricedLineJson } from '@tour/core/contract/costings';
import type { Db } from '../../db/database';
import { fromMinorUnits } from '@tour/core';
import { addDays } from '../../domain/business-day';
import { FieldErrors } from '../../lib/field-errors';
import * as repo from './repository';

// A costing's lines as entered (pointing at price lists) turned into the costing engine's lines:
// each hotel night priced by its own season, the cars of a route on offer that day, a price's
// season checked against its day. What cannot be priced is said per line, in Russian.

export const COSTING_LINE_MESSAGES = {
  noRoom: (line: number, room: string, day: string) =>
    `Строка ${line}: нет цены ${room} на ${formatDate(day)} — добавьте её в прайс-лист отеля`,
  mixedCurrencies: (line: number) =>
    `Строка ${line}: цены в разных валютах — выберите услугу с ценами в одной валюте`,
  noCars: (line: number, day: string) =>
    `Строка ${line}: у маршрута нет цен машин на ${formatDate(day)}`,
  noPrice: (line: number) => `Строка ${line}: цена не найдена в прайс-листе`,
  outOfSeason: (line: number, day: string, from: string, to: string) =>
    `Строка ${line}: цена не действует ${formatDate(day)}, её сезон — ` +
    `${formatDate(from)}–${formatDate(to)}`,
  pickedByKind: (line: number) =>
    `Строка ${line}: отель и трансфер выбираются своей строкой (отель, трансфер)`,
  amount: (line: number, message: string) => `Строка ${line}: ${message}`,
} as const;

/**
 * Where a priced line comes from, as a trip's plan and its bookings read it (trip-plan.ts): the
 * booking kind, the supplier, the service, its days and quantity, the price of one unit.
 */
export interface LineSource {
  kind: 'hotel' | 'transfer' | 'guide' | 'activity' | 'tour_expense';
  supplier_id: number | null;
  supplier_name: string | null;
  /** A hotel's room category, a transfer's route, a price's service, a typed line's label. */
  service: string;
  meal_plan: string | null;
  /** The double room a hotel line priced: DBL, else TWN. */
  double_room: 'DBL' | 'TWN' | null;
  /** The first and the last day (a hotel: check-in and check-out); null: a typed line. */
  starts_on: string | null;
  ends_on: string | null;
  quantity: number;
  /** One unit's price in major units: a guide's day, a ticket, an expense (null: rooms, cars). */
  unit_price: string | null;
}

export interface PricedLines {
  lines: CostingLine[];
  priced: PricedLineJson[];
  /** Each line's source, in the lines' order. */
  sources: LineSource[];
}

/** A function of (minor units, currency) remembering its answers: a price repeats over nights. */
function remembered(of: (minor: number, currency: Currency) => string) {
  const known = new Map<string, string>();
  return (minor: number, currency: Currency) => {
    const key = `${currency}${minor}`;
    let text = known.get(key);
    if (text === undefined) known.set(key, (text = of(minor, currency)));
    return text;
  };
}
const times = (quantity: number) => (quantity > 1 ? ` × ${quantity}` : '');
const nightsWord = (count: number) =>
  count % 10 === 1 && count % 100 !== 11
    ? 'ночь'
    : [2, 3, 4].includes(count % 10) && ![12, 13, 14].includes(count % 100)
      ? 'ночи'
      : 'ночей';

/** What the lines point at (repo.pricesFor reads it at once): services, prices by id, days. */
export function wantedPrices(body: CostingLineBody[]): repo.WantedPrices {
  const services: repo.WantedPrices['services'] = [];
  const ids: number[] = [];
  const days: string[] = [];
  for (const line of body) {
    if (line.type === 'hotel') {
      services.push({
        supplier_id: line.supplier_id,
        service: line.service.trim().toLowerCase(),
        kind: 'hotel',
      });
      days.push(line.check_in, addDays(line.check_in, line.nights - 1));
    } else if (line.type === 'transfer') {
      services.push({
        supplier_id: line.supplier_id,
        service: line.service.trim().toLowerCase(),
        kind: 'transfer',
      });
      days.push(line.date);
    } else if (line.type === 'price') ids.push(line.price_id);
  }
  days.sort();
  // Each price once (a guide's price repeats over days): PostgreSQL checks every row against the
  // whole list.
  return {
    services,
    ids: [...new Set(ids)],
    from: days[0] ?? '9999-12-31',
    to: days.at(-1) ?? '0001-01-01',
  };
}

/**
 * The lines priced from the price lists (typed ones as typed); every line's problem under
 * `lines` (FieldErrors thrown), none priced silently.
 */
export async function priceLines(
  db: Db,
  body: CostingLineBody[],
  typedAmount: (value: number | string, currency: Currency) => number | { error: string },
): Promise<PricedLines> {
  const wanted = wantedPrices(body);
  const none = wanted.services.length === 0 && wanted.ids.length === 0;
  const { prices } = none ? { prices: [] } : await repo.pricesFor(db, wanted);
  return priceLinesFrom(prices, body, typedAmount);
}

/** As priceLines, from the prices read for the lines (`available`: repo.pricesFor's). */
export function priceLinesFrom(
  available: repo.PriceRow[],
  body: CostingLineBody[],
  typedAmount: (value: number | string, currency: Currency) => number | { error: string },
): PricedLines {
  const errors = new FieldErrors();
  const lines: CostingLine[] = [];
  const priced: PricedLineJson[] = [];
  const sources: LineSource[] = [];
  const money = remembered((minor, currency) =>
    formatAmount(fromMinorUnits(minor, currency), currency),
  );
  const major = remembered((minor, currency) => String(fromMinorUnits(minor, currency)));
  const key = (supplierId: number, service: string) =>
    `${supplierId}\u0000${service.trim().toLowerCase()}`;
  // A service's prices found by its supplier and name at once, not by a scan per line.
  const byService = new Map<string, repo.PriceRow[]>();
  for (const row of available) {
    const service = key(row.supplier_id, row.service);
    const rows = byService.get(service);
    if (rows) rows.push(row);
    else byService.set(service, [row]);
  }
  const byId = new Map(available.map((row) => [row.id, row]));
  const pricesOf = (supplierId: number, service: string) =>
    byService.get(key(supplierId, service)) ?? [];
  for (const [index, line] of body.entries()) {
    const number = index + 1;
    const quantity = 'quantity' in line && line.quantity ? line.quantity : 1;
    switch (line.type) {
      case 'hotel': {
        const last = addDays(line.check_in, line.nights - 1);
        const rows = pricesOf(line.supplier_id, line.service).filter(
          (row) =>
            row.kind === 'hotel' &&
            row.meal_plan === line.meal_plan &&
            ['SGL', 'DBL', 'TWN'].includes(row.variant ?? '') &&
            row.valid_from <= last &&
            row.valid_to >= line.check_in,
        );
        const nights: { single: string; double: string }[] = [];
        const currencies = new Set<string>();
        const described = new Map<string, number>();
        for (let night = 0; night < line.nights; night++) {
          const day = addDays(line.check_in, night);
          const valid = rows.filter((row) => row.valid_from <= day && row.valid_to >= day);
          const single = valid.find((row) => row.variant === 'SGL');
          const double =
            valid.find((row) => row.variant === 'DBL') ??
            valid.find((row) => row.variant === 'TWN');
          if (!single) errors.add('lines', COSTING_LINE_MESSAGES.noRoom(number, 'SGL', day));
          if (!double) errors.add('lines', COSTING_LINE_MESSAGES.noRoom(number, 'DBL', day));
          if (!single || !double) break;
          currencies.add(single.currency).add(double.currency);
          const currency = single.currency as Currency;
          nights.push({
            single: major(single.price, currency),
            double: major(double.price, double.currency as Currency),
          });
          const text = `SGL ${money(single.price, currency)}, ${double.variant} ${money(double.price, double.currency as Currency)}`;
          described.set(text, (described.get(text) ?? 0) + 1);
        }
        if (currencies.size > 1) errors.add('lines', COSTING_LINE_MESSAGES.mixedCurrencies(number));
        if (nights.length < line.nights || currencies.size !== 1) break;
        const currency = [...currencies][0] as Currency;
        sources.push({
          kind: 'hotel',
          supplier_id: line.supplier_id,
          supplier_name: rows[0]!.supplier_name,
          service: line.service.trim(),
          meal_plan: line.meal_plan,
          double_room: rows.some((row) => row.variant === 'DBL') ? 'DBL' : 'TWN',
          starts_on: line.check_in,
          ends_on: addDays(line.check_in, line.nights),
          quantity: 1,
          unit_price: null,
        });
        lines.push({
          label: `${rows[0]!.supplier_name}, ${line.service}, ${line.meal_plan}`,
          currency,
          basis: { type: 'rooms', nights },
        });
        priced.push({
          label: lines.at(-1)!.label,
          currency,
          supplier: { id: line.supplier_id, name: rows[0]!.supplier_name },
          per: 'rooms',
          detail:
            `${formatDate(line.check_in)}, ${line.nights} ${nightsWord(line.nights)}: ` +
            [...described].map(([text, count]) => `${count} × (${text})`).join('; '),
        });
        break;
      }
      case 'transfer': {
        const rows = pricesOf(line.supplier_id, line.service)
          .filter(
            (row) =>
              row.kind === 'transfer' && row.valid_from <= line.date && row.valid_to >= line.date,
          )
          .sort((a, b) => (a.capacity ?? 0) - (b.capacity ?? 0) || a.id - b.id);
        if (rows.length === 0) {
          errors.add('lines', COSTING_LINE_MESSAGES.noCars(number, line.date));
          break;
        }
        const currencies = new Set(rows.map((row) => row.currency));
        if (currencies.size > 1) {
          errors.add('lines', COSTING_LINE_MESSAGES.mixedCurrencies(number));
          break;
        }
        const currency = rows[0]!.currency as Currency;
        sources.push({
          kind: 'transfer',
          supplier_id: line.supplier_id,
          supplier_name: rows[0]!.supplier_name,
          service: line.service.trim(),
          meal_plan: null,
          double_room: null,
          starts_on: line.date,
          ends_on: line.date,
          quantity,
          unit_price: null,
        });
        lines.push({
          label: `${rows[0]!.supplier_name}, ${line.service}`,
          currency,
          quantity,
          basis: {
            type: 'cars',
            cars: rows.map((row) => ({
              capacity: row.capacity!,
              price: major(row.price, currency),
            })),
          },
        });
        priced.push({
          label: lines.at(-1)!.label,
          currency,
          supplier: { id: line.supplier_id, name: rows[0]!.supplier_name },
          per: 'cars',
          detail:
            `${formatDate(line.date)}: ` +
            rows.map((row) => `${row.capacity} мест — ${money(row.price, currency)}`).join(', ') +
            times(quantity),
        });
        break;
      }
      case 'price': {
        const row = byId.get(line.price_id);
        if (!row) {
          errors.add('lines', COSTING_LINE_MESSAGES.noPrice(number));
          break;
        }
        if (row.kind === 'hotel' || row.kind === 'transfer') {
          errors.add('lines', COSTING_LINE_MESSAGES.pickedByKind(number));
          break;
        }
        if (row.valid_from > line.date || row.valid_to < line.date) {
          errors.add(
            'lines',
            COSTING_LINE_MESSAGES.outOfSeason(number, line.date, row.valid_from, row.valid_to),
          );
          break;
        }
        const currency = row.currency as Currency;
        const per = row.unit === 'day' || row.unit === 'group' ? 'group' : 'person';
        const kind = row.kind as 'guide' | 'activity' | 'tour_expense';
        sources.push({
          kind,
          supplier_id: row.supplier_id,
          supplier_name: row.supplier_name,
          service: row.service,
          meal_plan: null,
          double_room: null,
          starts_on: line.date,
          // A guide's days run from the service day, one a unit.
          ends_on: kind === 'guide' ? addDays(line.date, quantity - 1) : line.date,
          quantity,
          unit_price: major(row.price, currency),
        });
        lines.push({
          label: `${row.supplier_name}, ${row.service}`,
          currency,
          quantity,
          basis: { type: per, amount: major(row.price, currency) },
        });
        priced.push({
          label: lines.at(-1)!.label,
          currency,
          supplier: { id: row.supplier_id, name: row.supplier_name },
          per,
          detail: `${money(row.price, currency)} ${PRICE_UNITS[row.unit as keyof typeof PRICE_UNITS].label}${times(quantity)}`,
        });
        break;
      }
      case 'typed': {
        const currency = line.currency;
        const minor = isCurrency(currency) ? typedAmount(line.amount, currency) : null;
        if (minor === null || typeof minor !== 'number') {
          errors.add('lines', COSTING_LINE_MESSAGES.amount(number, minor?.error ?? ''));
          break;
        }
        sources.push({
          kind: 'tour_expense',
          supplier_id: null,
          supplier_name: null,
          service: line.label.trim(),
          meal_plan: null,
          double_room: null,
          starts_on: null,
          ends_on: null,
          quantity,
          unit_price: major(minor, currency),
        });
        lines.push({
          label: line.label.trim(),
          currency,
          quantity,
          basis: { type: line.per, amount: major(minor, currency) },
        });
        priced.push({
          label: line.label.trim(),
          currency,
          per: line.per,
          detail: `${money(minor, currency)} ${line.per === 'group' ? 'за группу' : 'за человека'}${times(quantity)}`,
        });
        break;
      }
    }
  }
  errors.throwIfAny();
  return { lines, priced, sources };
}
