import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { http, onUnauthenticated, UNAUTHENTICATED_STATUSES } from './client';

function answering(status: number, data: unknown = { code: 1, data: null }) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      throw new AxiosError(`Status ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  return { adapter, seen };
}

// Stands in for the browser's XMLHttpRequest so the request goes through axios' own xhr adapter,
// which is where axios copies the XSRF cookie into the header.
class FakeXhr {
  static last: FakeXhr | null = null;
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown = null;
  readyState = 0;
  status = 0;
  statusText = '';
  responseText = '';
  response: unknown = null;
  responseURL = '';
  timeout = 0;
  withCredentials = false;
  responseType = '';
  onloadend: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  addEventListener() {}
  removeEventListener() {}
  abort() {}
  send(body: unknown) {
    this.body = body;
    setTimeout(() => {
      this.readyState = 4;
      this.status = 200;
      this.responseText = '{"code":1,"data":"ok"}';
      this.onloadend?.();
    });
  }
}

describe('http', () => {
  it('is configured for the API: base /api, JSON, no timeout, cookies, XSRF', () => {
    expect(http.defaults.baseURL).toBe('/api');
    expect(http.defaults.timeout).toBe(0);
    expect(http.defaults.withCredentials).toBe(true);
    expect(http.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(http.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(http.defaults.withXSRFToken).toBeUndefined();
  });

  it('sends requests under /api asking for JSON', async () => {
    const { adapter, seen } = answering(200);
    const response = await http.get('/admin/users', { adapter, params: { page: 1 } });
    expect(response.data).toEqual({ code: 1, data: null });
    const [config] = seen;
    expect(config?.baseURL).toBe('/api');
    expect(config?.url).toBe('/admin/users');
    expect(config?.params).toEqual({ page: 1 });
    expect(config?.timeout).toBe(0);
    expect(config?.withCredentials).toBe(true);
    expect(AxiosHeaders.from(config?.headers).get('Accept')).toBe('application/json');
  });

  it('sends objects as JSON and FormData as it is', async () => {
    const { adapter, seen } = answering(200);
    await http.post('/admin/users', { full_name: 'Айгуль' }, { adapter });
    const form = new FormData();
    form.append('file', new Blob(['<xml/>']), 'rates.xml');
    await http.post('/currency-rates/import', form, { adapter });
    const [json, multipart] = seen;
    expect(json?.data).toBe('{"full_name":"Айгуль"}');
    expect(json?.headers.getContentType()).toBe('application/json');
    expect(multipart?.data).toBe(form);
    expect(String(multipart?.headers.getContentType() ?? '')).not.toContain('application/json');
  });

  describe('through the browser XMLHttpRequest', () => {
    const original = window.XMLHttpRequest;
    beforeEach(() => {
      window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
      FakeXhr.last = null;
    });
    afterEach(() => {
      window.XMLHttpRequest = original;
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    });

    it('echoes the XSRF-TOKEN cookie as the X-XSRF-TOKEN header, with credentials', async () => {
      document.cookie = 'XSRF-TOKEN=token%3D42';
      const response = await http.post('/logout');
      expect(response.data).toEqual({ code: 1, data: 'ok' });
      const xhr = FakeXhr.last;
      expect(xhr?.method).toBe('POST');
      expect(xhr?.url).toBe('/api/logout');
      expect(xhr?.headers['X-XSRF-TOKEN']).toBe('token=42');
      expect(xhr?.headers['Accept']).toBe('application/json');
      expect(xhr?.withCredentials).toBe(true);
      expect(xhr?.timeout).toBe(0);
    });

    it('never sends the token to another origin', async () => {
      document.cookie = 'XSRF-TOKEN=secret';
      await http.post('https://elsewhere.example/collect');
      expect(FakeXhr.last?.url).toBe('https://elsewhere.example/collect');
      expect(FakeXhr.last?.headers['X-XSRF-TOKEN']).toBeUndefined();
    });

    it('sends no XSRF header without the cookie', async () => {
      await http.get('/user');
      expect(FakeXhr.last?.headers['X-XSRF-TOKEN']).toBeUndefined();
    });
  });
});

describe('onUnauthenticated', () => {
  it.each(UNAUTHENTICATED_STATUSES)(
    'calls the handlers on %i and still rejects',
    async (status) => {
      const first = jest.fn();
      const second = jest.fn();
      const stopFirst = onUnauthenticated(first);
      const stopSecond = onUnauthenticated(second);
      try {
        const { adapter } = answering(status, { message: 'Unauthenticated.' });
        const failure = http.get('/user', { adapter });
        await expect(failure).rejects.toMatchObject({ response: { status } });
        expect(first).toHaveBeenCalledTimes(1);
        expect(second).toHaveBeenCalledTimes(1);
        expect(first.mock.calls[0]?.[0]).toBeInstanceOf(AxiosError);
      } finally {
        stopFirst();
        stopSecond();
      }
    },
  );

  it('stays quiet for other failures and after unsubscribing', async () => {
    const handler = jest.fn();
    const stop = onUnauthenticated(handler);
    await expect(http.get('/admin/user/1', { adapter: answering(403).adapter })).rejects.toThrow();
    await expect(
      http.post('/admin/users', {}, { adapter: answering(422).adapter }),
    ).rejects.toThrow();
    const offline: AxiosAdapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    await expect(http.get('/user', { adapter: offline })).rejects.toThrow('Network Error');
    expect(handler).not.toHaveBeenCalled();
    stop();
    await expect(http.get('/user', { adapter: answering(401).adapter })).rejects.toThrow();
    expect(handler).not.toHaveBeenCalled();
  });

  it('passes non-axios failures through untouched', async () => {
    const handler = jest.fn();
    const stop = onUnauthenticated(handler);
    const broken: AxiosAdapter = async () => {
      throw new TypeError('boom');
    };
    await expect(http.get('/user', { adapter: broken })).rejects.toThrow('boom');
    expect(handler).not.toHaveBeenCalled();
    stop();
  });
});
