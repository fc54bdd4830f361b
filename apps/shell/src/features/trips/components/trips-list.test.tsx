import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Trip } from '@tour/shared';
import type { FakeRequest } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const TRIPS = 'GET /admin/trips';
const EXPORT = 'GET /admin/trips/export';

const base: Trip = {
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
  seats: 10,
  seats_taken: 4,
  flights: 'round_trip',
  manager_id: 7,
  manager_name: 'Айгуль Токтогулова',
  itinerary: [],
  notes: null,
  debt: 1234.5,
  debt_missing_rates: false,
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '2026-05-01T10:00:00Z',
};
const noRate: Trip = {
  ...base,
  id: 6,
  title: 'Стамбул на выходные',
  country: 'Турция',
  currency: 'eur',
  debt: null,
  debt_missing_rates: true,
};

const sent = (request: FakeRequest | undefined) =>
  Object.fromEntries(
    Object.entries((request?.params ?? {}) as Record<string, unknown>).filter(
      ([, value]) => value !== undefined,
    ),
  );

describe('trips: the list', () => {
  it('reads the filters from the URL, sends them and shows each trip', async () => {
    const { api } = renderApp({
      path: '/admin/trips?from=2026-09-01&to=2026-09-30&status=confirmed&country=%D0%AF%D0%BF%D0%BE%D0%BD%D0%B8%D1%8F&search=%D0%BA%D0%BE%D0%BB%D1%8C%D1%86%D0%BE&page=2',
      api: {
        ...signedInRoutes(['admin']),
        [TRIPS]: {
          status: 200,
          body: {
            code: 1,
            data: { data: [base, noRate], current_page: 2, last_page: 2, per_page: 20, total: 22 },
          },
        },
        'GET /admin/trips/countries': {
          status: 200,
          body: { code: 1, data: ['Турция', 'Япония'] },
        },
        [EXPORT]: {
          status: 200,
          body: new Blob(['PK']),
          headers: { 'content-disposition': 'attachment; filename="trips-2026-11-24.xlsx"' },
        },
      },
    });

    const row = (await screen.findByRole('link', { name: 'Золотое кольцо Японии' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Золотое кольцо Японии' })).toHaveAttribute(
      'href',
      '/admin/trip/5/summary',
    );
    expect(within(row).getByText('01.09.2026 – 10.09.2026')).toBeInTheDocument();
    expect(within(row).getByText('Подтверждён')).toBeInTheDocument();
    expect(within(row).getByText('4 / 10')).toBeInTheDocument();
    expect(within(row).getByText('$1 500,00')).toBeInTheDocument();
    expect(within(row).getByText('$1 234,50')).toBeInTheDocument();
    expect(within(row).getByText('Айгуль Токтогулова')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'Изменить: Золотое кольцо Японии' }),
    ).toHaveAttribute('href', '/admin/trip/5/edit');

    const other = screen
      .getByRole('link', { name: 'Стамбул на выходные' })
      .closest('tr') as HTMLElement;
    expect(within(other).getByText('нет курса')).toBeInTheDocument();

    expect(sent(api.callsTo(TRIPS)[0])).toEqual({
      page: 2,
      from: '2026-09-01',
      to: '2026-09-30',
      status: 'confirmed',
      country: 'Япония',
      search: 'кольцо',
    });
    expect(screen.getByRole('link', { name: 'Новый тур' })).toHaveAttribute(
      'href',
      '/admin/trip/create',
    );
    expect(screen.getByText('Всего: 22')).toBeInTheDocument();

    // The export takes the screen's filters, every page.
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Экспорт в XLSX' }));
    await waitFor(() => expect(saved).toEqual(['trips-2026-11-24.xlsx']));
    click.mockRestore();
    expect(sent(api.callsTo(EXPORT)[0])).toEqual({
      from: '2026-09-01',
      to: '2026-09-30',
      status: 'confirmed',
      country: 'Япония',
      search: 'кольцо',
    });
  });

  it('«Мои туры» asks for the signed-in manager’s trips and keeps that in the URL', async () => {
    const { api, router } = renderApp({
      path: '/admin/trips?status=planned',
      api: {
        ...signedInRoutes(['sales_manager']),
        [TRIPS]: { status: 200, body: { code: 1, data: { data: [base], total: 1 } } },
        'GET /admin/trips/countries': { status: 200, body: { code: 1, data: [] } },
      },
    });
    const mine = await screen.findByRole('checkbox', { name: 'Мои туры' });
    expect(mine).not.toBeChecked();
    await userEvent.click(mine);
    await waitFor(() => expect(router.state.location.search).toBe('?status=planned&mine=1'));
    await waitFor(() =>
      expect(sent(api.callsTo(TRIPS).at(-1))).toEqual({ page: 1, status: 'planned', mine: 1 }),
    );
    expect(screen.getByRole('checkbox', { name: 'Мои туры' })).toBeChecked();
    // «Сбросить фильтры» clears it with the others.
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Мои туры' })).not.toBeChecked(),
    );
  });
});
