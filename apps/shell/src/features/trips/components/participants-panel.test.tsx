import { screen, within } from '@testing-library/react';
import type { Participant, Trip, TripSummary } from '@tour/shared';
import type { FakeReply } from '../../../testing/fake-api';
import { signedInRoutes, userFixture } from '../../../testing/fixtures';
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
  missing_rates: false,
};

const tourist = userFixture({
  id: 31,
  full_name: 'Иванов Иван',
  email: null,
  phone: '+996555123456',
  roles: ['client'],
});

describe('trip-edit: participants', () => {
  it('shows the seats and participants, sends a new one and shows why the server refused it', async () => {
    const { user, api } = renderApp({
      path: '/admin/trip/5/edit',
      api: {
        ...signedInRoutes(['admin']),
        'GET /admin/trip/5': ok(trip),
        'GET /admin/trip/5/participants': ok([participant]),
        'GET /admin/trip/5/summary': ok(summary),
        'GET /admin/users': ok({ data: [tourist], total: 1 }),
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
      await screen.findByText('Иванов Иван (+996555123456)', { selector: '.ant-select-item *' }),
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
});
