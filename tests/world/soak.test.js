// The short soak (CI): 3,000 steps of the busy scene with fast shots, checked every step.
import assert from 'node:assert/strict';
import { wtest, api } from './helpers.js';
import { soak } from './soak.js';

wtest('soak: 3,000 steps, busy scene, fast shots: no NaN, nothing escaped, no energy gain, memory flat', { timeout: 300000 }, () => {
  const r = soak(api, 3000);
  console.log(`soak: ${JSON.stringify(r)}`);
  assert.equal(r.nan, 0);
  assert.equal(r.escaped, 0);
  assert.equal(r.gain, 0, `energy above the budget in ${r.gain} steps (worst ${r.worstGain})`);
  assert.equal(r.memoryGrew, 0);
});
