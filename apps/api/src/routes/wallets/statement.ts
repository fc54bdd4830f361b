import type { FastifyReply } from 'fastify';
import { fromMinorUnits, operationLinksText, TRANSACTION_TYPES, type Currency } from '@tour/core';
import type { Db } from '../../db/database';
import { storedCurrency } from '../../lib/currency';
import { xlsxCompany } from '../company/service';
import { FieldErrors } from '../../lib/field-errors';
import { paginate } from '@tour/core/contract/common';
import { sendXlsx, xlsxOf, type XlsxColumn } from '../../lib/xlsx';
import { addDays, BUSINESS_TIME_ZONE, businessToday } from '../../domain/business-day';
import {
  balanceBefore,
  periodPage,
  periodTotals,
  type StatementLineRow,
  type StatementPeriod,
  type WalletWithTally,
} from '../../domain/ledger/wallets';
import { ledgerGeneration, rememberedUntilLedgerChanges } from '../../domain/ledger/announcements';
import {
  STATEMENT_PER_PAGE,
  type StatementExportQuery,
  type StatementJson,
  type StatementLineJson,
  type StatementQuery,
} from '@tour/core/contract/wallets';

/**
 * A wallet's statement for a period of Bishkek days: only confirmed operations count, by when
 * they were confirmed. The opening balance is the sum of those confirmed before the period began;
 * each one confirmed within it follows in confirmation order with its effect on the wallet and the
 * balance after it; the closing balance is the opening plus every effect. Every sum is taken in
 * integer minor units on the server, in one snapshot (a confirmation committing meanwhile is
 * either wholly in the figures or wholly out of them), and sent in major units.
 */

/** The days a statement may name: every day the books can hold, none the database cannot. */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2999-12-31';

export const STATEMENT_MESSAGES = {
  toBeforeFrom: 'Конец периода раньше его начала',
  outOfRange: 'Дата — с 01.01.1900 по 31.12.2999',
  /** The export's note when a period holds more lines than a file takes. */
  truncated: (shown: number, total: number) =>
    `Показаны первые ${shown} операций из ${total}: выберите период короче. Итоги и остатки — ` +
    'за весь период.',
} as const;

/** The most lines an export writes; the totals and balances still cover the whole period. */
export const STATEMENT_EXPORT_MAX = 50_000;

function periodOf(walletId: number, from: string, to: string): StatementPeriod {
  const errors = new FieldErrors();
  for (const [field, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (day < FIRST_DAY || day > LAST_DAY) errors.add(field, STATEMENT_MESSAGES.outOfRange);
  }
  if (errors.empty && to < from) errors.add('to', STATEMENT_MESSAGES.toBeforeFrom);
  errors.throwIfAny();
  return { walletId, from, until: addDays(to, 1), timeZone: BUSINESS_TIME_ZONE };
}

function lineJson(row: StatementLineRow, opening: bigint, currency: Currency): StatementLineJson {
  return {
    id: row.id,
    confirmed_at: new Date(row.confirmed_at).toISOString(),
    type: row.type,
    direction: row.direction,
    effect: fromMinorUnits(BigInt(row.effect), currency),
    balance: fromMinorUnits(opening + BigInt(row.running), currency),
    counterpart_wallet_id: row.counterpart,
    counterpart_wallet_name: row.counterpart_name,
    category: row.category,
    comment: row.comment,
    trip: row.trip,
    participant: row.participant,
    booking: row.booking,
  };
}

const rememberedFigures = rememberedUntilLedgerChanges<{
  opening: bigint;
  totals: Awaited<ReturnType<typeof periodTotals>>;
}>(500);

interface StatementData {
  summary: Omit<StatementJson, 'movements'>;
  total: number;
  lines: StatementLineJson[];
}

/** The figures and one slice of the lines, all read in one repeatable-read snapshot. */
async function readStatement(
  db: Db,
  wallet: WalletWithTally,
  { from, to }: { from: string; to: string },
  limit: number,
  offset: number,
): Promise<StatementData> {
  const period = periodOf(wallet.id, from, to);
  const currency = storedCurrency(wallet.currency);
  // Read before the snapshot: figures kept under it are never older than what it covers.
  const generation = await ledgerGeneration(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // The period's figures, remembered until the ledger next changes: a statement is read
      // page after page, and only the page's lines differ from one request to the next.
      const { opening, totals } = await rememberedFigures(
        db,
        `${wallet.id}:${from}:${to}`,
        async () => ({
          opening: await balanceBefore(trx, wallet.id, from, period.timeZone),
          totals: await periodTotals(trx, period),
        }),
        generation,
      );
      const rows = offset < totals.count ? await periodPage(trx, period, limit, offset) : [];
      const money = (minor: bigint) => fromMinorUnits(minor, currency);
      return {
        summary: {
          wallet_id: wallet.id,
          currency,
          from,
          to,
          opening_balance: money(opening),
          total_in: money(totals.totalIn),
          total_out: money(totals.totalOut),
          closing_balance: money(opening + totals.totalIn - totals.totalOut),
        },
        total: totals.count,
        lines: rows.map((row) => lineJson(row, opening, currency)),
      };
    });
}

/** GET /admin/wallet/:id/statement: the figures and one page of the period's movements. */
export async function statementOf(
  db: Db,
  wallet: WalletWithTally,
  query: StatementQuery,
): Promise<StatementJson> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? STATEMENT_PER_PAGE;
  const data = await readStatement(db, wallet, query, perPage, (page - 1) * perPage);
  return { ...data.summary, movements: paginate(data.lines, data.total, page, perPage) };
}

/** A row of the exported sheet: the opening, a movement, a note, a total or the closing. */
interface SheetRow {
  day: string | null;
  id?: number;
  label: string;
  counterpart?: string | null;
  /** What the operation is for: trip, tourist, booking. */
  purpose?: string | null;
  comment?: string | null;
  effect?: number;
  balance?: number;
}

const STATEMENT_COLUMNS: XlsxColumn<SheetRow>[] = [
  { header: 'Дата', width: 12, kind: 'date', value: (row) => row.day },
  { header: '№ операции', width: 12, value: (row) => row.id ?? null },
  { header: 'Тип', width: 20, value: (row) => row.label },
  { header: 'Другой кошелёк', width: 28, value: (row) => row.counterpart ?? null },
  { header: 'Назначение', width: 48, value: (row) => row.purpose ?? null },
  { header: 'Комментарий', width: 48, value: (row) => row.comment ?? null },
  { header: 'Сумма', width: 16, kind: 'amount', value: (row) => row.effect ?? null },
  { header: 'Остаток', width: 16, kind: 'amount', value: (row) => row.balance ?? null },
];

export const STATEMENT_ROW_LABELS = {
  opening: 'Входящий остаток',
  totalIn: 'Итого поступления',
  totalOut: 'Итого списания',
  closing: 'Исходящий остаток',
} as const;

const dotted = (day: string) => day.split('-').reverse().join('.');

/** GET /admin/wallet/:id/statement/export: the same statement as an XLSX file. */
export async function sendStatementXlsx(
  reply: FastifyReply,
  db: Db,
  wallet: WalletWithTally,
  query: StatementExportQuery,
): Promise<FastifyReply> {
  const { summary, total, lines } = await readStatement(db, wallet, query, STATEMENT_EXPORT_MAX, 0);
  const currency = summary.currency.toUpperCase();
  const rows: SheetRow[] = [
    {
      day: summary.from,
      label: STATEMENT_ROW_LABELS.opening,
      comment: `Кошелёк «${wallet.name}», ${currency}, ${dotted(summary.from)}–${dotted(summary.to)}`,
      balance: summary.opening_balance,
    },
    ...lines.map((line) => ({
      day: businessToday(new Date(line.confirmed_at)),
      id: line.id,
      label: TRANSACTION_TYPES[line.type].label,
      counterpart: line.counterpart_wallet_name,
      purpose: operationLinksText(line),
      comment: [line.category, line.comment].filter(Boolean).join(': ') || null,
      effect: line.effect,
      balance: line.balance,
    })),
    ...(total > lines.length
      ? [{ day: null, label: '', comment: STATEMENT_MESSAGES.truncated(lines.length, total) }]
      : []),
    { day: summary.to, label: STATEMENT_ROW_LABELS.totalIn, effect: summary.total_in },
    {
      day: summary.to,
      label: STATEMENT_ROW_LABELS.totalOut,
      effect: summary.total_out === 0 ? 0 : -summary.total_out,
    },
    { day: summary.to, label: STATEMENT_ROW_LABELS.closing, balance: summary.closing_balance },
  ];
  const content = await xlsxOf(await xlsxCompany(db), 'Выписка', STATEMENT_COLUMNS, rows);
  return sendXlsx(reply, {
    name: `Выписка кошелька №${wallet.id} ${dotted(summary.from)}–${dotted(summary.to)}.xlsx`,
    asciiName: `statement-wallet-${wallet.id}-${summary.from}-${summary.to}.xlsx`,
    content,
  });
}
