// Saves the snapshot scene (world/scene.js) in one build and/or continues a
// snapshot from another, for snapshot.test.js.
import { parentPort, workerData } from 'node:worker_threads';
import { init, usingSimd, World } from 'capsule2d';
import { snapshotScene, continueSnapshot } from './scene.js';

await init({ simd: workerData.simd });
const out = { simd: usingSimd() };
if (workerData.bytes) out.hash = continueSnapshot(World, workerData.bytes);
else {
  const w = snapshotScene(World);
  out.bytes = w.save();
  w.destroy();
}
parentPort.postMessage(out);
