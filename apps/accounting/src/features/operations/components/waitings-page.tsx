import { useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  EmptyState,
  Flex,
  listPagination,
  ListTable,
  LoadError,
  PageFrame,
  selectAllColumnTitle,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import {
  allMessagesOf,
  formatAmount,
  formatDateTime,
  plural,
  transactionTypeLabel,
  useCan,
  type Transaction,
  walletLabel,
} from '@tour/shared';
import {
  useAccountingOperationsConfirmManyMutation,
  useAccountingOperationsConfirmMutation,
  useAccountingOperationsConfirmWaitingsMutation,
  waitingFiltersBody,
  useAccountingOperationsRejectManyMutation,
  useAccountingOperationsRejectMutation,
  useAccountingOperationsWaitingsQuery,
  WAITINGS_CONFIRM_MAX,
} from '../api/operations-api';
import { useWaitingFilters } from '../hooks/use-waiting-filters';
import { failureText } from '../lib/failure-text';
import { FourEyesSetting } from './four-eyes-setting';
import { BulkResults, type BulkOutcome } from './bulk-results';
import { OperationAmount, OperationFor, OperationKind } from './operation-cells';
import { ReasonDialog } from './reason-dialog';
import { WaitingFiltersBar } from './waiting-filters';
import { hasPendingSums, OPERATIONS, PendingSums, WaitingTotals } from './waiting-totals';

const CONFIRM_FAILED = 'Не удалось подтвердить операцию. Попробуйте ещё раз.';
const REJECT_FAILED = 'Не удалось отклонить операцию. Попробуйте ещё раз.';
const NOT_ANSWERED = 'Сервер не подтвердил выполнение. Обновите список и проверьте операцию.';

/** «Пополнение $300,00, кошелёк «Мой USD»». */
function summaryOf(operation: Transaction): string {
  return (
    `${transactionTypeLabel(operation.type)} ${formatAmount(operation.amount, operation.currency)}` +
    `, кошелёк «${walletLabel(operation.wallet_name, operation.wallet_owner_name)}»` +
    (operation.type === 'transfer' && operation.target_wallet_name
      ? ` → «${walletLabel(operation.target_wallet_name, operation.target_wallet_owner_name)}»`
      : '')
  );
}

function columns(actions: ((operation: Transaction) => ReactNode) | null) {
  const list: TableColumnsType<Transaction> = [
    { title: '№', dataIndex: 'id', width: 70 },
    {
      title: 'Создана',
      dataIndex: 'created_at',
      width: 180,
      render: (createdAt: string, operation) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(createdAt)}</span>
          <Typography.Text type="secondary">{operation.created_by_name ?? '—'}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Операция',
      key: 'kind',
      width: 180,
      render: (_value, operation) => <OperationKind operation={operation} />,
    },
    {
      title: 'Сумма',
      dataIndex: 'amount',
      align: 'right',
      width: 170,
      render: (_amount, operation) => <OperationAmount operation={operation} />,
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
      width: 130,
      render: (_value, operation) => actions(operation),
    });
  }
  return list;
}

/**
 * balance-waitings: the pending movements, filtered, searched and ordered from the URL (oldest
 * first by default), page by page, with the count and sums of every page of the filter and how
 * many each choice of a filter holds. Those with confirm_payment confirm them (after a question)
 * or reject them with a reason, one by one, the selected ones, or everything the filter shows
 * (if it is still what they saw); a bulk answer says how each one went.
 */
export function WaitingsPage({ title }: { title: string }) {
  const mayConfirm = useCan()('confirm_payment');
  const { message, modal } = App.useApp();
  const { filters, sort, page, active, filtered, setFilters, setSort, setPage, resetFilters } =
    useWaitingFilters();
  const { data, currentData, isFetching, isError, refetch } = useAccountingOperationsWaitingsQuery({
    page,
    ...filters,
    ...(sort === 'oldest' ? {} : { sort }),
  });
  const [confirm] = useAccountingOperationsConfirmMutation();
  const [reject] = useAccountingOperationsRejectMutation();
  const [confirmMany, bulkConfirm] = useAccountingOperationsConfirmManyMutation();
  const [rejectMany, bulkReject] = useAccountingOperationsRejectManyMutation();
  const [confirmFiltered, filterConfirm] = useAccountingOperationsConfirmWaitingsMutation();

  const [selected, setSelected] = useState<number[]>([]);
  const [busyIds, setBusyIds] = useState<number[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  // What the reason dialog rejects: one operation, or the ids selected when it opened.
  const [rejecting, setRejecting] = useState<Transaction | number[] | null>(null);

  const rows = data?.data ?? [];
  // The count and sums of this filter's answer only (not the previous filter's while it loads).
  const shown = currentData?.total ?? null;
  // Only what this page shows can be acted on (a page left behind keeps no selection).
  const chosen = selected.filter((id) => rows.some((row) => row.id === id));
  const busy = (id: number) => busyIds.includes(id);
  const track = async (id: number, work: () => Promise<void>) => {
    setBusyIds((ids) => [...ids, id]);
    try {
      await work();
    } finally {
      setBusyIds((ids) => ids.filter((other) => other !== id));
    }
  };

  const confirmOne = (operation: Transaction) =>
    modal.confirm({
      title: `Подтвердить операцию №${operation.id}?`,
      content: `${summaryOf(operation)}. Баланс изменится сразу после подтверждения.`,
      okText: 'Подтвердить',
      cancelText: 'Отмена',
      onOk: () =>
        track(operation.id, async () => {
          setRefusal(null);
          try {
            const confirmed = await confirm(operation.id).unwrap();
            if (!confirmed) throw new Error(NOT_ANSWERED);
            void message.success(`Операция №${operation.id} подтверждена`);
          } catch (error) {
            setRefusal(`Операция №${operation.id}: ${failureText(error, CONFIRM_FAILED)}`);
          }
        }),
    });

  const rejectOne = async (operation: Transaction, reason: string) => {
    const rejected = await reject({ id: operation.id, reason }).unwrap();
    if (!rejected) throw new Error(NOT_ANSWERED);
    setRefusal(null);
    void message.success(`Операция №${operation.id} отклонена`);
  };

  const confirmSelected = () => {
    const ids = chosen;
    modal.confirm({
      title: `Подтвердить выбранные операции (${ids.length})?`,
      content: 'Каждая подтверждается отдельно: ответ придёт по каждой.',
      okText: 'Подтвердить',
      cancelText: 'Отмена',
      onOk: async () => {
        setRefusal(null);
        try {
          setOutcome({ action: 'confirm', results: await confirmMany(ids).unwrap() });
          setSelected([]);
        } catch (error) {
          setRefusal(failureText(error, CONFIRM_FAILED));
        }
      },
    });
  };

  // Everything the filter shows, as the person saw it: the filters and the count go to the
  // server, which confirms nothing if the list has changed since (409, the list reloads).
  const confirmAllShown = () => {
    if (!currentData) return;
    const expected = currentData.total;
    const { totals } = currentData;
    const sent = { ...waitingFiltersBody(filters), expected };
    modal.confirm({
      title: `Подтвердить все операции под фильтром (${expected})?`,
      content: (
        <Flex vertical gap={4}>
          <Typography.Text>
            {`Будут подтверждены ${plural(expected, OPERATIONS)}`}
            {hasPendingSums(totals) ? (
              <>
                {' на '}
                <PendingSums totals={totals} />
              </>
            ) : null}
            .
          </Typography.Text>
          <Typography.Text type="secondary">
            Каждая подтверждается отдельно: ответ придёт по каждой. Если за это время список под
            фильтром изменился, ничего не будет подтверждено.
          </Typography.Text>
        </Flex>
      ),
      okText: 'Подтвердить все',
      cancelText: 'Отмена',
      onOk: async () => {
        setRefusal(null);
        try {
          const results = await confirmFiltered(sent).unwrap();
          setOutcome({ action: 'confirm', results, label: 'Результат по операциям под фильтром' });
          setSelected([]);
        } catch (error) {
          setRefusal(allMessagesOf(error)?.join(' ') ?? failureText(error, CONFIRM_FAILED));
        }
      },
    });
  };

  const rejectSelected = async (ids: number[], reason: string) => {
    const results = await rejectMany({ ids, reason }).unwrap();
    setRefusal(null);
    setOutcome({ action: 'reject', results });
    setSelected([]);
  };

  const actions = mayConfirm
    ? (operation: Transaction) => (
        <Flex vertical gap={4}>
          <Button
            size="small"
            type="primary"
            aria-label={`Подтвердить операцию №${operation.id}`}
            loading={busy(operation.id)}
            onClick={() => confirmOne(operation)}
          >
            Подтвердить
          </Button>
          <Button
            size="small"
            danger
            aria-label={`Отклонить операцию №${operation.id}`}
            disabled={busy(operation.id)}
            onClick={() => setRejecting(operation)}
          >
            Отклонить
          </Button>
        </Flex>
      )
    : null;

  const tooMany = shown !== null && shown > WAITINGS_CONFIRM_MAX;

  return (
    <PageFrame title={title}>
      <FourEyesSetting />
      <WaitingFiltersBar
        filters={filters}
        sort={sort}
        counts={data?.counts}
        active={active}
        filtered={filtered}
        onChange={setFilters}
        onSort={setSort}
        onReset={resetFilters}
      />
      {currentData && currentData.total > 0 ? (
        <WaitingTotals total={currentData.total} totals={currentData.totals} />
      ) : null}
      {mayConfirm ? (
        <Flex gap="small" wrap align="center">
          <Button
            type="primary"
            disabled={shown === null || shown === 0 || tooMany}
            loading={filterConfirm.isLoading}
            onClick={confirmAllShown}
          >
            {`Подтвердить все по фильтру${shown ? ` (${shown})` : ''}`}
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={bulkConfirm.isLoading}
            onClick={confirmSelected}
          >
            Подтвердить выбранные
          </Button>
          <Button
            danger
            disabled={chosen.length === 0}
            loading={bulkReject.isLoading}
            onClick={() => setRejecting(chosen)}
          >
            Отклонить выбранные
          </Button>
          <Typography.Text type="secondary">
            {tooMany
              ? `Все сразу — не больше ${WAITINGS_CONFIRM_MAX}: сузьте фильтр`
              : chosen.length > 0
                ? `Выбрано: ${chosen.length}`
                : 'Отметьте операции в таблице'}
          </Typography.Text>
        </Flex>
      ) : null}
      {outcome ? (
        <BulkResults
          key={outcome.results.map((row) => row.id).join(',')}
          outcome={outcome}
          onClose={() => setOutcome(null)}
        />
      ) : null}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal}
          closable={{ onClose: () => setRefusal(null), 'aria-label': 'Скрыть ошибку' }}
        />
      ) : null}
      {isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : (
        <ListTable<Transaction>
          cardTitle="kind"
          rowKey="id"
          size="middle"
          aria-label="Операции, ожидающие подтверждения"
          columns={columns(actions)}
          dataSource={rows}
          loading={isFetching}
          pagination={listPagination(data, page, setPage)}
          // Fixed widths that fit a laptop beside the sidebar; «Назначение» takes the rest and
          // wraps; narrower (a phone), the table scrolls sideways with the actions in sight.
          tableLayout="fixed"
          scroll={{ x: 1040 }}
          rowSelection={
            mayConfirm
              ? {
                  selectedRowKeys: chosen,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  columnTitle: selectAllColumnTitle,
                  getCheckboxProps: (operation) => ({
                    'aria-label': `Выбрать операцию №${operation.id}`,
                  }),
                }
              : undefined
          }
          locale={{
            emptyText: isFetching ? (
              ' '
            ) : (
              <EmptyState
                description={
                  filtered ? 'Под фильтром операций нет' : 'Нет операций, ожидающих подтверждения'
                }
              />
            ),
          }}
        />
      )}
      <ReasonDialog
        open={rejecting !== null}
        title={
          Array.isArray(rejecting)
            ? `Отклонить выбранные операции (${rejecting.length})`
            : `Отклонить операцию №${rejecting?.id ?? ''}`
        }
        intro={
          <Typography.Paragraph>
            {Array.isArray(rejecting)
              ? 'Одна причина для всех выбранных; каждая отклоняется отдельно.'
              : rejecting
                ? summaryOf(rejecting)
                : null}
          </Typography.Paragraph>
        }
        label="Причина отказа"
        okText="Отклонить"
        danger
        failure={REJECT_FAILED}
        onSubmit={(reason) =>
          Array.isArray(rejecting)
            ? rejectSelected(rejecting, reason)
            : rejecting
              ? rejectOne(rejecting, reason)
              : Promise.resolve()
        }
        onClose={() => setRejecting(null)}
      />
    </PageFrame>
  );
}
