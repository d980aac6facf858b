// capsule2d — objects that live in wasm memory, on the JS side: the C object's
// address and its ownership, freeing (destroy() or a FinalizationRegistry),
// typed-array views reached through getters, and the one way to declare a
// structure-of-arrays class from a field table (defineSoA; batch.js's six
// sets and buffers are declared with it). Also the comparison of a C layout
// table with what JS assumes (checkLayout; batch.js uses it at first use).
//
// Views are reached only through getters: a getter re-makes its view when
// wasm memory has grown (runtime.generation changed) or the object was
// reallocated (reserve), so a view read from a getter is live until the next
// call that may allocate or free. reserve() that moves the arrays and
// destroy() detach every view (runtime.detachViews), so a kept view never
// aliases memory the allocator hands out again. Each view handed out keeps
// its owner alive (the owners map), so the registry never frees memory a view
// the program still holds points into. Keep the object, not the view.
import * as rt from './runtime.js';
import { NO_MEMORY, describe, withArticle, outOfMemory, statusError } from './errors.js';
import { intArg } from './check.js';

/** Largest capacity accepted for a set or buffer (batch.js exports it as MAX_CAPACITY). */
export const MAX_CAPACITY = 1 << 24;

/** Element types of a field, as the C layout tables number them (exports_layout.c). */
export const F32 = 1;
export const U32 = 2;
export const I32 = 3;
const VIEW = [null, Float32Array, Uint32Array, Int32Array];
const TYPE_NAME = ['?', 'f32', 'u32', 'i32'];

/**
 * Words of a structure of arrays (cap_circle_set and the rest,
 * capsule2d_batch.h): capacity, count, then one pointer per array, in the
 * order of the class's field table.
 */
export const CAPACITY_WORD = 0;
export const COUNT_WORD = 1;
export const FIRST_ARRAY_WORD = 2;

/** A capacity argument: an integer from 1 to MAX_CAPACITY. */
export function capacityArg(value, name) {
  return intArg(value, name, 1, MAX_CAPACITY);
}

/** An index argument: an integer from 0 to limit - 1 (`what` says which limit). */
export function indexArg(value, name, limit, what) {
  return intArg(value, name, 0, limit - 1, what);
}

/** An object that looks like a `cls` but that its constructor did not make (a Proxy, Object.create(...)). */
export function notMade(argName, cls) {
  return new TypeError(
    `${argName} must be ${withArticle(cls)} made with new ${cls}(capacity), got an object that only looks like one ` +
      `(a Proxy of ${withArticle(cls)}, or an object made with Object.create(${cls}.prototype), has no memory of its own): ` +
      `pass the ${cls} itself (e.g. a framework's toRaw() gives it back)`,
  );
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

/**
 * The base of every object in wasm memory: the C object's address (0 once
 * destroyed), its liveness, its cached views. A subclass gives
 * _makeViews(buffer, word) → an array of views.
 */
export class HeapObject {
  #ptr;
  #name;
  #free;
  #views = null;
  #viewGen = -1;
  #viewVersion = 0;

  /** ptr: the C object (non-zero); name: the class's name in messages; free: the C destroy. */
  constructor(ptr, name, free) {
    this.#ptr = ptr;
    this.#name = name;
    registry?.register(this, { ptr, free, instance: rt.wasm }, this);
    this.#free = free;
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
    const p = this._ptrOrZero();
    if (p === 0) throw new RangeError(`this ${this.#name} was destroyed`);
    return p;
  }

  _word(k) {
    return rt.heapU32[(this._ptr() >>> 2) + k];
  }

  _setWord(k, v) {
    rt.heapU32[(this._ptr() >>> 2) + k] = v;
  }

  /**
   * The views, re-made after memory growth (rt.generation) or when the
   * object's own arrays moved (_viewVersion(), 0 unless a subclass says). @internal
   */
  _views() {
    const p = this._ptr();
    const version = this._viewVersion(p);
    if (this.#views === null || this.#viewGen !== rt.generation || this.#viewVersion !== version) {
      const v = this._makeViews(rt.wasm.memory.buffer, p >>> 2);
      for (const view of v) owners.set(view, this);
      this.#views = v;
      this.#viewGen = rt.generation;
      this.#viewVersion = version;
    }
    return this.#views;
  }

  /** A number that changes when the object's arrays moved (besides memory growth). @internal */
  _viewVersion() {
    return 0;
  }

  /** Forgets the cached views and detaches every view handed out (the arrays moved or were freed). @internal */
  _dropViews() {
    this.#views = null;
    rt.detachViews();
  }

  /** The TypeError for `this` not made by the constructor (a subclass may word it its own way). @internal */
  _notMade() {
    return notMade('this', this.constructor.name);
  }

  /** True once destroy() ran. */
  get destroyed() {
    return this._ptrOrZero() === 0;
  }

  _ptrOrZero() {
    let p;
    try {
      p = this.#ptr;
    } catch {
      p = undefined;
    }
    if (p === undefined) throw this._notMade();
    return p;
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
    this.#free(p);
    this.#ptr = 0;
    this._dropViews();
  }
}

/**
 * Checks that value is a cls made by its constructor (not a Proxy of one)
 * and not destroyed; `name` is the argument's name. Returns value.
 */
export function madeArg(value, cls, name) {
  if (HeapObject._made(value, cls)) {
    if (value.destroyed) throw new RangeError(`${name}: this ${cls.name} was destroyed`);
    return value;
  }
  if (value instanceof cls) throw notMade(name, cls.name);
  throw new TypeError(`${name} must be ${withArticle(cls.name)}, got ${describe(value)}`);
}

function allocated(ptr, what, capacity) {
  if (ptr === 0) throw outOfMemory(`could not allocate ${withArticle(what)} of capacity ${capacity}`);
  return ptr;
}

function reserved(rc, what, capacity) {
  if (rc === NO_MEMORY) throw outOfMemory(`could not grow the ${what} to capacity ${capacity}`);
  if (rc !== 0) throw statusError(rc, `${what}.reserve(${capacity})`);
}

function countArg(obj, value) {
  return intArg(value, 'count', 0, obj.capacity, 'the capacity');
}

const specs = new WeakMap();

function accessor(proto, key, get, set) {
  Object.defineProperty(proto, key, { get, set, enumerable: false, configurable: true });
}

function method(proto, key, fn, length) {
  Object.defineProperty(fn, 'length', { value: length });
  Object.defineProperty(proto, key, { value: fn, writable: true, enumerable: false, configurable: true });
}

/**
 * The base of a structure of arrays in wasm memory: a class extends it and
 * declares its field table with defineSoA, which this constructor reads.
 */
export class StructOfArrays extends HeapObject {
  /** capacity: an integer from 1 to MAX_CAPACITY. */
  constructor(capacity) {
    const s = specOf(new.target);
    s.ready();
    capacityArg(capacity, 'capacity');
    super(allocated(rt.wasm[`${s.c}_create`](capacity), s.name, capacity), s.name, rt.wasm[`${s.c}_destroy`]);
  }

  /**
   * After reserve() moved the arrays: views over the old arrays (now free
   * memory the allocator will hand to other objects) are detached, so a view
   * kept across reserve() reads nothing and writes nowhere. @internal
   */
  _moved(before) {
    if (before === this._word(FIRST_ARRAY_WORD)) return;
    this._dropViews();
  }

  /** Grows to `capacity` with fn (the C reserve); detaches the old views when the arrays moved. @internal */
  _reserve(fn, capacity) {
    const p = this._ptr();
    capacityArg(capacity, 'capacity');
    const before = this._word(FIRST_ARRAY_WORD);
    reserved(fn(p, capacity), specOf(this.constructor).name, capacity);
    this._moved(before);
  }

  /** Capacity in elements. */
  get capacity() {
    return this._word(CAPACITY_WORD);
  }
}

/**
 * Declares a structure of arrays in wasm memory from its field table: puts
 * its views, count, add/set/reserve (or the result buffer's members) on
 * cls.prototype, beside the methods the class writes itself:
 *
 *   export class CircleSet extends StructOfArrays {}
 *   defineSoA(CircleSet, {
 *     c: 'capw_circle_set', ready, set: true,
 *     fields: [['x', F32, f32], ['y', F32, f32], ['radius', F32, radius]],
 *   });
 *
 * spec:
 *   c        the exports' prefix: <c>_create(capacity) → pointer (0 when out
 *            of memory), <c>_reserve(ptr, capacity) → status, <c>_destroy(ptr)
 *   fields   [name, F32 | U32, check?]: the struct's arrays in order (words
 *            FIRST_ARRAY_WORD, ...), each a getter returning its live view of
 *            capacity elements. Fields with a check(value, name) → number come
 *            first: they are the inputs add() takes and checks in order.
 *   ready()  runs first in the constructor (the module is loaded, its layout
 *            checked)
 *   results  true: an output buffer: count is read-only, `written` =
 *            min(count, capacity), `overflow` = count > capacity, and
 *            reserve() keeps the written results (count becomes written)
 *   set      true: set(i, ...inputs) overwrites element i < count
 *   version  true: the word after the arrays is a version, bumped by every
 *            change through the API (count, add, set): the C side rebuilds
 *            what it derives (an index) on next use
 *   also     a check of add()'s checked inputs together (after each field's own)
 * Without `results` the count is writable (0..capacity) and add(...inputs)
 * appends an element and returns its index (RangeError when full). Messages
 * name the class (cls.name). Returns cls.
 */
export function defineSoA(cls, spec) {
  const name = cls.name, { fields } = spec, proto = cls.prototype;
  const reserve = `${spec.c}_reserve`;
  const inputs = fields.filter((f) => f[2] !== undefined);
  const n = inputs.length;
  const row = new Float64Array(n); // add()/set()'s checked inputs (the checks run no user code)
  const versionWord = spec.version ? FIRST_ARRAY_WORD + fields.length : -1;
  specs.set(cls, { ...spec, name });
  Object.defineProperty(cls, 'length', { value: 1 }); // new cls(capacity)

  method(proto, '_makeViews', function (buffer, w) {
    const h = rt.heapU32, c = h[w + CAPACITY_WORD], v = new Array(fields.length);
    for (let k = 0; k < fields.length; k++) v[k] = new VIEW[fields[k][1]](buffer, h[w + FIRST_ARRAY_WORD + k], c);
    return v;
  }, 2);
  // Bumps the version (the C side rebuilds its index on next use).
  const touch = (obj) => {
    if (versionWord >= 0) obj._setWord(versionWord, (obj._word(versionWord) + 1) >>> 0);
  };
  for (let k = 0; k < fields.length; k++) {
    accessor(proto, fields[k][0], function () {
      return this._views()[k];
    });
  }

  // The checked inputs from args[from], ..., in row (fields' own checks, then spec.also).
  const take = (args, from) => {
    for (let k = 0; k < n; k++) row[k] = inputs[k][2](args[from + k], inputs[k][0]);
    spec.also?.(row);
    return row;
  };
  const store = (obj, i, r) => {
    const v = obj._views();
    for (let k = 0; k < n; k++) v[k][i] = r[k];
  };

  if (spec.results) {
    accessor(proto, 'count', function () {
      return this._word(COUNT_WORD);
    });
    accessor(proto, 'written', function () {
      const c = this._word(COUNT_WORD), cap = this._word(CAPACITY_WORD);
      return c < cap ? c : cap;
    });
    accessor(proto, 'overflow', function () {
      return this._word(COUNT_WORD) > this._word(CAPACITY_WORD);
    });
    // After an overflowed query the results that did not fit were never
    // stored: count becomes written (overflow false), never a count of
    // unwritten entries.
    method(proto, 'reserve', function (capacity) {
      const cap = this.capacity, written = this.written;
      this._reserve(rt.wasm[reserve], capacity);
      if (this.capacity !== cap && this._word(COUNT_WORD) > written) this._setWord(COUNT_WORD, written);
    }, 1);
    return cls;
  }

  accessor(
    proto,
    'count',
    function () {
      return this._word(COUNT_WORD);
    },
    function (value) {
      this._setWord(COUNT_WORD, countArg(this, value));
      touch(this);
    },
  );
  method(proto, 'add', function () {
    this._ptr();
    const r = take(arguments, 0);
    const i = this.count;
    if (i >= this.capacity) throw new RangeError(`this ${name} is full (capacity ${this.capacity}); reserve() more`);
    store(this, i, r);
    this._setWord(COUNT_WORD, i + 1);
    touch(this);
    return i;
  }, n);
  if (spec.set) {
    method(proto, 'set', function (i) {
      indexArg(i, 'i', this.count, 'an index below count');
      store(this, i, take(arguments, 1));
      touch(this);
    }, n + 1);
  }
  method(proto, 'reserve', function (capacity) {
    this._reserve(rt.wasm[reserve], capacity);
  }, 1);
  return cls;
}

function specOf(cls) {
  for (let c = cls; c !== null && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const s = specs.get(c);
    if (s !== undefined) return s;
  }
  throw new Error(`capsule2d: ${cls.name} was not declared with defineSoA`);
}

/** The field names of a class declared with defineSoA, in struct order (the C side's field numbers). */
export function fieldNames(cls) {
  return specOf(cls).fields.map((f) => f[0]);
}

/**
 * What a class declared with defineSoA assumes about its C struct, as layout
 * entries (see checkLayout): the words of capacity and count, the number of
 * arrays, each array's word and element type, and the version's word.
 */
export function soaLayout(cls) {
  const { name, fields, version } = specOf(cls);
  const entries = [[`${name}.capacity`, CAPACITY_WORD], [`${name}.count`, COUNT_WORD], [`${name}: number of arrays`, fields.length]];
  fields.forEach(([field, type], k) => entries.push([`${name}.${field}`, FIRST_ARRAY_WORD + k, type]));
  if (version) entries.push([`${name} version`, FIRST_ARRAY_WORD + fields.length]);
  return entries;
}

/**
 * Compares a layout table from C (uint32 words: exports_layout.c) with what
 * a JS module assumes: entries [name, value] (one word) or [name, word,
 * type] (a member: its word offset, then its element type, F32 / U32 /
 * I32). Throws an Error naming the first entry that differs: the .js and
 * .wasm files come from different builds.
 */
export function checkLayout(what, entries, table) {
  const want = [], names = [];
  for (const [name, value, type] of entries) {
    want.push(value >>> 0);
    names.push(type === undefined ? name : `${name} (word)`);
    if (type !== undefined) {
      want.push(type);
      names.push(`${name} (element type)`);
    }
  }
  const show = (k, v) => (v === undefined ? 'nothing' : names[k]?.endsWith('(element type)') ? TYPE_NAME[v] ?? String(v) : String(v));
  for (let k = 0; k < Math.max(want.length, table.length); k++) {
    if (table[k] !== want[k]) {
      throw new Error(
        `capsule2d: ${what} and the wasm module disagree on the memory layout: ` +
          `${names[k] ?? 'an entry past the end of the JS table'} is ${show(k, table[k])} in C, ${show(k, want[k])} in JS ` +
          `(word ${k} of the layout table); the .js and .wasm files come from different builds (rebuild dist/)`,
      );
    }
  }
}
