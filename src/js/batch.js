// capsule2d — batch queries over shared memory. Sets of circles and capsules
// and the contact/index buffers live in wasm memory (allocated by C); JS
// writes and reads them in place through typed-array views, and each query
// is ONE call. Conventions: capsule2d_batch.h and batch.d.ts.
//
// The sets and buffers are declared from their field tables with heap.js's
// defineSoA, which also holds the view rules: views are reached only through
// getters and are live until the next call that may allocate or free (a
// constructor, reserve, destroy, any query: they may grow memory); reserve()
// that moves the arrays and destroy() detach every view kept (a kept view
// never aliases memory the allocator hands out again). Keep the object, not
// the view.
//
// Every word this file reads from C (the structs' fields, the error block,
// the cast block) is in batchLayout() below, checked against the module's
// capw_batch_layout() (src/wasm/exports_layout.c) before the first use.
import * as rt from './runtime.js';
import { readRayHit, readSweepHit, hitFrame } from './hits.js';
import { f32, radius as radiusArg, maxFraction as maxFractionArg, nonZero, resultObject, outOfRange, readOptions, bool } from './check.js';
import {
  resultFrame, writeBatchContact, writeRayClosest, writeSweepClosest, RAY_CLOSEST, SWEEP_CLOSEST, BATCH_CONTACT,
} from './results.js';
import { BAD_VALUE, NO_MEMORY, ZERO_DIRECTION, describe, outOfMemory, statusError } from './errors.js';
import {
  F32, U32, I32, COUNT_WORD, MAX_CAPACITY as CAPACITY_LIMIT, HeapObject, StructOfArrays, defineSoA, indexArg, madeArg, notMade,
  fieldNames, soaLayout, checkLayout,
} from './heap.js';

/** Largest capacity accepted for a set or buffer. */
export const MAX_CAPACITY = CAPACITY_LIMIT;

/** The index a RayBatch / SweepBatch holds for an input that hit nothing. */
export const NO_HIT = 0xffffffff;

// cap_batch_error (capsule2d_batch.h): the words of the error block and the
// set numbers of its `set` word; `field` is a field's place in its class's
// field table.
const ERROR_WORDS = [['code', I32], ['set', I32], ['field', I32], ['index', U32]];
const [ERR_SET, ERR_FIELD, ERR_INDEX] = ['set', 'field', 'index'].map((f) => ERROR_WORDS.findIndex((w) => w[0] === f));
const SET_CAPSULES = 0, SET_CIRCLES = 1, SET_QUERY = 2;
// The cast block (capw_cast_out()): word k of a ray's (a sweep's) closest hit is
// RAY_CLOSEST[k] (SWEEP_CLOSEST[k]); index and startsInside are uint32.
const CAST_WORDS = 9;
const castType = (name) => (name === 'index' || name === 'startsInside' ? U32 : F32);

let layoutChecked = null; // the module whose layout matched

/** The module is loaded and its layout is the one this file reads (checked once). */
function ready() {
  if (rt.wasm === null) rt.notReady();
  if (layoutChecked !== rt.wasm) {
    const p = rt.wasm.capw_batch_layout() >>> 2, n = rt.wasm.capw_batch_layout_count();
    checkLayout('batch.js', batchLayout(), rt.heapU32.subarray(p, p + n));
    layoutChecked = rt.wasm;
  }
}

/**
 * What this file assumes about C memory, in the order of capw_batch_layout()
 * (src/wasm/exports_layout.c): [name, value] or [name, word, element type].
 */
function batchLayout() {
  return [
    ...[CircleSet, CapsuleSet, ContactBuffer, IndexBuffer, RayBatch, SweepBatch].flatMap(soaLayout),
    ['error block words', ERROR_WORDS.length],
    ...ERROR_WORDS.map(([name, type], k) => [`error.${name}`, k, type]),
    ['error set CAPSULES', SET_CAPSULES], ['error set CIRCLES', SET_CIRCLES], ['error set QUERY', SET_QUERY],
    ['-BAD_VALUE', -BAD_VALUE], ['-NO_MEMORY', -NO_MEMORY], ['-ZERO_DIRECTION', -ZERO_DIRECTION], ['NO_HIT', NO_HIT],
    ['cast block words', CAST_WORDS],
    ...RAY_CLOSEST.map((name, k) => [`cast ray.${name}`, k, castType(name)]),
    ...SWEEP_CLOSEST.map((name, k) => [`cast sweep.${name}`, k, castType(name)]),
    ['out block floats', rt.OUT_FLOATS],
  ];
}

/**
 * A query's options, read once (each getter runs once) and checked before
 * any other argument is looked at, so a getter cannot change a set or buffer
 * after it was checked. Unknown keys (a misspelt `grwo`) are a TypeError.
 */
function optionsArg(options, name) {
  const grow = readOptions(options, GROW, name).grow;
  if (grow !== undefined) bool(grow, `${name}.grow`);
  return grow === true;
}
const GROW = new Set(['grow']);

// ---- the sets and buffers: field tables (heap.js's defineSoA) -------------

/** Circles in wasm memory: x, y, radius (float32, structure of arrays). */
export class CircleSet extends StructOfArrays {}
defineSoA(CircleSet, {
  c: 'capw_circle_set', ready, set: true,
  fields: [['x', F32, f32], ['y', F32, f32], ['radius', F32, radiusArg]],
});

/** Capsules in wasm memory: core (ax, ay) → (bx, by) and radius, with a static index. */
export class CapsuleSet extends StructOfArrays {
  /** Re-indexes now; call after writing the views directly. */
  update() {
    const p = this._ptr();
    check(rt.wasm.capw_capsule_set_update(p), this, null, 'capsules');
  }
}
defineSoA(CapsuleSet, {
  c: 'capw_capsule_set', ready, set: true, version: true,
  fields: [['ax', F32, f32], ['ay', F32, f32], ['bx', F32, f32], ['by', F32, f32], ['radius', F32, radiusArg]],
});

/** Pair results: count found, the first min(count, capacity) written. */
export class ContactBuffer extends StructOfArrays {
  /** Contact i (i < written) as an object (reuses `result` when given). */
  get(i, result) {
    indexArg(i, 'i', this.written, 'an index below written');
    resultObject(result, 'result', BATCH_CONTACT);
    const v = this._views();
    if (result === undefined) {
      return { a: v[0][i], b: v[1][i], nx: v[2][i], ny: v[3][i], depth: v[4][i], pointX: v[5][i], pointY: v[6][i] };
    }
    const f = resultFrame();
    for (let k = 0; k < 7; k++) f[k] = v[k][i];
    return writeBatchContact(result, f);
  }
}
defineSoA(ContactBuffer, {
  c: 'capw_contact_buffer', ready, results: true,
  fields: BATCH_CONTACT.map((name, k) => [name, k < 2 ? U32 : F32]), // a, b, nx, ny, depth, pointX, pointY
});

/** Index results of region queries (ascending). */
export class IndexBuffer extends StructOfArrays {
  get(i) {
    indexArg(i, 'i', this.written, 'an index below written');
    return this._views()[0][i];
  }
}
defineSoA(IndexBuffer, { c: 'capw_index_buffer', ready, results: true, fields: [['index', U32]] });

/**
 * Many rays, one closest hit each (castRays). Inputs: ox, oy, dx, dy,
 * maxFraction. Outputs per ray: index (NO_HIT on a miss, other outputs 0),
 * fraction, x, y, nx, ny, startsInside (1/0).
 */
export class RayBatch extends StructOfArrays {}
defineSoA(RayBatch, {
  c: 'capw_ray_batch', ready,
  fields: [
    ['ox', F32, f32], ['oy', F32, f32], ['dx', F32, f32], ['dy', F32, f32], ['maxFraction', F32, maxFractionArg],
    ['index', U32], ['fraction', F32], ['x', F32], ['y', F32], ['nx', F32], ['ny', F32], ['startsInside', U32],
  ],
  also: (v) => nonZero(v[2], v[3], 'dx', 'dy'),
});

/**
 * Many swept circles, one first hit each (sweepCircles). Inputs: x0, y0,
 * x1, y1, radius. Outputs: index (NO_HIT on a miss, other outputs 0), t,
 * x, y (centre at t), nx, ny, pointX, pointY, startsInside (1/0).
 */
export class SweepBatch extends StructOfArrays {}
defineSoA(SweepBatch, {
  c: 'capw_sweep_batch', ready,
  fields: [
    ['x0', F32, f32], ['y0', F32, f32], ['x1', F32, f32], ['y1', F32, f32], ['radius', F32, radiusArg],
    ['index', U32], ['t', F32], ['x', F32], ['y', F32], ['nx', F32], ['ny', F32], ['pointX', F32], ['pointY', F32],
    ['startsInside', U32],
  ],
});

// ---- queries ---------------------------------------------------------------

/** Turns a C return code into an exception naming set, field and index. */
function check(rc, capsules, circles, capsulesName = 'capsules', circlesName = 'circles', query = null, queryName = '') {
  if (rc >= 0) return;
  const e = rt.heapI32.subarray(rt.wasm.capw_batch_error() >>> 2);
  if ((rc === BAD_VALUE || rc === ZERO_DIRECTION) && e[ERR_SET] === SET_QUERY && query !== null) {
    const index = e[ERR_INDEX] >>> 0;
    if (rc === ZERO_DIRECTION) {
      throw new RangeError(`${queryName} (dx[${index}], dy[${index}]) must not be the zero vector, got (0, 0)`);
    }
    const field = fieldNames(query instanceof RayBatch ? RayBatch : SweepBatch)[e[ERR_FIELD]];
    const value = query[field][index];
    const why = Number.isFinite(value) && outOfRange(value) ? ` (${outOfRange(value)})` : value < 0 ? ' (must be >= 0)' : '';
    throw new RangeError(`${queryName}.${field}[${index}] is ${value}${why}`);
  }
  if (rc === BAD_VALUE) {
    const set = e[ERR_SET] === SET_CAPSULES ? capsules : circles;
    const name = e[ERR_SET] === SET_CAPSULES ? capsulesName : circlesName;
    const field = fieldNames(set instanceof CapsuleSet ? CapsuleSet : CircleSet)[e[ERR_FIELD]];
    const index = e[ERR_INDEX] >>> 0;
    const value = set[field][index];
    const why = Number.isFinite(value) && outOfRange(value) ? ` (${outOfRange(value)})` : value < 0 ? ` (a radius must be >= 0)` : '';
    throw new RangeError(`${name}.${field}[${index}] is ${value}${why}`);
  }
  if (rc === NO_MEMORY) throw outOfMemory('capsule2d: the batch query could not allocate its scratch');
  throw statusError(rc, 'the batch query');
}

/**
 * rc of a query into out. On out-of-memory the C side has zeroed out's count
 * (and written nothing else: every scratch allocation comes before the first
 * result): put the count back, so a failed call leaves the buffer as it was.
 */
function kept(out, count, rc) {
  if (rc === NO_MEMORY) out._setWord(COUNT_WORD, count);
  return rc;
}

/** With options.grow: room for everything found, or a RangeError. */
function mustGrow(out) {
  const count = out.count;
  if (count <= out.capacity) return false;
  if (count > MAX_CAPACITY) throw new RangeError(`${count} results found; more than MAX_CAPACITY (${MAX_CAPACITY})`);
  // Headroom (half again): a count that creeps up frame by frame grows the
  // buffer (which detaches kept views) a few times, not every frame.
  out.reserve(Math.min(MAX_CAPACITY, count + (count >>> 1)));
  return true;
}

/**
 * Every touching capsule–circle pair, through the capsule set's static
 * index: a = capsule index, b = circle index, normal capsule → circle,
 * ordered by circle then capsule. Returns the count found.
 */
export function findCapsuleCircleContacts(capsules, circles, out, options) {
  return capsuleCircleContacts('capw_find_capsule_circle_contacts', capsules, circles, out, options);
}

/** The same pairs, results and order by testing all pairs (4-wide kernel, no broadphase). */
export function allPairsCapsuleCircle(capsules, circles, out, options) {
  return capsuleCircleContacts('capw_all_pairs_capsule_circle', capsules, circles, out, options);
}

/** Both capsule–circle paths: the checks, one call of `exportName`, and a second after growing `out` when asked. */
function capsuleCircleContacts(exportName, capsules, circles, out, options) {
  ready();
  const grow = optionsArg(options, 'options');
  madeArg(capsules, CapsuleSet, 'capsules');
  madeArg(circles, CircleSet, 'circles');
  madeArg(out, ContactBuffer, 'out');
  const pc = capsules._ptr(), ps = circles._ptr();
  check(kept(out, out.count, rt.wasm[exportName](pc, ps, out._ptr())), capsules, circles);
  if (grow && mustGrow(out)) check(kept(out, out.count, rt.wasm[exportName](pc, ps, out._ptr())), capsules, circles);
  return out.count;
}

/** Every touching pair of circles i < j: a = i, b = j, normal i → j, ordered by i then j. */
export function findCircleContacts(circles, out, options) {
  ready();
  const grow = optionsArg(options, 'options');
  madeArg(circles, CircleSet, 'circles');
  madeArg(out, ContactBuffer, 'out');
  const ps = circles._ptr();
  check(kept(out, out.count, rt.wasm.capw_find_circle_contacts(ps, out._ptr())), null, circles);
  if (grow && mustGrow(out)) check(kept(out, out.count, rt.wasm.capw_find_circle_contacts(ps, out._ptr())), null, circles);
  return out.count;
}

function regionSet(set) {
  if (HeapObject._made(set, CapsuleSet) || HeapObject._made(set, CircleSet)) {
    if (set.destroyed) throw new RangeError(`set: this ${set.constructor.name} was destroyed`);
    return set;
  }
  if (set instanceof CapsuleSet || set instanceof CircleSet) throw notMade('set', set instanceof CapsuleSet ? 'CapsuleSet' : 'CircleSet');
  throw new TypeError(`set must be a CircleSet or a CapsuleSet, got ${describe(set)}`);
}

function circleQuery(set, ps, x, y, r, out) {
  if (set instanceof CapsuleSet) check(kept(out, out.count, rt.wasm.capw_query_circle_capsules(ps, x, y, r, out._ptr())), set, null, 'set');
  else check(kept(out, out.count, rt.wasm.capw_query_circle_circles(ps, x, y, r, out._ptr())), null, set, 'set', 'set');
}

function boxQuery(set, ps, x0, y0, x1, y1, out) {
  if (set instanceof CapsuleSet) check(kept(out, out.count, rt.wasm.capw_query_box_capsules(ps, x0, y0, x1, y1, out._ptr())), set, null, 'set');
  else check(kept(out, out.count, rt.wasm.capw_query_box_circles(ps, x0, y0, x1, y1, out._ptr())), null, set, 'set', 'set');
}

/** Indices (ascending) of the shapes in `set` touching the circle (x, y, radius). */
export function queryCircle(set, x, y, radius, out, options) {
  ready();
  const grow = optionsArg(options, 'options');
  regionSet(set);
  x = f32(x, 'x');
  y = f32(y, 'y');
  radius = radiusArg(radius, 'radius');
  madeArg(out, IndexBuffer, 'out');
  const ps = set._ptr();
  circleQuery(set, ps, x, y, radius, out);
  if (grow && mustGrow(out)) circleQuery(set, ps, x, y, radius, out);
  return out.count;
}

/** Indices (ascending) of the shapes in `set` touching the box [minX, maxX] × [minY, maxY]. */
export function queryBox(set, minX, minY, maxX, maxY, out, options) {
  ready();
  const grow = optionsArg(options, 'options');
  regionSet(set);
  minX = f32(minX, 'minX');
  minY = f32(minY, 'minY');
  maxX = f32(maxX, 'maxX');
  maxY = f32(maxY, 'maxY');
  if (maxX < minX) throw new RangeError(`maxX must be >= minX (${minX}), got ${maxX}`);
  if (maxY < minY) throw new RangeError(`maxY must be >= minY (${minY}), got ${maxY}`);
  madeArg(out, IndexBuffer, 'out');
  const ps = set._ptr();
  boxQuery(set, ps, minX, minY, maxX, maxY, out);
  if (grow && mustGrow(out)) boxQuery(set, ps, minX, minY, maxX, maxY, out);
  return out.count;
}

// ---- closest hits of rays and swept circles against a capsule set ---------

/**
 * The closest capsule hit by the ray (ox, oy) + s·(dx, dy), s in
 * [0, maxFraction] (default 1), through the set's index; ties go to the
 * lowest index. null on a miss, else { index, fraction, x, y, nx, ny,
 * startsInside } (written into `result` when given). Per-capsule rules:
 * rayCastCapsule.
 */
export function rayCastClosest(capsules, ox, oy, dx, dy, maxFraction, result) {
  ready();
  madeArg(capsules, CapsuleSet, 'capsules');
  ox = f32(ox, 'ox');
  oy = f32(oy, 'oy');
  dx = f32(dx, 'dx');
  dy = f32(dy, 'dy');
  maxFraction = maxFractionArg(maxFraction, 'maxFraction');
  resultObject(result, 'result', RAY_CLOSEST);
  nonZero(dx, dy, 'dx', 'dy');
  const rc = rt.wasm.capw_ray_cast_capsules(capsules._ptr(), ox, oy, dx, dy, maxFraction);
  check(rc, capsules, null);
  if (rc !== 1) return null;
  const w = rt.wasm.capw_cast_out() >>> 2;
  if (result === undefined) return readRayHit(w);
  return writeRayClosest(result, hitFrame(w, RAY_CLOSEST.length, resultFrame()));
}

/**
 * The first capsule touched by a circle of `radius` swept from (x0, y0) to
 * (x1, y1), through the set's index; ties go to the lowest index. null on a
 * miss, else { index, t, x, y (centre at t), nx, ny (capsule → circle),
 * pointX, pointY (on the capsule), startsInside }. Per-capsule rules:
 * sweepCircleCapsule.
 */
export function sweepCircleClosest(capsules, x0, y0, x1, y1, radius, result) {
  ready();
  madeArg(capsules, CapsuleSet, 'capsules');
  x0 = f32(x0, 'x0');
  y0 = f32(y0, 'y0');
  x1 = f32(x1, 'x1');
  y1 = f32(y1, 'y1');
  radius = radiusArg(radius, 'radius');
  resultObject(result, 'result', SWEEP_CLOSEST);
  const rc = rt.wasm.capw_sweep_circle_capsules(capsules._ptr(), x0, y0, x1, y1, radius);
  check(rc, capsules, null);
  if (rc !== 1) return null;
  const w = rt.wasm.capw_cast_out() >>> 2;
  if (result === undefined) return readSweepHit(w);
  return writeSweepClosest(result, hitFrame(w, SWEEP_CLOSEST.length, resultFrame()));
}

/** Casts every ray of the batch against the capsules; returns how many hit. */
export function castRays(capsules, rays) {
  ready();
  madeArg(capsules, CapsuleSet, 'capsules');
  madeArg(rays, RayBatch, 'rays');
  const rc = rt.wasm.capw_cast_rays(capsules._ptr(), rays._ptr());
  check(rc, capsules, null, 'capsules', 'circles', rays, 'rays');
  return rc;
}

/** Sweeps every circle of the batch against the capsules; returns how many hit. */
export function sweepCircles(capsules, sweeps) {
  ready();
  madeArg(capsules, CapsuleSet, 'capsules');
  madeArg(sweeps, SweepBatch, 'sweeps');
  const rc = rt.wasm.capw_sweep_circles(capsules._ptr(), sweeps._ptr());
  check(rc, capsules, null, 'capsules', 'circles', sweeps, 'sweeps');
  return rc;
}
