// Scenario 1 — narrowphase, all pairs: 4,096 circles x 1,024 capsules.
import { Worker } from 'node:worker_threads';
import { buildScene } from './lib/scene.js';
import { HitSum, hex } from './lib/checksum.js';
import { measure } from './lib/harness.js';
import { printTable, fmtMs, fmtRate, fmtRatio } from './lib/table.js';
import { toObjects, allPairsTutorial } from './narrow/tutorial.js';
import { createOutput, allPairsTyped } from './narrow/typed.js';
import { wasmAllPairsRow, hasBatchApi } from './narrow/wasm-row.js';
import { buildNative, runNative } from './narrow/native.js';

export const SEED = 1;
export const CIRCLES = 4096;
export const CAPSULES = 1024;

function inWorker(simd, timing) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./narrow/wasm-worker.js', import.meta.url), {
      workerData: { simd, seed: SEED, circles: CIRCLES, capsules: CAPSULES, timing },
    });
    w.once('message', (m) => {
      w.terminate();
      resolve(m);
    });
    w.once('error', reject);
  });
}

/**
 * Runs every row; returns { rows, problems, targets }. Each row: { key,
 * label, medianMs, hits, pairs, depths, depthTotal, family ('f32' | 'f64'),
 * note } or { key, label, skipped }.
 */
export async function runScenario1({ api, timing, quick, log }) {
  const scene = buildScene(SEED, CIRCLES, CAPSULES);
  const rows = [];

  // (a) tutorial-style JS
  const objects = toObjects(scene);
  let contacts = [];
  const ta = await measure('tutorial JS', () => {
    contacts = allPairsTutorial(objects);
  }, timing);
  const sa = new HitSum();
  for (const c of contacts) sa.add(c.circle, c.capsule, c.depth);
  rows.push({ key: 'a', label: '(a) JS, an object per vector op (tutorial style)', family: 'f64', ...ta, ...sa.result() });

  // (b) optimized JS on typed arrays
  const out = createOutput(1 << 16);
  const tb = await measure('typed JS', () => allPairsTyped(scene.circles, scene.capsules, out), timing);
  const sb = new HitSum();
  for (let q = 0; q < Math.min(out.count, out.capacity); q++) sb.add(out.circle[q], out.capsule[q], out.depth[q]);
  rows.push({ key: 'b', label: '(b) JS on Float32Arrays, no allocation', family: 'f64', ...tb, ...sb.result() });

  // (c) scalar wasm in a worker_thread, (d) SIMD wasm here
  const sc = await inWorker(false, timing);
  if (sc.error) throw new Error(`scalar wasm worker: ${sc.error}`);
  rows.push(
    sc.missing
      ? { key: 'c', label: '(c) capsule2d scalar wasm (worker_thread)', skipped: sc.missing }
      : { key: 'c', label: '(c) capsule2d scalar wasm (worker_thread)', family: 'f32', ...sc },
  );
  if (hasBatchApi(api)) {
    const sd = await wasmAllPairsRow(api, scene, timing);
    rows.push({ key: 'd', label: '(d) capsule2d SIMD wasm', family: 'f32', ...sd });
  } else {
    rows.push({ key: 'd', label: '(d) capsule2d SIMD wasm', skipped: 'the batch API (allPairsCapsuleCircle) is not in this build' });
  }

  // (e), (f) native
  const built = buildNative();
  let nativeInfo = { command: built.command };
  if (built.error) {
    rows.push({ key: 'e', label: '(e) native 128-bit', skipped: built.error.split('\n')[0] });
    rows.push({ key: 'f', label: '(f) native widest', skipped: built.error.split('\n')[0] });
  } else {
    const nat = runNative(built.exe, { reps: quick ? 3 : 31, seed: SEED, circles: CIRCLES, capsules: CAPSULES });
    const byName = Object.fromEntries(nat.rows.map((r) => [r.name, r]));
    const e = byName['library-sse41'] ?? byName['own-sse41'];
    rows.push({
      key: 'e',
      label: byName['library-sse41']
        ? '(e) native SSE4.1, the library kernel via simd4.h'
        : '(e) native SSE4.1, own kernel (library kernel absent)',
      family: 'f32',
      ...e,
    });
    const f = byName['own-avx512'] ?? byName['own-avx2'];
    if (f) rows.push({ key: 'f', label: `(f) native ${f.name === 'own-avx512' ? 'AVX-512' : 'AVX2'}, same test (own kernel)`, family: 'f32', ...f });
    else rows.push({ key: 'f', label: '(f) native widest', skipped: 'no AVX2 or AVX-512 on this CPU' });
    nativeInfo = { ...nativeInfo, extra: nat.rows.filter((r) => r !== e && r !== f) };
  }

  // Agreement: every row the same hits and pair checksum; rows of one
  // arithmetic (float32 / float64) the same depth bits; all depth totals close.
  const problems = [];
  const done = rows.filter((r) => !r.skipped);
  const first = done[0];
  for (const r of done) {
    if (r.hits !== first.hits || r.pairs !== first.pairs) {
      problems.push(`${r.label}: ${r.hits} hits, pairs ${hex(r.pairs)} but ${first.label}: ${first.hits} hits, pairs ${hex(first.pairs)}`);
    }
    const same = done.find((s) => s.family === r.family);
    if (r.depths !== same.depths) problems.push(`${r.label}: depth bits ${hex(r.depths)} differ from ${same.label}: ${hex(same.depths)}`);
    if (Math.abs(r.depthTotal - first.depthTotal) > 1e-6 * Math.max(1, first.depthTotal)) {
      problems.push(`${r.label}: depth total ${r.depthTotal} vs ${first.depthTotal}`);
    }
  }
  for (const extra of nativeInfo.extra ?? []) {
    if (extra.hits !== first.hits || extra.pairs !== first.pairs) problems.push(`native ${extra.name}: ${extra.hits} hits, pairs ${hex(extra.pairs)}`);
  }

  const pairsTested = CIRCLES * CAPSULES;
  const ref = rows.find((r) => r.key === 'd' && !r.skipped);
  const tut = rows.find((r) => r.key === 'a');
  const table = rows.map((r) =>
    r.skipped
      ? [r.label, 'skipped', '', '', '', '', '', '']
      : [
          r.label,
          fmtMs(r.medianMs),
          fmtRate(pairsTested / (r.medianMs / 1e3)),
          ref ? fmtRatio(ref.medianMs / r.medianMs) : '-',
          fmtRatio(tut.medianMs / r.medianMs),
          String(r.hits),
          hex(r.pairs),
          `${hex(r.depths)} ${r.family}`,
        ],
  );
  printTable(
    `Scenario 1 — narrowphase all pairs: ${CIRCLES} circles x ${CAPSULES} capsules = ${(pairsTested / 1e6).toFixed(2)} M pair tests (seed ${SEED})`,
    ['row', 'median ms', 'pair tests/s', 'vs capsule2d SIMD', 'vs (a)', 'hits', 'pairs checksum', 'depth checksum'],
    table,
    log,
  );
  for (const r of rows) if (r.skipped) log(`  ${r.label} skipped: ${r.skipped}`);
  log(`  speed ratios: > 1x is faster than the reference. native build: ${nativeInfo.command}`);
  log('  depth checksums agree within one arithmetic: f32 rows compute the float32 pair test bit for bit; f64 rows use JS doubles.');
  if (problems.length) {
    log('');
    log('  !!!!!!!! MISMATCH: the rows did not compute the same thing !!!!!!!!');
    for (const p of problems) log(`  !!! ${p}`);
  } else {
    log(`  all ${done.length} rows agree: ${first.hits} hits, pairs checksum ${hex(first.pairs)}, depths equal within each arithmetic.`);
  }

  const row = (k) => rows.find((r) => r.key === k && !r.skipped);
  const targets = [];
  const c = row('c'), d = row('d'), e = row('e');
  if (d && e) targets.push(['SIMD wasm >= 0.9x native 128-bit (e)', e.medianMs / d.medianMs, 0.9]);
  if (d) targets.push(['SIMD wasm >= 30x tutorial JS (a)', tut.medianMs / d.medianMs, 30]);
  if (c) targets.push(['scalar wasm >= 5x tutorial JS (a)', tut.medianMs / c.medianMs, 5]);
  for (const [name, got, want] of targets) {
    log(`  target ${name}: ${fmtRatio(got)} — ${got >= want ? 'met' : `MISSED (${((got / want) * 100).toFixed(0)}% of the target)`}`);
  }
  return { rows, problems, targets };
}
