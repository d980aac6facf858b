// Pivoted boards in motion (issue 23, item 6): the motor drives and brakes
// at its torque limit in both directions, damping brakes at its rate, a ball
// landing on a board held by its limit hits at its approach speed and does
// not rebound more than the restitution gives (none at restitution 0), and a
// swinging board hits a ball at its surface speed. Each figure follows from
// the board's inertia, I = m (L^2/12 + offset^2), m = density (2 r L + pi r^2).
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

const DT = 1 / 60;

/** The inertia of a pivoted capsule about its pivot, as addPivotedCapsule computes it. */
function inertia(length, radius, density = 1, pivot = 0.5) {
  const mass = density * (2 * radius * length + Math.PI * radius * radius);
  const off = (0.5 - pivot) * length;
  return mass * (length * length / 12 + off * off);
}

test('the motor spins a board up at maxMotorTorque / I, the same either way, and holds motorSpeed', () => {
  const L = 2, R = 0.1, TORQUE = 3;
  const rate = (TORQUE / inertia(L, R)) * DT; // rad/s gained per step
  const spins = {};
  for (const speed of [5, -5]) {
    const w = new World({ gravityY: 0 });
    const board = w.addPivotedCapsule(0, 0, 0, L, R, { motorSpeed: speed, maxMotorTorque: TORQUE });
    const om = [];
    for (let s = 1; s <= 30; s++) {
      w.step();
      om.push(w.kinematic(board).angularVelocity);
    }
    // Torque-limited while short of the target (about 14 steps), then at it.
    for (let s = 1; s <= 12; s++) {
      const want = Math.sign(speed) * s * rate;
      assert.ok(Math.abs(om[s - 1] - want) < 1e-4 * s, `motorSpeed ${speed}: step ${s} spin ${om[s - 1]}, want ${want}`);
    }
    for (let s = 20; s <= 30; s++) assert.ok(Math.abs(om[s - 1] - speed) < 1e-5, `motorSpeed ${speed}: held at ${om[s - 1]}`);
    spins[speed] = om;
    w.destroy();
  }
  assert.deepEqual(spins[-5].map((v) => -v), spins[5], 'the two directions mirror');
  console.log(`motor: ${rate.toFixed(4)} rad/s gained a step (torque ${TORQUE}, I ${inertia(L, R).toFixed(4)})`);
});

/** A centred board with these options, no gravity, hit near end `side` (1: +x, -1: -x) by an elastic ball moving down at 5 m/s; the board's spin each step. */
function struck(side, options) {
  const w = new World({ gravityY: 0, sleep: false });
  const board = w.addPivotedCapsule(0, 0, 0, 2, 0.1, options);
  w.addBall(0.9 * side, 0.5, 0.1, { vy: -5, restitution: 1 });
  const om = [];
  for (let s = 0; s < 40; s++) {
    w.step();
    om.push(w.kinematic(board).angularVelocity);
  }
  w.destroy();
  return om;
}

test('a motor at speed 0 brakes a struck board at maxMotorTorque / I in both directions, then holds it', () => {
  const TORQUE = 0.5, rate = (TORQUE / inertia(2, 0.1)) * DT;
  for (const side of [1, -1]) {
    const om = struck(side, { motorSpeed: 0, maxMotorTorque: TORQUE });
    const first = om.findIndex((v) => v !== 0);
    assert.ok(first > 0 && Math.abs(om[first]) > 1, `side ${side}: the ball set it spinning (${om[first]})`);
    assert.equal(Math.sign(om[first]), -side, 'a hit on +x turns it clockwise');
    // The ball has left after the hit step: each step then takes rate off.
    for (let s = first + 1; s < first + 20; s++) {
      const lost = Math.abs(om[s - 1]) - Math.abs(om[s]);
      assert.ok(Math.abs(lost - rate) < 1e-4, `side ${side}, step ${s}: braked by ${lost} rad/s, want ${rate}`);
    }
    assert.equal(om[39], 0, `side ${side}: stopped and held`);
  }
});

test('angular damping brakes a struck board by 1 / (1 + h c) a sub-step; without it the spin is kept', () => {
  const free = struck(1, {});
  const first = free.findIndex((v) => v !== 0);
  for (let s = first + 1; s < 40; s++) assert.ok(Math.abs(free[s] - free[first]) < 1e-6, `no damping: the spin stays (${free[s]})`);
  for (const c of [2, 10]) {
    const om = struck(1, { angularDamping: c });
    const per = (1 / (1 + c / 240)) ** 4; // 4 sub-steps of 1/240 s
    for (let s = first + 2; s < 40; s++) {
      const ratio = om[s] / om[s - 1];
      assert.ok(Math.abs(ratio - per) < 1e-5, `damping ${c}, step ${s}: kept ${ratio} of the spin, want ${per}`);
    }
  }
});

/** A ball of radius 0.2 dropped from 1 m above a board (or a static capsule) at x along it; hit speed, largest rebound speed, the board's largest turn. */
function drop(x, restitution, pivoted) {
  const w = new World({ sleep: false });
  let board;
  if (pivoted) board = w.addPivotedCapsule(-2, 0, 0, 4, 0.05, { pivot: 0, lowerAngle: 0, upperAngle: 0.5, density: 5 });
  else w.addCapsule(-2, 0, 2, 0, 0.05);
  w.addBall(-2 + x, 1.25, 0.2, { restitution });
  const hits = [];
  let up = 0, turn = 0;
  for (let s = 0; s < 40; s++) {
    w.step();
    for (const h of w.events.hit.toArray()) hits.push(h.speed);
    up = Math.max(up, w.balls.vy[0]);
    if (board !== undefined) turn = Math.max(turn, Math.abs(w.kinematic(board).angle));
  }
  w.destroy();
  return { hits, up, turn };
}

test('a ball landing on a board held by its limit: hit at the approach speed, no rebound at restitution 0, the rebound of a static capsule near the pivot', () => {
  const v = Math.sqrt(2 * 10 * 1); // 1 m drop
  const plain = drop(2, 0, false), plainBounce = drop(2, 0.8, false);
  assert.equal(plain.hits.length, 1);
  for (const x of [0.2, 1, 2, 3.5]) {
    const { hits, up, turn } = drop(x, 0, true);
    assert.equal(hits.length, 1, `x ${x}: one hit`);
    assert.ok(Math.abs(hits[0] - v) < 0.02 * v, `x ${x}: hit at ${hits[0]} m/s, approach ${v}`);
    assert.ok(Math.abs(hits[0] - plain.hits[0]) < 0.015 * v, `x ${x}: hit at ${hits[0]} m/s, on a static capsule ${plain.hits[0]}`);
    assert.ok(up < 1e-3, `x ${x}: restitution 0 rebounds at ${up} m/s`);
    assert.ok(turn < 1e-6, `x ${x}: the board turned ${turn} past its limit`);
    const b = drop(x, 0.8, true);
    assert.ok(b.up <= plainBounce.up + 1e-4, `x ${x}: rebound ${b.up} m/s, more than on a static capsule (${plainBounce.up})`);
    // (Farther out it rebounds less than on a static capsule: issue 23, item 6, third point; not checked here.)
    assert.ok(b.up > 0.75 * plainBounce.up, `x ${x}: rebound ${b.up} m/s, on a static capsule ${plainBounce.up}`);
  }
  const near = drop(0.2, 0.8, true);
  assert.ok(Math.abs(near.up - plainBounce.up) < 0.02 * plainBounce.up, `at the pivot: rebound ${near.up} m/s, on a static capsule ${plainBounce.up}`);
});

test('a board swung by its motor hits a resting ball at its surface speed, the same either way round', () => {
  const got = [];
  for (const speed of [2, -2]) {
    const w = new World({ gravityY: 0, sleep: false });
    w.addPivotedCapsule(0, 0, 0, 4, 0.05, { motorSpeed: speed, maxMotorTorque: 1000 });
    w.addBall(1.5, Math.sign(speed) * 0.4, 0.1);
    const hits = [];
    for (let s = 0; s < 30; s++) {
      w.step();
      hits.push(...w.events.hit.toArray());
    }
    assert.equal(hits.length, 1, `motorSpeed ${speed}: one hit`);
    const h = hits[0], lever = Math.hypot(h.x, h.y);
    // The surface's normal speed at the point: spin times the lever, along the board's normal.
    assert.ok(Math.abs(h.speed - Math.abs(speed) * lever) < 0.02 * h.speed, `motorSpeed ${speed}: hit at ${h.speed} m/s, surface ${Math.abs(speed) * lever}`);
    assert.ok(Math.hypot(w.balls.vx[0], w.balls.vy[0]) > 0.9 * h.speed, 'the ball is thrown');
    got.push([h.speed, h.x, Math.abs(h.y)]);
    w.destroy();
  }
  assert.deepEqual(got[0], got[1], 'mirror images');
});

test('balls resting on a pivoted board held by its limit fall asleep (the crumbs of spin their friction leaves do not keep waking them)', () => {
  const world = new World({});
  world.addLine(-8, 0, 8, 0);
  world.addCapsule(-4.8, 0, -4.8, 1.4, 0.1); // a stop at the low end (the page's teeter-totter)
  world.addPivotedCapsule(0, 1.8, 0.3, 9, 0.12, { lowerAngle: -0.3, upperAngle: 0.3, friction: 0.6 });
  const balls = [0, 1, 2].map((i) => world.addBall(-4.3 + i * 0.62, 1.2 + i * 0.2, 0.3, { friction: 0.6 }));
  for (let i = 0; i < 600; i++) world.step();
  const asleep = balls.filter((h) => !world.ballState(h).awake).length;
  assert.equal(asleep, 3, `${asleep} of 3 asleep after 10 s`);
  assert.equal(world.kinematic(world.staticHandle(2)).angularVelocity, 0);
  world.destroy();
});
