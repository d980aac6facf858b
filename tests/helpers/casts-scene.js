// The second golden scene: casts, sweeps and region queries. Over the batch
// golden scene (determinism-scene.js: 300 capsules, 2,000 circles), 200 seeded
// queries each run queryCircle and queryBox on both sets and the six scalar
// casts (rays and swept circles against a circle, a segment and a capsule of
// the scene), then castRays and sweepCircles run the 200 rays and sweeps
// through the capsule set's grid. FNV-1a of every result, in that order, must
// be CASTS_GOLDEN_HASH (tests/golden/casts.h) natively
// (tests/native/test_casts_golden.c builds the same scene in C), in Node
// (SIMD and scalar, determinism.test.js) and in Chromium
// (determinism-browser.test.js). Importable in a browser: no node:* imports.

import { buildScene, makeRng, fnv1a, SCENE } from './determinism-scene.js';

export const CASTS = { queries: 200, seed: 7 };

const f = Math.fround;
const u32 = (v) => new Uint8Array(new Uint32Array([v]).buffer);
const f32s = (list) => new Uint8Array(new Float32Array(list).buffer);

/**
 * Runs the scene through the capsule2d module `api` (already initialised);
 * returns { hash, bytes } (bytes: everything hashed, for comparing builds).
 */
export function runCastsScene(api) {
  const capsules = new api.CapsuleSet(SCENE.capsules), circles = new api.CircleSet(SCENE.circles);
  buildScene(capsules, circles);
  const ib = new api.IndexBuffer(16);
  const rays = new api.RayBatch(CASTS.queries), sweeps = new api.SweepBatch(CASTS.queries);
  const rng = makeRng(CASTS.seed);
  const chunks = [];
  let h = 0x811c9dc5;
  const take = (bytes) => {
    h = fnv1a(bytes, h);
    chunks.push(bytes.slice());
  };
  const takeIndices = () => {
    take(u32(ib.count));
    const v = ib.index;
    take(new Uint8Array(v.buffer, v.byteOffset, ib.written * 4));
  };
  const takeRay = (hit) => {
    take(u32(hit ? 1 : 0));
    if (hit) take(f32s([hit.fraction, hit.x, hit.y, hit.nx, hit.ny])), take(u32(hit.startsInside ? 1 : 0));
  };
  const takeSweep = (hit) => {
    take(u32(hit ? 1 : 0));
    if (hit) take(f32s([hit.t, hit.x, hit.y, hit.nx, hit.ny, hit.pointX, hit.pointY])), take(u32(hit.startsInside ? 1 : 0));
  };
  // copies: a query may grow wasm memory, which detaches views kept in variables
  const [cx, cy, cr] = [circles.x, circles.y, circles.radius].map((v) => v.slice());
  const [ax, ay, bx, by, ar] = [capsules.ax, capsules.ay, capsules.bx, capsules.by, capsules.radius].map((v) => v.slice());
  for (let q = 0; q < CASTS.queries; q++) {
    const x = rng.range(0, SCENE.width), y = rng.range(0, SCENE.height), r = rng.range(0, 4);
    const x1 = f(x + rng.range(0, 8)), y1 = f(y + rng.range(0, 6));
    api.queryCircle(circles, x, y, r, ib, { grow: true });
    takeIndices();
    api.queryCircle(capsules, x, y, r, ib, { grow: true });
    takeIndices();
    api.queryBox(capsules, x, y, x1, y1, ib, { grow: true });
    takeIndices();
    api.queryBox(circles, x, y, x1, y1, ib, { grow: true });
    takeIndices();
    // a ray and a sweep for the batch calls
    let dx = rng.range(-1, 1), dy = rng.range(-1, 1);
    if (dx === 0 && dy === 0) dy = 1;
    const mf = rng.range(0, 40);
    rays.add(x, y, dx, dy, mf);
    const sx = f(x + rng.range(-12, 12)), sy = f(y + rng.range(-12, 12)), sr = rng.range(0, 1.5);
    sweeps.add(x, y, sx, sy, sr);
    // scalar casts aimed near circle i and capsule j (most hit, some graze or miss)
    const i = q % SCENE.circles, j = (q * 7) % SCENE.capsules;
    const ox = f(cx[i] + rng.range(-6, 6)), oy = f(cy[i] + rng.range(-6, 6));
    let ux = f(f(cx[i] - ox) + rng.range(-1, 1)), uy = f(f(cy[i] - oy) + rng.range(-1, 1));
    if (ux === 0 && uy === 0) uy = 1;
    const reach = rng.range(0, 2);
    const mx = f(f(ax[j] + bx[j]) * 0.5), my = f(f(ay[j] + by[j]) * 0.5);
    const px = f(mx + rng.range(-5, 5)), py = f(my + rng.range(-5, 5));
    let vx = f(f(mx - px) + rng.range(-1, 1)), vy = f(f(my - py) + rng.range(-1, 1));
    if (vx === 0 && vy === 0) vy = 1;
    const mr = rng.range(0, 1);
    takeRay(api.rayCastCircle(cx[i], cy[i], cr[i], ox, oy, ux, uy, reach));
    takeRay(api.rayCastSegment(ax[j], ay[j], bx[j], by[j], px, py, vx, vy, reach));
    takeRay(api.rayCastCapsule(ax[j], ay[j], bx[j], by[j], ar[j], px, py, vx, vy, reach));
    takeSweep(api.sweepCircleCircle(cx[i], cy[i], cr[i], ox, oy, f(ox + ux), f(oy + uy), mr));
    takeSweep(api.sweepCircleSegment(ax[j], ay[j], bx[j], by[j], px, py, f(px + vx), f(py + vy), mr));
    takeSweep(api.sweepCircleCapsule(ax[j], ay[j], bx[j], by[j], ar[j], px, py, f(px + vx), f(py + vy), mr));
  }
  take(u32(api.castRays(capsules, rays)));
  for (const k of ['index', 'fraction', 'x', 'y', 'nx', 'ny', 'startsInside']) {
    const v = rays[k];
    take(new Uint8Array(v.buffer, v.byteOffset, CASTS.queries * 4));
  }
  take(u32(api.sweepCircles(capsules, sweeps)));
  for (const k of ['index', 't', 'x', 'y', 'nx', 'ny', 'pointX', 'pointY', 'startsInside']) {
    const v = sweeps[k];
    take(new Uint8Array(v.buffer, v.byteOffset, CASTS.queries * 4));
  }
  for (const o of [capsules, circles, ib, rays, sweeps]) o.destroy();
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { hash: h, bytes };
}
