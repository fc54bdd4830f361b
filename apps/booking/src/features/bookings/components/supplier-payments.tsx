import {
  Card,
  Descriptions,
  EmptyState,
  Flex,
  LoadError,
  PaymentStateTag,
  Table,
  type TableColumnsType,
  TransactionStatusTag,
  Typography,
} from '@tour/shared/ui';
import { formatAmount, formatDate, formatDateTime, useCan } from '@tour/shared';
import { useBookingPaymentsQuery } from '../api/bookings-api';
import type { Booking, SupplierPayment } from '../api/types';
import { PayForm } from './pay-form';

const COLUMNS: TableColumnsType<SupplierPayment> = [
  { title: '№', dataIndex: 'id' },
  {
    title: 'Дата',
    dataIndex: 'created_at',
    render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</span>,
  },
  { title: 'Кошелёк', dataIndex: 'wallet_name' },
  {
    title: 'Сумма',
    dataIndex: 'amount',
    align: 'right',
    // An outcome pays the supplier; an income is a reversal (money back into the wallet).
    render: (_amount, payment) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {payment.type === 'income'
          ? `Возврат ${formatAmount(payment.amount, payment.currency)}`
          : formatAmount(payment.amount, payment.currency)}
      </span>
    ),
  },
  {
    title: 'Статус',
    dataIndex: 'status',
    render: (_status, payment) => (
      <Flex vertical align="flex-start">
        <TransactionStatusTag status={payment.status} />
        {payment.confirmed_at ? (
          <Typography.Text type="secondary">{formatDateTime(payment.confirmed_at)}</Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Комментарий',
    dataIndex: 'comment',
    render: (comment: string | null) => comment ?? '—',
  },
];

/** What is due to the supplier and what was paid, as the server counts it. */
function PaymentSummary({ booking }: { booking: Booking }) {
  const money = (value: number) => formatAmount(value, booking.currency);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 3 }}
      items={[
        {
          key: 'due',
          label: booking.status === 'cancelled' ? 'К оплате (штраф)' : 'К оплате',
          children: money(booking.amount_due),
        },
        { key: 'paid', label: 'Оплачено (подтверждено)', children: money(booking.paid) },
        {
          key: 'debt',
          label: booking.debt < 0 ? 'Переплата' : 'Долг',
          children: (
            <Typography.Text type={booking.debt > 0 && booking.overdue ? 'danger' : undefined}>
              {money(Math.abs(booking.debt))}
            </Typography.Text>
          ),
        },
        {
          key: 'state',
          label: 'Оплата',
          children: <PaymentStateTag state={booking.payment_state} />,
        },
        {
          key: 'due_on',
          label: 'Срок оплаты',
          children: booking.payment_due_on ? (
            <Typography.Text type={booking.overdue ? 'danger' : undefined}>
              {formatDate(booking.payment_due_on) + (booking.overdue ? ', просрочено' : '')}
            </Typography.Text>
          ) : (
            '—'
          ),
        },
      ]}
    />
  );
}

/**
 * «Оплаты поставщику»: the summary, the payments linked to the booking with their status (only
 * confirmed ones count as paid) and, with add_payment, the form to pay the supplier.
 */
export function SupplierPayments({ booking }: { booking: Booking }) {
  const can = useCan();
  const payments = useBookingPaymentsQuery(booking.id);
  return (
    <Flex vertical gap="middle">
      <PaymentSummary booking={booking} />
      {payments.isError ? (
        <LoadError title="Не удалось загрузить оплаты" onRetry={() => void payments.refetch()} />
      ) : (
        <Table<SupplierPayment>
          rowKey="id"
          size="small"
          aria-label="Оплаты поставщику"
          columns={COLUMNS}
          dataSource={payments.data ?? []}
          loading={payments.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: payments.isFetching ? ' ' : <EmptyState description="Оплат пока нет" />,
          }}
        />
      )}
      {can('add_payment') ? (
        <Card size="small" title="Оплатить поставщику">
          <PayForm booking={booking} />
        </Card>
      ) : (
        <Typography.Text type="secondary">
          Оплачивать поставщикам могут сотрудники с правом на запись платежей.
        </Typography.Text>
      )}
    </Flex>
  );
}
