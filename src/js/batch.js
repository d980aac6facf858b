// capsule2d — batch queries over shared memory. Sets of circles and capsules
// and the contact/index buffers live in wasm memory (allocated by C); JS
// writes and reads them in place through typed-array views, and each query
// is ONE call. Conventions: capsule2d_batch.h and batch.d.ts.
//
// Views are reached only through getters: a getter re-makes its view when
// wasm memory has grown (runtime.generation changed) or the object was
// reallocated (reserve), so a view read from a getter is live until the next
// call that may allocate (a constructor, reserve, add on a full set, any
// query: they may grow memory). Keep the object, not the view.
import * as rt from './runtime.js';
import { f32, radius as radiusArg, maxFraction as maxFractionArg, nonZero, resultObject, outOfRange } from './check.js';

/** Largest capacity accepted for a set or buffer. */
export const MAX_CAPACITY = 1 << 24;

const BAD_VALUE = -1;
const NO_MEMORY = -2;
const ZERO_DIRECTION = -4;
const QUERY_SET = 2;

/** The index a RayBatch / SweepBatch holds for an input that hit nothing. */
export const NO_HIT = 0xffffffff;

function ready() {
  if (rt.wasm === null) rt.notReady();
}

function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'object' || typeof value === 'function') return Object.prototype.toString.call(value);
  return `${typeof value} ${String(value)}`;
}

function capacityArg(value, name) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < 1 || value > MAX_CAPACITY) {
    throw new RangeError(`${name} must be an integer from 1 to ${MAX_CAPACITY}, got ${value}`);
  }
  return value;
}

function indexArg(value, name, limit, what) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < 0 || value >= limit) {
    throw new RangeError(`${name} must be an integer from 0 to ${limit - 1} (${what}), got ${value}`);
  }
  return value;
}

function optionsArg(options, name) {
  if (options === undefined) return false;
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${name} must be an object, got ${describe(options)}`);
  }
  const grow = options.grow;
  if (grow !== undefined && typeof grow !== 'boolean') {
    throw new TypeError(`${name}.grow must be a boolean, got ${describe(grow)}`);
  }
  return grow === true;
}

// destroy() is optional: objects the program drops are freed by the registry.
const registry =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ ptr, free, instance }) => {
        if (rt.wasm === instance) free(ptr);
      })
    : null;

/** Shared plumbing: the C object's address, liveness, cached views. */
class HeapObject {
  #ptr;
  #name;
  #views = null;
  #viewGen = -1;

  constructor(ptr, name, free) {
    this.#ptr = ptr;
    this.#name = name;
    registry?.register(this, { ptr, free, instance: rt.wasm }, this);
    this._free = free;
  }

  /** The C object's address (throws when destroyed). @internal */
  _ptr() {
    if (this.#ptr === 0) throw new RangeError(`this ${this.#name} was destroyed`);
    return this.#ptr;
  }

  _word(k) {
    return rt.heapU32[(this._ptr() >>> 2) + k];
  }

  _setWord(k, v) {
    rt.heapU32[(this._ptr() >>> 2) + k] = v;
  }

  /** The views, re-made after memory growth or reallocation. @internal */
  _views() {
    if (this.#views === null || this.#viewGen !== rt.generation) {
      this.#views = this._makeViews(rt.wasm.memory.buffer, this._ptr() >>> 2);
      this.#viewGen = rt.generation;
    }
    return this.#views;
  }

  _forgetViews() {
    this.#views = null;
  }

  /** Capacity in elements. */
  get capacity() {
    return this._word(0);
  }

  /** True once destroy() ran. */
  get destroyed() {
    return this.#ptr === 0;
  }

  /** Frees the wasm memory now (optional; idempotent). Views become invalid. */
  destroy() {
    if (this.#ptr === 0) return;
    registry?.unregister(this);
    this._free(this.#ptr);
    this.#ptr = 0;
    this.#views = null;
  }
}

function f32view(buffer, addr, n) {
  return new Float32Array(buffer, addr, n);
}

function u32view(buffer, addr, n) {
  return new Uint32Array(buffer, addr, n);
}

function allocated(ptr, what, capacity) {
  if (ptr === 0) throw new RangeError(`could not allocate a ${what} of capacity ${capacity} (out of memory)`);
  return ptr;
}

function reserved(rc, what, capacity) {
  if (rc === NO_MEMORY) throw new RangeError(`could not grow the ${what} to capacity ${capacity} (out of memory)`);
  if (rc !== 0) throw new Error(`capsule2d: reserve failed with code ${rc}`);
}

/** Circles in wasm memory: x, y, radius (float32, structure of arrays). */
export class CircleSet extends HeapObject {
  constructor(capacity) {
    ready();
    capacityArg(capacity, 'capacity');
    super(allocated(rt.wasm.capw_circle_set_create(capacity), 'CircleSet', capacity), 'CircleSet',
      rt.wasm.capw_circle_set_destroy);
  }

  _makeViews(buffer, w) {
    const h = rt.heapU32, n = h[w];
    return { x: f32view(buffer, h[w + 2], n), y: f32view(buffer, h[w + 3], n), radius: f32view(buffer, h[w + 4], n) };
  }

  get x() { return this._views().x; }
  get y() { return this._views().y; }
  get radius() { return this._views().radius; }

  /** How many circles the queries use (0..capacity). */
  get count() {
    return this._word(1);
  }

  set count(value) {
    const c = this.capacity;
    if (typeof value !== 'number') throw new TypeError(`count must be a number, got ${describe(value)}`);
    if (!Number.isInteger(value) || value < 0 || value > c) {
      throw new RangeError(`count must be an integer from 0 to the capacity ${c}, got ${value}`);
    }
    this._setWord(1, value);
  }

  /** Appends a circle and returns its index; RangeError when full. */
  add(x, y, radius) {
    this._ptr();
    x = f32(x, 'x');
    y = f32(y, 'y');
    radius = radiusArg(radius, 'radius');
    const i = this.count;
    if (i >= this.capacity) throw new RangeError(`this CircleSet is full (capacity ${this.capacity}); reserve() more`);
    const v = this._views();
    v.x[i] = x;
    v.y[i] = y;
    v.radius[i] = radius;
    this._setWord(1, i + 1);
    return i;
  }

  /** Overwrites circle i (i < count). */
  set(i, x, y, radius) {
    indexArg(i, 'i', this.count, 'an index below count');
    x = f32(x, 'x');
    y = f32(y, 'y');
    radius = radiusArg(radius, 'radius');
    const v = this._views();
    v.x[i] = x;
    v.y[i] = y;
    v.radius[i] = radius;
  }

  /** Grows to at least capacity, keeping the circles. Views change. */
  reserve(capacity) {
    const p = this._ptr();
    capacityArg(capacity, 'capacity');
    reserved(rt.wasm.capw_circle_set_reserve(p, capacity), 'CircleSet', capacity);
    this._forgetViews();
  }
}

/** Capsules in wasm memory: core (ax, ay) → (bx, by) and radius, with a static index. */
export class CapsuleSet extends HeapObject {
  constructor(capacity) {
    ready();
    capacityArg(capacity, 'capacity');
    super(allocated(rt.wasm.capw_capsule_set_create(capacity), 'CapsuleSet', capacity), 'CapsuleSet',
      rt.wasm.capw_capsule_set_destroy);
  }

  _makeViews(buffer, w) {
    const h = rt.heapU32, n = h[w];
    return {
      ax: f32view(buffer, h[w + 2], n),
      ay: f32view(buffer, h[w + 3], n),
      bx: f32view(buffer, h[w + 4], n),
      by: f32view(buffer, h[w + 5], n),
      radius: f32view(buffer, h[w + 6], n),
    };
  }

  get ax() { return this._views().ax; }
  get ay() { return this._views().ay; }
  get bx() { return this._views().bx; }
  get by() { return this._views().by; }
  get radius() { return this._views().radius; }

  _touch() {
    this._setWord(7, (this._word(7) + 1) >>> 0); // version: the index is rebuilt on next use
  }

  get count() {
    return this._word(1);
  }

  set count(value) {
    const c = this.capacity;
    if (typeof value !== 'number') throw new TypeError(`count must be a number, got ${describe(value)}`);
    if (!Number.isInteger(value) || value < 0 || value > c) {
      throw new RangeError(`count must be an integer from 0 to the capacity ${c}, got ${value}`);
    }
    this._setWord(1, value);
    this._touch();
  }

  add(ax, ay, bx, by, radius) {
    this._ptr();
    ax = f32(ax, 'ax');
    ay = f32(ay, 'ay');
    bx = f32(bx, 'bx');
    by = f32(by, 'by');
    radius = radiusArg(radius, 'radius');
    const i = this.count;
    if (i >= this.capacity) throw new RangeError(`this CapsuleSet is full (capacity ${this.capacity}); reserve() more`);
    const v = this._views();
    v.ax[i] = ax;
    v.ay[i] = ay;
    v.bx[i] = bx;
    v.by[i] = by;
    v.radius[i] = radius;
    this._setWord(1, i + 1);
    this._touch();
    return i;
  }

  set(i, ax, ay, bx, by, radius) {
    indexArg(i, 'i', this.count, 'an index below count');
    ax = f32(ax, 'ax');
    ay = f32(ay, 'ay');
    bx = f32(bx, 'bx');
    by = f32(by, 'by');
    radius = radiusArg(radius, 'radius');
    const v = this._views();
    v.ax[i] = ax;
    v.ay[i] = ay;
    v.bx[i] = bx;
    v.by[i] = by;
    v.radius[i] = radius;
    this._touch();
  }

  reserve(capacity) {
    const p = this._ptr();
    capacityArg(capacity, 'capacity');
    reserved(rt.wasm.capw_capsule_set_reserve(p, capacity), 'CapsuleSet', capacity);
    this._forgetViews();
  }

  /** Re-indexes now; call after writing the views directly. */
  update() {
    const p = this._ptr();
    check(rt.wasm.capw_capsule_set_update(p), this, null, 'capsules');
  }
}

const CONTACT_FIELDS = ['a', 'b', 'nx', 'ny', 'depth', 'pointX', 'pointY'];

/** Pair results: count found, the first min(count, capacity) written. */
export class ContactBuffer extends HeapObject {
  constructor(capacity) {
    ready();
    capacityArg(capacity, 'capacity');
    super(allocated(rt.wasm.capw_contact_buffer_create(capacity), 'ContactBuffer', capacity), 'ContactBuffer',
      rt.wasm.capw_contact_buffer_destroy);
  }

  _makeViews(buffer, w) {
    const h = rt.heapU32, n = h[w];
    const v = {};
    for (let k = 0; k < 7; k++) v[CONTACT_FIELDS[k]] = (k < 2 ? u32view : f32view)(buffer, h[w + 2 + k], n);
    return v;
  }

  get a() { return this._views().a; }
  get b() { return this._views().b; }
  get nx() { return this._views().nx; }
  get ny() { return this._views().ny; }
  get depth() { return this._views().depth; }
  get pointX() { return this._views().pointX; }
  get pointY() { return this._views().pointY; }

  /** Contacts found by the last query (may exceed capacity). */
  get count() {
    return this._word(1);
  }

  /** Contacts written: min(count, capacity). */
  get written() {
    const c = this._word(1), cap = this._word(0);
    return c < cap ? c : cap;
  }

  /** True when the last query found more than fit. */
  get overflow() {
    return this._word(1) > this._word(0);
  }

  /** Contact i (i < written) as an object (reuses `result` when given). */
  get(i, result) {
    indexArg(i, 'i', this.written, 'an index below written');
    if (result !== undefined && (result === null || typeof result !== 'object')) {
      throw new TypeError(`result must be an object to write the contact into, got ${describe(result)}`);
    }
    const v = this._views();
    const r = result ?? {};
    r.a = v.a[i];
    r.b = v.b[i];
    r.nx = v.nx[i];
    r.ny = v.ny[i];
    r.depth = v.depth[i];
    r.pointX = v.pointX[i];
    r.pointY = v.pointY[i];
    return r;
  }

  reserve(capacity) {
    const p = this._ptr();
    capacityArg(capacity, 'capacity');
    reserved(rt.wasm.capw_contact_buffer_reserve(p, capacity), 'ContactBuffer', capacity);
    this._forgetViews();
  }
}

/** Index results of region queries (ascending). */
export class IndexBuffer extends HeapObject {
  constructor(capacity) {
    ready();
    capacityArg(capacity, 'capacity');
    super(allocated(rt.wasm.capw_index_buffer_create(capacity), 'IndexBuffer', capacity), 'IndexBuffer',
      rt.wasm.capw_index_buffer_destroy);
  }

  _makeViews(buffer, w) {
    const h = rt.heapU32;
    return { index: u32view(buffer, h[w + 2], h[w]) };
  }

  get index() { return this._views().index; }

  get count() {
    return this._word(1);
  }

  get written() {
    const c = this._word(1), cap = this._word(0);
    return c < cap ? c : cap;
  }

  get overflow() {
    return this._word(1) > this._word(0);
  }

  get(i) {
    indexArg(i, 'i', this.written, 'an index below written');
    return this._views().index[i];
  }

  reserve(capacity) {
    const p = this._ptr();
    capacityArg(capacity, 'capacity');
    reserved(rt.wasm.capw_index_buffer_reserve(p, capacity), 'IndexBuffer', capacity);
    this._forgetViews();
  }
}

const CIRCLE_FIELDS = ['x', 'y', 'radius'];
const CAPSULE_FIELDS = ['ax', 'ay', 'bx', 'by', 'radius'];

/** Turns a C return code into an exception naming set, field and index. */
function check(rc, capsules, circles, capsulesName = 'capsules', circlesName = 'circles', query = null, queryName = '') {
  if (rc >= 0) return;
  const e = rt.heapI32.subarray(rt.wasm.capw_batch_error() >>> 2);
  if ((rc === BAD_VALUE || rc === ZERO_DIRECTION) && e[1] === QUERY_SET && query !== null) {
    const fields = query instanceof RayBatch ? RAY_FIELDS : SWEEP_FIELDS;
    const index = e[3] >>> 0;
    if (rc === ZERO_DIRECTION) {
      throw new RangeError(`${queryName} (dx[${index}], dy[${index}]) must not be the zero vector, got (0, 0)`);
    }
    const field = fields[e[2]];
    const value = query[field][index];
    const why = Number.isFinite(value) && outOfRange(value) ? ` (${outOfRange(value)})` : value < 0 ? ' (must be >= 0)' : '';
    throw new RangeError(`${queryName}.${field}[${index}] is ${value}${why}`);
  }
  if (rc === BAD_VALUE) {
    const set = e[1] === 0 ? capsules : circles;
    const name = e[1] === 0 ? capsulesName : circlesName;
    const field = (set instanceof CapsuleSet ? CAPSULE_FIELDS : CIRCLE_FIELDS)[e[2]];
    const index = e[3] >>> 0;
    const value = set[field][index];
    const why = Number.isFinite(value) && outOfRange(value) ? ` (${outOfRange(value)})` : value < 0 ? ` (a radius must be >= 0)` : '';
    throw new RangeError(`${name}.${field}[${index}] is ${value}${why}`);
  }
  if (rc === NO_MEMORY) throw new RangeError('capsule2d: out of memory for the batch query\'s scratch');
  throw new Error(`capsule2d: batch call failed with code ${rc}`);
}

function setArg(value, cls, name) {
  if (!(value instanceof cls)) throw new TypeError(`${name} must be a ${cls.name}, got ${describe(value)}`);
  return value._ptr();
}

/** With options.grow: room for everything found, or a RangeError. */
function mustGrow(out) {
  const count = out.count;
  if (count <= out.capacity) return false;
  if (count > MAX_CAPACITY) throw new RangeError(`${count} results found; more than MAX_CAPACITY (${MAX_CAPACITY})`);
  out.reserve(count);
  return true;
}

/**
 * Every touching capsule–circle pair, through the capsule set's static
 * index: a = capsule index, b = circle index, normal capsule → circle,
 * ordered by circle then capsule. Returns the count found.
 */
export function findCapsuleCircleContacts(capsules, circles, out, options) {
  ready();
  const pc = setArg(capsules, CapsuleSet, 'capsules');
  const ps = setArg(circles, CircleSet, 'circles');
  setArg(out, ContactBuffer, 'out');
  const grow = optionsArg(options, 'options');
  check(rt.wasm.capw_find_capsule_circle_contacts(pc, ps, out._ptr()), capsules, circles);
  if (grow && mustGrow(out)) check(rt.wasm.capw_find_capsule_circle_contacts(pc, ps, out._ptr()), capsules, circles);
  return out.count;
}

/** The same pairs, results and order by testing all pairs (4-wide kernel, no broadphase). */
export function allPairsCapsuleCircle(capsules, circles, out, options) {
  ready();
  const pc = setArg(capsules, CapsuleSet, 'capsules');
  const ps = setArg(circles, CircleSet, 'circles');
  setArg(out, ContactBuffer, 'out');
  const grow = optionsArg(options, 'options');
  check(rt.wasm.capw_all_pairs_capsule_circle(pc, ps, out._ptr()), capsules, circles);
  if (grow && mustGrow(out)) check(rt.wasm.capw_all_pairs_capsule_circle(pc, ps, out._ptr()), capsules, circles);
  return out.count;
}

/** Every touching pair of circles i < j: a = i, b = j, normal i → j, ordered by i then j. */
export function findCircleContacts(circles, out, options) {
  ready();
  const ps = setArg(circles, CircleSet, 'circles');
  setArg(out, ContactBuffer, 'out');
  const grow = optionsArg(options, 'options');
  check(rt.wasm.capw_find_circle_contacts(ps, out._ptr()), null, circles);
  if (grow && mustGrow(out)) check(rt.wasm.capw_find_circle_contacts(ps, out._ptr()), null, circles);
  return out.count;
}

function regionSet(set) {
  if (set instanceof CapsuleSet || set instanceof CircleSet) return set._ptr();
  throw new TypeError(`set must be a CircleSet or a CapsuleSet, got ${describe(set)}`);
}

function circleQuery(set, ps, x, y, r, out) {
  if (set instanceof CapsuleSet) check(rt.wasm.capw_query_circle_capsules(ps, x, y, r, out._ptr()), set, null, 'set');
  else check(rt.wasm.capw_query_circle_circles(ps, x, y, r, out._ptr()), null, set, 'set', 'set');
}

function boxQuery(set, ps, x0, y0, x1, y1, out) {
  if (set instanceof CapsuleSet) check(rt.wasm.capw_query_box_capsules(ps, x0, y0, x1, y1, out._ptr()), set, null, 'set');
  else check(rt.wasm.capw_query_box_circles(ps, x0, y0, x1, y1, out._ptr()), null, set, 'set', 'set');
}

/** Indices (ascending) of the shapes in `set` touching the circle (x, y, radius). */
export function queryCircle(set, x, y, radius, out, options) {
  ready();
  const ps = regionSet(set);
  x = f32(x, 'x');
  y = f32(y, 'y');
  radius = radiusArg(radius, 'radius');
  setArg(out, IndexBuffer, 'out');
  const grow = optionsArg(options, 'options');
  circleQuery(set, ps, x, y, radius, out);
  if (grow && mustGrow(out)) circleQuery(set, ps, x, y, radius, out);
  return out.count;
}

/** Indices (ascending) of the shapes in `set` touching the box [minX, maxX] × [minY, maxY]. */
export function queryBox(set, minX, minY, maxX, maxY, out, options) {
  ready();
  const ps = regionSet(set);
  minX = f32(minX, 'minX');
  minY = f32(minY, 'minY');
  maxX = f32(maxX, 'maxX');
  maxY = f32(maxY, 'maxY');
  if (maxX < minX) throw new RangeError(`maxX must be >= minX (${minX}), got ${maxX}`);
  if (maxY < minY) throw new RangeError(`maxY must be >= minY (${minY}), got ${maxY}`);
  setArg(out, IndexBuffer, 'out');
  const grow = optionsArg(options, 'options');
  boxQuery(set, ps, minX, minY, maxX, maxY, out);
  if (grow && mustGrow(out)) boxQuery(set, ps, minX, minY, maxX, maxY, out);
  return out.count;
}

// ---- closest hits of rays and swept circles against a capsule set ---------

const RAY_FIELDS = ['ox', 'oy', 'dx', 'dy', 'maxFraction'];
const SWEEP_FIELDS = ['x0', 'y0', 'x1', 'y1', 'radius'];

/**
 * The closest capsule hit by the ray (ox, oy) + s·(dx, dy), s in
 * [0, maxFraction] (default 1), through the set's index; ties go to the
 * lowest index. null on a miss, else { index, fraction, x, y, nx, ny,
 * startsInside } (written into `result` when given). Per-capsule rules:
 * rayCastCapsule.
 */
export function rayCastClosest(capsules, ox, oy, dx, dy, maxFraction, result) {
  ready();
  const pc = setArg(capsules, CapsuleSet, 'capsules');
  ox = f32(ox, 'ox');
  oy = f32(oy, 'oy');
  dx = f32(dx, 'dx');
  dy = f32(dy, 'dy');
  maxFraction = maxFractionArg(maxFraction, 'maxFraction');
  resultObject(result, 'result');
  nonZero(dx, dy, 'dx', 'dy');
  const rc = rt.wasm.capw_ray_cast_capsules(pc, ox, oy, dx, dy, maxFraction);
  check(rc, capsules, null);
  if (rc !== 1) return null;
  const w = rt.wasm.capw_cast_out() >>> 2, F = rt.heapF32, U = rt.heapU32;
  const r = result ?? { index: 0, fraction: 0, x: 0, y: 0, nx: 0, ny: 0, startsInside: false };
  r.index = U[w];
  r.fraction = F[w + 1];
  r.x = F[w + 2];
  r.y = F[w + 3];
  r.nx = F[w + 4];
  r.ny = F[w + 5];
  r.startsInside = U[w + 6] === 1;
  return r;
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
  const pc = setArg(capsules, CapsuleSet, 'capsules');
  x0 = f32(x0, 'x0');
  y0 = f32(y0, 'y0');
  x1 = f32(x1, 'x1');
  y1 = f32(y1, 'y1');
  radius = radiusArg(radius, 'radius');
  resultObject(result, 'result');
  const rc = rt.wasm.capw_sweep_circle_capsules(pc, x0, y0, x1, y1, radius);
  check(rc, capsules, null);
  if (rc !== 1) return null;
  const w = rt.wasm.capw_cast_out() >>> 2, F = rt.heapF32, U = rt.heapU32;
  const r = result ?? { index: 0, t: 0, x: 0, y: 0, nx: 0, ny: 0, pointX: 0, pointY: 0, startsInside: false };
  r.index = U[w];
  r.t = F[w + 1];
  r.x = F[w + 2];
  r.y = F[w + 3];
  r.nx = F[w + 4];
  r.ny = F[w + 5];
  r.pointX = F[w + 6];
  r.pointY = F[w + 7];
  r.startsInside = U[w + 8] === 1;
  return r;
}

function batchViews(buffer, w, names, firstU32) {
  const h = rt.heapU32, n = h[w], v = {};
  for (let k = 0; k < names.length; k++) {
    const u = firstU32.includes(k);
    v[names[k]] = (u ? u32view : f32view)(buffer, h[w + 2 + k], n);
  }
  return v;
}

const RAY_VIEWS = ['ox', 'oy', 'dx', 'dy', 'maxFraction', 'index', 'fraction', 'x', 'y', 'nx', 'ny', 'startsInside'];
const SWEEP_VIEWS = ['x0', 'y0', 'x1', 'y1', 'radius', 'index', 't', 'x', 'y', 'nx', 'ny', 'pointX', 'pointY', 'startsInside'];

function countSetter(obj, value) {
  const c = obj.capacity;
  if (typeof value !== 'number') throw new TypeError(`count must be a number, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < 0 || value > c) {
    throw new RangeError(`count must be an integer from 0 to the capacity ${c}, got ${value}`);
  }
  obj._setWord(1, value);
}

/**
 * Many rays, one closest hit each (castRays). Inputs: ox, oy, dx, dy,
 * maxFraction. Outputs per ray: index (NO_HIT on a miss, other outputs 0),
 * fraction, x, y, nx, ny, startsInside (1/0).
 */
export class RayBatch extends HeapObject {
  constructor(capacity) {
    ready();
    capacityArg(capacity, 'capacity');
    super(allocated(rt.wasm.capw_ray_batch_create(capacity), 'RayBatch', capacity), 'RayBatch',
      rt.wasm.capw_ray_batch_destroy);
  }

  _makeViews(buffer, w) {
    return batchViews(buffer, w, RAY_VIEWS, [5, 11]);
  }

  get ox() { return this._views().ox; }
  get oy() { return this._views().oy; }
  get dx() { return this._views().dx; }
  get dy() { return this._views().dy; }
  get maxFraction() { return this._views().maxFraction; }
  get index() { return this._views().index; }
  get fraction() { return this._views().fraction; }
  get x() { return this._views().x; }
  get y() { return this._views().y; }
  get nx() { return this._views().nx; }
  get ny() { return this._views().ny; }
  get startsInside() { return this._views().startsInside; }

  get count() {
    return this._word(1);
  }

  set count(value) {
    countSetter(this, value);
  }

  /** Appends a ray and returns its number; RangeError when full. */
  add(ox, oy, dx, dy, maxFraction) {
    this._ptr();
    ox = f32(ox, 'ox');
    oy = f32(oy, 'oy');
    dx = f32(dx, 'dx');
    dy = f32(dy, 'dy');
    maxFraction = maxFractionArg(maxFraction, 'maxFraction');
    nonZero(dx, dy, 'dx', 'dy');
    const i = this.count;
    if (i >= this.capacity) throw new RangeError(`this RayBatch is full (capacity ${this.capacity}); reserve() more`);
    const v = this._views();
    v.ox[i] = ox;
    v.oy[i] = oy;
    v.dx[i] = dx;
    v.dy[i] = dy;
    v.maxFraction[i] = maxFraction;
    this._setWord(1, i + 1);
    return i;
  }

  reserve(capacity) {
    const p = this._ptr();
    capacityArg(capacity, 'capacity');
    reserved(rt.wasm.capw_ray_batch_reserve(p, capacity), 'RayBatch', capacity);
    this._forgetViews();
  }
}

/**
 * Many swept circles, one first hit each (sweepCircles). Inputs: x0, y0,
 * x1, y1, radius. Outputs: index (NO_HIT on a miss, other outputs 0), t,
 * x, y (centre at t), nx, ny, pointX, pointY, startsInside (1/0).
 */
export class SweepBatch extends HeapObject {
  constructor(capacity) {
    ready();
    capacityArg(capacity, 'capacity');
    super(allocated(rt.wasm.capw_sweep_batch_create(capacity), 'SweepBatch', capacity), 'SweepBatch',
      rt.wasm.capw_sweep_batch_destroy);
  }

  _makeViews(buffer, w) {
    return batchViews(buffer, w, SWEEP_VIEWS, [5, 13]);
  }

  get x0() { return this._views().x0; }
  get y0() { return this._views().y0; }
  get x1() { return this._views().x1; }
  get y1() { return this._views().y1; }
  get radius() { return this._views().radius; }
  get index() { return this._views().index; }
  get t() { return this._views().t; }
  get x() { return this._views().x; }
  get y() { return this._views().y; }
  get nx() { return this._views().nx; }
  get ny() { return this._views().ny; }
  get pointX() { return this._views().pointX; }
  get pointY() { return this._views().pointY; }
  get startsInside() { return this._views().startsInside; }

  get count() {
    return this._word(1);
  }

  set count(value) {
    countSetter(this, value);
  }

  add(x0, y0, x1, y1, radius) {
    this._ptr();
    x0 = f32(x0, 'x0');
    y0 = f32(y0, 'y0');
    x1 = f32(x1, 'x1');
    y1 = f32(y1, 'y1');
    radius = radiusArg(radius, 'radius');
    const i = this.count;
    if (i >= this.capacity) throw new RangeError(`this SweepBatch is full (capacity ${this.capacity}); reserve() more`);
    const v = this._views();
    v.x0[i] = x0;
    v.y0[i] = y0;
    v.x1[i] = x1;
    v.y1[i] = y1;
    v.radius[i] = radius;
    this._setWord(1, i + 1);
    return i;
  }

  reserve(capacity) {
    const p = this._ptr();
    capacityArg(capacity, 'capacity');
    reserved(rt.wasm.capw_sweep_batch_reserve(p, capacity), 'SweepBatch', capacity);
    this._forgetViews();
  }
}

/** Casts every ray of the batch against the capsules; returns how many hit. */
export function castRays(capsules, rays) {
  ready();
  const pc = setArg(capsules, CapsuleSet, 'capsules');
  const pr = setArg(rays, RayBatch, 'rays');
  const rc = rt.wasm.capw_cast_rays(pc, pr);
  check(rc, capsules, null, 'capsules', 'circles', rays, 'rays');
  return rc;
}

/** Sweeps every circle of the batch against the capsules; returns how many hit. */
export function sweepCircles(capsules, sweeps) {
  ready();
  const pc = setArg(capsules, CapsuleSet, 'capsules');
  const ps = setArg(sweeps, SweepBatch, 'sweeps');
  const rc = rt.wasm.capw_sweep_circles(pc, ps);
  check(rc, capsules, null, 'capsules', 'circles', sweeps, 'sweeps');
  return rc;
}
