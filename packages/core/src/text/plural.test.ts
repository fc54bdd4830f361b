import { plural } from './plural';

const NIGHTS = ['ночь', 'ночи', 'ночей'] as const;
const OPERATIONS = ['операция', 'операции', 'операций'] as const;

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

  it('reads past a hundred by its last two digits', () => {
    expect(plural(101, OPERATIONS)).toBe('101 операция');
    expect(plural(112, OPERATIONS)).toBe('112 операций');
    expect(plural(500, OPERATIONS)).toBe('500 операций');
  });
});
