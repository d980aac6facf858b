// capsule2d — capsule bodies of a World (C: src/world/bodies*.c,
// capsule2d_world.h "capsule bodies"; types: world.d.ts). Dynamic capsules
// that fall, slide and tumble: world.addCapsuleBody(...) returns a handle,
// world.capsuleBodies holds live slot-indexed views like world.balls.
//
// Handles: the balls' and statics' form, slot + 2^20 * (kind + 2 * stamp),
// with the static kind bit and stamps drawn from the statics' per-slot
// process counter (world.js's StampTable of kind static, a table of its
// own): a body's stamp is never a static's stamp of the same slot, so a
// body handle is never a ball's or a static's handle and the reverse.
import * as rt from './runtime.js';
import { f32, readOptions, num, bits, bool, handleArg, intArg } from './check.js';
import { BAD_VALUE, statusError } from './errors.js';
import {
  BODY_DEF, BODY_DEF_TYPES, BODY_FIELDS, BODY_FIELD, BODY_FLOAT_FIELDS, BODY_FIELD_ERROR, ALIVE, AWAKE, writeRecord,
} from './world-layout.js';
import { SLOT_BITS, STAMPS, KIND_STATIC, kindOf } from './world-handles.js';

// The body def and fields (cap_body_def, cap_body_field): world-layout.js,
// checked against the C layout at the first World.
const F_FLAGS = BODY_FIELD.flags, F_GENERATION = BODY_FIELD.generation;
const FLOAT_FIELDS = BODY_FLOAT_FIELDS, FIELD_ERROR = BODY_FIELD_ERROR;
const BODY_OPTIONS = new Set(['angle', 'vx', 'vy', 'angularVelocity', 'density', 'restitution', 'friction', 'gravityScale',
  'linearDamping', 'angularDamping', 'category', 'mask', 'awake', 'userData']);

/** A field's name for messages (step()'s refusal of a body value names it). */
export function bodyFieldName(field) { return BODY_FIELDS[field - FIELD_ERROR]; }
export { BODY_FIELD_ERROR };

/**
 * The capsule bodies of one world: live views (x, y, angle, vx, vy,
 * angularVelocity, halfLength, radius, flags, userData, ...) and the
 * handle bookkeeping; World's addCapsuleBody & co. call in here.
 */
export class CapsuleBodies {
  #world;
  #stamps;
  #views = null;
  #key = '';
  /** world: the World; stamps: a StampTable of the static kind, the bodies' own. */
  constructor(world, stamps) {
    this.#world = world;
    this.#stamps = stamps;
  }

  /** Highest used slot + 1. */
  get slotCount() { return this.#world._call('capw_world_body_slots'); }
  /** Live bodies. */
  get live() { return this.#world._call('capw_world_body_count'); }
  /** The views' length (0 before the first body). */
  get capacity() { return this.#world._call('capw_world_body_capacity'); }
  get x() { return this.#view(BODY_FIELD.x); }
  get y() { return this.#view(BODY_FIELD.y); }
  get angle() { return this.#view(BODY_FIELD.angle); }
  get vx() { return this.#view(BODY_FIELD.vx); }
  get vy() { return this.#view(BODY_FIELD.vy); }
  get angularVelocity() { return this.#view(BODY_FIELD.angularVelocity); }
  /** Read-only: half the core's length (set by addCapsuleBody). */
  get halfLength() { return this.#view(BODY_FIELD.halfLength); }
  /** Read-only (set by addCapsuleBody). */
  get radius() { return this.#view(BODY_FIELD.radius); }
  get flags() { return this.#view(F_FLAGS); }
  /** The game's 32 bits per body (writable). */
  get userData() { return this.#view(BODY_FIELD.userData); }
  /** True when slot holds a body. */
  alive(slot) { return (this.#flags(slot, 'alive') & ALIVE) !== 0; }
  /** The mass of the body in slot (density × area, addCapsuleBody); RangeError for an empty slot. */
  mass(slot) { return 1 / this.#live(slot, 'mass', BODY_FIELD.invMass); }
  /** Its rotational inertia about its centre (the same density; applyAngularImpulse divides by it). */
  inertia(slot) { return 1 / this.#live(slot, 'inertia', BODY_FIELD.invInertia); }

  /** Field `field` of the live body in slot (else a TypeError / RangeError naming `name: slot`). */
  #live(slot, name, field) {
    if ((this.#flags(slot, name) & ALIVE) === 0) throw new RangeError(`${name}: slot ${slot} holds no capsule body`);
    return this.#view(field)[slot];
  }
  /** True when the body in slot is awake. */
  awake(slot) { return (this.#flags(slot, 'awake') & (ALIVE | AWAKE)) === (ALIVE | AWAKE); }

  #flags(slot, name) {
    const flags = this.#view(F_FLAGS);
    intArg(slot, `${name}: slot`, 0, flags.length - 1);
    return slot < this.slotCount ? flags[slot] : 0;
  }

  /** A live view of one field (re-made when memory grew or the arrays moved). */
  #view(field) {
    const w = this.#world, ptr = w._p();
    const key = `${rt.generation}:${rt.wasm.capw_world_version(ptr)}`;
    if (this.#views === null || this.#key !== key) {
      const n = rt.wasm.capw_world_body_capacity(ptr), buf = rt.wasm.memory.buffer;
      this.#views = BODY_FIELDS.map((_, f) => {
        const addr = n === 0 ? 0 : rt.wasm.capw_world_body_field(ptr, f);
        return f < FLOAT_FIELDS ? new Float32Array(buf, addr, n) : new Uint32Array(buf, addr, n);
      });
      this.#key = key;
    }
    return this.#views[field];
  }
  /** Forget the views (the world was restored or destroyed). */
  _drop() { this.#views = null; }
  /** A body's inverse mass (addDragJoint's default force, applyImpulse). */
  _invMass(slot) { return this.#view(BODY_FIELD.invMass)[slot]; }
  /** A body's inverse rotational inertia (applyAngularImpulse). */
  _invInertia(slot) { return this.#view(BODY_FIELD.invInertia)[slot]; }
  /** Wakes the live body in slot (world.js's applyImpulse & co.). */
  _wakeSlot(slot) {
    const rc = this.#world._call('capw_world_wake_body', slot);
    if (rc !== 0) throw statusError(rc, 'wakeCapsuleBody');
  }
  /** True when this world's bodies' table made stamp t for slot once (world-handles.js: naming a handle's kind). */
  _made(slot, t) { return this.#stamps.made(slot, t); }
  /** step()'s refusal of a body value: the value now in the view. */
  _value(field, slot) { return this.#view(field - FIELD_ERROR)[slot]; }

  // ---- handles ------------------------------------------------------------------
  /** The handle of slot with generation gen (default, or < 0: the one now; a broken joint's event names the generation it had). */
  _handle(slot, gen = -1) {
    const g = gen < 0 ? this.#view(F_GENERATION)[slot] : gen;
    return this.#stamps.handle(slot, g);
  }
  _slot(handle, name) {
    this.#world._p();
    handleArg(handle, name);
    const slot = handle % SLOT_BITS, t = Math.floor(handle / SLOT_BITS / 2);
    if (kindOf(handle) !== KIND_STATIC) throw new RangeError(`${name} ${handle} is a ball handle, not a capsule body handle`);
    let gen = -1;
    if (slot < this.slotCount && (this.#view(F_FLAGS)[slot] & ALIVE) !== 0) gen = this.#view(F_GENERATION)[slot];
    const stamp = gen < 0 ? -1 : this.#stamps.find(slot, gen);
    if (stamp >= 0 && stamp % STAMPS === t) return slot;
    if (!this.#stamps.made(slot, t)) {
      const k = this.#world._staticKindName(slot, t);
      if (k !== null) throw new RangeError(`${name} ${handle} is a ${k} handle, not a capsule body handle`);
      throw new RangeError(`${name} ${handle} is not a capsule body of this World (another World's handle, or never a handle)`);
    }
    throw new RangeError(`${name} ${handle} refers to a removed capsule body`);
  }

  // ---- add / remove ---------------------------------------------------------------
  _add(x, y, halfLength, radius, options) {
    const w = this.#world;
    w._p();
    x = f32(x, 'x');
    y = f32(y, 'y');
    halfLength = num(halfLength, 'halfLength', { min: 0 });
    radius = num(radius, 'radius', { min: 0, minExclusive: true });
    const o = readOptions(options, BODY_OPTIONS, 'addCapsuleBody options');
    const v = { x, y, halfLength, radius };
    for (const k of ['vx', 'vy', 'angularVelocity', 'gravityScale']) if (o[k] !== undefined) v[k] = f32(o[k], `options.${k}`);
    if (o.angle !== undefined) v.angle = f32(o.angle, 'options.angle');
    if (o.density !== undefined) v.density = num(o.density, 'options.density', { min: 0, minExclusive: true });
    for (const k of ['restitution', 'friction', 'linearDamping', 'angularDamping']) {
      if (o[k] !== undefined) v[k] = num(o[k], `options.${k}`, { min: 0 });
    }
    for (const k of ['category', 'mask', 'userData']) if (o[k] !== undefined) v[k] = bits(o[k], `options.${k}`);
    if (o.awake !== undefined) v.awake = bool(o.awake, 'options.awake') ? 1 : 0;
    const p = rt.wasm.capw_world_params(w._p()) >>> 2;
    rt.wasm.capw_body_def_default(p << 2);
    writeRecord(p, BODY_DEF, BODY_DEF_TYPES, v);
    const version = w._call('capw_world_version');
    const rc = w._call('capw_world_add_body');
    // The body arrays moved (grown): views of the freed arrays are detached.
    if (w._call('capw_world_version') !== version) rt.detachViews();
    if (rc === BAD_VALUE) {
      throw new RangeError(`addCapsuleBody: halfLength ${halfLength}, radius ${radius} and density give an extent or mass that is not a finite positive float32`);
    }
    if (rc < 0) throw statusError(rc, 'addCapsuleBody');
    return this._handle(rc);
  }
  _remove(handle) {
    const rc = this.#world._call('capw_world_remove_body', this._slot(handle, 'handle'));
    if (rc !== 0) throw statusError(rc, 'removeCapsuleBody');
  }
  _wake(handle) {
    const rc = this.#world._call('capw_world_wake_body', this._slot(handle, 'handle'));
    if (rc !== 0) throw statusError(rc, 'wakeCapsuleBody');
  }
}
