import { positiveInteger } from './positive-integer';

describe('positiveInteger', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
    [' 12 ', 12],
    ['0', undefined],
    ['-3', undefined],
    ['+3', undefined],
    ['2.5', undefined],
    ['1e3', undefined],
    ['abc', undefined],
    ['', undefined],
    ['   ', undefined],
    [null, undefined],
    [undefined, undefined],
    ['9007199254740991', 9007199254740991],
    ['9007199254740992', undefined],
    ['99999999999999999999', undefined],
  ])('%p -> %p', (value, expected) => {
    expect(positiveInteger(value)).toBe(expected);
  });
});
