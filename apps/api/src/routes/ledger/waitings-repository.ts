import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { CURRENCIES, CURRENCY_PRECISION } from '@tour/shared';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { containing } from '../../lib/search';
import { BUSINESS_TIME_ZONE } from '../rates/service';
import { dayStart } from '../wallets/repository';
import { totalsSelection } from './repository';
import type { WaitingFilters, WaitingSort } from './schemas';

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

/** The conditions of the scope's filters, all but `except`. */
function matching(scope: WaitingScope, except?: Facet) {
  return (eb: Pending): Expression<SqlBool> => {
    const where: Expression<SqlBool>[] = [eb('t.status', '=', 'pending')];
    const and = (condition: Expression<SqlBool>) => where.push(condition);
    if (!scope.withSite) {
      const siteWallets = sql`(select id from wallets where type = 'site')`;
      and(sql<SqlBool>`t.wallet_id not in ${siteWallets}`);
      and(sql<SqlBool>`(t.target_wallet_id is null or t.target_wallet_id not in ${siteWallets})`);
    }
    if (scope.wallet !== undefined && except !== 'wallet') {
      and(sql<SqlBool>`(t.wallet_id = ${scope.wallet} or t.target_wallet_id = ${scope.wallet})`);
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
      and(sql<SqlBool>`(t.trip_id = ${scope.trip} or t.booking_id in
        (select b.id from bookings b where b.trip_id = ${scope.trip}))`);
    }
    if (scope.tourist !== undefined) {
      // The tourist a payment is for, or whose own wallet pays or receives it.
      const own = sql`(select w.id from wallets w where w.user_id = ${scope.tourist})`;
      and(sql<SqlBool>`(t.participant_id in
          (select p.id from trip_participants p where p.user_id = ${scope.tourist})
        or t.wallet_id in ${own} or t.target_wallet_id in ${own})`);
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
    if (term) and(searched(term));
    return eb.and(where);
  };
}

/**
 * A word anywhere a person would look for it: the comment, the tourist, the trip, the booking
 * and its supplier, the author, the wallets and their owners; or the operation's number.
 */
function searched(term: string): Expression<SqlBool> {
  const like = containing(term);
  const byNumber = /^№?\s*\d{1,15}$/.test(term)
    ? sql`or t.id = ${Number(term.replace(/\D/g, ''))}`
    : sql``;
  return sql<SqlBool>`(lower(t.comment) like ${like}
    or exists (select 1 from trip_participants p join users u on u.id = p.user_id
      where p.id = t.participant_id and lower(u.full_name) like ${like})
    or exists (select 1 from trips tr where tr.id = t.trip_id and lower(tr.title) like ${like})
    or exists (select 1 from bookings b join trips tr on tr.id = b.trip_id
      left join suppliers s on s.id = b.supplier_id
      where b.id = t.booking_id and (lower(b.title) like ${like} or lower(s.name) like ${like}
        or lower(tr.title) like ${like}))
    or exists (select 1 from users u where u.id = t.created_by and lower(u.full_name) like ${like})
    or exists (select 1 from wallets w left join users u on u.id = w.user_id
      where w.id in (t.wallet_id, t.target_wallet_id)
        and (lower(w.name) like ${like} or lower(u.full_name) like ${like}))
    ${byNumber})`;
}

const pending = (db: Db, scope: WaitingScope, except?: Facet) =>
  db.selectFrom('transactions as t').where(matching(scope, except));

const ORDER = {
  oldest: sql`t.id asc`,
  newest: sql`t.id desc`,
  // Amounts compare within a currency: the currencies one after another, each its largest first.
  amount_desc: sql`t.currency asc, t.amount desc, t.id asc`,
  amount_asc: sql`t.currency asc, t.amount asc, t.id asc`,
} satisfies Record<WaitingSort, unknown>;

/** The ids of a page of the queue, in the order asked. */
export async function waitingIds(
  db: Db,
  scope: WaitingScope,
  sort: WaitingSort,
  limit: number,
  offset: number,
): Promise<number[]> {
  const rows = await pending(db, scope)
    .select('t.id')
    .orderBy(ORDER[sort])
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.id);
}

/** How many pending operations the filters find, and their sums per currency. */
export function waitingTotals(db: Db, scope: WaitingScope) {
  const all = pending(db, scope).select(['t.currency', 't.type', 't.status', 't.amount']);
  return totalsSelection(db, all).execute();
}

/** The queue's choices and how many operations each holds, given the other filters. */
export async function waitingCounts(db: Db, scope: WaitingScope) {
  const [types, currencies, authors, wallets, overpayments] = await Promise.all([
    pending(db, scope, 'type')
      .select(['t.type', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('t.type')
      .execute(),
    pending(db, scope, 'currency')
      .select(['t.currency', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('t.currency')
      .execute(),
    db
      .selectFrom(
        pending(db, scope, 'author')
          .select(['t.created_by', (eb) => eb.fn.countAll<string>().as('count')])
          .groupBy('t.created_by')
          .as('a'),
      )
      .leftJoin('users as u', 'u.id', 'a.created_by')
      .select(['a.created_by as id', 'u.full_name as name', 'a.count'])
      .orderBy('u.full_name')
      .execute(),
    db
      .selectFrom(
        pending(db, scope, 'wallet')
          .select(['t.wallet_id', (eb) => eb.fn.countAll<string>().as('count')])
          .groupBy('t.wallet_id')
          .as('a'),
      )
      .innerJoin('wallets as w', 'w.id', 'a.wallet_id')
      .select(['a.wallet_id as id', 'w.name', 'w.currency', 'a.count'])
      .orderBy('w.name')
      .execute(),
    pending(db, scope, 'overpayment')
      .where('t.overpayment', '=', true)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { types, currencies, authors, wallets, overpayments: Number(overpayments.count) };
}

/** The ids of every pending operation the filters find, oldest first, at most `limit`. */
export async function allWaitingIds(db: Db, scope: WaitingScope, limit: number) {
  const rows = await pending(db, scope).select('t.id').orderBy('t.id').limit(limit).execute();
  return rows.map((row) => row.id);
}
