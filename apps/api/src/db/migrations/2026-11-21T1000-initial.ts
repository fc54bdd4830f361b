import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

const CURRENCY_CHECK = sql`check (currency in ('kgs', 'usd', 'eur', 'jpy'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('birth_date', 'date')
    .addColumn('citizenship', 'text')
    .addColumn('passport_number', 'text')
    .addColumn('passport_issued_at', 'date')
    .addColumn('passport_expires_at', 'date')
    .addColumn('notes', 'text')
    .addColumn('manager_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('counterparty_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_unique on users (lower(email)) where email is not null`.execute(
    db,
  );
  await sql`create unique index users_phone_unique on users (phone) where phone is not null`.execute(
    db,
  );
  await sql`create index users_manager_idx on users (manager_id)`.execute(db);
  await sql`create index users_counterparty_idx on users (counterparty_id)`.execute(db);
  // One trigram index over everything the users list searches (name, email, phone, passport).
  await sql`create index users_search_trgm on users using gin (
    (lower(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(passport_number, ''))) gin_trgm_ops
  )`.execute(db);

  await db.schema
    .createTable('roles')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('permissions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .execute();
  await db.schema
    .createTable('role_permissions')
    .addColumn('role', 'text', (c) => c.notNull().references('roles.name').onDelete('cascade'))
    .addColumn('permission', 'text', (c) =>
      c.notNull().references('permissions.name').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('role_permissions_pk', ['role', 'permission'])
    .execute();
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().references('roles.name').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
  await sql`create index user_roles_role_idx on user_roles (role, user_id)`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sha256 of the cookie's token
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index sessions_user_idx on sessions (user_id)`.execute(db);
  await sql`create index sessions_expires_idx on sessions (expires_at)`.execute(db);

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index login_failures_login_idx on login_failures (login, created_at)`.execute(
    db,
  );
  await sql`create index login_failures_ip_idx on login_failures (ip, created_at)`.execute(db);

  await db.schema
    .createTable('currency_rates')
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('from_currency', 'text', (c) =>
      c.notNull().check(sql`from_currency in ('kgs', 'usd', 'eur', 'jpy')`),
    )
    .addColumn('to_currency', 'text', (c) =>
      c.notNull().check(sql`to_currency in ('kgs', 'usd', 'eur', 'jpy')`),
    )
    .addColumn('rate', 'numeric(24, 10)', (c) => c.notNull().check(sql`rate > 0`))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('currency_rates_pk', ['date', 'from_currency', 'to_currency'])
    .addCheckConstraint('currency_rates_distinct', sql`from_currency <> to_currency`)
    .execute();

  await db.schema
    .createTable('wallets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('user', 'site')`))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().modifyEnd(CURRENCY_CHECK))
    // Minor units (jpy and kgs whole, usd and eur cents); derived from confirmed transactions and
    // changed only under the wallet's row lock.
    .addColumn('balance', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'wallets_owner',
      sql`(type = 'user' and user_id is not null) or (type = 'site' and user_id is null)`,
    )
    .execute();
  await sql`create index wallets_user_idx on wallets (user_id, id)`.execute(db);
  await sql`create index wallets_type_idx on wallets (type, id)`.execute(db);

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('wallet_id', 'bigint', (c) => c.notNull().references('wallets.id'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('income', 'outcome', 'transfer')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().modifyEnd(CURRENCY_CHECK))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'rejected')`),
    )
    .addColumn('target_wallet_id', 'bigint', (c) => c.references('wallets.id'))
    .addColumn('target_amount', 'bigint', (c) => c.check(sql`target_amount > 0`))
    .addColumn('rate', 'numeric(30, 12)', (c) => c.check(sql`rate > 0`))
    .addColumn('trip_id', 'bigint')
    .addColumn('booking_id', 'bigint')
    .addColumn('category', 'text')
    .addColumn('comment', 'text')
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('confirmed_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .addCheckConstraint(
      'transactions_transfer_target',
      sql`(type = 'transfer') = (target_wallet_id is not null and target_amount is not null and rate is not null)`,
    )
    .addCheckConstraint(
      'transactions_confirmation',
      sql`(status = 'pending') = (confirmed_at is null)`,
    )
    .execute();
  await sql`create index transactions_wallet_idx on transactions (wallet_id, id desc)`.execute(db);
  await sql`create index transactions_target_idx on transactions (target_wallet_id, id desc) where target_wallet_id is not null`.execute(
    db,
  );
  await sql`create index transactions_pending_idx on transactions (id) where status = 'pending'`.execute(
    db,
  );
  await sql`create unique index transactions_idempotency on transactions (created_by, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'transactions',
    'wallets',
    'currency_rates',
    'login_failures',
    'sessions',
    'user_roles',
    'role_permissions',
    'permissions',
    'roles',
    'users',
    'app_secrets',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
