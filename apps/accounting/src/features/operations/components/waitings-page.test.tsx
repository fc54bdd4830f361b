import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onBalanceUpdated, type BalanceUpdatedDetail } from '@tour/shared';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { CurrencyTotal, WaitingCounts } from '../api/operations-api';
import { NBSP, operation, rowOf, textOf } from '../testing/operations';

installFakeApi();

const SETTINGS = { four_eyes: true, updated_by_name: null, updated_at: null };
beforeEach(() => {
  fakeApi.ok('GET /admin/balance/settings', SETTINGS);
});

const WAITINGS = 'GET /admin/balance/waitings';
const STAFF = ['accounting_section', 'confirm_payment'] as const;
const FOUR_EYES = 'Подтвердить операцию может только другой сотрудник: эту операцию создали вы';
const SHORTFALL = 'Недостаточно средств в кошельке «Мой USD»: не хватает $2,50';

// As the server sends them: oldest first.
const KYOTO = { id: 14, title: 'Осенний Киото', starts_on: '2027-11-01', ends_on: '2027-11-08' };
const income = operation({
  id: 21,
  trip_id: 14,
  participant_id: 6,
  trip: KYOTO,
  participant: { id: 6, user_id: 41, full_name: 'Иванова Анна' },
  overpayment: true,
  comment: 'Оплата от туриста',
  created_at: '2026-11-01T09:15:00',
});
const transfer = operation({
  id: 22,
  type: 'transfer',
  amount: 300,
  target_wallet_id: 9,
  target_wallet_name: 'Касса KGS',
  target_amount: 26235,
  target_currency: 'kgs',
  rate: 87.45,
  rate_date: '2026-11-02',
  comment: 'В кассу',
  created_at: '2026-11-02T14:05:00',
  created_by: 4,
  created_by_name: 'Кассир Бакыт',
  wallet_owner_name: 'Петров Пётр',
});
const outcome = operation({
  id: 23,
  type: 'outcome',
  amount: 1250.5,
  booking_id: 40,
  trip: KYOTO,
  booking: {
    id: 40,
    kind: 'hotel',
    title: 'Sakura, Киото',
    supplier_id: 3,
    supplier_name: 'Sakura Hotels',
  },
  category: 'Аренда офиса',
  created_at: '2026-11-03T08:00:00',
});

// The server's sums of every page of the filter (all pending): nothing the rows add up to.
const totals: CurrencyTotal[] = [
  {
    currency: 'usd',
    count: 44,
    confirmed_count: 0,
    income: 0,
    outcome: 0,
    transfer: 0,
    pending_count: 44,
    pending_income: 1200,
    pending_outcome: 50,
    pending_transfer: 1000,
    rejected_count: 0,
  },
  {
    currency: 'kgs',
    count: 1,
    confirmed_count: 0,
    income: 0,
    outcome: 0,
    transfer: 0,
    pending_count: 1,
    pending_income: 50000,
    pending_outcome: 0,
    pending_transfer: 0,
    rejected_count: 0,
  },
];
// How many each choice holds under the other filters, as the server counted them.
const counts: WaitingCounts = {
  type: { income: 30, outcome: 14, transfer: 0 },
  currency: { kgs: 1, usd: 44, eur: 0, jpy: 0 },
  author: [
    { id: 4, name: 'Кассир Бакыт', count: 3 },
    { id: 2, name: 'Менеджер Ольга', count: 42 },
  ],
  wallet: [
    { id: 3, name: 'Мой USD', currency: 'usd', count: 44 },
    { id: 9, name: 'Касса KGS', currency: 'kgs', count: 1 },
  ],
  overpayment: 2,
};

function serveWaitings(rows = [income, transfer, outcome], total = 45) {
  fakeApi.on(WAITINGS, ({ params }) => ({
    status: 200,
    data: {
      code: 1,
      data: { ...page(rows, { current: Number(params.page ?? 1), total }), totals, counts },
    },
  }));
}

const dialog = () => screen.findByRole('dialog');
/** Puts the text into a field at once (as a paste): typing key by key re-renders antd's form each time. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const shown = { ignore: 'script, style, title' };

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

/** The labels a select offers, each with whether it can be picked. */
async function optionsOf(select: HTMLElement) {
  const before = document.querySelectorAll('.ant-select-dropdown').length;
  await userEvent.click(select);
  // Each select's list is added to the page when it first opens.
  const popup = await waitFor(() => {
    const lists = document.querySelectorAll('.ant-select-dropdown');
    expect(lists).toHaveLength(before + 1);
    return lists[before]!;
  });
  const items = [...popup.querySelectorAll('.ant-select-item-option')];
  await userEvent.keyboard('{Escape}');
  return items.map(
    (item) =>
      `${item.getAttribute('title')}${item.classList.contains('ant-select-item-option-disabled') ? ' (нельзя)' : ''}`,
  );
}

describe('the four-eyes setting on the waitings', () => {
  it('is shown to an accountant but changed only by an administrator, asked first', async () => {
    fakeApi.ok('GET /admin/balance/waitings', page([]));
    fakeApi.on('PUT /admin/balance/settings', ({ data }) => ({
      status: 200,
      data: {
        code: 1,
        data: { ...SETTINGS, ...(data as object), updated_by_name: 'Админ', updated_at: null },
      },
    }));
    const accountant = renderRoute('balance-waitings', {
      permissions: ['accounting_section', 'confirm_payment'],
    });
    const locked = await screen.findByRole('switch', {
      name: 'Подтверждает только другой сотрудник',
    });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    accountant.unmount();

    renderRoute('balance-waitings', {
      permissions: ['accounting_section', 'confirm_payment', 'create_admin'],
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', {
      name: 'Подтверждает только другой сотрудник',
    });
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    // By its text: in tests antd gives every select and dialog title the same id («test-id»).
    expect(await dialog()).toHaveTextContent('Разрешить подтверждать свои операции?');
    expect(fakeApi.requests('PUT /admin/balance/settings')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Выключить' }));
    await waitFor(() =>
      expect(fakeApi.requests('PUT /admin/balance/settings').map((r) => r.data)).toEqual([
        { four_eyes: false },
      ]),
    );
  });
});

describe('balance-waitings', () => {
  it('lists the pending operations oldest first, with who made them and their details', async () => {
    serveWaitings();
    renderRoute('balance-waitings', { permissions: [...STAFF] });

    expect(screen.getByRole('heading', { name: 'Ожидание подтверждения' })).toBeInTheDocument();
    const first = rowOf(await screen.findByText('Оплата от туриста'));
    const rows = within(screen.getByRole('table', { name: 'Операции, ожидающие подтверждения' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      '21',
      '22',
      '23',
    ]);

    expect(textOf(first)).toContain('01.11.2026 09:15');
    expect(textOf(first)).toContain('Менеджер Ольга');
    expect(textOf(first)).toContain('+ Пополнение');
    expect(textOf(first)).toContain('$300,00');
    expect(within(first).getByRole('link', { name: 'Мой USD' })).toHaveAttribute(
      'href',
      '/admin/balance/wallets/3',
    );
    // What it is for, named: the trip with its dates, the tourist, the overpayment mark.
    expect(within(first).getByRole('link', { name: 'Осенний Киото' })).toHaveAttribute(
      'href',
      '/admin/trip/14/summary',
    );
    expect(textOf(first)).toContain('01.11.2027–08.11.2027');
    expect(within(first).getByRole('link', { name: 'Иванова Анна' })).toHaveAttribute(
      'href',
      '/admin/user/41/edit',
    );
    expect(within(first).getByText('Переплата')).toBeInTheDocument();
    expect(textOf(first)).not.toContain('№14');

    const second = rowOf(screen.getByText('В кассу'));
    expect(textOf(second)).toContain('02.11.2026 14:05');
    expect(textOf(second)).toContain('Кассир Бакыт');
    expect(textOf(second)).toContain('⇆ Перевод');
    // A user's wallet names its owner (every client has a «Депозит (сом)»); a company's does not.
    expect(within(second).getByRole('link', { name: 'Мой USD — Петров Пётр' })).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Касса KGS' })).toHaveAttribute(
      'href',
      '/admin/balance/wallets/9',
    );
    expect(textOf(second)).toContain(
      `зачислено С26${NBSP}235,00, курс 1${NBSP}$ = 87,45${NBSP}С на 02.11.2026`,
    );

    const third = rowOf(screen.getByText('Категория: Аренда офиса'));
    expect(textOf(third)).toContain('- Снятие');
    expect(textOf(third)).toContain(`$1${NBSP}250,50`);
    // A supplier payment: its booking's trip, the booking and its supplier.
    expect(within(third).getByRole('link', { name: 'Осенний Киото' })).toBeInTheDocument();
    expect(textOf(third)).toContain('Бронь: Sakura, Киото — Sakura Hotels');
    expect(within(third).queryByText('Переплата')).not.toBeInTheDocument();

    expect(fakeApi.requests(WAITINGS)[0]?.params).toEqual({ page: '1' });
  });

  it('keeps the page in the URL and asks the server for it', async () => {
    serveWaitings();
    const view = renderRoute('balance-waitings', {
      url: '/admin/balance/waitings?page=2',
      permissions: [...STAFF],
    });
    await screen.findByText('Оплата от туриста');
    expect(fakeApi.requests(WAITINGS)[0]?.params).toEqual({ page: '2' });

    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/waitings?page=3'));
    await waitFor(() => expect(fakeApi.requests(WAITINGS).at(-1)?.params).toEqual({ page: '3' }));
  });

  it('asks before confirming, then confirms, says so, reloads and tells the other views', async () => {
    serveWaitings();
    fakeApi.ok('POST /admin/balance/operations/21/confirm', {
      ...income,
      status: 'confirmed',
      confirmed_by: 3,
    });
    const events: BalanceUpdatedDetail[] = [];
    const stop = onBalanceUpdated((detail) => events.push(detail));
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    const row = rowOf(await screen.findByText('Оплата от туриста'));

    await userEvent.click(within(row).getByRole('button', { name: 'Подтвердить операцию №21' }));
    let question = await dialog();
    expect(question).toHaveTextContent('Подтвердить операцию №21?');
    expect(question).toHaveTextContent('Пополнение $300,00, кошелёк «Мой USD»');
    await userEvent.click(within(question).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.requests('POST /admin/balance/operations/21/confirm')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Подтвердить операцию №21' }));
    question = await dialog();
    await userEvent.click(within(question).getByRole('button', { name: 'Подтвердить' }));

    expect(await screen.findByText('Операция №21 подтверждена')).toBeInTheDocument();
    expect(fakeApi.requests('POST /admin/balance/operations/21/confirm')).toHaveLength(1);
    await waitFor(() => expect(fakeApi.requests(WAITINGS)).toHaveLength(2));
    expect(events).toEqual([{ walletIds: [3] }]);
    stop();
  });

  it("shows the server's reason when a confirmation is refused", async () => {
    serveWaitings();
    fakeApi.on('POST /admin/balance/operations/21/confirm', {
      status: 403,
      data: { code: 0, message: FOUR_EYES },
    });
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    const row = rowOf(await screen.findByText('Оплата от туриста'));

    await userEvent.click(within(row).getByRole('button', { name: 'Подтвердить операцию №21' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Подтвердить' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(`Операция №21: ${FOUR_EYES}`);
    expect(fakeApi.requests(WAITINGS)).toHaveLength(1);
  });

  it("rejects with a required reason, the server's 422 under the field", async () => {
    serveWaitings();
    let answer: { status: number; data: unknown } = {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: { reason: ['Причина — не больше 1000 символов'] },
      },
    };
    fakeApi.on('POST /admin/balance/operations/22/reject', () => answer);
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    const row = rowOf(await screen.findByText('В кассу'));

    await userEvent.click(within(row).getByRole('button', { name: 'Отклонить операцию №22' }));
    const form = await dialog();
    expect(form).toHaveTextContent('Отклонить операцию №22');
    await userEvent.click(within(form).getByRole('button', { name: 'Отклонить' }));
    expect(await within(form).findByText('Укажите причину')).toBeInTheDocument();
    expect(fakeApi.requests('POST /admin/balance/operations/22/reject')).toHaveLength(0);

    await fill(within(form).getByLabelText('Причина отказа'), 'Дубль платежа');
    await userEvent.click(within(form).getByRole('button', { name: 'Отклонить' }));
    const field = within(form).getByLabelText('Причина отказа').closest('.ant-form-item');
    await waitFor(() => expect(field).toHaveTextContent('Причина — не больше 1000 символов'));
    expect(fakeApi.requests('POST /admin/balance/operations/22/reject')[0]?.data).toEqual({
      reason: 'Дубль платежа',
    });

    answer = {
      status: 200,
      data: {
        code: 1,
        data: { ...transfer, status: 'rejected', rejection_reason: 'Дубль платежа' },
      },
    };
    await userEvent.click(within(form).getByRole('button', { name: 'Отклонить' }));
    expect(await screen.findByText('Операция №22 отклонена')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(fakeApi.requests(WAITINGS)).toHaveLength(2));
  });

  it('confirms the selected ones after asking, and says how each went', async () => {
    serveWaitings();
    fakeApi.ok('POST /admin/balance/operations/confirm', [
      {
        id: 21,
        ok: true,
        status: 200,
        message: null,
        operation: { ...income, status: 'confirmed' },
      },
      { id: 22, ok: false, status: 403, message: FOUR_EYES, operation: null },
      { id: 23, ok: false, status: 422, message: SHORTFALL, operation: null },
    ]);
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    await screen.findByText('Оплата от туриста');

    const bulk = screen.getByRole('button', { name: 'Подтвердить выбранные' });
    expect(bulk).toBeDisabled();
    for (const id of [21, 22, 23]) {
      await userEvent.click(screen.getByRole('checkbox', { name: `Выбрать операцию №${id}` }));
    }
    expect(screen.getByText('Выбрано: 3')).toBeInTheDocument();
    await userEvent.click(bulk);
    const question = await dialog();
    expect(question).toHaveTextContent('Подтвердить выбранные операции (3)?');
    expect(fakeApi.requests('POST /admin/balance/operations/confirm')).toHaveLength(0);
    await userEvent.click(within(question).getByRole('button', { name: 'Подтвердить' }));

    const result = await screen.findByRole('status', { name: 'Результат по выбранным операциям' });
    expect(result).toHaveTextContent('Подтверждено: 1 из 3');
    expect(result).toHaveTextContent('Подтверждены: №21');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`№22: ${FOUR_EYES}`, `№23: ${SHORTFALL}`]);
    expect(fakeApi.requests('POST /admin/balance/operations/confirm')[0]?.data).toEqual({
      ids: [21, 22, 23],
    });
    await waitFor(() => expect(fakeApi.requests(WAITINGS)).toHaveLength(2));
  });

  it('rejects the selected ones with one required reason, and lists the failures', async () => {
    serveWaitings();
    fakeApi.ok('POST /admin/balance/operations/reject', [
      {
        id: 22,
        ok: true,
        status: 200,
        message: null,
        operation: { ...transfer, status: 'rejected' },
      },
      { id: 23, ok: false, status: 409, message: 'Операция уже подтверждена', operation: null },
    ]);
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    await screen.findByText('В кассу');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать операцию №22' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать операцию №23' }));
    await userEvent.click(screen.getByRole('button', { name: 'Отклонить выбранные' }));
    const form = await dialog();
    expect(form).toHaveTextContent('Отклонить выбранные операции (2)');
    await userEvent.click(within(form).getByRole('button', { name: 'Отклонить' }));
    expect(await within(form).findByText('Укажите причину')).toBeInTheDocument();

    await fill(within(form).getByLabelText('Причина отказа'), '  Ошибка кассира ');
    await userEvent.click(within(form).getByRole('button', { name: 'Отклонить' }));

    const result = await screen.findByRole('status', { name: 'Результат по выбранным операциям' });
    expect(result).toHaveTextContent('Отклонено: 1 из 2');
    expect(result).toHaveTextContent('Отклонены: №22');
    expect(result).toHaveTextContent('№23: Операция уже подтверждена');
    expect(fakeApi.requests('POST /admin/balance/operations/reject')[0]?.data).toEqual({
      ids: [22, 23],
      reason: 'Ошибка кассира',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no confirmation or rejection without confirm_payment', async () => {
    serveWaitings();
    renderRoute('balance-waitings', { permissions: ['accounting_section'] });
    await screen.findByText('Оплата от туриста');
    expect(screen.queryByRole('button', { name: /Подтвердить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Отклонить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Выбрать операцию/ })).not.toBeInTheDocument();
  });

  it('says when nothing waits, and offers a retry after an error', async () => {
    fakeApi.on(WAITINGS, { status: 500, data: { code: 0, message: 'Internal Server Error' } });
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить данные');

    fakeApi.ok(WAITINGS, page([]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(
      await screen.findByText('Нет операций, ожидающих подтверждения', shown),
    ).toBeInTheDocument();
  });
});

describe('the filters of balance-waitings', () => {
  const FILTERED_URL =
    '/admin/balance/waitings?type=income&currency=usd&trip=14&tourist=41&author=2&wallet=3' +
    '&from=2026-11-01&to=2026-11-30&amount_from=100&amount_to=1200.5&overpayment=1' +
    '&search=%D0%B8%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0&sort=newest&page=2';

  it('reads the filters, the order and the page from the URL and sends them', async () => {
    serveWaitings();
    fakeApi.ok('GET /admin/users', page([{ id: 41, full_name: 'Иванова Анна', email: null }]));
    fakeApi.ok('GET /admin/trip/14', {
      ...KYOTO,
      status: 'confirmed',
      seats: 12,
      seats_taken: 3,
    });
    renderRoute('balance-waitings', { url: FILTERED_URL, permissions: [...STAFF] });
    await screen.findByText('Оплата от туриста');

    expect(fakeApi.requests(WAITINGS)[0]?.params).toEqual({
      page: '2',
      type: 'income',
      currency: 'usd',
      trip: '14',
      tourist: '41',
      author: '2',
      wallet: '3',
      from: '2026-11-01',
      to: '2026-11-30',
      amount_from: '100',
      amount_to: '1200.5',
      overpayment: 'true',
      search: 'иванова',
      sort: 'newest',
    });
    // Each filter shows what the URL holds, the choices with their counts.
    expect(screen.getByDisplayValue('иванова')).toBeInTheDocument();
    expect(screen.getByDisplayValue('01.11.2026')).toBeInTheDocument();
    expect(screen.getByDisplayValue('30.11.2026')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Сумма от' })).toHaveValue('100');
    expect(screen.getByRole('textbox', { name: 'Сумма до' })).toHaveValue('1200,5');
    expect(screen.getByRole('checkbox', { name: 'Только переплаты (2)' })).toBeChecked();
    expect(screen.getByTitle('+ Пополнение (30)')).toBeInTheDocument();
    expect(screen.getByTitle('Доллар США, USD (44)')).toBeInTheDocument();
    expect(screen.getByTitle('Мой USD (44)')).toBeInTheDocument();
    expect(screen.getByTitle('Менеджер Ольга (42)')).toBeInTheDocument();
    expect(screen.getByTitle('Сначала новые')).toBeInTheDocument();
    expect(await screen.findByTitle('Иванова Анна')).toBeInTheDocument();
    expect(await screen.findByTitle(/^Осенний Киото · 01\.11\.2027–08\.11\.2027/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Сбросить фильтры' })).toBeEnabled();
  });

  it('offers each choice with how many operations it holds, the empty ones disabled', async () => {
    serveWaitings();
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    await screen.findByText('Оплата от туриста');

    expect(await optionsOf(screen.getByRole('combobox', { name: 'Тип' }))).toEqual([
      '+ Пополнение (30)',
      '- Снятие (14)',
      '⇆ Перевод (0) (нельзя)',
    ]);
    expect(await optionsOf(screen.getByRole('combobox', { name: 'Валюта' }))).toEqual([
      'Сом, KGS (1)',
      'Доллар США, USD (44)',
      'Евро, EUR (0) (нельзя)',
      'Иена, JPY (0) (нельзя)',
    ]);
    expect(await optionsOf(screen.getByRole('combobox', { name: 'Автор' }))).toEqual([
      'Кассир Бакыт (3)',
      'Менеджер Ольга (42)',
    ]);
    expect(await optionsOf(screen.getByRole('combobox', { name: 'Кошелёк' }))).toEqual([
      'Мой USD (44)',
      'Касса KGS (1)',
    ]);
    expect(await optionsOf(screen.getByRole('combobox', { name: 'Порядок' }))).toEqual([
      'Сначала старые',
      'Сначала новые',
      'Сумма: по убыванию',
      'Сумма: по возрастанию',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Только переплаты (2)' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Сбросить фильтры' })).toBeDisabled();
  });

  it('puts a changed choice in the URL and the request, back on page 1', async () => {
    serveWaitings();
    const view = renderRoute('balance-waitings', {
      url: '/admin/balance/waitings?page=3',
      permissions: [...STAFF],
    });
    await screen.findByText('Оплата от туриста');
    const last = () => fakeApi.requests(WAITINGS).at(-1)?.params;

    await choose(screen.getByRole('combobox', { name: 'Тип' }), '+ Пополнение (30)');
    await waitFor(() => expect(view.location()).toBe('/admin/balance/waitings?type=income'));
    await waitFor(() => expect(last()).toEqual({ page: '1', type: 'income' }));

    await choose(screen.getByRole('combobox', { name: 'Автор' }), 'Кассир Бакыт (3)');
    await choose(screen.getByRole('combobox', { name: 'Порядок' }), 'Сумма: по убыванию');
    await waitFor(() =>
      expect(last()).toEqual({ page: '1', type: 'income', author: '4', sort: 'amount_desc' }),
    );
    expect(view.location()).toBe('/admin/balance/waitings?type=income&author=4&sort=amount_desc');
  });

  it('takes an amount as typed, marks what is not one, orders the period, and resets all but the order', async () => {
    serveWaitings();
    const view = renderRoute('balance-waitings', {
      url: '/admin/balance/waitings?sort=amount_desc&type=income&amount_from=1200.50&page=2',
      permissions: [...STAFF],
    });
    await screen.findByText('Оплата от туриста');
    const last = () => fakeApi.requests(WAITINGS).at(-1)?.params;
    expect(screen.getByRole('textbox', { name: 'Сумма от' })).toHaveValue('1200,50');

    await fill(screen.getByRole('searchbox', { name: 'Поиск' }), 'Sakura');
    await userEvent.keyboard('{Enter}');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Сумма от' }));
    await fill(screen.getByRole('textbox', { name: 'Сумма от' }), '1 000');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Только переплаты (2)' }));
    await waitFor(() =>
      expect(last()).toEqual({
        page: '1',
        type: 'income',
        sort: 'amount_desc',
        search: 'Sakura',
        amount_from: '1000',
        overpayment: 'true',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(view.location().split('?')[1]))).toEqual({
      type: 'income',
      sort: 'amount_desc',
      search: 'Sakura',
      amount_from: '1000',
      overpayment: '1',
    });

    // What is not an amount is marked and not sent.
    await fill(screen.getByRole('textbox', { name: 'Сумма до' }), 'сто');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Сумма до' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(view.location()).not.toContain('amount_to');

    await fill(screen.getByPlaceholderText('Создана с'), '30.11.2026');
    await userEvent.keyboard('{Enter}');
    await fill(screen.getByPlaceholderText('по'), '01.11.2026');
    await userEvent.keyboard('{Enter}');
    // Typed the wrong way round: the request still gets the period in order.
    await waitFor(() => expect(last()).toMatchObject({ from: '2026-11-01', to: '2026-11-30' }));

    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/waitings?sort=amount_desc'));
    await waitFor(() => expect(last()).toEqual({ page: '1', sort: 'amount_desc' }));
    expect(screen.getByRole('textbox', { name: 'Сумма от' })).toHaveValue('');
  });

  it('says the count and the sums of every page of the filter, as the server totalled them', async () => {
    serveWaitings();
    renderRoute('balance-waitings', { permissions: ['accounting_section'] });
    const sums = await screen.findByRole('status', { name: 'Итоги под фильтром' });
    expect(textOf(sums)).toBe(
      `Под фильтром 45 операций: +$1${NBSP}200,00 −$50,00 ⇆$1${NBSP}000,00 · +С50${NBSP}000,00`,
    );
  });

  it('says when nothing is under the filter', async () => {
    fakeApi.ok(WAITINGS, { ...page([]), totals: [], counts });
    renderRoute('balance-waitings', {
      url: '/admin/balance/waitings?currency=eur',
      permissions: [...STAFF],
    });
    expect(await screen.findByText('Под фильтром операций нет', shown)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Итоги под фильтром' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Подтвердить все по фильтру' })).toBeDisabled();
  });
});

describe('confirming everything a filter shows', () => {
  const CONFIRM_ALL = 'POST /admin/balance/waitings/confirm';
  const CHANGED =
    'Список изменился: под фильтр теперь попадает операций — 46. Ничего не подтверждено; ' +
    'проверьте список и повторите.';

  it('asks first with the count and the sums, sends the filters and the count seen, shows each result', async () => {
    serveWaitings();
    fakeApi.ok(CONFIRM_ALL, [
      {
        id: 21,
        ok: true,
        status: 200,
        message: null,
        operation: { ...income, status: 'confirmed' },
      },
      { id: 22, ok: false, status: 403, message: FOUR_EYES, operation: null },
    ]);
    const events: BalanceUpdatedDetail[] = [];
    const stop = onBalanceUpdated((detail) => events.push(detail));
    renderRoute('balance-waitings', {
      url: '/admin/balance/waitings?currency=usd&author=2&amount_from=100.50&sort=newest&page=2',
      permissions: [...STAFF],
    });
    await screen.findByText('Оплата от туриста');

    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить все по фильтру (45)' }));
    let question = await dialog();
    expect(question).toHaveTextContent('Подтвердить все операции под фильтром (45)?');
    expect(textOf(question)).toContain(
      `Будут подтверждены 45 операций на +$1${NBSP}200,00 −$50,00 ⇆$1${NBSP}000,00 · +С50${NBSP}000,00.`,
    );
    await userEvent.click(within(question).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.requests(CONFIRM_ALL)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить все по фильтру (45)' }));
    question = await dialog();
    await userEvent.click(within(question).getByRole('button', { name: 'Подтвердить все' }));

    const result = await screen.findByRole('status', {
      name: 'Результат по операциям под фильтром',
    });
    expect(result).toHaveTextContent('Подтверждено: 1 из 2');
    expect(result).toHaveTextContent('Подтверждены: №21');
    expect(result).toHaveTextContent(`№22: ${FOUR_EYES}`);
    // The filters (not the order, not the page; an amount as a number: a JSON body is not
    // coerced) and how many the person saw.
    expect(fakeApi.requests(CONFIRM_ALL)[0]?.data).toEqual({
      currency: 'usd',
      author: 2,
      amount_from: 100.5,
      expected: 45,
    });
    await waitFor(() => expect(fakeApi.requests(WAITINGS)).toHaveLength(2));
    expect(events).toEqual([{ walletIds: [3] }]);
    stop();
  });

  it("shows the server's sentence when the list has changed, and shows the list anew", async () => {
    serveWaitings();
    fakeApi.on(CONFIRM_ALL, { status: 409, data: { code: 0, message: CHANGED } });
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    await screen.findByText('Оплата от туриста');

    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить все по фильтру (45)' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Подтвердить все' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(CHANGED);
    expect(fakeApi.requests(CONFIRM_ALL)[0]?.data).toEqual({ expected: 45 });
    await waitFor(() => expect(fakeApi.requests(WAITINGS)).toHaveLength(2));
    expect(
      screen.queryByRole('status', { name: 'Результат по операциям под фильтром' }),
    ).not.toBeInTheDocument();
  });

  it('offers no confirmation of more than 500 at once, and says why', async () => {
    serveWaitings([income], 501);
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    await screen.findByText('Оплата от туриста');
    expect(screen.getByRole('button', { name: 'Подтвердить все по фильтру (501)' })).toBeDisabled();
    expect(screen.getByText('Все сразу — не больше 500: сузьте фильтр')).toBeInTheDocument();
  });

  it('says the refusal of too many as the server words it', async () => {
    serveWaitings();
    fakeApi.on(CONFIRM_ALL, {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: { expected: ['Не больше 500 операций за раз: сузьте фильтр'] },
      },
    });
    renderRoute('balance-waitings', { permissions: [...STAFF] });
    await screen.findByText('Оплата от туриста');
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить все по фильтру (45)' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Подтвердить все' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не больше 500 операций за раз: сузьте фильтр',
    );
  });
});
