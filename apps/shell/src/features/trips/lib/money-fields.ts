import { amountError, normalizeAmount, type Currency } from '@tour/shared';

/**
 * A form rule for a price or discount typed in major units ("1 500,50"), zero allowed (a free
 * place, no discount), a negative refused as below zero; blank is `required`'s call.
 */
export function moneyRule(required: boolean, currency?: Currency) {
  return {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (normalizeAmount(value ?? '') === '') {
        if (required) throw new Error('Обязательное поле');
        return;
      }
      const problem = amountError(value, currency, { zero: true });
      if (problem) throw new Error(problem);
    },
  };
}
