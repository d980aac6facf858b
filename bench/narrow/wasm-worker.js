// A worker_thread with its own capsule2d instance (workerData.simd picks the
// build), running the all-pairs row on the scene of workerData.seed.
import { parentPort, workerData } from 'node:worker_threads';
import * as api from 'capsule2d';
import { buildScene } from '../lib/scene.js';
import { wasmAllPairsRow, hasBatchApi } from './wasm-row.js';

const { simd, seed, circles, capsules, timing } = workerData;
try {
  await api.init({ simd });
  if (!hasBatchApi(api)) {
    parentPort.postMessage({ missing: 'the batch API (allPairsCapsuleCircle) is not in this build' });
  } else {
    const scene = buildScene(seed, circles, capsules);
    parentPort.postMessage(await wasmAllPairsRow(api, scene, timing));
  }
} catch (e) {
  parentPort.postMessage({ error: String(e && e.stack ? e.stack : e) });
}
