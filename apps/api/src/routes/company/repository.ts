import { sql } from 'kysely';
import { REQUISITE_FIELDS } from '@tour/core';
import type { Db } from '../../db/database';
import type { CompanyRequisitesTable } from '../../db/schema';
import type { StoredLogo } from '../../domain/papers/company-details';

/** The requisites' text columns (the shared list of fields), the logo's bytes left out. */
const TEXT_COLUMNS = REQUISITE_FIELDS;

export type RequisiteColumn = (typeof TEXT_COLUMNS)[number];
export type RequisiteValues = Pick<CompanyRequisitesTable, RequisiteColumn>;

export interface RequisitesRow extends RequisiteValues {
  logo_mime: string | null;
  logo_size: number | null;
  logo_width: number | null;
  logo_height: number | null;
  logo_updated_at: Date | null;
  updated_at: Date | null;
  updated_by_name: string | null;
}

/** The one row with its author's name; the logo only by its size. */
export async function readRequisites(db: Db): Promise<RequisitesRow | undefined> {
  return db
    .selectFrom('company_requisites as c')
    .leftJoin('users as u', 'u.id', 'c.updated_by')
    .select(TEXT_COLUMNS.map((column) => `c.${column}` as const))
    .select([
      'c.logo_mime',
      sql<number | null>`octet_length(c.logo)`.as('logo_size'),
      'c.logo_width',
      'c.logo_height',
      'c.logo_updated_at',
      'c.updated_at',
      'u.full_name as updated_by_name',
    ])
    .executeTakeFirst();
}

/** The row's values under its lock, for a change that records what it changed. */
export async function lockRequisites(trx: Db) {
  // The migration made the row; a database emptied table by table (tests, a restore) has none.
  await trx
    .insertInto('company_requisites')
    .values({ only_row: true })
    .onConflict((conflict) => conflict.column('only_row').doNothing())
    .execute();
  return trx
    .selectFrom('company_requisites')
    .select([...TEXT_COLUMNS, 'logo_mime', 'logo_width', 'logo_height'])
    .select(sql<number | null>`octet_length(logo)`.as('logo_size'))
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function updateRequisites(
  trx: Db,
  values: Partial<RequisiteValues>,
  userId: number,
): Promise<void> {
  await trx
    .updateTable('company_requisites')
    .set({ ...values, updated_by: userId, updated_at: sql<Date>`now()` })
    .execute();
}

export type { StoredLogo };

export async function setLogo(trx: Db, logo: StoredLogo | null, userId: number): Promise<void> {
  await trx
    .updateTable('company_requisites')
    .set({
      logo: logo?.data ?? null,
      logo_mime: logo?.mime ?? null,
      logo_width: logo?.width ?? null,
      logo_height: logo?.height ?? null,
      logo_updated_at: logo ? sql<Date>`now()` : null,
      updated_by: userId,
      updated_at: sql<Date>`now()`,
    })
    .execute();
}

/** The logo's bytes, or undefined when there is none. */
export async function readLogo(db: Db): Promise<StoredLogo | undefined> {
  const row = await db
    .selectFrom('company_requisites')
    .select(['logo', 'logo_mime', 'logo_width', 'logo_height'])
    .where('logo', 'is not', null)
    .executeTakeFirst();
  if (!row?.logo || !row.logo_mime) return undefined;
  return {
    data: row.logo,
    mime: row.logo_mime,
    width: row.logo_width ?? 0,
    height: row.logo_height ?? 0,
  };
}
