import {
  BookingStatusTag,
  EmptyState,
  ListTable,
  PaymentStateTag,
  type TableColumnsType,
  Typography,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { BOOKING_KINDS, formatAmount, formatDate, hrefOf } from '@tour/shared';
import { bookingHref } from '../../../lib/booking-links';
import type { BookingBrief, BriefList } from '../api/dashboard-api';

const dates = (brief: BookingBrief) =>
  brief.starts_on === brief.ends_on
    ? formatDate(brief.starts_on)
    : `${formatDate(brief.starts_on)} – ${formatDate(brief.ends_on)}`;

function columns(money: 'due' | 'debt'): TableColumnsType<BookingBrief> {
  const list: TableColumnsType<BookingBrief> = [
    {
      title: 'Бронирование',
      key: 'title',
      render: (_value, brief) => (
        <Link to={bookingHref(brief)}>{brief.title || `Бронирование №${brief.id}`}</Link>
      ),
    },
    { title: 'Вид', key: 'kind', render: (_value, brief) => BOOKING_KINDS[brief.kind].label },
    {
      title: 'Тур',
      key: 'trip',
      render: (_value, brief) => (
        <Link to={hrefOf('trip-summary', { id: brief.trip_id })}>{brief.trip_title}</Link>
      ),
    },
    { title: 'Поставщик', dataIndex: 'supplier_name' },
    { title: 'Даты', key: 'dates', render: (_value, brief) => dates(brief) },
    {
      title: 'Статус',
      dataIndex: 'status',
      render: (_value, brief) => <BookingStatusTag status={brief.status} />,
    },
  ];
  if (money === 'debt') {
    list.push(
      {
        title: 'Долг',
        dataIndex: 'debt',
        align: 'right',
        render: (_value, brief) => formatAmount(brief.debt, brief.currency),
      },
      {
        title: 'Срок оплаты',
        dataIndex: 'payment_due_on',
        render: (_value, brief) => (
          <Typography.Text type="danger">{formatDate(brief.payment_due_on)}</Typography.Text>
        ),
      },
    );
  } else {
    list.push(
      {
        title: 'К оплате',
        dataIndex: 'amount_due',
        align: 'right',
        render: (_value, brief) => formatAmount(brief.amount_due, brief.currency),
      },
      {
        title: 'Оплата',
        dataIndex: 'payment_state',
        render: (_value, brief) => <PaymentStateTag state={brief.payment_state} />,
      },
    );
  }
  return list;
}

export interface BriefTableProps {
  label: string;
  list: BriefList;
  empty: string;
  money?: 'due' | 'debt';
}

/** One of the dashboard's lists; each booking opens in its kind's month view. */
export function BriefTable({ label, list, empty, money = 'due' }: BriefTableProps) {
  return (
    <>
      <ListTable<BookingBrief>
        rowKey="id"
        size="small"
        aria-label={label}
        columns={columns(money)}
        dataSource={list.items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description={empty} /> }}
      />
      {list.total > list.items.length ? (
        <Typography.Text type="secondary">
          {`Показаны ${list.items.length} из ${list.total}`}
        </Typography.Text>
      ) : null}
    </>
  );
}
