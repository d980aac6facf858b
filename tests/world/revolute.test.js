// Revolute (pin) joints through the JS API (world-joints.js; issue 28):
// a bridge of 20 capsules holds 10 balls; a pinned capsule swings with no
// energy gain; limits hold under load; a motor reaches its speed under its
// torque cap; a breakable pin breaks once at its threshold; snapshots of
// revolute joints between balls; the body joints golden hash in the SIMD and
// scalar builds; bad input throws naming the argument with nothing changed.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { init, World } from 'capsule2d';
import { BODY_JOINTS_WORLD_HASH } from './golden.js';

await init();

const sep = (st) => Math.hypot(st.bx - st.x, st.by - st.y);

test('a bridge of 20 capsules on revolute joints holds 10 balls: pins within 1% of a link, sag bounded, none falls through', () => {
  const w = new World({ subSteps: 8 });
  const N = 20, L = 0.5, R = 20, y0 = 4;
  const phi = 2 * Math.asin(L / (2 * R)), half = (N * phi) / 2;
  const px = [], py = [];
  for (let i = 0; i <= N; i++) { // an arc of 2% slack: a taut straight chain could only sag by stretching
    const t = -half + phi * i;
    px.push(R * Math.sin(t));
    py.push(y0 + R * Math.cos(half) - R * Math.cos(t));
  }
  const links = [];
  for (let i = 0; i < N; i++) {
    links.push(w.addCapsuleBody((px[i] + px[i + 1]) / 2, (py[i] + py[i + 1]) / 2, L / 2, 0.05,
      { angle: Math.atan2(py[i + 1] - py[i], px[i + 1] - px[i]) }));
  }
  const joints = [w.addRevoluteJoint(links[0], null, px[0], py[0])];
  for (let i = 1; i < N; i++) joints.push(w.addRevoluteJoint(links[i], links[i - 1], px[i], py[i]));
  joints.push(w.addRevoluteJoint(links[N - 1], null, px[N], py[N]));
  const balls = [];
  for (let i = 0; i < 10; i++) balls.push(w.addBall(px[0] + 1 + 0.85 * i, y0 + 1 + 0.3 * (i % 3), 0.1));
  let worst = 0, late = 0;
  for (let k = 0; k < 600; k++) {
    w.step();
    for (const j of joints) {
      const s = sep(w.jointState(j));
      worst = Math.max(worst, s);
      if (k >= 540) late = Math.max(late, s);
    }
  }
  const cb = w.capsuleBodies, slots = links.map((h) => w.capsuleBodySlotOf(h));
  const lowest = Math.min(...slots.map((s) => cb.y[s]));
  let clear = Infinity;
  for (const b of balls) {
    const s = w.slotOf(b), bx = w.balls.x[s];
    const under = slots.reduce((m, l) => (Math.abs(cb.x[l] - bx) < Math.abs(cb.x[m] - bx) ? l : m), slots[0]);
    clear = Math.min(clear, w.balls.y[s] - cb.y[under]);
  }
  console.log(`bridge: pins apart <= ${worst.toFixed(5)} (last second ${late.toFixed(5)}), sag ${(y0 - lowest).toFixed(4)}, least ball height over its link ${clear.toFixed(4)}`);
  assert.equal(w.joints().length, 21);
  assert.ok(late < 0.01 * L, `pins ${late} apart in the last second`);
  assert.ok(worst < 0.02 * L, `pins ${worst} apart at worst`);
  assert.ok(y0 - lowest < 1, `sag ${y0 - lowest}`);
  assert.ok(clear > 0.1, `a ball ${clear} over its link`);
});

test('a capsule pinned at one end swings with no energy gain; its pin holds within 1.5 mm', () => {
  const w = new World({ sleep: false });
  const c = w.addCapsuleBody(1, 5, 1, 0.1);
  const j = w.addRevoluteJoint(c, null, 0, 5);
  const cb = w.capsuleBodies, s = w.capsuleBodySlotOf(c);
  const st0 = w.jointState(j);
  assert.equal(st0.kind, 'revolute');
  assert.equal(st0.ball, c);
  assert.equal(st0.other, null);
  assert.deepEqual([st0.x, st0.y, st0.lowerAngle, st0.upperAngle, st0.angle], [0, 5, -Infinity, Infinity, 0]);
  // Energy per unit mass (the mass cancels): v^2 / 2 + w^2 I/m / 2 + g y.
  const hl = 1, r = 0.1, L2 = 2 * hl;
  const mbox = 2 * r * L2, mdisc = Math.PI * r * r, cc = (4 * r) / (3 * Math.PI);
  const IperM = (mbox * (L2 * L2 + 4 * r * r) / 12 + mdisc * (0.5 * r * r + hl * hl + 2 * hl * cc)) / (mbox + mdisc);
  const energy = () => 0.5 * (cb.vx[s] ** 2 + cb.vy[s] ** 2) + 0.5 * IperM * cb.angularVelocity[s] ** 2 + 10 * cb.y[s];
  const e0 = energy(), drop = 10;
  let emax = e0, first = -Infinity, last = -Infinity, worst = 0, lateTop = -Infinity;
  for (let k = 0; k < 600; k++) {
    w.step();
    const e = energy();
    emax = Math.max(emax, e);
    if (k < 120) first = Math.max(first, e);
    if (k >= 480) { last = Math.max(last, e); lateTop = Math.max(lateTop, cb.y[s]); }
    worst = Math.max(worst, sep(w.jointState(j)));
  }
  console.log(`pendulum: highest energy over the start ${((emax - e0) / drop).toFixed(5)} of the drop, last 2 s minus first 2 s ${((last - first) / drop).toFixed(5)}, pin <= ${worst.toFixed(5)}, late top ${lateTop.toFixed(4)}`);
  assert.ok(emax - e0 <= 5e-3 * drop);
  assert.ok(last <= first);
  assert.ok(worst < 1.5e-3);
  assert.ok(lateTop > 4.99 && lateTop <= 5);
});

test('limits hold the relative angle within [lower, upper] under load (and against a motor)', () => {
  for (const motor of [false, true]) {
    const w = new World();
    const c = w.addCapsuleBody(1, 5, 1, 0.1);
    const j = w.addRevoluteJoint(c, null, 0, 5, { lowerAngle: -0.5, upperAngle: 0.25, ...(motor ? { motorSpeed: 3, maxMotorTorque: 200 } : {}) });
    let lo = Infinity, hi = -Infinity, a = 0;
    for (let k = 0; k < 240; k++) {
      w.step();
      a = w.jointState(j).angle;
      lo = Math.min(lo, a);
      hi = Math.max(hi, a);
    }
    console.log(`limits [-0.5, 0.25]${motor ? ' (motor up)' : ''}: angle in [${lo.toFixed(4)}, ${hi.toFixed(4)}], ends ${a.toFixed(4)}`);
    assert.ok(lo >= -0.52 && hi <= 0.27);
    assert.ok(Math.abs(a - (motor ? 0.25 : -0.5)) < 0.02);
    const st = w.jointState(j);
    assert.deepEqual([st.lowerAngle, st.upperAngle], [-0.5, 0.25]);
  }
});

test('a motor reaches its speed under its torque cap', () => {
  const w = new World();
  const c = w.addCapsuleBody(0, 5, 1, 0.1);
  // I of the capsule (density 1): as capsule_mass in bodies.c.
  const hl = 1, r = 0.1, L2 = 2, mbox = 2 * r * L2, mdisc = Math.PI * r * r, cc = (4 * r) / (3 * Math.PI);
  const I = mbox * (L2 * L2 + 4 * r * r) / 12 + mdisc * (0.5 * r * r + hl * hl + 2 * hl * cc);
  const j = w.addRevoluteJoint(c, null, 0, 5, { motorSpeed: 4, maxMotorTorque: 2 * I });
  const spins = [];
  for (let k = 1; k <= 240; k++) { w.step(); spins.push(w.jointState(j).angularSpeed); }
  console.log(`motor: spin ${spins[0].toFixed(5)} after 1 step, ${spins[59].toFixed(5)} after 1 s, ${spins[239].toFixed(5)} after 4 s`);
  assert.ok(spins[0] > 0 && spins[0] <= (2 / 60) * 1.001);
  assert.ok(spins[59] > 1.9 && spins[59] <= 2 * 1.001);
  assert.ok(Math.abs(spins[239] - 4) < 0.04);
  assert.equal(w.jointState(j).motorSpeed, 4);
});

test('a breakable revolute joint breaks at its threshold and reports once', () => {
  for (const weak of [true, false]) {
    const w = new World();
    const c = w.addCapsuleBody(0, 4, 1, 0.1, { angle: -Math.PI / 2 });
    const mg = 10 * (0.4 + Math.PI * 0.01); // density 1: area 2 r L + pi r^2
    const j = w.addRevoluteJoint(c, null, 0, 5, { breakForce: weak ? 0.5 * mg : 2 * mg });
    const events = [];
    for (let k = 0; k < 120; k++) {
      w.step();
      events.push(...w.events.jointBreak.toArray());
    }
    console.log(`break (${weak ? '0.5' : '2'} m g): ${events.length} event(s)${events.length ? `, force ${events[0].force.toFixed(3)} (m g ${mg.toFixed(3)})` : ''}`);
    if (weak) {
      assert.equal(events.length, 1);
      assert.deepEqual([events[0].joint, events[0].ball, events[0].other, events[0].kind], [j, c, null, 'revolute']);
      assert.ok(events[0].force > 0.5 * mg);
      assert.equal(w.hasJoint(j), false);
      assert.ok(w.capsuleBodies.y[w.capsuleBodySlotOf(c)] < 0);
    } else {
      assert.equal(events.length, 0);
      assert.equal(w.hasJoint(j), true);
    }
  }
});

test('two balls pinned together turn as one; snapshots keep revolute joints, between balls and between capsule bodies', () => {
  const w = new World({ sleep: false });
  const a = w.addBall(0, 5, 0.2), b = w.addBall(0.4, 5, 0.2);
  w.addRevoluteJoint(a, null, 0, 5);
  const j = w.addRevoluteJoint(b, a, 0.2, 5, { lowerAngle: -1, upperAngle: 1, motorSpeed: 1, maxMotorTorque: 0.01, breakForce: 1000 });
  for (let k = 0; k < 30; k++) w.step();
  const snap = w.save();
  const hashes = [];
  for (let k = 0; k < 60; k++) { w.step(); hashes.push(w.stateHash()); }
  const st = w.jointState(j);
  assert.ok(sep(st) < 3e-3, `pin ${sep(st)}`);
  w.restore(snap); // rolled back in place: the handles stay
  const again = [];
  for (let k = 0; k < 60; k++) { w.step(); again.push(w.stateHash()); }
  assert.deepEqual(again, hashes);
  assert.deepEqual(w.jointState(j), st);
  assert.equal(st.kind, 'revolute');
  assert.deepEqual([st.lowerAngle, st.upperAngle, st.motorSpeed, st.breakForce], [-1, 1, 1, 1000]);
  // restored in a fresh world: the same steps
  const r = new World({ sleep: false });
  r.restore(snap);
  const fresh = [];
  for (let k = 0; k < 60; k++) { r.step(); fresh.push(r.stateHash()); }
  assert.deepEqual(fresh, hashes);
  // capsule bodies on revolute joints: saved and restored, the same steps
  const bw = new World({ sleep: false });
  bw.addLine(-10, 0, 10, 0);
  const links = [];
  for (let i = 0; i < 4; i++) links.push(bw.addCapsuleBody(-1.5 + i, 5, 0.5, 0.1));
  bw.addRevoluteJoint(links[0], null, -2, 5);
  for (let i = 1; i < 4; i++) bw.addRevoluteJoint(links[i], links[i - 1], -2 + i, 5, { lowerAngle: -1, upperAngle: 1 });
  for (let k = 0; k < 20; k++) bw.step();
  const bsnap = bw.save();
  const bh = [];
  for (let k = 0; k < 60; k++) { bw.step(); bh.push(bw.stateHash()); }
  const br = new World({ sleep: false });
  br.restore(bsnap);
  assert.equal(br.joints().length, 4);
  const bagain = [];
  for (let k = 0; k < 60; k++) { br.step(); bagain.push(br.stateHash()); }
  assert.deepEqual(bagain, bh);
  assert.ok(bh[59] !== bh[0], 'the chain swings');
});

test('addRevoluteJoint: bad input throws naming the argument, before anything changes', () => {
  const w = new World();
  const ball = w.addBall(0, 5, 0.2), body = w.addCapsuleBody(2, 5, 0.5, 0.1), body2 = w.addCapsuleBody(3, 5, 0.5, 0.1);
  const before = w.stateHash();
  const cases = [
    [() => w.addRevoluteJoint('x', null, 0, 0), TypeError, /^a must be/],
    [() => w.addRevoluteJoint(ball, 'y', 0, 0), TypeError, /^b must be/],
    [() => w.addRevoluteJoint(ball, null, '0', 0), TypeError, /^x must be/],
    [() => w.addRevoluteJoint(ball, null, 0, NaN), RangeError, /^y /],
    [() => w.addRevoluteJoint(ball, null, 0, 0, { lowerAngle: -4 }), RangeError, /options\.lowerAngle/],
    [() => w.addRevoluteJoint(ball, null, 0, 0, { upperAngle: 4 }), RangeError, /options\.upperAngle/],
    [() => w.addRevoluteJoint(ball, null, 0, 0, { lowerAngle: 0.5, upperAngle: 0.25 }), RangeError, /options\.lowerAngle 0\.5 must be <= options\.upperAngle/],
    [() => w.addRevoluteJoint(ball, null, 0, 0, { maxMotorTorque: -1 }), RangeError, /options\.maxMotorTorque/],
    [() => w.addRevoluteJoint(ball, null, 0, 0, { motorSpeed: Infinity }), RangeError, /options\.motorSpeed/],
    [() => w.addRevoluteJoint(ball, null, 0, 0, { breakForce: 0 }), RangeError, /options\.breakForce/],
    [() => w.addRevoluteJoint(ball, null, 0, 0, { hertz: 1 }), TypeError, /unknown option "hertz"/],
    [() => w.addRevoluteJoint(ball, ball, 0, 0), RangeError, /another end/],
    [() => w.addRevoluteJoint(body, ball, 2, 5, { lowerAngle: 1, upperAngle: 0 }), RangeError, /options\.lowerAngle 1 must be <= options\.upperAngle/],
    [() => w.addRevoluteJoint(body, body, 2, 5), RangeError, /another end/],
    [() => w.addRevoluteJoint(2 ** 40, null, 0, 0), RangeError, /^a /],
  ];
  for (const [f, type, re] of cases) assert.throws(f, (e) => e instanceof type && re.test(e.message), String(f));
  assert.equal(w.joints().length, 0);
  assert.equal(w.stateHash(), before);
  // a removed body: its joints go with it (no event)
  const j = w.addRevoluteJoint(body2, body, 2.5, 5);
  assert.equal(w.jointState(j).other, body);
  w.removeCapsuleBody(body);
  assert.equal(w.hasJoint(j), false);
  assert.throws(() => w.addRevoluteJoint(body, null, 0, 0), RangeError, /removed capsule body/);
  w.step();
  assert.equal(w.events.jointBreak.count, 0);
});

test('body joints golden hash: SIMD and scalar builds, every 50 steps equal, the native constant at the end', async () => {
  const runIn = (simd) => new Promise((resolve, reject) => {
    const w = new Worker(new URL('./revolute-worker.js', import.meta.url), { workerData: { simd } });
    w.once('message', resolve);
    w.once('error', reject);
  });
  const [simd, scalar] = await Promise.all([runIn(true), runIn(false)]);
  assert.deepEqual([simd.simd, scalar.simd], [true, false]);
  assert.deepEqual(simd.hashes, scalar.hashes);
  assert.deepEqual([simd.breaks, simd.joints], [1, 16]);
  const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');
  assert.equal(hex(simd.hash), hex(BODY_JOINTS_WORLD_HASH));
  assert.equal(hex(scalar.hash), hex(BODY_JOINTS_WORLD_HASH));
});
