import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isCurrency } from '@tour/shared';
import { PRINT_HIDDEN_CLASS } from '@tour/shared/ui';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { NBSP, textOf } from '../../../testing/reports';
import { renderRoute } from '../../../testing/render-route';
import {
  clickExport,
  clickPrint,
  isPrintHidden,
  printHeaderOf,
  stubObjectUrls,
} from '../../../testing/printing';
import { tourSummary } from '../../../testing/tour-summary';

installFakeApi();
stubObjectUrls();

const SUMMARY = 'GET /admin/reports/tour';
const NOTE =
  'Стоимость бронирования делится поровну между его участниками, кроме отмененных; остаток — по копейке первым по алфавиту.';

const TRIP_OPTIONS = [
  {
    id: 5,
    title: 'Зимний Токио',
    starts_on: '2026-12-01',
    ends_on: '2026-12-10',
    status: 'confirmed',
    seats: 12,
    seats_taken: 3,
  },
  {
    id: 7,
    title: 'Сеул весной',
    starts_on: '2026-04-03',
    ends_on: '2026-04-09',
    status: 'planned',
    seats: 10,
    seats_taken: 0,
  },
];

/**
 * The server: the picker's trips, and the summary of trip 5 (or 7, under its own title) in the
 * currency asked for, else in the trip's own (USD).
 */
function serve(summary = tourSummary) {
  fakeApi.ok('GET /admin/trips', { data: TRIP_OPTIONS, total: TRIP_OPTIONS.length });
  fakeApi.ok('GET /admin/trip/5', TRIP_OPTIONS[0]);
  fakeApi.ok('GET /admin/trip/7', TRIP_OPTIONS[1]);
  fakeApi.on(SUMMARY, ({ params }) => {
    const report = summary(isCurrency(params.currency) ? params.currency : 'usd');
    if (params.trip_id === '7') report.trip = { ...report.trip, id: 7, title: 'Сеул весной' };
    return { status: 200, data: { code: 1, data: report } };
  });
}

function cellsOf(row: Element) {
  return within(row as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => textOf(cell));
}

function headersOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('columnheader')
    .map((cell) => textOf(cell));
}

function bodyRows(table: HTMLElement) {
  return [...table.querySelectorAll('tbody tr.ant-table-row')];
}

function summaryRows(table: HTMLElement) {
  return [...table.querySelectorAll('.ant-table-summary tr')];
}

/** A Descriptions block's label → value pairs. */
function pairsOf(root: Element) {
  return [...root.querySelectorAll('.ant-descriptions-item-label')].map((label) => [
    textOf(label),
    textOf(label.nextElementSibling!),
  ]);
}

/** The titles of the Descriptions blocks under `root`. */
function titlesOf(root: Element) {
  return [...root.querySelectorAll('.ant-descriptions-title')].map((title) => textOf(title));
}

const requested = () => fakeApi.requests(SUMMARY).map((request) => request.params);

describe('report-tour', () => {
  it('asks to pick a trip first, and asks the server nothing', async () => {
    serve();
    const view = renderRoute('report-tour');
    expect(screen.getByRole('heading', { level: 2, name: 'Свод по туру' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Тур' })).toBeInTheDocument();
    expect(screen.getByText('Выберите тур')).toBeInTheDocument();
    // Nothing to export yet; paper says no trip is picked.
    expect(screen.queryByRole('button', { name: 'Экспорт в XLSX' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Печать' })).toBeInTheDocument();
    expect(printHeaderOf(view.container)).toEqual([
      'Свод по туру',
      'Тур: не выбран',
      'Валюта: валюта тура',
    ]);
    expect(screen.queryByRole('radiogroup', { name: 'Валюта отчета' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(requested()).toEqual([]);
  });

  it('loads the trip of the URL in its own currency, the switch showing that one', async () => {
    serve();
    renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });

    const totals = await screen.findByRole('region', { name: 'Итоги тура' });
    expect(requested()).toEqual([{ trip_id: '5' }]);
    const currencies = screen.getByRole('radiogroup', { name: 'Валюта отчета' });
    expect(within(currencies).getByRole('radio', { name: 'USD' })).toBeChecked();
    expect(await screen.findByText(/^Зимний Токио · 01\.12\.2026/)).toBeInTheDocument();

    expect(pairsOf(document.querySelector('.ant-descriptions')!)).toEqual([
      ['Тур', 'Зимний Токио'],
      ['Страна', 'Япония'],
      ['Даты', '01.12.2026 – 10.12.2026'],
      ['Статус', 'Подтверждён'],
      ['Валюта тура', 'Доллар США (USD)'],
    ]);
    // The server's totals, not the sums of the lines, by contract and in cash; a flag for what
    // had no rate.
    expect(within(totals).getByText('нет курса')).toBeInTheDocument();
    expect(titlesOf(totals)).toEqual(['Итоги тура в USDнет курса', 'По договорам', 'По кассе']);
    expect(pairsOf(totals)).toEqual([
      ['Туристов', '2'],
      ['Курсовая разница', '-$12,40'],
      ['Выручка', `$6${NBSP}034,50`],
      ['Расходы', `$3${NBSP}897,65`],
      ['Прибыль', `$2${NBSP}136,85`],
      ['Маржа', `35,41${NBSP}%`],
      ['Оплачено', `$2${NBSP}469,00`],
      ['Долг', `$3${NBSP}565,50`],
      ['Оплачено поставщикам', `$2${NBSP}500,00`],
      ['Денежный результат', '-$31,00'],
    ]);
  });

  it('shows a margin without revenue as «—», and no flag when every amount had its rate', async () => {
    serve((currency) => {
      const summary = tourSummary(currency);
      summary.totals = {
        ...summary.totals,
        revenue: 0,
        profit: -3897.65,
        margin: null,
        debt: -2469,
        missing_rate: false,
      };
      return summary;
    });
    renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });
    const totals = await screen.findByRole('region', { name: 'Итоги тура' });
    expect(pairsOf(totals).slice(2, 8)).toEqual([
      ['Выручка', '$0,00'],
      ['Расходы', `$3${NBSP}897,65`],
      ['Прибыль', `-$3${NBSP}897,65`],
      ['Маржа', '—'],
      ['Оплачено', `$2${NBSP}469,00`],
      ['Долг', `-$2${NBSP}469,00`],
    ]);
    expect(within(totals).queryByText('нет курса')).not.toBeInTheDocument();
  });

  it('puts the trip picked in the URL and asks for its summary', async () => {
    serve();
    const view = renderRoute('report-tour', { url: '/admin/report/tour?currency=kgs' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Тур' }));
    await userEvent.click(await screen.findByText(/^Сеул весной · 03\.04\.2026/));

    await waitFor(() => expect(view.location()).toBe('/admin/report/tour?currency=kgs&trip_id=7'));
    await screen.findByRole('region', { name: 'Итоги тура' });
    expect(pairsOf(document.querySelector('.ant-descriptions')!)[0]).toEqual([
      'Тур',
      'Сеул весной',
    ]);
    expect(requested()).toEqual([{ trip_id: '7', currency: 'kgs' }]);
  });

  it('switches the currency in the URL and the request', async () => {
    serve();
    const view = renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });
    const totals = await screen.findByRole('region', { name: 'Итоги тура' });

    const currencies = screen.getByRole('radiogroup', { name: 'Валюта отчета' });
    await userEvent.click(within(currencies).getByRole('radio', { name: 'EUR' }));

    await waitFor(() => expect(view.location()).toBe('/admin/report/tour?trip_id=5&currency=eur'));
    expect(within(currencies).getByRole('radio', { name: 'EUR' })).toBeChecked();
    await waitFor(() => expect(pairsOf(totals)[2]).toEqual(['Выручка', `€6${NBSP}034,50`]));
    expect(requested()).toEqual([{ trip_id: '5' }, { trip_id: '5', currency: 'eur' }]);
  });

  it('prints the page: «Печать», the controls kept off paper, the trip and currency as a header', async () => {
    serve();
    const view = renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5&currency=kgs' });
    await screen.findByRole('region', { name: 'Итоги тура' });

    const { calls, button } = await clickPrint();
    expect(calls).toBe(1);
    expect(button).toHaveClass(PRINT_HIDDEN_CLASS);
    expect(isPrintHidden(screen.getByRole('button', { name: 'Экспорт в XLSX' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('combobox', { name: 'Тур' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('radiogroup', { name: 'Валюта отчета' }))).toBe(true);
    expect(isPrintHidden(screen.getByRole('region', { name: 'Итоги тура' }))).toBe(false);
    expect(printHeaderOf(view.container)).toEqual([
      'Свод по туру',
      'Тур: Зимний Токио',
      'Валюта: Сом (KGS)',
    ]);
  });

  it('prints the trip’s own currency when the URL names none', async () => {
    serve();
    const view = renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });
    await screen.findByRole('region', { name: 'Итоги тура' });
    expect(printHeaderOf(view.container)).toEqual([
      'Свод по туру',
      'Тур: Зимний Токио',
      'Валюта: Доллар США (USD)',
    ]);
  });

  it.each([
    [
      'in the currency of the URL',
      '/admin/report/tour?trip_id=5&currency=eur',
      { currency: 'eur' },
    ],
    ['without a currency when the URL names none', '/admin/report/tour?trip_id=5', {}],
  ])('exports the summary %s, as the page asks for it', async (_how, url, currency) => {
    serve();
    fakeApi.on('GET /admin/reports/tour/export', {
      status: 200,
      data: new Blob(['xlsx']),
      headers: { 'content-disposition': 'attachment; filename="tour-summary.xlsx"' },
    });
    renderRoute('report-tour', { url });
    await screen.findByRole('region', { name: 'Итоги тура' });

    expect(await clickExport()).toEqual(['tour-summary.xlsx']);
    const params = { trip_id: '5', ...currency };
    expect(fakeApi.requests('GET /admin/reports/tour/export').map((r) => r.params)).toEqual([
      params,
    ]);
    expect(requested()).toEqual([params]);
  });

  it('shows the bookings kind by kind, each in its own currency and in the report’s', async () => {
    serve();
    renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });

    const hotels = await screen.findByRole('table', { name: 'Отели' });
    expect(screen.getByRole('heading', { level: 4, name: 'Отели' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Трансфер' })).not.toBeInTheDocument();
    expect(headersOf(hotels)).toEqual([
      'Услуга',
      'Поставщик',
      'Даты',
      'Статус',
      'Стоимость',
      'Курс',
      'В валюте отчета',
      'Оплачено поставщику',
      'Долг поставщику',
      'Курсовая разница',
      'Делят',
    ]);
    expect(bodyRows(hotels).map(cellsOf)).toEqual([
      [
        'Hotel Gracery Shinjuku, 2 DBL',
        'Gracery Hotels',
        '01.12.2026 – 10.12.2026',
        'Подтверждено',
        `¥540${NBSP}000,00`,
        // The dollar in yen, as a bank prints it: 1 / 0.006689 = 149.4992… to six digits.
        `1${NBSP}$ = 149,499${NBSP}¥на 30.11.2026`,
        `$3${NBSP}612,25`,
        `¥300${NBSP}000,00`,
        `¥240${NBSP}000,00`,
        '-$12,40',
        '2',
      ],
      [
        'Ryokan Kyoto, 1 TWN',
        'Kyoto Inns',
        '05.12.2026 – 06.12.2026',
        'Отменено',
        '$150,00',
        '—',
        '$150,00',
        '$0,00',
        '$150,00',
        '$0,00',
        '0',
      ],
    ]);
    // The server's total of the kind (the lines add up to $3 762,25).
    expect(summaryRows(hotels).map(cellsOf)).toEqual([['Итого', `$3${NBSP}800,00`, '']]);

    const air = screen.getByRole('table', { name: 'Авиабилеты' });
    expect(bodyRows(air).map(cellsOf)).toEqual([
      [
        'Бишкек — Стамбул — Токио',
        'Turkish Airlines',
        '01.12.2026',
        'Подтверждено',
        `С312${NBSP}000,00`,
        'нет курса',
        'нет курса',
        `С312${NBSP}000,00`,
        'С0,00',
        '—',
        '2',
      ],
    ]);
    expect(summaryRows(air).map(cellsOf)).toEqual([['Итого', 'нет курса$0,00', '']]);

    const other = screen.getByRole('table', { name: 'Прочие расходы' });
    expect(bodyRows(other).map(cellsOf)).toEqual([
      [
        'Визовый сбор',
        'Посольство Японии',
        '20.11.2026',
        'Запрошено',
        '€90,00',
        `1${NBSP}€ = 1,085${NBSP}$на 19.11.2026`,
        '$97,65',
        '€0,00',
        '€90,00',
        '$0,00',
        '2',
      ],
    ]);
    expect(summaryRows(other).map(cellsOf)).toEqual([['Итого', '$97,65', '']]);
    // In the order of the booking section (the totals' grid is a table without a name).
    expect(
      screen
        .getAllByRole('table')
        .map((table) => table.getAttribute('aria-label'))
        .filter((label) => label !== null),
    ).toEqual(['Отели', 'Авиабилеты', 'Прочие расходы', 'По туристам']);
  });

  it('shows each tourist’s paid against its share by kind, and the costs nobody shares', async () => {
    serve();
    renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });

    const tourists = await screen.findByRole('table', { name: 'По туристам' });
    expect(headersOf(tourists)).toEqual([
      'ФИО',
      'Статус',
      'Оплачено',
      'Доля расходов',
      'Отели',
      'Авиабилеты',
      'Прочие расходы',
      'Результат',
    ]);
    expect(bodyRows(tourists).map(cellsOf)).toEqual([
      [
        'Иванов Пётр',
        'Подтверждён',
        `$4${NBSP}500,00`,
        `$1${NBSP}953,95`,
        `$1${NBSP}905,13`,
        '—',
        '$48,82',
        `$2${NBSP}546,05`,
      ],
      [
        'Ли Анна',
        'Забронирован',
        `$1${NBSP}234,50`,
        `$1${NBSP}953,95`,
        `$1${NBSP}905,12`,
        '—',
        '$48,83',
        '-$719,45',
      ],
      ['Петров Олег', 'Отменён', '$300,00', '$0,00', '—', '—', '—', '$300,00'],
    ]);
    expect(summaryRows(tourists).map(cellsOf)).toEqual([
      ['Не распределено', '$150,00', '$150,00', '—', '—', ''],
    ]);
    expect(screen.getByText(NOTE)).toBeInTheDocument();
  });

  it('shows no «Не распределено» row when every cost is shared', async () => {
    serve((currency) => tourSummary(currency, { unassigned: { costs: 0, by_kind: {} } }));
    renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });

    const tourists = await screen.findByRole('table', { name: 'По туристам' });
    expect(bodyRows(tourists)).toHaveLength(3);
    expect(within(tourists).queryByText('Не распределено')).not.toBeInTheDocument();
    expect(summaryRows(tourists)).toEqual([]);
  });

  it.each([
    ['answers 404', { status: 404, data: { code: 0, message: 'Тур не найден' } }],
    ['answers a code other than 1', { status: 200, data: { code: 0 } }],
  ])('says «Тур не найден» when the server %s', async (_how, reply) => {
    serve();
    fakeApi.on(SUMMARY, reply);
    renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });
    expect(await screen.findByText('Тур не найден')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  });

  it('says so in Russian when the summary cannot load', async () => {
    serve();
    fakeApi.on(SUMMARY, { status: 500, data: {} });
    renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5&currency=kgs' });
    expect(await screen.findByText('Не удалось загрузить свод по туру')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(requested()).toEqual([{ trip_id: '5', currency: 'kgs' }]);
  });
});
