import { EmptyState, Table, theme, type TableColumnsType } from '@tour/shared/ui';
import { Link, useLocation } from '@tour/shared/router';
import {
  EXCHANGE_DIFFERENCE_FIGURE,
  formatDate,
  hrefOf,
  REPORT_FIGURE_GROUPS,
  REPORT_FIGURES,
  TRIP_STATUSES,
  type Currency,
  type ReportFigure,
} from '@tour/shared';
import { MissingRateTag } from '../../../components/missing-rate-tag';
import { withReportQuery } from '../../../lib/report-currency';
import { formatFigure } from '../../../lib/report-figures';
import type { GeneralReport, GeneralReportLine, GeneralReportTotals } from '../api/types';
import { planColumns } from './plan-columns';

// Plain elements in the cells: a page of rows of antd's Flex and Typography costs more to render
// than the rest of the table.
const STACKED = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export const MISSING_RATE_HINT = 'Часть сумм не пересчитана: нет курса их дня';

function columns(
  currency: Currency,
  secondary: string,
  search: string,
  error: string,
): TableColumnsType<GeneralReportLine> {
  return [
    {
      title: 'Тур',
      key: 'trip',
      // The trip's title stays in sight while the figures scroll sideways (13 columns are wider
      // than a laptop beside the sidebar), and wide enough not to break into one word a line.
      width: 200,
      fixed: 'left',
      render: (_value, { trip, missing_rate }) => (
        <div style={{ ...STACKED, gap: 2 }}>
          <Link
            to={withReportQuery(
              hrefOf('report-general-users', { trip: trip.id }),
              search,
              currency,
            )}
          >
            {trip.title}
          </Link>
          {trip.country || trip.manager ? (
            <span style={{ color: secondary }}>
              {[trip.country, trip.manager?.full_name].filter(Boolean).join(' · ')}
            </span>
          ) : null}
          {missing_rate ? <MissingRateTag hint={MISSING_RATE_HINT} /> : null}
        </div>
      ),
    },
    {
      title: 'Даты',
      key: 'dates',
      render: (_value, { trip }) => (
        <span style={NOWRAP}>{`${formatDate(trip.starts_on)} – ${formatDate(trip.ends_on)}`}</span>
      ),
    },
    {
      title: 'Статус',
      key: 'status',
      render: (_value, { trip }) => (
        <span style={NOWRAP}>{TRIP_STATUSES[trip.status]?.label ?? trip.status}</span>
      ),
    },
    { title: 'Туристов', dataIndex: 'tourists', align: 'right' },
    ...REPORT_FIGURE_GROUPS.map((group) => ({
      title: group.title,
      children: group.figures.map((figure) => figureColumn(figure, currency)),
    })),
    figureColumn(EXCHANGE_DIFFERENCE_FIGURE, currency),
    planColumns(currency, { error, secondary }),
  ];
}

/** A figure's column: the server's amount (or margin) as the screens write it. */
function figureColumn(
  { key, label }: ReportFigure,
  currency: Currency,
): TableColumnsType<GeneralReportLine>[number] {
  return {
    title: label,
    key,
    align: 'right',
    render: (_value, line) => <span style={NOWRAP}>{formatFigure(line, key, currency)}</span>,
  };
}

// The trip, its dates and its status: the totals row names the count of trips across them.
const TRIP_COLUMNS = 3;

/**
 * The totals of every trip the filters find (all pages), as the server sent them: the browser
 * adds no amounts (DESIGN.md 3b). A row of the trips' own table (one table to lay out, and the
 * figures stand under their columns).
 */
function TotalsRow({ totals, currency }: { totals: GeneralReportTotals; currency: Currency }) {
  return (
    <Table.Summary>
      <Table.Summary.Row>
        <Table.Summary.Cell index={0} colSpan={TRIP_COLUMNS}>
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <strong>Итого</strong>
            <span>{`туров: ${totals.trips}`}</span>
            {totals.missing_rate ? <MissingRateTag hint={MISSING_RATE_HINT} /> : null}
          </span>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={TRIP_COLUMNS} align="right">
          <strong>{totals.tourists}</strong>
        </Table.Summary.Cell>
        {REPORT_FIGURES.map(({ key }, index) => (
          <Table.Summary.Cell key={key} index={TRIP_COLUMNS + 1 + index} align="right">
            <strong style={NOWRAP}>{formatFigure(totals, key, currency)}</strong>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

export interface ReportLinesTableProps {
  report: GeneralReport;
  loading: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
}

/**
 * The period's trips, a page at a time, each linking to its tourists in the report's currency,
 * with its figures by contract and in cash (the exchange difference apart), and the totals of all
 * of them.
 */
export function ReportLinesTable({ report, loading, filtered, onPage }: ReportLinesTableProps) {
  const { token } = theme.useToken();
  const { search } = useLocation();
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<GeneralReportLine>
        rowKey={(line) => line.trip.id}
        size="middle"
        aria-label="Туры"
        columns={columns(report.currency, token.colorTextSecondary, search, token.colorError)}
        dataSource={report.lines}
        loading={loading}
        summary={() => <TotalsRow totals={report.totals} currency={report.currency} />}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: report.page,
          pageSize: report.per_page,
          total: report.total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => `Всего: ${total}`,
          onChange: onPage,
        }}
        locale={{
          emptyText: loading ? (
            ' '
          ) : (
            <EmptyState description={filtered ? 'Туры не найдены' : 'Туров за период нет'} />
          ),
        }}
      />
    </div>
  );
}
