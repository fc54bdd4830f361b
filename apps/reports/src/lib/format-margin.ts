import { formatDecimal } from '@tour/shared';

/** A margin in percent with a decimal comma (`23,5 %`), «—» when there is none (no revenue). */
export function formatMargin(margin: number | null): string {
  if (margin === null) return '—';
  return `${formatDecimal(margin, 2)}\u00a0%`;
}
