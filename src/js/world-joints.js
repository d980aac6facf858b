// capsule2d — joints of a World (C: src/world/joints*.c, capsule2d_joints.h;
// types: world.d.ts): distance joints (rigid, rope, spring) between two ends,
// each a ball or a capsule body (anchors local to a body), or one and a world
// point, drag ("mouse") joints on a ball or a capsule body, and revolute (pin)
// joints between balls and capsule bodies (or one and the world). World's
// addDistanceJoint & co. call in here; world.events.jointBreak is a
// JointBreaks list.
//
// Handles: the balls' and statics' form, slot + 2^20 * (kind + 2 * stamp),
// with the static kind bit and stamps drawn from the statics' per-slot
// process counter (a StampTable of kind static of the joints' own, as the
// capsule bodies do): a joint's stamp is never a static's or a body's stamp
// of the same slot, so a joint handle is never another object's handle.
import * as rt from './runtime.js';
import { f32, num, readOptions, MAX_COORD, handleArg as handleForm } from './check.js';
import { BAD_VALUE, describe, statusError } from './errors.js';
import { SLOT_BITS, STAMPS, KIND_BALL, KIND_STATIC, StampTable } from './world-handles.js';
import {
  EVENT_KINDS, EVENT_WORDS, JOINT_DEF, JOINT_DEF_TYPES, JOINT_INFO as J, JOINT_BREAK as JB, JOINT_KINDS as KINDS,
  JOINT_WORLD as WORLD_END, BALL_FIELD, writeRecord,
} from './world-layout.js';

const BODY_END = 0x80000000; // CAP_JOINT_BODY: or'd into a capsule body's slot
const PI32 = Math.fround(Math.PI);
const REVOLUTE = KINDS.indexOf('revolute');
const BREAK_KIND = EVENT_KINDS.indexOf('jointBreak'); // CAP_EVENT_JOINT_BREAK
const DISTANCE_OPTIONS = new Set(['length', 'minLength', 'maxLength', 'hertz', 'dampingRatio', 'breakForce', 'localAnchorA',
  'localAnchorB']);
const DRAG_OPTIONS = new Set(['maxForce', 'hertz', 'dampingRatio', 'breakForce']);
const REVOLUTE_OPTIONS = new Set(['lowerAngle', 'upperAngle', 'motorSpeed', 'maxMotorTorque', 'breakForce']);

/** A limit or force that may be Infinity (none), else a float32 >= 0 (or > 0). */
function limit(value, name, positive) {
  if (value === Infinity) return Infinity;
  return num(value, name, { min: 0, minExclusive: positive });
}

/** A point option {x, y} of finite float32s: [x, y]. */
function point(value, name) {
  if (value === null || typeof value !== 'object') throw new TypeError(`${name} must be a point {x, y}, got ${describe(value)}`);
  return [f32(value.x, `${name}.x`), f32(value.y, `${name}.y`)];
}

/** The joints of one world: handles, add / remove, state; World's methods call in here. */
export class WorldJoints {
  #world;
  #stamps = new StampTable(KIND_STATIC);
  constructor(world) { this.#world = world; }

  /**
   * The joint's record (cap_joint_info_word) at the argument block's start:
   * its word p (read u[p + J.kind], f[p + J.length]: heap views), or -1 for
   * a free slot. Valid until the next call into wasm.
   */
  #info(slot) {
    const w = this.#world;
    return w._call('capw_world_joint_info', slot) !== 0 ? -1 : w._params();
  }
  _handle(slot, gen) { return this.#stamps.handle(slot, gen); }
  /** True when this world's joints' table made stamp t for slot once (naming a handle's kind). */
  _made(slot, t) { return this.#stamps.made(slot, t); }
  _slot(handle, name) {
    this.#world._p();
    handleForm(handle, name, 'a joint handle');
    const slot = handle % SLOT_BITS, rest = Math.floor(handle / SLOT_BITS), t = Math.floor(rest / 2);
    if (rest % 2 !== KIND_STATIC) throw new RangeError(`${name} ${handle} is a ball handle, not a joint handle`);
    const p = this.#info(slot);
    const stamp = p < 0 ? -1 : this.#stamps.find(slot, rt.heapU32[p + J.generation]);
    if (stamp >= 0 && stamp % STAMPS === t) return slot;
    if (!this.#stamps.made(slot, t)) {
      const k = this.#world._staticKindName(slot, t);
      if (k !== null) throw new RangeError(`${name} ${handle} is a ${k} handle, not a joint handle`);
      throw new RangeError(`${name} ${handle} is not a joint of this World (another World's handle, or never a handle)`);
    }
    throw new RangeError(`${name} ${handle} refers to a removed joint`);
  }
  has(handle) {
    this.#world._p();
    handleForm(handle, 'joint', 'a joint handle');
    try { this._slot(handle, 'joint'); return true; } catch (e) { if (e instanceof RangeError) return false; throw e; }
  }

  /** Writes the def (v: JOINT_DEF names, undefined = C default) and adds the joint; returns its handle. */
  #add(v, what) {
    const w = this.#world;
    const p = w._params();
    rt.wasm.capw_joint_def_default(p << 2);
    const values = {};
    for (const k of JOINT_DEF) values[k] = v[k] === Infinity ? MAX_COORD : v[k];
    writeRecord(p, JOINT_DEF, JOINT_DEF_TYPES, values);
    const rc = w._call('capw_world_add_joint');
    if (rc === BAD_VALUE) throw new RangeError(`${what}: the joint was refused (its lengths or forces are out of range; nothing changed)`);
    if (rc < 0) throw statusError(rc, what);
    return this._handle(rc, rt.heapU32[this.#info(rc) + J.generation]);
  }

  addDistance(a, b, options) {
    const w = this.#world;
    w._p();
    // Types and ranges in argument order, then the handles (after the
    // options' getters ran: user code), before anything is written.
    handleForm(a, 'a', 'a ball handle or a capsule body handle');
    let px, py;
    if (b !== null && typeof b === 'object') {
      px = f32(b.x, 'b.x');
      py = f32(b.y, 'b.y');
    } else if (typeof b !== 'number') {
      throw new TypeError(`b must be a ball handle or a capsule body handle (a number), or a world point {x, y}, got ${describe(b)}`);
    } else {
      handleForm(b, 'b', 'a ball handle or a capsule body handle');
    }
    const o = readOptions(options, DISTANCE_OPTIONS, 'addDistanceJoint options');
    const v = { kind: KINDS.indexOf('distance') };
    const la = o.localAnchorA === undefined ? undefined : point(o.localAnchorA, 'options.localAnchorA');
    const lb = o.localAnchorB === undefined ? undefined : point(o.localAnchorB, 'options.localAnchorB');
    if (o.length !== undefined) v.length = num(o.length, 'options.length', { min: 0 });
    if (o.minLength !== undefined) v.minLength = num(o.minLength, 'options.minLength', { min: 0 });
    if (o.maxLength !== undefined) v.maxLength = limit(o.maxLength, 'options.maxLength', false);
    if (o.hertz !== undefined) v.hertz = num(o.hertz, 'options.hertz', { min: 0 });
    if (o.dampingRatio !== undefined) v.dampingRatio = num(o.dampingRatio, 'options.dampingRatio', { min: 0 });
    if (o.breakForce !== undefined) v.breakForce = limit(o.breakForce, 'options.breakForce', true);
    // a is the C def's end b (the joint's "ball"), b its end a.
    const endB = this.#end(a, 'a');
    let endA = WORLD_END;
    if (px === undefined) {
      endA = this.#end(b, 'b');
      if (endA === endB) throw new RangeError(`b must be another ${endB >= BODY_END ? 'capsule body' : 'ball'} than a, got the same ${endB >= BODY_END ? 'capsule body' : 'ball'} ${b}`);
    }
    if (la !== undefined && endB < BODY_END) throw new RangeError('options.localAnchorA is for a capsule body a (a ball\'s anchor is its centre)');
    if (lb !== undefined && !(endA !== WORLD_END && endA >= BODY_END)) {
      throw new RangeError('options.localAnchorB is for a capsule body b (a ball\'s anchor is its centre, a world point is its own)');
    }
    const [bx, by] = this.#anchor(endB, la);
    const [ax, ay] = px === undefined ? this.#anchor(endA, lb) : [px, py];
    // Defaults: rigid at the current distance; a spring (hertz > 0) or one
    // limit given leaves the other limits open; length defaulted is clamped
    // into [minLength, maxLength].
    const spring = (v.hertz ?? 0) > 0;
    const min = v.minLength ?? (spring || v.maxLength !== undefined ? 0 : undefined);
    const max = v.maxLength ?? (spring || v.minLength !== undefined ? Infinity : undefined);
    let len = v.length;
    if (len === undefined) {
      len = Math.fround(Math.hypot(Math.fround(bx - ax), Math.fround(by - ay)));
      if (!(len <= MAX_COORD)) throw new RangeError(`addDistanceJoint: the distance between the ends ${len} is not within 1e38`);
      if (min !== undefined && len < min) len = min;
      if (max !== undefined && len > max) len = max;
    }
    v.minLength = min ?? len;
    v.maxLength = max ?? len;
    if (v.minLength > v.maxLength) throw new RangeError(`options.minLength ${v.minLength} must be <= options.maxLength ${v.maxLength}`);
    if (!(len >= v.minLength && len <= v.maxLength)) {
      throw new RangeError(`options.length ${len} must be within [minLength ${v.minLength}, maxLength ${v.maxLength}]`);
    }
    Object.assign(v, { length: len, a: endA, b: endB, ax: px === undefined ? 0 : px, ay: px === undefined ? 0 : py });
    if (la !== undefined) { v.localBx = la[0]; v.localBy = la[1]; }
    if (lb !== undefined) { v.localAx = lb[0]; v.localAy = lb[1]; }
    return this.#add(v, 'addDistanceJoint');
  }

  /** An end's anchor in the world now: a ball's centre, a body's centre plus local (lx, ly) turned by its angle. */
  #anchor(e, local) {
    const w = this.#world;
    if (e < BODY_END) return [w.balls.x[e], w.balls.y[e]];
    const v = w.capsuleBodies, i = e - BODY_END, [lx, ly] = local ?? [0, 0];
    const x = v.x[i], y = v.y[i], c = Math.cos(v.angle[i]), s = Math.sin(v.angle[i]);
    return [Math.fround(x + (c * lx - s * ly)), Math.fround(y + (s * lx + c * ly))];
  }

  addDrag(ball, x, y, options) {
    const w = this.#world;
    w._p();
    handleForm(ball, 'ball', 'a ball handle or a capsule body handle');
    const tx = f32(x, 'x'), ty = f32(y, 'y');
    const o = readOptions(options, DRAG_OPTIONS, 'addDragJoint options');
    const v = { kind: KINDS.indexOf('drag'), ax: tx, ay: ty, hertz: 5, dampingRatio: 0.7 };
    if (o.maxForce !== undefined) v.maxForce = num(o.maxForce, 'options.maxForce', { min: 0, minExclusive: true });
    if (o.hertz !== undefined) v.hertz = num(o.hertz, 'options.hertz', { min: 0, minExclusive: true });
    if (o.dampingRatio !== undefined) v.dampingRatio = num(o.dampingRatio, 'options.dampingRatio', { min: 0 });
    if (o.breakForce !== undefined) v.breakForce = limit(o.breakForce, 'options.breakForce', true);
    v.b = this.#end(ball, 'ball');
    if (v.maxForce === undefined) { // 1000 times the ball's or body's mass (lifts it at 100 g)
      const inv = v.b >= BODY_END ? w.capsuleBodies._invMass(v.b - BODY_END) : w._view(BALL_FIELD.invMass)[v.b];
      v.maxForce = Math.fround(1000 / inv);
      if (!(v.maxForce <= MAX_COORD)) v.maxForce = MAX_COORD;
    }
    return this.#add(v, 'addDragJoint');
  }

  /** A joint end's C slot: a ball's slot, or BODY_END | a body's slot (resolved by the handle's kind bit). */
  #end(h, name) {
    const w = this.#world;
    if (Math.floor(h / SLOT_BITS) % 2 === KIND_BALL) return w._slot(h, KIND_BALL, name);
    const made = w._staticKindName(h % SLOT_BITS, Math.floor(h / SLOT_BITS / 2));
    if (made === 'static' || made === 'joint') throw new RangeError(`${name} ${h} is a ${made} handle, not a ball or capsule body handle`);
    return (w.capsuleBodies._slot(h, name) | BODY_END) >>> 0;
  }
  /**
   * A revolute end's pose now and its anchor there: [x, y, angle, spin, pinX, pinY] (the world: its point, at
   * rest). p: the joint's record (#info); k: its word J.localAx for a's frame, J.localBx for b's.
   */
  #pose(e, p, k) {
    const w = this.#world, f = rt.heapF32;
    if (e === WORLD_END) return [f[p + J.ax], f[p + J.ay], 0, 0, f[p + J.ax], f[p + J.ay]];
    const lx = f[p + k], ly = f[p + k + 1];
    const v = e >= BODY_END ? w.capsuleBodies : w.balls, i = e >= BODY_END ? e - BODY_END : e;
    const x = v.x[i], y = v.y[i], a = v.angle[i], c = Math.cos(a), s = Math.sin(a);
    if (lx === 0 && ly === 0) return [x, y, a, v.angularVelocity[i], x, y]; // a ball's anchor: its centre, exactly
    return [x, y, a, v.angularVelocity[i], x + c * lx - s * ly, y + s * lx + c * ly];
  }
  /** @internal An end's handle (C slot, generation: -1 for the one now; null for the world). */
  _endHandle(e, gen) { return this.#endHandle(e, gen); }
  #endHandle(e, gen) {
    const w = this.#world;
    if (e === WORLD_END) return null;
    if (e >= BODY_END) return w.capsuleBodies._handle(e - BODY_END, gen);
    return w._handleOf(e, KIND_BALL, gen < 0 ? w._view(BALL_FIELD.generation)[e] : gen);
  }

  addRevolute(a, b, x, y, options) {
    const w = this.#world;
    w._p();
    handleForm(a, 'a', 'a ball or capsule body handle');
    if (b !== null) handleForm(b, 'b', 'a ball or capsule body handle, or null (the world)');
    const px = f32(x, 'x'), py = f32(y, 'y');
    const o = readOptions(options, REVOLUTE_OPTIONS, 'addRevoluteJoint options');
    const v = { kind: REVOLUTE, ax: px, ay: py };
    const lo = o.lowerAngle === undefined ? undefined : num(o.lowerAngle, 'options.lowerAngle', { min: -PI32, max: PI32 });
    const hi = o.upperAngle === undefined ? undefined : num(o.upperAngle, 'options.upperAngle', { min: -PI32, max: PI32 });
    if (o.motorSpeed !== undefined) v.motorSpeed = f32(o.motorSpeed, 'options.motorSpeed');
    if (o.maxMotorTorque !== undefined) v.maxMotorTorque = limit(o.maxMotorTorque, 'options.maxMotorTorque', false);
    if (o.breakForce !== undefined) v.breakForce = limit(o.breakForce, 'options.breakForce', true);
    if (lo !== undefined || hi !== undefined) { // one alone: the other side open (-pi or pi)
      v.lowerAngle = lo ?? -PI32;
      v.upperAngle = hi ?? PI32;
      if (v.lowerAngle > v.upperAngle) throw new RangeError(`options.lowerAngle ${v.lowerAngle} must be <= options.upperAngle ${v.upperAngle}`);
    }
    if (v.maxMotorTorque !== undefined && v.motorSpeed === undefined) v.motorSpeed = 0;
    v.b = this.#end(a, 'a');
    v.a = b === null ? WORLD_END : this.#end(b, 'b');
    if (v.a === v.b) throw new RangeError(`b must be another end than a, got the same ${b}`);
    return this.#add(v, 'addRevoluteJoint');
  }

  setTarget(joint, x, y) {
    this.#world._p();
    handleForm(joint, 'joint', 'a joint handle');
    const tx = f32(x, 'x'), ty = f32(y, 'y');
    const slot = this._slot(joint, 'joint');
    if (rt.heapU32[this.#info(slot) + J.a] !== WORLD_END) throw new RangeError(`joint ${joint} joins two balls or bodies: it has no world point to move`);
    const rc = this.#world._call('capw_world_set_joint_target', slot, tx, ty);
    if (rc !== 0) throw statusError(rc, 'setDragTarget');
  }

  remove(joint) {
    const rc = this.#world._call('capw_world_remove_joint', this._slot(joint, 'joint'));
    if (rc !== 0) throw statusError(rc, 'removeJoint');
  }

  /** A joint's state as a new plain object. */
  state(joint) {
    const slot = this._slot(joint, 'joint'), w = this.#world;
    const p = this.#info(slot), u = rt.heapU32, f = (k) => rt.heapF32[p + k];
    const kind = u[p + J.kind], a = u[p + J.a], b = u[p + J.b];
    const lim = (x) => (x >= MAX_COORD ? Infinity : x);
    if (kind === REVOLUTE) {
      const lower = f(J.lowerAngle), upper = f(J.upperAngle), limited = lower <= upper;
      const pa = this.#pose(a, p, J.localAx), pb = this.#pose(b, p, J.localBx);
      let angle = Math.fround(pb[2] - pa[2] - f(J.referenceAngle)) % (2 * Math.PI); // wrapped into [-pi, pi]
      if (angle > Math.PI) angle -= 2 * Math.PI;
      else if (angle < -Math.PI) angle += 2 * Math.PI;
      return {
        handle: joint, kind: 'revolute', ball: this.#endHandle(b, -1), other: this.#endHandle(a, -1),
        x: pb[4], y: pb[5], bx: pa[4], by: pa[5],
        lowerAngle: limited ? lower : -Infinity, upperAngle: limited ? upper : Infinity,
        motorSpeed: f(J.motorSpeed), maxMotorTorque: lim(f(J.maxMotorTorque)), angle, angularSpeed: pb[3] - pa[3],
        breakForce: f(J.breakForce) === 0 ? Infinity : f(J.breakForce), force: f(J.force),
      };
    }
    const pa = this.#pose(a, p, J.localAx), pb = this.#pose(b, p, J.localBx); // a ball's anchor: its centre
    return {
      handle: joint, kind: KINDS[kind], ball: this.#endHandle(b, -1), other: this.#endHandle(a, -1),
      x: pa[4], y: pa[5], anchorX: pb[4], anchorY: pb[5],
      length: f(J.length), minLength: f(J.minLength), maxLength: lim(f(J.maxLength)), hertz: f(J.hertz),
      dampingRatio: f(J.dampingRatio), maxForce: f(J.maxForce), breakForce: f(J.breakForce) === 0 ? Infinity : f(J.breakForce),
      force: f(J.force),
    };
  }

  /** The live joints' handles, in slot order (a new array). */
  handles() {
    const out = [], n = this.#world._call('capw_world_joint_slots');
    for (let s = 0; s < n; s++) {
      const p = this.#info(s);
      if (p >= 0) out.push(this._handle(s, rt.heapU32[p + J.generation]));
    }
    return out;
  }

  /**
   * The ends of every live joint for drawing: calls fn(x1, y1, x2, y2, kind)
   * with ball b's centre and end a's (a ball's centre, the world point or
   * the drag target), kind 'distance' or 'drag'. Allocates nothing.
   */
  forEachLine(fn) {
    const w = this.#world, n = w._call('capw_world_joint_slots');
    for (let s = 0; s < n; s++) {
      const p = this.#info(s);
      if (p < 0) continue;
      const u = rt.heapU32, F = rt.heapF32, a = u[p + J.a], b = u[p + J.b], x = w._view(BALL_FIELD.x), y = w._view(BALL_FIELD.y);
      if (u[p + J.kind] === REVOLUTE) { // revolute: each end's centre to its anchor (ends at the pin)
        const pb = this.#pose(b, p, J.localBx), pa = this.#pose(a, p, J.localAx);
        fn(pb[0], pb[1], pb[4], pb[5], 'revolute');
        fn(pa[0], pa[1], pa[4], pa[5], 'revolute');
        continue;
      }
      if (b >= BODY_END || (a !== WORLD_END && a >= BODY_END)) { // a body end's anchor: turned with it
        const pb = this.#pose(b, p, J.localBx), pa = this.#pose(a, p, J.localAx);
        fn(pb[4], pb[5], pa[4], pa[5], KINDS[u[p + J.kind]]);
        continue;
      }
      fn(x[b], y[b], a === WORLD_END ? F[p + J.ax] : x[a], a === WORLD_END ? F[p + J.ay] : y[a], KINDS[u[p + J.kind]]);
    }
  }
}

/**
 * world.events.jointBreak: the joints that broke in the last step (over
 * their breakForce), in joint slot order, with the other lists' count /
 * written / overflowed rules. A joint removed by removeJoint or with its
 * ball is not reported.
 */
export class JointBreaks {
  #world;
  #joints;
  constructor(world, joints) { this.#world = world; this.#joints = joints; }
  get count() { return this.#world._call('capw_world_event_count', BREAK_KIND); }
  get written() { return Math.min(this.count, this.#world.eventCapacity); }
  get overflowed() { return this.count > this.#world.eventCapacity; }
  get u32() { return this.#world._eventView(BREAK_KIND, Uint32Array); }
  get f32() { return this.#world._eventView(BREAK_KIND, Float32Array); }
  /** Record i's joint, ball and other handles (other: -1 for a world point). */
  #joint(u, k) { return this.#joints._handle(u[k + JB.joint], u[k + JB.jointGeneration]); }
  #ball(u, k) { return this.#joints._endHandle(u[k + JB.ball], u[k + JB.ballGeneration]); }
  #other(u, k) { return u[k + JB.other] === WORLD_END ? -1 : this.#joints._endHandle(u[k + JB.other], u[k + JB.otherGeneration]); }
  /**
   * Calls fn(joint, ball, other, force) for each written record: the broken
   * joint's handle (now removed), its ball's handle, the other ball's handle
   * or -1 for a world point (a drag joint's target too), and the force that
   * broke it. Allocates nothing per record (breaks are rare: the two views
   * are made per call).
   */
  forEach(fn) {
    if (typeof fn !== 'function') throw new TypeError(`forEach: fn must be a function, got ${describe(fn)}`);
    const w = this.#world;
    let u = null, f = null, key = -1;
    for (let i = 0; i < this.written; i++) {
      // Re-read when fn grew memory (an addBall) or restored the world.
      if (u === null || u.buffer !== rt.wasm.memory.buffer || key !== w._version()) { u = this.u32; f = this.f32; key = w._version(); }
      const k = EVENT_WORDS * i;
      fn(this.#joint(u, k), this.#ball(u, k), this.#other(u, k), f[k + JB.force]);
    }
  }
  /** Plain objects { joint, ball, other (null: a world point), force, kind } (allocates). */
  toArray() {
    const out = [];
    const u = this.u32, f = this.f32;
    for (let i = 0, k = 0; i < this.written; i++, k += EVENT_WORDS) {
      const other = this.#other(u, k);
      out.push({ joint: this.#joint(u, k), ball: this.#ball(u, k), other: other < 0 ? null : other, force: f[k + JB.force], kind: KINDS[u[k + JB.kind]] });
    }
    return out;
  }
}
