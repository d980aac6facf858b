// The fast-ball race, in Chromium: the playground's fast-ball scene (balls
// shot at 5, 95, 600 and 3,000 units/s at a thin wall, no gravity, full
// restitution) in capsule2d and in Box2D v3 side by side. Box2D v3 is
// fetched only when the visitor fires the balls; then capsule2d's balls keep
// their launch speed (within 1%) and none is ever found beyond the wall,
// while Box2D v3 caps the two fastest at its maximumLinearSpeed (400 m/s by
// default; the figure is logged). The panel names versions and settings,
// and the pause is announced in the page's one live region.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { skipReason, servePage, shot } from './harness.js';
import { frames } from './helpers.js';

const skip = skipReason();
const R = '[data-demo="race-fast"]';
const LAUNCH = [5, 95, 600, 3000];
const fast = (page) => page.evaluate(() => {
  const r = window.__capsule2dPage.demos['race-fast'];
  const s = r.state;
  return {
    status: s.status, steps: s.steps, error: s.error, cap: s.cap, settings: s.settings,
    capsuleSpeed: [...s.capsuleSpeed], box2dSpeed: [...s.box2dSpeed],
    capsuleMin: [...s.capsuleMin], capsuleMax: [...s.capsuleMax], box2dMax: [...s.box2dMax],
    firstSecond: s.firstSecond, capsuleCrossed: s.capsuleCrossed, box2dCrossed: s.box2dCrossed,
  };
});
const box2dRequests = (requests) => requests.filter((u) => /box2d/i.test(u));

describe('the fast-ball race: capsule2d keeps the speed, Box2D v3 caps it (desktop 1280 × 800)', { skip }, () => {
  let page;
  let browser;
  const requests = [];
  const served = servePage({ viewport: { width: 1280, height: 800 } });
  before(() => {
    ({ page, browser } = served);
    page.on('request', (r) => requests.push(r.url()));
  });

  it('Box2D v3 is not fetched before the balls are fired', async () => {
    await page.locator(`${R} canvas`).first().scrollIntoViewIfNeeded();
    await frames(page, 2);
    await page.waitForTimeout(300);
    assert.deepEqual(box2dRequests(requests), []);
    const st = await fast(page);
    assert.equal(st.status, 'idle');
    assert.match(await page.locator(`${R} [data-show="raceFastStatus"]`).textContent(), /only when you fire/);
    assert.equal(await page.locator(`${R} button[name="raceFast"]`).textContent(), 'Fire the fast balls');
  });

  it('fired by keyboard: capsule2d keeps every launch speed within 1% and no ball crosses; Box2D v3 caps the fast ones', async () => {
    await page.locator(`${R} button[name="raceFast"]`).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__capsule2dPage.demos['race-fast'].state.steps >= 180, null, { timeout: 60000 });
    const st = await fast(page);
    assert.equal(st.status, 'running');
    assert.equal(st.error, null);
    assert.ok(box2dRequests(requests).some((u) => /Box2D\.compat\.wasm$/.test(u)), 'the compat build was fetched');
    // Over the first second (60 steps, 9 to 470 bounces a ball) capsule2d's speeds stay within 1% of the launch.
    const f = st.firstSecond;
    for (let i = 0; i < LAUNCH.length; i++) {
      assert.ok(Math.abs(f.capsuleMin[i] - LAUNCH[i]) <= 0.01 * LAUNCH[i] && Math.abs(f.capsuleMax[i] - LAUNCH[i]) <= 0.01 * LAUNCH[i],
        `capsule2d ball ${i}: ${f.capsuleMin[i]}..${f.capsuleMax[i]} vs launch ${LAUNCH[i]}`);
    }
    assert.equal(st.capsuleCrossed, 0, 'no capsule2d ball beyond the wall');
    // Box2D v3: its default cap is 400 m/s; the balls launched above it never go faster.
    assert.equal(st.cap, 400);
    assert.ok(Math.abs(st.box2dSpeed[0] - 5) < 0.05 && Math.abs(st.box2dSpeed[1] - 95) < 1, `Box2D slow balls: ${st.box2dSpeed}`);
    assert.ok(st.box2dMax[2] <= 400.5 && st.box2dMax[3] <= 400.5, `Box2D fast balls capped: ${st.box2dMax}`);
    assert.ok(f.box2dSpeed[2] > 399 && f.box2dSpeed[3] > 399, `Box2D fast balls at the cap: ${f.box2dSpeed}`);
    assert.ok(st.box2dMax[3] < 0.2 * LAUNCH[3], 'the 3,000 units/s ball flies far slower in Box2D v3');
    console.log(`# fast-ball race, launch ${LAUNCH.join(' / ')} units/s; after 60 steps: capsule2d ` +
      `${f.capsuleSpeed.map((v) => v.toFixed(1)).join(' / ')}, Box2D v3 ${f.box2dSpeed.map((v) => v.toFixed(1)).join(' / ')}`);
    console.log(`# fast-ball race after ${st.steps} steps: ` +
      `capsule2d ${st.capsuleSpeed.map((v) => v.toFixed(1)).join(' / ')}, Box2D v3 ${st.box2dSpeed.map((v) => v.toFixed(1)).join(' / ')} ` +
      `(cap ${st.cap}); ball-steps beyond the wall: capsule2d ${st.capsuleCrossed}, Box2D v3 ${st.box2dCrossed}`);
    // Versions and settings are named in the panel.
    const note = await page.locator(`${R} .race-fast-settings`).textContent();
    assert.match(note, /capsule2d 0\.1\.0: dt 1\/60 s, \d+ sub-steps, no speed limit/);
    assert.match(note, /box2d3-wasm 5\.2\.0, compat\): dt 1\/60 s, 4 sub-steps, maximumLinearSpeed 400 m\/s/);
    const text = await page.locator(`${R} .readout`).textContent();
    assert.match(text, /launched at 3000 units\/s: speed in capsule2d \/ in Box2D v3/);
    assert.match(text, /in Box2D v3\d,?\d{3}\.\d \/ 400\.0/);
    // The speeds show on the canvases too; the picture is saved.
    await page.locator(`${R}`).scrollIntoViewIfNeeded();
    const path = await shot(page, 'race-fast', R);
    mkdirSync('/work/shots', { recursive: true });
    copyFileSync(path, '/work/shots/race-fast.png');
  });

  it('paused by keyboard: the result is announced in the one live region', async () => {
    await page.locator(`${R} button[name="raceFast"]`).focus();
    await page.keyboard.press('Enter');
    const st = await fast(page);
    assert.equal(st.status, 'paused');
    await page.waitForFunction(() => /3000 units\/s ball: \d+ in capsule2d, 400 in Box2D v3\. Balls beyond the wall: 0 and \d+\./.test(document.getElementById('announcer')?.textContent ?? ''), null, { timeout: 5000 });
    assert.equal(await page.locator(`${R} [aria-live]:not([aria-live="off"])`).count(), 0, 'no live region of its own: the page announcer speaks');
    assert.deepEqual(browser.problems, []);
  });
});
