import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { startRefresher } from '../../lib/refresher';

/**
 * Folds the administrative report's deltas (migration administrative-tally) into its days: a
 * batch of deltas deleted and added to their days in one transaction, in key order (two folders
 * never lock days in opposite orders). Readers add both tables, so folding changes how fast the
 * report is, never what it shows.
 */
const BATCH = 5000;

/** Folds one batch; how many deltas it folded (0: none left). */
export async function foldAdministrativeDeltas(db: Db, batch = BATCH): Promise<number> {
  const { rows } = await sql<{ folded: number }>`
    with taken as (
      delete from administrative_deltas
      where id in (select id from administrative_deltas order by id limit ${batch}
        for update skip locked)
      returning category, type, currency, day, amount
    ),
    summed as (
      insert into administrative_days (category, type, currency, day, total)
      select category, type, currency, day, sum(amount) from taken
      group by day, category, type, currency
      order by day, category, type, currency
      on conflict (day, category, type, currency)
        do update set total = administrative_days.total + excluded.total
      returning 1
    )
    select (select count(*)::int from taken) as folded, (select count(*) from summed)`.execute(db);
  return rows[0]!.folded;
}

/** Folds until no delta is left; how many it folded. */
export async function foldAllAdministrativeDeltas(db: Db): Promise<number> {
  let total = 0;
  for (
    let done = await foldAdministrativeDeltas(db);
    done > 0;
    done = await foldAdministrativeDeltas(db)
  ) {
    total += done;
  }
  return total;
}

/** How often the server folds. */
export const FOLD_EVERY_MS = 5000;

/** Keeps the deltas few in the background of a running server. */
export function startAdministrativeFolder(db: Db, log: FastifyBaseLogger): () => Promise<void> {
  return startRefresher(
    () => foldAllAdministrativeDeltas(db),
    FOLD_EVERY_MS,
    log,
    'Свертка сумм административного отчета не удалась',
  );
}
