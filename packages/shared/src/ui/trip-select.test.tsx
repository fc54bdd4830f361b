import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter } from 'axios';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { api, http, rootReducer } from '@tour/shared';
import { historyAmount, HistoryList, historyValue } from './history-list';
import { TouristSelect } from './tourist-select';
import { TripSelect } from './trip-select';
import { UiProviders } from './ui-providers';

const trips = [
  {
    id: 3,
    title: 'Киото осенью',
    starts_on: '2027-11-01',
    ends_on: '2027-11-08',
    status: 'planned',
    seats: 12,
    seats_taken: 3,
  },
  {
    id: 4,
    title: 'Сеул и Пусан',
    starts_on: '2027-12-05',
    ends_on: '2027-12-10',
    status: 'confirmed',
    seats: 20,
    seats_taken: 20,
  },
];

let requests: { url: string; params: Record<string, unknown> }[] = [];
let failing = false;

const adapter: AxiosAdapter = async (config) => {
  const params = Object.fromEntries(
    Object.entries((config.params ?? {}) as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    ),
  );
  requests.push({ url: config.url ?? '', params });
  const response = { status: 200, statusText: '', headers: {}, config, data: {} as unknown };
  if (failing)
    throw new AxiosError('fail', 'ERR_BAD_RESPONSE', config, null, { ...response, status: 500 });
  const url = config.url ?? '';
  if (url === '/admin/trips') {
    const rows = trips.filter(
      (trip) => !params.search || trip.title.includes(String(params.search)),
    );
    return { ...response, data: { code: 1, data: { data: rows, total: rows.length } } };
  }
  const one = /^\/admin\/trip\/(\d+)$/.exec(url);
  if (one) {
    const trip = trips.find((t) => t.id === Number(one[1]));
    return trip
      ? { ...response, data: { code: 1, data: trip } }
      : { ...response, data: { code: 0 } };
  }
  if (url === '/admin/trip/3/history') {
    return {
      ...response,
      data: {
        code: 1,
        data: {
          data: [
            {
              id: 2,
              entity_type: 'participant',
              entity_id: 9,
              entity_name: 'Петрова Анна',
              action: 'created',
              changes: [
                { field: 'user_id', old: null, new: 41, new_name: 'Петрова Анна' },
                { field: 'price', old: null, new: 2450.5 },
                { field: 'status', old: null, new: 'booked' },
              ],
              user_id: 1,
              user_name: 'Осмонова Айгуль',
              created_at: '2026-11-20T06:30:00Z',
            },
            {
              id: 1,
              entity_type: 'trip',
              entity_id: 3,
              action: 'updated',
              changes: [
                { field: 'title', old: 'Киото', new: 'Киото осенью' },
                { field: 'itinerary', old: [], new: [{ title: 'Прилёт' }, { title: 'Храмы' }] },
                { field: 'starts_on', old: '2027-11-02', new: '2027-11-01' },
                { field: 'manager_id', old: 7, new: null, old_name: null },
              ],
              user_id: 1,
              user_name: 'Осмонова Айгуль',
              created_at: '2026-11-19T06:30:00Z',
            },
          ],
          current_page: 1,
          last_page: 1,
          per_page: 50,
          total: 2,
          from: 1,
          to: 2,
        },
      },
    };
  }
  if (url === '/admin/users') {
    return { ...response, data: { code: 1, data: { data: [], total: 0 } } };
  }
  if (url === '/admin/tourists') {
    const found =
      params.search === '+996555333444'
        ? [
            {
              id: 12,
              full_name: 'Казакова Ольга Сергеевна',
              phone: '+996555333444',
              email: null,
              passport_number: null,
              birth_date: null,
              manager_id: 5,
              manager_name: 'Менеджеров Борис',
              own: false,
              matched_by: 'phone',
              found_by: '+996555333444',
            },
          ]
        : [
            {
              id: 11,
              full_name: 'Казакова Мария Ивановна',
              phone: '+996700111222',
              email: null,
              passport_number: null,
              birth_date: '1988-03-14',
              manager_id: null,
              manager_name: null,
              own: true,
              matched_by: null,
              found_by: null,
            },
          ];
    return { ...response, data: { code: 1, data: found } };
  }
  return { ...response, status: 404, data: { code: 0 } };
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

function Picker({ initial }: { initial?: number }) {
  const [value, setValue] = useState<number | null>(initial ?? null);
  return (
    <>
      <TripSelect label="Тур" value={value} onChange={setValue} />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

const optionTexts = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);

describe('TripSelect', () => {
  it('searches the trips as one types and shows their dates and seats', async () => {
    renderWithStore(<Picker />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Тур' }));
    await waitFor(() =>
      expect(optionTexts()).toEqual([
        'Киото осенью · 01.11.2027–08.11.2027 · мест 3 из 12',
        'Сеул и Пусан · 05.12.2027–10.12.2027 · мест 20 из 20',
      ]),
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Тур' }), 'Сеул');
    await waitFor(() => expect(optionTexts()).toHaveLength(1));
    expect(requests.at(-1)).toEqual({
      url: '/admin/trips',
      params: { search: 'Сеул', per_page: 20 },
    });
    await userEvent.click(screen.getByText(/^Сеул и Пусан/));
    expect(screen.getByTestId('value')).toHaveTextContent('4');
  });

  it('names a preset trip by its title, or says it is not found, never by its id', async () => {
    renderWithStore(
      <>
        <Picker initial={3} />
        <Picker initial={99} />
      </>,
    );
    expect(
      await screen.findByText('Киото осенью · 01.11.2027–08.11.2027 · мест 3 из 12'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Тур не найден')).toBeInTheDocument();
    expect(screen.queryByText(/№/)).not.toBeInTheDocument();
  });

  it('says so when the trips cannot be loaded', async () => {
    failing = true;
    renderWithStore(<Picker />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Тур' }));
    expect(await screen.findByText('Не удалось загрузить туры')).toBeInTheDocument();
  });
});

describe('TouristSelect', () => {
  it('asks the tourist lookup and names whose client each one is', async () => {
    const picks: unknown[] = [];
    renderWithStore(<TouristSelect label="Турист" onPick={(tourist) => picks.push(tourist)} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Турист' }));
    expect(
      await screen.findByText(
        'Казакова Мария Ивановна · +996700111222 · 14.03.1988 г. р. · без менеджера',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/admin/users')).toEqual([]);
    await userEvent.type(screen.getByRole('combobox', { name: 'Турист' }), '+996555333444');
    const other = await screen.findByText(
      'Казакова Ольга Сергеевна · +996555333444 · клиент менеджера Менеджеров Борис',
    );
    expect(requests.at(-1)).toEqual({
      url: '/admin/tourists',
      params: { search: '+996555333444' },
    });
    await userEvent.click(other);
    expect(picks).toEqual([expect.objectContaining({ id: 12, found_by: '+996555333444' })]);
  });
});

describe('HistoryList', () => {
  it('shows who changed which field from what to what, newest first', async () => {
    renderWithStore(
      <HistoryList
        record="trip"
        path="/admin/trip/3"
        id={3}
        fields={{
          title: 'Название',
          itinerary: 'Программа',
          status: 'Статус',
          user_id: 'Турист',
          starts_on: 'Начало',
          manager_id: 'Менеджер',
          price: { label: 'Цена', format: (value) => `$${String(value)}` },
        }}
        entities={{ participant: 'Участник' }}
        values={{ booked: 'Забронирован' }}
      />,
    );
    // A participant's row by its tourist's name, never by the participant's id.
    expect(await screen.findByText('Создание: участник Петрова Анна')).toBeInTheDocument();
    expect(screen.queryByText(/№/)).not.toBeInTheDocument();
    expect(screen.getByText('Статус: — → Забронирован')).toBeInTheDocument();
    expect(screen.getByText('Название: Киото → Киото осенью')).toBeInTheDocument();
    expect(screen.getByText('Программа: — → Прилёт, Храмы')).toBeInTheDocument();
    // A reference by the name of what it points to (said to be gone once it is, without its
    // id), days as people write them, an amount through the field's own format.
    expect(screen.getByText('Турист: — → Петрова Анна')).toBeInTheDocument();
    expect(screen.getByText('Менеджер: запись удалена → —')).toBeInTheDocument();
    expect(screen.getByText('Начало: 02.11.2027 → 01.11.2027')).toBeInTheDocument();
    expect(screen.getByText('Цена: — → $2450.5')).toBeInTheDocument();
    expect(screen.getAllByText('Осмонова Айгуль')).toHaveLength(2);
  });

  it('writes values as a person reads them', () => {
    expect(historyValue(true)).toBe('Да');
    expect(historyValue(false)).toBe('Нет');
    expect(historyValue(null)).toBe('—');
    expect(historyValue('')).toBe('—');
    expect(historyValue(['Токио', 'Киото'])).toBe('Токио, Киото');
    expect(historyValue(1500.5)).toBe('1500.5');
    expect(historyValue({ a: 1 })).toBe('{"a":1}');
    expect(historyValue('2027-01-05')).toBe('05.01.2027');
    expect(historyValue('2027-01-05 и далее')).toBe('2027-01-05 и далее');
    const price = historyAmount('Цена', 'usd');
    expect(price.label).toBe('Цена');
    expect(price.format!(1234.5)).toBe('$1\u00a0234,50');
    expect(price.format!('не число')).toBe('не число');
  });
});
