import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import type { Wallet } from '@tour/shared';
import { fakeApi, installFakeApi, makeTestStore } from '@tour/shared/testing';
import { UiProviders } from './ui-providers';
import { describeWallet } from './wallet-options-api';
import { WalletSelect, type WalletSelectProps } from './wallet-select';

installFakeApi();

const wallet = (fields: Partial<Wallet> & Pick<Wallet, 'id' | 'name' | 'currency'>): Wallet =>
  ({
    type: 'user',
    user_id: 8,
    user_name: 'Иванова Анна',
    balance: 0,
    ...fields,
  }) as Wallet;

const WALLETS = [
  wallet({ id: 1, name: 'Касса', currency: 'usd', type: 'site', user_id: null, user_name: null }),
  wallet({ id: 2, name: 'Наличные', currency: 'usd' }),
  wallet({ id: 3, name: 'Сомы', currency: 'kgs' }),
  wallet({ id: 4, name: 'Карта', currency: 'usd', user_id: 9, user_name: 'Петров Пётр' }),
];

function Picker(props: Omit<WalletSelectProps, 'value' | 'onChange'> & { initial?: number }) {
  const { initial, ...rest } = props;
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <>
      <WalletSelect label="Кошелёк" value={value} onChange={setValue} {...rest} />
      <output data-testid="value">{value ?? 'нет'}</output>
    </>
  );
}

function renderPicker(props: Parameters<typeof Picker>[0] = {}) {
  return render(
    <Provider store={makeTestStore()}>
      <UiProviders>
        <Picker {...props} />
      </UiProviders>
    </Provider>,
  );
}

const offered = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((item) => item.textContent);

describe('describeWallet', () => {
  it('names a wallet, its currency and its owner; a company wallet is the company’s', () => {
    expect(describeWallet(WALLETS[1]!)).toBe('Наличные · USD · Иванова Анна');
    expect(describeWallet(WALLETS[0]!)).toBe('Касса · USD · Компания');
  });
});

describe('WalletSelect', () => {
  beforeEach(() => fakeApi.ok('GET /admin/wallets', WALLETS));

  it('loads the wallets only when a filter’s list is first opened, and picks one', async () => {
    renderPicker();
    expect(fakeApi.requests('GET /admin/wallets')).toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'Кошелёк' }));
    await waitFor(() => expect(offered()).toHaveLength(4));
    await userEvent.click(screen.getByTitle('Сомы · KGS · Иванова Анна'));
    expect(screen.getByTestId('value')).toHaveTextContent('3');
    expect(fakeApi.requests('GET /admin/wallets')).toHaveLength(1);
  });

  it.each([
    [{ ownerId: 8 }, ['Наличные · USD · Иванова Анна', 'Сомы · KGS · Иванова Анна']],
    [{ currency: 'usd', exclude: 2 }, ['Касса · USD · Компания', 'Карта · USD · Петров Пётр']],
  ] as const)('narrowed by %j, offers %j', async (narrowing, expected) => {
    renderPicker({ ...narrowing, eager: true });
    await waitFor(() => expect(fakeApi.requests('GET /admin/wallets')).toHaveLength(1));
    await userEvent.click(screen.getByRole('combobox', { name: 'Кошелёк' }));
    await waitFor(() => expect(offered()).toEqual(expected));
  });

  it('names a wallet set from the URL, even one outside the offered owner’s', async () => {
    renderPicker({ initial: 4, ownerId: 8 });
    expect(await screen.findByTitle('Карта · USD · Петров Пётр')).toBeInTheDocument();
  });

  it('says a wallet that is gone is not found, never its id', async () => {
    renderPicker({ initial: 99 });
    expect(await screen.findByTitle('Кошелёк не найден')).toBeInTheDocument();
    expect(screen.queryByTitle('99')).not.toBeInTheDocument();
  });

  it('says there is no wallet in the currency asked for', async () => {
    renderPicker({ currency: 'eur', eager: true });
    expect(screen.getByText('Кошелёк в EUR')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Кошелёк' }));
    expect(await screen.findByText('Нет кошельков в EUR')).toBeInTheDocument();
  });

  it('says the wallets could not be loaded', async () => {
    fakeApi.on('GET /admin/wallets', { status: 500, data: { code: 0, message: 'Ошибка' } });
    renderPicker();
    await userEvent.click(screen.getByRole('combobox', { name: 'Кошелёк' }));
    expect(await screen.findByText('Не удалось загрузить кошельки')).toBeInTheDocument();
  });
});
