import { ROLES, type Role } from '@tour/core';
import type { App } from '../src/app';
import { accessAllows } from '../src/plugins/access';
import { EXPECTED } from './access-table';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser } from './http';
import { browserWithSession } from './sessions';

// Who may call each route is the hand-written table of access-table.ts (SPEC.md 6, DESIGN.md 4),
// walked here as anonymous and as each of the seven roles.

const database = useTestDatabase();
let app: App;

beforeAll(async () => {
  app = await buildTestApp(database().db);
});
afterAll(async () => {
  await app.close();
});

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const apiRoutes = () => app.registeredRoutes.filter((route) => !route.url.startsWith('/api/docs'));

/**
 * The route with its parameters filled: a user id is the caller's own (a user always reaches
 * itself, so an answer other than the rule's refusal is the route's own business), any other id
 * one that exists nowhere (a 404 is "not refused").
 */
function concreteUrl(url: string, callerId: number): string {
  return url
    .replace(/\/admin\/user\/:(id|userId)/, `/admin/user/${callerId}`)
    .replace(/:[A-Za-z]+/g, '999999');
}

async function verdictOf(browser: Browser, method: string, url: string, callerId: number) {
  const response = await browser.request(
    method as 'GET',
    concreteUrl(url, callerId),
    method === 'GET' ? undefined : {},
  );
  expect(response.statusCode).toBeLessThan(500);
  return [401, 403].includes(response.statusCode) ? response.statusCode : 'not refused';
}

describe('access control', () => {
  it('has an expected rule, written here, for every route the server registers', () => {
    const registered = apiRoutes().map(keyOf).sort();
    expect(registered).toEqual(Object.keys(EXPECTED).sort());
  });

  it('has a declared rule on every route', () => {
    const undeclared = app.registeredRoutes.filter((route) => !route.access);
    expect(undeclared).toEqual([]);
  });

  it('answers 401 to anonymous callers on every route that is not public', async () => {
    const seen: string[] = [];
    const expected: string[] = [];
    for (const route of apiRoutes()) {
      const browser = new Browser(app);
      await browser.get('/api/get-laravel-permission-to-vuejs');
      const verdict = await verdictOf(browser, route.method, route.url, 999999);
      seen.push(`${keyOf(route)}: ${verdict}`);
      expected.push(
        `${keyOf(route)}: ${EXPECTED[keyOf(route)] === 'public' ? 'not refused' : 401}`,
      );
    }
    expect(seen).toEqual(expected);
  });

  it.each(ROLES)('lets %s through exactly where the table says', async (role: Role) => {
    const userId = await createTestUser(database().db, { roles: [role] });
    const seen: string[] = [];
    const expected: string[] = [];
    for (const route of apiRoutes()) {
      if (route.url === '/api/logout') continue; // would end the session the loop is using
      // An endless stream: test/events.test.ts opens it for a signed-in user and a guest.
      if (route.url === '/api/events') continue;
      const browser = await browserWithSession(app, database().db, userId);
      const rule = EXPECTED[keyOf(route)];
      const allowed = rule === 'public' || (rule?.includes(role) ?? false);
      seen.push(`${keyOf(route)}: ${await verdictOf(browser, route.method, route.url, userId)}`);
      expected.push(`${keyOf(route)}: ${allowed ? 'not refused' : 403}`);
    }
    expect(seen).toEqual(expected);
  });

  it('refuses everything to a route that declares nothing', () => {
    expect(accessAllows(undefined, null)).toBe('unauthenticated');
    expect(accessAllows(undefined, { roles: ['admin'], permissions: ['create_admin'] })).toBe(
      'forbidden',
    );
  });
});
