import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { startRefresher } from './refresher';

/**
 * A tally kept without contention: triggers only insert signed deltas (never update a shared
 * row), readers add the tally and the deltas, and a background folder moves deltas into the
 * tally a batch at a time (deleted and added in one transaction, keys in order, so two folders
 * never lock rows in opposite orders). Folding changes how fast a reader is, never what it reads.
 */
export interface DeltaTally {
  /** The insert-only table the triggers write (with a bigserial `id`). */
  deltas: string;
  /** The table of sums, its primary key `keys` in this order. */
  tally: string;
  keys: readonly string[];
  /** Each delta column and the tally column it adds up into. */
  sums: readonly { delta: string; tally: string }[];
}

const BATCH = 5000;

/** Folds one batch of deltas into the tally; how many it folded (0: none left). */
export async function foldDeltas(db: Db, tally: DeltaTally, batch = BATCH): Promise<number> {
  const keys = sql.raw(tally.keys.join(', '));
  const deltaSums = sql.raw(tally.sums.map((s) => `sum(${s.delta})`).join(', '));
  const tallySums = sql.raw(tally.sums.map((s) => s.tally).join(', '));
  const taken = sql.raw([...tally.keys, ...tally.sums.map((s) => s.delta)].join(', '));
  const added = sql.raw(
    tally.sums
      .map((s) => `${s.tally} = ${tally.tally}.${s.tally} + excluded.${s.tally}`)
      .join(', '),
  );
  const deltas = sql.table(tally.deltas);
  const { rows } = await sql<{ folded: number }>`
    with taken as (
      delete from ${deltas}
      where id in (select id from ${deltas} order by id limit ${batch} for update skip locked)
      returning ${taken}
    ),
    summed as (
      insert into ${sql.table(tally.tally)} (${keys}, ${tallySums})
      select ${keys}, ${deltaSums} from taken
      group by ${keys}
      order by ${keys}
      on conflict (${keys}) do update set ${added}
      returning 1
    )
    select (select count(*)::int from taken) as folded, (select count(*) from summed)`.execute(db);
  return rows[0]!.folded;
}

/** Folds until no delta is left; how many it folded. */
export async function foldAllDeltas(db: Db, tally: DeltaTally): Promise<number> {
  let total = 0;
  for (let done = await foldDeltas(db, tally); done > 0; done = await foldDeltas(db, tally)) {
    total += done;
  }
  return total;
}

/** How often a server folds. */
export const FOLD_EVERY_MS = 5000;

/** Keeps a tally's deltas few in the background of a running server. */
export function startDeltaFolder(
  db: Db,
  log: FastifyBaseLogger,
  tally: DeltaTally,
  failure: string,
): () => Promise<void> {
  return startRefresher(() => foldAllDeltas(db, tally), FOLD_EVERY_MS, log, failure);
}
