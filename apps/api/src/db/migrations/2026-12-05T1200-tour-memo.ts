import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A prepared tour's «Памятка туристу» (issue 32): what a tourist reads before leaving (documents
 * to carry, money, climate and clothes, local rules, emergency phones), printed into the
 * tourist's travel pack. Optional: a tour without one gives a pack without the memo. Plain text,
 * at most 10 000 characters (about four printed pages); never an empty string.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table prepared_tours
    add column memo text check (length(memo) between 1 and 10000)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table prepared_tours drop column if exists memo`.execute(db);
}
