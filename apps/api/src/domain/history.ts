import type { Db } from '../db/database';
import type { FieldChange } from '../db/schema';
import { currentIp } from '../lib/request-context';

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
  await insertAuditRows(
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

interface NewAuditRow {
  record_type: string;
  record_id: number | null;
  entity_type: string;
  entity_id: number | null;
  action: string;
  changes: FieldChange[];
  user_id: number | null;
  ip: string | null;
}

async function insertAuditRows(trx: Db, rows: NewAuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('audit_log')
    .values(rows.map((row) => ({ ...row, changes: JSON.stringify(row.changes) })))
    .execute();
}
