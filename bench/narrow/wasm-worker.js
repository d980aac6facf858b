// A worker_thread with its own capsule2d instance (workerData.simd picks the
// build) holding the all-pairs row of the scene of workerData.seed. Messages:
// { cmd: 'round', opts } -> { samples }, { cmd: 'finish' } -> the checksums.
import { parentPort, workerData } from 'node:worker_threads';
import * as api from 'capsule2d';
import { buildScene } from '../lib/scene.js';
import { wasmAllPairsRow, hasBatchApi } from './wasm-row.js';

const { simd, seed, circles, capsules } = workerData;
let row = null;
try {
  await api.init({ simd });
  if (!hasBatchApi(api)) {
    parentPort.postMessage({ missing: 'the batch API (allPairsCapsuleCircle) is not in this build' });
  } else {
    row = wasmAllPairsRow(api, buildScene(seed, circles, capsules));
    parentPort.postMessage({ ready: true });
  }
} catch (e) {
  parentPort.postMessage({ error: String(e && e.stack ? e.stack : e) });
}

parentPort.on('message', async (m) => {
  try {
    if (m.cmd === 'round') parentPort.postMessage({ samples: await row.round(m.opts) });
    else if (m.cmd === 'finish') parentPort.postMessage({ result: row.finish() });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.stack ? e.stack : e) });
  }
});
