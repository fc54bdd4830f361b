import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isCurrency } from '@tour/shared';
import { PRINT_HIDDEN_CLASS } from '@tour/shared/ui';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { NBSP, textOf } from '../../../testing/reports';
import { administrativeReport } from '../testing/administrative-report-fixture';
import { renderAdministrativeReport } from '../testing/render-administrative-report';
import {
  clickExport,
  clickPrint,
  isPrintHidden,
  printHeaderOf,
  stubObjectUrls,
} from '../../../testing/printing';

installFakeApi();
stubObjectUrls();

const REPORT = 'GET /admin/reports/administrative';
const YEAR = new Date().getFullYear();

/** The server: the report in the currency asked for. */
function serveReport() {
  fakeApi.on(REPORT, ({ params }) => ({
    status: 200,
    data: {
      code: 1,
      data: administrativeReport(isCurrency(params.currency) ? params.currency : 'kgs'),
    },
  }));
}

function cellsOf(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => textOf(cell));
}

/** Every row of the table with cells (the lines, then the summary rows), as texts. */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0)
    .map(cellsOf);
}

describe('report-administrative', () => {
  it('shows the year by category in KGS by default, with the server’s figures as sent', async () => {
    serveReport();
    renderAdministrativeReport();

    expect(
      screen.getByRole('heading', { level: 2, name: 'Административный отчет' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'По категориям' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => textOf(cell)),
    ).toEqual(['Категория', 'Вид', '01.2026', '02.2026', '03.2026', 'Итого', 'В своих валютах']);
    // The lines in the server's order (incomes, then expenses), then the server's totals: not
    // the sums of the lines.
    expect(rowsOf(table)).toEqual([
      [
        'Взносы учредителя',
        'Поступление',
        `С50${NBSP}000,00`,
        'С0,00',
        `С125${NBSP}000,50`,
        `С175${NBSP}000,50`,
        `С100${NBSP}000,00; $860,25`,
      ],
      [
        'Прочие поступления',
        'Поступление',
        'С0,00',
        `С1${NBSP}234,00`,
        'С0,00',
        `С1${NBSP}234,00`,
        `С1${NBSP}234,00`,
      ],
      [
        'Аренда офиса',
        'Расход',
        `С45${NBSP}000,00`,
        `С45${NBSP}000,00`,
        `С45${NBSP}000,00`,
        `С135${NBSP}000,00`,
        `С135${NBSP}000,00`,
      ],
      [
        'Рекламанет курса',
        'Расход',
        'С0,00',
        `С2${NBSP}500,75`,
        'С0,00',
        `С2${NBSP}500,75`,
        `€25,50; ¥10${NBSP}000,00`,
      ],
      [
        'Поступления',
        `С51${NBSP}234,50`,
        `С2${NBSP}000,00`,
        `С130${NBSP}000,00`,
        `С183${NBSP}234,50`,
        '',
      ],
      [
        'Расходынет курса',
        `С45${NBSP}100,00`,
        `С47${NBSP}600,25`,
        `С45${NBSP}000,00`,
        `С137${NBSP}700,25`,
        '',
      ],
      [
        'Разницанет курса',
        `С6${NBSP}134,50`,
        `-С45${NBSP}600,25`,
        `С85${NBSP}000,00`,
        `С45${NBSP}534,25`,
        '',
      ],
    ]);

    const missing = screen.getByRole('list', { name: 'Дни без курса' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => textOf(item)),
    ).toEqual(['14.02.2026: JPY → KGS']);
    expect(
      screen.getByText('Нет курса к KGS: суммы этих дней не пересчитаны и не вошли в отчет'),
    ).toBeInTheDocument();

    expect(screen.getByRole('radio', { name: 'KGS' })).toBeChecked();
    expect(screen.getByPlaceholderText('Период с')).toHaveValue(`01.01.${YEAR}`);
    expect(screen.getByPlaceholderText('по')).toHaveValue(`31.12.${YEAR}`);
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([
      { from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, currency: 'kgs' },
    ]);
  });

  it('reads the period and the currency from the URL and sends them', async () => {
    serveReport();
    renderAdministrativeReport({
      url: '/admin/report/administrative?from=2026-03-01&to=2026-05-31&currency=eur',
    });

    const table = await screen.findByRole('table', { name: 'По категориям' });
    expect(cellsOf(within(table).getByText('Разница').closest('tr')!)).toEqual([
      'Разницанет курса',
      `€6${NBSP}134,50`,
      `-€45${NBSP}600,25`,
      `€85${NBSP}000,00`,
      `€45${NBSP}534,25`,
      '',
    ]);
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([
      { from: '2026-03-01', to: '2026-05-31', currency: 'eur' },
    ]);
    expect(screen.getByPlaceholderText('Период с')).toHaveValue('01.03.2026');
    expect(screen.getByPlaceholderText('по')).toHaveValue('31.05.2026');
    expect(screen.getByRole('radio', { name: 'EUR' })).toBeChecked();
    expect(
      screen.getByText('Нет курса к EUR: суммы этих дней не пересчитаны и не вошли в отчет'),
    ).toBeInTheDocument();
  });

  it('sends a reversed period of the URL with its two days swapped', async () => {
    serveReport();
    renderAdministrativeReport({
      url: '/admin/report/administrative?from=2026-05-31&to=2026-03-01',
    });
    await screen.findByRole('table', { name: 'По категориям' });
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([
      { from: '2026-03-01', to: '2026-05-31', currency: 'kgs' },
    ]);
  });

  it('switches the currency in the URL and the request, keeping the period', async () => {
    serveReport();
    const view = renderAdministrativeReport({
      url: '/admin/report/administrative?from=2026-01-01&to=2026-03-31',
    });
    const table = await screen.findByRole('table', { name: 'По категориям' });

    const currencies = screen.getByRole('radiogroup', { name: 'Валюта отчета' });
    expect(
      within(currencies)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['KGS', 'USD', 'EUR', 'JPY']);
    await userEvent.click(within(currencies).getByRole('radio', { name: 'USD' }));

    await waitFor(() =>
      expect(view.location()).toBe(
        '/admin/report/administrative?from=2026-01-01&to=2026-03-31&currency=usd',
      ),
    );
    // Every amount is the server's answer in USD.
    await waitFor(() =>
      expect(cellsOf(within(table).getByText('Поступления').closest('tr')!)).toEqual([
        'Поступления',
        `$51${NBSP}234,50`,
        `$2${NBSP}000,00`,
        `$130${NBSP}000,00`,
        `$183${NBSP}234,50`,
        '',
      ]),
    );
    // The originals stay in their own currencies.
    expect(cellsOf(within(table).getByText('Взносы учредителя').closest('tr')!)[6]).toBe(
      `С100${NBSP}000,00; $860,25`,
    );
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([
      { from: '2026-01-01', to: '2026-03-31', currency: 'kgs' },
      { from: '2026-01-01', to: '2026-03-31', currency: 'usd' },
    ]);
  });

  it('puts a chosen period into the URL and the request; cleared, back to the year', async () => {
    serveReport();
    const view = renderAdministrativeReport({
      url: '/admin/report/administrative?currency=usd',
    });
    await screen.findByRole('table', { name: 'По категориям' });

    await userEvent.click(screen.getByPlaceholderText('Период с'));
    await userEvent.clear(screen.getByPlaceholderText('Период с'));
    await userEvent.type(screen.getByPlaceholderText('Период с'), '01.02.2026{Enter}');
    await userEvent.clear(screen.getByPlaceholderText('по'));
    await userEvent.type(screen.getByPlaceholderText('по'), '28.02.2026{Enter}');

    await waitFor(() =>
      expect(view.location()).toBe(
        '/admin/report/administrative?currency=usd&from=2026-02-01&to=2026-02-28',
      ),
    );
    await waitFor(() =>
      expect(fakeApi.requests(REPORT).at(-1)!.params).toEqual({
        from: '2026-02-01',
        to: '2026-02-28',
        currency: 'usd',
      }),
    );

    // Cleared: the URL names no period, and the page shows the current year again (its data
    // still in the cache from the first request).
    await userEvent.click(screen.getByRole('button', { name: 'Очистить' }));
    await waitFor(() => expect(view.location()).toBe('/admin/report/administrative?currency=usd'));
    expect(screen.getByPlaceholderText('по')).toHaveValue(`31.12.${YEAR}`);
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([
      { from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, currency: 'usd' },
      { from: '2026-02-01', to: '2026-02-28', currency: 'usd' },
    ]);
    expect(screen.getByPlaceholderText('Период с')).toHaveValue(`01.01.${YEAR}`);
  });

  it('prints the page: «Печать», the controls kept off paper, the period and currency as a header', async () => {
    serveReport();
    const view = renderAdministrativeReport({
      url: '/admin/report/administrative?from=2026-01-01&to=2026-03-31&currency=usd',
    });
    await screen.findByRole('table', { name: 'По категориям' });

    const { calls, button } = await clickPrint();
    expect(calls).toBe(1);
    expect(button).toHaveClass(PRINT_HIDDEN_CLASS);
    expect(isPrintHidden(screen.getByRole('button', { name: 'Экспорт в XLSX' }))).toBe(true);
    expect(isPrintHidden(screen.getByPlaceholderText('Период с'))).toBe(true);
    expect(isPrintHidden(screen.getByRole('radiogroup', { name: 'Валюта отчета' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('table', { name: 'По категориям' }))).toBe(false);
    expect(printHeaderOf(view.container)).toEqual([
      'Административный отчет',
      'Период: 01.01.2026–31.03.2026',
      'Валюта: Доллар США (USD)',
    ]);
  });

  it('prints the current year in KGS when the URL names neither', async () => {
    serveReport();
    const view = renderAdministrativeReport();
    await screen.findByRole('table', { name: 'По категориям' });
    expect(printHeaderOf(view.container)).toEqual([
      'Административный отчет',
      `Период: 01.01.${YEAR}–31.12.${YEAR}`,
      'Валюта: Сом (KGS)',
    ]);
  });

  it.each([
    [
      'the period and currency of the URL',
      '/admin/report/administrative?from=2026-03-01&to=2026-05-31&currency=eur',
      { from: '2026-03-01', to: '2026-05-31', currency: 'eur' },
    ],
    [
      'the current year in KGS when the URL names neither',
      '/admin/report/administrative',
      { from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, currency: 'kgs' },
    ],
  ])('exports %s, as the page asks for it', async (_how, url, params) => {
    serveReport();
    fakeApi.on('GET /admin/reports/administrative/export', {
      status: 200,
      data: new Blob(['xlsx']),
      headers: { 'content-disposition': 'attachment; filename="administrative-report.xlsx"' },
    });
    renderAdministrativeReport({ url });
    await screen.findByRole('table', { name: 'По категориям' });

    expect(await clickExport()).toEqual(['administrative-report.xlsx']);
    expect(
      fakeApi.requests('GET /admin/reports/administrative/export').map((r) => r.params),
    ).toEqual([params]);
    expect(fakeApi.requests(REPORT).map((request) => request.params)).toEqual([params]);
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
    renderAdministrativeReport({
      url: '/admin/report/administrative?from=2001-01-01&to=2026-12-31',
    });
    expect(await screen.findByText('Период отчёта — не больше 10 лет')).toBeInTheDocument();
  });

  it('says so in Russian when the report cannot load', async () => {
    fakeApi.on(REPORT, { status: 500, data: {} });
    renderAdministrativeReport();
    expect(await screen.findByText('Не удалось загрузить отчет')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
