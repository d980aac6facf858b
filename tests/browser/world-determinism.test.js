// The world's determinism in Chromium: the busy scene of tests/world/scene.js
// run by the built package in a real page, SIMD and scalar, gives the same
// state hash as Node (and the golden constant once recorded).
import test from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import * as api from 'capsule2d';
import { runHash, EXPECTED_WORLD_HASH } from '../world/scene.js';
import { ROOT, CHROMIUM, skipReason } from './harness.js';

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const PAGE = `<!doctype html><meta charset="utf-8"><title>world determinism</title>
<script type="module">
  import * as api from '/dist/index.js';
  import { runHash } from '/tests/world/scene.js';
  const simd = new URLSearchParams(location.search).get('simd') === '1';
  try {
    await api.init({ simd });
    window.__result = { hash: runHash(api), simd: api.usingSimd() };
  } catch (e) {
    window.__result = { error: String(e && e.stack || e) };
  }
</script>`;

function serve() {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/world.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(PAGE);
    }
    const file = normalize(join(ROOT, path));
    if (!(path.startsWith('/dist/') || path.startsWith('/tests/')) || !file.startsWith(ROOT)) {
      res.writeHead(404);
      return res.end();
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, 'localhost', () => resolve(server)));
}

await api.init();
const missingEngine = typeof api.World === 'function' ? false : 'engine missing: capsule2d exports no World yet';
const skip = skipReason();
const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');

test('Chromium, SIMD and scalar: the world state hash equals Node\'s', { skip, todo: missingEngine, timeout: 180000 }, async () => {
  const nodeHash = runHash(api);
  const { chromium } = await import('playwright-core');
  const server = await serve();
  const profile = await mkdtemp(join(tmpdir(), 'capsule2d-world-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    for (const simd of [true, false]) {
      await page.goto(`http://localhost:${server.address().port}/world.html?simd=${simd ? 1 : 0}`);
      await page.waitForFunction(() => window.__result, null, { timeout: 120000 });
      const r = await page.evaluate(() => window.__result);
      assert.equal(r.error, undefined, r.error);
      assert.equal(r.simd, simd);
      console.log(`Chromium ${simd ? 'SIMD' : 'scalar'}: ${hex(r.hash)}; Node ${api.usingSimd() ? 'SIMD' : 'scalar'}: ${hex(nodeHash)}`);
      assert.equal(hex(r.hash), hex(nodeHash), `Chromium ${simd ? 'SIMD' : 'scalar'} vs Node`);
      if (EXPECTED_WORLD_HASH !== null) assert.equal(hex(r.hash), hex(EXPECTED_WORLD_HASH));
    }
  } finally {
    await context.close();
    server.close();
    await rm(profile, { recursive: true, force: true });
  }
});
