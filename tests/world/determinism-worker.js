// Worker: its own capsule2d instance (SIMD or scalar) runs the busy scene and posts the state hash.
import { parentPort, workerData } from 'node:worker_threads';
import * as api from 'capsule2d';
import { runHash } from './scene.js';

await api.init({ simd: workerData.simd });
let result;
try {
  result = { simd: api.usingSimd(), hash: runHash(api), again: runHash(api) };
} catch (e) {
  result = { error: String(e && e.stack || e) };
}
parentPort.postMessage(result);
