/** A refused request as the audit log writes it. */
export interface Refusal {
  ip: string | null;
  userId: number | null;
  status: number;
  method: string;
  url: string;
}

/** The refusals of one caller and status not written one by one in a window: one row instead. */
export interface RepeatedRefusals extends Refusal {
  /** How many were counted, not written (method and url: the last one's). */
  count: number;
  first: Date;
  last: Date;
  /** Counted together because too many callers were being followed (ip and user then null). */
  manyCallers: boolean;
}

export interface RefusalTallyOptions {
  /** Refusals written one by one per caller and status in a window. */
  perWindow: number;
  windowMs: number;
  /** Callers followed at once; past it, new callers' refusals are counted together. */
  maxCallers: number;
  now: () => number;
}

interface Window {
  key: Refusal;
  manyCallers: boolean;
  started: number;
  written: number;
  counted: number;
  first: number;
  last: number;
  method: string;
  url: string;
}

/**
 * Keeps a flood of refusals from growing the audit log without bound (an anonymous script, a
 * broken client retrying): per caller (address and user) and status, the first `perWindow`
 * refusals of a window are written one by one, the rest only counted, and each window that
 * counted any ends as one row with the count, the first and last time and the last URL. In memory
 * and per API instance: the bound is on rows, not on what an attacker may send.
 */
export class RefusalTally {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly options: RefusalTallyOptions) {}

  /**
   * Notes a refusal: whether to write it one by one, and the windows it found ended (to write as
   * repeated refusals).
   */
  note(refusal: Refusal): { write: boolean; ended: RepeatedRefusals[] } {
    const now = this.options.now();
    const ended: RepeatedRefusals[] = [];
    let key = keyOf(refusal);
    let window = this.windows.get(key);
    if (window && now - window.started >= this.options.windowMs) {
      this.end(key, window, ended);
      window = undefined;
    }
    if (!window) {
      let manyCallers = false;
      if (this.windows.size >= this.options.maxCallers) ended.push(...this.drain());
      if (this.windows.size >= this.options.maxCallers) {
        manyCallers = true;
        key = `*|${refusal.status}`;
        window = this.windows.get(key);
      }
      if (!window) {
        const owner = manyCallers ? { ...refusal, ip: null, userId: null } : refusal;
        window = {
          key: owner,
          manyCallers,
          started: now,
          written: 0,
          counted: 0,
          first: now,
          last: now,
          method: refusal.method,
          url: refusal.url,
        };
        this.windows.set(key, window);
      }
    }
    // Callers counted together are never written one by one: their number is unbounded.
    if (!window.manyCallers && window.written < this.options.perWindow) {
      window.written += 1;
      return { write: true, ended };
    }
    if (window.counted === 0) window.first = now;
    window.counted += 1;
    window.last = now;
    window.method = refusal.method;
    window.url = refusal.url;
    return { write: false, ended };
  }

  /** Ends the windows past their time (every window with `all`: the API stops). */
  drain(all = false): RepeatedRefusals[] {
    const now = this.options.now();
    const ended: RepeatedRefusals[] = [];
    for (const [key, window] of this.windows) {
      if (all || now - window.started >= this.options.windowMs) this.end(key, window, ended);
    }
    return ended;
  }

  /** Callers followed now (tests). */
  get size(): number {
    return this.windows.size;
  }

  private end(key: string, window: Window, into: RepeatedRefusals[]): void {
    this.windows.delete(key);
    if (window.counted === 0) return;
    into.push({
      ...window.key,
      method: window.method,
      url: window.url,
      count: window.counted,
      first: new Date(window.first),
      last: new Date(window.last),
      manyCallers: window.manyCallers,
    });
  }
}

const keyOf = (refusal: Refusal) => `${refusal.ip ?? ''}|${refusal.userId ?? ''}|${refusal.status}`;
