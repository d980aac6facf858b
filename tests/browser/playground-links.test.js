// Deep links to the playground's scenes and its world settings, in Chromium:
// loading the page at #pinball opens pinball and scrolls to the playground;
// a scene chosen on the page puts its name in the address; a link to
// another scene (or a hash typed later) switches to it. The settings panel
// acts through world.configure() between steps (gravity, sub-steps,
// sleeping), shows each scene's own settings, and is part of the rewind
// (a change is replayed at its step); restitution goes to dropped balls.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, startDev, openPage, servePage, shot } from './harness.js';
import { frames, show } from './helpers.js';

const skip = skipReason();
const D = 'playground';
const sel = `[data-demo="${D}"]`;
const demo = (page, f, arg) => page.evaluate(([src, a]) => new Function('d', 'a', `return (${src})(d, a);`)(window.__capsule2dPage.demos.playground, a), [f.toString(), arg]);
/** The playground's top relative to the viewport, and the viewport's height. */
const where = (page) => page.evaluate(() => ({ top: document.querySelector('[data-demo="playground"]').getBoundingClientRect().top, h: innerHeight }));

describe('playground: deep links (desktop 1280 × 800)', { skip }, () => {
  it('the page opened at #pinball shows pinball, scrolled to the playground', async () => {
    const server = await startDev();
    try {
      const b = await openPage(`${server.url}#pinball`, { viewport: { width: 1280, height: 800 } });
      try {
        await frames(b.page, 3);
        assert.equal(await demo(b.page, (d) => d.state.scene), 'pinball');
        assert.equal(await b.page.locator(`${sel} input[value="pinball"]`).isChecked(), true);
        assert.ok(await demo(b.page, (d) => d.built.left !== undefined), 'the pinball world is built');
        const w = await where(b.page);
        assert.ok(Math.abs(w.top) < 40, `the playground is at the top of the view: ${w.top}`);
        await shot(b.page, 'desktop-link-pinball');
        assert.deepEqual(b.problems, []);
      } finally {
        await b.close();
      }
    } finally {
      await server.close();
    }
  });

  describe('on one page', () => {
    let page;
    let browser;
    const served = servePage({ viewport: { width: 1280, height: 800 } });
    before(() => {
      ({ page, browser } = served);
    });

    it('choosing a scene puts its link in the address; a link or a typed hash switches scenes', async () => {
      await show(page, D);
      await page.click(`${sel} label:has(input[value="teeter"])`);
      assert.equal(await page.evaluate(() => location.hash), '#teeter');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => {
        location.hash = '#marble';
      });
      await page.waitForFunction(() => window.__capsule2dPage.demos.playground.state.scene === 'marble');
      await frames(page, 2);
      assert.ok(Math.abs((await where(page)).top) < 40, 'scrolled to the playground');
      assert.equal(await page.locator(`${sel} input[value="marble"]`).isChecked(), true);
      await page.click('#playground a[href="#fast"]');
      await page.waitForFunction(() => window.__capsule2dPage.demos.playground.state.scene === 'fast');
      // Not a scene: nothing changes.
      await page.evaluate(() => {
        location.hash = '#nothing-here';
      });
      await frames(page, 2);
      assert.equal(await demo(page, (d) => d.state.scene), 'fast');
    });

    it('settings: gravity, sub-steps and sleeping through world.configure(); each scene shows its own', async () => {
      await show(page, D);
      await page.click(`${sel} label:has(input[value="pinball"])`);
      await page.click(`${sel} details.settings summary`);
      assert.equal(await page.locator(`${sel} input[name="gravity"]`).inputValue(), '-6', 'pinball: its sloped table');
      assert.equal(await page.locator(`${sel} [data-show="gravity"]`).textContent(), '\u22126.0');
      await page.click(`${sel} label:has(input[value="teeter"])`);
      assert.equal(await page.locator(`${sel} input[name="gravity"]`).inputValue(), '-10');
      assert.equal(await page.locator(`${sel} input[name="subSteps"]`).inputValue(), '4');
      assert.equal(await page.locator(`${sel} input[name="sleep"]`).isChecked(), true);
      await demo(page, (d) => d.setRunning(false));
      await page.locator(`${sel} input[name="gravity"]`).fill('-2.5');
      await page.locator(`${sel} input[name="subSteps"]`).fill('8');
      await page.locator(`${sel} input[name="sleep"]`).uncheck();
      const s = await demo(page, (d) => d.world.settings);
      assert.deepEqual([s.gravityX, s.gravityY, s.subSteps, s.sleep], [0, -2.5, 8, false]);
      // Sleeping off: after 15 s nothing sleeps (with it on, every ball of this scene is asleep by then).
      const r = await demo(page, (d) => {
        for (let i = 0; i < 900; i++) d.stepOnce();
        let asleep = 0;
        const b = d.world.balls;
        for (let i = 0; i < b.slotCount; i++) if (b.alive(i) && !b.awake(i)) asleep++;
        return { asleep, live: b.live };
      });
      assert.deepEqual(r, { asleep: 0, live: 4 });
      await shot(page, 'desktop-playground-settings', sel);
    });

    it('a settings change is part of the rewind: before its step the old value, after it the new', async () => {
      await page.click(`${sel} button[name="reset"]`);
      await demo(page, (d) => {
        for (let i = 0; i < 30; i++) d.stepOnce();
      });
      await page.locator(`${sel} input[name="gravity"]`).fill('-20');
      await demo(page, (d) => {
        for (let i = 0; i < 30; i++) d.stepOnce();
      });
      await page.locator(`${sel} input[name="time"]`).fill('10');
      assert.equal(await demo(page, (d) => d.world.settings.gravityY), -10);
      assert.equal(await page.locator(`${sel} input[name="gravity"]`).inputValue(), '-10', 'the panel follows');
      await page.locator(`${sel} input[name="time"]`).fill('45');
      assert.equal(await demo(page, (d) => d.world.settings.gravityY), -20);
    });

    it('restitution of dropped balls: a ball dropped with 1 bounces back near its height, with 0 it stays down', async () => {
      await page.click(`${sel} button[name="reset"]`);
      const bounce = async (e) => {
        await page.locator(`${sel} input[name="restitution"]`).fill(String(e));
        return demo(page, (d) => {
          d.build();
          d.world.configure({ gravityY: -10 });
          d.drop(-6.5, 6);
          const h = d.world.ballHandle(d.world.balls.slotCount - 1);
          let low = 99;
          let top = -99;
          let fell = false;
          for (let i = 0; i < 240; i++) {
            d.stepOnce();
            const y = d.world.ballState(h).y;
            if (!fell && y < 0.5) fell = true;
            if (fell) top = Math.max(top, y);
            low = Math.min(low, y);
          }
          return { low, top };
        });
      };
      const hi = await bounce(1);
      const lo = await bounce(0);
      assert.ok(hi.top > 4.5, `restitution 1: back up to ${hi.top.toFixed(2)} from 6`);
      assert.ok(lo.top < 0.8, `restitution 0: stays down (${lo.top.toFixed(2)})`);
      assert.deepEqual(browser.problems, []);
    });
  });
});
