// Runs the ball-body joints golden scene in its own module instance (SIMD or scalar build).
import { parentPort, workerData } from 'node:worker_threads';
import { init, usingSimd, World } from 'capsule2d';
import { ballBodyScene } from './ball-body-scene.js';

await init({ simd: workerData.simd });
const scene = ballBodyScene(World), hashes = [];
const breaks = scene.run(hashes);
parentPort.postMessage({ simd: usingSimd(), hash: scene.world.stateHash(), hashes, breaks, joints: scene.world.joints().length });
