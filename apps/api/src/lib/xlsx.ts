import { encodeExtended, format } from 'content-disposition';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** DESIGN.md 6 "Exports": a list as a sheet, built with exceljs on the server. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The OpenAPI answer of an export (as documents' DocxFile). */
export const XlsxFile = {
  description: 'Файл XLSX; имя — в Content-Disposition (filename и filename*)',
  content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } },
};

export type CellValue = string | number | null;

/**
 * The company as every export's header names it (DESIGN.md 9): its name and INN on the left of
 * each printed page's header, its address and phone on the right, the workbook's «Организация»
 * property. What is not filled in is left out, never printed as a placeholder.
 */
export interface XlsxCompany {
  name: string | null;
  inn: string | null;
  address: string | null;
  phone: string | null;
}

/** Text in a header's section: `&` starts Excel's codes, so a literal one is doubled. */
const headerText = (text: string) => text.replace(/&/g, '&&');

/** The printed page's header (company) and footer (page numbers) of every sheet of an export. */
export function companyHeaderFooter(company: XlsxCompany): {
  oddHeader: string;
  oddFooter: string;
} {
  const left = [company.name, company.inn && `ИНН ${company.inn}`].filter(Boolean).join(', ');
  const right = [company.address, company.phone && `тел. ${company.phone}`]
    .filter(Boolean)
    .join(', ');
  return {
    oddHeader: `&L&8${headerText(left)}&R&8${headerText(right)}`,
    oddFooter: '&C&8Страница &P из &N',
  };
}

/** Names the company on a workbook and, through companyHeaderFooter, on each of its sheets. */
export function markWorkbook(
  workbook: { creator: string; company?: string },
  company: XlsxCompany,
): void {
  workbook.creator = company.name ?? 'Tour back office';
  workbook.company = company.name ?? '';
}

export interface XlsxColumn<Row> {
  header: string;
  /** In characters. */
  width: number;
  value: (row: Row) => CellValue;
  /** A day 'YYYY-MM-DD' shown as DD.MM.YYYY, or an amount shown with two decimals. */
  kind?: 'date' | 'amount';
}

const DATE_FORMAT = 'dd.mm.yyyy';
const AMOUNT_FORMAT = '#,##0.00';

/** A day as Excel's date (midnight UTC: the sheet shows the same day in every time zone). */
function excelDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function columnOf<Row>(column: XlsxColumn<Row>) {
  return {
    header: column.header,
    width: column.width,
    style:
      column.kind === 'date'
        ? { numFmt: DATE_FORMAT }
        : column.kind === 'amount'
          ? { numFmt: AMOUNT_FORMAT }
          : {},
  };
}

function valuesOf<Row>(columns: XlsxColumn<Row>[], row: Row) {
  return columns.map((column) => {
    const value = column.value(row);
    return column.kind === 'date' && typeof value === 'string' ? excelDate(value) : value;
  });
}

/** A further sheet of a workbook (totals beside a list). */
export interface XlsxSheet<Row> {
  name: string;
  columns: XlsxColumn<Row>[];
  rows: Iterable<Row>;
}

/** One sheet (and any further ones): a bold, frozen header row with a filter, a row per item. */
export async function xlsxOf<Row, Extra = never>(
  company: XlsxCompany,
  sheetName: string,
  columns: XlsxColumn<Row>[],
  rows: Iterable<Row>,
  ...extra: XlsxSheet<Extra>[]
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  markWorkbook(workbook, company);
  addSheet(workbook, company, { name: sheetName, columns, rows });
  for (const sheet of extra) addSheet(workbook, company, sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addSheet<Row>(
  workbook: ExcelJS.Workbook,
  company: XlsxCompany,
  { name: sheetName, columns, rows }: XlsxSheet<Row>,
) {
  const sheet = workbook.addWorksheet(sheetName, {
    views: [{ state: 'frozen', ySplit: 1 }],
    headerFooter: companyHeaderFooter(company),
  });
  sheet.columns = columns.map(columnOf);
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  for (const row of rows) {
    sheet.addRow(valuesOf(columns, row));
  }
}

/** A sheet whose rows arrive one by one (read from the database in batches). */
export interface StreamedSheet<Row> {
  name: string;
  columns: XlsxColumn<Row>[];
  rows: AsyncIterable<Row> | (() => Promise<Iterable<Row>>);
}

/** A sheet of any row type, for the list of streamXlsx. */
export const streamedSheet = <Row>(sheet: StreamedSheet<Row>) =>
  sheet as unknown as StreamedSheet<never>;

/**
 * Streams a workbook to the client as it is written (exceljs's streaming writer): each row is
 * committed and sent as soon as it is read, so a list of any length never sits in memory. The
 * sheets are written in order. A failure half-way ends the response; the client sees a broken
 * download, never a wrong file that looks whole.
 */
export function streamXlsx(
  reply: FastifyReply,
  file: { name: string; asciiName: string },
  sheets: StreamedSheet<never>[],
  company: XlsxCompany,
): FastifyReply {
  const body = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true });
  markWorkbook(workbook, company);
  void (async () => {
    for (const { name, columns, rows } of sheets) {
      const sheet = workbook.addWorksheet(name, {
        views: [{ state: 'frozen', ySplit: 1 }],
        headerFooter: companyHeaderFooter(company),
      });
      sheet.columns = columns.map(columnOf);
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      const items = typeof rows === 'function' ? await rows() : rows;
      for await (const row of items) sheet.addRow(valuesOf(columns, row)).commit();
      sheet.commit();
    }
    await workbook.commit();
  })().catch((error: unknown) => {
    reply.log.error(error);
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_MIME)
    .header(
      'content-disposition',
      format({
        type: 'attachment',
        parameters: { filename: file.asciiName, 'filename*': encodeExtended(file.name) },
      }),
    )
    .header('cache-control', 'no-store')
    .send(body);
}

/** Sends a workbook as an attachment: `name` in UTF-8 (filename*), `asciiName` for old clients. */
export function sendXlsx(
  reply: FastifyReply,
  file: { name: string; asciiName: string; content: Buffer },
): FastifyReply {
  return reply
    .header('content-type', XLSX_MIME)
    .header(
      'content-disposition',
      format({
        type: 'attachment',
        parameters: { filename: file.asciiName, 'filename*': encodeExtended(file.name) },
      }),
    )
    .header('cache-control', 'no-store')
    .send(file.content);
}
