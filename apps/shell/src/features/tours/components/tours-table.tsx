import {
  EmptyState,
  ListTable,
  Tag,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { formatAmount, hrefOf, type PreparedTour } from '@tour/shared';
import { agentTermsText } from '../lib/tour-form-values';

const missing = <Typography.Text type="secondary">—</Typography.Text>;

const COLUMNS: TableColumnsType<PreparedTour> = [
  {
    title: 'Название',
    dataIndex: 'title',
    render: (title: string, tour) => (
      <>
        <Link to={hrefOf('tour-edit', { id: tour.id })}>{title}</Link>
        {tour.archived_at ? <Tag style={{ marginInlineStart: 8 }}>В архиве</Tag> : null}
      </>
    ),
  },
  {
    title: 'Ключ',
    dataIndex: 'key',
    render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
  },
  { title: 'Страна', dataIndex: 'country' },
  {
    title: 'Города',
    dataIndex: 'cities',
    render: (cities: string[]) => (cities.length > 0 ? cities.join(', ') : missing),
  },
  { title: 'Дней', dataIndex: 'days', align: 'right' },
  {
    title: 'Базовая цена',
    key: 'base_price',
    align: 'right',
    render: (_value, tour) => formatAmount(tour.base_price, tour.currency),
  },
  {
    title: 'Агентам',
    key: 'agent_terms',
    render: (_value, tour) => agentTermsText(tour) ?? missing,
  },
  {
    title: 'Для агентов',
    dataIndex: 'published',
    render: (published: boolean) =>
      published ? <Tag color="green">Опубликован</Tag> : <Tag>Не опубликован</Tag>,
  },
  { title: 'Сделано туров', dataIndex: 'trips_count', align: 'right' },
];

export interface ToursTableProps {
  tours: readonly PreparedTour[];
  loading: boolean;
  pagination: TablePaginationConfig | false;
}

/** The prepared tours of one page: title linked to the form, place, length, prices and use. */
export function ToursTable({ tours, loading, pagination }: ToursTableProps) {
  return (
    <ListTable<PreparedTour>
      rowKey="id"
      size="middle"
      columns={COLUMNS}
      dataSource={tours}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: loading ? ' ' : <EmptyState description="Туры не найдены" /> }}
      scroll={{ x: 'max-content' }}
    />
  );
}
