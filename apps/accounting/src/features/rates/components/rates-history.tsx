import {
  DatePicker,
  EmptyState,
  Flex,
  listPagination,
  LoadError,
  Table,
  type TableColumnsType,
} from '@tour/shared/ui';
import { useUrlQuery } from '@tour/shared/router';
import {
  DATE_FORMAT,
  formatDate,
  formatDateTime,
  normalizeRange,
  toApiDate,
  toDayjs,
  formatRate,
} from '@tour/shared';
import { useAccountingRateHistoryQuery, type RateHistoryDay } from '../api/rates-api';
import { STORED_PLACES } from './format-rate';

const columns: TableColumnsType<RateHistoryDay> = [
  { title: 'День', dataIndex: 'date', key: 'date', render: (date: string) => formatDate(date) },
  {
    title: 'Курсы',
    key: 'rates',
    render: (_value, { rates }) =>
      rates.map(({ from, to, rate }) => (
        <div key={`${from}-${to}`}>
          1 {from.toUpperCase()} = {formatRate(rate, STORED_PLACES)} {to.toUpperCase()}
        </div>
      )),
  },
  {
    title: 'Изменены',
    key: 'updated',
    render: (_value, { updated_at, created_by_name }) =>
      `${formatDateTime(updated_at)}${created_by_name ? `, ${created_by_name}` : ''}`,
  },
];

/** The days with rates, newest first, page by page; the period and the page in the URL. */
export function RatesHistory() {
  const { params, page, update, setPage } = useUrlQuery();
  const from = toApiDate(params.get('from')) || undefined;
  const to = toApiDate(params.get('to')) || undefined;
  const { data, isFetching, isError, refetch } = useAccountingRateHistoryQuery({ page, from, to });

  return (
    <Flex vertical gap="middle">
      <DatePicker.RangePicker
        aria-label="Период истории"
        format={DATE_FORMAT}
        placeholder={['Период с', 'по']}
        value={[toDayjs(from), toDayjs(to)]}
        allowEmpty={[true, true]}
        onChange={(range) => {
          const [start, end] = normalizeRange(range ?? [null, null]);
          update({ from: toApiDate(start), to: toApiDate(end), page: undefined });
        }}
        style={{ width: 280, maxWidth: '100%' }}
      />
      {isError ? (
        <LoadError onRetry={refetch} />
      ) : (
        <Table<RateHistoryDay>
          size="small"
          rowKey="date"
          loading={isFetching}
          columns={columns}
          dataSource={data?.data ?? []}
          pagination={listPagination(data, page, setPage)}
          locale={{ emptyText: <EmptyState description="Курсов за этот период нет" /> }}
        />
      )}
    </Flex>
  );
}
