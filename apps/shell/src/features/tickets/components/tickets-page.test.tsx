import { screen, waitFor, within } from '@testing-library/react';
import type { TourRequest } from '@tour/shared';
import type { FakeReply, FakeRequest } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const LIST = 'GET /admin/tickets';
const COUNTS = 'GET /admin/tickets/counts';

const fresh: TourRequest = {
  id: 11,
  source: 'site',
  status: 'new',
  contact_name: 'Иванов Иван',
  phone: '+996555123456',
  email: 'ivan@example.com',
  prepared_tour_id: 3,
  prepared_tour_title: 'Золотое кольцо Японии',
  trip_id: null,
  trip_title: null,
  date_from: '2026-09-01',
  date_to: '2026-09-10',
  adults: 2,
  children: 1,
  comment: null,
  reject_reason: null,
  assignee_id: null,
  assignee_name: null,
  counterparty_id: null,
  counterparty_name: null,
  travellers: [],
  converted_at: null,
  created_at: '2026-05-04T12:00:00Z',
  updated_at: '2026-05-04T12:00:00Z',
};

const inWork: TourRequest = {
  ...fresh,
  id: 12,
  status: 'in_work',
  contact_name: 'Сидорова Айжан',
  prepared_tour_id: null,
  prepared_tour_title: null,
  trip_id: 5,
  trip_title: 'Стамбул на выходные',
  assignee_id: 7,
  assignee_name: 'Айгуль Токтогулова',
};

const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });

const sent = (request: FakeRequest | undefined) =>
  Object.fromEntries(
    Object.entries((request?.params ?? {}) as Record<string, unknown>).filter(
      ([, value]) => value !== undefined,
    ),
  );

describe('tickets: the list', () => {
  it('shows the counts in the tabs, sends the filters and puts the chosen tab into the URL', async () => {
    const { user, api, router } = renderApp({
      path: '/admin/tickets?source=site&unassigned=1',
      api: {
        ...signedInRoutes(['sales_manager']),
        [COUNTS]: ok({ new: 3, in_work: 5, converted: 12, rejected: 1 }),
        [LIST]: (request) => {
          const { status } = request.params as { status: string };
          const rows = status === 'in_work' ? [inWork] : [fresh];
          return ok({ data: rows, current_page: 1, last_page: 1, per_page: 20, total: 1 });
        },
        'GET /admin/ticket/12': ok(inWork),
      },
    });

    expect(await screen.findByRole('tab', { name: 'Новые 3' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'В работе 5' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Оформлены 12' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Отклонены 1' })).toBeInTheDocument();
    expect(sent(api.callsTo(COUNTS)[0])).toEqual({ source: 'site', unassigned: 1 });
    expect(sent(api.callsTo(LIST)[0])).toEqual({
      page: 1,
      status: 'new',
      source: 'site',
      unassigned: 1,
    });

    const row = (await screen.findByText('Иванов Иван')).closest('tr') as HTMLElement;
    // The time is the browser's local one: the date is the same in any zone from UTC-11 to UTC+11.
    expect(within(row).getByText(/^04\.05\.2026 \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(row).getByText('+996555123456')).toBeInTheDocument();
    expect(within(row).getByText('ivan@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Сайт')).toBeInTheDocument();
    expect(within(row).getByText('Золотое кольцо Японии')).toBeInTheDocument();
    expect(within(row).getByText('01.09.2026 – 10.09.2026')).toBeInTheDocument();
    expect(within(row).getByText('2 / 1')).toBeInTheDocument();
    expect(within(row).getByText('Не назначен')).toBeInTheDocument();
    expect(within(row).getByText('Новая')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'В работе 5' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?source=site&unassigned=1&status=in_work'),
    );
    const other = (await screen.findByText('Сидорова Айжан')).closest('tr') as HTMLElement;
    expect(sent(api.callsTo(LIST).at(-1))).toEqual({
      page: 1,
      status: 'in_work',
      source: 'site',
      unassigned: 1,
    });
    expect(within(other).getByText('Стамбул на выходные')).toBeInTheDocument();
    expect(within(other).getByText('Айгуль Токтогулова')).toBeInTheDocument();
    // The tab is not a filter: the counts are not asked again for it.
    expect(api.callsTo(COUNTS)).toHaveLength(1);

    await user.click(within(other).getByRole('button', { name: 'Открыть заявку: Сидорова Айжан' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?source=site&unassigned=1&status=in_work&ticket=12',
      ),
    );
    expect(await screen.findByText('Заявка №12')).toBeInTheDocument();
  });

  it("lists one agent's requests from the URL, names the agent and lets the filter go", async () => {
    const fromAgent: TourRequest = {
      ...fresh,
      id: 21,
      source: 'agent',
      contact_name: 'Асанов Бакыт',
      counterparty_id: 8,
      counterparty_name: 'Сыдыкова Айгерим Бакытовна',
      travellers: [{ full_name: 'Асанов Бакыт', phone: '+996555123456' }],
    };
    const { user, api, router } = renderApp({
      path: '/admin/tickets?counterparty_id=8',
      api: {
        ...signedInRoutes(['admin']),
        [COUNTS]: ok({ new: 1, in_work: 0, converted: 0, rejected: 0 }),
        [LIST]: (request) => {
          const { counterparty_id } = request.params as { counterparty_id?: number };
          const rows = counterparty_id === 8 ? [fromAgent] : [fresh, fromAgent];
          return ok({
            data: rows,
            current_page: 1,
            last_page: 1,
            per_page: 20,
            total: rows.length,
          });
        },
        'GET /admin/users': (request) => {
          const { id } = request.params as { id?: number };
          const agent = {
            id: 8,
            full_name: 'Сыдыкова Айгерим Бакытовна',
            email: 'agent2@example.com',
            phone: '+996772100601',
          };
          const data = id === 8 ? [agent] : [];
          return ok({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
        },
      },
    });

    const row = (await screen.findByText('Асанов Бакыт')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Агент')).toBeInTheDocument();
    expect(within(row).getByText('Сыдыкова Айгерим Бакытовна')).toBeInTheDocument();
    expect(sent(api.callsTo(COUNTS)[0])).toEqual({ counterparty_id: 8 });
    expect(sent(api.callsTo(LIST)[0])).toEqual({ page: 1, status: 'new', counterparty_id: 8 });
    const filter = screen.getByLabelText('Агент').closest('.ant-select') as HTMLElement;
    await waitFor(() =>
      expect(filter).toHaveTextContent('Сыдыкова Айгерим Бакытовна (agent2@example.com)'),
    );

    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Иванов Иван')).toBeInTheDocument();
    expect(sent(api.callsTo(LIST).at(-1))).toEqual({ page: 1, status: 'new' });
  });
});
