import { screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@tour/shared';
import type { FakeRoutes } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import type { OwnSession } from '../api/sessions-api';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const LIST = 'GET /sessions';
const END_OTHERS = 'POST /sessions/end-others';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const office: OwnSession = {
  handle: 'a1'.repeat(16),
  created_at: '2026-11-20T03:00:00.000Z',
  last_seen_at: '2026-11-20T05:30:00.000Z',
  expires_at: '2026-11-20T07:30:00.000Z',
  ip: '203.0.113.10',
  user_agent: CHROME,
  remember: false,
  current: true,
};

const home: OwnSession = {
  handle: 'b2'.repeat(16),
  created_at: '2026-11-18T14:00:00.000Z',
  last_seen_at: '2026-11-19T16:45:00.000Z',
  expires_at: '2026-12-03T16:45:00.000Z',
  ip: '198.51.100.20',
  user_agent: FIREFOX,
  remember: true,
  current: false,
};

const phone: OwnSession = {
  ...home,
  handle: 'c3'.repeat(16),
  ip: null,
  user_agent: null,
  current: false,
};

/** DD.MM.YYYY HH:mm in the machine's time zone, as the screen shows an instant. */
function localTime(iso: string): string {
  const at = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(at.getDate())}.${two(at.getMonth() + 1)}.${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** A fake server holding `sessions`: the list, ending one, ending the others. */
function server(sessions: OwnSession[]): FakeRoutes {
  let live = [...sessions];
  const routes: FakeRoutes = {
    [LIST]: () => ({ status: 200, body: { code: 1, data: live } }),
    [END_OTHERS]: () => {
      const ended = live.filter((session) => !session.current).length;
      live = live.filter((session) => session.current);
      return { status: 200, body: { code: 1, data: { ended } } };
    },
  };
  for (const session of sessions) {
    routes[`DELETE /sessions/${session.handle}`] = () => {
      if (!live.includes(session)) {
        return { status: 404, body: { code: 0, message: 'Сеанс не найден' } };
      }
      live = live.filter((other) => other !== session);
      return { status: 200, body: { code: 1, data: { ended: 1, signed_out: false } } };
    };
  }
  return routes;
}

function open(sessions: OwnSession[], roles: Role[] = ['sales_manager'], extra: FakeRoutes = {}) {
  return renderApp({
    path: '/admin/sessions',
    api: { ...signedInRoutes(roles), ...server(sessions), ...extra },
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);

describe('sessions: «Мои сеансы»', () => {
  it('lists the sessions with their device, address and times, this one marked', async () => {
    open([office, home, phone]);
    expect(await screen.findByRole('heading', { name: 'Мои сеансы' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Устройство',
      'Адрес',
      'Вход',
      'Последняя активность',
      'Истекает',
      'Действия',
    ]);
    const current = await rowOf('Chrome 131 · Windows');
    expect(cells(current)).toEqual([
      'Chrome 131 · WindowsЭтот сеанс',
      '203.0.113.10',
      localTime(office.created_at),
      localTime(office.last_seen_at),
      localTime(office.expires_at),
      '',
    ]);
    expect(within(current).getByText('Этот сеанс')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    const other = await rowOf('Firefox 133 · Linux');
    expect(cells(other)).toEqual([
      'Firefox 133 · Linux',
      '198.51.100.20',
      localTime(home.created_at),
      localTime(home.last_seen_at),
      localTime(home.expires_at),
      'Завершить',
    ]);
    const unknown = await rowOf('Неизвестно');
    expect(cells(unknown).slice(0, 2)).toEqual(['Неизвестно', '—']);
    expect(within(unknown).getByRole('button', { name: 'Завершить' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Завершить все другие сеансы' })).toBeEnabled();
  });

  it('ends another session after a confirmation, then reloads the list', async () => {
    const { api, user } = open([office, home]);
    const other = await rowOf('Firefox 133 · Linux');
    await user.click(within(other).getByRole('button', { name: 'Завершить' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Завершить этот сеанс?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Завершить' }));

    expect(await screen.findByText('Сеанс завершён')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /sessions/${home.handle}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Firefox 133 · Linux')).not.toBeInTheDocument());
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(screen.getByText('Chrome 131 · Windows')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Завершить все другие сеансы' })).toBeDisabled();
  });

  it('says so when the session has already ended elsewhere', async () => {
    const { user } = open([office, home], ['sales_manager'], {
      [`DELETE /sessions/${home.handle}`]: {
        status: 404,
        body: { code: 0, message: 'Сеанс не найден' },
      },
    });
    const other = await rowOf('Firefox 133 · Linux');
    await user.click(within(other).getByRole('button', { name: 'Завершить' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Завершить' }));
    expect(await screen.findByText('Сеанс не найден')).toBeInTheDocument();
  });

  it('ends all the other sessions after a confirmation and says how many', async () => {
    const { api, user } = open([office, home, phone], ['counterparty']);
    await rowOf('Firefox 133 · Linux');
    await user.click(screen.getByRole('button', { name: 'Завершить все другие сеансы' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Завершить все другие сеансы?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Завершить' }));

    expect(await screen.findByText('Завершено сеансов: 2')).toBeInTheDocument();
    expect(api.callsTo(END_OTHERS)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Неизвестно')).not.toBeInTheDocument());
    expect(screen.queryByText('Firefox 133 · Linux')).not.toBeInTheDocument();
    expect(screen.getByText('Этот сеанс')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Завершить все другие сеансы' })).toBeDisabled();
  });

  it('offers nothing to end when this is the only session', async () => {
    const { api, user } = open([office]);
    await rowOf('Chrome 131 · Windows');
    const endOthers = screen.getByRole('button', { name: 'Завершить все другие сеансы' });
    expect(endOthers).toBeDisabled();
    await user.click(endOthers).catch(() => undefined);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Завершить' })).not.toBeInTheDocument();
    expect(api.callsTo(END_OTHERS)).toHaveLength(0);
  });

  it('shows a failed load with a retry', async () => {
    const { api, user } = open([office], ['sales_manager'], {
      [LIST]: { status: 500, body: { code: 0, message: 'Ошибка' } },
    });
    expect(await screen.findByText('Не удалось загрузить сеансы')).toBeInTheDocument();
    api.on(LIST, server([office])[LIST]!);
    await user.click(screen.getByRole('button', { name: /Повторить/ }));
    expect(await screen.findByText('Chrome 131 · Windows')).toBeInTheDocument();
    expect(screen.queryByText('Не удалось загрузить сеансы')).not.toBeInTheDocument();
  });
});

describe('the user menu', () => {
  async function menuItems(roles: Role[]) {
    const { user } = renderApp({
      path: '/admin/sessions',
      api: { ...signedInRoutes(roles), ...server([office]) },
    });
    await user.click(await screen.findByRole('button', { name: /sales@example\.com/ }));
    // The dropdown's own menu (the sidebar is a menu too).
    const menu = (await screen.findByText('Выйти')).closest('[role="menu"]') as HTMLElement;
    return {
      items: within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    };
  }

  it('offers «Мои сеансы» to everyone, before the audit log and «Выйти»', async () => {
    expect((await menuItems(['admin'])).items).toEqual([
      'Мои сеансы',
      'Журнал аудита',
      'Реквизиты компании',
      'Исходящие сообщения',
      'Выйти',
    ]);
  });

  it.each([['sales_manager'], ['counterparty']] as const)(
    'offers it to a %s too, without the audit log',
    async (role) => {
      expect((await menuItems([role])).items).toEqual(['Мои сеансы', 'Выйти']);
    },
  );

  it('opens the page from the menu', async () => {
    const { user, router } = renderApp({
      path: '/admin/users',
      api: {
        ...signedInRoutes(['sales_manager']),
        ...server([office]),
        'GET /admin/users': {
          status: 200,
          body: {
            code: 1,
            data: {
              data: [],
              current_page: 1,
              last_page: 1,
              per_page: 20,
              total: 0,
              from: null,
              to: null,
            },
          },
        },
        'GET /roles': { status: 200, body: { code: 1, data: {} } },
      },
    });
    await user.click(await screen.findByRole('button', { name: /sales@example\.com/ }));
    await user.click(await screen.findByText('Мои сеансы'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sessions'));
    expect(await screen.findByRole('heading', { name: 'Мои сеансы' })).toBeInTheDocument();
  });
});
