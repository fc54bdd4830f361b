import { act, screen, waitFor } from '@testing-library/react';
import { http, type RouteName, type SectionRoutesProps } from '@tour/shared';
import { loadRemoteRoutes } from '../../lib/remotes';
import {
  permissionDataOf,
  signedInRoutes,
  signedOutRoutes,
  userFixture,
} from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { sessionOf } from '../../testing/session';

jest.mock('../../lib/remotes', () => ({
  ...jest.requireActual('../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const loadRemote = jest.mocked(loadRemoteRoutes);

function RemoteStub({ routeName }: SectionRoutesProps) {
  return <p>Удалённый раздел: {routeName}</p>;
}

beforeEach(() => {
  loadRemote.mockReset();
  loadRemote.mockResolvedValue({ default: RemoteStub });
});

function where(router: { state: { location: { pathname: string; search: string } } }) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

describe('before every navigation', () => {
  it('sends a visitor who is not signed in to the login page, remembering the page', async () => {
    const { router, api } = renderApp({
      path: '/admin/balance/wallets?page=2',
      api: signedOutRoutes(),
    });
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(where(router)).toBe('/login?redirect=%2Fadmin%2Fbalance%2Fwallets%3Fpage%3D2');
    // The session was loaded before each navigation (SPEC.md 2), and the remote never was.
    expect(
      api.calls
        .slice(0, 2)
        .map((call) => call.url)
        .sort(),
    ).toEqual(['/get-laravel-permission-to-vuejs', '/user']);
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('runs the authentication guard before the permission guard', async () => {
    // Not signed in and without the permission: the first guard of the list decides.
    const { router } = renderApp({ path: '/admin/report/tour', api: signedOutRoutes() });
    await screen.findByRole('button', { name: 'Войти' });
    expect(where(router)).toBe('/login?redirect=%2Fadmin%2Freport%2Ftour');
  });

  it('turns a sales manager away from accounting before the remote loads', async () => {
    const { router } = renderApp({
      path: '/admin/balance/wallets',
      api: signedInRoutes(['sales_manager']),
    });
    expect(await screen.findByRole('heading', { name: 'Пользователи' })).toBeInTheDocument();
    expect(where(router)).toBe('/admin/users');
    expect(loadRemote).not.toHaveBeenCalled();
    expect(screen.queryByText(/Удалённый раздел/)).not.toBeInTheDocument();
  });

  it('lets an accountant through to the remote, with the route name', async () => {
    const { router } = renderApp({
      path: '/admin/balance/wallets',
      api: signedInRoutes(['accountant']),
    });
    expect(await screen.findByText('Удалённый раздел: balance-wallets')).toBeInTheDocument();
    expect(where(router)).toBe('/admin/balance/wallets');
    expect(loadRemote).toHaveBeenCalledWith('accounting');
  });

  it('needs administrative_transactions for administrative operations', async () => {
    const { router } = renderApp({
      path: '/admin/balance/admin-operations',
      api: signedInRoutes(['reservation_agent']),
    });
    await screen.findByRole('heading', { name: 'Пользователи' });
    expect(where(router)).toBe('/admin/users');
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('passes each booking page the route name the shell matched', async () => {
    renderApp({ path: '/admin/booking/11-2026/hotels', api: signedInRoutes(['sales_manager']) });
    expect(await screen.findByText('Удалённый раздел: booking-hotels')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('booking');
  });

  it('renders the main section pages itself', async () => {
    renderApp({ path: '/admin/user/5/roles', api: signedInRoutes(['admin']) });
    // SPEC.md 2: the roles route shows the same view as the wallets route.
    expect(
      await screen.findByRole('heading', { name: 'Кошельки пользователя' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Роли пользователя — Турбюро');
  });

  it('keeps a counterparty out of the main section', async () => {
    const { router } = renderApp({ path: '/admin/trips', api: signedInRoutes(['counterparty']) });
    expect(await screen.findByText('Удалённый раздел: agent-tours')).toBeInTheDocument();
    expect(where(router)).toBe('/admin/agent/tours');
  });

  it('counts only a non-empty user as signed in', async () => {
    const { router } = renderApp({
      path: '/admin/users',
      api: {
        'GET /user': { status: 200, body: { code: 1, data: {} } },
        'GET /get-laravel-permission-to-vuejs': {
          status: 200,
          body: permissionDataOf('admin'),
        },
      },
    });
    await screen.findByRole('button', { name: 'Войти' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('treats a failed current-user call as an empty user', async () => {
    const { router, store } = renderApp({
      path: '/admin/users',
      api: {
        'GET /user': { status: 500, body: { code: 0, message: 'Ошибка сервера' } },
        'GET /get-laravel-permission-to-vuejs': {
          status: 200,
          body: permissionDataOf('admin'),
        },
      },
    });
    await screen.findByRole('button', { name: 'Войти' });
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionOf(store)).toMatchObject({ user: null, authenticated: false });
  });

  it('does not load the session again once signed in', async () => {
    const { router, api } = renderApp({ path: '/admin/users', api: signedInRoutes(['admin']) });
    await screen.findByRole('heading', { name: 'Пользователи' });
    await act(() => router.navigate('/admin/trips'));
    expect(screen.getByRole('heading', { name: 'Туры' })).toBeInTheDocument();
    expect(api.callsTo('GET /user')).toHaveLength(1);
  });
});

describe('/admin and unknown paths', () => {
  it.each<[string, Parameters<typeof signedInRoutes>[0], string]>([
    ['staff', ['sales_manager'], '/admin/users'],
    ['a counterparty', ['counterparty'], '/admin/agent/tours'],
  ])('sends %s from /admin to their home', async (_who, roles, home) => {
    const { router } = renderApp({ path: '/admin', api: signedInRoutes(roles) });
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it('says so when no section is open to the user', async () => {
    renderApp({
      path: '/admin',
      api: {
        ...signedInRoutes(['sales_manager']),
        'GET /get-laravel-permission-to-vuejs': {
          status: 200,
          body: { roles: [], permissions: [] },
        },
      },
    });
    expect(await screen.findByText('Нет доступных разделов')).toBeInTheDocument();
  });

  it('sends an unknown path to /admin when signed in', async () => {
    const { router } = renderApp({ path: '/nowhere/at/all', api: signedInRoutes(['admin']) });
    await screen.findByRole('heading', { name: 'Пользователи' });
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('sends an unknown path under /admin to /admin when signed in', async () => {
    const { router } = renderApp({ path: '/admin/no-such-page', api: signedInRoutes(['admin']) });
    await screen.findByRole('heading', { name: 'Пользователи' });
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('sends an unknown path to the login page otherwise', async () => {
    const { router } = renderApp({ path: '/nowhere', api: signedOutRoutes() });
    await screen.findByRole('button', { name: 'Войти' });
    expect(where(router)).toBe('/login');
  });

  it('sends a signed-in user from /login to the admin area', async () => {
    const { router } = renderApp({ path: '/login', api: signedInRoutes(['admin']) });
    await screen.findByRole('heading', { name: 'Пользователи' });
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('sends a signed-in user from /login to the page to return to', async () => {
    const { router } = renderApp({
      path: '/login?redirect=%2Fadmin%2Ftickets',
      api: signedInRoutes(['admin']),
    });
    await screen.findByRole('heading', { name: 'Заявки' });
    expect(router.state.location.pathname).toBe('/admin/tickets');
  });

  it('never returns to another site after signing in', async () => {
    const { router } = renderApp({
      path: '/login?redirect=https%3A%2F%2Fevil.example%2Fadmin',
      api: signedInRoutes(['admin']),
    });
    await screen.findByRole('heading', { name: 'Пользователи' });
    expect(router.state.location.pathname).toBe('/admin/users');
  });
});

describe('a session that ends', () => {
  it('goes to the login page on a 401 from any call, keeping the page', async () => {
    const { router, store, api } = renderApp({
      path: '/admin/trips?page=3',
      api: signedInRoutes(['admin']),
    });
    await screen.findByRole('heading', { name: 'Туры' });
    // The server has ended the session (expired, or signed out elsewhere).
    for (const [key, reply] of Object.entries(signedOutRoutes())) api.on(key, reply);
    api.on('GET /admin/trips', { status: 401, body: { code: 0, message: 'Требуется вход' } });
    await act(async () => {
      await http.get('/admin/trips').catch(() => undefined);
    });
    await screen.findByRole('button', { name: 'Войти' });
    expect(where(router)).toBe('/login?redirect=%2Fadmin%2Ftrips%3Fpage%3D3');
    expect(sessionOf(store)).toMatchObject({ user: null, authenticated: false });
  });

  it('does the same on a 419 (expired CSRF token)', async () => {
    const { router, api } = renderApp({ path: '/admin/tours', api: signedInRoutes(['admin']) });
    await screen.findByRole('heading', { name: 'Заготовленные туры' });
    for (const [key, reply] of Object.entries(signedOutRoutes())) api.on(key, reply);
    api.on('POST /admin/tours', { status: 419, body: { code: 0, message: 'CSRF' } });
    await act(async () => {
      await http.post('/admin/tours', {}).catch(() => undefined);
    });
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Fadmin%2Ftours'));
  });

  it("stays on the page when a section's failure report meets a 419 (the report is dropped)", async () => {
    const { router, api, store } = renderApp({
      path: '/admin/tours',
      api: signedInRoutes(['admin']),
    });
    await screen.findByRole('heading', { name: 'Заготовленные туры' });
    // Any navigation at all (a lost session goes to /login, whose guard may come straight back).
    const navigations: string[] = [];
    const stop = router.subscribe((state) => navigations.push(state.navigation.state));
    api.on('POST /client-errors', { status: 419, body: { code: 0, message: 'CSRF' } });
    await act(async () => {
      await http.post('/client-errors', {}).catch(() => undefined);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    stop();
    expect(navigations).toEqual([]);
    expect(sessionOf(store)).toMatchObject({ authenticated: true });
    expect(where(router)).toBe('/admin/tours');
  });

  it('reloads permissions when the window regains focus and leaves a page no longer allowed', async () => {
    const { router, api } = renderApp({
      path: '/admin/report/general',
      api: signedInRoutes(['accountant']),
    });
    await screen.findByText('Удалённый раздел: report-general');
    expect(screen.getByRole('link', { name: 'Общий отчет' })).toBeInTheDocument();
    api.on('GET /get-laravel-permission-to-vuejs', {
      status: 200,
      body: { roles: ['accountant'], permissions: ['accounting_section'] },
    });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(screen.queryByRole('link', { name: 'Общий отчет' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Кошельки' })).toBeInTheDocument();
  });

  it('goes to the login page when the focus reload says the session is gone', async () => {
    const { router, api } = renderApp({ path: '/admin/tickets', api: signedInRoutes(['admin']) });
    await screen.findByRole('heading', { name: 'Заявки' });
    for (const [key, reply] of Object.entries(signedOutRoutes())) api.on(key, reply);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Fadmin%2Ftickets'));
  });
});

describe('every main-section route', () => {
  const shellRoutes: [RouteName, string, string][] = [
    ['users', '/admin/users', 'Пользователи'],
    ['user-create', '/admin/user/create', 'Новый пользователь'],
    ['user-edit', '/admin/user/5/edit', 'Редактирование пользователя'],
    ['user-wallets', '/admin/user/5/wallets', 'Кошельки пользователя'],
    ['trips', '/admin/trips', 'Туры'],
    ['trip-create', '/admin/trip/create', 'Новый тур'],
    ['trip-edit', '/admin/trip/3/edit', 'Редактирование тура'],
    ['trip-summary', '/admin/trip/3/summary', 'Сводка по туру'],
    ['tours', '/admin/tours', 'Заготовленные туры'],
    ['tour-create', '/admin/tour/create', 'Новый заготовленный тур'],
    ['tour-edit', '/admin/tour/2/edit', 'Редактирование заготовленного тура'],
    ['tickets', '/admin/tickets', 'Заявки'],
  ];

  it.each(shellRoutes)('%s renders its page frame', async (_name, path, title) => {
    renderApp({ path, api: signedInRoutes(['sales_manager'], userFixture()) });
    // A page that learns its record is missing draws its frame anew: look once it has settled.
    await waitFor(() => expect(screen.getByRole('heading', { name: title })).toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(document.title).toBe(`${title} — Турбюро`);
  });
});
