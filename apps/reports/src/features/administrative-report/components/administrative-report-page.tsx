import { lazy, Suspense } from 'react';
import { useAfterPaint } from '../../../hooks/use-after-paint';
import { PeriodPicker } from '../../../components/period-picker';
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
} from '@tour/shared/ui';
import { allMessagesOf } from '@tour/shared';
import { CurrencySwitch } from '../../../components/currency-switch';
import { MissingRatesAlert } from '../../../components/missing-rates-alert';
import { useReportCurrency } from '../../../hooks/use-report-currency';
import { printedCurrency, printedPeriod } from '../../../lib/print-lines';
import { useReportsAdministrativeQuery } from '../api/administrative-report-api';
import type { AdministrativeReport } from '../api/types';
import { useAdministrativeReportArgs } from '../hooks/use-administrative-report-args';
import { loadAdministrativeChart } from './administrative-chart-loader';
import { CategoriesTable } from './categories-table';

// recharts loads only when a report is drawn: it stays out of the remote's first chunk.
const AdministrativeChart = lazy(loadAdministrativeChart);

function hasFigures({ totals }: AdministrativeReport): boolean {
  return [totals.income, totals.outcome, totals.net].some((list) =>
    list.some((value) => value !== 0),
  );
}

const CHART_LOADING = <Spin aria-label="Загрузка графика" />;

function ReportBody({ report, loading }: { report: AdministrativeReport; loading: boolean }) {
  const painted = useAfterPaint();
  return (
    <>
      <MissingRatesAlert missing={report.missing_rates} currency={report.currency} />
      <CategoriesTable report={report} loading={loading} />
      <Card size="small" title="По месяцам">
        {hasFigures(report) ? (
          painted ? (
            <Suspense fallback={CHART_LOADING}>
              <AdministrativeChart
                months={report.months}
                totals={report.totals}
                currency={report.currency}
              />
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
 * report-administrative: the period's confirmed administrative operations by category and month
 * in one currency (each at its confirmation day's rate) and in their own currencies, the
 * server's totals of incomes, expenses and their difference, the days without a rate, and the
 * months as a chart; its export, and its print with the filters as a header. The period and the
 * currency live in the URL.
 */
export function AdministrativeReportPage({ title }: { title: string }) {
  const { args, setPeriod } = useAdministrativeReportArgs();
  const [currency, setCurrency] = useReportCurrency();
  const { data, error, isLoading, isFetching, isError, refetch } =
    useReportsAdministrativeQuery(args);
  // The server refuses a period it will not count (longer than it allows) with a 422.
  const refusal = isError ? allMessagesOf(error) : null;
  return (
    <PageFrame
      title={title}
      extra={
        <Flex gap="small" wrap className={PRINT_HIDDEN_CLASS}>
          <ExportButton
            url="/admin/reports/administrative/export"
            params={{ ...args }}
            fallbackFileName={`administrative-report-${args.from}-${args.to}-${args.currency}.xlsx`}
          />
          <PrintButton />
        </Flex>
      }
    >
      <PrintHeader
        title={title}
        lines={[
          ['Период', printedPeriod(args.from, args.to)],
          ['Валюта', printedCurrency(args.currency)],
        ]}
      />
      <Flex gap="middle" wrap align="center" justify="space-between" className={PRINT_HIDDEN_CLASS}>
        <PeriodPicker from={args.from} to={args.to} onChange={setPeriod} />
        <CurrencySwitch value={currency} onChange={setCurrency} />
      </Flex>
      {refusal ? (
        <Alert type="error" showIcon title={refusal.join(' ')} />
      ) : isError ? (
        <LoadError title="Не удалось загрузить отчет" onRetry={() => void refetch()} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data ? (
        <ReportBody report={data} loading={isFetching} />
      ) : (
        <LoadError title="Нет данных отчета" onRetry={() => void refetch()} />
      )}
    </PageFrame>
  );
}
