// capsule2d — the ball-physics world (C: src/world/, capsule2d_world.h;
// types and rules: world.d.ts). A World owns its balls, statics and scratch
// in wasm memory; JS reads and writes ball state in place through live,
// slot-indexed Float32Array views, and each step is ONE call.
//
// Views are reached through getters that re-make them when wasm memory grew
// or the world reallocated its ball arrays (adding beyond ballCapacity), so
// a view kept in a variable stays valid across step() (which allocates
// nothing once warmed up) until one of the calls documented to allocate.
import * as rt from './runtime.js';
import { f32, MAX_COORD, maxFraction as maxFractionArg, outOfRange } from './check.js';
import { BAD_VALUE, NO_MEMORY, BAD_HANDLE, describe, statusError } from './errors.js';
import { RayBatch, SweepBatch, NO_HIT } from './batch.js';
import { madeArg, fieldNames } from './heap.js';
import { CapsuleBodies, BODY_FIELD_ERROR, bodyFieldName } from './world-bodies.js';

// Layout of the C side (capsule2d_world.h); checked against
// capw_world_layout() on the first World (see checkLayout).
const WORLD_DEF = ['gravityX', 'gravityY', 'dt', 'subSteps', 'ballCapacity', 'staticCapacity', 'eventCapacity',
  'unitsPerMeter', 'contactHertz', 'staticHertz', 'dampingRatio', 'pushSpeed', 'restitutionThreshold',
  'hitSpeedThreshold', 'sleepSpeed', 'sleepTime', 'sleep'];
const BALL_DEF = ['x', 'y', 'vx', 'vy', 'angle', 'angularVelocity', 'radius', 'density', 'restitution', 'friction',
  'rollingResistance', 'gravityScale', 'linearDamping', 'angularDamping', 'category', 'mask', 'awake', 'bullet', 'userData'];
const STATIC_DEF = ['kind', 'ax', 'ay', 'bx', 'by', 'radius', 'restitution', 'friction', 'rollingResistance',
  'category', 'mask', 'sensor', 'userData'];
// Ball fields, in cap_ball_field order (float32 first, then u32).
const BALL_FIELDS = ['x', 'y', 'vx', 'vy', 'angle', 'angularVelocity', 'radius', 'invMass', 'invInertia',
  'restitution', 'friction', 'rollingResistance', 'gravityScale', 'linearDamping', 'angularDamping', 'sleepTime',
  'category', 'mask', 'flags', 'generation', 'userData'];
const F_INV_MASS = 7, F_INV_INERTIA = 8, F_FLAGS = 18, F_GENERATION = 19, F_USER_DATA = 20;
const FLOAT_FIELDS = 16;
const EVENT_KINDS = ['begin', 'end', 'hit', 'sensorEnter', 'sensorLeave'];
const EVENT_WORDS = 12; // kind, a, b, speed, px, py, nx, ny, generation a, generation b, user data a, user data b

const ALIVE = 1;
const AWAKE = 2;
const BULLET = 4;
/** The bits of balls.flags (CAP_BALL_ALIVE, CAP_BALL_AWAKE, CAP_BALL_BULLET). */
export const BallFlags = Object.freeze({ ALIVE, AWAKE, BULLET });
const STATIC_WORDS = 37; // cap_wstatic: ax, ay, bx, by, radius, ..., kind (16), sensor (17), kinematic pose, chain links (26-28), pivot terms, user data (36)
const STATIC_USER_DATA = 36;
const NONE = 0xffffffff;
const STATIC_KINEMATIC = 2;
const STATIC_KINDS = ['capsule', 'line', 'kinematic', 'pivoted'];
const STATIC_PIVOTED = 3;
const SNAPSHOT_FORMAT = 2;
const LIBRARY_VERSION = 0x000100; // 0.1.0 (package.json; CAP_LIBRARY_VERSION)
const SNAPSHOT_PROBLEMS = ['', 'truncated', 'not a snapshot', 'format', 'library version', 'checksum', 'corrupt', 'too long'];
const STATIC_CAPSULE = 0;
const STATIC_LINE = 1;

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
const SLOT_BITS = 2 ** 20;
const STAMPS = 2 ** 32;
const MAX_CHUNK = 2 ** 20;
const KIND_BALL = 0;
const KIND_STATIC = 1;
/** Per kind: the next unused stamp of each slot (a plain number, may pass 2^32: handles take it mod 2^32). */
const stampCounters = [new Float64Array(0), new Float64Array(0)];

/** Doubles a Float64Array's length until it holds index i (new entries 0). */
function holding(a, i) {
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
class StampTable {
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

const WORLD_OPTIONS = new Set(['gravityX', 'gravityY', 'dt', 'subSteps', 'ballCapacity', 'staticCapacity',
  'eventCapacity', 'unitsPerMeter', 'contactHertz', 'staticHertz', 'dampingRatio', 'pushSpeed',
  'restitutionThreshold', 'hitSpeedThreshold', 'sleepSpeed', 'sleepTime', 'sleep']);
// The settings configure() changes between steps (the rest are fixed at construction).
const RUNTIME_OPTIONS = new Set(['gravityX', 'gravityY', 'subSteps', 'contactHertz', 'staticHertz', 'dampingRatio',
  'pushSpeed', 'restitutionThreshold', 'hitSpeedThreshold', 'sleepSpeed', 'sleepTime', 'sleep']);
const BALL_OPTIONS = new Set(['vx', 'vy', 'angle', 'angularVelocity', 'density', 'restitution', 'friction',
  'rollingResistance', 'gravityScale', 'linearDamping', 'angularDamping', 'category', 'mask', 'awake', 'bullet', 'userData']);
const STATIC_OPTIONS = new Set(['restitution', 'friction', 'rollingResistance', 'category', 'mask', 'sensor', 'userData']);
const CHAIN_OPTIONS = new Set(['loop', 'oneSided', 'restitution', 'friction', 'rollingResistance', 'category', 'mask', 'userData']);
const PIVOTED_OPTIONS = new Set(['pivot', 'density', 'lowerAngle', 'upperAngle', 'motorSpeed', 'maxMotorTorque', 'angularDamping',
  'restitution', 'friction', 'rollingResistance', 'category', 'mask', 'userData']);
const KINEMATIC_OPTIONS = new Set(['pivot', 'restitution', 'friction', 'rollingResistance', 'category', 'mask', 'userData']);

/** Reads and checks an options object once (every getter runs once, before anything changes). */
function readOptions(options, allowed, name) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${name} must be an object, got ${describe(options)}`);
  }
  const out = {};
  for (const key of Object.keys(options)) {
    if (!allowed.has(key)) throw new TypeError(`${name}: unknown option ${JSON.stringify(key)} (known: ${[...allowed].join(', ')})`);
    out[key] = options[key];
  }
  return out;
}

function num(value, name, { min = -Infinity, minExclusive = false, integer = false, max = Infinity } = {}) {
  const f = integer ? value : f32(value, name);
  if (integer) {
    if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
    if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
  }
  if (minExclusive ? !(f > min) : !(f >= min)) throw new RangeError(`${name} must be ${minExclusive ? '>' : '>='} ${min}, got ${value}`);
  if (!(f <= max)) throw new RangeError(`${name} must be <= ${max}, got ${value}`);
  return f;
}

function bits(value, name) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(`${name} must be an integer from 0 to 0xffffffff, got ${value}`);
  }
  return value >>> 0;
}

function bool(value, name) {
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${describe(value)}`);
  return value;
}

/**
 * The snapshot's bytes as a plain Uint8Array of our own (a copy), read
 * before anything touches the heap: a subclass's getters (length, buffer)
 * are never called, a Proxy's traps run here or not at all, and bytes that
 * are a view of wasm memory cannot move under the copy into it.
 */
function snapshotBytes(bytes) {
  if (bytes instanceof Uint8Array) return new Uint8Array(bytes);
  if (bytes instanceof ArrayBuffer) return new Uint8Array(new Uint8Array(bytes));
  throw new TypeError(`bytes must be a Uint8Array or an ArrayBuffer (from World.save()), got ${describe(bytes)}`);
}

const versionText = (v) => `${v >>> 16}.${(v >>> 8) & 255}.${v & 255}`;

/** The message for a refused snapshot (cap_snapshot_error), with what the header says. */
function snapshotProblem(why, u8) {
  const word = (i) => (u8.length >= 4 * i + 4 ? new DataView(u8.buffer, u8.byteOffset + 4 * i, 4).getUint32(0, true) : undefined);
  switch (SNAPSHOT_PROBLEMS[why]) {
    case 'truncated':
      return word(3) === undefined || u8.length < 32
        ? `the snapshot is truncated: ${u8.length} bytes, shorter than its 32-byte header`
        : `the snapshot is truncated: ${u8.length} bytes, its header says ${word(3)}`;
    case 'too long': return `the snapshot has ${u8.length} bytes, its header says ${word(3)} (extra bytes at the end)`;
    case 'not a snapshot': return 'the bytes are not a capsule2d world snapshot (no "C2DW" magic at the start)';
    case 'format': return `the snapshot has format ${word(1)} (or other record sizes); this library reads format ${SNAPSHOT_FORMAT}`;
    case 'library version': return `the snapshot was saved by capsule2d ${versionText(word(2))}; this is ${versionText(LIBRARY_VERSION)}`;
    case 'checksum': return 'the snapshot\'s checksum does not match: the bytes were altered or damaged';
    case 'corrupt': return 'the snapshot\'s contents are inconsistent (its checksum matches: not written by World.save?)';
    default: return `the snapshot was refused (code ${why})`;
  }
}

/** The world options' values, checked (the constructor's and configure's rules). */
function worldValues(o) {
  const vals = {};
  const real = (k, spec) => { if (o[k] !== undefined) vals[k] = num(o[k], `options.${k}`, spec); };
  real('gravityX'); real('gravityY');
  real('dt', { min: 0, minExclusive: true });
  real('subSteps', { integer: true, min: 1, max: 64 });
  real('ballCapacity', { integer: true, min: 1, max: 1 << 20 });
  real('staticCapacity', { integer: true, min: 1, max: 1 << 20 });
  real('eventCapacity', { integer: true, min: 0, max: 1 << 20 });
  for (const k of ['unitsPerMeter', 'contactHertz', 'staticHertz', 'dampingRatio', 'pushSpeed']) real(k, { min: 0, minExclusive: true });
  for (const k of ['restitutionThreshold', 'hitSpeedThreshold', 'sleepSpeed', 'sleepTime']) real(k, { min: 0 });
  if (o.sleep !== undefined) vals.sleep = bool(o.sleep, 'options.sleep');
  return vals;
}

/** Writes the given values over a cap_world_def at word base of the heap (the others stay). */
function writeWorldDef(base, vals) {
  WORLD_DEF.forEach((k, i) => {
    if (vals[k] === undefined) return;
    if (k === 'sleep') rt.heapI32[base + i] = vals[k] ? 1 : 0;
    else if (k === 'subSteps' || k.endsWith('Capacity')) rt.heapU32[base + i] = vals[k];
    else rt.heapF32[base + i] = vals[k];
  });
}

let layoutChecked = false;
function checkLayout() {
  if (layoutChecked) return;
  const w = rt.wasm;
  const p = w.capw_world_layout() >>> 2, n = w.capw_world_layout_count();
  const got = Array.from(rt.heapU32.subarray(p, p + n));
  const want = [WORLD_DEF.length, BALL_DEF.length, STATIC_DEF.length, WORLD_DEF.indexOf('sleep'),
    BALL_DEF.indexOf('awake'), STATIC_DEF.indexOf('sensor'), BALL_FIELDS.length, FLOAT_FIELDS,
    EVENT_KINDS.length, EVENT_WORDS, -BAD_VALUE, -NO_MEMORY, -BAD_HANDLE, STATIC_WORDS, 16, 17, SNAPSHOT_FORMAT,
    LIBRARY_VERSION, STATIC_USER_DATA, BALL_DEF.indexOf('userData'), STATIC_DEF.indexOf('userData')];
  if (got.join() !== want.join()) {
    throw new Error(`capsule2d: world.js and the wasm module disagree on the world layout (C ${got}, JS ${want}); rebuild`);
  }
  layoutChecked = true;
}

// A view handed out keeps its world alive (see batch.js).
const owners = new WeakMap();

const registry =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ ptr, instance }) => {
        if (rt.wasm === instance) instance.capw_world_destroy(ptr);
      })
    : null;

/** The ball arrays of a world: live slot-indexed views (see world.d.ts). */
class Balls {
  #world;
  constructor(world) {
    this.#world = world;
  }
  /** Highest used slot + 1: loop `for (let i = 0; i < slotCount; i++) if (balls.alive(i))`. Not the number of balls (live). */
  get slotCount() { return this.#world._call('capw_world_ball_slots'); }
  get live() { return this.#world._call('capw_world_ball_count'); }
  get capacity() { return this.#world._call('capw_world_ball_capacity'); }
  get x() { return this.#world._view(0); }
  get y() { return this.#world._view(1); }
  get vx() { return this.#world._view(2); }
  get vy() { return this.#world._view(3); }
  get angle() { return this.#world._view(4); }
  get angularVelocity() { return this.#world._view(5); }
  get radius() { return this.#world._view(6); }
  get flags() { return this.#world._view(F_FLAGS); }
  /** The game's 32 bits per ball (addBall's options.userData; writable; kept in snapshots, given by events). */
  get userData() { return this.#world._view(F_USER_DATA); }
  /** True when slot holds a ball. */
  alive(slot) { return (this.#flags(slot, 'alive') & ALIVE) !== 0; }
  /** True when the ball in slot is awake. */
  awake(slot) { return (this.#flags(slot, 'awake') & (ALIVE | AWAKE)) === (ALIVE | AWAKE); }

  /** The flags of slot, an integer below the views' length (else a named error). */
  #flags(slot, name) {
    const flags = this.#world._view(18);
    if (typeof slot !== 'number') throw new TypeError(`${name}: slot must be a number, got ${describe(slot)}`);
    if (!(Number.isInteger(slot) && slot >= 0 && slot < flags.length)) {
      throw new RangeError(`${name}: slot must be an integer from 0 to ${flags.length - 1}, got ${slot}`);
    }
    // Past slotCount no ball lives, whatever was written there (step() reads only below it).
    return slot < this.slotCount ? flags[slot] : 0;
  }
}

/** One kind of event: count found this step, records as u32 / f32 views. */
class EventList {
  #world;
  #kind;
  #u32 = null; // the views forEach reads, kept while memory and the world's arrays stay
  #f32 = null;
  #key = -1;
  constructor(world, kind) {
    this.#world = world;
    this.#kind = kind;
  }
  /**
   * Calls fn(ball, other, speed, x, y, nx, ny, ballData, otherData) for each
   * written event, in order, with plain numbers (allocates nothing): the
   * ball's handle, the other object's handle (a ball or a static: see
   * isBallHandle), the hit's approach speed, point and normal (0 for events
   * other than hits), and both objects' userData. Handles and userData are
   * the objects' when the event happened (a removed object's too).
   */
  forEach(fn) {
    if (typeof fn !== 'function') throw new TypeError(`forEach: fn must be a function, got ${describe(fn)}`);
    const w = this.#world, n = this.written;
    if (n === 0) return;
    const key = w._version();
    if (this.#key !== key || this.#u32.buffer !== rt.wasm.memory.buffer) {
      this.#u32 = this.u32; this.#f32 = this.f32; this.#key = key;
    }
    for (let i = 0; i < n; i++) {
      // Re-read: fn may have grown memory (an addBall) or restored the world.
      if (this.#u32.buffer !== rt.wasm.memory.buffer || this.#key !== w._version()) {
        if (i >= this.written) return;
        this.#u32 = this.u32; this.#f32 = this.f32; this.#key = w._version();
      }
      const u = this.#u32, f = this.#f32, k = i * EVENT_WORDS;
      const ball = w._handleOf(u[k + 1], KIND_BALL, u[k + 8]);
      const other = w._handleOf(u[k + 2], u[k] === 1 ? KIND_BALL : KIND_STATIC, u[k + 9]);
      fn(ball, other, f[k + 3], f[k + 4], f[k + 5], f[k + 6], f[k + 7], u[k + 10], u[k + 11]);
    }
  }
  get count() { return this.#world._call('capw_world_event_count', this.#kind); }
  get written() { return Math.min(this.count, this.#world.eventCapacity); }
  get overflowed() { return this.count > this.#world.eventCapacity; }
  get u32() { return this.#world._eventView(this.#kind, Uint32Array); }
  get f32() { return this.#world._eventView(this.#kind, Float32Array); }
  /** Plain objects for the written events (allocates; for convenience and tests). */
  toArray() {
    const u = this.u32, f = this.f32, out = [];
    for (let i = 0; i < this.written; i++) {
      const k = i * EVENT_WORDS;
      const w = this.#world, otherKind = u[k] === 1 ? KIND_BALL : KIND_STATIC;
      const e = {
        kind: u[k] === 1 ? 'ball' : 'static', ball: u[k + 1], other: u[k + 2],
        ballHandle: w._handleOf(u[k + 1], KIND_BALL, u[k + 8]), otherHandle: w._handleOf(u[k + 2], otherKind, u[k + 9]),
        ballData: u[k + 10], otherData: u[k + 11],
      };
      if (this.#kind === 2) Object.assign(e, { speed: f[k + 3], x: f[k + 4], y: f[k + 5], nx: f[k + 6], ny: f[k + 7] });
      out.push(e);
    }
    return out;
  }
}

export class World {
  #ptr = 0;
  #stamps = [new StampTable(KIND_BALL), new StampTable(KIND_STATIC)];
  #views = null;
  #viewKey = '';
  #eventCapacity;
  #balls;
  #events;
  #bodies; // capsule bodies (world-bodies.js)

  constructor(options) {
    if (rt.wasm === null) rt.notReady();
    const o = readOptions(options, WORLD_OPTIONS, 'World options');
    const vals = worldValues(o);
    checkLayout();
    const w = rt.wasm;
    const def = w.capw_world_def_new();
    if (def === 0) throw new RangeError('could not allocate a World (out of memory)');
    let ptr = 0;
    try {
      const base = def >>> 2;
      writeWorldDef(base, vals);
      this.#eventCapacity = rt.heapU32[base + WORLD_DEF.indexOf('eventCapacity')];
      ptr = w.capw_world_create(def);
    } finally {
      w.capw_world_def_free(def);
    }
    if (ptr === 0) throw new RangeError('could not allocate a World (out of memory)');
    this.#ptr = ptr;
    registry?.register(this, { ptr, instance: w }, this);
    this.#balls = new Balls(this);
    this.#bodies = new CapsuleBodies(this, new StampTable(KIND_STATIC), { readOptions, num, bits, bool });
    this.#events = Object.freeze(Object.fromEntries(EVENT_KINDS.map((k, i) => [k, new EventList(this, i)])));
    // A misspelt or unknown property (w.gravityY = -1) throws in strict code
    // (ES modules) instead of doing nothing. A subclass decides for its own.
    if (new.target === World) Object.preventExtensions(this);
  }

  // ---- plumbing -------------------------------------------------------------
  _p() {
    let p;
    try {
      p = this.#ptr;
    } catch {
      throw new TypeError('this must be a World made with new World(), got an object that only looks like one ' +
        '(a Proxy of a World, or made with Object.create(World.prototype)): call the method on the World itself');
    }
    if (p === 0) throw new RangeError('this World was destroyed');
    return p;
  }
  _call(name, ...args) { return rt.wasm[name](this._p(), ...args); }
  /** Increments when the world's arrays moved (grown, restored). */
  _version() { return rt.wasm.capw_world_version(this._p()); }
  /** The handle of (slot, kind, generation): for events (a removed object's generation too). */
  _handleOf(slot, kind, generation) { return this.#handle(slot, kind, generation); }
  _view(field) {
    const ptr = this._p();
    const version = rt.wasm.capw_world_version(ptr);
    const key = `${rt.generation}:${version}`;
    if (this.#views === null || this.#viewKey !== key) {
      const n = rt.wasm.capw_world_ball_capacity(ptr), buf = rt.wasm.memory.buffer;
      this.#views = BALL_FIELDS.map((_, f) => {
        const addr = rt.wasm.capw_world_ball_field(ptr, f);
        const view = f < FLOAT_FIELDS ? new Float32Array(buf, addr, n) : new Uint32Array(buf, addr, n);
        owners.set(view, this); // a kept view keeps the world (and its memory) alive
        return view;
      });
      this.#viewKey = key;
    }
    return this.#views[field];
  }
  _eventView(kind, Type) {
    const addr = rt.wasm.capw_world_events(this._p(), kind);
    return new Type(rt.wasm.memory.buffer, addr, this.#eventCapacity * EVENT_WORDS);
  }
  #params() { return rt.wasm.capw_world_params(this._p()) >>> 2; }
  #error(rc, what) {
    return statusError(rc, what);
  }

  // ---- handles ----------------------------------------------------------------
  #handle(slot, kind, generation) {
    return slot + SLOT_BITS * (kind + 2 * (this.#stamps[kind].stamp(slot, generation) % STAMPS));
  }
  #slot(handle, kind, name) {
    this._p();
    if (typeof handle !== 'number') throw new TypeError(`${name} must be a handle (a number), got ${describe(handle)}`);
    if (!Number.isSafeInteger(handle) || handle < 0) throw new RangeError(`${name} is not a handle: ${handle}`);
    const slot = handle % SLOT_BITS;
    const rest = Math.floor(handle / SLOT_BITS);
    const k = rest % 2, t = Math.floor(rest / 2);
    const what = kind === KIND_BALL ? 'ball' : 'static';
    if (k !== kind) throw new RangeError(`${name} ${handle} is a ${k === KIND_BALL ? 'ball' : 'static'} handle, not a ${what} handle`);
    let gen = -1;
    if (kind === KIND_BALL) {
      if (slot < this._call('capw_world_ball_slots') && (this._view(18)[slot] & ALIVE) !== 0) gen = this._view(19)[slot];
    } else {
      const info = this.#staticInfo();
      if (slot < this._call('capw_world_static_slots') && (info[3 * slot + 2] & 1) !== 0) gen = info[3 * slot + 1];
    }
    const table = this.#stamps[kind];
    const stamp = gen < 0 ? -1 : table.find(slot, gen);
    if (stamp >= 0 && stamp % STAMPS === t) return slot;
    if (!table.made(slot, t)) throw new RangeError(`${name} ${handle} belongs to another World (or was never a handle)`);
    throw new RangeError(`${name} ${handle} refers to a removed ${what}`);
  }
  #staticInfo() {
    const n = this._call('capw_world_static_slots');
    return new Uint32Array(rt.wasm.memory.buffer, rt.wasm.capw_world_static_info(this._p()), 3 * Math.max(n, 1));
  }

  // ---- balls --------------------------------------------------------------------
  /** Adds a ball; returns its handle. May allocate (beyond ballCapacity). */
  addBall(x, y, radius, options) {
    this._p();
    x = f32(x, 'x');
    y = f32(y, 'y');
    radius = num(radius, 'radius', { min: 0, minExclusive: true });
    const o = readOptions(options, BALL_OPTIONS, 'addBall options');
    const v = { x, y, radius };
    for (const k of ['vx', 'vy', 'angle', 'angularVelocity', 'gravityScale']) if (o[k] !== undefined) v[k] = f32(o[k], `options.${k}`);
    if (o.density !== undefined) v.density = num(o.density, 'options.density', { min: 0, minExclusive: true });
    for (const k of ['restitution', 'friction', 'rollingResistance', 'linearDamping', 'angularDamping']) {
      if (o[k] !== undefined) v[k] = num(o[k], `options.${k}`, { min: 0 });
    }
    for (const k of ['category', 'mask', 'userData']) if (o[k] !== undefined) v[k] = bits(o[k], `options.${k}`);
    if (o.awake !== undefined) v.awake = bool(o.awake, 'options.awake') ? 1 : 0;
    if (o.bullet !== undefined) v.bullet = bool(o.bullet, 'options.bullet') ? 1 : 0;
    const p = this.#params();
    rt.wasm.capw_ball_def_default(p << 2);
    BALL_DEF.forEach((k, i) => {
      if (v[k] === undefined) return;
      if (k === 'category' || k === 'mask' || k === 'userData') rt.heapU32[p + i] = v[k];
      else if (k === 'awake' || k === 'bullet') rt.heapI32[p + i] = v[k];
      else rt.heapF32[p + i] = v[k];
    });
    const version = this._call('capw_world_version');
    const rc = this._call('capw_world_add_ball');
    // The ball arrays moved (beyond ballCapacity): views of the freed arrays are detached.
    if (this._call('capw_world_version') !== version) rt.detachViews();
    if (rc === BAD_VALUE) throw new RangeError(`addBall: radius ${radius} with density gives a mass that is not a finite positive float32`);
    if (rc < 0) throw this.#error(rc, 'addBall');
    return this.#handle(rc, KIND_BALL, this._view(19)[rc]);
  }

  /** Removes a ball; its touching contacts give end events in the next step. */
  removeBall(handle) {
    const slot = this.#slot(handle, KIND_BALL, 'handle');
    const rc = this._call('capw_world_remove_ball', slot);
    if (rc !== 0) throw this.#error(rc, 'removeBall');
  }

  /** Wakes a sleeping ball. */
  wakeBall(handle) {
    this._call('capw_world_wake_ball', this.#slot(handle, KIND_BALL, 'handle'));
  }

  /** The slot (index into the views) of a ball handle. */
  slotOf(handle) { return this.#slot(handle, KIND_BALL, 'handle'); }
  /**
   * True when handle is a live ball of this world; false for a removed,
   * foreign or static handle. A value that is no handle at all (not a number:
   * TypeError; NaN, negative or fractional: RangeError) throws.
   */
  hasBall(handle) {
    this._p();
    if (typeof handle !== 'number') throw new TypeError(`handle must be a handle (a number), got ${describe(handle)}`);
    if (!Number.isSafeInteger(handle) || handle < 0) throw new RangeError(`handle is not a handle: ${handle}`);
    try { this.#slot(handle, KIND_BALL, 'handle'); return true; } catch (e) { if (e instanceof RangeError) return false; throw e; }
  }
  /** The handle of the ball in slot (RangeError when the slot is empty). */
  ballHandle(slot) {
    const n = this._call('capw_world_ball_slots');
    if (typeof slot !== 'number') throw new TypeError(`slot must be a number, got ${describe(slot)}`);
    if (!Number.isInteger(slot) || slot < 0 || slot >= n || !(this._view(18)[slot] & ALIVE)) {
      throw new RangeError(`slot ${slot} holds no ball`);
    }
    return this.#handle(slot, KIND_BALL, this._view(19)[slot]);
  }
  /** The handle of the static in slot (RangeError when the slot is empty): the slots events and statics() give. */
  staticHandle(slot) {
    const n = this._call('capw_world_static_slots');
    if (typeof slot !== 'number') throw new TypeError(`slot must be a number, got ${describe(slot)}`);
    const info = this.#staticInfo();
    if (!Number.isInteger(slot) || slot < 0 || slot >= n || !(info[3 * slot + 2] & 1)) throw new RangeError(`slot ${slot} holds no static`);
    return this.#handle(slot, KIND_STATIC, info[3 * slot + 1]);
  }
  /** The slot of a static handle (the slot events name). */
  staticSlotOf(handle) { return this.#slot(handle, KIND_STATIC, 'handle'); }
  /**
   * True when handle is a ball's handle, false when it is a static's (live or
   * removed, of any world: it reads the kind the handle carries). Not a
   * handle at all: TypeError or RangeError.
   */
  isBallHandle(handle) {
    if (typeof handle !== 'number') throw new TypeError(`handle must be a handle (a number), got ${describe(handle)}`);
    if (!Number.isSafeInteger(handle) || handle < 0) throw new RangeError(`handle is not a handle: ${handle}`);
    return Math.floor(handle / SLOT_BITS) % 2 === KIND_BALL;
  }
  /** The slot of a ball or static handle of this world and its kind (named errors otherwise). */
  #anySlot(handle, name) {
    this._p();
    if (typeof handle !== 'number') throw new TypeError(`${name} must be a handle (a number), got ${describe(handle)}`);
    if (!Number.isSafeInteger(handle) || handle < 0) throw new RangeError(`${name} is not a handle: ${handle}`);
    const kind = Math.floor(handle / SLOT_BITS) % 2;
    return { kind, slot: this.#slot(handle, kind, name) };
  }
  /** The userData of a ball or a static (0 unless set). */
  userData(handle) {
    const { kind, slot } = this.#anySlot(handle, 'handle');
    if (kind === KIND_BALL) return this._view(F_USER_DATA)[slot];
    return rt.heapU32[(rt.wasm.capw_world_static_records(this._p()) >>> 2) + STATIC_WORDS * slot + STATIC_USER_DATA];
  }
  /** Sets the userData of a ball or a static: an integer from 0 to 0xffffffff (kept in snapshots, given by events). */
  setUserData(handle, value) {
    this._p();
    if (typeof handle !== 'number') throw new TypeError(`handle must be a handle (a number), got ${describe(handle)}`);
    value = bits(value, 'value');
    const { kind, slot } = this.#anySlot(handle, 'handle');
    if (kind === KIND_BALL) this._view(F_USER_DATA)[slot] = value;
    else this._call('capw_world_set_static_user_data', slot, value);
  }

  // ---- ball helpers (handles; each wakes the ball) ------------------------------------
  /** The ball's slot and its two new float32 values, checked (in range) before anything is written. */
  #ballPair(handle, a, b, names) {
    this._p();
    if (typeof handle !== 'number') throw new TypeError(`handle must be a handle (a number), got ${describe(handle)}`);
    a = f32(a, names[0]);
    b = f32(b, names[1]);
    return [this.#slot(handle, KIND_BALL, 'handle'), a, b];
  }
  /** A float32 the step accepts (finite, within ±1e38), or a RangeError naming what overflowed. */
  #result(value, name, what) {
    const f = Math.fround(value);
    if (!(Math.abs(f) <= MAX_COORD)) throw new RangeError(`${name}: the resulting ${what} ${f} is not within ±1e38 (nothing changed)`);
    return f;
  }
  /** Adds (ix, iy) / mass to the ball's velocity (an impulse: a kick, N·s) and wakes it. */
  applyImpulse(handle, ix, iy) {
    const [slot, jx, jy] = this.#ballPair(handle, ix, iy, ['ix', 'iy']);
    const im = this._view(F_INV_MASS)[slot];
    const dv = (j) => (j === 0 ? 0 : Math.fround(j * im)); // no change from a zero impulse, whatever the mass
    const vx = this.#result(this._view(2)[slot] + dv(jx), 'applyImpulse', 'vx');
    const vy = this.#result(this._view(3)[slot] + dv(jy), 'applyImpulse', 'vy');
    this._view(2)[slot] = vx; this._view(3)[slot] = vy;
    this._call('capw_world_wake_ball', slot);
  }
  /** Adds j / inertia to the ball's spin (an angular impulse, counter-clockwise positive) and wakes it. */
  applyAngularImpulse(handle, j) {
    this._p();
    if (typeof handle !== 'number') throw new TypeError(`handle must be a handle (a number), got ${describe(handle)}`);
    j = f32(j, 'j');
    const slot = this.#slot(handle, KIND_BALL, 'handle');
    const dw = j === 0 ? 0 : Math.fround(j * this._view(F_INV_INERTIA)[slot]);
    const w = this.#result(this._view(5)[slot] + dw, 'applyAngularImpulse', 'angularVelocity');
    this._view(5)[slot] = w;
    this._call('capw_world_wake_ball', slot);
  }
  /** Sets the ball's velocity and wakes it. */
  setVelocity(handle, vx, vy) {
    const [slot, x, y] = this.#ballPair(handle, vx, vy, ['vx', 'vy']);
    this._view(2)[slot] = x; this._view(3)[slot] = y;
    this._call('capw_world_wake_ball', slot);
  }
  /** Moves the ball there (a teleport: the next step starts there, no sweep from the old place) and wakes it. */
  setPosition(handle, x, y) {
    const [slot, px, py] = this.#ballPair(handle, x, y, ['x', 'y']);
    this._view(0)[slot] = px; this._view(1)[slot] = py;
    this._call('capw_world_wake_ball', slot);
  }
  /** A ball's state as a new plain object (allocates: for game logic, not for every ball every frame). */
  ballState(handle) {
    const slot = this.#slot(handle, KIND_BALL, 'handle'), v = (f) => this._view(f)[slot];
    const flags = v(F_FLAGS), im = v(F_INV_MASS);
    return {
      handle, slot, x: v(0), y: v(1), vx: v(2), vy: v(3), angle: v(4), angularVelocity: v(5), radius: v(6),
      mass: im > 0 ? 1 / im : Infinity, awake: (flags & AWAKE) !== 0, bullet: (flags & BULLET) !== 0, userData: v(F_USER_DATA),
    };
  }

  // ---- settings ------------------------------------------------------------------
  /**
   * The settings in use, as a new plain object with the constructor's option
   * names (gravityX, gravityY, dt, subSteps, ..., sleep).
   */
  get settings() {
    const base = rt.wasm.capw_world_def(this._p()) >>> 2, out = {};
    WORLD_DEF.forEach((k, i) => {
      out[k] = k === 'sleep' ? rt.heapI32[base + i] !== 0
        : k === 'subSteps' || k.endsWith('Capacity') ? rt.heapU32[base + i] : rt.heapF32[base + i];
    });
    return out;
  }
  /** Gravity (the acceleration of a ball with gravityScale 1) from the next step on; wakes every ball. */
  setGravity(x, y) {
    this._p();
    this.configure({ gravityX: f32(x, 'x'), gravityY: f32(y, 'y') });
  }
  /**
   * Changes settings between steps, with the constructor's option names and
   * checks: gravityX, gravityY, subSteps, contactHertz, staticHertz,
   * dampingRatio, pushSpeed, restitutionThreshold, hitSpeedThreshold, sleep,
   * sleepSpeed, sleepTime (dt, unitsPerMeter and the capacities are fixed at
   * construction). All or nothing; any change wakes every ball.
   */
  configure(options) {
    this._p();
    const o = readOptions(options, WORLD_OPTIONS, 'configure options');
    for (const k of Object.keys(o)) {
      if (!RUNTIME_OPTIONS.has(k)) throw new TypeError(`configure: ${k} is fixed at construction (changeable: ${[...RUNTIME_OPTIONS].join(', ')})`);
    }
    const vals = worldValues(o);
    const p = this.#params(), cur = rt.wasm.capw_world_def(this._p()) >>> 2;
    rt.heapU32.copyWithin(p, cur, cur + WORLD_DEF.length);
    writeWorldDef(p, vals);
    const rc = this._call('capw_world_set_def');
    if (rc < 0) throw rc === BAD_VALUE ? new RangeError('configure: the settings were refused (nothing changed)') : this.#error(rc, 'configure');
  }

  // ---- statics -------------------------------------------------------------------
  #materials(o) {
    const v = {};
    for (const k of ['restitution', 'friction', 'rollingResistance']) if (o[k] !== undefined) v[k] = num(o[k], `options.${k}`, { min: 0 });
    for (const k of ['category', 'mask', 'userData']) if (o[k] !== undefined) v[k] = bits(o[k], `options.${k}`);
    return v;
  }
  #writeStaticDef(p, v) {
    STATIC_DEF.forEach((k, i) => {
      if (v[k] === undefined) return;
      if (k === 'category' || k === 'mask' || k === 'userData') rt.heapU32[p + i] = v[k];
      else if (k === 'kind' || k === 'sensor') rt.heapI32[p + i] = v[k];
      else rt.heapF32[p + i] = v[k];
    });
  }
  #addStatic(kind, ax, ay, bx, by, radius, options, name) {
    this._p();
    const o = readOptions(options, STATIC_OPTIONS, `${name} options`);
    const v = this.#materials(o);
    if (o.sensor !== undefined) v.sensor = bool(o.sensor, 'options.sensor') ? 1 : 0;
    const p = this.#params();
    rt.wasm.capw_static_def_default(p << 2);
    Object.assign(v, { kind, ax, ay, bx, by, radius });
    this.#writeStaticDef(p, v);
    const rc = this._call('capw_world_add_static');
    if (rc === BAD_VALUE) throw new RangeError(`${name}: the shape's extent overflows float32`);
    if (rc < 0) throw this.#error(rc, name);
    return this.#handle(rc, KIND_STATIC, this.#staticInfo()[3 * rc + 1]);
  }


  /** A static capsule (radius 0: a segment; A = B: a circle). */
  addCapsule(ax, ay, bx, by, radius, options) {
    return this.#addStatic(STATIC_CAPSULE, f32(ax, 'ax'), f32(ay, 'ay'), f32(bx, 'bx'), f32(by, 'by'),
      num(radius, 'radius', { min: 0 }), options, 'addCapsule');
  }
  addSegment(ax, ay, bx, by, options) {
    return this.#addStatic(STATIC_CAPSULE, f32(ax, 'ax'), f32(ay, 'ay'), f32(bx, 'bx'), f32(by, 'by'), 0, options, 'addSegment');
  }
  addCircle(x, y, radius, options) {
    x = f32(x, 'x');
    y = f32(y, 'y');
    return this.#addStatic(STATIC_CAPSULE, x, y, x, y, num(radius, 'radius', { min: 0 }), options, 'addCircle');
  }
  /** A half-plane: solid on the right of A->B, free on the left. */
  addLine(ax, ay, bx, by, options) {
    ax = f32(ax, 'ax'); ay = f32(ay, 'ay'); bx = f32(bx, 'bx'); by = f32(by, 'by');
    if (ax === bx && ay === by) throw new RangeError(`addLine: (ax, ay) and (bx, by) must differ, got (${ax}, ${ay}) for both`);
    return this.#addStatic(STATIC_LINE, ax, ay, bx, by, 0, options, 'addLine');
  }
  removeStatic(handle) {
    const slot = this.#slot(handle, KIND_STATIC, 'handle');
    const rc = this._call('capw_world_remove_static', slot);
    if (rc !== 0) throw this.#error(rc, 'removeStatic');
  }
  /**
   * The statics as plain objects, read from the world (for drawing;
   * allocates): kinematic capsules at their current pose, with their pivot
   * (x, y), angle, velocity and pivot fraction.
   */
  statics() {
    const n = this._call('capw_world_static_slots');
    const info = this.#staticInfo(), out = [];
    const at = rt.wasm.capw_world_static_records(this._p()) >>> 2, f = rt.heapF32, u = rt.heapU32;
    for (let i = 0; i < n; i++) {
      if (!(info[3 * i + 2] & 1)) continue;
      const k = at + STATIC_WORDS * i, kind = u[k + 16];
      const o = {
        handle: this.#handle(i, KIND_STATIC, info[3 * i + 1]), slot: i, kind: STATIC_KINDS[kind],
        ax: f[k], ay: f[k + 1], bx: f[k + 2], by: f[k + 3], radius: f[k + 4], sensor: u[k + 17] === 1, userData: u[k + STATIC_USER_DATA],
      };
      if (u[k + 28]) o.chain = { prev: u[k + 26] === NONE ? -1 : u[k + 26], next: u[k + 27] === NONE ? -1 : u[k + 27], oneSided: u[k + 28] === 2 };
      if (kind >= STATIC_KINEMATIC) Object.assign(o, this.#kinematicState(i));
      if (kind === STATIC_PIVOTED && f[k + 31] <= f[k + 32]) Object.assign(o, { lowerAngle: f[k + 31], upperAngle: f[k + 32] });
      out.push(o);
    }
    return out;
  }

  // ---- chains --------------------------------------------------------------------------
  /**
   * A chain: static capsules of one radius through points [x0, y0, x1, y1,
   * ...] (an array or Float32Array of numbers), open, or closed with
   * options.loop. A ball rolls across every joint with one contact and no
   * bump (collinear pieces act as one capsule; a concave corner gives two
   * contacts, a convex one one). Two-sided, or with options.oneSided only
   * the left of each piece's direction (from point i to point i + 1)
   * collides, the side a line keeps free: a floor runs left to right, a
   * counter-clockwise loop keeps balls in, a clockwise one keeps them out, an
   * open one is a one-way platform (contacts and continuous collision;
   * queries see both sides). Returns the pieces' handles
   * (ordinary statics), in order. May allocate.
   */
  addChain(points, radius, options) {
    this._p();
    if (!Array.isArray(points) && !(points instanceof Float32Array) && !(points instanceof Float64Array)) {
      throw new TypeError(`points must be an array of numbers [x0, y0, x1, y1, ...], got ${describe(points)}`);
    }
    radius = num(radius, 'radius', { min: 0 });
    const o = readOptions(options, CHAIN_OPTIONS, 'addChain options');
    const loop = o.loop === undefined ? false : bool(o.loop, 'options.loop');
    const oneSided = o.oneSided === undefined ? false : bool(o.oneSided, 'options.oneSided');
    const v = this.#materials(o);
    // The length and the elements are read once, into locals (a getter may
    // run user code that changes or destroys this world: all before the heap).
    const length = points.length;
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) throw new TypeError(`points.length must be a whole number, got ${describe(length)}`);
    if (length % 2 !== 0) throw new RangeError(`points must hold x, y pairs: got ${length} numbers`);
    const count = length / 2;
    if (count < (loop ? 3 : 2)) throw new RangeError(`points: a${loop ? ' closed' : 'n open'} chain needs at least ${loop ? 3 : 2} points, got ${count}`);
    if (count > 1 << 20) throw new RangeError(`points: at most ${1 << 20} points, got ${count}`);
    const xy = new Float32Array(length);
    for (let i = 0; i < length; i++) xy[i] = f32(points[i], `points[${i}]`);
    const p = this._p(); // after every user value was read: a getter may have destroyed this world
    const room = rt.wasm.capw_world_snapshot_room(p, 4 * xy.length);
    if (room === 0) throw new RangeError('addChain: out of memory (nothing changed)');
    new Float32Array(rt.wasm.memory.buffer, room, xy.length).set(xy);
    const q = this.#params();
    rt.wasm.capw_static_def_default(q << 2);
    this.#writeStaticDef(q, { ...v, kind: STATIC_CAPSULE, radius });
    const rc = rt.wasm.capw_world_add_chain(p, count, (loop ? 1 : 0) | (oneSided ? 2 : 0)); // CAP_CHAIN_LOOP, CAP_CHAIN_ONE_SIDED
    if (rc === BAD_VALUE) throw new RangeError('addChain: a piece\'s extent overflows float32 (nothing changed)');
    if (rc < 0) throw this.#error(rc, 'addChain');
    const slots = new Uint32Array(rt.wasm.memory.buffer, rt.wasm.capw_world_snapshot_room(p, 4 * rc), rc).slice();
    const info = this.#staticInfo();
    return Array.from(slots, (s) => this.#handle(s, KIND_STATIC, info[3 * s + 1]));
  }

  // ---- kinematic capsules ------------------------------------------------------------
  /**
   * A kinematic capsule (flipper, paddle, moving platform): infinite mass,
   * moved by the game. (x, y) is its pivot, which sits at `options.pivot`
   * along the core (0: end a, as a flipper; 0.5, the default: the centre;
   * 1: end b); a = pivot - u pivot length, b = pivot + u (1 - pivot) length,
   * u = (cos angle, sin angle). Returns a static handle.
   */
  addKinematicCapsule(x, y, angle, length, radius, options) {
    const a = this.#moverArgs('addKinematicCapsule', KINEMATIC_OPTIONS, x, y, angle, length, radius, options);
    const rc = this.#addMover('addKinematicCapsule', a, 'capw_world_add_kinematic');
    return this.#handle(rc, KIND_STATIC, this.#staticInfo()[3 * rc + 1]);
  }
  /**
   * A pivoted capsule (seesaw, swinging gate): turns about its fixed pivot
   * (x, y), at `options.pivot` along the core (default 0.5), with its own
   * mass (options.density, default 1, times its area) and inertia about the
   * pivot; balls tip it by their weight. Options: lowerAngle / upperAngle
   * (both or neither: limits), motorSpeed with maxMotorTorque (> 0: a motor),
   * angularDamping. Read its angle and spin with kinematic(handle).
   */
  addPivotedCapsule(x, y, angle, length, radius, options) {
    const a = this.#moverArgs('addPivotedCapsule', PIVOTED_OPTIONS, x, y, angle, length, radius, options), o = a.o;
    const density = o.density === undefined ? 1 : num(o.density, 'options.density', { min: 0, minExclusive: true });
    if ((o.lowerAngle === undefined) !== (o.upperAngle === undefined)) throw new RangeError('options.lowerAngle and options.upperAngle go together (both or neither)');
    const lo = o.lowerAngle === undefined ? 1 : f32(o.lowerAngle, 'options.lowerAngle');
    const hi = o.upperAngle === undefined ? -1 : f32(o.upperAngle, 'options.upperAngle');
    if (o.lowerAngle !== undefined && !(lo <= hi)) throw new RangeError(`options.lowerAngle must be <= options.upperAngle, got ${lo} > ${hi}`);
    const speed = o.motorSpeed === undefined ? 0 : f32(o.motorSpeed, 'options.motorSpeed');
    const torque = o.maxMotorTorque === undefined ? 0 : num(o.maxMotorTorque, 'options.maxMotorTorque', { min: 0 });
    const damping = o.angularDamping === undefined ? 0 : num(o.angularDamping, 'options.angularDamping', { min: 0 });
    const rc = this.#addMover('addPivotedCapsule', a, 'capw_world_add_pivoted', density);
    this._call('capw_world_set_pivoted', rc, lo, hi, speed, torque, damping);
    return this.#handle(rc, KIND_STATIC, this.#staticInfo()[3 * rc + 1]);
  }
  /** The pose, shape and options of a kinematic or pivoted capsule, checked in argument order. */
  #moverArgs(name, allowed, x, y, angle, length, radius, options) {
    this._p();
    const a = { x: f32(x, 'x'), y: f32(y, 'y'), angle: f32(angle, 'angle') };
    a.length = num(length, 'length', { min: 0 });
    a.radius = num(radius, 'radius', { min: 0 });
    a.o = readOptions(options, allowed, `${name} options`);
    a.pivot = a.o.pivot === undefined ? 0.5 : num(a.o.pivot, 'options.pivot', { min: 0, max: 1 });
    return a;
  }
  /** Checks the materials, writes the static def and adds the capsule with `exportName`; returns its slot. */
  #addMover(name, a, exportName, ...extra) {
    const v = this.#materials(a.o);
    const p = this.#params();
    rt.wasm.capw_static_def_default(p << 2);
    this.#writeStaticDef(p, { ...v, kind: STATIC_KINEMATIC, radius: a.radius });
    const rc = this._call(exportName, a.x, a.y, a.angle, a.length, a.pivot, ...extra);
    if (rc === BAD_VALUE) throw new RangeError(`${name}: the capsule's ends overflow float32`);
    if (rc < 0) throw this.#error(rc, name);
    return rc;
  }
  #kinematicSlot(handle, pivotedToo = false) {
    const slot = this.#slot(handle, KIND_STATIC, 'handle');
    const kind = this.#staticInfo()[3 * slot];
    if (kind !== STATIC_KINEMATIC && !(pivotedToo && kind === STATIC_PIVOTED)) {
      throw new RangeError(`handle ${handle} is a static, not a ${pivotedToo ? 'kinematic or pivoted' : 'kinematic'} capsule`);
    }
    return slot;
  }
  #setKinematic(handle, what, a, b, c, names, name) {
    this._p();
    if (typeof handle !== 'number') throw new TypeError(`handle must be a handle (a number), got ${describe(handle)}`);
    a = f32(a, names[0]); b = f32(b, names[1]); c = f32(c, names[2]);
    const slot = this.#kinematicSlot(handle);
    const rc = this._call('capw_world_set_kinematic', slot, what, a, b, c);
    if (rc === BAD_VALUE) throw new RangeError(`${name}: the resulting velocity or pose overflows float32 (nothing changed)`);
    if (rc < 0) throw this.#error(rc, name);
  }
  /** Velocity of the pivot and spin about it, kept until changed (each step moves the capsule by dt times it). */
  setKinematicVelocity(handle, vx, vy, angularVelocity) {
    this.#setKinematic(handle, 0, vx, vy, angularVelocity, ['vx', 'vy', 'angularVelocity'], 'setKinematicVelocity');
  }
  /**
   * The pose to reach at the end of the next step: sets the velocity to (target - pose) / dt (kept after it unless
   * set again). The angle is reached the shorter way round (at most π in a step; whole turns between the two angles
   * do not count: π + 0.4 from -π + 0.4 is no turn). Spin faster with setKinematicVelocity.
   */
  setKinematicTarget(handle, x, y, angle) {
    this.#setKinematic(handle, 1, x, y, angle, ['x', 'y', 'angle'], 'setKinematicTarget');
  }
  /** Moves it there at once (no sweep, velocity kept; wakes every ball). */
  setKinematicPose(handle, x, y, angle) {
    this.#setKinematic(handle, 2, x, y, angle, ['x', 'y', 'angle'], 'setKinematicPose');
  }
  /** Pose, velocity and shape of a kinematic capsule. */
  kinematic(handle) { return this.#kinematicState(this.#kinematicSlot(handle, true)); }
  #kinematicState(slot) {
    this._call('capw_world_kinematic_state', slot);
    const p = this.#params(), f = rt.heapF32;
    return { x: f[p], y: f[p + 1], angle: f[p + 2], vx: f[p + 3], vy: f[p + 4], angularVelocity: f[p + 5], length: f[p + 6], radius: f[p + 7], pivot: f[p + 8] };
  }

  // ---- snapshots --------------------------------------------------------------------
  /**
   * The whole world as bytes (a copy): settings, balls, statics, and what the
   * next step carries over (warm-start impulses, touching flags, sleep timers,
   * sensor overlaps, queued end events). restore() or World.fromSnapshot()
   * then steps to the same bits as this world would. May allocate.
   */
  save() {
    const p = this._p();
    if (this.#bodies.live > 0) throw new RangeError('save: a World with capsule bodies cannot be saved yet (their snapshots are not implemented; nothing changed)');
    const addr = rt.wasm.capw_world_save(p);
    if (addr === 0) throw new RangeError('save: out of memory (nothing changed)');
    const n = rt.heapU32[rt.wasm.capw_world_params(p) >>> 2];
    return new Uint8Array(rt.wasm.memory.buffer, addr, n).slice();
  }

  /**
   * Replaces this world's whole state (settings included) by a snapshot from
   * save(): this world's handles saved in it stay valid (same slots and
   * generations); ball views must be re-read (their arrays move). The last
   * step's events are not in a snapshot: they read empty until the next step.
   * A damaged, truncated or foreign snapshot is a RangeError naming the
   * problem, and the world is unchanged; bytes not a Uint8Array or
   * ArrayBuffer are a TypeError.
   */
  restore(bytes) {
    this._p();
    const u8 = snapshotBytes(bytes); // may run user code (a Proxy's traps): before the heap is touched
    const p = this._p();
    const room = rt.wasm.capw_world_snapshot_room(p, u8.length);
    if (room === 0) throw new RangeError('restore: out of memory (world unchanged)');
    new Uint8Array(rt.wasm.memory.buffer, room, u8.length).set(u8);
    const rc = rt.wasm.capw_world_restore(p, u8.length);
    if (rc === BAD_VALUE) {
      const e = rt.wasm.capw_world_error(p) >>> 2;
      const why = rt.heapI32[e + 2], slot = rt.heapI32[e + 1], what = rt.heapU32[e + 3];
      let problem = snapshotProblem(why, u8);
      if (SNAPSHOT_PROBLEMS[why] === 'corrupt' && what !== 0) {
        // cap_world_error.what: the refused value's name (a C string), slot its record.
        const mem = new Uint8Array(rt.wasm.memory.buffer), bytes = mem.subarray(what, mem.indexOf(0, what));
        const name = new TextDecoder().decode(bytes);
        problem = `the snapshot's ${name}${slot >= 0 ? `[${slot}]` : ''} is out of range or inconsistent (its checksum matches: not written by World.save?)`;
      }
      throw new RangeError(`restore: ${problem} (world unchanged)`);
    }
    if (rc < 0) throw this.#error(rc, 'restore');
    // The ball and event arrays were replaced (the old ones are freed memory
    // the allocator hands out again): views kept in variables are detached,
    // as after addBall beyond ballCapacity and destroy().
    this.#views = null;
    this.#bodies._drop();
    rt.detachViews();
    this.#eventCapacity = rt.heapU32[(rt.wasm.capw_world_def(p) >>> 2) + WORLD_DEF.indexOf('eventCapacity')];
  }

  /** A new World from a snapshot (its handles: new ones, same slots; see ballHandle). */
  static fromSnapshot(bytes) {
    const u8 = snapshotBytes(bytes);
    const w = new World({ ballCapacity: 1, staticCapacity: 1, eventCapacity: 0 });
    try {
      w.restore(u8);
    } catch (e) {
      w.destroy();
      throw e;
    }
    return w;
  }

  // ---- stepping ---------------------------------------------------------------------
  /** One fixed step of dt. Throws (world unchanged) on a non-finite ball state. */
  step() {
    const rc = this._call('capw_world_step');
    if (rc === 0) return;
    if (rc === BAD_VALUE) {
      const e = rt.wasm.capw_world_error(this._p()) >>> 2;
      const slot = rt.heapI32[e + 1], field = rt.heapI32[e + 2];
      if (field >= BODY_FIELD_ERROR) {
        throw new RangeError(`step: capsuleBodies.${bodyFieldName(field)}[${slot}] must be finite and within ±1e38 ` +
          `(the angle only finite; halfLength >= 0, radius > 0, flags ALIVE and AWAKE only), got ${this.#bodies._value(field, slot)} (world unchanged)`);
      }
      const name = BALL_FIELDS[field], got = this._view(field)[slot];
      const rule = name === 'radius' ? 'must be > 0 and within 1e38 (radius is read-only: set by addBall)'
        : name === 'flags' ? `must be ${this.#expectedFlags(slot)} (flags is read-only: ALIVE where a ball lives and nowhere else, no unknown bits)`
        : 'must be finite and within ±1e38 (the angle only finite)';
      throw new RangeError(`step: balls.${name}[${slot}] ${rule}, got ${got} (world unchanged)`);
    }
    throw this.#error(rc, 'step');
  }

  /** What step() wants in flags[slot] (for its message): the C witness is the inverse mass and inertia, > 0 for a ball, 0 for an empty slot. */
  #expectedFlags(slot) {
    const ball = slot < this._view(7).length && (this._view(7)[slot] !== 0 || this._view(8)[slot] !== 0);
    return ball ? `ALIVE (1), with AWAKE (2) and BULLET (4) only (slot ${slot} holds a ball)` : `0 (slot ${slot} holds no ball)`;
  }

  get balls() { this._p(); return this.#balls; }

  // ---- capsule bodies (world-bodies.js) -------------------------------------------
  /** Adds a dynamic capsule (centre x, y; core 2 * halfLength; radius > 0); returns its handle. May allocate. */
  addCapsuleBody(x, y, halfLength, radius, options) { return this.#bodies._add(x, y, halfLength, radius, options); }
  /** Removes a capsule body. */
  removeCapsuleBody(handle) { this.#bodies._remove(handle); }
  /** Wakes a sleeping capsule body. */
  wakeCapsuleBody(handle) { this.#bodies._wake(handle); }
  /** The slot (index into world.capsuleBodies' views) of a capsule body handle. */
  capsuleBodySlotOf(handle) { return this.#bodies._slot(handle, 'handle'); }
  /** The handle of the capsule body in slot (RangeError when the slot is empty). */
  capsuleBodyHandle(slot) {
    if (!this.#bodies.alive(slot)) throw new RangeError(`capsuleBodyHandle: slot ${slot} holds no capsule body`);
    return this.#bodies._handle(slot);
  }
  /** True when handle is a live capsule body of this world (false for a removed, foreign, ball or static handle). */
  hasCapsuleBody(handle) {
    this._p();
    if (typeof handle !== 'number') throw new TypeError(`handle must be a handle (a number), got ${describe(handle)}`);
    if (!Number.isSafeInteger(handle) || handle < 0) throw new RangeError(`handle is not a handle: ${handle}`);
    try { this.#bodies._slot(handle, 'handle'); return true; } catch (e) { if (e instanceof RangeError) return false; throw e; }
  }
  /** The capsule bodies' live slot-indexed views (x, y, angle, vx, vy, angularVelocity, halfLength, radius, flags, userData). */
  get capsuleBodies() { this._p(); return this.#bodies; }
  get events() { this._p(); return this.#events; }
  get eventCapacity() { return this.#eventCapacity; }
  get awakeCount() { return this._call('capw_world_awake_count'); }
  get destroyed() {
    try {
      return this.#ptr === 0;
    } catch {
      return this._p(); // throws the TypeError for a Proxy of a World
    }
  }

  /** FNV-1a of every live ball's state (slot order): equal bits give equal hashes. */
  stateHash() { return this._call('capw_world_state_hash') >>> 0; }

  /** Touching contacts of the last step: Float32Array, 6 per contact (px, py, nx, ny, separation, impulse). */
  contacts() {
    const p = this._p();
    const addr = rt.wasm.capw_world_contacts(p);
    const n = rt.heapU32[rt.wasm.capw_world_params(p) >>> 2];
    return new Float32Array(rt.wasm.memory.buffer, addr, 6 * n).slice();
  }

  // ---- queries -----------------------------------------------------------------------
  /** Closest hit of the ray O + s D, s in [0, maxFraction], over balls and statics (sensors excluded). */
  rayCast(ox, oy, dx, dy, maxFraction = 1) {
    const ptr = this._p(), W = rt.wasm;
    ox = f32(ox, 'ox'); oy = f32(oy, 'oy'); dx = f32(dx, 'dx'); dy = f32(dy, 'dy');
    maxFraction = maxFractionArg(maxFraction, 'maxFraction');
    if (dx === 0 && dy === 0) throw new RangeError(`(dx, dy) must not be the zero vector, got (${dx}, ${dy})`);
    // the hot path of a game's queries: direct wasm calls, one object made
    const p = W.capw_world_params(ptr) >>> 2, a = rt.heapF32;
    a[p] = ox; a[p + 1] = oy; a[p + 2] = dx; a[p + 3] = dy; a[p + 4] = maxFraction;
    if (!W.capw_world_ray_cast(ptr)) return null;
    const f = rt.heapF32, u = rt.heapU32; // after the call: building the query index may grow memory
    const kind = u[p + 6], slot = u[p + 7];
    return {
      fraction: f[p], x: f[p + 1], y: f[p + 2], nx: f[p + 3], ny: f[p + 4], startsInside: u[p + 5] === 1,
      kind: kind === 1 ? 'ball' : 'static',
      handle: kind === 1 ? this.#handle(slot, KIND_BALL, u[(W.capw_world_ball_field(ptr, 19) >>> 2) + slot])
        : this.#handle(slot, KIND_STATIC, u[(W.capw_world_static_info(ptr) >>> 2) + 3 * slot + 1]),
    };
  }


  /** Handles of the balls and statics overlapping the circle (touching counts): balls first, by slot. */
  queryCircle(x, y, radius) {
    this._p();
    x = f32(x, 'x'); y = f32(y, 'y'); radius = num(radius, 'radius', { min: 0 });
    return this.#answer(this._call('capw_world_query_circle', x, y, radius));
  }

  /** Handles of the balls and statics overlapping the box [x0, x1] x [y0, y1] (touching counts): balls first, by slot. */
  queryBox(x0, y0, x1, y1) {
    this._p();
    x0 = f32(x0, 'x0'); y0 = f32(y0, 'y0'); x1 = f32(x1, 'x1'); y1 = f32(y1, 'y1');
    if (x1 < x0) throw new RangeError(`x1 must be >= x0, got x0 ${x0}, x1 ${x1}`);
    if (y1 < y0) throw new RangeError(`y1 must be >= y0, got y0 ${y0}, y1 ${y1}`);
    const n = this._call('capw_world_query_box', x0, y0, x1, y1);
    return this.#answer(n);
  }

  /**
   * The first hit of a ball of `radius` swept from (x0, y0) to (x1, y1) over
   * balls and statics (sensors excluded), or null. Touching at the end counts;
   * a start in contact or overlap is t = 0 with startsInside.
   */
  sweepBall(x0, y0, x1, y1, radius) {
    const ptr = this._p(), W = rt.wasm;
    x0 = f32(x0, 'x0'); y0 = f32(y0, 'y0'); x1 = f32(x1, 'x1'); y1 = f32(y1, 'y1');
    radius = num(radius, 'radius', { min: 0 });
    const p = W.capw_world_params(ptr) >>> 2, a = rt.heapF32;
    a[p] = x0; a[p + 1] = y0; a[p + 2] = x1; a[p + 3] = y1; a[p + 4] = radius;
    if (!W.capw_world_sweep_ball(ptr)) return null;
    const f = rt.heapF32, u = rt.heapU32; // after the call (memory may have grown)
    const kind = u[p + 8], slot = u[p + 9];
    return {
      t: f[p], x: f[p + 1], y: f[p + 2], nx: f[p + 3], ny: f[p + 4], px: f[p + 5], py: f[p + 6], startsInside: u[p + 7] === 1,
      kind: kind === 1 ? 'ball' : 'static',
      handle: kind === 1 ? this.#handle(slot, KIND_BALL, u[(W.capw_world_ball_field(ptr, 19) >>> 2) + slot])
        : this.#handle(slot, KIND_STATIC, u[(W.capw_world_static_info(ptr) >>> 2) + 3 * slot + 1]),
    };
  }


  /**
   * Many rays against the world in one call: a RayBatch (the batch layer's;
   * inputs ox, oy, dx, dy, maxFraction) gets each ray's closest hit, as
   * rayCast's: index = hitHandle's word ((1 << 31) | slot for a ball, the
   * static's slot), or NO_HIT with the other outputs 0. Every input is
   * checked first (RangeError naming rays.<field>[i], nothing written).
   * Returns how many hit.
   */
  castRays(rays) {
    this._p();
    madeArg(rays, RayBatch, 'rays');
    return this.#many('capw_world_cast_rays', rays, RayBatch, 'rays');
  }

  /** The same for many swept balls: a SweepBatch (x0, y0, x1, y1, radius) gets each sweepBall answer. */
  sweepBalls(sweeps) {
    this._p();
    madeArg(sweeps, SweepBatch, 'sweeps');
    return this.#many('capw_world_sweep_balls', sweeps, SweepBatch, 'sweeps');
  }

  #many(name, batch, cls, what) {
    const rc = this._call(name, batch._ptr());
    if (rc >= 0) return rc;
    if (rc !== BAD_VALUE) throw this.#error(rc, what);
    const e = rt.wasm.capw_world_error(this._p()) >>> 2;
    const index = rt.heapI32[e + 1], col = rt.heapI32[e + 2];
    if (cls === RayBatch && col === 3 && batch.dx[index] === 0 && batch.dy[index] === 0) {
      throw new RangeError(`${what} (dx[${index}], dy[${index}]) must not be the zero vector, got (0, 0)`);
    }
    const field = fieldNames(cls)[col];
    const value = batch[field][index];
    const why = Number.isFinite(value) && outOfRange(value) ? ` (${outOfRange(value)})` : value < 0 ? ' (must be >= 0)' : '';
    throw new RangeError(`${what}.${field}[${index}] is ${value}${why}`);
  }

  /**
   * The handle named by a castRays / sweepBalls index word (or a C query
   * word): (1 << 31) | slot is a ball, a smaller word a static's slot;
   * NO_HIT gives null. RangeError when the slot holds nothing.
   */
  hitHandle(word) {
    this._p();
    if (typeof word !== 'number') throw new TypeError(`word must be a number, got ${describe(word)}`);
    if (!Number.isInteger(word) || word < 0 || word > NO_HIT) throw new RangeError(`word must be a u32, got ${word}`);
    if (word === NO_HIT) return null;
    if (word >= 0x80000000) {
      const slot = word - 0x80000000;
      if (slot >= this._call('capw_world_ball_slots') || !(this._view(18)[slot] & ALIVE)) throw new RangeError(`word ${word}: ball slot ${slot} holds no ball`);
      return this.#handle(slot, KIND_BALL, this._view(19)[slot]);
    }
    const info = this.#staticInfo();
    if (word >= this._call('capw_world_static_slots') || !(info[3 * word + 2] & 1)) throw new RangeError(`word ${word}: static slot ${word} holds no static`);
    return this.#handle(word, KIND_STATIC, info[3 * word + 1]);
  }

  #answer(n) {
    const ptr = this._p(), W = rt.wasm, u = rt.heapU32; // after the query call (memory may have grown)
    const at = W.capw_world_query_results(ptr) >>> 2;
    const gens = W.capw_world_ball_field(ptr, 19) >>> 2, info = W.capw_world_static_info(ptr) >>> 2;
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const v = u[at + i];
      out[i] = v >= 0x80000000 ? this.#handle(v & 0x7fffffff, KIND_BALL, u[gens + (v & 0x7fffffff)])
        : this.#handle(v, KIND_STATIC, u[info + 3 * v + 1]);
    }
    return out;
  }


  /** Frees the world's memory now (optional; idempotent). */
  destroy() {
    if (this.destroyed) return;
    registry?.unregister(this);
    rt.wasm.capw_world_destroy(this.#ptr);
    this.#ptr = 0;
    this.#views = null;
    this.#bodies._drop();
    rt.detachViews(); // views kept in variables are detached, never show freed memory
  }
}
