import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { MIGRATION_TABLE } from '../../db/migrate';

/**
 * The names of the applied migrations, read with a short statement timeout (a lock or an
 * overloaded server answers late: a probe must not wait the pool's 30 s); null when the
 * migrations' table does not exist yet (a database never migrated).
 */
export async function appliedMigrations(db: Db, timeoutMs: number): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = ${sql.lit(Math.round(timeoutMs))}`.execute(trx);
    // The `select 1` of a probe, and whether the table is there (a missing one is no error).
    const { rows } = await sql<{
      present: boolean;
    }>`select to_regclass(${MIGRATION_TABLE}) is not null as present`.execute(trx);
    if (!rows[0]?.present) return null;
    const applied = await sql<{ name: string }>`select name from ${sql.table(
      MIGRATION_TABLE,
    )}`.execute(trx);
    return applied.rows.map((row) => row.name);
  });
}
