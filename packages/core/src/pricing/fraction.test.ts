import Big from 'big.js';
import {
  ceilToStep,
  fractionOf,
  fractionOfText,
  minus,
  over,
  plus,
  times,
  toFixed,
  whole,
} from './fraction';

test('a decimal becomes the fraction it is exactly', () => {
  expect(fractionOf(new Big('87.6271'))).toEqual({ numerator: 876271n, denominator: 10000n });
  expect(fractionOf(new Big('-0.5'))).toEqual({ numerator: -5n, denominator: 10n });
  expect(fractionOf(new Big('1200'))).toEqual({ numerator: 1200n, denominator: 1n });
});

test('a decimal text becomes its fraction without big.js, other forms through it', () => {
  expect(fractionOfText('87.6271')).toEqual({ numerator: 876271n, denominator: 10000n });
  expect(fractionOfText('-3')).toEqual({ numerator: -3n, denominator: 1n });
  expect(fractionOfText('12.')).toEqual({ numerator: 12n, denominator: 1n });
  expect(fractionOfText('0.50')).toEqual({ numerator: 50n, denominator: 100n });
  expect(fractionOfText('.5')).toEqual({ numerator: 5n, denominator: 10n });
  expect(fractionOfText('1e3')).toEqual({ numerator: 1000n, denominator: 1n });
  expect(fractionOfText('2.5e-2')).toEqual({ numerator: 25n, denominator: 1000n });
  expect(fractionOfText('12 000')).toBeNull();
  expect(fractionOfText('abc')).toBeNull();
  expect(fractionOfText('')).toBeNull();
});

test('sums and products stay exact', () => {
  const third = over(whole(1), whole(3));
  // 1/3 + 1/3 + 1/3 is exactly 1, never 0.999…
  expect(toFixed(plus(plus(third, third), third), 2, true)).toBe('1.00');
  expect(toFixed(times(third, whole(3)), 0, false)).toBe('1');
  expect(toFixed(minus(whole(1), third), 4, false)).toBe('0.6666');
  // Dividing by a negative keeps the denominator positive: 1 / (−4) = −0.25.
  expect(over(whole(1), whole(-4))).toEqual({ numerator: -1n, denominator: 4n });
});

test('rounding up is the ceiling and down the floor, for either sign', () => {
  const x = fractionOf(new Big('2.341'));
  expect(toFixed(x, 2, true)).toBe('2.35');
  expect(toFixed(x, 2, false)).toBe('2.34');
  const y = fractionOf(new Big('-2.341'));
  expect(toFixed(y, 2, true)).toBe('-2.34');
  expect(toFixed(y, 2, false)).toBe('-2.35');
  expect(toFixed(fractionOf(new Big('0.004')), 2, true)).toBe('0.01');
  expect(toFixed(fractionOf(new Big('-0.004')), 2, true)).toBe('0.00');
  expect(toFixed(whole(7), 2, true)).toBe('7.00');
});

test('a price rounds up to a whole step of its currency', () => {
  expect(ceilToStep(fractionOf(new Big('314.01')), 1)).toBe(315n);
  expect(ceilToStep(whole(315), 1)).toBe(315n);
  expect(ceilToStep(fractionOf(new Big('27450.5')), 100)).toBe(27500n);
  expect(ceilToStep(whole(27500), 100)).toBe(27500n);
});
