// The page's production build (`vite build web`, as `npm run build:web`
// makes it): no warnings at all (an unescaped `<` in a code listing made
// Vite print "Unable to parse HTML"), and exactly one copy of each
// WebAssembly module in the built folder (Vite emits a hashed copy of each
// `new URL('./capsule2d*.wasm', import.meta.url)` itself; a plugin that
// copied them again under their plain names doubled the download size of
// the folder).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG, ROOT, skipReason } from './harness.js';

const skip = skipReason();

/** Every file under dir, as paths relative to it. */
function walk(dir, base = dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p, base) : [p.slice(base.length + 1)];
  });
}

describe('the page as `vite build` makes it', { skip }, () => {
  it('builds with no warning and ships one copy of each .wasm, byte for byte the built module', async () => {
    const { build, createLogger } = await import('vite');
    const outDir = mkdtempSync(join(tmpdir(), 'capsule2d-web-build-'));
    const warnings = [];
    const logger = createLogger('info');
    for (const level of ['warn', 'warnOnce', 'error']) logger[level] = (msg) => warnings.push(`${level}: ${msg}`);
    const consoleWarn = console.warn;
    console.warn = (...a) => warnings.push(`console.warn: ${a.join(' ')}`);
    try {
      await build({
        configFile: CONFIG,
        customLogger: logger,
        logLevel: 'info',
        build: { outDir, emptyOutDir: true },
        // Rollup's own warnings (e.g. from the HTML transform) come here.
        plugins: [],
      });
    } finally {
      console.warn = consoleWarn;
    }
    try {
      assert.deepEqual(warnings, [], 'vite build printed warnings');
      const all = walk(outDir).filter((f) => f.endsWith('.wasm'));
      // The race (section 6) loads Box2D v3's module lazily: one copy of it, apart.
      const box2d = all.filter((f) => /^assets\/Box2D[\w.-]*\.wasm$/.test(f));
      assert.ok(box2d.length <= 1, `at most one copy of Box2D v3's module: ${box2d.join(', ')}`);
      const wasm = all.filter((f) => !box2d.includes(f));
      const sizes = Object.fromEntries(['capsule2d.wasm', 'capsule2d.simd.wasm'].map((f) => [f, readFileSync(join(ROOT, 'dist', f)).length]));
      // One file per module: the scalar build and the SIMD build, told apart by size.
      assert.equal(wasm.length, 2, `one copy of each module: ${wasm.join(', ')}`);
      const bySize = wasm.map((f) => statSync(join(outDir, f)).size).sort((a, b) => a - b);
      assert.deepEqual(bySize, Object.values(sizes).sort((a, b) => a - b), `sizes ${bySize} vs dist/ ${JSON.stringify(sizes)}`);
      for (const f of wasm) assert.match(f, /^assets\/capsule2d(\.simd)?(-[\w-]+)?\.wasm$/, f);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
