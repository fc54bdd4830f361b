/**
 * How many reports one client address may send (POST /client-errors), as the login limit counts
 * wrong passwords (auth/login-throttle.ts: a count within a window from the first, then a wait
 * until that window ends), but in memory: each API instance counts its own clients, and a
 * restart forgets. It only keeps the log from being flooded.
 */
export const REPORT_WINDOW_MS = 60 * 1000;
/** Reports accepted per address in the window; the next ones are refused (429). */
export const REPORTS_PER_ADDRESS = 30;
/** Addresses remembered at most; past it a new address is refused until the windows end. */
export const MAX_ADDRESSES = 10_000;

export interface ReportThrottleOptions {
  limit?: number;
  windowMs?: number;
  maxAddresses?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * A counter per address. The returned function takes one report of `address`: 0 when it is
 * accepted (and counted), otherwise the seconds to wait (refused reports are not counted).
 */
export function reportThrottle(options: ReportThrottleOptions = {}) {
  const limit = options.limit ?? REPORTS_PER_ADDRESS;
  const windowMs = options.windowMs ?? REPORT_WINDOW_MS;
  const maxAddresses = options.maxAddresses ?? MAX_ADDRESSES;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { first: number; count: number }>();
  let swept = now();

  const waitUntil = (end: number, at: number) => Math.max(1, Math.ceil((end - at) / 1000));

  return (address: string): number => {
    const at = now();
    // Forget ended windows once per window: memory stays within the addresses of two windows.
    if (at - swept >= windowMs) {
      for (const [key, window] of windows) {
        if (at - window.first >= windowMs) windows.delete(key);
      }
      swept = at;
    }
    let window = windows.get(address);
    if (window && at - window.first >= windowMs) window = undefined;
    if (!window) {
      if (windows.size >= maxAddresses && !windows.has(address)) {
        // Too many addresses at once (a flood from many): new ones wait for a sweep.
        return waitUntil(swept + windowMs, at);
      }
      window = { first: at, count: 0 };
      windows.set(address, window);
    }
    if (window.count >= limit) return waitUntil(window.first + windowMs, at);
    window.count += 1;
    return 0;
  };
}
