import { Table, Typography } from 'antd';
import { useState } from 'react';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  type Currency,
  type HistoryChange,
  type HistoryEntry,
} from '@tour/shared';
import { EmptyState } from './empty-state';
import { listPagination } from './list-pagination';
import { LoadError } from './load-error';
import { useSharedHistoryQuery } from './history-api';

/** What a change of a record is called in the history (and in the audit log). */
export const HISTORY_ACTION_LABELS: Readonly<Record<string, string>> = {
  created: 'Создание',
  updated: 'Изменение',
  status: 'Смена статуса',
  assigned: 'Назначение',
  converted: 'Оформление',
  archived: 'В архив',
  restored: 'Из архива',
  deleted: 'Удаление',
  added_to_trip: 'Добавлен(а) в тур',
  roles: 'Смена ролей',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A value as a person reads it: days as DD.MM.YYYY, lists joined, yes/no, coded values by their
 * Russian names (`labels`), a dash for none.
 */
export function historyValue(value: unknown, labels?: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (typeof value === 'string' && labels?.[value]) return labels[value]!;
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value);
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

/** A field of the history: its Russian name and, where a plain value says too little, a format. */
export interface HistoryField {
  label: string;
  /** Writes a non-empty value (an amount with its currency, a percent). */
  format?: (value: unknown) => string;
}

/** An amount field of a record kept in one currency: `$2 450,00`. */
export const historyAmount = (label: string, currency: Currency): HistoryField => ({
  label,
  format: (value) =>
    typeof value === 'number' ? formatAmount(value, currency) : historyValue(value),
});

/**
 * One side of a change: the name of the record a reference points to (a tourist, not its id;
 * «запись удалена» once that record is gone), else the field's format, else `historyValue`.
 */
export function historySide(
  value: unknown,
  name: string | null | undefined,
  field: HistoryField | undefined,
  labels?: Record<string, string>,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (name !== undefined) return name ?? 'запись удалена';
  if (field?.format) return field.format(value);
  return historyValue(value, labels);
}

function ChangeLine({
  change,
  field,
  labels,
}: {
  change: HistoryChange;
  field: HistoryField | undefined;
  labels?: Record<string, string>;
}) {
  const before = historySide(change.old, change.old_name, field, labels);
  const after = historySide(change.new, change.new_name, field, labels);
  return <li>{`${field?.label ?? change.field}: ${before} → ${after}`}</li>;
}

export interface HistoryListProps {
  /** The cache tag's record name: `trip`, `prepared_tour`, `request`. */
  record: string;
  /** The API path of the record: `/admin/trip/5`. */
  path: string;
  id: number;
  /**
   * Russian names of the fields (`{ title: 'Название' }`), with a format where one is needed
   * (`{ price: { label: 'Цена', format: amountIn('usd') } }`); a field without one shows its name.
   */
  fields: Record<string, string | HistoryField>;
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
      // A phone scrolls the table sideways instead of widening the page.
      scroll={{ x: 'max-content' }}
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
            const action = HISTORY_ACTION_LABELS[entry.action] ?? entry.action;
            if (!entity) return action;
            // The row by its name (a participant by its tourist), never by its database id.
            return [`${action}: ${entity.toLowerCase()}`, entry.entity_name]
              .filter(Boolean)
              .join(' ');
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
                {entry.changes.map((change) => {
                  const field = fields[change.field];
                  return (
                    <ChangeLine
                      key={change.field}
                      change={change}
                      field={typeof field === 'string' ? { label: field } : field}
                      labels={values}
                    />
                  );
                })}
              </ul>
            ),
        },
      ]}
    />
  );
}
