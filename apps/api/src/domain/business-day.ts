/** Where the business's day begins and ends (DESIGN.md: a Bishkek tour operator). */
export const BUSINESS_TIME_ZONE = 'Asia/Bishkek';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date (YYYY-MM-DD) in the business's time zone. */
export function businessToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** `date` (YYYY-MM-DD) moved by `days` days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}
