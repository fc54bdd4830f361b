import { sql } from 'kysely';
import { listen } from '../src/db/notifications';
import { useTestDatabase } from './database';

// db/notifications.ts: a LISTEN on a connection of its own hears what any connection says, and
// listens again after its connection was lost, saying so (what was said meanwhile is unknown).

const database = useTestDatabase({ max: 3 });

/** Resolves with the next value pushed, or rejects after `ms`. */
function inbox<T>() {
  const items: T[] = [];
  const waiting: ((item: T) => void)[] = [];
  return {
    push: (item: T) => {
      const waiter = waiting.shift();
      if (waiter) waiter(item);
      else items.push(item);
    },
    next: (ms = 5_000) =>
      new Promise<T>((resolve, reject) => {
        const ready = items.shift();
        if (ready !== undefined) return resolve(ready);
        const waiter = (item: T) => {
          clearTimeout(timer);
          resolve(item);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`nothing within ${ms} ms`));
        }, ms);
        waiting.push(waiter);
      }),
  };
}

const say = (text: string) => sql`select pg_notify('test_channel', ${text})`.execute(database().db);

/** Says `text` until the listener hears something (its LISTEN may not be in place yet). */
async function sayUntilHeard(text: string, heard: ReturnType<typeof inbox<string>>) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await say(text);
    const got = await heard.next(200).catch(() => null);
    if (got !== null) return got;
  }
  throw new Error('the listener never heard');
}

it('hears what another connection says, and listens again after its connection is lost', async () => {
  const heard = inbox<string>();
  const resumed = inbox<true>();
  const listening = listen(database().db, {
    channel: 'test_channel',
    onMessage: heard.push,
    onResumed: () => resumed.push(true),
    relistenDelayMs: 50,
  });
  if (!listening) throw new Error('a database of createDatabase can be listened to');
  try {
    expect(await sayUntilHeard('первое', heard)).toBe('первое');

    // Its connection cut by the server (a restart, a failover): it comes back and says so.
    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where application_name = 'tour-api-listener' and datname = current_database()`.execute(
      database().db,
    );
    expect(rows.map((row) => row.ended)).toEqual([true]);
    await expect(resumed.next()).resolves.toBe(true);
    await say('второе');
    await expect(heard.next()).resolves.toBe('второе');
  } finally {
    await listening.close();
  }
  // Closed: its connection is gone and nothing is heard any more.
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where application_name = 'tour-api-listener' and datname = current_database()`.execute(
    database().db,
  );
  expect(rows[0]!.n).toBe(0);
});

it('listens to nothing on a database it cannot connect to by itself', () => {
  expect(
    listen({} as never, { channel: 'test_channel', onMessage: () => {}, onResumed: () => {} }),
  ).toBeNull();
});
