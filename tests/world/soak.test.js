// A short soak in CI (the long run: node tests/world/soak.js 100000).
import test from 'node:test';
import assert from 'node:assert/strict';
import { soak } from './soak.js';

test('soak, 5,000 steps of a busy scene with fast shots: no NaN, nothing escaped, memory flat, everything settles', async () => {
  const r = await soak(5000);
  assert.equal(r.nan, 0);
  assert.equal(r.escaped, 0);
  assert.equal(r.memoryGrew, 0);
  assert.ok(r.fastest < 0.05, `after settling the fastest ball moves at ${r.fastest} m/s`);
});
