import {
  API_DATE_FORMAT,
  dayjs,
  normalizeRange,
  toApiDate,
  toDayjs,
  type DateValue,
} from '@tour/shared';
import { reportCurrencyOf } from '../../../lib/report-currency';
import type { AdministrativeReportArgs } from '../api/types';

/** A YYYY-MM-DD date of the URL, else null. */
function dateOf(params: URLSearchParams, name: string) {
  const parsed = dayjs(params.get(name) ?? '', API_DATE_FORMAT, true);
  return parsed.isValid() ? parsed : null;
}

/**
 * The report's request for a URL query (`?from=&to=&currency=`): the period the URL names (its
 * two days swapped when reversed), else the current year, 1 January – 31 December, always sent;
 * the currency, else KGS. The page's hook and the route's prefetch both read it, so the
 * prefetched data is the page's.
 */
export function administrativeReportArgsOf(
  params: URLSearchParams,
  now?: DateValue,
): AdministrativeReportArgs {
  const today = toDayjs(now) ?? dayjs();
  const [from, to] = normalizeRange([
    dateOf(params, 'from') ?? today.startOf('year'),
    dateOf(params, 'to') ?? today.endOf('year'),
  ]);
  return { from: toApiDate(from), to: toApiDate(to), currency: reportCurrencyOf(params) };
}
