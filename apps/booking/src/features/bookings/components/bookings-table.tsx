import {
  BookingStatusTag,
  Button,
  EmptyState,
  listPagination,
  ListTable,
  PaymentStateTag,
  type TableColumnsType,
  theme,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { formatAmount, hrefOf } from '@tour/shared';
import type { BookingListItem, BookingListPage } from '../api/types';
import { bookingDates, bookingSpecifics, DueDate, type CellTones } from './booking-cells';

// Plain elements in the cells: twenty rows of antd's Flex and Typography cost more to render than
// the rest of the table.
const STACKED = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' } as const;

function columns(
  onOpen: (id: number) => void,
  tones: CellTones,
): TableColumnsType<BookingListItem> {
  return [
    {
      title: 'Услуга',
      key: 'title',
      render: (_value, booking) => (
        <div style={STACKED}>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(booking.id);
            }}
          >
            {booking.title || `Бронирование №${booking.id}`}
          </Button>
          <span style={{ color: tones.secondary }}>{bookingSpecifics(booking)}</span>
        </div>
      ),
    },
    {
      title: 'Тур',
      key: 'trip',
      render: (_value, booking) => (
        <Link
          to={hrefOf('trip-summary', { id: booking.trip.id })}
          onClick={(event) => event.stopPropagation()}
        >
          {booking.trip.title}
        </Link>
      ),
    },
    { title: 'Поставщик', key: 'supplier', render: (_value, booking) => booking.supplier.name },
    {
      title: 'Даты',
      key: 'dates',
      render: (_value, booking) => <span>{bookingDates(booking)}</span>,
    },
    { title: 'Участников', dataIndex: 'covered', align: 'right' },
    {
      title: 'Статус',
      dataIndex: 'status',
      render: (_status, booking) => <BookingStatusTag status={booking.status} />,
    },
    {
      title: 'К оплате',
      dataIndex: 'amount_due',
      align: 'right',
      render: (_value, booking) => (
        <div style={{ ...STACKED, alignItems: 'flex-end' }}>
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(booking.amount_due, booking.currency)}
          </span>
          {booking.status === 'cancelled' ? (
            <span style={{ color: tones.secondary }}>штраф</span>
          ) : null}
        </div>
      ),
    },
    {
      // The payment's state under the amount paid (as the trip summary shows it): a column of its
      // own pushed «Срок оплаты» behind a sideways scroll on a laptop.
      title: 'Оплачено',
      dataIndex: 'paid',
      align: 'right',
      render: (_value, booking) => (
        <div style={{ ...STACKED, alignItems: 'flex-end' }}>
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(booking.paid, booking.currency)}
          </span>
          <PaymentStateTag state={booking.payment_state} />
        </div>
      ),
    },
    {
      title: 'Срок оплаты',
      dataIndex: 'payment_due_on',
      render: (_value, booking) => <DueDate booking={booking} tones={tones} />,
    },
  ];
}

export interface BookingsTableProps {
  data: BookingListPage | undefined;
  page: number;
  loading: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
}

/** The month's bookings of a kind, page by page; a row (or its title) opens the drawer. */
export function BookingsTable({
  data,
  page,
  loading,
  filtered,
  onPage,
  onOpen,
}: BookingsTableProps) {
  const { token } = theme.useToken();
  const tones = { secondary: token.colorTextSecondary, danger: token.colorError };
  return (
    <div style={{ overflowX: 'auto' }}>
      <ListTable<BookingListItem>
        rowKey="id"
        size="middle"
        aria-label="Бронирования"
        columns={columns(onOpen, tones)}
        dataSource={data?.data ?? []}
        loading={loading}
        pagination={listPagination(data, page, onPage)}
        onRow={(booking) => ({ onClick: () => onOpen(booking.id), style: { cursor: 'pointer' } })}
        locale={{
          emptyText: loading ? (
            ' '
          ) : (
            <EmptyState
              description={filtered ? 'Бронирования не найдены' : 'Бронирований в этом месяце нет'}
            />
          ),
        }}
      />
    </div>
  );
}
