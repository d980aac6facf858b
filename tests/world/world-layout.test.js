// The JS ↔ C layout of the world: the def records (cap_world_def,
// cap_ball_def, cap_static_def, cap_body_def), the records read by word
// number (the static record, the event record, the static info, the
// kinematic state, the contacts for drawing), the error block, rayCast's and
// sweepBall's inputs, the ball and body field numbers and the shared
// statuses. world-layout.js names each word and compares its table with
// capw_world_layout() (offsetof, _Generic and the header's enums, in
// src/wasm/exports_layout.c) at the first World.
//
// Two halves, since the C table holds numbers and the names are JS's:
// - every word of the C table is checked at load (changing any one, or
//   swapping two, makes the first World throw an Error naming it): a record
//   C reorders is caught;
// - each reader and writer uses the word C means: the word numbers below
//   are read from capsule2d_world.h itself, and changing that word in the
//   heap changes exactly the field of the answer that bears its name (a pair
//   of names swapped in world-layout.js is caught).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as api from 'capsule2d';
import * as rt from '../../dist/runtime.js';
import { worldLayout, WORLD_RECORD_MEMBERS } from '../../dist/world-layout.js';

await api.init();

const MISMATCH = /^capsule2d: world-layout\.js and the wasm module disagree on the memory layout: (.+) is (\S+) in C, (\S+) in JS \(word (\d+) of the layout table\)/;
const table = () => new Uint16Array(rt.wasm.memory.buffer, rt.wasm.capw_world_layout(), rt.wasm.capw_world_layout_count());
const firstWorldFails = (k) => {
  let name;
  assert.throws(() => new api.World(), (e) => {
    assert.equal(e.constructor, Error, e.message);
    const m = MISMATCH.exec(e.message);
    assert.ok(m, e.message);
    assert.equal(Number(m[4]), k, e.message);
    name = m[1];
    return true;
  });
  return name;
};

// Must run first in this file: world-layout.js checks once, at the first World.
test('every word of the world layout table is checked: changing any one makes the first World throw, naming it', () => {
  const t = table(), n = t.length;
  // 16 records (209 members: a word and a type each, after the record's size),
  // 2 field lists (21 fields each, after their count and first u32 field), 9 numbers, 7 snapshot error codes,
  // 6 event kinds, 4 static kinds, 3 joint kinds, 3 kinematic codes, CAP_JOINT_WORLD's two halves.
  const members = Object.values(WORLD_RECORD_MEMBERS).reduce((s, m) => s + m.length, 0);
  assert.equal(Object.keys(WORLD_RECORD_MEMBERS).length, 16);
  assert.equal(members, 17 + 19 + 13 + 18 + 21 + 37 + 12 + 3 + 9 + 6 + 4 + 5 + 5 + 23 + 9 + 8); // cap_joint_def: 21 (with its 4 local anchors)
  assert.equal(n, 16 + 2 * members + 2 * (2 + 21) + 9 + 7 + 6 + 4 + 3 + 3 + 2, `a table of ${n} words`);
  assert.equal(worldLayout().reduce((s, e) => s + e.length - 1, 0), n, 'one JS entry per C word');
  const names = [];
  for (let k = 0; k < n; k++) {
    const saved = t[k];
    t[k] = saved + 1;
    try {
      names.push(firstWorldFails(k));
    } finally {
      t[k] = saved;
    }
  }
  assert.equal(new Set(names).size, n, 'each word has its own name');
  for (const name of ['cap_world_def words', 'cap_world_def.gravityX (word)', 'cap_world_def.subSteps (element type)',
    'cap_ball_def.userData (word)', 'cap_static_def.sensor (word)', 'cap_body_def.halfLength (word)',
    'cap_static_record_word.kind (word)', 'cap_static_record_word.userData (element type)', 'cap_event_word.px (word)',
    'cap_event_word.generationB (word)', 'cap_static_info_word.generation (word)', 'cap_kinematic_state_word.pivot (word)',
    'cap_draw_contact_word.impulse (word)', 'cap_world_error.field (word)', 'capw_ray_in.maxFraction (word)',
    'capw_sweep_in.radius (word)', 'cap_joint_info_word.generation (word)', 'cap_joint_info_word.force (element type)',
    'cap_joint_break_word words', 'cap_joint_break_word.force (element type)', 'cap_joint_break_word.otherGeneration (word)',
    'cap_snapshot_header_word.bytes (word)', 'cap_snapshot_header_word.defSize (word)', 'cap_event_kind: jointBreak',
    'cap_static_kind: pivoted', 'cap_joint_kind: drag', 'cap_world_set_kinematic what: pose', 'CAP_JOINT_WORLD (low 16 bits)',
    'cap_ball_field.flags', 'cap_body_field.userData', 'CAP_BODY_FIELD_ERROR',
    '-CAP_WORLD_BAD_HANDLE', 'CAP_SNAPSHOT_FORMAT', 'CAP_SNAPSHOT_HEADER', 'cap_snapshot_error: checksum']) {
    assert.ok(names.includes(name), `${name} is checked`);
  }
  // A swapped pair (C's px and py words exchanged, as a reordered enum would
  // give): the first World names the first of the two.
  const px = names.indexOf('cap_event_word.px (word)'), py = names.indexOf('cap_event_word.py (word)');
  [t[px], t[py]] = [t[py], t[px]];
  try {
    assert.equal(firstWorldFails(px), 'cap_event_word.px (word)');
  } finally {
    [t[px], t[py]] = [t[py], t[px]];
  }
  new api.World().destroy(); // the table as built agrees
});

// ---- the word numbers, from the C header -----------------------------------------
const header = readFileSync(new URL('../../src/include/capsule2d_world.h', import.meta.url), 'utf8');
const jointsHeader = readFileSync(new URL('../../src/include/capsule2d_joints.h', import.meta.url), 'utf8');
/** The members of `enum <name> { ... }` in capsule2d_world.h or capsule2d_joints.h: { C name: word } (NAME = k too). */
function cEnum(name) {
  const m = new RegExp(`enum ${name} \\{([^}]*)\\}`).exec(header) ?? new RegExp(`enum ${name} \\{([^}]*)\\}`).exec(jointsHeader);
  assert.ok(m, `enum ${name} in capsule2d_world.h or capsule2d_joints.h`);
  const body = m[1].replace(/\/\*[\s\S]*?\*\//g, '');
  let next = 0;
  return Object.fromEntries(body.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const [c, value] = s.split('=').map((t) => t.trim());
    if (value !== undefined) next = Number(value);
    return [c, next++];
  }));
}
const WORD = { ...cEnum('cap_static_record_word'), ...cEnum('cap_event_word') };

/** Word k of an f32/u32 record at word p: poke a value, read, put back. */
function poke(p, word, value, read) {
  const saved = rt.heapU32[p + word];
  if (Number.isInteger(value)) rt.heapU32[p + word] = value; else rt.heapF32[p + word] = value;
  try { return read(); } finally { rt.heapU32[p + word] = saved; }
}
/** The keys whose value differs between two flat objects (nested objects compared as JSON). */
function changed(a, b) {
  return Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

// The static record: world.statics() reads each word it shows at the word C
// writes it (poking word k changes exactly the fields named after it), and
// reads nothing else.
test('static record: each word statics() shows is read from the word of its C name, and only that one', () => {
  const w = new api.World();
  w.addCapsule(0, 0, 2, 0, 0.5, { userData: 7 });
  w.addChain([0, 5, 1, 5, 2, 5], 0.1);
  w.addPivotedCapsule(5, 5, 0, 2, 0.2, { lowerAngle: -0.5, upperAngle: 0.5 });
  const recs = rt.wasm.capw_world_static_records(w._p()) >>> 2;
  assert.equal(WORD.CAP_STATIC_RECORD_WORDS, 37);
  // word -> the statics() fields it changes, by slot: 0 a capsule, 1 a chain
  // piece, 3 the pivoted capsule (whose pose C reads from its record)
  const EVERY = { AX: 'ax', AY: 'ay', BX: 'bx', BY: 'by', RADIUS: 'radius', SENSOR: 'sensor', USER_DATA: 'userData' };
  const PIVOTED = { X: ['x'], Y: ['y'], ANGLE: ['angle'], LENGTH_A: ['length', 'pivot'], LENGTH_B: ['length', 'pivot'],
    VX: ['vx'], VY: ['vy'], W: ['angularVelocity'], LOWER: ['lowerAngle'], UPPER: ['upperAngle'], RADIUS: ['radius'] };
  const shown = (word, slot) => {
    if (word === 'KIND') return slot === 0 ? ['kind'] : null; // (a pivoted capsule changed kind: not a case)
    if (word.startsWith('CHAIN_') || word === 'IN_CHAIN') return slot === 1 ? ['chain'] : null;
    if (slot === 3 && PIVOTED[word]) return PIVOTED[word];
    return EVERY[word] ? [EVERY[word]] : [];
  };
  const MARK = { SENSOR: 1, USER_DATA: 0xdeadbeef, KIND: 1, CHAIN_PREV: 2, CHAIN_NEXT: 0, IN_CHAIN: 2, LOWER: -0.25,
    UPPER: 0.75, CATEGORY: 0xdeadbeef, MASK: 0xdeadbeef };
  const before = w.statics();
  let tried = 0;
  for (const [name, k] of Object.entries(WORD)) {
    if (!name.startsWith('CAP_STATIC_RECORD_') || name === 'CAP_STATIC_RECORD_WORDS') continue;
    const word = name.slice('CAP_STATIC_RECORD_'.length);
    for (const slot of [0, 1, 3]) {
      const want = shown(word, slot);
      if (want === null) continue;
      const after = poke(recs + 37 * slot, k, MARK[word] ?? 1234.5, () => w.statics());
      assert.deepEqual(changed(before[slot], after[slot]), [...want].sort(), `${name} (word ${k}) of slot ${slot}`);
      tried++;
    }
  }
  assert.equal(tried, 3 * 37 - 2 - 6, 'every word, in every slot where it means something');
  // and the values land under the right names
  const at = (name, value, slot = 0) => poke(recs + 37 * slot, WORD[name], value, () => w.statics()[slot]);
  assert.equal(at('CAP_STATIC_RECORD_AY', 1234.5).ay, 1234.5);
  assert.equal(at('CAP_STATIC_RECORD_USER_DATA', 0xdeadbeef).userData, 0xdeadbeef);
  assert.equal(poke(recs, WORD.CAP_STATIC_RECORD_USER_DATA, 0xc0ffee, () => w.userData(w.staticHandle(0))), 0xc0ffee);
  assert.deepEqual(at('CAP_STATIC_RECORD_CHAIN_PREV', 2, 1).chain, { prev: 2, next: 2, oneSided: false });
  assert.equal(at('CAP_STATIC_RECORD_IN_CHAIN', 2, 1).chain.oneSided, true);
  assert.equal(at('CAP_STATIC_RECORD_UPPER', 0.75, 3).upperAngle, 0.75);
  w.destroy();
});

// The event record: poking each of its 12 words changes exactly the fields
// of toArray() (and the arguments of forEach) named after it.
test('event record: each word is read from the word of its C name by toArray() and forEach()', () => {
  const w = new api.World({ gravityY: -10 });
  w.addCapsule(-5, 0, 5, 0, 0.1, { userData: 11 });
  w.addBall(0, 0.7, 0.5, { vy: -5, userData: 22 });
  for (let i = 0; i < 20 && w.events.hit.written === 0; i++) w.step();
  const hits = w.events.hit;
  assert.equal(hits.written, 1, 'one hit');
  const rec = rt.wasm.capw_world_events(w._p(), 2) >>> 2;
  assert.equal(WORD.CAP_EVENT_WORDS, 12);
  const SHOWN = {
    CAP_EVENT_WORD_KIND: ['kind', 'otherHandle'], CAP_EVENT_WORD_A: ['ball', 'ballHandle'], CAP_EVENT_WORD_B: ['other', 'otherHandle'],
    CAP_EVENT_WORD_SPEED: ['speed'], CAP_EVENT_WORD_PX: ['x'], CAP_EVENT_WORD_PY: ['y'], CAP_EVENT_WORD_NX: ['nx'],
    CAP_EVENT_WORD_NY: ['ny'], CAP_EVENT_WORD_GENERATION_A: ['ballHandle'], CAP_EVENT_WORD_GENERATION_B: ['otherHandle'],
    CAP_EVENT_WORD_USER_DATA_A: ['ballData'], CAP_EVENT_WORD_USER_DATA_B: ['otherData'],
  };
  const ARGS = ['ballHandle', 'otherHandle', 'speed', 'x', 'y', 'nx', 'ny', 'ballData', 'otherData'];
  const viaForEach = () => { let o; hits.forEach((...a) => { o = Object.fromEntries(ARGS.map((k, i) => [k, a[i]])); }); return o; };
  const before = hits.toArray()[0], beforeArgs = viaForEach();
  assert.equal(before.ballData, 22);
  assert.equal(before.otherData, 11);
  for (const [name, fields] of Object.entries(SHOWN)) {
    const k = WORD[name];
    const mark = name.includes('_P') || name.includes('_N') || name.includes('SPEED') ? 1234.5 : name.includes('USER') ? 0xdeadbeef
      : name.includes('GENERATION') ? 77 : 1;
    const after = poke(rec, k, mark, () => hits.toArray()[0]);
    assert.deepEqual(changed(before, after), [...fields].sort(), `${name} (word ${k})`);
    const args = poke(rec, k, mark, viaForEach);
    assert.deepEqual(changed(beforeArgs, args), fields.filter((f) => ARGS.includes(f)).sort(), `${name} (word ${k}), forEach`);
    for (const f of fields) if (typeof after[f] === 'number' && !f.endsWith('Handle') && f !== 'ball' && f !== 'other') assert.equal(after[f], mark, f);
  }
  w.destroy();
});

// Blocks C fills on each call (poking cannot show them): the values given
// come back under their own names, each distinct, so a swapped pair fails.
test('kinematic state, contacts, error block: each value under its C name', () => {
  const w = new api.World({ gravityY: -10 });
  const k = w.addKinematicCapsule(1, 2, 0.25, 4, 0.5, { pivot: 0.375 });
  w.setKinematicVelocity(k, 5, 6, 7);
  const s = w.kinematic(k);
  const f = Math.fround;
  assert.deepEqual([s.x, s.y, s.angle, s.vx, s.vy, s.angularVelocity, s.length, s.radius, s.pivot],
    [1, 2, f(0.25), 5, 6, 7, 4, 0.5, 0.375]);
  w.removeStatic(k);
  // a ball resting on a floor at y = 0: one contact, point on the floor, normal up, pushing
  w.addLine(-10, 0, 10, 0);
  w.addBall(3, 0.5, 0.5);
  for (let i = 0; i < 30; i++) w.step();
  const c = w.contacts();
  assert.equal(c.length, 6);
  const [px, py, nx, ny, separation, impulse] = c;
  assert.ok(Math.abs(px - 3) < 1e-3 && Math.abs(py) < 1e-2, `point (${px}, ${py})`);
  assert.deepEqual([nx, ny], [0, 1]);
  assert.ok(Math.abs(separation) < 0.02 && impulse > 0, `separation ${separation}, impulse ${impulse}`);
  // the error block: slot and field of a refused value
  w.addBall(-3, 5, 0.5);
  w.balls.vy[1] = NaN;
  assert.throws(() => w.step(), /balls\.vy\[1\]/);
  w.destroy();
});

// The def records: every member given a distinct value lands on its C member.
test('the def records: each option lands on its C member (world, ball, static, body)', () => {
  const w = new api.World({ dt: 1 / 120, subSteps: 7, eventCapacity: 33, sleep: false, gravityY: -3 });
  const s = w.settings;
  assert.equal(s.dt, Math.fround(1 / 120));
  assert.equal(s.subSteps, 7);
  assert.equal(w.eventCapacity, 33);
  assert.equal(s.sleep, false);
  assert.equal(s.gravityY, -3);
  const b = w.addBall(1, 2, 0.5, { vx: 3, vy: 4, angle: 0.5, angularVelocity: 6, restitution: 0.25, friction: 0.375,
    rollingResistance: 0.125, gravityScale: 2, linearDamping: 0.75, angularDamping: 0.875, category: 5, mask: 9, userData: 13 });
  const i = w.slotOf(b), v = w.balls;
  assert.deepEqual([v.x[i], v.y[i], v.vx[i], v.vy[i], v.angle[i], v.angularVelocity[i], v.radius[i], v.userData[i]],
    [1, 2, 3, 4, 0.5, 6, 0.5, 13]);
  const view = (f) => w._view(f)[i];
  assert.deepEqual([9, 10, 11, 12, 13, 14, 16, 17].map(view), [0.25, 0.375, 0.125, 2, 0.75, 0.875, 5, 9]);
  const st = w.addCapsule(1, 2, 3, 4, 0.5, { restitution: 0.25, friction: 0.375, rollingResistance: 0.125, category: 6, mask: 10, sensor: true, userData: 14 });
  const rec = (rt.wasm.capw_world_static_records(w._p()) >>> 2) + 37 * (st % 2 ** 20);
  const word = (name) => (name.match(/CATEGORY|MASK|SENSOR|KIND|USER/) ? rt.heapU32 : rt.heapF32)[rec + WORD[`CAP_STATIC_RECORD_${name}`]];
  assert.deepEqual(['AX', 'AY', 'BX', 'BY', 'RADIUS', 'RESTITUTION', 'FRICTION', 'ROLLING', 'CATEGORY', 'MASK', 'SENSOR', 'USER_DATA', 'KIND'].map(word),
    [1, 2, 3, 4, 0.5, 0.25, 0.375, 0.125, 6, 10, 1, 14, 0]);
  const body = w.addCapsuleBody(1, 2, 0.75, 0.5, { angle: 0.5, vx: 3, vy: 4, angularVelocity: 6, restitution: 0.25, friction: 0.375,
    gravityScale: 2, linearDamping: 0.625, angularDamping: 0.875, category: 7, mask: 11, userData: 15 });
  const j = w.capsuleBodySlotOf(body), cb = w.capsuleBodies;
  assert.deepEqual(['x', 'y', 'angle', 'vx', 'vy', 'angularVelocity', 'halfLength', 'radius', 'userData'].map((k) => cb[k][j]),
    [1, 2, 0.5, 3, 4, 6, 0.75, 0.5, 15]);
  w.destroy();
});

// One wire layout per result kind: World.rayCast / sweepBall and the scalar
// casts (rayCastCapsule, sweepCircleCapsule, ...) read the same ray-hit /
// sweep-hit record (capw_ray_out / capw_sweep_out) as the batch layer's cast
// block, through one reader each (hits.js); their answers equal
// castRays / sweepBalls' (the batch form) bit for bit, ball and static hits.
// (rayCast's and sweepBall's inputs, capw_ray_in / capw_sweep_in, are
// written by name: a swapped pair would change the answers.)
test('rayCast, sweepBall and the scalar casts read the one hit record: equal to castRays / sweepBalls, ball and static', () => {
  const w = new api.World({ gravityY: 0 });
  const ball = w.addBall(3, 0.25, 0.5);
  const wall = w.addCapsule(6, -2, 6, 2, 0.1);
  const rays = new api.RayBatch(2), sweeps = new api.SweepBatch(2);
  rays.add(0, 0, 1, 0, 10); // hits the ball first
  rays.add(0, 3, 1, -0.4, 10); // passes over the ball, hits the wall
  sweeps.add(0, 0.3, 10, 0.3, 0.2);
  sweeps.add(0, -1.5, 10, -1.5, 0.2);
  assert.equal(w.castRays(rays), 2);
  assert.equal(w.sweepBalls(sweeps), 2);
  const want = [ball, wall];
  for (let i = 0; i < 2; i++) {
    const r = w.rayCast(rays.ox[i], rays.oy[i], rays.dx[i], rays.dy[i], rays.maxFraction[i]);
    assert.equal(r.handle, want[i], `ray ${i}`);
    assert.equal(r.kind, i === 0 ? 'ball' : 'static');
    assert.equal(w.hitHandle(rays.index[i]), r.handle);
    assert.deepEqual([r.fraction, r.x, r.y, r.nx, r.ny, r.startsInside],
      [rays.fraction[i], rays.x[i], rays.y[i], rays.nx[i], rays.ny[i], rays.startsInside[i] === 1], `ray ${i}`);
    const s = w.sweepBall(sweeps.x0[i], sweeps.y0[i], sweeps.x1[i], sweeps.y1[i], sweeps.radius[i]);
    assert.equal(s.handle, want[i], `sweep ${i}`);
    assert.equal(w.hitHandle(sweeps.index[i]), s.handle);
    assert.deepEqual([s.t, s.x, s.y, s.nx, s.ny, s.px, s.py, s.startsInside],
      [sweeps.t[i], sweeps.x[i], sweeps.y[i], sweeps.nx[i], sweeps.ny[i], sweeps.pointX[i], sweeps.pointY[i],
        sweeps.startsInside[i] === 1], `sweep ${i}`);
  }
  // the scalar casts answer from the same records (index 0) in the cast block: the static hit above, bit for bit
  const F = () => new Float32Array(rt.wasm.memory.buffer, rt.wasm.capw_cast_out(), 9);
  const U = () => new Uint32Array(rt.wasm.memory.buffer, rt.wasm.capw_cast_out(), 9);
  const r = api.rayCastCapsule(6, -2, 6, 2, 0.1, rays.ox[1], rays.oy[1], rays.dx[1], rays.dy[1], rays.maxFraction[1]);
  assert.deepEqual([r.fraction, r.x, r.y, r.nx, r.ny, r.startsInside], [rays.fraction[1], rays.x[1], rays.y[1], rays.nx[1], rays.ny[1], false]);
  assert.deepEqual([U()[0], ...F().subarray(1, 6), U()[6]], [0, r.fraction, r.x, r.y, r.nx, r.ny, 0], 'the ray record in the cast block');
  const into = api.rayCastCapsule(6, -2, 6, 2, 0.1, rays.ox[1], rays.oy[1], rays.dx[1], rays.dy[1], rays.maxFraction[1], {});
  assert.deepEqual(into, r, 'the same through a result object');
  const sw = api.sweepCircleCapsule(6, -2, 6, 2, 0.1, sweeps.x0[1], sweeps.y0[1], sweeps.x1[1], sweeps.y1[1], sweeps.radius[1]);
  assert.deepEqual([sw.t, sw.x, sw.y, sw.nx, sw.ny, sw.pointX, sw.pointY, sw.startsInside],
    [sweeps.t[1], sweeps.x[1], sweeps.y[1], sweeps.nx[1], sweeps.ny[1], sweeps.pointX[1], sweeps.pointY[1], false]);
  assert.deepEqual([U()[0], ...F().subarray(1, 8), U()[8]], [0, sw.t, sw.x, sw.y, sw.nx, sw.ny, sw.pointX, sw.pointY, 0], 'the sweep record');
  assert.deepEqual(api.sweepCircleCapsule(6, -2, 6, 2, 0.1, sweeps.x0[1], sweeps.y0[1], sweeps.x1[1], sweeps.y1[1], sweeps.radius[1], {}), sw);
  // a short ray that reaches only the ball (maxFraction read as the fifth input)
  assert.equal(w.rayCast(0, 0, 1, 0, 2.4), null);
  assert.equal(w.rayCast(0, 0, 1, 0, 2.6).handle, ball);
  // a sweep whose radius (the fifth input) decides whether it touches the ball
  assert.equal(w.sweepBall(0, 1.2, 3, 1.2, 0.2), null);
  assert.equal(w.sweepBall(0, 1.2, 3, 1.2, 0.5).handle, ball);
  w.destroy(); rays.destroy(); sweeps.destroy();
});

// The joint record (cap_joint_info_word): C writes it into the argument
// block on each call, so it cannot be poked; every float word is given a
// distinct value and jointState() must show each under its own name, equal
// to the word of that C name in the block it read.
test('joint record: jointState() shows each word of cap_joint_info_word under its C name', () => {
  const J = cEnum('cap_joint_info_word');
  assert.equal(J.CAP_JOINT_INFO_WORDS, 23);
  const w = new api.World({ gravityY: 0 });
  const a = w.addBall(-1, 0, 0.5), b = w.addBall(3, 4, 0.5);
  w.removeJoint(w.addDistanceJoint(b, a)); // slot 0's next joint has generation 2 (the first had 1)
  const j = w.addDistanceJoint(b, { x: 1.25, y: -2.5 }, { length: 3, minLength: 2, maxLength: 4.5, hertz: 6, dampingRatio: 0.375, breakForce: 1e6 });
  w.step(); // a force (the spring is stretched: 6.7 > maxLength)
  const s = w.jointState(j);
  const p = rt.wasm.capw_world_params(w._p()) >>> 2; // the record jointState read (its last call)
  const word = (name) => J[`CAP_JOINT_INFO_${name}`];
  const f = (name) => rt.heapF32[p + word(name)], u = (name) => rt.heapU32[p + word(name)];
  assert.deepEqual([s.x, s.y, s.length, s.minLength, s.maxLength, s.hertz, s.dampingRatio, s.breakForce],
    [1.25, -2.5, 3, 2, 4.5, 6, 0.375, 1e6]);
  assert.deepEqual([f('AX'), f('AY'), f('LENGTH'), f('MIN_LENGTH'), f('MAX_LENGTH'), f('HERTZ'), f('DAMPING_RATIO'), f('BREAK_FORCE')],
    [1.25, -2.5, 3, 2, 4.5, 6, 0.375, 1e6]);
  assert.ok(s.force > 0 && s.force === f('FORCE') && s.maxForce === f('MAX_FORCE') && s.maxForce !== s.force, `force ${s.force}`);
  assert.deepEqual([u('KIND'), u('A'), u('B'), u('GENERATION')], [1, 0xffffffff, w.slotOf(b), 2]);
  assert.deepEqual([s.kind, s.ball, s.other], ['distance', b, null]);
  assert.deepEqual(w.joints(), [j], 'the handle made from the generation word');
  // a ball-ball joint: the ends' slots under their names, the drag joint's maxForce
  const k = w.addDistanceJoint(a, b);
  const d = w.addDragJoint(a, 7, 8, { maxForce: 12.5 });
  assert.deepEqual([w.jointState(k).ball, w.jointState(k).other], [a, b]);
  assert.deepEqual([w.jointState(d).x, w.jointState(d).y, w.jointState(d).maxForce, w.jointState(d).kind], [7, 8, 12.5, 'drag']);
  // a revolute joint: its words 14 .. 22 (anchors, reference angle, limits, motor) under their names
  const c = w.addBall(10, 0, 0.5), e = w.addBall(14, 4, 0.5); // not stepped: not turned
  const r = w.addRevoluteJoint(c, e, 12, 2, { lowerAngle: -0.5, upperAngle: 0.75, motorSpeed: 1.5, maxMotorTorque: 20 });
  const rs = w.jointState(r);
  assert.deepEqual([u('KIND'), rs.kind], [3, 'revolute']);
  assert.deepEqual([f('LOCAL_AX'), f('LOCAL_AY'), f('LOCAL_BX'), f('LOCAL_BY'), f('REFERENCE_ANGLE')], [-2, -2, 2, 2, 0],
    'the pin (12, 2) from the C end a (ball e at 14, 4) and from end b (ball c at 10, 0)');
  assert.deepEqual([rs.lowerAngle, rs.upperAngle, rs.motorSpeed, rs.maxMotorTorque], [-0.5, 0.75, 1.5, 20]);
  assert.deepEqual([f('LOWER_ANGLE'), f('UPPER_ANGLE'), f('MOTOR_SPEED'), f('MAX_MOTOR_TORQUE')], [-0.5, 0.75, 1.5, 20]);
  assert.deepEqual([rs.ball, rs.other, rs.x, rs.y, rs.bx, rs.by, rs.angle], [c, e, 12, 2, 12, 2, 0], 'both anchors at the pin');
  w.destroy();
});

// The joint-break record (cap_joint_break_word): poking each of its 12
// words changes exactly the fields of toArray() (and forEach's arguments)
// named after it; the unused words and the joint's userData change nothing.
test('joint-break record: each word is read from the word of its C name by toArray() and forEach()', () => {
  const JB = cEnum('cap_joint_break_word');
  const w = new api.World({ gravityY: -10 });
  const top = w.addBall(0, 0, 0.5), low = w.addBall(0, -2, 0.5);
  w.addDistanceJoint(top, { x: 0, y: 1 });
  w.addDistanceJoint(low, top, { breakForce: 0.001 });
  w.step();
  const breaks = w.events.jointBreak;
  assert.equal(breaks.written, 1, 'one break');
  const rec = rt.wasm.capw_world_events(w._p(), 5) >>> 2; // CAP_EVENT_JOINT_BREAK
  const SHOWN = {
    CAP_JOINT_BREAK_KIND: ['kind'], CAP_JOINT_BREAK_JOINT: ['joint'], CAP_JOINT_BREAK_BALL: ['ball'], CAP_JOINT_BREAK_FORCE: ['force'],
    CAP_JOINT_BREAK_OTHER: ['other'], CAP_JOINT_BREAK_JOINT_GENERATION: ['joint'], CAP_JOINT_BREAK_BALL_GENERATION: ['ball'],
    CAP_JOINT_BREAK_USER_DATA: [], CAP_JOINT_BREAK_OTHER_GENERATION: ['other'],
  };
  assert.deepEqual(Object.keys(JB).sort(), Object.keys(SHOWN).sort());
  const ARGS = ['joint', 'ball', 'other', 'force'];
  const viaForEach = () => { let o; breaks.forEach((...x) => { o = Object.fromEntries(ARGS.map((k, i) => [k, x[i] === -1 ? null : x[i]])); }); return o; };
  const before = breaks.toArray()[0], beforeArgs = viaForEach();
  assert.deepEqual([before.ball, before.other, before.kind], [low, top, 'distance']);
  assert.ok(before.force > 0.001, `force ${before.force}`);
  const words = new Set(Object.values(JB));
  for (let k = 0; k < 12; k++) if (!words.has(k)) SHOWN[`unused word ${k}`] = [];
  for (const [name, fields] of Object.entries(SHOWN)) {
    const k = JB[name] ?? Number(name.slice('unused word '.length));
    const mark = name.endsWith('FORCE') ? 1234.5 : name.endsWith('KIND') ? 2 : 77;
    const after = poke(rec, k, mark, () => breaks.toArray()[0]);
    assert.deepEqual(changed(before, after), [...fields].sort(), `${name} (word ${k})`);
    const args = poke(rec, k, mark, viaForEach);
    assert.deepEqual(changed(beforeArgs, args), fields.filter((f) => ARGS.includes(f)).sort(), `${name} (word ${k}), forEach`);
  }
  assert.equal(poke(rec, JB.CAP_JOINT_BREAK_FORCE, 1234.5, () => breaks.toArray()[0].force), 1234.5);
  assert.equal(poke(rec, JB.CAP_JOINT_BREAK_OTHER, 0xffffffff, () => breaks.toArray()[0].other), null);
  w.destroy();
});

// The snapshot header (cap_snapshot_header_word): changing each word of a
// saved snapshot makes restore() refuse it for that word's reason, and the
// message quotes the word under its own name (format, library version, size).
test('snapshot header: each word, changed in turn, is refused for its own reason', () => {
  const H = cEnum('cap_snapshot_header_word');
  assert.equal(H.CAP_SNAPSHOT_HEADER_WORDS * 4, 32);
  const w = new api.World();
  w.addBall(0, 1, 0.5);
  const snap = w.save();
  const REFUSED = {
    CAP_SNAPSHOT_WORD_MAGIC: [0x12345678, /not a capsule2d world snapshot/],
    CAP_SNAPSHOT_WORD_FORMAT: [99, /the snapshot has format 99 \(or other record sizes\)/],
    CAP_SNAPSHOT_WORD_LIBRARY_VERSION: [0x000909, /saved by capsule2d 0\.9\.9; this is 0\.1\.0/],
    CAP_SNAPSHOT_WORD_BYTES: [snap.length + 4, new RegExp(`truncated: ${snap.length} bytes, its header says ${snap.length + 4}`)],
    CAP_SNAPSHOT_WORD_CHECKSUM: [1, /checksum does not match/],
    CAP_SNAPSHOT_WORD_CONTACT_SIZE: [1, /the snapshot has format 2 \(or other record sizes\)/],
    CAP_SNAPSHOT_WORD_STATIC_SIZE: [1, /the snapshot has format 2 \(or other record sizes\)/],
    CAP_SNAPSHOT_WORD_DEF_SIZE: [1, /the snapshot has format 2 \(or other record sizes\)/],
  };
  assert.deepEqual(Object.keys(H).filter((k) => k !== 'CAP_SNAPSHOT_HEADER_WORDS').sort(), Object.keys(REFUSED).sort());
  for (const [name, [value, message]] of Object.entries(REFUSED)) {
    const bad = snap.slice();
    new DataView(bad.buffer).setUint32(4 * H[name], value, true);
    assert.throws(() => w.restore(bad), (e) => e instanceof RangeError && message.test(e.message), name);
  }
  w.restore(snap); // as saved: accepted
  w.destroy();
});
