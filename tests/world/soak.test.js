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

// Four scenes (seeds 99, 1, 2, 3), 5,000 steps each. Measured 2026-11-25 on main: 7, 11, 12 and 6
// steps gain more than 1e-5 of the total mechanical energy. Step 0 gains up to +26.9 of 1.81e5 (the
// scene places balls overlapping by up to 0.4 m; pushing them apart leaves speed the relax pass does
// not take back); after it, the largest gain is +56.9 of 9.4e4 (6.0e-4, seed 2, step 765: a shot's
// impact passing along a chain of balls in a pile; the soft step's warm start and push-out, sub-step
// by sub-step, not one term). Before continuous collision returned the fall it undid, let pinned balls
// slide, stopped fast balls at balls, and warm starting stopped carrying bounces and impulses across a
// wake: 74, 50, 80 and 61 steps (worst +74.2 for seed 99). The count moves with any change to the
// trajectories (it is chaotic), so the guard below has room; the todo is the target. Measured
// 2026-11-28 (eleventh session, after the sweeps stopped hanging balls and the bounces' energy
// bound): 6, 8, 10 and 6 steps; the worst after step 0 +40.1 of 9.5e4 (4.2e-4, seed 1, step 2111).
const SEEDS = [99, 1, 2, 3];
const runs = new Map();
const soakSeed = (seed) => {
  if (!runs.has(seed)) runs.set(seed, seed === 99 ? soak5000() : soak(5000, { seed }));
  return runs.get(seed);
};

test('soak: energy gains are rare and small: at most 15 of 5,000 steps gain more than 1e-5 of the total, none after step 0 more than 1e-3 of it (4 scenes)', async (t) => {
  for (const seed of SEEDS) {
    const r = await soakSeed(seed);
    t.diagnostic(`seed ${seed}: steps with a gain ${r.gainSteps}; worst +${r.maxGain.toFixed(3)} of ${r.maxGainOf.toFixed(1)} at step ${r.maxGainStep}; after step 0 +${r.laterGain.toFixed(3)} of ${r.laterGainOf.toFixed(1)} at step ${r.laterGainStep}`);
    assert.equal(r.nan + r.escaped, 0, `seed ${seed}: NaN or escaped`);
    assert.ok(r.gainSteps <= 15, `seed ${seed}: ${r.gainSteps} steps gained energy (measured 6 to 12)`);
    assert.ok(r.laterGain <= 1e-3 * r.laterGainOf, `seed ${seed}: after step 0 a step gained ${r.laterGain} of ${r.laterGainOf} at step ${r.laterGainStep} (measured at most 6.0e-4)`);
  }
});

// Hung in mid-air (soak.js: a ball faster than 10 m/s ending two steps running exactly where it
// began). Measured 2026-11-28: 1, 11, 6 and 9 ball-steps in the four seeds; before the sweeps took
// a ball stopped at a static as resting from its stop and left pressed balls to the solver (ccd.c:
// toi_clocked, toi_ball), 5,821, 8,663, 5,093 and 7,365 (a shot hung for 11 steps at 117 m/s while
// a ball sank 0.54 m into it). The rest: a ball stopped at a ball is still taken as moving over the
// whole step (the crossing and bullet tests' own model), which can hold one beside it. Mutants:
// without the pressed rule and the static clocks, 87, 40, 682 and 533.
test('soak: fast balls hardly ever hang in mid-air (at most 50 ball-steps in 5,000 steps, 4 scenes)', async (t) => {
  for (const seed of SEEDS) {
    const r = await soakSeed(seed);
    t.diagnostic(`seed ${seed}: ${r.hung} ball-steps hung`);
    assert.ok(r.hung <= 50, `seed ${seed}: ${r.hung} ball-steps hung in mid-air`);
  }
});

test('soak: no step gains mechanical energy (more than 1e-5 of the total)', {
  todo: 'engine: 6 to 12 of 5,000 steps gain energy in 4 scenes (was 50 to 80); step 0 up to +26.9 of 1.81e5 (initial overlaps pushed apart), later steps up to +56.9 of 9.4e4 (6.0e-4); target 0 steps',
}, async (t) => {
  for (const seed of SEEDS) {
    const r = await soakSeed(seed);
    t.diagnostic(`seed ${seed}: steps with a gain ${r.gainSteps}, worst +${r.maxGain.toFixed(3)} of ${r.maxGainOf.toFixed(1)} at step ${r.maxGainStep}`);
    assert.equal(r.gainSteps, 0, `seed ${seed}: ${r.gainSteps} steps gained energy; worst +${r.maxGain} of ${r.maxGainOf} at step ${r.maxGainStep}`);
  }
});
