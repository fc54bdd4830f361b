import type { Dayjs } from '@tour/shared';

/** "Ноябрь 2026": the month in Russian (nominative, capitalised) and the year. */
export function monthLabel(month: Dayjs): string {
  const text = month.format('MMMM YYYY');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
