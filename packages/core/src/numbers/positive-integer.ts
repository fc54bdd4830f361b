/**
 * The value as a positive safe integer (a page or an id from the URL, an id typed in a filter),
 * else undefined. Surrounding spaces are ignored; signs, decimals and exponents are not numbers here.
 */
export function positiveInteger(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  if (!text || !/^\d+$/.test(text)) return undefined;
  const number = Number(text);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}
