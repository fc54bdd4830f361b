import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isCurrency } from '@tour/shared';
import { PRINT_HIDDEN_CLASS } from '@tour/shared/ui';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { generalReport, NBSP, textOf } from '../../../testing/reports';
import { renderRoute } from '../../../testing/render-route';
import { clickPrint, isPrintHidden, printHeaderOf } from '../../../testing/printing';

installFakeApi();

// jsdom has no object URLs; the download revokes its URL a while later, maybe after the test.
const { createObjectURL, revokeObjectURL } = URL;
beforeAll(() => {
  URL.createObjectURL = () => 'blob:report';
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const REPORT = 'GET /admin/reports/general';
const YEAR = new Date().getFullYear();

/** The server: the report in the currency asked for, on the page asked for. */
function serveReport() {
  fakeApi.on(REPORT, ({ params }) => ({
    status: 200,
    data: {
      code: 1,
      data: {
        ...generalReport(isCurrency(params.currency) ? params.currency : 'kgs'),
        page: Number(params.page ?? 1),
      },
    },
  }));
}

function rowOf(table: HTMLElement, text: string) {
  return within(table).getByText(text).closest('tr')!;
}

/** The totals row at the foot of the trips' table. */
function totalsRowOf(table: HTMLElement) {
  return within(table).getByText('Итого').closest('tr')!;
}

function headersOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('columnheader')
    .map((cell) => textOf(cell));
}

function cellsOf(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => textOf(cell));
}

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

describe('report-general', () => {
  it('shows the trips from 1 January on in KGS by default, by contract and in cash, as sent', async () => {
    serveReport();
    renderRoute('report-general');

    expect(screen.getByRole('heading', { level: 2, name: 'Общий отчет' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Туры' });
    // The period and the bases, said above the table.
    const said = screen.getByRole('region', { name: 'Период и основа отчета' });
    expect(said).toHaveTextContent(
      `Туры с началом с 01.01.${YEAR} — текущий год и все более поздние`,
    );
    expect(said).toHaveTextContent(
      /^.+По договорам — к оплате по участникам \(у отмененных — оставленная оплата\) по курсу дня начала тура.+; по кассе — /,
    );
    // Two groups of columns: the contract basis and the cash one; the exchange difference apart.
    expect(headersOf(table)).toEqual([
      'Тур',
      'Даты',
      'Статус',
      'Туристов',
      'По договорам',
      'По кассе',
      'Курсовая разница',
      'План по калькуляции',
      'Выручка',
      'Расходы',
      'Прибыль',
      'Маржа',
      'Оплачено',
      'Долг',
      'Оплачено поставщикам',
      'Денежный результат',
      'Расходы',
      'Прибыль',
      'Маржа',
      'Расходы сверх плана',
    ]);
    const tokyo = rowOf(table, 'Зимний Токио');
    expect(within(tokyo).getByRole('link', { name: 'Зимний Токио' })).toHaveAttribute(
      'href',
      '/admin/report/general/5/users?currency=kgs',
    );
    expect(cellsOf(tokyo)).toEqual([
      'Зимний ТокиоЯпония · Асанова Айгуль',
      '01.12.2026 – 10.12.2026',
      'Подтверждён',
      '8',
      `С1${NBSP}234${NBSP}567,50`,
      `С987${NBSP}654,00`,
      `С246${NBSP}913,50`,
      `20,01${NBSP}%`,
      `С734${NBSP}567,25`,
      `С500${NBSP}000,25`,
      `С600${NBSP}000,00`,
      `С134${NBSP}567,25`,
      `-С1${NBSP}250,25`,
      // Its plan: costs, profit, margin, and the costs over plan (in red).
      `С950${NBSP}000,00`,
      `С284${NBSP}567,50`,
      `23,05${NBSP}%`,
      `С37${NBSP}654,00`,
    ]);
    const overPlan = within(tokyo).getAllByRole('cell').at(-1)!.querySelector('span')!;
    expect(overPlan.getAttribute('style')).toMatch(/color/);
    // No rate for some of its amounts: flagged, and no margin without revenue.
    expect(cellsOf(rowOf(table, 'Сеул весной'))).toEqual([
      'Сеул веснойКореянет курса',
      '03.04.2026 – 09.04.2026',
      'Запланирован',
      '0',
      'С0,00',
      `С15${NBSP}000,00`,
      `-С15${NBSP}000,00`,
      '—',
      'С0,00',
      'С0,00',
      `С5${NBSP}000,00`,
      `-С5${NBSP}000,00`,
      'С0,00',
      'нет калькуляции',
    ]);
    // One trip line of the page flagged (the other tag is the totals row's).
    expect(within(table).getAllByText('нет курса')).toHaveLength(2);
    expect(within(totalsRowOf(table)).getAllByText('нет курса')).toHaveLength(1);

    // The totals of all 31 trips, not the sum of this page's two, under the figures' columns.
    const totals = totalsRowOf(table);
    expect(cellsOf(totals)).toEqual([
      'Итоготуров: 31нет курса',
      '214',
      `С9${NBSP}876${NBSP}543,21`,
      `С7${NBSP}654${NBSP}321,00`,
      `С2${NBSP}222${NBSP}222,21`,
      `22,5${NBSP}%`,
      `С6${NBSP}543${NBSP}210,50`,
      `С3${NBSP}333${NBSP}332,71`,
      `С5${NBSP}432${NBSP}100,00`,
      `С1${NBSP}111${NBSP}110,50`,
      `-С4${NBSP}321,50`,
    ]);
    expect(within(totals).getAllByRole('cell')[0]).toHaveAttribute('colspan', '3');

    const missing = screen.getByRole('list', { name: 'Дни без курса' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => textOf(item)),
    ).toEqual(['14.03.2026: JPY → KGS', '01.04.2026: USD → KGS']);
    expect(
      screen.getByText('Нет курса к KGS: суммы этих дней не пересчитаны и не вошли в отчет'),
    ).toBeInTheDocument();

    expect(screen.getByRole('radio', { name: 'KGS' })).toBeChecked();
    expect(screen.getByPlaceholderText('Период с')).toHaveValue(`01.01.${YEAR}`);
    expect(screen.getByPlaceholderText('по')).toHaveValue('');
    expect(screen.getByText('Всего: 31')).toBeInTheDocument();
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([
      { from: `${YEAR}-01-01`, currency: 'kgs', page: '1' },
    ]);
  });

  it('states a period the server names: with an end, or another start without one', async () => {
    fakeApi.on(REPORT, ({ params }) => ({
      status: 200,
      data: {
        code: 1,
        data: generalReport('kgs', { from: String(params.from), to: params.to ?? null }),
      },
    }));
    renderRoute('report-general', {
      url: '/admin/report/general?from=2026-03-01&to=2026-05-31',
    });
    const said = await screen.findByRole('region', { name: 'Период и основа отчета' });
    expect(said).toHaveTextContent('Туры с началом с 01.03.2026 по 31.05.2026');
    cleanup();
    renderRoute('report-general', { url: '/admin/report/general?from=2025-06-01' });
    expect(await screen.findByRole('region', { name: 'Период и основа отчета' })).toHaveTextContent(
      'Туры с началом с 01.06.2025 и позже',
    );
    expect(screen.getByPlaceholderText('по')).toHaveValue('');
    expect(fakeApi.requests(REPORT).at(-1)!.params).toEqual({
      from: '2025-06-01',
      currency: 'kgs',
      page: '1',
    });
  });

  it('switches the currency in the URL, the request and the drill-down links', async () => {
    serveReport();
    const view = renderRoute('report-general', { url: '/admin/report/general?page=2' });
    await screen.findByText('Зимний Токио');
    expect(cellsOf(totalsRowOf(screen.getByRole('table', { name: 'Туры' })))[2]).toBe(
      `С9${NBSP}876${NBSP}543,21`,
    );

    const currencies = screen.getByRole('radiogroup', { name: 'Валюта отчета' });
    expect(
      within(currencies)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['KGS', 'USD', 'EUR', 'JPY']);
    await userEvent.click(within(currencies).getByRole('radio', { name: 'USD' }));

    await waitFor(() => expect(view.location()).toBe('/admin/report/general?page=2&currency=usd'));
    // Every amount is the server's answer in USD.
    await waitFor(() =>
      expect(cellsOf(totalsRowOf(screen.getByRole('table', { name: 'Туры' })))[2]).toBe(
        `$9${NBSP}876${NBSP}543,21`,
      ),
    );
    const table = screen.getByRole('table', { name: 'Туры' });
    expect(cellsOf(rowOf(table, 'Зимний Токио'))[4]).toBe(`$1${NBSP}234${NBSP}567,50`);
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([
      { from: `${YEAR}-01-01`, currency: 'kgs', page: '2' },
      { from: `${YEAR}-01-01`, currency: 'usd', page: '2' },
    ]);
    // The drill-down carries the report's query (its page here) for the way back, and the currency.
    expect(within(table).getByRole('link', { name: 'Зимний Токио' })).toHaveAttribute(
      'href',
      '/admin/report/general/5/users?page=2&currency=usd',
    );
    expect(within(table).getByRole('link', { name: 'Сеул весной' })).toHaveAttribute(
      'href',
      '/admin/report/general/7/users?page=2&currency=usd',
    );
    expect(
      screen.getByText('Нет курса к USD: суммы этих дней не пересчитаны и не вошли в отчет'),
    ).toBeInTheDocument();
  });

  it('reads the filters from the URL and sends them, the export too (without the page)', async () => {
    serveReport();
    fakeApi.ok('GET /admin/users', {
      data: [{ id: 2, full_name: 'Асанова Айгуль', email: 'aigul@example.com', phone: null }],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 1,
      from: 1,
      to: 1,
    });
    fakeApi.on('GET /admin/reports/general/export', {
      status: 200,
      data: new Blob(['xlsx']),
      headers: { 'content-disposition': 'attachment; filename="general-report.xlsx"' },
    });
    const view = renderRoute('report-general', {
      url: '/admin/report/general?from=2026-03-01&to=2026-05-31&currency=eur&status=completed&manager_id=2&country=Япония&page=3',
    });

    const table = await screen.findByRole('table', { name: 'Туры' });
    expect(cellsOf(rowOf(table, 'Зимний Токио'))[4]).toBe(`€1${NBSP}234${NBSP}567,50`);
    // On paper, the filters as a header: the manager by the name a trip of the report gives.
    expect(printHeaderOf(view.container)).toEqual([
      'Общий отчет',
      'Период: 01.03.2026–31.05.2026',
      'Валюта: Евро (EUR)',
      'Статус: Завершён',
      'Менеджер: Асанова Айгуль',
      'Страна: Япония',
    ]);
    expect(fakeApi.requests(REPORT)[0]!.params).toEqual({
      from: '2026-03-01',
      to: '2026-05-31',
      currency: 'eur',
      status: 'completed',
      manager_id: '2',
      country: 'Япония',
      page: '3',
    });
    expect(screen.getByPlaceholderText('Период с')).toHaveValue('01.03.2026');
    expect(screen.getByPlaceholderText('по')).toHaveValue('31.05.2026');
    expect(screen.getByRole('radio', { name: 'EUR' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Страна' })).toHaveValue('Япония');
    const manager = screen.getByRole('combobox', { name: 'Менеджер' }).closest('.ant-select');
    await waitFor(() => expect(manager).toHaveTextContent('Асанова Айгуль'));

    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Экспорт в XLSX' }));
      await waitFor(() => expect(saved).toEqual(['general-report.xlsx']));
    } finally {
      click.mockRestore();
    }
    expect(fakeApi.requests('GET /admin/reports/general/export')[0]!.params).toEqual({
      from: '2026-03-01',
      to: '2026-05-31',
      currency: 'eur',
      status: 'completed',
      manager_id: '2',
      country: 'Япония',
    });
  });

  it('prints the page: «Печать», the controls kept off paper, the filters as a header', async () => {
    serveReport();
    const view = renderRoute('report-general');
    await screen.findByRole('table', { name: 'Туры' });

    const { calls, button } = await clickPrint();
    expect(calls).toBe(1);
    expect(button).toHaveClass(PRINT_HIDDEN_CLASS);
    expect(isPrintHidden(screen.getByRole('button', { name: 'Экспорт в XLSX' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('combobox', { name: 'Статус' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('button', { name: 'Сбросить фильтры' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('radiogroup', { name: 'Валюта отчета' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('table', { name: 'Туры' }))).toBe(false);
    expect(printHeaderOf(view.container)).toEqual([
      'Общий отчет',
      `Период: с 01.01.${YEAR}`,
      'Валюта: Сом (KGS)',
      'Статус: все',
      'Менеджер: все',
      'Страна: все',
    ]);
  });

  it('prints a manager no trip of the report names as chosen', async () => {
    serveReport();
    fakeApi.ok('GET /admin/users', {
      data: [{ id: 9, full_name: 'Омуров Бакыт', email: null, phone: null }],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 1,
      from: 1,
      to: 1,
    });
    const view = renderRoute('report-general', {
      url: '/admin/report/general?from=2026-01-01&to=2026-06-30&currency=usd&status=planned&manager_id=9',
    });
    await screen.findByRole('table', { name: 'Туры' });
    expect(printHeaderOf(view.container)).toEqual([
      'Общий отчет',
      'Период: 01.01.2026–30.06.2026',
      'Валюта: Доллар США (USD)',
      'Статус: Запланирован',
      'Менеджер: выбран',
      'Страна: все',
    ]);
    // The select finds the name for itself; the page asks the server nothing more for paper.
    const manager = screen.getByRole('combobox', { name: 'Менеджер' }).closest('.ant-select');
    await waitFor(() => expect(manager).toHaveTextContent('Омуров Бакыт'));
  });

  it('puts a new filter into the URL and the request, back on page 1', async () => {
    serveReport();
    const view = renderRoute('report-general', {
      url: '/admin/report/general?currency=usd&page=2',
    });
    await screen.findByText('Зимний Токио');

    await choose(screen.getByRole('combobox', { name: 'Статус' }), 'Завершён');
    await waitFor(() =>
      expect(view.location()).toBe('/admin/report/general?currency=usd&status=completed'),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Страна' }), 'Корея{Enter}');
    await waitFor(() =>
      expect(view.location()).toBe(
        '/admin/report/general?currency=usd&status=completed&country=%D0%9A%D0%BE%D1%80%D0%B5%D1%8F',
      ),
    );
    await waitFor(() =>
      expect(fakeApi.requests(REPORT).at(-1)!.params).toEqual({
        from: `${YEAR}-01-01`,
        currency: 'usd',
        status: 'completed',
        country: 'Корея',
        page: '1',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    // The currency is the report's view, not a filter: it stays.
    await waitFor(() => expect(view.location()).toBe('/admin/report/general?currency=usd'));
  });

  it('takes a start picked without an end: the period runs on, the URL and the request say so', async () => {
    serveReport();
    const view = renderRoute('report-general', { url: '/admin/report/general?page=3' });
    await screen.findByText('Зимний Токио');

    const start = screen.getByPlaceholderText('Период с');
    await userEvent.click(start);
    await userEvent.clear(start);
    await userEvent.type(start, '01.03.2025{Enter}');
    // The end stays empty; leaving the picker applies the start alone.
    await userEvent.click(screen.getByRole('heading', { level: 2, name: 'Общий отчет' }));
    await waitFor(() => expect(view.location()).toBe('/admin/report/general?from=2025-03-01'));
    await waitFor(() =>
      expect(fakeApi.requests(REPORT).at(-1)!.params).toEqual({
        from: '2025-03-01',
        currency: 'kgs',
        page: '1',
      }),
    );
  });

  it('goes to another page of trips through the URL', async () => {
    serveReport();
    const view = renderRoute('report-general');
    await screen.findByText('Зимний Токио');

    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(view.location()).toBe('/admin/report/general?page=2'));
    await waitFor(() => expect(fakeApi.requests(REPORT).at(-1)!.params.page).toBe('2'));
  });

  it('shows the server’s refusal of a period', async () => {
    fakeApi.on(REPORT, {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте данные',
        errors: { to: ['Период отчёта — не больше 10 лет'] },
      },
    });
    renderRoute('report-general', {
      url: '/admin/report/general?from=2001-01-01&to=2026-12-31',
    });
    expect(await screen.findByText('Период отчёта — не больше 10 лет')).toBeInTheDocument();
  });

  it('says so in Russian when the report cannot load', async () => {
    fakeApi.on(REPORT, { status: 500, data: {} });
    renderRoute('report-general');
    expect(await screen.findByText('Не удалось загрузить отчет')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
