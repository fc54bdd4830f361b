import { Table, type TableColumnsType } from '@tour/shared/ui';
import {
  BOOKING_KINDS,
  BOOKING_STATUSES,
  formatAmount,
  formatDate,
  formatExchangeRate,
  type Currency,
} from '@tour/shared';
import { MissingRateTag } from '../../../components/missing-rate-tag';
import type { SummaryBooking, SummaryKind } from '../api/types';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const STACKED = { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' } as const;
const TOTAL = {
  display: 'inline-flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: 4,
  alignItems: 'center',
} as const;
const CONVERTED_INDEX = 6;
const AMOUNT_WIDTH = 140;

const KIND_MISSING_RATE_HINT = 'Часть бронирований не пересчитана: нет курса их дня';

function formatDates(booking: SummaryBooking): string {
  const starts = formatDate(booking.starts_on);
  return booking.ends_on === booking.starts_on
    ? starts
    : `${starts} – ${formatDate(booking.ends_on)}`;
}

/**
 * The rate of the service start day between the booking's currency and the report's, as a bank
 * prints it («1 $ = 87,45 С»), with that day; «—» in the report's own currency, «нет курса» when
 * the server has none.
 */
function RateCell({ booking, currency }: { booking: SummaryBooking; currency: Currency }) {
  if (booking.currency === currency) return <span>—</span>;
  if (booking.rate === null) return <MissingRateTag />;
  return (
    <div style={STACKED}>
      <span style={NOWRAP}>{formatExchangeRate(booking.rate, booking.currency, currency)}</span>
      {booking.rate_date ? (
        <span style={NOWRAP}>{`на ${formatDate(booking.rate_date)}`}</span>
      ) : null}
    </div>
  );
}

function columns(currency: Currency): TableColumnsType<SummaryBooking> {
  const own = (value: number, booking: SummaryBooking) => (
    <span style={NOWRAP}>{formatAmount(value, booking.currency)}</span>
  );
  return [
    { title: 'Услуга', dataIndex: 'title', width: 220 },
    { title: 'Поставщик', dataIndex: 'supplier_name', width: 160 },
    {
      title: 'Даты',
      key: 'dates',
      width: 200,
      render: (_value, booking) => <span style={NOWRAP}>{formatDates(booking)}</span>,
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      width: 130,
      render: (status: SummaryBooking['status']) => (
        <span style={NOWRAP}>{BOOKING_STATUSES[status]?.label ?? status}</span>
      ),
    },
    { title: 'Стоимость', dataIndex: 'cost', align: 'right', width: AMOUNT_WIDTH, render: own },
    {
      title: 'Курс',
      key: 'rate',
      align: 'right',
      width: 190,
      render: (_value, booking) => <RateCell booking={booking} currency={currency} />,
    },
    {
      title: 'В валюте отчета',
      dataIndex: 'converted',
      align: 'right',
      width: AMOUNT_WIDTH,
      render: (value: number | null) =>
        value === null ? (
          <MissingRateTag />
        ) : (
          <span style={NOWRAP}>{formatAmount(value, currency)}</span>
        ),
    },
    {
      title: 'Оплачено поставщику',
      dataIndex: 'supplier_paid',
      align: 'right',
      width: AMOUNT_WIDTH,
      render: own,
    },
    {
      title: 'Долг поставщику',
      dataIndex: 'supplier_debt',
      align: 'right',
      width: AMOUNT_WIDTH,
      render: own,
    },
    {
      title: 'Курсовая разница',
      dataIndex: 'exchange_difference',
      align: 'right',
      width: AMOUNT_WIDTH,
      render: (value: number | null) =>
        value === null ? '—' : <span style={NOWRAP}>{formatAmount(value, currency)}</span>,
    },
    { title: 'Делят', dataIndex: 'shared_by', align: 'right', width: 80 },
  ];
}

const COLUMNS_WIDTH = 220 + 160 + 200 + 130 + 190 + 80 + 5 * AMOUNT_WIDTH;
const COLUMN_COUNT = 11;

export interface KindBookingsTableProps {
  group: SummaryKind;
  /** The report's currency. */
  currency: Currency;
  loading: boolean;
}

/**
 * The trip's bookings of one kind: each cost in its own currency, converted at its service start
 * day's rate (rate and day shown), the supplier's paid and debt, the exchange difference and how
 * many share it. The summary row is the server's total of the kind (the browser adds nothing).
 */
export function KindBookingsTable({ group, currency, loading }: KindBookingsTableProps) {
  const label = BOOKING_KINDS[group.kind]?.label ?? group.kind;
  const missingRate = group.bookings.some((booking) => booking.missing_rate);
  // One fixed grid for every kind, so the kinds' tables line up one under another.
  return (
    <Table<SummaryBooking>
      rowKey="id"
      size="small"
      aria-label={label}
      columns={columns(currency)}
      dataSource={group.bookings}
      pagination={false}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: COLUMNS_WIDTH }}
      summary={() => (
        <Table.Summary>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={CONVERTED_INDEX}>
              <strong>Итого</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={CONVERTED_INDEX} align="right">
              <span style={TOTAL}>
                {missingRate ? <MissingRateTag hint={KIND_MISSING_RATE_HINT} /> : null}
                <strong style={NOWRAP}>{formatAmount(group.converted, currency)}</strong>
              </span>
            </Table.Summary.Cell>
            <Table.Summary.Cell
              index={CONVERTED_INDEX + 1}
              colSpan={COLUMN_COUNT - CONVERTED_INDEX - 1}
            />
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
