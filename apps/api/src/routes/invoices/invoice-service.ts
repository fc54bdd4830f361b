import { toMinorUnits, type Currency } from '@tour/core';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../lib/http-errors';
import { storedCurrency } from '../../lib/currency';
import { addDays, businessToday } from '../../domain/business-day';
import { majorNumber } from '../../domain/money';
import { agentCommission } from '../../domain/agent-commission';
import type { ScopeViewer } from '../../domain/reach';
import { paperNumber, type PaperNumber } from '../../domain/papers/numbering';
import { companyDetails } from '../../domain/papers/company-details';
import { safeDocxFileName } from '../../domain/papers/file-name';
import { companyForPrint } from '../company/service';
import { tripSummary } from '../trips/summary-service';
import * as repo from './repository';
import {
  agentInvoiceDocument,
  participantInvoiceDocument,
  type AgentInvoiceLine,
  type AgentTerms,
  type InvoiceTrip,
} from './invoice-document';

/** Without a date asked for, an invoice is due this many days before its trip starts. */
export const INVOICE_DAYS_BEFORE_START = 14;

export const INVOICE_MESSAGES = {
  participantMissing: 'Участник тура не найден',
  participantCancelled: 'Участие отменено: счёт не выставляется',
  agentMissing: 'Агент не найден',
  noTourists: 'Среди участников тура нет туристов этого агента',
  tripMissing: 'Тур не найден',
} as const;

/**
 * A paper numbered and read: its safe Unicode name, an ASCII name for old clients, and how to
 * render its bytes, after the transaction that numbered it (its counter stays locked meanwhile).
 */
export interface GeneratedPaper {
  fileName: string;
  asciiFallback: string;
  render: () => Promise<Buffer>;
}

/**
 * The day an invoice is to be paid by: the one asked for, else INVOICE_DAYS_BEFORE_START days
 * before the trip starts, but never before the invoice's own date.
 */
export function invoiceDueOn(startsOn: string, issuedOn: string, asked?: string): string {
  if (asked) return asked;
  const before = addDays(startsOn, -INVOICE_DAYS_BEFORE_START);
  return before < issuedOn ? issuedOn : before;
}

interface SummaryMoney {
  paid: number;
  missingRate: boolean;
}

/** Each participant's paid as the trip's summary counts it (DESIGN.md 3b), in minor units. */
async function paidOfParticipants(
  trx: Db,
  tripId: number,
  currency: Currency,
): Promise<Map<number, SummaryMoney>> {
  const summary = await tripSummary(trx, tripId);
  return new Map(
    summary.participants.map((row) => [
      row.participant_id,
      { paid: toMinorUnits(row.paid, currency), missingRate: row.missing_rate },
    ]),
  );
}

const tripOf = (row: { title: string; starts_on: string; ends_on: string }): InvoiceTrip => ({
  title: row.title,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
});

function fileName(kind: string, paper: PaperNumber, whom: string): string {
  return safeDocxFileName(`${kind} № ${paper.number} - ${whom}`, 'Счёт');
}

/**
 * GET /admin/trip/:id/participant/:participantId/invoice: «Счёт на оплату» to the tourist, in
 * the caller's transaction (its number is kept: a reprint is the same paper, its figures read
 * anew). Every staff member may open a trip, so every one may print its invoices.
 */
export async function participantInvoice(
  trx: Db,
  viewer: ScopeViewer,
  tripId: number,
  participantId: number,
  askedDueOn?: string,
): Promise<GeneratedPaper> {
  const participant = await repo.participantOfTrip(trx, tripId, participantId);
  if (!participant) throw notFound(INVOICE_MESSAGES.participantMissing);
  if (participant.status === 'cancelled') {
    throw validationError(
      { participantId: [INVOICE_MESSAGES.participantCancelled] },
      INVOICE_MESSAGES.participantCancelled,
    );
  }
  const paper = await paperNumber(
    trx,
    'invoice',
    `participant:${participant.id}`,
    businessToday(),
    viewer.id,
  );
  const currency = storedCurrency(participant.currency);
  const [paid, company] = await Promise.all([
    paidOfParticipants(trx, tripId, currency),
    companyForPrint(trx),
  ]);
  const money = paid.get(participant.id) ?? { paid: 0, missingRate: false };
  const due = participant.price - participant.discount;
  const major = (minor: number) => majorNumber(minor, currency);
  const render = () =>
    participantInvoiceDocument({
      paper,
      company: companyDetails(company),
      payer: {
        fullName: participant.full_name,
        phone: participant.phone,
        email: participant.email,
      },
      trip: tripOf(participant),
      currency,
      price: major(participant.price),
      discount: major(participant.discount),
      due: major(due),
      paid: major(money.paid),
      debt: money.missingRate ? null : major(due - money.paid),
      dueOn: invoiceDueOn(participant.starts_on, paper.issuedOn, askedDueOn),
    });
  return {
    fileName: fileName('Счёт', paper, participant.full_name),
    asciiFallback: `invoice-${paper.number}.docx`,
    render,
  };
}

/**
 * «Счёт на оплату» to an agent for a trip: a line per active participant whose tourist the agent
 * brought, with the agent's commission as the prepared tour defines it; 404 for a user who is not
 * an agent, and for an agent without a tourist on the trip (what the agent area answers for
 * another agent's trip). One paper per agent and trip, whoever prints it.
 */
export async function agentInvoice(
  trx: Db,
  viewer: ScopeViewer,
  tripId: number,
  agentId: number,
  askedDueOn?: string,
): Promise<GeneratedPaper> {
  // Its tourists first: an agent asking for a trip without them learns nothing of the trip.
  const participants = await repo.agentParticipants(trx, tripId, agentId);
  if (participants.length === 0) throw notFound(INVOICE_MESSAGES.noTourists);
  const [trip, agent] = await Promise.all([
    repo.tripWithTerms(trx, tripId),
    repo.agentById(trx, agentId),
  ]);
  if (!trip) throw notFound(INVOICE_MESSAGES.tripMissing);
  if (!agent) throw notFound(INVOICE_MESSAGES.agentMissing);
  const paper = await paperNumber(
    trx,
    'invoice',
    `agent:${agentId}:trip:${tripId}`,
    businessToday(),
    viewer.id,
  );
  const currency = storedCurrency(trip.currency);
  const [paid, company] = await Promise.all([
    paidOfParticipants(trx, tripId, currency),
    companyForPrint(trx),
  ]);
  const major = (minor: number) => majorNumber(minor, currency);
  const sum = { price: 0, discount: 0, due: 0, commission: 0, agentDue: 0, paid: 0, debt: 0 };
  let missingRate = false;
  const lines: AgentInvoiceLine[] = participants.map((participant) => {
    const due = participant.price - participant.discount;
    const commission = agentCommission(due, trip, trip.currency) ?? 0;
    const agentDue = due - commission;
    const money = paid.get(participant.id) ?? { paid: 0, missingRate: false };
    missingRate ||= money.missingRate;
    sum.price += participant.price;
    sum.discount += participant.discount;
    sum.due += due;
    sum.commission += commission;
    sum.agentDue += agentDue;
    sum.paid += money.paid;
    sum.debt += agentDue - money.paid;
    return {
      fullName: participant.full_name,
      price: major(participant.price),
      discount: major(participant.discount),
      due: major(due),
      commission: major(commission),
      agentDue: major(agentDue),
      paid: major(money.paid),
      debt: money.missingRate ? null : major(agentDue - money.paid),
    };
  });
  const terms: AgentTerms =
    trip.agent_commission !== null
      ? { kind: 'commission', percent: trip.agent_commission }
      : trip.agent_price !== null && trip.tour_currency === trip.currency
        ? { kind: 'price', price: major(trip.agent_price) }
        : { kind: 'none' };
  const render = () =>
    agentInvoiceDocument({
      paper,
      company: companyDetails(company),
      payer: { fullName: agent.full_name, phone: agent.phone, email: agent.email },
      trip: tripOf(trip),
      currency,
      terms,
      lines,
      totals: {
        price: major(sum.price),
        discount: major(sum.discount),
        due: major(sum.due),
        commission: major(sum.commission),
        agentDue: major(sum.agentDue),
        paid: major(sum.paid),
        debt: missingRate ? null : major(sum.debt),
      },
      dueOn: invoiceDueOn(trip.starts_on, paper.issuedOn, askedDueOn),
    });
  return {
    fileName: fileName('Счёт агенту', paper, agent.full_name),
    asciiFallback: `invoice-${paper.number}.docx`,
    render,
  };
}
