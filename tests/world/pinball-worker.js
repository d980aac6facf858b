// Runs the bench's pinball table (flippers, spinner, chain) in one build and
// reports state hashes, for kinematic.test.js (SIMD = scalar).
import { parentPort, workerData } from 'node:worker_threads';
import { init, usingSimd, World } from 'capsule2d';
import { pinballTable } from '../../bench/scenario5.js';

await init({ simd: workerData.simd });
const { world, drive } = pinballTable(World, 200);
const hashes = [];
for (let frame = 0; frame < 240; frame++) {
  drive(frame);
  world.step();
  if (frame % 40 === 39) hashes.push(world.stateHash());
}
const snap = world.save();
parentPort.postMessage({ simd: usingSimd(), hashes, snapHash: Array.from(snap).reduce((h, b) => Math.imul(h ^ b, 16777619) >>> 0, 2166136261) });
