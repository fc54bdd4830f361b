import { act, screen, waitFor, within } from '@testing-library/react';
import { currentMonthParam, type Role, type SectionRoutesProps } from '@tour/shared';
import { HASH_HIGHLIGHT_CLASS, WIDGETS_REINIT_EVENT } from '../../config/events';
import { loadRemoteRoutes } from '../../lib/remotes';
import { signedInRoutes, signedOutRoutes, userFixture } from '../../testing/fixtures';
import { setScreenWidth } from '../../testing/match-media';
import { renderApp } from '../../testing/render-app';
import { sessionOf } from '../../testing/session';

jest.mock('../../lib/remotes', () => ({
  ...jest.requireActual('../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

function RemoteStub({ routeName }: SectionRoutesProps) {
  return <h2>Удалённый раздел: {routeName}</h2>;
}

beforeEach(() => {
  jest.mocked(loadRemoteRoutes).mockReset();
  jest.mocked(loadRemoteRoutes).mockResolvedValue({ default: RemoteStub });
});

function sidebar() {
  return screen.getByRole('navigation', { name: 'Разделы' });
}

function sidebarLinks(): [string, string][] {
  return within(sidebar())
    .getAllByRole('link')
    .map((link) => [link.textContent ?? '', link.getAttribute('href') ?? '']);
}

function groupTitles(): string[] {
  return [...sidebar().querySelectorAll('.ant-menu-item-group-title')].map(
    (title) => title.textContent ?? '',
  );
}

async function openAs(roles: Role[], path = '/admin/users', user = {}) {
  const app = renderApp({ path, api: signedInRoutes(roles, user) });
  await screen.findByRole('navigation', { name: 'Разделы' });
  return app;
}

const MAIN = ['Пользователи', 'Туры', 'Заготовленные туры', 'Заявки'];
const BOOKING = [
  'Общая панель',
  'Отели',
  'Авиабилеты',
  'Мед. страховка',
  'Трансфер',
  'Гид/Сопровождение',
  'Входные билеты',
  'Прочие расходы',
];
const ACCOUNTING = [
  'Кошельки',
  'Ожидание подтверждения',
  'Все операции',
  'Административные операции',
  'Операции пользователя',
];
const REPORTS = ['Общий отчет', 'Свод по туру', 'Административный отчет'];

describe('the sidebar', () => {
  it.each<[Role, string[], string[]]>([
    [
      'developer',
      [...MAIN, ...BOOKING, ...ACCOUNTING, ...REPORTS],
      ['Бронирование', 'Бухгалтерия', 'Отчеты'],
    ],
    [
      'admin',
      [...MAIN, ...BOOKING, ...ACCOUNTING, ...REPORTS],
      ['Бронирование', 'Бухгалтерия', 'Отчеты'],
    ],
    ['sales_manager', [...MAIN, ...BOOKING], ['Бронирование']],
    ['reservation_agent', [...MAIN, ...BOOKING], ['Бронирование']],
    ['accountant', [...MAIN, ...ACCOUNTING, ...REPORTS], ['Бухгалтерия', 'Отчеты']],
  ])('shows %s their groups and entries in order', async (role, labels, groups) => {
    await openAs([role]);
    expect(sidebarLinks().map(([label]) => label)).toEqual(labels);
    expect(groupTitles()).toEqual(groups);
  });

  it('shows a counterparty only the agent area', async () => {
    await openAs(['counterparty'], '/admin/agent/tours');
    expect(sidebarLinks()).toEqual([
      ['Туры', '/admin/agent/tours'],
      ['Туристы', '/admin/agent/tourists'],
    ]);
    expect(groupTitles()).toEqual([]);
  });

  it('links every entry to its route, booking links with the current month', async () => {
    await openAs(['admin']);
    const month = currentMonthParam();
    expect(Object.fromEntries(sidebarLinks())).toMatchObject({
      Пользователи: '/admin/users',
      'Заготовленные туры': '/admin/tours',
      Заявки: '/admin/tickets',
      'Общая панель': `/admin/booking/${month}`,
      Отели: `/admin/booking/${month}/hotels`,
      'Входные билеты': `/admin/booking/${month}/activities`,
      'Прочие расходы': `/admin/booking/${month}/tour-expenses`,
      Кошельки: '/admin/balance/wallets',
      'Все операции': '/admin/balance',
      'Общий отчет': '/admin/report/general',
    });
  });

  it("carries the current route's MM-YYYY into the booking links", async () => {
    await openAs(['sales_manager'], '/admin/booking/11-2026/transfer');
    const links = Object.fromEntries(sidebarLinks());
    expect(links['Общая панель']).toBe('/admin/booking/11-2026');
    expect(links['Авиабилеты']).toBe('/admin/booking/11-2026/air-tickets');
    expect(links['Мед. страховка']).toBe('/admin/booking/11-2026/health-insurance');
  });

  it('highlights the current entry, and Общий отчет on its per-trip users too', async () => {
    const { router } = await openAs(['accountant'], '/admin/report/general/12/users');
    const entry = (label: string) =>
      within(sidebar()).getByRole('link', { name: label }).closest('li');
    expect(entry('Общий отчет')).toHaveClass('ant-menu-item-selected');
    expect(entry('Свод по туру')).not.toHaveClass('ant-menu-item-selected');
    await act(() => router.navigate('/admin/report/tour'));
    expect(entry('Свод по туру')).toHaveClass('ant-menu-item-selected');
    expect(entry('Общий отчет')).not.toHaveClass('ant-menu-item-selected');
  });
});

describe('the top bar', () => {
  it('shows the brand linking home, the user and their email', async () => {
    await openAs(['admin'], '/admin/users', {
      full_name: 'Бакыт Осмонов',
      email: 'admin@example.com',
    });
    const brand = screen.getByRole('link', { name: 'Турбюро' });
    expect(brand).toHaveAttribute('href', '/admin');
    expect(brand.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('Бакыт Осмонов')).toBeInTheDocument();
    expect(screen.getByText('admin@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Почта не указана')).not.toBeInTheDocument();
  });

  it('writes the brand’s word beside the logo on a wide screen, the logo alone on a phone', async () => {
    setScreenWidth(390);
    const phone = renderApp({ path: '/admin/users', api: signedInRoutes(['admin']) });
    expect(await screen.findByRole('link', { name: 'Турбюро' })).not.toHaveTextContent('Турбюро');
    phone.unmount();
    setScreenWidth(1400);
    await openAs(['admin']);
    expect(screen.getByRole('link', { name: 'Турбюро' })).toHaveTextContent('Турбюро');
  });

  it("says 'Почта не указана' for a user without email", async () => {
    await openAs(['sales_manager'], '/admin/users', { full_name: 'Эрмек Садыков', email: null });
    expect(screen.getByText('Эрмек Садыков')).toBeInTheDocument();
    expect(screen.getByText('Почта не указана')).toBeInTheDocument();
  });

  it('follows a save of the signed-in user at once: its name and its permissions', async () => {
    // The admin (user 7) edits its own record: a new name, and the admin role traded for
    // accountant. The server answers the session calls with the saved user from then on.
    const { user, api } = renderApp({
      path: '/admin/user/7/edit',
      api: {
        ...signedInRoutes(['admin']),
        'GET /roles': { status: 200, body: { code: 1, data: {} } },
        'GET /admin/user/7': {
          status: 200,
          body: { code: 1, data: { ...userFixture({ roles: ['admin'] }), has_password: true } },
        },
      },
    });
    const nameField = await screen.findByDisplayValue('Айгуль Токтогулова');
    expect(within(sidebar()).getByRole('link', { name: 'Отели' })).toBeInTheDocument();
    const saved = userFixture({ full_name: 'Айгуль Осмонова', roles: ['accountant'] });
    api.on('POST /admin/users', { status: 200, body: { code: 1, data: saved } });
    for (const [key, reply] of Object.entries(signedInRoutes(['accountant'], saved))) {
      api.on(key, reply);
    }
    const permissionCalls = api.callsTo('GET /get-laravel-permission-to-vuejs').length;

    await user.clear(nameField);
    await user.type(nameField, 'Айгуль Осмонова');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    const topBar = screen.getByRole('banner');
    expect(await within(topBar).findByText('Айгуль Осмонова')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(sidebar()).queryByRole('link', { name: 'Отели' })).not.toBeInTheDocument(),
    );
    expect(within(sidebar()).getByRole('link', { name: 'Кошельки' })).toBeInTheDocument();
    expect(api.callsTo('GET /get-laravel-permission-to-vuejs')).toHaveLength(permissionCalls + 1);
  });

  it("signs out with 'Выйти' and goes to the login page", async () => {
    const { user, router, store, api } = await openAs(['admin']);
    api.on('POST /logout', () => {
      for (const [key, reply] of Object.entries(signedOutRoutes())) api.on(key, reply);
      return { status: 200, body: { code: 1 } };
    });
    await user.click(screen.getByText('Айгуль Токтогулова'));
    await user.click(await screen.findByText('Выйти'));
    await screen.findByLabelText('Пароль');
    expect(router.state.location.pathname).toBe('/login');
    expect(api.callsTo('POST /logout')).toHaveLength(1);
    expect(sessionOf(store)).toMatchObject({ user: null, authenticated: false });
  });

  it('clears the session and goes to the login page even when the server fails', async () => {
    const { user, router, store, api } = await openAs(['admin']);
    api.on('POST /logout', { status: 500, body: { code: 0, message: 'Ошибка сервера' } });
    const userCalls = api.callsTo('GET /user').length;
    await user.click(screen.getByText('Айгуль Токтогулова'));
    await user.click(await screen.findByText('Выйти'));
    await screen.findByLabelText('Пароль');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionOf(store)).toMatchObject({
      user: null,
      permissionData: null,
      authenticated: false,
    });
    // The server may still hold the session: it is not picked up again behind the user's back.
    expect(api.callsTo('GET /user')).toHaveLength(userCalls);
    expect(screen.queryByText('Айгуль Токтогулова')).not.toBeInTheDocument();
  });

  it('sets the document title from the route', async () => {
    const { router } = await openAs(['admin'], '/admin/trips');
    expect(document.title).toBe('Туры — Турбюро');
    await act(() => router.navigate('/admin/balance/waitings'));
    await screen.findByText('Удалённый раздел: balance-waitings');
    expect(document.title).toBe('Ожидание подтверждения — Турбюро');
  });
});

describe('on a small screen', () => {
  it('hides the sidebar behind a toggle that opens it, and closes it after navigating', async () => {
    setScreenWidth(800);
    const { user, router } = renderApp({ path: '/admin/users', api: signedInRoutes(['admin']) });
    const toggle = await screen.findByRole('button', { name: 'Открыть меню' });
    expect(screen.queryByRole('navigation', { name: 'Разделы' })).not.toBeInTheDocument();
    await user.click(toggle);
    // Below lg the only sidebar is the drawer's.
    await user.click(await screen.findByText('Заявки', { selector: 'a' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tickets'));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Разделы' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Заявки' })).toBeInTheDocument();
  });

  it('shows the sidebar again on a large screen', async () => {
    setScreenWidth(800);
    renderApp({ path: '/admin/users', api: signedInRoutes(['admin']) });
    await screen.findByRole('button', { name: 'Открыть меню' });
    act(() => setScreenWidth(1200));
    expect(await screen.findByRole('navigation', { name: 'Разделы' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Открыть меню' })).not.toBeInTheDocument();
  });
});

describe('after each navigation', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('re-initialises widgets after 600 ms, scrolls to the hash after 1 s, highlights it for 2 s', async () => {
    const { router } = renderApp({
      path: '/admin/users',
      api: signedInRoutes(['admin']),
      fakeTimers: true,
    });
    await screen.findByRole('heading', { name: 'Пользователи' });
    act(() => jest.advanceTimersByTime(1000));
    const events: CustomEvent[] = [];
    const listener = (event: Event) => events.push(event as CustomEvent);
    window.addEventListener(WIDGETS_REINIT_EVENT, listener);
    const target = document.createElement('div');
    target.id = 'participants';
    document.body.append(target);
    const scroll = jest.spyOn(target, 'scrollIntoView');
    try {
      await act(() => router.navigate('/admin/trips#participants'));
      await screen.findByRole('heading', { name: 'Туры' });

      act(() => jest.advanceTimersByTime(599));
      expect(events).toHaveLength(0);
      act(() => jest.advanceTimersByTime(1));
      expect(events.map((event) => event.detail)).toEqual([{ pathname: '/admin/trips' }]);

      act(() => jest.advanceTimersByTime(399));
      expect(scroll).not.toHaveBeenCalled();
      expect(target).not.toHaveClass(HASH_HIGHLIGHT_CLASS);
      act(() => jest.advanceTimersByTime(1));
      expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
      expect(target).toHaveClass(HASH_HIGHLIGHT_CLASS);

      act(() => jest.advanceTimersByTime(1999));
      expect(target).toHaveClass(HASH_HIGHLIGHT_CLASS);
      act(() => jest.advanceTimersByTime(1));
      expect(target).not.toHaveClass(HASH_HIGHLIGHT_CLASS);
      expect(events).toHaveLength(1);
    } finally {
      window.removeEventListener(WIDGETS_REINIT_EVENT, listener);
      target.remove();
    }
  });

  it('scrolls to a hash target that the page’s data draws after the first second', async () => {
    const { router } = renderApp({
      path: '/admin/users',
      api: signedInRoutes(['admin']),
      fakeTimers: true,
    });
    await screen.findByRole('heading', { name: 'Пользователи' });
    await act(() => router.navigate('/admin/trips#bookings'));
    await screen.findByRole('heading', { name: 'Туры' });
    act(() => jest.advanceTimersByTime(1000));
    // The data arrives at 3 s: the section appears, and the scroll follows it.
    act(() => jest.advanceTimersByTime(2000));
    const target = document.createElement('section');
    target.id = 'bookings';
    const scroll = jest.spyOn(target, 'scrollIntoView');
    try {
      await act(async () => {
        document.body.append(target);
        await Promise.resolve();
      });
      expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
      expect(target).toHaveClass(HASH_HIGHLIGHT_CLASS);
    } finally {
      target.remove();
    }
  });

  it('stops waiting for a hash target 10 s after the scroll was due', async () => {
    const { router } = renderApp({
      path: '/admin/users',
      api: signedInRoutes(['admin']),
      fakeTimers: true,
    });
    await screen.findByRole('heading', { name: 'Пользователи' });
    await act(() => router.navigate('/admin/trips#late'));
    await screen.findByRole('heading', { name: 'Туры' });
    act(() => jest.advanceTimersByTime(1000 + 10_000));
    const target = document.createElement('section');
    target.id = 'late';
    const scroll = jest.spyOn(target, 'scrollIntoView');
    try {
      await act(async () => {
        document.body.append(target);
        await Promise.resolve();
      });
      expect(scroll).not.toHaveBeenCalled();
    } finally {
      target.remove();
    }
  });

  it('makes the highlight visible with a CSS rule', async () => {
    renderApp({ path: '/admin/users', api: signedInRoutes(['admin']), fakeTimers: true });
    await screen.findByRole('heading', { name: 'Пользователи' });
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(css).toMatch(new RegExp(`\\.${HASH_HIGHLIGHT_CLASS}\\s*\\{[^}]*outline:`));
  });

  it('cancels what a previous navigation still had pending', async () => {
    const { router } = renderApp({
      path: '/admin/users',
      api: signedInRoutes(['admin']),
      fakeTimers: true,
    });
    await screen.findByRole('heading', { name: 'Пользователи' });
    const events: CustomEvent[] = [];
    const listener = (event: Event) => events.push(event as CustomEvent);
    window.addEventListener(WIDGETS_REINIT_EVENT, listener);
    try {
      await act(() => router.navigate('/admin/trips'));
      act(() => jest.advanceTimersByTime(300));
      await act(() => router.navigate('/admin/tours'));
      act(() => jest.advanceTimersByTime(600));
      expect(events.map((event) => event.detail)).toEqual([{ pathname: '/admin/tours' }]);
    } finally {
      window.removeEventListener(WIDGETS_REINIT_EVENT, listener);
    }
  });

  it('closes the user dropdown and the mobile sidebar', async () => {
    setScreenWidth(800);
    const { user, router } = renderApp({
      path: '/admin/users',
      api: signedInRoutes(['admin']),
      fakeTimers: true,
    });
    const userButton = (await screen.findByText('Айгуль Токтогулова')).closest('button');
    await user.click(userButton as HTMLElement);
    expect(await screen.findByText('Выйти')).toBeInTheDocument();
    expect(userButton).toHaveClass('ant-dropdown-open');
    await user.click(screen.getByRole('button', { name: 'Открыть меню' }));
    expect(await screen.findByRole('navigation', { name: 'Разделы' })).toBeInTheDocument();

    await act(() => router.navigate('/admin/tours'));
    act(() => jest.advanceTimersByTime(1000));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Разделы' })).not.toBeInTheDocument(),
    );
    expect(userButton).not.toHaveClass('ant-dropdown-open');
  });
});
