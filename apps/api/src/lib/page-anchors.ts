import { paginate } from '@tour/core/contract/common';
import type { Paging } from './paging';
import { singleFlight } from './single-flight';

/**
 * Deep pages without deep OFFSETs, for lists ordered by id (newest first).
 *
 * OFFSET walks one index entry per skipped row: page 3000 of 100k users walks 60k entries on
 * every request. An anchor is the id at every ANCHOR_EVERY-th position of a list; page N starts
 * from the anchor before it (`id <= anchor`) and walks fewer than ANCHOR_EVERY entries.
 *
 * Anchors hold while the list holds the same ids. Each request past the first page reads the
 * list's fingerprint (how many ids and their sum: one index-only pass, shared among concurrent
 * requests) and rebuilds the anchors, in one pass, when it differs from theirs. Ids only grow,
 * so an insert changes the sum, a delete changes the count, and leaving or joining a filtered
 * list changes both; only a change that leaves both exactly equal goes unseen (one user leaving
 * a list while another whose id is the same sum joins it, between two page loads), and it shifts
 * that page as an insert between two page loads shifts any OFFSET paging.
 */
export const ANCHOR_EVERY = 1000;
/** Lists whose anchors are kept, per database: the least recently used are forgotten. */
const KEPT_LISTS = 200;

export interface Fingerprint {
  total: number;
  /** Sum of the list's ids, as text (it outgrows a double). */
  sum: string;
}

export interface Anchored extends Fingerprint {
  /** The ids at positions 0, every, 2 × every, ... */
  anchors: number[];
}

export interface AnchoredList<Row> {
  /** Names the list: everything its rows depend on (filters, the viewer's reach). */
  key: string;
  /** Positions between anchors: ANCHOR_EVERY but in tests. */
  every: number;
  /** A page: `limit` rows after skipping `offset`, among ids at most `atMostId` when given. */
  rowsOf: (limit: number, offset: number, atMostId: number | null) => Promise<Row[]>;
  fingerprint: () => Promise<Fingerprint>;
  /** The ids at every `every`-th position, with the fingerprint of the list they come from. */
  anchors: () => Promise<Anchored>;
}

const sameList = (a: Fingerprint, b: Fingerprint) => a.total === b.total && a.sum === b.sum;

const sharedFingerprint = singleFlight<object, Fingerprint>();
const sharedBuild = singleFlight<object, Anchored>();
// Per database (tests run several in one process), then per list key.
const kept = new WeakMap<object, Map<string, Anchored>>();

/** The anchors of the list as it is now (`current`), from memory or built anew. */
async function anchorsFor(
  scope: object,
  list: AnchoredList<unknown>,
  current: Fingerprint,
): Promise<Anchored> {
  let lists = kept.get(scope);
  if (!lists) kept.set(scope, (lists = new Map()));
  const known = lists.get(list.key);
  lists.delete(list.key);
  if (known && sameList(known, current)) {
    lists.set(list.key, known);
    return known;
  }
  const built = await sharedBuild(scope, list.key, list.anchors);
  lists.set(list.key, built);
  if (lists.size > KEPT_LISTS) lists.delete(lists.keys().next().value!);
  return built;
}

/** A Laravel paginator of a list ordered by id, newest first, whatever the page's depth. */
export async function anchoredPage<Row, Json>(
  scope: object,
  { page = 1, per_page: perPage }: Paging,
  defaultPerPage: number,
  list: AnchoredList<Row>,
  toJson: (row: Row) => Json,
) {
  const limit = perPage ?? defaultPerPage;
  const offset = (page - 1) * limit;
  const fingerprint = () => sharedFingerprint(scope, list.key, list.fingerprint);
  let rows: Row[];
  let total: number;
  if (offset < list.every) {
    rows = await list.rowsOf(limit, offset, null);
    const known = rows.length < limit && (rows.length > 0 || page === 1);
    total = known ? offset + rows.length : (await fingerprint()).total;
  } else {
    const current = await fingerprint();
    total = current.total;
    if (offset >= total) {
      rows = [];
    } else {
      const { anchors } = await anchorsFor(scope, list, current);
      const index = Math.min(Math.floor(offset / list.every), anchors.length - 1);
      rows =
        index > 0
          ? await list.rowsOf(limit, offset - index * list.every, anchors[index]!)
          : await list.rowsOf(limit, offset, null);
    }
  }
  return paginate(rows.map(toJson), total, page, limit);
}
