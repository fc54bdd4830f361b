import {
  Flex,
  listPagination,
  ListTable,
  LoadError,
  PageFrame,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import { formatDateTime, routeByName } from '@tour/shared';
import { useShellAuditPageQuery, type AuditEntry } from '../api/audit-api';
import { useAuditFilters } from '../hooks/use-audit-filters';
import { actionLabel, fieldLabel, recordLabel, valueText } from '../lib/audit-labels';
import { AuditFilters } from './audit-filters';

const none = <Typography.Text type="secondary">—</Typography.Text>;

const COLUMNS: TableColumnsType<AuditEntry> = [
  {
    title: 'Когда',
    dataIndex: 'created_at',
    render: (at: string) => formatDateTime(at),
    width: 150,
  },
  {
    title: 'Кто',
    key: 'user',
    render: (_value, row) =>
      // A user whose record is gone is said so, not shown by its bare id.
      row.user_id === null ? none : (row.user_name ?? 'пользователь удалён'),
  },
  { title: 'Откуда', dataIndex: 'ip', render: (ip: string | null) => ip ?? none },
  { title: 'Действие', dataIndex: 'action', render: (action: string) => actionLabel(action) },
  {
    title: 'Что',
    key: 'record',
    render: (_value, row) => {
      const record = recordLabel(row.record_type, row.record_id);
      const entity =
        row.entity_type !== row.record_type ? recordLabel(row.entity_type, row.entity_id) : null;
      return entity ? `${record}: ${entity}` : record;
    },
  },
];

/** A row's changes: each field with its old and new value. */
function AuditChanges({ row }: { row: AuditEntry }) {
  if (row.changes.length === 0)
    return <Typography.Text type="secondary">Без изменений</Typography.Text>;
  return (
    <table aria-label="Изменения">
      <thead>
        <tr>
          <th style={{ textAlign: 'start', paddingInlineEnd: 16 }}>Поле</th>
          <th style={{ textAlign: 'start', paddingInlineEnd: 16 }}>Было</th>
          <th style={{ textAlign: 'start' }}>Стало</th>
        </tr>
      </thead>
      <tbody>
        {row.changes.map((change, index) => (
          <tr key={`${change.field}-${index}`}>
            <td style={{ paddingInlineEnd: 16 }}>{fieldLabel(change.field)}</td>
            <td style={{ paddingInlineEnd: 16 }}>{valueText(change.old, change.field)}</td>
            <td>{valueText(change.new, change.field)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** audit: the audit log for developers and admins, filters in the URL, rows open to their changes. */
export function AuditPage() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } = useAuditFilters();
  const { data, isFetching, isError, refetch } = useShellAuditPageQuery({
    page,
    search: filters.search,
    userId: filters.userId,
    action: filters.action,
    from: filters.from,
    to: filters.to,
  });
  return (
    <PageFrame title={routeByName('audit').title}>
      <Flex vertical gap="middle">
        <AuditFilters
          filters={filters}
          filtered={filtered}
          onChange={setFilters}
          onReset={resetFilters}
        />
        {isError ? (
          <LoadError title="Не удалось загрузить журнал" onRetry={() => void refetch()} />
        ) : (
          <ListTable<AuditEntry>
            rowKey="id"
            size="middle"
            columns={COLUMNS}
            dataSource={data?.data ?? []}
            loading={isFetching}
            pagination={listPagination(data, page, setPage)}
            expandable={{ expandedRowRender: (row) => <AuditChanges row={row} /> }}
            locale={{ emptyText: filtered ? 'Ничего не найдено' : 'Журнал пуст' }}
            scroll={{ x: 'max-content' }}
          />
        )}
      </Flex>
    </PageFrame>
  );
}
