import { useCallback } from 'react';
import { useUrlQuery } from '@tour/shared/router';
import type { Currency } from '@tour/shared';
import { reportCurrencyOf } from '../lib/report-currency';

/**
 * The report's currency in the URL query (`?currency=`), the same on every report page, so a
 * reload, a shared link and the links between the pages keep it. Changing it keeps the page of
 * the list: the currency changes the amounts, not which trips are shown.
 */
export function useReportCurrency(): [Currency, (currency: Currency) => void] {
  const { params, update } = useUrlQuery();
  const setCurrency = useCallback((currency: Currency) => update({ currency }), [update]);
  return [reportCurrencyOf(params), setCurrency];
}
