import { Flex, OperationPurpose, Typography } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  formatAmount,
  formatDate,
  formatExchangeRate,
  hrefOf,
  transactionTypeLabel,
  transactionTypeSign,
  type Transaction,
  type TransactionType,
  walletLabel,
} from '@tour/shared';

const TYPE_TONES: Record<TransactionType, 'success' | 'danger' | 'secondary'> = {
  income: 'success',
  outcome: 'danger',
  transfer: 'secondary',
};

export const missing = <Typography.Text type="secondary">—</Typography.Text>;

/** A wallet's name linked to its page. */
export function WalletLink({ id, name }: { id: number; name: string | null }) {
  return <Link to={hrefOf('balance-wallet', { id })}>{name ?? `Кошелёк №${id}`}</Link>;
}

/** The type with its sign and label: «+ Пополнение», «- Снятие», «⇆ Перевод». */
export function OperationType({ type }: { type: TransactionType }) {
  return (
    <Typography.Text type={TYPE_TONES[type]} style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden="true">{transactionTypeSign(type)}</span> {transactionTypeLabel(type)}
    </Typography.Text>
  );
}

/**
 * The amount in the wallet's currency; for a transfer, the target wallet and, across currencies,
 * the credited amount and the rate (as a bank prints it) of the day the server converted at.
 */
export function OperationAmount({ operation }: { operation: Transaction }) {
  const { currency, target_wallet_id, target_amount, target_currency, rate } = operation;
  const across = target_amount !== null && target_currency !== null && target_currency !== currency;
  return (
    <Flex vertical align="flex-end">
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(operation.amount, currency)}
      </Typography.Text>
      {operation.type === 'transfer' ? (
        <Typography.Text type="secondary">
          {'В: '}
          {target_wallet_id === null ? (
            '—'
          ) : (
            <WalletLink
              id={target_wallet_id}
              name={
                operation.target_wallet_name &&
                walletLabel(operation.target_wallet_name, operation.target_wallet_owner_name)
              }
            />
          )}
          {across ? `, зачислено ${formatAmount(target_amount, target_currency)}` : null}
          {across && rate !== null
            ? `, курс ${formatExchangeRate(rate, currency, target_currency)}` +
              (operation.rate_date ? ` на ${formatDate(operation.rate_date)}` : '')
            : null}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The comment and, for an administrative operation, its category. */
export function OperationComment({ operation }: { operation: Transaction }) {
  if (!operation.comment && !operation.category) return missing;
  return (
    <Flex vertical>
      {operation.comment ? <span>{operation.comment}</span> : null}
      {operation.category ? (
        <Typography.Text type="secondary">Категория: {operation.category}</Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The type with its sign and, under it, the wallet it moves (a link). */
export function OperationKind({ operation }: { operation: Transaction }) {
  return (
    <Flex vertical align="flex-start">
      <OperationType type={operation.type} />
      <WalletLink
        id={operation.wallet_id}
        name={walletLabel(operation.wallet_name, operation.wallet_owner_name)}
      />
    </Flex>
  );
}

/**
 * What an operation is for (trip and dates, tourist, booking and supplier, «Переплата») and, under
 * it, its comment and category: one column, so that a list fits a laptop's width.
 */
export function OperationFor({ operation }: { operation: Transaction }) {
  const named = Boolean(
    operation.trip || operation.participant || operation.booking || operation.overpayment,
  );
  const commented = Boolean(operation.comment || operation.category);
  return (
    <Flex vertical gap={4}>
      {named || !commented ? <OperationPurpose operation={operation} /> : null}
      {commented ? <OperationComment operation={operation} /> : null}
    </Flex>
  );
}
