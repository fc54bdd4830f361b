import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The administrative report's sums per category, type, currency and business day (Asia/Bishkek,
 * the business's day as the application counts it), so a year is a few thousand rows however many
 * operations it holds. Triggers never update a shared row: each change of a confirmed
 * administrative operation (one with a category) inserts its signed amount into
 * `administrative_deltas`, in the same transaction; the application folds deltas into
 * `administrative_days` in the background (routes/reports/administrative-tally.ts), and readers
 * add both tables, so the sums are exact at every moment, folded or not.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table administrative_days (
    category text not null,
    type text not null,
    currency text not null,
    day date not null,
    total bigint not null,
    primary key (day, category, type, currency)
  )`.execute(db);
  await sql`create table administrative_deltas (
    id bigserial primary key,
    category text not null,
    type text not null,
    currency text not null,
    day date not null,
    amount bigint not null
  )`.execute(db);
  await sql`create index administrative_deltas_day_idx on administrative_deltas (day)`.execute(db);
  await sql`insert into administrative_days (category, type, currency, day, total)
    select category, type, currency, (confirmed_at at time zone 'Asia/Bishkek')::date,
      sum(amount)
    from transactions
    where status = 'confirmed' and category is not null and type in ('income', 'outcome')
    group by 1, 2, 3, 4`.execute(db);

  await sql`create function administrative_delta() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.status = 'confirmed' and old.category is not null
          and old.type in ('income', 'outcome') then
        insert into administrative_deltas (category, type, currency, day, amount)
        values (old.category, old.type, old.currency,
          (old.confirmed_at at time zone 'Asia/Bishkek')::date, -old.amount);
      end if;
      if tg_op <> 'DELETE' and new.status = 'confirmed' and new.category is not null
          and new.type in ('income', 'outcome') then
        insert into administrative_deltas (category, type, currency, day, amount)
        values (new.category, new.type, new.currency,
          (new.confirmed_at at time zone 'Asia/Bishkek')::date, new.amount);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger transactions_administrative_insert after insert on transactions
    for each row when (new.status = 'confirmed' and new.category is not null)
    execute function administrative_delta()`.execute(db);
  await sql`create trigger transactions_administrative_update after update on transactions
    for each row when ((old.status = 'confirmed' and old.category is not null
        or new.status = 'confirmed' and new.category is not null)
      and (old.status, old.category, old.type, old.currency, old.amount, old.confirmed_at)
        is distinct from
        (new.status, new.category, new.type, new.currency, new.amount, new.confirmed_at))
    execute function administrative_delta()`.execute(db);
  await sql`create trigger transactions_administrative_delete after delete on transactions
    for each row when (old.status = 'confirmed' and old.category is not null)
    execute function administrative_delta()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists transactions_administrative_delete on transactions`.execute(db);
  await sql`drop trigger if exists transactions_administrative_update on transactions`.execute(db);
  await sql`drop trigger if exists transactions_administrative_insert on transactions`.execute(db);
  await sql`drop function if exists administrative_delta()`.execute(db);
  await sql`drop table if exists administrative_deltas`.execute(db);
  await sql`drop table if exists administrative_days`.execute(db);
}
