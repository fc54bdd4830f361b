import { screen, within } from '@testing-library/react';
import type { Participant, Trip, TripSummary } from '@tour/shared';
import type { FakeHandler, FakeReply } from '../../../testing/fake-api';
import { signedInRoutes, userFixture } from '../../../testing/fixtures';

const CREATE_USER = 'POST /admin/users';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const ADD = 'POST /admin/trip/5/participants';
const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });

const trip: Trip = {
  id: 5,
  title: 'Золотое кольцо Японии',
  prepared_tour_id: null,
  prepared_tour_title: null,
  country: 'Япония',
  starts_on: '2026-09-01',
  ends_on: '2026-09-10',
  status: 'confirmed',
  price: 1500,
  currency: 'usd',
  seats: 2,
  seats_taken: 2,
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

const participant: Participant = {
  id: 70,
  trip_id: 5,
  user_id: 40,
  full_name: 'Петрова Анна',
  phone: '+996555000040',
  email: null,
  price: 1500,
  discount: 200,
  status: 'confirmed',
  request_id: null,
  created_at: '2026-05-02T10:00:00Z',
};

const summary: TripSummary = {
  trip,
  participants: [
    {
      participant_id: 70,
      user_id: 40,
      full_name: 'Петрова Анна',
      status: 'confirmed',
      price: 1500,
      due: 1300,
      paid: 0,
      expected: 0,
      debt: 1300,
      missing_rate: false,
    },
  ],
  totals: { due: 1300, paid: 0, expected: 0, debt: 1300, overpaid: 0 },
  in_currency: null,
  readiness: [],
  bookings: [],
  costs: { total: 0, profit: 0, missing_rate: false },
  missing_rates: false,
};

const tourist = {
  id: 31,
  full_name: 'Иванов Иван',
  email: null,
  phone: '+996555123456',
  passport_number: null,
  birth_date: null,
  manager_id: 2,
  manager_name: 'Менеджерова Анна',
  own: true,
  matched_by: null,
  found_by: null,
};

// Казакова Ольга, another manager's client: found by its exact phone only, that contact alone.
const othersClient = {
  id: 44,
  full_name: 'Казакова Ольга Сергеевна',
  email: null,
  phone: '+996555333444',
  passport_number: null,
  birth_date: null,
  manager_id: 9,
  manager_name: 'Менеджеров Борис',
  own: false,
  matched_by: 'phone',
  found_by: '+996555333444',
};

const added = (user_id: number, full_name: string): Participant => ({
  ...participant,
  id: 71,
  user_id,
  full_name,
  price: 1500,
  discount: 0,
  status: 'booked',
});

const openTrip = { ...trip, seats_taken: 1, seats: 10 };

function renderParticipants(extra: Record<string, FakeReply | FakeHandler>) {
  return renderApp({
    path: '/admin/trip/5/edit',
    api: {
      ...signedInRoutes(['sales_manager']),
      'GET /admin/trip/5': ok(openTrip),
      'GET /admin/trip/5/participants': ok([participant]),
      'GET /admin/trip/5/summary': ok({ ...summary, trip: openTrip }),
      ...extra,
    },
  });
}

describe('trip-edit: participants', () => {
  it('shows the seats and participants, sends a new one and shows why the server refused it', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/5/edit',
      api: {
        ...signedInRoutes(['admin']),
        'GET /admin/trip/5': ok(trip),
        'GET /admin/trip/5/participants': ok([participant]),
        'GET /admin/trip/5/summary': ok(summary),
        'GET /admin/tourists': ok([tourist]),
        [ADD]: {
          status: 422,
          body: {
            code: 0,
            message: 'Свободных мест нет: все 2 заняты',
            errors: { user_id: ['Свободных мест нет: все 2 заняты'] },
          },
        },
      },
    });

    await user.click(await screen.findByRole('tab', { name: 'Участники (2 из 2)' }));
    expect(await screen.findByText('Занято 2 из 2')).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Петрова Анна' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('$1 500,00')).toBeInTheDocument();
    expect(within(row).getByText('$200,00')).toBeInTheDocument();
    expect(await within(row).findByText('$1 300,00')).toBeInTheDocument();
    expect(within(row).getByText('Подтверждён')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Добавить участника' }));
    const dialog = await screen.findByRole('dialog', { name: 'Добавить участника' });
    expect(within(dialog).getByLabelText('Цена, USD')).toHaveValue('1500');
    await user.click(within(dialog).getByLabelText('Турист'));
    await user.click(
      await screen.findByText('Иванов Иван · +996555123456', { selector: '.ant-select-item *' }),
    );
    const discount = within(dialog).getByLabelText('Скидка, USD');
    await user.clear(discount);
    await user.type(discount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));

    expect(await within(dialog).findByText('Свободных мест нет: все 2 заняты')).toBeVisible();
    expect(api.callsTo(ADD)).toHaveLength(1);
    expect(api.callsTo(ADD)[0]?.data).toEqual({ user_id: 31, price: '1500', discount: '100' });
    expect(within(dialog).getByLabelText('Скидка, USD')).toHaveValue('100');
  });

  it('puts another manager’s client found by its exact phone on the trip, with that phone', async () => {
    const { user, api } = renderParticipants({
      'GET /admin/tourists': (request) =>
        ok(
          (request.params as { search?: string }).search === '+996555333444' ? [othersClient] : [],
        ),
      [ADD]: ok(added(44, 'Казакова Ольга Сергеевна')),
    });
    await user.click(await screen.findByRole('tab', { name: 'Участники (1 из 10)' }));
    await user.click(await screen.findByRole('button', { name: 'Добавить участника' }));
    const dialog = await screen.findByRole('dialog', { name: 'Добавить участника' });
    await user.type(within(dialog).getByLabelText('Турист'), '+996555333444');
    await user.click(
      await screen.findByText(
        'Казакова Ольга Сергеевна · +996555333444 · клиент менеджера Менеджеров Борис',
        { selector: '.ant-select-item *' },
      ),
    );
    expect(
      within(dialog).getByText(
        'Клиент менеджера Менеджеров Борис: он будет добавлен в тур и останется за своим менеджером.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Казакова Ольга Сергеевна добавлен(а) в тур')).toBeVisible();
    expect(api.callsTo(ADD)[0]?.data).toEqual({
      user_id: 44,
      price: '1500',
      discount: '0',
      found_by: '+996555333444',
    });
  });

  it('offers the existing client for a new tourist’s duplicate phone instead of a second record', async () => {
    const { user, api } = renderParticipants({
      'GET /admin/tourists/match': ok([othersClient]),
      [ADD]: ok(added(44, 'Казакова Ольга Сергеевна')),
    });
    await user.click(await screen.findByRole('tab', { name: 'Участники (1 из 10)' }));
    await user.click(await screen.findByRole('button', { name: 'Новый турист' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый турист' });
    await user.type(within(dialog).getByLabelText('ФИО'), 'Казакова Ольга');
    await user.type(within(dialog).getByLabelText('Телефон'), '+996 555 333 444');
    await user.click(within(dialog).getByRole('button', { name: 'Создать и добавить' }));

    expect(
      await within(dialog).findByText(
        'Такой турист уже есть: Казакова Ольга Сергеевна · +996555333444 · клиент менеджера Менеджеров Борис. Добавить его?',
      ),
    ).toBeVisible();
    expect(within(dialog).getByText('Совпадает телефон.')).toBeVisible();
    expect(api.callsTo('GET /admin/tourists/match')[0]?.params).toEqual({
      phone: '+996 555 333 444',
      email: undefined,
      passport_number: undefined,
    });
    // A phone never repeats: no «create anyway».
    expect(within(dialog).queryByRole('button', { name: /другой человек/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Добавить его в тур' }));
    expect(await screen.findByText('Казакова Ольга Сергеевна добавлен(а) в тур')).toBeVisible();
    expect(api.callsTo(ADD)[0]?.data).toEqual({ user_id: 44, found_by: '+996555333444' });
    expect(api.callsTo(CREATE_USER)).toEqual([]);
  });

  it('creates a new tourist with the whole passport block, its expiry among it', async () => {
    const created = userFixture({ id: 53, full_name: 'Паспортова Алия', roles: ['client'] });
    const { user, api } = renderParticipants({
      'GET /admin/tourists/match': ok([]),
      [CREATE_USER]: ok(created),
      [ADD]: ok(added(53, 'Паспортова Алия')),
    });
    await user.click(await screen.findByRole('tab', { name: 'Участники (1 из 10)' }));
    await user.click(await screen.findByRole('button', { name: 'Новый турист' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый турист' });
    await user.type(within(dialog).getByLabelText('ФИО'), 'Паспортова Алия');
    await user.type(within(dialog).getByLabelText('Дата рождения'), '17.05.1990{Tab}');
    await user.type(within(dialog).getByLabelText('Гражданство'), 'Кыргызстан');
    await user.type(within(dialog).getByLabelText('Номер паспорта'), 'AC1234567');
    await user.type(within(dialog).getByLabelText('Дата выдачи паспорта'), '05.04.2021{Tab}');
    await user.type(within(dialog).getByLabelText('Паспорт действителен до'), '04.04.2031{Tab}');
    await user.click(within(dialog).getByRole('button', { name: 'Создать и добавить' }));

    expect(
      await screen.findByText('Турист создан и добавлен в тур: Паспортова Алия'),
    ).toBeVisible();
    expect(api.callsTo('GET /admin/tourists/match')[0]?.params).toEqual({
      phone: undefined,
      email: undefined,
      passport_number: 'AC1234567',
    });
    expect(api.callsTo(CREATE_USER).map((call) => call.data)).toEqual([
      {
        full_name: 'Паспортова Алия',
        phone: null,
        email: null,
        birth_date: '1990-05-17',
        citizenship: 'Кыргызстан',
        passport_number: 'AC1234567',
        passport_issued_at: '2021-04-05',
        passport_expires_at: '2031-04-04',
        roles: ['client'],
      },
    ]);
  });

  it('shows the server’s refusal of a new tourist’s passport under its field', async () => {
    const { user, api } = renderParticipants({
      'GET /admin/tourists/match': ok([]),
      [CREATE_USER]: {
        status: 422,
        body: {
          code: 0,
          message: 'Срок действия паспорта должен заканчиваться позже даты выдачи',
          errors: {
            passport_expires_at: ['Срок действия паспорта должен заканчиваться позже даты выдачи'],
          },
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Участники (1 из 10)' }));
    await user.click(await screen.findByRole('button', { name: 'Новый турист' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый турист' });
    await user.type(within(dialog).getByLabelText('ФИО'), 'Паспортова Алия');
    await user.type(within(dialog).getByLabelText('Паспорт действителен до'), '04.04.2031{Tab}');
    await user.click(within(dialog).getByRole('button', { name: 'Создать и добавить' }));
    const expiry = within(dialog).getByLabelText('Паспорт действителен до');
    expect(
      await within(expiry.closest('.ant-form-item') as HTMLElement).findByText(
        'Срок действия паспорта должен заканчиваться позже даты выдачи',
      ),
    ).toBeVisible();
    expect(expiry).toHaveValue('04.04.2031');
    expect(api.callsTo(ADD)).toEqual([]);
  });

  it('creates a new tourist after all when only a passport number repeats and the person says so', async () => {
    const namesake = {
      ...othersClient,
      phone: null,
      passport_number: 'AN1234567',
      matched_by: 'passport_number',
      found_by: 'AN1234567',
    };
    const created = userFixture({ id: 52, full_name: 'Тёзкина Вера', roles: ['client'] });
    const { user, api } = renderParticipants({
      'GET /admin/tourists/match': ok([namesake]),
      [CREATE_USER]: ok(created),
      [ADD]: ok(added(52, 'Тёзкина Вера')),
    });
    await user.click(await screen.findByRole('tab', { name: 'Участники (1 из 10)' }));
    await user.click(await screen.findByRole('button', { name: 'Новый турист' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый турист' });
    await user.type(within(dialog).getByLabelText('ФИО'), 'Тёзкина Вера');
    await user.type(within(dialog).getByLabelText('Номер паспорта'), 'AN1234567');
    await user.click(within(dialog).getByRole('button', { name: 'Создать и добавить' }));
    expect(await within(dialog).findByText('Совпадает номер паспорта.')).toBeVisible();
    expect(api.callsTo(CREATE_USER)).toEqual([]);
    await user.click(
      within(dialog).getByRole('button', { name: 'Нет, это другой человек — создать' }),
    );
    expect(await screen.findByText('Турист создан и добавлен в тур: Тёзкина Вера')).toBeVisible();
    expect(api.callsTo(CREATE_USER)).toHaveLength(1);
    expect(api.callsTo(ADD)[0]?.data).toEqual({ user_id: 52 });
  });
});
