// Rolling: a ball (a uniform disc, I = ½mr²) on a slope rolls without
// slipping — its contact point is at rest — and accelerates at
// g·sinθ / (1 + I/(mr²)) = (2/3)·g·sinθ; rolling resistance stops it where
// the documented model predicts.
import assert from 'node:assert/strict';
import { wtest, makeWorld, G, DT } from './helpers.js';

const R = 0.2;

wtest('a ball on a 0.3 rad slope rolls: contact point at rest, acceleration (2/3)·g·sin θ within 1%', () => {
  const theta = 0.3, L = 200;
  const ux = Math.cos(theta), uy = -Math.sin(theta); // downhill unit vector
  const nx = Math.sin(theta), ny = Math.cos(theta); // surface normal (toward the ball)
  const world = makeWorld({ sleep: false });
  world.addSegment({ ax: 0, ay: 0, bx: L * ux, by: L * uy, friction: 1, restitution: 0 }); // μ = 1 > tanθ/3
  world.addBall({ x: 1 * ux + R * nx, y: 1 * uy + R * ny, radius: R, friction: 1, restitution: 0, rollingResistance: 0 });
  const b = world.balls;
  const samples = [];
  let maxSlip = 0;
  for (let k = 0; k < 240; k++) {
    world.step();
    const v = b.vx[0] * ux + b.vy[0] * uy;
    // Contact point at −R·n from the centre: velocity v + ω × (−R n).
    const w = b.angularVelocity[0];
    const cvx = b.vx[0] + w * R * ny, cvy = b.vy[0] - w * R * nx;
    if (k >= 30) maxSlip = Math.max(maxSlip, Math.hypot(cvx, cvy) / Math.abs(v));
    samples.push(v);
  }
  const t1 = 60, t2 = 239;
  const a = (samples[t2] - samples[t1]) / ((t2 - t1) * DT);
  const want = (2 / 3) * G * Math.sin(theta);
  const err = (a - want) / want;
  console.log(`rolling: a ${a.toFixed(5)} m/s², (2/3)g sinθ ${want.toFixed(5)}, error ${(100 * err).toFixed(3)}%, contact slip ≤ ${(100 * maxSlip).toFixed(3)}% of speed`);
  assert.ok(Math.abs(err) <= 0.01, `acceleration ${a} vs ${want}`);
  assert.ok(maxSlip <= 0.01, `contact point moves at ${(100 * maxSlip).toFixed(3)}% of the ball's speed`);
});

// Model (Box2D v3's, which the world follows unless world.d.ts says otherwise):
// rolling resistance c gives a resisting torque up to c·r·N on a ball of radius
// r pressed with normal force N. For a rolling disc on flat ground (N = mg):
//   m·a = F,  I·α = −F·r − c·r·m·g,  a = α·r,  I = ½mr²
//   ⇒ deceleration d = c·g / (1 + I/(mr²)) = (2/3)·c·g,  stopping distance v0² / (2d) = 3·v0² / (4·c·g).
wtest('rolling resistance stops a rolling ball within 5% of 3·v0²/(4·c·g)', () => {
  const c = 0.05, v0 = 3;
  const world = makeWorld({ sleep: false });
  world.addSegment({ ax: -10, ay: 0, bx: 100, by: 0, friction: 1, restitution: 0 });
  world.addBall({ x: 0, y: R, radius: R, friction: 1, restitution: 0, rollingResistance: c });
  world.step();
  const b = world.balls;
  b.x[0] = 0; b.y[0] = R;
  b.vx[0] = v0; b.vy[0] = 0;
  b.angularVelocity[0] = -v0 / R; // already rolling
  let k = 0;
  while (k < 6000 && Math.abs(b.vx[0]) > 1e-4) {
    world.step();
    k++;
  }
  const d = b.x[0], want = (3 * v0 * v0) / (4 * c * G);
  const err = (d - want) / want;
  console.log(`rolling resistance: stopped after ${d.toFixed(4)} m in ${k} steps; predicted ${want.toFixed(4)} m; error ${(100 * err).toFixed(2)}%`);
  assert.ok(Math.abs(b.vx[0]) <= 1e-4, `still moving at ${b.vx[0]}`);
  assert.ok(Math.abs(err) <= 0.05, `stopped at ${d}, predicted ${want}`);
});
