import { screen, waitFor, within } from '@testing-library/react';
import type { OutboxKindSetting, OutboxMessage, Paginated, Role } from '@tour/shared';
import type { FakeReply, FakeRequest, FakeRoutes } from '../../../testing/fake-api';
import { signedInRoutes } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

jest.mock('../../../lib/remotes', () => ({
  ...jest.requireActual('../../../lib/remotes'),
  loadRemoteRoutes: jest.fn(),
}));

const LIST = 'GET /admin/outbox';
const KINDS = 'GET /admin/outbox/kinds';
const SAVE_KINDS = 'PUT /admin/outbox/kinds';

const retry: OutboxMessage = {
  id: 12,
  created_at: '2027-03-01T09:00:00.000Z',
  kind: 'payment_confirmed',
  kind_label: 'Платёж подтверждён — туристу',
  recipient: 'bakyt@example.kg',
  missing_reason: null,
  subject: 'Платёж подтверждён — ОсОО «Турбюро»',
  status: 'retry',
  status_label: 'повтор через 4 мин',
  attempts: 2,
  last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
  next_attempt_at: '2027-03-01T09:04:00.000Z',
  sent_at: null,
  can_send_now: true,
};
const sent: OutboxMessage = {
  ...retry,
  id: 11,
  recipient: 'aida@example.kg',
  status: 'sent',
  status_label: 'отправлено',
  attempts: 1,
  last_error: null,
  sent_at: '2027-03-01T09:00:05.000Z',
  can_send_now: false,
};
const nowhere: OutboxMessage = {
  ...sent,
  id: 10,
  recipient: null,
  missing_reason: 'У туриста не указана почта',
  status: 'no_address',
  status_label: 'не отправлено: нет адреса',
  sent_at: null,
  attempts: 0,
};

const kinds: OutboxKindSetting[] = [
  {
    kind: 'payment_confirmed',
    label: 'Платёж подтверждён — туристу',
    enabled: true,
    days: null,
    days_label: null,
    updated_at: null,
    updated_by_name: null,
  },
  {
    kind: 'payment_due',
    label: 'Скоро срок оплаты тура — туристу и менеджеру',
    enabled: true,
    days: 7,
    days_label: 'За сколько дней до начала тура',
    updated_at: null,
    updated_by_name: null,
  },
];

function pageOf(rows: OutboxMessage[]): FakeReply {
  const body: Paginated<OutboxMessage> = {
    data: rows,
    current_page: 1,
    last_page: 1,
    per_page: 20,
    total: rows.length,
    from: rows.length > 0 ? 1 : null,
    to: rows.length > 0 ? rows.length : null,
  };
  return { status: 200, body: { code: 1, data: body } };
}

function params(request: FakeRequest | undefined): Record<string, unknown> {
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
      [LIST]: pageOf([retry, sent, nowhere]),
      [KINDS]: { status: 200, body: { code: 1, data: kinds } },
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
      ...extra,
    },
  });
}

const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('outbox: the messages', () => {
  it('shows each message with its status in Russian, the address or why there is none', async () => {
    const { api } = open('/admin/outbox?status=retry&kind=payment_confirmed');
    const row = (await screen.findByText('bakyt@example.kg')).closest('tr') as HTMLElement;
    expect(params(api.callsTo(LIST)[0])).toEqual({
      page: 1,
      status: 'retry',
      kind: 'payment_confirmed',
    });
    expect(within(row).getByText('Повтор через 4 мин')).toBeInTheDocument();
    expect(
      within(row).getByText('Попыток: 2. Последняя ошибка: connect ECONNREFUSED 127.0.0.1:2525'),
    ).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Отправить сейчас' })).toBeInTheDocument();
    const sentRow = screen.getByText('aida@example.kg').closest('tr') as HTMLElement;
    expect(within(sentRow).getByText('Отправлено')).toBeInTheDocument();
    expect(within(sentRow).queryByRole('button', { name: 'Отправить сейчас' })).toBeNull();
    expect(
      screen.getByText('нет адреса: У туриста не указана почта', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Исходящие сообщения' })).toBeInTheDocument();
  });

  it('sends a retry now, and says a refusal in Russian', async () => {
    const { api, user } = open('/admin/outbox', ['admin'], {
      'POST /admin/outbox/12/send-now': {
        status: 200,
        body: { code: 1, data: { ...retry, status: 'waiting', can_send_now: false } },
      },
    });
    const row = (await screen.findByText('bakyt@example.kg')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Отправить сейчас' }));
    expect(await screen.findByText('Сообщение отправится в ближайшие секунды')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/outbox/12/send-now')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(1));
  });

  it('puts a chosen filter in the URL and resets it', async () => {
    const { router, user } = open('/admin/outbox?status=sent');
    await screen.findByText('aida@example.kg');
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(where(router)).toBe('/admin/outbox'));
  });
});

describe('outbox: the kinds', () => {
  it('switches a kind off at once, and keeps a kind’s days', async () => {
    const saved: unknown[] = [];
    const { user } = open('/admin/outbox', ['admin'], {
      [SAVE_KINDS]: (request) => {
        saved.push(request.data);
        return { status: 200, body: { code: 1, data: kinds } };
      },
    });
    await user.click(await screen.findByRole('switch', { name: 'Платёж подтверждён — туристу' }));
    await waitFor(() =>
      expect(saved).toEqual([{ kinds: [{ kind: 'payment_confirmed', enabled: false }] }]),
    );
    const days = screen.getByRole('spinbutton', { name: 'За сколько дней до начала тура' });
    await user.clear(days);
    await user.type(days, '10{Enter}');
    await waitFor(() =>
      expect(saved.at(-1)).toEqual({ kinds: [{ kind: 'payment_due', enabled: true, days: 10 }] }),
    );
  });

  it('shows a refused number of days under its field', async () => {
    const { user } = open('/admin/outbox', ['admin'], {
      [SAVE_KINDS]: {
        status: 422,
        body: {
          code: 0,
          message: 'Проверьте правильность заполнения полей',
          errors: { 'kinds.0.days': ['Укажите число дней от 1 до 90'] },
        },
      },
    });
    const days = await screen.findByRole('spinbutton', { name: 'За сколько дней до начала тура' });
    await user.clear(days);
    await user.type(days, '95{Enter}');
    expect(await screen.findByText('Укажите число дней от 1 до 90')).toBeInTheDocument();
  });
});

describe('outbox: who reaches it', () => {
  it('is in the top bar’s menu of an admin', async () => {
    const { router, user } = open('/admin/users');
    await user.click(await screen.findByRole('button', { name: /@example\.com/ }));
    await user.click(await screen.findByText('Исходящие сообщения'));
    await waitFor(() => expect(where(router)).toBe('/admin/outbox'));
  });

  it('sends an accountant who types its address back to the admin home', async () => {
    const { router } = open('/admin/outbox', ['accountant']);
    await waitFor(() => expect(where(router)).not.toMatch(/^\/admin\/outbox/));
  });
});
