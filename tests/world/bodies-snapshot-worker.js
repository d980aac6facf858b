// Saves the capsule-body snapshot scene in one build and/or continues a
// snapshot from another (200 steps), for bodies-snapshot.test.js.
import { parentPort, workerData } from 'node:worker_threads';
import { init, usingSimd, World } from 'capsule2d';
import { bodyScene } from './bodies-snapshot-scene.js';

await init({ simd: workerData.simd });
const out = { simd: usingSimd() };
if (workerData.bytes) {
  const w = World.fromSnapshot(workerData.bytes);
  for (let i = 0; i < 200; i++) w.step();
  out.hash = w.stateHash();
  out.bytes = w.save();
  w.destroy();
} else {
  const { world } = bodyScene(World);
  out.bytes = world.save();
  world.destroy();
}
parentPort.postMessage(out);
