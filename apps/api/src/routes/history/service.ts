import type { Db } from '../../db/database';
import type { FieldChange } from '../../db/schema';
import { paged } from '../../lib/paging';
import * as repo from './repository';
import { HISTORY_PER_PAGE, type HistoryEntryJson, type HistoryQuery } from './schemas';

/**
 * The one way a change of a record is written down (DESIGN.md 6 "История"): who, when, and each
 * field's old and new value, in the caller's transaction so that a change and its history commit
 * together. A record's history shows the changes of the rows that belong to it (a participant's
 * on its trip): `record` names where it shows, `entity` the row that changed. Trips, participants,
 * prepared tours and requests write here; bookings, wallets and rates will too.
 */

export type RecordType = 'trip' | 'prepared_tour' | 'request';

export interface Change {
  record: { type: RecordType; id: number };
  entity: { type: string; id: number };
  action: string;
  changes: FieldChange[];
  userId: number | null;
}

/** Values compared and stored as JSON: dates, arrays and objects by value. */
function comparable(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value ?? null);
}

function stored(value: unknown): unknown {
  if (value === undefined) return null;
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * The changed fields among `fields`, from `before` (null: the record is new, every non-empty field
 * is a change from null) to `after`.
 */
export function changedFields<T extends object>(
  before: T | null,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const old = before ? before[field] : null;
    const now = after[field];
    if (before === null && (now === null || now === undefined)) continue;
    if (comparable(old) !== comparable(now)) {
      changes.push({ field, old: stored(old), new: stored(now) });
    }
  }
  return changes;
}

/** Writes changes down; an update that changed nothing leaves no row. */
export async function recordChanges(trx: Db, changes: Change[]): Promise<void> {
  await repo.insertAuditRows(
    trx,
    changes
      .filter((change) => change.changes.length > 0 || change.action !== 'updated')
      .map((change) => ({
        record_type: change.record.type,
        record_id: change.record.id,
        entity_type: change.entity.type,
        entity_id: change.entity.id,
        action: change.action,
        changes: change.changes,
        user_id: change.userId,
      })),
  );
}

/** One page of a record's history, newest first (the caller has checked the viewer reaches it). */
export function historyOf(db: Db, record: RecordType, id: number, query: HistoryQuery) {
  return paged(
    query,
    HISTORY_PER_PAGE,
    (limit, offset) => repo.pageOfHistory(db, record, id, limit, offset),
    () => repo.countHistory(db, record, id),
    (row): HistoryEntryJson => ({ ...row, created_at: row.created_at.toISOString() }),
  );
}
