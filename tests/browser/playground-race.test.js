// The race, in Chromium: the plinko scene in capsule2d and in Box2D v3
// side by side. Box2D v3 (box2d3-wasm's compat build: the page is not
// cross-origin isolated) is fetched only when the race starts; then each
// world takes one step per frame, each with its own ms per step; the panel
// names the versions, builds and settings; the ball count (1,000–10,000)
// rebuilds both. The production build loads it as its own chunk and .wasm.
// The ms per step of both at 1,000, 4,000 and 10,000 balls are logged.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { skipReason, servePage, shot, startBuilt, openPage } from './harness.js';
import { frames } from './helpers.js';

const skip = skipReason();
const R = '[data-demo="race"]';
const race = (page) => page.evaluate(() => {
  const r = window.__capsule2dPage.demos.race;
  return { ...r.state, c2d: r.capsule?.world.balls.live ?? 0, b2d: r.box2d?.xs.length ?? 0 };
});
const box2dRequests = (requests) => requests.filter((u) => /box2d/i.test(u));

/** Scrolls the race into view. */
async function show(page) {
  await page.locator(`${R} canvas`).first().scrollIntoViewIfNeeded();
  await frames(page, 2);
}

/** Starts the race (or goes on) and waits for `steps` more steps of each. */
async function runSteps(page, steps) {
  const s0 = (await race(page)).steps;
  await page.waitForFunction((s) => window.__capsule2dPage.demos.race.state.steps >= s, s0 + steps, { timeout: 60000 });
  return race(page);
}

describe('the race: capsule2d and Box2D v3 side by side (desktop 1280 × 800)', { skip }, () => {
  let page;
  let browser;
  const requests = [];
  const served = servePage({ viewport: { width: 1280, height: 800 } });
  before(() => {
    ({ page, browser } = served);
    page.on('request', (r) => requests.push(r.url()));
  });

  it('Box2D v3 is not fetched until the race starts', async () => {
    await show(page);
    await page.waitForTimeout(300);
    assert.deepEqual(box2dRequests(requests), []);
    const st = await race(page);
    assert.equal(st.status, 'idle');
    assert.match(await page.locator(`${R} [data-show="raceStatus"]`).textContent(), /only when you start the race/);
  });

  it('started: both step once per frame, each timed; versions and settings are named', async () => {
    await page.click(`${R} button[name="race"]`);
    const st = await runSteps(page, 60);
    assert.equal(st.status, 'running');
    assert.equal(st.error, null);
    assert.equal(st.c2d, 4000);
    assert.equal(st.b2d, 4000);
    assert.equal(st.capsule.steps, st.box2d.steps, 'one step of each per frame');
    assert.ok(st.capsule.mean > 0 && st.box2d.mean > 0);
    const urls = box2dRequests(requests);
    assert.ok(urls.some((u) => /Box2D\.compat\.wasm$/.test(u)), `the compat build's .wasm: ${urls}`);
    assert.ok(!urls.some((u) => /deluxe/.test(u)), 'not the SIMD + threads build');
    const text = await page.locator(`${R} .readout`).textContent();
    assert.match(text, /capsule2d 0\.1\.0 \((SIMD|scalar)\)/);
    assert.match(text, /box2d3-wasm 5\.2\.0, compat/);
    assert.match(await page.locator(`${R} .race-settings`).textContent(), /dt 1\/60 s, 4 sub-steps, sleeping on/);
    assert.match(await page.locator(`${R} [data-show="capsuleMs"]`).textContent(), /^\d+\.\d\d ms per step$/);
    assert.match(await page.locator(`${R} [data-show="box2dMs"]`).textContent(), /^\d+\.\d\d ms per step$/);
    // Box2D's balls fall through the same box: all inside it (x within the walls, above the floor).
    const inside = await page.evaluate(() => {
      const b = window.__capsule2dPage.demos.race.box2d;
      let n = 0;
      for (let i = 0; i < b.xs.length; i++) if (Math.abs(b.xs[i]) < 20 && b.ys[i] > -12) n++;
      return n;
    });
    assert.equal(inside, 4000);
  });

  it('1,000, 4,000 and 10,000 balls: ms per step of each (logged), both rebuilt', async () => {
    const rows = [];
    for (const n of [1000, 4000, 10000]) {
      await page.locator(`${R} input[name="raceCount"]`).fill(String(n));
      const st = await runSteps(page, n === 10000 ? 90 : 120);
      assert.equal(st.c2d, n);
      assert.equal(st.b2d, n);
      rows.push(`${n}: capsule2d ${st.capsule.mean.toFixed(2)} ms, Box2D v3 (compat) ${st.box2d.mean.toFixed(2)} ms, ` +
        `ratio ${(st.box2d.mean / st.capsule.mean).toFixed(1)}`);
      if (n === 4000) await shot(page, 'desktop-race-running', R);
    }
    console.log(`# race, ms per step (mean of the last ~30): ${rows.join('; ')}`);
    await page.click(`${R} button[name="race"]`); // pause
    assert.equal((await race(page)).status, 'paused');
    assert.deepEqual(browser.problems, []);
  });
});

describe('the race in the production build', { skip }, () => {
  it('loads Box2D v3 as its own chunk and .wasm, on demand', async () => {
    const server = await startBuilt();
    try {
      const assets = readdirSync(join(server.outDir, 'assets'));
      assert.equal(assets.filter((f) => /^Box2D\.compat.*\.wasm$/.test(f)).length, 1, assets.join());
      assert.equal(assets.filter((f) => /deluxe/i.test(f)).length, 0, 'no SIMD + threads build shipped');
      const b = await openPage(server.url, { viewport: { width: 1280, height: 800 } });
      try {
        const requests = [];
        b.page.on('request', (r) => requests.push(r.url()));
        await show(b.page);
        assert.deepEqual(box2dRequests(requests), []);
        await b.page.locator(`${R} input[name="raceCount"]`).fill('1000');
        await b.page.click(`${R} button[name="race"]`);
        const st = await runSteps(b.page, 30);
        assert.equal(st.b2d, 1000);
        assert.ok(box2dRequests(requests).some((u) => /\.wasm$/.test(u)));
        assert.deepEqual(b.problems, []);
      } finally {
        await b.close();
      }
    } finally {
      await server.close();
    }
  });
});
