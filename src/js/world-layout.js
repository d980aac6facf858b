// capsule2d — the world's memory layout as JS assumes it (C: capsule2d_world.h,
// src/wasm/exports_world.c): the def records' members, the ball fields, the
// static and event records, the snapshot header; the world options and their
// checks; and the comparison with the C side's table at the first World.
import * as rt from './runtime.js';
import { num, bool } from './check.js';
import { BAD_VALUE, NO_MEMORY, BAD_HANDLE } from './errors.js';
import { F32, U32, I32, checkLayout } from './heap.js';

// Layout of the C side (capsule2d_world.h); checked against
// capw_world_layout() on the first World (see checkLayout).
// Each def member: its name and element type, in struct order (member k is word k).
const WORLD_DEF_MEMBERS = [['gravityX', F32], ['gravityY', F32], ['dt', F32], ['subSteps', I32], ['ballCapacity', U32],
  ['staticCapacity', U32], ['eventCapacity', U32], ['unitsPerMeter', F32], ['contactHertz', F32], ['staticHertz', F32],
  ['dampingRatio', F32], ['pushSpeed', F32], ['restitutionThreshold', F32], ['hitSpeedThreshold', F32],
  ['sleepSpeed', F32], ['sleepTime', F32], ['sleep', I32]];
const BALL_DEF_MEMBERS = [['x', F32], ['y', F32], ['vx', F32], ['vy', F32], ['angle', F32], ['angularVelocity', F32],
  ['radius', F32], ['density', F32], ['restitution', F32], ['friction', F32], ['rollingResistance', F32],
  ['gravityScale', F32], ['linearDamping', F32], ['angularDamping', F32], ['category', U32], ['mask', U32],
  ['awake', I32], ['bullet', I32], ['userData', U32]];
const STATIC_DEF_MEMBERS = [['kind', I32], ['ax', F32], ['ay', F32], ['bx', F32], ['by', F32], ['radius', F32],
  ['restitution', F32], ['friction', F32], ['rollingResistance', F32], ['category', U32], ['mask', U32],
  ['sensor', I32], ['userData', U32]];
export const WORLD_DEF = WORLD_DEF_MEMBERS.map((m) => m[0]);
export const BALL_DEF = BALL_DEF_MEMBERS.map((m) => m[0]);
export const STATIC_DEF = STATIC_DEF_MEMBERS.map((m) => m[0]);
/** Element type of each member of the world def (F32, U32, I32). */
export const WORLD_DEF_TYPES = WORLD_DEF_MEMBERS.map((m) => m[1]);

/** The def records as layout entries, in the order of capw_world_def_layout() (exports_layout.c). */
export function worldDefLayout() {
  const entries = [];
  for (const [c, members] of [['cap_world_def', WORLD_DEF_MEMBERS], ['cap_ball_def', BALL_DEF_MEMBERS],
    ['cap_static_def', STATIC_DEF_MEMBERS]]) {
    entries.push([`${c} words`, members.length]);
    members.forEach(([name, type], k) => entries.push([`${c}.${name}`, k, type]));
  }
  return entries;
}
// Ball fields, in cap_ball_field order (float32 first, then u32).
export const BALL_FIELDS = ['x', 'y', 'vx', 'vy', 'angle', 'angularVelocity', 'radius', 'invMass', 'invInertia',
  'restitution', 'friction', 'rollingResistance', 'gravityScale', 'linearDamping', 'angularDamping', 'sleepTime',
  'category', 'mask', 'flags', 'generation', 'userData'];
export const F_INV_MASS = 7, F_INV_INERTIA = 8, F_FLAGS = 18, F_GENERATION = 19, F_USER_DATA = 20;
export const FLOAT_FIELDS = 16;
export const EVENT_KINDS = ['begin', 'end', 'hit', 'sensorEnter', 'sensorLeave', 'jointBreak'];
export const EVENT_WORDS = 12; // kind, a, b, speed, px, py, nx, ny, generation a, generation b, user data a, user data b

export const ALIVE = 1;
export const AWAKE = 2;
export const BULLET = 4;
/** The bits of balls.flags (CAP_BALL_ALIVE, CAP_BALL_AWAKE, CAP_BALL_BULLET). */
export const BallFlags = Object.freeze({ ALIVE, AWAKE, BULLET });
export const STATIC_WORDS = 37; // cap_wstatic: ax, ay, bx, by, radius, ..., kind (16), sensor (17), kinematic pose, chain links (26-28), pivot terms, user data (36)
export const STATIC_USER_DATA = 36;
export const NONE = 0xffffffff;
export const STATIC_KINEMATIC = 2;
export const STATIC_KINDS = ['capsule', 'line', 'kinematic', 'pivoted'];
export const STATIC_PIVOTED = 3;
export const SNAPSHOT_FORMAT = 2;
export const LIBRARY_VERSION = 0x000100; // 0.1.0 (package.json; CAP_LIBRARY_VERSION)
export const SNAPSHOT_PROBLEMS = ['', 'truncated', 'not a snapshot', 'format', 'library version', 'checksum', 'corrupt', 'too long'];
export const STATIC_CAPSULE = 0;
export const STATIC_LINE = 1;

export const WORLD_OPTIONS = new Set(['gravityX', 'gravityY', 'dt', 'subSteps', 'ballCapacity', 'staticCapacity',
  'eventCapacity', 'unitsPerMeter', 'contactHertz', 'staticHertz', 'dampingRatio', 'pushSpeed',
  'restitutionThreshold', 'hitSpeedThreshold', 'sleepSpeed', 'sleepTime', 'sleep']);
// The settings configure() changes between steps (the rest are fixed at construction).
export const RUNTIME_OPTIONS = new Set(['gravityX', 'gravityY', 'subSteps', 'contactHertz', 'staticHertz', 'dampingRatio',
  'pushSpeed', 'restitutionThreshold', 'hitSpeedThreshold', 'sleepSpeed', 'sleepTime', 'sleep']);
export const BALL_OPTIONS = new Set(['vx', 'vy', 'angle', 'angularVelocity', 'density', 'restitution', 'friction',
  'rollingResistance', 'gravityScale', 'linearDamping', 'angularDamping', 'category', 'mask', 'awake', 'bullet', 'userData']);
export const STATIC_OPTIONS = new Set(['restitution', 'friction', 'rollingResistance', 'category', 'mask', 'sensor', 'userData']);
export const CHAIN_OPTIONS = new Set(['loop', 'oneSided', 'restitution', 'friction', 'rollingResistance', 'category', 'mask', 'userData']);
export const PIVOTED_OPTIONS = new Set(['pivot', 'density', 'lowerAngle', 'upperAngle', 'motorSpeed', 'maxMotorTorque', 'angularDamping',
  'restitution', 'friction', 'rollingResistance', 'category', 'mask', 'userData']);
export const KINEMATIC_OPTIONS = new Set(['pivot', 'restitution', 'friction', 'rollingResistance', 'category', 'mask', 'userData']);

export function worldValues(o) {
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
export function writeWorldDef(base, vals) {
  WORLD_DEF.forEach((k, i) => {
    if (vals[k] === undefined) return;
    if (k === 'sleep') rt.heapI32[base + i] = vals[k] ? 1 : 0;
    else if (WORLD_DEF_TYPES[i] === F32) rt.heapF32[base + i] = vals[k];
    else rt.heapU32[base + i] = vals[k];
  });
}

let layoutChecked = false;
export function checkWorldLayout() {
  if (layoutChecked) return;
  const w = rt.wasm;
  const p = w.capw_world_layout() >>> 2, n = w.capw_world_layout_count();
  const got = Array.from(rt.heapU32.subarray(p, p + n));
  const want = [WORLD_DEF.length, BALL_DEF.length, STATIC_DEF.length, WORLD_DEF.indexOf('sleep'),
    BALL_DEF.indexOf('awake'), STATIC_DEF.indexOf('sensor'), BALL_FIELDS.length, FLOAT_FIELDS,
    EVENT_KINDS.length, EVENT_WORDS, -BAD_VALUE, -NO_MEMORY, -BAD_HANDLE, STATIC_WORDS, 16, 17, SNAPSHOT_FORMAT,
    LIBRARY_VERSION, STATIC_USER_DATA, BALL_DEF.indexOf('userData'), STATIC_DEF.indexOf('userData')];
  const d = w.capw_world_def_layout() >>> 2;
  checkLayout('world.js', worldDefLayout(), rt.heapU32.subarray(d, d + w.capw_world_def_layout_count()));
  if (got.join() !== want.join()) {
    throw new Error(`capsule2d: world.js and the wasm module disagree on the world layout (C ${got}, JS ${want}); rebuild`);
  }
  layoutChecked = true;
}
