import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { api, http, rootReducer, type Role } from '@tour/shared';
import { Button, Form } from 'antd';
import { UiProviders } from './ui-providers';
import { UserSearchSelect, type UserSearchSelectProps } from './user-search-select';

interface Person {
  id: number;
  full_name: string;
  email: string | null;
  phone: string | null;
  roles: Role[];
}

const people: Person[] = [
  { id: 5, full_name: 'Иванова Анна', email: 'anna@example.com', phone: null, roles: ['client'] },
  { id: 7, full_name: 'Токтогулова Айгуль', email: '', phone: '+996700000007', roles: ['admin'] },
  {
    id: 8,
    full_name: 'Бекова Асель',
    email: null,
    phone: null,
    roles: ['sales_manager', 'accountant'],
  },
  { id: 9, full_name: 'Агентство «Шёлк»', email: null, phone: null, roles: ['counterparty'] },
];

type Params = Record<string, string>;
let requests: Params[] = [];
let failing = false;

function paramsOf(config: InternalAxiosRequestConfig): Params {
  const params: Params = {};
  for (const [name, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) params[name] = String(value);
  }
  return params;
}

// GET /admin/users as the server answers it: by id, role and a search in the name.
const adapter: AxiosAdapter = async (config) => {
  const params = paramsOf(config);
  requests.push(params);
  const response = { status: 200, statusText: '', headers: {}, config, data: {} as unknown };
  if (failing) {
    throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, {
      ...response,
      status: 500,
    });
  }
  const rows = people.filter(
    (person) =>
      (!params.id || person.id === Number(params.id)) &&
      (!params.role || person.roles.includes(params.role as Role)) &&
      (!params.search || person.full_name.includes(params.search)),
  );
  return { ...response, data: { code: 1, data: { data: rows, total: rows.length } } };
};

const original = http.defaults.adapter;
beforeEach(() => {
  requests = [];
  failing = false;
  http.defaults.adapter = adapter;
});
afterAll(() => {
  http.defaults.adapter = original;
});

function renderWithStore(element: ReactNode) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return render(
    <Provider store={store}>
      <UiProviders>{element}</UiProviders>
    </Provider>,
  );
}

function Filter(props: Omit<UserSearchSelectProps, 'value' | 'onChange'> & { initial?: number }) {
  const { initial, ...rest } = props;
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <>
      <UserSearchSelect
        label="Пользователь"
        {...rest}
        value={value}
        onChange={(next) => setValue(next ?? undefined)}
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Пользователь' });
const optionTexts = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);

describe('UserSearchSelect', () => {
  it('asks nothing until it is opened, then searches the server and gives the chosen id', async () => {
    renderWithStore(<Filter />);
    // Longer than the search's debounce: still nothing asked.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(requests).toEqual([]);

    await userEvent.click(combobox());
    await waitFor(() => expect(optionTexts()).toHaveLength(4));
    expect(requests).toEqual([{ per_page: '20' }]);
    // By name, with the email or else the phone.
    expect(optionTexts()).toEqual([
      'Агентство «Шёлк»',
      'Бекова Асель',
      'Иванова Анна (anna@example.com)',
      'Токтогулова Айгуль (+996700000007)',
    ]);

    await userEvent.type(combobox(), 'Анна');
    await waitFor(() => expect(optionTexts()).toEqual(['Иванова Анна (anna@example.com)']));
    expect(requests.at(-1)).toEqual({ search: 'Анна', per_page: '20' });
    await userEvent.click(screen.getByText('Иванова Анна (anna@example.com)'));
    expect(screen.getByTestId('value')).toHaveTextContent('5');
    expect(requests.filter((params) => params.id)).toEqual([]);
  });

  it('names a preset value by its user, or says it is not found, never by its id', async () => {
    renderWithStore(
      <>
        <Filter initial={8} />
        <Filter initial={404} label="Другой" />
      </>,
    );
    expect(await screen.findByText('Бекова Асель')).toBeInTheDocument();
    expect(await screen.findByText('Пользователь не найден')).toBeInTheDocument();
    expect(screen.queryByText(/№/)).not.toBeInTheDocument();
    expect(requests).toEqual(expect.arrayContaining([{ id: '8' }, { id: '404' }]));
    expect(requests).toHaveLength(2);
  });

  it('offers the staff (every staff role, merged) or one role only', async () => {
    renderWithStore(
      <>
        <Filter users="staff" />
        <Filter users="counterparty" label="Агент" />
      </>,
    );
    await userEvent.click(combobox());
    await waitFor(() =>
      expect(optionTexts()).toEqual(['Бекова Асель', 'Токтогулова Айгуль (+996700000007)']),
    );
    expect(requests.map((params) => params.role).sort()).toEqual([
      'accountant',
      'admin',
      'developer',
      'reservation_agent',
      'sales_manager',
    ]);

    requests = [];
    await userEvent.click(screen.getByRole('combobox', { name: 'Агент' }));
    await waitFor(() => expect(requests).toEqual([{ role: 'counterparty', per_page: '20' }]));
    expect(await screen.findByTitle('Агентство «Шёлк»')).toBeInTheDocument();
  });

  it('says so when the search fails', async () => {
    failing = true;
    renderWithStore(<Filter />);
    await userEvent.click(combobox());
    expect(await screen.findByText('Не удалось загрузить пользователей')).toBeInTheDocument();
  });

  it('is a form field: named by its label, preset, cleared to null', async () => {
    const submitted = jest.fn();
    renderWithStore(
      <Form initialValues={{ manager_id: 7 }} onFinish={submitted}>
        <Form.Item name="manager_id" label="Менеджер">
          <UserSearchSelect users="staff" placeholder="Найти сотрудника" />
        </Form.Item>
        <Button htmlType="submit">Сохранить</Button>
      </Form>,
    );
    expect(await screen.findByTitle('Токтогулова Айгуль (+996700000007)')).toBeInTheDocument();
    expect(screen.getByLabelText('Менеджер')).toHaveAttribute('role', 'combobox');

    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ manager_id: 7 }));

    await userEvent.click(document.querySelector('.ant-select-clear') as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(submitted).toHaveBeenLastCalledWith({ manager_id: null }));
  });
});
