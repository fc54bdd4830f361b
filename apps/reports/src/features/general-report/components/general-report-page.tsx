import { lazy, Suspense } from 'react';
import { useAfterPaint } from '../../../hooks/use-after-paint';
import {
  Alert,
  Card,
  EmptyState,
  ExportButton,
  Flex,
  LoadError,
  PageFrame,
  PRINT_HIDDEN_CLASS,
  PrintButton,
  PrintHeader,
  Skeleton,
  Spin,
  Typography,
} from '@tour/shared/ui';
import { allMessagesOf, REPORT_BASES_NOTE, TRIP_STATUSES, tripStartPeriodText } from '@tour/shared';
import { CurrencySwitch } from '../../../components/currency-switch';
import { useReportCurrency } from '../../../hooks/use-report-currency';
import { printedCurrency, printedPeriod } from '../../../lib/print-lines';
import { useReportsGeneralQuery } from '../api/general-report-api';
import type { GeneralReport, GeneralReportFilters } from '../api/types';
import { useGeneralReportFilters } from '../hooks/use-general-report-filters';
import { GeneralReportFiltersBar } from './general-report-filters';
import { MissingRatesAlert } from '../../../components/missing-rates-alert';
import { loadMonthsChart } from './months-chart-loader';
import { ReportLinesTable } from './report-lines-table';

// recharts loads only when a report is drawn: it stays out of the remote's first chunk.
const MonthsChart = lazy(loadMonthsChart);

function hasFigures(report: GeneralReport): boolean {
  return report.months.some(
    (month) => month.revenue !== 0 || month.costs !== 0 || month.paid !== 0,
  );
}

const CHART_LOADING = <Spin aria-label="Загрузка графика" />;
const TIGHT = { margin: 0 } as const;

function ReportBody({
  report,
  loading,
  filtered,
  onPage,
}: {
  report: GeneralReport;
  loading: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
}) {
  const painted = useAfterPaint();
  return (
    <>
      <section aria-label="Период и основа отчета">
        <Typography.Paragraph strong style={TIGHT}>
          {tripStartPeriodText({ from: report.from, to: report.to })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={TIGHT}>
          {REPORT_BASES_NOTE}
        </Typography.Paragraph>
      </section>
      <MissingRatesAlert missing={report.missing_rates} currency={report.currency} />
      <ReportLinesTable report={report} loading={loading} filtered={filtered} onPage={onPage} />
      <Card size="small" title="По месяцам начала туров">
        {hasFigures(report) ? (
          painted ? (
            <Suspense fallback={CHART_LOADING}>
              <MonthsChart months={report.months} currency={report.currency} />
            </Suspense>
          ) : (
            CHART_LOADING
          )
        ) : (
          <EmptyState description="За период нет сумм" />
        )}
      </Card>
    </>
  );
}

/**
 * The filters as paper shows them. The manager by name when a trip of the report names them (the
 * page asks the server nothing more for it), else only that one is chosen.
 */
function printedFilters(
  filters: GeneralReportFilters,
  report: GeneralReport | null | undefined,
): [string, string][] {
  const managerId = filters.manager_id;
  const manager =
    managerId === undefined
      ? 'все'
      : (report?.lines.find((line) => line.trip.manager?.id === managerId)?.trip.manager
          ?.full_name ?? 'выбран');
  return [
    ['Период', printedPeriod(filters.from, filters.to)],
    ['Валюта', printedCurrency(filters.currency)],
    ['Статус', filters.status ? (TRIP_STATUSES[filters.status]?.label ?? filters.status) : 'все'],
    ['Менеджер', manager],
    ['Страна', filters.country ?? 'все'],
  ];
}

/**
 * report-general: the trips starting in the period (by default from 1 January on, without an end:
 * the period said above the table) with their tourists and their figures by contract (revenue,
 * costs, profit, margin) and in cash (paid, debt, supplier payments, cash result) and the exchange
 * difference in one currency, the server's totals, the days without a rate, the months as a
 * chart, the export of the same filters, and its print with the filters as a header. Filters,
 * currency and page live in the URL.
 */
export function GeneralReportPage({ title }: { title: string }) {
  const { filters, page, filtered, setFilters, setPage, resetFilters } = useGeneralReportFilters();
  const [currency, setCurrency] = useReportCurrency();
  const { data, error, isLoading, isFetching, isError, refetch } = useReportsGeneralQuery({
    ...filters,
    page,
  });
  // The server refuses a period it will not count (reversed, longer than it allows) with a 422.
  const refusal = isError ? allMessagesOf(error) : null;
  return (
    <PageFrame
      title={title}
      extra={
        <Flex gap="small" wrap className={PRINT_HIDDEN_CLASS}>
          <ExportButton
            url="/admin/reports/general/export"
            params={{ ...filters }}
            fallbackFileName={`general-report-${filters.from}${filters.to ? `-${filters.to}` : ''}-${currency}.xlsx`}
          />
          <PrintButton />
        </Flex>
      }
    >
      <PrintHeader title={title} lines={printedFilters(filters, data)} />
      <Flex gap="middle" wrap align="center" justify="space-between" className={PRINT_HIDDEN_CLASS}>
        <GeneralReportFiltersBar
          filters={filters}
          filtered={filtered}
          onChange={setFilters}
          onReset={resetFilters}
        />
        <CurrencySwitch value={currency} onChange={setCurrency} />
      </Flex>
      {refusal ? (
        <Alert type="error" showIcon title={refusal.join(' ')} />
      ) : isError ? (
        <LoadError title="Не удалось загрузить отчет" onRetry={() => void refetch()} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data ? (
        <ReportBody report={data} loading={isFetching} filtered={filtered} onPage={setPage} />
      ) : (
        <LoadError title="Нет данных отчета" onRetry={() => void refetch()} />
      )}
    </PageFrame>
  );
}
