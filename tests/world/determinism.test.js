// Determinism: the busy scene's state hash after HASH_STEPS steps is the
// same in the SIMD and the scalar build, from run to run, and equals the
// golden constant once recorded.
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { wtest } from './helpers.js';
import { EXPECTED_WORLD_HASH, HASH_STEPS } from './scene.js';

function runIn(simd) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./determinism-worker.js', import.meta.url), { workerData: { simd } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}
const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');

wtest(`busy scene, ${HASH_STEPS} steps: SIMD and scalar give the same state hash, run to run`, { timeout: 120000 }, async () => {
  const [simd, scalar] = await Promise.all([runIn(true), runIn(false)]);
  assert.equal(simd.error, undefined, simd.error);
  assert.equal(scalar.error, undefined, scalar.error);
  console.log(`world hash: SIMD ${hex(simd.hash)} (again ${hex(simd.again)}), scalar ${hex(scalar.hash)}`);
  assert.equal(simd.simd, true);
  assert.equal(scalar.simd, false);
  assert.equal(hex(simd.hash), hex(simd.again), 'run to run');
  assert.equal(hex(simd.hash), hex(scalar.hash), 'SIMD = scalar');
});

wtest('the golden world hash is recorded and matched', { todo: EXPECTED_WORLD_HASH === null && 'golden hash not recorded yet (needs a run of the engine)' }, async () => {
  const simd = await runIn(true);
  assert.equal(hex(simd.hash), hex(EXPECTED_WORLD_HASH ?? 0));
});
