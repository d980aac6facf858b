// capsule2d — batch queries over shared memory. Sets of circles and capsules
// and the contact/index buffers live in wasm memory (allocated by C); JS
// writes and reads them in place through typed-array views, and each query
// is ONE call. Conventions: capsule2d_batch.h and batch.d.ts.
//
// Views are reached only through getters: a getter re-makes its view when
// wasm memory has grown (runtime.generation changed) or the object was
// reallocated (reserve), so a view read from a getter is live until the next
// call that may allocate or free (a constructor, reserve, destroy, any query:
// they may grow memory). reserve() that moves the arrays and destroy() detach
// every view (runtime.detachViews), so a kept view never aliases memory the
// allocator hands out again. Keep the object, not the view.
import * as rt from './runtime.js';
import { f32, radius as radiusArg, maxFraction as maxFractionArg, nonZero, resultObject, outOfRange } from './check.js';
import { resultFrame, writeBatchContact, writeRayClosest, writeSweepClosest, RAY_CLOSEST, SWEEP_CLOSEST } from './results.js';
import { BAD_VALUE, NO_MEMORY, ZERO_DIRECTION, describe, withArticle, outOfMemory, statusError } from './errors.js';

/** Largest capacity accepted for a set or buffer. */
export const MAX_CAPACITY = 1 << 24;

const QUERY_SET = 2;

/** The index a RayBatch / SweepBatch holds for an input that hit nothing. */
export const NO_HIT = 0xffffffff;

function ready() {
  if (rt.wasm === null) rt.notReady();
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

/**
 * A query's options, read once (each getter runs once) and checked before
 * any other argument is looked at, so a getter cannot change a set or buffer
 * after it was checked. Unknown keys (a misspelt `grwo`) are a TypeError.
 */
function optionsArg(options, name) {
  if (options === undefined) return false;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${name} must be an object, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (key !== 'grow') throw new TypeError(`${name}: unknown option ${JSON.stringify(key)} (known: grow)`);
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

// Each view handed out keeps its owner alive: the FinalizationRegistry never
// frees memory that a view the program still holds points into.
const owners = new WeakMap();

/** An object that looks like a `cls` but that its constructor did not make (a Proxy, Object.create(...)). */
function notMade(argName, cls) {
  return new TypeError(
    `${argName} must be ${withArticle(cls)} made with new ${cls}(capacity), got an object that only looks like one ` +
      `(a Proxy of ${withArticle(cls)}, or an object made with Object.create(${cls}.prototype), has no memory of its own): ` +
      `pass the ${cls} itself (e.g. a framework's toRaw() gives it back)`,
  );
}

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

  /** True when `value` is a live or destroyed object made by cls's constructor (not a Proxy of one). @internal */
  static _made(value, cls) {
    if (!(value instanceof cls)) return false;
    try {
      return value.#ptr !== undefined;
    } catch {
      return false;
    }
  }

  /** The C object's address (throws when destroyed). @internal */
  _ptr() {
    let p;
    try {
      p = this.#ptr;
    } catch {
      throw notMade('this', this.constructor.name);
    }
    if (p === 0) throw new RangeError(`this ${this.#name} was destroyed`);
    return p;
  }

  _word(k) {
    return rt.heapU32[(this._ptr() >>> 2) + k];
  }

  _setWord(k, v) {
    rt.heapU32[(this._ptr() >>> 2) + k] = v;
  }

  /** The views, re-made after memory growth or reallocation. @internal */
  _views() {
    const p = this._ptr();
    if (this.#views === null || this.#viewGen !== rt.generation) {
      const v = this._makeViews(rt.wasm.memory.buffer, p >>> 2);
      for (const key in v) owners.set(v[key], this);
      this.#views = v;
      this.#viewGen = rt.generation;
    }
    return this.#views;
  }

  /**
   * After reserve() moved the arrays: views over the old arrays (now free
   * memory the allocator will hand to other objects) are detached, so a view
   * kept across reserve() reads nothing and writes nowhere. @internal
   */
  _moved(before) {
    if (before === this._word(2)) return;
    this.#views = null;
    rt.detachViews();
  }

  /** Grows to `capacity` with fn (the C reserve); detaches the old views when the arrays moved. @internal */
  _reserve(fn, capacity) {
    const p = this._ptr();
    capacityArg(capacity, 'capacity');
    const before = this._word(2);
    reserved(fn(p, capacity), this.#name, capacity);
    this._moved(before);
  }

  /** Capacity in elements. */
  get capacity() {
    return this._word(0);
  }

  /** True once destroy() ran. */
  get destroyed() {
    return this._ptrOrZero() === 0;
  }

  _ptrOrZero() {
    try {
      return this.#ptr;
    } catch {
      throw notMade('this', this.constructor.name);
    }
  }

  /**
   * Frees the wasm memory now (optional; idempotent). Every view kept in a
   * variable (this object's and every other's) is detached: a view of freed
   * memory never shows or changes another object.
   */
  destroy() {
    const p = this._ptrOrZero();
    if (p === 0) return;
    registry?.unregister(this);
    this._free(p);
    this.#ptr = 0;
    this.#views = null;
    rt.detachViews();
  }
}

function f32view(buffer, addr, n) {
  return new Float32Array(buffer, addr, n);
}

function u32view(buffer, addr, n) {
  return new Uint32Array(buffer, addr, n);
}

function allocated(ptr, what, capacity) {
  if (ptr === 0) throw outOfMemory(`could not allocate ${withArticle(what)} of capacity ${capacity}`);
  return ptr;
}

function reserved(rc, what, capacity) {
  if (rc === NO_MEMORY) throw outOfMemory(`could not grow the ${what} to capacity ${capacity}`);
  if (rc !== 0) throw statusError(rc, `${what}.reserve(${capacity})`);
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
    this._reserve(rt.wasm.capw_circle_set_reserve, capacity);
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
    this._reserve(rt.wasm.capw_capsule_set_reserve, capacity);
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
    resultObject(result, 'result', CONTACT_FIELDS);
    const v = this._views();
    if (result === undefined) {
      return { a: v.a[i], b: v.b[i], nx: v.nx[i], ny: v.ny[i], depth: v.depth[i], pointX: v.pointX[i], pointY: v.pointY[i] };
    }
    const f = resultFrame();
    for (let k = 0; k < 7; k++) f[k] = v[CONTACT_FIELDS[k]][i];
    return writeBatchContact(result, f);
  }

  /**
   * Grows to at least capacity, keeping the written results. After an
   * overflowed query the results that did not fit were never stored: count
   * becomes written (overflow false), never a count of unwritten entries.
   */
  reserve(capacity) {
    const cap = this.capacity, written = this.written;
    this._reserve(rt.wasm.capw_contact_buffer_reserve, capacity);
    if (this.capacity !== cap && this._word(1) > written) this._setWord(1, written);
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

  /**
   * Grows to at least capacity, keeping the written results. After an
   * overflowed query the results that did not fit were never stored: count
   * becomes written (overflow false), never a count of unwritten entries.
   */
  reserve(capacity) {
    const cap = this.capacity, written = this.written;
    this._reserve(rt.wasm.capw_index_buffer_reserve, capacity);
    if (this.capacity !== cap && this._word(1) > written) this._setWord(1, written);
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
  if (rc === NO_MEMORY) throw outOfMemory('capsule2d: the batch query could not allocate its scratch');
  throw statusError(rc, 'the batch query');
}

/**
 * rc of a query into out. On out-of-memory the C side has zeroed out's count
 * (and written nothing else: every scratch allocation comes before the first
 * result): put the count back, so a failed call leaves the buffer as it was.
 */
function kept(out, count, rc) {
  if (rc === NO_MEMORY) out._setWord(1, count);
  return rc;
}

/** Checks that value is a cls made by its constructor (not a Proxy of one); returns value. */
function setArg(value, cls, name) {
  if (HeapObject._made(value, cls)) {
    if (value.destroyed) throw new RangeError(`${name}: this ${cls.name} was destroyed`);
    return value;
  }
  if (value instanceof cls) throw notMade(name, cls.name);
  throw new TypeError(`${name} must be ${withArticle(cls.name)}, got ${describe(value)}`);
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
  ready();
  const grow = optionsArg(options, 'options');
  setArg(capsules, CapsuleSet, 'capsules');
  setArg(circles, CircleSet, 'circles');
  setArg(out, ContactBuffer, 'out');
  const pc = capsules._ptr(), ps = circles._ptr();
  check(kept(out, out.count, rt.wasm.capw_find_capsule_circle_contacts(pc, ps, out._ptr())), capsules, circles);
  if (grow && mustGrow(out)) check(kept(out, out.count, rt.wasm.capw_find_capsule_circle_contacts(pc, ps, out._ptr())), capsules, circles);
  return out.count;
}

/** The same pairs, results and order by testing all pairs (4-wide kernel, no broadphase). */
export function allPairsCapsuleCircle(capsules, circles, out, options) {
  ready();
  const grow = optionsArg(options, 'options');
  setArg(capsules, CapsuleSet, 'capsules');
  setArg(circles, CircleSet, 'circles');
  setArg(out, ContactBuffer, 'out');
  const pc = capsules._ptr(), ps = circles._ptr();
  check(kept(out, out.count, rt.wasm.capw_all_pairs_capsule_circle(pc, ps, out._ptr())), capsules, circles);
  if (grow && mustGrow(out)) check(kept(out, out.count, rt.wasm.capw_all_pairs_capsule_circle(pc, ps, out._ptr())), capsules, circles);
  return out.count;
}

/** Every touching pair of circles i < j: a = i, b = j, normal i → j, ordered by i then j. */
export function findCircleContacts(circles, out, options) {
  ready();
  const grow = optionsArg(options, 'options');
  setArg(circles, CircleSet, 'circles');
  setArg(out, ContactBuffer, 'out');
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
  setArg(out, IndexBuffer, 'out');
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
  setArg(out, IndexBuffer, 'out');
  const ps = set._ptr();
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
  setArg(capsules, CapsuleSet, 'capsules');
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
  const w = rt.wasm.capw_cast_out() >>> 2, F = rt.heapF32, U = rt.heapU32;
  if (result === undefined) {
    return { index: U[w], fraction: F[w + 1], x: F[w + 2], y: F[w + 3], nx: F[w + 4], ny: F[w + 5], startsInside: U[w + 6] === 1 };
  }
  const f = resultFrame();
  f[0] = U[w];
  for (let k = 1; k < 6; k++) f[k] = F[w + k];
  f[6] = U[w + 6] === 1 ? 1 : 0;
  return writeRayClosest(result, f);
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
  setArg(capsules, CapsuleSet, 'capsules');
  x0 = f32(x0, 'x0');
  y0 = f32(y0, 'y0');
  x1 = f32(x1, 'x1');
  y1 = f32(y1, 'y1');
  radius = radiusArg(radius, 'radius');
  resultObject(result, 'result', SWEEP_CLOSEST);
  const rc = rt.wasm.capw_sweep_circle_capsules(capsules._ptr(), x0, y0, x1, y1, radius);
  check(rc, capsules, null);
  if (rc !== 1) return null;
  const w = rt.wasm.capw_cast_out() >>> 2, F = rt.heapF32, U = rt.heapU32;
  if (result === undefined) {
    return {
      index: U[w], t: F[w + 1], x: F[w + 2], y: F[w + 3], nx: F[w + 4], ny: F[w + 5], pointX: F[w + 6], pointY: F[w + 7],
      startsInside: U[w + 8] === 1,
    };
  }
  const f = resultFrame();
  f[0] = U[w];
  for (let k = 1; k < 8; k++) f[k] = F[w + k];
  f[8] = U[w + 8] === 1 ? 1 : 0;
  return writeSweepClosest(result, f);
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
    this._reserve(rt.wasm.capw_ray_batch_reserve, capacity);
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
    this._reserve(rt.wasm.capw_sweep_batch_reserve, capacity);
  }
}

/** Casts every ray of the batch against the capsules; returns how many hit. */
export function castRays(capsules, rays) {
  ready();
  setArg(capsules, CapsuleSet, 'capsules');
  setArg(rays, RayBatch, 'rays');
  const rc = rt.wasm.capw_cast_rays(capsules._ptr(), rays._ptr());
  check(rc, capsules, null, 'capsules', 'circles', rays, 'rays');
  return rc;
}

/** Sweeps every circle of the batch against the capsules; returns how many hit. */
export function sweepCircles(capsules, sweeps) {
  ready();
  setArg(capsules, CapsuleSet, 'capsules');
  setArg(sweeps, SweepBatch, 'sweeps');
  const rc = rt.wasm.capw_sweep_circles(capsules._ptr(), sweeps._ptr());
  check(rc, capsules, null, 'capsules', 'circles', sweeps, 'sweeps');
  return rc;
}
