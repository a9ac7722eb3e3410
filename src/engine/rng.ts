/**
 * Seeded pseudo-random numbers for rulesets.
 *
 * Algorithm (documented so that any turn can be re-computed by hand or in another language):
 * - The stream key is the UTF-8 string `${gameSeed}/${streamName}` (for example `42/turn/7`).
 * - SHA-256 of that string gives 32 bytes; the first 16 are read as four little-endian uint32
 *   words a, b, c, d, which seed **sfc32** (Chris Doty-Humphrey's Small Fast Chaotic generator,
 *   from PractRand). 12 outputs are discarded to mix the state.
 * - `next()` returns the next sfc32 output divided by 2^32, a real in [0, 1).
 *
 * Each turn (or each decision step) draws from its own stream, so re-running turn N needs only
 * the game seed and N, never the draws of earlier turns.
 */
import { sha256 } from '@noble/hashes/sha2.js';

export interface Rng {
  /** Uniform real in [0, 1). */
  next(): number;
  /** Uniform real in [a, b]. */
  uniform(a: number, b: number): number;
  /** Uniform integer in [a, b] (both inclusive). */
  int(a: number, b: number): number;
  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** True with probability p. */
  chance(p: number): boolean;
}

export function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** Wraps any [0,1) source as an Rng (tests use this to script exact draws). */
export function rngFromSource(source: () => number): Rng {
  const rng: Rng = {
    next: source,
    uniform: (a, b) => a + (b - a) * source(),
    int: (a, b) => {
      if (b < a) throw new Error(`rng.int: empty range [${a}, ${b}]`);
      return a + Math.floor(source() * (b - a + 1));
    },
    pick: (items) => {
      if (items.length === 0) throw new Error('rng.pick: empty list');
      return items[Math.floor(source() * items.length)]!;
    },
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(source() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    chance: (p) => source() < p,
  };
  return rng;
}

/** The stream `${seed}/${name}`, as documented above. */
export function createRng(seed: string | number, stream: string): Rng {
  const digest = sha256(new TextEncoder().encode(`${seed}/${stream}`));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const src = sfc32(view.getUint32(0, true), view.getUint32(4, true), view.getUint32(8, true), view.getUint32(12, true));
  for (let i = 0; i < 12; i++) src();
  return rngFromSource(src);
}

/** A scripted source for tests: returns the given values in order, then fails loudly. */
export function scriptedRng(values: number[]): Rng {
  let i = 0;
  return rngFromSource(() => {
    if (i >= values.length) throw new Error(`scripted rng exhausted after ${values.length} draws`);
    return values[i++]!;
  });
}
