import {
  Alert,
  DatePicker,
  EmptyState,
  Flex,
  LoadError,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import {
  CROSS_CURRENCY,
  CURRENCIES,
  CURRENCY_LABELS,
  DATE_FORMAT,
  findRate,
  formatDate,
  toApiDate,
  toDayjs,
  type Currency,
  type Rates,
  formatRate,
} from '@tour/shared';
import { useAccountingRatesOfDayQuery } from '../api/rates-api';
import { STORED_PLACES } from './format-rate';

/** The currencies cross rates are shown between: every one but the one they go through. */
const CROSSED = CURRENCIES.filter((currency) => currency !== CROSS_CURRENCY);

const code = (currency: Currency) => currency.toUpperCase();

interface PairRow {
  key: string;
  from: Currency;
  to: Currency;
  rate: number | string;
}

/** The day's own pairs, in the product's currency order. */
function pairsOf(rates: Rates): PairRow[] {
  return CURRENCIES.flatMap((from) =>
    CURRENCIES.flatMap((to) => {
      const rate = rates[from]?.[to];
      return rate === undefined ? [] : [{ key: `${from}-${to}`, from, to, rate }];
    }),
  );
}

const pairColumns: TableColumnsType<PairRow> = [
  {
    title: 'Валюта',
    key: 'from',
    render: (_value, { from }) => `${CURRENCY_LABELS[from]} (${code(from)})`,
  },
  {
    title: 'Курс',
    key: 'rate',
    align: 'right',
    render: (_value, { from, to, rate }) =>
      `1 ${code(from)} = ${formatRate(rate, STORED_PLACES)} ${code(to)}`,
  },
];

interface CrossRow {
  key: Currency;
  from: Currency;
}

/** One unit of the row's currency in the column's; a missing rate is said so, never 1. */
function crossColumns(rates: Rates): TableColumnsType<CrossRow> {
  return [
    { title: '1 единица', key: 'from', render: (_value, { from }) => code(from) },
    ...CROSSED.map((to) => ({
      title: `в ${code(to)}`,
      key: to,
      align: 'right' as const,
      render: (_value: unknown, { from }: CrossRow) => {
        if (from === to) return <Typography.Text type="secondary">—</Typography.Text>;
        const rate = findRate(rates, from, to);
        return rate === null ? (
          <Typography.Text type="danger">нет курса</Typography.Text>
        ) : (
          formatRate(rate)
        );
      },
    })),
  ];
}

/** The rates conversions use on a day (the latest on or before it) and the cross rates. */
export function DayRates({
  date,
  onDateChange,
}: {
  date: string;
  onDateChange: (date: string) => void;
}) {
  // currentData: another day's rates are never shown under this one while it loads.
  const { currentData: rates, isFetching, isError, refetch } = useAccountingRatesOfDayQuery(date);

  let content;
  if (isError) content = <LoadError onRetry={refetch} />;
  else if (!rates) content = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (rates.ratesDate === null)
    content = <EmptyState description="Курсов на этот день и раньше нет" />;
  else
    content = (
      <>
        {rates.ratesDate === date ? (
          <Typography.Text>Курсы за {formatDate(date)}</Typography.Text>
        ) : (
          <Alert
            type="info"
            showIcon
            title={`За ${formatDate(date)} курсов нет: действуют курсы за ${formatDate(rates.ratesDate)}`}
          />
        )}
        <Table<PairRow>
          size="small"
          pagination={false}
          loading={isFetching}
          columns={pairColumns}
          dataSource={pairsOf(rates.rates)}
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          Кросс-курсы через сом
        </Typography.Title>
        <Table<CrossRow>
          size="small"
          pagination={false}
          loading={isFetching}
          columns={crossColumns(rates.rates)}
          dataSource={CROSSED.map((from) => ({ key: from, from }))}
        />
      </>
    );

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" align="center" wrap>
        <Typography.Text>День</Typography.Text>
        <DatePicker
          aria-label="День"
          format={DATE_FORMAT}
          allowClear={false}
          value={toDayjs(date)}
          onChange={(day) => {
            const next = toApiDate(day);
            if (next) onDateChange(next);
          }}
        />
      </Flex>
      {content}
    </Flex>
  );
}
