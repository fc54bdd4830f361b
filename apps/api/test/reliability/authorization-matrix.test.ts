import { ROLES, type Role } from '@tour/core';
import type { App } from '../../src/app';
import { EXPECTED } from '../access-table';
import { useTestDatabase } from '../database';
import { Browser, buildTestApp, createTestUser } from '../http';
import { browserWithSession } from '../sessions';
import { recordFigures } from './figures';

// OWASP ASVS 5.0 V8 (authorization), function level: every route of the OpenAPI document ×
// every kind of caller — anonymous, each of the seven roles, and a second agent — checked
// against the hand-written table of access-table.ts (SPEC.md 6, DESIGN.md 4; never read from the
// code under test). A leak is a cell where a caller the table refuses got anything but a refusal.
// Objects within a route (another agent's tourist, another user's wallet) are
// object-level.test.ts's business: here every id is one that exists nowhere, except the users
// screens', which get the caller's own id (a user always reaches itself, so whatever the route
// answers there is the route's rule, not the object's).

/** One column: who calls. */
interface Caller {
  /** Two letters, the matrix's column head. */
  head: string;
  label: string;
  /** The role of the caller, or null for anonymous. */
  role: Role | null;
}

const CALLERS: Caller[] = [
  { head: 'ан', label: 'аноним', role: null },
  { head: 'dv', label: 'developer', role: 'developer' },
  { head: 'ad', label: 'admin', role: 'admin' },
  { head: 'sm', label: 'sales_manager', role: 'sales_manager' },
  { head: 'ra', label: 'reservation_agent', role: 'reservation_agent' },
  { head: 'ac', label: 'accountant', role: 'accountant' },
  { head: 'ag', label: 'counterparty (агент 1)', role: 'counterparty' },
  { head: 'a2', label: 'counterparty (агент 2)', role: 'counterparty' },
  { head: 'cl', label: 'client', role: 'client' },
];

/**
 * Routes that hide their existence from callers they refuse, answering 404 instead of 401/403.
 * Decided per route: none does. Every route refuses in one place (plugins/access.ts, before
 * validation and before the handler) with 401 to anonymous and 403 to a signed-in caller without
 * the right; a 404 to such a caller would mean its handler ran, which is a leak. Hiding an object
 * (a wallet, a tourist) behind 404 is per object, inside routes the caller may call: see
 * object-level.test.ts.
 */
const HIDDEN_BY_404: ReadonlySet<string> = new Set();

const NOT_AN_ID = '999999';

const database = useTestDatabase();
let app: App;
/** Each caller's user id (0 for anonymous). */
const callerIds: number[] = [];

beforeAll(async () => {
  app = await buildTestApp(database().db);
  for (const caller of CALLERS) {
    const roles = caller.role ? [caller.role] : null;
    callerIds.push(roles ? await createTestUser(database().db, { roles, password: null }) : 0);
  }
});
afterAll(async () => {
  await app.close();
});

const keyOf = (method: string, url: string) => `${method} ${url}`;

/** The registered routes under /api, the OpenAPI pages themselves aside (public by nature). */
function registeredKeys(): string[] {
  return app.registeredRoutes
    .filter((route) => !route.url.startsWith('/api/docs'))
    .map((route) => keyOf(route.method, route.url))
    .sort();
}

/** The operations of the OpenAPI document, as `METHOD /api/path/:param`. */
async function documentedKeys(): Promise<string[]> {
  const response = await new Browser(app).get('/api/docs/json');
  expect(response.statusCode).toBe(200);
  const document = response.json() as { paths: Record<string, Record<string, unknown>> };
  const keys: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      keys.push(keyOf(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1')));
    }
  }
  return keys.sort();
}

function allows(route: string, caller: Caller): boolean {
  const rule = EXPECTED[route];
  if (rule === undefined) return false; // a route without a rule is nobody's
  if (rule === 'public') return true;
  return caller.role !== null && rule.includes(caller.role);
}

/** The route's URL with its parameters filled (see the note at the top). */
function concreteUrl(url: string, callerId: number): string {
  return url
    .replace(/\/admin\/user\/:(id|userId)/, `/admin/user/${callerId || NOT_AN_ID}`)
    .replace(/:[A-Za-z]+/g, NOT_AN_ID);
}

async function browserOf(index: number): Promise<Browser> {
  const userId = callerIds[index]!;
  if (userId) return browserWithSession(app, database().db, userId);
  const guest = new Browser(app);
  await guest.get('/api/get-laravel-permission-to-vuejs'); // a guest's XSRF token, as a page has
  return guest;
}

/**
 * GET /api/events never ends for a caller it lets in: the answer's status comes with its headers,
 * then the stream is dropped (the route stops its keep-alive when the request closes).
 */
async function streamStatus(browser: Browser, url: string): Promise<number> {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const controller = new AbortController();
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { cookie },
    payloadAsStream: true,
    signal: controller.signal,
  });
  response.stream().on('error', () => undefined);
  controller.abort();
  return response.statusCode;
}

type Mark = '✓' | '·' | '✗' | '!';

interface Cell {
  route: string;
  caller: Caller;
  status: number;
  mark: Mark;
}

/** One call, as a fresh session of the caller (a logout ends only its own). */
async function cellOf(route: string, index: number): Promise<Cell> {
  const caller = CALLERS[index]!;
  const [method, url] = route.split(' ') as [string, string];
  const browser = await browserOf(index);
  const target = concreteUrl(url, callerIds[index]!);
  const status =
    method === 'GET' && url === '/api/events'
      ? await streamStatus(browser, target)
      : (await browser.request(method as 'GET', target, method === 'GET' ? undefined : {}))
          .statusCode;
  const refused = status === 401 || status === 403 || (HIDDEN_BY_404.has(route) && status === 404);
  let mark: Mark;
  if (allows(route, caller)) mark = refused || status >= 500 ? '!' : '✓';
  else mark = refused ? '·' : '✗';
  return { route, caller, status, mark };
}

function printMatrix(routes: string[], cells: Cell[][]): void {
  const width = Math.max(...routes.map((route) => route.length)) + 4;
  const lines = [
    `Матрица авторизации: ${routes.length} маршрутов × ${CALLERS.length} вызывающих ` +
      '(✓ разрешено, · отказ как ожидалось, ✗ УТЕЧКА, ! отказ разрешённому или 5xx)',
    CALLERS.map((caller) => `${caller.head} = ${caller.label}`).join(', '),
    `${''.padEnd(width)} ${CALLERS.map((caller) => caller.head).join(' ')}`,
    ...routes.map((route, row) => {
      const [method, path] = route.split(' ') as [string, string];
      const marks = cells[row]!.map((cell) => ` ${cell.mark}`).join(' ');
      return `${`${method.padEnd(6)} ${path}`.padEnd(width)} ${marks}`;
    }),
  ];
  console.log(lines.join('\n'));
}

describe('authorization matrix (ASVS V8, function level)', () => {
  it('documents every registered route in the OpenAPI document, and nothing else', async () => {
    expect(await documentedKeys()).toEqual(registeredKeys());
  });

  it('has a hand-written rule for every registered route, and no rule for a route it lacks', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(registeredKeys());
  });

  it('refuses every route × caller the table refuses, and nothing it allows', async () => {
    // Rows: the documented routes and the registered ones (one hidden from the document is still
    // walked), by path, then method.
    const byPath = (route: string) => `${route.split(' ')[1]} ${route.split(' ')[0]}`;
    const routes = [...new Set([...(await documentedKeys()), ...registeredKeys()])].sort((a, b) =>
      byPath(a).localeCompare(byPath(b)),
    );
    const cells: Cell[][] = [];
    for (const route of routes) {
      cells.push(await Promise.all(CALLERS.map((_caller, index) => cellOf(route, index))));
    }
    printMatrix(routes, cells);

    const all = cells.flat();
    const named = (cell: Cell) => `${cell.route} — ${cell.caller.label}: ${cell.status}`;
    const leaks = all.filter((cell) => cell.mark === '✗').map(named);
    const wronglyRefused = all.filter((cell) => cell.mark === '!').map(named);
    recordFigures('Авторизация', [
      { name: 'маршруты', value: routes.length },
      { name: 'вызывающие', value: CALLERS.length },
      { name: 'ячейки', value: all.length },
      { name: 'утечки', value: leaks.length, safe: 0 },
      { name: 'отказы разрешённым и 5xx', value: wronglyRefused.length, safe: 0 },
    ]);
    expect({ leaks, wronglyRefused }).toEqual({ leaks: [], wronglyRefused: [] });
    // Every role and both agents had a column, and every route a row.
    expect(all).toHaveLength(routes.length * (ROLES.length + 2));
  });
});
