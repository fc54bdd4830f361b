// Calendar arithmetic on 'YYYY-MM-DD' strings and instants, in Bishkek time (UTC+6 all year):
// business days and office hours are counted there, whatever the machine's time zone.

export const DAY = 86_400_000;
export const MINUTE = 60_000;
const OFFSET = 6 * 3_600_000;

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The Bishkek calendar date of an instant. */
export function localDate(ms: number): string {
  return isoDate(ms + OFFSET);
}

export function dateMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return isoDate(dateMs(date) + days * DAY);
}

export function addYears(date: string, years: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(year + years, month - 1, day));
  // 29 February of a year without one becomes 28 February, not 1 March.
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return isoDate(shifted.getTime());
}

/** The instant of a Bishkek wall-clock time on a date. */
export function localTime(date: string, hour: number, minute: number, second = 0): number {
  return dateMs(date) + ((hour * 60 + minute) * 60 + second) * 1000 - OFFSET;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((dateMs(to) - dateMs(from)) / DAY);
}
