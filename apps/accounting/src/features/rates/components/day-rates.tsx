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
  formatExchangeRate,
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

interface CrossRow {
  key: string;
  from: Currency;
  to: Currency;
}

/** Each pair of them once, in the product's currency order: USD — EUR, USD — JPY, EUR — JPY. */
const CROSS_PAIRS: CrossRow[] = CROSSED.flatMap((from, index) =>
  CROSSED.slice(index + 1).map((to) => ({ key: `${from}-${to}`, from, to })),
);

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

/**
 * The day's own pairs exactly as stored (up to 10 decimals), one unit in the other as they are
 * typed and as the National Bank's file gives them («1 JPY = 0,5685 KGS»): data to check against
 * the file, so not rounded to a bank's print.
 */
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

/**
 * A pair's cross rate as a bank prints it («1 € = 1,14286 $», «1 $ = 175,00 ¥»): worked out here,
 * neither typed nor in the National Bank's file, so it reads as every other rate shown to people
 * (DESIGN.md 3b); a missing one is said so, never 1.
 */
function crossColumns(rates: Rates): TableColumnsType<CrossRow> {
  return [
    {
      title: 'Валюты',
      key: 'pair',
      render: (_value, { from, to }) => `${code(from)} — ${code(to)}`,
    },
    {
      title: 'Курс',
      key: 'rate',
      align: 'right',
      render: (_value, { from, to }) => {
        const rate = findRate(rates, from, to);
        return rate === null ? (
          <Typography.Text type="danger">нет курса</Typography.Text>
        ) : (
          formatExchangeRate(rate, from, to)
        );
      },
    },
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
          dataSource={CROSS_PAIRS}
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
