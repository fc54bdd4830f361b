import { ROLE_PERMISSIONS, ROLES, type Role } from '@tour/shared';
import type { App } from '../src/app';
import { accessAllows } from '../src/plugins/access';
import { useTestDatabase } from './database';
import { Browser, buildTestApp, createTestUser } from './http';
import { browserWithSession } from './sessions';

// Every route declares who may call it, and the server enforces exactly that: this test walks
// every registered route as anonymous and as each of the seven roles.

const database = useTestDatabase();
let app: App;

beforeAll(async () => {
  app = await buildTestApp(database().db);
});
afterAll(async () => {
  await app.close();
});

const apiRoutes = () => app.registeredRoutes.filter((route) => !route.url.startsWith('/api/docs'));

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '1');
}

async function call(browser: Browser, method: string, url: string) {
  return browser.request(method as 'GET', concreteUrl(url), method === 'GET' ? undefined : {});
}

describe('access control', () => {
  it('knows the routes under /api', () => {
    const urls = apiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'POST /api/logout',
        'GET /api/user',
        'GET /api/get-laravel-permission-to-vuejs',
        'GET /api/roles',
      ]),
    );
  });

  it('has a declared rule on every route', () => {
    const undeclared = app.registeredRoutes.filter((route) => !route.access);
    expect(undeclared).toEqual([]);
  });

  it('answers 401 to anonymous callers on every non-public route', async () => {
    for (const route of apiRoutes()) {
      const browser = new Browser(app);
      await browser.get('/api/get-laravel-permission-to-vuejs');
      const response = await call(browser, route.method, route.url);
      const expected = route.access && 'public' in route.access ? 'not refused' : 401;
      const seen = [401, 403].includes(response.statusCode) ? response.statusCode : 'not refused';
      expect(`${route.method} ${route.url}: ${seen}`).toBe(
        `${route.method} ${route.url}: ${expected}`,
      );
    }
  });

  it.each(ROLES)('lets %s through exactly where its permissions allow', async (role: Role) => {
    const userId = await createTestUser(database().db, { roles: [role] });
    const viewer = { roles: [role], permissions: [...ROLE_PERMISSIONS[role]] };
    for (const route of apiRoutes()) {
      if (route.url === '/api/logout') continue; // would end the session the loop is using
      const browser = await browserWithSession(app, database().db, userId);
      const response = await call(browser, route.method, route.url);
      const verdict = accessAllows(route.access, viewer);
      const expected = verdict === 'ok' ? 'not refused' : 403;
      const seen = [401, 403].includes(response.statusCode) ? response.statusCode : 'not refused';
      expect(`${route.method} ${route.url}: ${seen}`).toBe(
        `${route.method} ${route.url}: ${expected}`,
      );
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('refuses everything to a route that declares nothing', () => {
    expect(accessAllows(undefined, null)).toBe('unauthenticated');
    expect(accessAllows(undefined, { roles: ['admin'], permissions: ['create_admin'] })).toBe(
      'forbidden',
    );
  });
});
