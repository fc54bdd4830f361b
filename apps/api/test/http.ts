import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app';
import type { Db } from '../src/db/database';
import { hashPassword } from '../src/lib/passwords';

export const TEST_PASSWORD = 'test-password';
let testHash: Promise<string> | null = null;

/** The API over a test database, without logs, compiling only the schemas of the routes called. */
export function buildTestApp(db: Db): Promise<App> {
  return buildApp({ db, logger: false, compileSchemasOnFirstUse: true });
}

export interface NewTestUser {
  full_name?: string;
  email?: string | null;
  phone?: string | null;
  roles?: string[];
  password?: string | null;
  manager_id?: number | null;
  counterparty_id?: number | null;
  passport_number?: string | null;
}

let counter = 0;

/** Inserts a user with roles (password `TEST_PASSWORD` unless told otherwise); returns its id. */
export async function createTestUser(db: Db, user: NewTestUser = {}): Promise<number> {
  counter += 1;
  const password =
    user.password === undefined
      ? await (testHash ??= hashPassword(TEST_PASSWORD))
      : user.password && (await hashPassword(user.password));
  const { id } = await db
    .insertInto('users')
    .values({
      full_name: user.full_name ?? `Тестовый Пользователь ${counter}`,
      email: user.email === undefined ? `user${counter}.${process.pid}@test.example` : user.email,
      phone: user.phone ?? null,
      password_hash: password,
      manager_id: user.manager_id ?? null,
      counterparty_id: user.counterparty_id ?? null,
      passport_number: user.passport_number ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (user.roles?.length) {
    await db
      .insertInto('user_roles')
      .values(user.roles.map((role) => ({ user_id: id, role })))
      .execute();
  }
  return id;
}

interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Send no X-XSRF-TOKEN header (to test CSRF). */
  withoutCsrf?: boolean;
}

/**
 * A browser-like client over app.inject: keeps cookies, echoes XSRF-TOKEN as X-XSRF-TOKEN the way
 * the shared axios client does.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: App) {}

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }>) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && !options.withoutCsrf) headers['x-xsrf-token'] = xsrf;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    this.remember(response);
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }

  post(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request('POST', url, payload, options);
  }

  put(url: string, payload?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, payload, options);
  }

  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, undefined, options);
  }

  /** Gets a guest XSRF token (as the login page does by loading) and signs in. */
  async login(login: string, password = TEST_PASSWORD, remember = false) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/get-laravel-permission-to-vuejs');
    const response = await this.post('/api/login', { login, password, remember });
    if (response.statusCode !== 200) {
      throw new Error(`login ${login} failed: ${response.statusCode} ${response.body}`);
    }
    return response;
  }
}

/** A signed-in browser for a new user with the given roles. */
export async function signedIn(app: App, db: Db, roles: string[], extra: NewTestUser = {}) {
  const email = `signed${++counter}.${process.pid}@test.example`;
  const id = await createTestUser(db, { ...extra, roles, email });
  const browser = new Browser(app);
  await browser.login(email);
  return { browser, id, email };
}
