// The benchmark's correctness part, in --quick mode: every row of every
// scenario must compute the same thing (hit counts and checksums agree,
// capsule2d's pair sets equal a float32 brute force). Timings are NOT tested.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as api from 'capsule2d';
import { timing } from '../../bench/lib/harness.js';
import { runScenario1 } from '../../bench/scenario1.js';
import { runScenario2 } from '../../bench/scenario2.js';
import { runScenario3 } from '../../bench/scenario3.js';
import { hasBatchApi } from '../../bench/narrow/wasm-row.js';
import { execFileSync } from 'node:child_process';

await api.init({ simd: true });
const quick = { api, timing: timing(true), quick: true, log: () => {} };
const batch = hasBatchApi(api);
let haveCompiler = true;
try {
  execFileSync(process.env.CC || 'gcc', ['--version'], { stdio: 'ignore' });
} catch {
  haveCompiler = false;
}

test('scenario 1: every all-pairs row finds the same hits, pair and depth checksums', { timeout: 120_000 }, async () => {
  const { rows, problems } = await runScenario1(quick);
  assert.deepEqual(problems, []);
  const done = rows.filter((r) => !r.skipped);
  assert.ok(done.length >= 2, 'at least the two JS rows ran');
  assert.ok(done[0].hits > 0, 'the scene has hits');
  for (const r of done) assert.equal(r.hits, done[0].hits, r.label);
  for (const r of done) assert.equal(r.pairs, done[0].pairs, r.label);
  if (batch) {
    for (const key of ['c', 'd']) assert.ok(rows.find((r) => r.key === key && !r.skipped), `row (${key}) ran`);
    const [c, d] = ['c', 'd'].map((k) => rows.find((r) => r.key === k));
    assert.equal(c.simd, false, 'row (c) ran the scalar module');
    assert.equal(d.simd, true, 'row (d) ran the SIMD module');
    assert.equal(c.depths, d.depths, 'scalar and SIMD wasm depths are bit-identical');
  }
  if (haveCompiler) {
    // gcc is on every machine of this kind: the native rows must build and run.
    for (const key of ['e', 'f']) {
      const r = rows.find((x) => x.key === key);
      assert.ok(!r.skipped || /no AVX2/.test(r.skipped), `row (${key}) ran: ${r.skipped ?? ''}`);
    }
    const d = rows.find((r) => r.key === 'd' && !r.skipped);
    const e = rows.find((r) => r.key === 'e');
    if (d) assert.equal(e.depths, d.depths, 'native SSE4.1 and SIMD wasm depths are bit-identical');
  }
});

test('scenario 1: a mismatch is reported, not hidden', async () => {
  // The agreement check compares hits and checksums; feed it a wrong row.
  const { HitSum } = await import('../../bench/lib/checksum.js');
  const a = new HitSum(), b = new HitSum();
  a.add(1, 2, 0.5);
  b.add(1, 3, 0.5);
  assert.notEqual(a.result().pairs, b.result().pairs);
  const c = new HitSum();
  c.add(1, 2, 0.25);
  assert.equal(c.result().pairs, a.result().pairs);
  assert.notEqual(c.result().depths, a.result().depths);
});

test('scenario 2: capsule2d equals the brute force; peers find about the same pairs', { timeout: 120_000 }, async () => {
  const { rows, problems } = await runScenario2(quick);
  assert.deepEqual(problems, []);
  if (batch) assert.ok(rows.find((r) => r.key === 'capsule2d'), 'the capsule2d row ran');
  for (const r of rows.filter((x) => x.vsBrute)) {
    const [capsules, circles] = r.vsBrute;
    // Peers approximate (polygons, their own float math): within 1% of the exact sets.
    assert.ok(capsules.missing + capsules.extra <= 0.01 * r.capsulePairs, `${r.label}: ${JSON.stringify(capsules)}`);
    assert.ok(circles.missing + circles.extra <= 0.01 * r.circlePairs, `${r.label}: ${JSON.stringify(circles)}`);
  }
});

test('scenario 3: the API, the bare export and plain JS agree per call', { timeout: 60_000 }, async () => {
  const { rows, problems } = await runScenario3(quick);
  assert.deepEqual(problems, []);
  assert.equal(rows.length, 4);
  assert.ok(rows[0].hits > 0 && rows[0].hits < 4096, 'some calls hit, some miss');
});

test('scenario 4: every engine simulates the same plinko scene (balls kept inside, mean height close)', { timeout: 240_000 }, async () => {
  const { runScenario4 } = await import('../../bench/scenario4.js');
  const { rows, problems } = await runScenario4({ quick: true, log: () => {}, engines: ['capsule2d', 'capsule2d-scalar', 'box2d3', 'rapier'] });
  assert.deepEqual(problems, []);
  const engines = new Set(rows.map((r) => r[1]));
  assert.ok([...engines].some((e) => e.startsWith('capsule2d SIMD')) && [...engines].some((e) => e.startsWith('Box2D v3')), [...engines].join(', '));
  for (const r of rows) assert.match(r[5], /^(\d+)\/\1$/, `${r[1]}: every ball inside (${r[5]})`);
});

test('scenario 5: the pinball table keeps every ball on it (flippers, spinner, chain ramp)', async () => {
  const { runScenario5 } = await import('../../bench/scenario5.js');
  const { rows, problems } = await runScenario5({ api, quick: true, log: () => {} });
  assert.deepEqual(problems, []);
  assert.equal(rows[0][3], '300/300');
});

test('scenario 7: the capsule pile keeps every capsule in the box, capsule2d and Box2D v3 both timed', { timeout: 240_000 }, async () => {
  const { runScenario7 } = await import('../../bench/scenario7.js');
  const { rows, problems } = await runScenario7({ quick: true, log: () => {}, sizes: [300] });
  assert.deepEqual(problems, []);
  assert.deepEqual(rows.map((r) => [r[0], r[4]]), [['capsule2d SIMD', '300/300'], ['Box2D v3 (box2d3-wasm, SIMD)', '300/300']]);
  for (const r of rows) assert.ok(Number(r[2]) > 0, `median ${r[2]}`);
});
