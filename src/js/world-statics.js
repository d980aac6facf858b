// capsule2d — a World's statics: capsules, segments, circles, lines, chains,
// kinematic and pivoted capsules (methods of World.prototype, installed by
// world.js; the shared internals _slot, _handleOf, _staticInfo, _params are World's).
import * as rt from './runtime.js';
import { f32, readOptions, num, bits, bool, handleArg } from './check.js';
import { BAD_VALUE, describe } from './errors.js';
import {
  STATIC_DEF, STATIC_DEF_TYPES, STATIC_WORDS, STATIC_RECORD as R, STATIC_INFO as SI, STATIC_INFO_WORDS as SIW, KINEMATIC_STATE as K, writeRecord, NONE, STATIC_KINEMATIC, STATIC_KINDS, STATIC_PIVOTED, STATIC_CAPSULE, STATIC_LINE, STATIC_OPTIONS, CHAIN_OPTIONS, PIVOTED_OPTIONS, KINEMATIC_OPTIONS, KINEMATIC_SET,
} from './world-layout.js';
import { KIND_STATIC } from './world-handles.js';

// ---- statics -------------------------------------------------------------------
function materials(o) {
  const v = {};
  for (const k of ['restitution', 'friction', 'rollingResistance']) if (o[k] !== undefined) v[k] = num(o[k], `options.${k}`, { min: 0 });
  for (const k of ['category', 'mask', 'userData']) if (o[k] !== undefined) v[k] = bits(o[k], `options.${k}`);
  return v;
}
function writeStaticDef(p, v) { writeRecord(p, STATIC_DEF, STATIC_DEF_TYPES, v); }
function addStatic(kind, ax, ay, bx, by, radius, options, name) {
  this._p();
  const o = readOptions(options, STATIC_OPTIONS, `${name} options`);
  const v = materials.call(this, o);
  if (o.sensor !== undefined) v.sensor = bool(o.sensor, 'options.sensor') ? 1 : 0;
  const p = this._params();
  rt.wasm.capw_static_def_default(p << 2);
  Object.assign(v, { kind, ax, ay, bx, by, radius });
  writeStaticDef.call(this, p, v);
  const rc = this._call('capw_world_add_static');
  if (rc === BAD_VALUE) throw new RangeError(`${name}: the shape's extent overflows float32`);
  if (rc < 0) throw this._error(rc, name);
  return this._handleOf(rc, KIND_STATIC, this._staticInfo()[SIW * rc + SI.generation]);
}
/** The pose, shape and options of a kinematic or pivoted capsule, checked in argument order. */
function moverArgs(name, allowed, x, y, angle, length, radius, options) {
  this._p();
  const a = { x: f32(x, 'x'), y: f32(y, 'y'), angle: f32(angle, 'angle') };
  a.length = num(length, 'length', { min: 0 });
  a.radius = num(radius, 'radius', { min: 0 });
  a.o = readOptions(options, allowed, `${name} options`);
  a.pivot = a.o.pivot === undefined ? 0.5 : num(a.o.pivot, 'options.pivot', { min: 0, max: 1 });
  return a;
}
/** Checks the materials, writes the static def and adds the capsule with `exportName`; returns its slot. */
function addMover(name, a, exportName, ...extra) {
  const v = materials.call(this, a.o);
  const p = this._params();
  rt.wasm.capw_static_def_default(p << 2);
  writeStaticDef.call(this, p, { ...v, kind: STATIC_KINEMATIC, radius: a.radius });
  const rc = this._call(exportName, a.x, a.y, a.angle, a.length, a.pivot, ...extra);
  if (rc === BAD_VALUE) throw new RangeError(`${name}: the capsule's ends overflow float32`);
  if (rc < 0) throw this._error(rc, name);
  return rc;
}
function kinematicSlot(handle, pivotedToo = false) {
  const slot = this._slot(handle, KIND_STATIC, 'handle');
  const kind = this._staticInfo()[SIW * slot + SI.kind];
  if (kind !== STATIC_KINEMATIC && !(pivotedToo && kind === STATIC_PIVOTED)) {
    throw new RangeError(`handle ${handle} is a static, not a ${pivotedToo ? 'kinematic or pivoted' : 'kinematic'} capsule`);
  }
  return slot;
}
function setKinematic(handle, what, a, b, c, names, name) {
  this._p();
  handleArg(handle, 'handle');
  a = f32(a, names[0]); b = f32(b, names[1]); c = f32(c, names[2]);
  const slot = kinematicSlot.call(this, handle);
  const rc = this._call('capw_world_set_kinematic', slot, what, a, b, c);
  if (rc === BAD_VALUE) throw new RangeError(`${name}: the resulting velocity or pose overflows float32 (nothing changed)`);
  if (rc < 0) throw this._error(rc, name);
}
function kinematicState(slot) {
  this._call('capw_world_kinematic_state', slot);
  const p = this._params(), f = rt.heapF32;
  return {
    x: f[p + K.x], y: f[p + K.y], angle: f[p + K.angle], vx: f[p + K.vx], vy: f[p + K.vy], angularVelocity: f[p + K.angularVelocity],
    length: f[p + K.length], radius: f[p + K.radius], pivot: f[p + K.pivot],
  };
}

/** The statics' methods of World (copied onto World.prototype). */
export class WorldStatics {


  /** A static capsule (radius 0: a segment; A = B: a circle). */
  addCapsule(ax, ay, bx, by, radius, options) {
    return addStatic.call(this, STATIC_CAPSULE, f32(ax, 'ax'), f32(ay, 'ay'), f32(bx, 'bx'), f32(by, 'by'),
      num(radius, 'radius', { min: 0 }), options, 'addCapsule');
  }
  addSegment(ax, ay, bx, by, options) {
    return addStatic.call(this, STATIC_CAPSULE, f32(ax, 'ax'), f32(ay, 'ay'), f32(bx, 'bx'), f32(by, 'by'), 0, options, 'addSegment');
  }
  addCircle(x, y, radius, options) {
    x = f32(x, 'x');
    y = f32(y, 'y');
    return addStatic.call(this, STATIC_CAPSULE, x, y, x, y, num(radius, 'radius', { min: 0 }), options, 'addCircle');
  }
  /** A half-plane: solid on the right of A->B, free on the left. */
  addLine(ax, ay, bx, by, options) {
    ax = f32(ax, 'ax'); ay = f32(ay, 'ay'); bx = f32(bx, 'bx'); by = f32(by, 'by');
    if (ax === bx && ay === by) throw new RangeError(`addLine: (ax, ay) and (bx, by) must differ, got (${ax}, ${ay}) for both`);
    return addStatic.call(this, STATIC_LINE, ax, ay, bx, by, 0, options, 'addLine');
  }
  removeStatic(handle) {
    const slot = this._slot(handle, KIND_STATIC, 'handle');
    const rc = this._call('capw_world_remove_static', slot);
    if (rc !== 0) throw this._error(rc, 'removeStatic');
  }
  /**
   * The statics as plain objects, read from the world (for drawing;
   * allocates): kinematic capsules at their current pose, with their pivot
   * (x, y), angle, velocity and pivot fraction.
   */
  statics() {
    const n = this._call('capw_world_static_slots');
    const info = this._staticInfo(), out = [];
    const at = rt.wasm.capw_world_static_records(this._p()) >>> 2, f = rt.heapF32, u = rt.heapU32;
    for (let i = 0; i < n; i++) {
      if (!(info[SIW * i + SI.alive] & 1)) continue;
      const k = at + STATIC_WORDS * i, kind = u[k + R.kind];
      const o = {
        handle: this._handleOf(i, KIND_STATIC, info[SIW * i + SI.generation]), slot: i, kind: STATIC_KINDS[kind],
        ax: f[k + R.ax], ay: f[k + R.ay], bx: f[k + R.bx], by: f[k + R.by], radius: f[k + R.radius],
        sensor: u[k + R.sensor] === 1, userData: u[k + R.userData],
      };
      if (u[k + R.inChain]) {
        const prev = u[k + R.chainPrev], next = u[k + R.chainNext];
        o.chain = { prev: prev === NONE ? -1 : prev, next: next === NONE ? -1 : next, oneSided: u[k + R.inChain] === 2 };
      }
      if (kind >= STATIC_KINEMATIC) Object.assign(o, kinematicState.call(this, i));
      if (kind === STATIC_PIVOTED && f[k + R.lower] <= f[k + R.upper]) Object.assign(o, { lowerAngle: f[k + R.lower], upperAngle: f[k + R.upper] });
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
    const v = materials.call(this, o);
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
    const q = this._params();
    rt.wasm.capw_static_def_default(q << 2);
    writeStaticDef.call(this, q, { ...v, kind: STATIC_CAPSULE, radius });
    const rc = rt.wasm.capw_world_add_chain(p, count, (loop ? 1 : 0) | (oneSided ? 2 : 0)); // CAP_CHAIN_LOOP, CAP_CHAIN_ONE_SIDED
    if (rc === BAD_VALUE) throw new RangeError('addChain: a piece\'s extent overflows float32 (nothing changed)');
    if (rc < 0) throw this._error(rc, 'addChain');
    const slots = new Uint32Array(rt.wasm.memory.buffer, rt.wasm.capw_world_snapshot_room(p, 4 * rc), rc).slice();
    const info = this._staticInfo();
    return Array.from(slots, (s) => this._handleOf(s, KIND_STATIC, info[SIW * s + SI.generation]));
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
    const a = moverArgs.call(this, 'addKinematicCapsule', KINEMATIC_OPTIONS, x, y, angle, length, radius, options);
    const rc = addMover.call(this, 'addKinematicCapsule', a, 'capw_world_add_kinematic');
    return this._handleOf(rc, KIND_STATIC, this._staticInfo()[SIW * rc + SI.generation]);
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
    const a = moverArgs.call(this, 'addPivotedCapsule', PIVOTED_OPTIONS, x, y, angle, length, radius, options), o = a.o;
    const density = o.density === undefined ? 1 : num(o.density, 'options.density', { min: 0, minExclusive: true });
    if ((o.lowerAngle === undefined) !== (o.upperAngle === undefined)) throw new RangeError('options.lowerAngle and options.upperAngle go together (both or neither)');
    const lo = o.lowerAngle === undefined ? 1 : f32(o.lowerAngle, 'options.lowerAngle');
    const hi = o.upperAngle === undefined ? -1 : f32(o.upperAngle, 'options.upperAngle');
    if (o.lowerAngle !== undefined && !(lo <= hi)) throw new RangeError(`options.lowerAngle must be <= options.upperAngle, got ${lo} > ${hi}`);
    const speed = o.motorSpeed === undefined ? 0 : f32(o.motorSpeed, 'options.motorSpeed');
    const torque = o.maxMotorTorque === undefined ? 0 : num(o.maxMotorTorque, 'options.maxMotorTorque', { min: 0 });
    const damping = o.angularDamping === undefined ? 0 : num(o.angularDamping, 'options.angularDamping', { min: 0 });
    const rc = addMover.call(this, 'addPivotedCapsule', a, 'capw_world_add_pivoted', density);
    this._call('capw_world_set_pivoted', rc, lo, hi, speed, torque, damping);
    return this._handleOf(rc, KIND_STATIC, this._staticInfo()[SIW * rc + SI.generation]);
  }
  /** Velocity of the pivot and spin about it, kept until changed (each step moves the capsule by dt times it). */
  setKinematicVelocity(handle, vx, vy, angularVelocity) {
    setKinematic.call(this, handle, KINEMATIC_SET.velocity, vx, vy, angularVelocity, ['vx', 'vy', 'angularVelocity'], 'setKinematicVelocity');
  }
  /**
   * The pose to reach at the end of the next step: sets the velocity to (target - pose) / dt (kept after it unless
   * set again). The angle is reached the shorter way round (at most π in a step; whole turns between the two angles
   * do not count: π + 0.4 from -π + 0.4 is no turn). Spin faster with setKinematicVelocity.
   */
  setKinematicTarget(handle, x, y, angle) {
    setKinematic.call(this, handle, KINEMATIC_SET.target, x, y, angle, ['x', 'y', 'angle'], 'setKinematicTarget');
  }
  /** Moves it there at once (no sweep, velocity kept; wakes every ball). */
  setKinematicPose(handle, x, y, angle) {
    setKinematic.call(this, handle, KINEMATIC_SET.pose, x, y, angle, ['x', 'y', 'angle'], 'setKinematicPose');
  }
  /** Pose, velocity and shape of a kinematic capsule. */
  kinematic(handle) { return kinematicState.call(this, kinematicSlot.call(this, handle, true)); }
}
