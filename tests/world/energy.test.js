// Energy: a drop rebounds to e²·h within 2% and never higher; below the
// restitution threshold it stops bouncing; zero-gravity e = 1 billiards never
// gains kinetic energy.
import assert from 'node:assert/strict';
import { wtest, makeWorld, G, DT, rng } from './helpers.js';

const R = 0.25, H = 5; // ball radius, drop height of the ball's bottom above the floor

/** Drops a ball (bottom at height h above the floor y = 0); returns the apex heights of its bounces. */
function drop(e, h, stepsN = 900) {
  const world = makeWorld({ sleep: false });
  world.addSegment({ ax: -100, ay: 0, bx: 100, by: 0, restitution: 0, friction: 0 }); // floor (restitution = max of the pair: the ball's)
  world.addBall({ x: 0, y: R + h, radius: R, restitution: e, friction: 0 });
  const apexes = [];
  let prevVy = 0, minY = Infinity;
  for (let i = 0; i < stepsN; i++) {
    world.step();
    const y = world.balls.y[0] - R, vy = world.balls.vy[0];
    minY = Math.min(minY, y);
    if (prevVy > 0 && vy <= 0) apexes.push(y); // passed an apex (sampled within g·dt² of it)
    prevVy = vy;
  }
  return { apexes, minY, threshold: world.restitutionThreshold };
}

for (const e of [0.3, 0.5, 0.8, 1.0]) {
  wtest(`e = ${e}: first rebound reaches e²·h within 2%, and no bounce is ever higher than e² of the one before`, () => {
    const { apexes } = drop(e, H);
    const want = e * e * H;
    assert.ok(apexes.length >= 1, 'it bounced');
    const err = (apexes[0] - want) / want;
    console.log(`e=${e}: h ${H}, rebound ${apexes[0].toFixed(4)}, e²h ${want.toFixed(4)}, error ${(100 * err).toFixed(2)}%`);
    assert.ok(Math.abs(err) <= 0.02, `rebound ${apexes[0]} vs e²h ${want}: ${(100 * err).toFixed(2)}%`);
    // Never higher: the apex is sampled at step ends, so allow the sampling error g·dt² only.
    assert.ok(apexes[0] <= want + G * DT * DT, `rebound ${apexes[0]} above e²h ${want}`);
    for (let i = 1; i < apexes.length; i++) {
      assert.ok(apexes[i] <= e * e * apexes[i - 1] + G * DT * DT + 1e-4, `bounce ${i + 1}: ${apexes[i]} > e²·${apexes[i - 1]}`);
    }
  });
}

wtest('below the restitution threshold a ball stops bouncing (impact speed under the threshold: no rebound)', () => {
  const probe = makeWorld();
  const vt = probe.restitutionThreshold;
  assert.ok(typeof vt === 'number' && vt > 0, `world.restitutionThreshold = ${vt}`);
  // Impact speed √(2gh) = 0.7·threshold.
  const h = (0.7 * vt) ** 2 / (2 * G);
  const { apexes } = drop(1.0, h, 240);
  const bounce = apexes.length ? apexes[0] : 0;
  console.log(`threshold ${vt} m/s, drop ${h.toFixed(5)} m (impact ${(0.7 * vt).toFixed(3)} m/s): apex after ${bounce}`);
  // No rebound above a resting contact's jitter (1% of the drop).
  assert.ok(apexes.every((a) => a <= 0.01 * h), `bounced to ${Math.max(...apexes)}, drop ${h}`);
});

wtest('zero-gravity billiards, e = 1, no friction: kinetic energy never rises over 10,000 steps', () => {
  const N = 60, W = 10, rand = rng(1601);
  const world = makeWorld({ capacity: N, gravityX: 0, gravityY: 0, sleep: false });
  for (const [ax, ay, bx, by] of [[0, 0, W, 0], [W, 0, W, W], [W, W, 0, W], [0, W, 0, 0]]) {
    world.addSegment({ ax, ay, bx, by, restitution: 1, friction: 0 });
  }
  for (let i = 0; i < N; i++) {
    const gx = i % 8, gy = Math.floor(i / 8);
    const a = rand() * 2 * Math.PI, v = 1 + 9 * rand();
    world.addBall({ x: 0.8 + gx * 1.2, y: 0.8 + gy * 1.2, radius: 0.3, vx: v * Math.cos(a), vy: v * Math.sin(a), restitution: 1, friction: 0 });
  }
  const b = world.balls;
  const ke = () => {
    let s = 0;
    for (let i = 0; i < N; i++) s += b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i]; // equal masses: ½m dropped
    return s;
  };
  const ke0 = ke();
  let maxRatio = 0, worstStep = -1;
  for (let k = 0; k < 10000; k++) {
    world.step();
    const r = ke() / ke0;
    if (r > maxRatio) [maxRatio, worstStep] = [r, k];
  }
  const final = ke() / ke0;
  console.log(`billiards: KE max/initial ${maxRatio.toFixed(7)} (step ${worstStep}), final/initial ${final.toFixed(4)}`);
  // float32 rounding of velocities: 1e-5 relative.
  assert.ok(maxRatio <= 1 + 1e-5, `kinetic energy rose to ${maxRatio}× at step ${worstStep}`);
});
