// capsule2d — the world's memory layout as JS assumes it (C: capsule2d_world.h,
// src/wasm/exports_layout.c): the def records' members, the ball and body
// fields, the static and event records, the result and argument blocks; the
// world options and their checks; and the comparison with the C side's table
// at the first World.
import * as rt from './runtime.js';
import { num, bool } from './check.js';
import { BAD_VALUE, NO_MEMORY, BAD_HANDLE } from './errors.js';
import { F32, U32, I32, checkLayout } from './heap.js';

// Layout of the C side (capsule2d_world.h, src/wasm/exports_context.h),
// checked against capw_world_layout() (src/wasm/exports_layout.c) on the
// first World, entry by entry and by name (checkWorldLayout).
//
// Each record: its C name and its members [name, element type] in C's order,
// member k being word k (the check makes sure C agrees), or [name, type,
// word] where a record has unused words. Readers and writers
// use the word maps below (STATIC_RECORD.kind, EVENT.a, ...), never numbers.
// Adding a record: one row in WORLD_RECORDS here and one in world_layout[]
// of exports_layout.c, in the same place (tests/world/world-layout.test.js
// counts the words).
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
const BODY_DEF_MEMBERS = [['x', F32], ['y', F32], ['angle', F32], ['vx', F32], ['vy', F32], ['angularVelocity', F32],
  ['halfLength', F32], ['radius', F32], ['density', F32], ['restitution', F32], ['friction', F32], ['gravityScale', F32],
  ['linearDamping', F32], ['angularDamping', F32], ['category', U32], ['mask', U32], ['awake', I32], ['userData', U32]];
const f32s = (...names) => names.map((n) => [n, F32]);
const u32s = (...names) => names.map((n) => [n, U32]);
/** cap_joint_def (capsule2d_joints.h): world.addDistanceJoint / addDragJoint / addRevoluteJoint. */
const JOINT_DEF_MEMBERS = [['kind', I32], ...u32s('a', 'b'), ...f32s('ax', 'ay', 'length', 'minLength', 'maxLength',
  'hertz', 'dampingRatio', 'maxForce', 'breakForce'), ['userData', U32],
...f32s('lowerAngle', 'upperAngle', 'motorSpeed', 'maxMotorTorque', 'localAx', 'localAy', 'localBx', 'localBy')];
/** cap_static_record_word: a static's record (world.statics(), userData). */
const STATIC_RECORD_MEMBERS = [...f32s('ax', 'ay', 'bx', 'by', 'radius', 'nx', 'ny', 'minx', 'miny', 'maxx', 'maxy',
  'restitution', 'friction', 'rolling'), ...u32s('category', 'mask', 'kind', 'sensor'),
...f32s('x', 'y', 'angle', 'lengthA', 'lengthB', 'vx', 'vy', 'w'), ...u32s('chainPrev', 'chainNext', 'inChain'),
...f32s('invInertia', 'mass', 'lower', 'upper', 'motorSpeed', 'motorTorque', 'damping'), ...u32s('userData')];
/** cap_event_word: an event record (world.events). */
const EVENT_MEMBERS = [...u32s('kind', 'a', 'b'), ...f32s('speed', 'px', 'py', 'nx', 'ny'),
  ...u32s('generationA', 'generationB', 'userDataA', 'userDataB')];
/** cap_static_info_word: a static slot's kind, generation and alive bit. */
const STATIC_INFO_MEMBERS = u32s('kind', 'generation', 'alive');
/** cap_kinematic_state_word: capw_world_kinematic_state's answer in the argument block. */
const KINEMATIC_STATE_MEMBERS = f32s('x', 'y', 'angle', 'vx', 'vy', 'angularVelocity', 'length', 'radius', 'pivot');
/** cap_draw_contact_word: world.contacts(). */
const DRAW_CONTACT_MEMBERS = f32s('px', 'py', 'nx', 'ny', 'separation', 'impulse');
/** cap_world_error: the last error of a world call (what: a C string's address). */
const WORLD_ERROR_MEMBERS = [['status', I32], ['slot', I32], ['field', I32], ['what', U32]];
/** capw_ray_in / capw_sweep_in: rayCast's and sweepBall's inputs in the argument block. */
const RAY_IN_MEMBERS = f32s('ox', 'oy', 'dx', 'dy', 'maxFraction');
const SWEEP_IN_MEMBERS = f32s('x0', 'y0', 'x1', 'y1', 'radius');
/** cap_joint_info_word (capsule2d_joints.h): a joint's record in the argument block (jointState & co.). */
const JOINT_INFO_MEMBERS = [...u32s('kind', 'a', 'b', 'generation'), ...f32s('ax', 'ay', 'length', 'minLength', 'maxLength',
  'hertz', 'dampingRatio', 'maxForce', 'breakForce', 'force', 'localAx', 'localAy', 'localBx', 'localBy', 'referenceAngle',
  'lowerAngle', 'upperAngle', 'motorSpeed', 'maxMotorTorque')];
/** cap_joint_break_word: an events.jointBreak record (an event record's 12 words; 5-7 unused: [name, type, word]). */
const JOINT_BREAK_MEMBERS = [...u32s('kind', 'joint', 'ball'), ['force', F32], ['other', U32], ['jointGeneration', U32, 8],
  ['ballGeneration', U32, 9], ['userData', U32, 10], ['otherGeneration', U32, 11]];
/** cap_snapshot_header_word (capsule2d_world.h): a snapshot's header (world-snapshot.js's messages). */
const SNAPSHOT_HEADER_MEMBERS = u32s('magic', 'format', 'libraryVersion', 'bytes', 'checksum', 'contactSize', 'staticSize',
  'defSize');
// [C name, members, words (when not one per member)], in capw_world_layout()'s order.
const WORLD_RECORDS = [['cap_world_def', WORLD_DEF_MEMBERS], ['cap_ball_def', BALL_DEF_MEMBERS],
  ['cap_static_def', STATIC_DEF_MEMBERS], ['cap_body_def', BODY_DEF_MEMBERS], ['cap_joint_def', JOINT_DEF_MEMBERS],
  ['cap_static_record_word', STATIC_RECORD_MEMBERS],
  ['cap_event_word', EVENT_MEMBERS], ['cap_static_info_word', STATIC_INFO_MEMBERS],
  ['cap_kinematic_state_word', KINEMATIC_STATE_MEMBERS], ['cap_draw_contact_word', DRAW_CONTACT_MEMBERS],
  ['cap_world_error', WORLD_ERROR_MEMBERS], ['capw_ray_in', RAY_IN_MEMBERS], ['capw_sweep_in', SWEEP_IN_MEMBERS],
  ['cap_joint_info_word', JOINT_INFO_MEMBERS], ['cap_joint_break_word', JOINT_BREAK_MEMBERS, EVENT_MEMBERS.length],
  ['cap_snapshot_header_word', SNAPSHOT_HEADER_MEMBERS]];
/** A record's word numbers by member name (frozen): member k is word k unless it names its word. */
const wordsOf = (members) => Object.freeze(Object.fromEntries(members.map(([name, , word], k) => [name, word ?? k])));
export const WORLD_DEF = WORLD_DEF_MEMBERS.map((m) => m[0]);
export const BALL_DEF = BALL_DEF_MEMBERS.map((m) => m[0]);
export const STATIC_DEF = STATIC_DEF_MEMBERS.map((m) => m[0]);
export const BODY_DEF = BODY_DEF_MEMBERS.map((m) => m[0]);
export const JOINT_DEF = JOINT_DEF_MEMBERS.map((m) => m[0]);
/** Element type of each member of the world, ball, static, body and joint defs (F32, U32, I32). */
export const WORLD_DEF_TYPES = WORLD_DEF_MEMBERS.map((m) => m[1]);
export const BALL_DEF_TYPES = BALL_DEF_MEMBERS.map((m) => m[1]);
export const STATIC_DEF_TYPES = STATIC_DEF_MEMBERS.map((m) => m[1]);
export const BODY_DEF_TYPES = BODY_DEF_MEMBERS.map((m) => m[1]);
export const JOINT_DEF_TYPES = JOINT_DEF_MEMBERS.map((m) => m[1]);
export const STATIC_RECORD = wordsOf(STATIC_RECORD_MEMBERS);
export const STATIC_WORDS = STATIC_RECORD_MEMBERS.length;
export const EVENT = wordsOf(EVENT_MEMBERS);
export const EVENT_WORDS = EVENT_MEMBERS.length;
export const STATIC_INFO = wordsOf(STATIC_INFO_MEMBERS);
export const STATIC_INFO_WORDS = STATIC_INFO_MEMBERS.length;
export const KINEMATIC_STATE = wordsOf(KINEMATIC_STATE_MEMBERS);
export const DRAW_CONTACT = wordsOf(DRAW_CONTACT_MEMBERS);
export const DRAW_CONTACT_WORDS = DRAW_CONTACT_MEMBERS.length;
export const WORLD_ERROR = wordsOf(WORLD_ERROR_MEMBERS);
export const RAY_IN = wordsOf(RAY_IN_MEMBERS);
export const SWEEP_IN = wordsOf(SWEEP_IN_MEMBERS);
export const JOINT_INFO = wordsOf(JOINT_INFO_MEMBERS);
export const JOINT_BREAK = wordsOf(JOINT_BREAK_MEMBERS);
export const SNAPSHOT_HEADER_WORD = wordsOf(SNAPSHOT_HEADER_MEMBERS);
/** Word 0 of the argument block: the count capw_world_save / capw_world_contacts leave there. */
export const PARAMS_COUNT = 0;
export const PARAMS_WORDS = 32;
/** The members [name, type, word?] of every record, in the order of capw_world_layout() (for tests). */
export const WORLD_RECORD_MEMBERS = Object.freeze(Object.fromEntries(WORLD_RECORDS.map(([c, members]) => [c, members])));

/** Writes values (by member name; others stay) into a def record at word p of the heap. */
export function writeRecord(p, names, types, v) {
  names.forEach((k, i) => {
    const x = v[k];
    if (x === undefined) return;
    if (types[i] === F32) rt.heapF32[p + i] = x;
    else if (types[i] === I32) rt.heapI32[p + i] = typeof x === 'boolean' ? (x ? 1 : 0) : x;
    else rt.heapU32[p + i] = x;
  });
}

// Ball fields, in cap_ball_field order (float32 first, then u32).
export const BALL_FIELDS = ['x', 'y', 'vx', 'vy', 'angle', 'angularVelocity', 'radius', 'invMass', 'invInertia',
  'restitution', 'friction', 'rollingResistance', 'gravityScale', 'linearDamping', 'angularDamping', 'sleepTime',
  'category', 'mask', 'flags', 'generation', 'userData'];
/** A ball field's number by name (BALL_FIELD.vx). */
export const BALL_FIELD = Object.freeze(Object.fromEntries(BALL_FIELDS.map((name, k) => [name, k])));
export const F_INV_MASS = BALL_FIELD.invMass, F_INV_INERTIA = BALL_FIELD.invInertia, F_FLAGS = BALL_FIELD.flags;
export const F_GENERATION = BALL_FIELD.generation, F_USER_DATA = BALL_FIELD.userData;
export const FLOAT_FIELDS = 16;
// Capsule body fields, in cap_body_field order (float32 first, then u32).
export const BODY_FIELDS = ['x', 'y', 'angle', 'vx', 'vy', 'angularVelocity', 'halfLength', 'radius', 'invMass', 'invInertia',
  'restitution', 'friction', 'gravityScale', 'linearDamping', 'angularDamping', 'sleepTime',
  'category', 'mask', 'flags', 'generation', 'userData'];
export const BODY_FLOAT_FIELDS = 16;
/** A body field's number by name (BODY_FIELD.flags). */
export const BODY_FIELD = Object.freeze(Object.fromEntries(BODY_FIELDS.map((name, k) => [name, k])));
export const BODY_FIELD_ERROR = 1000; // CAP_BODY_FIELD_ERROR
export const EVENT_KINDS = ['begin', 'end', 'hit', 'sensorEnter', 'sensorLeave', 'jointBreak'];

export const ALIVE = 1;
export const AWAKE = 2;
export const BULLET = 4;
/** The bits of balls.flags (CAP_BALL_ALIVE, CAP_BALL_AWAKE, CAP_BALL_BULLET). */
export const BallFlags = Object.freeze({ ALIVE, AWAKE, BULLET });
export const NONE = 0xffffffff;
/** cap_static_kind by value (statics().kind). */
export const STATIC_KINDS = ['capsule', 'line', 'kinematic', 'pivoted'];
export const STATIC_CAPSULE = STATIC_KINDS.indexOf('capsule');
export const STATIC_LINE = STATIC_KINDS.indexOf('line');
export const STATIC_KINEMATIC = STATIC_KINDS.indexOf('kinematic');
export const STATIC_PIVOTED = STATIC_KINDS.indexOf('pivoted');
/** cap_joint_kind by value (0: none; jointState().kind, the joint def's kind). */
export const JOINT_KINDS = [null, 'distance', 'drag', 'revolute'];
/** CAP_JOINT_WORLD: a joint end that is a world point. */
export const JOINT_WORLD = 0xffffffff;
/** setKinematic's `what` (CAP_KINEMATIC_VELOCITY, _TARGET, _POSE). */
export const KINEMATIC_SET = Object.freeze({ velocity: 0, target: 1, pose: 2 });
export const SNAPSHOT_FORMAT = 2;
export const LIBRARY_VERSION = 0x000100; // 0.1.0 (package.json; CAP_LIBRARY_VERSION)
/** Bytes of a snapshot's header (CAP_SNAPSHOT_HEADER). */
export const SNAPSHOT_HEADER = 4 * SNAPSHOT_HEADER_MEMBERS.length;
/** Why a restore failed, by cap_snapshot_error code. */
export const SNAPSHOT_PROBLEMS = ['', 'truncated', 'not a snapshot', 'format', 'library version', 'checksum', 'corrupt', 'too long'];

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
export function writeWorldDef(base, vals) { writeRecord(base, WORLD_DEF, WORLD_DEF_TYPES, vals); }

/** The whole table of capw_world_layout() as layout entries (heap.js checkLayout), in its order. */
export function worldLayout() {
  const entries = [];
  for (const [c, members, words = members.length] of WORLD_RECORDS) {
    entries.push([`${c} words`, words]);
    members.forEach(([name, type, word], k) => entries.push([`${c}.${name}`, word ?? k, type]));
  }
  for (const [c, fields, floats] of [['cap_ball_field', BALL_FIELDS, FLOAT_FIELDS], ['cap_body_field', BODY_FIELDS, BODY_FLOAT_FIELDS]]) {
    entries.push([`${c}: number of fields`, fields.length], [`${c}: first u32 field`, floats]);
    fields.forEach((name, k) => entries.push([`${c}.${name}`, k]));
  }
  entries.push(['CAP_EVENT_KINDS', EVENT_KINDS.length], ['argument block words', PARAMS_WORDS],
    ['CAP_BODY_FIELD_ERROR', BODY_FIELD_ERROR], ['-CAP_WORLD_BAD_VALUE', -BAD_VALUE], ['-CAP_WORLD_NO_MEMORY', -NO_MEMORY],
    ['-CAP_WORLD_BAD_HANDLE', -BAD_HANDLE], ['CAP_SNAPSHOT_FORMAT', SNAPSHOT_FORMAT], ['CAP_LIBRARY_VERSION', LIBRARY_VERSION],
    ['CAP_SNAPSHOT_HEADER', SNAPSHOT_HEADER]);
  SNAPSHOT_PROBLEMS.forEach((name, code) => { if (code > 0) entries.push([`cap_snapshot_error: ${name}`, code]); });
  // the kinds JS names by value: each named value (a kind added in C and not here, or the reverse, is a mismatch)
  for (const [c, names] of [['cap_event_kind', EVENT_KINDS], ['cap_static_kind', STATIC_KINDS], ['cap_joint_kind', JOINT_KINDS]]) {
    names.forEach((name, k) => { if (name !== null) entries.push([`${c}: ${name}`, k]); });
  }
  Object.entries(KINEMATIC_SET).forEach(([name, k]) => entries.push([`cap_world_set_kinematic what: ${name}`, k]));
  entries.push(['CAP_JOINT_WORLD (high 16 bits)', JOINT_WORLD >>> 16], ['CAP_JOINT_WORLD (low 16 bits)', JOINT_WORLD & 0xffff]);
  return entries;
}

let layoutChecked = false;
/** Compares worldLayout() with capw_world_layout() once (an Error naming the first entry that differs). */
export function checkWorldLayout() {
  if (layoutChecked) return;
  const p = rt.wasm.capw_world_layout(), n = rt.wasm.capw_world_layout_count();
  checkLayout('world-layout.js', worldLayout(), new Uint16Array(rt.wasm.memory.buffer, p, n));
  layoutChecked = true;
}
