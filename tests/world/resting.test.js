// Resting: 1,000 balls dropped into a box, after 20 s, are all inside, overlap
// the floor and each other by at most 5 mm, and move slower than 0.01 m/s —
// with sleeping on and off.
import assert from 'node:assert/strict';
import { wtest, makeWorld, rng } from './helpers.js';

const N = 1000, R = 0.1, W = 6, H = 40; // box 6 m wide; balls of 0.1 m

function pile(sleep) {
  const world = makeWorld({ capacity: N, sleep });
  const walls = [[0, 0, W, 0], [W, 0, W, H], [0, H, 0, 0]];
  for (const [ax, ay, bx, by] of walls) world.addSegment({ ax, ay, bx, by, restitution: 0.3, friction: 0.5 });
  const rand = rng(sleep ? 7 : 8), per = Math.floor((W - 2 * R) / (2.2 * R));
  for (let i = 0; i < N; i++) {
    const col = i % per, row = Math.floor(i / per);
    world.addBall({ x: R + 0.05 + col * 2.2 * R + 0.02 * rand(), y: 0.5 + row * 2.2 * R, radius: R, restitution: 0.3, friction: 0.5 });
  }
  for (let k = 0; k < 20 * 60; k++) world.step(); // 20 s at 1/60
  const b = world.balls;
  let outside = 0, floorOverlap = 0, wallOverlap = 0, ballOverlap = 0, maxSpeed = 0;
  for (let i = 0; i < N; i++) {
    const x = b.x[i], y = b.y[i];
    if (!(x > 0 && x < W && y > 0 && y < H)) outside++;
    floorOverlap = Math.max(floorOverlap, R - y);
    wallOverlap = Math.max(wallOverlap, R - x, x - (W - R));
    maxSpeed = Math.max(maxSpeed, Math.hypot(b.vx[i], b.vy[i]));
  }
  // Ball–ball overlaps: sort by x, sweep (exact, no engine query).
  const order = Array.from({ length: N }, (_, i) => i).sort((p, q) => b.x[p] - b.x[q]);
  for (let p = 0; p < N; p++) {
    const i = order[p];
    for (let q = p + 1; q < N && b.x[order[q]] - b.x[i] < 2 * R; q++) {
      const j = order[q];
      ballOverlap = Math.max(ballOverlap, 2 * R - Math.hypot(b.x[i] - b.x[j], b.y[i] - b.y[j]));
    }
  }
  return { outside, floorOverlap, wallOverlap, ballOverlap, maxSpeed };
}

for (const sleep of [true, false]) {
  wtest(`1,000 balls in a box after 20 s, sleeping ${sleep ? 'on' : 'off'}: all inside, overlaps ≤ 5 mm, speeds < 0.01 m/s`, { timeout: 300000 }, () => {
    const r = pile(sleep);
    console.log(`resting (sleep ${sleep}): outside ${r.outside}, floor overlap ${(1000 * r.floorOverlap).toFixed(2)} mm, wall ${(1000 * r.wallOverlap).toFixed(2)} mm, ball–ball ${(1000 * r.ballOverlap).toFixed(2)} mm, max speed ${r.maxSpeed.toExponential(2)} m/s`);
    assert.equal(r.outside, 0);
    assert.ok(r.floorOverlap <= 0.005, `floor overlap ${r.floorOverlap} m`);
    assert.ok(r.wallOverlap <= 0.005, `wall overlap ${r.wallOverlap} m`);
    assert.ok(r.ballOverlap <= 0.005, `ball–ball overlap ${r.ballOverlap} m`);
    assert.ok(r.maxSpeed < 0.01, `max speed ${r.maxSpeed} m/s`);
  });
}
