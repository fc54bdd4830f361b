import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PermissionDataProvider, type Paginated, type Transaction } from '@tour/shared';
import { listPagination } from './list-pagination';
import { OperationsTable } from './operations-table';
import { UiProviders } from './ui-providers';

const NBSP = '\u00a0';

function operation(overrides: Partial<Transaction>): Transaction {
  return {
    id: 1,
    wallet_id: 7,
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
    wallet_name: 'Наличные USD',
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
  operation({ id: 11, amount: 1500, comment: 'Оплата тура в Японию', category: 'Туры' }),
  operation({
    id: 12,
    type: 'outcome',
    amount: 200.25,
    status: 'pending',
    confirmed_by: null,
    confirmed_by_name: null,
    confirmed_at: null,
    created_by_name: null,
    comment: 'Аванс гиду',
  }),
  operation({
    id: 13,
    type: 'transfer',
    amount: 1000,
    status: 'rejected',
    target_wallet_id: 21,
    target_wallet_name: 'Касса KGS',
    target_amount: 87450,
    target_currency: 'kgs',
    rate: 87.45,
    rate_date: '2026-11-02',
    comment: 'В кассу',
  }),
  operation({
    id: 14,
    type: 'transfer',
    wallet_id: 30,
    wallet_name: 'Евро Анны',
    wallet_owner_name: 'Иванова Анна',
    amount: 50,
    currency: 'eur',
    target_wallet_id: 7,
    target_wallet_name: 'Наличные USD',
    target_amount: 54.1,
    target_currency: 'usd',
    rate: null,
    comment: 'Из евро',
  }),
  operation({
    id: 15,
    type: 'transfer',
    amount: 10,
    target_wallet_id: 8,
    target_wallet_name: null,
    target_amount: 10,
    target_currency: 'usd',
    rate: 1,
    comment: 'Между своими',
  }),
  // Stored the other way round, as an exact fraction (1 / 87.45 dollars a som).
  operation({
    id: 16,
    type: 'transfer',
    wallet_id: 21,
    wallet_name: 'Касса KGS',
    amount: 8745,
    currency: 'kgs',
    target_wallet_id: 7,
    target_wallet_name: 'Наличные USD',
    target_amount: 100,
    target_currency: 'usd',
    rate: 0.011435105774728416,
    rate_date: '2026-11-02',
    comment: 'Сомы в доллары',
  }),
  operation({
    id: 17,
    type: 'transfer',
    wallet_id: 40,
    wallet_name: 'Наличные JPY',
    amount: 10000,
    currency: 'jpy',
    target_wallet_id: 21,
    target_wallet_name: 'Касса KGS',
    target_amount: 5685,
    target_currency: 'kgs',
    rate: 0.5685,
    comment: 'Иены в кассу',
  }),
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const textOf = (element: HTMLElement) => element.textContent ?? '';

describe('OperationsTable', () => {
  it('shows the moment, type, amount, status, comment and who created and confirmed it', () => {
    render(
      <UiProviders>
        <OperationsTable
          operations={operations}
          loading={false}
          ownWalletIds={[7]}
          emptyText="Операций нет"
          label="Операции"
        />
      </UiProviders>,
    );
    expect(screen.getByRole('table', { name: 'Операции' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Кошелёк' })).not.toBeInTheDocument();

    const income = rowOf('Оплата тура в Японию');
    expect(within(income).getByText('03.11.2026 09:15')).toBeInTheDocument();
    expect(textOf(income)).toContain('+ Пополнение');
    expect(textOf(income)).toContain(`$1${NBSP}500,00`);
    expect(within(income).getByText('Подтверждена')).toBeInTheDocument();
    expect(within(income).getByText('Категория: Туры')).toBeInTheDocument();
    expect(within(income).getByText('Менеджер Ольга')).toBeInTheDocument();
    expect(textOf(income)).toContain('Подтвердил: Бухгалтер Нина, 03.11.2026 10:00');

    const outcome = rowOf('Аванс гиду');
    expect(textOf(outcome)).toContain('- Снятие');
    expect(textOf(outcome)).toContain('$200,25');
    expect(within(outcome).getByText('Ожидает подтверждения')).toBeInTheDocument();
    // No author: a dash; its comment says what it is for.
    expect(within(outcome).getByText('—')).toBeInTheDocument();
    expect(textOf(outcome)).not.toContain('Подтвердил');

    const transfer = rowOf('В кассу');
    expect(textOf(transfer)).toContain('⇆ Перевод');
    expect(within(transfer).getByText('Отклонена')).toBeInTheDocument();
    // The rate as a bank prints it, with the day whose rates the server converted at.
    expect(textOf(transfer)).toContain(
      `В: Касса KGS, зачислено С87${NBSP}450,00, курс 1${NBSP}$ = 87,45${NBSP}С на 02.11.2026`,
    );
    expect(textOf(transfer)).toContain('Отклонил: Бухгалтер Нина');

    const incoming = rowOf('Из евро');
    expect(textOf(incoming)).toContain('€50,00');
    expect(textOf(incoming)).toContain('Из: Евро Анны — Иванова Анна, зачислено $54,10');
    expect(textOf(incoming)).not.toContain('курс');

    // Same currency: no credited amount, no rate; an unnamed wallet by its number.
    const own = rowOf('Между своими');
    expect(textOf(own)).toContain('В: №8');
    expect(textOf(own)).not.toContain('зачислено');

    // A rate stored from the cheaper currency reads the same, never as its 18 digits.
    expect(textOf(rowOf('Сомы в доллары'))).toContain(
      `Из: Касса KGS, зачислено $100,00, курс 1${NBSP}$ = 87,45${NBSP}С на 02.11.2026`,
    );
    // Yen by the hundred; no day when the operation has none.
    const yen = textOf(rowOf('Иены в кассу'));
    expect(yen).toContain(
      `Из: Наличные JPY, зачислено С5${NBSP}685,00, курс 100${NBSP}¥ = 56,85${NBSP}С`,
    );
    expect(yen).not.toContain(`56,85${NBSP}С на`);
  });

  it("shows each operation's wallet and links wallets as the app renders them", () => {
    render(
      <UiProviders>
        <OperationsTable
          operations={operations.slice(2, 4)}
          loading={false}
          ownWalletIds={[7, 21]}
          emptyText="Операций нет"
          showWallet
          renderWallet={({ id, name }) => <a href={`/wallets/${id}`}>{name}</a>}
        />
      </UiProviders>,
    );
    expect(screen.getByRole('columnheader', { name: 'Кошелёк' })).toBeInTheDocument();
    const transfer = rowOf('В кассу');
    expect(within(transfer).getByRole('link', { name: 'Наличные USD' })).toHaveAttribute(
      'href',
      '/wallets/7',
    );
    expect(within(transfer).getByRole('link', { name: 'Касса KGS' })).toHaveAttribute(
      'href',
      '/wallets/21',
    );
    // A user's wallet with its owner's name, a company wallet by its name alone.
    expect(
      within(rowOf('Из евро')).getAllByRole('link', { name: 'Евро Анны — Иванова Анна' }),
    ).toHaveLength(2);
  });

  it('names what a payment is for and marks an overpayment, linking the pages the viewer may open', () => {
    render(
      <UiProviders>
        <PermissionDataProvider value={{ roles: ['accountant'], permissions: [] }}>
          <MemoryRouter>
            <OperationsTable
              operations={[
                operation({
                  id: 61,
                  comment: 'Наличными',
                  trip_id: 17,
                  participant_id: 5,
                  trip: {
                    id: 17,
                    title: 'Осенний Киото',
                    starts_on: '2027-11-01',
                    ends_on: '2027-11-08',
                  },
                  participant: { id: 5, user_id: 41, full_name: 'Иванова Анна' },
                  overpayment: true,
                }),
                operation({
                  id: 62,
                  type: 'outcome',
                  comment: 'Отелю',
                  booking_id: 40,
                  trip: {
                    id: 17,
                    title: 'Осенний Киото',
                    starts_on: '2027-11-01',
                    ends_on: '2027-11-08',
                  },
                  booking: {
                    id: 40,
                    kind: 'hotel',
                    title: 'Sakura, Киото',
                    supplier_id: 3,
                    supplier_name: 'Sakura Hotels',
                  },
                }),
              ]}
              loading={false}
              ownWalletIds={[7]}
              emptyText="Операций нет"
            />
          </MemoryRouter>
        </PermissionDataProvider>
      </UiProviders>,
    );
    expect(screen.getByRole('columnheader', { name: 'Назначение' })).toBeInTheDocument();
    const payment = rowOf('Наличными');
    expect(within(payment).getByRole('link', { name: 'Осенний Киото' })).toHaveAttribute(
      'href',
      '/admin/trip/17/summary',
    );
    expect(textOf(payment)).toContain('01.11.2027–08.11.2027');
    expect(within(payment).getByRole('link', { name: 'Иванова Анна' })).toHaveAttribute(
      'href',
      '/admin/user/41/edit',
    );
    expect(within(payment).getByText('Переплата')).toBeInTheDocument();
    expect(textOf(payment)).not.toContain('№17');

    const supplier = rowOf('Отелю');
    expect(textOf(supplier)).toContain('Бронь: Sakura, Киото — Sakura Hotels');
    expect(within(supplier).queryByText('Переплата')).not.toBeInTheDocument();
  });

  it('says when there is nothing, but not while loading', () => {
    const { rerender } = render(
      <UiProviders>
        <OperationsTable operations={[]} loading ownWalletIds={[]} emptyText="Операций нет" />
      </UiProviders>,
    );
    expect(screen.queryByText('Операций нет')).not.toBeInTheDocument();
    rerender(
      <UiProviders>
        <OperationsTable
          operations={[]}
          loading={false}
          ownWalletIds={[]}
          emptyText="Операций нет"
        />
      </UiProviders>,
    );
    expect(screen.getByText('Операций нет')).toBeInTheDocument();
  });

  it('pages a server list with the shared pagination', async () => {
    const page: Paginated<Transaction> = {
      data: operations.slice(0, 2),
      current_page: 2,
      last_page: 3,
      per_page: 2,
      total: 6,
      from: 3,
      to: 4,
    };
    const onChange = jest.fn();
    render(
      <UiProviders>
        <OperationsTable
          operations={page.data}
          loading={false}
          ownWalletIds={[7]}
          emptyText="Операций нет"
          pagination={listPagination(page, 1, onChange)}
        />
      </UiProviders>,
    );
    expect(screen.getByText('Всего: 6')).toBeInTheDocument();
    expect(screen.getByTitle('2')).toHaveClass('ant-pagination-item-active');
    await userEvent.click(screen.getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith(3, 2);
  });
});

describe('listPagination', () => {
  it("uses the asked page and 20 a page until the server's page is there", () => {
    const config = listPagination(undefined, 4, () => undefined);
    expect(config).toMatchObject({
      current: 4,
      pageSize: 20,
      total: 0,
      showSizeChanger: false,
      hideOnSinglePage: true,
    });
    expect(config.showTotal?.(45, [1, 20])).toBe('Всего: 45');
  });
});
