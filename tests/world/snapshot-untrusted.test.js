// Snapshots from untrusted sources (issue 23, item 4): a snapshot altered
// with its checksum recomputed is either refused — a RangeError naming the
// value, the world and its views as they were — or accepted, and then steps
// 60 times with every ball value finite. (Native: tests/fuzz/fuzz_snapshot.c.)
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { init, World } from 'capsule2d';

await init();

const FLOAT_FIELDS = ['x', 'y', 'vx', 'vy', 'angle', 'angularVelocity', 'radius', 'invMass', 'invInertia', 'restitution',
  'friction', 'rollingResistance', 'gravityScale', 'linearDamping', 'angularDamping', 'sleepTime'];
const DEF_WORDS = 17, COUNT_WORDS = 8, HEADER = 32;

/** FNV-1a of bytes 32.. (the header's word 4). */
function fixChecksum(u8) {
  let h = 2166136261;
  for (let i = HEADER; i < u8.length; i++) h = Math.imul(h ^ u8[i], 16777619) >>> 0;
  new DataView(u8.buffer, u8.byteOffset).setUint32(16, h, true);
  return u8;
}

/** Every kind of thing a snapshot holds: lines, chains (open, loop, one-sided), capsules, a sensor, a kinematic and a pivoted capsule, bullets, removals. */
function busyWorld() {
  const w = new World({ ballCapacity: 8, staticCapacity: 4 });
  w.addLine(-10, 0, 10, 0);
  w.addChain([-9, 4, -6, 2.5, -3, 2, 0, 2.2], 0.05);
  w.addChain([3, 6, 6, 6, 6, 8, 3, 8], 0.05, { loop: true });
  w.addChain([-8, 9, -4, 8, 0, 8.5], 0, { oneSided: true });
  const gone = w.addCapsule(7, 1, 9, 1.5, 0.1);
  w.addCapsule(-2, 5, 1, 5.5, 0.02, { restitution: 0.5 });
  w.addCapsule(4, 2, 4, 2, 0.4, { sensor: true });
  const k = w.addKinematicCapsule(-5, 1, 0.2, 2, 0.15);
  w.setKinematicVelocity(k, 0.5, 0, 1);
  w.addPivotedCapsule(2, 3, 0, 3, 0.1, { lowerAngle: -0.3, upperAngle: 0.3, motorSpeed: 1, maxMotorTorque: 5 });
  const balls = [];
  for (let i = 0; i < 14; i++) {
    balls.push(w.addBall(-8 + 1.2 * i, 10 + (i % 3), 0.2 + 0.04 * (i % 4), {
      vx: (i % 5) - 2, restitution: 0.3, rollingResistance: 0.02, bullet: i % 6 === 0, angularDamping: 0.1,
    }));
  }
  for (let i = 0; i < 40; i++) w.step();
  w.removeBall(balls[3]);
  w.removeStatic(gone);
  return w;
}

/** The first live ball value (all 16 float fields, read from a save) that is not finite, or null. */
const finiteBalls = (w) => {
  const u8 = w.save(), dv = new DataView(u8.buffer);
  const slots = dv.getUint32(HEADER + 4 * DEF_WORDS, true), at = HEADER + 4 * (DEF_WORDS + COUNT_WORDS);
  const flags = (i) => dv.getUint32(at + 4 * (slots * 18 + i), true); // flags: field 18
  for (let i = 0; i < slots; i++) {
    if (!(flags(i) & 1)) continue;
    for (let f = 0; f < FLOAT_FIELDS.length; f++) {
      const v = dv.getFloat32(at + 4 * (slots * f + i), true);
      if (!Number.isFinite(v)) return `${FLOAT_FIELDS[f]}[${i}] = ${v}`;
    }
  }
  return null;
};

test('snapshots of a busy world are accepted at every step (every kind of static, removals, sensors)', () => {
  const w = busyWorld();
  for (let k = 0; k < 12; k++) {
    const snap = w.save();
    const f = World.fromSnapshot(snap);
    assert.deepEqual(f.save(), snap);
    f.destroy();
    for (let i = 0; i < 10; i++) w.step();
  }
  w.destroy();
});

test('refused values are named: field and slot', () => {
  const w = busyWorld();
  const snap = w.save();
  const dv = new DataView(snap.buffer);
  const slots = dv.getUint32(HEADER + 4 * DEF_WORDS, true);
  const ballWord = (field, slot) => HEADER + 4 * (DEF_WORDS + COUNT_WORDS) + 4 * (slots * FLOAT_FIELDS.indexOf(field) + slot);
  const cases = [
    [ballWord('gravityScale', 2), Number.NaN, /balls\.gravityScale\[2\]/],
    [ballWord('friction', 5), -4e36, /balls\.friction\[5\]/],
    [ballWord('radius', 0), 0, /balls\.radius\[0\]/],
    [ballWord('x', 4), Infinity, /balls\.x\[4\]/],
    [ballWord('sleepTime', 1), -1, /balls\.sleepTime\[1\]/],
    [HEADER + 8, -0.5, /settings\.dt/],
  ];
  const before = w.save(), hash = w.stateHash(), x = w.balls.x;
  for (const [at, value, message] of cases) {
    const b = snap.slice();
    new DataView(b.buffer).setFloat32(at, value, true);
    assert.throws(() => w.restore(fixChecksum(b)), (e) => e instanceof RangeError && message.test(e.message) && /world unchanged/.test(e.message), String(message));
  }
  assert.deepEqual(w.save(), before);
  assert.equal(w.stateHash(), hash);
  assert.equal(w.balls.x, x, 'views were not re-made');
  w.destroy();
});

const WILD = [Number.NaN, Infinity, -Infinity, 4e36, -4e36, 3.3e38, -3.3e38];
const TAME = [0, -0, -1, -1e-3, 0.25, 1, 3, 100, 1e6, -1e6];
const WORDS = [0, 1, 2, 3, 4, 5, 7, 8, 13, 16, 63, 0xffffffff, 0x7fffffff, 1 << 20, 0x80000000];

test('property: an altered snapshot (checksum fixed) is refused with the world unchanged, or steps 60 times finite', () => {
  const base = busyWorld();
  const snap = base.save();
  const words = snap.length / 4;
  // The world restored into: another state of the same scene.
  const target = busyWorld();
  for (let i = 0; i < 7; i++) target.step();
  const edit = fc.record({
    word: fc.integer({ min: HEADER / 4, max: words - 1 }),
    value: fc.oneof(
      fc.record({ f: fc.constantFrom(...WILD), wild: fc.constant(true) }),
      fc.record({ f: fc.constantFrom(...TAME), wild: fc.constant(false) }),
      fc.record({ u: fc.constantFrom(...WORDS), wild: fc.constant(false) }),
      fc.record({ bit: fc.integer({ min: 0, max: 31 }), wild: fc.constant(true) }),
    ),
  });
  let accepted = 0, refused = 0;
  fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
    const b = snap.slice(), dv = new DataView(b.buffer);
    let wild = false;
    for (const { word, value } of edits) {
      if (value.f !== undefined) dv.setFloat32(4 * word, value.f, true);
      else if (value.u !== undefined) dv.setUint32(4 * word, value.u, true);
      else dv.setUint32(4 * word, dv.getUint32(4 * word, true) ^ (1 << value.bit) >>> 0, true);
      wild ||= value.wild;
    }
    fixChecksum(b);
    const before = target.save(), hash = target.stateHash(), x = target.balls.x, xs = x.slice();
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
      // Not re-made by the refusal; restore may allocate room for the bytes,
      // and when that grows wasm memory every view is detached (length 0,
      // as CONVENTIONS says of a call that may allocate), never pointed elsewhere.
      assert.ok(target.balls.x === x || x.length === 0, 'views were not re-made');
      assert.deepEqual(target.balls.x, xs);
      assert.throws(() => World.fromSnapshot(b), RangeError);
      refused++;
      return;
    }
    target.restore(before); // back to the state the next case starts from
    const w = World.fromSnapshot(b);
    accepted++;
    try {
      for (let i = 0; i < 60; i++) {
        try {
          w.step();
        } catch (e) {
          // A value beyond +-1e6 was accepted (a range a world built by calls
          // takes too): the step may overflow and refuse, never trap.
          assert.ok(wild && e instanceof RangeError, String(e));
          return;
        }
        const bad = finiteBalls(w);
        if (wild && bad) return;
        assert.equal(bad, null, `step ${i}: ${bad} (edits ${JSON.stringify(edits)})`);
      }
    } finally {
      w.destroy();
    }
  }), { numRuns: 1500, seed: 23 });
  assert.ok(accepted > 50 && refused > 200, `accepted ${accepted}, refused ${refused}`);
  base.destroy();
  target.destroy();
});
