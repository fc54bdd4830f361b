import { useState, type ReactNode } from 'react';
import {
  App,
  Button,
  EmptyState,
  ExportButton,
  Flex,
  listPagination,
  ListTable,
  LoadError,
  PageFrame,
  TransactionStatusTag,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import {
  formatAmount,
  formatDateTime,
  transactionTypeLabel,
  useCan,
  type Transaction,
} from '@tour/shared';
import {
  useAccountingOperationsPageQuery,
  useAccountingOperationsReverseMutation,
} from '../api/operations-api';
import { useOperationFilters } from '../hooks/use-operation-filters';
import { NewMovement } from './new-movement';
import { OperationAmount, OperationFor, OperationKind } from './operation-cells';
import { OperationFiltersBar } from './operation-filters';
import { OperationTotals } from './operation-totals';
import { ReasonDialog } from './reason-dialog';

const REVERSE_FAILED = 'Не удалось сторнировать операцию. Попробуйте ещё раз.';

/** Only a confirmed operation that is not a reversal and not reversed yet can be reversed. */
export function isReversible(operation: Transaction): boolean {
  return (
    operation.status === 'confirmed' &&
    operation.reverses_id == null &&
    operation.reversed_by_id == null
  );
}

/** The status with what explains it: the rejection's reason, the reversal links. */
function OperationStatus({ operation }: { operation: Transaction }) {
  return (
    <Flex vertical gap={2} align="flex-start">
      <TransactionStatusTag status={operation.status} />
      {operation.status === 'rejected' && operation.rejection_reason ? (
        <Typography.Text type="secondary">Причина: {operation.rejection_reason}</Typography.Text>
      ) : null}
      {operation.reverses_id != null ? (
        <Typography.Text type="secondary">{`Сторно операции №${operation.reverses_id}`}</Typography.Text>
      ) : null}
      {operation.reversed_by_id != null ? (
        <Typography.Text type="warning">
          {`Сторнирована операцией №${operation.reversed_by_id}`}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function columns(actions: ((operation: Transaction) => ReactNode) | null) {
  const list: TableColumnsType<Transaction> = [
    { title: '№', dataIndex: 'id', width: 64 },
    {
      title: 'Дата',
      dataIndex: 'created_at',
      width: 180,
      render: (createdAt: string, operation) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(createdAt)}</span>
          <Typography.Text type="secondary">{operation.created_by_name ?? '—'}</Typography.Text>
          {operation.confirmed_by_name ? (
            <Typography.Text type="secondary">
              {operation.status === 'rejected' ? 'Отклонил: ' : 'Подтвердил: '}
              {operation.confirmed_by_name}
              {operation.confirmed_at ? `, ${formatDateTime(operation.confirmed_at)}` : ''}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Операция',
      key: 'kind',
      width: 160,
      render: (_value, operation) => <OperationKind operation={operation} />,
    },
    {
      title: 'Сумма',
      dataIndex: 'amount',
      align: 'right',
      width: 140,
      render: (_amount, operation) => <OperationAmount operation={operation} />,
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      width: 140,
      render: (_status, operation) => <OperationStatus operation={operation} />,
    },
    {
      title: 'Назначение',
      key: 'purpose',
      render: (_value, operation) => <OperationFor operation={operation} />,
    },
  ];
  if (actions) {
    list.push({
      title: 'Действия',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_value, operation) => actions(operation),
    });
  }
  return list;
}

/**
 * balance-all-operations: every operation the viewer may see, newest first, filtered from the
 * URL, page by page, with the server's totals per currency and the export of the same filters.
 * With add_payment a new movement is recorded here; with confirm_payment a confirmed one is
 * reversed (Сторно) with a reason.
 */
export function AllOperationsPage({ title }: { title: string }) {
  const can = useCan();
  const mayReverse = can('confirm_payment');
  const { message } = App.useApp();
  const { filters, page, filtered, setFilters, setPage, resetFilters } = useOperationFilters();
  const { data, isFetching, isError, refetch } = useAccountingOperationsPageQuery({
    page,
    ...filters,
  });
  const [reverse] = useAccountingOperationsReverseMutation();
  const [reversing, setReversing] = useState<Transaction | null>(null);

  const reverseOne = async (operation: Transaction, reason: string) => {
    const reversal = await reverse({ id: operation.id, reason }).unwrap();
    if (!reversal)
      throw new Error('Сервер не подтвердил сторно. Обновите список и проверьте операцию.');
    void message.success(
      `Записано сторно операции №${operation.id}: операция №${reversal.id} ожидает подтверждения`,
    );
  };

  const actions = mayReverse
    ? (operation: Transaction) =>
        isReversible(operation) ? (
          <Button
            size="small"
            aria-label={`Сторнировать операцию №${operation.id}`}
            onClick={() => setReversing(operation)}
          >
            Сторнировать
          </Button>
        ) : null
    : null;

  return (
    <PageFrame title={title} extra={can('add_payment') ? <NewMovement /> : null}>
      <OperationFiltersBar
        filters={filters}
        filtered={filtered}
        onChange={setFilters}
        onReset={resetFilters}
      />
      <Flex justify="flex-end">
        <ExportButton
          url="/admin/balance/operations/export"
          params={{ ...filters }}
          fallbackFileName="operations.xlsx"
        />
      </Flex>
      {isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : (
        <>
          <OperationTotals totals={data?.totals ?? []} />
          <ListTable<Transaction>
            cardTitle="kind"
            rowKey="id"
            size="middle"
            aria-label="Операции"
            columns={columns(actions)}
            dataSource={data?.data ?? []}
            loading={isFetching}
            pagination={listPagination(data, page, setPage)}
            // Fits a laptop beside the sidebar, «Назначение» wrapping; a phone scrolls sideways.
            tableLayout="fixed"
            scroll={{ x: 1060 }}
            locale={{
              emptyText: isFetching ? (
                ' '
              ) : (
                <EmptyState description={filtered ? 'Операции не найдены' : 'Операций нет'} />
              ),
            }}
          />
        </>
      )}
      <ReasonDialog
        open={reversing !== null}
        title={`Сторнировать операцию №${reversing?.id ?? ''}`}
        intro={
          reversing ? (
            <Typography.Paragraph>
              {`${transactionTypeLabel(reversing.type)} ${formatAmount(reversing.amount, reversing.currency)}, кошелёк «${reversing.wallet_name}». ` +
                'Будет записана обратная операция; баланс изменится, когда её подтвердят.'}
            </Typography.Paragraph>
          ) : null
        }
        label="Причина сторно"
        okText="Сторнировать"
        danger
        failure={REVERSE_FAILED}
        onSubmit={(reason) => (reversing ? reverseOne(reversing, reason) : Promise.resolve())}
        onClose={() => setReversing(null)}
      />
    </PageFrame>
  );
}
