/**
 * The demo generator's own PRNG (mulberry32): tiny, fast, and the same sequence on every
 * machine and Node version, so a seed always means the same data set.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes seed, stream and index into one 32-bit seed (murmur3's finaliser). */
export function mixSeed(seed: number, stream: number, index: number): number {
  let h = (seed ^ Math.imul(stream, 0x9e3779b1) ^ Math.imul(index, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Random draws for one record. Each account and user gets its own instance seeded from
 * (seed, stream, index), so any record can be regenerated alone, in any order.
 */
export class Random {
  private readonly next: () => number;

  constructor(seed: number, stream = 0, index = 0) {
    this.next = mulberry32(mixSeed(seed, stream, index));
  }

  float(): number {
    return this.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  /** A log-normal factor around 1 (spread ~ sigma): engagement, deal sizes. */
  logNormal(sigma: number): number {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return Math.exp(sigma * normal - (sigma * sigma) / 2);
  }
}
