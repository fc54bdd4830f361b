import type { Db } from '../../db/database';
import { paged } from '../../lib/paging';
import type { RecordType } from '../../domain/history';
import * as repo from './repository';
import {
  HISTORY_PER_PAGE,
  type HistoryEntryJson,
  type HistoryQuery,
} from '@tour/core/contract/history';

// Reading a record's История; every module writes it through domain/history.ts.

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
  const idsOf = (type: string) => [
    ...new Set(rows.filter((row) => row.entity_type === type).map((row) => row.entity_id)),
  ];
  const [names, participants, prices] = await Promise.all([
    Promise.all(
      [...wanted].map(
        async ([kind, ids]) => [kind, await repo.namesOf(db, kind, [...ids])] as const,
      ),
    ).then((pairs) => new Map(pairs)),
    repo.participantNames(db, idsOf('participant')),
    repo.supplierPriceNames(db, idsOf('supplier_price')),
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
    // A supplier's price by its service (a deleted one's changes say what it was).
    ...(row.entity_type === 'supplier_price'
      ? { entity_name: prices.get(row.entity_id) ?? null }
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
