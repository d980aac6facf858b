// Worker: loads its own capsule2d instance (SIMD or scalar, from workerData)
// and posts the determinism scene's hash and result bytes, plus the bytes of
// region queries and casts over the same scene (compared, not hashed), and the
// hash and bytes of the casts golden scene (casts-scene.js).
import { parentPort, workerData } from 'node:worker_threads';
import * as api from 'capsule2d';
import { runScene, buildScene, makeRng, SCENE } from './determinism-scene.js';
import { runCastsScene } from './casts-scene.js';

await api.init({ simd: workerData.simd });
const { hash, bytes } = runScene(api);

const capsules = new api.CapsuleSet(SCENE.capsules), circles = new api.CircleSet(SCENE.circles);
buildScene(capsules, circles);
const rng = makeRng(7);
const ib = new api.IndexBuffer(16), rays = new api.RayBatch(200), sweeps = new api.SweepBatch(200);
const parts = [];
for (let q = 0; q < 200; q++) {
  const x = rng.range(0, SCENE.width), y = rng.range(0, SCENE.height);
  api.queryCircle(circles, x, y, 3, ib, { grow: true });
  parts.push(ib.index.slice(0, ib.written));
  api.queryBox(capsules, x, y, x + 5, y + 4, ib, { grow: true });
  parts.push(ib.index.slice(0, ib.written));
  rays.add(x, y, rng.range(-1, 1), rng.range(0.1, 1), 30);
  sweeps.add(x, y, x + rng.range(-9, 9), y + rng.range(-9, 9), rng.range(0, 1));
}
api.castRays(capsules, rays);
api.sweepCircles(capsules, sweeps);
for (const k of ['index', 'fraction', 'x', 'y', 'nx', 'ny', 'startsInside']) parts.push(rays[k].slice(0, 200));
for (const k of ['index', 't', 'x', 'y', 'nx', 'ny', 'pointX', 'pointY', 'startsInside']) parts.push(sweeps[k].slice(0, 200));
const more = Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
const casts = runCastsScene(api);
parentPort.postMessage({ simd: api.usingSimd(), hash, bytes, more, castsHash: casts.hash, castsBytes: casts.bytes });
