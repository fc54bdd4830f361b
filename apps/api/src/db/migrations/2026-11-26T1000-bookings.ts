import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

const KINDS = `'hotel', 'air_ticket', 'health_insurance', 'transfer', 'guide', 'activity',
  'tour_expense'`;

/**
 * Bookings (DESIGN.md 3 "Bookings"): one row per booking of any kind, with the common fields as
 * columns and the kind's own fields in `details` (checked by the application); the participants
 * each covers, with the per-participant fields (room, ticket number and cost, policy number).
 *
 * `paid` is what the confirmed supplier payments linked to the booking come to (outcomes less
 * their reversals, in the booking's currency, minor units): statement triggers on transactions
 * keep it in the same transaction as every write, whoever writes. A supplier payment is made in
 * the booking's currency (the application refuses another), so the sum is exact.
 *
 * A booking is found by the months its service dates touch through a GiST index on its kind and
 * date range (btree_gist); the overdue and the coming ones by partial indexes.
 */
const paidBy = (rows: string, sign: 1 | -1) => `
  select m.booking_id,
    sum(${sign} * (case when m.type = 'outcome' then m.amount else -m.amount end)) as paid
  from ${rows} m
  join bookings b on b.id = m.booking_id and b.currency = m.currency
  where m.booking_id is not null
    and m.type in ('income', 'outcome')
    and m.status = 'confirmed'
  group by m.booking_id`;

const apply = (rows: string, sign: 1 | -1) => `
  update bookings b set paid = b.paid + d.paid
    from (${paidBy(rows, sign)}) d
   where b.id = d.booking_id and d.paid <> 0;`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);
  await sql`create table bookings (
    id bigserial primary key,
    kind text not null check (kind in (${sql.raw(KINDS)})),
    trip_id bigint not null references trips (id),
    supplier_id bigint not null references suppliers (id),
    starts_on date not null,
    ends_on date not null,
    cost bigint not null check (cost >= 0),
    currency text not null check (currency in ('kgs', 'usd', 'eur', 'jpy')),
    status text not null check (status in ('requested', 'confirmed', 'cancelled')),
    penalty bigint check (penalty >= 0),
    confirmation_number text,
    payment_due_on date,
    notes text,
    details jsonb not null default '{}'::jsonb,
    -- What lists show and search: the hotel and city, the flight, the route… (the application's)
    title text not null default '',
    paid bigint not null default 0,
    created_by bigint references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint bookings_dates check (ends_on >= starts_on),
    constraint bookings_penalty check (penalty is null or status = 'cancelled')
  )`.execute(db);
  await sql`create index bookings_month_idx on bookings using gist (kind,
    daterange(starts_on, ends_on, '[]'))`.execute(db);
  await sql`create index bookings_range_idx on bookings using gist (
    daterange(starts_on, ends_on, '[]'))`.execute(db);
  await sql`create index bookings_trip_idx on bookings (trip_id, kind, starts_on)`.execute(db);
  await sql`create index bookings_supplier_idx on bookings (supplier_id)`.execute(db);
  await sql`create index bookings_starts_idx on bookings (starts_on)
    where status <> 'cancelled'`.execute(db);
  await sql`create index bookings_due_idx on bookings (payment_due_on)
    where payment_due_on is not null
      and paid < case when status = 'cancelled' then coalesce(penalty, 0) else cost end`.execute(
    db,
  );

  await sql`create table booking_participants (
    booking_id bigint not null references bookings (id) on delete cascade,
    participant_id bigint not null references trip_participants (id),
    room integer check (room between 1 and 1000),
    ticket_number text,
    ticket_cost bigint check (ticket_cost >= 0),
    policy_number text,
    primary key (booking_id, participant_id)
  )`.execute(db);
  await sql`create index booking_participants_participant_idx
    on booking_participants (participant_id, booking_id)`.execute(db);

  await sql`alter table transactions
    add constraint transactions_booking_fk foreign key (booking_id) references bookings (id)`.execute(
    db,
  );
  await sql`create index transactions_booking_idx on transactions (booking_id, id)
    where booking_id is not null`.execute(db);

  await sql`create function bookings_paid_add() returns trigger language plpgsql as $$
    begin ${sql.raw(apply('added', 1))} return null; end $$`.execute(db);
  await sql`create function bookings_paid_remove() returns trigger language plpgsql as $$
    begin ${sql.raw(apply('removed', -1))} return null; end $$`.execute(db);
  await sql`create function bookings_paid_change() returns trigger language plpgsql as $$
    begin ${sql.raw(apply('removed', -1) + apply('added', 1))} return null; end $$`.execute(db);
  await sql`create function bookings_paid_truncate() returns trigger language plpgsql as $$
    begin update bookings set paid = 0 where paid <> 0; return null; end $$`.execute(db);
  await sql`create trigger bookings_paid_insert after insert on transactions
    referencing new table as added
    for each statement execute function bookings_paid_add()`.execute(db);
  await sql`create trigger bookings_paid_delete after delete on transactions
    referencing old table as removed
    for each statement execute function bookings_paid_remove()`.execute(db);
  await sql`create trigger bookings_paid_update after update on transactions
    referencing old table as removed new table as added
    for each statement execute function bookings_paid_change()`.execute(db);
  await sql`create trigger bookings_paid_truncate after truncate on transactions
    for each statement execute function bookings_paid_truncate()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update', 'truncate']) {
    await sql`drop trigger if exists ${sql.raw(`bookings_paid_${trigger}`)} on transactions`.execute(
      db,
    );
  }
  for (const fn of ['add', 'remove', 'change', 'truncate']) {
    await sql`drop function if exists ${sql.raw(`bookings_paid_${fn}`)}()`.execute(db);
  }
  await sql`drop index if exists transactions_booking_idx`.execute(db);
  await sql`alter table transactions drop constraint if exists transactions_booking_fk`.execute(db);
  await sql`drop table if exists booking_participants`.execute(db);
  await sql`drop table if exists bookings`.execute(db);
}
