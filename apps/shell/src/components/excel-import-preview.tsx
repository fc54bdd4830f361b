import { useMemo, useState } from 'react';
import { CURRENCY_LABELS, formatAmount, formatDate, isCurrency, plural } from '@tour/shared';
import { Flex, Radio, Table, Tag, Typography, type TableColumnsType } from '@tour/shared/ui';
import type { ImportColumn, ImportRow } from '../lib/import-calls';

// The rows of an import as the server checked them: each value as it will be saved, each error
// under its cell in the server's words, and what happens to the row.

const ACTIONS = {
  create: { label: 'Создать', color: 'success' },
  update: { label: 'Обновить', color: 'processing' },
  skip: { label: 'Пропустить', color: 'default' },
} as const;

const hasErrors = (row: ImportRow) => Object.keys(row.errors).length > 0;

/** A value as a person reads it: dates, amounts in the row's currency, yes and no, percents. */
function valueText(column: ImportColumn, row: ImportRow): string {
  const value = row.values[column.field];
  if (value === null || value === undefined || value === '') return '';
  if (column.kind === 'date') return formatDate(value) || value;
  const currency = row.values.currency;
  switch (column.field) {
    case 'base_price':
    case 'agent_price':
      return isCurrency(currency) && /^\d+(\.\d+)?$/.test(value)
        ? formatAmount(Number(value), currency)
        : value;
    case 'currency':
      return isCurrency(value) ? CURRENCY_LABELS[value] : value;
    case 'agent_commission':
      return /^\d+(\.\d+)?$/.test(value) ? `${value.replace('.', ',')} %` : value;
    case 'published':
      return value === 'да' ? 'Да' : value === 'нет' ? 'Нет' : value;
    default:
      return value;
  }
}

function Messages({ messages }: { messages: readonly string[] }) {
  return (
    <>
      {messages.map((message) => (
        <Typography.Text key={message} type="danger" style={{ display: 'block', fontSize: 12 }}>
          {message}
        </Typography.Text>
      ))}
    </>
  );
}

function columnsOf(columns: readonly ImportColumn[]): TableColumnsType<ImportRow> {
  const headers = new Map(columns.map((column) => [column.field, column.header]));
  return [
    { title: 'Строка', dataIndex: 'row', width: 80, fixed: 'left' },
    {
      title: 'Действие',
      key: 'action',
      width: 130,
      render: (_value, row) =>
        hasErrors(row) ? (
          <Tag color="error">Ошибки</Tag>
        ) : (
          <Tag color={ACTIONS[row.action].color}>{ACTIONS[row.action].label}</Tag>
        ),
    },
    {
      title: 'Примечание',
      key: 'note',
      width: 240,
      render: (_value, row) => {
        // Every error of the row, named by its column, so a wide row's are seen without scrolling
        // (each also stands under its cell); those of no column (the whole row's) as they are.
        const errors = Object.entries(row.errors).flatMap(([field, messages]) => {
          const header = headers.get(field);
          return messages.map((message) => (header ? `${header}: ${message}` : message));
        });
        return (
          <>
            {row.note ? <Typography.Text>{row.note}</Typography.Text> : null}
            <Messages messages={errors} />
          </>
        );
      },
    },
    ...columns.map((column): TableColumnsType<ImportRow>[number] => ({
      title: column.header,
      key: column.field,
      width: column.kind === 'text' ? 200 : 130,
      render: (_value, row) => {
        const text = valueText(column, row);
        const errors = row.errors[column.field] ?? [];
        return (
          <>
            {text ? (
              <Typography.Text type={errors.length > 0 ? 'danger' : undefined}>
                {text}
              </Typography.Text>
            ) : errors.length > 0 ? (
              <Typography.Text type="secondary">пусто</Typography.Text>
            ) : null}
            <Messages messages={errors} />
          </>
        );
      },
    })),
  ];
}

type Filter = 'all' | 'errors' | 'matches';

export interface ExcelImportPreviewProps {
  columns: readonly ImportColumn[];
  rows: readonly ImportRow[];
  /** The filter above the rows (the preview); none for a short list (the rows skipped). */
  filterable?: boolean;
  /** The rows' caption for screen readers. */
  caption: string;
}

/** The checked rows of a file, 20 a page, filtered to those with errors or matches. */
export function ExcelImportPreview({
  columns,
  rows,
  filterable = true,
  caption,
}: ExcelImportPreviewProps) {
  const [filter, setFilter] = useState<Filter>('all');
  const errors = rows.filter(hasErrors).length;
  const matches = rows.filter((row) => row.match !== null).length;
  const shown = useMemo(
    () =>
      filter === 'errors'
        ? rows.filter(hasErrors)
        : filter === 'matches'
          ? rows.filter((row) => row.match !== null)
          : rows,
    [filter, rows],
  );
  const tableColumns = useMemo(() => columnsOf(columns), [columns]);
  return (
    <Flex vertical gap="small">
      {filterable ? (
        <Radio.Group
          value={filter}
          onChange={(event) => setFilter(event.target.value as Filter)}
          optionType="button"
          aria-label="Какие строки показать"
          options={[
            { value: 'all', label: `Все (${rows.length})` },
            { value: 'errors', label: `С ошибками (${errors})`, disabled: errors === 0 },
            { value: 'matches', label: `Уже есть (${matches})`, disabled: matches === 0 },
          ]}
        />
      ) : null}
      <Table<ImportRow>
        rowKey="row"
        size="small"
        columns={tableColumns}
        dataSource={shown}
        scroll={{ x: 'max-content' }}
        pagination={
          shown.length > 20
            ? { pageSize: 20, showSizeChanger: false, showTotal: (total) => rowsText(total) }
            : false
        }
        aria-label={caption}
      />
    </Flex>
  );
}

/** «50 строк», «1 строка». */
export const rowsText = (count: number) => plural(count, ['строка', 'строки', 'строк']);
