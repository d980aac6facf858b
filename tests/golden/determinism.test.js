// The golden hashes of the batch calls (contacts: determinism-scene.js; casts,
// sweeps and region queries: casts-scene.js): the same constants in the
// native C tests, in Node with the SIMD build and in Node with the scalar
// build (each in its own worker, so each has its own module instance).
import test from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { EXPECTED_HASH } from '../helpers/determinism-scene.js';
import { CASTS_GOLDEN_HASH } from './casts.js';

function runIn(simd) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('../helpers/batch-worker.js', import.meta.url), { workerData: { simd } });
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

test('casts golden hash (casts, sweeps, region queries): SIMD and scalar give the same bytes and the native constant', () => {
  const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');
  assert.ok(simd.castsBytes.length > 10000, 'the casts scene produces results');
  assert.ok(Buffer.compare(Buffer.from(simd.castsBytes), Buffer.from(scalar.castsBytes)) === 0, 'SIMD and scalar bytes');
  const how = 'if the change is meant: bash build.sh && node tools/golden-casts.js --write (tests/golden/casts.h)';
  assert.equal(hex(simd.castsHash), hex(CASTS_GOLDEN_HASH), `SIMD; ${how}`);
  assert.equal(hex(scalar.castsHash), hex(CASTS_GOLDEN_HASH), `scalar; ${how}`);
});
