// capsule2d — the world's handles: stamps that make a handle name one life of
// one slot in one world (see the comment below), never another's; and
// World's handle methods (WorldHandles: slots to handles and back).
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
import * as rt from './runtime.js';
import { handleArg, bits } from './check.js';
import { describe } from './errors.js';
import {
  ALIVE, F_FLAGS, F_GENERATION, F_USER_DATA, STATIC_INFO as SI, STATIC_INFO_WORDS as SIW, STATIC_RECORD, STATIC_WORDS,
} from './world-layout.js';

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

  /**
   * The handle of (slot, generation): slot + 2^20 * (kind + 2 * (stamp mod
   * 2^32)). The queries' hot path: the usual case (a stamp in the slot's
   * first chunk) is read here in one call, without find's and stamp()'s.
   */
  handle(slot, gen) {
    const f = this.#first, k = 3 * slot;
    const s = k < f.length && f[k + 1] !== 0 && gen >= f[k] && gen - f[k] < f[k + 1] ? f[k + 2] + (gen - f[k]) : this.stamp(slot, gen);
    return slot + SLOT_BITS * (this.#kind + 2 * (s < STAMPS ? s : s % STAMPS));
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

/** The kind bit a handle carries (KIND_BALL or KIND_STATIC). */
export const kindOf = (handle) => Math.floor(handle / SLOT_BITS) % 2;

/**
 * The handle methods of World (copied onto World.prototype by world.js):
 * from slots to handles and back, with named errors for a stale, foreign or
 * other-kind handle. A World gives _stamps(kind) (its StampTable of the kind),
 * _staticKindName (which of its tables made a static-bit handle), _view,
 * _staticInfo and _call.
 */
export class WorldHandles {
  /** The handle of (slot, kind, generation): for events (a removed object's generation too). @internal */
  _handleOf(slot, kind, generation) {
    return this._stamps(kind).handle(slot, generation);
  }
  /** The slot of a live object of this kind named by handle (a RangeError naming `name` otherwise). @internal */
  _slot(handle, kind, name) {
    this._p();
    handleArg(handle, name);
    const slot = handle % SLOT_BITS, k = kindOf(handle), t = Math.floor(handle / SLOT_BITS / 2);
    const what = kind === KIND_BALL ? 'ball' : 'static';
    if (k !== kind) {
      // The static kind bit is shared by statics, capsule bodies and joints: name the one this world made it for.
      const made = k === KIND_BALL ? 'ball' : this._staticKindName(slot, t);
      if (made !== null) throw new RangeError(`${name} ${handle} is a ${made} handle, not a ${what} handle`);
      throw new RangeError(`${name} ${handle} is not a ${what} handle (a static's, capsule body's or joint's of another World, or never a handle)`);
    }
    let gen = -1;
    if (kind === KIND_BALL) {
      if (slot < this._call('capw_world_ball_slots') && (this._view(F_FLAGS)[slot] & ALIVE) !== 0) gen = this._view(F_GENERATION)[slot];
    } else {
      const info = this._staticInfo();
      if (slot < this._call('capw_world_static_slots') && (info[SIW * slot + SI.alive] & 1) !== 0) gen = info[SIW * slot + SI.generation];
    }
    const table = this._stamps(kind);
    const stamp = gen < 0 ? -1 : table.find(slot, gen);
    if (stamp >= 0 && stamp % STAMPS === t) return slot;
    if (!table.made(slot, t)) {
      const made = kind === KIND_STATIC ? this._staticKindName(slot, t) : null;
      if (made !== null) throw new RangeError(`${name} ${handle} is a ${made} handle, not a ${what} handle`);
      throw new RangeError(`${name} ${handle} belongs to another World (or was never a handle)`);
    }
    throw new RangeError(`${name} ${handle} refers to a removed ${what}`);
  }
  /** The statics' slot records (cap_static_info_word), a new view. @internal */
  _staticInfo() {
    const n = this._call('capw_world_static_slots');
    return new Uint32Array(rt.wasm.memory.buffer, rt.wasm.capw_world_static_info(this._p()), SIW * Math.max(n, 1));
  }

  /** The slot (index into the views) of a ball handle. */
  slotOf(handle) { return this._slot(handle, KIND_BALL, 'handle'); }
  /**
   * True when handle is a live ball of this world; false for a removed,
   * foreign or static handle. A value that is no handle at all (not a number:
   * TypeError; NaN, negative or fractional: RangeError) throws.
   */
  hasBall(handle) {
    this._p();
    handleArg(handle, 'handle');
    try { this._slot(handle, KIND_BALL, 'handle'); return true; } catch (e) { if (e instanceof RangeError) return false; throw e; }
  }
  /** The handle of the ball in slot (RangeError when the slot is empty). */
  ballHandle(slot) {
    const n = this._call('capw_world_ball_slots');
    if (typeof slot !== 'number') throw new TypeError(`slot must be a number, got ${describe(slot)}`);
    if (!Number.isInteger(slot) || slot < 0 || slot >= n || !(this._view(F_FLAGS)[slot] & ALIVE)) {
      throw new RangeError(`slot ${slot} holds no ball`);
    }
    return this._handleOf(slot, KIND_BALL, this._view(F_GENERATION)[slot]);
  }
  /** The handle of the static in slot (RangeError when the slot is empty): the slots events and statics() give. */
  staticHandle(slot) {
    const n = this._call('capw_world_static_slots');
    if (typeof slot !== 'number') throw new TypeError(`slot must be a number, got ${describe(slot)}`);
    const info = this._staticInfo();
    if (!Number.isInteger(slot) || slot < 0 || slot >= n || !(info[SIW * slot + SI.alive] & 1)) throw new RangeError(`slot ${slot} holds no static`);
    return this._handleOf(slot, KIND_STATIC, info[SIW * slot + SI.generation]);
  }
  /** The slot of a static handle (the slot events name). */
  staticSlotOf(handle) { return this._slot(handle, KIND_STATIC, 'handle'); }
  /**
   * True when handle is a ball's handle, false when it is a static's (live or
   * removed, of any world: it reads the kind the handle carries). Not a
   * handle at all: TypeError or RangeError.
   */
  isBallHandle(handle) { return kindOf(handleArg(handle, 'handle')) === KIND_BALL; }
  /** The userData of a ball, a static or a capsule body (0 unless set). */
  userData(handle) {
    const { kind, slot, body } = anySlot(this, handle);
    if (body) return this.capsuleBodies.userData[slot];
    if (kind === KIND_BALL) return this._view(F_USER_DATA)[slot];
    return rt.heapU32[(rt.wasm.capw_world_static_records(this._p()) >>> 2) + STATIC_WORDS * slot + STATIC_RECORD.userData];
  }
  /** Sets the userData of a ball, a static or a capsule body: an integer from 0 to 0xffffffff (kept in snapshots, given by events). */
  setUserData(handle, value) {
    this._p();
    handleArg(handle, 'handle');
    value = bits(value, 'value');
    const { kind, slot, body } = anySlot(this, handle);
    if (body) this.capsuleBodies.userData[slot] = value;
    else if (kind === KIND_BALL) this._view(F_USER_DATA)[slot] = value;
    else this._call('capw_world_set_static_user_data', slot, value);
  }
}

/** The slot of a ball, static or capsule body handle of world and its kind (named errors otherwise). */
function anySlot(world, handle) {
  world._p();
  const kind = kindOf(handleArg(handle, 'handle'));
  if (kind === KIND_STATIC && world._staticKindName(handle % SLOT_BITS, Math.floor(handle / SLOT_BITS / 2)) === 'capsule body') {
    return { kind, slot: world.capsuleBodySlotOf(handle), body: true };
  }
  return { kind, slot: world._slot(handle, kind, 'handle'), body: false };
}
