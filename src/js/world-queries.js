// capsule2d — a World's queries: rayCast, sweepBall, queryCircle, queryBox and
// their batch forms (methods of World.prototype, installed by world.js).
import * as rt from './runtime.js';
import { f32, maxFraction as maxFractionArg, outOfRange, radius as radiusArg } from './check.js';
import { BAD_VALUE, describe } from './errors.js';
import { RayBatch, SweepBatch, NO_HIT } from './batch.js';
import { readRay, readSweep } from './hits.js';
import { madeArg, fieldNames } from './heap.js';
import {
  ALIVE, F_FLAGS, F_GENERATION, STATIC_INFO as SI, STATIC_INFO_WORDS as SIW, WORLD_ERROR, RAY_IN, SWEEP_IN, BODY_FIELD,
} from './world-layout.js';
import { KIND_BALL, KIND_STATIC } from './world-handles.js';

function many(name, batch, cls, what) {
  const rc = this._call(name, batch._ptr());
  if (rc >= 0) return rc;
  if (rc !== BAD_VALUE) throw this._error(rc, what);
  const e = rt.wasm.capw_world_error(this._p()) >>> 2;
  const index = rt.heapI32[e + WORLD_ERROR.slot], col = rt.heapI32[e + WORLD_ERROR.field];
  const field = fieldNames(cls)[col]; // cap_world_error.field: the batch's field number (its arrays' order)
  if (cls === RayBatch && field === 'dy' && batch.dx[index] === 0 && batch.dy[index] === 0) {
    throw new RangeError(`${what} (dx[${index}], dy[${index}]) must not be the zero vector, got (0, 0)`);
  }
  const value = batch[field][index];
  const why = Number.isFinite(value) && outOfRange(value) ? ` (${outOfRange(value)})` : value < 0 ? ' (must be >= 0)' : '';
  throw new RangeError(`${what}.${field}[${index}] is ${value}${why}`);
}
// The query paths are a game's hot path: they call wasm directly and read
// the generations straight from the heap (no view or key string made per call).
function answer(n) {
  const ptr = this._p(), W = rt.wasm, u = rt.heapU32; // after the query call (memory may have grown)
  const at = W.capw_world_query_results(ptr) >>> 2;
  const gens = W.capw_world_ball_field(ptr, F_GENERATION) >>> 2, info = W.capw_world_static_info(ptr) >>> 2;
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const v = u[at + i];
    out[i] = v >= 0x80000000 ? this._handleOf(v & 0x7fffffff, KIND_BALL, u[gens + (v & 0x7fffffff)])
      : v >= BODY_WORD ? handleOfWord(this, ptr, v) : this._handleOf(v, KIND_STATIC, u[info + SIW * v + SI.generation]);
  }
  return out;
}

// Hit words (capsule2d_world.h): (1 << 31) | slot a ball, (1 << 30) | slot a
// capsule body, else a static's slot (static slots stay below 2^30).
const BALL_WORD = 0x80000000, BODY_WORD = 0x40000000;
const kindOfWord = (word) => (word >= BALL_WORD ? 'ball' : word >= BODY_WORD ? 'body' : 'static');

/** The handle of a hit's index word (a live object's), read after the call. */
function handleOfWord(world, ptr, word) {
  const u = rt.heapU32;
  if (word >= BALL_WORD) {
    const slot = word - BALL_WORD;
    return world._handleOf(slot, KIND_BALL, u[(rt.wasm.capw_world_ball_field(ptr, F_GENERATION) >>> 2) + slot]);
  }
  if (word >= BODY_WORD) {
    const slot = word - BODY_WORD;
    return world.capsuleBodies._handle(slot, u[(rt.wasm.capw_world_body_field(ptr, BODY_FIELD.generation) >>> 2) + slot]);
  }
  return world._handleOf(word, KIND_STATIC, u[(rt.wasm.capw_world_static_info(ptr) >>> 2) + SIW * word + SI.generation]);
}

// The argument block's heap word (capw_world_params: a fixed block of the
// wasm context, the same for every world), asked once per module instance
// and memory (rt.generation: refreshed on every growth, the one place the
// heap views are re-made), not once per query.
let paramsWord = 0, paramsGeneration = -1;
function params(ptr) {
  if (paramsGeneration !== rt.generation) {
    paramsWord = rt.wasm.capw_world_params(ptr) >>> 2;
    paramsGeneration = rt.generation;
  }
  return paramsWord;
}

// rayCast's and sweepBall's answers, made by the one reader of each record
// (hits.js) with the world and its pointer as context.
const rayAnswer = (c, index, fraction, x, y, nx, ny, startsInside) => ({
  fraction, x, y, nx, ny, startsInside,
  kind: kindOfWord(index), handle: handleOfWord(c.world, c.ptr, index),
});
const sweepAnswer = (c, index, t, x, y, nx, ny, px, py, startsInside) => ({
  t, x, y, nx, ny, px, py, startsInside,
  kind: kindOfWord(index), handle: handleOfWord(c.world, c.ptr, index),
});
// (one context object, reused: read before any user code can run again)
const answerContext = { world: null, ptr: 0 };

/** The queries of World (copied onto World.prototype). */
export class WorldQueries {
  // ---- queries -----------------------------------------------------------------------
  /** Closest hit of the ray O + s D, s in [0, maxFraction], over balls, statics (sensors excluded) and capsule bodies. */
  rayCast(ox, oy, dx, dy, maxFraction = 1) {
    const ptr = this._p();
    ox = f32(ox, 'ox'); oy = f32(oy, 'oy'); dx = f32(dx, 'dx'); dy = f32(dy, 'dy');
    maxFraction = maxFractionArg(maxFraction, 'maxFraction');
    if (dx === 0 && dy === 0) throw new RangeError(`(dx, dy) must not be the zero vector, got (${dx}, ${dy})`);
    const p = params(ptr), a = rt.heapF32;
    a[p + RAY_IN.ox] = ox; a[p + RAY_IN.oy] = oy; a[p + RAY_IN.dx] = dx; a[p + RAY_IN.dy] = dy; a[p + RAY_IN.maxFraction] = maxFraction;
    if (!rt.wasm.capw_world_ray_cast(ptr)) return null;
    // after the call (building the query index may grow memory): the one ray-hit record
    answerContext.world = this; answerContext.ptr = ptr;
    return readRay(p, rayAnswer, answerContext);
  }

  /** Handles of the balls, statics and capsule bodies overlapping the circle (touching counts): balls, statics, bodies, each by slot. */
  queryCircle(x, y, radius) {
    const ptr = this._p();
    x = f32(x, 'x'); y = f32(y, 'y'); radius = radiusArg(radius, 'radius');
    return answer.call(this, rt.wasm.capw_world_query_circle(ptr, x, y, radius));
  }

  /** Handles of the balls, statics and capsule bodies overlapping the box [x0, x1] x [y0, y1] (touching counts), in queryCircle's order. */
  queryBox(x0, y0, x1, y1) {
    const ptr = this._p();
    x0 = f32(x0, 'x0'); y0 = f32(y0, 'y0'); x1 = f32(x1, 'x1'); y1 = f32(y1, 'y1');
    if (x1 < x0) throw new RangeError(`x1 must be >= x0, got x0 ${x0}, x1 ${x1}`);
    if (y1 < y0) throw new RangeError(`y1 must be >= y0, got y0 ${y0}, y1 ${y1}`);
    return answer.call(this, rt.wasm.capw_world_query_box(ptr, x0, y0, x1, y1));
  }

  /**
   * The first hit of a ball of `radius` swept from (x0, y0) to (x1, y1) over
   * balls, statics (sensors excluded) and capsule bodies, or null. Touching at the end counts;
   * a start in contact or overlap is t = 0 with startsInside.
   */
  sweepBall(x0, y0, x1, y1, radius) {
    const ptr = this._p();
    x0 = f32(x0, 'x0'); y0 = f32(y0, 'y0'); x1 = f32(x1, 'x1'); y1 = f32(y1, 'y1');
    radius = radiusArg(radius, 'radius');
    const p = params(ptr), a = rt.heapF32;
    a[p + SWEEP_IN.x0] = x0; a[p + SWEEP_IN.y0] = y0; a[p + SWEEP_IN.x1] = x1; a[p + SWEEP_IN.y1] = y1; a[p + SWEEP_IN.radius] = radius;
    if (!rt.wasm.capw_world_sweep_ball(ptr)) return null;
    // after the call (memory may have grown): the one sweep-hit record
    answerContext.world = this; answerContext.ptr = ptr;
    return readSweep(p, sweepAnswer, answerContext);
  }

  /**
   * Many rays against the world in one call: a RayBatch (the batch layer's;
   * inputs ox, oy, dx, dy, maxFraction) gets each ray's closest hit, as
   * rayCast's: index = hitHandle's word ((1 << 31) | slot for a ball,
   * (1 << 30) | slot for a capsule body, the static's slot), or NO_HIT with
   * the other outputs 0. Every input is
   * checked first (RangeError naming rays.<field>[i], nothing written).
   * Returns how many hit.
   */
  castRays(rays) {
    this._p();
    madeArg(rays, RayBatch, 'rays');
    return many.call(this, 'capw_world_cast_rays', rays, RayBatch, 'rays');
  }

  /** The same for many swept balls: a SweepBatch (x0, y0, x1, y1, radius) gets each sweepBall answer. */
  sweepBalls(sweeps) {
    this._p();
    madeArg(sweeps, SweepBatch, 'sweeps');
    return many.call(this, 'capw_world_sweep_balls', sweeps, SweepBatch, 'sweeps');
  }


  /**
   * The handle named by a castRays / sweepBalls index word (or a C query
   * word): (1 << 31) | slot is a ball, (1 << 30) | slot a capsule body, a
   * smaller word a static's slot; NO_HIT gives null. RangeError when the
   * slot holds nothing.
   */
  hitHandle(word) {
    this._p();
    if (typeof word !== 'number') throw new TypeError(`word must be a number, got ${describe(word)}`);
    if (!Number.isInteger(word) || word < 0 || word > NO_HIT) throw new RangeError(`word must be a u32, got ${word}`);
    if (word === NO_HIT) return null;
    if (word >= 0x80000000) {
      const slot = word - 0x80000000;
      if (slot >= this._call('capw_world_ball_slots') || !(this._view(F_FLAGS)[slot] & ALIVE)) throw new RangeError(`word ${word}: ball slot ${slot} holds no ball`);
      return this._handleOf(slot, KIND_BALL, this._view(F_GENERATION)[slot]);
    }
    if (word >= BODY_WORD) {
      const slot = word - BODY_WORD, bodies = this.capsuleBodies;
      if (slot >= bodies.slotCount || !bodies.alive(slot)) throw new RangeError(`word ${word}: capsule body slot ${slot} holds no capsule body`);
      return bodies._handle(slot);
    }
    const info = this._staticInfo();
    if (word >= this._call('capw_world_static_slots') || !(info[SIW * word + SI.alive] & 1)) throw new RangeError(`word ${word}: static slot ${word} holds no static`);
    return this._handleOf(word, KIND_STATIC, info[SIW * word + SI.generation]);
  }
}
