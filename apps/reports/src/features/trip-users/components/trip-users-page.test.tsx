import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isCurrency } from '@tour/shared';
import { PRINT_HIDDEN_CLASS } from '@tour/shared/ui';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { NBSP, textOf, tripUsers } from '../../../testing/reports';
import { renderRoute } from '../../../testing/render-route';
import { clickPrint, isPrintHidden, printHeaderOf } from '../../../testing/printing';

installFakeApi();

const USERS = 'GET /admin/reports/general/5/users';

/** The server: the trip's tourists in the currency asked for. */
function serveUsers() {
  fakeApi.on(USERS, ({ params }) => ({
    status: 200,
    data: { code: 1, data: tripUsers(isCurrency(params.currency) ? params.currency : 'kgs') },
  }));
}

function cellsOf(row: Element) {
  return within(row as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => textOf(cell));
}

/** The rows of a table's body (its participants), without the expanded ones. */
function bodyRows(table: HTMLElement) {
  return [...table.querySelectorAll('tbody tr.ant-table-row')];
}

function totalsRow(table: HTMLElement) {
  return table.querySelector('.ant-table-summary tr')!;
}

describe('report-general-users', () => {
  it('leads back to the general report with the period, filters and page it came from', () => {
    serveUsers();
    renderRoute('report-general-users', {
      url: '/admin/report/general/5/users?from=2026-11-01&to=2027-01-31&status=confirmed&page=3&currency=usd',
    });
    expect(screen.getByRole('link', { name: '← Общий отчет' })).toHaveAttribute(
      'href',
      '/admin/report/general?from=2026-11-01&to=2027-01-31&status=confirmed&page=3&currency=usd',
    );
  });

  it('shows the trip and its active participants, with the server’s totals as sent', async () => {
    serveUsers();
    renderRoute('report-general-users', { url: '/admin/report/general/5/users?currency=kgs' });

    expect(screen.getByRole('heading', { level: 2, name: 'Туристы тура' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Общий отчет' })).toHaveAttribute(
      'href',
      '/admin/report/general?currency=kgs',
    );
    const table = await screen.findByRole('table', { name: 'Участники' });
    expect(screen.getByText('Зимний Токио')).toBeInTheDocument();
    expect(screen.getByText('01.12.2026 – 10.12.2026')).toBeInTheDocument();
    expect(screen.getByText('Доллар США (USD)')).toBeInTheDocument();

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => textOf(cell)),
    ).toEqual([
      '',
      'ФИО',
      'Цена',
      'Скидка',
      'К оплате',
      'Оплачено',
      'Ожидается',
      'Долг',
      'Оплачено в KGS',
    ]);
    // The expand button's cell first; the trip's amounts in USD, the paid ones in KGS.
    expect(bodyRows(table).map(cellsOf)).toEqual([
      [
        '',
        'Иванов Пётрнет курса',
        `$2${NBSP}500,00`,
        '$100,00',
        `$2${NBSP}400,00`,
        `$1${NBSP}143,50`,
        '$500,00',
        `$1${NBSP}256,50`,
        `С100${NBSP}000,00`,
      ],
      [
        '',
        'Ли Анна',
        `$2${NBSP}500,00`,
        '$0,00',
        `$2${NBSP}500,00`,
        '$0,00',
        '$0,00',
        `$2${NBSP}500,00`,
        'С0,00',
      ],
    ]);
    // The server's totals of the active ones (not what the rows add up to).
    expect(cellsOf(totalsRow(table))).toEqual([
      '',
      'Итого',
      `$4${NBSP}900,00`,
      `$1${NBSP}143,50`,
      '$500,00',
      `$3${NBSP}756,50`,
      `С100${NBSP}000,00`,
    ]);
    expect(textOf(screen.getByText(/^Итого оплачено в/))).toBe(
      `Итого оплачено в KGS: С126${NBSP}235,00`,
    );
    expect(fakeApi.requests(USERS).map((request) => request.params)).toEqual([{ currency: 'kgs' }]);
  });

  it('keeps the cancelled participants apart, with their own totals', async () => {
    serveUsers();
    renderRoute('report-general-users', { url: '/admin/report/general/5/users' });

    const active = await screen.findByRole('table', { name: 'Участники' });
    expect(within(active).queryByText('Петров Олег')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Отмененные участники' })).toBeInTheDocument();
    const cancelled = screen.getByRole('table', { name: 'Отмененные' });
    expect(bodyRows(cancelled).map(cellsOf)).toEqual([
      [
        '',
        'Петров Олег',
        `$2${NBSP}500,00`,
        '$0,00',
        '$0,00',
        '$300,00',
        '$0,00',
        '-$300,00',
        `С26${NBSP}235,00`,
      ],
    ]);
    expect(cellsOf(totalsRow(cancelled))).toEqual([
      '',
      'Итого',
      '$0,00',
      '$300,00',
      '$0,00',
      '-$300,00',
      `С26${NBSP}235,00`,
    ]);
  });

  it('opens a participant’s payments with their rates, «нет курса» where there is none', async () => {
    serveUsers();
    renderRoute('report-general-users', { url: '/admin/report/general/5/users?currency=kgs' });

    const table = await screen.findByRole('table', { name: 'Участники' });
    const ivanov = within(table).getByText('Иванов Пётр').closest('tr')!;
    await userEvent.click(within(ivanov).getByRole('button', { name: 'Развернуть строку' }));

    const payments = await screen.findByRole('table', { name: 'Платежи: Иванов Пётр' });
    expect(
      within(payments)
        .getAllByRole('columnheader')
        .map((cell) => textOf(cell)),
    ).toEqual([
      'Дата',
      'Тип',
      'Статус',
      'Сумма',
      'Курс к валюте тура',
      'В USD',
      'Курс к валюте отчета',
      'В KGS',
    ]);
    expect(bodyRows(payments).map(cellsOf)).toEqual([
      [
        '15.11.2026',
        'Платёж',
        'Подтверждена',
        `С100${NBSP}000,00`,
        // 1 / 0.011435 = 87.45081… som a dollar, to six significant digits.
        `1${NBSP}$ = 87,4508${NBSP}Сна 14.11.2026`,
        `$1${NBSP}143,50`,
        '—',
        `С100${NBSP}000,00`,
      ],
      [
        '20.11.2026',
        'Платёж',
        'Ожидает подтверждения',
        '$500,00',
        '—',
        '$500,00',
        'нет курса',
        'нет курса',
      ],
    ]);
  });

  it('shows a refund of a cancelled participant as «Возврат»', async () => {
    serveUsers();
    renderRoute('report-general-users', { url: '/admin/report/general/5/users' });

    const cancelled = await screen.findByRole('table', { name: 'Отмененные' });
    await userEvent.click(within(cancelled).getByRole('button', { name: 'Развернуть строку' }));
    const payments = await screen.findByRole('table', { name: 'Платежи: Петров Олег' });
    expect(bodyRows(payments).map(cellsOf)).toEqual([
      [
        '25.11.2026',
        'Возврат',
        'Подтверждена',
        '$200,00',
        '—',
        '$200,00',
        `1${NBSP}$ = 87,45${NBSP}Сна 25.11.2026`,
        `С17${NBSP}490,00`,
      ],
    ]);
  });

  it('switches the currency in the URL, the request and the link back', async () => {
    serveUsers();
    const view = renderRoute('report-general-users', {
      url: '/admin/report/general/5/users?currency=kgs',
    });
    await screen.findByRole('table', { name: 'Участники' });

    const currencies = screen.getByRole('radiogroup', { name: 'Валюта отчета' });
    expect(within(currencies).getByRole('radio', { name: 'KGS' })).toBeChecked();
    await userEvent.click(within(currencies).getByRole('radio', { name: 'JPY' }));

    await waitFor(() => expect(view.location()).toBe('/admin/report/general/5/users?currency=jpy'));
    await waitFor(() =>
      expect(textOf(screen.getByText(/^Итого оплачено в/))).toBe(
        `Итого оплачено в JPY: ¥126${NBSP}235,00`,
      ),
    );
    expect(
      within(screen.getByRole('table', { name: 'Участники' })).getByRole('columnheader', {
        name: 'Оплачено в JPY',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Общий отчет' })).toHaveAttribute(
      'href',
      '/admin/report/general?currency=jpy',
    );
    expect(fakeApi.requests(USERS).map((request) => request.params)).toEqual([
      { currency: 'kgs' },
      { currency: 'jpy' },
    ]);
  });

  it('prints the page: «Печать», the controls kept off paper, the trip and currency as a header', async () => {
    serveUsers();
    const view = renderRoute('report-general-users', {
      url: '/admin/report/general/5/users?currency=usd',
    });
    await screen.findByRole('table', { name: 'Участники' });

    const { calls, button } = await clickPrint();
    expect(calls).toBe(1);
    expect(button).toHaveClass(PRINT_HIDDEN_CLASS);
    expect(isPrintHidden(screen.getByRole('link', { name: '← Общий отчет' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('radiogroup', { name: 'Валюта отчета' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('table', { name: 'Участники' }))).toBe(false);
    expect(printHeaderOf(view.container)).toEqual([
      'Туристы тура',
      'Тур: Зимний Токио',
      'Валюта отчета: Доллар США (USD)',
    ]);
    // One request for the header and the tables.
    expect(fakeApi.requests(USERS)).toHaveLength(1);
  });

  it.each([
    ['answers 404', { status: 404, data: { code: 0, message: 'Тур не найден' } }],
    ['answers a code other than 1', { status: 200, data: { code: 0 } }],
  ])('says «Тур не найден» when the server %s', async (_how, reply) => {
    fakeApi.on(USERS, reply);
    renderRoute('report-general-users', { url: '/admin/report/general/5/users' });
    expect(await screen.findByText('Тур не найден')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  });

  it('says so in Russian when the tourists cannot load', async () => {
    fakeApi.on(USERS, { status: 500, data: {} });
    renderRoute('report-general-users', { url: '/admin/report/general/5/users' });
    expect(await screen.findByText('Не удалось загрузить туристов тура')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
