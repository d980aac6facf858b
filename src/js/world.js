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
import { f32, MAX_COORD, readOptions, num, bits, bool, handleArg } from './check.js';
import { BAD_VALUE, statusError } from './errors.js';
import { HeapObject, F32 } from './heap.js';
import {
  WORLD_DEF, WORLD_DEF_TYPES, BALL_DEF, BALL_FIELDS, F_INV_MASS, F_INV_INERTIA, F_FLAGS, F_USER_DATA, FLOAT_FIELDS, EVENT_KINDS,
  EVENT_WORDS, AWAKE, BULLET, BallFlags, WORLD_OPTIONS, RUNTIME_OPTIONS, BALL_OPTIONS, worldValues, writeWorldDef,
  checkWorldLayout, F_GENERATION, BALL_DEF_TYPES, writeRecord, BALL_FIELD, PARAMS_COUNT, DRAW_CONTACT_WORDS,
} from './world-layout.js';
import { KIND_BALL, KIND_STATIC, SLOT_BITS, StampTable, WorldHandles, kindOf } from './world-handles.js';
import { snapshotBytes, WorldSnapshots } from './world-snapshot.js';
import { Balls, EventList, stepRefusal } from './world-views.js';
import { WorldStatics } from './world-statics.js';
import { WorldQueries } from './world-queries.js';
import { CapsuleBodies } from './world-bodies.js';
import { WorldJoints, JointBreaks } from './world-joints.js';

export { BallFlags };

/**
 * A world is a HeapObject (heap.js): its address, its freeing (destroy() or
 * the registry), its cached ball views and their owners are the base's. Its
 * handles (world-handles.js), snapshots (world-snapshot.js), statics
 * (world-statics.js) and queries (world-queries.js) are methods of their own
 * files on World.prototype; its capsule bodies and joints are objects of
 * their own (world-bodies.js, world-joints.js).
 */
export class World extends HeapObject {
  #stamps = [new StampTable(KIND_BALL), new StampTable(KIND_STATIC)];
  #eventCapacity;
  #balls;
  #events;
  #bodies; // capsule bodies (world-bodies.js)
  #joints; // joints (world-joints.js)

  constructor(options) {
    if (rt.wasm === null) rt.notReady();
    const o = readOptions(options, WORLD_OPTIONS, 'World options');
    const vals = worldValues(o);
    checkWorldLayout();
    const w = rt.wasm;
    const def = w.capw_world_def_new();
    if (def === 0) throw new RangeError('could not allocate a World (out of memory)');
    let ptr = 0, eventCapacity;
    try {
      const base = def >>> 2;
      writeWorldDef(base, vals);
      eventCapacity = rt.heapU32[base + WORLD_DEF.indexOf('eventCapacity')];
      ptr = w.capw_world_create(def);
    } finally {
      w.capw_world_def_free(def);
    }
    if (ptr === 0) throw new RangeError('could not allocate a World (out of memory)');
    super(ptr, 'World', w.capw_world_destroy);
    this.#eventCapacity = eventCapacity;
    this.#balls = new Balls(this);
    this.#bodies = new CapsuleBodies(this, new StampTable(KIND_STATIC));
    this.#joints = new WorldJoints(this);
    this.#events = Object.freeze(Object.fromEntries(EVENT_KINDS.map((k, i) => [k,
      k === 'jointBreak' ? new JointBreaks(this, this.#joints) : new EventList(this, i)])));
    // A misspelt or unknown property (w.gravityY = -1) throws in strict code
    // (ES modules) instead of doing nothing. A subclass decides for its own.
    if (new.target === World) Object.preventExtensions(this);
  }

  // ---- plumbing -------------------------------------------------------------
  _p() { return this._ptr(); }
  _notMade() {
    return new TypeError('this must be a World made with new World(), got an object that only looks like one ' +
      '(a Proxy of a World, or made with Object.create(World.prototype)): call the method on the World itself');
  }
  _call(name, ...args) { return rt.wasm[name](this._p(), ...args); }
  /** The base's, and the capsule bodies' views too (restore, destroy). */
  _dropViews() {
    super._dropViews();
    if (this.#bodies !== undefined) this.#bodies._drop();
  }
  /** Increments when the world's arrays moved (grown, restored). */
  _version() { return rt.wasm.capw_world_version(this._p()); }
  /** The live view of ball field `field` (BALL_FIELD). */
  _view(field) { return this._views()[field]; }
  /** The ball arrays move when the world grows or is restored (capw_world_version). */
  _viewVersion(ptr) { return rt.wasm.capw_world_version(ptr); }
  _makeViews(buffer, word) {
    const ptr = word * 4, n = rt.wasm.capw_world_ball_capacity(ptr);
    return BALL_FIELDS.map((_, f) => {
      const addr = rt.wasm.capw_world_ball_field(ptr, f);
      return f < FLOAT_FIELDS ? new Float32Array(buffer, addr, n) : new Uint32Array(buffer, addr, n);
    });
  }
  _eventView(kind, Type) {
    const addr = rt.wasm.capw_world_events(this._p(), kind);
    return new Type(rt.wasm.memory.buffer, addr, this.#eventCapacity * EVENT_WORDS);
  }
  _params() { return rt.wasm.capw_world_params(this._p()) >>> 2; }
  _error(rc, what) { return statusError(rc, what); }
  /** This world's StampTable of a kind (world-handles.js). */
  _stamps(kind) { return this.#stamps[kind]; }
  /**
   * What a handle with the static kind bit was made for by this world: 'static', 'capsule body' or 'joint' (the
   * three share the bit and one stamp counter per slot, so at most one made it), or null (another World's, or never
   * a handle). @internal
   */
  _staticKindName(slot, t) {
    if (this.#stamps[KIND_STATIC].made(slot, t)) return 'static';
    if (this.#bodies._made(slot, t)) return 'capsule body';
    if (this.#joints._made(slot, t)) return 'joint';
    return null;
  }
  /** After restore(): the arrays were replaced, and the settings with them. */
  _restored() {
    this._dropViews();
    this.#eventCapacity = rt.heapU32[(rt.wasm.capw_world_def(this._p()) >>> 2) + WORLD_DEF.indexOf('eventCapacity')];
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
    const p = this._params();
    rt.wasm.capw_ball_def_default(p << 2);
    writeRecord(p, BALL_DEF, BALL_DEF_TYPES, v);
    const version = this._call('capw_world_version');
    const rc = this._call('capw_world_add_ball');
    // The ball arrays moved (beyond ballCapacity): views of the freed arrays are detached.
    if (this._call('capw_world_version') !== version) rt.detachViews();
    if (rc === BAD_VALUE) throw new RangeError(`addBall: radius ${radius} with density gives a mass that is not a finite positive float32`);
    if (rc < 0) throw this._error(rc, 'addBall');
    return this._handleOf(rc, KIND_BALL, this._view(F_GENERATION)[rc]);
  }

  /**
   * Removes a ball; its touching contacts give end events in the next step.
   * Its joints are removed with it (their handles go stale; no jointBreak
   * event).
   */
  removeBall(handle) {
    const slot = this._slot(handle, KIND_BALL, 'handle');
    const rc = this._call('capw_world_remove_ball', slot);
    if (rc !== 0) throw this._error(rc, 'removeBall');
  }

  /** Wakes a sleeping ball. */
  wakeBall(handle) {
    this._call('capw_world_wake_ball', this._slot(handle, KIND_BALL, 'handle'));
  }

  // ---- ball and capsule body helpers (handles; each wakes what it changes) ------------------
  /**
   * The slot of handle when it is a capsule body handle of this world (live: else a RangeError naming it), or -1
   * when it is not (a ball's, a static's, a joint's, a foreign one: the ball path names the error).
   */
  #bodySlot(handle) {
    if (kindOf(handle) !== KIND_STATIC) return -1;
    if (this._staticKindName(handle % SLOT_BITS, Math.floor(handle / SLOT_BITS / 2)) !== 'capsule body') return -1;
    return this.#bodies._slot(handle, 'handle');
  }
  /** The ball's or body's slot, whether it is a body, and two new float32 values, checked before anything is written. */
  #pair(handle, a, b, names) {
    this._p();
    handleArg(handle, 'handle');
    a = f32(a, names[0]);
    b = f32(b, names[1]);
    const body = this.#bodySlot(handle);
    return body >= 0 ? [body, a, b, true] : [this._slot(handle, KIND_BALL, 'handle'), a, b, false];
  }
  /** A float32 the step accepts (finite, within ±1e38), or a RangeError naming what overflowed. */
  #result(value, name, what) {
    const f = Math.fround(value);
    if (!(Math.abs(f) <= MAX_COORD)) throw new RangeError(`${name}: the resulting ${what} ${f} is not within ±1e38 (nothing changed)`);
    return f;
  }
  /** Two fields' new values (body: the capsule bodies' views), written together, then the ball or body woken. */
  #write(slot, body, fa, fb, va, vb) {
    const B = this.#bodies;
    if (body) {
      B[fa][slot] = va; B[fb][slot] = vb;
      B._wakeSlot(slot);
    } else {
      this._view(BALL_FIELD[fa])[slot] = va; this._view(BALL_FIELD[fb])[slot] = vb;
      this._call('capw_world_wake_ball', slot);
    }
  }
  /** Adds (ix, iy) / mass to a ball's or capsule body's velocity (an impulse at its centre: a kick, N·s) and wakes it. */
  applyImpulse(handle, ix, iy) {
    const [slot, jx, jy, body] = this.#pair(handle, ix, iy, ['ix', 'iy']);
    const im = body ? this.#bodies._invMass(slot) : this._view(F_INV_MASS)[slot];
    const dv = (j) => (j === 0 ? 0 : Math.fround(j * im)); // no change from a zero impulse, whatever the mass
    const v = body ? this.#bodies : { vx: this._view(BALL_FIELD.vx), vy: this._view(BALL_FIELD.vy) };
    const vx = this.#result(v.vx[slot] + dv(jx), 'applyImpulse', 'vx');
    const vy = this.#result(v.vy[slot] + dv(jy), 'applyImpulse', 'vy');
    this.#write(slot, body, 'vx', 'vy', vx, vy);
  }
  /** Adds j / inertia to a ball's or capsule body's spin (an angular impulse, counter-clockwise positive) and wakes it. */
  applyAngularImpulse(handle, j) {
    this._p();
    handleArg(handle, 'handle');
    j = f32(j, 'j');
    const body = this.#bodySlot(handle), slot = body >= 0 ? body : this._slot(handle, KIND_BALL, 'handle');
    const ii = body >= 0 ? this.#bodies._invInertia(slot) : this._view(F_INV_INERTIA)[slot];
    const av = body >= 0 ? this.#bodies.angularVelocity : this._view(BALL_FIELD.angularVelocity);
    const w = this.#result(av[slot] + (j === 0 ? 0 : Math.fround(j * ii)), 'applyAngularImpulse', 'angularVelocity');
    av[slot] = w;
    if (body >= 0) this.#bodies._wakeSlot(slot);
    else this._call('capw_world_wake_ball', slot);
  }
  /** Sets a ball's or capsule body's velocity and wakes it. */
  setVelocity(handle, vx, vy) {
    const [slot, x, y, body] = this.#pair(handle, vx, vy, ['vx', 'vy']);
    this.#write(slot, body, 'vx', 'vy', x, y);
  }
  /** Moves a ball or capsule body there (a teleport: the next step starts there, no sweep from the old place) and wakes it. */
  setPosition(handle, x, y) {
    const [slot, px, py, body] = this.#pair(handle, x, y, ['x', 'y']);
    this.#write(slot, body, 'x', 'y', px, py);
  }
  /** A ball's state as a new plain object (allocates: for game logic, not for every ball every frame). */
  ballState(handle) {
    const slot = this._slot(handle, KIND_BALL, 'handle'), v = (f) => this._view(f)[slot];
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
      const t = WORLD_DEF_TYPES[i];
      out[k] = k === 'sleep' ? rt.heapI32[base + i] !== 0 : t === F32 ? rt.heapF32[base + i] : rt.heapU32[base + i];
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
    const p = this._params(), cur = rt.wasm.capw_world_def(this._p()) >>> 2;
    rt.heapU32.copyWithin(p, cur, cur + WORLD_DEF.length);
    writeWorldDef(p, vals);
    const rc = this._call('capw_world_set_def');
    if (rc < 0) throw rc === BAD_VALUE ? new RangeError('configure: the settings were refused (nothing changed)') : this._error(rc, 'configure');
  }

  // ---- snapshots (save, restore: world-snapshot.js) ----------------------------------
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
    if (rc === BAD_VALUE) throw stepRefusal(this);
    throw this._error(rc, 'step');
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
    handleArg(handle, 'handle');
    try { this.#bodies._slot(handle, 'handle'); return true; } catch (e) { if (e instanceof RangeError) return false; throw e; }
  }
  /** The capsule bodies' live slot-indexed views (x, y, angle, vx, vy, angularVelocity, halfLength, radius, flags, userData). */
  get capsuleBodies() { this._p(); return this.#bodies; }
  // ---- joints (world-joints.js) -----------------------------------------------------
  /**
   * A distance joint between ball a and b (a ball handle or a world point
   * {x, y}); returns its handle. options: length (default the current
   * distance), minLength, maxLength, hertz, dampingRatio, breakForce; see
   * world.d.ts.
   */
  addDistanceJoint(a, b, options) { return this.#joints.addDistance(a, b, options); }
  /** A drag ("mouse") joint pulling ball toward the target (x, y); options: maxForce, hertz, dampingRatio, breakForce. */
  addDragJoint(ball, x, y, options) { return this.#joints.addDrag(ball, x, y, options); }
  /**
   * A revolute (pin) joint between a (a ball or capsule body handle) and b
   * (another of the same kind, or null for the world), pinned at the world
   * point (x, y); options: lowerAngle, upperAngle, motorSpeed,
   * maxMotorTorque, breakForce; see world.d.ts.
   */
  addRevoluteJoint(a, b, x, y, options) { return this.#joints.addRevolute(a, b, x, y, options); }
  /** Moves a drag joint's target (or a distance joint's world point) and wakes its ball. */
  setDragTarget(joint, x, y) { this.#joints.setTarget(joint, x, y); }
  /** Removes a joint (its balls stay, awake). */
  removeJoint(joint) { this.#joints.remove(joint); }
  /** True when joint is a live joint of this world (false for a removed, broken or foreign one). */
  hasJoint(joint) { return this.#joints.has(joint); }
  /** A joint's state as a new plain object (kind, ball, other, x, y, lengths, hertz, ..., force). */
  jointState(joint) { return this.#joints.state(joint); }
  /** The live joints' handles in slot order (a new array). */
  joints() { this._p(); return this.#joints.handles(); }
  /** @internal drawWorld's walk over the joints' ends. */
  _jointLines(fn) { this.#joints.forEachLine(fn); }

  get events() { this._p(); return this.#events; }
  get eventCapacity() { return this.#eventCapacity; }
  get awakeCount() { return this._call('capw_world_awake_count'); }

  /** FNV-1a of every live ball's state (slot order): equal bits give equal hashes. */
  stateHash() { return this._call('capw_world_state_hash') >>> 0; }

  /** Touching contacts of the last step: Float32Array, 6 per contact (px, py, nx, ny, separation, impulse). */
  contacts() {
    const p = this._p();
    const addr = rt.wasm.capw_world_contacts(p);
    const n = rt.heapU32[(rt.wasm.capw_world_params(p) >>> 2) + PARAMS_COUNT];
    return new Float32Array(rt.wasm.memory.buffer, addr, DRAW_CONTACT_WORDS * n).slice();
  }

}

// The handles', snapshots', statics' and queries' methods live in their own
// files; they are World's own methods (non-enumerable, as a class's), on the
// same prototype.
for (const part of [WorldHandles, WorldSnapshots, WorldStatics, WorldQueries]) {
  for (const key of Object.getOwnPropertyNames(part.prototype)) {
    if (key !== 'constructor') Object.defineProperty(World.prototype, key, Object.getOwnPropertyDescriptor(part.prototype, key));
  }
}
