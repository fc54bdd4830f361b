import { positiveInteger } from './positive-integer';

describe('positiveInteger', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['0', undefined],
    ['-3', undefined],
    ['2.5', undefined],
    ['abc', undefined],
    ['', undefined],
    [null, undefined],
    ['99999999999999999999', undefined],
  ])('%p -> %p', (value, expected) => {
    expect(positiveInteger(value)).toBe(expected);
  });
});
