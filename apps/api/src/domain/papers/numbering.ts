import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The series of papers, each numbered from 1 every year (migration papers). */
export type PaperSeries = 'invoice' | 'receipt' | 'act' | 'agent_report' | 'quote';

/** A paper's number as it is printed: «№ 7 от 27.11.2026» is `{ number: 7, issuedOn }`. */
export interface PaperNumber {
  series: PaperSeries;
  year: number;
  number: number;
  /** YYYY-MM-DD: the day of the first print, kept for every reprint. */
  issuedOn: string;
}

/**
 * The paper of `subject` in `series`: the one printed before (its number and date kept), or a new
 * one numbered next in the year of `issuedOn` (YYYY-MM-DD). Call it inside the transaction that
 * reads the paper's figures; the series' counter row, locked, makes concurrent first prints of a
 * year sequential, and a rollback takes its number back with it, so no number is skipped.
 */
export async function paperNumber(
  trx: Db,
  series: PaperSeries,
  subject: string,
  issuedOn: string,
  issuedBy: number | null,
): Promise<PaperNumber> {
  const year = Number(issuedOn.slice(0, 4));
  // Lock the year's counter first, then look for the subject: two first prints of one subject
  // wait for each other here, and the second finds the first's paper.
  await trx
    .insertInto('paper_counters')
    .values({ series, year, last: 0 })
    .onConflict((conflict) => conflict.columns(['series', 'year']).doNothing())
    .execute();
  const counter = await trx
    .selectFrom('paper_counters')
    .select('last')
    .where('series', '=', series)
    .where('year', '=', year)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const kept = await trx
    .selectFrom('papers')
    .select(['year', 'number', sql<string>`issued_on::text`.as('issued_on')])
    .where('series', '=', series)
    .where('subject', '=', subject)
    .executeTakeFirst();
  if (kept) return { series, year: kept.year, number: kept.number, issuedOn: kept.issued_on };
  const number = counter.last + 1;
  await trx
    .updateTable('paper_counters')
    .set({ last: number })
    .where('series', '=', series)
    .where('year', '=', year)
    .execute();
  await trx
    .insertInto('papers')
    .values({ series, year, number, subject, issued_on: issuedOn, issued_by: issuedBy })
    .execute();
  return { series, year, number, issuedOn };
}

/** «№ 7 от 27.11.2026». */
export function paperNumberText(paper: PaperNumber): string {
  const [year, month, day] = paper.issuedOn.split('-');
  return `№ ${paper.number} от ${day}.${month}.${year}`;
}
