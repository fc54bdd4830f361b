import ExcelJS from 'exceljs';
import { HttpError, validationError } from './http-errors';

// Reading a person's spreadsheet (an import's upload: clients, prepared tours, a price list) and
// writing the template it starts from.
// The upload is a stranger's file: its size, its unpacked size and its rows are bounded before
// exceljs holds it whole, and whatever it is (an old .xls, a CSV, a PDF, a broken zip) the answer
// is a Russian 422 on `file`, never a 500.

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** The most a 5 MB upload may unpack to: ample for 5 000 rows of any width, far below a bomb. */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

export const FILE_MESSAGES = {
  noFile: 'Загрузите файл Excel (XLSX), заполненный по шаблону',
  tooLarge: 'Файл больше 5 МБ: разделите его на несколько файлов',
  legacyXls: 'Это файл старого формата Excel (XLS): откройте его в Excel и сохраните как XLSX',
  notXlsx: 'Это не файл Excel (XLSX): скачайте шаблон и перенесите данные в него',
  broken: 'Файл повреждён или это не таблица Excel (XLSX): сохраните его в Excel заново',
  tooBig: 'Файл распаковывается в слишком большой объём: это не таблица из шаблона',
  empty: 'В файле нет ни одной заполненной строки под заголовками',
  tooManyRows: (rows: number) =>
    `В файле ${rows.toLocaleString('ru-RU')} строк, а за один раз можно загрузить не больше ` +
    `${IMPORT_MAX_ROWS.toLocaleString('ru-RU')}: разделите его на несколько файлов`,
  missingColumns: (headers: string[]) =>
    `В файле нет ${headers.length === 1 ? 'столбца' : 'столбцов'} ` +
    `${headers.map((header) => `«${header}»`).join(', ')}: первая строка листа — заголовки ` +
    'из шаблона. Скачайте шаблон и перенесите данные в него',
} as const;

/** A column of an import's sheet: its field, its header in the template, how its cells read. */
export interface ImportColumn<Field extends string = string> {
  field: Field;
  header: string;
  /** Other headers a person's own table may have for it (compared as normalizeHeader does). */
  aliases?: readonly string[];
  required?: boolean;
  kind?: 'text' | 'date' | 'number';
  /** In characters, in the template. */
  width: number;
  /** The template's example row. */
  example: string | number | Date | null;
  /** The template's «Как заполнять» line. */
  hint: string;
}

/** A sheet row read: its number in the sheet and its cells by field, as text ('' when blank). */
export interface SheetRow<Field extends string = string> {
  row: number;
  cells: Record<Field, string>;
}

const fileError = (message: string) => validationError({ file: [message] }, message);

const ZIP_LOCAL = 0x04034b50;
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The file is a zip whose declared unpacked size is sane: read from its central directory before
 * anything is unpacked (a zip bomb of a few MB would otherwise fill the memory).
 */
function checkZip(file: Buffer): void {
  if (file.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) {
    throw fileError(FILE_MESSAGES.legacyXls);
  }
  if (file.length < 22 || file.readUInt32LE(0) !== ZIP_LOCAL) {
    throw fileError(FILE_MESSAGES.notXlsx);
  }
  // The end record sits in the last 22 bytes plus a comment of at most 65 535.
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 65_535); at -= 1) {
    if (file.readUInt32LE(at) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end < 0) throw fileError(FILE_MESSAGES.broken);
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let unpacked = 0;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== ZIP_CENTRAL) {
      throw fileError(FILE_MESSAGES.broken);
    }
    unpacked += file.readUInt32LE(at + 24);
    if (unpacked > MAX_UNPACKED_BYTES) throw fileError(FILE_MESSAGES.tooBig);
    at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
}

/** A header as compared: lower case, without the required mark, spaces and «ё» evened out. */
export function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/[*:]/g, '').replace(/\s+/g, ' ').trim();
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A Date exceljs read from a date cell (a day at midnight UTC) as YYYY-MM-DD. */
function isoDay(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A day as a person writes it: DD.MM.YYYY. */
const russianDay = (iso: string) => iso.split('-').reverse().join('.');

/** A cell's value as text: dates as YYYY-MM-DD, rich text and links as their text, formulas' results. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDay(value);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) {
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  }
  if ('text' in value) {
    const text = (value as { text: unknown }).text;
    // A link's text may itself be rich text.
    return typeof text === 'string' ? text.trim() : cellText(text as ExcelJS.CellValue);
  }
  if ('error' in value) return String(value.error);
  return '';
}

/**
 * The first sheet whose first row carries every required header, read into rows of text by
 * field. Blank rows are left out; row numbers are the sheet's, as the person sees them in Excel.
 */
export async function readImportSheet<Field extends string>(
  file: unknown,
  columns: readonly ImportColumn<Field>[],
): Promise<SheetRow<Field>[]> {
  if (!Buffer.isBuffer(file) || file.length === 0) throw fileError(FILE_MESSAGES.noFile);
  if (file.length > IMPORT_MAX_BYTES) {
    throw new HttpError(413, FILE_MESSAGES.tooLarge, { file: [FILE_MESSAGES.tooLarge] });
  }
  checkZip(file);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw fileError(FILE_MESSAGES.broken);
  }
  if (workbook.worksheets.length === 0) throw fileError(FILE_MESSAGES.broken);

  const wanted = new Map<string, ImportColumn<Field>>();
  for (const column of columns) {
    for (const name of [column.header, ...(column.aliases ?? [])]) {
      wanted.set(normalizeHeader(name), column);
    }
  }
  const required = columns.filter((column) => column.required);
  let best: { sheet: ExcelJS.Worksheet; at: Map<Field, number>; missing: string[] } | null = null;
  for (const sheet of workbook.worksheets) {
    const at = new Map<Field, number>();
    sheet.getRow(1).eachCell((cell, number) => {
      const column = wanted.get(normalizeHeader(cellText(cell.value)));
      if (column && !at.has(column.field)) at.set(column.field, number);
    });
    const missing = required.filter((column) => !at.has(column.field)).map((c) => c.header);
    if (!best || missing.length < best.missing.length) best = { sheet, at, missing };
    if (missing.length === 0) break;
  }
  if (!best || best.missing.length > 0) {
    throw fileError(FILE_MESSAGES.missingColumns(best?.missing ?? required.map((c) => c.header)));
  }

  const { sheet, at } = best;
  const rows: SheetRow<Field>[] = [];
  let filled = 0;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = {} as Record<Field, string>;
    let any = false;
    for (const column of columns) {
      const index = at.get(column.field);
      const text = index === undefined ? '' : cellText(row.getCell(index).value);
      cells[column.field] = text;
      if (text !== '') any = true;
    }
    if (!any) return;
    filled += 1;
    // Counted on, not kept: the message names the file's whole count.
    if (filled <= IMPORT_MAX_ROWS) rows.push({ row: number, cells });
  });
  if (filled > IMPORT_MAX_ROWS) throw fileError(FILE_MESSAGES.tooManyRows(filled));
  if (rows.length === 0) throw fileError(FILE_MESSAGES.empty);
  return rows;
}

const DOTTED_DAY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Excel's day 1 is 1900-01-01 and it counts a 29.02.1900 that never was: day 0 is 30.12.1899. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A date cell's text as YYYY-MM-DD: a date cell, DD.MM.YYYY (or with dashes or slashes),
 * YYYY-MM-DD, or Excel's day number of a cell not formatted as a date. Anything else comes back
 * as written, for the form's own date check to refuse in its words.
 */
export function importDay(text: string): string {
  const dotted = DOTTED_DAY.exec(text);
  if (dotted) return `${dotted[3]}-${pad(Number(dotted[2]))}-${pad(Number(dotted[1]))}`;
  if (ISO_DAY.test(text)) return text;
  if (/^\d{1,6}(\.0+)?$/.test(text)) {
    const days = Number(text);
    if (days >= 1 && days <= 2_958_465) return isoDay(new Date(EXCEL_EPOCH + days * DAY_MS));
  }
  return text;
}

/** How an example value is written into the template's text columns. */
function exampleCell(column: ImportColumn, value: ImportColumn['example']) {
  if (value instanceof Date || column.kind !== 'date' || typeof value !== 'string') return value;
  return new Date(`${value}T00:00:00Z`);
}

/**
 * The template of an import: the sheet named `sheetName` with the columns' headers (required ones
 * marked with *) and one example row, frozen header, dates as DD.MM.YYYY, phones and numbers kept
 * as text (Excel would drop a leading + or 0); then «Как заполнять» with a line per column.
 */
export async function importTemplate(
  sheetName: string,
  columns: readonly ImportColumn[],
  notes: readonly string[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tour back office';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.required ? `${column.header}*` : column.header,
    width: column.width,
    style:
      column.kind === 'date'
        ? { numFmt: 'dd.mm.yyyy' }
        : column.kind === 'number'
          ? {}
          : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(columns.map((column) => exampleCell(column, column.example)));
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF808080' } };

  const help = workbook.addWorksheet('Как заполнять');
  help.columns = [
    { header: 'Столбец', width: 28 },
    { header: 'Обязательный', width: 14 },
    { header: 'Что писать', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of columns) {
    help.addRow([column.header, column.required ? 'да' : 'нет', column.hint]);
  }
  help.addRow([]);
  for (const note of notes) help.addRow([note]);
  help.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The example row's cells as readImportSheet reads them back (to tell the example from data). */
export function exampleCells<Field extends string>(
  columns: readonly ImportColumn<Field>[],
): Record<Field, string> {
  const cells = {} as Record<Field, string>;
  for (const column of columns) {
    const value = column.example;
    cells[column.field] =
      value === null
        ? ''
        : value instanceof Date
          ? isoDay(value)
          : column.kind === 'date' && typeof value === 'string'
            ? value
            : String(value);
  }
  return cells;
}

export { russianDay };
