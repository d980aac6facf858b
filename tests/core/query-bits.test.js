// Determinism of every scalar export: the same inputs give the same result
// bits natively (gcc, -ffp-contract=off), in the scalar wasm build and in the
// SIMD wasm build. The native side is src/wasm/exports.c itself, compiled
// with a small generated driver; the list of exports comes from parsing it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { simdSupported } from 'capsule2d';
import { rawModule, bitsOf } from '../helpers/bits/wasm.js';
import { cSources } from '../../tools/c-sources.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const OUT = 16; // floats of g_out compared after each call

function scalarExports() {
  const src = readFileSync(join(root, 'src/wasm/exports.c'), 'utf8');
  const sigs = [];
  for (const m of src.matchAll(/EMSCRIPTEN_KEEPALIVE\s+(int|void)\s+(capw_\w+)\(([^)]*)\)/g)) {
    const params = m[3].split(',').map((p) => p.trim());
    if (params[0] === 'void' || !params.every((p) => /^float \w+$/.test(p))) continue;
    sigs.push({ ret: m[1], name: m[2], n: params.length });
  }
  return sigs;
}

function buildNative(sigs) {
  const decls = sigs.map((s) => `${s.ret} ${s.name}(${Array(s.n).fill('float').join(', ')});`).join('\n');
  const cases = sigs
    .map((s, i) => {
      const args = Array.from({ length: s.n }, (_, k) => `a[${k}]`).join(', ');
      return s.ret === 'int' ? `    case ${i}: return ${s.name}(${args});` : `    case ${i}: ${s.name}(${args}); return 0;`;
    })
    .join('\n');
  const driver = `#include <stdio.h>
#include <string.h>
float* capw_out(void);
${decls}
static int call(int i, const float* a)
{
    switch (i) {
${cases}
    }
    return -99;
}
int main(void)
{
    int i, n;
    while (scanf("%d %d", &i, &n) == 2) {
        float a[16];
        for (int k = 0; k < n; k++) {
            unsigned b;
            if (scanf("%x", &b) != 1) return 1;
            memcpy(&a[k], &b, 4);
        }
        memset(capw_out(), 0, ${OUT} * sizeof(float));
        int r = call(i, a);
        printf("%d", r);
        for (int k = 0; k < ${OUT}; k++) {
            unsigned b;
            memcpy(&b, &capw_out()[k], 4);
            printf(" %08x", b);
        }
        printf("\\n");
    }
    return 0;
}
`;
  const dir = mkdtempSync(join(tmpdir(), 'capsule2d-bits-'));
  writeFileSync(join(dir, 'driver.c'), driver);
  const exe = join(dir, 'driver');
  const c = cSources();
  const cc = process.env.CC || 'gcc';
  const r = spawnSync(cc, [...c.cflags, '-O2', '-o', exe, join(dir, 'driver.c'), ...c.lib, 'src/wasm/exports.c', '-lm'], { cwd: root, encoding: 'utf8' });
  if (r.error || r.status !== 0) return { error: r.error?.message ?? r.stderr };
  return { exe };
}


const hex = (b) => b.toString(16).padStart(8, '0');
const isNaNBits = (b) => (b & 0x7f800000) === 0x7f800000 && (b & 0x7fffff) !== 0;
// NaN payloads legitimately differ between x86 and wasm; NaN appears only for
// out-of-contract input (negative radii), so any NaN matches any NaN.
const sameBits = (a, b) => a === b || (isNaNBits(a) && isNaNBits(b));

const value = fc.oneof(
  fc.integer({ min: -8, max: 8 }).map((i) => i / 2),
  fc.double({ min: -100, max: 100, noNaN: true }),
  fc.constantFrom(0, -0, 1e20, -1e20, 1e-30, -1e-30, 3e19, 1e-45),
  fc.double({ min: 0, max: 5, noNaN: true }),
);

test('every scalar export: native == wasm scalar == wasm SIMD, bit for bit', async (t) => {
  const sigs = scalarExports();
  assert.ok(sigs.length >= 18, `found ${sigs.length} exports`);
  const native = buildNative(sigs);
  if (native.error) {
    if (process.env.CI === 'true') assert.fail(`native compiler needed in CI: ${native.error}`);
    t.skip(`SKIPPED: no native C compiler (${native.error})`);
    return;
  }
  const modules = [['scalar', await rawModule('capsule2d.wasm')]];
  if (simdSupported()) modules.push(['simd', await rawModule('capsule2d.simd.wasm')]);
  const calls = fc.sample(fc.tuple(fc.nat(sigs.length - 1), fc.array(value, { minLength: 10, maxLength: 10 })), { numRuns: 6000, seed: 12345 });
  // make sure every export is called at least 50 times with plain values too
  for (let i = 0; i < sigs.length; i++) for (let k = 0; k < 50; k++) calls.push([i, Array.from({ length: 10 }, (_, j) => ((i * 7 + k * 3 + j * 5) % 11) - 5)]);
  const input = calls.map(([i, a]) => `${i} ${sigs[i].n} ${a.slice(0, sigs[i].n).map((x) => hex(bitsOf(x))).join(' ')}`).join('\n') + '\n';
  const run = spawnSync(native.exe, [], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.length, calls.length);
  for (const [name, m] of modules) {
    const out = new Float32Array(m.memory.buffer, m.capw_out(), OUT);
    const outBits = new Uint32Array(out.buffer, out.byteOffset, OUT);
    calls.forEach(([i, a], k) => {
      const args = a.slice(0, sigs[i].n).map(Math.fround);
      outBits.fill(0);
      const r = m[sigs[i].name](...args) ?? 0;
      const [nr, ...nb] = lines[k].split(' ');
      const ctx = `${name} ${sigs[i].name}(${args.join(', ')})`;
      assert.equal(r, Number(nr), `${ctx}: return value`);
      for (let j = 0; j < OUT; j++) {
        const want = parseInt(nb[j], 16);
        if (!sameBits(outBits[j], want)) assert.fail(`${ctx}: out[${j}] wasm ${hex(outBits[j])} native ${hex(want)}`);
      }
    });
  }
});
