import { Tag } from 'antd';
import { transactionStatusLabel, type TransactionStatus } from '@tour/shared';

const STATUS_COLORS: Record<TransactionStatus, string> = {
  pending: 'gold',
  confirmed: 'green',
  rejected: 'red',
};

/** An operation's status as every list shows it: its Russian label on the status's colour. */
export function TransactionStatusTag({ status }: { status: TransactionStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{transactionStatusLabel(status)}</Tag>;
}
