import { useId, type ReactNode } from 'react';
import {
  BookingStatusTag,
  Card,
  EmptyState,
  Flex,
  ListTable,
  Tag,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  BOOKING_KIND_NAMES,
  BOOKING_KIND_ROUTES,
  BOOKING_KINDS,
  formatAmount,
  formatDate,
  formatMonthParam,
  hrefOf,
  PAYMENT_STATES,
  useCan,
  type BookingKind,
  type BookingStatus,
} from '@tour/shared';
import type { TripSummaryBooking, TripSummaryData } from '../../api/trips-api';
import { Debt } from './debt';
import { Converted } from './converted';
import { AddBooking } from './add-booking';

/** Where a booking opens in its kind's month view, in the drawer. */
const bookingHref = (booking: TripSummaryBooking) =>
  `${hrefOf(BOOKING_KIND_ROUTES[booking.kind], { date: formatMonthParam(booking.starts_on) })}?edit=${booking.id}`;

function datesText(from: string, to: string): string {
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}

/**
 * Every booking of the trip grouped by kind, each with its cost in its own currency and in the
 * trip's (the rate and its day, or a missing rate said so), its supplier payments and debt.
 * With booking_section a booking opens in its month view and new ones can be added.
 */
export function Bookings({ summary }: { summary: TripSummaryData }) {
  const { trip, bookings } = summary;
  const mayBook = useCan()('booking_section');
  const groups = BOOKING_KIND_NAMES.map((kind) => ({
    kind,
    rows: bookings.filter((booking) => booking.kind === kind),
  })).filter((group) => group.rows.length > 0);

  const currency = trip.currency;
  const columns: TableColumnsType<TripSummaryBooking> = [
    {
      title: 'Услуга',
      dataIndex: 'title',
      // The supplier under the service, the payment state under the debt, the rate under the
      // converted cost, each column as wide as set here: the whole table, «Оплачено» and «Долг»
      // included, fits a 1 400 px screen beside the sidebar (long texts wrap).
      width: 240,
      render: (title: string, row) => (
        <>
          {mayBook ? <Link to={bookingHref(row)}>{title}</Link> : title}
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {row.supplier_name}
          </Typography.Text>
        </>
      ),
    },
    {
      title: 'Даты',
      key: 'dates',
      width: 110,
      render: (_value, row) => datesText(row.starts_on, row.ends_on),
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      width: 120,
      render: (status: BookingStatus) => <BookingStatusTag status={status} />,
    },
    {
      title: 'Стоимость',
      dataIndex: 'amount_due',
      align: 'right',
      width: 120,
      render: (amount: number, row) => (
        <>
          {formatAmount(amount, row.currency)}
          {row.status === 'cancelled' ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              штраф
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: `В валюте тура (${currency.toUpperCase()})`,
      key: 'converted',
      align: 'right',
      width: 150,
      render: (_value, row) => <Converted booking={row} currency={currency} />,
    },
    {
      title: 'Оплачено',
      dataIndex: 'paid',
      align: 'right',
      width: 110,
      render: (paid: number, row) => formatAmount(paid, row.currency),
    },
    {
      title: 'Долг',
      dataIndex: 'debt',
      align: 'right',
      width: 130,
      render: (debt: number, row) => (
        <>
          <Debt value={debt} currency={row.currency} />
          <Tag
            color={PAYMENT_STATES[row.payment_state].color}
            style={{ display: 'block', marginTop: 4, marginInlineEnd: 0, textAlign: 'center' }}
          >
            {PAYMENT_STATES[row.payment_state]?.label ?? row.payment_state}
          </Tag>
        </>
      ),
    },
  ];

  return (
    <Card
      title="Бронирования"
      extra={mayBook ? <AddBooking tripId={trip.id} startsOn={trip.starts_on} /> : null}
    >
      {groups.length === 0 ? (
        <EmptyState description="Бронирований пока нет" />
      ) : (
        <Flex vertical gap="middle">
          {groups.map(({ kind, rows }) => (
            <BookingGroup key={kind} kind={kind}>
              <ListTable<TripSummaryBooking>
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={rows}
                pagination={false}
                scroll={{ x: 'max-content' }}
              />
            </BookingGroup>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function BookingGroup({ kind, children }: { kind: BookingKind; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={5} id={headingId} style={{ marginTop: 0 }}>
        {BOOKING_KINDS[kind].label}
      </Typography.Title>
      {children}
    </section>
  );
}
