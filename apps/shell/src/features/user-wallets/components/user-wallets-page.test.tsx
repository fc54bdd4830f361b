import { act, screen, waitFor, within } from '@testing-library/react';
import {
  BALANCE_UPDATED,
  type BalanceUpdatedDetail,
  type CompanyRequisites,
  type Transaction,
  type User,
} from '@tour/shared';
import { deferredReply, type FakeReply } from '../../../testing/fake-api';
import { signedInRoutes, userFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import type { UserTrip, UserWallet } from '../api/user-wallets-api';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const NBSP = '\u00a0';
const USER_ID = 12;
const PAYMENTS = `POST /admin/user/${USER_ID}/payments`;
const WALLETS = `GET /admin/user/${USER_ID}/wallets`;
const TRIPS = `GET /admin/user/${USER_ID}/trips`;
const KYOTO_PAYMENTS = 'POST /admin/trip/7/participant/81/payments';
const ARRIVAL = 'GET /admin/balance/payment-wallets';
const DEPOSIT = 'Депозит клиента (предоплата без тура)';
const KYOTO = 'Осенний Киото, 01.11.2026–08.11.2026';
const EMBASSY = `POST /admin/user/${USER_ID}/application-embassy`;
const AGREEMENT = `POST /admin/user/${USER_ID}/agreement`;

const tourist: User = userFixture({
  id: USER_ID,
  full_name: 'Иванова Анна Сергеевна',
  email: 'anna@example.com',
  roles: ['client'],
});

const wallets: UserWallet[] = [
  {
    id: 31,
    type: 'user',
    user_id: USER_ID,
    name: 'Депозит USD',
    currency: 'usd',
    balance: 1234.5,
    kind: null,
    user_name: null,
  },
  {
    id: 32,
    type: 'user',
    user_id: USER_ID,
    name: 'Депозит (сом)',
    currency: 'kgs',
    balance: 150000,
    kind: null,
    user_name: null,
  },
];

// Written by hand: Kyoto owes $3 430 - $700 = $2 730; the lake was overpaid by С1 000; the
// Seoul participation was cancelled.
const trips: UserTrip[] = [
  {
    participant_id: 81,
    status: 'confirmed',
    trip_id: 7,
    title: 'Осенний Киото',
    starts_on: '2026-11-01',
    ends_on: '2026-11-08',
    trip_status: 'confirmed',
    currency: 'usd',
    due: 3430,
    paid: 700,
    expected: 0,
    debt: 2730,
    missing_rate: false,
  },
  {
    participant_id: 82,
    status: 'booked',
    trip_id: 8,
    title: 'Иссык-Куль, выходные',
    starts_on: '2026-07-10',
    ends_on: '2026-07-12',
    trip_status: 'completed',
    currency: 'kgs',
    due: 15000,
    paid: 16000,
    expected: 0,
    debt: -1000,
    missing_rate: false,
  },
  {
    participant_id: 83,
    status: 'cancelled',
    trip_id: 9,
    title: 'Сеул весной',
    starts_on: '2026-04-01',
    ends_on: '2026-04-06',
    trip_status: 'cancelled',
    currency: 'usd',
    due: 0,
    paid: 0,
    expected: 0,
    debt: 0,
    missing_rate: false,
  },
];

function operation(overrides: Partial<Transaction>): Transaction {
  return {
    id: 1,
    wallet_id: 31,
    type: 'income',
    amount: 100,
    currency: 'usd',
    status: 'confirmed',
    target_wallet_id: null,
    target_amount: null,
    target_currency: null,
    rate: null,
    trip_id: null,
    booking_id: null,
    category: null,
    comment: null,
    created_by: 2,
    confirmed_by: 3,
    created_at: '2026-11-03T09:15:00',
    confirmed_at: '2026-11-03T10:00:00',
    wallet_name: 'Депозит USD',
    target_wallet_name: null,
    created_by_name: 'Менеджер Ольга',
    confirmed_by_name: 'Бухгалтер Нина',
    participant_id: null,
    reverses_id: null,
    reversed_by_id: null,
    rejection_reason: null,
    rate_date: null,
    wallet_owner_name: null,
    target_wallet_owner_name: null,
    trip: null,
    participant: null,
    booking: null,
    overpayment: false,
    ...overrides,
  };
}

const operations: Transaction[] = [
  operation({
    id: 41,
    amount: 500,
    status: 'pending',
    confirmed_by: null,
    confirmed_by_name: null,
    confirmed_at: null,
    comment: 'Предоплата тура в Японию',
    created_at: '2026-11-05T14:30:00',
  }),
  operation({ id: 40, type: 'outcome', amount: 200.25, comment: 'Возврат' }),
];

const newPayment = operation({
  id: 42,
  amount: 1500.5,
  status: 'pending',
  confirmed_by: null,
  confirmed_by_name: null,
  confirmed_at: null,
  comment: 'Оплата визы',
  created_by_name: 'Администратор Бакыт',
  created_at: '2026-11-06T08:00:00',
});

const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });

const REQUISITES: CompanyRequisites = {
  legal_form: 'osoo',
  name: 'Турбюро',
  inn: '02411201910125',
  okpo: null,
  licence: null,
  city: 'г. Бишкек',
  address: 'г. Бишкек, ул. Киевская, 95',
  phone: '+996 312 62-45-00',
  email: null,
  bank_name: 'ОАО «Оптима Банк»',
  bank_account: '1091820182530114',
  bank_bic: '109018',
  director_position: 'Директор',
  director_name: 'Асанова Гулнара Маратовна',
  director_name_genitive: 'директора Асановой Гулнары Маратовны',
  logo: null,
  updated_at: '2026-11-27T04:00:00.000Z',
  updated_by_name: 'Администратор Бакыт',
};

function viewRoutes(roles: Parameters<typeof signedInRoutes>[0] = ['admin']) {
  return {
    ...signedInRoutes(roles),
    [`GET /admin/user/${USER_ID}`]: ok(tourist),
    'GET /roles': ok({ client: 'Клиент', admin: 'Администратор' }),
    [WALLETS]: ok({ wallets, transactions: operations }),
    [TRIPS]: ok(trips),
    [ARRIVAL]: ok([
      { id: 5, name: 'Касса USD', currency: 'usd', kind: 'cash' },
      { id: 6, name: 'Расчётный счёт USD', currency: 'usd', kind: 'bank' },
    ]),
    'GET /admin/company': ok(REQUISITES),
    'GET /admin/documents/options': ok({
      embassyTypes: [
        { value: 'application', label: 'Анкета-заявление на визу' },
        { value: 'invitation', label: 'Приглашение' },
      ],
      visaTypes: [
        { value: 'tourist', label: 'Туристическая' },
        { value: 'business', label: 'Деловая' },
      ],
    }),
  };
}

function openView(
  options: { path?: string; roles?: Parameters<typeof signedInRoutes>[0]; api?: object } = {},
) {
  return renderApp({
    path: options.path ?? `/admin/user/${USER_ID}/wallets`,
    api: { ...viewRoutes(options.roles), ...options.api },
  });
}

type View = ReturnType<typeof openView>;

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/** Opens the dialog and says what the payment is for (a trip's label, or the deposit). */
async function openPaymentForm(view: View, purpose: string | null = DEPOSIT) {
  await view.user.click(await screen.findByRole('button', { name: 'Добавить платёж' }));
  const dialog = await screen.findByRole('dialog');
  if (purpose !== null) await choose(view, 'За что', purpose);
  return dialog;
}

async function choose(view: View, field: string, option: string) {
  const dialog = screen.getByRole('dialog');
  await view.user.click(within(dialog).getByRole('combobox', { name: field }));
  await view.user.click(await screen.findByText(option, { selector: '.ant-select-item *' }));
}

/** What a select of the dialog shows as chosen. */
function shownValue(field: string): string | null {
  const select = within(screen.getByRole('dialog'))
    .getByRole('combobox', { name: field })
    .closest('.ant-select');
  return select?.querySelector('.ant-select-content')?.getAttribute('title') ?? null;
}

async function fillPayment(view: View, wallet: string, amount: string, comment?: string) {
  const dialog = screen.getByRole('dialog');
  await view.user.click(within(dialog).getByRole('combobox', { name: 'Кошелёк' }));
  await view.user.click(await screen.findByText(wallet, { selector: '.ant-select-item *' }));
  const amountField = within(dialog).getByLabelText('Сумма');
  await view.user.clear(amountField);
  await view.user.type(amountField, amount);
  if (comment !== undefined)
    await view.user.type(within(dialog).getByLabelText('Комментарий'), comment);
}

const submitPayment = (view: View) =>
  view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Добавить/ }));

describe('the user wallets view', () => {
  it('shows the user, its roles, wallets with formatted balances and the pending payment', async () => {
    openView();
    expect(await screen.findByRole('heading', { name: 'Иванова Анна Сергеевна' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Кошельки пользователя' })).toBeInTheDocument();
    expect(screen.getByText('anna@example.com')).toBeInTheDocument();
    expect(screen.getByText('Клиент')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Редактировать' })).toHaveAttribute(
      'href',
      `/admin/user/${USER_ID}/edit`,
    );
    expect(screen.getByRole('link', { name: 'К списку пользователей' })).toHaveAttribute(
      'href',
      '/admin/users',
    );

    // formatAmount groups with a no-break space; the text queries read it as a space.
    expect((await screen.findByText('$1 234,50')).textContent).toBe(`$1${NBSP}234,50`);
    expect(screen.getByText('С150 000,00')).toBeInTheDocument();

    const pending = rowOf('Предоплата тура в Японию');
    expect(within(pending).getByText(/ожидает подтверждения/i)).toBeInTheDocument();
    expect(within(pending).getByText('Пополнение')).toBeInTheDocument();
    expect(within(pending).getByText('+')).toBeInTheDocument();
    expect(within(pending).getByText('$500,00')).toBeInTheDocument();
    expect(within(pending).getByText('05.11.2026 14:30')).toBeInTheDocument();
    expect(within(pending).getByText('Менеджер Ольга')).toBeInTheDocument();
    const outcome = rowOf('Возврат');
    expect(within(outcome).getByText('Снятие')).toBeInTheDocument();
    expect(within(outcome).getByText('Подтверждена')).toBeInTheDocument();
  });

  it('lists the trips the user takes part in, with what each owes, paid and awaits', async () => {
    openView();
    const table = await screen.findByRole('table', { name: 'Туры пользователя' });
    const kyoto = within(table).getByRole('link', { name: 'Осенний Киото' }).closest('tr')!;
    expect(within(table).getByRole('link', { name: 'Осенний Киото' })).toHaveAttribute(
      'href',
      '/admin/trip/7/summary',
    );
    expect(within(kyoto).getByText('01.11.2026 – 08.11.2026')).toBeInTheDocument();
    expect(within(kyoto).getByText('Подтверждён')).toBeInTheDocument();
    expect(within(kyoto).getByText('$3 430,00')).toBeInTheDocument();
    expect(within(kyoto).getByText('$700,00')).toBeInTheDocument();
    expect(within(kyoto).getByText('$2 730,00')).toBeInTheDocument();
    const lake = within(table).getByRole('link', { name: 'Иссык-Куль, выходные' }).closest('tr')!;
    expect(within(lake).getByText('Переплата С1 000,00')).toBeInTheDocument();
    const seoul = within(table).getByRole('link', { name: 'Сеул весной' }).closest('tr')!;
    expect(within(seoul).getByText('Отменён')).toBeInTheDocument();
    // The payment (mostly for a trip) is offered on this card.
    const card = table.closest('.ant-card') as HTMLElement;
    expect(await within(card).findByRole('button', { name: 'Добавить платёж' })).toBeVisible();
  });

  it('says when the user takes part in no trip', async () => {
    openView({ api: { [TRIPS]: ok([]) } });
    expect(
      await screen.findByText('Пользователь не участвует ни в одном туре'),
    ).toBeInTheDocument();
  });

  it('shows the same view on the roles route', async () => {
    openView({ path: `/admin/user/${USER_ID}/roles` });
    expect(await screen.findByRole('heading', { name: 'Иванова Анна Сергеевна' })).toBeVisible();
    expect(document.title).toBe('Роли пользователя — Турбюро');
    expect(await screen.findByText('$1 234,50')).toBeInTheDocument();
    expect(screen.getByText('Клиент')).toBeInTheDocument();
  });

  it('says when there are no wallets and no email', async () => {
    openView({
      api: {
        [`GET /admin/user/${USER_ID}`]: ok({ ...tourist, email: null }),
        [WALLETS]: ok({ wallets: [], transactions: [] }),
      },
    });
    expect(await screen.findByText('Кошельков пока нет')).toBeInTheDocument();
    expect(screen.getByText('Почта не указана')).toBeInTheDocument();
    expect(screen.getByText('Операций пока нет')).toBeInTheDocument();
  });

  it('shows a Russian not-found result for an unknown user', async () => {
    openView({
      api: {
        [`GET /admin/user/${USER_ID}`]: { status: 404, body: { code: 0, message: 'Не найдено' } },
        [WALLETS]: { status: 404, body: { code: 0, message: 'Не найдено' } },
      },
    });
    expect(await screen.findByText('Пользователь не найден')).toBeInTheDocument();
  });

  it('keeps the user and its documents but not its money from one the server refuses them', async () => {
    // A reservation agent reaches every user (see_all_users) but no wallet of theirs.
    openView({
      roles: ['reservation_agent'],
      api: {
        [WALLETS]: {
          status: 403,
          body: { code: 0, message: 'Нет доступа к кошелькам этого пользователя' },
        },
      },
    });
    expect(
      await screen.findByText('Кошельки и операции этого пользователя вам недоступны.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Иванова Анна Сергеевна' })).toBeVisible();
    expect(screen.queryByText('Последние операции')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Скачать договор' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    const view = openView({ api: { [WALLETS]: { status: 500, body: { code: 0 } } } });
    await view.user.click(await screen.findByRole('button', { name: 'Повторить' }));
    view.api.on(WALLETS, ok({ wallets, transactions: operations }));
    await view.user.click(await screen.findByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('$1 234,50')).toBeInTheDocument();
  });
});

describe('adding a payment', () => {
  it('is not offered without add_payment', async () => {
    openView({ roles: ['reservation_agent'] });
    expect(await screen.findByText('$1 234,50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить платёж' })).not.toBeInTheDocument();
  });

  it("asks what it is for: the user's trips with their money (a cancelled one not choosable), or the deposit", async () => {
    const view = openView();
    const dialog = await openPaymentForm(view, null);
    expect(
      within(dialog).getByText(
        'За тур — в кассу или на счёт компании; депозит — в кошелёк клиента.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Добавить' })).toBeDisabled();
    await view.user.click(within(dialog).getByRole('combobox', { name: 'За что' }));
    const options = await screen.findAllByText(/./, {
      selector: '.ant-select-item-option-content > div > div',
    });
    expect(options.map((option) => option.textContent)).toEqual([
      KYOTO,
      'Иссык-Куль, выходные, 10.07.2026–12.07.2026',
      'Сеул весной, 01.04.2026–06.04.2026',
      DEPOSIT,
    ]);
    expect(
      screen.getByText('к оплате С15 000,00 · оплачено С16 000,00 · переплата С1 000,00'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Сеул весной, 01.04.2026–06.04.2026').closest('.ant-select-item'),
    ).toHaveClass('ant-select-item-option-disabled');
    await view.user.click(screen.getByText(KYOTO, { selector: '.ant-select-item *' }));
    expect(
      within(dialog).getByText('к оплате $3 430,00 · оплачено $700,00 · долг $2 730,00'),
    ).toBeInTheDocument();
  });

  it("sends a trip's payment to the participant, into the trip currency's cash desk, and the card's trips reload", async () => {
    const view = openView();
    view.api.on(KYOTO_PAYMENTS, () => {
      view.api.on(TRIPS, ok([{ ...trips[0], expected: 1000 }, ...trips.slice(1)]));
      return ok({ ...newPayment, wallet_id: 5, wallet_name: 'Касса USD', trip_id: 7 });
    });
    const dialog = await openPaymentForm(view, KYOTO);
    await waitFor(() => expect(shownValue('Куда поступили деньги')).toBe('Касса USD — касса'));
    expect(shownValue('Валюта')).toBe('Доллар США (USD)');
    await view.user.type(within(dialog).getByLabelText('Сумма'), '1000');
    await view.user.type(within(dialog).getByLabelText('Комментарий'), 'Вторая часть');
    await submitPayment(view);

    expect(
      await screen.findByText('Платёж добавлен в «Касса USD» и ожидает подтверждения'),
    ).toBeVisible();
    const [call, ...more] = view.api.callsTo(KYOTO_PAYMENTS);
    expect(more).toHaveLength(0);
    expect(call?.data).toEqual({
      wallet_id: 5,
      currency: 'usd',
      amount: '1000',
      comment: 'Вторая часть',
    });
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(view.api.callsTo(PAYMENTS)).toHaveLength(0);
    // The card's trips reload through the trip's tag: the payment now awaits confirmation.
    const table = screen.getByRole('table', { name: 'Туры пользователя' });
    const kyoto = within(table).getByRole('link', { name: 'Осенний Киото' }).closest('tr')!;
    expect(await within(kyoto).findByText('$1 000,00')).toBeInTheDocument();
    expect(view.api.callsTo(TRIPS).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the amount and the comment when what it is for changes', async () => {
    const view = openView();
    view.api.on(PAYMENTS, ok(newPayment));
    const dialog = await openPaymentForm(view, KYOTO);
    await view.user.type(within(dialog).getByLabelText('Сумма'), '250');
    await view.user.type(within(dialog).getByLabelText('Комментарий'), 'Наличными в офисе');
    await choose(view, 'За что', DEPOSIT);

    expect(within(dialog).queryByRole('combobox', { name: 'Куда поступили деньги' })).toBeNull();
    expect(within(dialog).getByLabelText('Сумма')).toHaveValue('250');
    expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Наличными в офисе');
    await choose(view, 'Кошелёк', 'Депозит USD · USD · $1 234,50');
    await submitPayment(view);
    await waitFor(() => expect(view.api.callsTo(PAYMENTS)).toHaveLength(1));
    expect(view.api.callsTo(PAYMENTS)[0]?.data).toEqual({
      wallet_id: 31,
      amount: '250',
      comment: 'Наличными в офисе',
    });
    expect(view.api.callsTo(KYOTO_PAYMENTS)).toHaveLength(0);
  });

  it('has the deposit chosen for a user in no trip but a cancelled one', async () => {
    const view = openView({ api: { [TRIPS]: ok([trips[2]]) } });
    const dialog = await openPaymentForm(view, null);
    await waitFor(() => expect(shownValue('За что')).toBe(DEPOSIT));
    expect(within(dialog).getByText('Предоплата без тура: в кошелёк клиента.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Кошелёк' })).toBeInTheDocument();
  });

  it('records the payment once, announces it and shows it pending after the reload', async () => {
    const view = openView();
    const events: BalanceUpdatedDetail[] = [];
    const listener = (event: CustomEvent<BalanceUpdatedDetail>) => events.push(event.detail);
    window.addEventListener(BALANCE_UPDATED, listener);
    try {
      view.api.on(PAYMENTS, () => {
        view.api.on(WALLETS, ok({ wallets, transactions: [newPayment, ...operations] }));
        return ok(newPayment);
      });
      await openPaymentForm(view);
      await fillPayment(view, 'Депозит USD · USD · $1 234,50', '1 500,50', 'Оплата визы');
      await submitPayment(view);

      expect(await screen.findByText('Платёж добавлен и ожидает подтверждения')).toBeVisible();
      const [call, ...more] = view.api.callsTo(PAYMENTS);
      expect(more).toHaveLength(0);
      expect(call?.data).toEqual({ wallet_id: 31, amount: '1500.50', comment: 'Оплата визы' });
      expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(events).toEqual([{ userId: USER_ID, walletIds: [31] }]);

      const row = await waitFor(() => rowOf('Оплата визы'));
      expect(within(row).getByText(/ожидает подтверждения/i)).toBeInTheDocument();
      expect(within(row).getByText('$1 500,50')).toBeInTheDocument();
      expect(view.api.callsTo(WALLETS)).toHaveLength(2);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      window.removeEventListener(BALANCE_UPDATED, listener);
    }
  });

  it('sends nothing twice on a double click while the first request runs', async () => {
    const view = openView();
    const reply = deferredReply();
    view.api.on(PAYMENTS, reply.handler);
    await openPaymentForm(view);
    await fillPayment(view, 'Депозит USD · USD · $1 234,50', '10');
    const submit = within(screen.getByRole('dialog')).getByRole('button', { name: /Добавить/ });
    await view.user.click(submit);
    await waitFor(() => expect(view.api.callsTo(PAYMENTS)).toHaveLength(1));
    expect(submit).toBeDisabled();
    await view.user.click(submit);
    act(() => reply.resolve(ok(newPayment)));
    await screen.findByText('Платёж добавлен и ожидает подтверждения');
    expect(view.api.callsTo(PAYMENTS)).toHaveLength(1);
  });

  it('retries a lost request with the same key and gives a new form a new key', async () => {
    const view = openView();
    view.api.on(PAYMENTS, () => {
      throw new Error('Network Error');
    });
    await openPaymentForm(view);
    await fillPayment(view, 'Депозит USD · USD · $1 234,50', '10');
    await submitPayment(view);
    expect(await screen.findByText(/Нет связи с сервером/)).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText('Сумма')).toHaveValue('10');

    view.api.on(PAYMENTS, ok(newPayment));
    await submitPayment(view);
    await screen.findByText('Платёж добавлен и ожидает подтверждения');
    const [first, retry] = view.api.callsTo(PAYMENTS);
    expect(retry?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await openPaymentForm(view);
    await fillPayment(view, 'Депозит USD · USD · $1 234,50', '20');
    await submitPayment(view);
    await waitFor(() => expect(view.api.callsTo(PAYMENTS)).toHaveLength(3));
    const third = view.api.callsTo(PAYMENTS)[2];
    expect(third?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(third?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it("shows the server's errors under their fields and keeps the values", async () => {
    const view = openView({
      api: {
        [PAYMENTS]: {
          status: 422,
          body: {
            code: 0,
            message: 'Проверьте правильность заполнения полей',
            errors: {
              amount: ['Сумма слишком велика'],
              wallet_id: ['У этого пользователя нет такого кошелька'],
            },
          },
        },
      },
    });
    await openPaymentForm(view);
    await fillPayment(view, 'Депозит USD · USD · $1 234,50', '999999', 'Крупный платёж');
    await submitPayment(view);

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Сумма слишком велика')).toBeInTheDocument();
    expect(
      within(dialog).getByText('У этого пользователя нет такого кошелька'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Сумма')).toHaveValue('999999');
    expect(within(dialog).getByLabelText('Комментарий')).toHaveValue('Крупный платёж');

    view.api.on(PAYMENTS, {
      status: 422,
      body: {
        code: 0,
        message: 'Этот ключ Idempotency-Key уже использован для другого запроса',
        errors: {
          'Idempotency-Key': ['Этот ключ Idempotency-Key уже использован для другого запроса'],
        },
      },
    });
    await submitPayment(view);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Этот ключ Idempotency-Key уже использован для другого запроса',
    );
  });

  it('checks the amount against the currency before sending', async () => {
    const view = openView();
    await openPaymentForm(view);
    await fillPayment(view, `Депозит (сом) · KGS · С150 000,00`, '10.5');
    await submitPayment(view);
    expect(await screen.findByText('Сумма в KGS должна быть целой')).toBeInTheDocument();
    await fillPayment(view, 'Депозит USD · USD · $1 234,50', '10.555');
    expect(
      await screen.findByText('Сумма в USD может иметь не больше 2 знаков после запятой'),
    ).toBeInTheDocument();
    // A negative amount is a number below zero, not something other than a number.
    await fillPayment(view, 'Депозит USD · USD · $1 234,50', '-150');
    expect(await screen.findByText('Должно быть больше нуля')).toBeInTheDocument();
    expect(screen.queryByText(/числом/)).not.toBeInTheDocument();
    await fillPayment(view, 'Депозит USD · USD · $1 234,50', '0');
    expect(await screen.findByText('Должно быть больше нуля')).toBeInTheDocument();
    expect(view.api.callsTo(PAYMENTS)).toHaveLength(0);
  });

  it('opens a wallet in a currency the user has none in', async () => {
    const view = openView({ api: { [WALLETS]: ok({ wallets: [], transactions: [] }) } });
    view.api.on(PAYMENTS, ok(newPayment));
    const dialog = await openPaymentForm(view);
    expect(within(dialog).queryByRole('combobox', { name: 'Кошелёк' })).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('combobox', { name: 'Валюта' }));
    await view.user.click(
      await screen.findByText('Иена (JPY)', { selector: '.ant-select-item *' }),
    );
    await view.user.type(within(dialog).getByLabelText('Сумма'), '30000');
    await submitPayment(view);
    await waitFor(() => expect(view.api.callsTo(PAYMENTS)).toHaveLength(1));
    expect(view.api.callsTo(PAYMENTS)[0]?.data).toEqual({
      currency: 'jpy',
      amount: '30000',
      comment: null,
    });
  });
});

describe('documents', () => {
  const saved: string[] = [];
  let click: jest.SpyInstance;
  beforeEach(() => {
    saved.length = 0;
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:document'),
      revokeObjectURL: jest.fn(),
    });
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  afterEach(() => click.mockRestore());

  const docx = (fileName: string): FakeReply => ({
    status: 200,
    body: new Blob(['PK'], { type: 'application/octet-stream' }),
    headers: {
      'content-disposition': `attachment; filename="document.docx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    },
  });

  it('saves the embassy document under the name the server gives', async () => {
    const view = openView({ api: { [EMBASSY]: docx('Приглашение - Иванова.docx') } });
    await view.user.click(await screen.findByRole('combobox', { name: 'Документ' }));
    await view.user.click(
      await screen.findByText('Приглашение', { selector: '.ant-select-item *' }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Скачать документ для посольства' }));

    await waitFor(() => expect(saved).toEqual(['Приглашение - Иванова.docx']));
    expect(view.api.callsTo(EMBASSY)[0]?.data).toEqual({
      type: 'invitation',
      visaType: 'tourist',
      tripId: null,
    });
    expect(await screen.findByText('Документ сохранён: Приглашение - Иванова.docx')).toBeVisible();
  });

  it('sends the agreement with its default file name and saves it', async () => {
    const view = openView({ api: { [AGREEMENT]: docx('Договор - Иванова Анна Сергеевна.docx') } });
    expect(await screen.findByLabelText('Имя файла')).toHaveValue(
      'Договор - Иванова Анна Сергеевна.docx',
    );
    await view.user.type(screen.getByLabelText('Направление'), 'Япония, Токио');
    await view.user.type(screen.getByLabelText('Цена тура'), '2500');
    await view.user.click(screen.getByRole('combobox', { name: 'Валюта цены' }));
    await view.user.click(
      await screen.findByText('Доллар США (USD)', { selector: '.ant-select-item *' }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Скачать договор' }));

    await waitFor(() => expect(saved).toEqual(['Договор - Иванова Анна Сергеевна.docx']));
    expect(view.api.callsTo(AGREEMENT)[0]?.data).toEqual({
      fileName: 'Договор - Иванова Анна Сергеевна.docx',
      tripId: null,
      contractNumber: null,
      contractDate: null,
      destination: 'Япония, Токио',
      dateFrom: null,
      dateTo: null,
      price: 2500,
      currency: 'usd',
      paymentTerms: null,
    });
  });

  it('saves nothing and says so in Russian when the server fails', async () => {
    const view = openView({ api: { [EMBASSY]: { status: 500, body: new Blob(['oops']) } } });
    await view.user.click(
      await screen.findByRole('button', { name: 'Скачать документ для посольства' }),
    );
    expect(await screen.findByText('Не удалось сформировать документ')).toBeVisible();
    expect(saved).toEqual([]);
  });

  it('shows the field errors of a 422 that arrives as a Blob', async () => {
    const body = { code: 0, message: 'Ошибка', errors: { fileName: ['Обязательное поле'] } };
    const view = openView({
      api: {
        [AGREEMENT]: {
          status: 422,
          body: new Blob([JSON.stringify(body)], { type: 'application/json' }),
        },
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Скачать договор' }));
    expect(await screen.findByText('Обязательное поле')).toBeInTheDocument();
    expect(screen.getByLabelText('Имя файла')).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);
  });
  it('takes the tourist’s nearest upcoming trip, its destination, dates and price from it', async () => {
    // Dates a month and two months ahead: the nearest of them is the default, whenever this runs.
    const day = (offset: number) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      const two = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
    };
    const dotted = (iso: string) => iso.split('-').reverse().join('.');
    const upcoming = (trip_id: number, participant_id: number, title: string, from: number) => ({
      ...trips[0]!,
      trip_id,
      participant_id,
      title,
      starts_on: day(from),
      ends_on: day(from + 7),
    });
    const spring = upcoming(9, 91, 'Весенний Токио', 30);
    const summer = upcoming(10, 92, 'Летний Сеул', 60);
    const view = openView({
      api: {
        [TRIPS]: ok([summer, spring, ...trips]),
        [AGREEMENT]: docx('Договор - Иванова Анна Сергеевна.docx'),
        [EMBASSY]: docx('Анкета - Иванова.docx'),
      },
    });
    const trip = await screen.findByRole('combobox', { name: 'Тур' });
    const documents = trip.closest('.ant-card') as HTMLElement;
    expect(
      await within(documents).findByText(
        `Весенний Токио, ${dotted(spring.starts_on)}–${dotted(spring.ends_on)}`,
      ),
    ).toBeVisible();
    expect(
      within(documents).getByText(
        /^Цена \$3.430,00, оплачено \$700,00, долг \$2.730,00\. Отели — из подтверждённых/,
      ),
    ).toBeVisible();
    // Destination, dates and price come from the trip: no field asks for them.
    expect(screen.queryByLabelText('Направление')).toBeNull();
    expect(screen.queryByLabelText('Цена тура')).toBeNull();
    expect(screen.getByLabelText('Номер договора')).toHaveAttribute('placeholder', '9/91');

    await view.user.click(screen.getByRole('button', { name: 'Скачать договор' }));
    await waitFor(() => expect(view.api.callsTo(AGREEMENT)).toHaveLength(1));
    expect(view.api.callsTo(AGREEMENT)[0]?.data).toMatchObject({
      tripId: 9,
      destination: null,
      dateFrom: null,
      price: null,
    });
    await view.user.click(screen.getByRole('button', { name: 'Скачать документ для посольства' }));
    await waitFor(() => expect(view.api.callsTo(EMBASSY)).toHaveLength(1));
    expect(view.api.callsTo(EMBASSY)[0]?.data).toEqual({
      type: 'application',
      visaType: 'tourist',
      tripId: 9,
    });

    // Another trip, or none: then the agreement asks for what the trip gave.
    await view.user.click(trip);
    await view.user.click(await screen.findByText('Без тура', { selector: '.ant-select-item *' }));
    expect(await screen.findByLabelText('Направление')).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: 'Скачать договор' }));
    await waitFor(() => expect(view.api.callsTo(AGREEMENT)).toHaveLength(2));
    expect(view.api.callsTo(AGREEMENT)[1]?.data).toMatchObject({ tripId: null });
    // A cancelled participation is never offered.
    await view.user.click(trip);
    expect(
      await screen.findByText(/Летний Сеул/, { selector: '.ant-select-item *' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Сеул весной/, { selector: '.ant-select-item *' })).toBeNull();
  });

  it('names the missing requisites a document would print blank, before it is printed', async () => {
    openView({
      api: { 'GET /admin/company': ok({ ...REQUISITES, inn: null, bank_account: null }) },
    });
    expect(
      await screen.findByText('В реквизитах компании не заполнено: ИНН, Расчётный счёт'),
    ).toBeVisible();
    // The embassy documents print no bank account: only the INN is named there.
    expect(screen.getByText('В реквизитах компании не заполнено: ИНН')).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Заполнить реквизиты' });
    expect(links[0]).toHaveAttribute('href', '/admin/company');
  });

  it('asks a sales manager to have the requisites filled in, with no link it could not open', async () => {
    openView({
      roles: ['sales_manager'],
      api: { 'GET /admin/company': ok({ ...REQUISITES, director_name_genitive: ' ' }) },
    });
    expect(
      await screen.findByText('В реквизитах компании не заполнено: В лице (для договора)'),
    ).toBeVisible();
    expect(screen.getByText(/Попросите администратора заполнить реквизиты/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Заполнить реквизиты' })).toBeNull();
  });
});
