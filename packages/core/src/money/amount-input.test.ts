import { amountError, normalizeAmount } from './amount-input';

describe('normalizeAmount', () => {
  it('reads a comma as the decimal mark and drops the spaces that group thousands', () => {
    expect(normalizeAmount('1 500,50')).toBe('1500.50');
    expect(normalizeAmount('1\u00a0000\u202f000')).toBe('1000000');
  });
});

describe('amountError', () => {
  it.each([
    ['', 'usd', 'Введите сумму'],
    ['abc', 'usd', 'Сумма должна быть числом, например 1500.50'],
    ['0.00', 'usd', 'Должно быть больше нуля'],
    ['-5', 'usd', 'Должно быть больше нуля'],
    ['-1 500,50', 'usd', 'Должно быть больше нуля'],
    ['\u22125', 'usd', 'Должно быть больше нуля'],
    ['--5', 'usd', 'Сумма должна быть числом, например 1500.50'],
    ['10.5', 'kgs', 'Сумма в KGS должна быть целой'],
    ['10.555', 'eur', 'Сумма в EUR может иметь не больше 2 знаков после запятой'],
    ['10.555', undefined, 'Не больше 2 знаков после запятой'],
  ] as const)('refuses %p in %p: %p', (text, currency, message) => {
    expect(amountError(text, currency)).toBe(message);
  });

  it('takes zero where zero is allowed, and says a negative is below it', () => {
    expect(amountError('0', 'usd', { zero: true })).toBeNull();
    expect(amountError('0,00', 'usd', { zero: true })).toBeNull();
    expect(amountError('-0.5', 'usd', { zero: true })).toBe('Не меньше нуля');
    expect(amountError('', 'usd', { zero: true })).toBe('Введите сумму');
  });

  it('accepts up to the largest amount of the currency, and refuses more in Russian', () => {
    expect(amountError('1 000 000 000', 'kgs')).toBeNull();
    expect(amountError('1000000001', 'kgs')).toBe(
      'Сумма не может быть больше С1\u00a0000\u00a0000\u00a0000,00',
    );
    expect(amountError('1000000000000000', 'kgs')).toBe(
      'Сумма не может быть больше С1\u00a0000\u00a0000\u00a0000,00',
    );
    expect(amountError('10000000,00', 'usd')).toBeNull();
    expect(amountError('10000000,01', 'usd')).toBe(
      'Сумма не может быть больше $10\u00a0000\u00a0000,00',
    );
  });
});
