// One golden state hash for the batch calls: the same constant in the native
// C test, in Node with the SIMD build and in Node with the scalar build
// (each in its own worker, so each has its own module instance).
import test from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { EXPECTED_HASH } from './determinism-scene.js';

function runIn(simd) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./batch-worker.js', import.meta.url), { workerData: { simd } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

const [simd, scalar] = await Promise.all([runIn(true), runIn(false)]);

test('the workers really ran the SIMD and the scalar builds', () => {
  assert.equal(simd.simd, true);
  assert.equal(scalar.simd, false);
});

test('SIMD and scalar builds give bit-identical batch results', () => {
  assert.ok(simd.bytes.length > 1000, 'the scene produces contacts');
  assert.ok(Buffer.compare(Buffer.from(simd.bytes), Buffer.from(scalar.bytes)) === 0);
});

test('region queries and casts: SIMD and scalar builds give the same bytes', () => {
  assert.ok(simd.more.length > 10000);
  assert.ok(Buffer.compare(Buffer.from(simd.more), Buffer.from(scalar.more)) === 0);
});

test('golden hash: the same constant as the native test', () => {
  const hex = (h) => '0x' + h.toString(16).padStart(8, '0');
  assert.equal(hex(simd.hash), hex(EXPECTED_HASH));
  assert.equal(hex(scalar.hash), hex(EXPECTED_HASH));
});
