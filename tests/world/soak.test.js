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

// Measured 2026-11-24 (world-notes.md F3): over 5,000 steps, 73 steps gained more than 1e-5 of the
// total mechanical energy; the largest gain was 74 units (π r² ρ m²/s², ρ = 1) of 1.07e5, at step 650.
test('soak: no step gains mechanical energy (more than 1e-5 of the total)', {
  todo: 'engine: 73 of 5,000 steps gain energy, worst +74.2 of 1.07e5 (0.07%) at step 650; target 0 steps',
}, async (t) => {
  const r = await soak(5000);
  t.diagnostic(`steps with a gain: ${r.gainSteps}, worst +${r.maxGain.toFixed(3)} of ${r.maxGainOf.toFixed(1)} at step ${r.maxGainStep}`);
  assert.equal(r.gainSteps, 0, `${r.gainSteps} steps gained energy; worst +${r.maxGain} of ${r.maxGainOf} at step ${r.maxGainStep}`);
});
