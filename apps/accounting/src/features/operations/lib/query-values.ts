// The filters' values as the URL query holds them: whatever is not valid reads as absent.

/** The largest amount bound the API takes, in major units. */
const MAX_BOUND = 10_000_000_000;

/** A non-negative amount in major units, a decimal string ("1200.50"). */
export const amountBound = {
  read: (value: string | null) =>
    value && /^\d+(\.\d+)?$/.test(value) && Number(value) <= MAX_BOUND ? value : undefined,
  write: (value: string | undefined) => value?.trim(),
};
