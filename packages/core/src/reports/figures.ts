// A trip's figures in the reports (DESIGN.md 3b), named once for the screens and the exports: the
// contract basis and the cash basis side by side, the exchange difference apart from both.

/** A figure of the general report and the tour summary, by its name in the API's JSON. */
export type ReportFigureKey =
  | 'revenue'
  | 'costs'
  | 'profit'
  | 'margin'
  | 'paid'
  | 'debt'
  | 'supplier_paid'
  | 'cash_result'
  | 'exchange_difference';

export interface ReportFigure {
  key: ReportFigureKey;
  /** Its Russian label (the margin's is in percent). */
  label: string;
}

/** The two bases and their figures, in the order screens and exports show them. */
export const REPORT_FIGURE_GROUPS: readonly { title: string; figures: readonly ReportFigure[] }[] =
  [
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

/** The exchange difference: in neither basis, not in the profit. */
export const EXCHANGE_DIFFERENCE_FIGURE: ReportFigure = {
  key: 'exchange_difference',
  label: 'Курсовая разница',
};

/** Every figure in order: both bases, then the exchange difference. */
export const REPORT_FIGURES: readonly ReportFigure[] = [
  ...REPORT_FIGURE_GROUPS.flatMap((group) => group.figures),
  EXCHANGE_DIFFERENCE_FIGURE,
];

/** What the two bases count, as the general report's page and export say it. */
export const REPORT_BASES_NOTE =
  'По договорам — к оплате по участникам (у отмененных — оставленная оплата) по курсу дня ' +
  'начала тура, расходы — по курсу дня начала услуги; по кассе — поступившие и выплаченные ' +
  'деньги, каждый платеж по курсу своего дня. Курсовая разница — отдельно, в прибыль не входит.';
