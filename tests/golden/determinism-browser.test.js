// The golden determinism hashes in Chromium: the batch scene of
// determinism-scene.js, the casts scene of casts-scene.js and the world scene
// of world/scene.js, run by the built package in a real page with the SIMD
// and the scalar module, must give EXPECTED_HASH, CASTS_GOLDEN_HASH and
// GOLDEN_WORLD_HASH (the constants of the native and Node tests; with its
// fast balls as bullets, BULLET_WORLD_HASH), and a
// snapshot of the world scene restored and stepped on must give
// SNAPSHOT_WORLD_HASH; the joints scenes of world/joints-scene.js,
// world/revolute-scene.js and world/ball-body-scene.js (ball joints and
// ropes, capsule bodies on revolute,
// distance and drag joints, balls joined to capsule bodies) must give
// JOINTS_WORLD_HASH, CHAINS_WORLD_HASH, BODY_JOINTS_WORLD_HASH and
// BALL_BODY_WORLD_HASH.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { EXPECTED_HASH } from '../helpers/determinism-scene.js';
import {
  BALL_BODY_WORLD_HASH, BODY_JOINTS_WORLD_HASH, BULLET_WORLD_HASH, CHAINS_WORLD_HASH, GOLDEN_WORLD_HASH, JOINTS_WORLD_HASH, SNAPSHOT_WORLD_HASH,
} from '../world/golden.js';
import { CASTS_GOLDEN_HASH } from './casts.js';
import { ROOT, CHROMIUM, skipReason } from '../browser/harness.js';

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const PAGE = `<!doctype html><meta charset="utf-8"><title>determinism</title>
<script type="module">
  import * as api from '/dist/index.js';
  import { runScene } from '/tests/helpers/determinism-scene.js';
  import { runWorldScene, snapshotScene, continueSnapshot } from '/tests/world/scene.js';
  import { runCastsScene } from '/tests/helpers/casts-scene.js';
  import { chainScene, jointScene } from '/tests/world/joints-scene.js';
  import { revoluteScene } from '/tests/world/revolute-scene.js';
  import { ballBodyScene } from '/tests/world/ball-body-scene.js';
  const sceneHash = (make) => { const s = make(api.World); s.run(); const h = s.world.stateHash(); s.world.destroy(); return h; };
  const simd = new URLSearchParams(location.search).get('simd') === '1';
  try {
    await api.init({ simd });
    const { hash } = runScene(api);
    const castsHash = runCastsScene(api).hash;
    const saved = snapshotScene(api.World);
    const snapshotHash = continueSnapshot(api.World, saved.save());
    saved.destroy();
    window.__result = { hash, castsHash, worldHash: runWorldScene(api.World), bulletHash: runWorldScene(api.World, { bullets: true }), snapshotHash, simd: api.usingSimd(),
      jointsHash: sceneHash(jointScene), chainsHash: sceneHash(chainScene), bodyJointsHash: sceneHash(revoluteScene),
      ballBodyHash: sceneHash(ballBodyScene) };
  } catch (e) {
    window.__result = { error: String(e && e.stack || e) };
  }
</script>`;

/** Serves the repository's dist/ and tests/ (read-only) and the page above. */
function serve() {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/determinism.html') {
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

const skip = skipReason();

test('Chromium, SIMD and scalar: the golden determinism hashes (batch contacts, casts, world, joints)', { skip, timeout: 120000 }, async () => {
  const { chromium } = await import('playwright-core');
  const server = await serve();
  const profile = await mkdtemp(join(tmpdir(), 'capsule2d-det-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');
    for (const simd of [true, false]) {
      await page.goto(`http://localhost:${server.address().port}/determinism.html?simd=${simd ? 1 : 0}`);
      await page.waitForFunction(() => window.__result, null, { timeout: 60000 });
      const r = await page.evaluate(() => window.__result);
      assert.equal(r.error, undefined, r.error);
      assert.equal(r.simd, simd);
      assert.equal(hex(r.hash), hex(EXPECTED_HASH), `Chromium ${simd ? 'SIMD' : 'scalar'}`);
      assert.equal(hex(r.castsHash), hex(CASTS_GOLDEN_HASH), `Chromium ${simd ? 'SIMD' : 'scalar'}: casts, sweeps, region queries`);
      assert.equal(hex(r.worldHash), hex(GOLDEN_WORLD_HASH), `Chromium ${simd ? 'SIMD' : 'scalar'}: the physics world`);
      assert.equal(hex(r.snapshotHash), hex(SNAPSHOT_WORLD_HASH), `Chromium ${simd ? 'SIMD' : 'scalar'}: a restored snapshot`);
      assert.equal(hex(r.bulletHash), hex(BULLET_WORLD_HASH), `Chromium ${simd ? 'SIMD' : 'scalar'}: the physics world with bullets`);
      assert.equal(hex(r.jointsHash), hex(JOINTS_WORLD_HASH), `Chromium ${simd ? 'SIMD' : 'scalar'}: ball joints`);
      assert.equal(hex(r.chainsHash), hex(CHAINS_WORLD_HASH), `Chromium ${simd ? 'SIMD' : 'scalar'}: ropes`);
      assert.equal(hex(r.bodyJointsHash), hex(BODY_JOINTS_WORLD_HASH), `Chromium ${simd ? 'SIMD' : 'scalar'}: capsule bodies on joints`);
      assert.equal(hex(r.ballBodyHash), hex(BALL_BODY_WORLD_HASH), `Chromium ${simd ? 'SIMD' : 'scalar'}: balls joined to capsule bodies`);
    }
  } finally {
    await context.close();
    server.close();
    await rm(profile, { recursive: true, force: true });
  }
});
