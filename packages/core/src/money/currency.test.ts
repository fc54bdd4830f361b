import Big from 'big.js';
import fc from 'fast-check';
import {
  CURRENCIES,
  CURRENCY_LABELS,
  CURRENCY_PRECISION,
  CURRENCY_SYMBOLS,
  DISPLAY_DECIMALS,
  type Currency,
  currencyPrecision,
  decimalToNumber,
  formatDecimal,
  formatRate,
  formatExchangeRate,
  exceedsMaxAmount,
  formatAmount,
  MAX_AMOUNT,
  maxAmountMessage,
  fromMinorUnits,
  isCurrency,
  parseAmount,
  parseDecimal,
  toMinorUnits,
} from './currency';

describe('currency constants', () => {
  it('lists the four currencies with symbols, precision and Russian labels', () => {
    expect(CURRENCIES).toEqual(['kgs', 'usd', 'eur', 'jpy']);
    expect(CURRENCY_SYMBOLS).toEqual({ kgs: '\u0421', usd: '$', eur: '€', jpy: '¥' });
    expect(CURRENCY_SYMBOLS.kgs.codePointAt(0)).toBe(0x0421);
    expect(CURRENCY_PRECISION).toEqual({ kgs: 0, usd: 2, eur: 2, jpy: 0 });
    expect(CURRENCY_LABELS).toEqual({ kgs: 'Сом', usd: 'Доллар США', eur: 'Евро', jpy: 'Иена' });
    expect(DISPLAY_DECIMALS).toBe(2);
  });

  it('recognises currency codes only', () => {
    for (const code of CURRENCIES) expect(isCurrency(code)).toBe(true);
    for (const other of ['USD', 'rub', '', null, undefined, 1, {}]) {
      expect(isCurrency(other)).toBe(false);
    }
  });

  it('gives the precision of a currency and rejects unknown codes', () => {
    expect(currencyPrecision('usd')).toBe(2);
    expect(currencyPrecision('jpy')).toBe(0);
    expect(() => currencyPrecision('rub' as Currency)).toThrow(RangeError);
    expect(() => currencyPrecision('rub' as Currency)).toThrow('Неизвестная валюта: rub');
  });
});

describe('the largest amount', () => {
  it('is about ten million dollars in every currency', () => {
    expect(MAX_AMOUNT).toEqual({
      kgs: 1_000_000_000,
      usd: 10_000_000,
      eur: 10_000_000,
      jpy: 1_000_000_000,
    });
  });

  it('refuses only what is above it, exactly', () => {
    expect(exceedsMaxAmount(1e15, 'kgs')).toBe(true);
    expect(exceedsMaxAmount('1000000000', 'kgs')).toBe(false);
    expect(exceedsMaxAmount('1000000000.000001', 'kgs')).toBe(true);
    expect(exceedsMaxAmount('10000000.00', 'usd')).toBe(false);
    expect(exceedsMaxAmount('10000000.01', 'eur')).toBe(true);
    expect(exceedsMaxAmount('1000000001', 'jpy')).toBe(true);
    expect(exceedsMaxAmount('abc', 'usd')).toBe(false);
  });

  it('says the limit in Russian with the shared formatting', () => {
    expect(maxAmountMessage('kgs')).toBe(
      'Сумма не может быть больше С1\u00a0000\u00a0000\u00a0000,00',
    );
    expect(maxAmountMessage('usd')).toBe('Сумма не может быть больше $10\u00a0000\u00a0000,00');
  });
});

describe('parseDecimal', () => {
  it('parses finite numbers, bigints, Big values and decimal strings exactly', () => {
    expect(parseDecimal(0.1)?.toFixed()).toBe('0.1');
    expect(parseDecimal(-0)?.toFixed()).toBe('0');
    expect(parseDecimal(12n)?.toFixed()).toBe('12');
    expect(parseDecimal(new Big('1.005'))?.toFixed()).toBe('1.005');
    expect(parseDecimal(' 1.5e3 ')?.toFixed()).toBe('1500');
    expect(parseDecimal('.5')?.toFixed()).toBe('0.5');
    expect(parseDecimal('-7.')?.toFixed()).toBe('-7');
  });

  it('returns null for anything that is not a finite number', () => {
    for (const value of [NaN, Infinity, -Infinity, '', ' ', 'abc', '1,5', '0x10', '1 000', null]) {
      expect(parseDecimal(value)).toBeNull();
    }
    expect(parseDecimal(undefined)).toBeNull();
    expect(parseDecimal({})).toBeNull();
    expect(parseDecimal(true)).toBeNull();
  });

  it('parseAmount throws a RangeError with a Russian message instead of returning null', () => {
    expect(parseAmount('2.5').toFixed()).toBe('2.5');
    expect(() => parseAmount('x')).toThrow(
      new RangeError('Сумма должна быть конечным числом, получено: x'),
    );
  });

  it('decimalToNumber gives the nearest number and never -0', () => {
    expect(decimalToNumber(new Big('0.29'))).toBe(0.29);
    expect(Object.is(decimalToNumber(new Big('-0')), 0)).toBe(true);
  });
});

describe('formatAmount', () => {
  it('matches the examples of DESIGN 3a exactly', () => {
    expect(formatAmount(-1234567.891, 'usd')).toBe('-$1\u00a0234\u00a0567,89');
    expect(formatAmount(0, 'kgs')).toBe('С0,00');
    expect(formatAmount(0, 'kgs')).toBe('\u04210,00');
    expect(formatAmount('n/a', 'eur')).toBe('€n/a');
  });

  it('always shows two decimals, whatever the currency', () => {
    expect(formatAmount(1500, 'jpy')).toBe('¥1\u00a0500,00');
    expect(formatAmount(8745, 'kgs')).toBe('С8\u00a0745,00');
    expect(formatAmount('0.5', 'eur')).toBe('€0,50');
    expect(formatAmount(999, 'usd')).toBe('$999,00');
    expect(formatAmount(1000, 'usd')).toBe('$1\u00a0000,00');
    expect(formatAmount(12n, 'usd')).toBe('$12,00');
  });

  it('rounds half up on the absolute value with exact decimals', () => {
    expect(formatAmount(1.005, 'usd')).toBe('$1,01');
    expect(formatAmount(-1.005, 'usd')).toBe('-$1,01');
    expect(formatAmount('2.675', 'eur')).toBe('€2,68');
    expect(formatAmount('0.004', 'usd')).toBe('$0,00');
    expect(formatAmount('-0.005', 'usd')).toBe('-$0,01');
    expect(formatAmount(999999.995, 'usd')).toBe('$1\u00a0000\u00a0000,00');
  });

  it('does not print a minus for values that display as zero', () => {
    expect(formatAmount('-0.001', 'usd')).toBe('$0,00');
    expect(formatAmount(-0, 'usd')).toBe('$0,00');
    expect(formatAmount('-0', 'kgs')).toBe('С0,00');
  });

  it('reads an amount of whole hundredths as exactly its decimal, large ones too', () => {
    // 0.29 × 100 is 28.999999999999996 in binary: still 29 hundredths.
    expect(formatAmount(0.29, 'usd')).toBe('$0,29');
    expect(formatAmount(-1234567.05, 'eur')).toBe('-€1\u00a0234\u00a0567,05');
    expect(formatAmount(0.1 + 0.2, 'usd')).toBe('$0,30');
    expect(formatAmount(999999999999.99, 'kgs')).toBe('С999\u00a0999\u00a0999\u00a0999,99');
    expect(formatAmount(1e12, 'usd')).toBe('$1\u00a0000\u00a0000\u00a0000\u00a0000,00');
    expect(formatAmount(Number.MAX_SAFE_INTEGER, 'usd')).toBe(
      '$9\u00a0007\u00a0199\u00a0254\u00a0740\u00a0991,00',
    );
  });

  it('formats numeric strings, including exponents and surrounding spaces', () => {
    expect(formatAmount('-1234.5', 'kgs')).toBe('-С1\u00a0234,50');
    expect(formatAmount(' 42 ', 'jpy')).toBe('¥42,00');
    expect(formatAmount('1e21', 'usd')).toBe('$1' + '\u00a0000'.repeat(7) + ',00');
  });

  it('shows non-numeric values as they are, after the symbol', () => {
    expect(formatAmount(null, 'usd')).toBe('$');
    expect(formatAmount(undefined, 'jpy')).toBe('¥');
    expect(formatAmount('', 'kgs')).toBe('С');
    expect(formatAmount('12 abc', 'eur')).toBe('€12 abc');
    expect(formatAmount(NaN, 'usd')).toBe('$NaN');
    expect(formatAmount(Infinity, 'usd')).toBe('$Infinity');
    expect(formatAmount(true, 'usd')).toBe('$true');
  });

  it('agrees with an independent integer formatter for any amount in cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        const abs = cents < 0n ? -cents : cents;
        const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
        const fraction = (abs % 100n).toString().padStart(2, '0');
        const expected = `${cents < 0n ? '-' : ''}$${whole},${fraction}`;
        const text = `${cents < 0n ? '-' : ''}${abs / 100n}.${fraction}`;
        expect(formatAmount(text, 'usd')).toBe(expected);
      }),
    );
  });
});

describe('minor units', () => {
  it('converts amounts to integer minor units per currency precision', () => {
    expect(toMinorUnits(12.34, 'usd')).toBe(1234);
    expect(toMinorUnits('12.3', 'eur')).toBe(1230);
    expect(toMinorUnits(0.29, 'usd')).toBe(29);
    expect(toMinorUnits(1.1, 'usd')).toBe(110);
    expect(toMinorUnits(0.07, 'usd')).toBe(7);
    expect(toMinorUnits(8745, 'kgs')).toBe(8745);
    expect(toMinorUnits('1500.00', 'jpy')).toBe(1500);
    expect(toMinorUnits(-5.5, 'usd')).toBe(-550);
    expect(Object.is(toMinorUnits('-0', 'kgs'), 0)).toBe(true);
  });

  it('rejects more decimals than the currency allows', () => {
    expect(() => toMinorUnits(1.005, 'usd')).toThrow(RangeError);
    expect(() => toMinorUnits('0.5', 'kgs')).toThrow(
      'Сумма 0.5 содержит больше знаков после запятой, чем допускает валюта KGS (0)',
    );
    expect(() => toMinorUnits(0.1 + 0.2, 'usd')).toThrow(RangeError);
  });

  it('rejects amounts that are not finite numbers or too large to store exactly', () => {
    expect(() => toMinorUnits(NaN, 'usd')).toThrow(RangeError);
    expect(() => toMinorUnits(Infinity, 'usd')).toThrow(RangeError);
    expect(() => toMinorUnits('abc', 'usd')).toThrow('Сумма должна быть конечным числом');
    expect(() => toMinorUnits('1e20', 'usd')).toThrow(
      new RangeError('Сумма слишком велика для точного хранения: 1e20'),
    );
  });

  it('converts integer minor units back to amounts', () => {
    expect(fromMinorUnits(1234, 'usd')).toBe(12.34);
    expect(fromMinorUnits('29', 'eur')).toBe(0.29);
    expect(fromMinorUnits(8745n, 'kgs')).toBe(8745);
    expect(fromMinorUnits('-550', 'usd')).toBe(-5.5);
    expect(fromMinorUnits('12.0', 'usd')).toBe(0.12);
    expect(Object.is(fromMinorUnits(-0, 'usd'), 0)).toBe(true);
  });

  it('rejects minor units that are not safe integers', () => {
    expect(() => fromMinorUnits(1.5, 'usd')).toThrow(RangeError);
    expect(() => fromMinorUnits('x', 'usd')).toThrow(
      'Сумма в минимальных единицах должна быть целым числом, получено: x',
    );
    expect(() => fromMinorUnits(2n ** 60n, 'jpy')).toThrow(
      'Сумма слишком велика для точного представления',
    );
  });

  it('round-trips every safe amount of minor units in every currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom(...CURRENCIES),
        (minor, currency) => {
          expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).toBe(minor + 0);
          expect(toMinorUnits(String(fromMinorUnits(String(minor), currency)), currency)).toBe(
            minor + 0,
          );
        },
      ),
    );
  });
});

describe('formatRate', () => {
  it('reads as people read a rate: decimal comma, grouped thousands, up to six places', () => {
    expect(formatRate(87.45)).toBe('87,45');
    expect(formatRate('0.0114155251')).toBe('0,011416');
    expect(formatRate('0.0114155251', 10)).toBe('0,0114155251');
    expect(formatRate(12345.5)).toBe('12\u00a0345,5');
  });
});

describe('formatExchangeRate', () => {
  const nb = '\u00a0';
  const quote = (nominal: number, base: string, value: string, other: string) =>
    `${nominal}${nb}${base} = ${value}${nb}${other}`;

  it('quotes the dearer currency in the cheaper one, as a bank prints it', () => {
    expect(formatExchangeRate('87.45', 'usd', 'kgs')).toBe(quote(1, '$', '87,45', 'С'));
    // The same rate stored the other way round (som to dollars) reads the same.
    expect(formatExchangeRate('0.011435105774728416', 'kgs', 'usd')).toBe(
      quote(1, '$', '87,45', 'С'),
    );
    expect(formatExchangeRate('1.0869565217391304', 'eur', 'usd')).toBe(
      quote(1, '€', '1,08696', '$'),
    );
  });

  it('quotes yen by the hundred', () => {
    expect(formatExchangeRate('0.5685', 'jpy', 'kgs')).toBe(quote(100, '¥', '56,85', 'С'));
    // 1 / 0.5685 som per yen, stored from som: still 100 yen in som.
    expect(formatExchangeRate('1.759014951627088830', 'kgs', 'jpy')).toBe(
      quote(100, '¥', '56,85', 'С'),
    );
    // A yen-to-dollar rate with 18 digits: 1 / 0.006464442135805916 = 154,6925... yen a dollar.
    expect(formatExchangeRate('0.006464442135805916', 'jpy', 'usd')).toBe(
      quote(1, '$', '154,692', '¥'),
    );
  });

  it('keeps six significant digits at most and two decimals at least', () => {
    expect(formatExchangeRate(95, 'eur', 'kgs')).toBe(quote(1, '€', '95,00', 'С'));
    expect(formatExchangeRate('1234.56789', 'usd', 'kgs')).toBe(quote(1, '$', `1${nb}234,57`, 'С'));
    expect(formatExchangeRate('123456.7', 'usd', 'kgs')).toBe(quote(1, '$', `123${nb}457`, 'С'));
    expect(formatExchangeRate(1, 'usd', 'usd')).toBe(quote(1, '$', '1,00', '$'));
  });

  it('writes what is not a positive number as it came', () => {
    expect(formatExchangeRate('abc', 'usd', 'kgs')).toBe('abc');
    expect(formatExchangeRate(0, 'usd', 'kgs')).toBe('0');
    expect(formatExchangeRate(-2, 'usd', 'kgs')).toBe('-2');
  });
});

describe('formatDecimal', () => {
  it('rounds half away from zero to the places asked and drops trailing zeros', () => {
    expect(formatDecimal(23.456, 2)).toBe('23,46');
    expect(formatDecimal(-12.345, 2)).toBe('-12,35');
    expect(formatDecimal('2.50', 2)).toBe('2,5');
    expect(formatDecimal(-5, 1)).toBe('-5');
    expect(formatDecimal('1234567.891', 0)).toBe('1\u00a0234\u00a0568');
  });
  it('writes no sign for what rounds to zero, and what is not a number as it came', () => {
    expect(formatDecimal(-0.001, 2)).toBe('0');
    expect(formatDecimal('abc', 2)).toBe('abc');
  });
});
