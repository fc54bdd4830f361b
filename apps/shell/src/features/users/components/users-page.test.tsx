import { screen, waitFor, within } from '@testing-library/react';
import type { Paginated, User } from '@tour/shared';
import type { FakeReply, FakeRequest } from '../../../testing/fake-api';
import { signedInRoutes, userFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const USERS = 'GET /admin/users';

const tourist = userFixture({
  id: 31,
  full_name: 'Иванов Иван Иванович',
  email: null,
  phone: '+996555123456',
  roles: ['client'],
  passport_number: 'AC1234567',
});
const agent = userFixture({
  id: 12,
  full_name: 'Агентство «Шёлковый путь»',
  email: 'silk@example.com',
  phone: null,
  roles: ['counterparty', 'sales_manager'],
});

function pageOf(rows: User[], { current = 1, total = rows.length, perPage = 20 } = {}) {
  const from = rows.length > 0 ? (current - 1) * perPage + 1 : null;
  const body: Paginated<User> = {
    data: rows,
    current_page: current,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + rows.length - 1,
  };
  return { status: 200, body: { code: 1, data: body } };
}

const ROLE_LABELS_REPLY: FakeReply = {
  status: 200,
  body: {
    code: 1,
    // Labels as the server names them (not the product's defaults), to see where they come from.
    data: {
      developer: 'Разработчик',
      admin: 'Администратор',
      sales_manager: 'Менеджер продаж',
      reservation_agent: 'Бронирование',
      accountant: 'Бухгалтер',
      counterparty: 'Агент-контрагент',
      client: 'Турист',
    },
  },
};

/** The query of a request without the parameters left out (undefined). */
function sent(request: FakeRequest | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((request?.params ?? {}) as Record<string, unknown>).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

function openList(path = '/admin/users', users: FakeReply | ((r: FakeRequest) => FakeReply)) {
  return renderApp({
    path,
    api: { ...signedInRoutes(['admin']), 'GET /roles': ROLE_LABELS_REPLY, [USERS]: users },
  });
}

const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

async function rowOf(name: string) {
  const link = await screen.findByRole('link', { name });
  return link.closest('tr') as HTMLElement;
}

describe('users: the list', () => {
  it('shows each user with contacts, role labels from GET /roles, passport and actions', async () => {
    const { api } = openList('/admin/users', pageOf([tourist, agent]));

    const row = await rowOf('Иванов Иван Иванович');
    expect(within(row).getByText('31')).toBeInTheDocument();
    expect(within(row).getByText('Почта не указана')).toBeInTheDocument();
    expect(within(row).getByText('+996555123456')).toBeInTheDocument();
    expect(within(row).getByText('AC1234567')).toBeInTheDocument();
    expect(await within(row).findByText('Турист')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Иванов Иван Иванович' })).toHaveAttribute(
      'href',
      '/admin/user/31/edit',
    );
    expect(
      within(row).getByRole('link', { name: 'Изменить: Иванов Иван Иванович' }),
    ).toHaveAttribute('href', '/admin/user/31/edit');
    expect(
      within(row).getByRole('link', { name: 'Кошельки: Иванов Иван Иванович' }),
    ).toHaveAttribute('href', '/admin/user/31/wallets');

    const agentRow = await rowOf('Агентство «Шёлковый путь»');
    expect(within(agentRow).getByText('silk@example.com')).toBeInTheDocument();
    expect(within(agentRow).queryByText('Почта не указана')).not.toBeInTheDocument();
    expect(within(agentRow).getByText('Агент-контрагент')).toBeInTheDocument();
    expect(within(agentRow).getByText('Менеджер продаж')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Новый пользователь' })).toHaveAttribute(
      'href',
      '/admin/user/create',
    );
    expect(sent(api.callsTo(USERS)[0])).toEqual({ page: 1 });
  });

  it('reads every filter and the page from the URL (a reload keeps them) and sends them', async () => {
    const { api } = openList(
      '/admin/users?search=%D0%98%D0%B2%D0%B0%D0%BD&role=client&withTrips=1&id=31&counterparty_id=7&page=3',
      pageOf([tourist], { current: 3, total: 41 }),
    );

    await rowOf('Иванов Иван Иванович');
    // The agent picker also asks for its chosen agent by id: the list's call is the paged one.
    const listCalls = api
      .callsTo(USERS)
      .map(sent)
      .filter((params) => 'page' in params);
    expect(listCalls[0]).toEqual({
      page: 3,
      search: 'Иван',
      role: 'client',
      withTrips: 1,
      id: 31,
      counterparty_id: 7,
    });
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('Иван');
    expect(screen.getByRole('textbox', { name: 'ID' })).toHaveValue('31');
    expect(screen.getByRole('checkbox', { name: 'С турами' })).toBeChecked();
    const roleSelect = screen.getByRole('combobox', { name: 'Роль' });
    expect(roleSelect.closest('.ant-select')).toHaveTextContent('Турист');
    expect(screen.getByTitle('3')).toHaveClass('ant-pagination-item-active');
    expect(screen.getByText('Всего: 41')).toBeInTheDocument();
  });

  it('writes the search to the URL once typing pauses, back on page 1, and asks the server', async () => {
    const { api, router, user } = openList('/admin/users?role=client&page=2', (request) =>
      pageOf(
        (request.params as { search?: string }).search === 'AC12' ? [tourist] : [tourist, agent],
      ),
    );
    await rowOf('Агентство «Шёлковый путь»');

    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'AC12');
    await waitFor(() => expect(where(router)).toBe('/admin/users?role=client&search=AC12'));
    await waitFor(() =>
      expect(sent(api.callsTo(USERS).at(-1))).toEqual({ page: 1, role: 'client', search: 'AC12' }),
    );
    // One request for the whole word, not one per key.
    expect(api.callsTo(USERS).filter((call) => sent(call).search !== undefined)).toHaveLength(1);
    await waitFor(() =>
      expect(
        screen.queryByRole('link', { name: 'Агентство «Шёлковый путь»' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('puts the role, "с турами" and the id in the URL, each time from page 1', async () => {
    const { api, router, user } = openList('/admin/users?page=4', pageOf([tourist]));
    await rowOf('Иванов Иван Иванович');

    await user.click(screen.getByRole('combobox', { name: 'Роль' }));
    const dropdown = await waitFor(() => {
      const element = document.querySelector('.ant-select-dropdown');
      if (!element) throw new Error('no dropdown');
      return element as HTMLElement;
    });
    await user.click(await within(dropdown).findByText('Агент-контрагент'));
    await waitFor(() => expect(where(router)).toBe('/admin/users?role=counterparty'));

    await user.click(screen.getByRole('checkbox', { name: 'С турами' }));
    await waitFor(() => expect(where(router)).toBe('/admin/users?role=counterparty&withTrips=1'));

    await user.type(screen.getByRole('textbox', { name: 'ID' }), '1x2{Enter}');
    await waitFor(() =>
      expect(where(router)).toBe('/admin/users?role=counterparty&withTrips=1&id=12'),
    );
    await waitFor(() =>
      expect(sent(api.callsTo(USERS).at(-1))).toEqual({
        page: 1,
        role: 'counterparty',
        withTrips: 1,
        id: 12,
      }),
    );
  });

  it('resets every filter at once', async () => {
    const { router, user } = openList(
      '/admin/users?search=abc&role=admin&withTrips=1&id=5&page=2',
      pageOf([tourist], { current: 2, total: 30 }),
    );
    await rowOf('Иванов Иван Иванович');

    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(where(router)).toBe('/admin/users'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'ID' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'С турами' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Сбросить фильтры' })).toBeDisabled();
  });

  it('pages on the server, the page kept in the URL with the filters', async () => {
    const { api, router, user } = openList('/admin/users?role=client', (request) => {
      const page = Number((request.params as { page: number }).page);
      return pageOf([page === 2 ? agent : tourist], { current: page, total: 25 });
    });
    await rowOf('Иванов Иван Иванович');
    expect(screen.getByText('Всего: 25')).toBeInTheDocument();

    await user.click(screen.getByTitle('2'));
    await rowOf('Агентство «Шёлковый путь»');
    expect(where(router)).toBe('/admin/users?role=client&page=2');
    expect(sent(api.callsTo(USERS).at(-1))).toEqual({ page: 2, role: 'client' });
  });

  it('says so when no user matches', async () => {
    openList('/admin/users?search=nobody', pageOf([]));
    expect(await screen.findByText('Пользователи не найдены')).toBeInTheDocument();
  });

  it('treats an answer whose code is not 1 as empty', async () => {
    openList('/admin/users', { status: 200, body: { code: 0, data: pageOf([tourist]).body.data } });
    expect(await screen.findByText('Пользователи не найдены')).toBeInTheDocument();
    expect(screen.queryByText('Иванов Иван Иванович')).not.toBeInTheDocument();
  });

  it('shows a failed load in Russian and loads again on request', async () => {
    let fail = true;
    const { api, user } = openList('/admin/users', () =>
      fail
        ? { status: 500, body: { code: 0, message: 'Internal Server Error' } }
        : pageOf([tourist]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить пользователей');
    expect(alert).not.toHaveTextContent('Internal Server Error');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    await rowOf('Иванов Иван Иванович');
    expect(api.callsTo(USERS)).toHaveLength(2);
  });
});
