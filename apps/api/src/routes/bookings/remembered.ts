import type { Db } from '../../db/database';

/**
 * What the booking screens show, remembered per database under the booking generation (migration
 * booking-generation: a number the triggers move in the same transaction as any change of what
 * these screens show). The generation is read before the data, so data is never older than the
 * number it is kept under; another API instance's writes move it too. The latest `size` keys.
 */
export function rememberedUntilBookingsChange<T>(size: number) {
  const kept = new WeakMap<object, Map<string, { generation: string; value: T }>>();
  return async (db: Db, key: string, compute: () => Promise<T>): Promise<T> => {
    const row = await db.selectFrom('booking_generation').select('n').executeTakeFirst();
    // Its row emptied by hand: nothing moves a generation, so nothing is remembered.
    if (!row) return compute();
    const generation = String(row.n);
    let entries = kept.get(db);
    if (!entries) kept.set(db, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && hit.generation === generation) {
      // Most recently used last: the oldest key is the one dropped.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const value = await compute();
    entries.delete(key);
    entries.set(key, { generation, value });
    if (entries.size > size) entries.delete(entries.keys().next().value!);
    return value;
  };
}
