import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onBalanceUpdated, type BalanceUpdatedDetail, type Transaction } from '@tour/shared';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { CurrencyTotal, WalletOption } from '../api/operations-api';
import { NBSP, operation, rowOf, textOf } from '../testing/operations';

installFakeApi();

// jsdom has no object URLs; the download revokes its URL a while later, maybe after the test.
const { createObjectURL, revokeObjectURL } = URL;
beforeAll(() => {
  URL.createObjectURL = () => 'blob:operations';
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const OPERATIONS = 'GET /admin/balance/operations';
const EXPORT = 'GET /admin/balance/operations/export';
const STAFF = ['accounting_section', 'confirm_payment', 'add_payment'] as const;

const wallets: WalletOption[] = [
  {
    id: 3,
    type: 'user',
    user_id: 5,
    name: 'Мой USD',
    currency: 'usd',
    balance: 1200,
    kind: null,
    user_name: 'Иванова Анна',
  },
  {
    id: 9,
    type: 'site',
    user_id: null,
    name: 'Касса KGS',
    currency: 'kgs',
    balance: 500000,
    kind: null,
    user_name: null,
  },
];

const confirmed = operation({
  id: 31,
  status: 'confirmed',
  comment: 'Оплата тура',
  trip_id: 14,
  participant_id: 6,
  trip: { id: 14, title: 'Осенний Киото', starts_on: '2027-11-01', ends_on: '2027-11-08' },
  participant: { id: 6, user_id: 41, full_name: 'Иванова Анна' },
  overpayment: true,
  confirmed_by: 3,
  confirmed_by_name: 'Бухгалтер Нина',
  confirmed_at: '2026-11-02T10:00:00',
});
const reversed = operation({
  id: 32,
  type: 'outcome',
  status: 'confirmed',
  comment: 'Ошибочный платёж',
  booking_id: 40,
  trip: { id: 14, title: 'Осенний Киото', starts_on: '2027-11-01', ends_on: '2027-11-08' },
  booking: {
    id: 40,
    kind: 'air_ticket',
    title: 'Бишкек — Осака',
    supplier_id: 3,
    supplier_name: 'Air Manas',
  },
  reversed_by_id: 35,
});
const reversal = operation({
  id: 35,
  type: 'outcome',
  status: 'pending',
  comment: 'Сторно: ошибка',
  reverses_id: 32,
});
const rejected = operation({
  id: 36,
  status: 'rejected',
  comment: 'Повтор',
  rejection_reason: 'Дубль платежа',
  confirmed_by: 3,
  confirmed_by_name: 'Бухгалтер Нина',
});

// What the server counted over every page of the filter: nothing the page's rows add up to.
const totals: CurrencyTotal[] = [
  {
    currency: 'usd',
    count: 57,
    confirmed_count: 50,
    income: 10234.5,
    outcome: 200.25,
    transfer: 1000,
    pending_count: 5,
    pending_income: 12.5,
    pending_outcome: 300,
    pending_transfer: 0,
    rejected_count: 2,
  },
  {
    currency: 'kgs',
    count: 4,
    confirmed_count: 4,
    income: 0,
    outcome: 0,
    transfer: 87450,
    pending_count: 0,
    pending_income: 0,
    pending_outcome: 0,
    pending_transfer: 0,
    rejected_count: 0,
  },
];

function serveOperations(rows: Transaction[] = [confirmed, reversed, reversal, rejected]) {
  fakeApi.on(OPERATIONS, ({ params }) => ({
    status: 200,
    data: {
      code: 1,
      data: { ...page(rows, { current: Number(params.page ?? 1), total: 61 }), totals },
    },
  }));
  fakeApi.ok('GET /admin/balance/categories', [
    { name: 'Аренда офиса', builtin: true },
    { name: 'Связь', builtin: false },
  ]);
  fakeApi.ok('GET /admin/wallets', wallets);
}

/** Puts the text into a field at once (as a paste): typing key by key re-renders antd's form each time. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

/** Picks the movement's type (the radio buttons are clicked through their labels). */
async function pickType(form: HTMLElement, type: string) {
  const radio = within(form).getByRole('radio', { name: type });
  await userEvent.click(radio.closest('label') as HTMLElement);
  expect(radio).toBeChecked();
}

/** The open dialog (a drawer) with this title. */
async function drawerOf(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(title);
  return dialog;
}

const today = () => {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
};

describe('balance-all-operations', () => {
  it("reads the filters and the page from the URL, sends them, shows the server's totals", async () => {
    serveOperations();
    fakeApi.ok(
      'GET /admin/users',
      page([{ id: 5, full_name: 'Иванова Анна', email: null, phone: null }]),
    );
    fakeApi.ok('GET /admin/trip/14', {
      id: 14,
      title: 'Осенний Киото',
      starts_on: '2026-11-01',
      ends_on: '2026-11-08',
      status: 'confirmed',
      seats: 12,
      seats_taken: 3,
    });
    renderRoute('balance-all-operations', {
      url:
        '/admin/balance?wallet=3&owner=5&type=income&status=confirmed&from=2026-11-01' +
        '&to=2026-11-30&trip=14&category=%D0%A1%D0%B2%D1%8F%D0%B7%D1%8C&search=%D1%82%D1%83%D1%80&page=2',
      permissions: [...STAFF],
    });

    expect(screen.getByRole('heading', { name: 'Все операции' })).toBeInTheDocument();
    await screen.findByText('Оплата тура');
    expect(fakeApi.requests(OPERATIONS)[0]?.params).toEqual({
      page: '2',
      wallet: '3',
      owner: '5',
      type: 'income',
      status: 'confirmed',
      from: '2026-11-01',
      to: '2026-11-30',
      trip: '14',
      category: 'Связь',
      search: 'тур',
    });
    expect(screen.getByDisplayValue('01.11.2026')).toBeInTheDocument();
    expect(screen.getByDisplayValue('30.11.2026')).toBeInTheDocument();
    expect(screen.getByDisplayValue('тур')).toBeInTheDocument();
    expect(await screen.findByText('Мой USD · USD · Иванова Анна')).toBeInTheDocument();

    const sums = screen.getByRole('table', { name: 'Итоги по валютам' });
    const usd = rowOf(within(sums).getByText('Доллар США (USD)'));
    expect(
      within(usd)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Доллар США (USD)',
      '50',
      `$10${NBSP}234,50`,
      '$200,25',
      `$1${NBSP}000,00`,
      '5: +$12,50 · −$300,00',
      '2',
    ]);
    const kgs = rowOf(within(sums).getByText('Сом (KGS)'));
    expect(
      within(kgs)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Сом (KGS)', '4', 'С0,00', 'С0,00', `С87${NBSP}450,00`, '—', '0']);
    expect(
      screen.getByText(/суммы — подтверждённые операции; ожидающие — отдельно/),
    ).toBeInTheDocument();
  });

  it('puts a changed filter in the URL and the request, back on page 1', async () => {
    serveOperations();
    const view = renderRoute('balance-all-operations', {
      url: '/admin/balance?page=3',
      permissions: [...STAFF],
    });
    await screen.findByText('Оплата тура');

    await choose(screen.getByRole('combobox', { name: 'Тип' }), '⇆ Перевод');
    await waitFor(() => expect(view.location()).toBe('/admin/balance?type=transfer'));
    await waitFor(() =>
      expect(fakeApi.requests(OPERATIONS).at(-1)?.params).toEqual({ page: '1', type: 'transfer' }),
    );

    await choose(screen.getByRole('combobox', { name: 'Категория' }), 'Аренда офиса');
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Поиск в комментариях' }),
      'касса{Enter}',
    );
    await waitFor(() =>
      expect(fakeApi.requests(OPERATIONS).at(-1)?.params).toEqual({
        page: '1',
        type: 'transfer',
        category: 'Аренда офиса',
        search: 'касса',
      }),
    );
    expect(new URLSearchParams(view.location().split('?')[1]).get('search')).toBe('касса');

    await fill(screen.getByPlaceholderText('Период с'), '30.11.2026');
    await userEvent.keyboard('{Enter}');
    await fill(screen.getByPlaceholderText('по'), '01.11.2026');
    await userEvent.keyboard('{Enter}');
    // Typed the wrong way round: the request still gets the period in order.
    await waitFor(() =>
      expect(fakeApi.requests(OPERATIONS).at(-1)?.params).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(view.location()).toBe('/admin/balance'));
  });

  it('exports the same filters to XLSX', async () => {
    serveOperations();
    fakeApi.on(EXPORT, { status: 200, data: new Blob(['PK']) });
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      renderRoute('balance-all-operations', {
        url: '/admin/balance?type=outcome&from=2026-11-01&page=4',
        permissions: [...STAFF],
      });
      await screen.findByText('Оплата тура');
      await userEvent.click(screen.getByRole('button', { name: 'Экспорт в XLSX' }));
      await waitFor(() => expect(saved).toEqual(['operations.xlsx']));
      expect(fakeApi.requests(EXPORT)[0]?.params).toEqual({ type: 'outcome', from: '2026-11-01' });
    } finally {
      click.mockRestore();
    }
  });

  it('names the trip, the tourist, the booking and its supplier, never a bare id', async () => {
    serveOperations();
    renderRoute('balance-all-operations', { permissions: [...STAFF] });

    const payment = rowOf(await screen.findByText('Оплата тура'));
    expect(within(payment).getByRole('link', { name: 'Осенний Киото' })).toHaveAttribute(
      'href',
      '/admin/trip/14/summary',
    );
    expect(textOf(payment)).toContain('01.11.2027–08.11.2027');
    expect(within(payment).getByRole('link', { name: 'Иванова Анна' })).toHaveAttribute(
      'href',
      '/admin/user/41/edit',
    );
    expect(within(payment).getByText('Переплата')).toBeInTheDocument();
    expect(textOf(payment)).not.toContain('№14');

    const supplier = rowOf(screen.getByText('Ошибочный платёж'));
    expect(textOf(supplier)).toContain('Осенний Киото 01.11.2027–08.11.2027');
    expect(textOf(supplier)).toContain('Бронь: Бишкек — Осака — Air Manas');
    expect(within(supplier).queryByText('Переплата')).not.toBeInTheDocument();
  });

  it('names the reversals, the rejection reasons, and offers Сторно only where it applies', async () => {
    serveOperations();
    renderRoute('balance-all-operations', { permissions: [...STAFF] });

    const first = rowOf(await screen.findByText('Оплата тура'));
    expect(textOf(first)).toContain('Подтверждена');
    expect(textOf(first)).toContain('Подтвердил: Бухгалтер Нина, 02.11.2026 10:00');
    expect(within(first).getByRole('button', { name: 'Сторнировать операцию №31' })).toBeVisible();

    const original = rowOf(screen.getByText('Ошибочный платёж'));
    expect(textOf(original)).toContain('Сторнирована операцией №35');
    expect(within(original).queryByRole('button')).not.toBeInTheDocument();

    const reversing = rowOf(screen.getByText('Сторно: ошибка'));
    expect(textOf(reversing)).toContain('Сторно операции №32');
    expect(within(reversing).queryByRole('button')).not.toBeInTheDocument();

    const refused = rowOf(screen.getByText('Повтор'));
    expect(textOf(refused)).toContain('Причина: Дубль платежа');
    expect(textOf(refused)).toContain('Отклонил: Бухгалтер Нина');
    expect(within(refused).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows a transfer's rate as a bank prints it, whichever way it is stored", async () => {
    serveOperations([
      // A reversal: som back into dollars at the exact inverse of 87.45.
      operation({
        id: 41,
        type: 'transfer',
        wallet_id: 9,
        wallet_name: 'Касса KGS',
        amount: 8745,
        currency: 'kgs',
        target_wallet_id: 3,
        target_wallet_name: 'Мой USD',
        target_amount: 100,
        target_currency: 'usd',
        rate: 0.011435105774728416,
        rate_date: '2026-11-02',
        comment: 'Сторно перевода',
      }),
      operation({
        id: 42,
        type: 'transfer',
        wallet_id: 12,
        wallet_name: 'Касса JPY',
        amount: 10000,
        currency: 'jpy',
        target_wallet_id: 9,
        target_wallet_name: 'Касса KGS',
        target_amount: 5685,
        target_currency: 'kgs',
        rate: 0.5685,
        rate_date: '2026-11-03',
        comment: 'Иены в сомы',
      }),
    ]);
    renderRoute('balance-all-operations', { permissions: [...STAFF] });

    const inverse = rowOf(await screen.findByText('Сторно перевода'));
    expect(textOf(inverse)).toContain(
      `В: Мой USD, зачислено $100,00, курс 1${NBSP}$ = 87,45${NBSP}С на 02.11.2026`,
    );
    expect(textOf(inverse)).not.toContain('0,0114');
    const yen = rowOf(screen.getByText('Иены в сомы'));
    expect(textOf(yen)).toContain(
      `В: Касса KGS, зачислено С5${NBSP}685,00, курс 100${NBSP}¥ = 56,85${NBSP}С на 03.11.2026`,
    );
  });

  it('offers neither Сторно nor a new operation without their permissions', async () => {
    serveOperations();
    renderRoute('balance-all-operations', { permissions: ['accounting_section'] });
    await screen.findByText('Оплата тура');
    expect(screen.queryByRole('button', { name: /Сторнировать/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Новая операция' })).not.toBeInTheDocument();
  });

  it('reverses with a required reason, showing a refusal, then the recorded reversal', async () => {
    serveOperations();
    let answer: { status: number; data: unknown } = {
      status: 409,
      data: { code: 0, message: 'Операция уже сторнирована (операция №39)' },
    };
    fakeApi.on('POST /admin/balance/operations/31/reverse', () => answer);
    const events: BalanceUpdatedDetail[] = [];
    const stop = onBalanceUpdated((detail) => events.push(detail));
    renderRoute('balance-all-operations', { permissions: [...STAFF] });
    const row = rowOf(await screen.findByText('Оплата тура'));

    await userEvent.click(within(row).getByRole('button', { name: 'Сторнировать операцию №31' }));
    const form = await screen.findByRole('dialog');
    expect(form).toHaveTextContent('Сторнировать операцию №31');
    await userEvent.click(within(form).getByRole('button', { name: 'Сторнировать' }));
    expect(await within(form).findByText('Укажите причину')).toBeInTheDocument();
    expect(fakeApi.requests('POST /admin/balance/operations/31/reverse')).toHaveLength(0);

    await fill(within(form).getByLabelText('Причина сторно'), 'Ошибка в сумме');
    await userEvent.click(within(form).getByRole('button', { name: 'Сторнировать' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Операция уже сторнирована (операция №39)',
    );
    await waitFor(() => expect(fakeApi.requests(OPERATIONS)).toHaveLength(2));

    answer = {
      status: 200,
      data: {
        code: 1,
        data: operation({ id: 40, type: 'outcome', reverses_id: 31, comment: 'Ошибка в сумме' }),
      },
    };
    await userEvent.click(within(form).getByRole('button', { name: 'Сторнировать' }));
    expect(
      await screen.findByText('Записано сторно операции №31: операция №40 ожидает подтверждения'),
    ).toBeInTheDocument();
    expect(fakeApi.requests('POST /admin/balance/operations/31/reverse').at(-1)?.data).toEqual({
      reason: 'Ошибка в сумме',
    });
    await waitFor(() => expect(fakeApi.requests(OPERATIONS)).toHaveLength(3));
    expect(events).toEqual([{ walletIds: [3] }]);
    stop();
  });

  it('records a transfer with a preview of the conversion, one Idempotency-Key per form', async () => {
    serveOperations();
    const day = today();
    // No rates entered since the 10th of January: those are the day's, as the server says.
    fakeApi.on('GET /currency-rates', ({ params }) => ({
      status: 200,
      data: { code: 1, data: { [params.date ?? 'current']: { usd: { kgs: 87.45 } } } },
      headers: { 'x-rates-date': '2026-01-10' },
    }));
    let answer: { status: number; data: unknown } = {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: {
          target_wallet_id: ['Операции с кошельками компании — только с правом allow_site_wallets'],
        },
      },
    };
    fakeApi.on('POST /admin/balance/movements', () => answer);
    renderRoute('balance-all-operations', { permissions: [...STAFF] });
    await screen.findByText('Оплата тура');

    await userEvent.click(screen.getByRole('button', { name: 'Новая операция' }));
    const drawer = await drawerOf('Новая операция');
    await pickType(drawer, 'Перевод');
    await choose(within(drawer).getByLabelText('Кошелёк-источник'), 'Мой USD · USD · Иванова Анна');
    await fill(within(drawer).getByLabelText('Сумма'), '100,50');
    await choose(within(drawer).getByLabelText('Кошелёк-получатель'), 'Касса KGS · KGS · Компания');

    // 100.50 × 87.45 = 8788.725, rounded up to whole som: 8789; the rate as a bank prints it, of
    // the day its rates are of. The text matchers read the no-break spaces as plain ones.
    expect(
      await within(drawer).findByText(
        'Будет зачислено С8 789,00 по курсу 1 $ = 87,45 С на 10.01.2026. Окончательно пересчитает сервер при записи.',
      ),
    ).toBeInTheDocument();
    expect(fakeApi.requests('GET /currency-rates').at(-1)?.params).toEqual({ date: day });

    await fill(within(drawer).getByLabelText('Комментарий'), 'В кассу офиса');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));
    const target = within(drawer).getByLabelText('Кошелёк-получатель').closest('.ant-form-item');
    await waitFor(() =>
      expect(target).toHaveTextContent(
        'Операции с кошельками компании — только с правом allow_site_wallets',
      ),
    );
    const [first] = fakeApi.requests('POST /admin/balance/movements');
    expect(first?.data).toEqual({
      type: 'transfer',
      wallet_id: 3,
      amount: '100.50',
      target_wallet_id: 9,
      rate_date: day,
      comment: 'В кассу офиса',
    });
    const key = first?.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    answer = {
      status: 200,
      data: { code: 1, data: operation({ id: 50, type: 'transfer', target_wallet_id: 9 }) },
    };
    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));
    expect(
      await screen.findByText('Операция №50 записана и ожидает подтверждения'),
    ).toBeInTheDocument();
    const sent = fakeApi.requests('POST /admin/balance/movements');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['idempotency-key']).toBe(key);
    await waitFor(() => expect(fakeApi.requests(OPERATIONS)).toHaveLength(2));

    // The next form is another movement: another key.
    await userEvent.click(screen.getByRole('button', { name: 'Новая операция' }));
    const next = await drawerOf('Новая операция');
    await choose(within(next).getByLabelText('Кошелёк'), 'Мой USD · USD · Иванова Анна');
    await fill(within(next).getByLabelText('Сумма'), '5');
    await userEvent.click(within(next).getByRole('button', { name: 'Записать' }));
    await waitFor(() => expect(fakeApi.requests('POST /admin/balance/movements')).toHaveLength(3));
    const third = fakeApi.requests('POST /admin/balance/movements')[2];
    expect(third?.data).toEqual({ type: 'income', wallet_id: 3, amount: '5' });
    expect(third?.headers['idempotency-key']).not.toBe(key);
  });

  it('records an administrative operation with a category and no trip', async () => {
    serveOperations();
    fakeApi.ok('POST /admin/balance/movements', operation({ id: 51, type: 'outcome' }));
    renderRoute('balance-all-operations', {
      permissions: [...STAFF, 'administrative_transactions'],
    });
    await screen.findByText('Оплата тура');

    await userEvent.click(screen.getByRole('button', { name: 'Новая операция' }));
    const drawer = await drawerOf('Новая операция');
    expect(within(drawer).getByLabelText('Тур')).toBeInTheDocument();
    await pickType(drawer, 'Снятие');
    await choose(within(drawer).getByLabelText('Кошелёк'), 'Касса KGS · KGS · Компания');
    await fill(within(drawer).getByLabelText('Сумма'), '15 000');
    await choose(within(drawer).getByLabelText('Категория'), 'Аренда офиса');
    expect(within(drawer).queryByLabelText('Тур')).not.toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));

    expect(
      await screen.findByText('Операция №51 записана и ожидает подтверждения'),
    ).toBeInTheDocument();
    expect(fakeApi.requests('POST /admin/balance/movements')[0]?.data).toEqual({
      type: 'outcome',
      wallet_id: 9,
      amount: '15000',
      category: 'Аренда офиса',
    });
  });

  it('asks no category without administrative_transactions, and checks the amount first', async () => {
    serveOperations();
    renderRoute('balance-all-operations', { permissions: [...STAFF] });
    await screen.findByText('Оплата тура');

    await userEvent.click(screen.getByRole('button', { name: 'Новая операция' }));
    const drawer = await drawerOf('Новая операция');
    expect(within(drawer).queryByLabelText('Категория')).not.toBeInTheDocument();
    await choose(within(drawer).getByLabelText('Кошелёк'), 'Касса KGS · KGS · Компания');
    await fill(within(drawer).getByLabelText('Сумма'), '10,5');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));
    expect(await within(drawer).findByText('Сумма в KGS должна быть целой')).toBeInTheDocument();
    expect(fakeApi.requests('POST /admin/balance/movements')).toHaveLength(0);
  });
});
