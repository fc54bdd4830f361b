import { normalizeAmount } from '@tour/shared';

const MONEY = /^\d+(\.\d+)?$/;

/** A form rule for a price or discount typed in major units ("1 500,50"); blank is `blank`'s call. */
export function moneyRule(required: boolean) {
  return {
    validator: async (_rule: unknown, value: string | undefined) => {
      const amount = normalizeAmount(value ?? '');
      if (amount === '') {
        if (required) throw new Error('Обязательное поле');
        return;
      }
      if (!MONEY.test(amount)) throw new Error('Введите число, например 1500.50');
    },
  };
}
