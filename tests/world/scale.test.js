// Worlds scaled by unitsPerMeter (issue 23, item 6): every length-based
// default (slop, speculative margin, push speed, the restitution, hit and
// sleep speed thresholds) scales with it, so a scene built in centimetres
// (unitsPerMeter 100) or in hectometres (0.01) moves as the same scene in
// metres, scaled. The golden hashes come from scenes at unitsPerMeter 1 and
// cannot see a threshold left unscaled; these tests can.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

const SCALES = [1, 100, 0.01];

/** A ramp, a bumper, a floor and four balls (no two meet before step 140), every length times u. */
function scene(u) {
  const w = new World({ unitsPerMeter: u, gravityY: -10 * u, ballCapacity: 8 });
  w.addLine(-10 * u, 0, 10 * u, 0);
  w.addCapsule(-4 * u, 3 * u, 0, 1.5 * u, 0.1 * u, { friction: 0.5 });
  w.addCircle(3 * u, 1.2 * u, 0.4 * u, { restitution: 0.6 }); // (at 1.0 the ball rolling under it grazed it within 0.1 mm: a tangency any rounding decides)
  w.addBall(-3.5 * u, 4 * u, 0.25 * u, { restitution: 0.4 }); // lands on the ramp, bounces low, rolls off
  w.addBall(3.1 * u, 3 * u, 0.2 * u, { restitution: 0.7 }); // bounces off the bumper
  w.addBall(-6 * u, 0.3 * u, 0.3 * u, { vx: 4 * u, rollingResistance: 0.1 }); // rolls and slows
  w.addBall(6 * u, 0.5 * u, 0.3 * u, { vx: -2 * u, angularVelocity: 3, restitution: 0.3 }); // drops, skids, rolls
  return w;
}

test('the same scene at unitsPerMeter 1, 100 and 0.01 moves the same, scaled: paths within 1 mm (a fifth of the slop), the same events', () => {
  const STEPS = 135;
  const runs = SCALES.map((u) => {
    const w = scene(u);
    const path = [], events = [];
    for (let s = 0; s < STEPS; s++) {
      w.step();
      const b = w.balls;
      path.push([...b.x.slice(0, 4), ...b.y.slice(0, 4), ...b.vx.slice(0, 4), ...b.vy.slice(0, 4)].map((v) => v / u));
      events.push(['begin', 'end', 'hit'].map((k) => JSON.stringify(w.events[k].toArray().map((e) => [e.kind, e.ball, e.other]))).join());
    }
    w.destroy();
    return { path, events };
  });
  const ref = runs[0];
  // The scene does things: bounces, hits, rolling (so the comparison means something).
  const hits = ref.events.filter((e) => e !== '[],[],[]').length;
  assert.ok(hits >= 6, `events in ${hits} steps`);
  for (let k = 1; k < SCALES.length; k++) {
    let worstPos = 0, worstVel = 0;
    for (let s = 0; s < STEPS; s++)
      for (let j = 0; j < 16; j++) {
        const d = Math.abs(runs[k].path[s][j] - ref.path[s][j]);
        if (j < 8) worstPos = Math.max(worstPos, d);
        else worstVel = Math.max(worstVel, d);
      }
    console.log(`unitsPerMeter ${SCALES[k]}: largest difference from the metre scene ${worstPos.toExponential(2)} m, ${worstVel.toExponential(2)} m/s`);
    assert.ok(worstPos < 1e-3, `position off by ${worstPos} m at unitsPerMeter ${SCALES[k]}`);
    assert.ok(worstVel < 2e-2, `velocity off by ${worstVel} m/s at unitsPerMeter ${SCALES[k]}`);
    assert.deepEqual(runs[k].events, ref.events, `events at unitsPerMeter ${SCALES[k]}`);
  }
});

/** A ball of radius 0.2 m (restitution 0.5) moving down at v m/s, 2 cm above a floor, no gravity: its largest upward speed after, and its hit speeds (m/s). */
function bounce(u, v, options = {}) {
  const w = new World({ unitsPerMeter: u, gravityY: 0, ...options });
  w.addLine(-10 * u, 0, 10 * u, 0);
  w.addBall(0, 0.22 * u, 0.2 * u, { vy: -v * u, restitution: 0.5 });
  let up = -Infinity;
  const hits = [];
  for (let s = 0; s < 30; s++) {
    w.step();
    up = Math.max(up, w.balls.vy[0] / u);
    for (const h of w.events.hit.toArray()) hits.push(h.speed / u);
  }
  w.destroy();
  return { up, hits };
}

test('the restitution threshold (1 m/s) scales with unitsPerMeter: 0.9 m/s sticks, 1.1 m/s bounces at every scale', () => {
  for (const u of SCALES) {
    for (const v of [0.5, 0.9]) {
      const { up } = bounce(u, v);
      assert.ok(up < 1e-3, `unitsPerMeter ${u}: a ${v} m/s approach (under the threshold) rebounds at ${up} m/s`);
    }
    for (const v of [1.1, 3]) {
      const { up } = bounce(u, v);
      assert.ok(Math.abs(up - 0.5 * v) < 2e-3 * v, `unitsPerMeter ${u}: a ${v} m/s approach rebounds at ${up} m/s, not ${0.5 * v}`);
    }
    // A threshold set in metres per second: 2 m/s (2u units/s) keeps a 1.5 m/s approach from bouncing.
    assert.ok(bounce(u, 1.5, { restitutionThreshold: 2 }).up < 1e-3, `unitsPerMeter ${u}: restitutionThreshold 2`);
    assert.ok(bounce(u, 2.5, { restitutionThreshold: 2 }).up > 1.2, `unitsPerMeter ${u}: restitutionThreshold 2, 2.5 m/s`);
  }
});

test('the hit speed threshold (1 m/s) scales with unitsPerMeter; hit speeds are in world units', () => {
  for (const u of SCALES) {
    assert.deepEqual(bounce(u, 0.9).hits, [], `unitsPerMeter ${u}: 0.9 m/s is no hit`);
    for (const v of [1.1, 3]) {
      const { hits } = bounce(u, v);
      assert.equal(hits.length, 1, `unitsPerMeter ${u}: one hit at ${v} m/s`);
      assert.ok(Math.abs(hits[0] - v) < 1e-5 * v, `unitsPerMeter ${u}: hit speed ${hits[0]} m/s, not ${v}`);
    }
  }
});

test('the sleep speed (0.05 m/s) scales with unitsPerMeter: a ball rolling at 0.2 m/s stays awake, one at rest sleeps after sleepTime', () => {
  for (const u of SCALES) {
    const w = new World({ unitsPerMeter: u, gravityY: -10 * u });
    w.addLine(-100 * u, 0, 100 * u, 0);
    w.addBall(0, 0.2 * u, 0.2 * u, { vx: 0.2 * u, angularVelocity: -1 }); // rolling without slipping
    w.addBall(50 * u, 0.2 * u, 0.2 * u);
    const asleepAt = [null, null];
    for (let s = 1; s <= 90; s++) {
      w.step();
      for (const i of [0, 1]) if (asleepAt[i] === null && !w.balls.awake(i)) asleepAt[i] = s;
    }
    assert.equal(asleepAt[0], null, `unitsPerMeter ${u}: the rolling ball fell asleep at step ${asleepAt[0]}`);
    assert.ok(asleepAt[1] !== null && asleepAt[1] >= 30 && asleepAt[1] <= 32, `unitsPerMeter ${u}: the resting ball slept at step ${asleepAt[1]}`);
    assert.ok(Math.abs(w.balls.x[0] / u - 0.3) < 0.01, `unitsPerMeter ${u}: rolled to ${w.balls.x[0] / u} m`);
    w.destroy();
  }
});

test('the push speed scales: a ball pressed 10 cm into a floor rises at most pushSpeed (1 m/s) a step, the same at every scale', () => {
  const ref = [];
  for (const u of SCALES) {
    const w = new World({ unitsPerMeter: u, gravityY: -10 * u, pushSpeed: 1 });
    w.addLine(-10 * u, 0, 10 * u, 0);
    w.addBall(0, 0.1 * u, 0.2 * u);
    const ys = [];
    for (let s = 0; s < 60; s++) {
      w.step();
      ys.push(w.balls.y[0] / u);
    }
    const rise = ys[0] - 0.1;
    assert.ok(rise > 0.8 / 60 && rise <= 1 / 60 + 1e-6, `unitsPerMeter ${u}: rose ${rise} m in the first step`);
    assert.ok(Math.abs(ys[59] - 0.2) < 0.005, `unitsPerMeter ${u}: rests at ${ys[59]} m`);
    ref.push(ys);
    w.destroy();
  }
  for (const ys of ref.slice(1)) for (let s = 0; s < 60; s++) assert.ok(Math.abs(ys[s] - ref[0][s]) < 1e-5, `step ${s}: ${ys[s]} vs ${ref[0][s]}`);
});

test('waking by touch scales with unitsPerMeter: a ball creeping at 0.6 × sleepSpeed into a sleeping one wakes it at no scale; at 1.5 × it does at every scale', () => {
  const woke = (u, k) => {
    const w = new World({ unitsPerMeter: u, gravityY: 0, ballCapacity: 2 });
    const sleeper = w.addBall(0, 0, 0.2 * u);
    for (let i = 0; i < 40; i++) w.step(); // falls asleep (0.5 s)
    assert.ok(!w.balls.awake(w.slotOf(sleeper)), `u ${u}: asleep`);
    const v = k * 0.05 * u; // sleepSpeed 0.05 m/s, scaled
    const mover = w.addBall(-0.4 * u - 0.2 * v / 60, 0, 0.2 * u, { vx: v, linearDamping: 0 });
    let awake = false;
    for (let i = 0; i < 20; i++) {
      w.balls.vx[w.slotOf(mover)] = v; // keeps creeping (a write wakes only the ball written)
      w.step();
      awake ||= w.balls.awake(w.slotOf(sleeper));
    }
    w.destroy();
    return awake;
  };
  for (const u of SCALES) {
    assert.equal(woke(u, 0.6), false, `unitsPerMeter ${u}: a creeping touch woke the sleeper`);
    assert.equal(woke(u, 1.5), true, `unitsPerMeter ${u}: a moving touch left it asleep`);
  }
});
