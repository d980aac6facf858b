// capsule2d — the world's handles: stamps that make a handle name one life of
// one slot in one world (see the comment below), never another's.
// Handles: slot + 2^20 * (kind + 2 * (stamp mod 2^32)), a safe integer
// below 2^53. A stamp names one life of a slot (one generation of it in one
// world) and is never given to two lives of the same slot and kind in the
// process (until the slot's 2^32 stamps wrap): so a handle of another world,
// live or destroyed, or of a removed object, is never another world's or
// object's handle. Why not slot + generation + a world id: 20 + 1 + 32 bits
// leave none for the generation in 53. Stamps come from one counter per
// (kind, slot) for the process (`stampCounters`), in chunks a world takes
// when it first needs a stamp for a generation of that slot: one stamp, then
// 2, 4, ... (a world that reuses a slot often takes few chunks; a world that
// uses it once takes one stamp). Within a chunk, generation g0 + i has stamp
// base + i, so a world's handle of (slot, generation) is the same number
// whenever it is made (ballHandle, queries, after restore()).
export const SLOT_BITS = 2 ** 20;
export const STAMPS = 2 ** 32;
export const MAX_CHUNK = 2 ** 20;
export const KIND_BALL = 0;
export const KIND_STATIC = 1;
/** Per kind: the next unused stamp of each slot (a plain number, may pass 2^32: handles take it mod 2^32). */
export const stampCounters = [new Float64Array(0), new Float64Array(0)];

/** Doubles a Float64Array's length until it holds index i (new entries 0). */
export function holding(a, i) {
  if (i < a.length) return a;
  let n = Math.max(16, a.length);
  while (n <= i) n *= 2;
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

/**
 * One world's stamps for one kind: per slot, chunks (first generation,
 * size, first stamp), the first in a typed array, any later ones in `more`.
 */
export class StampTable {
  #kind;
  #first = new Float64Array(0); // 3 per slot: g0, size (0: none), base
  #more = new Map(); // slot -> [g0, size, base, ...] (later chunks, in the order taken)
  constructor(kind) { this.#kind = kind; }

  /** The stamp of (slot, generation), or -1 when this world has none for it. */
  find(slot, gen) {
    const f = this.#first, k = 3 * slot;
    if (k >= f.length || f[k + 1] === 0) return -1;
    if (gen >= f[k] && gen - f[k] < f[k + 1]) return f[k + 2] + (gen - f[k]);
    const more = this.#more.get(slot);
    if (more !== undefined) {
      for (let i = 0; i < more.length; i += 3) if (gen >= more[i] && gen - more[i] < more[i + 1]) return more[i + 2] + (gen - more[i]);
    }
    return -1;
  }

  /** The stamp of (slot, generation), taking a new chunk from the process's counter when it has none. */
  stamp(slot, gen) {
    const got = this.find(slot, gen);
    if (got >= 0) return got;
    const counters = (stampCounters[this.#kind] = holding(stampCounters[this.#kind], slot));
    this.#first = holding(this.#first, 3 * slot + 2);
    const f = this.#first, k = 3 * slot, more = this.#more.get(slot);
    const last = more !== undefined ? more[more.length - 2] : f[k + 1];
    const size = last === 0 ? 1 : Math.min(2 * last, MAX_CHUNK), base = counters[slot];
    counters[slot] = base + size;
    if (f[k + 1] === 0) {
      f[k] = gen; f[k + 1] = size; f[k + 2] = base;
    } else if (more === undefined) {
      this.#more.set(slot, [gen, size, base]);
    } else {
      more.push(gen, size, base);
    }
    return base;
  }

  /** True when one of this world's chunks for slot holds a stamp equal to t mod 2^32 (a handle it made once). */
  made(slot, t) {
    const f = this.#first, k = 3 * slot;
    const holds = (size, base) => size > 0 && ((t - (base % STAMPS)) % STAMPS + STAMPS) % STAMPS < size;
    if (k < f.length && holds(f[k + 1], f[k + 2])) return true;
    const more = this.#more.get(slot);
    if (more !== undefined) for (let i = 0; i < more.length; i += 3) if (holds(more[i + 1], more[i + 2])) return true;
    return false;
  }
}
