import { API_DATE_FORMAT, dayjs } from '@tour/shared';

// The filters' values as the URL query holds them: whatever is not valid reads as absent.

/** A day, YYYY-MM-DD. */
export const apiDate = (value: string | null) =>
  value && dayjs(value, API_DATE_FORMAT, true).isValid() ? value : undefined;

/** A text, trimmed; empty reads as absent. */
export const text = (value: string | null) => value?.trim() || undefined;

/** The largest amount bound the API takes, in major units. */
const MAX_BOUND = 10_000_000_000;

/** A non-negative amount in major units, a decimal string ("1200.50"). */
export const amountBound = (value: string | null) =>
  value && /^\d+(\.\d+)?$/.test(value) && Number(value) <= MAX_BOUND ? value : undefined;
