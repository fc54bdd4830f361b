// A fake network under the shared `http` client: its adapter answers from a table of routes,
// so the shell's real thunks, envelope rules and interceptors (401/419) run as in the browser.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import { http } from '@tour/shared';

/** A request as the fake server sees it. */
export interface FakeRequest {
  method: string;
  url: string;
  data: unknown;
  params: unknown;
  /** Request headers, names in lower case (Idempotency-Key, X-XSRF-TOKEN...). */
  headers: Record<string, string>;
}

/** An answer: HTTP status and body (JSON, or a Blob for a download), extra response headers. */
export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Answers a request; throwing means the network failed (no response at all). */
export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** Routes keyed by "METHOD /path" (the path under /api). */
export type FakeRoutes = Record<string, FakeReply | FakeHandler>;

/** The installed fake. */
export interface FakeApi {
  /** Every request, in order. */
  calls: FakeRequest[];
  /** Adds or replaces a route. */
  on(key: string, reply: FakeReply | FakeHandler): void;
  /** The requests to one route. */
  callsTo(key: string): FakeRequest[];
  /** Puts the real adapter back. */
  restore(): void;
}

function headersOf(headers: unknown): Record<string, string> {
  const plain = AxiosHeaders.from(headers as AxiosHeaders).toJSON();
  return Object.fromEntries(
    Object.entries(plain)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** Installs the fake on the shared `http` instance; unknown routes answer 404. */
export function installFakeApi(routes: FakeRoutes = {}): FakeApi {
  const table = new Map(Object.entries(routes));
  const calls: FakeRequest[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      data: parse(config.data),
      params: config.params,
      headers: headersOf(config.headers),
    };
    calls.push(request);
    const route = table.get(`${request.method} ${request.url}`);
    let reply: FakeReply;
    try {
      reply =
        route === undefined
          ? { status: 404, body: { code: 0, message: 'Не найдено' } }
          : typeof route === 'function'
            ? await route(request)
            : route;
    } catch (error) {
      throw new AxiosError(
        error instanceof Error ? error.message : 'Network Error',
        AxiosError.ERR_NETWORK,
        config,
      );
    }
    const response: AxiosResponse = {
      status: reply.status,
      statusText: String(reply.status),
      data: reply.body,
      headers: new AxiosHeaders({ 'content-type': 'application/json', ...reply.headers }),
      config,
    };
    const valid = config.validateStatus ? config.validateStatus(reply.status) : true;
    if (valid) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    on: (key, reply) => void table.set(key, reply),
    callsTo: (key) => calls.filter((call) => `${call.method} ${call.url}` === key),
    restore: () => {
      http.defaults.adapter = original;
    },
  };
}

/** A reply that never comes until `resolve` is called (to see loading states). */
export function deferredReply(): { handler: FakeHandler; resolve: (reply: FakeReply) => void } {
  let resolve: (reply: FakeReply) => void = () => undefined;
  const promise = new Promise<FakeReply>((done) => {
    resolve = done;
  });
  return { handler: () => promise, resolve };
}
