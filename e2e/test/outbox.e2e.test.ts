import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Locator, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import {
  BASE_URL,
  freshPagePerTest,
  motionSettled,
  pageApi,
  pressUntilSent,
  screenshot,
  signIn,
} from '../support/browser';

// E-mail that arrives (issue 32): an accountant confirms a tourist's payment in the browser; the
// message reaches this test's SMTP server (the API sends through it: global-setup points SMTP_URL
// at E2E_SMTP_PORT) addressed to the tourist, «Платёж подтверждён…»; the admin's «Исходящие
// сообщения» shows it «Отправлено». With the SMTP server stopped, the next confirmation's message
// shows «Повтор через …»; with the server back, «Отправить сейчас» sends it, exactly once. The
// message carries the payment's receipt: a cash order (the payment went to the dollar cash desk)
// of $300,00 from that tourist, read from the DOCX that arrived.
// The waits are long: the demo data's own messages (its confirmed payments) sit in the same
// outbox, retried with backoff, and the worker sends 20 messages every 5 s in due order.

const VIEWPORT = { width: 1400, height: 900 };
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const stamp = Date.now();

let admin: Page;
freshPagePerTest(
  (page) => {
    admin = page;
  },
  { viewport: VIEWPORT },
);

const received: ParsedMail[] = [];
let smtp: SMTPServer | null = null;

function startSmtp(): Promise<void> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  smtp = server;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => {
      expect((server.server.address() as AddressInfo).port).toBe(SMTP_PORT);
      resolve();
    });
  });
}

function stopSmtp(): Promise<void> {
  const server = smtp;
  smtp = null;
  return server ? new Promise((resolve) => server.close(() => resolve())) : Promise.resolve();
}

afterAll(async () => {
  await stopSmtp();
});

const addressOf = (mail: ParsedMail) =>
  mail.to && !Array.isArray(mail.to) ? mail.to.value.map((to) => to.address).join(', ') : '';
const mailsTo = (address: string) => received.filter((mail) => addressOf(mail) === address);

/** Waits up to `ms` for an e-mail to `address`, then returns all those that arrived. */
async function arrivedTo(address: string, ms = 150_000): Promise<ParsedMail[]> {
  const deadline = Date.now() + ms;
  while (mailsTo(address).length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return mailsTo(address);
}

const TOURISTS = [
  { name: `Почтовая Айгуль ${stamp}`, email: `aigul.${stamp}@example.kg` },
  { name: `Почтовый Бакыт ${stamp}`, email: `bakyt.${stamp}@example.kg` },
];

/** Confirms the pending payment of `tourist` in the accountant's queue, as the accountant does. */
async function confirmInQueue(accountant: Page, tourist: string): Promise<void> {
  await accountant.goto(`${BASE_URL}/admin/balance/waitings`);
  await accountant.getByRole('heading', { name: 'Ожидание подтверждения' }).waitFor();
  const search = accountant.getByRole('searchbox', { name: 'Поиск' });
  await search.fill(tourist);
  await search.press('Enter');
  await accountant.waitForURL((url) => url.searchParams.get('search') === tourist);
  const row = accountant
    .getByRole('table', { name: 'Операции, ожидающие подтверждения' })
    .locator('tbody > tr.ant-table-row')
    .filter({ hasText: `Турист: ${tourist}` });
  await row.waitFor({ timeout: 30_000 });
  const label = await row
    .getByRole('button', { name: /^Подтвердить операцию №\d+$/ })
    .getAttribute('aria-label');
  const id = Number(/№(\d+)$/.exec(label ?? '')?.[1]);
  await row.getByRole('button', { name: `Подтвердить операцию №${id}` }).click();
  const question = accountant.getByRole('dialog').filter({
    hasText: `Подтвердить операцию №${id}?`,
  });
  await question.waitFor();
  await pressUntilSent(
    accountant,
    question,
    question.getByRole('button', { name: 'Подтвердить' }),
    `/operations/${id}/confirm`,
  );
  await accountant.getByText(`Операция №${id} подтверждена`, { exact: true }).waitFor();
}

/** The outbox screen's row of the message to `address`, once its status reads `status`. */
async function outboxRow(address: string, status: RegExp): Promise<Locator> {
  const row = admin.locator('main tbody > tr.ant-table-row').filter({ hasText: address });
  const deadline = Date.now() + 150_000;
  for (;;) {
    const text = (await row.count()) > 0 ? await row.first().innerText() : '';
    if (status.test(text)) return row.first();
    if (Date.now() > deadline) throw new Error(`the outbox row of ${address} reads «${text}»`);
    await admin.getByRole('button', { name: 'Обновить' }).click();
    await admin.waitForTimeout(1000);
  }
}

/** The text of a DOCX's body, its runs joined. */
function docxText(bytes: Uint8Array): string {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml']!);
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]!).join('');
}

/** A pending $300 payment of a participant, as the summary's dialog records it (its own key). */
async function recordPayment(tripId: number, participantId: number, key: string): Promise<void> {
  const cookies = await admin.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const response = await admin.request.fetch(
    `${BASE_URL}/api/admin/trip/${tripId}/participant/${participantId}/payments`,
    {
      method: 'POST',
      data: { currency: 'usd', amount: 300 },
      headers: { 'x-xsrf-token': xsrf, 'idempotency-key': `e2e-outbox-${key}` },
    },
  );
  if (!response.ok()) throw new Error(`payment: ${response.status()} ${await response.text()}`);
}

it('sends «Платёж подтверждён» to the tourist, retries while the mail server is down, then once', async () => {
  await startSmtp();
  // 1. Setup through the API, as the admin: two tourists with addresses, a trip, a payment of each.
  await signIn(admin, 'admin@example.com');
  await admin.waitForURL(/\/admin\//);
  const trip = await pageApi<{ id: number }>(admin, 'POST', '/admin/trips', {
    title: `E2E письма ${stamp}`,
    country: 'Турция',
    starts_on: '2031-05-01',
    ends_on: '2031-05-08',
    price: 1000,
    currency: 'usd',
    seats: 10,
  });
  for (const tourist of TOURISTS) {
    const user = await pageApi<{ id: number }>(admin, 'POST', '/admin/users', {
      full_name: tourist.name,
      email: tourist.email,
      roles: ['client'],
    });
    const participant = await pageApi<{ id: number }>(
      admin,
      'POST',
      `/admin/trip/${trip.id}/participants`,
      { user_id: user.id },
    );
    await recordPayment(trip.id, participant.id, tourist.email);
  }
  const accountantContext = await admin
    .context()
    .browser()!
    .newContext({ locale: 'ru-RU', viewport: VIEWPORT });
  try {
    const accountant = await accountantContext.newPage();
    await signIn(accountant, 'accountant@example.com');
    await accountant.waitForURL(/\/admin\//);

    // 2. The first payment confirmed in the browser: the tourist's e-mail arrives.
    const [first, second] = TOURISTS as [(typeof TOURISTS)[0], (typeof TOURISTS)[0]];
    await confirmInQueue(accountant, first.name);
    const mails = await arrivedTo(first.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Платёж подтверждён/);
    expect(mails[0]!.text).toContain(`Здравствуйте, ${first.name}!`);
    expect(mails[0]!.text).toContain(`за тур «E2E письма ${stamp}»`);
    // The receipt rides along: the paper the accountant would print, of this payment.
    expect(mails[0]!.attachments).toHaveLength(1);
    const receipt = mails[0]!.attachments[0]!;
    expect(receipt.filename).toMatch(
      new RegExp(`^Приходный кассовый ордер № \\d+ - ${first.name}\\.docx$`),
    );
    const paper = docxText(new Uint8Array(receipt.content));
    expect(paper).toMatch(/ПРИХОДНЫЙ КАССОВЫЙ ОРДЕР № \d+ от \d\d\.\d\d\.\d{4}/);
    expect(paper).toContain(`Принято от${first.name}`);
    expect(paper).toContain('Сумма$300,00 (Доллар США)');

    // The admin's outbox shows it sent, from the top bar's menu.
    await admin
      .locator('header')
      .getByRole('button', { name: /admin@example\.com/ })
      .click();
    await motionSettled(admin);
    await admin.getByRole('menuitem', { name: 'Исходящие сообщения' }).click();
    await admin.getByRole('heading', { level: 2, name: 'Исходящие сообщения' }).waitFor();
    const sentRow = await outboxRow(first.email, /Отправлено/);
    expect(await sentRow.innerText()).toContain('Платёж подтверждён — туристу');
    await screenshot(admin, 'outbox-sent');

    // 3. The mail server stops; the second confirmation's message waits to be retried.
    await stopSmtp();
    await confirmInQueue(accountant, second.name);
    const retryRow = await outboxRow(second.email, /Повтор через \d+ (мин|ч)/);
    expect(mailsTo(second.email)).toHaveLength(0);
    await screenshot(admin, 'outbox-retry');

    // 4. The server is back; «Отправить сейчас» sends it, and only once.
    await startSmtp();
    await retryRow.getByRole('button', { name: 'Отправить сейчас' }).click();
    await admin.getByText('Сообщение отправится в ближайшие секунды').waitFor();
    expect(await arrivedTo(second.email)).toHaveLength(1);
    await outboxRow(second.email, /Отправлено/);
    // Two worker rounds later (5 s each) still one e-mail each.
    await admin.waitForTimeout(11_000);
    expect(mailsTo(second.email)).toHaveLength(1);
    expect(mailsTo(first.email)).toHaveLength(1);
    expect(mailsTo(second.email)[0]!.subject).toMatch(/^Платёж подтверждён/);
  } finally {
    await accountantContext.close();
  }
}, 600_000);
