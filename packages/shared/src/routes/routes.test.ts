import {
  ROLES,
  ROLE_PERMISSIONS,
  STAFF_ROLE_EXPRESSION,
  type PermissionData,
  type Role,
} from '@tour/core';
import {
  ADMIN_PATH,
  HOME_ROUTE_NAME,
  LOGIN_PATH,
  ROUTES,
  SIDEBAR_GROUPS,
  homeRouteName,
  hrefOf,
  isHighlighted,
  matchRoute,
  matchRouteName,
  routeAllows,
  routeByName,
  sidebarEntries,
  type RouteName,
} from './routes';

const sessionOf = (...roles: Role[]): PermissionData => ({
  roles,
  permissions: [...new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]))],
});

const NOW = new Date(2026, 10, 21, 12, 0, 0);

// SPEC.md 2, "Sidebar entries", as written.
const SPEC_SIDEBAR: [string, RouteName, string, string][] = [
  ['Counterparty', 'agent-tours', 'Туры', 'role counterparty only'],
  ['Counterparty', 'agent-tourists', 'Туристы', 'role counterparty only'],
  ['Main', 'users', 'Пользователи', 'all non-counterparty roles'],
  ['Main', 'trips', 'Туры', 'all non-counterparty roles'],
  ['Main', 'tours', 'Заготовленные туры', 'all non-counterparty roles'],
  ['Main', 'tickets', 'Заявки', 'all non-counterparty roles'],
  ['Бронирование', 'booking-dashboard', 'Общая панель', 'booking_section'],
  ['Бронирование', 'booking-hotels', 'Отели', 'booking_section'],
  ['Бронирование', 'booking-air-tickets', 'Авиабилеты', 'booking_section'],
  ['Бронирование', 'booking-health-insurance', 'Мед. страховка', 'booking_section'],
  ['Бронирование', 'booking-transfer', 'Трансфер', 'booking_section'],
  ['Бронирование', 'booking-guide', 'Гид/Сопровождение', 'booking_section'],
  ['Бронирование', 'booking-activity', 'Входные билеты', 'booking_section'],
  ['Бронирование', 'booking-tour-expense', 'Прочие расходы', 'booking_section'],
  ['Бухгалтерия', 'balance-wallets', 'Кошельки', 'accounting_section'],
  ['Бухгалтерия', 'balance-waitings', 'Ожидание подтверждения', 'accounting_section'],
  ['Бухгалтерия', 'balance-all-operations', 'Все операции', 'accounting_section'],
  [
    'Бухгалтерия',
    'balance-admin-operations',
    'Административные операции',
    'administrative_transactions',
  ],
  ['Бухгалтерия', 'balance-user', 'Операции пользователя', 'accounting_section'],
  ['Отчеты', 'report-general', 'Общий отчет', 'report_section'],
  ['Отчеты', 'report-tour', 'Свод по туру', 'report_section'],
  ['Отчеты', 'report-administrative', 'Административный отчет', 'report_section'],
];

const GROUP_KEYS: Record<string, string> = {
  Counterparty: 'counterparty',
  Main: 'main',
  Бронирование: 'booking',
  Бухгалтерия: 'accounting',
  Отчеты: 'reports',
};

const SECTION_PERMISSION: Record<string, string | undefined> = {
  Бронирование: 'booking_section',
  Бухгалтерия: 'accounting_section',
  Отчеты: 'report_section',
};

// An independent reading of the SPEC conditions: an entry shows when its own condition holds and
// its group's section permission (SPEC.md 6) is granted. Client is not staff (see routes.ts).
function specAllows(group: string, condition: string, role: Role): boolean {
  const granted: string[] = ROLE_PERMISSIONS[role];
  const section = SECTION_PERMISSION[group];
  if (section && !granted.includes(section)) return false;
  if (condition === 'role counterparty only') return role === 'counterparty';
  if (condition === 'all non-counterparty roles')
    return role !== 'counterparty' && role !== 'client';
  return granted.includes(condition);
}

const visibleNames = (data: PermissionData | null) =>
  sidebarEntries(data, null, NOW).flatMap((section) => section.entries.map((entry) => entry.name));

describe('the route table', () => {
  it('names every route of SPEC.md 2 once', () => {
    expect(ROUTES.map((route) => route.name)).toEqual([
      'users',
      'user-create',
      'user-edit',
      'user-wallets',
      'user-roles',
      'audit',
      'sessions',
      'company',
      'outbox',
      'trips',
      'trip-create',
      'trip-edit',
      'trip-summary',
      'tours',
      'tour-create',
      'tour-edit',
      'tickets',
      'booking',
      'booking-dashboard',
      'booking-hotels',
      'booking-air-tickets',
      'booking-health-insurance',
      'booking-transfer',
      'booking-guide',
      'booking-activity',
      'booking-tour-expense',
      'booking-suppliers',
      'balance-wallets',
      'balance-waitings',
      'balance-all-operations',
      'balance-wallet-create',
      'balance-wallet-edit',
      'balance-wallet',
      'balance-rates',
      'balance-admin-operations',
      'balance-user',
      'report-general',
      'report-general-users',
      'report-tour',
      'report-administrative',
      'agent-tours',
      'agent-tour',
      'agent-tourists',
    ]);
  });

  it('uses the paths of SPEC.md 2 under /admin', () => {
    expect(Object.fromEntries(ROUTES.map((route) => [route.name, route.path]))).toEqual({
      users: '/admin/users',
      'user-create': '/admin/user/create',
      'user-edit': '/admin/user/:id/edit',
      'user-wallets': '/admin/user/:id/wallets',
      'user-roles': '/admin/user/:id/roles',
      audit: '/admin/audit',
      sessions: '/admin/sessions',
      company: '/admin/company',
      outbox: '/admin/outbox',
      trips: '/admin/trips',
      'trip-create': '/admin/trip/create',
      'trip-edit': '/admin/trip/:id/edit',
      'trip-summary': '/admin/trip/:id/summary',
      tours: '/admin/tours',
      'tour-create': '/admin/tour/create',
      'tour-edit': '/admin/tour/:id/edit',
      tickets: '/admin/tickets',
      booking: '/admin/booking/:date?',
      'booking-dashboard': '/admin/booking/:date?',
      'booking-hotels': '/admin/booking/:date?/hotels',
      'booking-air-tickets': '/admin/booking/:date?/air-tickets',
      'booking-health-insurance': '/admin/booking/:date?/health-insurance',
      'booking-transfer': '/admin/booking/:date?/transfer',
      'booking-guide': '/admin/booking/:date?/guide',
      'booking-activity': '/admin/booking/:date?/activities',
      'booking-tour-expense': '/admin/booking/:date?/tour-expenses',
      'booking-suppliers': '/admin/suppliers',
      'balance-wallets': '/admin/balance/wallets',
      'balance-waitings': '/admin/balance/waitings',
      'balance-all-operations': '/admin/balance',
      'balance-wallet-create': '/admin/balance/wallet/create',
      'balance-wallet-edit': '/admin/balance/wallet/:id/edit',
      'balance-wallet': '/admin/balance/wallets/:id',
      'balance-rates': '/admin/balance/rates',
      'balance-admin-operations': '/admin/balance/admin-operations',
      'balance-user': '/admin/balance/user',
      'report-general': '/admin/report/general',
      'report-general-users': '/admin/report/general/:trip/users',
      'report-tour': '/admin/report/tour',
      'report-administrative': '/admin/report/administrative',
      'agent-tours': '/admin/agent/tours',
      'agent-tour': '/admin/agent/tours/:key',
      'agent-tourists': '/admin/agent/tourists',
    });
    expect(ADMIN_PATH).toBe('/admin');
    expect(LOGIN_PATH).toBe('/login');
    expect(HOME_ROUTE_NAME).toBe('users');
  });

  it('assigns each route to the app that renders it', () => {
    const appOf = (name: RouteName) => routeByName(name).app;
    for (const route of ROUTES) {
      const expected = route.name.startsWith('booking')
        ? 'booking'
        : route.name.startsWith('balance')
          ? 'accounting'
          : route.name.startsWith('report')
            ? 'reports'
            : route.name.startsWith('agent')
              ? 'agent'
              : 'shell';
      expect([route.name, appOf(route.name)]).toEqual([route.name, expected]);
    }
  });

  it('guards every route with a permission or a role rule', () => {
    expect(ROUTES.filter((route) => !route.permission && !route.roles)).toEqual([]);
    expect(routeByName('balance-admin-operations').permission).toBe(
      'accounting_section&administrative_transactions',
    );
    expect(routeByName('users').roles).toBe(STAFF_ROLE_EXPRESSION);
    expect(routeByName('agent-tour').roles).toBe('counterparty');
  });

  it('nests the booking kinds in the booking wrapper', () => {
    const children = ROUTES.filter((route) => route.parent === 'booking').map((r) => r.name);
    expect(children).toEqual([
      'booking-dashboard',
      'booking-hotels',
      'booking-air-tickets',
      'booking-health-insurance',
      'booking-transfer',
      'booking-guide',
      'booking-activity',
      'booking-tour-expense',
    ]);
  });

  it('throws for an unknown route name', () => {
    expect(() => routeByName('nowhere' as RouteName)).toThrow('Unknown route name "nowhere"');
  });
});

describe('the sidebar', () => {
  it('has exactly the entries of SPEC.md 2 with their labels, groups and order', () => {
    const all = sidebarEntries(sessionOf(...ROLES), null, NOW);
    expect(all.map((section) => [section.group, section.title])).toEqual([
      ['counterparty', null],
      ['main', null],
      ['booking', 'Бронирование'],
      ['accounting', 'Бухгалтерия'],
      ['reports', 'Отчеты'],
    ]);
    expect(SIDEBAR_GROUPS.map((group) => group.title)).toEqual([
      null,
      null,
      'Бронирование',
      'Бухгалтерия',
      'Отчеты',
    ]);
    expect(
      all.flatMap((section) => section.entries.map((e) => [section.group, e.name, e.label])),
    ).toEqual(SPEC_SIDEBAR.map(([group, name, label]) => [GROUP_KEYS[group], name, label]));
    expect(
      ROUTES.filter((route) => route.sidebar)
        .map((route) => route.label)
        .sort(),
    ).toEqual(SPEC_SIDEBAR.map(([, , label]) => label).sort());
  });

  const cases = ROLES.flatMap((role) =>
    SPEC_SIDEBAR.map(
      ([group, name, , condition]) => [role, name, specAllows(group, condition, role)] as const,
    ),
  );

  it.each(cases)('for %s shows %s: %s', (role, name, shown) => {
    expect(visibleNames(sessionOf(role)).includes(name)).toBe(shown);
    expect(routeAllows(name, sessionOf(role))).toBe(shown);
  });

  it('shows each role the sections of its permissions', () => {
    const main = ['users', 'trips', 'tours', 'tickets'];
    const booking = SPEC_SIDEBAR.filter(([g]) => g === 'Бронирование').map(([, n]) => n);
    const accounting = SPEC_SIDEBAR.filter(([g]) => g === 'Бухгалтерия').map(([, n]) => n);
    const reports = ['report-general', 'report-tour', 'report-administrative'];
    expect(visibleNames(sessionOf('counterparty'))).toEqual(['agent-tours', 'agent-tourists']);
    expect(visibleNames(sessionOf('client'))).toEqual([]);
    expect(visibleNames(sessionOf('sales_manager'))).toEqual([...main, ...booking]);
    expect(visibleNames(sessionOf('reservation_agent'))).toEqual([...main, ...booking]);
    expect(visibleNames(sessionOf('accountant'))).toEqual([...main, ...accounting, ...reports]);
    for (const role of ['admin', 'developer'] as const) {
      expect(visibleNames(sessionOf(role))).toEqual([
        ...main,
        ...booking,
        ...accounting,
        ...reports,
      ]);
    }
  });

  it('needs the section permission too for administrative operations', () => {
    const only = (permissions: string[]) => visibleNames({ roles: ['accountant'], permissions });
    expect(only(['administrative_transactions'])).not.toContain('balance-admin-operations');
    expect(only(['accounting_section'])).not.toContain('balance-admin-operations');
    expect(only(['accounting_section', 'administrative_transactions'])).toContain(
      'balance-admin-operations',
    );
  });

  it('shows nothing without permission data', () => {
    expect(sidebarEntries(null, null, NOW)).toEqual([]);
    expect(sidebarEntries(0, null, NOW)).toEqual([]);
    expect(sidebarEntries({ roles: [], permissions: [] }, null, NOW)).toEqual([]);
  });

  const hrefs = (currentDate?: string | null) =>
    Object.fromEntries(
      sidebarEntries(sessionOf('admin', 'counterparty'), currentDate, NOW).flatMap((section) =>
        section.entries.map((entry) => [entry.name, entry.href]),
      ),
    );

  it('links every entry to its path', () => {
    expect(hrefs()).toMatchObject({
      'agent-tours': '/admin/agent/tours',
      'agent-tourists': '/admin/agent/tourists',
      users: '/admin/users',
      tickets: '/admin/tickets',
      'balance-all-operations': '/admin/balance',
      'balance-admin-operations': '/admin/balance/admin-operations',
      'report-general': '/admin/report/general',
    });
  });

  it('gives booking entries the current month when no route date is known', () => {
    expect(hrefs()).toMatchObject({
      'booking-dashboard': '/admin/booking/11-2026',
      'booking-hotels': '/admin/booking/11-2026/hotels',
      'booking-tour-expense': '/admin/booking/11-2026/tour-expenses',
    });
    expect(hrefs('13-2026')['booking-guide']).toBe('/admin/booking/11-2026/guide');
    expect(hrefs('hotels')['booking-guide']).toBe('/admin/booking/11-2026/guide');
  });

  it("gives booking entries the current route's month", () => {
    expect(hrefs('03-2027')).toMatchObject({
      'booking-dashboard': '/admin/booking/03-2027',
      'booking-air-tickets': '/admin/booking/03-2027/air-tickets',
      'booking-health-insurance': '/admin/booking/03-2027/health-insurance',
      'booking-transfer': '/admin/booking/03-2027/transfer',
      'booking-activity': '/admin/booking/03-2027/activities',
      users: '/admin/users',
    });
  });

  it('uses the real clock when no time is given', () => {
    jest.useFakeTimers({ now: new Date(2027, 0, 5, 10, 0, 0) });
    try {
      const entries = sidebarEntries(sessionOf('sales_manager')).flatMap((s) => s.entries);
      expect(entries.find((entry) => entry.name === 'booking-hotels')?.href).toBe(
        '/admin/booking/01-2027/hotels',
      );
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('routeAllows', () => {
  it('refuses everything without data', () => {
    for (const route of ROUTES) {
      expect(routeAllows(route, null)).toBe(false);
      expect(routeAllows(route, undefined)).toBe(false);
      expect(routeAllows(route, 0)).toBe(false);
      expect(routeAllows(route, { roles: [], permissions: [] })).toBe(false);
    }
  });

  it('lets a route without rules through for a signed-in user only', () => {
    const open = { ...routeByName('users'), roles: undefined };
    expect(routeAllows(open, { roles: ['client'], permissions: [] })).toBe(true);
    expect(routeAllows(open, { roles: [], permissions: ['booking_section'] })).toBe(true);
    expect(routeAllows(open, null)).toBe(false);
  });

  it('checks the permission and the role rule', () => {
    expect(routeAllows('trip-summary', sessionOf('sales_manager'))).toBe(true);
    expect(routeAllows('trip-summary', sessionOf('counterparty'))).toBe(false);
    expect(routeAllows('agent-tour', sessionOf('counterparty'))).toBe(true);
    expect(routeAllows('agent-tour', sessionOf('admin'))).toBe(false);
    expect(routeAllows('balance-wallet-edit', sessionOf('accountant'))).toBe(true);
    expect(routeAllows('balance-wallet-edit', sessionOf('reservation_agent'))).toBe(false);
    expect(routeAllows('balance-rates', sessionOf('accountant'))).toBe(true);
    expect(routeAllows('balance-rates', sessionOf('sales_manager'))).toBe(false);
    // The audit log: developers and admins only, in the main section, without a sidebar entry.
    expect(routeAllows('audit', sessionOf('developer'))).toBe(true);
    expect(routeAllows('audit', sessionOf('admin'))).toBe(true);
    for (const role of [
      'sales_manager',
      'reservation_agent',
      'accountant',
      'counterparty',
    ] as const)
      expect(routeAllows('audit', sessionOf(role))).toBe(false);
    expect(routeByName('audit')).toMatchObject({ app: 'shell', sidebar: false });
    // One's own sessions: every role that signs in to the back office, without a sidebar entry.
    for (const role of ROLES)
      expect([role, routeAllows('sessions', sessionOf(role))]).toEqual([role, role !== 'client']);
    expect(routeAllows('sessions', null)).toBe(false);
    expect(routeByName('sessions')).toMatchObject({
      app: 'shell',
      group: 'main',
      sidebar: false,
      title: 'Мои сеансы',
    });
    // The company's requisites: create_admin (developers and admins), without a sidebar entry.
    for (const role of ROLES)
      expect([role, routeAllows('company', sessionOf(role))]).toEqual([
        role,
        role === 'developer' || role === 'admin',
      ]);
    expect(routeByName('company')).toMatchObject({
      app: 'shell',
      group: 'main',
      sidebar: false,
      title: 'Реквизиты компании',
    });
    // The outbox of e-mail messages: create_admin too, without a sidebar entry.
    for (const role of ROLES)
      expect([role, routeAllows('outbox', sessionOf(role))]).toEqual([
        role,
        role === 'developer' || role === 'admin',
      ]);
    expect(routeByName('outbox')).toMatchObject({
      app: 'shell',
      group: 'main',
      sidebar: false,
      title: 'Исходящие сообщения',
    });
    expect(routeAllows('report-general-users', sessionOf('accountant'))).toBe(true);
    expect(routeAllows('booking', sessionOf('reservation_agent'))).toBe(true);
    expect(routeAllows(routeByName('booking'), sessionOf('accountant'))).toBe(false);
  });

  it('lets a user with a client role and a staff role into the main section', () => {
    expect(routeAllows('users', sessionOf('client', 'sales_manager'))).toBe(true);
  });

  it('ignores malformed lists', () => {
    const broken = { roles: 'admin', permissions: null } as unknown as PermissionData;
    expect(routeAllows('users', broken)).toBe(false);
  });
});

describe('homeRouteName', () => {
  it('is users for staff, the first agent page for a counterparty, none otherwise', () => {
    expect(homeRouteName(sessionOf('accountant'))).toBe('users');
    expect(homeRouteName(sessionOf('counterparty'))).toBe('agent-tours');
    expect(homeRouteName(sessionOf('client'))).toBeNull();
    expect(homeRouteName(null)).toBeNull();
  });
});

describe('hrefOf', () => {
  it('builds paths without params', () => {
    expect(hrefOf('users')).toBe('/admin/users');
    expect(hrefOf('balance-all-operations')).toBe('/admin/balance');
    expect(hrefOf('user-create', {})).toBe('/admin/user/create');
  });

  it('fills params, numbers included, and encodes them', () => {
    expect(hrefOf('user-edit', { id: 5 })).toBe('/admin/user/5/edit');
    expect(hrefOf('user-roles', { id: '12' })).toBe('/admin/user/12/roles');
    expect(hrefOf('balance-wallet', { id: 7 })).toBe('/admin/balance/wallets/7');
    expect(hrefOf('report-general-users', { trip: 42 })).toBe('/admin/report/general/42/users');
    expect(hrefOf('agent-tour', { key: 'japan-spring' })).toBe('/admin/agent/tours/japan-spring');
    expect(hrefOf('agent-tour', { key: 'a/b c' })).toBe('/admin/agent/tours/a%2Fb%20c');
  });

  it('keeps a given booking month', () => {
    expect(hrefOf('booking-hotels', { date: '11-2026' })).toBe('/admin/booking/11-2026/hotels');
    expect(hrefOf('booking-dashboard', { date: '01-2027' })).toBe('/admin/booking/01-2027');
    expect(hrefOf('booking', { date: '01-2027' })).toBe('/admin/booking/01-2027');
  });

  it('defaults the booking month to the current MM-YYYY', () => {
    expect(hrefOf('booking-hotels', {}, NOW)).toBe('/admin/booking/11-2026/hotels');
    expect(hrefOf('booking-guide', { date: null }, NOW)).toBe('/admin/booking/11-2026/guide');
    expect(hrefOf('booking-transfer', { date: '' }, NOW)).toBe('/admin/booking/11-2026/transfer');
    expect(hrefOf('booking-dashboard', undefined, new Date(2027, 1, 28))).toBe(
      '/admin/booking/02-2027',
    );
    jest.useFakeTimers({ now: new Date(2026, 8, 1, 9, 0, 0) });
    try {
      expect(hrefOf('booking-activity')).toBe('/admin/booking/09-2026/activities');
      expect(hrefOf('booking-dashboard')).toMatch(/^\/admin\/booking\/\d{2}-\d{4}$/);
    } finally {
      jest.useRealTimers();
    }
  });

  it('types the params of each route', () => {
    // @ts-expect-error user-edit needs an id
    expect(() => hrefOf('user-edit')).toThrow('Missing ":id" param');
    // @ts-expect-error users takes no id
    expect(hrefOf('users', { id: 1 })).toBe('/admin/users');
  });

  it('round-trips through matchRouteName for every route', () => {
    const sample = { id: 3, trip: 4, key: 'k', date: '05-2026' };
    for (const route of ROUTES) {
      const href = hrefOf(route.name as 'user-edit', sample as { id: number });
      const expected = route.name === 'booking' ? 'booking-dashboard' : route.name;
      expect([href, matchRouteName(href)]).toEqual([href, expected]);
    }
  });
});

describe('matchRoute and matchRouteName', () => {
  it.each([
    ['/admin/users', 'users'],
    ['/admin/users/', 'users'],
    ['/admin/user/create', 'user-create'],
    ['/admin/user/9/edit', 'user-edit'],
    ['/admin/booking', 'booking-dashboard'],
    ['/admin/booking/11-2026', 'booking-dashboard'],
    ['/admin/booking/11-2026/hotels', 'booking-hotels'],
    ['/admin/booking/hotels', 'booking-hotels'],
    ['/admin/booking/11-2026/tour-expenses', 'booking-tour-expense'],
    ['/admin/balance', 'balance-all-operations'],
    ['/admin/balance/wallets', 'balance-wallets'],
    ['/admin/balance/wallets/5', 'balance-wallet'],
    ['/admin/balance/wallet/create', 'balance-wallet-create'],
    ['/admin/report/general/3/users', 'report-general-users'],
    ['/admin/agent/tours/japan', 'agent-tour'],
  ])('%s is %s', (pathname, name) => {
    expect(matchRouteName(pathname)).toBe(name);
  });

  it.each(['/admin', '/admin/nowhere', '/login', '/', '/admin/user/5'])(
    '%s matches no named route',
    (pathname) => {
      expect(matchRouteName(pathname)).toBeNull();
      expect(matchRoute(pathname)).toBeNull();
    },
  );

  it('returns the params of the match', () => {
    expect(matchRoute('/admin/booking/11-2026/guide')).toEqual({
      name: 'booking-guide',
      params: { date: '11-2026' },
    });
    expect(matchRoute('/admin/booking')?.params.date).toBeUndefined();
    expect(matchRoute('/admin/report/general/8/users')).toEqual({
      name: 'report-general-users',
      params: { trip: '8' },
    });
  });
});

describe('isHighlighted', () => {
  it('highlights an entry on its own route', () => {
    expect(isHighlighted('users', 'users')).toBe(true);
    expect(isHighlighted('booking-hotels', 'booking-hotels')).toBe(true);
  });

  it('highlights report-general also on report-general-users', () => {
    expect(isHighlighted('report-general', 'report-general-users')).toBe(true);
    expect(isHighlighted('report-tour', 'report-general-users')).toBe(false);
  });

  it('highlights nothing else', () => {
    expect(isHighlighted('users', 'user-edit')).toBe(false);
    expect(isHighlighted('report-general-users', 'report-general')).toBe(false);
    expect(isHighlighted('users', null)).toBe(false);
    expect(isHighlighted('users', undefined)).toBe(false);
  });
});

describe('page titles', () => {
  it('gives every route a Russian title, the sidebar label where it has one', () => {
    for (const route of ROUTES) {
      expect(route.title).toMatch(/^[А-ЯЁ][а-яё ./А-ЯЁ-]+$/);
      if (route.label !== undefined) expect(route.title).toBe(route.label);
    }
  });
});
