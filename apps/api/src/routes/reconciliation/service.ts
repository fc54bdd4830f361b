import { CURRENCIES, formatAmount, formatDate, formatDecimal, type Currency } from '@tour/core';
import type { AgentReportQuery, ReconciliationActQuery } from '@tour/core/contract/reconciliation';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../lib/http-errors';
import { storedCurrency } from '../../lib/currency';
import { BUSINESS_TIME_ZONE, businessToday } from '../../domain/business-day';
import { dayRatesOf, majorNumber, moneyOf, type MovementSum } from '../../domain/money';
import { agentCommission } from '../../domain/agent-commission';
import { findUserInScope, userScope, type ScopeViewer } from '../../domain/reach';
import { paperNumber, type PaperNumber } from '../../domain/papers/numbering';
import { companyDetails, type CompanyDetails } from '../../domain/papers/company-details';
import { companyForPrint, xlsxCompany } from '../company/service';
import { rolesOfUsers } from '../users/user-service';
import type { XlsxCompany } from '../../lib/xlsx';
import * as repo from './repository';

// «Акт сверки взаимных расчётов» (DESIGN.md 3b, 9) and «Отчёт агента». Every figure is in integer
// minor units of the act's currency until a paper prints it.
//
// An act is drawn up from the company's side, one per currency. Debit: what makes the other side
// owe the company more (an agent's sold participation; a payment the company made to a supplier, a
// refund to a tourist). Credit: what makes the company owe more (a supplier's service; a tourist's
// payment; the reversal of a supplier payment). Balance = debit − credit: above zero the other side
// owes the company, below zero the company owes the other side. Only confirmed operations count;
// pending ones are not in an act at all, rejected ones never.

export const RECONCILIATION_MESSAGES = {
  supplierNotFound: 'Поставщик не найден',
  agentNotFound: 'Агент не найден',
  periodReversed: 'Конец периода не может быть раньше начала',
  periodTooLong: 'Период акта — не больше пяти лет',
} as const;

/** One line of an act: a document or a payment of the period. */
export interface ActLine {
  day: string;
  text: string;
  /** Minor units, at most one of them not zero. */
  debit: number;
  credit: number;
}

export interface Act {
  kind: 'supplier' | 'agent';
  /** The other side: a supplier's or an agent's name. */
  party: string;
  currency: Currency;
  from: string;
  to: string;
  paper: PaperNumber;
  /** Debit − credit of everything before `from`. */
  opening: number;
  lines: ActLine[];
  debit: number;
  credit: number;
  /** Debit − credit of everything up to `to`. */
  closing: number;
  /** What a reader must know: a payment that could not be converted. */
  notes: string[];
  company: CompanyDetails;
  xlsxCompany: XlsxCompany;
}

/** A percent as printed: «10 %», «7,5 %». */
const percentText = (percent: string) => `${formatDecimal(percent, 4)}\u00a0%`;

/**
 * The agent's commission on one participation (minor units of the trip's currency) and how it is
 * set, as the trip's prepared tour defines it: its percent (agent_commission) of what the tourist
 * owes (price − discount), rounded half up; or what the tourist owes less the tour's agent price
 * (agent_price, per person, only for a trip priced in the tour's currency). No terms: no
 * commission. The same rule as the agent's card on the users screen.
 */
export function commissionOf(
  due: number,
  terms: Pick<repo.ParticipationRow, 'agent_commission' | 'agent_price' | 'tour_currency'>,
  currency: Currency,
): { amount: number; terms: string } {
  const amount = agentCommission(due, terms, currency);
  if (amount === null) return { amount: 0, terms: 'не задана' };
  return {
    amount,
    terms:
      terms.agent_commission !== null
        ? percentText(terms.agent_commission)
        : `агентская цена ${formatAmount(majorNumber(terms.agent_price!, currency), currency)}`,
  };
}

const money = (minor: number, currency: Currency) =>
  formatAmount(majorNumber(minor, currency), currency);

/** The days of a period: `to` not before `from`, at most five years (a typo's year 20260). */
function checkPeriod(query: ReconciliationActQuery): void {
  if (query.to < query.from)
    throw validationError({ to: [RECONCILIATION_MESSAGES.periodReversed] });
  const years = Number(query.to.slice(0, 4)) - Number(query.from.slice(0, 4));
  if (years > 5) throw validationError({ to: [RECONCILIATION_MESSAGES.periodTooLong] });
}

/** Opening, lines of the period, turnovers and closing of dated entries (in their order). */
function balanceOf(entries: ActLine[], from: string) {
  let opening = 0;
  let debit = 0;
  let credit = 0;
  const lines: ActLine[] = [];
  for (const entry of entries) {
    if (entry.day < from) {
      opening += entry.debit - entry.credit;
    } else {
      lines.push(entry);
      debit += entry.debit;
      credit += entry.credit;
    }
  }
  return { opening, lines, debit, credit, closing: opening + debit - credit };
}

/** Entries by day; within a day in the order given (documents before the day's payments). */
function byDay(entries: ActLine[]): ActLine[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.day.localeCompare(b.entry.day) || a.index - b.index)
    .map(({ entry }) => entry);
}

async function printed(db: Db) {
  const [company, xlsx] = await Promise.all([companyForPrint(db), xlsxCompany(db)]);
  return { company: companyDetails(company), xlsxCompany: xlsx };
}

/**
 * In one transaction: the paper's number (kept for a reprint; a failure takes it back) and the
 * figures it prints. Read committed: the numbering's counter lock serialises first prints, which a
 * repeatable-read snapshot would turn into serialization failures.
 */
function inSnapshot<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/**
 * The act with a supplier (DESIGN.md 3b): its bookings in the currency cost it something (the
 * cost; a cancelled booking its penalty), each dated by its service's first day, on the credit
 * side; the confirmed supplier payments linked to them on the debit side and their reversals
 * (Сторно) on the credit side, each dated by the business day it was confirmed. The closing
 * balance is minus the supplier debt of the bookings screens (cost − confirmed supplier payments)
 * summed over the supplier's bookings in the currency that start on or before the period's end.
 */
export async function supplierAct(
  db: Db,
  viewer: ScopeViewer,
  supplierId: number,
  query: ReconciliationActQuery,
): Promise<Act> {
  checkPeriod(query);
  const currency = query.currency;
  const supplier = await repo.supplierOf(db, supplierId);
  if (!supplier) throw notFound(RECONCILIATION_MESSAGES.supplierNotFound);
  const { paper, documents, payments } = await inSnapshot(db, async (trx) => ({
    paper: await paperNumber(
      trx,
      'act',
      `supplier:${supplierId}:${query.from}:${query.to}:${currency}`,
      businessToday(),
      viewer.id,
    ),
    documents: await repo.supplierDocuments(trx, supplierId, currency, query.to),
    payments: await repo.supplierPayments(trx, supplierId, currency, query.to, BUSINESS_TIME_ZONE),
  }));
  const entries: ActLine[] = [
    ...documents.map((booking) => {
      const service = `№ ${booking.id} «${booking.title}», тур «${booking.trip_title}»`;
      return {
        day: booking.starts_on,
        text:
          booking.status === 'cancelled'
            ? `Штраф за отмену бронирования ${service}`
            : `Бронирование ${service}`,
        debit: 0,
        credit: booking.due,
      };
    }),
    ...payments.map((payment) =>
      payment.type === 'outcome'
        ? {
            day: payment.day,
            text: `Оплата поставщику, операция № ${payment.id}, бронирование № ${payment.booking_id}`,
            debit: payment.amount,
            credit: 0,
          }
        : {
            day: payment.day,
            text:
              `Сторно оплаты № ${payment.reverses_id ?? '—'}, операция № ${payment.id}, ` +
              `бронирование № ${payment.booking_id}`,
            debit: 0,
            credit: payment.amount,
          },
    ),
  ];
  return {
    kind: 'supplier',
    party: supplier.name,
    currency,
    from: query.from,
    to: query.to,
    paper,
    notes: [],
    ...balanceOf(byDay(entries), query.from),
    ...(await printed(db)),
  };
}

/** The agent, when the staff member reaches it and it is a counterparty; else 404 alike. */
export async function reachableAgent(db: Db, viewer: ScopeViewer, agentId: number) {
  const agent = await findUserInScope(db, userScope(viewer), agentId);
  const roles = agent ? ((await rolesOfUsers(db, [agentId])).get(agentId) ?? []) : [];
  if (!agent || !roles.includes('counterparty')) {
    throw notFound(RECONCILIATION_MESSAGES.agentNotFound);
  }
  return { id: agent.id, full_name: agent.full_name };
}

/**
 * Each payment's amount in the trip's currency (positive; null without its day's rate). A
 * payment in the trip's currency is itself. Those in another are converted at their days' rates
 * and rounded so that a participant's lines add up to what the trips screens show it paid (its
 * payments converted exactly, summed, rounded up once): each line is what the rounded running sum
 * of the participant's payments, in confirmation order, moved by — never more than a minor unit
 * from that payment's own exact conversion.
 */
async function convertedPayments(
  db: Db,
  payments: repo.AgentPaymentRow[],
): Promise<Map<number, number | null>> {
  const foreign = payments.filter((payment) => payment.currency !== payment.trip_currency);
  const rates = dayRatesOf(await repo.ratesOnDays(db, [...new Set(foreign.map((p) => p.day))]));
  const converted = new Map<number, number | null>();
  const running = new Map<number, { sums: MovementSum[]; paid: number }>();
  for (const payment of payments) {
    const sum: MovementSum = {
      participantId: payment.participant_id,
      type: payment.type as MovementSum['type'],
      status: 'confirmed',
      currency: payment.currency,
      day: payment.day,
      total: payment.amount,
    };
    const tripCurrency = storedCurrency(payment.trip_currency);
    if (payment.currency !== payment.trip_currency) {
      const alone = moneyOf([sum], tripCurrency, rates.rates, payment.day).get(
        payment.participant_id,
      )!;
      if (alone.missingRate) {
        converted.set(payment.id, null);
        continue;
      }
    }
    const before = running.get(payment.participant_id) ?? { sums: [], paid: 0 };
    const sums = [...before.sums, sum];
    const paid = moneyOf(sums, tripCurrency, rates.rates, payment.day).get(
      payment.participant_id,
    )!.paid;
    running.set(payment.participant_id, { sums, paid });
    converted.set(payment.id, Math.abs(paid - before.paid));
  }
  return converted;
}

/** «Иванов Иван, тур «Япония» (10.11.2026–20.11.2026)». */
const touristOnTrip = (row: { full_name: string; trip_title: string }) =>
  `${row.full_name}, тур «${row.trip_title}»`;

/**
 * The act with an agent: the agent's tourists' participations (neither they nor their trips
 * cancelled) on trips priced in the currency, each dated by its trip's first day (the day the
 * agent's monthly report counts it in) for what the tourist owes less the agent's commission
 * (commissionOf), on the debit side; the confirmed payments linked to those tourists'
 * participations on the credit side, their refunds and reversals on the debit side, each dated by
 * the business day it was confirmed and converted to the trip's currency at that day's rate when
 * paid in another one (each participant's lines adding up to what the trips screens show it paid).
 */
export async function agentAct(
  db: Db,
  viewer: ScopeViewer,
  agent: { id: number; full_name: string },
  query: ReconciliationActQuery,
): Promise<Act> {
  checkPeriod(query);
  const currency = query.currency;
  const { paper, participations, payments } = await inSnapshot(db, async (trx) => ({
    paper: await paperNumber(
      trx,
      'act',
      `agent:${agent.id}:${query.from}:${query.to}:${currency}`,
      businessToday(),
      viewer.id,
    ),
    participations: await repo.agentParticipations(
      trx,
      agent.id,
      { from: null, to: query.to },
      currency,
    ),
    payments: await repo.agentPayments(
      trx,
      agent.id,
      { currency, to: query.to, participantIds: null },
      BUSINESS_TIME_ZONE,
    ),
  }));
  const converted = await convertedPayments(db, payments);
  const notes: string[] = [];
  const entries: ActLine[] = [
    ...participations.map((row) => {
      const due = row.price - row.discount;
      const commission = commissionOf(due, row, currency);
      return {
        day: row.starts_on,
        text:
          `Тур «${row.trip_title}» ${formatDate(row.starts_on)}–${formatDate(row.ends_on)}, ` +
          `турист ${row.full_name}: к оплате ${money(due, currency)}, ` +
          `комиссия (${commission.terms}) ${money(commission.amount, currency)}`,
        debit: due - commission.amount,
        credit: 0,
      };
    }),
    ...payments.map((payment) => {
      const amount = converted.get(payment.id) ?? null;
      const paidIn = storedCurrency(payment.currency);
      const conversion =
        payment.currency === currency
          ? ''
          : ` (${money(payment.amount, paidIn)} по курсу на ${formatDate(payment.day)})`;
      if (amount === null) {
        notes.push(
          `Операция № ${payment.id} (${money(payment.amount, paidIn)}) не учтена: нет курса ` +
            `${paidIn.toUpperCase()} на ${formatDate(payment.day)}`,
        );
      }
      const what =
        payment.type === 'income'
          ? payment.reverses_id === null
            ? 'Оплата'
            : `Сторно возврата № ${payment.reverses_id}`
          : payment.reverses_id === null
            ? 'Возврат'
            : `Сторно оплаты № ${payment.reverses_id}`;
      return {
        day: payment.day,
        text: `${what}, операция № ${payment.id}: ${touristOnTrip(payment)}${conversion}`,
        debit: payment.type === 'outcome' ? (amount ?? 0) : 0,
        credit: payment.type === 'income' ? (amount ?? 0) : 0,
      };
    }),
  ];
  return {
    kind: 'agent',
    party: agent.full_name,
    currency,
    from: query.from,
    to: query.to,
    paper,
    notes,
    ...balanceOf(byDay(entries), query.from),
    ...(await printed(db)),
  };
}

/** A line of the agent's report: one sold participation. */
export interface ReportLine {
  tripTitle: string;
  startsOn: string;
  endsOn: string;
  tourist: string;
  currency: Currency;
  price: number;
  discount: number;
  due: number;
  terms: string;
  commission: number;
  /** What the operator is owed for it: due − commission. */
  net: number;
  /** Confirmed payments less refunds, in the trip's currency (as the trips screens). */
  paid: number;
  /** net − paid. */
  owed: number;
  missingRate: boolean;
}

export interface ReportTotal {
  currency: Currency;
  count: number;
  due: number;
  commission: number;
  net: number;
  paid: number;
  owed: number;
}

export interface AgentReport {
  agent: string;
  month: string;
  firstDay: string;
  lastDay: string;
  paper: PaperNumber;
  lines: ReportLine[];
  totals: ReportTotal[];
  company: CompanyDetails;
  xlsxCompany: XlsxCompany;
}

function lastDayOf(month: string): string {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/**
 * «Отчёт агента» for a month: the agent's tourists' participations (neither they nor their trips
 * cancelled) on trips that start in the month, each with its price, discount, what is due, the
 * commission (commissionOf), what the operator is owed for it (due − commission), what was paid
 * (confirmed payments less refunds so far, in the trip's currency at their days' rates, rounded
 * once per participant as the trips screens do) and what is still owed; totals per currency.
 */
export async function agentReport(
  db: Db,
  viewer: ScopeViewer,
  agent: { id: number; full_name: string },
  query: AgentReportQuery,
): Promise<AgentReport> {
  const firstDay = `${query.month}-01`;
  const lastDay = lastDayOf(query.month);
  const { paper, participations } = await inSnapshot(db, async (trx) => ({
    paper: await paperNumber(
      trx,
      'agent_report',
      `agent:${agent.id}:${query.month}`,
      businessToday(),
      viewer.id,
    ),
    participations: await repo.agentParticipations(
      trx,
      agent.id,
      { from: firstDay, to: lastDay },
      null,
    ),
  }));
  const ids = participations.map((row) => row.participant_id);
  const payments =
    ids.length === 0
      ? []
      : await repo.agentPayments(
          db,
          agent.id,
          { currency: null, to: null, participantIds: ids },
          BUSINESS_TIME_ZONE,
        );
  const rates = dayRatesOf(
    await repo.ratesOnDays(db, [
      ...new Set(
        payments
          .filter((payment) => payment.currency !== payment.trip_currency)
          .map((payment) => payment.day),
      ),
    ]),
  );
  const today = businessToday();
  const totals = new Map<Currency, ReportTotal>();
  const lines = participations.map((row): ReportLine => {
    const currency = storedCurrency(row.currency);
    const due = row.price - row.discount;
    const commission = commissionOf(due, row, currency);
    const sums: MovementSum[] = payments
      .filter((payment) => payment.participant_id === row.participant_id)
      .map((payment) => ({
        participantId: row.participant_id,
        type: payment.type,
        status: 'confirmed',
        currency: payment.currency,
        day: payment.day,
        total: payment.amount,
      }));
    const paid = moneyOf(sums, currency, rates.rates, today).get(row.participant_id);
    const net = due - commission.amount;
    const line: ReportLine = {
      tripTitle: row.trip_title,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      tourist: row.full_name,
      currency,
      price: row.price,
      discount: row.discount,
      due,
      terms: commission.terms,
      commission: commission.amount,
      net,
      paid: paid?.paid ?? 0,
      owed: net - (paid?.paid ?? 0),
      missingRate: paid?.missingRate ?? false,
    };
    const total = totals.get(currency) ?? {
      currency,
      count: 0,
      due: 0,
      commission: 0,
      net: 0,
      paid: 0,
      owed: 0,
    };
    total.count += 1;
    total.due += line.due;
    total.commission += line.commission;
    total.net += line.net;
    total.paid += line.paid;
    total.owed += line.owed;
    totals.set(currency, total);
    return line;
  });
  return {
    agent: agent.full_name,
    month: query.month,
    firstDay,
    lastDay,
    paper,
    lines,
    totals: CURRENCIES.filter((currency) => totals.has(currency)).map((c) => totals.get(c)!),
    ...(await printed(db)),
  };
}
