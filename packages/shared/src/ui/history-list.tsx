import { Table, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime, type HistoryEntry } from '@tour/shared';
import { EmptyState } from './empty-state';
import { listPagination } from './list-pagination';
import { LoadError } from './load-error';
import { useSharedHistoryQuery } from './history-api';

/** What an action is called in the list. */
const ACTIONS: Record<string, string> = {
  created: 'Создание',
  updated: 'Изменение',
  status: 'Смена статуса',
  assigned: 'Назначение',
  converted: 'Оформление',
  archived: 'В архив',
  restored: 'Из архива',
  deleted: 'Удаление',
};

/** A value as a person reads it: dates and numbers as sent, lists joined, yes/no, a dash for none. */
export function historyValue(value: unknown, labels?: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (typeof value === 'string' && labels?.[value]) return labels[value]!;
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value
      .map((item) =>
        typeof item === 'object' && item !== null && 'title' in item
          ? String(item.title)
          : String(item),
      )
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface HistoryListProps {
  /** The cache tag's record name: `trip`, `prepared_tour`, `request`. */
  record: string;
  /** The API path of the record: `/admin/trip/5`. */
  path: string;
  id: number;
  /** Russian names of the fields (`{ title: 'Название' }`); a field without one shows its name. */
  fields: Record<string, string>;
  /** Russian names of the rows that change (`{ participant: 'Участник' }`). */
  entities?: Record<string, string>;
  /** Russian names of coded values (statuses), shared by every field. */
  values?: Record<string, string>;
}

/** A record's "История": who changed which field from what to what, and when; newest first. */
export function HistoryList({ record, path, id, fields, entities = {}, values }: HistoryListProps) {
  const [page, setPage] = useState(1);
  const { data, isFetching, isError, refetch } = useSharedHistoryQuery({ record, path, id, page });
  if (isError)
    return <LoadError title="Не удалось загрузить историю" onRetry={() => void refetch()} />;
  return (
    <Table<HistoryEntry>
      rowKey="id"
      size="small"
      loading={isFetching}
      dataSource={data?.data ?? []}
      pagination={listPagination(data, page, setPage)}
      locale={{ emptyText: isFetching ? ' ' : <EmptyState description="Изменений пока нет" /> }}
      columns={[
        {
          title: 'Когда',
          dataIndex: 'created_at',
          width: 160,
          render: (at: string) => formatDateTime(at),
        },
        {
          title: 'Кто',
          dataIndex: 'user_name',
          width: 200,
          render: (name: string | null) => name ?? '—',
        },
        {
          title: 'Что',
          key: 'what',
          width: 200,
          render: (_value, entry) => {
            const entity = entities[entry.entity_type];
            const action = ACTIONS[entry.action] ?? entry.action;
            return entity ? `${action}: ${entity.toLowerCase()} №${entry.entity_id}` : action;
          },
        },
        {
          title: 'Изменения',
          key: 'changes',
          render: (_value, entry) =>
            entry.changes.length === 0 ? (
              <Typography.Text type="secondary">—</Typography.Text>
            ) : (
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    {fields[change.field] ?? change.field}: {historyValue(change.old, values)} →{' '}
                    {historyValue(change.new, values)}
                  </li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}
