import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installFakeApi, invalid, page } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { WalletOption } from '../api/operations-api';
import { operation } from '../testing/operations';

installFakeApi();

const MOVEMENTS = 'POST /admin/balance/movements';
const STAFF = ['accounting_section', 'add_payment'] as const;
// The server's sentence, as apps/api/test/payment-arrival.test.ts has it.
const BEYOND_DUE =
  'Переплата: к оплате ¥290\u00a0000,00, оплачено ¥0,00, ожидает подтверждения ' +
  '¥200\u00a0000,00; с этим платежом — на ¥10\u00a0000,00 больше. Подтвердите, что это ' +
  'переплата.';

const wallets: WalletOption[] = [
  {
    id: 12,
    type: 'site',
    user_id: null,
    name: 'Касса JPY',
    currency: 'jpy',
    balance: 0,
    kind: 'cash',
    user_name: null,
  },
  {
    id: 3,
    type: 'user',
    user_id: 8,
    name: 'Депозит JPY',
    currency: 'jpy',
    balance: 0,
    kind: null,
    user_name: 'Петров Пётр',
  },
];

const trip = {
  id: 17,
  title: 'Осенний Киото',
  starts_on: '2027-11-01',
  ends_on: '2027-11-08',
  status: 'confirmed',
  seats: 12,
  seats_taken: 2,
};

const participant = (id: number, full_name: string, status = 'booked') => ({
  id,
  trip_id: 17,
  user_id: id + 100,
  full_name,
  phone: null,
  email: null,
  price: 290000,
  discount: 0,
  status,
  request_id: null,
  created_at: '2026-10-01T10:00:00.000Z',
});

beforeEach(() => {
  fakeApi.on('GET /admin/balance/operations', {
    status: 200,
    data: { code: 1, data: { ...page([]), totals: [] } },
  });
  fakeApi.ok('GET /admin/balance/categories', []);
  fakeApi.ok('GET /admin/wallets', wallets);
  fakeApi.ok('GET /admin/trips', page([trip]));
  fakeApi.ok('GET /admin/trip/17/participants', [
    participant(5, 'Иванова Анна'),
    participant(6, 'Петров Пётр', 'cancelled'),
  ]);
});

/** Opens a select and picks the option of that label in the list that opened last. */
async function choose(select: HTMLElement, label: string | RegExp) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(label);
  await userEvent.click(options.at(-1)!);
}

/** Puts the text into a field at once (as a paste). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Opens «Новая операция» and fills a ¥100 000 income of Иванова Анна into the cash desk. */
async function openPayment() {
  renderRoute('balance-all-operations', { permissions: [...STAFF] });
  await userEvent.click(await screen.findByRole('button', { name: 'Новая операция' }));
  const drawer = await screen.findByRole('dialog');
  await choose(within(drawer).getByLabelText('Кошелёк'), 'Касса JPY · JPY · Компания');
  await fill(within(drawer).getByLabelText('Сумма'), '100000');
  expect(within(drawer).queryByLabelText('Турист')).not.toBeInTheDocument();
  await choose(within(drawer).getByLabelText('Тур'), /^Осенний Киото/);
  await choose(await within(drawer).findByLabelText('Турист'), 'Иванова Анна');
  return drawer;
}

describe('«Новая операция» for a trip participant', () => {
  it('offers the trip’s participants, and sends the one chosen', async () => {
    fakeApi.ok(MOVEMENTS, operation({ id: 70 }));
    const drawer = await openPayment();
    await userEvent.click(within(drawer).getByLabelText('Турист'));
    expect(await screen.findByTitle('Петров Пётр (отменён)')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));
    expect(
      await screen.findByText('Операция №70 записана и ожидает подтверждения'),
    ).toBeInTheDocument();
    expect(fakeApi.requests(MOVEMENTS)[0]?.data).toEqual({
      type: 'income',
      wallet_id: 12,
      amount: '100000',
      trip_id: 17,
      participant_id: 5,
    });
  });

  it('says the server’s «Переплата…» and records it only once the person says it is one', async () => {
    let answer = invalid({ overpayment: [BEYOND_DUE] });
    fakeApi.on(MOVEMENTS, () => answer);
    const drawer = await openPayment();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));
    const notice = await within(drawer).findByRole('alert', { name: 'Переплата' });
    expect(notice).toHaveTextContent(
      'Переплата: к оплате ¥290 000,00, оплачено ¥0,00, ожидает подтверждения ¥200 000,00; с этим платежом — на ¥10 000,00 больше. Подтвердите, что это переплата.',
    );
    const confirmed = within(notice).getByRole('checkbox', { name: 'Это переплата — записать её' });
    expect(confirmed).not.toBeChecked();
    // Nothing else is said to be wrong: no error above the form, none under a field.
    expect(within(drawer).getAllByRole('alert')).toHaveLength(1);

    // Sent again without saying so: the same question.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));
    await waitFor(() => expect(fakeApi.requests(MOVEMENTS)).toHaveLength(2));
    expect(fakeApi.requests(MOVEMENTS)[1]?.data).not.toHaveProperty('overpayment');

    answer = { status: 200, data: { code: 1, data: operation({ id: 71, overpayment: true }) } };
    await userEvent.click(
      within(drawer).getByRole('checkbox', { name: 'Это переплата — записать её' }),
    );
    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));
    expect(
      await screen.findByText('Операция №71 записана и ожидает подтверждения'),
    ).toBeInTheDocument();
    const sent = fakeApi.requests(MOVEMENTS);
    expect(sent[2]?.data).toEqual({
      type: 'income',
      wallet_id: 12,
      amount: '100000',
      trip_id: 17,
      participant_id: 5,
      overpayment: true,
    });
    // Nothing was recorded before: the same key, one movement.
    expect(new Set(sent.map((request) => request.headers['idempotency-key'])).size).toBe(1);
  });

  it('asks afresh once the amount changes, and shows the wallet’s refusal under its field', async () => {
    let answer = invalid({ overpayment: [BEYOND_DUE] });
    fakeApi.on(MOVEMENTS, () => answer);
    const drawer = await openPayment();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));
    await within(drawer).findByRole('alert', { name: 'Переплата' });

    await fill(within(drawer).getByLabelText('Сумма'), '0');
    await waitFor(() =>
      expect(within(drawer).queryByRole('alert', { name: 'Переплата' })).not.toBeInTheDocument(),
    );

    answer = invalid({
      wallet_id: ['Платёж участника тура — в кошелёк компании или в кошелёк самого туриста'],
    });
    await choose(within(drawer).getByLabelText('Кошелёк'), 'Депозит JPY · JPY · Петров Пётр');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Записать' }));
    const wallet = within(drawer).getByLabelText('Кошелёк').closest('.ant-form-item');
    await waitFor(() =>
      expect(wallet).toHaveTextContent(
        'Платёж участника тура — в кошелёк компании или в кошелёк самого туриста',
      ),
    );
    expect(fakeApi.requests(MOVEMENTS).at(-1)?.data).toMatchObject({
      wallet_id: 3,
      amount: '1000000',
      participant_id: 5,
    });
  });
});
