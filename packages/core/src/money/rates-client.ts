import { type Rates, ratesKey } from './conversion';

/** How long a caller waits while another rates request is in flight (SPEC 4, 9). */
export const RATES_WAIT_MS = 500;

/** Options of createRatesClient. */
export interface RatesClientOptions {
  /** Loads the rates of a date, or the current rates when called without one. */
  fetchRates: (date?: string) => Promise<Rates>;
  /** Wait while another request is pending; RATES_WAIT_MS by default. */
  waitMs?: number;
  /** Timer used for the wait (injectable for tests); sleepMs by default. */
  sleep?: (ms: number) => Promise<void>;
}

/** Rates fetched once per date and cached. */
export interface RatesClient {
  /** Rates of a date (or current rates): from the cache, else fetched, waiting if one is pending. */
  getRates(date?: string): Promise<Rates>;
  /** Rates already cached for a date, without fetching. */
  cached(date?: string): Rates | undefined;
  /** Empties the cache; requests still in flight will not refill it. */
  clear(): void;
}

/** Resolves after `ms` milliseconds. */
export function sleepMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A rates cache by date: a cached date is never refetched; callers wait while one is in flight. */
export function createRatesClient({
  fetchRates,
  waitMs = RATES_WAIT_MS,
  sleep = sleepMs,
}: RatesClientOptions): RatesClient {
  const cache = new Map<string, Rates>();
  let inFlight = 0;
  // Bumped by clear(), so that a request started before it cannot refill the cache.
  let generation = 0;

  return {
    async getRates(date) {
      const key = ratesKey(date);
      const hit = cache.get(key);
      if (hit) return hit;
      if (inFlight > 0) {
        await sleep(waitMs);
        const filled = cache.get(key);
        if (filled) return filled;
      }
      const started = generation;
      inFlight += 1;
      try {
        const rates = await (date ? fetchRates(date) : fetchRates());
        if (started === generation) cache.set(key, rates);
        return rates;
      } finally {
        inFlight -= 1;
      }
    },
    cached(date) {
      return cache.get(ratesKey(date));
    },
    clear() {
      cache.clear();
      generation += 1;
    },
  };
}
