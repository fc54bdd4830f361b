import { paginate } from '@tour/core/contract/common';
import { singleFlight } from './single-flight';

export interface Paging {
  page?: number;
  per_page?: number;
}

/**
 * A Laravel paginator from a page query and a count. The count is skipped when the page itself
 * tells the total (a short page that is not past the end): most filtered lists fit on one page.
 */
export async function paged<Row, Json>(
  { page = 1, per_page: perPage }: Paging,
  defaultPerPage: number,
  rowsOf: (limit: number, offset: number) => Promise<Row[]>,
  count: () => Promise<number>,
  toJson: (row: Row) => Json,
) {
  const limit = perPage ?? defaultPerPage;
  const offset = (page - 1) * limit;
  const rows = await rowsOf(limit, offset);
  const known = rows.length < limit && (rows.length > 0 || page === 1);
  const total = known ? offset + rows.length : await count();
  return paginate(rows.map(toJson), total, page, limit);
}

/** Rows in list order, or from the list's far end when `fromEnd` (the caller reverses them). */
export type RowsFromEitherEnd<Row> = (
  limit: number,
  offset: number,
  fromEnd: boolean,
) => Promise<Row[]>;

/**
 * The page of a list whose total is known, read from whichever end of the list is nearer: OFFSET
 * walks a step per skipped row, so no page walks more than half of the list.
 */
export async function pageOfKnownTotal<Row, Json>(
  { page = 1, per_page: perPage }: Paging,
  defaultPerPage: number,
  total: number,
  rowsOf: RowsFromEitherEnd<Row>,
  toJson: (row: Row) => Json,
) {
  const limit = perPage ?? defaultPerPage;
  const offset = (page - 1) * limit;
  let rows: Row[] = [];
  if (offset >= total) {
    rows = [];
  } else if (offset + limit / 2 <= total / 2) {
    rows = await rowsOf(limit, offset, false);
  } else {
    const take = Math.min(limit, total - offset);
    rows = (await rowsOf(take, total - offset - take, true)).reverse();
  }
  return paginate(rows.map(toJson), total, page, limit);
}

/**
 * A count over a whole list costs tens of milliseconds at a hundred thousand rows: requests that
 * arrive while one count with the same key runs share it instead of each starting their own.
 * The key must name everything the count depends on (filters and the viewer's reach).
 */
export const sharedCount = singleFlight<object, number>();
