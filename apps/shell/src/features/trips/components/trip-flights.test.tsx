import { screen, waitFor, within } from '@testing-library/react';
import type { Trip } from '@tour/shared';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

// The trip's «Авиаперелёт» (issue 29, finding 5): what its tourists' readiness asks of their air
// tickets — there and back by default, one way, or none.

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const trip: Trip = {
  id: 52,
  title: 'Иссык-Куль и Алматы',
  prepared_tour_id: null,
  prepared_tour_title: null,
  country: 'Казахстан',
  starts_on: '2026-10-10',
  ends_on: '2026-10-14',
  status: 'planned',
  price: 600,
  currency: 'usd',
  seats: 12,
  seats_taken: 0,
  flights: 'one_way',
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

it('starts a new trip there and back and sends another mark when chosen', async () => {
  const { user, api } = renderApp({
    path: '/admin/trip/create',
    api: {
      ...signedInRoutes(['admin']),
      'POST /admin/trips': { status: 200, body: { code: 1, data: trip } },
      'GET /admin/trip/52': { status: 200, body: { code: 1, data: trip } },
    },
  });
  await user.type(await screen.findByLabelText('Название'), 'Иссык-Куль и Алматы');
  const field = screen.getByLabelText('Авиаперелёт').closest('.ant-select') as HTMLElement;
  expect(within(field).getByText('Туда и обратно')).toBeInTheDocument();
  const [start, end] = within(
    screen.getAllByLabelText('Даты')[0]!.closest('.ant-picker') as HTMLElement,
  ).getAllByRole('textbox');
  await user.click(start!);
  await user.type(start!, '10.10.2026{Enter}');
  await user.type(end!, '14.10.2026{Enter}');
  await user.type(screen.getByLabelText('Цена на человека'), '600');
  await choose(user, 'Валюта', 'Доллар США (USD)');
  await user.type(screen.getByLabelText('Мест'), '12');
  // They fly to Almaty and come back by road.
  await choose(user, 'Авиаперелёт', 'В одну сторону');
  await user.click(screen.getByRole('button', { name: 'Создать тур' }));

  await waitFor(() => expect(api.callsTo('POST /admin/trips')).toHaveLength(1));
  expect(api.callsTo('POST /admin/trips')[0]?.data).toMatchObject({
    title: 'Иссык-Куль и Алматы',
    flights: 'one_way',
  });
});

it('shows a trip’s mark and saves a new one', async () => {
  const { user, api } = renderApp({
    path: '/admin/trip/52/edit',
    api: {
      ...signedInRoutes(['admin']),
      'GET /admin/trip/52': { status: 200, body: { code: 1, data: trip } },
      'PUT /admin/trip/52': { status: 200, body: { code: 1, data: { ...trip, flights: 'none' } } },
    },
  });
  await screen.findByLabelText('Авиаперелёт');
  const field = screen.getByLabelText('Авиаперелёт').closest('.ant-select') as HTMLElement;
  expect(within(field).getByText('В одну сторону')).toBeInTheDocument();
  await choose(user, 'Авиаперелёт', 'Без перелёта');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(api.callsTo('PUT /admin/trip/52')).toHaveLength(1));
  expect(api.callsTo('PUT /admin/trip/52')[0]?.data).toMatchObject({
    title: 'Иссык-Куль и Алматы',
    flights: 'none',
  });
});
