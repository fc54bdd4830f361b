import ExcelJS from 'exceljs';
import { CURRENCY_SYMBOLS, type Currency } from '@tour/core';
import {
  companyHeaderFooter,
  markWorkbook,
  type CellValue,
  type XlsxColumn,
  type XlsxCompany,
} from './xlsx';

// A sheet laid out for people (DESIGN.md 6 "Exports"): a title, label-value lines about what it
// shows (a booking, a report's filters), then the table (bold frozen header with a filter, dates as
// dates, amounts as numbers in their currency's format), then totals under the rows. lib/xlsx.ts's
// xlsxOf writes only the bare table from row 1 with one number format per column; this lays the
// same columns out for reading and printing, one sheet or several in a workbook.

/** A column of the table; `currency` gives an amount cell's currency (else the row's). */
export type Column<Row, Total> = XlsxColumn<Row> & {
  currency?: (row: Row) => Currency | null;
  /** The column's cell in a totals row (an amount in the total's currency when kind 'amount'). */
  total?: (total: Total) => CellValue;
};

/** A label and its value in the lines above the table. */
export interface Field {
  label: string;
  value: CellValue;
  kind?: 'date' | 'amount';
  /** An amount's currency (its symbol in the cell's format). */
  currency?: Currency;
}

export interface SheetLayout<Row, Total> {
  name: string;
  title: string;
  fields?: Field[];
  columns: Column<Row, Total>[];
  rows: readonly Row[];
  currencyOf?: (row: Row) => Currency | null;
  totals?: {
    rows: readonly Total[];
    label: (total: Total) => string;
    currencyOf: (total: Total) => Currency;
  };
}

const DATE_FORMAT = 'dd.mm.yyyy';
const PLAIN_AMOUNT_FORMAT = '#,##0.00';

/** Sign, symbol, two decimals (DESIGN.md 3a), as Excel's number format: `-$1 234,50`. */
export function amountFormat(currency: Currency | null | undefined): string {
  if (!currency) return PLAIN_AMOUNT_FORMAT;
  const symbol = `"${CURRENCY_SYMBOLS[currency]}"`;
  return `${symbol}#,##0.00;-${symbol}#,##0.00`;
}

/** A day as Excel's date (midnight UTC: the same day in every time zone, as lib/xlsx.ts). */
const excelDate = (day: string) => new Date(`${day}T00:00:00Z`);

function setCell(
  cell: ExcelJS.Cell,
  value: CellValue,
  kind: 'date' | 'amount' | undefined,
  currency: Currency | null | undefined,
) {
  if (value === null || value === '') return;
  if (kind === 'date' && typeof value === 'string') {
    cell.value = excelDate(value);
    cell.numFmt = DATE_FORMAT;
  } else if (kind === 'amount' && typeof value === 'number') {
    cell.value = value;
    cell.numFmt = amountFormat(currency);
  } else cell.value = value;
}

/** What Excel allows as a sheet's name: none of \ / ? * [ ] :, at most 31 characters. */
function sheetNameOf(text: string): string {
  return (
    text
      .replace(/[\\/?*[\]:]/g, '-')
      .trim()
      .slice(0, 31) || 'Лист'
  );
}

/** Adds the sheet of `layout` to a workbook. */
export function addLayoutSheet<Row, Total = never>(
  workbook: ExcelJS.Workbook,
  layout: SheetLayout<Row, Total>,
): ExcelJS.Worksheet {
  const { columns, fields = [] } = layout;
  const company = COMPANIES.get(workbook);
  const sheet = workbook.addWorksheet(sheetNameOf(layout.name), {
    ...(company ? { headerFooter: companyHeaderFooter(company) } : {}),
  });
  const longestLabel = Math.max(0, ...fields.map((field) => field.label.length + 2));
  sheet.columns = columns.map((column, index) => ({
    width: index === 0 ? Math.max(column.width, longestLabel) : column.width,
  }));

  const title = sheet.getRow(1);
  title.getCell(1).value = layout.title;
  title.font = { bold: true, size: 14 };
  let at = 2;
  for (const field of fields) {
    const line = sheet.getRow(at++);
    line.getCell(1).value = field.label;
    line.getCell(1).font = { bold: true };
    setCell(line.getCell(2), field.value, field.kind, field.currency ?? null);
    line.getCell(2).alignment = { horizontal: 'left' };
  }
  at += 1; // an empty line before the table

  const headerRow = at;
  const header = sheet.getRow(headerRow);
  columns.forEach((column, index) => {
    header.getCell(index + 1).value = column.header;
  });
  header.font = { bold: true };
  // A long header block frozen would leave little room to scroll: there it is printed instead.
  if (fields.length === 0) sheet.views = [{ state: 'frozen', ySplit: headerRow }];
  sheet.pageSetup = {
    orientation: columns.length > 8 ? 'landscape' : 'portrait',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${headerRow}:${headerRow}`,
  };
  for (const row of layout.rows) {
    const line = sheet.getRow(++at);
    columns.forEach((column, index) => {
      const currency = column.currency ? column.currency(row) : layout.currencyOf?.(row);
      setCell(line.getCell(index + 1), column.value(row), column.kind, currency);
    });
  }
  sheet.autoFilter = {
    from: { row: headerRow, column: 1 },
    to: { row: at, column: columns.length },
  };

  const { totals } = layout;
  if (totals && totals.rows.length > 0) {
    at += 1; // an empty line: the filter and a sort never take the totals in
    for (const total of totals.rows) {
      const line = sheet.getRow(++at);
      line.getCell(1).value = totals.label(total);
      columns.forEach((column, index) => {
        if (!column.total) return;
        setCell(
          line.getCell(index + 1),
          column.total(total),
          column.kind,
          totals.currencyOf(total),
        );
      });
      line.font = { bold: true };
    }
  }
  return sheet;
}

/** The company each workbook of newWorkbook names in its sheets' headers. */
const COMPANIES = new WeakMap<ExcelJS.Workbook, XlsxCompany>();

/** A new workbook of the product: every sheet laid out in it names the company in its header. */
export function newWorkbook(company: XlsxCompany): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  markWorkbook(workbook, company);
  COMPANIES.set(workbook, company);
  return workbook;
}

/** A workbook of one laid-out sheet, as the file's bytes. */
export async function workbookOf<Row, Total = never>(
  layout: SheetLayout<Row, Total>,
  company: XlsxCompany,
): Promise<Buffer> {
  const workbook = newWorkbook(company);
  addLayoutSheet(workbook, layout);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
