import Big from 'big.js';
import { resolveRate, type Rates } from '../money/conversion';
import { currencyPrecision, parseDecimal, type Currency } from '../money/currency';
import * as exact from './fraction';

// A costing («Калькуляция», issue 33): a tour's services turned into a price per person by group
// size and occupancy. Every step is exact (big.js); the only roundings are the ones a person
// reads: the cost per person up to the selling currency's minor unit, and the price up to the
// currency's step (PRICE_ROUNDING), both upwards, so nothing is ever sold below its cost.

/** How a person's room is shared: alone, or with one other person (a double room halved). */
export const OCCUPANCIES = {
  single: { label: 'Одноместное размещение' },
  double: { label: 'Двухместное размещение' },
} as const;
export type Occupancy = keyof typeof OCCUPANCIES;
export const OCCUPANCY_LIST = Object.keys(OCCUPANCIES) as Occupancy[];

/** The group sizes a costing's table shows unless it is given others. */
export const DEFAULT_GROUP_SIZES = [2, 4, 6, 10, 15] as const;

/** A price is rounded up to a whole step of its currency: $1, €1, 100 сом, 100 ¥. */
export const PRICE_ROUNDING: Readonly<Record<Currency, number>> = {
  usd: 1,
  eur: 1,
  kgs: 100,
  jpy: 100,
};

/** How a line of the costing is paid for, in its own currency (major units, decimal strings). */
export type CostingBasis =
  /** A hotel: each night's price of a single and of a double room (its season's). */
  | { type: 'rooms'; nights: { single: string; double: string }[] }
  /** A transfer: the cars on offer; a group takes the cheapest cars that seat it, each ride. */
  | { type: 'cars'; cars: { capacity: number; price: string }[] }
  /** The group's together: a guide's days, a bus, a group's expense. */
  | { type: 'group'; amount: string }
  /** Each person's own: a ticket, a meal. */
  | { type: 'person'; amount: string };

export interface CostingLine {
  /** What a person reads: «Отель «Тбилиси Центр», Стандарт, BB». */
  label: string;
  currency: Currency;
  basis: CostingBasis;
  /** How many times: two transfers, five guide days (1 by default). */
  quantity?: number;
}

/** A markup on the cost per person: a percent of it, or an amount in the selling currency. */
export type Markup = { type: 'percent'; value: string } | { type: 'amount'; value: string };

export interface CostingInput {
  lines: readonly CostingLine[];
  currency: Currency;
  /** The rates of the costing's rate date (the latest entry on or before it, DESIGN.md 3b). */
  rates: Rates;
  markup: Markup;
  /** The agent's commission, a percent of the price (0 to under 100). */
  commission: string;
  groupSizes?: readonly number[];
}

/** One cell of the table: a person's cost, the price sold, and what stays with the company. */
export interface CostingCell {
  /** The cost per person, exact, rounded up to the currency's minor unit for reading. */
  cost: string;
  /** The price per person, rounded up to the currency's step. */
  price: string;
  /** The agent's commission on that price. */
  commission: string;
  /** Price − commission − cost (exact cost), to the minor unit (rounded down). */
  margin: string;
}

export interface CostingRow {
  groupSize: number;
  single: CostingCell;
  double: CostingCell;
}

export type CostingResult =
  | { ok: true; rows: CostingRow[] }
  /** A line's currency has no rate to the selling one on the rate date: never a rate of 1. */
  | { ok: false; missingRates: Currency[] };

/** The cheapest cars seating at least `people` (each car any number of times), and their cost. */
export function cheapestCars(
  cars: readonly { capacity: number; price: string }[],
  people: number,
): Big | null {
  const cents = cheapestCents(carsInCents(cars), people);
  return cents === null ? null : new Big(cents).div(100);
}

/**
 * The cars on offer with their prices in hundredths, as integers: a price list's prices have at
 * most two decimals (a price with more would be compared inexactly, so it is never reached: such
 * an offer is left out).
 */
function carsInCents(
  cars: readonly { capacity: number; price: string }[],
): { capacity: number; cents: number }[] {
  const offers: { capacity: number; cents: number }[] = [];
  for (const car of cars) {
    const price = exact.fractionOfText(car.price.trim());
    if (car.capacity <= 0 || price === null) continue;
    const hundredths = price.numerator * 100n;
    if (hundredths % price.denominator !== 0n) continue;
    const cents = Number(hundredths / price.denominator);
    if (Number.isSafeInteger(cents)) offers.push({ capacity: car.capacity, cents });
  }
  return offers;
}

function cheapestCents(
  offers: readonly { capacity: number; cents: number }[],
  people: number,
): number | null {
  if (offers.length === 0) return null;
  const most = Math.max(...offers.map((car) => car.capacity));
  // best[s]: the cheapest cars with s seats or more, for s up to people + the largest car.
  const limit = people + most;
  const best = new Array<number>(limit + 1).fill(Infinity);
  best[0] = 0;
  for (let seats = 1; seats <= limit; seats++) {
    for (const car of offers) {
      const total = best[Math.max(0, seats - car.capacity)]! + car.cents;
      if (total < best[seats]!) best[seats] = total;
    }
  }
  const cheapest = Math.min(...best.slice(people));
  return Number.isFinite(cheapest) ? cheapest : null;
}

/**
 * What a line costs, in its own currency and exactly (integer fractions), its quantity included
 * and its prices read once: a hotel's nights summed for a single and for a double room (null
 * where a night has no price), a transfer's cheapest cars for a group's size, a group's or a
 * person's amount.
 */
type LineParts =
  | { type: 'rooms'; single: exact.Fraction | null; double: exact.Fraction | null }
  | { type: 'cars'; forGroup: (groupSize: number) => exact.Fraction | null }
  | { type: 'group' | 'person'; amount: exact.Fraction | null };

/** A price's text as an exact fraction (null: no number), read with big.js's leniency. */
const priceOf = (text: string) => exact.fractionOfText(text.trim());

function lineParts(line: CostingLine): LineParts {
  const quantity = exact.whole(line.quantity ?? 1);
  const basis = line.basis;
  switch (basis.type) {
    case 'rooms': {
      const sum = (side: 'single' | 'double') => {
        let total = exact.whole(0);
        for (const night of basis.nights) {
          const price = priceOf(night[side]);
          if (price === null) return null;
          total = exact.plus(total, price);
        }
        return exact.times(total, quantity);
      };
      return { type: 'rooms', single: sum('single'), double: sum('double') };
    }
    case 'cars': {
      const offers = carsInCents(basis.cars);
      const bySize = new Map<number, exact.Fraction | null>();
      return {
        type: 'cars',
        forGroup: (groupSize) => {
          let cars = bySize.get(groupSize);
          if (cars === undefined) {
            const cents = cheapestCents(offers, groupSize);
            cars =
              cents === null
                ? null
                : exact.times(quantity, { numerator: BigInt(cents), denominator: 100n });
            bySize.set(groupSize, cars);
          }
          return cars;
        },
      };
    }
    case 'group':
    case 'person': {
      const amount = priceOf(basis.amount);
      return { type: basis.type, amount: amount && exact.times(amount, quantity) };
    }
  }
}

/**
 * A line's cost per person in its own currency, exact, as a function of the group's size and
 * occupancy: its prices read once.
 */
function lineCost(
  line: CostingLine,
): (groupSize: number, occupancy: Occupancy) => exact.Fraction | null {
  const parts = lineParts(line);
  const half = exact.over(exact.whole(1), exact.whole(2));
  const shared = (groupSize: number) => exact.over(exact.whole(1), exact.whole(groupSize));
  switch (parts.type) {
    case 'rooms':
      // A double room halved once.
      return (_groupSize, occupancy) =>
        occupancy === 'single' ? parts.single : parts.double && exact.times(parts.double, half);
    case 'cars':
      return (groupSize) => {
        const cars = parts.forGroup(groupSize);
        return cars && exact.times(cars, shared(groupSize));
      };
    case 'group':
      return (groupSize) => parts.amount && exact.times(parts.amount, shared(groupSize));
    case 'person':
      return () => parts.amount;
  }
}

/**
 * One currency's lines added up once for the whole table, exactly: what every person pays
 * (tickets), the hotels' single and double rooms, what the group pays together, and its
 * transfers (whose cars depend on the group's size).
 */
interface CurrencyParts {
  person: exact.Fraction;
  single: exact.Fraction;
  double: exact.Fraction;
  group: exact.Fraction;
  cars: ((groupSize: number) => exact.Fraction | null)[];
}

function partsByCurrency(lines: readonly CostingLine[]): Map<Currency, CurrencyParts> {
  const byCurrency = new Map<Currency, CurrencyParts>();
  for (const line of lines) {
    let own = byCurrency.get(line.currency);
    if (!own) {
      const zero = exact.whole(0);
      own = { person: zero, single: zero, double: zero, group: zero, cars: [] };
      byCurrency.set(line.currency, own);
    }
    const parts = lineParts(line);
    // A price that cannot be read leaves its line (or its room's side) out, as lineCost does.
    if (parts.type === 'rooms') {
      if (parts.single) own.single = exact.plus(own.single, parts.single);
      if (parts.double) own.double = exact.plus(own.double, parts.double);
    } else if (parts.type === 'cars') own.cars.push(parts.forGroup);
    else if (parts.amount) own[parts.type] = exact.plus(own[parts.type], parts.amount);
  }
  return byCurrency;
}

/**
 * A line's cost for a whole group in its own currency, exact: its cost per person times the
 * group (a trip's plan: what the line's booking is expected to cost), null when it has no price.
 */
export function lineGroupCost(
  line: CostingLine,
  groupSize: number,
  occupancy: Occupancy,
): Big | null {
  const cost = lineCost(line)(groupSize, occupancy);
  // Per person times the group: the group's own sum, its denominator a power of ten (or that
  // times 2, a double room for an odd group): the quotient is an exact decimal.
  return (
    cost &&
    new Big((cost.numerator * BigInt(groupSize)).toString()).div(cost.denominator.toString())
  );
}

/**
 * The costing's table: for each group size and occupancy the cost per person (each line's cost
 * converted exactly at the rate date's rate, summed), the price (cost plus the markup, grossed up
 * so that the agent's commission is that percent of the price: (cost + markup) / (1 − c), rounded
 * up to the currency's step), the commission and the margin left.
 */
export function computeCosting(input: CostingInput): CostingResult {
  const part = parseDecimal(input.commission);
  if (part === null || part.lt(0) || part.gte(100)) {
    throw new RangeError(`Комиссия агента — от 0 до 100 %, не ${input.commission}`);
  }
  const missing = new Set<Currency>();
  const rateOf = new Map<Currency, { numerator: Big; denominator: Big }>();
  for (const line of input.lines) {
    const rate = resolveRate(input.rates, line.currency, input.currency);
    if (rate) rateOf.set(line.currency, rate);
    else missing.add(line.currency);
  }
  if (missing.size > 0) return { ok: false, missingRates: [...missing] };
  const precision = currencyPrecision(input.currency);
  const step = PRICE_ROUNDING[input.currency];
  const hundred = exact.whole(100);
  const commissionPart = exact.over(exact.fractionOf(part), hundred);
  const grossUp = exact.over(hundred, exact.minus(hundred, exact.fractionOf(part)));
  const markup = exact.fractionOf(new Big(input.markup.value));
  const markedUp =
    input.markup.type === 'percent'
      ? (cost: exact.Fraction) =>
          exact.times(cost, exact.over(exact.plus(hundred, markup), hundred))
      : (cost: exact.Fraction) => exact.plus(cost, markup);
  const rates = new Map(
    [...rateOf].map(([currency, rate]) => [
      currency,
      exact.over(exact.fractionOf(rate.numerator), exact.fractionOf(rate.denominator)),
    ]),
  );
  const byCurrency = partsByCurrency(input.lines);
  const half = exact.over(exact.whole(1), exact.whole(2));
  const cell = (groupSize: number, occupancy: Occupancy): CostingCell => {
    // A person's share in each currency (the group's costs and cars over the group, a double
    // room over two), converted once at that currency's exact rate.
    const perGroup = exact.over(exact.whole(1), exact.whole(groupSize));
    let cost = exact.whole(0);
    for (const [currency, sums] of byCurrency) {
      let together = sums.group;
      for (const cars of sums.cars) {
        const price = cars(groupSize);
        if (price) together = exact.plus(together, price);
      }
      const room = occupancy === 'single' ? sums.single : exact.times(sums.double, half);
      const share = exact.plus(exact.plus(sums.person, room), exact.times(together, perGroup));
      cost = exact.plus(cost, exact.times(share, rates.get(currency)!));
    }
    // price = ceil((cost + markup) / (1 − c) / step) × step
    const price = exact.whole(exact.ceilToStep(exact.times(markedUp(cost), grossUp), step));
    const commission = exact.times(price, commissionPart);
    const margin = exact.minus(exact.minus(price, commission), cost);
    return {
      cost: exact.toFixed(cost, precision, true),
      price: exact.toFixed(price, precision, true),
      commission: exact.toFixed(commission, precision, true),
      margin: exact.toFixed(margin, precision, false),
    };
  };
  const sizes = input.groupSizes ?? DEFAULT_GROUP_SIZES;
  return {
    ok: true,
    rows: sizes.map((groupSize) => ({
      groupSize,
      single: cell(groupSize, 'single'),
      double: cell(groupSize, 'double'),
    })),
  };
}
