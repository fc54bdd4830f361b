import Big from 'big.js';
import { divideCeil, resolveRate, type Rates } from '../money/conversion';
import { currencyPrecision, parseDecimal, type Currency } from '../money/currency';

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

/** An exact fraction: a sum of conversions and shares loses nothing before its one rounding. */
interface Fraction {
  numerator: Big;
  denominator: Big;
}

const fraction = (numerator: Big, denominator: Big = new Big(1)): Fraction => ({
  numerator,
  denominator,
});
const plus = (a: Fraction, b: Fraction): Fraction =>
  a.denominator.eq(b.denominator)
    ? fraction(a.numerator.plus(b.numerator), a.denominator)
    : fraction(
        a.numerator.times(b.denominator).plus(b.numerator.times(a.denominator)),
        a.denominator.times(b.denominator),
      );
const times = (a: Fraction, b: Fraction): Fraction =>
  fraction(a.numerator.times(b.numerator), a.denominator.times(b.denominator));

/** `value` written with `decimals` places, rounded up (ceil) or down (floor), exactly once. */
function rounded(value: Fraction, decimals: number, up: boolean): Big {
  if (up) return divideCeil(value.numerator, value.denominator, decimals);
  const Floor = Big();
  Floor.DP = decimals;
  Floor.RM = value.numerator.lt(0) ? Big.roundUp : Big.roundDown;
  return new Floor(value.numerator).div(value.denominator);
}

/** The cheapest cars seating at least `people` (each car any number of times), and their cost. */
export function cheapestCars(
  cars: readonly { capacity: number; price: string }[],
  people: number,
): Big | null {
  const offers = cars
    .map((car) => ({ capacity: car.capacity, price: parseDecimal(car.price) }))
    .filter(
      (car): car is { capacity: number; price: Big } => car.capacity > 0 && car.price !== null,
    );
  if (offers.length === 0) return null;
  // In hundredths, as integers: a price list's prices have at most two decimals (a price with
  // more would be compared inexactly, so it is never reached: such an offer is left out).
  const cents = offers
    .map((car) => ({ capacity: car.capacity, cents: Number(car.price.times(100).toFixed()) }))
    .filter((car) => Number.isSafeInteger(car.cents));
  if (cents.length === 0) return null;
  const most = Math.max(...cents.map((car) => car.capacity));
  // best[s]: the cheapest cars with s seats or more, for s up to people + the largest car.
  const limit = people + most;
  const best = new Array<number>(limit + 1).fill(Infinity);
  best[0] = 0;
  for (let seats = 1; seats <= limit; seats++) {
    for (const car of cents) {
      const total = best[Math.max(0, seats - car.capacity)]! + car.cents;
      if (total < best[seats]!) best[seats] = total;
    }
  }
  const cheapest = Math.min(...best.slice(people));
  return Number.isFinite(cheapest) ? new Big(cheapest).div(100) : null;
}

/**
 * A line's cost per person in its own currency, exact, as a function of the group's size and
 * occupancy: its prices read once (a costing asks it for every cell of its table).
 */
export function lineCost(
  line: CostingLine,
): (groupSize: number, occupancy: Occupancy) => Fraction | null {
  const quantity = new Big(line.quantity ?? 1);
  const basis = line.basis;
  switch (basis.type) {
    case 'rooms': {
      // The nights summed, a double room halved once.
      const sum = (side: 'single' | 'double') => {
        let total = new Big(0);
        for (const night of basis.nights) {
          const price = parseDecimal(night[side]);
          if (price === null) return null;
          total = total.plus(price);
        }
        return total.times(quantity);
      };
      const single = sum('single');
      const double = sum('double');
      return (_groupSize, occupancy) =>
        occupancy === 'single'
          ? single && fraction(single)
          : double && fraction(double, new Big(2));
    }
    case 'cars': {
      const bySize = new Map<number, Big | null>();
      return (groupSize) => {
        if (!bySize.has(groupSize)) bySize.set(groupSize, cheapestCars(basis.cars, groupSize));
        const cars = bySize.get(groupSize)!;
        return cars === null ? null : fraction(cars.times(quantity), new Big(groupSize));
      };
    }
    case 'group': {
      const amount = parseDecimal(basis.amount)?.times(quantity) ?? null;
      return (groupSize) => amount && fraction(amount, new Big(groupSize));
    }
    case 'person': {
      const amount = parseDecimal(basis.amount)?.times(quantity) ?? null;
      return () => amount && fraction(amount);
    }
  }
}

/** A line's cost per person in its own currency, exact, for a group and an occupancy. */
export function lineCostPerPerson(
  line: CostingLine,
  groupSize: number,
  occupancy: Occupancy,
): Fraction | null {
  return lineCost(line)(groupSize, occupancy);
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
  // Its denominator is 1, 2 or the group: the quotient is exact.
  return cost && cost.numerator.times(groupSize).div(cost.denominator);
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
  const step = new Big(PRICE_ROUNDING[input.currency]);
  const commissionPart = fraction(new Big(input.commission), new Big(100));
  const keptPart = fraction(new Big(100).minus(input.commission), new Big(100));
  const markup = new Big(input.markup.value);
  const costs = input.lines.map(lineCost);
  const cell = (groupSize: number, occupancy: Occupancy): CostingCell => {
    // Each currency's lines summed in that currency over one denominator (2 × the group: every
    // line's is 1, 2 or the group), then converted once, exactly.
    const common = new Big(2 * groupSize);
    const own = new Map<Currency, Big>();
    for (const [index, line] of input.lines.entries()) {
      const cost = costs[index]!(groupSize, occupancy);
      if (!cost) continue;
      // Its denominator is 1, 2 or the group: the multiple is a whole number.
      const over = cost.numerator.times((2 * groupSize) / Number(cost.denominator));
      own.set(line.currency, (own.get(line.currency) ?? new Big(0)).plus(over));
    }
    let cost = fraction(new Big(0));
    for (const [currency, amount] of own) {
      const rate = rateOf.get(currency)!;
      cost = plus(
        cost,
        times(fraction(amount, common), fraction(rate.numerator, rate.denominator)),
      );
    }
    const net =
      input.markup.type === 'percent'
        ? times(cost, fraction(new Big(100).plus(markup), new Big(100)))
        : plus(cost, fraction(markup));
    // price = ceil(net / (1 − c) / step) × step
    const gross = times(net, fraction(keptPart.denominator, keptPart.numerator));
    const price = rounded(times(gross, fraction(new Big(1), step)), 0, true).times(step);
    const commission = times(fraction(price), commissionPart);
    const margin = plus(
      plus(fraction(price), times(commission, fraction(new Big(-1)))),
      times(cost, fraction(new Big(-1))),
    );
    return {
      cost: rounded(cost, precision, true).toFixed(precision),
      price: price.toFixed(precision),
      commission: rounded(commission, precision, true).toFixed(precision),
      margin: rounded(margin, precision, false).toFixed(precision),
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
