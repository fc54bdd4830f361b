import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { App } from '../src/app';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/database';
import { reportThrottle } from '../src/routes/health/report-throttle';
import { checkReadiness } from '../src/routes/health/service';
import { createTestDatabase, queryOnce, testAdminUrl, useTestDatabase } from './database';
import { Browser, signedIn } from './http';

// GET /api/health (the process), GET /api/ready (the database and the migrations, and not
// stopping) and POST /api/client-errors (a section that failed to load, into the log, limited
// per address). Expected answers are written out here.

const database = useTestDatabase();
const db = () => database().db;
let app: App;
const logLines: Array<Record<string, unknown>> = [];

function logStream() {
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
}

beforeAll(async () => {
  app = await buildApp({ db: db(), logger: { level: 'info', stream: logStream() } });
});
afterAll(async () => {
  await app.close();
});

const reportsLogged = () => logLines.filter((line) => line.event === 'client-error');
const cookieNames = (response: { cookies: unknown }) =>
  (response.cookies as Array<{ name: string; value: string }>).map((cookie) => cookie.name).sort();

async function sessionRows(): Promise<number> {
  const row = await db()
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('GET /api/health', () => {
  it('answers 200 ok to anyone, uncached, with only the cookies every answer carries', async () => {
    const before = await sessionRows();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 1, data: { status: 'ok' } });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // A guest's signed cookie and its XSRF token: no session row is written for a probe.
    expect(cookieNames(response)).toEqual(['XSRF-TOKEN', 'tour_session']);
    const guest = (response.cookies as Array<{ name: string; value: string }>).find(
      (cookie) => cookie.name === 'tour_session',
    );
    expect(guest?.value.startsWith('g.')).toBe(true);
    expect(await sessionRows()).toBe(before);
  });
});

describe('GET /api/ready', () => {
  it('answers 200 ok when the database answers and every migration is applied', async () => {
    const before = await sessionRows();
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 1, data: { status: 'ok' } });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await sessionRows()).toBe(before);
  });

  it('answers 503 in Russian while a migration of this build is missing', async () => {
    const first = '2026-11-21T1000-initial';
    const [row] = await queryOnce<{ name: string; timestamp: string }>(
      database().url,
      `select name, timestamp from kysely_migration where name = '${first}'`,
    );
    expect(row?.name).toBe(first);
    await queryOnce(database().url, `delete from kysely_migration where name = '${first}'`);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 0, message: 'Миграции не применены' });
    } finally {
      await queryOnce(
        database().url,
        `insert into kysely_migration (name, timestamp) values ('${first}', '${row!.timestamp}')`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('stays ready when the database also has a newer build’s migration', async () => {
    const newer = '2099-01-01T0000-from-a-newer-build';
    await queryOnce(
      database().url,
      `insert into kysely_migration (name, timestamp) values ('${newer}', '2099-01-01T00:00:00.000Z')`,
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(200);
    } finally {
      await queryOnce(database().url, `delete from kysely_migration where name = '${newer}'`);
    }
  });

  it('gives up after the short statement timeout, 503, when the database does not answer', async () => {
    // Another connection holds the migrations' table: the probe's read waits, then is cancelled.
    const locker = new pg.Client({ connectionString: database().url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table kysely_migration in access exclusive mode');
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      const took = Date.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 0, message: 'База данных недоступна' });
      // About 2 s: not the pool's 30 s statement timeout, not at once.
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(5_000);
      // The cause is in the log (never in the answer).
      expect(logLines).toContainEqual(
        expect.objectContaining({
          event: 'not-ready',
          reason: 'database',
          detail: 'canceling statement due to statement timeout',
        }),
      );
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect(logLines).toContainEqual(expect.objectContaining({ event: 'ready' }));
  });

  it('answers 503 when the database is gone, while /api/health, which never asks it, says ok', async () => {
    const doomed = await createTestDatabase({ max: 2 });
    const other = await buildApp({ db: doomed.db, logger: false });
    try {
      expect((await other.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await queryOnce(testAdminUrl(), `drop database "${doomed.name}" with (force)`);
      const ready = await other.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: 0, message: 'База данных недоступна' });
      expect(ready.body).not.toContain('exist');
      const health = await other.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ code: 1, data: { status: 'ok' } });
    } finally {
      await other.close();
      await doomed.drop();
    }
  });

  it('reads a database never migrated as migrations not applied, not as an error', async () => {
    const name = `never_migrated_${process.pid}`;
    await queryOnce(testAdminUrl(), `create database "${name}" template template0`);
    const url = new URL(testAdminUrl());
    url.pathname = `/${name}`;
    const empty = createDatabase({ url: url.toString(), max: 1 });
    try {
      expect(await checkReadiness(empty)).toEqual({
        ready: false,
        reason: 'migrations',
        detail: expect.stringContaining('2026-11-21T1000-initial'),
      });
    } finally {
      await empty.destroy();
      await queryOnce(testAdminUrl(), `drop database if exists "${name}" with (force)`);
    }
  });

  it('answers 503 «Сервер останавливается» to a request that reaches a closing server', async () => {
    // A server of its own, listening: a keep-alive connection busy with a slow upload when the
    // close begins carries one more request after it (an agent of one socket queues it).
    const closing = await buildApp({ db: db(), logger: false });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const port = (closing.server.address() as net.AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answer = (request: http.ClientRequest) =>
      new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
        (resolve, reject) => {
          request.on('response', (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
            );
          });
          request.on('error', reject);
        },
      );
    const guest = await new Promise<http.IncomingMessage>((resolve) =>
      http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response));
      }),
    );
    const cookies = (guest.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!);
    const xsrf = cookies.find((pair) => pair.startsWith('XSRF-TOKEN='))!.split('=')[1]!;
    const body = JSON.stringify({ section: 'booking', message: 'медленная загрузка' });
    const upload = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/client-errors',
      agent,
      headers: {
        cookie: cookies.join('; '),
        'x-xsrf-token': decodeURIComponent(xsrf),
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    const uploaded = answer(upload);
    upload.write(body.slice(0, 10));
    const probe = answer(http.get({ host: '127.0.0.1', port, path: '/api/ready', agent }));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closed = closing.close();
    // The listener is closed first; the upload still runs.
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
    upload.end(body.slice(10));

    const report = await uploaded;
    expect(report.status).toBe(200);
    expect(JSON.parse(report.body)).toEqual({ code: 1, data: null });
    const ready = await probe;
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ code: 0, message: 'Сервер останавливается' });
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
    expect(ready.headers.connection).toBe('close');
    await closed;
    agent.destroy();
  });
});

describe('POST /api/client-errors', () => {
  const report = {
    section: 'booking',
    message: 'ChunkLoadError: Loading chunk 42 failed.',
    url: 'http://localhost:8080/remotes/booking/remoteEntry.js',
  };

  it('logs one warn line for a guest, with the section, message, url and address', async () => {
    const browser = new Browser(app);
    await browser.get('/api/health');
    const before = reportsLogged().length;
    const response = await browser.post('/api/client-errors', report);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 1, data: null });
    const logged = reportsLogged().slice(before);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        event: 'client-error',
        section: 'booking',
        message: 'ChunkLoadError: Loading chunk 42 failed.',
        url: 'http://localhost:8080/remotes/booking/remoteEntry.js',
        userId: null,
        ip: '127.0.0.1',
        msg: 'section failed to load',
        reqId: response.headers['x-request-id'],
      }),
    ]);
  });

  it('names the signed-in user, and logs a missing url as null', async () => {
    const { browser, id } = await signedIn(app, db(), ['sales_manager']);
    const before = reportsLogged().length;
    const response = await browser.post('/api/client-errors', {
      section: 'main-section',
      message: 'TypeError: x is undefined',
    });
    expect(response.statusCode).toBe(200);
    expect(reportsLogged().slice(before)).toEqual([
      expect.objectContaining({
        section: 'main-section',
        message: 'TypeError: x is undefined',
        url: null,
        userId: id,
      }),
    ]);
  });

  it('needs the XSRF token like every state-changing request (419, nothing logged)', async () => {
    const browser = new Browser(app);
    await browser.get('/api/health');
    const before = reportsLogged().length;
    const response = await browser.post('/api/client-errors', report, { withoutCsrf: true });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({
      code: 0,
      message: 'Страница устарела: обновите её и повторите действие',
    });
    expect(reportsLogged().length).toBe(before);
  });

  it.each([
    [
      'a section with capitals and a digit',
      { section: 'Booking2', message: 'x' },
      { section: ['Неверный формат'] },
    ],
    [
      'a section of 41 characters',
      { section: 'a'.repeat(41), message: 'x' },
      { section: ['Не длиннее 40 символов'] },
    ],
    ['an empty section', { section: '', message: 'x' }, { section: ['Обязательное поле'] }],
    ['an empty message', { section: 'booking', message: '' }, { message: ['Обязательное поле'] }],
    [
      'a message of 2001 characters',
      { section: 'booking', message: 'я'.repeat(2001) },
      { message: ['Не длиннее 2000 символов'] },
    ],
    [
      'a url of 2001 characters',
      { section: 'booking', message: 'x', url: 'h'.repeat(2001) },
      { url: ['Не длиннее 2000 символов'] },
    ],
    [
      'no message, a number for url and an unknown field',
      { section: 'booking', url: 5, stack: 'at x' },
      {
        message: ['Обязательное поле'],
        url: ['Значение должно быть строкой'],
        stack: ['Неизвестное поле'],
      },
    ],
  ])(
    'refuses %s with 422 and Russian field errors, logging nothing',
    async (_name, body, errors) => {
      const browser = new Browser(app);
      await browser.get('/api/health');
      const before = reportsLogged().length;
      const response = await browser.post('/api/client-errors', body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 0,
        message: 'Проверьте правильность заполнения полей',
        errors,
      });
      expect(reportsLogged().length).toBe(before);
    },
  );

  it('takes the longest allowed values', async () => {
    const browser = new Browser(app);
    await browser.get('/api/health');
    const response = await browser.post('/api/client-errors', {
      section: 'a-'.repeat(20),
      message: 'я'.repeat(2000),
      url: 'h'.repeat(2000),
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts 30 reports a minute from one address, then answers 429 without logging', async () => {
    const browser = new Browser(app);
    await browser.get('/api/health');
    const headers = {
      cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-xsrf-token': browser.cookies.get('XSRF-TOKEN')!,
    };
    const from = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/client-errors',
        headers,
        payload: report,
        remoteAddress,
      });
    const logged = (ip: string) => reportsLogged().filter((line) => line.ip === ip).length;

    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await from('203.0.113.7')).statusCode);
    expect(statuses).toEqual(Array(30).fill(200));
    expect(logged('203.0.113.7')).toBe(30);

    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      code: 0,
      message: `Слишком много сообщений об ошибках. Повторите через ${retryAfter} с.`,
    });
    expect((await from('203.0.113.7')).statusCode).toBe(429);
    expect(logged('203.0.113.7')).toBe(30);

    // Another address has its own count.
    expect((await from('203.0.113.8')).statusCode).toBe(200);
    expect(logged('203.0.113.8')).toBe(1);
  });
});

describe('the reports limit (reportThrottle)', () => {
  it('counts per address within a minute from the first report; refused ones do not count', () => {
    let now = 1_000_000;
    const take = reportThrottle({ now: () => now });
    for (let i = 0; i < 30; i += 1) expect(take('a')).toBe(0);
    expect(take('a')).toBe(60);
    expect(take('b')).toBe(0);
    now += 59_500;
    expect(take('a')).toBe(1);
    now += 500;
    // The minute from the first report is over: a new window, whatever was refused meanwhile.
    for (let i = 0; i < 30; i += 1) expect(take('a')).toBe(0);
    expect(take('a')).toBe(60);
  });

  it('remembers a bounded number of addresses and forgets ended windows', () => {
    let now = 0;
    const take = reportThrottle({ now: () => now, maxAddresses: 2 });
    expect(take('a')).toBe(0);
    expect(take('b')).toBe(0);
    // A third address at once: refused until the windows end (a flood from many addresses).
    expect(take('c')).toBe(60);
    expect(take('a')).toBe(0);
    now += 60_000;
    expect(take('c')).toBe(0);
    expect(take('d')).toBe(0);
  });
});

describe('the OpenAPI document', () => {
  it('lists the three routes under one tag', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json().paths as Record<string, Record<string, { tags: string[] }>>;
    expect(paths['/api/health']?.get?.tags).toEqual(['Служебные']);
    expect(paths['/api/ready']?.get?.tags).toEqual(['Служебные']);
    expect(paths['/api/client-errors']?.post?.tags).toEqual(['Служебные']);
  });
});
