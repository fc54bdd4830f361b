import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onBalanceUpdated, type BalanceUpdatedDetail } from '@tour/shared';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
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

function serveWaitings(rows = [income, transfer, outcome]) {
  fakeApi.on(WAITINGS, ({ params }) => ({
    status: 200,
    data: { code: 1, data: page(rows, { current: Number(params.page ?? 1), total: 45 }) },
  }));
}

const dialog = () => screen.findByRole('dialog');
/** Puts the text into a field at once (as a paste): typing key by key re-renders antd's form each time. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const shown = { ignore: 'script, style, title' };

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
    expect(
      await screen.findByRole('dialog', { name: 'Разрешить подтверждать свои операции?' }),
    ).toBeInTheDocument();
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
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
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
