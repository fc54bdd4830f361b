import { screen, waitFor, within } from '@testing-library/react';
import type { AgentOverview, User } from '@tour/shared';
import type { FakeReply, FakeRoutes } from '../../../testing/fake-api';
import { signedInRoutes, userFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const AGENT = 'GET /admin/users/7/agent';

const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 1, data } });

const agent: User = {
  ...userFixture({
    id: 7,
    full_name: 'Жумабеков Азамат Канатович',
    email: 'agent@example.com',
    phone: '+996772100600',
    roles: ['counterparty'],
    citizenship: null,
    notes: 'Турагентство «Ала-Тоо Трэвел», Бишкек',
  }),
  has_password: true,
  disabled: false,
};

const overview: AgentOverview = {
  agent: { id: 7, full_name: 'Жумабеков Азамат Канатович' },
  tourists: 40,
  requests: { new: 2, in_work: 1, converted: 3, rejected: 1 },
  commission: [
    {
      trip_id: 15,
      title: 'Самарканд и Бухара',
      starts_on: '2027-01-12',
      currency: 'usd',
      tourists: 2,
      due: 1080,
      commission: 80,
    },
    {
      trip_id: 9,
      title: 'Хоккайдо зимой',
      starts_on: '2026-12-05',
      currency: 'jpy',
      tourists: 1,
      due: 290000,
      commission: 20300,
    },
    {
      trip_id: 10,
      title: 'Чеджу: остров вулканов',
      starts_on: '2026-12-13',
      currency: 'usd',
      tourists: 1,
      due: 1150,
      commission: null,
    },
  ],
  commission_totals: [
    { currency: 'usd', amount: 80 },
    { currency: 'jpy', amount: 20300 },
  ],
};

function open(user: User, extra: FakeRoutes = {}) {
  return renderApp({
    path: `/admin/user/${user.id}/edit`,
    api: {
      ...signedInRoutes(['admin']),
      'GET /roles': ok({}),
      'GET /admin/users': ok({ data: [], total: 0 }),
      [`GET /admin/user/${user.id}`]: ok(user),
      ...extra,
    },
  });
}

async function agentCard() {
  const title = await screen.findByText('Агент', { selector: '.ant-card-head-title' });
  return title.closest('.ant-card') as HTMLElement;
}

const cellsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('td')].map((cell) => cell.textContent);

describe('user-edit: an agent', () => {
  it('counts its tourists and requests, links its requests and shows the commission due', async () => {
    const { api } = open(agent, { [AGENT]: ok(overview) });
    const card = await agentCard();

    const tourists = (await within(card).findByText('Туристов агента')).closest(
      '.ant-descriptions-item',
    ) as HTMLElement;
    expect(tourists).toHaveTextContent('Туристов агента40: открыть список');
    expect(within(tourists).getByRole('link').getAttribute('href')).toBe(
      `/admin/users?counterparty_id=${agent.id}`,
    );
    const links = Object.fromEntries(
      ['Новые: 2', 'В работе: 1', 'Оформлены: 3', 'Отклонены: 1', 'Все заявки агента'].map(
        (name) => [name, within(card).getByRole('link', { name }).getAttribute('href')],
      ),
    );
    expect(links).toEqual({
      'Новые: 2': '/admin/tickets?counterparty_id=7&status=new',
      'В работе: 1': '/admin/tickets?counterparty_id=7&status=in_work',
      'Оформлены: 3': '/admin/tickets?counterparty_id=7&status=converted',
      'Отклонены: 1': '/admin/tickets?counterparty_id=7&status=rejected',
      'Все заявки агента': '/admin/tickets?counterparty_id=7',
    });

    const headers = [...card.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['Тур', 'Начало', 'Туристов', 'К оплате', 'Комиссия']);
    const rows = [...card.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
    expect(rows.map(cellsOf)).toEqual([
      ['Самарканд и Бухара', '12.01.2027', '2', '$1\u00a0080,00', '$80,00'],
      ['Хоккайдо зимой', '05.12.2026', '1', '¥290\u00a0000,00', '¥20\u00a0300,00'],
      ['Чеджу: остров вулканов', '13.12.2026', '1', '$1\u00a0150,00', 'нет условий'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Самарканд и Бухара' })).toHaveAttribute(
      'href',
      '/admin/trip/15/summary',
    );
    const totals = [...card.querySelectorAll<HTMLElement>('.ant-table-summary tr')];
    expect(totals.map(cellsOf)).toEqual([
      ['Итого, Доллар США', '$80,00'],
      ['Итого, Иена', '¥20\u00a0300,00'],
    ]);
    expect(api.callsTo(AGENT)).toHaveLength(1);
  });

  it('says when the agent has no confirmed tourists yet', async () => {
    open(agent, {
      [AGENT]: ok({
        ...overview,
        tourists: 0,
        requests: { new: 0, in_work: 0, converted: 0, rejected: 0 },
        commission: [],
        commission_totals: [],
      }),
    });
    const card = await agentCard();
    expect(await within(card).findByText('Подтверждённых туристов агента нет')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Новые: 0' })).toBeInTheDocument();
    expect(card.querySelectorAll('.ant-table-summary tr')).toHaveLength(0);
  });

  it('offers a retry when the overview cannot be loaded', async () => {
    let fail = true;
    const { user } = open(agent, {
      [AGENT]: () => (fail ? { status: 500, body: { code: 0, message: 'boom' } } : ok(overview)),
    });
    const card = await agentCard();
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить сведения об агенте');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await within(card).findByText('Хоккайдо зимой')).toBeInTheDocument();
  });

  it('shows no agent section for a user who is not an agent', async () => {
    const tourist: User = { ...agent, id: 42, roles: ['client'], has_password: false };
    const { api } = open(tourist);
    expect(await screen.findByDisplayValue('Жумабеков Азамат Канатович')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /admin/user/42')).toHaveLength(1));
    expect(screen.queryByText('Агент', { selector: '.ant-card-head-title' })).toBeNull();
    expect(api.calls.some((call) => call.url.endsWith('/agent'))).toBe(false);
  });
});
