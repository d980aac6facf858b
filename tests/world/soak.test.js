// A short soak in CI (the long run: node tests/world/soak.js 100000).
import test from 'node:test';
import assert from 'node:assert/strict';
import { soak } from './soak.js';

// One run serves every test here (the soak takes a few seconds).
let run;
const soak5000 = () => (run ??= soak(5000));

test('soak, 5,000 steps of a busy scene with fast shots: no NaN, nothing escaped, memory flat, everything settles', async () => {
  const r = await soak5000();
  assert.equal(r.nan, 0);
  assert.equal(r.escaped, 0);
  assert.equal(r.memoryGrew, 0);
  assert.ok(r.fastest < 0.05, `after settling the fastest ball moves at ${r.fastest} m/s`);
});

// Measured 2026-11-25 (branch energy): 4 of 5,000 steps gain more than 1e-5 of the total mechanical
// energy: step 0 +26.9 of 1.81e5 (the scene places balls overlapping by up to 0.4 m; pushing them
// apart leaves speed the relax pass does not take back), then +12.1 of 6.48e4 at step 2419 (a shot's
// impact passed along a chain of balls, one of which had sunk 0.1 m into a sleeping one), +0.85 and
// +0.73 (the soft step's warm start and push-out in piles: sub-step by sub-step Gauss-Seidel, not one
// term). Was 74 steps, worst +74.2 (world-notes.md F3), before continuous collision returned the fall
// it undid, let pinned balls slide, stopped fast balls at balls, and warm starting stopped carrying
// bounces and impulses across a wake.
test('soak: energy gains are rare and small: at most 4 of 5,000 steps gain more than 1e-5 of the total, none after step 0 more than 2e-4 of it', async (t) => {
  const r = await soak5000();
  t.diagnostic(`steps with a gain: ${r.gainSteps}; worst +${r.maxGain.toFixed(3)} of ${r.maxGainOf.toFixed(1)} at step ${r.maxGainStep}; after step 0 +${r.laterGain.toFixed(3)} of ${r.laterGainOf.toFixed(1)} at step ${r.laterGainStep}`);
  assert.ok(r.gainSteps <= 4, `${r.gainSteps} steps gained energy (measured 4)`);
  assert.ok(r.laterGain <= 2e-4 * r.laterGainOf, `after step 0 a step gained ${r.laterGain} of ${r.laterGainOf} at step ${r.laterGainStep} (measured +12.1 of 6.48e4, 1.9e-4)`);
});

test('soak: no step gains mechanical energy (more than 1e-5 of the total)', {
  todo: 'engine: 4 of 5,000 steps gain energy (was 73): +26.9 of 1.81e5 at step 0 (initial overlaps pushed apart), +12.1 at step 2419, +0.85, +0.73; target 0 steps',
}, async (t) => {
  const r = await soak5000();
  t.diagnostic(`steps with a gain: ${r.gainSteps}, worst +${r.maxGain.toFixed(3)} of ${r.maxGainOf.toFixed(1)} at step ${r.maxGainStep}`);
  assert.equal(r.gainSteps, 0, `${r.gainSteps} steps gained energy; worst +${r.maxGain} of ${r.maxGainOf} at step ${r.maxGainStep}`);
});
