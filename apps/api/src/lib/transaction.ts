import type { Db } from '../db/database';
import { uniqueViolationOf, type UniqueFields } from './http-errors';

/**
 * Runs a route's work in one database transaction; a unique index of `fields` violated by a race
 * past the service's checks answers its field's 422 instead of a 500.
 */
export function transactionOf(db: Db, fields: UniqueFields = {}) {
  return <T>(work: (trx: Db) => Promise<T>): Promise<T> =>
    db
      .transaction()
      .execute(work)
      .catch((error: unknown) => {
        throw uniqueViolationOf(error, fields) ?? error;
      });
}
