import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

const CURRENCY_CHECK = sql`check (currency in ('kgs', 'usd', 'eur', 'jpy'))`;

/**
 * The main section's records (DESIGN.md 3 "Trips and tours"): prepared tours, trips, their
 * participants, requests, and the one audit table every change of a record is written to.
 * Amounts are integer minor units of the row's currency, as in wallets and transactions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('prepared_tours')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    // The agent area's URL slug: lowercase Latin letters and digits in dash-separated words.
    .addColumn('key', 'text', (c) =>
      c.notNull().check(sql`key ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(key) <= 100`),
    )
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('cities', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('days', 'integer', (c) => c.notNull().check(sql`days between 1 and 365`))
    // [{ title, description }], one per day, in order.
    .addColumn('itinerary', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('included', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('not_included', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('base_price', 'bigint', (c) => c.notNull().check(sql`base_price >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().modifyEnd(CURRENCY_CHECK))
    .addColumn('agent_price', 'bigint', (c) => c.check(sql`agent_price >= 0`))
    .addColumn('agent_commission', 'numeric(5, 2)', (c) =>
      c.check(sql`agent_commission >= 0 and agent_commission <= 100`),
    )
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'prepared_tours_agent_terms',
      sql`agent_price is null or agent_commission is null`,
    )
    .execute();
  await sql`create unique index prepared_tours_key_unique on prepared_tours (key)`.execute(db);
  await sql`create index prepared_tours_list_idx on prepared_tours (id desc)`.execute(db);
  // No search index: a tour operator keeps tens of prepared tours, a scan reads them at once.

  await db.schema
    .createTable('trips')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('prepared_tour_id', 'bigint', (c) =>
      c.references('prepared_tours.id').onDelete('restrict'),
    )
    .addColumn('country', 'text')
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('ends_on', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('planned', 'confirmed', 'in_progress', 'completed', 'cancelled')`),
    )
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().modifyEnd(CURRENCY_CHECK))
    .addColumn('seats', 'integer', (c) => c.notNull().check(sql`seats between 1 and 10000`))
    // Participants not cancelled; kept by the service under the trip's row lock. The check is the
    // last wall against overbooking.
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('manager_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('itinerary', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('trips_dates', sql`ends_on >= starts_on`)
    .addCheckConstraint('trips_seats_taken', sql`seats_taken >= 0 and seats_taken <= seats`)
    .execute();
  await sql`create index trips_start_idx on trips (starts_on, id)`.execute(db);
  await sql`create index trips_manager_idx on trips (manager_id, starts_on, id)`.execute(db);
  await sql`create index trips_prepared_tour_idx on trips (prepared_tour_id)`.execute(db);
  await sql`create index trips_search_trgm on trips using gin (
    (lower(title || ' ' || coalesce(country, ''))) gin_trgm_ops
  )`.execute(db);

  await db.schema
    .createTable('requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) =>
      c.notNull().check(sql`source in ('site', 'phone', 'agent', 'office')`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('new', 'in_work', 'converted', 'rejected')`),
    )
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('prepared_tour_id', 'bigint', (c) =>
      c.references('prepared_tours.id').onDelete('set null'),
    )
    .addColumn('trip_id', 'bigint', (c) => c.references('trips.id').onDelete('restrict'))
    .addColumn('date_from', 'date')
    .addColumn('date_to', 'date')
    .addColumn('adults', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`adults between 0 and 100`),
    )
    .addColumn('children', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`children between 0 and 100`),
    )
    .addColumn('comment', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('assignee_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    // The agent whose request it is (source 'agent'): the agent area lists its own requests.
    .addColumn('counterparty_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('converted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'requests_dates',
      sql`date_to is null or date_from is null or date_to >= date_from`,
    )
    .addCheckConstraint(
      'requests_rejection',
      sql`(status = 'rejected') = (reject_reason is not null)`,
    )
    .addCheckConstraint(
      'requests_conversion',
      sql`(status = 'converted') = (converted_at is not null and trip_id is not null)`,
    )
    .execute();
  await sql`create index requests_status_idx on requests (status, id desc)`.execute(db);
  await sql`create index requests_assignee_idx on requests (assignee_id, id desc)`.execute(db);
  await sql`create index requests_search_trgm on requests using gin (
    (lower(contact_name || ' ' || coalesce(phone, '') || ' ' || coalesce(email, ''))) gin_trgm_ops
  )`.execute(db);

  await db.schema
    .createTable('trip_participants')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('trip_id', 'bigint', (c) => c.notNull().references('trips.id').onDelete('restrict'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('discount', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount >= 0`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('booked', 'confirmed', 'cancelled')`),
    )
    .addColumn('request_id', 'bigint', (c) => c.references('requests.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('trip_participants_discount', sql`discount <= price`)
    .execute();
  await sql`create unique index trip_participants_unique on trip_participants (trip_id, user_id)`.execute(
    db,
  );
  await sql`create index trip_participants_user_idx on trip_participants (user_id, trip_id)`.execute(
    db,
  );

  // A participant's payment and refund name the participant (DESIGN.md 3b); every trip link is
  // now a real reference.
  await sql`alter table transactions
    add column participant_id bigint references trip_participants (id),
    add constraint transactions_trip_fk foreign key (trip_id) references trips (id),
    add constraint transactions_participant_trip check (participant_id is null or trip_id is not null)`.execute(
    db,
  );
  await sql`create index transactions_trip_idx on transactions (trip_id, id) where trip_id is not null`.execute(
    db,
  );
  await sql`create index transactions_participant_idx on transactions (participant_id, id)
    where participant_id is not null`.execute(db);

  // Every change of a record: who, when, and each field's old and new value. `record` is the
  // record the change is shown on (a participant's change shows on its trip), `entity` the row
  // that changed; bookings, wallets and rates write here too.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // [{ field, old, new }]
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_log_record_idx on audit_log (record_type, record_id, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  await sql`alter table transactions
    drop constraint if exists transactions_participant_trip,
    drop constraint if exists transactions_trip_fk,
    drop column if exists participant_id`.execute(db);
  for (const table of ['trip_participants', 'requests', 'trips', 'prepared_tours']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
