import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { formatAmount, fromMinorUnits, type Currency } from '@tour/core';
import type { Db } from '../../db/database';
import { startRefresher } from '../../lib/refresher';
import { addDays, BUSINESS_TIME_ZONE, businessToday } from '../business-day';
import { kindSettings, type ScheduledKind } from './kinds';
import { companyNameForMessages } from './outbox';
import {
  passportExpiringText,
  paymentDueManagerText,
  paymentDueText,
  paymentOverdueManagerText,
  paymentOverdueText,
  supplierPaymentDueText,
  type TouristDebt,
} from './reminders';
import type { MessageText } from './templates';

/**
 * The daily round of scheduled messages: once per business day (Asia/Bishkek), from ROUND_HOUR on,
 * it writes into the outbox
 * - «Скоро срок оплаты тура» to a tourist who still owes for a trip starting within N days, and to
 *   its manager. A participant has no payment due date of its own: its trip is to be paid by its
 *   start, so the trip's start date is the due date;
 * - «Оплата тура просрочена» once the start has passed with a debt left (trips started within the
 *   last OVERDUE_WINDOW_DAYS: a database's old debts are not all mailed at once the first day);
 * - «Паспорт истекает…» to the trip's manager for a traveller of a trip not yet started whose
 *   passport expires less than 6 months after the trip's end (the trip summary's «missing»);
 * - «Срок оплаты поставщику» to every reservation agent with an e-mail (else to the company's
 *   e-mail) for a booking still owed to its supplier whose payment is due within N days.
 * Each message carries a key of its kind, subject, day and addressee, unique in the table, so a
 * message is written once however many rounds see it; and the day's row in message_rounds, taken
 * in the round's transaction, lets only one of several API instances run a day's round.
 */

/** The business hour from which the day's round runs (messages arrive in the morning). */
export const ROUND_HOUR = 9;
/** How far back an unpaid trip start is still reminded as overdue. */
export const OVERDUE_WINDOW_DAYS = 30;
/** A passport must stay valid this many months after the trip ends. */
const PASSPORT_MONTHS = 6;
/** How often the server looks whether the day's round is due. */
export const ROUND_EVERY_MS = 10 * 60_000;

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** A scheduled message before it is written. */
interface Scheduled extends MessageText {
  kind: ScheduledKind;
  key: string;
  recipientUserId: number | null;
  recipient: string | null;
  missingReason: string;
  tripId?: number;
  bookingId?: number;
}

const money = (minor: number | string | bigint, currency: string) =>
  formatAmount(fromMinorUnits(minor, currency as Currency), currency as Currency);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Writes one scheduled message unless its key is already there; whether it was written. */
async function write(trx: Db, message: Scheduled): Promise<boolean> {
  const recipient = message.recipient?.trim() || null;
  const rows = await trx
    .insertInto('outbox_messages')
    .values({
      kind: message.kind,
      dedupe_key: message.key,
      recipient_user_id: message.recipientUserId,
      recipient,
      missing_reason: recipient ? null : message.missingReason,
      status: recipient ? 'waiting' : 'no_address',
      subject: message.subject,
      body_text: message.text,
      trip_id: message.tripId ?? null,
      booking_id: message.bookingId ?? null,
    })
    .onConflict((conflict) =>
      conflict.column('dedupe_key').where('dedupe_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .execute();
  return rows.length > 0;
}

interface DebtRow {
  participant_id: number;
  trip_id: number;
  title: string;
  starts_on: string;
  ends_on: string;
  currency: string;
  due: string;
  paid: string;
  tourist_id: number;
  tourist_name: string;
  tourist_email: string | null;
  manager_id: number | null;
  manager_name: string | null;
  manager_email: string | null;
}

/** Participants still owing for a trip starting from `from` to `to` (active trips only). */
async function debtsStarting(trx: Db, from: string, to: string): Promise<DebtRow[]> {
  const { rows } = await sql<DebtRow>`
    select p.id as participant_id, t.id as trip_id, t.title, t.starts_on::text as starts_on,
      t.ends_on::text as ends_on, t.currency, (p.price - p.discount)::text as due,
      (p.paid_own + case when p.foreign_payments > 0 then p.paid_foreign else 0 end)::text as paid,
      u.id as tourist_id, u.full_name as tourist_name, u.email as tourist_email,
      m.id as manager_id, m.full_name as manager_name, m.email as manager_email
    from trip_participants p
    join trips t on t.id = p.trip_id
    join users u on u.id = p.user_id
    left join users m on m.id = coalesce(u.manager_id, t.manager_id)
    where p.status <> 'cancelled'
      and t.status <> 'cancelled'
      and t.starts_on between ${from}::date and ${to}::date
      and p.price - p.discount
        > p.paid_own + case when p.foreign_payments > 0 then p.paid_foreign else 0 end
    order by t.starts_on, p.id`.execute(trx);
  return rows;
}

function touristDebt(row: DebtRow, today: string): TouristDebt {
  return {
    touristName: row.tourist_name,
    touristEmail: row.tourist_email,
    managerName: row.manager_name,
    tripTitle: row.title,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    dueOn: row.starts_on,
    daysLeft: daysBetween(today, row.starts_on),
    due: money(row.due, row.currency),
    paid: money(row.paid, row.currency),
    debt: money(BigInt(row.due) - BigInt(row.paid), row.currency),
  };
}

/** The tourist's message and its manager's, for one debt. */
function debtMessages(
  kind: 'payment_due' | 'payment_overdue',
  row: DebtRow,
  today: string,
  company: string | null,
): Scheduled[] {
  const debt = touristDebt(row, today);
  const key = `${kind}:participant:${row.participant_id}:${row.starts_on}`;
  const [toTourist, toManager] =
    kind === 'payment_due'
      ? [paymentDueText(company, debt), paymentDueManagerText(company, debt)]
      : [paymentOverdueText(company, debt), paymentOverdueManagerText(company, debt)];
  return [
    {
      kind,
      key: `${key}:tourist`,
      recipientUserId: row.tourist_id,
      recipient: row.tourist_email,
      missingReason: 'У туриста не указана почта',
      tripId: row.trip_id,
      ...toTourist,
    },
    {
      kind,
      key: `${key}:manager`,
      recipientUserId: row.manager_id,
      recipient: row.manager_email,
      missingReason:
        row.manager_id === null
          ? 'У туриста и тура не назначен менеджер'
          : 'У менеджера не указана почта',
      tripId: row.trip_id,
      ...toManager,
    },
  ];
}

async function passportMessages(trx: Db, today: string, company: string | null) {
  const { rows } = await sql<{
    participant_id: number;
    trip_id: number;
    title: string;
    starts_on: string;
    ends_on: string;
    valid_until: string;
    expires_on: string;
    tourist_name: string;
    manager_id: number | null;
    manager_name: string | null;
    manager_email: string | null;
  }>`
    select p.id as participant_id, t.id as trip_id, t.title, t.starts_on::text as starts_on,
      t.ends_on::text as ends_on,
      (t.ends_on + make_interval(months => ${PASSPORT_MONTHS}))::date::text as valid_until,
      u.passport_expires_at::text as expires_on, u.full_name as tourist_name,
      m.id as manager_id, m.full_name as manager_name, m.email as manager_email
    from trip_participants p
    join trips t on t.id = p.trip_id
    join users u on u.id = p.user_id
    left join users m on m.id = coalesce(t.manager_id, u.manager_id)
    where p.status <> 'cancelled'
      and t.status in ('planned', 'confirmed')
      and t.starts_on >= ${today}::date
      and u.passport_expires_at is not null
      and u.passport_expires_at < (t.ends_on + make_interval(months => ${PASSPORT_MONTHS}))::date
    order by t.starts_on, p.id`.execute(trx);
  return rows.map((row): Scheduled => ({
    kind: 'passport_expiring',
    key: `passport_expiring:participant:${row.participant_id}:${row.expires_on}:${row.ends_on}`,
    recipientUserId: row.manager_id,
    recipient: row.manager_email,
    missingReason:
      row.manager_id === null ? 'У тура не назначен менеджер' : 'У менеджера не указана почта',
    tripId: row.trip_id,
    ...passportExpiringText(company, {
      managerName: row.manager_name,
      touristName: row.tourist_name,
      tripTitle: row.title,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      expiresOn: row.expires_on,
      validUntil: row.valid_until,
    }),
  }));
}

/**
 * The reservation agents with an e-mail (enabled accounts), or else the company's e-mail as one
 * addressee, or else nobody: then one message says the address is missing.
 */
async function reservationAddressees(trx: Db) {
  const agents = await trx
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select(['u.id', 'u.full_name', 'u.email'])
    .where('r.role', '=', 'reservation_agent')
    .where('u.disabled_at', 'is', null)
    .where('u.email', 'is not', null)
    .orderBy('u.id')
    .execute();
  if (agents.length > 0) {
    return agents.map((agent) => ({
      key: `user:${agent.id}`,
      userId: agent.id as number | null,
      name: agent.full_name as string | null,
      email: agent.email,
    }));
  }
  const company = await trx.selectFrom('company_requisites').select('email').executeTakeFirst();
  return [{ key: 'company', userId: null, name: null, email: company?.email?.trim() || null }];
}

async function supplierMessages(trx: Db, today: string, days: number, company: string | null) {
  const { rows } = await sql<{
    booking_id: number;
    trip_id: number;
    title: string;
    trip_title: string;
    supplier_name: string;
    due_on: string;
    currency: string;
    cost: string;
    paid: string;
  }>`
    select b.id as booking_id, b.trip_id, b.title, t.title as trip_title,
      s.name as supplier_name, b.payment_due_on::text as due_on, b.currency,
      (case when b.status = 'cancelled' then coalesce(b.penalty, 0) else b.cost end)::text as cost,
      b.paid::text as paid
    from bookings b
    join trips t on t.id = b.trip_id
    join suppliers s on s.id = b.supplier_id
    where b.payment_due_on between ${today}::date and ${addDays(today, days)}::date
      and (case when b.status = 'cancelled' then coalesce(b.penalty, 0) else b.cost end) > b.paid
    order by b.payment_due_on, b.id`.execute(trx);
  if (rows.length === 0) return [];
  const addressees = await reservationAddressees(trx);
  return rows.flatMap((row) =>
    addressees.map((to): Scheduled => ({
      kind: 'supplier_payment_due',
      key: `supplier_payment_due:booking:${row.booking_id}:${row.due_on}:${to.key}`,
      recipientUserId: to.userId,
      recipient: to.email,
      missingReason: 'Нет почты ни у сотрудников бронирования, ни у компании',
      tripId: row.trip_id,
      bookingId: row.booking_id,
      ...supplierPaymentDueText(company, {
        recipientName: to.name,
        supplierName: row.supplier_name,
        bookingTitle: row.title,
        tripTitle: row.trip_title,
        dueOn: row.due_on,
        daysLeft: daysBetween(today, row.due_on),
        cost: money(row.cost, row.currency),
        paid: money(row.paid, row.currency),
        debt: money(BigInt(row.cost) - BigInt(row.paid), row.currency),
      }),
    })),
  );
}

/** The messages of the day's round, of the kinds switched on. */
async function scheduledMessages(trx: Db, today: string): Promise<Scheduled[]> {
  const settings = await kindSettings(trx);
  const on = (kind: ScheduledKind) => settings.get(kind)?.enabled === true;
  const daysOf = (kind: ScheduledKind) => settings.get(kind)?.days ?? 7;
  const company = await companyNameForMessages(trx);
  const messages: Scheduled[] = [];
  if (on('payment_due')) {
    const rows = await debtsStarting(trx, today, addDays(today, daysOf('payment_due')));
    messages.push(...rows.flatMap((row) => debtMessages('payment_due', row, today, company)));
  }
  if (on('payment_overdue')) {
    const rows = await debtsStarting(trx, addDays(today, -OVERDUE_WINDOW_DAYS), addDays(today, -1));
    messages.push(...rows.flatMap((row) => debtMessages('payment_overdue', row, today, company)));
  }
  if (on('passport_expiring')) messages.push(...(await passportMessages(trx, today, company)));
  if (on('supplier_payment_due')) {
    messages.push(...(await supplierMessages(trx, today, daysOf('supplier_payment_due'), company)));
  }
  return messages;
}

/** The result of a round: its business day and how many messages it wrote. */
export interface RoundResult {
  day: string;
  messages: number;
}

/**
 * The day's round at `now`: null before ROUND_HOUR, or when the day's round is done or being done
 * by another instance (which holds the day's row until it commits; a round that fails leaves the
 * day free for the next try). Otherwise writes the day's messages in one transaction.
 */
export async function runMessageRound(
  db: Db,
  options: { now?: Date } = {},
): Promise<RoundResult | null> {
  const now = options.now ?? new Date();
  if (Number(hourFormat.format(now)) < ROUND_HOUR) return null;
  const day = businessToday(now);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .insertInto('message_rounds')
      .values({ day })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!taken) return null;
    let written = 0;
    for (const message of await scheduledMessages(trx, day)) {
      if (await write(trx, message)) written += 1;
    }
    await trx
      .updateTable('message_rounds')
      .set({ messages: written, done_at: now })
      .where('day', '=', day)
      .execute();
    return { day, messages: written };
  });
}

/** The round in the background of a running server; the returned function stops it. */
export function startMessageRound(db: Db, log: FastifyBaseLogger): () => Promise<void> {
  return startRefresher(
    () => runMessageRound(db),
    ROUND_EVERY_MS,
    log,
    'Ежедневные напоминания не записаны',
  );
}
