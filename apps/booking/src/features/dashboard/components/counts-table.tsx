import { Table, type TableColumnsType } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { BOOKING_KINDS } from '@tour/shared';
import { kindMonthHref } from '../../../lib/booking-links';
import type { KindCounts } from '../api/dashboard-api';

function columns(month: string): TableColumnsType<KindCounts> {
  return [
    {
      title: 'Вид',
      dataIndex: 'kind',
      render: (_kind, row) => (
        <Link to={kindMonthHref(row.kind, month)}>{BOOKING_KINDS[row.kind].label}</Link>
      ),
    },
    { title: 'Запрошено', dataIndex: 'requested', align: 'right' },
    { title: 'Подтверждено', dataIndex: 'confirmed', align: 'right' },
    { title: 'Отменено', dataIndex: 'cancelled', align: 'right' },
    { title: 'Всего', dataIndex: 'total', align: 'right' },
  ];
}

/** The month's bookings by kind and status, each kind linking to its month view. */
export function CountsTable({ counts, month }: { counts: KindCounts[]; month: string }) {
  return (
    <Table<KindCounts>
      rowKey="kind"
      size="small"
      aria-label="Бронирования месяца по видам"
      columns={columns(month)}
      dataSource={counts}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
