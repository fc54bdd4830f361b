import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The ledger (DESIGN.md 3 "Accounting"): a resolved operation is never edited or deleted, a
 * correction is a reversing operation linked to the original (at most one that is not rejected),
 * a rejection keeps its reason, a conversion keeps the day whose rates it used; the ledger's
 * settings (four-eyes confirmation) and the administrative operations' categories.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table transactions
    add column reverses_id bigint references transactions (id),
    add column rejection_reason text,
    add column rate_date date,
    add column rate_numerator numeric,
    add column rate_denominator numeric`.execute(db);
  // A transfer's rate as the exact fraction its conversion used (an inverse or cross rate has no
  // finite decimal); rate stays the readable decimal. Without a fraction the rate is exact itself.
  await sql`alter table transactions add constraint transactions_transfer_fraction
    check ((rate_numerator is null) = (rate_denominator is null)
      and (rate_numerator is null
        or (type = 'transfer' and rate_numerator > 0 and rate_denominator > 0)))`.execute(db);
  await sql`alter table transactions add constraint transactions_reversal_not_self
    check (reverses_id is null or reverses_id <> id)`.execute(db);
  // One live reversal per operation: a second one, even by a racing request, is refused here.
  await sql`create unique index transactions_reversed_once on transactions (reverses_id)
    where reverses_id is not null and status <> 'rejected'`.execute(db);

  // Nothing resolved changes: its row is the record. A pending one keeps its amounts, rate,
  // reversal link and author (its wallets are kept by transactions_keep_wallets).
  await sql`create function transactions_keep_resolved() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.status <> 'pending' then
          raise exception 'Проведённая или отклонённая операция % не удаляется', old.id
            using errcode = 'P0001';
        end if;
        return old;
      end if;
      if old.status <> 'pending' then
        raise exception 'Проведённая или отклонённая операция % не изменяется', old.id
          using errcode = 'P0001';
      end if;
      if (new.type, new.amount, new.currency,
          new.target_amount, new.rate, new.rate_numerator, new.rate_denominator, new.rate_date,
          new.reverses_id, new.created_by, new.created_at)
         is distinct from
         (old.type, old.amount, old.currency,
          old.target_amount, old.rate, old.rate_numerator, old.rate_denominator, old.rate_date,
          old.reverses_id, old.created_by, old.created_at) then
        raise exception 'Суммы, курс и автор операции % не изменяются', old.id
          using errcode = 'P0001';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger transactions_keep_resolved before update or delete on transactions
    for each row execute function transactions_keep_resolved()`.execute(db);

  await sql`create table ledger_settings (
    name text primary key,
    value jsonb not null,
    updated_by bigint references users (id),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into ledger_settings (name, value) values ('four_eyes', 'true')`.execute(db);

  await sql`create table operation_categories (
    name text primary key check (length(name) between 1 and 100),
    builtin boolean not null default false,
    created_by bigint references users (id),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into operation_categories (name, builtin) values
    ('Аренда', true), ('Зарплаты', true), ('Налоги', true), ('Маркетинг', true),
    ('Банковские комиссии', true), ('Прочее', true)`.execute(db);
  // Categories the demo data or earlier operations used stay valid.
  await sql`insert into operation_categories (name)
    select distinct category from transactions where category is not null
    on conflict do nothing`.execute(db);
  await sql`alter table transactions add constraint transactions_category_known
    foreign key (category) references operation_categories (name)`.execute(db);
  await sql`create index transactions_category_idx on transactions (category, id desc)
    where category is not null`.execute(db);
  // All operations by period (from, to): the days' operations without reading the others.
  await sql`create index transactions_created_idx on transactions (created_at, id)`.execute(db);
  // A wallet's operations, sent and received, carry what the all-operations totals add up and
  // filter on (type, status, currency, amount), so a busy wallet's totals come from its indexes.
  await sql`drop index transactions_wallet_idx`.execute(db);
  await sql`create index transactions_wallet_idx on transactions (wallet_id, id desc)
    include (type, status, currency, amount)`.execute(db);
  await sql`drop index transactions_target_idx`.execute(db);
  await sql`create index transactions_target_idx on transactions (target_wallet_id, id desc)
    include (wallet_id, type, status, currency, amount) where target_wallet_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists transactions_created_idx`.execute(db);
  await sql`drop index transactions_wallet_idx`.execute(db);
  await sql`create index transactions_wallet_idx on transactions (wallet_id, id desc)`.execute(db);
  await sql`drop index transactions_target_idx`.execute(db);
  await sql`create index transactions_target_idx on transactions (target_wallet_id, id desc)
    include (wallet_id) where target_wallet_id is not null`.execute(db);
  await sql`alter table transactions drop constraint if exists transactions_category_known`.execute(
    db,
  );
  await sql`drop table if exists operation_categories`.execute(db);
  await sql`drop table if exists ledger_settings`.execute(db);
  await sql`drop trigger if exists transactions_keep_resolved on transactions`.execute(db);
  await sql`drop function if exists transactions_keep_resolved()`.execute(db);
  await sql`alter table transactions
    drop constraint if exists transactions_transfer_fraction,
    drop column if exists rate_denominator,
    drop column if exists rate_numerator,
    drop column if exists rate_date,
    drop column if exists rejection_reason,
    drop column if exists reverses_id`.execute(db);
}
