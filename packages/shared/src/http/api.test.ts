import { configureStore } from '@reduxjs/toolkit';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { Wallet } from '@tour/core';
import { api, axiosBaseQuery, transformCode1 } from './api';
import { http } from './client';

type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | Error;

const seen: InternalAxiosRequestConfig[] = [];
let replies: Record<string, Reply> = {};

const fakeAdapter: AxiosAdapter = async (config) => {
  seen.push(config);
  const reply = replies[`${config.method?.toUpperCase()} ${config.url}`];
  if (!reply) throw new AxiosError('Network Error', 'ERR_NETWORK', config);
  if (reply instanceof Error) throw reply;
  const response = {
    data: reply.data,
    status: reply.status,
    statusText: '',
    headers: reply.headers ?? {},
    config,
  };
  if (reply.status >= 400) {
    throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, response);
  }
  return response;
};

const wallet: Wallet = {
  id: 3,
  type: 'site',
  user_id: null,
  name: 'Касса офиса',
  currency: 'kgs',
  balance: 125000.5,
  kind: null,
  user_name: null,
};

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    testSiteWallets: build.query<Wallet[], void>({
      query: () => '/admin/wallets/site',
      transformResponse: transformCode1<Wallet[]>([]),
      providesTags: [{ type: 'Wallets', id: 'LIST' }],
    }),
    testWallet: build.query<Wallet | null, number>({
      query: (id) => ({ url: `/admin/wallet/${id}` }),
      transformResponse: transformCode1<Wallet | null>(null),
    }),
    testSaveUser: build.mutation<unknown, { full_name: string }>({
      query: (data) => ({ url: '/admin/users', method: 'POST', data, params: { trace: 1 } }),
    }),
    testStatus: build.query<number | undefined, void>({
      query: () => '/status',
      transformResponse: (_body: unknown, meta) => meta?.status,
    }),
  }),
});

function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

const originalAdapter = http.defaults.adapter;

beforeEach(() => {
  seen.length = 0;
  replies = {};
  http.defaults.adapter = fakeAdapter;
});

afterAll(() => {
  http.defaults.adapter = originalAdapter;
});

describe('the api slice', () => {
  it("refetches one section's query when another section's mutation invalidates its tag", async () => {
    replies['GET /admin/wallets/site'] = { status: 200, data: { code: 1, data: [wallet] } };
    replies['POST /admin/wallets'] = { status: 200, data: { code: 1, data: { id: 4 } } };
    const otherSection = api.injectEndpoints({
      endpoints: (build) => ({
        testCreateWallet: build.mutation<unknown, { name: string }>({
          query: (data) => ({ url: '/admin/wallets', method: 'POST', data }),
          invalidatesTags: [{ type: 'Wallets', id: 'LIST' }],
        }),
      }),
    });
    const store = makeStore();
    const list = store.dispatch(testApi.endpoints.testSiteWallets.initiate());
    await list;
    await store.dispatch(otherSection.endpoints.testCreateWallet.initiate({ name: 'Банк' }));
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    expect(seen.map((config) => `${config.method} ${config.url}`)).toEqual([
      'get /admin/wallets/site',
      'post /admin/wallets',
      'get /admin/wallets/site',
    ]);
    list.unsubscribe();
  });

  it('resolves the data of a code-1 envelope', async () => {
    replies['GET /admin/wallets/site'] = { status: 200, data: { code: 1, data: [wallet] } };
    const store = makeStore();
    const result = await store.dispatch(testApi.endpoints.testSiteWallets.initiate());
    expect(result.data).toEqual([wallet]);
    expect(seen[0]?.baseURL).toBe('/api');
    expect(seen[0]?.signal).toBeDefined();
    expect(testApi.endpoints.testSiteWallets.select()(store.getState()).data).toEqual([wallet]);
  });

  it('resolves the empty value for any other code', async () => {
    replies['GET /admin/wallets/site'] = { status: 200, data: { code: 0, data: [wallet] } };
    replies['GET /admin/wallet/3'] = { status: 200, data: { code: 2, data: wallet } };
    const store = makeStore();
    expect((await store.dispatch(testApi.endpoints.testSiteWallets.initiate())).data).toEqual([]);
    expect((await store.dispatch(testApi.endpoints.testWallet.initiate(3))).data).toBeNull();
  });

  it('sends mutations with their method, body and query', async () => {
    replies['POST /admin/users'] = { status: 200, data: { code: 1, data: { id: 9 } } };
    const store = makeStore();
    const result = await store.dispatch(
      testApi.endpoints.testSaveUser.initiate({ full_name: 'Нурлан' }),
    );
    expect(result).toEqual({ data: { code: 1, data: { id: 9 } } });
    expect(seen[0]?.method).toBe('post');
    expect(seen[0]?.params).toEqual({ trace: 1 });
    expect(seen[0]?.data).toBe('{"full_name":"Нурлан"}');
  });

  it('gives the status and body of a failed call as the error', async () => {
    const body = { code: 0, message: 'Ошибка', errors: { email: ['Занят'] } };
    replies['POST /admin/users'] = { status: 422, data: body };
    const store = makeStore();
    const result = await store.dispatch(testApi.endpoints.testSaveUser.initiate({ full_name: '' }));
    expect(result).toEqual({ error: { status: 422, data: body } });
  });

  it('gives status 0 when no response arrived', async () => {
    const store = makeStore();
    const result = await store.dispatch(testApi.endpoints.testWallet.initiate(404));
    expect(result.error).toEqual({ status: 0, data: undefined, message: 'Network Error' });
  });

  it('passes the status and headers as meta', async () => {
    replies['GET /status'] = { status: 200, data: {}, headers: { 'x-trace': 'a' } };
    const store = makeStore();
    expect((await store.dispatch(testApi.endpoints.testStatus.initiate())).data).toBe(200);
  });
});

describe('axiosBaseQuery', () => {
  const baseQueryApi = {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: () => undefined,
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query' as const,
  };

  it('never throws, whatever fails', async () => {
    replies['GET /broken'] = new TypeError('adapter exploded');
    await expect(axiosBaseQuery()('/broken', baseQueryApi, {})).resolves.toEqual({
      error: { status: 0, data: undefined, message: 'adapter exploded' },
    });
    const odd: AxiosAdapter = async () => {
      throw 'plain string';
    };
    http.defaults.adapter = odd;
    await expect(axiosBaseQuery()('/odd', baseQueryApi, {})).resolves.toEqual({
      error: { status: 0, data: undefined, message: 'plain string' },
    });
  });

  it('returns the body and meta of a success', async () => {
    replies['GET /user'] = { status: 200, data: { id: 1 }, headers: { 'content-type': 'x' } };
    await expect(axiosBaseQuery()({ url: '/user' }, baseQueryApi, {})).resolves.toEqual({
      data: { id: 1 },
      meta: { status: 200, headers: { 'content-type': 'x' } },
    });
  });
});

describe('transformCode1', () => {
  it('applies the code-1 rule to a body', () => {
    expect(transformCode1([])({ code: 1, data: [1] })).toEqual([1]);
    expect(transformCode1([])({ code: 0, data: [1] })).toEqual([]);
    expect(transformCode1('x')(null)).toBe('x');
  });
});
