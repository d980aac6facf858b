// Closest ray and swept-circle hits against a capsule set (through its index),
// single and batched, against a brute-force loop over the scalar casts.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as api from 'capsule2d';

const {
  init, CapsuleSet, RayBatch, SweepBatch, NO_HIT, rayCastClosest, sweepCircleClosest, castRays, sweepCircles,
  rayCastCapsule, sweepCircleCapsule,
} = api;

await init();

const f = Math.fround;
let seed = 99;
const rnd = (lo, hi) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return f(lo + ((hi - lo) * (seed >>> 8)) / 16777216);
};

function scene(n) {
  const caps = new CapsuleSet(n), list = [];
  for (let j = 0; j < n; j++) {
    const ax = rnd(0, 60), ay = rnd(0, 40);
    const k = { ax, ay, bx: f(ax + rnd(-3, 3)), by: f(ay + rnd(-3, 3)), r: j % 6 ? rnd(0, 0.7) : 0 };
    list.push(k);
    caps.add(k.ax, k.ay, k.bx, k.by, k.r);
  }
  return { caps, list };
}

function bruteRay(list, ox, oy, dx, dy, mf) {
  let best = null;
  list.forEach((k, j) => {
    const h = rayCastCapsule(k.ax, k.ay, k.bx, k.by, k.r, ox, oy, dx, dy, mf);
    if (h && (best === null || h.fraction < best.fraction)) best = { index: j, ...h };
  });
  return best;
}

function bruteSweep(list, x0, y0, x1, y1, r) {
  let best = null;
  list.forEach((k, j) => {
    const h = sweepCircleCapsule(k.ax, k.ay, k.bx, k.by, k.r, x0, y0, x1, y1, r);
    if (h && (best === null || h.t < best.t)) best = { index: j, ...h };
  });
  return best;
}

test('rayCastClosest and castRays equal the brute force over rayCastCapsule (same bits)', () => {
  const { caps, list } = scene(250);
  const rays = new RayBatch(200);
  const want = [];
  for (let q = 0; q < 200; q++) {
    const ox = rnd(-10, 70), oy = rnd(-10, 50);
    let dx = rnd(-1, 1), dy = rnd(-1, 1);
    if (q % 11 === 0) dx = 0;
    if (dx === 0 && dy === 0) dy = 1;
    const mf = q % 2 ? rnd(0, 80) : rnd(0, 4);
    const w = bruteRay(list, ox, oy, dx, dy, mf);
    assert.deepEqual(rayCastClosest(caps, ox, oy, dx, dy, mf), w);
    rays.add(ox, oy, dx, dy, mf);
    want.push(w);
  }
  const hits = castRays(caps, rays);
  assert.equal(hits, want.filter(Boolean).length);
  assert.ok(hits > 20 && hits < 200);
  want.forEach((w, q) => {
    if (w === null) {
      assert.equal(rays.index[q], NO_HIT);
      assert.equal(rays.fraction[q], 0);
    } else {
      assert.equal(rays.index[q], w.index);
      assert.equal(rays.fraction[q], w.fraction);
      assert.equal(rays.x[q], w.x);
      assert.equal(rays.ny[q], w.ny);
      assert.equal(rays.startsInside[q], w.startsInside ? 1 : 0);
    }
  });
});

test('sweepCircleClosest and sweepCircles equal the brute force over sweepCircleCapsule', () => {
  const { caps, list } = scene(250);
  const sweeps = new SweepBatch(150);
  const want = [];
  for (let q = 0; q < 150; q++) {
    const x0 = rnd(-5, 65), y0 = rnd(-5, 45), x1 = f(x0 + rnd(-20, 20)), y1 = f(y0 + rnd(-20, 20));
    const r = q % 3 ? rnd(0, 1.5) : 0;
    const w = bruteSweep(list, x0, y0, x1, y1, r);
    assert.deepEqual(sweepCircleClosest(caps, x0, y0, x1, y1, r), w);
    sweeps.add(x0, y0, x1, y1, r);
    want.push(w);
  }
  assert.equal(sweepCircles(caps, sweeps), want.filter(Boolean).length);
  want.forEach((w, q) => {
    assert.equal(sweeps.index[q], w === null ? NO_HIT : w.index);
    if (w) {
      assert.equal(sweeps.t[q], w.t);
      assert.equal(sweeps.pointX[q], w.pointX);
      assert.equal(sweeps.nx[q], w.nx);
    }
  });
});

test('ties go to the lowest index; starting inside gives fraction 0', () => {
  const caps = new CapsuleSet(3);
  caps.add(20, 0, 21, 0, 1);
  caps.add(5, -1, 5, 1, 0.5);
  caps.add(5, -1, 5, 1, 0.5);
  assert.equal(rayCastClosest(caps, 0, 0, 1, 0, 100).index, 1);
  assert.equal(sweepCircleClosest(caps, 0, 0, 10, 0, 0.5).index, 1);
  const inside = rayCastClosest(caps, 20.5, 0, 0, 1, 5);
  assert.deepEqual([inside.index, inside.fraction, inside.startsInside, inside.nx, inside.ny], [0, 0, true, 0, -1]);
  assert.equal(rayCastClosest(caps, 0, 0, 2, 0, 2.25).fraction, 2.25, 'a hit exactly at maxFraction counts');
  assert.equal(rayCastClosest(caps, 0, 0, 2, 0, 2.2), null);
  const r = { index: -1, fraction: -1, x: 0, y: 0, nx: 0, ny: 0, startsInside: false };
  assert.equal(rayCastClosest(caps, 0, 0, 1, 0, 100, r), r);
  assert.equal(r.fraction, 4.5);
});

test('bad input: RangeError naming the ray or the batch field and index', () => {
  const caps = new CapsuleSet(1);
  caps.add(0, 0, 1, 0, 1);
  assert.throws(() => rayCastClosest(caps, 0, 0, 0, 0), { name: 'RangeError', message: /dx, dy/ });
  assert.throws(() => rayCastClosest(caps, 0, NaN, 1, 0), { name: 'RangeError', message: /oy/ });
  assert.throws(() => rayCastClosest(caps, 0, 0, 1, 0, -1), { name: 'RangeError', message: /maxFraction/ });
  assert.throws(() => sweepCircleClosest(caps, 0, 0, 1, 0, -1), { name: 'RangeError', message: /radius/ });
  assert.throws(() => rayCastClosest({}, 0, 0, 1, 0), { name: 'TypeError', message: /capsules/ });
  const rays = new RayBatch(3);
  rays.add(0, 0, 1, 0);
  rays.add(0, 0, 1, 0);
  rays.add(0, 0, 1, 0);
  assert.throws(() => rays.add(0, 0, 1, 0), { name: 'RangeError', message: /full/ });
  assert.throws(() => rays.add(0, 0, 0, 0), { name: 'RangeError' });
  rays.dy[2] = Infinity;
  rays.index[0] = 7;
  assert.throws(() => castRays(caps, rays), { name: 'RangeError', message: 'rays.dy[2] is Infinity' });
  assert.equal(rays.index[0], 7, 'nothing written');
  rays.dy[2] = 0;
  rays.dx[1] = 0;
  assert.throws(() => castRays(caps, rays), { name: 'RangeError', message: /dx\[1\], dy\[1\]/ });
  rays.dx[1] = 1;
  rays.maxFraction[0] = -2;
  assert.throws(() => castRays(caps, rays), { name: 'RangeError', message: /rays\.maxFraction\[0\] is -2/ });
  const sweeps = new SweepBatch(1);
  sweeps.add(0, 0, 1, 1, 1);
  sweeps.radius[0] = NaN;
  assert.throws(() => sweepCircles(caps, sweeps), { name: 'RangeError', message: 'sweeps.radius[0] is NaN' });
  caps.ax[0] = NaN;
  assert.throws(() => rayCastClosest(caps, 0, 0, 1, 0), { name: 'RangeError', message: 'capsules.ax[0] is NaN' });
});

test('every name in batch.d.ts is exported by batch.js, and nothing else', () => {
  const names = (text, re) => [...text.matchAll(re)].map((m) => m[1]).sort();
  const dts = readFileSync(new URL('../../dist/batch.d.ts', import.meta.url), 'utf8');
  const js = readFileSync(new URL('../../dist/batch.js', import.meta.url), 'utf8');
  const declared = names(dts, /^export (?:function|class|const) (\w+)/gm);
  assert.deepEqual(names(js, /^export (?:function|class|const) (\w+)/gm), declared);
  for (const name of declared) assert.notEqual(api[name], undefined, name);
});
