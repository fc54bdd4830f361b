/** A month of the report (YYYY-MM) as a column's header: ММ.ГГГГ (`2026-03` → `03.2026`). */
export function formatMonthHeader(month: string): string {
  return `${month.slice(5, 7)}.${month.slice(0, 4)}`;
}
