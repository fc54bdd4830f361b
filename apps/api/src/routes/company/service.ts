import { imageSize } from 'image-size';
import {
  companyShortName,
  isLegalForm,
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  LOGO_MESSAGES,
  REQUISITE_FIELDS,
  requisiteError,
  type CompanyLogoInfo,
  type CompanyRequisites,
  type CompanyRequisiteValues,
  type ValidationErrors,
} from '@tour/core';
import type { Db } from '../../db/database';
import type { FieldChange } from '../../db/schema';
import { validationError } from '../../lib/http-errors';
import type { XlsxCompany } from '../../lib/xlsx';
import { recordChanges } from '../../domain/history';
import type { ScopeViewer } from '../../domain/reach';
import * as repo from './repository';
import type { CompanyRequisitesBody } from '@tour/core/contract/company';
import type { CompanyForPrint } from '../../domain/papers/company-details';

/** Where the requisites' changes show: the audit log's record «Реквизиты компании». */
const RECORD = { type: 'company', id: 1 } as const;

function valuesOf(row: repo.RequisiteValues | undefined): CompanyRequisiteValues {
  const values = Object.fromEntries(
    REQUISITE_FIELDS.map((field) => [field, row?.[field] ?? null]),
  ) as CompanyRequisiteValues;
  return { ...values, legal_form: isLegalForm(values.legal_form) ? values.legal_form : null };
}

function logoOf(row: repo.RequisitesRow | undefined): CompanyLogoInfo | null {
  if (!row?.logo_mime || !row.logo_updated_at) return null;
  return {
    mime: row.logo_mime === 'image/png' ? 'image/png' : 'image/jpeg',
    size: Number(row.logo_size ?? 0),
    width: row.logo_width ?? 0,
    height: row.logo_height ?? 0,
    updated_at: row.logo_updated_at.toISOString(),
  };
}

/** GET /admin/company. */
export async function companyRequisites(db: Db): Promise<CompanyRequisites> {
  const row = await repo.readRequisites(db);
  return {
    ...valuesOf(row),
    logo: logoOf(row),
    updated_at: row?.updated_at ? row.updated_at.toISOString() : null,
    updated_by_name: row?.updated_by_name ?? null,
  };
}

export type { CompanyForPrint };

export async function companyForPrint(db: Db): Promise<CompanyForPrint> {
  const [row, logo] = await Promise.all([repo.readRequisites(db), repo.readLogo(db)]);
  return { requisites: valuesOf(row), logo: logo ?? null };
}

/** Trimmed text, null for empty; digits-only requisites lose the spaces people type in them. */
function cleaned(field: (typeof REQUISITE_FIELDS)[number], value: string | null | undefined) {
  const text = value?.replace(/\s+/g, ' ').trim() ?? '';
  if (['inn', 'okpo', 'bank_account', 'bank_bic'].includes(field)) {
    return text.replace(/\s/g, '') || null;
  }
  return text || null;
}

/** The requisites of a save, cleaned, or the 422 naming each one the shared rules refuse. */
export function checkedRequisites(body: CompanyRequisitesBody): Partial<repo.RequisiteValues> {
  const values: Partial<repo.RequisiteValues> = {};
  const errors: ValidationErrors = {};
  for (const field of REQUISITE_FIELDS) {
    if (!(field in body)) continue;
    const value = cleaned(field, body[field]);
    const problem = requisiteError(field, value);
    if (problem) errors[field] = [problem];
    else values[field] = value;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return values;
}

/** Saves checked requisites in the caller's transaction, recording each one that changed. */
export async function writeRequisites(
  trx: Db,
  userId: number,
  values: Partial<repo.RequisiteValues>,
): Promise<void> {
  const before = await repo.lockRequisites(trx);
  const changes: FieldChange[] = [];
  for (const [field, value] of Object.entries(values) as [repo.RequisiteColumn, string | null][]) {
    if ((before[field] ?? null) !== value) changes.push({ field, old: before[field], new: value });
  }
  if (changes.length === 0) return;
  await repo.updateRequisites(trx, values, userId);
  await recordChanges(trx, [
    { record: RECORD, entity: RECORD, action: 'updated', changes, userId },
  ]);
}

/**
 * PUT /admin/company: checks each requisite given with the shared rules (empty is allowed: the
 * documents dialog names what a document lacks), saves them and records each changed one.
 */
export async function saveRequisites(
  db: Db,
  viewer: ScopeViewer,
  body: CompanyRequisitesBody,
): Promise<CompanyRequisites> {
  const values = checkedRequisites(body);
  await db.transaction().execute((trx) => writeRequisites(trx, viewer.id, values));
  return companyRequisites(db);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The image's type and size in pixels, or the Russian reason it is no logo. */
function checkedLogo(image: string): repo.StoredLogo | string {
  const text = image.replace(/\s/g, '');
  if (!BASE64.test(text) || text.length % 4 !== 0) return LOGO_MESSAGES.type;
  const data = Buffer.from(text, 'base64');
  if (data.length === 0) return LOGO_MESSAGES.empty;
  if (data.length > LOGO_MAX_BYTES) return LOGO_MESSAGES.size;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(data);
  } catch {
    return LOGO_MESSAGES.type;
  }
  if (size.type !== 'png' && size.type !== 'jpg') return LOGO_MESSAGES.type;
  if (!size.width || !size.height) return LOGO_MESSAGES.type;
  // A JPEG turned by its EXIF orientation shows with its sides swapped.
  const turned = (size.orientation ?? 1) >= 5;
  const width = turned ? size.height : size.width;
  const height = turned ? size.width : size.height;
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) return LOGO_MESSAGES.side;
  return { data, mime: size.type === 'png' ? 'image/png' : 'image/jpeg', width, height };
}

function logoChange(
  before: {
    logo_mime: string | null;
    logo_size: number | null;
    logo_width: number | null;
    logo_height: number | null;
  },
  after: repo.StoredLogo | null,
): FieldChange {
  const describe = (
    mime: string | null,
    size: number | null,
    width: number | null,
    height: number | null,
  ) =>
    mime
      ? `${mime === 'image/png' ? 'PNG' : 'JPEG'}, ${width}×${height}, ${Math.ceil(Number(size) / 1024)} КБ`
      : null;
  return {
    field: 'logo',
    old: describe(before.logo_mime, before.logo_size, before.logo_width, before.logo_height),
    new: after ? describe(after.mime, after.data.length, after.width, after.height) : null,
  };
}

/** PUT /admin/company/logo: a PNG or JPEG up to 1 MB and 4 000 px a side, recorded. */
export async function saveLogo(db: Db, viewer: ScopeViewer, image: string) {
  const logo = checkedLogo(image);
  if (typeof logo === 'string') throw validationError({ image: [logo] });
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockRequisites(trx);
    await repo.setLogo(trx, logo, viewer.id);
    await recordChanges(trx, [
      {
        record: RECORD,
        entity: RECORD,
        action: 'updated',
        changes: [logoChange(before, logo)],
        userId: viewer.id,
      },
    ]);
  });
  return companyRequisites(db);
}

/** DELETE /admin/company/logo: the documents go on without one. */
export async function deleteLogo(db: Db, viewer: ScopeViewer) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.lockRequisites(trx);
    if (!before.logo_mime) return;
    await repo.setLogo(trx, null, viewer.id);
    await recordChanges(trx, [
      {
        record: RECORD,
        entity: RECORD,
        action: 'updated',
        changes: [logoChange(before, null)],
        userId: viewer.id,
      },
    ]);
  });
  return companyRequisites(db);
}

export const readLogo = repo.readLogo;

/** The company as every XLSX export's header names it (lib/xlsx.ts). */
export async function xlsxCompany(db: Db): Promise<XlsxCompany> {
  const requisites = valuesOf(await repo.readRequisites(db));
  return {
    name: requisites.name ? companyShortName(requisites) : null,
    inn: requisites.inn,
    address: requisites.address,
    phone: requisites.phone,
  };
}
