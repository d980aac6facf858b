// Motion (issue 27, WCAG 2.2.2): every example that animates by itself has a
// Pause / Play button that stops and restarts it, and under
// prefers-reduced-motion every one of them starts paused (the tunnelling
// demo of section 5 looped for ever with no pause and ignored it, and so did
// the falling circles).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, startDev, openPage } from './harness.js';
import { frames, show } from './helpers.js';

const skip = skipReason();

/** Names of the demos whose stage is animating now. */
const animating = (page) => page.evaluate(() => Object.entries(window.__capsule2dPage.demos)
  .filter(([, d]) => d.stage?.running).map(([n]) => n));

/** A demo's drawn frame count and steps, to tell whether it moves. */
const counters = (page, d) => page.evaluate((n) => {
  const demo = window.__capsule2dPage.demos[n];
  return { frame: demo.stage.frame, steps: demo.state.steps ?? demo.state.time ?? 0 };
}, d);

describe('motion: a pause for every animated example, and reduced motion honoured', { skip }, () => {
  let server;
  let animated;
  before(async () => {
    server = await startDev();
  });
  after(async () => {
    await server?.close();
  });

  it('every example that animates by itself has a Pause button that stops it and Play that restarts it', async () => {
    const b = await openPage(server.url, { viewport: { width: 1280, height: 800 } });
    try {
      const { page } = b;
      animated = await animating(page);
      for (const d of ['hero', 'falling', 'tunnel', 'playground']) assert.ok(animated.includes(d), `${d} animates: ${animated}`);
      for (const d of animated) {
        const sel = await show(page, d);
        const button = page.locator(`${sel} button[name="play"]`);
        assert.equal(await button.count(), 1, `${d} has a play/pause button`);
        assert.equal((await button.textContent()).trim(), 'Pause', d);
        await button.click();
        await frames(page, 2);
        const c0 = await counters(page, d);
        await page.waitForTimeout(400);
        const c1 = await counters(page, d);
        assert.deepEqual(c1.steps, c0.steps, `${d}: paused, it does not step`);
        assert.equal(await page.evaluate((n) => window.__capsule2dPage.demos[n].stage.running, d), false);
        assert.equal((await button.textContent()).trim(), 'Play', d);
        await button.click();
        await page.waitForTimeout(400);
        const c2 = await counters(page, d);
        assert.notDeepEqual(c2.steps, c1.steps, `${d}: Play runs it again`);
      }
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
    }
  });

  it('prefers-reduced-motion: every animated example starts paused, and Play starts it', async () => {
    const b = await openPage(server.url, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    try {
      const { page } = b;
      assert.deepEqual(await animating(page), [], 'nothing animates by itself');
      for (const d of animated) {
        const sel = await show(page, d);
        const c0 = await counters(page, d);
        await page.waitForTimeout(300);
        assert.deepEqual((await counters(page, d)).steps, c0.steps, `${d} stands still`);
        assert.equal((await page.locator(`${sel} button[name="play"]`).textContent()).trim(), 'Play', d);
      }
      const sel = await show(page, 'tunnel');
      const s0 = (await counters(page, 'tunnel')).steps;
      await page.click(`${sel} button[name="play"]`);
      await page.waitForTimeout(400);
      assert.ok((await counters(page, 'tunnel')).steps > s0, 'Play starts the tunnelling demo');
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
    }
  });
});
