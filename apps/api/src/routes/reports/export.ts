import {
  CURRENCY_LABELS,
  formatDate,
  TRIP_STATUSES,
  type Currency,
  type TripStatus,
} from '@tour/shared';
import type { Db } from '../../db/database';
import { withChart } from '../../lib/xlsx-chart';
import { addLayoutSheet, newWorkbook, type Column } from '../../lib/xlsx-layout';
import {
  computeGeneralReport,
  figuresJson,
  lineJson,
  reportFilters,
  summaryOf,
  type UsedRate,
} from './general';
import type { GeneralReportLine, GeneralReportQuery } from './schemas';

/** The workbook of GET /admin/reports/general/export. */
export interface ReportFile {
  name: string;
  asciiName: string;
  content: Buffer;
}

type Figures = ReturnType<typeof figuresJson>;
type Total = Figures & { label: string; tourists: number | null; missing_rate: boolean };

const MARGIN_FORMAT = '0.00" %"';

/** The money columns of a line, a month and the totals: numbers in the report's currency. */
function figureColumns<Row extends Figures>(): Column<Row, Total>[] {
  return [
    { header: 'Доход', width: 16, kind: 'amount', value: (r) => r.income, total: (t) => t.income },
    { header: 'Расходы', width: 16, kind: 'amount', value: (r) => r.costs, total: (t) => t.costs },
    {
      header: 'Курсовая разница',
      width: 18,
      kind: 'amount',
      value: (r) => r.exchange_difference,
      total: (t) => t.exchange_difference,
    },
    {
      header: 'Прибыль',
      width: 16,
      kind: 'amount',
      value: (r) => r.profit,
      total: (t) => t.profit,
    },
    {
      header: 'Маржа, %',
      width: 10,
      value: (r) => r.margin,
      total: (t) => t.margin,
    },
  ];
}

const lineColumns: Column<GeneralReportLine, Total>[] = [
  { header: 'Тур', width: 34, value: (l) => l.trip.title },
  { header: 'Страна', width: 14, value: (l) => l.trip.country },
  { header: 'Начало', width: 12, kind: 'date', value: (l) => l.trip.starts_on },
  { header: 'Конец', width: 12, kind: 'date', value: (l) => l.trip.ends_on },
  { header: 'Статус', width: 14, value: (l) => TRIP_STATUSES[l.trip.status].label },
  { header: 'Менеджер', width: 22, value: (l) => l.trip.manager?.full_name ?? null },
  { header: 'Валюта тура', width: 8, value: (l) => l.trip.currency.toUpperCase() },
  { header: 'Туристов', width: 9, value: (l) => l.tourists, total: (t) => t.tourists },
  ...figureColumns<GeneralReportLine>(),
  {
    header: 'Нет курса',
    width: 10,
    value: (l) => (l.missing_rate ? 'да' : null),
    total: (t) => (t.missing_rate ? 'да' : null),
  },
];

type Month = Figures & { month: string };

/**
 * The general report as a workbook: the trips with the filters written above them and the totals
 * under them, the months of the period, and every rate the figures were converted at (and the
 * days that had none). Amounts are numbers in the report currency's format, the same figures as
 * the screen's, to the minor unit.
 */
export async function generalReportWorkbook(
  db: Db,
  query: GeneralReportQuery,
  managerName: (id: number) => Promise<string | null>,
): Promise<ReportFile> {
  const currency: Currency = query.currency ?? 'kgs';
  const filters = reportFilters(query);
  const { trips, missing, used } = await computeGeneralReport(db, filters, currency);
  const { totals, tourists, months } = summaryOf(trips, filters);
  const lines = trips.map((trip) => lineJson(trip, currency));
  const missingRate = trips.some((trip) => trip.missingRate);
  const period = `${formatDate(filters.from)}–${formatDate(filters.to)}`;
  const currencyLabel = `${CURRENCY_LABELS[currency]} (${currency.toUpperCase()})`;
  const fields = [
    { label: 'Период (начало тура)', value: period },
    { label: 'Валюта отчета', value: currencyLabel },
    {
      label: 'Статус',
      value: filters.status ? TRIP_STATUSES[filters.status as TripStatus].label : 'все',
    },
    {
      label: 'Менеджер',
      value: filters.managerId ? ((await managerName(filters.managerId)) ?? '—') : 'все',
    },
    { label: 'Страна', value: filters.country ?? 'все' },
  ];
  const workbook = newWorkbook();
  const total: Total = {
    label: `Итого (туров: ${trips.length})`,
    tourists,
    missing_rate: missingRate,
    ...figuresJson(totals, currency),
  };
  const sheet = addLayoutSheet<GeneralReportLine, Total>(workbook, {
    name: 'Общий отчет',
    title: `Общий отчет: прибыль по турам, ${currency.toUpperCase()}`,
    fields,
    columns: lineColumns,
    rows: lines,
    currencyOf: () => currency,
    totals: { rows: [total], label: (t) => t.label, currencyOf: () => currency },
  });
  const marginColumn = lineColumns.findIndex((column) => column.header === 'Маржа, %') + 1;
  sheet.getColumn(marginColumn).numFmt = MARGIN_FORMAT;

  const monthRows = [...months].map(([month, minor]) => ({
    month,
    ...figuresJson(minor, currency),
  }));
  const monthSheet = addLayoutSheet<Month, Total>(workbook, {
    name: 'По месяцам',
    title: `По месяцам начала туров, ${currency.toUpperCase()}`,
    fields: [{ label: 'Период', value: period }],
    columns: [
      { header: 'Месяц', width: 12, value: (m) => m.month.split('-').reverse().join('.') },
      ...figureColumns<Month>(),
    ],
    rows: monthRows,
    currencyOf: () => currency,
    totals: { rows: [total], label: () => 'Итого', currencyOf: () => currency },
  });
  let monthHeader = 1;
  monthSheet.eachRow((row, number) => {
    if (row.getCell(1).value === 'Месяц') monthHeader = number;
  });
  monthSheet.getColumn(6).numFmt = MARGIN_FORMAT;

  type RateRow = UsedRate | { date: string; currency: Currency; rate: null; rate_date: null };
  addLayoutSheet<RateRow>(workbook, {
    name: 'Курсы',
    title: `Курсы к ${currency.toUpperCase()}, по которым пересчитаны суммы`,
    fields: [
      {
        label: 'Правило',
        value:
          'Платежи — по курсу дня подтверждения, бронирования — по курсу дня начала услуги; ' +
          'курс — последний на этот день или раньше. Без курса сумма не пересчитывается.',
      },
    ],
    columns: [
      { header: 'День суммы', width: 12, kind: 'date', value: (r) => r.date },
      { header: 'Валюта', width: 8, value: (r) => r.currency.toUpperCase() },
      {
        header: `Курс к ${currency.toUpperCase()}`,
        width: 18,
        value: (r) => (r.rate === null ? 'нет курса' : Number(r.rate)),
      },
      { header: 'Курс на дату', width: 12, kind: 'date', value: (r) => r.rate_date },
    ],
    rows: [...used, ...missing.map((m) => ({ ...m, rate: null, rate_date: null }) as const)].sort(
      (a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency),
    ),
  });

  const base = `general-report-${filters.from}-${filters.to}-${currency}`;
  return {
    name: `Общий отчет ${formatDate(filters.from)}–${formatDate(filters.to)} ${currency.toUpperCase()}.xlsx`,
    asciiName: `${base}.xlsx`,
    // The screen's chart in the file: income and costs as bars, profit as a line, by month.
    content: withChart(new Uint8Array(await workbook.xlsx.writeBuffer()), {
      sheet: 'По месяцам',
      title: `Доход, расходы и прибыль по месяцам, ${currency.toUpperCase()}`,
      fromRow: monthHeader + 1,
      toRow: monthHeader + monthRows.length,
      categoryColumn: 1,
      categories: monthRows.map((row) => row.month.split('-').reverse().join('.')),
      bars: [
        { name: 'Доход', column: 2, values: monthRows.map((row) => row.income) },
        { name: 'Расходы', column: 3, values: monthRows.map((row) => row.costs) },
      ],
      lines: [{ name: 'Прибыль', column: 5, values: monthRows.map((row) => row.profit) }],
      anchor: { fromColumn: 7, fromRow: 1, toColumn: 17, toRow: 22 },
    }),
  };
}
