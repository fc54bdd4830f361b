import { useCallback, useMemo } from 'react';
import { useUrlQuery } from '@tour/shared/router';
import type { ReportPeriod } from '../../../components/period-picker';
import { administrativeReportArgsOf } from '../lib/administrative-report-args';

/**
 * The report's request from the URL query under the API's names (`?from=&to=&currency=`), so a
 * reload or a shared link keeps it; the period is the current year when the URL names none. The
 * currency has its own switch (useReportCurrency).
 */
export function useAdministrativeReportArgs() {
  const { params, update } = useUrlQuery();
  const args = useMemo(() => administrativeReportArgsOf(params), [params]);
  const setPeriod = useCallback(
    (period: ReportPeriod) => update({ from: period?.from, to: period?.to }),
    [update],
  );
  return { args, setPeriod };
}
