import { EXCHANGE_DIFFERENCE_FIGURE, REPORT_FIGURE_GROUPS, REPORT_FIGURES } from './figures';

describe('the reports’ figures', () => {
  it('name the contract basis, then the cash basis, then the exchange difference', () => {
    expect(REPORT_FIGURE_GROUPS.map((group) => group.title)).toEqual(['По договорам', 'По кассе']);
    expect(REPORT_FIGURES.map((figure) => [figure.key, figure.label])).toEqual([
      ['revenue', 'Выручка'],
      ['costs', 'Расходы'],
      ['profit', 'Прибыль'],
      ['margin', 'Маржа'],
      ['paid', 'Оплачено'],
      ['debt', 'Долг'],
      ['supplier_paid', 'Оплачено поставщикам'],
      ['cash_result', 'Денежный результат'],
      ['exchange_difference', 'Курсовая разница'],
    ]);
    expect(REPORT_FIGURES.at(-1)).toBe(EXCHANGE_DIFFERENCE_FIGURE);
  });
});
