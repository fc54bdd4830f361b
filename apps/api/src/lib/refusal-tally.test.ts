import { RefusalTally, type Refusal } from './refusal-tally';

// The bound on refusal rows in the audit log: per caller and status, `perWindow` written one by
// one a window, the rest counted into one row when the window ends.

let now = 0;
const tally = (maxCallers = 100) =>
  new RefusalTally({ perWindow: 3, windowMs: 60_000, maxCallers, now: () => now });

const refusal = (patch: Partial<Refusal> = {}): Refusal => ({
  ip: '203.0.113.7',
  userId: null,
  status: 401,
  method: 'GET',
  url: '/api/admin/users',
  ...patch,
});

beforeEach(() => {
  now = Date.UTC(2026, 10, 26, 9, 0, 0);
});

describe('RefusalTally', () => {
  it('writes the first three of a window, counts the rest, and ends the window as one row', () => {
    const t = tally();
    const writes: boolean[] = [];
    for (let i = 0; i < 8; i += 1) {
      now += 1_000;
      const { write, ended } = t.note(refusal({ url: `/api/x/${i}` }));
      writes.push(write);
      expect(ended).toEqual([]);
    }
    expect(writes).toEqual([true, true, true, false, false, false, false, false]);
    // Not yet a minute since the first (at +1 s): nothing ends.
    now += 52_000;
    expect(t.drain()).toEqual([]);
    now += 1_000;
    expect(t.drain()).toEqual([
      {
        ip: '203.0.113.7',
        userId: null,
        status: 401,
        method: 'GET',
        url: '/api/x/7',
        count: 5,
        first: new Date(Date.UTC(2026, 10, 26, 9, 0, 4)),
        last: new Date(Date.UTC(2026, 10, 26, 9, 0, 8)),
        manyCallers: false,
      },
    ]);
    expect(t.size).toBe(0);
    // A new window: written one by one again.
    expect(t.note(refusal()).write).toBe(true);
  });

  it('a window that wrote everything ends without a row', () => {
    const t = tally();
    t.note(refusal());
    t.note(refusal());
    now += 60_000;
    expect(t.drain()).toEqual([]);
    expect(t.size).toBe(0);
  });

  it('the next refusal of a caller after its window ends that window', () => {
    const t = tally();
    for (let i = 0; i < 5; i += 1) t.note(refusal());
    now += 61_000;
    const { write, ended } = t.note(refusal({ method: 'POST' }));
    expect(write).toBe(true);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ count: 2, method: 'GET' });
  });

  it('callers are told apart by address, user and status', () => {
    const t = tally();
    for (let i = 0; i < 3; i += 1) t.note(refusal());
    expect(t.note(refusal()).write).toBe(false);
    expect(t.note(refusal({ ip: '198.51.100.9' })).write).toBe(true);
    expect(t.note(refusal({ userId: 7 })).write).toBe(true);
    expect(t.note(refusal({ status: 403 })).write).toBe(true);
    expect(t.size).toBe(4);
  });

  it('past the callers it may follow, new callers are counted together, never written', () => {
    const t = tally(2);
    expect(t.note(refusal({ ip: '192.0.2.1' })).write).toBe(true);
    expect(t.note(refusal({ ip: '192.0.2.2' })).write).toBe(true);
    for (let i = 3; i <= 9; i += 1) {
      expect(t.note(refusal({ ip: `192.0.2.${i}`, url: `/api/${i}` })).write).toBe(false);
    }
    // The two followed callers, and one window for everyone else.
    expect(t.size).toBe(3);
    const ended = t.drain(true);
    expect(ended).toEqual([
      {
        ip: null,
        userId: null,
        status: 401,
        method: 'GET',
        url: '/api/9',
        count: 7,
        first: new Date(now),
        last: new Date(now),
        manyCallers: true,
      },
    ]);
  });

  it('a full table first ends the windows past their time', () => {
    const t = tally(1);
    for (let i = 0; i < 4; i += 1) t.note(refusal({ ip: '192.0.2.1' }));
    now += 60_000;
    const { write, ended } = t.note(refusal({ ip: '192.0.2.2' }));
    expect(write).toBe(true);
    expect(ended).toMatchObject([{ ip: '192.0.2.1', count: 1, manyCallers: false }]);
  });

  it('drain(true) ends every window, however young', () => {
    const t = tally();
    for (let i = 0; i < 4; i += 1) t.note(refusal());
    expect(t.drain()).toEqual([]);
    expect(t.drain(true)).toMatchObject([{ count: 1 }]);
    expect(t.size).toBe(0);
  });
});
