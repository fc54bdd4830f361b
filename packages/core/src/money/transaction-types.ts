/** Transaction types with their Russian label and display sign (SPEC 4). */
export const TRANSACTION_TYPES = {
  income: { label: 'Пополнение', sign: '+' },
  outcome: { label: 'Снятие', sign: '-' },
  transfer: { label: 'Перевод', sign: '⇆' },
} as const;

/** 'income', 'outcome' or 'transfer'. */
export type TransactionType = keyof typeof TRANSACTION_TYPES;

/** Transaction statuses with their Russian label (DESIGN 3: pending, confirmed, rejected). */
export const TRANSACTION_STATUSES = {
  pending: { label: 'Ожидает подтверждения' },
  confirmed: { label: 'Подтверждена' },
  rejected: { label: 'Отклонена' },
} as const;

/** 'pending', 'confirmed' or 'rejected'. */
export type TransactionStatus = keyof typeof TRANSACTION_STATUSES;

/** True when `x` is a transaction type. */
export function isTransactionType(x: unknown): x is TransactionType {
  return typeof x === 'string' && Object.hasOwn(TRANSACTION_TYPES, x);
}

/** True when `x` is a transaction status. */
export function isTransactionStatus(x: unknown): x is TransactionStatus {
  return typeof x === 'string' && Object.hasOwn(TRANSACTION_STATUSES, x);
}

/** Russian label of a transaction type, e.g. 'Пополнение'; an unknown value is returned as is. */
export function transactionTypeLabel(type: TransactionType): string {
  return isTransactionType(type) ? TRANSACTION_TYPES[type].label : String(type);
}

/** Display sign of a transaction type: '+', '-' or '⇆'; '' for an unknown value. */
export function transactionTypeSign(type: TransactionType): string {
  return isTransactionType(type) ? TRANSACTION_TYPES[type].sign : '';
}

/** Russian label of a transaction status, e.g. 'Подтверждена'; an unknown value as is. */
export function transactionStatusLabel(status: TransactionStatus): string {
  return isTransactionStatus(status) ? TRANSACTION_STATUSES[status].label : String(status);
}
