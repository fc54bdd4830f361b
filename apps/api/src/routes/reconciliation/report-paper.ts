import { dayjs, formatAmount, formatDate, type Currency } from '@tour/core';
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
} from '../../domain/papers/docx-parts';
import { safeDocxFileName } from '../../domain/papers/file-name';
import { addLayoutSheet, newWorkbook, type Column } from '../../lib/xlsx-layout';
import type { PaperFileOut } from './act-paper';
import type { AgentReport, ReportLine, ReportTotal } from './service';

// «Отчёт агента» as paper: XLSX with a line per sold participant and the totals per currency;
// DOCX with the same table and signatures.

export const REPORT_TITLE = 'Отчёт агента';

/** «Ноябрь 2026». */
export function monthTitle(month: string): string {
  const label = dayjs(`${month}-01`).format('MMMM YYYY');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const major = (minor: number, currency: Currency) => majorNumber(minor, currency);
const money = (minor: number, currency: Currency) => formatAmount(major(minor, currency), currency);

const COLUMNS: Column<ReportLine, ReportTotal>[] = [
  { header: 'Тур', width: 30, value: (l) => l.tripTitle },
  { header: 'Начало', width: 12, kind: 'date', value: (l) => l.startsOn },
  { header: 'Окончание', width: 12, kind: 'date', value: (l) => l.endsOn },
  { header: 'Турист', width: 30, value: (l) => l.tourist },
  {
    header: 'Валюта',
    width: 8,
    value: (l) => l.currency.toUpperCase(),
    total: (t) => t.currency.toUpperCase(),
  },
  { header: 'Цена', width: 14, kind: 'amount', value: (l) => major(l.price, l.currency) },
  { header: 'Скидка', width: 12, kind: 'amount', value: (l) => major(l.discount, l.currency) },
  {
    header: 'К оплате',
    width: 14,
    kind: 'amount',
    value: (l) => major(l.due, l.currency),
    total: (t) => major(t.due, t.currency),
  },
  { header: 'Условие комиссии', width: 24, value: (l) => l.terms },
  {
    header: 'Комиссия',
    width: 14,
    kind: 'amount',
    value: (l) => major(l.commission, l.currency),
    total: (t) => major(t.commission, t.currency),
  },
  {
    header: 'Оператору',
    width: 14,
    kind: 'amount',
    value: (l) => major(l.net, l.currency),
    total: (t) => major(t.net, t.currency),
  },
  {
    header: 'Оплачено',
    width: 14,
    kind: 'amount',
    value: (l) => major(l.paid, l.currency),
    total: (t) => major(t.paid, t.currency),
  },
  {
    header: 'Долг',
    width: 14,
    kind: 'amount',
    value: (l) => major(l.owed, l.currency),
    total: (t) => major(t.owed, t.currency),
  },
  { header: 'Примечание', width: 16, value: (l) => (l.missingRate ? 'нет курса' : null) },
];

const titleOf = (report: AgentReport) =>
  `${REPORT_TITLE} за ${monthTitle(report.month).toLowerCase()} ${paperNumberText(report.paper)}`;

const fileBase = (report: AgentReport) => `${REPORT_TITLE} ${report.agent} ${report.month}`;

/** The report as a workbook. */
export async function reportWorkbook(report: AgentReport, agentId: number): Promise<PaperFileOut> {
  const workbook = newWorkbook(report.xlsxCompany);
  addLayoutSheet<ReportLine, ReportTotal>(workbook, {
    name: `Отчёт агента ${report.month}`,
    title: titleOf(report),
    fields: [
      { label: 'Организация', value: report.company.name },
      { label: 'Агент', value: report.agent },
      {
        label: 'Туры',
        value: `начинающиеся с ${formatDate(report.firstDay)} по ${formatDate(report.lastDay)}`,
      },
      { label: 'Участников', value: report.lines.length },
    ],
    columns: COLUMNS,
    rows: report.lines,
    currencyOf: (line) => line.currency,
    totals: {
      rows: report.totals,
      label: (total) => `Итого (участников: ${total.count})`,
      currencyOf: (total) => total.currency,
    },
  });
  return {
    name: `${safeDocxFileName(fileBase(report), 'Отчёт агента').slice(0, -'.docx'.length)}.xlsx`,
    asciiName: `agent-report-${agentId}-${report.month}.xlsx`,
    content: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

/** The report as a DOCX to sign. */
export async function reportDocument(report: AgentReport, agentId: number): Promise<PaperFileOut> {
  const rows = report.lines.map((l) => [
    `${l.tripTitle}\n${formatDate(l.startsOn)}–${formatDate(l.endsOn)}`,
    l.tourist,
    money(l.due, l.currency),
    `${money(l.commission, l.currency)}\n${l.terms}`,
    money(l.net, l.currency),
    money(l.paid, l.currency) + (l.missingRate ? '\nнет курса' : ''),
    money(l.owed, l.currency),
  ]);
  for (const total of report.totals) {
    rows.push([
      `Итого ${total.currency.toUpperCase()} (участников: ${total.count})`,
      '',
      money(total.due, total.currency),
      money(total.commission, total.currency),
      money(total.net, total.currency),
      money(total.paid, total.currency),
      money(total.owed, total.currency),
    ]);
  }
  const director = report.company.director;
  const content = await packDocument({
    title: titleOf(report),
    company: report.company,
    children: [
      ...letterhead(report.company),
      heading(titleOf(report)),
      paragraph(
        `Агент: ${report.agent}. Туры, начинающиеся с ${formatDate(report.firstDay)} по ` +
          `${formatDate(report.lastDay)}; комиссия — по условиям заготовленного тура.`,
      ),
      gridTable(
        ['Тур', 'Турист', 'К оплате', 'Комиссия', 'Оператору', 'Оплачено', 'Долг'],
        rows,
        [1900, 1700, 1150, 1250, 1150, 1150, 1055],
      ),
      ...(report.lines.length === 0
        ? [paragraph('В этом месяце проданных участников нет.', { before: 120 })]
        : []),
      sideBySide([
        [
          paragraph(`От ${orBlank(report.company.name)}`, { bold: true, before: 240 }),
          ...signatureLines(
            director.position ?? 'Руководитель',
            director.shortName ?? '________________',
            true,
          ),
        ],
        [
          paragraph(`Агент ${report.agent}`, { bold: true, before: 240 }),
          ...signatureLines('', '________________'),
        ],
      ]),
    ],
  });
  return {
    name: safeDocxFileName(fileBase(report), 'Отчёт агента'),
    asciiName: `agent-report-${agentId}-${report.month}.docx`,
    content,
  };
}
