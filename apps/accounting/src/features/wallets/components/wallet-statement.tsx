import { useState } from 'react';
import {
  DatePicker,
  Descriptions,
  EmptyState,
  ExportButton,
  Flex,
  listPagination,
  ListTable,
  LoadError,
  OperationPurpose,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import { Link, useUrlQuery } from '@tour/shared/router';
import {
  API_DATE_FORMAT,
  DATE_FORMAT,
  dayjs,
  formatAmount,
  formatDate,
  formatDateTime,
  hrefOf,
  normalizeRange,
  toApiDate,
  toDayjs,
  TRANSACTION_TYPES,
  type Currency,
} from '@tour/shared';
import {
  useAccountingWalletStatementQuery,
  type StatementLine,
  type WalletDetail,
} from '../api/wallets-api';

/** The statement's period from the URL (`from`, `to`: YYYY-MM-DD), by default the current month. */
export function statementPeriod(params: URLSearchParams, now = dayjs()): [string, string] {
  const from = toDayjs(params.get('from'));
  const to = toDayjs(params.get('to'));
  if (!from || !to) {
    return [
      now.startOf('month').format(API_DATE_FORMAT),
      now.endOf('month').format(API_DATE_FORMAT),
    ];
  }
  const [start, end] = normalizeRange([from, to]);
  return [start.format(API_DATE_FORMAT), end.format(API_DATE_FORMAT)];
}

/** An amount of the statement's figures, never broken across lines. */
const Figure = ({ children }: { children: string }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
);

/** An effect with its sign: `+С500,00`, `-С200,00`. */
const signed = (amount: number, currency: Currency) =>
  `${amount > 0 ? '+' : ''}${formatAmount(amount, currency)}`;

function columns(currency: Currency): TableColumnsType<StatementLine> {
  return [
    {
      title: 'Подтверждена',
      dataIndex: 'confirmed_at',
      width: 150,
      render: (at: string) => formatDateTime(at),
    },
    { title: '№', dataIndex: 'id', width: 80 },
    {
      title: 'Тип',
      dataIndex: 'type',
      width: 140,
      render: (type: StatementLine['type']) =>
        `${TRANSACTION_TYPES[type].sign} ${TRANSACTION_TYPES[type].label}`,
    },
    {
      title: 'Другой кошелёк',
      key: 'counterpart',
      width: 170,
      render: (_value, line) =>
        line.counterpart_wallet_id === null ? (
          '—'
        ) : (
          <Link to={hrefOf('balance-wallet', { id: line.counterpart_wallet_id })}>
            {line.counterpart_wallet_name ?? `Кошелёк №${line.counterpart_wallet_id}`}
          </Link>
        ),
    },
    {
      // What it is for (the XLSX's «Назначение») and, under it, its category and comment.
      title: 'Назначение',
      key: 'purpose',
      render: (_value, line) => {
        const comment = [line.category, line.comment].filter(Boolean).join(': ');
        const named = Boolean(line.trip || line.participant || line.booking);
        return (
          <Flex vertical gap={4}>
            {named || !comment ? <OperationPurpose operation={line} /> : null}
            {comment ? <span>{comment}</span> : null}
          </Flex>
        );
      },
    },
    {
      title: 'Сумма',
      dataIndex: 'effect',
      align: 'right',
      width: 150,
      render: (effect: number) => (
        <Typography.Text type={effect < 0 ? 'danger' : 'success'} style={{ whiteSpace: 'nowrap' }}>
          {signed(effect, currency)}
        </Typography.Text>
      ),
    },
    {
      title: 'Остаток',
      dataIndex: 'balance',
      align: 'right',
      width: 150,
      render: (balance: number) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(balance, currency)}</span>
      ),
    },
  ];
}

/**
 * A wallet's statement for a period (Bishkek days, by default the current month): the opening
 * balance, each confirmed movement with what it is for (trip, tourist, booking and supplier), its
 * effect and the balance after it, the totals and the closing balance, all as the server computed
 * them (the browser adds nothing), and its XLSX.
 */
export function WalletStatement({ wallet }: { wallet: WalletDetail }) {
  const { params, update } = useUrlQuery();
  const [from, to] = statementPeriod(params);
  const [page, setPage] = useState(1);
  const { data, isFetching, isError, refetch } = useAccountingWalletStatementQuery({
    walletId: wallet.id,
    from,
    to,
    page,
  });
  const currency = data?.currency ?? wallet.currency;

  const picker = (
    <Flex justify="space-between" align="center" wrap gap="small">
      <DatePicker.RangePicker
        aria-label="Период выписки"
        format={DATE_FORMAT}
        allowClear={false}
        value={[dayjs(from), dayjs(to)]}
        onChange={(range) => {
          const [start, end] = normalizeRange(range ?? [null, null]);
          if (!start || !end) return;
          setPage(1);
          update({ from: toApiDate(start), to: toApiDate(end) });
        }}
      />
      <ExportButton
        url={`/admin/wallet/${wallet.id}/statement/export`}
        params={{ from, to }}
        fallbackFileName={`statement-wallet-${wallet.id}-${from}-${to}.xlsx`}
      />
    </Flex>
  );

  if (isError) {
    return (
      <Flex vertical gap="middle">
        {picker}
        <LoadError title="Не удалось загрузить выписку" onRetry={() => void refetch()} />
      </Flex>
    );
  }

  const figures = data
    ? [
        {
          key: 'opening',
          label: `Входящий остаток на ${formatDate(data.from)}`,
          children: <Figure>{formatAmount(data.opening_balance, currency)}</Figure>,
        },
        {
          key: 'in',
          label: 'Поступления',
          children: <Figure>{formatAmount(data.total_in, currency)}</Figure>,
        },
        {
          key: 'out',
          label: 'Списания',
          children: <Figure>{formatAmount(data.total_out, currency)}</Figure>,
        },
        {
          key: 'closing',
          label: `Исходящий остаток на ${formatDate(data.to)}`,
          children: (
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(data.closing_balance, currency)}
            </Typography.Text>
          ),
        },
      ]
    : [];

  return (
    <Flex vertical gap="middle">
      {picker}
      {data ? (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          aria-label="Итоги выписки"
          items={figures}
        />
      ) : null}
      <ListTable<StatementLine>
        rowKey={(line) => `${line.id}-${line.direction}`}
        size="small"
        loading={isFetching}
        columns={columns(currency)}
        dataSource={data?.movements.data ?? []}
        pagination={listPagination(data?.movements, page, setPage)}
        // Fits a laptop beside the sidebar, «Назначение» wrapping; a phone scrolls sideways.
        tableLayout="fixed"
        scroll={{ x: 1040 }}
        locale={{
          emptyText: isFetching ? ' ' : <EmptyState description="За период движений нет" />,
        }}
      />
      <Typography.Text type="secondary">
        Только подтверждённые операции, в порядке подтверждения; дни периода — по времени Бишкека.
      </Typography.Text>
    </Flex>
  );
}
