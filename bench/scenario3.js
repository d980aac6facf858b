// Scenario 3 — the JS <-> wasm boundary: one circle-capsule test per call,
// through the public API, through the bare export of a module we instantiate
// ourselves, and in plain JS. Each timed task makes CALLS calls over a table
// of argument sets (about half of them hit); ns per call = task time / CALLS.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { prng, randomDirection } from './lib/scene.js';
import { sample, interleave } from './lib/harness.js';
import { printTable, fmtRatio } from './lib/table.js';

export const SEED = 3;
export const CALLS = 4096;

/** Argument sets: a capsule (length 3, r 0.25) and a circle (r 0.5) near it. */
function buildArgs() {
  const next = prng(SEED);
  const args = new Float64Array(CALLS * 8);
  for (let q = 0; q < CALLS; q++) {
    const cx = next() * 200, cy = next() * 150;
    const [ux, uy] = randomDirection(next);
    const f = Math.fround;
    args.set([f(cx - ux * 1.5), f(cy - uy * 1.5), f(cx + ux * 1.5), f(cy + uy * 1.5), 0.25, f(cx + (next() * 2 - 1) * 1.6), f(cy + (next() * 2 - 1) * 1.6), 0.5], q * 8);
  }
  return args;
}

/** The same test in plain JS (float64), filling `r` on a hit. */
function collideJs(ax, ay, bx, by, ra, cx, cy, rc, r) {
  const vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay;
  const vv = vx * vx + vy * vy;
  let t = vv > 0 ? (wx * vx + wy * vy) / vv : 0;
  t = t > 0 ? t : 0;
  t = t < 1 ? t : 1;
  const px = ax + t * vx, py = ay + t * vy;
  const dx = cx - px, dy = cy - py;
  const d2 = dx * dx + dy * dy, rs = ra + rc;
  if (!(d2 <= rs * rs)) return null;
  const dist = Math.sqrt(d2);
  let nx = 0, ny = 1;
  if (dist > 0) {
    nx = dx / dist;
    ny = dy / dist;
  } else if (vv > 0) {
    const len = Math.sqrt(vv);
    nx = 0 - vy / len;
    ny = vx / len;
  }
  r.nx = nx;
  r.ny = ny;
  r.depth = rs - dist;
  r.pointX = px + ra * nx;
  r.pointY = py + ra * ny;
  r.coreX = px;
  r.coreY = py;
  return r;
}

async function bareModule() {
  const file = fileURLToPath(new URL('../dist/capsule2d.simd.wasm', import.meta.url));
  const { instance } = await WebAssembly.instantiate(readFileSync(file), { env: { emscripten_notify_memory_growth() {} } });
  instance.exports._initialize();
  return instance.exports;
}

export async function runScenario3({ api, timing, log }) {
  const args = buildArgs();
  const bare = await bareModule();
  const out = new Float32Array(bare.memory.buffer, bare.capw_out(), 8);
  const collideBare = bare.capw_collide_capsule_circle;
  const emptyBare = bare.capw_simd; // an export that does no work: the call alone
  const { collideCapsuleCircle, createContact } = api;

  const results = {};
  const tasks = {
    api() {
      const r = createContactOnce.api;
      let hits = 0, depth = 0;
      for (let q = 0; q < args.length; q += 8) {
        if (collideCapsuleCircle(args[q], args[q + 1], args[q + 2], args[q + 3], args[q + 4], args[q + 5], args[q + 6], args[q + 7], r)) {
          hits++;
          depth += r.depth;
        }
      }
      results.api = { hits, depth };
    },
    bare() {
      const r = createContactOnce.bare;
      let hits = 0, depth = 0;
      for (let q = 0; q < args.length; q += 8) {
        if (collideBare(args[q], args[q + 1], args[q + 2], args[q + 3], args[q + 4], args[q + 5], args[q + 6], args[q + 7])) {
          r.nx = out[0];
          r.ny = out[1];
          r.depth = out[2];
          r.pointX = out[3];
          r.pointY = out[4];
          r.coreX = out[5];
          r.coreY = out[6];
          hits++;
          depth += r.depth;
        }
      }
      results.bare = { hits, depth };
    },
    call() {
      let hits = 0;
      for (let q = 0; q < args.length; q += 8) hits += emptyBare();
      results.call = { hits: -1, depth: 0, ones: hits };
    },
    js() {
      const r = createContactOnce.js;
      let hits = 0, depth = 0;
      for (let q = 0; q < args.length; q += 8) {
        if (collideJs(args[q], args[q + 1], args[q + 2], args[q + 3], args[q + 4], args[q + 5], args[q + 6], args[q + 7], r)) {
          hits++;
          depth += r.depth;
        }
      }
      results.js = { hits, depth };
    },
  };
  const createContactOnce = { api: createContact(), bare: createContact(), js: createContact() };

  const labels = {
    api: 'capsule2d API: collideCapsuleCircle(..., result)',
    bare: 'bare export: capw_collide_capsule_circle + 7 reads',
    js: 'plain JS, same test (float64)',
    call: 'context: a bare export doing no work (capw_simd)',
  };
  const keys = ['api', 'bare', 'js', 'call'];
  const times = await interleave(keys.map((key) => ({ name: key, run: (o) => sample(labels[key], tasks[key], o) })), timing);
  const rows = keys.map((key) => ({ key, label: labels[key], nsPerCall: (times.get(key).medianMs * 1e6) / CALLS, ...results[key] }));
  const bareRow = rows.find((r) => r.key === 'bare');
  const apiRow = rows.find((r) => r.key === 'api');
  printTable(
    `Scenario 3 — the JS <-> wasm boundary: one circle-capsule test per call (${CALLS} calls per sample, seed ${SEED})`,
    ['row', 'ns per call', 'vs capsule2d API', 'vs bare export', 'hits'],
    rows.map((r) => [r.label, r.nsPerCall.toFixed(1), fmtRatio(apiRow.nsPerCall / r.nsPerCall), fmtRatio(bareRow.nsPerCall / r.nsPerCall), r.hits < 0 ? '-' : String(r.hits)]),
    log,
  );
  const problems = [];
  for (const r of rows) {
    if (r.key === 'call') {
      if (r.ones !== CALLS) problems.push(`capw_simd() returned ${r.ones} ones in ${CALLS} calls of the SIMD build`);
      continue;
    }
    if (r.hits !== apiRow.hits || Math.abs(r.depth - apiRow.depth) > 1e-3) {
      problems.push(`${r.label}: ${r.hits} hits, depth sum ${r.depth} but the API: ${apiRow.hits} hits, depth sum ${apiRow.depth}`);
    }
  }
  if (problems.length) {
    log('  !!!!!!!! MISMATCH !!!!!!!!');
    for (const p of problems) log(`  !!! ${p}`);
  }
  const ratio = apiRow.nsPerCall / bareRow.nsPerCall;
  log('  ratios: > 1x is faster than the column\'s reference. The API validates 8 numbers (Math.fround + finiteness + radius sign) before the call;');
  log('  the last row is the cost of crossing the boundary alone, the rest of the bare row is the C function\'s own work in wasm.');
  log(`  target API within 2x of the bare export: ${fmtRatio(ratio)} — ${ratio <= 2 ? 'met' : `MISSED: ${fmtRatio(ratio / 2)} the allowed 2x`}`);
  return { rows, problems };
}
