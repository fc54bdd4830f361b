import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
  isTransactionStatus,
  isTransactionType,
  transactionStatusLabel,
  transactionTypeLabel,
  transactionTypeSign,
} from './transaction-types';

describe('transaction types', () => {
  it('has the labels and signs of SPEC 4', () => {
    expect(TRANSACTION_TYPES).toEqual({
      income: { label: 'Пополнение', sign: '+' },
      outcome: { label: 'Снятие', sign: '-' },
      transfer: { label: 'Перевод', sign: '⇆' },
    });
    expect(transactionTypeLabel('income')).toBe('Пополнение');
    expect(transactionTypeLabel('outcome')).toBe('Снятие');
    expect(transactionTypeLabel('transfer')).toBe('Перевод');
    expect(transactionTypeSign('income')).toBe('+');
    expect(transactionTypeSign('outcome')).toBe('-');
    expect(transactionTypeSign('transfer')).toBe('\u21c6');
  });

  it('recognises types and tolerates unknown values from the server', () => {
    expect(isTransactionType('transfer')).toBe(true);
    expect(isTransactionType('toString')).toBe(false);
    expect(isTransactionType(1)).toBe(false);
    expect(transactionTypeLabel('refund' as TransactionType)).toBe('refund');
    expect(transactionTypeSign('refund' as TransactionType)).toBe('');
  });
});

describe('transaction statuses', () => {
  it('has a Russian label per status', () => {
    expect(Object.keys(TRANSACTION_STATUSES)).toEqual(['pending', 'confirmed', 'rejected']);
    expect(transactionStatusLabel('pending')).toBe('Ожидает подтверждения');
    expect(transactionStatusLabel('confirmed')).toBe('Подтверждена');
    expect(transactionStatusLabel('rejected')).toBe('Отклонена');
  });

  it('recognises statuses and shows unknown ones as they are', () => {
    expect(isTransactionStatus('confirmed')).toBe(true);
    expect(isTransactionStatus('constructor')).toBe(false);
    expect(isTransactionStatus(null)).toBe(false);
    expect(transactionStatusLabel('lost' as TransactionStatus)).toBe('lost');
  });
});
