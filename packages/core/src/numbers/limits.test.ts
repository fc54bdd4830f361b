import { countError, countRule } from './limits';

describe('countError', () => {
  it.each([
    [-2, { min: 1, max: 10000 }, 'Должно быть больше нуля'],
    [0, { min: 1, max: 10000 }, 'Должно быть больше нуля'],
    [-1, { min: 0, max: 100 }, 'Не меньше нуля'],
    [1, { min: 2, max: 10 }, 'Не меньше 2'],
    [10001, { min: 1, max: 10000 }, 'Не больше 10\u00a0000'],
    [101, { min: 0, max: 100 }, 'Не больше 100'],
    [1.5, { min: 1, max: 10000 }, 'Нужно целое число'],
  ] as const)('refuses %p within %p: %p', (value, limits, message) => {
    expect(countError(value, limits)).toBe(message);
  });

  it('takes the limits themselves and leaves an empty field to the required rule', () => {
    expect(countError(1, { min: 1, max: 10000 })).toBeNull();
    expect(countError(10000, { min: 1, max: 10000 })).toBeNull();
    expect(countError(0, { min: 0, max: 100 })).toBeNull();
    expect(countError(null, { min: 1, max: 10 })).toBeNull();
    expect(countError(undefined, { min: 1, max: 10 })).toBeNull();
  });

  it('is a form rule that refuses with the message', async () => {
    const rule = countRule({ min: 1, max: 10 });
    await expect(rule.validator(null, -3)).rejects.toThrow('Должно быть больше нуля');
    await expect(rule.validator(null, 3)).resolves.toBeUndefined();
  });
});
