// The playground's rewind, in Chromium: the time slider reaches back 10 s
// (600 steps); any step in that window is shown again bit for bit (the
// world's stateHash() equals the one the live run had at that step), by
// mouse, by keyboard, backwards and forwards, with the visitor's drops and
// pinball's flipper keys replayed; Play goes on from the step shown, and
// what came after it is forgotten (a new future).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, shot, servePage } from './harness.js';
import { frames, show } from './helpers.js';

const skip = skipReason();
const D = 'playground';
const sel = `[data-demo="${D}"]`;
const time = `${sel} input[name="time"]`;
const demo = (page, f, arg) => page.evaluate(([src, a]) => new Function('d', 'a', `return (${src})(d, a);`)(window.__capsule2dPage.demos.playground, a), [f.toString(), arg]);
const now = (page) => demo(page, (d) => ({ steps: d.state.steps, hash: d.world.stateHash(), live: d.world.balls.live, head: d.timeline.head }));

describe('playground: rewind (desktop 1280 × 800)', { skip }, () => {
  let page;
  let browser;
  let hashes;
  const served = servePage({ viewport: { width: 1280, height: 800 } });
  before(() => {
    ({ page, browser } = served);
  });

  it('plinko, 700 steps with two drops: the slider spans the last 600 steps', async () => {
    await show(page, D);
    await page.locator(`${sel} input[name="count"]`).fill('500');
    hashes = await demo(page, (d) => {
      d.setRunning(false);
      d.build();
      const h = [d.world.stateHash()];
      for (let i = 1; i <= 700; i++) {
        d.stepOnce();
        if (i === 100) d.drop(-5, 11);
        if (i === 300) d.drop(5, 11);
        h.push(d.world.stateHash());
      }
      return h;
    });
    await frames(page, 2);
    const r = await page.locator(time).evaluate((t) => ({ min: t.min, max: t.max, value: t.value }));
    assert.deepEqual(r, { min: '100', max: '700', value: '700' });
    assert.equal(await page.locator(`${sel} [data-show="time"]`).textContent(), 'now');
    const snaps = await demo(page, (d) => ({ n: d.timeline.snaps.length, interval: d.timeline.interval, bytes: d.timeline.bytes }));
    console.log(`# rewind, 500 balls: a snapshot every ${snaps.interval} steps, ${snaps.n} kept, ${(snaps.bytes / 2 ** 20).toFixed(1)} MB`);
    assert.ok(snaps.bytes < 64 * 2 ** 20);
  });

  it('the slider shows past steps bit for bit: by mouse, by keys, back and forth', async () => {
    await page.locator(time).fill('400');
    await frames(page, 2);
    let s = await now(page);
    assert.deepEqual([s.steps, s.hash, s.live], [400, hashes[400], 502], 'step 400, the same bits as the live run');
    assert.equal(await page.locator(`${sel} [data-show="time"]`).textContent(), '−5.0 s');
    assert.equal(await page.locator(time).getAttribute('aria-valuetext'), '5.0 seconds back, step 400');
    await page.waitForTimeout(300);
    assert.equal(await page.locator(`${sel} .readout [data-key="speed"]`).textContent(), 'paused, 5.0 s back');
    await shot(page, 'desktop-playground-rewind', sel);
    await page.focus(time);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await frames(page, 3);
    s = await now(page);
    assert.deepEqual([s.steps, s.hash], [397, hashes[397]]);
    await page.keyboard.press('Home');
    await frames(page, 3);
    s = await now(page);
    assert.deepEqual([s.steps, s.hash, s.live], [100, hashes[100], 501], 'the oldest step, with the first drop');
    for (const t of [299, 300, 650, 123, 700]) {
      await page.locator(time).fill(String(t));
      s = await now(page);
      assert.deepEqual([s.steps, s.hash], [t, hashes[t]], `step ${t}`);
    }
    assert.equal(s.head, 700, 'scrubbing forgets nothing');
    assert.deepEqual(browser.problems, []);
  });

  it('Play goes on from the step shown; what came after it is forgotten', async () => {
    await page.locator(time).fill('250');
    await page.click(`${sel} button[name="play"]`);
    await page.waitForFunction(() => window.__capsule2dPage.demos.playground.state.steps >= 320);
    await page.click(`${sel} button[name="play"]`);
    const s = await now(page);
    assert.equal(s.head, s.steps, 'the step shown is the newest');
    assert.equal(s.live, 501, 'the drop at step 300 of the old future is gone');
    const max = await page.locator(time).evaluate((t) => Number(t.max));
    assert.equal(max, s.steps);
    // The new future's own steps rewind too.
    await page.locator(time).fill('260');
    assert.equal((await now(page)).steps, 260);
    assert.equal((await now(page)).hash, hashes[260], 'before step 300 both futures are one');
  });

  it('pinball: flipper keys and a launch are replayed too', async () => {
    await page.check(`${sel} input[name="scene"][value="pinball"]`);
    const live = await demo(page, (d) => {
      d.setRunning(false);
      d.build();
      const h = [d.world.stateHash()];
      for (let i = 1; i <= 400; i++) {
        if (i === 20) d.launch();
        d.state.input.left = i % 50 < 20;
        d.state.input.right = i % 70 < 10;
        d.stepOnce();
        h.push(d.world.stateHash());
      }
      d.state.input.left = false;
      d.state.input.right = false;
      return h;
    });
    for (const t of [50, 399, 21, 333]) {
      await page.locator(time).fill(String(t));
      const s = await now(page);
      assert.deepEqual([s.steps, s.hash], [t, live[t]], `pinball step ${t}`);
    }
    assert.deepEqual(browser.problems, []);
  });
});
