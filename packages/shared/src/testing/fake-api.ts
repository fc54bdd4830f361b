// A fake network under the shared `http` client for the remotes' component tests: its adapter
// answers from a table of routes, so the shared base query and envelope rules run for real.
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { http } from '@tour/shared';

/** What the fake server answers: a status, a body and headers (names in lower case). */
export interface FakeReply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/**
 * A request the fake server received: method, path under /api, the query without blanks, the
 * body (parsed JSON) and the headers (names in lower case).
 */
export interface FakeRequest {
  method: string;
  url: string;
  params: Record<string, string>;
  data: unknown;
  headers: Record<string, string>;
}

type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

const handlers = new Map<string, Handler>();
const received: FakeRequest[] = [];

function paramsOf(config: InternalAxiosRequestConfig): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params[name] = String(value);
  }
  return params;
}

function bodyOf(config: InternalAxiosRequestConfig): unknown {
  if (typeof config.data !== 'string') return config.data;
  try {
    return JSON.parse(config.data) as unknown;
  } catch {
    return config.data;
  }
}

function headersOf(config: InternalAxiosRequestConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
    if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  }
  return headers;
}

// Stubs HTTP below the shared client, so the shared base query and envelope rules run for real.
const adapter: AxiosAdapter = async (config) => {
  const request: FakeRequest = {
    method: (config.method ?? 'get').toUpperCase(),
    url: config.url ?? '',
    params: paramsOf(config),
    data: bodyOf(config),
    headers: headersOf(config),
  };
  received.push(request);
  const handler = handlers.get(`${request.method} ${request.url}`);
  if (!handler) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  const reply = await handler(request);
  const response = {
    data: reply.data,
    status: reply.status,
    statusText: '',
    headers: reply.headers ?? {},
    config,
  };
  if (reply.status >= 400) {
    throw new AxiosError('Request failed', AxiosError.ERR_BAD_RESPONSE, config, null, response);
  }
  return response;
};

/** The fake server behind the shared `http` client, installed around every test of a file. */
export const fakeApi = {
  /** Answers `METHOD /path` (the path without /api) with a reply, or a function of the request. */
  on(route: string, reply: FakeReply | Handler): void {
    handlers.set(route, typeof reply === 'function' ? reply : () => reply);
  },
  /** Answers with `{ code: 1, data }`. */
  ok(route: string, data: unknown): void {
    this.on(route, { status: 200, data: { code: 1, data } });
  },
  /** Requests received so far for `METHOD /path`. */
  requests(route: string): FakeRequest[] {
    return received.filter((request) => `${request.method} ${request.url}` === route);
  },
};

/** Installs the fake server for the tests of the calling file. */
export function installFakeApi(): void {
  const original = http.defaults.adapter;
  beforeEach(() => {
    handlers.clear();
    received.length = 0;
    http.defaults.adapter = adapter;
  });
  afterAll(() => {
    http.defaults.adapter = original;
  });
}

/** A Laravel paginator page (DESIGN.md 2). */
export function page<T>(rows: T[], { current = 1, perPage = 20, total = rows.length } = {}) {
  const from = rows.length > 0 ? (current - 1) * perPage + 1 : null;
  return {
    data: rows,
    current_page: current,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + rows.length - 1,
  };
}

/** A 422 validation failure as the API sends it (DESIGN.md 2). */
export function invalid(errors: Record<string, string[]>): FakeReply {
  return { status: 422, data: { code: 0, message: 'Проверьте поля', errors } };
}
