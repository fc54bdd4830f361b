import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { BUSINESS_TIME_ZONE } from '../../domain/business-day';

/**
 * The ledger's invariants, checked on a whole database (`npm run ledger:check -w apps/api`, the
 * model-based and concurrency tests, the bench after its run). Each difference names what is wrong
 * in Russian; none means the books agree:
 * - every wallet's balance equals its confirmed movements (incomes in, outcomes out, transfers out
 *   at their amount and in at their converted amount) and is not below zero;
 * - every transfer's two sides and rate agree: the converted amount is the amount times the rate,
 *   rounded up once to the target's precision (jpy 0, kgs 0, usd 2, eur 2), exactly, with the
 *   stored fraction when there is one; a same-currency transfer moves the amount at rate 1; a
 *   reversal of a transfer gives back exactly its two amounts between the same wallets;
 * - a reversal reverses a confirmed operation with the mirror type, amount and wallets, and an
 *   operation has at most one reversal that is not rejected;
 * - a resolved operation says when it was resolved, a pending one does not;
 * - a participant's payment or refund (DESIGN.md 3b) moves a company wallet (where the money
 *   physically arrived) or the tourist's own, of a participant of its trip;
 * - every stored total counts confirmed operations only (a rejected or pending one in none):
 *   each participant's paid in its trip's currency and count of payments in others, each
 *   booking's paid to its supplier, the administrative operations' sums per category and day.
 */
export interface LedgerDifference {
  kind: 'balance' | 'transfer' | 'reversal' | 'resolution' | 'arrival' | 'stored';
  id: number;
  message: string;
}

const PRECISION = (currency: string) =>
  sql<number>`(case ${sql.raw(currency)} when 'usd' then 2 when 'eur' then 2 else 0 end)`;

export async function checkLedger(db: Db): Promise<LedgerDifference[]> {
  const differences: LedgerDifference[] = [];

  const balances = await sql<{
    id: number;
    name: string;
    site: boolean;
    balance: string;
    expected: string;
  }>`
    with moves as (
      select wallet_id as id,
             case type when 'income' then amount else -amount end as delta
        from transactions where status = 'confirmed'
      union all
      select target_wallet_id, target_amount
        from transactions where status = 'confirmed' and type = 'transfer'
    )
    select w.id, w.name, w.type = 'site' as site, w.balance::text as balance,
           coalesce(m.total, 0)::text as expected
      from wallets w
      left join (select id, sum(delta) as total from moves group by id) m on m.id = w.id
     where w.balance <> coalesce(m.total, 0) or w.balance < 0
     order by w.id`.execute(db);
  for (const row of balances.rows) {
    differences.push({
      kind: 'balance',
      id: Number(row.id),
      message:
        `${row.site ? 'Кошелёк компании' : 'Кошелёк'} №${row.id} «${row.name}»: баланс ` +
        `${row.balance}, а по подтверждённым операциям ${row.expected} (в минимальных единицах)`,
    });
  }

  // numerator / denominator: the stored fraction, or the rate itself. Scaled to integers of
  // minor units on both sides, the ceiling holds when target - 1 < exact <= target.
  const scaled = (column: string, currency: string) =>
    sql`${sql.raw(column)} * power(10::numeric, ${PRECISION(currency)})`;
  const transfers = await sql<{ id: number; amount: string; target_amount: string; why: string }>`
    select * from (
      select t.id, t.amount::text as amount, t.target_amount::text as target_amount,
             case
               when w.currency = tw.currency then
                 case when t.rate <> 1 or t.target_amount <> t.amount then 'same' end
               when ${scaled('t.target_amount * coalesce(t.rate_denominator, 1)', 'w.currency')}
                    < ${scaled('t.amount * coalesce(t.rate_numerator, t.rate)', 'tw.currency')}
                 then 'short'
               when ${scaled('(t.target_amount - 1) * coalesce(t.rate_denominator, 1)', 'w.currency')}
                    >= ${scaled('t.amount * coalesce(t.rate_numerator, t.rate)', 'tw.currency')}
                 then 'over'
             end as why
        from transactions t
        join wallets w on w.id = t.wallet_id
        join wallets tw on tw.id = t.target_wallet_id
       where t.type = 'transfer' and t.reverses_id is null
    ) checked
    where why is not null
    order by id`.execute(db);
  const WHY: Record<string, string> = {
    same: 'перевод в той же валюте должен идти по курсу 1 той же суммой',
    short: 'зачислено меньше, чем сумма по курсу',
    over: 'зачислено больше, чем сумма по курсу, округлённая вверх',
  };
  for (const row of transfers.rows) {
    differences.push({
      kind: 'transfer',
      id: Number(row.id),
      message:
        `Перевод №${row.id}: списано ${row.amount}, зачислено ${row.target_amount}: ` +
        (WHY[row.why] ?? 'стороны не сходятся'),
    });
  }

  const reversals = await sql<{ id: number; original: number; why: string }>`
    select * from (
      select r.id, r.reverses_id as original,
             case
               when o.status <> 'confirmed' then 'not-confirmed'
               when o.reverses_id is not null then 'of-reversal'
               when o.type = 'transfer' then
                 case when r.type <> 'transfer' or r.wallet_id <> o.target_wallet_id
                        or r.target_wallet_id <> o.wallet_id or r.amount <> o.target_amount
                        or r.target_amount <> o.amount then 'mirror' end
               when r.wallet_id <> o.wallet_id or r.amount <> o.amount or r.type = o.type
                    or r.type = 'transfer' then 'mirror'
             end as why
        from transactions r join transactions o on o.id = r.reverses_id
      union all
      select min(id), reverses_id, 'twice' from transactions
       where reverses_id is not null and status <> 'rejected'
       group by reverses_id having count(*) > 1
    ) checked
    where why is not null
    order by id`.execute(db);
  const REVERSAL_WHY: Record<string, string> = {
    'not-confirmed': 'сторнирует неподтверждённую операцию',
    'of-reversal': 'сторнирует сторно',
    mirror: 'не зеркальна исходной (тип, кошельки или суммы)',
    twice: 'у исходной операции больше одного действующего сторно',
  };
  for (const row of reversals.rows) {
    differences.push({
      kind: 'reversal',
      id: Number(row.id),
      message: `Сторно №${row.id} операции №${row.original}: ${REVERSAL_WHY[row.why] ?? row.why}`,
    });
  }

  const resolutions = await sql<{ id: number; status: string }>`
    select id, status from transactions
     where (status <> 'pending' and confirmed_at is null)
        or (status = 'pending' and (confirmed_at is not null or confirmed_by is not null))
     order by id`.execute(db);
  for (const row of resolutions.rows) {
    differences.push({
      kind: 'resolution',
      id: Number(row.id),
      message: `Операция №${row.id} (${row.status}): не сходятся статус и отметка о решении`,
    });
  }
  differences.push(...(await arrivals(db)), ...(await storedTotals(db)));
  return differences;
}

/** Participants' payments and refunds outside the company's wallets or the tourist's own. */
async function arrivals(db: Db): Promise<LedgerDifference[]> {
  const { rows } = await sql<{ id: number; wallet: string; why: string }>`
    select t.id, w.name as wallet,
           case when p.id is null or p.trip_id is distinct from t.trip_id then 'trip'
                else 'wallet' end as why
      from transactions t
      join wallets w on w.id = t.wallet_id
      left join trip_participants p on p.id = t.participant_id
     where t.participant_id is not null
       and (p.id is null or p.trip_id is distinct from t.trip_id
         or t.type in ('income', 'outcome') and w.type <> 'site' and w.user_id <> p.user_id)
     order by t.id`.execute(db);
  return rows.map((row) => ({
    kind: 'arrival' as const,
    id: Number(row.id),
    message:
      row.why === 'trip'
        ? `Операция №${row.id}: участник не из тура операции`
        : `Платёж участника №${row.id} в чужом кошельке «${row.wallet}»: деньги поступают в ` +
          'кассу или на счёт компании (или в кошелёк самого туриста)',
  }));
}

/**
 * The totals kept beside the ledger, each against the same sum of confirmed operations taken
 * afresh: whatever a rejected or pending operation would add shows as a difference.
 */
async function storedTotals(db: Db): Promise<LedgerDifference[]> {
  const participants = await sql<{ id: number; own: string; expected_own: string }>`
    with sums as (
      select t.participant_id as id,
             sum(case when t.currency = tr.currency
                   then case when t.type = 'income' then t.amount else -t.amount end
                   else 0 end) as own,
             count(*) filter (where t.currency <> tr.currency) as foreign_count
        from transactions t
        join trips tr on tr.id = t.trip_id
       where t.participant_id is not null and t.status = 'confirmed'
         and t.type in ('income', 'outcome')
       group by 1
    )
    select p.id, p.paid_own::text as own, coalesce(s.own, 0)::text as expected_own
      from trip_participants p
      left join sums s on s.id = p.id
     where p.paid_own <> coalesce(s.own, 0)
        or p.foreign_payments <> coalesce(s.foreign_count, 0)
     order by p.id`.execute(db);
  const bookings = await sql<{ id: number; paid: string; expected: string }>`
    with sums as (
      select t.booking_id as id,
             sum(case when t.type = 'outcome' then t.amount else -t.amount end) as paid
        from transactions t
        join bookings b on b.id = t.booking_id and b.currency = t.currency
       where t.status = 'confirmed' and t.type in ('income', 'outcome')
       group by 1
    )
    select b.id, b.paid::text as paid, coalesce(s.paid, 0)::text as expected
      from bookings b
      left join sums s on s.id = b.id
     where b.paid <> coalesce(s.paid, 0)
     order by b.id`.execute(db);
  const administrative = await sql<{
    category: string;
    day: string;
    stored: string;
    expected: string;
  }>`
    with stored as (
      select category, type, currency, day, sum(total) as total
        from (select category, type, currency, day, total from administrative_days
              union all
              select category, type, currency, day, amount from administrative_deltas) kept
       group by 1, 2, 3, 4
    ),
    fresh as (
      select category, type, currency, (confirmed_at at time zone ${BUSINESS_TIME_ZONE})::date as day,
             sum(amount) as total
        from transactions
       where status = 'confirmed' and category is not null and type in ('income', 'outcome')
       group by 1, 2, 3, 4
    )
    select coalesce(s.category, f.category) as category,
           to_char(coalesce(s.day, f.day), 'DD.MM.YYYY') as day,
           coalesce(s.total, 0)::text as stored, coalesce(f.total, 0)::text as expected
      from stored s
      full join fresh f using (category, type, currency, day)
     where coalesce(s.total, 0) <> coalesce(f.total, 0)
     order by 1, 2`.execute(db);
  return [
    ...participants.rows.map((row) => ({
      kind: 'stored' as const,
      id: Number(row.id),
      message:
        `Участник тура №${row.id}: сохранено оплачено ${row.own}, а по подтверждённым ` +
        `операциям ${row.expected_own} (или не сходится счёт платежей в других валютах)`,
    })),
    ...bookings.rows.map((row) => ({
      kind: 'stored' as const,
      id: Number(row.id),
      message:
        `Бронь №${row.id}: сохранено оплачено поставщику ${row.paid}, а по подтверждённым ` +
        `операциям ${row.expected}`,
    })),
    ...administrative.rows.map((row) => ({
      kind: 'stored' as const,
      id: 0,
      message:
        `Административные операции «${row.category}» за ${row.day}: в итогах ${row.stored}, ` +
        `а по подтверждённым операциям ${row.expected}`,
    })),
  ];
}
