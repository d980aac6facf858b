// Behaviour the physics world must show (issue 16), each with a number from
// physics: tunnelling, energy, rest, rolling, events, filtering, sensors,
// sleep, and handles against a reference model.
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { init, World } from 'capsule2d';
import { lcg } from './scene.js';

await init();

const SLOP = 0.005; // the world's linear slop at unitsPerMeter 1

/** Distance from p to segment a-b. */
function segDist(px, py, ax, ay, bx, by) {
  const vx = bx - ax, vy = by - ay, wx = px - ax, wy = py - ay;
  const vv = vx * vx + vy * vy;
  let t = vv > 0 ? (wx * vx + wy * vy) / vv : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (ax + t * vx), py - (ay + t * vy));
}

/** True when the path p -> q crosses segment a-b (proper intersection). */
function crosses(px, py, qx, qy, ax, ay, bx, by) {
  const o = (x1, y1, x2, y2, x3, y3) => Math.sign((x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1));
  return o(px, py, qx, qy, ax, ay) * o(px, py, qx, qy, bx, by) < 0 && o(ax, ay, bx, by, px, py) * o(ax, ay, bx, by, qx, qy) < 0;
}

/**
 * Shoots `count` balls (radius r, no ball-ball collisions) at the statics
 * from random places outside them at speeds of 1-1000 radii per step; checks
 * every step that no ball crosses a static's core or ends deeper than the
 * slop. Returns { shots, crossings, deepest }.
 */
function shoot(shapes, count, seed, r = 0.1) {
  const rnd = lcg(seed);
  const w = new World({ ballCapacity: count, gravityY: 0, sleep: false });
  for (const s of shapes) w.addCapsule(s.ax, s.ay, s.bx, s.by, s.r);
  let placed = 0;
  while (placed < count) {
    const s = shapes[Math.floor(rnd() * shapes.length)];
    // aim at a random point of the shape's core (ends and joints included)
    const t = rnd() < 0.3 ? (rnd() < 0.5 ? 0 : 1) : rnd();
    const tx = s.ax + t * (s.bx - s.ax), ty = s.ay + t * (s.by - s.ay);
    const ang = rnd() * 2 * Math.PI, dist = 1 + rnd() * 30;
    const x = tx + Math.cos(ang) * dist, y = ty + Math.sin(ang) * dist;
    if (shapes.some((q) => segDist(x, y, q.ax, q.ay, q.bx, q.by) <= q.r + r + 0.01)) continue;
    const perStep = r * (1 + 999 * rnd() ** 2);
    const speed = perStep * 60;
    const jitter = (rnd() - 0.5) * 0.2;
    w.addBall(x, y, r, { vx: -Math.cos(ang + jitter) * speed, vy: -Math.sin(ang + jitter) * speed, category: 2, mask: 1, friction: rnd(), restitution: rnd() });
    placed++;
  }
  const b = w.balls;
  let crossings = 0, deepest = 0;
  const px = Float64Array.from(b.x.subarray(0, count)), py = Float64Array.from(b.y.subarray(0, count));
  for (let step = 0; step < 8; step++) {
    w.step();
    for (let i = 0; i < count; i++) {
      const x = b.x[i], y = b.y[i];
      for (const s of shapes) {
        if (crosses(px[i], py[i], x, y, s.ax, s.ay, s.bx, s.by)) crossings++;
        const depth = s.r + r - segDist(x, y, s.ax, s.ay, s.bx, s.by);
        deepest = Math.max(deepest, depth);
      }
      px[i] = x; py[i] = y;
    }
  }
  w.destroy();
  return { shots: count, crossings, deepest };
}

const THIN = [
  { ax: -5, ay: 0, bx: 5, by: 0, r: 0 }, // a segment
  { ax: 8, ay: -6, bx: 8, by: 6, r: 0.02 }, // a thin capsule
  { ax: -10, ay: 5, bx: -4, by: 9, r: 0 }, // joined segments: a corner
  { ax: -4, ay: 9, bx: 2, by: 5, r: 0 },
];

test('tunnelling: 100,000 shots at 1-1000 radii per step at segments, thin capsules, corners and joints: zero crossings', (t) => {
  let shots = 0, crossings = 0, deepest = 0;
  for (let k = 0; k < 50; k++) {
    const r = shoot(THIN, 2000, 1000 + k);
    shots += r.shots;
    crossings += r.crossings;
    deepest = Math.max(deepest, r.deepest);
  }
  t.diagnostic(`shots ${shots}, crossings ${crossings}, deepest ${(deepest * 1000).toFixed(3)} mm (slop ${SLOP * 1000} mm)`);
  assert.equal(shots, 100_000);
  assert.equal(crossings, 0);
  // Deeper than the slop only by float rounding at these speeds.
  assert.ok(deepest <= SLOP + 1e-3, `deepest overlap ${deepest}`);
});

test('energy: zero-gravity billiards with e = 1 never gains kinetic energy over 10,000 steps', (t) => {
  const w = new World({ ballCapacity: 40, gravityY: 0, sleep: false, restitutionThreshold: 0 });
  w.addLine(-10, -10, 10, -10, { restitution: 1, friction: 0 });
  w.addLine(10, -10, 10, 10, { restitution: 1, friction: 0 });
  w.addLine(10, 10, -10, 10, { restitution: 1, friction: 0 });
  w.addLine(-10, 10, -10, -10, { restitution: 1, friction: 0 });
  const rnd = lcg(5);
  for (let i = 0; i < 40; i++) {
    w.addBall(-8 + (i % 8) * 2.2, -8 + Math.floor(i / 8) * 3, 0.5, { vx: (rnd() - 0.5) * 20, vy: (rnd() - 0.5) * 20, restitution: 1, friction: 0 });
  }
  const b = w.balls;
  const ke = () => { let e = 0; for (let i = 0; i < 40; i++) e += b.vx[i] ** 2 + b.vy[i] ** 2; return e; };
  const e0 = ke();
  let maxE = e0;
  for (let i = 0; i < 10_000; i++) {
    w.step();
    maxE = Math.max(maxE, ke());
  }
  t.diagnostic(`kinetic energy: max/initial ${(maxE / e0).toFixed(9)}, final/initial ${(ke() / e0).toFixed(5)}`);
  assert.ok(maxE <= e0 * (1 + 1e-6), `kinetic energy grew from ${e0} to ${maxE}`);
  // (Energy is lost where several contacts act at once: sequential impulses
  // are not energy-exact for simultaneous collisions. Pairs keep 99.95%.)
});

// Ten small balls in a box of capsules, e = 1, no gravity, no friction (4 scenes, 3,000 steps): no
// step gains more than 1e-4 of the kinetic energy (spin included). Each contact bounces from its own
// approach speed at the step's start; a ball driven into a ball resting on a wall passed energy to it
// in the sub-steps and then bounced off the wall with all of its own. The bound (step.c,
// bound_bounces) scales a group's bounces so it never ends with more than it began with. Mutant (the
// bound off): 6 steps gain, up to 3.5% in one step (measured 2026-11-28).
test('energy: ten balls at e = 1 in a box of capsules gain nothing in any step (4 scenes, 3,000 steps)', (t) => {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 16777216;
  const rows = [];
  for (let sc = 0; sc < 4; sc++) {
    const w = new World({ gravityX: 0, gravityY: 0 });
    const o = { restitution: 1, friction: 0 };
    w.addCapsule(-5, -5, 5, -5, 0.1, o); w.addCapsule(5, -5, 5, 5, 0.1, o);
    w.addCapsule(5, 5, -5, 5, 0.1, o); w.addCapsule(-5, 5, -5, -5, 0.1, o);
    const r = 0.15;
    for (let i = 0; i < 10; i++) w.addBall(-4 + 0.9 * i, 2 + rnd(), r, { vx: 20 * (rnd() - 0.5), vy: 20 * (rnd() - 0.5), restitution: 1, friction: 0 });
    const b = w.balls;
    const energy = () => { let e = 0; for (let i = 0; i < 10; i++) e += b.vx[i] ** 2 + b.vy[i] ** 2 + 0.5 * r * r * b.angularVelocity[i] ** 2; return e; };
    let prev = energy(), gains = 0, worst = 0;
    const e0 = prev;
    for (let i = 0; i < 3000; i++) {
      w.step();
      const e = energy();
      if (e > prev * (1 + 1e-4)) { gains++; worst = Math.max(worst, e / prev - 1); }
      prev = e;
    }
    rows.push(`scene ${sc}: ${gains} steps gained (worst ${(worst * 100).toFixed(3)}%), end/start ${(prev / e0).toFixed(3)}`);
    assert.equal(gains, 0, `scene ${sc}: ${gains} steps gained energy, worst ${(worst * 100).toFixed(3)}%`);
    w.destroy();
  }
  t.diagnostic(rows.join('; '));
});

function pile(sleep) {
  // 1,000 balls (r 0.5) dropped into a 40 m wide box: 25 rows.
  const w = new World({ ballCapacity: 1000, sleep, subSteps: 8, contactHertz: 120 });
  w.addLine(-20, 0, 20, 0);
  w.addLine(-20, 100, -20, 0);
  w.addLine(20, 0, 20, 100);
  for (let i = 0; i < 1000; i++) w.addBall(-19.5 + (i % 38) * 1.04 + (Math.floor(i / 38) % 2) * 0.3, 2 + Math.floor(i / 38) * 1.1, 0.5, { restitution: 0.2 });
  for (let i = 0; i < 1200; i++) w.step();
  return w;
}

for (const sleep of [false, true]) {
  test(`resting: 1,000 balls in a box after 20 s are inside, overlap <= 5 mm, slower than 0.01 m/s (sleep ${sleep ? 'on' : 'off'}; 8 sub-steps, 120 Hz)`, (t) => {
    const w = pile(sleep);
    const b = w.balls;
    let fastest = 0, outside = 0;
    for (let i = 0; i < 1000; i++) {
      fastest = Math.max(fastest, Math.hypot(b.vx[i], b.vy[i]));
      if (b.x[i] < -20 + 0.5 - SLOP || b.x[i] > 20 - 0.5 + SLOP || b.y[i] < 0.5 - SLOP) outside++;
    }
    const c = w.contacts();
    let deepest = 0;
    for (let k = 0; k < c.length; k += 6) deepest = Math.max(deepest, -c[k + 4]);
    // And directly, every pair of balls:
    for (let i = 0; i < 1000; i++) for (let j = i + 1; j < 1000; j++) {
      const d = Math.hypot(b.x[i] - b.x[j], b.y[i] - b.y[j]);
      if (d < 1) deepest = Math.max(deepest, 1 - d);
    }
    t.diagnostic(`outside ${outside}, deepest overlap ${(deepest * 1000).toFixed(3)} mm, fastest ${fastest.toExponential(3)} m/s, awake ${w.awakeCount}`);
    assert.equal(outside, 0);
    assert.ok(deepest <= 0.005, `deepest overlap ${(deepest * 1000).toFixed(2)} mm`);
    assert.ok(fastest < 0.01, `fastest ball ${fastest} m/s`);
    if (sleep) assert.equal(w.awakeCount, 0);
  });
}

test('rolling: a ball on a slope rolls (contact point at rest) and accelerates at (2/3) g sin θ within 1%', (t) => {
  for (const deg of [10, 20, 30]) {
    const th = (deg * Math.PI) / 180, r = 0.5;
    const w = new World({ ballCapacity: 2, sleep: false });
    w.addLine(-100 * Math.cos(th), 100 * Math.sin(th), 100 * Math.cos(th), -100 * Math.sin(th), { friction: 1 });
    const s = w.slotOf(w.addBall(r * Math.sin(th), r * Math.cos(th), r, { friction: 1 }));
    for (let i = 0; i < 30; i++) w.step();
    const v0 = Math.hypot(w.balls.vx[s], w.balls.vy[s]);
    for (let i = 0; i < 60; i++) w.step();
    const v1 = Math.hypot(w.balls.vx[s], w.balls.vy[s]);
    const want = (2 / 3) * 10 * Math.sin(th);
    t.diagnostic(`${deg}°: a ${(v1 - v0).toFixed(5)} m/s², (2/3)g sinθ ${want.toFixed(5)}, error ${(100 * (v1 - v0 - want) / want).toFixed(3)}%, slip ${Math.abs(v1 - Math.abs(w.balls.angularVelocity[s]) * r).toExponential(2)} m/s`);
    assert.ok(Math.abs(v1 - v0 - want) <= 0.01 * want, `${deg}°: a = ${v1 - v0}, want ${want}`);
    // contact point at rest: v = ω r
    assert.ok(Math.abs(v1 - Math.abs(w.balls.angularVelocity[s]) * r) <= 1e-3 * v1, `${deg}°: slips`);
  }
});

test('rolling resistance stops a rolling ball within 5% of 3 v² / (4 c g)', (t) => {
  for (const c of [0.02, 0.05, 0.1]) {
    const w = new World({ ballCapacity: 2, sleep: false });
    w.addLine(-1000, 0, 1000, 0, { friction: 1 });
    const v = 5, r = 0.5;
    const s = w.slotOf(w.addBall(0, r, r, { vx: v, angularVelocity: -v / r, friction: 1, rollingResistance: c }));
    for (let i = 0; i < 10_000 && w.balls.vx[s] > 1e-4; i++) w.step();
    const want = (3 * v * v) / (4 * c * 10);
    t.diagnostic(`c ${c}: stopped after ${w.balls.x[s].toFixed(4)} m, predicted ${want.toFixed(4)} m, error ${(100 * (w.balls.x[s] - want) / want).toFixed(3)}%`);
    assert.ok(Math.abs(w.balls.x[s] - want) <= 0.05 * want, `c ${c}: stopped after ${w.balls.x[s]}, want ${want}`);
  }
});

test('events: end on bounce-off and on removal, deterministic order, overflow counted', () => {
  const w = new World({ ballCapacity: 8, eventCapacity: 2 });
  w.addLine(-10, 0, 10, 0);
  const a = w.addBall(0, 3, 0.5, { restitution: 0.9 });
  let begins = 0, ends = 0;
  for (let i = 0; i < 200; i++) {
    w.step();
    begins += w.events.begin.count;
    ends += w.events.end.count;
  }
  assert.ok(begins >= 2 && ends >= 1, `bounces give begins (${begins}) and ends (${ends})`);
  // rest, then remove: one end event in the next step
  for (let i = 0; i < 600; i++) w.step();
  w.removeBall(a);
  w.step();
  assert.equal(w.events.end.count, 1);
  // overflow: five balls land in the same step, capacity 2
  const ws = new World({ ballCapacity: 8, eventCapacity: 2 });
  ws.addLine(-10, 0, 10, 0);
  for (let i = 4; i >= 0; i--) ws.addBall(-8 + i * 3, 2, 0.5);
  let found = null;
  for (let i = 0; i < 120 && !found; i++) {
    ws.step();
    if (ws.events.begin.count > 0) found = ws.events.begin;
  }
  assert.equal(found.count, 5);
  assert.equal(found.written, 2);
  assert.equal(found.overflowed, true);
  const ev = found.toArray();
  assert.deepEqual(ev.map((e) => e.ball), [0, 1], 'ordered by ball slot');
});

test('filtering: balls in categories that do not collide pass through each other and through masked statics', () => {
  const w = new World({ ballCapacity: 4, gravityY: 0 });
  const floor = w.addSegment(-10, 0, 10, 0, { category: 4 });
  const a = w.slotOf(w.addBall(-3, 1, 0.5, { vx: 6, category: 1, mask: ~2 >>> 0 }));
  const b = w.slotOf(w.addBall(3, 1, 0.5, { vx: -6, category: 2, mask: 1 }));
  const c = w.slotOf(w.addBall(0, 3, 0.5, { vy: -12, category: 8, mask: ~4 >>> 0 }));
  for (let i = 0; i < 60; i++) w.step();
  assert.ok(w.balls.x[a] > 2.5 && w.balls.x[b] < -2.5, 'a and b passed through each other');
  assert.ok(w.balls.y[c] < -5, 'c fell through the masked floor');
  void floor;
});

test('sensors: a ball falling through gives one enter and one leave, and its path is bit-identical without the sensor', () => {
  const run = (withSensor) => {
    const w = new World({ ballCapacity: 2 });
    w.addLine(-10, 0, 10, 0);
    if (withSensor) w.addCapsule(-3, 5, 3, 5, 0.5, { sensor: true });
    const s = w.slotOf(w.addBall(0.3, 10, 0.5));
    const path = [];
    let enters = 0, leaves = 0;
    for (let i = 0; i < 120; i++) {
      w.step();
      path.push(w.balls.x[s], w.balls.y[s], w.balls.vx[s], w.balls.vy[s]);
      enters += w.events.sensorEnter.count;
      leaves += w.events.sensorLeave.count;
    }
    return { path: Float32Array.from(path), enters, leaves };
  };
  const a = run(true), b = run(false);
  assert.equal(a.enters, 1);
  assert.equal(a.leaves, 1);
  assert.deepEqual(new Uint32Array(a.path.buffer), new Uint32Array(b.path.buffer));
});

test('sleep: a still ball sleeps after its timeout, reads zero velocity, wakes on impact and on a write', (t) => {
  const w = new World({ ballCapacity: 4, sleepTime: 0.5 });
  w.addLine(-10, 0, 10, 0);
  const s = w.slotOf(w.addBall(0, 0.5, 0.5));
  let slept = -1;
  for (let i = 0; i < 120 && slept < 0; i++) {
    w.step();
    if (!w.balls.awake(s)) slept = i + 1;
  }
  t.diagnostic(`slept after ${slept} steps (${(slept / 60).toFixed(3)} s; sleepTime 0.5 s)`);
  assert.ok(slept >= 30 && slept <= 40, `slept after ${slept} steps (0.5 s is 30)`);
  assert.equal(w.balls.vy[s], 0);
  // impact: another ball lands on it
  w.addBall(0, 4, 0.5);
  let woke = false;
  for (let i = 0; i < 60 && !woke; i++) {
    w.step();
    woke = w.balls.awake(s);
  }
  assert.ok(woke, 'woken by the impact');
  for (let i = 0; i < 200; i++) w.step();
  assert.equal(w.balls.awake(s), false);
  w.balls.vx[s] = 1;
  w.step();
  assert.equal(w.balls.awake(s), true, 'woken by a write');
});

test('handles: random add / remove / step sequences agree with a reference model of slots and generations', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.constant('add'), fc.nat(40), fc.constant('step')), { maxLength: 120 }), (ops) => {
      const w = new World({ ballCapacity: 4 });
      w.addLine(-100, -50, 100, -50);
      const model = []; // slot -> { handle, x } or null
      const removed = [];
      for (const op of ops) {
        if (op === 'add') {
          let slot = model.findIndex((m) => m === null);
          if (slot < 0) slot = model.length;
          const x = slot * 3;
          const h = w.addBall(x, 0, 0.5, { awake: false });
          assert.equal(w.slotOf(h), slot);
          model[slot] = { handle: h, x };
        } else if (op === 'step') {
          w.step();
        } else {
          const live = model.map((m, i) => (m ? i : -1)).filter((i) => i >= 0);
          if (live.length === 0) continue;
          const slot = live[op % live.length];
          w.removeBall(model[slot].handle);
          removed.push(model[slot].handle);
          model[slot] = null;
        }
      }
      for (let i = 0; i < model.length; i++) {
        if (model[i]) {
          assert.equal(w.slotOf(model[i].handle), i);
          assert.equal(w.balls.x[i], model[i].x);
        }
      }
      for (const h of removed) assert.throws(() => w.slotOf(h), RangeError);
      assert.equal(w.balls.live, model.filter(Boolean).length);
      w.destroy();
    }),
    { numRuns: 200 },
  );
});

/**
 * Two balls of radius 0.5 flying head-on at v each (no gravity, no friction), started 3 steps plus a gap
 * apart (20 gaps from 3 cm to 3 cm + one step's move): the deepest overlap over 20 steps, and the
 * velocities after.
 */
function closingPair(v, e) {
  let deepest = 0, va = 0, vb = 0;
  for (let g = 0; g < 20; g++) {
    const w = new World({ ballCapacity: 4, gravityX: 0, gravityY: 0 });
    const gap = 0.03 + (g * v) / 60 / 20, off = 0.5 + gap / 2 + (3 * v) / 60;
    const a = w.slotOf(w.addBall(-off, 0, 0.5, { vx: v, restitution: e, friction: 0 }));
    const b = w.slotOf(w.addBall(off, 0, 0.5, { vx: -v, restitution: e, friction: 0 }));
    for (let s = 0; s < 20; s++) {
      w.step();
      deepest = Math.max(deepest, 1 - (w.balls.x[b] - w.balls.x[a]));
    }
    va = w.balls.vx[a];
    vb = w.balls.vx[b];
    w.destroy();
  }
  return { deepest, va, vb };
}

// Known limit (README, "What you can count on"): a ball-ball contact is made from the step's start
// positions within the 2 cm margin, so two balls each moving less than their diameter a step (the sweeps
// take faster ones) but closing by more than the margin end that step overlapping by up to their closing
// move less the margin; the next step's contact bounces them apart with the speed they came with.
// Box2D v3 (box2d3-wasm, the same scenes, 2026-11-28) overlaps exactly as deep: 3.7, 13.7, 30.3, 47.0
// and 80.3 cm at 2, 5, 10, 15 and 25 m/s. The bound below fails if it ever gets worse.
test('limit: balls closing faster than the contact margin overlap at most their closing move less the margin, and part at the speed they came', () => {
  for (const v of [2, 5, 10, 15, 25]) {
    for (const e of [0, 1]) {
      const r = closingPair(v, e);
      const bound = (2 * v) / 60 - 4 * SLOP + SLOP;
      assert.ok(r.deepest <= bound, `v ${v} e ${e}: ${r.deepest.toFixed(4)} m deep (bound ${bound.toFixed(4)})`);
      if (e === 1) assert.ok(r.va < -0.99 * v && r.vb > 0.99 * v && r.va >= -v && r.vb <= v, `v ${v}: ${r.va} ${r.vb} after`);
      else assert.ok(Math.abs(r.va) < 1e-3 && Math.abs(r.vb) < 1e-3, `v ${v} e 0: ${r.va} ${r.vb} after`);
    }
  }
});

test('balls closing faster than the contact margin never overlap deeper than the slop', {
  todo: 'engine: 3.7 to 80.3 cm deep at 2 to 25 m/s each (radius 0.5), as Box2D v3; speculative contacts for moving pairs remove it (0.0 cm) but cost 6% a step at 1,000 settled plinko balls and 15% at 10,000 (natively): not yet fast enough to land',
}, () => {
  for (const v of [2, 5, 10, 15, 25]) {
    const r = closingPair(v, 1);
    assert.ok(r.deepest <= SLOP + 1e-4, `v ${v}: ${r.deepest.toFixed(4)} m deep`);
  }
});
