import {
  BOOKING_KINDS,
  BOOKING_STATUSES,
  CURRENCY_LABELS,
  formatDate,
  formatExchangeRate,
  OCCUPANCIES,
  PARTICIPANT_STATUSES,
  REPORT_BASES_NOTE,
  REPORT_FIGURES,
  TRIP_STATUSES,
  tripStartPeriodText,
  type BookingKind,
  type Currency,
  type TripStatus,
} from '@tour/core';
import type { Db } from '../../db/database';
import { withChart } from '../../lib/xlsx-chart';
import { xlsxCompany } from '../company/service';
import { businessToday } from '../../domain/business-day';
import { addLayoutSheet, newWorkbook, type Column } from '../../lib/xlsx-layout';
import {
  computeGeneralReport,
  figuresJson,
  lineJson,
  reportFilters,
  summaryOf,
  type UsedRate,
} from './general';
import { administrativeReport } from './administrative';
import type {
  AdministrativeReportJson,
  AdministrativeReportQuery,
  GeneralReportLine,
  GeneralReportQuery,
  TourSummaryJson,
  TourSummaryQuery,
} from '@tour/core/contract/reports';
import { tourSummary } from './tour';
import { tripPlans } from '../costings/trip-plan-service';

/** The workbook of GET /admin/reports/general/export. */
export interface ReportFile {
  name: string;
  asciiName: string;
  content: Buffer;
}

type Figures = ReturnType<typeof figuresJson>;
type Total = Figures & { label: string; tourists: number | null; missing_rate: boolean };

const MARGIN_FORMAT = '0.00" %"';

/** A trip without a costing has no plan: said, not a zero. */
const NO_COSTING = 'нет калькуляции';

/** The figures' columns, in the screen's order (REPORT_FIGURES of @tour/core). */
const FIGURES = REPORT_FIGURES.map(({ key, label }) => ({
  key,
  header: key === 'margin' ? `${label}, %` : label,
  width: key === 'margin' ? 10 : 16,
}));

/**
 * The money columns of a line, a month and the totals, as the screen has them: the contract basis
 * (revenue, costs, profit, margin), the cash basis (paid, debt, supplier payments, cash result) and
 * the exchange difference; numbers in the report's currency (the margin in %).
 */
function figureColumns<Row extends Figures>(): Column<Row, Total>[] {
  return FIGURES.map(({ header, key, width }) => ({
    header,
    width,
    ...(key === 'margin' ? {} : { kind: 'amount' as const }),
    value: (row: Row) => row[key],
    total: (total: Total) => total[key],
  }));
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
  // Planned against actual (issue 33): the costing's plan beside the bookings' costs.
  {
    header: 'План: расходы',
    width: 16,
    kind: 'amount',
    value: (l) => l.plan?.costs ?? NO_COSTING,
  },
  { header: 'План: прибыль', width: 16, kind: 'amount', value: (l) => l.plan?.profit ?? null },
  { header: 'План: маржа, %', width: 10, value: (l) => l.plan?.margin ?? null },
  {
    header: 'Расходы сверх плана',
    width: 16,
    kind: 'amount',
    value: (l) => l.plan?.difference ?? null,
  },
];

type Month = Figures & { month: string };

/** The 1-based column of a header in a list of columns. */
const columnOf = <Row>(columns: Column<Row, Total>[], header: string) =>
  columns.findIndex((column) => column.header === header) + 1;

/**
 * The general report as a workbook: the trips with the period, the bases and the filters written
 * above them and the totals under them, the months of the period with the chart, and every rate
 * the figures were converted at, as a bank prints it (and the days that had none). Amounts are
 * numbers in the report currency's format, the same figures as the screen's, to the minor unit.
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
  const plans = await tripPlans(
    db,
    trips.map((trip) => trip.row.id),
    currency,
  );
  const lines = trips.map((trip) => lineJson(trip, currency, plans.get(trip.row.id)));
  const missingRate = trips.some((trip) => trip.missingRate);
  const period = tripStartPeriodText(filters, businessToday());
  const currencyLabel = `${CURRENCY_LABELS[currency]} (${currency.toUpperCase()})`;
  const fields = [
    { label: 'Период', value: period },
    { label: 'Основа', value: REPORT_BASES_NOTE },
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
  const workbook = newWorkbook(await xlsxCompany(db));
  const total: Total = {
    label: `Итого (туров: ${trips.length})`,
    tourists,
    missing_rate: missingRate,
    ...figuresJson(totals, currency),
  };
  const sheet = addLayoutSheet<GeneralReportLine, Total>(workbook, {
    name: 'Общий отчет',
    title: `Общий отчет: выручка, прибыль и деньги по турам, ${currency.toUpperCase()}`,
    fields,
    columns: lineColumns,
    rows: lines,
    currencyOf: () => currency,
    totals: { rows: [total], label: (t) => t.label, currencyOf: () => currency },
  });
  sheet.getColumn(columnOf(lineColumns, 'Маржа, %')).numFmt = MARGIN_FORMAT;
  sheet.getColumn(columnOf(lineColumns, 'План: маржа, %')).numFmt = MARGIN_FORMAT;

  const monthRows = [...months].map(([month, minor]) => ({
    month,
    ...figuresJson(minor, currency),
  }));
  const monthColumns: Column<Month, Total>[] = [
    { header: 'Месяц', width: 12, value: (m) => m.month.split('-').reverse().join('.') },
    ...figureColumns<Month>(),
  ];
  const monthSheet = addLayoutSheet<Month, Total>(workbook, {
    name: 'По месяцам',
    title: `По месяцам начала туров, ${currency.toUpperCase()}`,
    fields: [{ label: 'Период', value: period }],
    columns: monthColumns,
    rows: monthRows,
    currencyOf: () => currency,
    totals: { rows: [total], label: () => 'Итого', currencyOf: () => currency },
  });
  let monthHeader = 1;
  monthSheet.eachRow((row, number) => {
    if (row.getCell(1).value === 'Месяц') monthHeader = number;
  });
  const monthColumn = (header: string) => {
    const column = columnOf(monthColumns, header);
    return {
      fromRow: monthHeader + 1,
      toRow: monthHeader + monthRows.length,
      fromColumn: column,
      toColumn: column,
    };
  };
  monthSheet.getColumn(columnOf(monthColumns, 'Маржа, %')).numFmt = MARGIN_FORMAT;

  type RateRow = UsedRate | { date: string; currency: Currency; rate: null; rate_date: null };
  addLayoutSheet<RateRow>(workbook, {
    name: 'Курсы',
    title: `Курсы к ${currency.toUpperCase()}, по которым пересчитаны суммы`,
    fields: [
      {
        label: 'Правило',
        value:
          'Выручка — по курсу дня начала тура, платежи — по курсу дня подтверждения, ' +
          'бронирования — по курсу дня начала услуги; курс — последний на этот день или раньше. ' +
          'Без курса сумма не пересчитывается.',
      },
    ],
    columns: [
      { header: 'День суммы', width: 12, kind: 'date', value: (r) => r.date },
      { header: 'Валюта', width: 8, value: (r) => r.currency.toUpperCase() },
      {
        header: `Курс к ${currency.toUpperCase()}`,
        width: 20,
        value: (r) =>
          r.rate === null ? 'нет курса' : formatExchangeRate(r.rate, r.currency, currency),
      },
      { header: 'Курс на дату', width: 12, kind: 'date', value: (r) => r.rate_date },
    ],
    rows: [...used, ...missing.map((m) => ({ ...m, rate: null, rate_date: null }) as const)].sort(
      (a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency),
    ),
  });

  const cur = currency.toUpperCase();
  const [base, name] =
    filters.to === null
      ? [`general-report-${filters.from}-${currency}`, `с ${formatDate(filters.from)}`]
      : [
          `general-report-${filters.from}-${filters.to}-${currency}`,
          `${formatDate(filters.from)}–${formatDate(filters.to)}`,
        ];
  // A figure's month cells as a series of the chart, named by its column.
  const series = (key: 'revenue' | 'costs' | 'profit' | 'paid') => {
    const { header } = FIGURES.find((figure) => figure.key === key)!;
    return { name: header, cells: monthColumn(header), values: monthRows.map((row) => row[key]) };
  };
  return {
    name: `Общий отчет ${name} ${cur}.xlsx`,
    asciiName: `${base}.xlsx`,
    // The screen's chart in the file: revenue and costs as bars, profit and paid as lines, by month.
    content: withChart(new Uint8Array(await workbook.xlsx.writeBuffer()), {
      sheet: 'По месяцам',
      title: `Выручка, расходы, прибыль и оплачено по месяцам, ${cur}`,
      categories: {
        cells: monthColumn('Месяц'),
        texts: monthRows.map((row) => row.month.split('-').reverse().join('.')),
      },
      bars: [series('revenue'), series('costs')],
      lines: [series('profit'), series('paid')],
      anchor: { fromColumn: 11, fromRow: 1, toColumn: 21, toRow: 22 },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// GET /admin/reports/tour/export

type SummaryBookingRow = TourSummaryJson['kinds'][number]['bookings'][number] & {
  kind: BookingKind;
};
type TouristRow = TourSummaryJson['tourists'][number];
type TouristTotal = { label: string; costs: number; byKind: Partial<Record<BookingKind, number>> };

/**
 * The tour summary as a workbook: the trip's figures on both bases, the bookings with their rates
 * (as a bank prints them), and the tourists' shares.
 */
export async function tourSummaryWorkbook(db: Db, query: TourSummaryQuery): Promise<ReportFile> {
  const summary = await tourSummary(db, query);
  const { currency, trip, totals } = summary;
  const cur = currency.toUpperCase();
  const workbook = newWorkbook(await xlsxCompany(db));
  const fields = [
    { label: 'Тур', value: trip.title },
    { label: 'Даты', value: `${formatDate(trip.starts_on)}–${formatDate(trip.ends_on)}` },
    { label: 'Статус', value: TRIP_STATUSES[trip.status].label },
    { label: 'Валюта отчета', value: `${CURRENCY_LABELS[currency]} (${cur})` },
    { label: 'Туристов', value: totals.tourists },
    { label: 'Основа', value: REPORT_BASES_NOTE },
    ...FIGURES.map(({ header, key }) =>
      key === 'margin'
        ? { label: header, value: totals.margin }
        : { label: header, value: totals[key], kind: 'amount' as const, currency },
    ),
    { label: 'Нет курса', value: totals.missing_rate ? 'да' : 'нет' },
  ];
  const bookings: SummaryBookingRow[] = summary.kinds.flatMap((group) =>
    group.bookings.map((booking) => ({ ...booking, kind: group.kind })),
  );
  addLayoutSheet<SummaryBookingRow>(workbook, {
    name: 'Бронирования',
    title: `Свод по туру «${trip.title}», ${cur}`,
    fields,
    columns: [
      { header: 'Вид', width: 16, value: (b) => BOOKING_KINDS[b.kind].label },
      { header: 'Услуга', width: 30, value: (b) => b.title },
      { header: 'Поставщик', width: 22, value: (b) => b.supplier_name },
      { header: 'Начало', width: 12, kind: 'date', value: (b) => b.starts_on },
      { header: 'Конец', width: 12, kind: 'date', value: (b) => b.ends_on },
      { header: 'Статус', width: 13, value: (b) => BOOKING_STATUSES[b.status].label },
      { header: 'Стоимость', width: 15, kind: 'amount', value: (b) => b.cost },
      {
        header: 'Курс',
        width: 20,
        value: (b) =>
          b.currency === currency
            ? '—'
            : b.rate === null
              ? 'нет курса'
              : formatExchangeRate(b.rate, b.currency, currency),
      },
      { header: 'Курс на дату', width: 12, kind: 'date', value: (b) => b.rate_date },
      {
        header: `В ${cur}`,
        width: 15,
        kind: 'amount',
        currency: () => currency,
        value: (b) => b.converted ?? 'нет курса',
      },
      { header: 'Оплачено поставщику', width: 15, kind: 'amount', value: (b) => b.supplier_paid },
      { header: 'Долг поставщику', width: 15, kind: 'amount', value: (b) => b.supplier_debt },
      {
        header: `Курсовая разница, ${cur}`,
        width: 15,
        kind: 'amount',
        currency: () => currency,
        value: (b) => b.exchange_difference,
      },
      { header: 'Делят', width: 7, value: (b) => b.shared_by },
    ],
    rows: bookings,
    currencyOf: (b) => b.currency,
  });
  const kinds = summary.kinds.map((group) => group.kind);
  addLayoutSheet<TouristRow, TouristTotal>(workbook, {
    name: 'По туристам',
    title: `Оплачено и доля расходов, ${cur}`,
    fields: [
      {
        label: 'Правило',
        value:
          'Стоимость бронирования делится поровну между его участниками, кроме отмененных; ' +
          'остаток — по копейке первым по алфавиту.',
      },
    ],
    columns: [
      { header: 'ФИО', width: 28, value: (t) => t.full_name },
      { header: 'Статус', width: 14, value: (t) => PARTICIPANT_STATUSES[t.status].label },
      { header: 'Оплачено', width: 15, kind: 'amount', value: (t) => t.paid },
      {
        header: 'Доля расходов',
        width: 15,
        kind: 'amount',
        value: (t) => t.costs,
        total: (t) => t.costs,
      },
      ...kinds.map((kind): Column<TouristRow, TouristTotal> => ({
        header: BOOKING_KINDS[kind].label,
        width: 14,
        kind: 'amount',
        value: (t) => t.by_kind[kind] ?? null,
        total: (t) => t.byKind[kind] ?? null,
      })),
      { header: 'Результат', width: 15, kind: 'amount', value: (t) => t.result },
    ],
    rows: summary.tourists,
    currencyOf: () => currency,
    totals: {
      rows:
        summary.unassigned.costs === 0
          ? []
          : [
              {
                label: 'Не распределено',
                costs: summary.unassigned.costs,
                byKind: summary.unassigned.by_kind as TouristTotal['byKind'],
              },
            ],
      label: (t) => t.label,
      currencyOf: () => currency,
    },
  });
  addPlanSheet(workbook, summary.plan, currency);
  const base = `tour-summary-${trip.id}-${currency}`;
  return {
    name: `Свод по туру ${trip.title.replace(/[\\/:*?"<>|]/g, ' ').slice(0, 80)} ${cur}.xlsx`,
    asciiName: `${base}.xlsx`,
    content: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

type PlanRow = { label: string; planned: number; actual: number; difference: number | null };

/**
 * The tour summary's planned against actual as a sheet (issue 33), as the screen shows it: which
 * costing version and cell the plan follows, per kind the plan, the bookings and the difference
 * (over plan positive), then costs, revenue and profit; the margins among the fields. A trip
 * without a costing says so, never zeros.
 */
function addPlanSheet(
  workbook: ReturnType<typeof newWorkbook>,
  plan: TourSummaryJson['plan'],
  currency: Currency,
): void {
  const title = `План по калькуляции и факт по бронированиям, ${currency.toUpperCase()}`;
  const columns: Column<PlanRow, never>[] = [
    { header: 'Статья', width: 22, value: (row) => row.label },
    { header: 'План', width: 15, kind: 'amount', value: (row) => row.planned },
    { header: 'Факт', width: 15, kind: 'amount', value: (row) => row.actual },
    { header: 'Разница (факт − план)', width: 18, kind: 'amount', value: (row) => row.difference },
  ];
  if (!plan) {
    addLayoutSheet<PlanRow>(workbook, {
      name: 'План и факт',
      title,
      fields: [{ label: 'Калькуляция', value: NO_COSTING }],
      columns,
      rows: [],
      currencyOf: () => currency,
    });
    return;
  }
  const { costing } = plan;
  const occupancy = OCCUPANCIES[costing.occupancy].label.toLowerCase();
  addLayoutSheet<PlanRow>(workbook, {
    name: 'План и факт',
    title,
    fields: [
      { label: 'Калькуляция', value: `«${costing.title}», версия ${costing.version}` },
      {
        label: 'Цена',
        value: costing.applied
          ? `применена для группы ${costing.applied_group_size}, ${occupancy}`
          : `не применялась: последняя версия, ${occupancy}`,
      },
      { label: 'Пересчитана на участников', value: plan.group_size },
      { label: 'Курсы калькуляции на', value: costing.rate_date, kind: 'date' },
      { label: 'План: маржа, %', value: plan.planned_margin ?? '—' },
      { label: 'Факт: маржа, %', value: plan.actual_margin ?? '—' },
      ...(plan.missing_rate
        ? [{ label: 'Нет курса', value: 'часть строк калькуляции не пересчитана' }]
        : []),
    ],
    columns,
    rows: [
      ...plan.kinds.map((kind) => ({
        label: BOOKING_KINDS[kind.kind].label,
        planned: kind.planned,
        actual: kind.actual,
        difference: kind.difference,
      })),
      {
        label: 'Расходы',
        planned: plan.planned_costs,
        actual: plan.actual_costs,
        difference: plan.difference,
      },
      {
        label: 'Выручка',
        planned: plan.planned_revenue,
        actual: plan.actual_revenue,
        difference: null,
      },
      {
        label: 'Прибыль',
        planned: plan.planned_profit,
        actual: plan.actual_profit,
        difference: null,
      },
    ],
    currencyOf: () => currency,
  });
}

// ---------------------------------------------------------------------------------------------
// GET /admin/reports/administrative/export

type AdministrativeLine = AdministrativeReportJson['lines'][number];
type AdministrativeTotal = { label: string; values: number[]; total: number };

/** The administrative report as a workbook, with its chart: the categories by month. */
export async function administrativeWorkbook(
  db: Db,
  query: AdministrativeReportQuery,
): Promise<ReportFile> {
  const report = await administrativeReport(db, query);
  const { currency, months, totals } = report;
  const cur = currency.toUpperCase();
  const monthLabel = (month: string) => month.split('-').reverse().join('.');
  const period = `${formatDate(report.from)}–${formatDate(report.to)}`;
  const workbook = newWorkbook(await xlsxCompany(db));
  const sheet = addLayoutSheet<AdministrativeLine, AdministrativeTotal>(workbook, {
    name: 'Административный отчет',
    title: `Административные операции по категориям и месяцам, ${cur}`,
    fields: [
      { label: 'Период (подтверждение)', value: period },
      { label: 'Валюта отчета', value: `${CURRENCY_LABELS[currency]} (${cur})` },
      { label: 'Нет курса', value: totals.missing_rate ? 'да' : 'нет' },
    ],
    columns: [
      { header: 'Категория', width: 26, value: (l) => l.category },
      {
        header: 'Вид',
        width: 12,
        value: (l) => (l.type === 'income' ? 'Поступление' : 'Расход'),
      },
      ...months.map((month, index): Column<AdministrativeLine, AdministrativeTotal> => ({
        header: monthLabel(month),
        width: 13,
        kind: 'amount',
        value: (l) => l.by_month[index]!,
        total: (t) => t.values[index]!,
      })),
      { header: 'Итого', width: 15, kind: 'amount', value: (l) => l.total, total: (t) => t.total },
      {
        header: 'В своих валютах',
        width: 30,
        value: (l) => l.originals.map((o) => `${o.amount} ${o.currency.toUpperCase()}`).join('; '),
      },
      { header: 'Нет курса', width: 10, value: (l) => (l.missing_rate ? 'да' : null) },
    ],
    rows: report.lines,
    currencyOf: () => currency,
    totals: {
      rows: [
        { label: 'Поступления', values: totals.income, total: totals.income_total },
        { label: 'Расходы', values: totals.outcome, total: totals.outcome_total },
        { label: 'Разница', values: totals.net, total: totals.net_total },
      ],
      label: (t) => t.label,
      currencyOf: () => currency,
    },
  });
  // The chart reads the totals rows: the months' incomes and expenses as bars, the difference
  // as a line; the totals are the last three rows, months from the third column on.
  const lastRow = sheet.rowCount;
  let headerRow = 1;
  sheet.eachRow((row, number) => {
    if (row.getCell(1).value === 'Категория') headerRow = number;
  });
  const monthsOf = (row: number) => ({
    fromRow: row,
    toRow: row,
    fromColumn: 3,
    toColumn: 2 + months.length,
  });
  const content = new Uint8Array(await workbook.xlsx.writeBuffer());
  const transposed = report.lines.length > 0;
  return {
    name: `Административный отчет ${period} ${cur}.xlsx`,
    asciiName: `administrative-report-${report.from}-${report.to}-${currency}.xlsx`,
    content: transposed
      ? withChart(content, {
          sheet: 'Административный отчет',
          title: `Поступления, расходы и разница по месяцам, ${cur}`,
          categories: { cells: monthsOf(headerRow), texts: months.map(monthLabel) },
          bars: [
            { name: 'Поступления', cells: monthsOf(lastRow - 2), values: totals.income },
            { name: 'Расходы', cells: monthsOf(lastRow - 1), values: totals.outcome },
          ],
          lines: [{ name: 'Разница', cells: monthsOf(lastRow), values: totals.net }],
          anchor: { fromColumn: 0, fromRow: lastRow + 1, toColumn: 10, toRow: lastRow + 22 },
        })
      : Buffer.from(content),
  };
}
