import { CURRENCY_LABELS, formatAmount, formatDate, type Currency } from '@tour/core';
import { majorNumber } from '../../domain/money';
import { paperNumberText } from '../../domain/papers/numbering';
import {
  gridTable,
  heading,
  letterhead,
  orBlank,
  packDocument,
  paragraph,
  sideBySide,
  signatureLines,
  TEXT_WIDTH,
} from '../../domain/papers/docx-parts';
import { safeDocxFileName } from '../../domain/papers/file-name';
import { addLayoutSheet, amountFormat, newWorkbook } from '../../lib/xlsx-layout';
import type { Act } from './service';

// The act as paper: XLSX to check, DOCX to sign. Both print the same lines: the opening balance,
// the period's documents and payments by day, the turnovers, the closing balance, whom the debt
// is in favour of, and a signature block for each side.

export interface PaperFileOut {
  name: string;
  asciiName: string;
  content: Buffer;
}

export const ACT_TITLE = 'Акт сверки взаимных расчётов';

const money = (minor: number, currency: Currency) =>
  formatAmount(majorNumber(minor, currency), currency);

/** «01.10.2026 – 31.10.2026». */
const periodText = (act: Act) => `${formatDate(act.from)} – ${formatDate(act.to)}`;

const companyName = (act: Act) => act.company.name ?? 'организации';

/** Whose favour the closing balance is in, as the act states it. */
export function debtSentence(act: Act): string {
  const on = `на ${formatDate(act.to)}`;
  if (act.closing === 0) return `Задолженность ${on} отсутствует.`;
  const favour = act.closing > 0 ? companyName(act) : act.party;
  return `Задолженность в пользу ${favour} ${on} составляет ${money(Math.abs(act.closing), act.currency)}.`;
}

/** A balance on the side it falls on: [debit, credit] in minor units, the other side null. */
const sides = (balance: number): [number | null, number | null] =>
  balance > 0 ? [balance, null] : balance < 0 ? [null, -balance] : [0, null];

/** The file's name: «Акт сверки Hilton Tokyo USD 01.10.2026-31.10.2026». */
function baseName(act: Act): string {
  return `${ACT_TITLE.split(' ').slice(0, 2).join(' ')} ${act.party} ${act.currency.toUpperCase()} ${formatDate(act.from)}-${formatDate(act.to)}`;
}

const asciiBase = (act: Act, id: number) =>
  `act-${act.kind}-${id}-${act.from}-${act.to}-${act.currency}`;

const partyLabel = (act: Act) => (act.kind === 'supplier' ? 'Поставщик' : 'Агент');

interface Row {
  day: string | null;
  text: string;
  debit: number | null;
  credit: number | null;
}

/** The act as a workbook: the fields, the table of lines, the balances and the signatures. */
export async function actWorkbook(act: Act, partyId: number): Promise<PaperFileOut> {
  const workbook = newWorkbook(act.xlsxCompany);
  const title = `${ACT_TITLE} ${paperNumberText(act.paper)}`;
  const [openingDebit, openingCredit] = sides(act.opening);
  const rows: Row[] = [
    {
      day: null,
      text: `Сальдо на ${formatDate(act.from)}`,
      debit: openingDebit,
      credit: openingCredit,
    },
    ...act.lines.map((line) => ({
      day: line.day,
      text: line.text,
      debit: line.debit || null,
      credit: line.credit || null,
    })),
  ];
  const major = (minor: number | null) =>
    minor === null ? null : majorNumber(minor, act.currency);
  const sheet = addLayoutSheet<Row>(workbook, {
    name: 'Акт сверки',
    title,
    fields: [
      { label: 'Организация', value: act.company.name },
      { label: partyLabel(act), value: act.party },
      { label: 'Период', value: periodText(act) },
      {
        label: 'Валюта',
        value: `${CURRENCY_LABELS[act.currency]} (${act.currency.toUpperCase()})`,
      },
    ],
    columns: [
      { header: 'Дата', width: 12, kind: 'date', value: (row) => row.day },
      { header: 'Документ', width: 70, value: (row) => row.text },
      { header: 'Дебет', width: 16, kind: 'amount', value: (row) => major(row.debit) },
      { header: 'Кредит', width: 16, kind: 'amount', value: (row) => major(row.credit) },
    ],
    rows,
    currencyOf: () => act.currency,
  });
  const format = amountFormat(act.currency);
  let at = sheet.rowCount + 1;
  const [closingDebit, closingCredit] = sides(act.closing);
  for (const [label, debit, credit] of [
    ['Обороты за период', act.debit, act.credit],
    [`Сальдо на ${formatDate(act.to)}`, closingDebit, closingCredit],
  ] as const) {
    const line = sheet.getRow(++at);
    line.getCell(2).value = label;
    for (const [column, value] of [
      [3, debit],
      [4, credit],
    ] as const) {
      if (value === null) continue;
      line.getCell(column).value = majorNumber(value, act.currency);
      line.getCell(column).numFmt = format;
    }
    line.font = { bold: true };
  }
  at += 1;
  for (const note of act.notes) sheet.getRow(++at).getCell(2).value = note;
  sheet.getRow(++at).getCell(2).value = debtSentence(act);
  at += 1;
  const signatures = sheet.getRow(++at);
  signatures.getCell(2).value = `От ${companyName(act)}`;
  signatures.getCell(3).value = `От ${act.party}`;
  signatures.font = { bold: true };
  const director = act.company.director;
  const names = sheet.getRow(++at);
  names.getCell(2).value =
    `${director.position ?? 'Руководитель'} ________________ / ${director.shortName ?? '________________'} /`;
  names.getCell(3).value = '________________ / ________________ /';
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const base = baseName(act);
  return {
    name: `${safeDocxFileName(base, 'Акт сверки').slice(0, -'.docx'.length)}.xlsx`,
    asciiName: `${asciiBase(act, partyId)}.xlsx`,
    content,
  };
}

const WIDTHS = [1400, TEXT_WIDTH - 1400 - 1700 - 1700, 1700, 1700];

/** The act as a DOCX to sign. */
export async function actDocument(act: Act, partyId: number): Promise<PaperFileOut> {
  const cell = (minor: number | null) => (minor === null ? '' : money(minor, act.currency));
  const [openingDebit, openingCredit] = sides(act.opening);
  const [closingDebit, closingCredit] = sides(act.closing);
  const rows: string[][] = [
    ['', `Сальдо на ${formatDate(act.from)}`, cell(openingDebit), cell(openingCredit)],
    ...act.lines.map((line) => [
      formatDate(line.day),
      line.text,
      line.debit ? cell(line.debit) : '',
      line.credit ? cell(line.credit) : '',
    ]),
    ['', 'Обороты за период', cell(act.debit), cell(act.credit)],
    ['', `Сальдо на ${formatDate(act.to)}`, cell(closingDebit), cell(closingCredit)],
  ];
  const director = act.company.director;
  const content = await packDocument({
    title: `${ACT_TITLE} ${paperNumberText(act.paper)}`,
    company: act.company,
    children: [
      ...letterhead(act.company),
      heading(`${ACT_TITLE} ${paperNumberText(act.paper)}`),
      paragraph(
        `за период ${periodText(act)} между ${orBlank(act.company.name)} и ` +
          `${partyLabel(act).toLowerCase()}ом ${act.party} по расчётам в валюте ` +
          `${CURRENCY_LABELS[act.currency]} (${act.currency.toUpperCase()})`,
        { align: 'center' },
      ),
      paragraph(`По данным ${orBlank(act.company.name)}:`, { bold: true }),
      gridTable(['Дата', 'Документ', 'Дебет', 'Кредит'], rows, WIDTHS),
      ...act.notes.map((note) => paragraph(note, { before: 120 })),
      paragraph(debtSentence(act), { bold: true, before: 240 }),
      sideBySide([
        [
          paragraph(`От ${companyName(act)}`, { bold: true }),
          ...signatureLines(
            director.position ?? 'Руководитель',
            director.shortName ?? '________________',
            true,
          ),
        ],
        [
          paragraph(`От ${act.party}`, { bold: true }),
          ...signatureLines('', '________________', act.kind === 'supplier'),
        ],
      ]),
    ],
  });
  return {
    name: safeDocxFileName(baseName(act), 'Акт сверки'),
    asciiName: `${asciiBase(act, partyId)}.docx`,
    content,
  };
}
