import { NIGHTS, plural } from './plural';

describe('plural', () => {
  it.each([
    [1, '1 ночь'],
    [2, '2 ночи'],
    [5, '5 ночей'],
    [11, '11 ночей'],
    [14, '14 ночей'],
    [21, '21 ночь'],
    [22, '22 ночи'],
    [0, '0 ночей'],
  ])('%i', (count, text) => {
    expect(plural(count, NIGHTS)).toBe(text);
  });
});
