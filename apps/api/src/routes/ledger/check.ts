import { sql } from 'kysely';
import type { Db } from '../../db/database';

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
 * - a resolved operation says when it was resolved, a pending one does not.
 */
export interface LedgerDifference {
  kind: 'balance' | 'transfer' | 'reversal' | 'resolution';
  id: number;
  message: string;
}

const PRECISION = (currency: string) =>
  sql<number>`(case ${sql.raw(currency)} when 'usd' then 2 when 'eur' then 2 else 0 end)`;

export async function checkLedger(db: Db): Promise<LedgerDifference[]> {
  const differences: LedgerDifference[] = [];

  const balances = await sql<{ id: number; name: string; balance: string; expected: string }>`
    with moves as (
      select wallet_id as id,
             case type when 'income' then amount else -amount end as delta
        from transactions where status = 'confirmed'
      union all
      select target_wallet_id, target_amount
        from transactions where status = 'confirmed' and type = 'transfer'
    )
    select w.id, w.name, w.balance::text as balance, coalesce(m.total, 0)::text as expected
      from wallets w
      left join (select id, sum(delta) as total from moves group by id) m on m.id = w.id
     where w.balance <> coalesce(m.total, 0) or w.balance < 0
     order by w.id`.execute(db);
  for (const row of balances.rows) {
    differences.push({
      kind: 'balance',
      id: Number(row.id),
      message:
        `Кошелёк №${row.id} «${row.name}»: баланс ${row.balance}, а по подтверждённым ` +
        `операциям ${row.expected} (в минимальных единицах)`,
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
  return differences;
}
