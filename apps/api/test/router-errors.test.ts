import net from 'node:net';
import type { App } from '../src/app';
import { useTestDatabase } from './database';
import { buildTestApp } from './http';

// Errors raised before any route runs (the router's own: a malformed percent-encoding, a path
// parameter past its length; and the HTTP parser's, on the raw socket) answer like every other
// response: the same security headers, a request id, the product's Russian envelope and no echo
// of the input.

const database = useTestDatabase();
let app: App;

// The helmet set an ordinary API response carries (DESIGN.md 1; README "Security headers").
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

let ordinary: Record<string, unknown>;

beforeAll(async () => {
  app = await buildTestApp(database().db);
  const response = await app.inject({ method: 'GET', url: '/api/get-laravel-permission-to-vuejs' });
  expect(response.statusCode).toBe(200);
  ordinary = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers[name]]));
});
afterAll(async () => {
  await app.close();
});

function expectOurHeaders(headers: Record<string, unknown>) {
  // Written by hand, so a change of the set is a decision, not an accident.
  expect(ordinary).toMatchObject({
    'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
    'strict-transport-security': expect.stringContaining('max-age='),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'cross-origin',
  });
  for (const name of SECURITY_HEADERS) {
    expect(`${name}: ${String(headers[name])}`).toBe(`${name}: ${String(ordinary[name])}`);
  }
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
}

describe('errors of the router', () => {
  it('answers a malformed percent-encoding with 400, our headers and no echo', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/user/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 0, message: 'Неверный адрес запроса' });
    expect(response.body).not.toContain('%zz');
    expect(response.body).not.toContain('/api/admin/user');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectOurHeaders(response.headers);
  });

  it('answers an over-long path parameter with 414, our headers and no echo', async () => {
    const digits = '1'.repeat(200);
    const response = await app.inject({ method: 'GET', url: `/api/admin/user/${digits}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ code: 0, message: 'Слишком длинный адрес запроса' });
    expect(response.body).not.toContain('1111111111');
    expect(response.body).not.toContain('/api/admin/user');
    expectOurHeaders(response.headers);
  });
});

/** Sends raw bytes to a listening server and reads the whole answer (the server closes). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(request);
  });
}

function parseAnswer(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [statusLine, ...lines] = head!.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('errors of the HTTP parser', () => {
  let port: number;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });

  it('answers a malformed request on the raw socket in the envelope, with our headers', async () => {
    const raw = await rawRequest(
      port,
      'GET /api/user?q=echo-me HTTP/1.1\r\nHost: localhost\r\nBroken header echo-me\r\n\r\n',
    );
    const answer = parseAnswer(raw);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ code: 0, message: 'Неверный запрос' });
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(raw).not.toContain('echo-me');
    expectOurHeaders(answer.headers);
  });

  it('still answers ordinary requests over the socket afterwards', async () => {
    const answer = parseAnswer(
      await rawRequest(
        port,
        'GET /api/get-laravel-permission-to-vuejs HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      ),
    );
    expect(answer.status).toBe(200);
    expectOurHeaders(answer.headers);
  });
});
