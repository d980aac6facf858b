// The playground's Newton's cradle, in Chromium: the page opened at #cradle
// shows 5 balls on 5 distance joints; stepped (paused, so the count is
// exact) the first ball strikes the row and the last leaves at >= 90% of the
// first's impact speed (the world test measures 99.9%), the middle three
// stay put. The readout shows the end balls' speeds; no console errors.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { skipReason, startDev, openPage } from './harness.js';
import { frames } from './helpers.js';

const skip = skipReason();
const D = 'playground';
const sel = `[data-demo="${D}"]`;
const demo = (page, f, arg) => page.evaluate(([src, a]) => new Function('d', 'a', `return (${src})(d, a);`)(window.__capsule2dPage.demos.playground, a), [f.toString(), arg]);

describe("playground: Newton's cradle (desktop 1280 × 800)", { skip }, () => {
  it('#cradle opens the cradle; the strike passes to the last ball', async () => {
    const server = await startDev();
    try {
      const b = await openPage(`${server.url}#cradle`, { viewport: { width: 1280, height: 800 } });
      const { page } = b;
      try {
        await frames(page, 3);
        assert.equal(await demo(page, (d) => d.state.scene), 'cradle');
        assert.equal(await page.locator(`${sel} input[value="cradle"]`).isChecked(), true);
        const built = await demo(page, (d) => ({ balls: d.world.balls.live, joints: d.world.joints().length, cradle: d.built.cradle.length }));
        assert.deepEqual(built, { balls: 5, joints: 5, cradle: 5 });
        const r = await demo(page, (d) => {
          d.setRunning(false);
          d.build();
          const w = d.world;
          const sp = (h) => { const s = w.ballState(h); return Math.hypot(s.vx, s.vy); };
          const c = d.built.cradle;
          let hit = -1, impact = 0, last = 0, others = 0;
          for (let k = 0; k < 60; k++) {
            const before = sp(c[0]);
            d.stepOnce();
            if (hit < 0 && sp(c[4]) > 0.05) { hit = k; impact = before; }
            if (hit >= 0 && k <= hit + 3) {
              last = Math.max(last, sp(c[4]));
              others = Math.max(others, sp(c[0]), sp(c[1]), sp(c[2]), sp(c[3]));
            }
          }
          return { hit, impact, last, others };
        });
        console.log(`# cradle: strike at step ${r.hit}, impact ${r.impact.toFixed(3)} units/s, last ball ${r.last.toFixed(3)} (${(100 * r.last / r.impact).toFixed(1)}%), others <= ${r.others.toFixed(4)}`);
        const want = Math.sqrt(2 * 10 * 2 * (1 - Math.cos(0.4))); // free swing: 1.78 units/s at the bottom
        assert.ok(r.hit > 0 && Math.abs(r.impact - want) < 0.02 * want, `impact at step ${r.hit}: ${r.impact} (free swing ${want})`);
        assert.ok(r.last >= 0.9 * r.impact, `last ball ${r.last} = ${(100 * r.last / r.impact).toFixed(1)}% of ${r.impact}`);
        assert.ok(r.others <= 0.05 * r.impact, `the others keep ${r.others}`);
        await frames(page, 2);
        assert.equal(await page.locator(`${sel} .readout [data-key="joints"]`).textContent(), '5');
        assert.match(await page.locator(`${sel} .readout [data-key="ends"]`).textContent(), /^\d\.\d\d \/ \d\.\d\d$/);
        mkdirSync('/work/shots', { recursive: true });
        await page.locator(sel).screenshot({ path: '/work/shots/cradle.png' });
        assert.deepEqual(b.problems, []);
      } finally {
        await b.close();
      }
    } finally {
      await server.close();
    }
  });
});
