import fc from 'fast-check';
import { splitMinor } from './split';

describe('splitMinor', () => {
  it('gives the remainder one minor unit each to the first people named', () => {
    // 100.00 for three: 33.34, 33.33, 33.33.
    expect([...splitMinor(10000, ['Анна', 'Борис', 'Вера'])]).toEqual([
      ['Анна', 3334],
      ['Борис', 3333],
      ['Вера', 3333],
    ]);
    // 0.02 for three: the first two get a kopeck each.
    expect([...splitMinor(2, ['a', 'b', 'c']).values()]).toEqual([1, 1, 0]);
  });

  it('splits in proportion to weights', () => {
    // A triple room of 301 som: two places for one guest, one for the other.
    expect([...splitMinor(301, ['a', 'b'], [2, 1]).values()]).toEqual([201, 100]);
  });

  it('keeps the sign of a negative amount (a refund)', () => {
    expect([...splitMinor(-10, ['a', 'b', 'c']).values()]).toEqual([-4, -3, -3]);
  });

  it('gives nobody anything when there is nobody', () => {
    expect(splitMinor(500, []).size).toBe(0);
  });

  it('refuses a fractional amount and bad weights', () => {
    expect(() => splitMinor(1.5, ['a'])).toThrow(RangeError);
    expect(() => splitMinor(10, ['a', 'b'], [1])).toThrow(RangeError);
    expect(() => splitMinor(10, ['a'], [0])).toThrow(RangeError);
  });

  it('always adds up to the amount, each share within a minor unit of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 60 }),
        (total, weights) => {
          const people = weights.map((_, index) => index);
          const shares = splitMinor(total, people, weights);
          const values = people.map((person) => shares.get(person)!);
          expect(values.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          values.forEach((value, index) => {
            const exact = (total * weights[index]!) / sum;
            expect(Math.abs(value - exact)).toBeLessThan(1 + 1e-6 * Math.abs(exact));
          });
        },
      ),
    );
  });
});
