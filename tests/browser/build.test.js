// The production build of the page (`vite build`, as `npm run build:web`
// makes it), served as plain static files by `vite preview`: the .wasm files
// are emitted next to the bundle and load, every example mounts, there are
// no console errors or failed requests, and the examples still answer with
// the library's numbers.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { skipReason, startBuilt, openPage, shot } from './harness.js';
import { drag, hover, state, readout, numbers } from './helpers.js';

const skip = skipReason();

describe('tutorial page as a built static folder', { skip }, () => {
  let server;
  let browser;
  let page;
  const requests = [];

  before(async () => {
    server = await startBuilt();
    browser = await openPage(server.url);
    page = browser.page;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('emits both WebAssembly builds beside the bundle, with relative URLs', () => {
    const assets = readdirSync(join(server.outDir, 'assets'));
    // One copy of each module, under the name Vite gives it (hashed).
    assert.equal(assets.filter((f) => /^capsule2d-[\w-]+\.wasm$/.test(f)).length, 1, assets.join());
    assert.equal(assets.filter((f) => /^capsule2d\.simd-[\w-]+\.wasm$/.test(f)).length, 1, assets.join());
    assert.ok(existsSync(join(server.outDir, 'index.html')));
    // The page's README and API links: copies in the built folder.
    for (const name of ['README.md', 'index.d.ts', 'world.d.ts', 'draw.d.ts']) {
      assert.ok(existsSync(join(server.outDir, 'docs', name)), `docs/${name} in the built folder`);
    }
  });

  it('loads the module and mounts every example with no console errors or failed requests', async () => {
    page.on('response', (r) => requests.push([r.url(), r.status()]));
    await page.reload();
    await page.waitForFunction(() => window.__capsule2dPage?.ready);
    const wasm = requests.filter(([u]) => u.endsWith('.wasm'));
    assert.equal(wasm.length, 1, JSON.stringify(requests));
    assert.equal(wasm[0][1], 200);
    assert.match(wasm[0][0], /\/assets\/capsule2d(\.simd)?(-[\w-]+)?\.wasm$/); // Vite may hash the name it emits
    const info = await page.evaluate(() => ({
      demos: Object.keys(window.__capsule2dPage.demos).length,
      skipped: window.__capsule2dPage.skipped,
    }));
    assert.equal(info.demos, 16); // 12 examples, the hero, the playground and the two races
    assert.deepEqual(info.skipped, {});
    assert.deepEqual(browser.problems, []);
  });

  it('dragging and hovering in the built page gives the library\'s numbers', async () => {
    const d = 'closest';
    const s0 = await state(page, d);
    await drag(page, d, { x: s0.ax, y: s0.ay }, { x: -6, y: 1 });
    await hover(page, d, { x: 2, y: -3 });
    const s = await state(page, d);
    assert.ok(Math.abs(s.ax - -6) < 0.05 && Math.abs(s.ay - 1) < 0.05, `A at ${s.ax}, ${s.ay}`);
    const p = await page.evaluate((q) => window.__capsule2dPage.api.closestPointOnSegment(q.ax, q.ay, q.bx, q.by, q.x, q.y), s);
    const shown = numbers(await readout(page, d, 'p'));
    assert.ok(Math.abs(shown[0] - p.x) <= 0.005 && Math.abs(shown[1] - p.y) <= 0.005, `${shown} vs ${p.x}, ${p.y}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'built-top');
    assert.deepEqual(browser.problems, []);
  });
});
