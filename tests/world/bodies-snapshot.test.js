// Capsule bodies in snapshots and the state hash (issue 28; C:
// src/world/bodies_snapshot.c, native tests/native/test_world_bodies_snapshot.c):
// save, step on, restore, step again gives the same bits (state hash, every
// body's position, the whole snapshot), in place, in a fresh world and across
// the SIMD and scalar builds; handles stay valid; views kept in variables are
// detached by restore, never left pointing at freed memory; an altered body
// section is refused naming the value with the world unchanged, or accepted
// and steps with every value finite.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { init, World } from 'capsule2d';
import { bodyScene } from './bodies-snapshot-scene.js';

await init();

const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');
const steps = (w, n) => { for (let i = 0; i < n; i++) w.step(); };
const HEADER = 32, TAG = 0x53444f42, BODY_FIELDS = 21, LAST_WORDS = 6;

/** FNV-1a of bytes 32.. into the header's word 4. */
function fixChecksum(u8) {
  let h = 2166136261;
  for (let i = HEADER; i < u8.length; i++) h = Math.imul(h ^ u8[i], 16777619) >>> 0;
  new DataView(u8.buffer, u8.byteOffset).setUint32(16, h, true);
  return u8;
}

/** The body section (the snapshot's tail): its offset and counts. */
function section(u8) {
  const dv = new DataView(u8.buffer, u8.byteOffset, u8.length);
  for (let at = u8.length - 20; at >= HEADER; at -= 4) {
    if (dv.getUint32(at, true) !== TAG) continue;
    const slots = dv.getUint32(at + 8, true), contacts = dv.getUint32(at + 16, true);
    // after the contacts, the events' state: touching pairs (3 words each) and sensor overlaps (2), each after its count
    let end = at + 4 * (5 + (BODY_FIELDS + LAST_WORDS) * slots + 6 * contacts);
    if (end + 4 <= u8.length) end += 4 + 12 * dv.getUint32(end, true);
    if (end + 4 <= u8.length) end += 4 + 8 * dv.getUint32(end, true);
    if (end === u8.length) {
      return { at, capacity: dv.getUint32(at + 4, true), slots, live: dv.getUint32(at + 12, true), contacts,
        field: (f, i) => at + 20 + 4 * (f * slots + i), contact: (k) => at + 20 + 4 * (BODY_FIELDS + LAST_WORDS) * slots + 24 * k };
    }
  }
  return null;
}

const bodyBits = (w) => {
  const b = w.capsuleBodies, n = b.slotCount;
  return [b.x, b.y, b.angle, b.vx, b.vy, b.angularVelocity].map((v) => [...new Uint32Array(v.slice(0, n).buffer)]);
};

test('capsule bodies: save, step 300, restore (in place and fresh), step 300: the same state hash, bodies and bytes', () => {
  const { world: w, handles } = bodyScene(World);
  for (const [at, more] of [[0, 0], [1, 600]]) {
    steps(w, more);
    const asleep = [...Array(w.capsuleBodies.slotCount).keys()].filter((i) => w.capsuleBodies.alive(i) && !w.capsuleBodies.awake(i)).length;
    if (at === 1) assert.ok(asleep > 0, 'some bodies asleep at the second save');
    const snap = w.save(), sec = section(snap);
    assert.ok(sec && sec.live === 13 && sec.slots === 14 && sec.contacts > 4, JSON.stringify(sec));
    steps(w, 300);
    const hash = w.stateHash(), bits = bodyBits(w), after = w.save();
    const xView = w.capsuleBodies.x, ballX = w.balls.x;
    w.restore(snap);
    // Views kept in variables are detached (length 0), not left on freed memory.
    assert.equal(xView.length, 0);
    assert.equal(ballX.length, 0);
    assert.notEqual(w.capsuleBodies.x, xView);
    assert.deepEqual(w.save(), snap, 'restore then save: the same bytes');
    handles.forEach((h, i) => assert.equal(w.hasCapsuleBody(h), i !== 7, 'body handles saved stay valid (7: removed by the scene)'));
    assert.equal(w.capsuleBodySlotOf(handles[5]), 5);
    steps(w, 300);
    assert.equal(hex(w.stateHash()), hex(hash));
    assert.deepEqual(bodyBits(w), bits, 'every body bit for bit');
    assert.deepEqual(w.save(), after);
    const f = World.fromSnapshot(snap);
    assert.equal(f.capsuleBodies.live, 13);
    steps(f, 300);
    assert.equal(hex(f.stateHash()), hex(hash));
    assert.deepEqual(bodyBits(f), bits);
    assert.deepEqual(f.save(), after);
    assert.equal(f.hasCapsuleBody(handles[0]), false, 'another world\'s handles stay foreign');
    assert.equal(f.capsuleBodySlotOf(f.capsuleBodyHandle(5)), 5);
    f.destroy();
  }
  w.destroy();
});

test('capsule bodies: a rollback re-adds a body removed after the save with its old handle; removed ones stay removed', () => {
  const { world: w, handles } = bodyScene(World);
  const snap = w.save();
  const late = w.addCapsuleBody(0, 11, 0.3, 0.1); // slot 7 (free since the scene removed its body), generation 2
  assert.equal(w.capsuleBodySlotOf(late), 7);
  w.removeCapsuleBody(handles[0]);
  steps(w, 10);
  w.restore(snap);
  assert.equal(w.hasCapsuleBody(handles[0]), true);
  assert.equal(w.hasCapsuleBody(late), false);
  assert.throws(() => w.removeCapsuleBody(handles[7] + 0), /removed capsule body/); // slot 7 was removed before the save
  assert.equal(w.addCapsuleBody(0, 11, 0.3, 0.1), late, 'slot 7 again, generation 2 again: the same handle');
  w.destroy();
});

test('capsule bodies: stateHash changes with one bit of one body\'s angle', () => {
  const { world: w } = bodyScene(World);
  const h = w.stateHash(), a = w.capsuleBodies.angle, bits = new Uint32Array(a.buffer, a.byteOffset, a.length);
  bits[4] ^= 1;
  assert.notEqual(w.stateHash(), h);
  bits[4] ^= 1;
  assert.equal(w.stateHash(), h);
  w.destroy();
});

function inWorker(data) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./bodies-snapshot-worker.js', import.meta.url), { workerData: data });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

test('capsule bodies: a snapshot saved by the SIMD build continues bit-identically in the scalar build, and back', async () => {
  const [fromSimd, fromScalar] = await Promise.all([inWorker({ simd: true }), inWorker({ simd: false })]);
  assert.deepEqual(fromSimd.bytes, fromScalar.bytes, 'both builds save the same bytes');
  const [a, b] = await Promise.all([inWorker({ simd: false, bytes: fromSimd.bytes }), inWorker({ simd: true, bytes: fromScalar.bytes })]);
  assert.equal(a.simd, false);
  assert.equal(b.simd, true);
  assert.equal(hex(a.hash), hex(b.hash));
  assert.deepEqual(a.bytes, b.bytes);
  const w = World.fromSnapshot(fromSimd.bytes);
  steps(w, 200);
  assert.equal(hex(w.stateHash()), hex(a.hash));
  w.destroy();
});

test('capsule bodies: refused values are named (capsuleBodies.<field>[slot]), the world and its views unchanged', () => {
  const { world: w } = bodyScene(World);
  const snap = w.save(), sec = section(snap);
  steps(w, 3);
  const f32 = (at, v) => (dv) => dv.setFloat32(at, v, true), u32 = (at, v) => (dv) => dv.setUint32(at, v, true);
  const cases = [
    [f32(sec.field(0, 2), Number.NaN), /capsuleBodies\.x\[2\]/],
    [f32(sec.field(2, 4), Infinity), /capsuleBodies\.angle\[4\]/],
    [f32(sec.field(7, 5), 0), /capsuleBodies\.radius\[5\]/],
    [f32(sec.field(8, 1), -1), /capsuleBodies\.invMass\[1\]/],
    [f32(sec.field(11, 8), -0.5), /capsuleBodies\.friction\[8\]/],
    [u32(sec.field(18, 2), 9), /capsuleBodies\.flags\[2\]/],
    [u32(sec.field(18, 7), 2), /capsuleBodies\.flags\[7\]/], // a free slot awake
    [u32(sec.at + 12, 12), /capsuleBodies\.counts/],
    [u32(sec.contact(0) + 8, 5), /capsuleBodies\.contacts\.kind\[0\]/],
    [f32(sec.contact(1) + 16, -1), /capsuleBodies\.contacts\.jn\[1\]/],
    [u32(sec.at, 0), /counts/],
  ];
  const before = w.save(), hash = w.stateHash(), x = w.capsuleBodies.x, xs = x.slice();
  for (const [edit, message] of cases) {
    const b = snap.slice();
    edit(new DataView(b.buffer));
    assert.throws(() => w.restore(fixChecksum(b)), (e) => e instanceof RangeError && message.test(e.message) && /world unchanged/.test(e.message), String(message));
  }
  // Cut inside the section (length and checksum fixed): refused.
  for (const len of [sec.at + 4, sec.at + 20, sec.at + 100, snap.length - 24]) {
    const b = snap.slice(0, len);
    new DataView(b.buffer).setUint32(12, len, true);
    assert.throws(() => w.restore(fixChecksum(b)), /capsuleBodies\.counts.*world unchanged/);
  }
  assert.deepEqual(w.save(), before);
  assert.equal(w.stateHash(), hash);
  assert.ok(w.capsuleBodies.x === x || x.length === 0, 'views were not re-made');
  assert.deepEqual(w.capsuleBodies.x, xs);
  w.destroy();
});

const WILD = [Number.NaN, Infinity, -Infinity, 4e36, -4e36, 3.3e38];
const TAME = [0, -0, -1, -1e-3, 0.25, 1, 3, 100, 1e6];
const WORDS = [0, 1, 2, 3, 4, 7, 13, 14, 0xffffffff, 1 << 20, 0x80000000];

test('property: an altered body section (checksum fixed) is refused with the world unchanged, or steps 60 times finite', () => {
  const { world: base } = bodyScene(World);
  const snap = base.save(), sec = section(snap);
  const target = bodyScene(World).world;
  steps(target, 7);
  const edit = fc.record({
    word: fc.integer({ min: sec.at / 4, max: snap.length / 4 - 1 }),
    value: fc.oneof(
      fc.record({ f: fc.constantFrom(...WILD), wild: fc.constant(true) }),
      fc.record({ f: fc.constantFrom(...TAME), wild: fc.constant(false) }),
      fc.record({ u: fc.constantFrom(...WORDS), wild: fc.constant(false) }),
      fc.record({ bit: fc.integer({ min: 0, max: 31 }), wild: fc.constant(true) }),
    ),
  });
  let accepted = 0, refused = 0;
  fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 2 }), (edits) => {
    const b = snap.slice(), dv = new DataView(b.buffer);
    let wild = false;
    for (const { word, value } of edits) {
      if (value.f !== undefined) dv.setFloat32(4 * word, value.f, true);
      else if (value.u !== undefined) dv.setUint32(4 * word, value.u, true);
      else dv.setUint32(4 * word, dv.getUint32(4 * word, true) ^ (1 << value.bit) >>> 0, true);
      wild ||= value.wild;
    }
    // a capacity edit stays small (2^20 slots are allowed, but 84 MB a case)
    if (dv.getUint32(sec.at + 4, true) > 4096) dv.setUint32(sec.at + 4, dv.getUint32(sec.at + 4, true) % 4096, true);
    fixChecksum(b);
    const before = target.save(), hash = target.stateHash();
    let refusal = null;
    try {
      target.restore(b);
    } catch (e) {
      refusal = e;
    }
    if (refusal) {
      assert.ok(refusal instanceof RangeError, String(refusal));
      assert.match(refusal.message, /world unchanged/);
      assert.deepEqual(target.save(), before);
      assert.equal(target.stateHash(), hash);
      refused++;
      return;
    }
    target.restore(before);
    accepted++;
    const w = World.fromSnapshot(b);
    try {
      for (let i = 0; i < 60; i++) {
        try {
          w.step();
        } catch (e) {
          assert.ok(wild && e instanceof RangeError, String(e));
          return;
        }
        const bodies = w.capsuleBodies;
        for (let s = 0; s < bodies.slotCount; s++) {
          if (!bodies.alive(s)) continue;
          for (const f of ['x', 'y', 'angle', 'vx', 'vy', 'angularVelocity']) {
            if (!Number.isFinite(bodies[f][s])) {
              if (wild) return;
              assert.fail(`step ${i}: capsuleBodies.${f}[${s}] = ${bodies[f][s]} (edits ${JSON.stringify(edits)})`);
            }
          }
        }
      }
    } finally {
      w.destroy();
    }
  }), { numRuns: 400, seed: 28 });
  assert.ok(accepted > 20 && refused > 100, `accepted ${accepted}, refused ${refused}`);
  base.destroy();
  target.destroy();
});
