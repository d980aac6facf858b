// Rays and swept circles against an exact reference (tests/exact-cast.js,
// BigInt arithmetic written from the math) over the inputs where float
// arithmetic goes wrong: paths grazing a flat side, paths nearly parallel to
// it, exact touches at the end of the path (integer Pythagorean
// configurations) and starts exactly on the surface, at many scales.
// Seeds are fixed (fast-check prints the seed and path of a failure).
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  init, rayCastCircle, rayCastSegment, rayCastCapsule, sweepCircleCircle, sweepCircleSegment, sweepCircleCapsule,
  collideCapsuleCircle, CapsuleSet, castRays, RayBatch, sweepCircles, SweepBatch, NO_HIT,
} from 'capsule2d';
import { exactRay, exactSweep, fixedToNumber, surfaceError } from '../helpers/exact-cast.js';

await init();
const f = Math.fround;
const RUNS = 1500;

// ---- the examples ----------------------------------------------------

test('grazing a flat side: a ball 2.2e-8 above the floor misses (exactly so)', () => {
  assert.equal(exactSweep({ ax: 0, ay: 1, bx: 10, by: 1, r: 0, x0: 5, y0: 1.1, x1: -5, y1: 1.1, rc: 0.1 }).hit, false);
  assert.equal(sweepCircleSegment(0, 1, 10, 1, 5, 1.1, -5, 1.1, 0.1), null);
  assert.equal(rayCastCapsule(0, 1, 10, 1, 0.1, 5, 1.1, -10, 0), null);
  // one float step lower it touches all along: starts inside, normal (0, 1)
  const y = f(1.1) - 2 ** -23;
  const h = sweepCircleSegment(0, 1, 10, 1, 5, y, -5, y, 0.1);
  assert.equal(h.startsInside, true);
  assert.deepEqual([h.t, h.nx, h.ny, h.pointY], [0, 0, 1, 1]);
});

test('a nearly parallel sweep hits the end cap with its point on the surface', () => {
  const h = sweepCircleSegment(0, 0, 7, 9, -12.421295166015625, -19.227880477905273, 15.578704833984375,
    16.772119522094727, 2);
  const ref = exactSweep({ ax: 0, ay: 0, bx: 7, by: 9, r: 0, x0: -12.421295166015625, y0: -19.227880477905273,
    x1: 15.578704833984375, y1: 16.772119522094727, rc: 2 });
  assert.ok(Math.abs(h.t - fixedToNumber(ref.s)) < 1e-7, `t ${h.t} vs exact ${fixedToNumber(ref.s)}`);
  assert.ok(Math.abs(h.x - 1.5782) < 1e-4 && Math.abs(h.y + 1.2285) < 1e-4);
  assert.ok(Math.abs(h.nx - 0.7891) < 1e-4 && Math.abs(h.ny + 0.6142) < 1e-4);
  assert.ok(Math.hypot(h.pointX, h.pointY) < 1e-6, `contact point (${h.pointX}, ${h.pointY})`);
  assert.ok(Math.abs(Math.hypot(h.x, h.y) - 2) < 1e-6, 'centre 2 from the segment');
});

test('an exact touch at the end of the path counts, as the static test says', () => {
  assert.deepEqual(rayCastCircle(0, 0, 5, 3, -6, 0, 2), { fraction: 1, x: 3, y: -4, nx: f(0.6), ny: f(-0.8), startsInside: false });
  const s = sweepCircleCircle(0, 0, 4, 3, -6, 3, -4, 1);
  assert.ok(s !== null && s.t === 1 && s.x === 3 && s.y === -4 && !s.startsInside);
  assert.notEqual(collideCapsuleCircle(0, 0, 0, 0, 4, 3, -4, 1), null);
});

test('a start on the surface is startsInside with fraction +0, never an exit point', () => {
  // on the flat side, on an end cap (3-4-5) and on a segment
  for (const h of [
    rayCastCapsule(0, 0, 10, 0, 2, 5, 2, 0, 1),
    rayCastCapsule(0, 0, 10, 0, 5, -3, 4, 1, 0),
    rayCastCapsule(0, 0, 10, 0, 5, -3, 4, -1, 0),
    rayCastSegment(0, 0, 10, 0, 4, 0, 1, 1),
  ]) {
    assert.equal(h.startsInside, true);
    assert.ok(Object.is(h.fraction, 0));
  }
});

// ---- properties against the exact reference ------------------------------------

const scales = [2 ** -10, 1e-3, 1, 1000, 2 ** 20, 1e6];
const shapeArb = fc.record({
  scale: fc.constantFrom(...scales),
  cx: fc.double({ min: -50, max: 50, noNaN: true }),
  cy: fc.double({ min: -50, max: 50, noNaN: true }),
  angle: fc.oneof(fc.constantFrom(0, Math.PI / 2, Math.PI / 4, Math.PI), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true })),
  len: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 20, noNaN: true })),
  r: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 5, noNaN: true })),
});

function shapeOf(s) {
  const ux = Math.cos(s.angle), uy = Math.sin(s.angle);
  return {
    ax: f((s.cx - ux * s.len / 2) * s.scale), ay: f((s.cy - uy * s.len / 2) * s.scale),
    bx: f((s.cx + ux * s.len / 2) * s.scale), by: f((s.cy + uy * s.len / 2) * s.scale),
    r: f(s.r * s.scale), ux, uy,
  };
}

/** A path near the shape's flat side: `offset` (in units of r or the scale)
 *  from the side, nearly parallel (`tilt` radians), nudged by `ulps`. */
const grazeArb = fc.record({
  shape: shapeArb,
  side: fc.constantFrom(1, -1),
  ulps: fc.integer({ min: -3, max: 3 }),
  along0: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  along1: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  tilt: fc.oneof(fc.constant(0), fc.double({ min: -1e-3, max: 1e-3, noNaN: true }), fc.double({ min: -1e-7, max: 1e-7, noNaN: true })),
  rc: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 2, noNaN: true })),
});

function grazePath(g) {
  const s = shapeOf(g.shape);
  const rc = f(g.rc * g.shape.scale);
  const nx = -s.uy * g.side, ny = s.ux * g.side;
  const mx = (s.ax + s.bx) / 2, my = (s.ay + s.by) / 2;
  const half = Math.max(g.shape.len, 1) * g.shape.scale;
  const dist = (s.r + rc) * (1 + g.ulps * 2 ** -24);
  const p = (t, tilt) => [mx + s.ux * t * half + nx * (dist + tilt * t * half), my + s.uy * t * half + ny * (dist + tilt * t * half)];
  const [x0, y0] = p(g.along0, 0), [x1, y1] = p(g.along1, g.tilt);
  return { s, rc, x0: f(x0), y0: f(y0), x1: f(x1), y1: f(y1) };
}

// Rounding bands, relative to the largest coordinate of the case: the start
// is decided by the float static tests (a few float32 ulps), the rest of the
// path in double from the float inputs (a few double ulps).
const START_BAND = 2 ** -20;
const PATH_BAND = 2 ** -40;
const T_TOL = 2e-6;

/**
 * One cast (ray or sweep) against the exact reference: the same hit or miss
 * unless the exact answer is within rounding of touching; startsInside only
 * for a start inside or within rounding of the surface, with fraction +0; on
 * a hit, the fraction within rounding of the exact earliest contact and the
 * reported point on the surface. Returns the outcome, for coverage counts.
 */
function judge(ref, h, { t = 'fraction', surface, long = false }) {
  const startAmb = Math.abs(ref.margins.start) <= START_BAND;
  const pathAmb = Math.abs(ref.margins.path) <= PATH_BAND;
  if (h !== null && h.startsInside) {
    assert.ok(ref.inside || startAmb, 'startsInside only inside or on the surface');
    assert.ok(Object.is(h[t], 0), 'startsInside: fraction +0');
    return 'inside';
  }
  if (ref.inside) {
    assert.ok(startAmb, 'exact: starts inside');
    // inside a convex shape, the first contact is at once: a later hit is
    // the exit point (unless even double rounding cannot tell)
    if (h !== null && long && Math.abs(ref.margins.start) > PATH_BAND) {
      assert.ok(h[t] <= 1e-6, `a start inside hit at ${h[t]}: an exit point`);
    }
    return 'inside';
  }
  if (!ref.hit) {
    assert.ok(h === null || pathAmb, `exact: miss (path margin ${ref.margins.path})`);
    if (h === null) return 'miss';
  } else {
    assert.ok(h !== null || pathAmb, `exact: hit at ${fixedToNumber(ref.s)} (path margin ${ref.margins.path})`);
    if (h === null) return 'miss';
    if (!pathAmb) {
      const te = fixedToNumber(ref.s);
      assert.ok(Math.abs(h[t] - te) <= T_TOL * Math.max(1, te), `${t} ${h[t]} vs exact ${te}`);
    }
  }
  assert.ok(h[t] >= 0, 'fraction in range');
  assert.ok(Math.abs(Math.hypot(h.nx, h.ny) - 1) < 1e-6, 'unit normal');
  assert.ok(!Object.is(h.nx, -0) && !Object.is(h.ny, -0), 'no -0 in the normal');
  surface(h);
  return 'hit';
}

/** Our sweep vs the exact one, and the static test along a missing path. */
function checkSweep(s, rc, x0, y0, x1, y1, scale) {
  const ref = exactSweep({ ...s, x0, y0, x1, y1, rc });
  const h = sweepCircleCapsule(s.ax, s.ay, s.bx, s.by, s.r, x0, y0, x1, y1, rc);
  const R = f(s.r + rc);
  const len = Math.hypot(x1 - x0, y1 - y0) / scale;
  const mag = Math.max(scale, ...[s.ax, s.ay, s.bx, s.by, x0, y0, x1, y1, R].map(Math.abs));
  const outcome = judge(ref, h, {
    t: 't',
    long: len > 1e-3,
    surface: (hit) => {
      assert.ok(hit.t <= 1);
      assert.ok(surfaceError(s.ax, s.ay, s.bx, s.by, R, hit.x, hit.y, mag) <= 1e-6 * Math.max(1, len), 'centre at r + rc from the core');
      assert.ok(surfaceError(s.ax, s.ay, s.bx, s.by, s.r, hit.pointX, hit.pointY, mag) <= 1e-6 * Math.max(1, len), 'point on the surface');
    },
  });
  // sample points are rounded to float32, so they may stray off a path that
  // grazes within rounding: check them where the path clears the shape
  if (h === null && Math.abs(ref.margins.path) > START_BAND) {
    for (let k = 0; k <= 8; k++) {
      const t = k / 8;
      const x = k === 8 ? x1 : x0 + t * (x1 - x0), y = k === 8 ? y1 : y0 + t * (y1 - y0);
      assert.equal(collideCapsuleCircle(s.ax, s.ay, s.bx, s.by, s.r, x, y, rc), null,
        `the static test overlaps at t = ${t} on a path the sweep misses`);
    }
  }
  if (collideCapsuleCircle(s.ax, s.ay, s.bx, s.by, s.r, x1, y1, rc) !== null) assert.ok(h !== null && h.t <= 1, 'touching at the end: hit');
  return outcome;
}

/** Our ray vs the exact one. */
function checkRay(s, ox, oy, dx, dy, maxFraction, scale, cast = rayCastCapsule) {
  const ref = exactRay({ ...s, ox, oy, dx, dy, maxFraction });
  const h = cast === rayCastCapsule ? cast(s.ax, s.ay, s.bx, s.by, s.r, ox, oy, dx, dy, maxFraction)
    : cast === rayCastSegment ? cast(s.ax, s.ay, s.bx, s.by, ox, oy, dx, dy, maxFraction)
      : cast(s.ax, s.ay, s.r, ox, oy, dx, dy, maxFraction);
  const len = Math.hypot(dx, dy) * maxFraction / scale;
  const mag = Math.max(scale, ...[s.ax, s.ay, s.bx, s.by, ox, oy, ox + dx * maxFraction, oy + dy * maxFraction, s.r].map(Math.abs));
  return judge(ref, h, {
    long: len > 1e-3,
    surface: (hit) => {
      assert.ok(hit.fraction <= maxFraction);
      assert.ok(surfaceError(s.ax, s.ay, s.bx, s.by, s.r, hit.x, hit.y, mag) <= 1e-6 * Math.max(1, len), 'point on the surface');
    },
  });
}

test('sweeps grazing and nearly parallel to a flat side match the exact reference', () => {
  const seen = { miss: 0, hit: 0, inside: 0 };
  fc.assert(fc.property(grazeArb, (g) => {
    const { s, rc, x0, y0, x1, y1 } = grazePath(g);
    seen[checkSweep(s, rc, x0, y0, x1, y1, g.shape.scale)]++;
  }), { seed: 14, numRuns: RUNS, includeErrorInReport: true });
  // the family must exercise every outcome, or it proves little
  assert.ok(seen.miss > 50 && seen.hit > 50 && seen.inside > 50, JSON.stringify(seen));
});

test('rays grazing and nearly parallel to a flat side match the exact reference', () => {
  const seen = { miss: 0, hit: 0, inside: 0 };
  fc.assert(fc.property(grazeArb, fc.double({ min: 0.25, max: 4, noNaN: true }), (g, mf) => {
    const { s, x0, y0, x1, y1 } = grazePath({ ...g, rc: 0 });
    const dx = x1 - x0, dy = y1 - y0;
    if (dx === 0 && dy === 0) return;
    seen[checkRay(s, x0, y0, f(dx), f(dy), f(mf), g.shape.scale)]++;
  }), { seed: 140, numRuns: RUNS, includeErrorInReport: true });
  assert.ok(seen.miss > 50 && seen.hit > 50 && seen.inside > 50, JSON.stringify(seen));
});

// Pythagorean triples: points at exactly distance c from a centre.
const triples = [[3, 4, 5], [5, 12, 13], [8, 15, 17], [20, 21, 29], [7, 24, 25], [0, 1, 1]];
const exactArb = fc.record({
  triple: fc.constantFrom(...triples),
  sx: fc.constantFrom(1, -1), sy: fc.constantFrom(1, -1), swap: fc.boolean(),
  k: fc.constantFrom(2 ** -8, 1, 2 ** 10, 3, 2 ** 20),
  cx: fc.integer({ min: -40, max: 40 }), cy: fc.integer({ min: -40, max: 40 }),
  len: fc.integer({ min: 0, max: 30 }),
  vertical: fc.boolean(),
  dx: fc.integer({ min: -50, max: 50 }), dy: fc.integer({ min: -50, max: 50 }),
  rc: fc.integer({ min: 0, max: 3 }),
});

/** A capsule (axis-aligned, integer coordinates, radius c·k) and a point
 *  exactly on its surface: a triple offset from an end or a perpendicular
 *  offset from the side. */
function exactSurface(e) {
  const [a0, b0, c] = e.triple;
  const [a, b] = e.swap ? [b0, a0] : [a0, b0];
  const k = e.k;
  const ax = e.cx * k, ay = e.cy * k;
  const bx = e.vertical ? ax : ax + e.len * k, by = e.vertical ? ay + e.len * k : ay;
  // on the end cap at b (beyond it along the axis), or beside the middle
  let px, py;
  if (e.len === 0 || e.sx > 0) {
    px = bx + (e.vertical ? a * e.sx : Math.abs(a)) * k;
    py = by + (e.vertical ? Math.abs(b) : b * e.sy) * k;
  } else {
    px = e.vertical ? ax + c * k * e.sy : ax + Math.floor(e.len / 2) * k;
    py = e.vertical ? ay + Math.floor(e.len / 2) * k : ay + c * k * e.sy;
  }
  return { s: { ax, ay, bx, by, r: c * k }, px, py, k };
}

test('paths that touch exactly at their end (integer triples) hit at t = 1, as the static test says', () => {
  let hits = 0;
  fc.assert(fc.property(exactArb, (e) => {
    const { s, px, py, k } = exactSurface(e);
    // the sweep ends with its circle (radius rc·k) touching at (px, py): the
    // end centre sits rc·k further out along the outward normal, so use
    // rc = 0 there (a ray) and a grown capsule for the sweep
    if (e.dx === 0 && e.dy === 0) return;
    const ox = px - e.dx * k, oy = py - e.dy * k;
    const ref = exactRay({ ...s, ox, oy, dx: e.dx * k, dy: e.dy * k, maxFraction: 1 });
    if (!ref.hit || ref.inside) return;
    assert.ok(ref.touchEnd, 'the construction touches at the end');
    const h = rayCastCapsule(s.ax, s.ay, s.bx, s.by, s.r, ox, oy, e.dx * k, e.dy * k, 1);
    assert.notEqual(h, null, 'an exact touch at the end counts');
    assert.ok(h.fraction <= 1 && Math.abs(h.fraction - fixedToNumber(ref.s)) <= 2e-6);
    // the same as a sweep of a point-sized circle, and of the capsule shrunk by rc
    const rc = Math.min(e.rc * k, s.r);
    const sw = sweepCircleCapsule(s.ax, s.ay, s.bx, s.by, s.r - rc, ox, oy, px, py, rc);
    assert.notEqual(sw, null, 'sweep: an exact touch at t = 1 counts');
    assert.ok(sw.t <= 1);
    assert.notEqual(collideCapsuleCircle(s.ax, s.ay, s.bx, s.by, s.r - rc, px, py, rc), null);
    hits++;
  }), { seed: 1414, numRuns: RUNS, includeErrorInReport: true });
  assert.ok(hits > RUNS / 4, `${hits} exact touches`);
});

test('starts exactly on the surface are startsInside with fraction +0 (rays and sweeps)', () => {
  let n = 0;
  fc.assert(fc.property(exactArb, (e) => {
    const { s, px, py, k } = exactSurface(e);
    if (e.dx === 0 && e.dy === 0) return;
    const h = rayCastCapsule(s.ax, s.ay, s.bx, s.by, s.r, px, py, e.dx * k, e.dy * k, 1);
    assert.ok(h !== null && h.startsInside && Object.is(h.fraction, 0), 'ray from the surface');
    const sw = sweepCircleCapsule(s.ax, s.ay, s.bx, s.by, s.r, px, py, px + e.dx * k, py + e.dy * k, 0);
    assert.ok(sw !== null && sw.startsInside && Object.is(sw.t, 0), 'sweep from the surface');
    const c = collideCapsuleCircle(s.ax, s.ay, s.bx, s.by, s.r, px, py, 0);
    assert.deepEqual([sw.nx, sw.ny, sw.pointX, sw.pointY], [c.nx, c.ny, c.pointX, c.pointY], 'the static contact');
    n++;
  }), { seed: 1415, numRuns: RUNS, includeErrorInReport: true });
  assert.ok(n > RUNS / 2);
});

test('starts within a few ulps of the surface (inside or out): startsInside or an honest entry, never an exit point', () => {
  const seen = { miss: 0, hit: 0, inside: 0 };
  fc.assert(fc.property(exactArb, fc.integer({ min: -4, max: 4 }), (e, ulps) => {
    const { s, px, py, k } = exactSurface(e);
    if (e.dx === 0 && e.dy === 0) return;
    // nudge the surface point along the outward direction from the core
    const cx = Math.min(Math.max(px, Math.min(s.ax, s.bx)), Math.max(s.ax, s.bx));
    const cy = Math.min(Math.max(py, Math.min(s.ay, s.by)), Math.max(s.ay, s.by));
    const nx = (px - cx) / s.r, ny = (py - cy) / s.r;
    const mag = Math.max(Math.abs(px), Math.abs(py), s.r);
    const ox = f(px + nx * ulps * mag * 2 ** -23), oy = f(py + ny * ulps * mag * 2 ** -23);
    const dx = e.dx * k * 4, dy = e.dy * k * 4;
    seen[checkRay(s, ox, oy, dx, dy, 1, k)]++;
    seen[checkSweep({ ...s, r: s.r / 2 }, f(s.r / 2), ox, oy, f(ox + dx), f(oy + dy), k)]++;
  }), { seed: 1417, numRuns: RUNS, includeErrorInReport: true });
  assert.ok(seen.inside > 100 && seen.miss > 100, JSON.stringify(seen));
});

test('random shapes, starts rounded from a point on the surface, paths into the shape: never an exit point', () => {
  const seen = { miss: 0, hit: 0, inside: 0 };
  fc.assert(fc.property(shapeArb, fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }),
    fc.double({ min: -1.4, max: 1.4, noNaN: true }), (sh, phi, along, turn) => {
      const s = shapeOf({ ...sh, r: Math.max(sh.r, 0.05) });
      // a point on the surface: beside the core (phi picks the side) or on an end cap
      const onCap = Math.abs(phi) > 2;
      const cx = onCap ? (phi > 0 ? s.bx : s.ax) : s.ax + (s.bx - s.ax) * along;
      const cy = onCap ? (phi > 0 ? s.by : s.ay) : s.ay + (s.by - s.ay) * along;
      const a = onCap ? Math.atan2(s.uy, s.ux) + (phi > 0 ? 0 : Math.PI) + phi / 3 : Math.atan2(s.uy, s.ux) + (phi > 0 ? 1 : -1) * Math.PI / 2;
      const nx = Math.cos(a), ny = Math.sin(a);
      const ox = f(cx + nx * s.r), oy = f(cy + ny * s.r);
      // heading inward (within 80 degrees of -n), far enough to cross the shape
      const h = a + Math.PI + turn;
      const L = 4 * (s.r + Math.hypot(s.bx - s.ax, s.by - s.ay));
      const dx = f(Math.cos(h) * L), dy = f(Math.sin(h) * L);
      if (dx === 0 && dy === 0) return;
      seen[checkRay(s, ox, oy, dx, dy, 1, sh.scale)]++;
    }), { seed: 1418, numRuns: RUNS * 2, includeErrorInReport: true });
  assert.ok(seen.inside > 100, JSON.stringify(seen));
});

test('general sweeps: the exact reference, and the static test at the sampled points when they miss', () => {
  fc.assert(fc.property(shapeArb, fc.array(fc.double({ min: -30, max: 30, noNaN: true }), { minLength: 4, maxLength: 4 }),
    fc.double({ min: 0, max: 3, noNaN: true }), (sh, [x0, y0, x1, y1], rc) => {
      const s = shapeOf(sh);
      const k = sh.scale;
      checkSweep(s, f(rc * k), f((sh.cx + x0) * k), f((sh.cy + y0) * k), f((sh.cx + x1) * k), f((sh.cy + y1) * k), k);
    }), { seed: 14141, numRuns: RUNS, includeErrorInReport: true });
});

test('circles and segments: the same rules through rayCastCircle / rayCastSegment / sweepCircleCircle / sweepCircleSegment', () => {
  fc.assert(fc.property(grazeArb, (g) => {
    const { s, rc, x0, y0, x1, y1 } = grazePath(g);
    const k = g.shape.scale;
    const seg = { ...s, r: 0 }, circ = { ...s, bx: s.ax, by: s.ay };
    // sweeps against the segment and the end circle (through their own functions)
    for (const [shape, sweep] of [[seg, sweepCircleSegment], [circ, sweepCircleCircle]]) {
      const ref = exactSweep({ ...shape, x0, y0, x1, y1, rc });
      const h = sweep === sweepCircleSegment ? sweep(s.ax, s.ay, s.bx, s.by, x0, y0, x1, y1, rc)
        : sweep(s.ax, s.ay, s.r, x0, y0, x1, y1, rc);
      judge(ref, h, {
        t: 't',
        surface: (hit) => assert.ok(surfaceError(shape.ax, shape.ay, shape.bx, shape.by, f(shape.r + rc), hit.x, hit.y, k) <= 1e-6 * 4),
      });
    }
    const dx = f(x1 - x0), dy = f(y1 - y0);
    if (dx === 0 && dy === 0) return;
    checkRay(seg, x0, y0, dx, dy, 1, k, rayCastSegment);
    checkRay(circ, x0, y0, dx, dy, 1, k, rayCastCircle);
  }), { seed: 1416, numRuns: RUNS, includeErrorInReport: true });
});

test('the batch casts inherit the fixes: castRays and sweepCircles grazing a capsule', () => {
  const set = new CapsuleSet(4);
  set.add(0, 1, 10, 1, 0.1);
  const rays = new RayBatch(2);
  rays.add(5, 1.1, -10, 0, 1); // 2.2e-8 above the side: miss
  rays.add(5, f(1.1) - 2 ** -23, -10, 0, 1); // a float step lower: on the surface
  const exact = exactRay({ ax: 0, ay: 1, bx: 10, by: 1, r: 0.1, ox: 5, oy: 1.1, dx: -10, dy: 0 });
  assert.equal(exact.hit, false);
  assert.equal(castRays(set, rays), exact.hit ? 2 : 1);
  assert.equal(rays.index[0] === NO_HIT, !exact.hit);
  assert.equal(rays.startsInside[1], 1);
  const sweeps = new SweepBatch(1);
  const seg = new CapsuleSet(1);
  seg.add(0, 1, 10, 1, 0);
  sweeps.add(5, 1.1, -5, 1.1, 0.1);
  assert.equal(sweepCircles(seg, sweeps), 0, 'the rolling ball 2.2e-8 above the floor misses');
  [set, rays, sweeps, seg].forEach((o) => o.destroy());
});
