import type { Locator, Page } from 'playwright-core';
import type { AxeResults, ElementContext } from 'axe-core';
import {
  BASE_URL,
  freshPagePerTest,
  motionSettled,
  openInApp,
  pageApi,
  screenshot,
  signIn,
} from '../support/browser';

// The product as a screen reader and a keyboard meet it: axe-core runs on the main pages of every
// section and in the main dialogs, each once its data has arrived, over the demo data of the real
// API. A serious or critical violation fails the test, named by its rule, its impact, the
// elements it was found on and axe's one-line help, so the failure explains itself.

declare const axe: { run(context: ElementContext, options: object): Promise<AxeResults> };

let page: Page;

// axe is injected as an inline script, which the product's Content-Security-Policy (rightly)
// refuses; the test's own browser sets it aside, the product keeps it.
freshPagePerTest(
  (newPage) => {
    page = newPage;
  },
  { bypassCSP: true },
);

/** One serious or critical violation, as the failure message lists it. */
interface Finding {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits until no spinner or skeleton is left and nothing moves. */
async function settled(): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active').length === 0,
  );
  await motionSettled(page);
}

/**
 * The serious and critical violations axe finds on the page (or inside `scope`) once `ready` is
 * visible and the page has settled.
 */
async function audit(where: string, ready: Locator, scope?: string): Promise<Finding[]> {
  await ready.first().waitFor();
  // The page at rest: a pointer left over a table row (from the click that opened it) starts the
  // row's hover transition, and axe reading colours mid-transition reports a contrast no one sees.
  await page.mouse.move(0, 0);
  await settled();
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ path: require.resolve('axe-core') });
  }
  const violations = await page.evaluate(async (selector) => {
    const results = await axe.run(selector ?? document, {
      resultTypes: ['violations'],
    });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  }, scope);
  if (violations.length > 0) await screenshot(page, `a11y-${where.replace(/[^\w-]+/g, '-')}`);
  return violations.map((violation) => ({ where, ...violation }));
}

/** The findings, one line each (and one line per element), for a failure to read. */
function report(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.where}: ${finding.id} (${finding.impact}) — ${finding.help}\n` +
        finding.targets.map((target) => `    ${target}`).join('\n'),
    )
    .join('\n');
}

/** Asserts there are no findings; the message lists all of them. */
function expectNone(findings: Finding[]): void {
  expect(report(findings)).toBe('');
}

const rows = () => page.locator('tbody tr.ant-table-row');

const open = (path: string) => openInApp(page, path);

async function signedIn(login: string): Promise<void> {
  await signIn(page, login);
  await page.waitForURL(/\/admin\//);
}

interface Paged<T> {
  data: T[];
}
interface Trip {
  id: number;
  status: string;
  seats: number;
  seats_taken: number;
}

/** A trip of the demo data still to come, with participants and a free seat. */
async function tripWithParticipants(): Promise<number> {
  const trips = await pageApi<Paged<Trip>>(page, 'GET', '/admin/trips?per_page=50');
  const trip = trips.data.find(
    (candidate) =>
      ['planned', 'confirmed'].includes(candidate.status) &&
      candidate.seats_taken > 1 &&
      candidate.seats_taken < candidate.seats,
  );
  if (!trip) throw new Error('no demo trip to come has participants and a free seat');
  return trip.id;
}

it('the sign-in page', async () => {
  await page.goto(`${BASE_URL}/login`);
  expectNone(await audit('login', page.getByLabel('Пароль')));
});

it('the main section: trips, a trip summary, users, a user card, requests, prepared tours', async () => {
  await signedIn('admin@example.com');
  const findings: Finding[] = [];

  findings.push(...(await audit('users', rows())));
  await open('/admin/trips');
  findings.push(...(await audit('trips', rows())));
  const tripId = await tripWithParticipants();
  await open(`/admin/trip/${tripId}/summary`);
  findings.push(...(await audit('trip summary', rows())));
  await open(`/admin/trip/${tripId}/edit`);
  findings.push(...(await audit('trip form', page.getByLabel('Название', { exact: true }))));
  const users = await pageApi<Paged<{ id: number }>>(page, 'GET', '/admin/users?role=client');
  await open(`/admin/user/${users.data[0]!.id}/edit`);
  findings.push(...(await audit('user card', page.getByLabel('ФИО', { exact: true }))));
  await open(`/admin/user/${users.data[0]!.id}/wallets`);
  findings.push(...(await audit('user wallets', page.getByText('Последние операции'))));
  await open('/admin/tickets');
  findings.push(...(await audit('requests', rows())));
  await open('/admin/tours');
  findings.push(...(await audit('prepared tours', rows())));
  expectNone(findings);
});

it('the balance: all operations, waitings, wallets, own balance', async () => {
  await signedIn('accountant@example.com');
  const findings: Finding[] = [];
  await open('/admin/balance');
  findings.push(...(await audit('all operations', rows())));
  await open('/admin/balance/waitings');
  findings.push(...(await audit('waitings', rows())));
  await open('/admin/balance/wallets');
  findings.push(...(await audit('wallets', rows())));
  await open('/admin/balance/admin-operations');
  findings.push(...(await audit('admin operations', rows())));
  await open('/admin/balance/user');
  findings.push(...(await audit('own balance', page.locator('main'))));
  expectNone(findings);
});

it('the booking section: dashboard, bookings, suppliers', async () => {
  await signedIn('reservations@example.com');
  const findings: Finding[] = [];
  await open('/admin/booking');
  findings.push(...(await audit('booking dashboard', page.locator('.ant-card'))));
  await open('/admin/booking/hotels');
  findings.push(...(await audit('hotels', rows())));
  await open('/admin/booking/air-tickets');
  findings.push(...(await audit('air tickets', rows())));
  await open('/admin/suppliers');
  findings.push(...(await audit('suppliers', rows())));
  expectNone(findings);
});

it('the reports', async () => {
  await signedIn('accountant@example.com');
  const findings: Finding[] = [];
  await open('/admin/report/general');
  findings.push(...(await audit('general report', rows())));
  await open('/admin/report/tour');
  findings.push(...(await audit('tour report', page.locator('main'))));
  await open('/admin/report/administrative');
  findings.push(...(await audit('administrative report', page.locator('main'))));
  expectNone(findings);
});

it("the administrator's company requisites and audit log", async () => {
  await signedIn('admin@example.com');
  const findings: Finding[] = [];
  await open('/admin/company');
  findings.push(...(await audit('company', page.getByLabel('Название', { exact: true }))));
  await open('/admin/audit');
  findings.push(...(await audit('audit', rows())));
  expectNone(findings);
});

it("the agent's tours, tourists and requests", async () => {
  await signedIn('agent@example.com');
  const findings: Finding[] = [];
  findings.push(...(await audit('agent tours', rows())));
  await open('/admin/agent/tourists');
  findings.push(...(await audit('agent tourists', rows())));
  await open('/admin/agent/tourists?tab=requests');
  findings.push(...(await audit('agent requests', rows())));
  expectNone(findings);
});

it('the main dialogs: a new trip, a participant, a payment, a new booking', async () => {
  await signedIn('admin@example.com');
  const findings: Finding[] = [];
  await open('/admin/trip/create');
  findings.push(...(await audit('new trip', page.getByLabel('Название', { exact: true }))));
  const tripId = await tripWithParticipants();
  await open(`/admin/trip/${tripId}/edit`);
  await page.getByRole('tab', { name: /Участники/ }).click();
  await page.getByRole('button', { name: 'Добавить участника' }).click();
  findings.push(...(await audit('add participant', page.getByRole('dialog'), '.ant-modal')));
  await open(`/admin/trip/${tripId}/summary`);
  await page
    .getByRole('button', { name: /^Добавить платёж: / })
    .first()
    .click();
  findings.push(...(await audit('add payment', page.getByRole('dialog'), '.ant-modal')));
  await open('/admin/booking/hotels');
  await rows().first().waitFor();
  await page
    .getByRole('button', { name: /Новое бронирование|Добавить/ })
    .first()
    .click();
  findings.push(...(await audit('new booking', page.getByRole('dialog'), '.ant-drawer')));
  expectNone(findings);
});
