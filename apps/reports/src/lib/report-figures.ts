import { formatAmount, type Currency } from '@tour/shared';
import { formatMargin } from './format-margin';

/**
 * A trip's money (or a month's, or the period's) in the report's currency on the two bases of
 * DESIGN.md 3b, as the server computes it (apps/api/src/routes/reports/schemas.ts): the browser
 * adds none of it up.
 */
export interface ReportFigures {
  /** What the participants owe by contract (and cancelled ones kept), at the trip's start day's rate. */
  revenue: number;
  /** Bookings' costs (a cancelled one's penalty), each at its service start day's rate. */
  costs: number;
  /** Revenue minus costs. */
  profit: number;
  /** Profit to revenue, in percent; null without revenue. */
  margin: number | null;
  /** Participants' confirmed payments minus refunds, each at its confirmation day's rate. */
  paid: number;
  /** Revenue minus paid (negative: overpaid). */
  debt: number;
  /** Confirmed payments to the suppliers minus their refunds, each at its payment day's rate. */
  supplier_paid: number;
  /** Paid minus supplier_paid. */
  cash_result: number;
  /** Supplier payments at the service day's rate minus at the payment day's (not in profit). */
  exchange_difference: number;
}

export type FigureKey = keyof ReportFigures;

/** The two bases and their figures, in the order the screens show them (the export too). */
export const FIGURE_GROUPS: readonly {
  title: string;
  figures: readonly { key: FigureKey; label: string }[];
}[] = [
  {
    title: 'По договорам',
    figures: [
      { key: 'revenue', label: 'Выручка' },
      { key: 'costs', label: 'Расходы' },
      { key: 'profit', label: 'Прибыль' },
      { key: 'margin', label: 'Маржа' },
    ],
  },
  {
    title: 'По кассе',
    figures: [
      { key: 'paid', label: 'Оплачено' },
      { key: 'debt', label: 'Долг' },
      { key: 'supplier_paid', label: 'Оплачено поставщикам' },
      { key: 'cash_result', label: 'Денежный результат' },
    ],
  },
];

/** The exchange difference, shown apart from both bases. */
export const EXCHANGE_DIFFERENCE = {
  key: 'exchange_difference',
  label: 'Курсовая разница',
} as const satisfies { key: FigureKey; label: string };

/** Every figure's key in the screens' order: both bases, then the exchange difference. */
export const FIGURE_KEYS: readonly FigureKey[] = [
  ...FIGURE_GROUPS.flatMap((group) => group.figures.map((figure) => figure.key)),
  EXCHANGE_DIFFERENCE.key,
];

/** A figure as the screens write it: an amount through formatAmount, the margin in percent. */
export function formatFigure(figures: ReportFigures, key: FigureKey, currency: Currency): string {
  return key === 'margin' ? formatMargin(figures.margin) : formatAmount(figures[key], currency);
}

/** What the two bases count, in a sentence (the page says it under the period). */
export const BASES_NOTE =
  'По договорам — к оплате по участникам по курсу дня начала тура и расходы по курсу дня ' +
  'начала услуги; по кассе — поступившие и выплаченные деньги, каждый платеж по курсу своего дня.';
