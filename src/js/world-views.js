// capsule2d — a world's ball arrays and event lists: live views over wasm
// memory reached through the World (see world.d.ts); and step()'s message
// for a value it refused in them.
import * as rt from './runtime.js';
import { describe } from './errors.js';
import { intArg } from './check.js';
import {
  ALIVE, AWAKE, F_FLAGS, F_USER_DATA, F_INV_MASS, F_INV_INERTIA, BALL_FIELD as B, BALL_FIELDS, BODY_FIELDS, BODY_FIELD_ERROR,
  EVENT as E, EVENT_WORDS, EVENT_KINDS, WORLD_ERROR,
} from './world-layout.js';

const HIT = EVENT_KINDS.indexOf('hit'); // CAP_EVENT_HIT: the events with a speed, point and normal
import { KIND_BALL, KIND_STATIC } from './world-handles.js';

// A record's kind word (capsule2d_world.h): 0 ball-static, 1 ball-ball, 2
// body-static, 3 body-ball, 4 body-body. Its first object is a ball (0, 1)
// or a capsule body (2-4); the other a static (0, 2), ball (1, 3) or body (4).
const KIND_NAMES = ['static', 'ball', 'body-static', 'body-ball', 'body-body'];
/** The handle of an event's object: first (a) or other, as the kind word says. */
function eventHandle(w, kind, first, slot, gen) {
  if (first ? kind >= 2 : kind === 4) return w.capsuleBodies._handle(slot, gen);
  return w._handleOf(slot, (first || kind & 1) ? KIND_BALL : KIND_STATIC, gen);
}

/** The ball arrays of a world: live slot-indexed views (see world.d.ts). */
export class Balls {
  #world;
  constructor(world) {
    this.#world = world;
  }
  /** Highest used slot + 1: loop `for (let i = 0; i < slotCount; i++) if (balls.alive(i))`. Not the number of balls (live). */
  get slotCount() { return this.#world._call('capw_world_ball_slots'); }
  get live() { return this.#world._call('capw_world_ball_count'); }
  get capacity() { return this.#world._call('capw_world_ball_capacity'); }
  get x() { return this.#world._view(B.x); }
  get y() { return this.#world._view(B.y); }
  get vx() { return this.#world._view(B.vx); }
  get vy() { return this.#world._view(B.vy); }
  get angle() { return this.#world._view(B.angle); }
  get angularVelocity() { return this.#world._view(B.angularVelocity); }
  get radius() { return this.#world._view(B.radius); }
  get flags() { return this.#world._view(F_FLAGS); }
  /** The game's 32 bits per ball (addBall's options.userData; writable; kept in snapshots, given by events). */
  get userData() { return this.#world._view(F_USER_DATA); }
  /** True when slot holds a ball. */
  alive(slot) { return (this.#flags(slot, 'alive') & ALIVE) !== 0; }
  /** True when the ball in slot is awake. */
  awake(slot) { return (this.#flags(slot, 'awake') & (ALIVE | AWAKE)) === (ALIVE | AWAKE); }

  /** The flags of slot, an integer below the views' length (else a named error). */
  #flags(slot, name) {
    const flags = this.#world._view(F_FLAGS);
    intArg(slot, `${name}: slot`, 0, flags.length - 1);
    // Past slotCount no ball lives, whatever was written there (step() reads only below it).
    return slot < this.slotCount ? flags[slot] : 0;
  }
}

/** One kind of event: count found this step, records as u32 / f32 views. */
export class EventList {
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
   * first object's handle (the ball's; a capsule body's for kinds 2-4), the
   * other object's handle (a ball, a static or a capsule body, as the kind
   * word says), the hit's approach speed, point and normal (from the other
   * toward the first; 0 for events other than hits), and both objects'
   * userData. Handles and userData are the objects' when the event
   * happened (a removed object's too).
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
      const kind = u[k + E.kind];
      const ball = eventHandle(w, kind, true, u[k + E.a], u[k + E.generationA]);
      const other = eventHandle(w, kind, false, u[k + E.b], u[k + E.generationB]);
      fn(ball, other, f[k + E.speed], f[k + E.px], f[k + E.py], f[k + E.nx], f[k + E.ny], u[k + E.userDataA], u[k + E.userDataB]);
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
      const w = this.#world, kind = u[k + E.kind];
      const e = {
        kind: KIND_NAMES[kind], ball: u[k + E.a], other: u[k + E.b],
        ballHandle: eventHandle(w, kind, true, u[k + E.a], u[k + E.generationA]),
        otherHandle: eventHandle(w, kind, false, u[k + E.b], u[k + E.generationB]),
        ballData: u[k + E.userDataA], otherData: u[k + E.userDataB],
      };
      if (this.#kind === HIT) Object.assign(e, { speed: f[k + E.speed], x: f[k + E.px], y: f[k + E.py], nx: f[k + E.nx], ny: f[k + E.ny] });
      out.push(e);
    }
    return out;
  }
}

/**
 * step()'s RangeError for the value it refused (cap_world_error's slot and
 * field: a ball's field, or a capsule body's from BODY_FIELD_ERROR on),
 * naming the view, the rule and the value now in it.
 */
export function stepRefusal(world) {
  const e = rt.wasm.capw_world_error(world._p()) >>> 2;
  const slot = rt.heapI32[e + WORLD_ERROR.slot], field = rt.heapI32[e + WORLD_ERROR.field];
  if (field >= BODY_FIELD_ERROR) {
    const name = BODY_FIELDS[field - BODY_FIELD_ERROR];
    return new RangeError(`step: capsuleBodies.${name}[${slot}] must be finite and within ±1e38 ` +
      `(the angle only finite; halfLength >= 0, radius > 0, flags ALIVE and AWAKE only), got ${world.capsuleBodies._value(field, slot)} (world unchanged)`);
  }
  const name = BALL_FIELDS[field], got = world._view(field)[slot];
  const rule = name === 'radius' ? 'must be > 0 and within 1e38 (radius is read-only: set by addBall)'
    : name === 'flags' ? `must be ${expectedFlags(world, slot)} (flags is read-only: ALIVE where a ball lives and nowhere else, no unknown bits)`
    : 'must be finite and within ±1e38 (the angle only finite)';
  return new RangeError(`step: balls.${name}[${slot}] ${rule}, got ${got} (world unchanged)`);
}

/** What step() wants in flags[slot] (for its message): the C witness is the inverse mass and inertia, > 0 for a ball, 0 for an empty slot. */
function expectedFlags(world, slot) {
  const im = world._view(F_INV_MASS), ii = world._view(F_INV_INERTIA);
  const ball = slot < im.length && (im[slot] !== 0 || ii[slot] !== 0);
  return ball ? `ALIVE (1), with AWAKE (2) and BULLET (4) only (slot ${slot} holds a ball)` : `0 (slot ${slot} holds no ball)`;
}
