import { isCurrency, type Currency } from '@tour/core';

/** A currency read from the database; the columns' checks make anything else a bug, not input. */
export function storedCurrency(value: string): Currency {
  if (!isCurrency(value)) throw new RangeError(`Неизвестная валюта в базе: ${value}`);
  return value;
}
