import Big from 'big.js';
import fc from 'fast-check';
import {
  CROSS_CURRENCY,
  CURRENT_RATES_KEY,
  type ExactRate,
  RATE_DECIMALS,
  type Rates,
  convert,
  convertDecimal,
  convertExact,
  directRate,
  divideCeil,
  exactRateToString,
  findLegRate,
  findRate,
  ratesKey,
  resolveRate,
} from './conversion';
import { CURRENCIES, CURRENCY_PRECISION, type Currency, fromMinorUnits } from './currency';

/** `units` scaled down by 10^scale, written as a plain decimal string. */
function scaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

const FLOAT_TRAPS = [0.1, 0.29, 1.005, 0.07, 1.1, 0.3, 2.675, 1.15, 0.57, 4.35, 8.2, 64.1, 0.14];

const amountArb: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(...FLOAT_TRAPS, ...FLOAT_TRAPS.map((x) => -x)),
  fc
    .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(...CURRENCIES))
    .map(([minor, currency]) => fromMinorUnits(minor, currency)),
  fc
    .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(...CURRENCIES))
    .map(([minor, currency]) => String(fromMinorUnits(minor, currency))),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 6 }))
    .map(([units, scale]) => scaled(units, scale)),
);

const rateArb: fc.Arbitrary<number | string> = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: 0, max: 6 }), fc.boolean())
  .map(([units, scale, asNumber]) =>
    asNumber ? Number(scaled(units, scale)) : scaled(units, scale),
  );

const currencyArb = fc.constantFrom(...CURRENCIES);
const nonCrossArb = fc.constantFrom(...CURRENCIES.filter((c) => c !== CROSS_CURRENCY));

interface Scenario {
  from: Currency;
  to: Currency;
  rates: Rates;
  // The exact rate is numerator / denominator, computed here without any division.
  numerator: Big;
  denominator: Big;
}

function setRate(rates: Rates, from: Currency, to: Currency, rate: number | string): void {
  rates[from] = { ...rates[from], [to]: rate };
}

const directArb: fc.Arbitrary<Scenario> = fc
  .tuple(currencyArb, currencyArb, rateArb)
  .filter(([from, to]) => from !== to)
  .map(([from, to, rate]) => {
    const rates: Rates = {};
    setRate(rates, from, to, rate);
    return { from, to, rates, numerator: new Big(rate), denominator: new Big(1) };
  });

const inverseArb: fc.Arbitrary<Scenario> = fc
  .tuple(currencyArb, currencyArb, rateArb)
  .filter(([from, to]) => from !== to)
  .map(([from, to, rate]) => {
    const rates: Rates = {};
    setRate(rates, to, from, rate);
    return { from, to, rates, numerator: new Big(1), denominator: new Big(rate) };
  });

const crossArb: fc.Arbitrary<Scenario> = fc
  .tuple(nonCrossArb, nonCrossArb, rateArb, rateArb, fc.boolean(), fc.boolean())
  .filter(([from, to]) => from !== to)
  .map(([from, to, first, second, firstDirect, secondDirect]) => {
    const rates: Rates = {};
    let numerator = new Big(1);
    let denominator = new Big(1);
    if (firstDirect) {
      setRate(rates, from, 'kgs', first);
      numerator = numerator.times(first);
    } else {
      setRate(rates, 'kgs', from, first);
      denominator = denominator.times(first);
    }
    if (secondDirect) {
      setRate(rates, 'kgs', to, second);
      numerator = numerator.times(second);
    } else {
      setRate(rates, to, 'kgs', second);
      denominator = denominator.times(second);
    }
    return { from, to, rates, numerator, denominator };
  });

const scenarioArb = fc.oneof(directArb, inverseArb, crossArb);

function fraction(rate: ExactRate | null): [string, string] | null {
  return rate && [rate.numerator.toFixed(), rate.denominator.toFixed()];
}

describe('rates keys and single rates', () => {
  it('keys rates by date, or by the current key without a date', () => {
    expect(CURRENT_RATES_KEY).toBe('current');
    expect(ratesKey('2026-11-21')).toBe('2026-11-21');
    expect(ratesKey()).toBe('current');
    expect(ratesKey(null)).toBe('current');
    expect(ratesKey('')).toBe('current');
  });

  it('counts only positive finite rates', () => {
    const rates = {
      usd: { kgs: 87.45, eur: '0.92' },
      eur: { kgs: 0, usd: -1 },
      jpy: { kgs: 'abc', usd: NaN, eur: Infinity },
    } as Rates;
    expect(directRate(rates, 'usd', 'kgs')?.toFixed()).toBe('87.45');
    expect(directRate(rates, 'usd', 'eur')?.toFixed()).toBe('0.92');
    expect(directRate(rates, 'eur', 'kgs')).toBeNull();
    expect(directRate(rates, 'eur', 'usd')).toBeNull();
    expect(directRate(rates, 'jpy', 'kgs')).toBeNull();
    expect(directRate(rates, 'jpy', 'usd')).toBeNull();
    expect(directRate(rates, 'jpy', 'eur')).toBeNull();
    expect(directRate(rates, 'kgs', 'usd')).toBeNull();
  });

  it('falls back to the inverse when the direct rate is missing or invalid', () => {
    const rates: Rates = { usd: { kgs: '87.45' }, kgs: { usd: 0 } };
    expect(fraction(findLegRate(rates, 'kgs', 'usd'))).toEqual(['1', '87.45']);
    expect(fraction(findLegRate(rates, 'usd', 'kgs'))).toEqual(['87.45', '1']);
    expect(fraction(findLegRate(rates, 'eur', 'usd'))).toBeNull();
    expect(findRate(rates, 'kgs', 'usd')?.startsWith('0.01143510577472841623')).toBe(true);
    expect(findRate(rates, 'kgs', 'usd')?.split('.')[1]).toHaveLength(RATE_DECIMALS);
  });

  it('prefers the direct rate over the inverse and the cross rate', () => {
    const rates: Rates = {
      usd: { kgs: 87, eur: '0.5' },
      kgs: { usd: '0.5' },
      eur: { kgs: 100, usd: 4 },
    };
    expect(findRate(rates, 'usd', 'kgs')).toBe('87');
    expect(findRate(rates, 'kgs', 'usd')).toBe('0.5');
    expect(findRate(rates, 'usd', 'eur')).toBe('0.5');
    expect(findRate(rates, 'eur', 'usd')).toBe('4');
  });

  it('goes through kgs only between two other currencies', () => {
    const rates: Rates = { usd: { kgs: '87.45' }, kgs: { jpy: 2 } };
    expect(findRate(rates, 'usd', 'jpy')).toBe('174.9');
    expect(findRate(rates, 'jpy', 'usd')).toBe(
      exactRateToString(resolveRate(rates, 'jpy', 'usd')!),
    );
    expect(fraction(resolveRate(rates, 'jpy', 'usd'))).toEqual(['1', '174.9']);
    expect(findRate({ usd: { eur: 1 } }, 'usd', 'kgs')).toBeNull();
    expect(findRate({ usd: { kgs: 1 } }, 'usd', 'eur')).toBeNull();
    expect(findRate({ kgs: { eur: 1 } }, 'usd', 'eur')).toBeNull();
  });

  it('gives rate 1 between a currency and itself, even without rates', () => {
    for (const currency of CURRENCIES) expect(findRate({}, currency, currency)).toBe('1');
    expect(findRate({}, 'usd', 'eur')).toBeNull();
  });

  it('divides with one ceiling rounding', () => {
    expect(divideCeil(new Big(1), new Big(3), 2).toFixed()).toBe('0.34');
    expect(divideCeil(new Big(-1), new Big(3), 2).toFixed()).toBe('-0.33');
    expect(divideCeil(new Big(2), new Big(1), 0).toFixed()).toBe('2');
    expect(divideCeil(new Big('8745.0000000001'), new Big('87.45'), 0).toFixed()).toBe('101');
  });
});

describe('convert: examples', () => {
  it('converts 100 usd to 8745 kgs at 87.45', () => {
    expect(convert(100, 'usd', 'kgs', { usd: { kgs: 87.45 } })).toEqual({
      amount: 8745,
      rate: 87.45,
    });
    expect(convertDecimal('100', 'usd', 'kgs', { usd: { kgs: '87.45' } })).toEqual({
      amount: '8745',
      rate: '87.45',
    });
  });

  it('rounds 1 kgs up to 0.02 usd with only the usd -> kgs rate', () => {
    const result = convert(1, 'kgs', 'usd', { usd: { kgs: 87.45 } });
    expect(result?.amount).toBe(0.02);
    expect(result?.rate).toBeCloseTo(1 / 87.45, 15);
  });

  it('never adds a minor unit to an exact inverse result', () => {
    expect(convert(8745, 'kgs', 'usd', { usd: { kgs: 87.45 } })?.amount).toBe(100);
    expect(convert(1, 'kgs', 'usd', { usd: { kgs: 3 } })?.amount).toBe(0.34);
    expect(convert(3, 'kgs', 'usd', { usd: { kgs: 3 } })?.amount).toBe(1);
  });

  it('avoids binary floating-point traps', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(convert(0.29, 'usd', 'kgs', { usd: { kgs: 100 } })?.amount).toBe(29);
    expect(Math.ceil(1.1 * 100)).toBe(111);
    expect(convert(1.1, 'usd', 'kgs', { usd: { kgs: 100 } })?.amount).toBe(110);
    expect(Math.ceil(0.07 * 100)).toBe(8);
    expect(convert(0.07, 'usd', 'jpy', { usd: { jpy: 100 } })?.amount).toBe(7);
    expect(Math.ceil(0.1 * 3 * 100) / 100).toBe(0.31);
    expect(convert(0.1, 'usd', 'eur', { usd: { eur: 3 } })?.amount).toBe(0.3);
    expect(convert(1.005, 'eur', 'usd', { eur: { usd: 1 } })?.amount).toBe(1.01);
  });

  it('crosses through kgs, each leg direct or inverse', () => {
    const rates: Rates = { usd: { kgs: 87.45 }, eur: { kgs: 100 }, jpy: { kgs: 0.58 } };
    expect(convert(100, 'usd', 'eur', rates)).toEqual({ amount: 87.45, rate: 0.8745 });
    expect(convert(1000, 'jpy', 'usd', rates)?.amount).toBe(6.64);
    expect(convert(1000, 'jpy', 'eur', { kgs: { jpy: 2, eur: '0.01' } })).toEqual({
      amount: 5,
      rate: 0.005,
    });
  });

  it('rounds negative amounts up, toward zero, and never returns -0', () => {
    expect(convert(-1.234, 'usd', 'eur', { usd: { eur: 1 } })?.amount).toBe(-1.23);
    expect(convert('-0.5', 'usd', 'kgs', { usd: { kgs: 1 } })?.amount).toBe(0);
    expect(Object.is(convert(-0.001, 'usd', 'eur', { usd: { eur: 1 } })?.amount, 0)).toBe(true);
    expect(convertDecimal(-0.001, 'usd', 'eur', { usd: { eur: 1 } })?.amount).toBe('0.00');
  });

  it('returns the amount unchanged with rate 1 for the same currency', () => {
    expect(convert(1.005, 'usd', 'usd', {})).toEqual({ amount: 1.005, rate: 1 });
    expect(convert('12.345', 'jpy', 'jpy', {})).toEqual({ amount: 12.345, rate: 1 });
    expect(convertDecimal('12.3450', 'kgs', 'kgs', {})).toEqual({ amount: '12.345', rate: '1' });
    expect(convertExact(0.1, 'eur', 'eur', {})).toBe('0.1');
  });

  it('returns null without a usable rate and throws on a non-numeric amount', () => {
    expect(convert(1, 'usd', 'eur', {})).toBeNull();
    expect(convert(1, 'usd', 'eur', { usd: { eur: 0 } })).toBeNull();
    expect(convertDecimal(1, 'usd', 'eur', {})).toBeNull();
    expect(convertExact(1, 'usd', 'eur', {})).toBeNull();
    expect(() => convert(NaN, 'usd', 'usd', {})).toThrow(RangeError);
    expect(() => convert('abc', 'usd', 'eur', { usd: { eur: 1 } })).toThrow(
      'Сумма должна быть конечным числом',
    );
  });

  it('gives the unrounded value with convertExact', () => {
    expect(convertExact(100, 'usd', 'kgs', { usd: { kgs: 87.45 } })).toBe('8745');
    expect(convertExact('0.29', 'usd', 'kgs', { usd: { kgs: '87.45' } })).toBe('25.3605');
    expect(convertExact(1, 'kgs', 'usd', { usd: { kgs: 3 } })).toBe(`0.${'3'.repeat(40)}`);
  });

  it('leaves the global Big configuration alone', () => {
    convert(1, 'kgs', 'usd', { usd: { kgs: 3 } });
    expect(Big.DP).toBe(20);
    expect(Big.RM).toBe(Big.roundHalfUp);
  });
});

describe('convert: properties', () => {
  it('is never below the exact value and never a whole minor unit above it', () => {
    fc.assert(
      fc.property(amountArb, scenarioArb, (amount, { from, to, rates, numerator, denominator }) => {
        const result = convertDecimal(amount, from, to, rates);
        expect(result).not.toBeNull();
        const precision = CURRENCY_PRECISION[to];
        const rounded = new Big(result!.amount);
        const exactTimesDenominator = new Big(amount).times(numerator);
        const unit = new Big(`1e-${precision}`);
        // rounded >= amount * n / d and rounded - unit < amount * n / d, with d > 0.
        expect(rounded.times(denominator).gte(exactTimesDenominator)).toBe(true);
        expect(rounded.minus(unit).times(denominator).lt(exactTimesDenominator)).toBe(true);
        expect(rounded.times(new Big(10).pow(precision)).mod(1).eq(0)).toBe(true);
        expect(result!.amount).not.toMatch(/^-0(\.0+)?$/);

        const asNumbers = convert(amount, from, to, rates);
        expect(asNumbers).toEqual({ amount: Number(result!.amount), rate: Number(result!.rate) });
        if (rounded.abs().lt(1e12)) expect(new Big(asNumbers!.amount).eq(rounded)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the rate unrounded: inverse and cross rates are exact to 40 places', () => {
    fc.assert(
      fc.property(scenarioArb, ({ from, to, rates, numerator, denominator }) => {
        const rate = findRate(rates, from, to);
        expect(rate).not.toBeNull();
        const error = new Big(rate!).times(denominator).minus(numerator).abs();
        expect(error.lte(denominator.times(new Big(`1e-${RATE_DECIMALS}`)))).toBe(true);
      }),
    );
  });

  it('matches the exact value with convertExact when the rate is direct', () => {
    fc.assert(
      fc.property(amountArb, directArb, (amount, { from, to, rates, numerator }) => {
        expect(convertExact(amount, from, to, rates)).toBe(
          new Big(amount).times(numerator).toFixed(),
        );
      }),
    );
  });

  it('is the identity with rate 1 for the same currency, whatever the rates', () => {
    fc.assert(
      fc.property(
        amountArb,
        currencyArb,
        fc.constantFrom<Rates>({}, { usd: { usd: 2 } }),
        (amount, currency, rates) => {
          expect(convert(amount, currency, currency, rates)).toEqual({
            amount: typeof amount === 'number' ? amount : Number(amount),
            rate: 1,
          });
          expect(findRate(rates, currency, currency)).toBe('1');
        },
      ),
    );
  });

  it('uses the inverse and cross paths when direct rates are missing', () => {
    fc.assert(
      fc.property(fc.oneof(inverseArb, crossArb), ({ from, to, rates }) => {
        expect(rates[from]?.[to]).toBeUndefined();
        expect(findRate(rates, from, to)).not.toBeNull();
        expect(convert(1, from, to, rates)).not.toBeNull();
      }),
    );
  });
});
