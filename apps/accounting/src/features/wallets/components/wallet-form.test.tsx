import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installFakeApi, page } from '@tour/shared/testing';
import { renderRoute } from '../../../testing/render-route';
import type { WalletDetail } from '../api/wallets-api';

installFakeApi();

const anna = { id: 5, full_name: 'Иванова Анна', email: 'anna@example.com', phone: null };

const wallet: WalletDetail = {
  id: 7,
  type: 'user',
  user_id: 5,
  name: 'Наличные USD',
  currency: 'usd',
  balance: 150,
  kind: null,
  user_name: 'Иванова Анна',
  has_operations: true,
};

const optionTexts = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);

/** The form item (label, control, its messages) of a field. */
const fieldOf = (label: string) =>
  screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

/** The error messages shown under a field. */
const errorsOf = (label: string) =>
  [...fieldOf(label).querySelectorAll('.ant-form-item-explain-error')].map(
    (error) => error.textContent,
  );

async function chooseCurrency(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Валюта' }));
  await userEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option *' }));
}

beforeEach(() => {
  fakeApi.ok('GET /admin/users', page([anna]));
});

describe('balance-wallet-create', () => {
  it('creates a user’s wallet with its owner, then opens it', async () => {
    fakeApi.ok('POST /admin/wallets', { ...wallet, id: 31, has_operations: false });
    const view = renderRoute('balance-wallet-create', { permissions: ['accounting_section'] });

    // Without allow_site_wallets there is nothing to choose: a user's wallet.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(within(fieldOf('Тип')).getByText('Кошелёк пользователя')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Владелец' }));
    await waitFor(() => expect(optionTexts()).toEqual(['Иванова Анна (anna@example.com)']));
    await userEvent.click(screen.getByText('Иванова Анна (anna@example.com)'));
    await userEvent.type(screen.getByLabelText('Название'), '  Наличные USD ');
    await chooseCurrency('$ Доллар США (USD)');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets/31'));
    expect(fakeApi.requests('POST /admin/wallets').map((request) => request.data)).toEqual([
      { type: 'user', user_id: 5, name: 'Наличные USD', currency: 'usd' },
    ]);
  });

  it('creates a company wallet, without an owner, with allow_site_wallets', async () => {
    fakeApi.ok('POST /admin/wallets', { ...wallet, id: 32, type: 'site', user_id: null });
    const view = renderRoute('balance-wallet-create', {
      permissions: ['accounting_section', 'allow_site_wallets'],
    });

    // A user's wallet has no kind; a company's is a cash desk unless said otherwise.
    expect(screen.queryByRole('radio', { name: 'Касса' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Кошелёк компании' }));
    expect(screen.queryByRole('combobox', { name: 'Владелец' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Касса' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Банковский счёт' })).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('Название'), 'Касса офиса');
    await chooseCurrency('С Сом (KGS)');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets/32'));
    expect(fakeApi.requests('POST /admin/wallets')[0]?.data).toEqual({
      type: 'site',
      name: 'Касса офиса',
      currency: 'kgs',
      kind: 'cash',
    });
  });

  it('creates a bank account, and shows the server’s refusal of its kind under «Вид»', async () => {
    let answer: { status: number; data: unknown } = {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: { kind: ['Касса или счёт — только у кошелька компании'] },
      },
    };
    fakeApi.on('POST /admin/wallets', () => answer);
    const view = renderRoute('balance-wallet-create', {
      permissions: ['accounting_section', 'allow_site_wallets'],
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Кошелёк компании' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Банковский счёт' }));
    await userEvent.type(screen.getByLabelText('Название'), 'Расчётный счёт USD');
    await chooseCurrency('$ Доллар США (USD)');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(errorsOf('Вид')).toEqual(['Касса или счёт — только у кошелька компании']),
    );
    expect(fakeApi.requests('POST /admin/wallets')[0]?.data).toEqual({
      type: 'site',
      name: 'Расчётный счёт USD',
      currency: 'usd',
      kind: 'bank',
    });

    answer = {
      status: 200,
      data: {
        code: 1,
        data: {
          ...wallet,
          id: 33,
          type: 'site',
          user_id: null,
          kind: 'bank',
          has_operations: false,
        },
      },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets/33'));
  });

  it('asks for what is missing before sending anything', async () => {
    renderRoute('balance-wallet-create');
    await userEvent.type(screen.getByLabelText('Название'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(errorsOf('Владелец')).toEqual(['Укажите владельца кошелька']));
    expect(errorsOf('Название')).toEqual(['Укажите название кошелька']);
    expect(errorsOf('Валюта')).toEqual(['Выберите валюту']);
    expect(fakeApi.requests('POST /admin/wallets')).toEqual([]);
  });

  it('shows the server’s field errors under their fields, the others above the form', async () => {
    fakeApi.on('POST /admin/wallets', {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: {
          user_id: ['Пользователь не найден'],
          type: ['Кошельки компании — только с правом allow_site_wallets'],
        },
      },
    });
    const view = renderRoute('balance-wallet-create');
    await userEvent.click(screen.getByRole('combobox', { name: 'Владелец' }));
    await userEvent.click(await screen.findByText('Иванова Анна (anna@example.com)'));
    await userEvent.type(screen.getByLabelText('Название'), 'Депозит');
    await chooseCurrency('€ Евро (EUR)');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(errorsOf('Владелец')).toEqual(['Пользователь не найден']));
    // The type is no field of this form (no allow_site_wallets): said above it.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Кошельки компании — только с правом allow_site_wallets',
    );
    expect(view.location()).toBe('/admin/balance/wallet/create');
    // Nothing typed is lost.
    expect(screen.getByLabelText('Название')).toHaveValue('Депозит');
  });
});

describe('balance-wallet-edit', () => {
  it('shows a company wallet’s kind and sends a change of it', async () => {
    const desk: WalletDetail = {
      ...wallet,
      id: 9,
      type: 'site',
      user_id: null,
      user_name: null,
      name: 'Касса USD',
      kind: 'cash',
    };
    fakeApi.ok('GET /admin/wallet/9', desk);
    fakeApi.ok('PUT /admin/wallet/9', { ...desk, kind: 'bank' });
    const view = renderRoute('balance-wallet-edit', {
      url: '/admin/balance/wallet/9/edit',
      permissions: ['accounting_section', 'allow_site_wallets'],
    });
    expect(await screen.findByRole('radio', { name: 'Касса' })).toBeChecked();
    expect(within(fieldOf('Тип')).getByText('Кошелёк компании')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Банковский счёт' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets/9'));
    expect(fakeApi.requests('PUT /admin/wallet/9')[0]?.data).toEqual({
      type: 'site',
      name: 'Касса USD',
      currency: 'usd',
      kind: 'bank',
    });
  });

  it('keeps the currency of a wallet with operations, and says why', async () => {
    fakeApi.ok('GET /admin/wallet/7', wallet);
    renderRoute('balance-wallet-edit', { url: '/admin/balance/wallet/7/edit' });

    expect(await screen.findByLabelText('Название')).toHaveValue('Наличные USD');
    const currency = fieldOf('Валюта');
    expect(within(currency).getByRole('combobox')).toBeDisabled();
    expect(within(currency).getByText('$ Доллар США (USD)')).toBeInTheDocument();
    expect(currency).toHaveTextContent(
      'Валюту кошелька с операциями менять нельзя: у кошелька уже есть операции.',
    );
    expect(within(fieldOf('Тип')).getByText('Кошелёк пользователя')).toBeInTheDocument();
    // The owner is shown by name, asked of the server by id.
    expect(
      await within(fieldOf('Владелец')).findByTitle('Иванова Анна (anna@example.com)'),
    ).toBeInTheDocument();
  });

  it('lets the currency change while the wallet has none', async () => {
    fakeApi.ok('GET /admin/wallet/7', { ...wallet, has_operations: false });
    renderRoute('balance-wallet-edit', { url: '/admin/balance/wallet/7/edit' });
    await screen.findByLabelText('Название');
    expect(within(fieldOf('Валюта')).getByRole('combobox')).toBeEnabled();
    expect(screen.queryByText(/менять нельзя/)).not.toBeInTheDocument();
  });

  it('saves the change with the type as a check, and shows a refusal under its field', async () => {
    fakeApi.ok('GET /admin/wallet/7', { ...wallet, has_operations: false });
    fakeApi.on('PUT /admin/wallet/7', {
      status: 422,
      data: {
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors: { currency: ['Валюту кошелька с операциями менять нельзя'] },
      },
    });
    const view = renderRoute('balance-wallet-edit', { url: '/admin/balance/wallet/7/edit' });
    const name = await screen.findByLabelText('Название');
    await userEvent.clear(name);
    await userEvent.type(name, 'Доллары Анны');
    await chooseCurrency('€ Евро (EUR)');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(errorsOf('Валюта')).toEqual(['Валюту кошелька с операциями менять нельзя']),
    );
    expect(fakeApi.requests('PUT /admin/wallet/7').map((request) => request.data)).toEqual([
      { type: 'user', user_id: 5, name: 'Доллары Анны', currency: 'eur' },
    ]);
    expect(view.location()).toBe('/admin/balance/wallet/7/edit');

    fakeApi.ok('PUT /admin/wallet/7', { ...wallet, name: 'Доллары Анны', has_operations: false });
    await chooseCurrency('$ Доллар США (USD)');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(view.location()).toBe('/admin/balance/wallets/7'));
  });

  it('says so when the wallet does not exist or is not readable', async () => {
    fakeApi.on('GET /admin/wallet/7', { status: 404, data: { code: 0, message: 'Не найден' } });
    renderRoute('balance-wallet-edit', { url: '/admin/balance/wallet/7/edit' });
    expect(
      await screen.findByText('Кошелек не найден', { ignore: 'script, style, title' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
  });
});
