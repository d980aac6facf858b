// Scalar queries through the public API: conventions, edges, bad input, and
// a randomized comparison against an independent float64 reference.
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { init, closestPointOnSegment, collideCapsuleCircle, createContact } from 'capsule2d';
import * as ref from './reference.js';

await init();

test('closestPointOnSegment: interior, clamped ends, exact endpoints', () => {
  assert.deepEqual(closestPointOnSegment(0, 0, 10, 0, 3, 5), { x: 3, y: 0, t: Math.fround(0.3) });
  assert.deepEqual(closestPointOnSegment(1, 2, 4, 6, -10, -10), { x: 1, y: 2, t: 0 });
  assert.deepEqual(closestPointOnSegment(1, 2, 4, 6, 40, 60), { x: 4, y: 6, t: 1 });
});

test('closestPointOnSegment: zero-length segment gives A and t = 0', () => {
  assert.deepEqual(closestPointOnSegment(2, 3, 2, 3, 7, -1), { x: 2, y: 3, t: 0 });
});

test('closestPointOnSegment: writes into a caller-owned result', () => {
  const r = { x: 0, y: 0, t: 0 };
  assert.equal(closestPointOnSegment(0, 0, 0, 4, 1, 1, r), r);
  assert.deepEqual(r, { x: 0, y: 1, t: 0.25 });
});

test('collideCapsuleCircle: normal from capsule toward circle, depth, points', () => {
  const c = collideCapsuleCircle(0, 0, 10, 0, 1, 4, -1.5, 1);
  assert.deepEqual(c, { nx: 0, ny: -1, depth: 0.5, pointX: 4, pointY: -1, coreX: 4, coreY: 0 });
});

test('collideCapsuleCircle: exact touching is a hit with depth 0', () => {
  const c = collideCapsuleCircle(0, 0, 10, 0, 0.5, 12, 0, 1.5);
  assert.ok(c);
  assert.equal(c.depth, 0);
  assert.equal(collideCapsuleCircle(0, 0, 10, 0, 0.5, 12.000002, 0, 1.5), null);
});

test('collideCapsuleCircle: centre on the core gives the left normal; degenerate core gives (0, 1)', () => {
  const up = collideCapsuleCircle(0, 0, 0, 5, 0.25, 0, 2, 1);
  assert.equal(up.nx, -1);
  assert.ok(Object.is(up.ny, 0), 'no -0 in normals');
  assert.equal(up.depth, 1.25);
  const dot = collideCapsuleCircle(3, 3, 3, 3, 1, 3, 3, 2);
  assert.ok(Object.is(dot.nx, 0));
  assert.equal(dot.ny, 1);
  assert.equal(dot.depth, 3);
});

test('collideCapsuleCircle: a reused result is untouched on a miss', () => {
  const r = createContact();
  r.depth = 42;
  assert.equal(collideCapsuleCircle(0, 0, 1, 0, 0, 5, 5, 1, r), null);
  assert.equal(r.depth, 42);
  assert.equal(collideCapsuleCircle(0, 0, 1, 0, 0, 0.5, 0.5, 1, r), r);
  assert.equal(r.depth, 0.5);
});

test('bad input: TypeError for non-numbers, RangeError for non-finite and negative radii', () => {
  assert.throws(() => closestPointOnSegment('0', 0, 1, 1, 0, 0), { name: 'TypeError', message: /ax/ });
  assert.throws(() => closestPointOnSegment(0, NaN, 1, 1, 0, 0), { name: 'RangeError', message: /ay.*NaN/ });
  assert.throws(() => closestPointOnSegment(0, 0, 1, 1, 0, 3.5e38), { name: 'RangeError', message: /py/ });
  assert.throws(() => collideCapsuleCircle(0, 0, 1, 0, -1, 0, 0, 1), { name: 'RangeError', message: /capsuleRadius.*-1/ });
  assert.throws(() => collideCapsuleCircle(0, 0, 1, 0, 1, 0, 0, -0.5), { name: 'RangeError', message: /circleRadius/ });
  assert.throws(() => collideCapsuleCircle(0, 0, 1, 0, 1, 0, 0, 1, 5), { name: 'TypeError', message: /result/ });
});

// Random shapes within ±1000; float32 results vs the float64 reference.
const coord = fc.double({ min: -1000, max: 1000, noNaN: true });
const rad = fc.double({ min: 0, max: 50, noNaN: true });
const f = Math.fround;

test('property: closestPointOnSegment matches the float64 reference', () => {
  fc.assert(
    fc.property(coord, coord, coord, coord, coord, coord, (ax, ay, bx, by, px, py) => {
      [ax, ay, bx, by, px, py] = [ax, ay, bx, by, px, py].map(f);
      const got = closestPointOnSegment(ax, ay, bx, by, px, py);
      const want = ref.closestPointOnSegment(ax, ay, bx, by, px, py);
      const scale = Math.hypot(bx - ax, by - ay) + Math.hypot(px - ax, py - ay) + 1;
      assert.ok(Math.abs(got.x - want.x) <= 1e-5 * scale, `x ${got.x} vs ${want.x}`);
      assert.ok(Math.abs(got.y - want.y) <= 1e-5 * scale, `y ${got.y} vs ${want.y}`);
      assert.ok(got.t >= 0 && got.t <= 1);
    }),
    { numRuns: 2000 },
  );
});

test('property: collideCapsuleCircle agrees with the float64 reference away from the boundary', () => {
  fc.assert(
    fc.property(coord, coord, coord, coord, rad, coord, coord, rad, (ax, ay, bx, by, ra, cx, cy, rb) => {
      [ax, ay, bx, by, ra, cx, cy, rb] = [ax, ay, bx, by, ra, cx, cy, rb].map(f);
      const got = collideCapsuleCircle(ax, ay, bx, by, ra, cx, cy, rb);
      const want = ref.collideCapsuleCircle(ax, ay, bx, by, ra, cx, cy, rb);
      const tol = 1e-4 * (Math.hypot(bx - ax, by - ay) + Math.hypot(cx - ax, cy - ay) + ra + rb + 1);
      if (Math.abs(want.separation) <= tol) return; // too close to touching to call in float32
      assert.equal(got !== null, want.hit);
      if (!got) return;
      assert.ok(Math.abs(got.depth - want.depth) <= tol, `depth ${got.depth} vs ${want.depth}`);
      assert.ok(Math.abs(Math.hypot(got.nx, got.ny) - 1) <= 1e-6);
      if (want.distance > tol) {
        assert.ok(Math.abs(got.nx - want.nx) <= 1e-3 && Math.abs(got.ny - want.ny) <= 1e-3, 'normal');
      }
      // contact point lies on the capsule's surface, along the normal from the core point
      assert.ok(Math.abs(got.pointX - (got.coreX + got.nx * ra)) <= tol);
      assert.ok(Math.abs(got.pointY - (got.coreY + got.ny * ra)) <= tol);
    }),
    { numRuns: 3000 },
  );
});

test('init loads the SIMD build where the engine supports it', async () => {
  const { usingSimd, simdSupported } = await import('capsule2d');
  assert.equal(usingSimd(), simdSupported());
});
