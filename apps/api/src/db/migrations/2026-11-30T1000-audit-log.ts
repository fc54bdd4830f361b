import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The history of changes becomes the one audit log: sign-ins, refusals, money movements and their
 * confirmations, role changes and exports are written beside the records' changes. Each row now
 * keeps the client's address (request.ip, behind a proxy only with TRUST_PROXY), and an event that
 * names no record (a refusal, an export, a sign-in with an unknown login) has no record or entity
 * id. The admins' search reads it newest first, by user, by action, or by period.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table audit_log
    add column ip text,
    alter column record_id drop not null,
    alter column entity_id drop not null`.execute(db);
  await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db);
  await sql`create index audit_log_user_idx on audit_log (user_id, id desc)`.execute(db);
  await sql`create index audit_log_action_idx on audit_log (action, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists audit_log_action_idx`.execute(db);
  await sql`drop index if exists audit_log_user_idx`.execute(db);
  await sql`drop index if exists audit_log_created_idx`.execute(db);
  await sql`delete from audit_log where record_id is null or entity_id is null`.execute(db);
  await sql`alter table audit_log
    drop column if exists ip,
    alter column record_id set not null,
    alter column entity_id set not null`.execute(db);
}
