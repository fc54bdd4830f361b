import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { enqueueMessage } from '../src/domain/messages/outbox';
import { sendDueMessages, type MailTransport } from '../src/domain/messages/worker';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser, signedIn } from './http';

// The screen «Исходящие сообщения» through its API (create_admin): the list newest first with
// its filters and Russian labels, «Отправить сейчас» for a retry (never a second send of a sent
// message), and the kinds' switches with their days.

const database = useTestDatabase({ max: 4 });
const db = (): Db => database().db;
let app: App;
let admin: Browser;
let adminName: string;
const ids: Record<string, number> = {};

async function message(values: Record<string, unknown>) {
  const { id } = await db()
    .insertInto('outbox_messages')
    .values({
      kind: 'payment_confirmed',
      subject: 'Платёж подтверждён — ОсОО «Турбюро»',
      body_text: 'Ваш платёж подтверждён.',
      recipient: 'aida@example.kg',
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  app = await buildTestApp(db());
  adminName = 'Админ Исходящих';
  ({ browser: admin } = await signedIn(app, db(), ['admin'], { full_name: adminName }));
  ids.sent = await message({
    status: 'sent',
    attempts: 1,
    sent_at: new Date('2027-03-01T09:00:05Z'),
    created_at: new Date('2027-03-01T09:00:00Z'),
  });
  // Due again in 3½ minutes: «повтор через 4 мин».
  ids.retry = await message({
    recipient: 'bakyt@example.kg',
    status: 'retry',
    attempts: 2,
    last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
    next_attempt_at: new Date(Date.now() + 210_000),
  });
  ids.notConfigured = await message({ recipient: 'nurlan@example.kg', status: 'not_configured' });
  ids.noAddress = await message({
    recipient: null,
    missing_reason: 'У туриста не указана почта',
    status: 'no_address',
  });
  ids.due = await message({
    kind: 'payment_due',
    subject: 'Напоминание об оплате тура «Стамбул» — ОсОО «Турбюро»',
    recipient: 'erlan@example.kg',
    dedupe_key: 'payment_due:participant:1:2027-05-01:tourist',
  });
});
afterAll(async () => {
  await app.close();
});

const data = async (response: LightMyRequestResponse) => {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json().data;
};

describe('the list', () => {
  it('shows every message newest first, each with its kind and status in Russian', async () => {
    const page = await data(await admin.get('/api/admin/outbox'));
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 5 });
    expect(page.data.map((row: { id: number }) => row.id)).toEqual([
      ids.due,
      ids.noAddress,
      ids.notConfigured,
      ids.retry,
      ids.sent,
    ]);
    const [due, noAddress, notConfigured, retry, sent] = page.data;
    expect(retry).toMatchObject({
      kind: 'payment_confirmed',
      kind_label: 'Платёж подтверждён — туристу',
      recipient: 'bakyt@example.kg',
      missing_reason: null,
      subject: 'Платёж подтверждён — ОсОО «Турбюро»',
      status: 'retry',
      status_label: 'повтор через 4 мин',
      attempts: 2,
      last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
      sent_at: null,
      can_send_now: true,
    });
    expect(sent).toMatchObject({
      status_label: 'отправлено',
      attempts: 1,
      sent_at: '2027-03-01T09:00:05.000Z',
      created_at: '2027-03-01T09:00:00.000Z',
      can_send_now: false,
    });
    expect(notConfigured).toMatchObject({
      status_label: 'не отправлено: почта не настроена',
      can_send_now: true,
    });
    expect(noAddress).toMatchObject({
      recipient: null,
      missing_reason: 'У туриста не указана почта',
      status_label: 'не отправлено: нет адреса',
      can_send_now: false,
    });
    expect(due).toMatchObject({
      kind: 'payment_due',
      kind_label: 'Скоро срок оплаты тура — туристу и менеджеру',
      status_label: 'ожидает отправки',
      can_send_now: false,
    });
  });

  it('filters by status and by kind; an unknown one is refused in Russian', async () => {
    const retries = await data(await admin.get('/api/admin/outbox?status=retry'));
    expect(retries.data.map((row: { id: number }) => row.id)).toEqual([ids.retry]);
    const due = await data(await admin.get('/api/admin/outbox?kind=payment_due'));
    expect(due.data.map((row: { id: number }) => row.id)).toEqual([ids.due]);
    const none = await data(await admin.get('/api/admin/outbox?kind=payment_due&status=sent'));
    expect(none).toMatchObject({ data: [], total: 0 });
    const wrong = await admin.get('/api/admin/outbox?status=lost');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/[а-я]/);
  });
});

describe('«Отправить сейчас»', () => {
  it('makes a retry due now; the worker’s next round sends it once', async () => {
    const answered = await data(await admin.post(`/api/admin/outbox/${ids.retry}/send-now`));
    expect(answered).toMatchObject({
      id: ids.retry,
      status: 'waiting',
      status_label: 'ожидает отправки',
      attempts: 2,
      can_send_now: false,
    });
    expect(Date.parse(answered.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    const sent: string[] = [];
    const transport: MailTransport = {
      sendMail: async (mail) => {
        sent.push(mail.to);
      },
    };
    await sendDueMessages(db(), { transport, from: 'office@turburo.kg' });
    expect(sent.sort()).toEqual(['bakyt@example.kg', 'erlan@example.kg', 'nurlan@example.kg']);
    const row = await db()
      .selectFrom('outbox_messages')
      .select(['status', 'attempts'])
      .where('id', '=', ids.retry!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', attempts: 3 });
  });

  it('never sends a sent message again, nor one without an address (422 in Russian)', async () => {
    const again = await admin.post(`/api/admin/outbox/${ids.sent}/send-now`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Сообщение уже отправлено: второй раз оно не отправляется');
    const nowhere = await admin.post(`/api/admin/outbox/${ids.noAddress}/send-now`);
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().message).toBe(
      'Нет адреса: У туриста не указана почта. Укажите почту и дождитесь нового сообщения',
    );
    const missing = await admin.post('/api/admin/outbox/999999/send-now');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Сообщение не найдено');
  });
});

describe('the kinds', () => {
  it('lists the eight kinds in order, each switched on, the two with days at 7', async () => {
    const kinds = await data(await admin.get('/api/admin/outbox/kinds'));
    expect(
      kinds.map(({ kind, label, enabled, days, days_label }: Record<string, unknown>) => ({
        kind,
        label,
        enabled,
        days,
        days_label,
      })),
    ).toEqual([
      {
        kind: 'request_received',
        label: 'Заявка получена — агенту',
        enabled: true,
        days: null,
        days_label: null,
      },
      {
        kind: 'request_converted',
        label: 'Заявка оформлена в тур — агенту',
        enabled: true,
        days: null,
        days_label: null,
      },
      {
        kind: 'payment_confirmed',
        label: 'Платёж подтверждён — туристу',
        enabled: true,
        days: null,
        days_label: null,
      },
      {
        kind: 'quote',
        label: 'Коммерческое предложение — клиенту по заявке',
        enabled: true,
        days: null,
        days_label: null,
      },
      {
        kind: 'payment_due',
        label: 'Скоро срок оплаты тура — туристу и менеджеру',
        enabled: true,
        days: 7,
        days_label: 'За сколько дней до начала тура',
      },
      {
        kind: 'payment_overdue',
        label: 'Оплата тура просрочена — туристу и менеджеру',
        enabled: true,
        days: null,
        days_label: null,
      },
      {
        kind: 'passport_expiring',
        label: 'Паспорт истекает раньше чем через 6 месяцев после тура — менеджеру',
        enabled: true,
        days: null,
        days_label: null,
      },
      {
        kind: 'supplier_payment_due',
        label: 'Срок оплаты поставщику — бронированию',
        enabled: true,
        days: 7,
        days_label: 'За сколько дней до срока оплаты',
      },
    ]);
  });

  it('switches a kind off (it then enqueues nothing) and sets its days, noting who', async () => {
    const kinds = await data(
      await admin.put('/api/admin/outbox/kinds', {
        kinds: [
          { kind: 'payment_confirmed', enabled: false },
          { kind: 'supplier_payment_due', enabled: true, days: 3 },
        ],
      }),
    );
    const byKind = Object.fromEntries(kinds.map((kind: { kind: string }) => [kind.kind, kind]));
    expect(byKind.payment_confirmed).toMatchObject({
      enabled: false,
      updated_by_name: adminName,
    });
    expect(byKind.supplier_payment_due).toMatchObject({ enabled: true, days: 3 });
    expect(byKind.payment_due).toMatchObject({ enabled: true, days: 7, updated_by_name: null });
    const user = await createTestUser(db(), { password: null });
    const id = await db()
      .transaction()
      .execute((trx) =>
        enqueueMessage(trx, {
          kind: 'payment_confirmed',
          recipientUserId: user,
          recipient: 'off@example.kg',
          subject: 'Платёж подтверждён',
          text: 'Ваш платёж подтверждён.',
        }),
      );
    expect(id).toBeNull();
  });

  it('refuses days out of 1..90 or for a kind without them, under their fields', async () => {
    const response = await admin.put('/api/admin/outbox/kinds', {
      kinds: [
        { kind: 'payment_due', enabled: true, days: 0 },
        { kind: 'payment_overdue', enabled: true, days: 5 },
        { kind: 'payment_due', enabled: true, days: 91 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'kinds.0.days': ['Укажите число дней от 1 до 90'],
      'kinds.1.days': ['У этого вида сообщений нет срока в днях'],
      'kinds.2.kind': ['Вид указан дважды'],
      'kinds.2.days': ['Укажите число дней от 1 до 90'],
    });
    const unknown = await admin.put('/api/admin/outbox/kinds', {
      kinds: [{ kind: 'newsletter', enabled: true }],
    });
    expect(unknown.statusCode).toBe(422);
    // Nothing of a refused request is kept.
    const kinds = await data(await admin.get('/api/admin/outbox/kinds'));
    expect(kinds.find((kind: { kind: string }) => kind.kind === 'payment_due').days).toBe(7);
  });
});
