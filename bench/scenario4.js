// Scenario 4 — the plinko world (issue 16): capsule2d's World against the
// peer engines on the same scene (bench/plinko/scene.js), each engine and N
// in its own child process (bench/plinko/child.js). Prints median and p95 ms
// per step after warm-up, each peer's ratio to capsule2d SIMD, and the scene
// checks (balls kept inside the box, mean height, balls at rest), which must
// agree between engines within a tolerance or the run reports a problem.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { printTable } from './lib/table.js';

const run = promisify(execFile);
const child = fileURLToPath(new URL('./plinko/child.js', import.meta.url));

// Slow engines only at the sizes they finish in reasonable time.
const ENGINES = [
  { id: 'capsule2d', sizes: [1000, 4000, 10000] },
  { id: 'capsule2d-scalar', sizes: [1000, 4000, 10000] },
  { id: 'box2d3', sizes: [1000, 4000, 10000] },
  { id: 'rapier', sizes: [1000, 4000, 10000] },
  { id: 'rapier-simd', sizes: [1000, 4000, 10000] },
  { id: 'box2d24', sizes: [1000, 4000] },
  { id: 'planck', sizes: [1000] }, // planck at 4,000 balls: over 500 ms a step
  { id: 'matter', sizes: [1000] },
];

async function measure(engine, n, { steps, warmup, mixed, wide }) {
  const args = [child, engine, String(n), '--steps', String(steps), '--warmup', String(warmup)];
  if (mixed) args.push('--mixed');
  if (wide) args.push('--wide');
  try {
    const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20, timeout: 20 * 60_000 });
    return JSON.parse(stdout.trim().split('\n').pop());
  } catch (e) {
    return { engine, n, error: (e.stderr || e.message).toString().split('\n').slice(0, 3).join(' ') };
  }
}

export async function runScenario4({ quick, log, engines, sizes }) {
  const problems = [];
  const steps = quick ? 20 : 120, warmup = quick ? 30 : 480;
  const list = ENGINES.filter((e) => !engines || engines.includes(e.id));
  const ns = quick ? [300] : (sizes ?? [1000, 4000, 10000]);
  log('');
  log(`## Scenario 4: plinko world — 200 x 150 box, ~1,500 static capsules, N balls (r 0.5), dt 1/60`);
  log(`   ${warmup} warm-up steps (the balls fall into the pegs), then ${steps} timed steps; one fresh process per engine and N`);
  log(`   "falling": the same scene timed from its first step (${steps} steps, the balls in flight and entering the pegs);`);
  log(`   "wide": a box 10x wider with 10x the pegs (~15,000), for 50,000 and 100,000 balls (capsule2d and Box2D v3 only)`);
  const rows = [];
  // The variants: settled (after the warm-up), falling (from the first step), mixed sizes, and the wide scene.
  const VARIANTS = [
    { name: '', ns },
    { name: ' falling', falling: true, ns },
    { name: ' mixed', mixed: true, ns },
    { name: ' wide', wide: true, ns: quick ? [] : (sizes ? sizes.filter((n) => n >= 50000) : [50000, 100000]) },
  ];
  for (const variant of VARIANTS) {
    for (const n of variant.ns) {
      if (!variant.wide && n > 20000) continue; // the narrow box holds about 20,000
      const base = [];
      for (const e of list) {
        const few = variant.mixed || variant.wide;
        if (!quick && !variant.wide && !e.sizes.includes(n)) continue;
        if (few && !e.id.startsWith('capsule2d') && e.id !== 'box2d3') continue;
        const r = await measure(e.id, n, { steps, warmup: variant.falling ? 0 : warmup, mixed: variant.mixed, wide: variant.wide });
        base.push(r);
      }
      const ref = base.find((r) => r.engine === 'capsule2d' && !r.error);
      for (const r of base) {
        if (r.error) {
          problems.push(`${r.engine} N=${n}: ${r.error}`);
          rows.push([`${n}${variant.name}`, r.engine, 'failed', '', '', '', '', '', '']);
          continue;
        }
        if (r.balls !== n || r.inside !== n) problems.push(`${r.label} N=${n}${variant.name}: ${r.inside} of ${r.balls} balls inside the box (want ${n})`);
        if (ref && Math.abs(r.meanY - ref.meanY) > 0.25 * Math.max(ref.meanY, 10)) {
          problems.push(`${r.label} N=${n}: mean height ${r.meanY.toFixed(1)} far from capsule2d's ${ref.meanY.toFixed(1)} (not the same scene?)`);
        }
        rows.push([
          `${n}${variant.name}`, r.label, r.median.toFixed(2), r.p95.toFixed(2),
          ref ? `${(r.median / ref.median).toFixed(2)}x` : '', `${r.inside}/${r.balls}`, r.meanY.toFixed(1), String(r.atRest),
          `${Math.round(r.rss / 2 ** 20)} MB${r.wasmBytes ? ` (wasm ${Math.round(r.wasmBytes / 2 ** 20)} MB)` : ''}`,
        ]);
      }
    }
  }
  printTable('', ['N', 'engine', 'median ms', 'p95 ms', 'vs capsule2d', 'inside', 'mean y', 'at rest', 'process RSS'], rows, log);
  log('   "vs capsule2d": the engine\'s median over capsule2d SIMD\'s (> 1x: capsule2d is faster).');
  log('   How each engine models the scene:');
  const seen = new Set();
  for (const e of list) {
    const mod = await import(`./plinko/engines/${e.id.replace(/-(scalar|simd)$/, '')}.js`);
    if (seen.has(mod.model)) continue;
    seen.add(mod.model);
    log(`   - ${e.id.replace(/-(scalar|simd)$/, '')}: ${mod.model}`);
  }
  return { rows, problems };
}
