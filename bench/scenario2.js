// Scenario 2 — scene query: 10,000 circles (r 0.5) and 1,500 static capsules
// in the 200 x 150 box; every frame the circles make small random moves and
// each engine finds every touching circle-capsule and circle-circle pair.
import { buildScene, buildFrames } from './lib/scene.js';
import { sample, interleave } from './lib/harness.js';
import { printTable, fmtMs, fmtRatio } from './lib/table.js';
import { bruteCapsuleCircle, bruteCircleCircle, compareSets } from './lib/reference.js';
import { hasBatchApi } from './narrow/wasm-row.js';
import { createCapsule2dScene } from './scene/capsule2d.js';
import { createDetectScene, SEGMENTS } from './scene/detect.js';
import { initRapier, createRapierScene } from './scene/rapier.js';
import { buildNative, runNative } from './lib/native.js';

export const SEED = 2;
export const CIRCLES = 10000;
export const CAPSULES = 1500;
export const STEP = 0.05; // largest move per frame along x and along y

export async function runScenario2({ api, timing, quick, log }) {
  const scene = buildScene(SEED, CIRCLES, CAPSULES);
  const frames = buildFrames(SEED, scene.circles, quick ? 4 : 60, STEP);
  const check = frames[1];
  const want = {
    capsuleKeys: bruteCapsuleCircle(scene.capsules, check.x, check.y, scene.circles.radius, CIRCLES),
    circleKeys: bruteCircleCircle(check.x, check.y, scene.circles.radius, CIRCLES),
  };

  // Every engine is built first, then timed in interleaved rounds (each
  // round: frames in order from where the engine stopped), then checked on
  // the check frame against the brute force.
  const engines = [];
  if (hasBatchApi(api)) {
    engines.push({ key: 'capsule2d', label: 'capsule2d (SIMD wasm, grid)', what: 'all pairs with normal, depth, point', engine: createCapsule2dScene(api, scene) });
  }
  engines.push({ key: 'detect', label: 'detect-collisions (insert + checkAll)', what: `capsules as ${2 * SEGMENTS + 2}-gons; overlap, normal`, engine: createDetectScene(scene) });
  await initRapier();
  engines.push({ key: 'rapier', label: 'Rapier2D 0.21 (sensors, step, events)', what: 'pairs only: no normals or depths', engine: createRapierScene(scene) });

  // Context, not a peer: the same library C compiled natively (gcc -O3),
  // the same two calls per frame, timed by the native driver.
  const built = hasBatchApi(api) ? buildNative() : { error: 'no batch API' };
  const nativeRow = built.library
    ? (() => {
        const opts = { reps: quick ? 5 : 30, seed: SEED, circles: CIRCLES, capsules: CAPSULES, frames: frames.length };
        let last = null;
        return {
          name: 'native',
          run: () => {
            last = runNative(built.exe, opts).rows[0];
            return last.samples;
          },
          result: () => last,
        };
      })()
    : null;

  const times = await interleave(
    [...engines.map((e) => {
      let f = 0;
      const step = () => {
        e.engine.step(frames[f]);
        f = f + 1 === frames.length ? 0 : f + 1;
      };
      return { name: e.key, run: (o) => sample(e.label, step, o) };
    }), ...(nativeRow ? [nativeRow] : [])],
    timing,
  );
  const rows = [];
  const problems = [];
  for (const e of engines) {
    const got = e.engine.pairs(check);
    e.engine.destroy();
    rows.push({
      key: e.key,
      label: e.label,
      what: e.what,
      ...times.get(e.key),
      capsulePairs: got.capsuleCount,
      circlePairs: got.circleCount,
      vsBrute: [compareSets(want.capsuleKeys, got.capsuleKeys), compareSets(want.circleKeys, got.circleKeys)],
    });
  }

  if (nativeRow) {
    // The driver reports counts on frame 1 (the check frame) of its lap.
    const r = nativeRow.result();
    rows.push({
      key: 'native',
      label: 'capsule2d C, native gcc -O3 (context)',
      what: 'the same two calls, no wasm',
      ...times.get('native'),
      capsulePairs: r.capsulePairs,
      circlePairs: r.circlePairs,
      vsBrute: null,
    });
    if (r.capsulePairs !== want.capsuleKeys.size || r.circlePairs !== want.circleKeys.size) {
      problems.push(`native capsule2d found ${r.capsulePairs} + ${r.circlePairs} pairs, the brute force ${want.capsuleKeys.size} + ${want.circleKeys.size}`);
    }
  }
  const ref = rows.find((r) => r.key === 'capsule2d');
  const fmtDiff = (d) => (d.missing || d.extra ? `-${d.missing} +${d.extra}` : 'same');
  printTable(
    `Scenario 2 — scene query: ${CIRCLES} circles (r 0.5) + ${CAPSULES} static capsules, per frame after moves of up to ${STEP} (seed ${SEED}, ${frames.length} frames cycled)`,
    ['row', 'median ms/frame', 'min', 'vs capsule2d', 'circle-capsule pairs', 'circle-circle pairs', 'vs brute force (missing/extra)', 'what it computes'],
    rows.map((r) => [
      r.label,
      fmtMs(r.medianMs),
      fmtMs(r.minMs),
      ref ? fmtRatio(ref.medianMs / r.medianMs) : '-',
      ref && r !== ref ? `${r.capsulePairs} (${signed(r.capsulePairs - ref.capsulePairs)})` : String(r.capsulePairs),
      ref && r !== ref ? `${r.circlePairs} (${signed(r.circlePairs - ref.circlePairs)})` : String(r.circlePairs),
      r.vsBrute
        ? `${fmtDiff(r.vsBrute[0])} / ${fmtDiff(r.vsBrute[1])}`
        : r.capsulePairs === want.capsuleKeys.size && r.circlePairs === want.circleKeys.size
          ? 'same counts'
          : 'COUNTS DIFFER',
      r.what,
    ]),
    log,
  );
  log(`  pair counts on frame 1; brute force = the float32 pair test over all pairs: ${want.capsuleKeys.size} circle-capsule, ${want.circleKeys.size} circle-circle.`);
  log('  (n) after a peer\'s count is its difference from capsule2d\'s.');
  if (!ref) {
    log('  capsule2d row skipped: the batch API (findCapsuleCircleContacts) is not in this build');
  } else {
    const [a, b] = ref.vsBrute;
    if (a.missing || a.extra || b.missing || b.extra) {
      problems.push(`capsule2d's pair sets differ from the brute force: circle-capsule -${a.missing} +${a.extra}, circle-circle -${b.missing} +${b.extra}`);
    }
    const rapier = rows.find((r) => r.key === 'rapier');
    log(`  target capsule2d <= 0.4 ms per frame: ${fmtMs(ref.medianMs)} ms — ${ref.medianMs <= 0.4 ? 'met' : `MISSED: ${fmtRatio(ref.medianMs / 0.4)} the target time`}`);
    if (rapier) {
      const x = rapier.medianMs / ref.medianMs;
      log(`  target capsule2d >= 20x faster than Rapier: ${fmtRatio(x)} — ${x >= 20 ? 'met' : `MISSED (${((x / 20) * 100).toFixed(0)}% of the target)`}`);
    }
  }
  if (problems.length) {
    log('');
    log('  !!!!!!!! MISMATCH !!!!!!!!');
    for (const p of problems) log(`  !!! ${p}`);
  }
  return { rows, problems };
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `${n}` : '0';
}
