import { CURRENT_RATES_KEY, type Rates } from './conversion';
import { RATES_WAIT_MS, createRatesClient, sleepMs } from './rates-client';

interface Deferred {
  promise: Promise<Rates>;
  resolve: (rates: Rates) => void;
  reject: (error: Error) => void;
}

function deferred(): Deferred {
  let resolve!: (rates: Rates) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Rates>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets a promise settle (or not) without moving the fake clock, and reports where it stands. */
function track<T>(promise: Promise<T>): { settled: () => boolean; value: () => T | undefined } {
  let done = false;
  let value: T | undefined;
  promise.then(
    (v) => {
      done = true;
      value = v;
    },
    () => {
      done = true;
    },
  );
  return { settled: () => done, value: () => value };
}

const RATES_A: Rates = { usd: { kgs: 87.45 } };
const RATES_B: Rates = { usd: { kgs: 88 } };

describe('createRatesClient', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits 500 ms by default', () => {
    expect(RATES_WAIT_MS).toBe(500);
  });

  it('fetches once and caches by date, or under the current key without a date', async () => {
    const fetchRates = jest.fn(async (date?: string) => (date ? RATES_B : RATES_A));
    const client = createRatesClient({ fetchRates });
    await expect(client.getRates()).resolves.toBe(RATES_A);
    await expect(client.getRates('2026-11-21')).resolves.toBe(RATES_B);
    expect(fetchRates.mock.calls).toEqual([[], ['2026-11-21']]);
    expect(client.cached()).toBe(RATES_A);
    expect(client.cached(undefined)).toBe(client.cached(CURRENT_RATES_KEY));
    expect(client.cached('2026-11-21')).toBe(RATES_B);
    expect(client.cached('2026-11-22')).toBeUndefined();
  });

  it('never fetches a cached date again', async () => {
    const fetchRates = jest.fn(async () => RATES_A);
    const client = createRatesClient({ fetchRates });
    await client.getRates('2026-11-21');
    for (let i = 0; i < 5; i += 1) {
      await expect(client.getRates('2026-11-21')).resolves.toBe(RATES_A);
    }
    expect(fetchRates).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('makes a second caller wait exactly 500 ms, then use what the first cached', async () => {
    const first = deferred();
    const fetchRates = jest.fn(() => first.promise);
    const client = createRatesClient({ fetchRates });

    const a = track(client.getRates('2026-11-21'));
    const b = track(client.getRates('2026-11-21'));
    expect(fetchRates).toHaveBeenCalledTimes(1);

    first.resolve(RATES_A);
    await jest.advanceTimersByTimeAsync(RATES_WAIT_MS - 1);
    expect(a.value()).toBe(RATES_A);
    expect(b.settled()).toBe(false);

    await jest.advanceTimersByTimeAsync(1);
    expect(b.value()).toBe(RATES_A);
    expect(fetchRates).toHaveBeenCalledTimes(1);
  });

  it('makes the waiting caller fetch itself when the cache is still empty after the wait', async () => {
    const first = deferred();
    const second = deferred();
    const fetchRates = jest
      .fn<Promise<Rates>, [string?]>()
      .mockReturnValueOnce(first.promise)
      .mockReturnValueOnce(second.promise);
    const client = createRatesClient({ fetchRates });

    const a = track(client.getRates('2026-11-21'));
    const b = track(client.getRates('2026-11-21'));
    await jest.advanceTimersByTimeAsync(RATES_WAIT_MS);
    expect(fetchRates).toHaveBeenCalledTimes(2);

    second.resolve(RATES_B);
    await jest.advanceTimersByTimeAsync(0);
    expect(b.value()).toBe(RATES_B);
    expect(a.settled()).toBe(false);

    first.resolve(RATES_A);
    await jest.advanceTimersByTimeAsync(0);
    expect(a.value()).toBe(RATES_A);
  });

  it('waits while a request for any date is in flight', async () => {
    const first = deferred();
    const fetchRates = jest
      .fn<Promise<Rates>, [string?]>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce(RATES_B);
    const client = createRatesClient({ fetchRates });

    track(client.getRates('2026-11-21'));
    const other = track(client.getRates('2026-11-22'));
    await jest.advanceTimersByTimeAsync(RATES_WAIT_MS - 1);
    expect(fetchRates).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchRates).toHaveBeenLastCalledWith('2026-11-22');
    expect(other.value()).toBe(RATES_B);
    first.resolve(RATES_A);
    await jest.advanceTimersByTimeAsync(0);
    expect(client.cached('2026-11-21')).toBe(RATES_A);
    expect(client.cached('2026-11-22')).toBe(RATES_B);
  });

  it('does not wait once the request in flight has finished', async () => {
    const fetchRates = jest.fn(async (date?: string) =>
      date === '2026-11-21' ? RATES_A : RATES_B,
    );
    const client = createRatesClient({ fetchRates });
    await client.getRates('2026-11-21');
    await expect(client.getRates('2026-11-22')).resolves.toBe(RATES_B);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('caches nothing and rejects when a fetch fails, so the next call fetches again', async () => {
    const fetchRates = jest
      .fn<Promise<Rates>, [string?]>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce(RATES_A);
    const client = createRatesClient({ fetchRates });
    await expect(client.getRates('2026-11-21')).rejects.toThrow('network');
    expect(client.cached('2026-11-21')).toBeUndefined();
    await expect(client.getRates('2026-11-21')).resolves.toBe(RATES_A);
    expect(fetchRates).toHaveBeenCalledTimes(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('makes a waiting caller fetch itself when the request in flight failed', async () => {
    const first = deferred();
    const fetchRates = jest
      .fn<Promise<Rates>, [string?]>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce(RATES_B);
    const client = createRatesClient({ fetchRates });
    const a = client.getRates();
    const b = track(client.getRates());
    first.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await jest.advanceTimersByTimeAsync(RATES_WAIT_MS);
    expect(b.value()).toBe(RATES_B);
    expect(client.cached()).toBe(RATES_B);
  });

  it('forgets everything on clear, including requests still in flight', async () => {
    const first = deferred();
    const fetchRates = jest
      .fn<Promise<Rates>, [string?]>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce(RATES_B);
    const client = createRatesClient({ fetchRates });
    const a = track(client.getRates());
    client.clear();
    first.resolve(RATES_A);
    await jest.advanceTimersByTimeAsync(0);
    expect(a.value()).toBe(RATES_A);
    expect(client.cached()).toBeUndefined();
    await expect(client.getRates()).resolves.toBe(RATES_B);
    client.clear();
    expect(client.cached()).toBeUndefined();
  });

  it('accepts its own wait and sleep', async () => {
    const first = deferred();
    const sleep = jest.fn(async () => {
      first.resolve(RATES_A);
      await first.promise;
    });
    const fetchRates = jest.fn(() => first.promise);
    const client = createRatesClient({ fetchRates, waitMs: 20, sleep });
    const a = client.getRates();
    await expect(client.getRates()).resolves.toBe(RATES_A);
    await expect(a).resolves.toBe(RATES_A);
    expect(sleep).toHaveBeenCalledWith(20);
    expect(fetchRates).toHaveBeenCalledTimes(1);
  });
});

describe('sleepMs', () => {
  it('resolves after the given time and not before', async () => {
    jest.useFakeTimers();
    const slept = track(sleepMs(100));
    await jest.advanceTimersByTimeAsync(99);
    expect(slept.settled()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(slept.settled()).toBe(true);
    jest.useRealTimers();
  });
});
