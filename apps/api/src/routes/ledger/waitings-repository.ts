import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import { CURRENCIES, CURRENCY_PRECISION } from '@tour/core';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { containing } from '../../lib/search';
import { BUSINESS_TIME_ZONE } from '../../domain/business-day';
import { dayStart } from '../../domain/ledger/wallets';
import { type DeltaTally } from '../../lib/delta-tally';
import type { WaitingFilters, WaitingSort } from '@tour/core/contract/ledger';

// The confirmation queue («Ожидание подтверждения»): the pending operations, searched and
// filtered. Every query starts from the partial index of the pending ones
// (transactions_pending_idx), so its cost follows the queue's length, not the ledger's.

export interface WaitingScope extends WaitingFilters {
  /** False: operations touching a company wallet are left out (no allow_site_wallets). */
  withSite: boolean;
}

/** A filter the counts leave out when they count the choices of that same filter. */
export type Facet = 'type' | 'currency' | 'author' | 'wallet' | 'overpayment';

type Pending = ExpressionBuilder<Database & { t: Database['transactions'] }, 't'>;

/** An amount in major units as minor units of the row's currency (`t.currency`). */
function minorOf(major: number) {
  const cases = CURRENCIES.map(
    (code) => sql`when ${sql.lit(code)} then ${sql.lit(10 ** CURRENCY_PRECISION[code])}`,
  );
  return sql`(${String(major)}::numeric * (case t.currency ${sql.join(cases, sql` `)} end))`;
}

/**
 * The conditions of the scope's filters, all but `except`. A filter that picks few operations
 * (a tourist, a trip, a wallet, a search) names them first through their own indexes
 * (`t.id = any(array(…))`, evaluated once, then read by primary key), so the queue's length
 * never decides its cost.
 */
function matching(scope: WaitingScope, except?: Facet, walk = false) {
  return (eb: Pending): Expression<SqlBool> => {
    const where: Expression<SqlBool>[] = [eb('t.status', '=', 'pending')];
    const and = (condition: Expression<SqlBool>) => where.push(condition);
    if (!scope.withSite) {
      const siteWallets = sql`(select id from wallets where type = 'site')`;
      and(sql<SqlBool>`t.wallet_id not in ${siteWallets}`);
      and(sql<SqlBool>`(t.target_wallet_id is null or t.target_wallet_id not in ${siteWallets})`);
    }
    if (scope.wallet !== undefined && except !== 'wallet') {
      and(sql<SqlBool>`t.id = any(array(
        select x.id from transactions x where x.status = 'pending' and x.wallet_id = ${scope.wallet}
        union all
        select x.id from transactions x
        where x.status = 'pending' and x.target_wallet_id = ${scope.wallet}))`);
    }
    if (scope.type !== undefined && except !== 'type') and(eb('t.type', '=', scope.type));
    if (scope.currency !== undefined && except !== 'currency') {
      and(eb('t.currency', '=', scope.currency));
    }
    if (scope.author !== undefined && except !== 'author') {
      and(eb('t.created_by', '=', scope.author));
    }
    if (scope.overpayment && except !== 'overpayment') and(eb('t.overpayment', '=', true));
    if (scope.trip !== undefined) {
      // A supplier payment is the trip's through its booking.
      and(sql<SqlBool>`t.id = any(array(
        select x.id from transactions x where x.trip_id = ${scope.trip}
        union all
        select x.id from transactions x join bookings b on b.id = x.booking_id
        where b.trip_id = ${scope.trip}))`);
    }
    if (scope.tourist !== undefined) {
      // The tourist a payment is for, or whose own wallet pays or receives it.
      and(sql<SqlBool>`t.id = any(array(
        select x.id from transactions x join trip_participants p on p.id = x.participant_id
        where p.user_id = ${scope.tourist}
        union all
        select x.id from transactions x join wallets w on w.id = x.wallet_id
        where w.user_id = ${scope.tourist}
        union all
        select x.id from transactions x join wallets w on w.id = x.target_wallet_id
        where w.user_id = ${scope.tourist}))`);
    }
    if (scope.from !== undefined) {
      and(eb('t.created_at', '>=', dayStart(scope.from, BUSINESS_TIME_ZONE)));
    }
    if (scope.to !== undefined) {
      const end = sql<Date>`${dayStart(scope.to, BUSINESS_TIME_ZONE)} + interval '1 day'`;
      and(eb('t.created_at', '<', end));
    }
    if (scope.amount_from !== undefined) {
      and(sql<SqlBool>`t.amount >= ${minorOf(scope.amount_from)}`);
    }
    if (scope.amount_to !== undefined) and(sql<SqlBool>`t.amount <= ${minorOf(scope.amount_to)}`);
    const term = scope.search?.trim();
    if (term) and(walk ? searchedRow(term) : searched(term));
    return eb.and(where);
  };
}

/**
 * A word anywhere a person would look for it: the comment, the tourist, the trip (a supplier
 * payment's through its booking), the supplier, the author, the company's wallets by name and
 * the people's by owner; or the operation's number. Each
 * branch starts from a trigram index (users_search_trgm, trips_search_trgm,
 * suppliers_search_trgm, transactions_pending_comment_trgm) or a small table.
 */
function searched(term: string): Expression<SqlBool> {
  const like = containing(term);
  // The expressions of those indexes, as their migrations wrote them.
  const people = sql`(select u.id from users u where lower(u.full_name || ' ' ||
    coalesce(u.email, '') || ' ' || coalesce(u.phone, '') || ' ' ||
    coalesce(u.passport_number, '')) like ${like})`;
  const trips = sql`(select tr.id from trips tr
    where lower(tr.title || ' ' || coalesce(tr.country, '')) like ${like})`;
  const suppliers = sql`(select s.id from suppliers s where lower(s.name || ' ' ||
    coalesce(s.contact_person, '') || ' ' || coalesce(s.phone, '') || ' ' ||
    coalesce(s.email, '')) like ${like})`;
  const number = /^№?\s*\d{1,15}$/.test(term) ? Number(term.replace(/\D/g, '')) : null;
  // One index per branch, never an OR across two (which reads a whole table): the people's
  // wallets by owner, the company's by name (few), the bookings by trip and by supplier. The
  // people found are looked up once (a materialized CTE) and handed to each branch as an array,
  // so every branch reads its own index with those ids: a join would be planned from the
  // trigram's estimate (ten times the people found) as a scan of every participant.
  const companyWallets = sql`(select w.id from wallets w where w.type = 'site'
    and lower(w.name) like ${like})`;
  return sql<SqlBool>`t.id = any(array(
    with people as materialized ${people},
    peoples_wallets as materialized (select w.id from wallets w
      where w.user_id = any(array(select id from people)))
    select x.id from transactions x
    where x.status = 'pending' and lower(x.comment) like ${like}
    union all
    select x.id from transactions x where x.participant_id = any(array(
      select p.id from trip_participants p where p.user_id = any(array(select id from people))))
    union all
    select x.id from transactions x where x.wallet_id = any(array(select id from peoples_wallets))
    union all
    select x.id from transactions x
    where x.target_wallet_id = any(array(select id from peoples_wallets))
    union all
    select x.id from transactions x
    where x.status = 'pending' and x.wallet_id in ${companyWallets}
    union all
    select x.id from transactions x
    where x.status = 'pending' and x.target_wallet_id in ${companyWallets}
    union all
    select x.id from transactions x where x.trip_id in ${trips}
    union all
    select x.id from transactions x join bookings b on b.id = x.booking_id
    where b.trip_id in ${trips}
    union all
    select x.id from transactions x join bookings b on b.id = x.booking_id
    where b.supplier_id in ${suppliers}
    union all
    select x.id from transactions x
    where x.status = 'pending' and x.created_by = any(array(select id from people))
    union all
    select x.id from transactions x where x.id = ${number}))`;
}

/**
 * The same word, asked of each pending operation in turn (a page of a search that finds many
 * walks the queue in its order and stops at the page's end, instead of gathering them all). Each
 * question is a scalar subquery by primary key: an EXISTS would be planned as a hash of every
 * match built first (every participant of every «Иван»), which the walk exists to avoid.
 */
function searchedRow(term: string): Expression<SqlBool> {
  const like = containing(term);
  const person = (id: RawBuilder<unknown>) => sql`coalesce((select lower(u.full_name || ' ' ||
    coalesce(u.email, '') || ' ' || coalesce(u.phone, '') || ' ' ||
    coalesce(u.passport_number, '')) like ${like} from users u where u.id = ${id}), false)`;
  const trip = (id: RawBuilder<unknown>) => sql`coalesce((select lower(tr.title || ' ' ||
    coalesce(tr.country, '')) like ${like} from trips tr where tr.id = ${id}), false)`;
  const wallet = (id: RawBuilder<unknown>) => sql`coalesce((select case when w.type = 'site'
    then lower(w.name) like ${like} else ${person(sql`w.user_id`)} end
    from wallets w where w.id = ${id}), false)`;
  const number = /^№?\s*\d{1,15}$/.test(term) ? Number(term.replace(/\D/g, '')) : null;
  return sql<SqlBool>`(lower(t.comment) like ${like}
    or t.id = ${number}
    or ${person(sql`t.created_by`)}
    or ${person(sql`(select p.user_id from trip_participants p where p.id = t.participant_id)`)}
    or ${wallet(sql`t.wallet_id`)}
    or ${wallet(sql`t.target_wallet_id`)}
    or ${trip(sql`t.trip_id`)}
    or ${trip(sql`(select b.trip_id from bookings b where b.id = t.booking_id)`)}
    or coalesce((select lower(s.name || ' ' || coalesce(s.contact_person, '') || ' ' ||
      coalesce(s.phone, '') || ' ' || coalesce(s.email, '')) like ${like}
      from bookings b join suppliers s on s.id = b.supplier_id where b.id = t.booking_id), false))`;
}

const pending = (db: Db, scope: WaitingScope, except?: Facet, walk = false) =>
  db.selectFrom('transactions as t').where(matching(scope, except, walk));

const ORDER = {
  oldest: sql`t.id asc`,
  newest: sql`t.id desc`,
  // Amounts compare within a currency: the currencies one after another, each its largest (or
  // smallest) first; both one index (transactions_pending_amount_idx), read either way.
  amount_desc: sql`t.currency desc, t.amount desc, t.id desc`,
  amount_asc: sql`t.currency asc, t.amount asc, t.id asc`,
} satisfies Record<WaitingSort, unknown>;

/** The ids of a page of the queue, in the order asked. */
export async function waitingIds(
  db: Db,
  scope: WaitingScope,
  sort: WaitingSort,
  limit: number,
  offset: number,
  /** A search that finds many: walk the queue in order rather than gather every match first. */
  walk = false,
): Promise<number[]> {
  if (scope.wallet !== undefined && (sort === 'oldest' || sort === 'newest')) {
    // A wallet's page in id order: its own operations and those it receives, each branch read
    // along its wallet's index (transactions_wallet_idx, transactions_target_idx) and stopped at
    // the page's end, then merged; a busy cash desk's queue is never read whole.
    const order = sort === 'oldest' ? 'asc' : 'desc';
    const others = pending(db, { ...scope, wallet: undefined });
    const own = others
      .where('t.wallet_id', '=', scope.wallet)
      .select('t.id')
      .orderBy('t.id', order)
      .limit(offset + limit);
    const received = others
      .where('t.target_wallet_id', '=', scope.wallet)
      .where('t.wallet_id', '<>', scope.wallet)
      .select('t.id')
      .orderBy('t.id', order)
      .limit(offset + limit);
    const rows = await db
      .selectFrom(
        db
          .selectFrom(own.as('a'))
          .select('a.id')
          .unionAll(db.selectFrom(received.as('b')).select('b.id'))
          .as('m'),
      )
      .select('m.id')
      .orderBy('m.id', order)
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }
  const rows = await pending(db, scope, undefined, walk)
    .select('t.id')
    .orderBy(ORDER[sort])
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The pending operations the scope's filters find, counted and summed (minor units) per key of
 * the queue's tally (type, currency, author, the company wallet they leave, overpayment), in one
 * pass: the filters the keys hold (type, currency, author, overpayment) are left to the caller,
 * who counts each facet given the others from these rows; `withWallet` false leaves the wallet
 * filter out too (its facet counts the wallets given every other filter).
 */
export async function pendingGroups(
  db: Db,
  scope: WaitingScope,
  withWallet = true,
): Promise<PendingTallyRow[]> {
  const others: WaitingScope = {
    ...scope,
    type: undefined,
    currency: undefined,
    author: undefined,
    overpayment: undefined,
    wallet: withWallet ? scope.wallet : undefined,
  };
  // The company's wallets are few: an array of them, not a join with every client's wallet.
  const site = sql`array(select id from wallets where type = 'site')`;
  const rows = await pending(db, others)
    .select([
      't.type',
      't.currency',
      sql<number>`coalesce(t.created_by, 0)::int`.as('created_by'),
      sql<number>`(case when t.wallet_id = any(${site}) then t.wallet_id else 0 end)::int`.as(
        'wallet_id',
      ),
      't.overpayment',
      sql<number>`count(*)::int`.as('count'),
      sql<string>`sum(t.amount)::text`.as('amount'),
    ])
    .groupBy(['t.type', 't.currency', sql`3`, sql`4`, 't.overpayment'])
    .execute();
  return rows.map((row) => ({ ...row, type: row.type as PendingTallyRow['type'] }));
}

/** The ids of every pending operation the filters find, oldest first, at most `limit`. */
export async function allWaitingIds(db: Db, scope: WaitingScope, limit: number) {
  const rows = await pending(db, scope).select('t.id').orderBy('t.id').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** The queue's sums kept per key (migration pending-tally), folded like every delta tally. */
export const PENDING_TALLY: DeltaTally = {
  deltas: 'pending_deltas',
  tally: 'pending_tally',
  keys: ['type', 'currency', 'created_by', 'wallet_id', 'overpayment'],
  sums: [
    { delta: 'count', tally: 'count' },
    { delta: 'amount', tally: 'amount' },
  ],
};

/** A key of the queue's tally: its pending operations counted and summed (minor units). */
export interface PendingTallyRow {
  type: 'income' | 'outcome' | 'transfer';
  currency: string;
  /** 0: no author. */
  created_by: number;
  /** The company wallet they leave; 0: a user's wallet. */
  wallet_id: number;
  overpayment: boolean;
  count: number;
  amount: string;
}

/**
 * Whether the tally alone answers a scope's totals and counts: the filters it keeps (type,
 * currency, author, overpayment) and no other, over every wallet.
 */
export function tallyAnswers(scope: WaitingScope): boolean {
  return (
    scope.withSite &&
    [
      scope.wallet,
      scope.trip,
      scope.tourist,
      scope.from,
      scope.to,
      scope.amount_from,
      scope.amount_to,
      scope.search?.trim() || undefined,
    ].every((value) => value === undefined)
  );
}

/** The queue's tally: its folded sums and the deltas not folded yet, added. */
export async function pendingTally(db: Db): Promise<PendingTallyRow[]> {
  const { rows } = await sql<PendingTallyRow>`
    select type, currency, created_by::int as created_by, wallet_id::int as wallet_id,
      overpayment, sum(count)::int as count, sum(amount)::text as amount
    from (
      select type, currency, created_by, wallet_id, overpayment, count, amount
      from pending_tally
      union all
      select type, currency, created_by, wallet_id, overpayment, count, amount
      from pending_deltas
    ) kept
    group by 1, 2, 3, 4, 5
    having sum(count) <> 0
    order by 2, 1`.execute(db);
  return rows;
}

/** Names of authors and company wallets, by id. */
export async function namesOf(db: Db, authors: number[], wallets: number[]) {
  const [people, places] = await Promise.all([
    authors.length === 0
      ? []
      : db
          .selectFrom('users')
          .select(['id', 'full_name'])
          .where(sql<SqlBool>`id = any(${authors}::bigint[])`)
          .execute(),
    wallets.length === 0
      ? []
      : db
          .selectFrom('wallets')
          .select(['id', 'name', 'currency'])
          .where(sql<SqlBool>`id = any(${wallets}::bigint[])`)
          .execute(),
  ]);
  return { people, places };
}
