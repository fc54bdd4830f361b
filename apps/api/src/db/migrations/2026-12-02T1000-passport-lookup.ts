import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A client is found by the exact number of its passport, however it was typed (spaces, dashes,
 * lower case), as it is by its phone and email (their unique indexes): an index over the number
 * as compared, so that a lookup among every user is one index probe.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_passport_key on users
    (upper(regexp_replace(passport_number, '[[:space:]-]', '', 'g')))
    where passport_number is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_passport_key`.execute(db);
}
