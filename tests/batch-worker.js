// Worker: loads its own capsule2d instance (SIMD or scalar, from workerData)
// and posts the determinism scene's hash and result bytes.
import { parentPort, workerData } from 'node:worker_threads';
import * as api from 'capsule2d';
import { runScene } from './determinism-scene.js';

await api.init({ simd: workerData.simd });
const { hash, bytes } = runScene(api);
parentPort.postMessage({ simd: api.usingSimd(), hash, bytes });
