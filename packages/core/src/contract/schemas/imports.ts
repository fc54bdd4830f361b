import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common';

/** What is imported from Excel: clients (users) or prepared tours; /admin/imports/{kind}/…. */
export type ImportKind = 'users' | 'tours';

export const IMPORT_ACTIONS = ['create', 'update', 'skip'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const DUPLICATE_CHOICES = ['skip', 'update'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

export const ImportQuery = Type.Object(
  {
    duplicates: Type.Optional(
      StringEnum(DUPLICATE_CHOICES, {
        default: 'skip',
        description:
          'Что делать со строкой, совпавшей с уже существующей записью: skip — пропустить ' +
          '(по умолчанию), update — обновить её заполненными ячейками строки',
      }),
    ),
    file_name: Type.Optional(
      Type.String({ maxLength: 255, description: 'Имя загруженного файла, для журнала' }),
    ),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

/** The body: the XLSX file's bytes (documented; the handler reads and checks them itself). */
export const ImportFileBody = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'Файл XLSX как есть, не больше 5 МБ и 5 000 строк',
});

export const ImportColumnJson = Type.Object({
  field: Type.String(),
  header: Type.String(),
  kind: StringEnum(['text', 'date', 'number'] as const),
  required: Type.Boolean(),
});

export const ImportRowJson = Type.Object({
  row: Type.Integer({ description: 'Номер строки в листе, как его видно в Excel' }),
  values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]), {
    description: 'Значения строки по полям, как они будут записаны (даты — YYYY-MM-DD)',
  }),
  errors: Type.Record(Type.String(), Type.Array(Type.String()), {
    description: 'Ошибки по полям, по-русски; строка с ошибками пропускается',
  }),
  action: StringEnum(IMPORT_ACTIONS),
  match: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()], {
    description: '«Уже есть: …», строка-пример шаблона и т. п.',
  }),
});
export type ImportRowJson = Static<typeof ImportRowJson>;

export const ImportPreviewJson = Type.Object({
  columns: Type.Array(ImportColumnJson),
  rows: Type.Array(ImportRowJson),
  counts: Type.Object({
    total: Type.Integer(),
    create: Type.Integer(),
    update: Type.Integer(),
    skip: Type.Integer({ description: 'Совпадения и пример, пропускаемые без ошибок' }),
    invalid: Type.Integer({ description: 'Строки с ошибками' }),
  }),
});
export type ImportPreviewJson = Static<typeof ImportPreviewJson>;

export const ImportResultJson = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  skipped_rows: Type.Array(ImportRowJson, {
    description: 'Пропущенные строки: с ошибками (и почему) и совпадения, оставленные как есть',
  }),
});
export type ImportResultJson = Static<typeof ImportResultJson>;
