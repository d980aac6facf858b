// Focus after choosing a playground scene, in Chromium: a scene picked with
// the mouse hands the keyboard to the canvas, so ← and → then work pinball's
// flippers instead of switching to another scene (the radio group would take
// them); a scene picked from the keyboard keeps focus on the radios, where
// the arrows move through the scenes as in any radio group.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, servePage } from './harness.js';
import { show } from './helpers.js';

const skip = skipReason();
const D = 'playground';
const sel = `[data-demo="${D}"]`;
const demo = (page, f) => page.evaluate(`(${f})(window.__capsule2dPage.demos.playground)`);

describe('playground: focus after choosing a scene (desktop 1280 × 800)', { skip }, () => {
  let page;
  let browser;
  const served = servePage({ viewport: { width: 1280, height: 800 } });
  before(() => {
    ({ page, browser } = served);
  });

  it('a click on "pinball" puts focus on the table: ← raises the left flipper and the scene stays pinball', async () => {
    await show(page, D);
    await page.click(`${sel} label:has(input[name="scene"][value="pinball"])`);
    assert.equal(await demo(page, (d) => d.state.scene), 'pinball');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'CANVAS', 'focus is on the table');
    await demo(page, (d) => d.setRunning(false));
    await page.keyboard.down('ArrowLeft');
    const r = await demo(page, (d) => {
      for (let i = 0; i < 10; i++) d.stepOnce();
      return { scene: d.state.scene, left: d.world.kinematic(d.built.left).angle, input: d.state.input };
    });
    await page.keyboard.up('ArrowLeft');
    assert.equal(r.scene, 'pinball', '← did not switch the scene');
    assert.equal(await page.locator(`${sel} input[value="pinball"]`).isChecked(), true);
    assert.deepEqual(r.input, { left: true, right: false });
    assert.ok(Math.abs(r.left - 0.45) < 1e-3, `the left flipper is up: ${r.left}`);
    // → works the right one, Space launches: still pinball.
    await page.keyboard.press('ArrowRight');
    assert.equal(await demo(page, (d) => d.state.scene), 'pinball');
  });

  it('the focus moves without scrolling the page and without a focus ring on the canvas', async () => {
    await show(page, D);
    const y0 = await page.evaluate(() => scrollY);
    await page.click(`${sel} label:has(input[name="scene"][value="teeter"])`);
    assert.equal(await page.evaluate(() => scrollY), y0);
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'CANVAS');
    assert.equal(await page.evaluate(() => document.activeElement.matches(':focus-visible')), false);
  });

  it('from the keyboard the radios keep focus and the arrows choose scenes, as in any radio group', async () => {
    await page.focus(`${sel} input[name="scene"][value="plinko"]`);
    await page.keyboard.press('Space');
    assert.equal(await demo(page, (d) => d.state.scene), 'plinko');
    await page.keyboard.press('ArrowRight');
    assert.equal(await demo(page, (d) => d.state.scene), 'fast');
    assert.equal(await page.evaluate(() => document.activeElement?.value), 'fast', 'focus stays on the radios');
    await page.keyboard.press('ArrowRight');
    assert.equal(await demo(page, (d) => d.state.scene), 'teeter');
    assert.deepEqual(browser.problems, []);
  });
});
