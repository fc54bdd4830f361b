import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installFakeApi, page, type FakeRequest } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { RateHistoryDay } from '../api/rates-api';

installFakeApi();

const RATES = 'GET /currency-rates';
const HISTORY = 'GET /admin/currency-rates/history';
const SAVE = 'POST /admin/currency-rates';
const IMPORT = 'POST /admin/currency-rates/import';
const URL = '/admin/balance/rates?date=2026-11-25';
const NBSP = '\u00a0';

// Chosen so that every cross rate below is worked out by hand: a euro is 100 / 87,5 = 1,142857…
// dollars; a dollar 87,5 / 0,5 = 175 yen; a euro 100 / 0,5 = 200 yen.
const RATES_OF_20TH = { usd: { kgs: 87.5 }, eur: { kgs: 100 }, jpy: { kgs: 0.5 } };

/** GET /currency-rates answering `rates` of `day` for whatever date is asked, as the server. */
function ratesOfDay(day: string | null, rates: object) {
  fakeApi.on(RATES, ({ params }: FakeRequest) => ({
    status: 200,
    data: { code: 1, data: { [params.date ?? 'current']: rates } },
    headers: day ? { 'x-rates-date': day } : undefined,
  }));
}

const history: RateHistoryDay[] = [
  {
    date: '2026-11-20',
    rates: [
      { from: 'eur', to: 'kgs', rate: 101.2345 },
      { from: 'usd', to: 'kgs', rate: 87.45 },
    ],
    updated_at: '2026-11-20T04:15:00Z',
    created_by_name: 'Бухгалтер Асель',
  },
  {
    date: '2026-11-19',
    rates: [{ from: 'usd', to: 'kgs', rate: 87.4 }],
    updated_at: '2026-11-19T04:00:00Z',
    created_by_name: null,
  },
];

/** The row of a table whose first cell is exactly `text`. */
function rowStartingWith(text: string): HTMLElement {
  const cell = screen.getAllByRole('cell').find((element) => element.textContent === text);
  if (!cell) throw new Error(`no row starting with ${text}`);
  return cell.closest('tr') as HTMLElement;
}

/** The form item (label, input, its errors) of the field labelled `label`. */
function fieldOf(label: string): HTMLElement {
  return screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
}

beforeEach(() => {
  fakeApi.ok(HISTORY, page([]));
});

describe('balance-rates: the rates of a day', () => {
  it('shows the latest rates on or before the day, which day they are of, and the cross rates', async () => {
    ratesOfDay('2026-11-20', RATES_OF_20TH);
    renderRoute('balance-rates', { url: URL });

    expect(screen.getByRole('heading', { level: 2, name: 'Курсы валют' })).toBeInTheDocument();
    expect(
      await screen.findByText('За 25.11.2026 курсов нет: действуют курсы за 20.11.2026'),
    ).toBeInTheDocument();
    expect(fakeApi.requests(RATES)[0]?.params).toEqual({ date: '2026-11-25' });
    expect(screen.getByText('1 USD = 87,5 KGS')).toBeInTheDocument();
    expect(screen.getByText('1 EUR = 100 KGS')).toBeInTheDocument();
    expect(screen.getByText('1 JPY = 0,5 KGS')).toBeInTheDocument();

    // The cross rates as a bank prints them, the dearer currency in the cheaper one.
    const crossOf = (pair: string) => rowStartingWith(pair).textContent;
    expect(crossOf('USD — EUR')).toBe(`USD — EUR1${NBSP}€ = 1,14286${NBSP}$`);
    expect(crossOf('USD — JPY')).toBe(`USD — JPY1${NBSP}$ = 175,00${NBSP}¥`);
    expect(crossOf('EUR — JPY')).toBe(`EUR — JPY1${NBSP}€ = 200,00${NBSP}¥`);
  });

  it('says a missing cross rate is missing, never 1, and names the day of its own rates', async () => {
    ratesOfDay('2026-11-25', { usd: { kgs: 1234.5 } });
    renderRoute('balance-rates', { url: URL });

    expect(await screen.findByText('Курсы за 25.11.2026')).toBeInTheDocument();
    // Grouped with a no-break space (the text matchers would read it as a plain one).
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toContain(`1 USD = 1${NBSP}234,5 KGS`);
    for (const pair of ['USD — EUR', 'USD — JPY', 'EUR — JPY']) {
      expect(within(rowStartingWith(pair)).getByText('нет курса')).toBeInTheDocument();
    }
  });

  it('says so when there are no rates on or before the day', async () => {
    ratesOfDay(null, {});
    renderRoute('balance-rates', { url: URL });
    expect(
      await screen.findByText('Курсов на этот день и раньше нет', { ignore: 'title' }),
    ).toBeInTheDocument();
  });

  it('takes another day from the picker into the URL and asks for its rates', async () => {
    ratesOfDay('2026-11-20', RATES_OF_20TH);
    const view = renderRoute('balance-rates', { url: URL });
    await screen.findByText('1 USD = 87,5 KGS');

    const picker = screen.getByRole('textbox', { name: 'День' });
    await userEvent.clear(picker);
    await userEvent.type(picker, '01.11.2026{Enter}');

    await waitFor(() => expect(view.location()).toBe('/admin/balance/rates?date=2026-11-01'));
    await waitFor(() =>
      expect(fakeApi.requests(RATES).at(-1)?.params).toEqual({ date: '2026-11-01' }),
    );
  });
});

describe('balance-rates: entering a day', () => {
  it('sends the typed rates to the som and shows the server’s errors under their fields', async () => {
    ratesOfDay('2026-11-20', RATES_OF_20TH);
    fakeApi.on(SAVE, {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: {
          date: ['Курсы можно вводить не дальше чем на завтра'],
          'rates.1.rate': ['Не больше 10 знаков после запятой'],
        },
      },
    });
    renderRoute('balance-rates', { url: URL });
    await screen.findByText('1 USD = 87,5 KGS');

    expect(screen.getByLabelText('Дата')).toHaveValue('25.11.2026');
    await userEvent.type(screen.getByLabelText('1 USD в сомах'), '87,45');
    await userEvent.type(screen.getByLabelText('1 EUR в сомах'), '101.12345678901');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить курсы' }));

    expect(
      await within(fieldOf('1 EUR в сомах')).findByText('Не больше 10 знаков после запятой'),
    ).toBeInTheDocument();
    expect(
      within(fieldOf('Дата')).getByText('Курсы можно вводить не дальше чем на завтра'),
    ).toBeInTheDocument();
    expect(within(fieldOf('1 USD в сомах')).queryByRole('alert')).not.toBeInTheDocument();
    expect(fakeApi.requests(SAVE)[0]?.data).toEqual({
      date: '2026-11-25',
      rates: [
        { from: 'usd', to: 'kgs', rate: 87.45 },
        { from: 'eur', to: 'kgs', rate: 101.12345678901 },
      ],
    });
    // Nothing saved, nothing reloaded.
    expect(fakeApi.requests(RATES)).toHaveLength(1);
  });

  it('refuses a rate that is not a positive number before sending, and an empty form', async () => {
    ratesOfDay('2026-11-20', RATES_OF_20TH);
    fakeApi.ok(SAVE, {});
    renderRoute('balance-rates', { url: URL });
    await screen.findByText('1 USD = 87,5 KGS');

    await userEvent.click(screen.getByRole('button', { name: 'Сохранить курсы' }));
    expect(await screen.findByText('Укажите хотя бы один курс.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('1 JPY в сомах'), '-0,58');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить курсы' }));
    expect(
      await within(fieldOf('1 JPY в сомах')).findByText('Курс должен быть положительным числом'),
    ).toBeInTheDocument();
    expect(fakeApi.requests(SAVE)).toHaveLength(0);
  });

  it('reloads the day’s rates and the history once saved', async () => {
    ratesOfDay('2026-11-20', RATES_OF_20TH);
    fakeApi.ok(SAVE, { '2026-11-25': { jpy: { kgs: 0.58 } } });
    renderRoute('balance-rates', { url: URL });
    await screen.findByText('1 USD = 87,5 KGS');
    await waitFor(() => expect(fakeApi.requests(HISTORY)).toHaveLength(1));

    ratesOfDay('2026-11-25', { jpy: { kgs: 0.58 } });
    await userEvent.type(screen.getByLabelText('1 JPY в сомах'), '0,58');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить курсы' }));

    expect(await screen.findByText('Курсы за 25.11.2026 сохранены')).toBeInTheDocument();
    expect(fakeApi.requests(SAVE)[0]?.data).toEqual({
      date: '2026-11-25',
      rates: [{ from: 'jpy', to: 'kgs', rate: 0.58 }],
    });
    expect(await screen.findByText('1 JPY = 0,58 KGS')).toBeInTheDocument();
    expect(fakeApi.requests(HISTORY)).toHaveLength(2);
  });
});

describe('balance-rates: the National Bank file', () => {
  const file = () =>
    new File(['<CurrencyRates Date="20.11.2026"/>'], 'daily.xml', { type: 'text/xml' });
  const fileInput = (container: HTMLElement) =>
    container.querySelector('input[type="file"]') as HTMLInputElement;

  it('sends the file as it is and shows the day and the rates it brought', async () => {
    ratesOfDay('2026-11-20', RATES_OF_20TH);
    fakeApi.ok(IMPORT, {
      date: '2026-11-20',
      rates: { eur: { kgs: 101.2345 }, usd: { kgs: 87.45 } },
      imported: 2,
      skipped: ['KZT', 'RUB'],
    });
    const { container } = renderRoute('balance-rates', { url: URL });
    await screen.findByText('1 USD = 87,5 KGS');

    const sent = file();
    await userEvent.upload(fileInput(container), sent);

    expect(await screen.findByText('Загружены курсы за 20.11.2026')).toBeInTheDocument();
    expect(screen.getByText('1 USD = 87,45 KGS · 1 EUR = 101,2345 KGS')).toBeInTheDocument();
    expect(screen.getByText('Другие валюты файла пропущены: KZT, RUB')).toBeInTheDocument();
    const [request] = fakeApi.requests(IMPORT);
    expect(request?.data).toBe(sent);
    expect(request?.headers['content-type']).toBe('application/octet-stream');
    // The day's rates and the history come again.
    await waitFor(() => expect(fakeApi.requests(RATES)).toHaveLength(2));
    await waitFor(() => expect(fakeApi.requests(HISTORY)).toHaveLength(2));
  });

  it('shows the server’s Russian reason for a bad file', async () => {
    ratesOfDay('2026-11-20', RATES_OF_20TH);
    fakeApi.on(IMPORT, {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: {
          file: ['Файл не похож на курсы Нацбанка: это HTML-страница, а не XML-файл с курсами'],
        },
      },
    });
    const { container } = renderRoute('balance-rates', { url: URL });
    await screen.findByText('1 USD = 87,5 KGS');

    await userEvent.upload(fileInput(container), file());

    const alert = (await screen.findByText('Файл не загружен')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent(
      'Файл не похож на курсы Нацбанка: это HTML-страница, а не XML-файл с курсами',
    );
    expect(fakeApi.requests(RATES)).toHaveLength(1);
  });
});

describe('balance-rates: the history', () => {
  it('lists the days with their rates and who changed them, page by page in the URL', async () => {
    ratesOfDay('2026-11-20', RATES_OF_20TH);
    fakeApi.on(HISTORY, ({ params }) => ({
      status: 200,
      data: { code: 1, data: page(history, { current: Number(params.page), total: 45 }) },
    }));
    const view = renderRoute('balance-rates', { url: URL });

    const day = within((await screen.findByText('20.11.2026')).closest('tr') as HTMLElement);
    expect(day.getByText('1 EUR = 101,2345 KGS')).toBeInTheDocument();
    expect(day.getByText('1 USD = 87,45 KGS')).toBeInTheDocument();
    expect(day.getByText(/, Бухгалтер Асель$/)).toBeInTheDocument();
    expect(fakeApi.requests(HISTORY)[0]?.params).toEqual({ page: '1' });

    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(view.location()).toBe('/admin/balance/rates?date=2026-11-25&page=2'),
    );
    await waitFor(() => expect(fakeApi.requests(HISTORY).at(-1)?.params).toEqual({ page: '2' }));
  });
});
