// One engine, one N, in a fresh process (no JIT or heap state carried over): builds the
// scene, steps it, prints one JSON line with median / p95 ms per step after
// warm-up, memory and the scene checks.
//   node bench/plinko/child.js <engine> <n> [--steps S] [--warmup W] [--mixed]
import { pegs as makePegs, balls as makeBalls, summarize, widen } from './scene.js';

const [engine, nText, ...rest] = process.argv.slice(2);
const opt = (name, dflt) => { const i = rest.indexOf(name); return i >= 0 ? Number(rest[i + 1]) : dflt; };
const n = Number(nText);
const steps = opt('--steps', 300), warmup = opt('--warmup', 200);
const mixed = rest.includes('--mixed');
if (rest.includes('--wide')) widen(10); // the 50,000 / 100,000-ball scene: 10x wider, 10x the pegs
// Engines: capsule2d (SIMD), capsule2d-scalar, box2d3, rapier (scalar), rapier-simd, planck, matter.
const simd = !engine.endsWith('-scalar') && (engine !== 'rapier');
const mod = await import(`./engines/${engine.replace(/-(scalar|simd)$/, '')}.js`);
const pegs = makePegs(), balls = makeBalls(n, mixed);
const sim = await mod.create({ pegs, balls, simd });
for (let i = 0; i < warmup; i++) sim.step();
const times = new Float64Array(steps);
for (let i = 0; i < steps; i++) {
  const t0 = performance.now();
  sim.step();
  times[i] = performance.now() - t0;
}
const sorted = Array.from(times).sort((a, b) => a - b);
const { xs, ys, sp } = sim.read();
const wasmBytes = sim.memory?.() ?? null;
console.log(JSON.stringify({
  engine, label: sim.label, model: mod.model, n, mixed, wide: rest.includes('--wide'), pegs: pegs.length, steps, warmup,
  median: sorted[Math.floor(steps / 2)], p95: sorted[Math.floor(steps * 0.95)],
  rss: process.memoryUsage().rss, wasmBytes, ...summarize(xs, ys, sp),
}));
