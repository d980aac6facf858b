// Scalar queries through the public API: conventions, edges, bad input, and
// a randomized comparison against an independent float64 reference.
// Tolerances of the property tests: float32 results are compared with the
// float64 reference to 1e-5 (distances, points) or 1e-4 (contacts) times the
// scene's scale (largest |coordinate| + radii + 1); cases whose reference
// distance is within that tolerance of the touching boundary are skipped,
// since float32 cannot decide them.
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  init, closestPointOnSegment, collideCapsuleCircle, createContact, closestPointsOnSegments, pointInCircle,
  pointInCapsule, collideCircles, collideSegmentCircle, collideLineCircle, lineSignedDistance, collideCapsules,
  createManifold, pushOut, capsuleFromAxis, capsuleFromAngle,
} from 'capsule2d';
import * as ref from '../helpers/reference.js';

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

// ---- closest points between segments -------------------------------------

test('closestPointsOnSegments: crossing, skew, zero-length', () => {
  assert.deepEqual(closestPointsOnSegments(0, 0, 2, 2, 0, 2, 2, 0), { x1: 1, y1: 1, s: 0.5, x2: 1, y2: 1, t: 0.5, distance: 0 });
  const p = closestPointsOnSegments(3, 3, 3, 3, 0, 0, 10, 0);
  assert.equal(p.s, 0);
  assert.equal(p.x1, 3);
  assert.equal(p.t, f(0.3));
  assert.equal(p.distance, 3);
  assert.equal(closestPointsOnSegments(1, 1, 1, 1, 4, 5, 4, 5).distance, 5);
});

test('closestPointsOnSegments: parallel overlap gives the pair with the smallest s', () => {
  const p = closestPointsOnSegments(0, 0, 10, 0, 4, 1, 12, 1);
  assert.equal(p.s, f(0.4));
  assert.equal(p.x2, 4);
  assert.equal(p.distance, 1);
  const r = { x1: 0, y1: 0, s: 0, x2: 0, y2: 0, t: 0, distance: 0 };
  assert.equal(closestPointsOnSegments(0, 0, 10, 0, -5, 1, 5, 1, r), r);
  assert.deepEqual(r, { x1: 0, y1: 0, s: 0, x2: 0, y2: 1, t: 0.5, distance: 1 });
});

// ---- point tests ----------------------------------------------------------

test('pointInCircle / pointInCapsule: the boundary counts as inside', () => {
  assert.equal(pointInCircle(0, 0, 5, 3, 4), true);
  assert.equal(pointInCircle(0, 0, 5, 3, 4.0001), false);
  assert.equal(pointInCircle(1, 1, 0, 1, 1), true);
  assert.equal(pointInCapsule(0, 0, 10, 0, 1, 5, 1), true);
  assert.equal(pointInCapsule(0, 0, 10, 0, 1, 11, 0), true);
  assert.equal(pointInCapsule(0, 0, 10, 0, 1, 11, 0.1), false);
  assert.equal(pointInCapsule(2, 2, 2, 2, 1, 2, 3), true); // zero-length core: a circle
  assert.equal(pointInCapsule(0, 0, 1e20, 0, 1e19, 5e19, 1e19), true);
  assert.equal(pointInCapsule(0, 0, 1e20, 0, 1e19, 5e19, 1.1e19), false);
});

// ---- circles and segments ---------------------------------------------------

test('collideCircles: normal A -> B, touching, coincident centres', () => {
  assert.deepEqual(collideCircles(0, 0, 1, 1.5, 0, 1), { nx: 1, ny: 0, depth: 0.5, pointX: 1, pointY: 0, coreX: 0, coreY: 0 });
  assert.equal(collideCircles(1.5, 0, 1, 0, 0, 1).nx, -1);
  assert.equal(collideCircles(0, 0, 1, 0, -2, 1).depth, 0);
  assert.equal(collideCircles(0, 0, 1, 0, -2.0000002, 1), null);
  const c = collideCircles(3, 3, 1, 3, 3, 2);
  assert.ok(Object.is(c.nx, 0));
  assert.equal(c.ny, 1);
  assert.equal(c.depth, 3);
});

test('collideSegmentCircle equals collideCapsuleCircle with radius 0', () => {
  const a = collideSegmentCircle(0, 0, 6, 0, 3, -0.5, 1);
  assert.deepEqual(a, collideCapsuleCircle(0, 0, 6, 0, 0, 3, -0.5, 1));
  assert.deepEqual(a, { nx: 0, ny: -1, depth: 0.5, pointX: 3, pointY: 0, coreX: 3, coreY: 0 });
  assert.equal(collideSegmentCircle(0, 0, 6, 0, 3, 0, 1).ny, 1); // centre on it: left normal
  assert.equal(collideSegmentCircle(0, 0, 6, 0, 8, 0, 1), null);
});

// ---- lines -------------------------------------------------------------------

test('lineSignedDistance: positive on the left of A->B (y up), A = B throws', () => {
  assert.equal(lineSignedDistance(0, 0, 2, 0, 5, 3), 3);
  assert.equal(lineSignedDistance(0, 0, 2, 0, 5, -3), -3);
  assert.equal(lineSignedDistance(2, 0, 0, 0, 5, 3), -3);
  assert.equal(lineSignedDistance(0, 0, 0, 4, -1, 9), 1); // left of "up" is -x
  assert.throws(() => lineSignedDistance(1, 1, 1, 1, 5, 3), { name: 'RangeError', message: /\(ax, ay\) and \(bx, by\).*A = B/ });
});

test('collideLineCircle: normal toward the centre, d = 0 gives the left normal, A = B throws', () => {
  const below = collideLineCircle(0, 0, 2, 0, 5, -0.5, 1);
  assert.deepEqual(below, { nx: 0, ny: -1, depth: 0.5, pointX: 5, pointY: 0, coreX: 5, coreY: 0, distance: -0.5 });
  const on = collideLineCircle(0, 0, 2, 0, -7, 0, 1);
  assert.ok(Object.is(on.nx, -0) === false && on.ny === 1 && on.depth === 1 && on.distance === 0);
  assert.equal(collideLineCircle(0, 0, 2, 0, 5, 1, 1).depth, 0);
  assert.equal(collideLineCircle(0, 0, 2, 0, 5, 1.0000001, 1), null);
  assert.throws(() => collideLineCircle(3, 3, 3, 3, 0, 0, 1), { name: 'RangeError', message: /\(ax, ay\) and \(bx, by\).*A = B/ });
});

// ---- capsule-capsule ----------------------------------------------------------

test('collideCapsules: crossing cores take A\'s left perpendicular, flipped toward B', () => {
  const up = collideCapsules(0, 0, 4, 0, 0.5, 2, -1, 2, 3, 0.5);
  assert.equal(up.count, 1);
  assert.ok(Object.is(up.nx, 0));
  assert.equal(up.ny, 1);
  assert.equal(up.depth, 1);
  const down = collideCapsules(0, 0, 4, 0, 0.5, 2, 1, 2, -3, 0.5);
  assert.equal(down.ny, -1);
  assert.ok(Object.is(down.nx, 0));
});

test('collideCapsules: parallel overlap gives two points bounding the stretch', () => {
  const m = collideCapsules(0, 0, 10, 0, 1, 4, 1.5, 12, 1.5, 1);
  assert.deepEqual(m, {
    nx: 0, ny: 1, depth: 0.5, pointX: 4, pointY: 1, coreX: 4, coreY: 0,
    count: 2, depth2: 0.5, point2X: 10, point2Y: 1, core2X: 10, core2Y: 0,
  });
  // tilted by 1e-5: still parallel, the deeper end first
  const t = collideCapsules(0, 0, 10, 0, 1, 0, 1.50001, 10, 1.5, 1);
  assert.equal(t.count, 2);
  assert.equal(t.coreX, 10);
  assert.ok(t.depth > t.depth2);
  // end to end: one point
  const e = collideCapsules(0, 0, 1, 0, 1, 3, 0, 5, 0, 1);
  assert.equal(e.count, 1);
  assert.equal(e.depth, 0);
  const r = createManifold();
  r.depth = 42;
  assert.equal(collideCapsules(0, 0, 1, 0, 1, 3.000001, 0, 5, 0, 1, r), null);
  assert.equal(r.depth, 42);
  assert.equal(collideCapsules(0, 0, 1, 0, 1, 2, 0, 5, 0, 1, r), r);
  assert.equal(r.depth, 1);
});

// ---- pushOut -------------------------------------------------------------------

test('pushOut: normal * depth moves B out of A', () => {
  const c = collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1);
  const o = pushOut(c);
  assert.deepEqual(o, { x: 0, y: 0.5 });
  const moved = collideCapsuleCircle(0, 0, 10, 0, 1, 4 + o.x, 1.5 + o.y, 1);
  assert.equal(moved.depth, 0);
  const r = { x: 9, y: 9 };
  assert.equal(pushOut(c, r), r);
  assert.throws(() => pushOut(null), { name: 'TypeError', message: /contact/ });
  assert.throws(() => pushOut({ nx: 0, ny: 1, depth: NaN }), { name: 'RangeError', message: /contact\.depth/ });
  assert.throws(() => pushOut({ nx: '0', ny: 1, depth: 1 }), { name: 'TypeError', message: /contact\.nx/ });
});

// ---- capsule builders ------------------------------------------------------------

test('capsuleFromAxis: normalises the axis; zero axis throws', () => {
  assert.deepEqual(capsuleFromAxis(1, 2, 0, 5, 4, 0.5), { ax: 1, ay: 0, bx: 1, by: 4, radius: 0.5 });
  assert.deepEqual(capsuleFromAxis(0, 0, 1e-30, 0, 2, 0), { ax: -1, ay: 0, bx: 1, by: 0, radius: 0 });
  assert.throws(() => capsuleFromAxis(0, 0, 0, 0, 1, 1), { name: 'RangeError', message: /axisX, axisY/ });
  assert.throws(() => capsuleFromAxis(0, 0, 1, 0, -1, 1), { name: 'RangeError', message: /length/ });
  // an endpoint beyond the coordinate range (±1e38) overflows; an argument beyond it is named
  assert.throws(() => capsuleFromAxis(9e37, 0, 1, 0, 1e38, 1), { name: 'RangeError', message: /overflows the coordinate range/ });
  assert.throws(() => capsuleFromAxis(3e38, 0, 1, 0, 1, 1), { name: 'RangeError', message: /cx must be within ±1e38/ });
  const r = { ax: 0, ay: 0, bx: 0, by: 0, radius: 0 };
  assert.equal(capsuleFromAxis(0, 0, 3, 4, 10, 1, r), r);
  assert.ok(Math.abs(r.bx - 3) < 1e-6 && Math.abs(r.by - 4) < 1e-6);
});

test('capsuleFromAngle: B - A = length * (cos, sin) within 2e-7 for |angle| <= 1e4', () => {
  let worst = 0;
  for (let i = -20000; i <= 20000; i++) {
    const angle = f(i * 0.5 + 0.123);
    const c = capsuleFromAngle(0, 0, angle, 2, 0); // B = (cos, sin) exactly
    worst = Math.max(worst, Math.abs(c.bx - Math.cos(angle)), Math.abs(c.by - Math.sin(angle)));
    assert.equal(c.ax, -c.bx);
  }
  assert.ok(worst <= 2e-7, `worst error ${worst}`);
  assert.deepEqual(capsuleFromAngle(1, 1, 0, 4, 0.5), { ax: -1, ay: 1, bx: 3, by: 1, radius: 0.5 });
  for (const big of [1e10, -3e38, 3.4e38]) {
    const c = capsuleFromAngle(0, 0, big, 2, 0);
    assert.ok(Math.abs(Math.hypot(c.bx, c.by) - 1) < 1e-6, `bounded at ${big}`);
  }
});

// ---- bad input for every query ------------------------------------------------------

test('bad input: every query names the argument', () => {
  assert.throws(() => closestPointsOnSegments(0, 0, 1, 1, 0, 0, 1, 'x'), { name: 'TypeError', message: /q2y/ });
  assert.throws(() => closestPointsOnSegments(0, 0, 1, Infinity, 0, 0, 1, 1), { name: 'RangeError', message: /q1y/ });
  assert.throws(() => pointInCircle(0, 0, -1, 0, 0), { name: 'RangeError', message: /radius.*-1/ });
  assert.throws(() => pointInCapsule(0, 0, 1, 1, 1, NaN, 0), { name: 'RangeError', message: /px.*NaN/ });
  assert.throws(() => collideCircles(0, 0, 1, 0, 0, -2), { name: 'RangeError', message: /br/ });
  assert.throws(() => collideCircles(0, 0, 1, 0, 0, 1, 'r'), { name: 'TypeError', message: /result/ });
  assert.throws(() => collideSegmentCircle(0, 0, 1, 1, 0, 0, 1e39), { name: 'RangeError', message: /circleRadius/ });
  assert.throws(() => collideLineCircle(0, 0, 1, 1, 0n, 0, 1), { name: 'TypeError', message: /cx/ });
  assert.throws(() => lineSignedDistance(0, 0, 1, 1, 0, -Infinity), { name: 'RangeError', message: /py/ });
  assert.throws(() => collideCapsules(0, 0, 1, 1, 1, 0, 0, 1, 1, -0.1), { name: 'RangeError', message: /r2/ });
  assert.throws(() => capsuleFromAngle(0, 0, NaN, 1, 1), { name: 'RangeError', message: /angle/ });
  assert.throws(() => capsuleFromAngle(0, 0, 1, 1, 1, null), { name: 'TypeError', message: /result/ });
});

// ---- properties against the float64 reference -------------------------------------------

test('property: closestPointsOnSegments distance matches the reference (tol 1e-5 · scale)', () => {
  fc.assert(
    fc.property(fc.array(coord, { minLength: 8, maxLength: 8 }), (v) => {
      const a = v.map(f);
      const got = closestPointsOnSegments(...a);
      const want = ref.segmentDistance(...a);
      const scale = Math.max(...a.map(Math.abs)) + 1;
      assert.ok(Math.abs(got.distance - want) <= 1e-5 * scale, `${got.distance} vs ${want}`);
      assert.ok(got.s >= 0 && got.s <= 1 && got.t >= 0 && got.t <= 1);
      // the points are on their segments at their parameters
      assert.ok(Math.abs(got.x1 - (a[0] + got.s * (a[2] - a[0]))) <= 1e-5 * scale);
      assert.ok(Math.abs(got.y2 - (a[5] + got.t * (a[7] - a[5]))) <= 1e-5 * scale);
    }),
    { numRuns: 3000 },
  );
});

test('property: collideCapsules agrees with the reference away from touching', () => {
  fc.assert(
    fc.property(coord, coord, coord, coord, rad, coord, coord, coord, coord, rad, (...v) => {
      const a = v.map(f);
      const [a1x, a1y, b1x, b1y, r1, a2x, a2y, b2x, b2y, r2] = a;
      const d = ref.segmentDistance(a1x, a1y, b1x, b1y, a2x, a2y, b2x, b2y);
      const scale = Math.max(...a.map(Math.abs)) + 1;
      const tol = 1e-5 * scale;
      const got = collideCapsules(...a);
      if (Math.abs(d - (r1 + r2)) <= tol) return;
      assert.equal(got !== null, d <= r1 + r2);
      if (!got) return;
      assert.ok(Math.abs(got.depth - (r1 + r2 - d)) <= tol, `depth ${got.depth} vs ${r1 + r2 - d}`);
      assert.ok(Math.abs(Math.hypot(got.nx, got.ny) - 1) <= 1e-6);
      assert.ok(got.depth >= 0 && (got.count === 1 || (got.count === 2 && got.depth2 >= 0 && got.depth2 <= got.depth)));
    }),
    { numRuns: 3000 },
  );
});

test('property: lineSignedDistance and collideLineCircle match the reference', () => {
  fc.assert(
    fc.property(coord, coord, coord, coord, coord, coord, rad, (...v) => {
      const [ax, ay, bx, by, cx, cy, r] = v.map(f);
      if (Math.hypot(bx - ax, by - ay) < 1e-3) return;
      const want = ref.lineSignedDistance(ax, ay, bx, by, cx, cy);
      const scale = Math.max(...[ax, ay, bx, by, cx, cy].map(Math.abs)) + 1;
      const tol = 1e-5 * scale * (1 + scale / Math.hypot(bx - ax, by - ay));
      const got = lineSignedDistance(ax, ay, bx, by, cx, cy);
      assert.ok(Math.abs(got - want) <= tol, `${got} vs ${want}`);
      if (Math.abs(Math.abs(want) - r) <= tol) return;
      const hit = collideLineCircle(ax, ay, bx, by, cx, cy, r);
      assert.equal(hit !== null, Math.abs(want) <= r);
      if (hit && Math.abs(want) > tol) {
        // normal points to the centre's side
        const side = (hit.nx * (cx - hit.coreX) + hit.ny * (cy - hit.coreY));
        assert.ok(side >= 0);
      }
    }),
    { numRuns: 3000 },
  );
});

test('no -0 in normals, even from -0 inputs', () => {
  const c = collideCircles(0, 0, 1, -0, 2, 1);
  assert.ok(Object.is(c.nx, 0) && c.ny === 1);
  const s = collideCapsuleCircle(-0, 0, -0, 5, 0.5, -0, 7, 2);
  assert.ok(Object.is(s.nx, 0));
  const m = collideCapsules(-0, 0, -0, 5, 1, -0, 6, -0, 9, 1);
  assert.ok(Object.is(m.nx, 0));
  const l = collideLineCircle(0, 0, -0, 5, 0.5, 2, 1);
  assert.ok(Object.is(l.ny, 0) && l.nx === 1); // centre right of an upward line
});

test('huge (1e20) and tiny (1e-30) coordinates give finite, correct answers', () => {
  const c = collideCircles(0, 0, 1e20, 2e20, 0, 1e20);
  assert.ok(c && c.depth === 0 && c.nx === 1);
  assert.equal(collideCircles(0, 0, 1e-30, 3e-30, 0, 1e-30), null);
  assert.equal(collideCircles(0, 0, 1e-30, 0, 1.5e-30, 1e-30).ny, 1);
  assert.ok(Math.abs(closestPointsOnSegments(-1e20, 0, 1e20, 0, 0, 1e20, 0, 3e19).distance / 3e19 - 1) < 1e-5);
  assert.equal(lineSignedDistance(0, 0, 1e20, 0, 0, 1e20), f(1e20));
  assert.equal(lineSignedDistance(0, 0, 1e-30, 0, 7, -2e-30), f(-2e-30));
  const m = collideCapsules(-1e20, 0, 1e20, 0, 1e19, -1e20, 1.5e19, 1e20, 1.5e19, 1e19);
  assert.ok(m && m.count === 2 && m.ny === 1 && Math.abs(m.depth / 5e18 - 1) < 1e-5);
  const t = collideCapsules(0, 0, 1e-29, 0, 1e-30, 0, 1.5e-30, 1e-29, 1.5e-30, 1e-30);
  assert.ok(t && t.count === 2 && t.ny === 1 && Number.isFinite(t.depth));
  assert.equal(pointInCircle(1e20, 1e20, 1e19, 1e20, 1.1e20), true); // exactly on
  assert.equal(pointInCircle(1e20, 1e20, 1e19, 1e20, 1.2e20), false);
  assert.equal(pointInCircle(1e-30, 1e-30, 1e-30, 1e-30, 2e-30), true);
});

test('every function in query.d.ts is exported, and nothing else', async () => {
  const { readFileSync } = await import('node:fs');
  const dts = readFileSync(new URL('../../dist/query.d.ts', import.meta.url), 'utf8');
  const declared = [...dts.matchAll(/^export function (\w+)/gm)].map((m) => m[1]).sort();
  const api = await import('capsule2d');
  for (const name of declared) assert.equal(typeof api[name], 'function', name);
  const js = readFileSync(new URL('../../dist/query.js', import.meta.url), 'utf8');
  const exported = [...js.matchAll(/^export function (\w+)/gm)].map((m) => m[1]).sort();
  assert.deepEqual(exported, declared);
});

test('result reuse: every contact query fills `result` on a hit and leaves it alone on a miss', () => {
  const cases = [
    [collideCircles, [0, 0, 1, 1.5, 0, 1], [0, 0, 1, 5, 0, 1]],
    [collideSegmentCircle, [0, 0, 6, 0, 3, -0.5, 1], [0, 0, 6, 0, 3, -5, 1]],
    [collideLineCircle, [0, 0, 2, 0, 5, -0.5, 1], [0, 0, 2, 0, 5, -5, 1]],
    [collideCapsuleCircle, [0, 0, 10, 0, 1, 4, 1.5, 1], [0, 0, 10, 0, 1, 4, 9, 1]],
    [collideCapsules, [0, 0, 4, 0, 0.5, 2, -1, 2, 3, 0.5], [0, 0, 4, 0, 0.5, 2, 5, 2, 9, 0.5]],
  ];
  for (const [fn, hit, miss] of cases) {
    const r = { marker: 1 };
    assert.equal(fn(...miss, r), null, fn.name);
    assert.deepEqual(r, { marker: 1 }, `${fn.name} touched result on a miss`);
    assert.equal(fn(...hit, r), r, fn.name);
    assert.equal(r.marker, 1);
    assert.deepEqual({ ...r, marker: undefined }, { ...fn(...hit), marker: undefined }, fn.name);
  }
});

test('property: collideCircles and pointInCapsule match the float64 reference away from the boundary', () => {
  fc.assert(
    fc.property(coord, coord, rad, coord, coord, rad, coord, coord, (ax, ay, ar, bx, by, br, px, py) => {
      [ax, ay, ar, bx, by, br, px, py] = [ax, ay, ar, bx, by, br, px, py].map(f);
      const d = Math.hypot(bx - ax, by - ay);
      const tol = 1e-4 * (Math.max(...[ax, ay, bx, by].map(Math.abs)) + ar + br + 1);
      if (Math.abs(d - (ar + br)) > tol) {
        const c = collideCircles(ax, ay, ar, bx, by, br);
        assert.equal(c !== null, d <= ar + br);
        if (c) {
          assert.ok(Math.abs(c.depth - (ar + br - d)) <= tol);
          if (d > tol) assert.ok(Math.abs(c.nx - (bx - ax) / d) <= 1e-3 && Math.abs(c.ny - (by - ay) / d) <= 1e-3);
        }
      }
      const q = ref.closestPointOnSegment(ax, ay, bx, by, px, py);
      const dq = Math.hypot(px - q.x, py - q.y);
      if (Math.abs(dq - ar) > tol) assert.equal(pointInCapsule(ax, ay, bx, by, ar, px, py), dq <= ar);
    }),
    { numRuns: 3000 },
  );
});
