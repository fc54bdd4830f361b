import { generatePath, matchRoutes, type PathParam, type RouteObject } from 'react-router';
import {
  AUDIT_ROLE_EXPRESSION,
  BACK_OFFICE_ROLE_EXPRESSION,
  COUNTERPARTY_ROLE_EXPRESSION,
  STAFF_ROLE_EXPRESSION,
  can,
  currentMonthParam,
  is,
  monthParamOrCurrent,
  type DateValue,
  type MaybePermissionData,
} from '@tour/core';

/** The app that renders a route: the shell itself or one of the remotes. */
export type AppName = 'shell' | 'booking' | 'accounting' | 'reports' | 'agent';

/** A sidebar group, in the order the sidebar shows them. */
export type SidebarGroup = 'counterparty' | 'main' | 'booking' | 'accounting' | 'reports';

/** Sidebar groups in display order with their Russian titles (the first two have none). */
export const SIDEBAR_GROUPS: readonly { group: SidebarGroup; title: string | null }[] = [
  { group: 'counterparty', title: null },
  { group: 'main', title: null },
  { group: 'booking', title: 'Бронирование' },
  { group: 'accounting', title: 'Бухгалтерия' },
  { group: 'reports', title: 'Отчеты' },
];

/** Path of the admin area's root, which redirects to the home route. */
export const ADMIN_PATH = '/admin';

/** Path of the sign-in page. */
export const LOGIN_PATH = '/login';

/** One named route of SPEC.md 2. */
export interface RouteDefinition<Name extends string = string> {
  /** Route name of SPEC.md 2. */
  name: Name;
  /** react-router path pattern, absolute, under /admin. */
  path: string;
  /** Permission expression the guard checks; undefined means none declared. */
  permission?: string;
  /** Role expression the guard also checks; undefined means no role rule. */
  roles?: string;
  /** The app that renders the route. */
  app: AppName;
  /** The section the route belongs to, which is its sidebar group when it has an entry. */
  group: SidebarGroup;
  /** Page title (Russian), shown as the page heading and in the document title. */
  title: string;
  /** Sidebar label (only routes with a sidebar entry have one). */
  label?: string;
  /** True when the route has a sidebar entry. */
  sidebar: boolean;
  /** Other routes on which this route's sidebar entry is highlighted too. */
  highlightAliases?: readonly Name[];
  /** The wrapper route this one is nested in (booking children). */
  parent?: Name;
}

const main = { app: 'shell', group: 'main', roles: STAFF_ROLE_EXPRESSION } as const;
const booking = { app: 'booking', group: 'booking', permission: 'booking_section' } as const;
const accounting = {
  app: 'accounting',
  group: 'accounting',
  permission: 'accounting_section',
} as const;
const reports = { app: 'reports', group: 'reports', permission: 'report_section' } as const;
const agent = { app: 'agent', group: 'counterparty', roles: COUNTERPARTY_ROLE_EXPRESSION } as const;

const ROUTE_TABLE = [
  {
    ...main,
    name: 'users',
    path: '/admin/users',
    sidebar: true,
    label: 'Пользователи',
    title: 'Пользователи',
  },
  {
    ...main,
    name: 'user-create',
    title: 'Новый пользователь',
    path: '/admin/user/create',
    sidebar: false,
  },
  {
    ...main,
    name: 'user-edit',
    title: 'Редактирование пользователя',
    path: '/admin/user/:id/edit',
    sidebar: false,
  },
  {
    ...main,
    name: 'user-wallets',
    title: 'Кошельки пользователя',
    path: '/admin/user/:id/wallets',
    sidebar: false,
  },
  {
    ...main,
    name: 'user-roles',
    title: 'Роли пользователя',
    path: '/admin/user/:id/roles',
    sidebar: false,
  },
  // Reached from the top bar's menu and a user's page (DESIGN.md 1: no sidebar entry).
  {
    app: 'shell',
    group: 'main',
    roles: AUDIT_ROLE_EXPRESSION,
    name: 'audit',
    title: 'Журнал аудита',
    path: '/admin/audit',
    sidebar: false,
  },
  // One's own sessions (ASVS 5.0 7.5.2), from the top bar's menu for everyone signed in.
  {
    app: 'shell',
    group: 'main',
    roles: BACK_OFFICE_ROLE_EXPRESSION,
    name: 'sessions',
    title: 'Мои сеансы',
    path: '/admin/sessions',
    sidebar: false,
  },
  // The company's requisites every document and export prints (DESIGN.md 9), for create_admin;
  // from the top bar's menu and the documents dialog (DESIGN.md 1: no sidebar entry).
  {
    app: 'shell',
    group: 'main',
    permission: 'create_admin',
    name: 'company',
    title: 'Реквизиты компании',
    path: '/admin/company',
    sidebar: false,
  },
  // The outbox of e-mail messages (issue 32), for create_admin, from the top bar's menu beside
  // the requisites (DESIGN.md 1: no sidebar entry).
  {
    app: 'shell',
    group: 'main',
    permission: 'create_admin',
    name: 'outbox',
    title: 'Исходящие сообщения',
    path: '/admin/outbox',
    sidebar: false,
  },
  { ...main, name: 'trips', path: '/admin/trips', sidebar: true, label: 'Туры', title: 'Туры' },
  { ...main, name: 'trip-create', title: 'Новый тур', path: '/admin/trip/create', sidebar: false },
  {
    ...main,
    name: 'trip-edit',
    title: 'Редактирование тура',
    path: '/admin/trip/:id/edit',
    sidebar: false,
  },
  {
    ...main,
    name: 'trip-summary',
    title: 'Сводка по туру',
    path: '/admin/trip/:id/summary',
    sidebar: false,
  },
  {
    ...main,
    name: 'tours',
    path: '/admin/tours',
    sidebar: true,
    label: 'Заготовленные туры',
    title: 'Заготовленные туры',
  },
  {
    ...main,
    name: 'tour-create',
    title: 'Новый заготовленный тур',
    path: '/admin/tour/create',
    sidebar: false,
  },
  {
    ...main,
    name: 'tour-edit',
    title: 'Редактирование заготовленного тура',
    path: '/admin/tour/:id/edit',
    sidebar: false,
  },
  {
    ...main,
    name: 'tickets',
    path: '/admin/tickets',
    sidebar: true,
    label: 'Заявки',
    title: 'Заявки',
  },

  {
    ...booking,
    name: 'booking',
    title: 'Бронирование',
    path: '/admin/booking/:date?',
    sidebar: false,
  },
  {
    ...booking,
    name: 'booking-dashboard',
    path: '/admin/booking/:date?',
    parent: 'booking',
    sidebar: true,
    label: 'Общая панель',
    title: 'Общая панель',
  },
  {
    ...booking,
    name: 'booking-hotels',
    path: '/admin/booking/:date?/hotels',
    parent: 'booking',
    sidebar: true,
    label: 'Отели',
    title: 'Отели',
  },
  {
    ...booking,
    name: 'booking-air-tickets',
    path: '/admin/booking/:date?/air-tickets',
    parent: 'booking',
    sidebar: true,
    label: 'Авиабилеты',
    title: 'Авиабилеты',
  },
  {
    ...booking,
    name: 'booking-health-insurance',
    path: '/admin/booking/:date?/health-insurance',
    parent: 'booking',
    sidebar: true,
    label: 'Мед. страховка',
    title: 'Мед. страховка',
  },
  {
    ...booking,
    name: 'booking-transfer',
    path: '/admin/booking/:date?/transfer',
    parent: 'booking',
    sidebar: true,
    label: 'Трансфер',
    title: 'Трансфер',
  },
  {
    ...booking,
    name: 'booking-guide',
    path: '/admin/booking/:date?/guide',
    parent: 'booking',
    sidebar: true,
    label: 'Гид/Сопровождение',
    title: 'Гид/Сопровождение',
  },
  {
    ...booking,
    name: 'booking-activity',
    path: '/admin/booking/:date?/activities',
    parent: 'booking',
    sidebar: true,
    label: 'Входные билеты',
    title: 'Входные билеты',
  },
  {
    ...booking,
    name: 'booking-tour-expense',
    path: '/admin/booking/:date?/tour-expenses',
    parent: 'booking',
    sidebar: true,
    label: 'Прочие расходы',
    title: 'Прочие расходы',
  },
  // Reached from the booking dashboard (DESIGN.md 1: screens beyond SPEC.md get no sidebar entry).
  {
    ...booking,
    name: 'booking-suppliers',
    title: 'Поставщики',
    path: '/admin/suppliers',
    sidebar: false,
  },

  {
    ...accounting,
    name: 'balance-wallets',
    path: '/admin/balance/wallets',
    sidebar: true,
    label: 'Кошельки',
    title: 'Кошельки',
  },
  {
    ...accounting,
    name: 'balance-waitings',
    path: '/admin/balance/waitings',
    sidebar: true,
    label: 'Ожидание подтверждения',
    title: 'Ожидание подтверждения',
  },
  {
    ...accounting,
    name: 'balance-all-operations',
    path: '/admin/balance',
    sidebar: true,
    label: 'Все операции',
    title: 'Все операции',
  },
  {
    ...accounting,
    name: 'balance-wallet-create',
    title: 'Новый кошелек',
    path: '/admin/balance/wallet/create',
    sidebar: false,
  },
  {
    ...accounting,
    name: 'balance-wallet-edit',
    title: 'Редактирование кошелька',
    path: '/admin/balance/wallet/:id/edit',
    sidebar: false,
  },
  {
    ...accounting,
    name: 'balance-wallet',
    title: 'Кошелек',
    path: '/admin/balance/wallets/:id',
    sidebar: false,
  },
  // Reached from the wallets page (DESIGN.md 1: screens beyond SPEC.md get no sidebar entry).
  {
    ...accounting,
    name: 'balance-rates',
    title: 'Курсы валют',
    path: '/admin/balance/rates',
    sidebar: false,
  },
  {
    ...accounting,
    name: 'balance-admin-operations',
    path: '/admin/balance/admin-operations',
    // The group's section permission plus the entry's own (SPEC.md 2 "also needs").
    permission: 'accounting_section&administrative_transactions',
    sidebar: true,
    label: 'Административные операции',
    title: 'Административные операции',
  },
  {
    ...accounting,
    name: 'balance-user',
    path: '/admin/balance/user',
    sidebar: true,
    label: 'Операции пользователя',
    title: 'Операции пользователя',
  },

  {
    ...reports,
    name: 'report-general',
    path: '/admin/report/general',
    sidebar: true,
    label: 'Общий отчет',
    title: 'Общий отчет',
    highlightAliases: ['report-general-users'],
  },
  {
    ...reports,
    name: 'report-general-users',
    title: 'Туристы тура',
    path: '/admin/report/general/:trip/users',
    sidebar: false,
  },
  {
    ...reports,
    name: 'report-tour',
    path: '/admin/report/tour',
    sidebar: true,
    label: 'Свод по туру',
    title: 'Свод по туру',
  },
  {
    ...reports,
    name: 'report-administrative',
    path: '/admin/report/administrative',
    sidebar: true,
    label: 'Административный отчет',
    title: 'Административный отчет',
  },

  {
    ...agent,
    name: 'agent-tours',
    path: '/admin/agent/tours',
    sidebar: true,
    label: 'Туры',
    title: 'Туры',
  },
  { ...agent, name: 'agent-tour', title: 'Тур', path: '/admin/agent/tours/:key', sidebar: false },
  {
    ...agent,
    name: 'agent-tourists',
    path: '/admin/agent/tourists',
    sidebar: true,
    label: 'Туристы',
    title: 'Туристы',
  },
] as const satisfies readonly RouteDefinition[];

type RouteTableEntry = (typeof ROUTE_TABLE)[number];

/** Name of a route of SPEC.md 2. */
export type RouteName = RouteTableEntry['name'];

/** A route of the table. */
export type AppRoute = RouteDefinition<RouteName>;

/** Path pattern of the route named N. */
export type RoutePath<N extends RouteName> = Extract<RouteTableEntry, { name: N }>['path'];

type OptionalParam<P extends string> = {
  [K in PathParam<P>]: P extends `${string}:${K}?${string}` ? K : never;
}[PathParam<P>];

/** Parameters of the route named N: its path's params, the optional ones optional. */
export type RouteParams<N extends RouteName> = [PathParam<RoutePath<N>>] extends [never]
  ? Record<string, never>
  : {
      [K in Exclude<PathParam<RoutePath<N>>, OptionalParam<RoutePath<N>>>]: string | number;
    } & { [K in OptionalParam<RoutePath<N>>]?: string | number | null };

/** Every route of SPEC.md 2, sidebar entries in sidebar order within their group. */
export const ROUTES: readonly AppRoute[] = ROUTE_TABLE;

/** The home route /admin redirects to (SPEC.md 2). */
export const HOME_ROUTE_NAME: RouteName = 'users';

const BY_NAME = new Map<string, AppRoute>(ROUTES.map((route) => [route.name, route]));

/** The route named `name`; throws for an unknown name, which is a programming error. */
export function routeByName(name: RouteName): AppRoute {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route name "${String(name)}"`);
  return route;
}

function buildHref(
  route: AppRoute,
  params: Record<string, string | number | null | undefined>,
  now: DateValue,
): string {
  const values: Record<string, string | null | undefined> = {};
  for (const [key, value] of Object.entries(params)) {
    values[key] = typeof value === 'number' ? String(value) : value;
  }
  // A booking link without a month opens the current month (SPEC.md 2 and 9).
  if (
    route.path.includes(':date') &&
    (values.date === undefined || values.date === null || values.date === '')
  ) {
    values.date = currentMonthParam(now);
  }
  return generatePath(route.path, values);
}

type HrefArgs<N extends RouteName> =
  Record<never, never> extends RouteParams<N>
    ? [params?: RouteParams<N>, now?: DateValue]
    : [params: RouteParams<N>, now?: DateValue];

/** URL of a route (`hrefOf('user-edit', { id: 5 })`); booking routes default to this month. */
export function hrefOf<N extends RouteName>(name: N, ...[params, now]: HrefArgs<N>): string {
  return buildHref(
    routeByName(name),
    (params ?? {}) as Record<string, string | number | null>,
    now,
  );
}

function isFilled(list: unknown): boolean {
  return Array.isArray(list) && list.length > 0;
}

/** The permission guard: the route's permission and role rules, if any, are met by `data`. */
export function routeAllows(route: AppRoute | RouteName, data: MaybePermissionData): boolean {
  const { permission, roles } = typeof route === 'string' ? routeByName(route) : route;
  if (!data || (!isFilled(data.roles) && !isFilled(data.permissions))) return false;
  return (
    (permission === undefined || can(permission, data)) && (roles === undefined || is(roles, data))
  );
}

/** Where /admin lands: users when allowed, else the first visible sidebar entry, else null. */
export function homeRouteName(data: MaybePermissionData): RouteName | null {
  if (routeAllows(HOME_ROUTE_NAME, data)) return HOME_ROUTE_NAME;
  return sidebarEntries(data)[0]?.entries[0]?.name ?? null;
}

/** A visible sidebar link. */
export interface SidebarEntry {
  name: RouteName;
  label: string;
  href: string;
}

/** A sidebar group with its visible entries. */
export interface SidebarSection {
  group: SidebarGroup;
  title: string | null;
  entries: SidebarEntry[];
}

/** Visible sidebar groups and entries; booking links carry `currentDate` or this month. */
export function sidebarEntries(
  data: MaybePermissionData,
  currentDate?: string | null,
  now?: DateValue,
): SidebarSection[] {
  const date = monthParamOrCurrent(currentDate, now);
  return SIDEBAR_GROUPS.map(({ group, title }) => ({
    group,
    title,
    entries: ROUTES.filter(
      (route): route is AppRoute & { label: string } =>
        route.sidebar &&
        route.label !== undefined &&
        route.group === group &&
        routeAllows(route, data),
    ).map((route) => ({
      name: route.name,
      label: route.label,
      href: buildHref(route, { date }, now),
    })),
  })).filter((section) => section.entries.length > 0);
}

const ROUTE_OBJECTS: RouteObject[] = ROUTES.filter((route) => !route.parent).map((route) => {
  const children = ROUTES.filter((child) => child.parent === route.name);
  if (children.length === 0) return { id: route.name, path: route.path };
  return {
    id: route.name,
    path: route.path,
    children: children.map((child): RouteObject =>
      child.path === route.path
        ? { id: child.name, index: true }
        : { id: child.name, path: child.path.slice(route.path.length + 1) },
    ),
  };
});

/** The route matching `pathname` (the innermost one for nested routes) with its params, or null. */
export function matchRoute(
  pathname: string,
): { name: RouteName; params: Record<string, string | undefined> } | null {
  const matches = matchRoutes(ROUTE_OBJECTS, pathname);
  const last = matches?.[matches.length - 1];
  return last ? { name: last.route.id as RouteName, params: { ...last.params } } : null;
}

/** The name of the route matching `pathname`, or null. */
export function matchRouteName(pathname: string): RouteName | null {
  return matchRoute(pathname)?.name ?? null;
}

/** True when the sidebar entry `entryName` is highlighted while `currentRouteName` is shown. */
export function isHighlighted(
  entryName: RouteName,
  currentRouteName: RouteName | null | undefined,
): boolean {
  if (!currentRouteName) return false;
  if (entryName === currentRouteName) return true;
  return routeByName(entryName).highlightAliases?.includes(currentRouteName) ?? false;
}
