// Runs the golden world scene in its own module instance (SIMD or scalar
// build) and reports the hash after SCENE_STEPS steps.
import { parentPort, workerData } from 'node:worker_threads';
import { init, usingSimd, World } from 'capsule2d';
import { buildScene, SCENE_STEPS } from './scene.js';

await init({ simd: workerData.simd });
const w = buildScene(World, { bullets: workerData.bullets });
const hashes = [];
for (let i = 0; i < SCENE_STEPS; i++) {
  w.step();
  if (i % 50 === 49) hashes.push(w.stateHash());
}
parentPort.postMessage({ simd: usingSimd(), hash: w.stateHash(), hashes, live: w.balls.live });
