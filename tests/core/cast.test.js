// Ray casts, swept circles and the deterministic cos/sin through the public
// API: conventions, edges, bad input, result reuse, a float64 reference, and
// bit-identical results natively and in both wasm builds.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import {
  init, rayCastCircle, rayCastSegment, rayCastCapsule, sweepCircleCircle, sweepCircleSegment,
  sweepCircleCapsule, collideSegmentCircle, createRayHit, createSweepHit, capsuleFromAngle, simdSupported,
} from 'capsule2d';
import * as ref from '../helpers/reference.js';
import { rawModule, asFloat, bitsOf } from '../helpers/bits/wasm.js';
import { cSources } from '../../tools/c-sources.js';

await init();
const f = Math.fround;

// ---- rays ---------------------------------------------------------------------

test('rayCastCircle: hit exactly at maxFraction counts; D need not be unit', () => {
  assert.deepEqual(rayCastCircle(5, 0, 1, 0, 0, 2, 0, 2), { fraction: 2, x: 4, y: 0, nx: -1, ny: 0, startsInside: false });
  assert.equal(rayCastCircle(5, 0, 1, 0, 0, 2, 0, 1.9999999), null);
  // default maxFraction is 1
  assert.equal(rayCastCircle(5, 0, 1, 0, 0, 2, 0), null);
  assert.equal(rayCastCircle(5, 0, 1, 0, 0, 4, 0).fraction, 1);
});

test('rayCastCircle: tangent hits, pointing away misses', () => {
  const h = rayCastCircle(5, 0, 1, 0, 1, 1, 0, 10);
  assert.deepEqual(h, { fraction: 5, x: 5, y: 1, nx: 0, ny: 1, startsInside: false });
  assert.ok(Object.is(h.nx, 0), 'no -0');
  assert.equal(rayCastCircle(5, 0, 1, 0, 1.0000001, 1, 0, 10), null);
  assert.equal(rayCastCircle(5, 0, 1, 0, 0, -1, 0, 100), null);
});

test('rays starting inside or on the shape: fraction 0, point O, normal -D/|D|', () => {
  assert.deepEqual(rayCastCircle(5, 0, 1, 5, 0.5, 0, 3), { fraction: 0, x: 5, y: 0.5, nx: 0, ny: -1, startsInside: true });
  assert.equal(rayCastCircle(5, 0, 1, 6, 0, 1, 0, 0).startsInside, true); // on the boundary, maxFraction 0
  assert.deepEqual(rayCastCapsule(0, 0, 4, 0, 1, 2, 0.5, 3, 4), { fraction: 0, x: 2, y: 0.5, nx: f(-0.6), ny: f(-0.8), startsInside: true });
  assert.deepEqual(rayCastSegment(0, 0, 4, 0, 2, 0, 0, 1), { fraction: 0, x: 2, y: 0, nx: 0, ny: -1, startsInside: true });
});

test('rayCastSegment: the normal faces the origin; collinear rays hit the first endpoint', () => {
  assert.deepEqual(rayCastSegment(0, -1, 0, 1, -2, 0, 1, 0, 5), { fraction: 2, x: 0, y: 0, nx: -1, ny: 0, startsInside: false });
  assert.deepEqual(rayCastSegment(0, -1, 0, 1, 3, 0, -1, 0, 5), { fraction: 3, x: 0, y: 0, nx: 1, ny: 0, startsInside: false });
  assert.deepEqual(rayCastSegment(0, 0, 4, 0, -3, 0, 1, 0, 5), { fraction: 3, x: 0, y: 0, nx: -1, ny: 0, startsInside: false });
  assert.deepEqual(rayCastSegment(0, 0, 4, 0, 7, 0, -2, 0, 5), { fraction: 1.5, x: 4, y: 0, nx: 1, ny: 0, startsInside: false });
  assert.equal(rayCastSegment(0, 0, 4, 0, 7, 0, 2, 0, 5), null);
  assert.equal(rayCastSegment(0, -1, 0, 1, -2, 1, 1, 0, 5).y, 1); // exactly through the end
  assert.equal(rayCastSegment(2, 0, 2, 0, 0, 0, 1, 0, 5).fraction, 2); // zero length: a point
});

test('rayCastCapsule: sides, end caps, grazing the flat side', () => {
  assert.deepEqual(rayCastCapsule(0, 0, 4, 0, 1, 2, 5, 0, -1, 10), { fraction: 4, x: 2, y: 1, nx: 0, ny: 1, startsInside: false });
  assert.deepEqual(rayCastCapsule(0, 0, 4, 0, 1, -5, 0, 1, 0, 10), { fraction: 4, x: -1, y: 0, nx: -1, ny: 0, startsInside: false });
  assert.deepEqual(rayCastCapsule(0, 0, 4, 0, 1, -3, 1, 1, 0, 10), { fraction: 3, x: 0, y: 1, nx: 0, ny: 1, startsInside: false });
  assert.equal(rayCastCapsule(0, 0, 4, 0, 1, -3, 1.0000001, 1, 0, 10), null);
  assert.deepEqual(rayCastCapsule(0, -1, 0, 1, 0, 3, 0, -1, 0, 5), rayCastSegment(0, -1, 0, 1, 3, 0, -1, 0, 5));
  assert.deepEqual(rayCastCapsule(5, 0, 5, 0, 1, 0, 0, 2, 0, 2), rayCastCircle(5, 0, 1, 0, 0, 2, 0, 2));
});

test('rays: huge and tiny coordinates', () => {
  assert.ok(Math.abs(rayCastCircle(1e20, 0, 1e19, 0, 0, 1e20, 0).fraction - 0.9) < 1e-6);
  assert.ok(Math.abs(rayCastCircle(1e-29, 0, 1e-30, 0, 0, 1e-30, 0, 100).fraction - 9) < 1e-5);
  const h = rayCastCapsule(-1e20, 0, 1e20, 0, 1e19, 0, 5e19, 0, -1e19, 10);
  assert.ok(Math.abs(h.fraction - 4) < 1e-5 && h.ny === 1);
});

test('rays: a reused result is filled on a hit and untouched on a miss', () => {
  const r = createRayHit();
  r.fraction = 42;
  assert.equal(rayCastCircle(5, 0, 1, 0, 0, -1, 0, 10, r), null);
  assert.equal(r.fraction, 42);
  assert.equal(rayCastCircle(5, 0, 1, 0, 0, 1, 0, 10, r), r);
  assert.equal(r.fraction, 4);
  assert.equal(rayCastSegment(0, -1, 0, 1, 5, 5, 1, 0, 10, r), null);
  assert.equal(r.fraction, 4);
});

test('rays: bad input throws before the heap is touched', () => {
  assert.throws(() => rayCastCircle(5, 0, 1, 0, 0, 0, 0), { name: 'RangeError', message: /dx, dy/ });
  assert.throws(() => rayCastCircle(5, 0, 1, 0, 0, 1, 0, -1), { name: 'RangeError', message: /maxFraction.*-1/ });
  assert.throws(() => rayCastCircle(5, 0, 1, 0, 0, 1, 0, Infinity), { name: 'RangeError', message: /maxFraction/ });
  assert.throws(() => rayCastCircle(5, 0, 1, 0, 0, 1, 0, NaN), { name: 'RangeError', message: /maxFraction/ });
  assert.throws(() => rayCastCircle(5, 0, -1, 0, 0, 1, 0), { name: 'RangeError', message: /radius/ });
  assert.throws(() => rayCastSegment(0, 0, 1, 1, 'o', 0, 1, 0), { name: 'TypeError', message: /ox/ });
  assert.throws(() => rayCastSegment(0, 0, 1, 1, 0, 0, 1e-46, 0), { name: 'RangeError', message: /dx, dy/ }); // rounds to 0
  assert.throws(() => rayCastCapsule(0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 7), { name: 'TypeError', message: /result/ });
  assert.throws(() => rayCastCapsule(0, 0, 1, 1, 1, 0, 4e38, 1, 0), { name: 'RangeError', message: /oy/ });
});

// ---- sweeps -------------------------------------------------------------------------

test('sweep: a fast ball that a per-frame overlap test lets tunnel is caught', () => {
  // radius 0.1, 2 units per frame across a thin segment at y = 0
  assert.equal(collideSegmentCircle(-1, 0, 1, 0, 0, 1, 0.1), null);
  assert.equal(collideSegmentCircle(-1, 0, 1, 0, 0, -1, 0.1), null);
  const h = sweepCircleSegment(-1, 0, 1, 0, 0, 1, 0, -1, 0.1);
  assert.ok(h);
  assert.ok(Math.abs(h.t - 0.45) < 1e-7);
  assert.ok(Math.abs(h.y - 0.1) < 1e-7 && h.x === 0);
  assert.equal(h.ny, 1);
  assert.ok(Object.is(h.nx, 0));
  assert.equal(h.startsInside, false);
});

test('sweepCircleCircle: first touch, t = 1 counts, starting inside, X0 = X1', () => {
  const h = sweepCircleCircle(5, 0, 1, 0, 0, 10, 0, 1);
  assert.equal(h.t, f(0.3));
  assert.deepEqual([h.x, h.y, h.nx, h.ny, h.pointX, h.pointY, h.startsInside], [3, 0, -1, 0, 4, 0, false]);
  assert.equal(sweepCircleCircle(5, 0, 1, 0, 0, 3, 0, 1).t, 1);
  assert.equal(sweepCircleCircle(5, 0, 1, 0, 0, 2.9999998, 0, 1), null);
  assert.deepEqual(sweepCircleCircle(5, 0, 1, 4, 0, 10, 0, 1), { t: 0, x: 4, y: 0, nx: -1, ny: 0, pointX: 4, pointY: 0, startsInside: true });
  assert.equal(sweepCircleCircle(5, 0, 1, 10, 0, 10, 0, 1), null); // no motion, apart
  assert.equal(sweepCircleCircle(5, 0, 1, 5.5, 0, 5.5, 0, 1).startsInside, true); // no motion, overlapping
});

test('sweepCircleCapsule: contact point on the capsule surface, normal shape -> circle', () => {
  const h = sweepCircleCapsule(0, 0, 4, 0, 0.5, 2, 3, 2, -3, 0.5);
  assert.ok(Math.abs(h.t - 1 / 3) < 1e-7);
  assert.ok(Math.abs(h.y - 1) < 1e-6 && Math.abs(h.pointY - 0.5) < 1e-6 && h.ny === 1 && h.pointX === 2);
  assert.equal(sweepCircleCapsule(0, 0, 4, 0, 0.5, 2, 3, 2, 5, 0.5), null);
  const r = createSweepHit();
  r.t = 42;
  assert.equal(sweepCircleCapsule(0, 0, 4, 0, 0.5, 2, 3, 2, 5, 0.5, r), null);
  assert.equal(r.t, 42);
  assert.equal(sweepCircleCapsule(0, 0, 4, 0, 0.5, 2, 0, 2, 5, 0.5, r), r);
  assert.equal(r.startsInside, true);
  assert.equal(r.ny, 1); // centre on the core: the left normal
});

test('sweeps: bad input', () => {
  assert.throws(() => sweepCircleCircle(5, 0, 1, 0, 0, 1, 0, -1), { name: 'RangeError', message: /radius/ });
  assert.throws(() => sweepCircleSegment(0, 0, 1, 0, 0, 0, NaN, 0, 1), { name: 'RangeError', message: /x1/ });
  assert.throws(() => sweepCircleCapsule(0, 0, 1, 0, -1, 0, 0, 1, 0, 1), { name: 'RangeError', message: /capsuleRadius/ });
  assert.throws(() => sweepCircleCapsule(0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 'r'), { name: 'TypeError', message: /result/ });
});

// ---- properties vs the float64 reference ----------------------------------------------

const coord = fc.double({ min: -100, max: 100, noNaN: true });
const rad = fc.double({ min: 0, max: 20, noNaN: true });
const dir = fc.double({ min: -50, max: 50, noNaN: true });

// Relative tolerance 1e-4 of the scene's size; cases whose reference hit
// fraction is within that of maxFraction, or whose ray passes within it of
// tangency, are skipped (float32 cannot call them).
test('property: rayCastCapsule matches the float64 reference', () => {
  fc.assert(
    fc.property(coord, coord, coord, coord, rad, coord, coord, dir, dir, fc.double({ min: 0, max: 3, noNaN: true }), (...v) => {
      const [ax, ay, bx, by, r, ox, oy, dx, dy, mf] = v.map(f);
      if (Math.hypot(dx, dy) < 1e-2) return;
      const got = rayCastCapsule(ax, ay, bx, by, r, ox, oy, dx, dy, mf);
      const scale = Math.max(...[ax, ay, bx, by, r, ox, oy].map(Math.abs)) + 1;
      const tol = 1e-4 * scale;
      const want = ref.rayCastCapsule(ax, ay, bx, by, r, ox, oy, dx, dy, mf);
      const near = ref.rayCastCapsule(ax, ay, bx, by, r + tol, ox, oy, dx, dy, mf + tol);
      const far = ref.rayCastCapsule(ax, ay, bx, by, Math.max(0, r - tol), ox, oy, dx, dy, Math.max(0, mf - tol));
      if (near.inside !== far.inside || (near.s === Infinity) !== (far.s === Infinity)) return; // borderline
      const p0 = ref.closestPointOnSegment(ax, ay, bx, by, ox, oy);
      if (Math.abs(Math.hypot(ox - p0.x, oy - p0.y) - r) <= tol) return; // starts on the surface
      const pass = ref.segmentDistance(ox, oy, ox + mf * dx, oy + mf * dy, ax, ay, bx, by);
      if (Math.abs(pass - r) <= tol) return; // grazing
      assert.equal(got !== null, want.inside || want.s !== Infinity);
      if (!got) return;
      assert.equal(got.startsInside, want.inside);
      assert.ok(Math.abs(got.fraction * Math.hypot(dx, dy) - want.s * Math.hypot(dx, dy)) <= 10 * tol, `${got.fraction} vs ${want.s}`);
      assert.ok(Math.abs(Math.hypot(got.nx, got.ny) - 1) <= 1e-6);
      assert.ok(got.fraction >= 0 && got.fraction <= mf);
      if (!got.startsInside) assert.ok(got.nx * dx + got.ny * dy <= 1e-3 * Math.hypot(dx, dy), 'normal faces the ray');
    }),
    { numRuns: 4000 },
  );
});

test('property: sweepCircleCapsule matches the float64 reference', () => {
  fc.assert(
    fc.property(coord, coord, coord, coord, rad, coord, coord, coord, coord, rad, (...v) => {
      const [ax, ay, bx, by, cr, x0, y0, x1, y1, r] = v.map(f);
      const got = sweepCircleCapsule(ax, ay, bx, by, cr, x0, y0, x1, y1, r);
      const scale = Math.max(...v.map((x) => Math.abs(f(x)))) + 1;
      const tol = 1e-4 * scale;
      const want = ref.sweepCircleCapsule(ax, ay, bx, by, cr, x0, y0, x1, y1, r);
      const near = ref.sweepCircleCapsule(ax, ay, bx, by, cr + tol, x0, y0, x1, y1, r);
      const far = ref.sweepCircleCapsule(ax, ay, bx, by, Math.max(0, cr - tol), x0, y0, x1, y1, r);
      if (near.inside !== far.inside || (near.t === Infinity) !== (far.t === Infinity)) return;
      const p0 = ref.closestPointOnSegment(ax, ay, bx, by, x0, y0);
      if (Math.abs(Math.hypot(x0 - p0.x, y0 - p0.y) - (cr + r)) <= tol) return; // starts touching
      if (Math.abs(ref.segmentDistance(x0, y0, x1, y1, ax, ay, bx, by) - (cr + r)) <= tol) return; // grazing
      if (want.t !== Infinity && Math.abs(want.t - 1) * Math.hypot(x1 - x0, y1 - y0) <= 10 * tol) return;
      assert.equal(got !== null, want.inside || want.t !== Infinity);
      if (!got) return;
      assert.equal(got.startsInside, want.inside);
      assert.ok(got.t >= 0 && got.t <= 1);
      if (!want.inside) assert.ok(Math.abs(got.t - want.t) * Math.hypot(x1 - x0, y1 - y0) <= 10 * tol, `${got.t} vs ${want.t}`);
      // at t the circle touches: its centre is capsuleRadius + r from the core
      const p = ref.closestPointOnSegment(ax, ay, bx, by, got.x, got.y);
      if (!got.startsInside) assert.ok(Math.abs(Math.hypot(got.x - p.x, got.y - p.y) - (cr + r)) <= 10 * tol);
      assert.ok(Math.abs(Math.hypot(got.nx, got.ny) - 1) <= 1e-6);
    }),
    { numRuns: 4000 },
  );
});

// ---- cos/sin: the same bits natively and in both wasm builds ----------------------------

function angleTable() {
  const bits = new Uint32Array(1);
  const fl = new Float32Array(bits.buffer);
  const out = [];
  const push = (x) => {
    fl[0] = x;
    out.push(bits[0]);
  };
  for (let i = 0; i < 3000; i++) push((i - 1500) * 3.3377 + i * 1e-3); // |x| <= ~5000
  for (const x of [0, -0, 1e-30, -1e-45, Math.PI / 2, Math.PI, -Math.PI, 1e4, -1e4, 1e6, 16777217, 1e10, 3.4e38, -3.4e38]) push(x);
  return out;
}

function nativeTable(angles) {
  const cc = process.env.CC || 'gcc';
  const dir = mkdtempSync(join(tmpdir(), 'capsule2d-trig-'));
  const exe = join(dir, 'cos_sin_table');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const build = spawnSync(cc, [...cSources().cflags, '-O2', '-o', exe, 'tests/helpers/bits/cos_sin_table.c', 'src/core/trig.c'], { cwd: root, encoding: 'utf8' });
  if (build.error || build.status !== 0) return { error: build.error?.message ?? build.stderr };
  const input = angles.map((b) => b.toString(16).padStart(8, '0')).join('\n') + '\n';
  const run = spawnSync(exe, [], { input, encoding: 'utf8' });
  if (run.status !== 0) return { error: run.stderr };
  return { lines: run.stdout.trim().split('\n').map((l) => l.split(' ').map((h) => parseInt(h, 16))) };
}


test('cos/sin bits: native == wasm scalar == wasm SIMD == the loaded API', async (t) => {
  const angles = angleTable();
  const native = nativeTable(angles);
  if (native.error) {
    if (process.env.CI === 'true') assert.fail(`native compiler needed in CI: ${native.error}`);
    t.skip(`SKIPPED: no native C compiler (${native.error})`);
    return;
  }
  const modules = [['scalar', await rawModule('capsule2d.wasm')]];
  if (simdSupported()) modules.push(['simd', await rawModule('capsule2d.simd.wasm')]);
  for (const [angleBits, cosBits, sinBits] of native.lines) {
    const angle = asFloat(angleBits);
    for (const [name, m] of modules) {
      assert.equal(m.capw_capsule_from_angle(0, 0, angle, 2, 0), 1);
      const o = new Float32Array(m.memory.buffer, m.capw_out(), 5);
      // B = 0 + 1 * (cos, sin): the bits of cos and sin (0 + -0 gives +0)
      assert.equal(bitsOf(o[2]), bitsOf(asFloat(cosBits) + 0), `${name} cos(${angle})`);
      assert.equal(bitsOf(o[3]), bitsOf(asFloat(sinBits) + 0), `${name} sin(${angle})`);
    }
    const c = capsuleFromAngle(0, 0, angle, 2, 0);
    assert.equal(c.bx, asFloat(cosBits) + 0);
    assert.equal(c.by, asFloat(sinBits) + 0);
  }
});

test('a throwing call leaves a reused result untouched (checks run before the heap is used)', () => {
  const r = createRayHit();
  rayCastCircle(5, 0, 1, 0, 0, 1, 0, 10, r);
  const before = { ...r };
  assert.throws(() => rayCastCircle(5, 0, 1, 0, 0, 0, 0, 10, r), RangeError);
  assert.throws(() => rayCastCapsule(0, 0, 1, 0, 1, 9, 9, 1, 0, -2, r), RangeError);
  assert.deepEqual(r, before);
  const s = createSweepHit();
  sweepCircleCircle(5, 0, 1, 0, 0, 10, 0, 1, s);
  const sb = { ...s };
  assert.throws(() => sweepCircleCircle(5, 0, 1, 0, 0, 10, 0, NaN, s), RangeError);
  assert.deepEqual(s, sb);
});
