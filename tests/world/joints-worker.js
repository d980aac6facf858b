// Runs the joints golden scene and the chains scene in their own module instance (SIMD or scalar build).
import { parentPort, workerData } from 'node:worker_threads';
import { init, usingSimd, World } from 'capsule2d';
import { chainScene, jointScene } from './joints-scene.js';

await init({ simd: workerData.simd });
const scene = jointScene(World), hashes = [];
const breaks = scene.run(hashes);
const chains = chainScene(World), chainHashes = [];
const chainBreaks = chains.run(chainHashes);
parentPort.postMessage({
  simd: usingSimd(), hash: scene.world.stateHash(), hashes, breaks, joints: scene.world.joints().length,
  chains: { hash: chains.world.stateHash(), hashes: chainHashes, breaks: chainBreaks, joints: chains.world.joints().length },
});
