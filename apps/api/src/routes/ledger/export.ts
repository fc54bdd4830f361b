import type { FastifyReply } from 'fastify';
import {
  bookingLabel,
  formatExchangeRate,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  tripLabel,
  walletLabel,
} from '@tour/core';
import { streamedSheet, streamXlsx, type XlsxColumn, type XlsxCompany } from '../../lib/xlsx';
import { businessToday } from '../../domain/business-day';
import type { TransactionJson } from '@tour/core/contract/wallets';
import type { CurrencyTotal } from '@tour/core/contract/ledger';

const day = (iso: string | null) => (iso === null ? null : iso.slice(0, 10));

/**
 * A transfer's rate across currencies as a bank prints it («1 $ = 87,45 С»), as the screens show
 * it: for people reading the file; the exact rate stays in the books. Within one currency, none.
 */
function rateText(t: TransactionJson): string | null {
  if (t.rate === null || t.target_currency === null || t.target_currency === t.currency) {
    return null;
  }
  return formatExchangeRate(t.rate, t.currency, t.target_currency);
}

/** All operations' columns (DESIGN.md 6 "Exports"): the screen's, amounts as numbers. */
export const OPERATION_EXPORT_COLUMNS: XlsxColumn<TransactionJson>[] = [
  { header: '№', width: 9, value: (t) => t.id },
  { header: 'Создана', width: 12, kind: 'date', value: (t) => day(t.created_at) },
  { header: 'Тип', width: 12, value: (t) => TRANSACTION_TYPES[t.type].label },
  { header: 'Статус', width: 22, value: (t) => TRANSACTION_STATUSES[t.status].label },
  { header: 'Кошелёк', width: 36, value: (t) => walletLabel(t.wallet_name, t.wallet_owner_name) },
  { header: 'Сумма', width: 14, kind: 'amount', value: (t) => t.amount },
  { header: 'Валюта', width: 8, value: (t) => t.currency.toUpperCase() },
  {
    header: 'Получатель',
    width: 36,
    value: (t) =>
      t.target_wallet_name && walletLabel(t.target_wallet_name, t.target_wallet_owner_name),
  },
  { header: 'Сумма получателя', width: 16, kind: 'amount', value: (t) => t.target_amount },
  {
    header: 'Валюта получателя',
    width: 10,
    value: (t) => t.target_currency?.toUpperCase() ?? null,
  },
  { header: 'Курс', width: 20, value: rateText },
  { header: 'День курса', width: 12, kind: 'date', value: (t) => t.rate_date },
  { header: 'Категория', width: 20, value: (t) => t.category },
  { header: 'Тур', width: 40, value: (t) => (t.trip ? tripLabel(t.trip) : null) },
  { header: 'Турист', width: 28, value: (t) => t.participant?.full_name ?? null },
  {
    header: 'Бронь — поставщик',
    width: 40,
    value: (t) => (t.booking ? bookingLabel(t.booking) : null),
  },
  { header: 'Комментарий', width: 40, value: (t) => t.comment },
  { header: 'Создал', width: 28, value: (t) => t.created_by_name },
  { header: 'Решил', width: 28, value: (t) => t.confirmed_by_name },
  { header: 'Решена', width: 12, kind: 'date', value: (t) => day(t.confirmed_at) },
  { header: 'Сторнирует №', width: 12, value: (t) => t.reverses_id },
  { header: 'Сторнирована №', width: 12, value: (t) => t.reversed_by_id },
  { header: 'Причина отклонения', width: 30, value: (t) => t.rejection_reason },
];

/** The totals below the list, one row per currency (the screen's figures). */
export const TOTAL_COLUMNS: XlsxColumn<CurrencyTotal>[] = [
  { header: 'Валюта', width: 10, value: (t) => t.currency.toUpperCase() },
  { header: 'Операций', width: 10, value: (t) => t.count },
  { header: 'Подтверждено', width: 14, value: (t) => t.confirmed_count },
  { header: 'Пополнения (подтв.)', width: 18, kind: 'amount', value: (t) => t.income },
  { header: 'Снятия (подтв.)', width: 18, kind: 'amount', value: (t) => t.outcome },
  { header: 'Переводы (подтв.)', width: 18, kind: 'amount', value: (t) => t.transfer },
  { header: 'Ожидает', width: 10, value: (t) => t.pending_count },
  { header: 'Ожидает: пополнения', width: 20, kind: 'amount', value: (t) => t.pending_income },
  { header: 'Ожидает: снятия', width: 18, kind: 'amount', value: (t) => t.pending_outcome },
  { header: 'Ожидает: переводы', width: 18, kind: 'amount', value: (t) => t.pending_transfer },
  { header: 'Отклонено', width: 12, value: (t) => t.rejected_count },
];

/** The streamed file of GET /admin/balance/operations/export: the rows, then the totals. */
export function sendOperationsXlsx(
  reply: FastifyReply,
  data: { rows: AsyncIterable<TransactionJson>; totals: () => Promise<CurrencyTotal[]> },
  company: XlsxCompany,
) {
  const today = businessToday();
  return streamXlsx(
    reply,
    {
      name: `Операции ${today.split('-').reverse().join('.')}.xlsx`,
      asciiName: `operations-${today}.xlsx`,
    },
    [
      streamedSheet({ name: 'Операции', columns: OPERATION_EXPORT_COLUMNS, rows: data.rows }),
      streamedSheet({ name: 'Итоги', columns: TOTAL_COLUMNS, rows: data.totals }),
    ],
    company,
  );
}
