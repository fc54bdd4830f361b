import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import {
  foldAllDeltas,
  foldDeltas,
  startDeltaFolder,
  type DeltaTally,
} from '../../lib/delta-tally';

/**
 * The administrative report's sums (migration administrative-tally): triggers write signed deltas,
 * the folder moves them into the days; readers add both tables.
 */
export const ADMINISTRATIVE_TALLY: DeltaTally = {
  deltas: 'administrative_deltas',
  tally: 'administrative_days',
  keys: ['day', 'category', 'type', 'currency'],
  sums: [{ delta: 'amount', tally: 'total' }],
};

/** Folds one batch; how many deltas it folded (0: none left). */
export const foldAdministrativeDeltas = (db: Db, batch?: number) =>
  foldDeltas(db, ADMINISTRATIVE_TALLY, batch);

/** Folds until no delta is left; how many it folded. */
export const foldAllAdministrativeDeltas = (db: Db) => foldAllDeltas(db, ADMINISTRATIVE_TALLY);

/** Keeps the deltas few in the background of a running server. */
export const startAdministrativeFolder = (db: Db, log: FastifyBaseLogger) =>
  startDeltaFolder(
    db,
    log,
    ADMINISTRATIVE_TALLY,
    'Свертка сумм административного отчета не удалась',
  );
