import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Supplier price lists (issue 33): each row the price of one service of a supplier in one season
 * (valid_from to valid_to, both included), in the supplier's currency of that price, per its
 * unit: a hotel's room per night by type (SGL, DBL, TWN, TRPL) or an extra bed or a child per
 * person per night, with its board; a transfer per car of a capacity; a guide per day; an entrance
 * ticket per person (adult, child); another expense per person or per group. The seasons of one
 * service (kind, service, variant, board, capacity, currency) never overlap (checked by the API
 * under the supplier's lock: a costing's night must find one price). Changes are written to the
 * supplier's history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table supplier_prices (
    id bigserial primary key,
    supplier_id bigint not null references suppliers (id),
    kind text not null check (kind in ('hotel', 'transfer', 'guide', 'activity', 'tour_expense')),
    service text not null check (length(service) between 1 and 200),
    variant text check (variant in ('SGL', 'DBL', 'TWN', 'TRPL', 'EXB', 'CHD', 'adult', 'child')),
    meal_plan text check (meal_plan in ('RO', 'BB', 'HB', 'FB', 'AI')),
    capacity integer check (capacity between 1 and 100),
    unit text not null
      check (unit in ('room_night', 'person_night', 'car', 'day', 'person', 'group')),
    currency text not null check (currency in ('kgs', 'usd', 'eur', 'jpy')),
    price bigint not null check (price > 0),
    valid_from date not null,
    valid_to date not null,
    notes text check (length(notes) <= 1000),
    created_by bigint references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (valid_to >= valid_from),
    check ((kind = 'hotel') = (meal_plan is not null)),
    check ((kind = 'transfer') = (capacity is not null)),
    check ((kind in ('hotel', 'activity')) = (variant is not null))
  )`.execute(db);
  await sql`create index supplier_prices_supplier on supplier_prices
    (supplier_id, kind, service, valid_from)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists supplier_prices`.execute(db);
}
