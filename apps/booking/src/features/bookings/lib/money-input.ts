import { amountError, normalizeAmount, type Currency } from '@tour/shared';

/**
 * Why a typed amount cannot be sent (null when it can): the shared amount rules, where zero is
 * allowed (a penalty of nothing, a free ticket) and an empty field is refused only when required.
 */
export function moneyError(
  text: string | undefined | null,
  currency: Currency | undefined,
  { required = false }: { required?: boolean } = {},
): string | null {
  const value = normalizeAmount(text ?? '');
  if (value === '') return required ? 'Введите сумму' : null;
  return amountError(value, currency, { zero: true });
}

/** The typed amount as the API takes it (a decimal string), or null when empty. */
export function moneyBody(text: string | undefined | null): string | null {
  const value = normalizeAmount(text ?? '');
  return value === '' ? null : value;
}

/** An amount of the API as the form shows it: `1250.5` -> '1250.5', null -> ''. */
export function moneyText(value: number | string | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A form rule checking an amount in the currency `currencyOf()` gives at validation time. */
export function moneyRule(currencyOf: () => Currency | undefined, required = false) {
  return {
    validator: (_rule: unknown, value: string | undefined) => {
      const problem = moneyError(value, currencyOf(), { required });
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
