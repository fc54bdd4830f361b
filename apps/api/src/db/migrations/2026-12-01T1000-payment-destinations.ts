import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Where money arrives (DESIGN.md 3b). A company wallet is a cash desk or a bank account (`kind`;
 * a user's wallet has none): a payment taken for a trip goes to the company wallet it physically
 * reached, the cash desk of its currency by default. The wallets made before are told apart by
 * their names («Касса …» is a cash desk; every other company wallet a bank account).
 *
 * A payment that makes a participant's paid exceed its due is an overpayment: the person
 * confirmed it explicitly when recording it, and the operation keeps that mark for the queue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wallets add column kind text`.execute(db);
  await sql`update wallets set kind = case when lower(name) like '%касс%' then 'cash' else 'bank' end
    where type = 'site'`.execute(db);
  // A company wallet made without saying (by a tool, a test) is neither: the cash desks come
  // first as a payment's default, then the other company wallets.
  await sql`alter table wallets add constraint wallets_kind_check check (
    kind is null or kind in ('cash', 'bank') and type = 'site')`.execute(db);
  await sql`alter table transactions add column overpayment boolean not null default false`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table transactions drop column if exists overpayment`.execute(db);
  await sql`alter table wallets drop constraint if exists wallets_kind_check`.execute(db);
  await sql`alter table wallets drop column if exists kind`.execute(db);
}
