import { screen, waitFor, within } from '@testing-library/react';
import type { PreparedTour, Trip } from '@tour/shared';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const CREATE = 'POST /admin/trips';

const created: Trip = {
  id: 51,
  title: 'Осенний Киото',
  prepared_tour_id: null,
  prepared_tour_title: null,
  country: 'Япония',
  starts_on: '2026-10-10',
  ends_on: '2026-10-20',
  status: 'planned',
  price: 2400,
  currency: 'usd',
  seats: 12,
  seats_taken: 0,
  flights: 'round_trip',
  manager_id: null,
  manager_name: null,
  itinerary: [],
  notes: null,
  debt: 0,
  debt_missing_rates: false,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
};

async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByText(option, { selector: '.ant-select-item *' }));
}

describe('trip-create', () => {
  it('sends a start typed later than the end swapped, as the range picker orders them', async () => {
    const { user, api, router } = renderApp({
      path: '/admin/trip/create',
      api: {
        ...signedInRoutes(['admin']),
        [CREATE]: { status: 200, body: { code: 1, data: created } },
        'GET /admin/trip/51': { status: 200, body: { code: 1, data: created } },
      },
    });

    await user.type(await screen.findByLabelText('Название'), 'Осенний Киото');
    await user.type(screen.getByLabelText('Страна'), 'Япония');
    const [start, end] = within(
      screen.getAllByLabelText('Даты')[0]!.closest('.ant-picker') as HTMLElement,
    ).getAllByRole('textbox');
    await user.click(start!);
    await user.type(start!, '20.10.2026{Enter}');
    await user.type(end!, '10.10.2026{Enter}');
    // The picker itself shows the dates in order.
    await waitFor(() => expect(start).toHaveValue('10.10.2026'));
    expect(end).toHaveValue('20.10.2026');
    await user.type(screen.getByLabelText('Цена на человека'), '2400');
    await choose(user, 'Валюта', 'Доллар США (USD)');
    await user.type(screen.getByLabelText('Мест'), '12');
    await user.click(screen.getByRole('button', { name: 'Создать тур' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.data).toEqual({
      title: 'Осенний Киото',
      country: 'Япония',
      starts_on: '2026-10-10',
      ends_on: '2026-10-20',
      price: '2400',
      currency: 'usd',
      seats: 12,
      manager_id: null,
      itinerary: [],
      notes: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/trip/51/edit'));
  });

  it('says under the fields what is out of bounds before sending, and stops the notes at the limit', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/create',
      api: { ...signedInRoutes(['admin']) },
    });
    const seats = await screen.findByLabelText('Мест');
    await user.type(seats, '-2');
    await user.type(screen.getByLabelText('Цена на человека'), '-1500');
    const notes = screen.getByLabelText('Заметки');
    await user.click(notes);
    await user.paste('з'.repeat(5200));
    await user.click(screen.getByRole('button', { name: 'Создать тур' }));

    const itemOf = (input: HTMLElement) => input.closest('.ant-form-item') as HTMLElement;
    // Negative seats stay as typed, refused in words; they are never turned into 1.
    expect(await within(itemOf(seats)).findByText('Должно быть больше нуля')).toBeVisible();
    expect(seats).toHaveValue('-2');
    expect(
      await within(itemOf(screen.getByLabelText('Цена на человека'))).findByText('Не меньше нуля'),
    ).toBeVisible();
    expect(notes).toHaveValue('з'.repeat(5000));
    expect(within(itemOf(notes)).getByText('5000 / 5000')).toBeVisible();
    expect(api.callsTo(CREATE)).toEqual([]);

    await user.clear(seats);
    await user.type(seats, '10001');
    expect(await within(itemOf(seats)).findByText('Не больше 10 000')).toBeVisible();
    await user.clear(seats);
    await user.type(seats, '0');
    expect(await within(itemOf(seats)).findByText('Должно быть больше нуля')).toBeVisible();
  });

  it('makes the signed-in sales manager the new trip’s manager unless another is chosen', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/create',
      api: {
        ...signedInRoutes(['sales_manager']),
        // The manager field names the preset manager through the users list (itself is in reach).
        'GET /admin/users': {
          status: 200,
          body: {
            code: 1,
            data: {
              data: [
                { id: 7, full_name: 'Айгуль Токтогулова', email: 'sales@example.com', phone: null },
              ],
              total: 1,
            },
          },
        },
        [CREATE]: { status: 200, body: { code: 1, data: { ...created, manager_id: 7 } } },
        'GET /admin/trip/51': { status: 200, body: { code: 1, data: created } },
      },
    });

    await user.type(await screen.findByLabelText('Название'), 'Осенний Киото');
    const managerField = screen.getByLabelText('Менеджер').closest('.ant-select') as HTMLElement;
    expect(
      await within(managerField).findByText('Айгуль Токтогулова (sales@example.com)'),
    ).toBeInTheDocument();
    const [start, end] = within(
      screen.getAllByLabelText('Даты')[0]!.closest('.ant-picker') as HTMLElement,
    ).getAllByRole('textbox');
    await user.click(start!);
    await user.type(start!, '10.10.2026{Enter}');
    await user.type(end!, '20.10.2026{Enter}');
    await user.type(screen.getByLabelText('Цена на человека'), '2400');
    await choose(user, 'Валюта', 'Доллар США (USD)');
    await user.type(screen.getByLabelText('Мест'), '12');
    await user.click(screen.getByRole('button', { name: 'Создать тур' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.data).toMatchObject({ title: 'Осенний Киото', manager_id: 7 });
  });

  it('fills the form from a prepared tour, the end from its length, and sends its id', async () => {
    const tour: PreparedTour = {
      id: 3,
      title: 'Золотое кольцо Японии',
      key: 'zolotoe-kolco',
      country: 'Япония',
      cities: ['Токио', 'Киото'],
      days: 7,
      itinerary: [{ title: 'Токио', description: 'Прилёт, трансфер' }],
      included: [],
      not_included: [],
      base_price: 2100,
      currency: 'usd',
      agent_price: null,
      agent_commission: null,
      published: true,
      memo: null,
      archived_at: null,
      trips_count: 0,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    const { user, api } = renderApp({
      path: '/admin/trip/create',
      api: {
        ...signedInRoutes(['admin']),
        'GET /admin/tours': { status: 200, body: { code: 1, data: { data: [tour], total: 1 } } },
        [CREATE]: { status: 200, body: { code: 1, data: created } },
        'GET /admin/trip/51': { status: 200, body: { code: 1, data: created } },
      },
    });

    await screen.findByLabelText('Из заготовленного тура');
    await choose(user, 'Из заготовленного тура', 'Золотое кольцо Японии · 7 дн. · $2 100,00');
    expect(screen.getByLabelText('Название')).toHaveValue('Золотое кольцо Японии');
    expect(screen.getByLabelText('Страна')).toHaveValue('Япония');
    expect(screen.getByLabelText('Цена на человека')).toHaveValue('2100');
    expect(screen.getByLabelText('Название дня 1')).toHaveValue('Токио');

    const [start, end] = within(
      screen.getAllByLabelText('Даты')[0]!.closest('.ant-picker') as HTMLElement,
    ).getAllByRole('textbox');
    await user.click(start!);
    await user.type(start!, '01.09.2026{Enter}');
    await user.click(screen.getByLabelText('Мест'));
    await waitFor(() => expect(end).toHaveValue('07.09.2026'));
    await user.type(screen.getByLabelText('Мест'), '10');
    await user.click(screen.getByRole('button', { name: 'Создать тур' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.data).toEqual({
      prepared_tour_id: 3,
      title: 'Золотое кольцо Японии',
      country: 'Япония',
      starts_on: '2026-09-01',
      ends_on: '2026-09-07',
      price: '2100',
      currency: 'usd',
      seats: 10,
      manager_id: null,
      itinerary: [{ title: 'Токио', description: 'Прилёт, трансфер' }],
      notes: null,
    });
  });
});

describe('trip-edit: status', () => {
  it('offers only the next statuses and shows a refused move', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/51/edit',
      api: {
        ...signedInRoutes(['admin']),
        'GET /admin/trip/51': { status: 200, body: { code: 1, data: created } },
        'POST /admin/trip/51/status': {
          status: 422,
          body: {
            code: 0,
            message: 'Нельзя перевести тур из статуса «Подтверждён» в «Подтверждён»',
            errors: { status: ['Нельзя перевести тур из статуса «Подтверждён» в «Подтверждён»'] },
          },
        },
      },
    });

    const confirm = await screen.findByRole('button', { name: 'Перевести в «Подтверждён»' });
    // Under the title, the trip a person knows: its name and dates, never its database id.
    expect(screen.getByText('Осенний Киото, 10.10.2026–20.10.2026')).toBeInTheDocument();
    expect(screen.queryByText(/ID 51/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Перевести в «Отменён»' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Перевести в «Идёт»' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Перевести в «Завершён»' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Тур' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'История' })).toBeInTheDocument();

    await user.click(confirm);
    expect(
      await screen.findByText('Нельзя перевести тур из статуса «Подтверждён» в «Подтверждён»'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /admin/trip/51/status')[0]?.data).toEqual({ status: 'confirmed' });
  });

  it('asks before cancelling, saying the participants go with the trip', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/51/edit',
      api: {
        ...signedInRoutes(['admin']),
        'GET /admin/trip/51': {
          status: 200,
          body: { code: 1, data: { ...created, seats_taken: 3 } },
        },
        'POST /admin/trip/51/status': {
          status: 200,
          body: { code: 1, data: { ...created, status: 'cancelled', seats_taken: 0 } },
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Перевести в «Отменён»' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Вместе с туром будут отменены все участники (3). Вернуть тур из отмены нельзя.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Не отменять' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /admin/trip/51/status')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Перевести в «Отменён»' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отменить тур' }),
    );
    await waitFor(() => expect(api.callsTo('POST /admin/trip/51/status')).toHaveLength(1));
    expect(api.callsTo('POST /admin/trip/51/status')[0]?.data).toEqual({ status: 'cancelled' });
  });
});
