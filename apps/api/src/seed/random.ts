/** A source of uniform numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** The seed of the demo data when none is given. */
export const DEFAULT_SEED = 20_261_121;

/** mulberry32: a tiny, fast generator; the same seed always gives the same sequence. */
export function createRandom(seed: number = DEFAULT_SEED): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Helpers over a random source. */
export class Dice {
  constructor(private readonly source: RandomSource) {}

  float(min = 0, max = 1): number {
    return min + (max - min) * this.source();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.source() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.source() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.source() * items.length)] as T;
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.source() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** A whole multiple of `step` in [min, max]. */
  round(min: number, max: number, step: number): number {
    return this.int(Math.ceil(min / step), Math.floor(max / step)) * step;
  }
}
