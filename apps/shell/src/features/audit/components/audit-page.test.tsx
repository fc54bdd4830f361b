import { screen, waitFor, within } from '@testing-library/react';
import type { Paginated, Role } from '@tour/shared';
import type { FakeReply, FakeRequest, FakeRoutes } from '../../../testing/fake-api';
import { signedInRoutes, userFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import type { AuditEntry } from '../api/audit-api';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const AUDIT = 'GET /admin/audit';

const roleChange: AuditEntry = {
  id: 31,
  created_at: '2026-11-20T04:05:00.000Z',
  user_id: 7,
  user_name: 'Айгуль Токтогулова',
  ip: '203.0.113.7',
  action: 'roles',
  record_type: 'user',
  record_id: 42,
  entity_type: 'user',
  entity_id: 42,
  changes: [{ field: 'roles', old: ['sales_manager'], new: ['accountant', 'sales_manager'] }],
};

const refusal: AuditEntry = {
  id: 30,
  created_at: '2026-11-20T04:00:00.000Z',
  user_id: null,
  user_name: null,
  ip: '198.51.100.9',
  action: 'refused',
  record_type: 'access',
  record_id: null,
  entity_type: 'access',
  entity_id: null,
  changes: [{ field: 'status', old: null, new: 401 }],
};

function pageOf(rows: AuditEntry[]): FakeReply {
  const body: Paginated<AuditEntry> = {
    data: rows,
    current_page: 1,
    last_page: 1,
    per_page: 50,
    total: rows.length,
    from: rows.length > 0 ? 1 : null,
    to: rows.length > 0 ? rows.length : null,
  };
  return { status: 200, body: { code: 1, data: body } };
}

function sent(request: FakeRequest | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((request?.params ?? {}) as Record<string, unknown>).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

function open(path: string, roles: Role[] = ['admin'], extra: FakeRoutes = {}) {
  return renderApp({
    path,
    api: {
      ...signedInRoutes(roles),
      [AUDIT]: pageOf([roleChange, refusal]),
      'GET /admin/users': {
        status: 200,
        body: {
          code: 1,
          data: {
            data: [userFixture({ id: 7, full_name: 'Айгуль Токтогулова', roles: ['admin'] })],
            current_page: 1,
            last_page: 1,
            per_page: 20,
            total: 1,
            from: 1,
            to: 1,
          },
        },
      },
      ...extra,
    },
  });
}

/** DD.MM.YYYY HH:mm in the machine's time zone, as the screen shows an instant. */
function localTime(iso: string): string {
  const at = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(at.getDate())}.${two(at.getMonth() + 1)}.${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('audit: the log', () => {
  it('reads the filters from the URL, shows who, when, from where and what, and opens a row', async () => {
    const { api, user } = open(
      '/admin/audit?user_id=7&action=roles&from=2026-11-01&to=2026-11-30&search=roles',
    );
    const row = (await screen.findByText('203.0.113.7')).closest('tr') as HTMLElement;
    expect(sent(api.callsTo(AUDIT)[0])).toEqual({
      page: 1,
      user_id: 7,
      action: 'roles',
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'roles',
    });
    expect(within(row).getByText(localTime(roleChange.created_at))).toBeInTheDocument();
    expect(within(row).getByText('Айгуль Токтогулова')).toBeInTheDocument();
    expect(within(row).getByText('Смена ролей')).toBeInTheDocument();
    expect(within(row).getByText('Пользователь №42')).toBeInTheDocument();
    expect(screen.getByText('Отказ в доступе')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Журнал аудита' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /развернуть|expand/i }));
    const changes = await screen.findByRole('table', { name: 'Изменения' });
    expect(within(changes).getByText('Роли')).toBeInTheDocument();
    expect(within(changes).getByText('Менеджер по продажам')).toBeInTheDocument();
    expect(within(changes).getByText('Бухгалтер, Менеджер по продажам')).toBeInTheDocument();
  });

  it('shows a row of repeated refusals with its fields in Russian and its times to the second', async () => {
    const repeated: AuditEntry = {
      ...refusal,
      id: 32,
      ip: '192.0.2.44',
      action: 'refused_repeated',
      changes: [
        { field: 'status', old: null, new: 401 },
        { field: 'count', old: null, new: 15 },
        { field: 'first', old: null, new: '2026-11-20T04:00:11.000Z' },
        { field: 'url', old: null, new: '/api/admin/users?page=25' },
      ],
    };
    const { user } = open('/admin/audit', ['admin'], { [AUDIT]: pageOf([repeated]) });
    const row = (await screen.findByText('192.0.2.44')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Повторные отказы')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /развернуть|expand/i }));
    const changes = await screen.findByRole('table', { name: 'Изменения' });
    const line = (label: string) =>
      Array.from(within(changes).getByText(label).closest('tr')!.cells).map((c) => c.textContent);
    expect(line('Статус')).toEqual(['Статус', '—', '401']);
    expect(line('Сколько раз')).toEqual(['Сколько раз', '—', '15']);
    const first = new Date('2026-11-20T04:00:11.000Z');
    const two = (value: number) => String(value).padStart(2, '0');
    expect(line('Первый')[2]).toBe(`${localTime(first.toISOString())}:${two(first.getSeconds())}`);
    expect(line('Адрес запроса')[2]).toBe('/api/admin/users?page=25');
  });

  it('says a user whose record is gone is gone, never shows its id', async () => {
    open('/admin/audit', ['admin'], {
      [AUDIT]: pageOf([{ ...roleChange, id: 32, user_id: 9, user_name: null, ip: '192.0.2.1' }]),
    });
    const row = (await screen.findByText('192.0.2.1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('пользователь удалён')).toBeInTheDocument();
    expect(within(row).queryByText(/№9/)).not.toBeInTheDocument();
  });

  it('says why a sign-in failed in words', async () => {
    const failed: AuditEntry = {
      ...refusal,
      id: 33,
      ip: '192.0.2.45',
      action: 'login_failed',
      record_type: 'user',
      entity_type: 'user',
      changes: [
        { field: 'login', old: null, new: 'someone@example.com' },
        { field: 'reason', old: null, new: 'bad-credentials' },
      ],
    };
    const { user } = open('/admin/audit', ['admin'], { [AUDIT]: pageOf([failed]) });
    const row = (await screen.findByText('192.0.2.45')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Неудачный вход')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /развернуть|expand/i }));
    const changes = await screen.findByRole('table', { name: 'Изменения' });
    expect(within(changes).getByText('Логин')).toBeInTheDocument();
    expect(within(changes).getByText('someone@example.com')).toBeInTheDocument();
    expect(within(changes).getByText('Причина')).toBeInTheDocument();
    expect(within(changes).getByText('неверный логин или пароль')).toBeInTheDocument();
  });

  it('puts a changed filter in the URL and resets them', async () => {
    const { api, router, user } = open('/admin/audit?page=2');
    await screen.findByText('Смена ролей');
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), '203.0');
    await waitFor(() =>
      expect(sent(api.callsTo(AUDIT).at(-1))).toEqual({ page: 1, search: '203.0' }),
    );
    expect(where(router)).toBe('/admin/audit?search=203.0');
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(where(router)).toBe('/admin/audit'));
  });

  it('is reached from the top bar menu by an admin, never by a sales manager', async () => {
    const { router, user } = open('/admin/users', ['developer'], {
      'GET /admin/users': pageOf([]),
      'GET /roles': { status: 200, body: { code: 1, data: {} } },
    });
    await user.click(await screen.findByRole('button', { name: /sales@example\.com/ }));
    await user.click(await screen.findByText('Журнал аудита'));
    await waitFor(() => expect(where(router)).toBe('/admin/audit'));
  });

  it('is offered on a user’s page to an admin, filtered by that user', async () => {
    const target = userFixture({ id: 42, full_name: 'Петрова Анна', roles: ['client'] });
    const routes = {
      'GET /admin/user/42': { status: 200, body: { code: 1, data: target } },
      'GET /roles': { status: 200, body: { code: 1, data: {} } },
    };
    const { user, router } = open('/admin/user/42/edit', ['admin'], routes);
    const link = await screen.findByRole('link', { name: 'Действия в журнале' });
    expect(link).toHaveAttribute('href', '/admin/audit?user_id=42');
    await user.click(link);
    await waitFor(() => expect(where(router)).toBe('/admin/audit?user_id=42'));
  });

  it('is neither in the menu nor on a user’s page for a sales manager', async () => {
    const target = userFixture({ id: 42, full_name: 'Петрова Анна', roles: ['client'] });
    const { user } = open('/admin/user/42/edit', ['sales_manager'], {
      'GET /admin/user/42': { status: 200, body: { code: 1, data: target } },
      'GET /roles': { status: 200, body: { code: 1, data: {} } },
    });
    expect(await screen.findByRole('link', { name: 'Кошельки и документы' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Действия в журнале' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /sales@example\.com/ }));
    expect(await screen.findByText('Выйти')).toBeInTheDocument();
    expect(screen.queryByText('Журнал аудита')).not.toBeInTheDocument();
  });

  it('sends a sales manager who types its address back to the admin home', async () => {
    const { router } = open('/admin/audit', ['sales_manager']);
    await waitFor(() => expect(where(router)).toBe('/admin/users'));
  });
});
