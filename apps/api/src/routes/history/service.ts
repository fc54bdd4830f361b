import type { Db } from '../../db/database';
import type { FieldChange } from '../../db/schema';
import { paged } from '../../lib/paging';
import { currentIp } from '../../lib/request-context';
import * as repo from './repository';
import {
  HISTORY_PER_PAGE,
  type HistoryEntryJson,
  type HistoryQuery,
} from '@tour/core/contract/history';

/**
 * The one way a change of a record is written down (DESIGN.md 6 "История"): who, when, and each
 * field's old and new value, in the caller's transaction so that a change and its history commit
 * together. A record's history shows the changes of the rows that belong to it (a participant's
 * on its trip): `record` names where it shows, `entity` the row that changed. Trips, participants,
 * prepared tours, requests, wallets, suppliers and bookings write here.
 *
 * The same table is the audit log (GET /admin/audit): sign-ins (record `user`), refusals
 * (`access`), money movements and their resolutions (`operation`), role changes (`user`) and
 * exports (`export`) are written the same way. Every row keeps the client's address: the request's
 * (lib/request-context) unless the change names one.
 */

export type RecordType =
  | 'trip'
  | 'prepared_tour'
  | 'request'
  | 'ledger_setting'
  | 'company'
  | 'wallet'
  | 'supplier'
  | 'booking'
  | 'user'
  | 'operation'
  | 'access'
  | 'export'
  | 'import';

export interface Change {
  /** id null: an event that names no record (a refusal, an export, an unknown login). */
  record: { type: RecordType; id: number | null };
  entity: { type: string; id: number | null };
  action: string;
  changes: FieldChange[];
  userId: number | null;
  /** The client's address; the current request's by default. */
  ip?: string | null;
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
        ip: change.ip === undefined ? currentIp() : change.ip,
      })),
  );
}

/**
 * Fields whose values are ids of other records: the history shows their names beside the ids
 * (a tourist, not "292"). A section whose records refer to others adds its fields here.
 */
const REFERENCES: Record<string, repo.ReferenceKind> = {
  user_id: 'user',
  manager_id: 'user',
  assignee_id: 'user',
  prepared_tour_id: 'prepared_tour',
  trip_id: 'trip',
  supplier_id: 'supplier',
};

const referenceOf = (field: string, value: unknown) =>
  REFERENCES[field] && typeof value === 'number' ? { kind: REFERENCES[field], id: value } : null;

/**
 * The rows' changes with the names of the records their references point to, read per kind, and
 * a participant's row with its tourist's name.
 */
async function withNames(db: Db, rows: repo.AuditRowWithUser[]): Promise<HistoryEntryJson[]> {
  const wanted = new Map<repo.ReferenceKind, Set<number>>();
  for (const row of rows) {
    for (const change of row.changes) {
      for (const value of [change.old, change.new]) {
        const reference = referenceOf(change.field, value);
        if (reference)
          wanted.set(reference.kind, (wanted.get(reference.kind) ?? new Set()).add(reference.id));
      }
    }
  }
  const participantIds = rows
    .filter((row) => row.entity_type === 'participant')
    .map((row) => row.entity_id);
  const [names, participants] = await Promise.all([
    Promise.all(
      [...wanted].map(
        async ([kind, ids]) => [kind, await repo.namesOf(db, kind, [...ids])] as const,
      ),
    ).then((pairs) => new Map(pairs)),
    repo.participantNames(db, [...new Set(participantIds)]),
  ]);
  const nameOf = (field: string, value: unknown) => {
    const reference = referenceOf(field, value);
    return reference ? (names.get(reference.kind)?.get(reference.id) ?? null) : undefined;
  };
  return rows.map((row) => ({
    ...row,
    // A participant's row is named by its tourist, never by the participant's id.
    ...(row.entity_type === 'participant'
      ? { entity_name: participants.get(row.entity_id) ?? null }
      : {}),
    changes: row.changes.map((change) => {
      const oldName = nameOf(change.field, change.old);
      const newName = nameOf(change.field, change.new);
      return {
        ...change,
        ...(oldName === undefined ? {} : { old_name: oldName }),
        ...(newName === undefined ? {} : { new_name: newName }),
      };
    }),
    created_at: row.created_at.toISOString(),
  }));
}

/** One page of a record's history, newest first (the caller has checked the viewer reaches it). */
export async function historyOf(
  db: Db,
  record: RecordType,
  id: number,
  query: HistoryQuery,
  excludeActions: readonly string[] = [],
) {
  const page = await paged(
    query,
    HISTORY_PER_PAGE,
    (limit, offset) => repo.pageOfHistory(db, record, id, limit, offset, excludeActions),
    () => repo.countHistory(db, record, id, excludeActions),
    (row) => row,
  );
  return { ...page, data: await withNames(db, page.data) };
}
