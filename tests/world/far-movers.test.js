// Fast balls that are not bullets against other fast balls coming from far
// away in the same step (ccd.c: the far movers, a coarse grid of the starts
// of the balls already swept): two balls flying head on, at an angle, and a
// fast ball against a row of fast balls never pass through each other nor
// end deeper than the slop, at 3 to 6,000 m/s (no speed cap; the depth from
// 6 m/s: below, the solver's). Mutants, each checked:
//  - far_add adding nothing (the old candidates: the grid around the path
//    only): all three tests fail (60 and 120 m/s pass through head on), and
//    bullet.test.js's head-on test;
//  - far_add not keeping the longest moves (mx, my stay 0: only far movers
//    starting near the path): the head-on test fails (and bullet.test.js's).
//  - the met ball not pulled back to the meeting (pair_min's caller): the
//    crossing test fails (79 of 230 crossings untouched).
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

const R = 0.1, SLOP = 0.005, TOL = 1e-4;
const SPEEDS = [3, 6, 10, 15, 20, 30, 60, 120, 600, 6000];

/**
 * How near two balls' centres came inside a step along their relative path (from a to b) when the
 * nearest point is inside the step (they went through each other's core and out again: swapped or
 * passed through); Infinity when it is an end (the end's depth is checked apart) or when they
 * started within 2R - slop (the solver's).
 */
function through(ax, ay, bx, by) {
  if (Math.hypot(ax, ay) < 2 * R - SLOP) return Infinity;
  const dx = bx - ax, dy = by - ay, dd = dx * dx + dy * dy;
  const u = dd > 0 ? -(ax * dx + ay * dy) / dd : 0;
  return u > 0 && u < 1 ? Math.hypot(ax + u * dx, ay + u * dy) : Infinity;
}

/**
 * Balls given as [x, y, vx, vy] (radius R, no gravity), stepped `steps` times; every step each pair is
 * checked: passed through (relative path within 2R - slop - tol of the other's centre) or ended deeper
 * than the slop. Returns { swapped, deep, touched } (touched: the first ball's velocity changed).
 */
function run(balls, steps = 300) {
  const w = new World({ gravityX: 0, gravityY: 0, sleep: false, ballCapacity: balls.length });
  for (const [x, y, vx, vy] of balls) w.addBall(x, y, R, { vx, vy });
  const b = w.balls, n = balls.length;
  let swapped = 0, deep = 0, touched = false;
  for (let s = 0; s < steps; s++) {
    const x0 = Float64Array.from(b.x), y0 = Float64Array.from(b.y);
    w.step();
    if (Math.abs(b.vx[0] - balls[0][2]) + Math.abs(b.vy[0] - balls[0][3]) > 1e-3 * Math.hypot(balls[0][2], balls[0][3])) touched = true;
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const m = through(x0[j] - x0[i], y0[j] - y0[i], b.x[j] - b.x[i], b.y[j] - b.y[i]);
        if (m < 2 * R - SLOP - TOL) swapped++;
        if (Math.hypot(x0[j] - x0[i], y0[j] - y0[i]) >= 2 * R - SLOP) deep = Math.max(deep, 2 * R - Math.hypot(b.x[j] - b.x[i], b.y[j] - b.y[i]));
      }
    if (touched && s > 2) break;
  }
  w.destroy();
  return { swapped, deep, touched };
}

test('two plain balls flying head on at 3 to 6,000 m/s, 20 start gaps, offsets across 0 to 0.15: they meet, never swap, never deeper than the slop', (t) => {
  const rows = [];
  for (const v of SPEEDS) {
    let untouched = 0, swapped = 0, deep = 0, shots = 0;
    for (let k = 0; k < 20; k++)
      for (const across of [0, 0.05, 0.15]) {
        const y0 = 2 + k * 0.0731;
        const r = run([[across, y0, 0, -v], [0, -y0, 0, v]]);
        shots++;
        untouched += !r.touched;
        swapped += r.swapped;
        deep = Math.max(deep, r.deep);
      }
    rows.push(`${v} m/s: ${untouched}/${shots} untouched, ${swapped} swaps, deepest ${(deep * 1000).toFixed(2)} mm`);
    assert.equal(untouched, 0, `${v} m/s: ${untouched} shots untouched`);
    assert.equal(swapped, 0, `${v} m/s: ${swapped} swaps`);
    // (At 3 m/s, half a radius a step, neither is fast: the solver's soft
    // contact lets them in up to 77 mm, as before this sweep; not asserted.)
    if (v > 3) assert.ok(deep <= SLOP + TOL, `${v} m/s: ${deep}`);
  }
  t.diagnostic(rows.join('; '));
});

test('two plain balls crossing at an angle (every 15°, paths meeting mid-step): both deflected, never swap, never deeper than the slop', (t) => {
  let missed = 0, shots = 0;
  for (const v of SPEEDS)
    for (let deg = 15; deg < 360; deg += 15) {
      const a = (deg * Math.PI) / 180;
      // Both reach the origin at the same time: 0.37 steps in, plus a few steps' run-up.
      const tHit = (3.37 * 1) / 60;
      const b1 = [-v * tHit, 0.01, v, 0];
      const b2 = [-v * tHit * Math.cos(a), -v * tHit * Math.sin(a), v * Math.cos(a), v * Math.sin(a)];
      const r = run([b1, b2], 8);
      shots++;
      missed += !r.touched;
      assert.equal(r.swapped, 0, `${v} m/s at ${deg}°`);
      if (v > 6) assert.ok(r.deep <= SLOP + TOL, `${v} m/s at ${deg}°: ${r.deep}`); // (fast: more than a radius a step)
    }
  // The later slot meets the first mid-way and pulls it back to the
  // meeting (ccd.c, pair_min). Mutant: not pulling it back (the first flew
  // on ahead of the stopped one): 79 of 230 untouched.
  t.diagnostic(`${missed}/${shots} crossings without a touch of the first ball`);
  assert.equal(missed, 0);
});

test('a fast ball against a row of 8 fast balls flying the other way (and across): no pair swaps, none deeper than the slop', () => {
  for (const v of SPEEDS)
    for (const across of [0, 0.07]) {
      const balls = [[0, -3, 0, v]];
      for (let i = 0; i < 8; i++) balls.push([across * (i % 2 ? -1 : 1), 3 + 0.6 * i + 0.0731 * (v % 7), 0.3 * v * (i % 2 ? 1 : -1) / 60, -v]);
      const r = run(balls, 12);
      assert.equal(r.swapped, 0, `${v} m/s, across ${across}`);
      if (v > 6) assert.ok(r.deep <= SLOP + TOL, `${v} m/s, across ${across}: ${r.deep}`); // (fast: more than a radius a step)
    }
});
