/** The value as a positive safe integer (a page, an id from the URL), else undefined. */
export function positiveInteger(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}
