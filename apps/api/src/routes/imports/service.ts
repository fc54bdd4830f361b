import { sql } from 'kysely';
import type { ValidationErrors } from '@tour/core';
import type { Db } from '../../db/database';
import { HttpError, uniqueViolationOf, type UniqueFields } from '../../lib/http-errors';
import { russianFieldErrors, type AjvLikeError } from '../../lib/russian-validation';
import { validatorCompiler } from '../../plugins/validation';
import { recordChanges } from '../../domain/history';
import type { ScopeViewer } from '../../domain/reach';
import type {
  DuplicateChoice,
  ImportPreviewJson,
  ImportResultJson,
  ImportRowJson,
} from '@tour/core/contract/imports';
import type { ImportColumn, SheetRow } from '../../lib/xlsx-import';

/** Who imports: the viewer and its session (a save never ends the caller's own). */
export interface ImportContext {
  viewer: ScopeViewer;
  sessionId: string | null;
}

/** A row as planned: what the preview shows, and the body its save takes. */
export interface PlannedRow<Body> extends ImportRowJson {
  body: Body | null;
}

/**
 * One kind of import (clients, prepared tours): its sheet's columns, how rows are checked and
 * matched (the same checks as the create form's, read-only), and how one row is saved (the
 * create form's own service).
 */
export interface ImportKind<Field extends string, Body> {
  /** The audit's entity type. */
  entity: string;
  sheetName: string;
  fileName: string;
  columns: readonly ImportColumn<Field>[];
  notes: readonly string[];
  uniqueFields: UniqueFields;
  plan(
    trx: Db,
    context: ImportContext,
    rows: SheetRow<Field>[],
    duplicates: DuplicateChoice,
  ): Promise<PlannedRow<Body>[]>;
  save(trx: Db, context: ImportContext, row: PlannedRow<Body>): Promise<void>;
}

/** A validator of a route's body schema, as the route itself validates it, in Russian. */
export function bodyValidator(schema: object): (value: unknown) => ValidationErrors {
  const validate = validatorCompiler({
    schema,
    httpPart: 'body',
    method: 'POST',
    url: '/import',
  }) as ((value: unknown) => boolean) & { errors?: AjvLikeError[] | null };
  return (value) => (validate(value) ? {} : russianFieldErrors(validate.errors ?? []));
}

/** Adds messages to a row's field, each once. */
export function addError(errors: ValidationErrors, field: string, message: string): void {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

export function mergeErrors(into: ValidationErrors, more: ValidationErrors): void {
  for (const [field, messages] of Object.entries(more)) {
    for (const message of messages) addError(into, field, message);
  }
}

const hasErrors = (errors: ValidationErrors) => Object.keys(errors).length > 0;

/** A row's JSON without its body. */
function rowJson<Body>({ body: _body, ...row }: PlannedRow<Body>): ImportRowJson {
  return row;
}

function columnsJson(columns: readonly ImportColumn[]) {
  return columns.map((column) => ({
    field: column.field,
    header: column.header,
    kind: column.kind ?? 'text',
    required: column.required ?? false,
  }));
}

/** The plan's final word on each row: a row with errors is skipped, whatever it matched. */
function settle<Body>(rows: PlannedRow<Body>[]): PlannedRow<Body>[] {
  for (const row of rows) if (hasErrors(row.errors)) row.action = 'skip';
  return rows;
}

/** The preview: every row checked and matched, nothing written (read-only work, no transaction). */
export async function previewImport<Field extends string, Body>(
  db: Db,
  kind: ImportKind<Field, Body>,
  context: ImportContext,
  rows: SheetRow<Field>[],
  duplicates: DuplicateChoice,
): Promise<ImportPreviewJson> {
  const planned = settle(await kind.plan(db, context, rows, duplicates));
  const count = (test: (row: PlannedRow<Body>) => boolean) => planned.filter(test).length;
  return {
    columns: columnsJson(kind.columns),
    rows: planned.map(rowJson),
    counts: {
      total: planned.length,
      create: count((row) => row.action === 'create'),
      update: count((row) => row.action === 'update'),
      skip: count((row) => row.action === 'skip' && !hasErrors(row.errors)),
      invalid: count((row) => hasErrors(row.errors)),
    },
  };
}

/** The answer a save's refusal gives a row: its field errors; anything else is no refusal. */
function refusalOf(error: unknown, uniqueFields: UniqueFields): ValidationErrors | null {
  const refusal =
    error instanceof HttpError && error.statusCode === 422
      ? error
      : uniqueViolationOf(error, uniqueFields);
  if (!refusal) return null;
  return refusal.errors && hasErrors(refusal.errors) ? refusal.errors : { _: [refusal.message] };
}

/**
 * The confirmed import, inside the caller's transaction: the rows planned again (the database may
 * have changed since the preview), each valid one saved by the create form's service behind a
 * savepoint (a row its service still refuses is skipped with the service's errors, and the rest
 * go on), then one audit row: who, which file, how many rows created, updated and skipped.
 */
export async function confirmImport<Field extends string, Body>(
  trx: Db,
  kind: ImportKind<Field, Body>,
  context: ImportContext,
  rows: SheetRow<Field>[],
  duplicates: DuplicateChoice,
  fileName: string | undefined,
): Promise<ImportResultJson> {
  const planned = settle(await kind.plan(trx, context, rows, duplicates));
  let created = 0;
  let updated = 0;
  for (const row of planned) {
    if (row.action === 'skip') continue;
    await sql`savepoint import_row`.execute(trx);
    try {
      await kind.save(trx, context, row);
      await sql`release savepoint import_row`.execute(trx);
      if (row.action === 'create') created += 1;
      else updated += 1;
    } catch (error) {
      const errors = refusalOf(error, kind.uniqueFields);
      if (!errors) throw error;
      await sql`rollback to savepoint import_row`.execute(trx);
      mergeErrors(row.errors, errors);
      row.action = 'skip';
    }
  }
  const skipped = planned.filter((row) => row.action === 'skip');
  const figure = (field: string, value: unknown) => ({ field, old: null, new: value });
  await recordChanges(trx, [
    {
      record: { type: 'import', id: null },
      entity: { type: kind.entity, id: null },
      action: 'imported',
      changes: [
        ...(fileName ? [figure('file', fileName)] : []),
        figure('rows', planned.length),
        figure('created', created),
        figure('updated', updated),
        figure('skipped', skipped.length),
        figure('invalid', skipped.filter((row) => hasErrors(row.errors)).length),
      ],
      userId: context.viewer.id,
    },
  ]);
  return { created, updated, skipped: skipped.length, skipped_rows: skipped.map(rowJson) };
}

/** The first sheet row that already holds a value, per value: duplicates within the file. */
export class SeenInFile {
  private readonly seen = new Map<string, number>();
  /** The earlier row holding `value` under `key`, else null (and this row is remembered). */
  earlier(key: string, value: string | null | undefined, row: number): number | null {
    if (!value) return null;
    const name = `${key}\u0000${value}`;
    const first = this.seen.get(name);
    if (first !== undefined) return first;
    this.seen.set(name, row);
    return null;
  }
}

/** True when the row's cells are exactly the template's example row. */
export function isExample<Field extends string>(
  cells: Record<Field, string>,
  example: Record<Field, string>,
): boolean {
  return (Object.keys(example) as Field[]).every((field) => cells[field] === example[field]);
}

export const EXAMPLE_NOTE = 'Строка-пример из шаблона: пропущена';
export const matchNote = (name: string) => `Уже есть: ${name}`;
