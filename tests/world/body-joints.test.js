// Distance and drag joints on capsule bodies through the JS API (issue 28;
// C: src/world/bodies_joints.c, native tests/native/test_joints_body.c): a
// capsule hung by two distance joints from one world point swings with the
// compound pendulum's small-angle period within 1% and never gains energy;
// a rope of capsules holds; a drag joint lifts a capsule to the target and
// never pulls it across a static; bad input on every new argument form
// throws naming the argument with nothing changed; snapshots round-trip bit
// for bit; handle errors name the handle's real kind; drawWorld's joint
// lines end at the bodies' anchors.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { init, World } from 'capsule2d';
import { BALL_BODY_WORLD_HASH } from './golden.js';

await init();

/** A capsule's inertia about its centre (length 2hl, radius r, density 1): rectangle plus two half discs. */
function capsuleInertia(hl, r) {
  const L = 2 * hl, mr = L * 2 * r, md = Math.PI * r * r;
  return { m: mr + md, I: mr * (L * L + 4 * r * r) / 12 + md * (0.5 * r * r) + md * hl * hl + md * 2 * hl * (4 * r / (3 * Math.PI)) };
}

test('a capsule hung by two distance joints from one point: compound-pendulum period within 1%, no energy gain', () => {
  const run = (th, steps) => {
    const w = new World({ sleep: false });
    const d = 1, hl = 0.5, r = 0.05;
    const c = w.addCapsuleBody(d * Math.sin(th), 5 - d * Math.cos(th), hl, r, { angle: th });
    const j0 = w.addDistanceJoint(c, { x: 0, y: 5 }, { localAnchorA: { x: -hl, y: 0 } });
    w.addDistanceJoint(c, { x: 0, y: 5 }, { localAnchorA: { x: hl, y: 0 } });
    const st = w.jointState(j0);
    assert.equal(st.ball, c);
    assert.equal(st.other, null);
    assert.ok(Math.abs(st.length - Math.hypot(d, hl)) < 1e-5, `length ${st.length}`);
    assert.ok(Math.abs(st.anchorX - (d * Math.sin(th) - hl * Math.cos(th))) < 1e-5, 'anchor on the body');
    const { m, I } = capsuleInertia(hl, r);
    const B = w.capsuleBodies;
    const energy = () => 0.5 * m * (B.vx[0] ** 2 + B.vy[0] ** 2) + 0.5 * I * B.angularVelocity[0] ** 2 + m * 10 * B.y[0];
    const e0 = energy(), crossings = [];
    let emax = -Infinity, px = B.x[0], t = 0;
    for (let k = 0; k < steps; k++) {
      w.step();
      t += 1 / 60;
      emax = Math.max(emax, energy());
      if (px < 0 && B.x[0] >= 0) crossings.push(t - (B.x[0] / (B.x[0] - px)) / 60);
      px = B.x[0];
    }
    w.destroy();
    const want = 2 * Math.PI * Math.sqrt((I + m * d * d) / (m * 10 * d)); // I about the pivot: I_cm + m d^2
    const period = crossings.length >= 6 ? (crossings[5] - crossings[0]) / 5 : NaN;
    return { off: period / want - 1, gain: (emax - e0) / (m * 10 * d * (1 - Math.cos(th))) };
  };
  const small = run(0.05, 720);
  assert.ok(Math.abs(small.off) <= 0.01, `period off by ${(100 * small.off).toFixed(3)}%`); // measured 0.02%
  const big = run(0.5, 2000);
  assert.ok(big.gain <= 0.005, `energy gain ${big.gain} of the drop over 2,000 steps`); // measured 0.0045
});

test('a rope of 10 capsule bodies (rope joints end to end, the last 10x dense) holds within 1%', () => {
  const w = new World({ subSteps: 8 });
  const hl = 0.2, r = 0.05, gap = 0.05, pitch = 2 * hl + gap;
  const links = [];
  for (let i = 0; i < 10; i++) {
    const c = w.addCapsuleBody(0, 5 - (i * pitch + hl + gap), hl, r, { angle: -Math.PI / 2, density: i === 9 ? 10 : 1 });
    const opts = { maxLength: gap, localAnchorA: { x: -hl, y: 0 } };
    if (i === 0) w.addDistanceJoint(c, { x: 0, y: 5 }, opts);
    else w.addDistanceJoint(c, links[i - 1], { ...opts, localAnchorB: { x: hl, y: 0 } });
    links.push(c);
  }
  let worst = 0, total = 0;
  for (let k = 0; k < 240; k++) {
    w.step();
    let sum = 0;
    for (const j of w.joints()) {
      const s = w.jointState(j);
      const over = Math.hypot(s.anchorX - s.x, s.anchorY - s.y) - gap;
      worst = Math.max(worst, over);
      sum += Math.max(over, 0);
    }
    total = Math.max(total, sum);
  }
  assert.ok(worst <= 0.01 * pitch, `a rope joint over its length by ${worst}`); // measured 0.0006
  assert.ok(total <= 0.01 * 10 * pitch, `the rope stretched ${total}`);
  const last = w.jointState(w.joints()[9]);
  assert.ok(last.anchorY < 5 - 9 * pitch, 'hangs down');
  w.destroy();
});

test('a drag joint lifts a capsule body to the target within a few steps, follows it, and lets go', () => {
  const w = new World();
  w.addCapsule(-5, 0, 5, 0, 0.05);
  const c = w.addCapsuleBody(0, 0.1, 0.5, 0.05);
  for (let k = 0; k < 30; k++) w.step();
  const B = w.capsuleBodies;
  const j = w.addDragJoint(c, 0, B.y[0]); // grabbed at its centre
  const st = w.jointState(j);
  assert.ok(st.kind === 'drag' && st.ball === c && st.other === null && st.hertz === 5);
  const m = capsuleInertia(0.5, 0.05).m;
  assert.ok(Math.abs(st.maxForce / (1000 * m) - 1) < 1e-4, `default maxForce ${st.maxForce}`);
  w.setDragTarget(j, 0.5, 1.5);
  let steps = -1;
  for (let k = 1; k <= 60; k++) {
    w.step();
    if (steps < 0 && Math.hypot(B.x[0] - 0.5, B.y[0] - 1.5) < 0.05) steps = k;
  }
  assert.ok(steps > 0 && steps <= 10, `within 5 cm after ${steps} steps`); // measured 7
  assert.ok(Math.hypot(B.x[0] - 0.5, B.y[0] - 1.5) < 0.02, 'held at the target');
  const s2 = w.jointState(j);
  assert.ok(Math.hypot(s2.anchorX - 0.5, s2.anchorY - 1.5) < 0.02 && s2.x === 0.5 && s2.y === 1.5);
  w.removeJoint(j);
  for (let k = 0; k < 30; k++) w.step();
  assert.ok(B.y[0] < 1, 'released, it falls');
  w.destroy();
});

test('a drag toward a point behind a static never gets a capsule body across it (0 crossings in 24 trials)', () => {
  let crossings = 0, closest = Infinity;
  for (let t = 0; t < 24; t++) {
    const w = new World({ gravityY: 0, sleep: false });
    w.addSegment(1, -50, 1, 50); // a wall of radius 0 at x = 1
    const c = w.addCapsuleBody(-0.8, 0, 0.3, 0.05, { angle: t * 0.7, angularVelocity: (t % 5) * 10 - 20 });
    const B = w.capsuleBodies;
    const grab = (t % 3) * 0.15, ca = Math.cos(t * 0.7), sa = Math.sin(t * 0.7);
    const j = w.addDragJoint(c, -0.8 + grab * ca, grab * sa, {
      maxForce: [10, 1e3, 1e5, 1e7][t % 4] * capsuleInertia(0.3, 0.05).m,
      hertz: t % 2 ? 30 : 5,
    });
    for (let k = 0; k < 240; k++) {
      if (k % 20 === 0) w.setDragTarget(j, 6 + (k % 60), ((k * 7919 + t * 104729) % 600) / 100 - 3);
      w.step();
      const e = 0.3 * Math.abs(Math.cos(B.angle[0]));
      const right = B.x[0] + e;
      if (right > 1) crossings++;
      closest = Math.min(closest, 1 - right);
    }
    w.destroy();
  }
  assert.equal(crossings, 0, `core past the wall in ${crossings} steps`);
  assert.ok(closest > 0.05 - 0.0151, `the core came within ${closest} of the wall (radius 0.05)`);
});

test('bad input on every new argument form: TypeError / RangeError naming the argument, nothing changed', () => {
  const w = new World();
  const a = w.addBall(5, 0, 0.1), c = w.addCapsuleBody(0, 2, 0.5, 0.1), c2 = w.addCapsuleBody(2, 2, 0.5, 0.1);
  const gone = w.addCapsuleBody(4, 2, 0.5, 0.1);
  w.removeCapsuleBody(gone);
  const s = w.addSegment(-5, 0, 5, 0);
  const j = w.addDistanceJoint(c, c2);
  const hash = w.stateHash(), count = w.joints().length;
  const cases = [
    // a ball and a body join (the ball-body tests below), but a ball's anchor stays its centre
    [() => w.addDistanceJoint(a, c, { localAnchorA: { x: 0.1, y: 0 } }), RangeError, /^options\.localAnchorA is for a capsule body/],
    [() => w.addDistanceJoint(c, a, { localAnchorB: { x: 0.1, y: 0 } }), RangeError, /^options\.localAnchorB is for a capsule body/],
    [() => w.addDistanceJoint(c, c), RangeError, /^b must be another capsule body than a/],
    [() => w.addDistanceJoint(gone, c2), RangeError, /^a .* refers to a removed capsule body/],
    [() => w.addDistanceJoint(c, gone), RangeError, /^b .* refers to a removed capsule body/],
    [() => w.addDistanceJoint(s, c), RangeError, /^a .* is a static handle, not a ball or capsule body handle/],
    [() => w.addDistanceJoint(c, j), RangeError, /^b .* is a joint handle, not a ball or capsule body handle/],
    [() => w.addDistanceJoint(c, c2, { localAnchorA: 1 }), TypeError, /^options\.localAnchorA must be a point/],
    [() => w.addDistanceJoint(c, c2, { localAnchorA: null }), TypeError, /^options\.localAnchorA must be a point/],
    [() => w.addDistanceJoint(c, c2, { localAnchorA: { x: NaN, y: 0 } }), RangeError, /^options\.localAnchorA\.x must be finite/],
    [() => w.addDistanceJoint(c, c2, { localAnchorB: { x: 0, y: '1' } }), TypeError, /^options\.localAnchorB\.y must be a number/],
    [() => w.addDistanceJoint(c, c2, { localAnchorB: { x: 2e38, y: 0 } }), RangeError, /^options\.localAnchorB\.x must be within/],
    [() => w.addDistanceJoint(a, { x: 0, y: 0 }, { localAnchorA: { x: 0.1, y: 0 } }), RangeError, /^options\.localAnchorA is for a capsule body/],
    [() => w.addDistanceJoint(c, { x: 0, y: 0 }, { localAnchorB: { x: 0.1, y: 0 } }), RangeError, /^options\.localAnchorB is for a capsule body/],
    [() => w.addDistanceJoint(c, c2, { localAnchorA: { x: 0, y: 0 }, maxLength: -1 }), RangeError, /^options\.maxLength/],
    [() => w.addDistanceJoint(c, c2, { length: 5, maxLength: 1 }), RangeError, /^options\.length 5 must be within/],
    [() => w.addDragJoint(gone, 0, 0), RangeError, /^ball .* refers to a removed capsule body/],
    [() => w.addDragJoint(s, 0, 0), RangeError, /^ball .* is a static handle/],
    [() => w.addDragJoint(j, 0, 0), RangeError, /^ball .* is a joint handle, not a ball or capsule body handle/],
    [() => w.addDragJoint(c, NaN, 0), RangeError, /^x must be finite/],
    [() => w.addDragJoint(c, 0, 0, { maxForce: -1 }), RangeError, /^options\.maxForce must be > 0/],
    [() => w.addDragJoint(c, 0, 0, { localAnchorA: { x: 0, y: 0 } }), TypeError, /unknown option "localAnchorA"/],
    [() => w.setDragTarget(j, 0, 0), RangeError, /^joint .* joins two balls or bodies/],
  ];
  for (const [call, Err, re] of cases) {
    assert.throws(call, (e) => e instanceof Err && re.test(e.message), String(call));
    assert.equal(w.stateHash(), hash, `changed by ${call}`);
    assert.equal(w.joints().length, count);
  }
  w.destroy();
});

test('handle errors name the handle\'s kind: a capsule body or joint handle where a ball or static is expected', () => {
  const w = new World();
  const b = w.addBall(0, 0, 0.1), s = w.addSegment(-5, -1, 5, -1), c = w.addCapsuleBody(0, 2, 0.5, 0.1);
  const j = w.addDistanceJoint(c, { x: 0, y: 4 });
  assert.throws(() => w.removeBall(c), { name: 'RangeError', message: /^handle .* is a capsule body handle, not a ball handle$/ });
  assert.throws(() => w.removeBall(j), { name: 'RangeError', message: /^handle .* is a joint handle, not a ball handle$/ });
  assert.throws(() => w.removeBall(s), { name: 'RangeError', message: /^handle .* is a static handle, not a ball handle$/ });
  assert.throws(() => w.removeStatic(c), { name: 'RangeError', message: /is a capsule body handle, not a static handle/ });
  assert.throws(() => w.removeStatic(j), { name: 'RangeError', message: /is a joint handle, not a static handle/ });
  assert.throws(() => w.removeCapsuleBody(j), { name: 'RangeError', message: /is a joint handle, not a capsule body handle/ });
  assert.throws(() => w.removeCapsuleBody(b), { name: 'RangeError', message: /is a ball handle, not a capsule body handle/ });
  assert.throws(() => w.removeJoint(c), { name: 'RangeError', message: /is a capsule body handle, not a joint handle/ });
  assert.throws(() => w.removeJoint(s), { name: 'RangeError', message: /is a static handle, not a joint handle/ });
  const other = new World(), oc = other.addCapsuleBody(0, 0, 0.5, 0.1);
  assert.throws(() => w.removeBall(oc), { name: 'RangeError', message: /is not a ball handle/ });
  other.destroy();
  w.destroy();
});

test('snapshots: capsule body distance and drag joints round-trip bit for bit; break events name the body', () => {
  const make = () => {
    const w = new World();
    w.addSegment(-10, 0, 10, 0);
    const c0 = w.addCapsuleBody(0, 4, 0.4, 0.05, { angle: 0.3 }), c1 = w.addCapsuleBody(1, 4, 0.4, 0.05);
    const c2 = w.addCapsuleBody(3, 4, 0.3, 0.05, { angle: 1 }), c3 = w.addCapsuleBody(5, 3, 0.3, 0.05);
    w.addDistanceJoint(c0, { x: -0.5, y: 5 }, { localAnchorA: { x: -0.4, y: 0 } });
    w.addDistanceJoint(c1, c0, { maxLength: 0.3, localAnchorA: { x: -0.4, y: 0 }, localAnchorB: { x: 0.4, y: 0 } });
    w.addDistanceJoint(c2, { x: 3, y: 5 }, { hertz: 2, dampingRatio: 0.1, length: 1, localAnchorA: { x: 0.3, y: 0 } });
    const d = w.addDragJoint(c3, 5.2, 3, { maxForce: 100 });
    w.setDragTarget(d, 6, 4);
    return w;
  };
  const w = make();
  for (let k = 0; k < 40; k++) w.step();
  const snap = w.save();
  const r = World.fromSnapshot(snap);
  assert.equal(r.stateHash(), w.stateHash());
  assert.deepEqual(r.joints().map((j) => r.jointState(j).kind), ['distance', 'distance', 'distance', 'drag']);
  for (let k = 0; k < 60; k++) {
    w.step();
    r.step();
    assert.equal(r.stateHash(), w.stateHash(), `step ${k}`);
  }
  assert.deepEqual(Buffer.from(r.save()), Buffer.from(w.save()));
  // in place: restore the bytes, step 60 again: the same hash
  const h100 = w.stateHash();
  w.restore(snap);
  for (let k = 0; k < 60; k++) w.step();
  assert.equal(w.stateHash(), h100);
  // a break names the body
  const body = r.jointState(r.joints()[3]).ball;
  r.removeJoint(r.joints()[3]);
  const m = 0.3 * 2 * 0.05 * 2 + Math.PI * 0.05 * 0.05;
  const jb = r.addDistanceJoint(body, { x: r.capsuleBodies.x[3], y: r.capsuleBodies.y[3] + 1 }, { maxLength: 1, breakForce: 0.5 * m * 10 });
  const breaks = [];
  for (let k = 0; k < 120; k++) {
    r.step();
    breaks.push(...r.events.jointBreak.toArray());
  }
  assert.equal(breaks.length, 1);
  assert.deepEqual([breaks[0].joint, breaks[0].ball, breaks[0].other, breaks[0].kind], [jb, body, null, 'distance']);
  w.destroy();
  r.destroy();
});

test('drawWorld\'s joint lines end at the capsule bodies\' anchors (turned with them)', () => {
  const w = new World();
  const c = w.addCapsuleBody(0, 2, 0.5, 0.1, { angle: Math.PI / 2 });
  w.addDistanceJoint(c, { x: 1, y: 5 }, { localAnchorA: { x: 0.5, y: 0 } });
  w.addDragJoint(c, 0.05, 1.6);
  const lines = [];
  w._jointLines((x0, y0, x1, y1, kind) => lines.push([x0, y0, x1, y1, kind]));
  assert.equal(lines.length, 2);
  const [d, g] = lines;
  assert.equal(d[4], 'distance');
  assert.ok(Math.abs(d[0] - 0) < 1e-6 && Math.abs(d[1] - 2.5) < 1e-6 && d[2] === 1 && d[3] === 5, `distance line ${d}`);
  assert.equal(g[4], 'drag');
  assert.ok(Math.abs(g[0] - 0.05) < 1e-6 && Math.abs(g[1] - 1.6) < 1e-6 && Math.abs(g[2] - 0.05) < 1e-6 && Math.abs(g[3] - 1.6) < 1e-6, `drag line ${g}`);
  w.destroy();
});

test('README: the capsule bodies\' joints example runs and prints what it says', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const section = readFileSync(`${root}README.md`, 'utf8').split(/^### Joints\s*$/m)[1].split(/^##+ /m)[0];
  const code = [...section.matchAll(/^```js\n([\s\S]*?)^```/gm)][1][1];
  assert.match(code, /addDragJoint\(stick/);
  mkdirSync(`${root}build`, { recursive: true });
  writeFileSync(`${root}build/readme-body-joints.mjs`, code);
  const out = execFileSync(process.execPath, [`${root}build/readme-body-joints.mjs`], { encoding: 'utf8' }).trimEnd().split('\n');
  const wants = [...code.matchAll(/console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map((m) => m[1].trim());
  assert.deepEqual(out, wants);
});

// ---- joints between a ball and a capsule body (C: bodies_joints.c; native:
// tests/native/test_joints_ball_body.c). Each of these failed before: such a
// joint was refused (RangeError "a ball and a capsule body cannot be joined").

/** The lamp: a capsule pinned to the world at both ends, a ball (radius 0.05) hung from its right tip (0.5, 5) by `how`. */
function lamp(th, how) {
  const w = new World({ sleep: false });
  const c = w.addCapsuleBody(0, 5, 0.5, 0.05);
  w.addRevoluteJoint(c, null, -0.5, 5);
  w.addRevoluteJoint(c, null, 0.5, 5);
  const b = w.addBall(0.5 + Math.sin(th), 5 - Math.cos(th), 0.05);
  const j = how === 'revolute' ? w.addRevoluteJoint(b, c, 0.5, 5)
    : w.addDistanceJoint(b, c, { localAnchorB: { x: 0.5, y: 0 }, ...(how === 'rope' ? { maxLength: 1 } : {}) });
  return { w, b, c, j };
}

test('a ball hung from a pinned capsule (rigid, rope, revolute): the pendulum\'s period within 1%, never gains energy', () => {
  for (const how of ['distance', 'rope', 'revolute']) {
    const { w, j } = lamp(0.05, how);
    const st = w.jointState(j);
    assert.equal(st.kind, how === 'revolute' ? 'revolute' : 'distance');
    if (how !== 'revolute') assert.ok(Math.abs(st.length - 1) < 1e-6, `length ${st.length}`);
    const B = w.balls, m = Math.PI * 0.05 * 0.05, I = 0.5 * m * 0.05 * 0.05;
    const cross = [];
    let xv = B.x[0] - 0.5;
    for (let k = 0; k < 720; k++) {
      w.step();
      const x = B.x[0] - 0.5;
      if (xv < 0 && x >= 0) cross.push((k + 1 - x / (x - xv)) / 60);
      xv = x;
    }
    const period = (cross[5] - cross[0]) / 5;
    const want = how === 'revolute' ? 2 * Math.PI * Math.sqrt((I + m) / (m * 10)) : 2 * Math.PI * Math.sqrt(1 / 10);
    assert.ok(Math.abs(period / want - 1) < 0.01, `${how}: period ${period}, want ${want}`);
    w.destroy();
    // from 0.5 rad over 2,000 steps: the energy never above the start's
    const s = lamp(0.5, how), m2 = Math.PI * 0.05 * 0.05;
    const energy = () => 0.5 * m2 * (s.w.balls.vx[0] ** 2 + s.w.balls.vy[0] ** 2) + 0.5 * I * s.w.balls.angularVelocity[0] ** 2 + m2 * 10 * s.w.balls.y[0];
    const e0 = energy(), drop = m2 * 10 * (1 - Math.cos(0.5));
    let emax = e0, late = -Infinity, early = -Infinity;
    for (let k = 0; k < 2000; k++) {
      s.w.step();
      const e = energy();
      emax = Math.max(emax, e);
      if (k < 200) early = Math.max(early, e);
      if (k >= 1800) late = Math.max(late, e);
    }
    assert.ok((emax - e0) / drop <= 5e-3, `${how}: energy rose ${(emax - e0) / drop} of the drop`);
    assert.ok(late <= early && (early - late) / drop < 0.05, `${how}: late ${late} early ${early} (lost ${(early - late) / drop} of the drop)`);
    s.w.destroy();
  }
});

test('a ball on a rigid joint to a falling, tumbling capsule keeps the length within 1% through the landing', () => {
  const w = new World();
  w.addSegment(-20, 0, 20, 0);
  const c = w.addCapsuleBody(0, 4, 0.4, 0.08, { angularVelocity: 3 });
  const b = w.addBall(1.2, 4, 0.1, { vy: 4 });
  w.addDistanceJoint(c, b, { localAnchorA: { x: 0.4, y: 0 } }); // the body as a, the ball as b
  const C = w.capsuleBodies, B = w.balls;
  let worst = 0, lowest = Infinity;
  for (let k = 0; k < 300; k++) {
    w.step();
    const tx = C.x[0] + 0.4 * Math.cos(C.angle[0]), ty = C.y[0] + 0.4 * Math.sin(C.angle[0]);
    worst = Math.max(worst, Math.abs(Math.hypot(B.x[0] - tx, B.y[0] - ty) - 0.8));
    lowest = Math.min(lowest, C.y[0]);
  }
  assert.ok(lowest < 0.5, `it fell (lowest ${lowest})`);
  assert.ok(worst <= 0.008, `length off by ${worst}`);
  w.destroy();
});

test('a breakable ball-body joint breaks at its threshold, once, the event naming the ball and the body', () => {
  const weight = Math.PI * 0.1 * 0.1 * 10;
  for (const [factor, want] of [[1.2, 0], [0.8, 1]]) {
    const w = new World({ sleep: false });
    const c = w.addCapsuleBody(0, 5, 0.5, 0.05);
    w.addRevoluteJoint(c, null, -0.5, 5);
    w.addRevoluteJoint(c, null, 0.5, 5);
    const b = w.addBall(0.5, 4, 0.1);
    const j = w.addDistanceJoint(c, b, { maxLength: 1, localAnchorA: { x: 0.5, y: 0 }, breakForce: factor * weight });
    const breaks = [];
    for (let k = 0; k < 120; k++) {
      w.step();
      breaks.push(...w.events.jointBreak.toArray());
    }
    assert.equal(breaks.length, want, `break force ${factor} x the weight`);
    if (want) {
      assert.deepEqual([breaks[0].joint, breaks[0].ball, breaks[0].other, breaks[0].kind], [j, c, b, 'distance']); // ball: addDistanceJoint's a
      assert.ok(breaks[0].force > factor * weight);
      assert.equal(w.hasJoint(j), false);
      assert.ok(w.balls.y[0] < -5, 'the ball fell free');
    } else {
      assert.ok(Math.abs(w.jointState(j).force - weight) < 0.02 * weight, `force ${w.jointState(j).force}, weight ${weight}`);
    }
    w.destroy();
  }
});

test('snapshots: ball-body joints (every kind, the ball at either end) round-trip bit for bit; drawWorld\'s lines', () => {
  const w = new World();
  const c0 = w.addCapsuleBody(0, 5, 0.5, 0.05), c1 = w.addCapsuleBody(3, 5, 0.4, 0.08, { angle: 0.3 });
  const b0 = w.addBall(0.5, 4, 0.1), b1 = w.addBall(-0.5, 3.5, 0.1), b2 = w.addBall(2, 4, 0.15), b3 = w.addBall(3.5, 5.5, 0.1);
  w.addRevoluteJoint(c0, null, 0, 5);
  w.addDistanceJoint(c0, b0, { localAnchorA: { x: 0.5, y: 0 } });
  w.addDistanceJoint(b1, c0, { maxLength: 1.6, localAnchorB: { x: -0.5, y: 0 } });
  w.addDistanceJoint(c1, b2, { hertz: 2, dampingRatio: 0.2, length: 1, localAnchorA: { x: -0.4, y: 0 } });
  w.addRevoluteJoint(b3, c1, 3.4, 5.3);
  w.addRevoluteJoint(c1, null, 3, 5);
  for (let k = 0; k < 40; k++) w.step();
  const snap = w.save();
  const r = World.fromSnapshot(snap);
  assert.equal(r.stateHash(), w.stateHash());
  for (let k = 0; k < 60; k++) {
    w.step();
    r.step();
    assert.equal(r.stateHash(), w.stateHash(), `step ${k}`);
  }
  assert.deepEqual(Buffer.from(r.save()), Buffer.from(w.save()));
  // drawWorld: a distance joint's line from the body's anchor to the ball's centre
  const lines = [];
  w._jointLines((x0, y0, x1, y1, kind) => lines.push([x0, y0, x1, y1, kind]));
  const C = w.capsuleBodies, B = w.balls;
  const tip = [C.x[0] + 0.5 * Math.cos(C.angle[0]), C.y[0] + 0.5 * Math.sin(C.angle[0])];
  const d = lines[2]; // joint 1 (after joint 0's two revolute lines): a = c0, b = b0
  assert.equal(d[4], 'distance');
  assert.ok(Math.abs(d[0] - tip[0]) < 1e-5 && Math.abs(d[1] - tip[1]) < 1e-5 && d[2] === B.x[0] && d[3] === B.y[0], `line ${d} tip ${tip}`);
  const st = w.jointState(w.joints()[1]);
  assert.deepEqual([st.ball, st.other], [c0, b0]);
  w.destroy();
  r.destroy();
});

test('ball-body joints, bad input: named errors, nothing changed; removing either end removes the joint', () => {
  const w = new World();
  const c = w.addCapsuleBody(0, 5, 0.5, 0.1), b = w.addBall(0.5, 4, 0.1), gone = w.addBall(1, 1, 0.1);
  w.removeBall(gone);
  const hash = w.stateHash();
  const cases = [
    [() => w.addDistanceJoint(gone, c), RangeError, /^a .* refers to a removed ball/],
    [() => w.addDistanceJoint(c, gone), RangeError, /^b .* refers to a removed ball/],
    [() => w.addDistanceJoint(b, c, { localAnchorA: { x: 0.1, y: 0 } }), RangeError, /^options\.localAnchorA is for a capsule body a \(a ball's anchor is its centre\)/],
    [() => w.addDistanceJoint(c, b, { localAnchorB: { x: 0, y: 0.1 } }), RangeError, /^options\.localAnchorB is for a capsule body b/],
    [() => w.addDistanceJoint(c, b, { length: 5, maxLength: 1 }), RangeError, /^options\.length 5 must be within/],
    [() => w.addRevoluteJoint(gone, c, 0, 5), RangeError, /^a .* refers to a removed ball/],
    [() => w.addRevoluteJoint(b, c, NaN, 5), RangeError, /^x must be finite/],
  ];
  for (const [call, Err, re] of cases) {
    assert.throws(call, (e) => e instanceof Err && re.test(e.message), String(call));
    assert.equal(w.stateHash(), hash, `changed by ${call}`);
    assert.equal(w.joints().length, 0);
  }
  const j = w.addDistanceJoint(b, c, { localAnchorB: { x: 0.5, y: 0 } });
  assert.throws(() => w.setDragTarget(j, 0, 0), /^RangeError: joint .* joins two balls or bodies/);
  w.step();
  w.removeCapsuleBody(c);
  assert.equal(w.hasJoint(j), false);
  const c2 = w.addCapsuleBody(0, 5, 0.5, 0.1);
  const j2 = w.addRevoluteJoint(c2, b, 0.5, 4.5);
  w.removeBall(b);
  assert.equal(w.hasJoint(j2), false);
  w.step();
  w.destroy();
});

test('ball-body joints golden hash: SIMD and scalar builds, every 50 steps equal, the native constant at the end', async () => {
  const runIn = (simd) => new Promise((resolve, reject) => {
    const w = new Worker(new URL('./ball-body-worker.js', import.meta.url), { workerData: { simd } });
    w.once('message', resolve);
    w.once('error', reject);
  });
  const [simd, scalar] = await Promise.all([runIn(true), runIn(false)]);
  assert.deepEqual([simd.simd, scalar.simd], [true, false]);
  assert.deepEqual(simd.hashes, scalar.hashes);
  assert.deepEqual([simd.breaks, simd.joints], [1, 9]);
  const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');
  assert.equal(hex(simd.hash), hex(BALL_BODY_WORLD_HASH));
  assert.equal(hex(scalar.hash), hex(BALL_BODY_WORLD_HASH));
});
