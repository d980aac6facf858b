// Scenario 1 — narrowphase, all pairs: 4,096 circles x 1,024 capsules.
import { Worker } from 'node:worker_threads';
import { buildScene } from './lib/scene.js';
import { HitSum, hex } from './lib/checksum.js';
import { sample, interleave } from './lib/harness.js';
import { printTable, fmtMs, fmtRate, fmtRatio } from './lib/table.js';
import { toObjects, allPairsTutorial } from './narrow/tutorial.js';
import { createOutput, allPairsTyped } from './narrow/typed.js';
import { wasmAllPairsRow, hasBatchApi } from './narrow/wasm-row.js';
import { buildNative, runNative } from './lib/native.js';

export const SEED = 1;
export const CIRCLES = 4096;
export const CAPSULES = 1024;

/** The scalar-module row in a worker_thread; resolves when its sets are ready. */
function startWorker(simd) {
  const w = new Worker(new URL('./narrow/wasm-worker.js', import.meta.url), {
    workerData: { simd, seed: SEED, circles: CIRCLES, capsules: CAPSULES },
  });
  const ask = (message) =>
    new Promise((resolve, reject) => {
      // each answer removes its own error listener, so asks never pile up listeners
      const onError = (e) => reject(e);
      w.once('message', (m) => {
        w.off('error', onError);
        if (m.error) reject(new Error(`worker: ${m.error}`));
        else resolve(m);
      });
      w.once('error', onError);
      if (message) w.postMessage(message);
    });
  return ask(null).then((first) => ({ first, ask, stop: () => w.terminate() }));
}

/**
 * Runs every row; returns { rows, problems, targets }. Each row: { key,
 * label, medianMs, hits, pairs, depths, depthTotal, family ('f32' | 'f64') }
 * or { key, label, skipped }. Rows are timed in interleaved rounds.
 */
export async function runScenario1({ api, timing, quick, log }) {
  const scene = buildScene(SEED, CIRCLES, CAPSULES);
  const rows = [];
  const runners = []; // { name, run(opts) -> samples }
  const finishers = []; // () -> row fields after timing

  // (a) tutorial-style JS
  const objects = toObjects(scene);
  let contacts = [];
  runners.push({ name: 'a', run: (o) => sample('tutorial JS', () => (contacts = allPairsTutorial(objects)), o) });
  finishers.push(() => {
    const s = new HitSum();
    for (const c of contacts) s.add(c.circle, c.capsule, c.depth);
    return { key: 'a', label: '(a) JS, an object per vector op (tutorial style)', family: 'f64', ...s.result() };
  });

  // (b) optimized JS on typed arrays
  const out = createOutput(1 << 16);
  runners.push({ name: 'b', run: (o) => sample('typed JS', () => allPairsTyped(scene.circles, scene.capsules, out), o) });
  finishers.push(() => {
    const s = new HitSum();
    for (let q = 0; q < Math.min(out.count, out.capacity); q++) s.add(out.circle[q], out.capsule[q], out.depth[q]);
    return { key: 'b', label: '(b) JS on Float32Arrays, no allocation', family: 'f64', ...s.result() };
  });

  // (c) scalar wasm in a worker_thread (its own module instance)
  const labelC = '(c) capsule2d scalar wasm (worker_thread)';
  const worker = await startWorker(false);
  if (worker.first.missing) {
    worker.stop();
    finishers.push(() => ({ key: 'c', label: labelC, skipped: worker.first.missing }));
  } else {
    runners.push({ name: 'c', run: async (o) => (await worker.ask({ cmd: 'round', opts: o })).samples });
    finishers.push(async () => {
      const { result } = await worker.ask({ cmd: 'finish' });
      worker.stop();
      return { key: 'c', label: labelC, family: 'f32', ...result };
    });
  }

  // (d) SIMD wasm in this thread
  const labelD = '(d) capsule2d SIMD wasm';
  if (hasBatchApi(api)) {
    const d = wasmAllPairsRow(api, scene);
    runners.push({ name: 'd', run: (o) => d.round(o) });
    finishers.push(() => ({ key: 'd', label: labelD, family: 'f32', ...d.finish() }));
  } else {
    finishers.push(() => ({ key: 'd', label: labelD, skipped: 'the batch API (allPairsCapsuleCircle) is not in this build' }));
  }

  // (e), (f) native: one driver run lists the rows and their checksums,
  // then each round times one row per driver run.
  const built = buildNative();
  let extraNative = [];
  if (built.error) {
    const why = built.error.split('\n')[0];
    finishers.push(() => ({ key: 'e', label: '(e) native 128-bit', skipped: why }));
    finishers.push(() => ({ key: 'f', label: '(f) native widest', skipped: why }));
  } else {
    const all = runNative(built.exe, { reps: 1, seed: SEED, circles: CIRCLES, capsules: CAPSULES });
    const byName = Object.fromEntries(all.rows.map((r) => [r.name, r]));
    const e = byName['library-sse41'] ?? byName['own-sse41'];
    const f = byName['own-avx512'] ?? byName['own-avx2'];
    extraNative = all.rows.filter((r) => r !== e && r !== f);
    const reps = quick ? 3 : 9;
    const nativeRun = (name) => () => runNative(built.exe, { reps, seed: SEED, circles: CIRCLES, capsules: CAPSULES, only: name }).rows[0].samples;
    runners.push({ name: 'e', run: nativeRun(e.name) });
    finishers.push(() => ({
      key: 'e',
      label: byName['library-sse41'] ? '(e) native SSE4.1: the library kernel via simd4.h' : '(e) native SSE4.1: own kernel (library kernel absent)',
      family: 'f32',
      ...e,
    }));
    if (f) {
      runners.push({ name: 'f', run: nativeRun(f.name) });
      finishers.push(() => ({ key: 'f', label: `(f) native ${f.name === 'own-avx512' ? 'AVX-512' : 'AVX2'}: same test, own kernel`, family: 'f32', ...f }));
    } else {
      finishers.push(() => ({ key: 'f', label: '(f) native widest', skipped: 'no AVX2 or AVX-512 on this CPU' }));
    }
  }

  const times = await interleave(runners, timing);
  for (const finish of finishers) {
    const r = await finish();
    rows.push(r.skipped ? r : { ...r, ...times.get(r.key) });
  }
  rows.sort((x, y) => (x.key < y.key ? -1 : 1));
  const nativeInfo = { command: built.command, extra: extraNative };

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
      ? [r.label, 'skipped', '', '', '', '', '', '', '']
      : [
          r.label,
          fmtMs(r.medianMs),
          fmtMs(r.minMs),
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
    ['row', 'median ms', 'min ms', 'pair tests/s', 'vs capsule2d SIMD', 'vs (a)', 'hits', 'pairs checksum', 'depth checksum'],
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
