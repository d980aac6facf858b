// `npm run bench` — capsule2d against plain JS, native code and peer engines.
//   node bench/run.js [--quick] [--only 1,2,3]
// --quick: a few iterations per row, for a smoke run (timings meaningless).
// Exits 1 when rows disagree (hits, checksums or pair counts).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import * as api from 'capsule2d';
import { timing } from './lib/harness.js';
import { runScenario1 } from './scenario1.js';
import { runScenario2 } from './scenario2.js';
import { runScenario3 } from './scenario3.js';
import { runScenario4 } from './scenario4.js';
import { runScenario5 } from './scenario5.js';
import { runScenario6 } from './scenario6.js';
import { runScenario7 } from './scenario7.js';
import { runScenario8 } from './scenario8.js';

const USAGE = `usage: node bench/run.js [--quick] [--only 1,2,3,4,5,6,7,8] [--engines a,b] [--sizes n,m]
  --quick    a smoke run: every correctness check, few iterations (timings meaningless)
  --only     run only the scenarios listed (1 narrowphase, 2 scene query, 3 boundary, 4 plinko world, 5 pinball table, 6 world queries, 7 capsule pile, 8 ropes)
  --engines  scenario 4's engines (capsule2d, capsule2d-scalar, box2d3, rapier, rapier-simd, box2d24, planck, matter)
  --sizes    scenario 4's ball counts (default 1000,4000,10000), scenario 5's (default 300), 6's (default 1000,10000,50000) and 7's (default 2000)`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const quick = args.includes('--quick');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set(String(args[onlyAt + 1]).split(',').map(Number)) : new Set([1, 2, 3, 4, 5, 6, 7, 8]);
const enginesAt = args.indexOf('--engines'), sizesAt = args.indexOf('--sizes');
const engines = enginesAt >= 0 ? String(args[enginesAt + 1]).split(',') : undefined;
const sizes = sizesAt >= 0 ? String(args[sizesAt + 1]).split(',').map(Number) : undefined;
const known = new Set(['--quick', '--only', '--engines', '--sizes', ...[onlyAt, enginesAt, sizesAt].filter((i) => i >= 0).map((i) => args[i + 1])]);
if (args.some((a) => !known.has(a)) || [...only].some((n) => ![1, 2, 3, 4, 5, 6, 7, 8].includes(n)) || sizes?.some((n) => !(n > 0))) {
  console.error(`bench: bad arguments: ${args.join(' ')}\n${USAGE}`);
  process.exit(2);
}
const log = (s = '') => console.log(s);

function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    if (line) return line.split(':')[1].trim();
  } catch {
    // not Linux: fall through
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

function cpuFlags() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('flags'));
    const flags = new Set(line.split(':')[1].trim().split(/\s+/));
    return ['sse4_1', 'avx2', 'avx512f'].filter((f) => flags.has(f)).join(' ');
  } catch {
    return '';
  }
}

log('capsule2d benchmark');
log(`command: npm run bench${args.length ? ' -- ' + args.join(' ') : ''}   (node bench/run.js${args.length ? ' ' + args.join(' ') : ''})`);
log(`machine: ${cpuModel()}, ${os.cpus().length} cores (${cpuFlags()}), ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}`);
log(`node ${process.version} (V8 ${process.versions.v8}), date ${new Date().toISOString()}`);
log(`load average at start: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} (1, 5, 15 min; above ~${os.cpus().length} other work shares the cores)`);
log(`mode: ${quick ? 'QUICK (smoke run: few iterations, timings are not meaningful)' : 'full'}; times are medians`);

await api.init({ simd: true });
const t = timing(quick);
let problems = 0;

if (only.has(1)) {
  const r = await runScenario1({ api, timing: t, quick, log });
  problems += r.problems.length;
}
if (only.has(2)) {
  const r = await runScenario2({ api, timing: t, quick, log });
  problems += r.problems.length;
}
if (only.has(3)) {
  const r = await runScenario3({ api, timing: t, quick, log });
  problems += r.problems.length;
}

if (only.has(4)) {
  const r = await runScenario4({ quick, log, engines, sizes });
  for (const p of r.problems) log(`!!! ${p}`);
  problems += r.problems.length;
}

if (only.has(5)) {
  const r = await runScenario5({ api, quick, log, sizes });
  for (const p of r.problems) log(`!!! ${p}`);
  problems += r.problems.length;
}

if (only.has(6)) {
  const r = await runScenario6({ quick, log, sizes });
  for (const p of r.problems) log(`!!! ${p}`);
  problems += r.problems.length;
}

if (only.has(7)) {
  const r = await runScenario7({ quick, log, sizes });
  for (const p of r.problems) log(`!!! ${p}`);
  problems += r.problems.length;
}

if (only.has(8)) {
  const r = await runScenario8({ quick, log });
  for (const p of r.problems) log(`!!! ${p}`);
  problems += r.problems.length;
}

log('');
if (problems) {
  log(`!!! ${problems} MISMATCH(ES): see above`);
  process.exitCode = 1;
} else {
  log('all rows agree.');
}
