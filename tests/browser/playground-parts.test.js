// The playground's scenes with moving parts, in Chromium: the teeter-totter
// (a pivoted capsule: the weight lands, the board swings to its other limit
// and throws the light balls, then everything comes to rest), pinball (the
// flippers answer the keys, the mouse and touch, a flipper flicks a ball up,
// the plunger launches one, drained balls are counted, the keys do not
// scroll the page while the table has focus and still do elsewhere) and the
// marble track (a chain: marbles roll down the straight run with no bump and
// settle in the bowl). For each: pause / single step / reset and the
// readout, no console errors; step and draw times are logged; screenshots,
// desktop and phone, go to test-results/page/.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, startDev, openPage, shot, servePage, PHONE } from './harness.js';
import { frames, show, client } from './helpers.js';

const skip = skipReason();
const D = 'playground';
const sel = `[data-demo="${D}"]`;

const steps = (page) => page.evaluate(() => window.__capsule2dPage.demos.playground.state.steps);
const readout = (page, key) => page.locator(`${sel} .readout [data-key="${key}"]`).textContent();

/** Picks a scene with its radio button, paused, from step 0 (Reset). */
async function scene(page, name) {
  await show(page, D);
  await page.check(`${sel} input[name="scene"][value="${name}"]`);
  await page.evaluate(() => window.__capsule2dPage.demos.playground.setRunning(false));
  await page.click(`${sel} button[name="reset"]`);
  assert.equal(await steps(page), 0);
}

/** Runs n steps in the page (as the frames would) and returns f(demo) evaluated after them. */
function run(page, n, f = '() => null') {
  return page.evaluate(([k, src]) => {
    const demo = window.__capsule2dPage.demos.playground;
    for (let i = 0; i < k; i++) demo.stepOnce();
    demo.stage.invalidate();
    // eslint-disable-next-line no-new-func
    return new Function('demo', `return (${src})(demo);`)(demo);
  }, [n, f.toString()]);
}

/** The flippers' angles, left and right, each 0.45 when up and −0.45 at rest (the right one is mirrored). */
const flippers = (page) => page.evaluate(() => {
  const { world, built } = window.__capsule2dPage.demos.playground;
  return [world.kinematic(built.left).angle, -world.kinematic(built.right).angle];
});

describe('playground scenes with moving parts (desktop 1280 × 800)', { skip }, () => {
  let page;
  let browser;
  const served = servePage({ viewport: { width: 1280, height: 800 } });
  before(() => {
    ({ page, browser } = served);
  });

  it('teeter-totter: the weight lands, the board swings to its other limit and throws the light balls; all come to rest', async () => {
    await scene(page, 'teeter');
    assert.equal(await readout(page, 'board'), '0.300 rad');
    await shot(page, 'desktop-playground-teeter-start', sel);
    const r = await run(page, 0, (demo) => {
      const { world, built } = demo;
      const b = world.balls;
      const angle = () => world.kinematic(built.board).angle;
      const a0 = angle();
      let lo = a0;
      let hi = a0;
      let top = 0; // the highest a light ball flew
      for (let i = 0; i < 900; i++) {
        demo.stepOnce();
        lo = Math.min(lo, angle());
        hi = Math.max(hi, angle());
        for (let k = 0; k < 3; k++) top = Math.max(top, b.y[k]);
      }
      let asleep = 0;
      for (let i = 0; i < b.slotCount; i++) if (b.alive(i) && !b.awake(i)) asleep++;
      return { a0, lo, hi, top, asleep, live: b.live, heavy: b.radius[3] };
    });
    assert.equal(r.heavy, 0.5, 'slot 3 is the weight');
    assert.ok(Math.abs(r.a0 - 0.3) < 1e-3, `starts down on the left: ${r.a0}`);
    assert.ok(r.lo < -0.29, `the weight swings it to the other limit: ${r.lo}`);
    assert.ok(r.lo >= -0.3 - 1e-4 && r.hi <= 0.3 + 1e-4, `never past its limits: ${r.lo} … ${r.hi}`);
    assert.ok(r.top > 5, `a light ball was thrown up to y = ${r.top.toFixed(2)} (it started near 1)`);
    assert.equal(r.asleep, r.live, `every ball asleep after 15 s: ${r.asleep} of ${r.live}`);
    await frames(page, 2);
    const shown = await readout(page, 'board');
    const angle = await page.evaluate(() => window.__capsule2dPage.demos.playground.world.kinematic(window.__capsule2dPage.demos.playground.built.board).angle);
    assert.equal(shown, `${angle.toFixed(3).replace('-', '\u2212')} rad`, 'the readout shows the board angle from the world');
    assert.equal(await readout(page, 'balls'), `0 / ${r.live}`);
    await shot(page, 'desktop-playground-teeter-rest', sel);
    // A click drops a ball; it lands on the board and tips it back.
    const at = await client(page, D, -3, 8);
    const before = await page.evaluate(() => window.__capsule2dPage.demos.playground.world.balls.live);
    await page.mouse.click(at.x, at.y);
    assert.equal(await page.evaluate(() => window.__capsule2dPage.demos.playground.world.balls.live), before + 1);
    const tipped = await run(page, 120, (demo) => demo.world.kinematic(demo.built.board).angle);
    assert.ok(tipped > 0, `the dropped ball tips the board to the left: ${tipped}`);
    assert.deepEqual(browser.problems, []);
  });

  it('pinball: the keys work the flippers while the table has focus, and a flipper flicks a ball up', async () => {
    await scene(page, 'pinball');
    assert.equal(await page.locator(`${sel} .keys`).isVisible(), true, 'the keys are explained beside the table');
    assert.equal(await page.locator(`${sel} button[name="drop"]`).textContent(), 'Launch a ball');
    assert.deepEqual(await flippers(page), [-0.45, -0.45].map((a) => Math.fround(a)));
    await page.focus(`${sel} canvas`);
    const y0 = await page.evaluate(() => scrollY);
    // Left: the arrow, held for 6 steps, lifts it to 0.45 (24 rad/s); released, it falls back.
    await page.keyboard.down('ArrowLeft');
    await run(page, 6);
    let [l, r] = await flippers(page);
    assert.ok(Math.abs(l - 0.45) < 1e-4 && Math.abs(r + 0.45) < 1e-4, `left up, right down: ${l}, ${r}`);
    await frames(page, 2);
    assert.match(await readout(page, 'flippers'), /^0\.45 \/ −0\.45 rad$/);
    await page.keyboard.up('ArrowLeft');
    await run(page, 8);
    [l, r] = await flippers(page);
    assert.ok(Math.abs(l + 0.45) < 1e-4, `left back at rest: ${l}`);
    // Right: "/" and the arrow.
    for (const key of ['/', 'ArrowRight']) {
      await page.keyboard.down(key);
      await run(page, 6);
      [l, r] = await flippers(page);
      assert.ok(Math.abs(r - 0.45) < 1e-4 && Math.abs(l + 0.45) < 1e-4, `${key}: right up: ${l}, ${r}`);
      await page.keyboard.up(key);
      await run(page, 8);
    }
    // Z too; and none of these keys scrolled the page.
    await page.keyboard.down('z');
    await run(page, 6);
    assert.ok(Math.abs((await flippers(page))[0] - 0.45) < 1e-4, 'z lifts the left flipper');
    await page.keyboard.up('z');
    await run(page, 8);
    await page.keyboard.press('ArrowDown'); // launches (and must not scroll)
    await page.keyboard.press(' ');
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => scrollY), y0, 'the keys did not scroll the page');
    // A ball on the resting left flipper: a flip throws it up the table.
    const flick = await run(page, 0, (demo) => {
      const { world } = demo;
      const s = world.slotOf(world.addBall(-1.15, 1.2, 0.25, { restitution: 0.2, friction: 0.3 }));
      for (let i = 0; i < 3; i++) demo.stepOnce();
      const before = { y: world.balls.y[s], vy: world.balls.vy[s] };
      demo.state.input.left = true; // as the key sets it
      let top = before.y;
      let vy = 0;
      for (let i = 0; i < 40; i++) {
        demo.stepOnce();
        top = Math.max(top, world.balls.y[s]);
        vy = Math.max(vy, world.balls.vy[s]);
      }
      demo.state.input.left = false;
      return { before, top, vy };
    });
    assert.ok(flick.before.vy < 1, `the ball sat on the flipper: ${JSON.stringify(flick.before)}`);
    assert.ok(flick.vy > 8, `the flip throws it at ${flick.vy.toFixed(1)} units/s`);
    assert.ok(flick.top > 5, `up the table to y = ${flick.top.toFixed(2)}`);
    // Elsewhere the keys are the page's: off the table, the arrow scrolls.
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(400);
    assert.ok((await page.evaluate(() => scrollY)) > y0, 'with the table not focused, ArrowDown scrolls the page');
    await show(page, D);
    assert.deepEqual(browser.problems, []);
  });

  it('pinball: a mouse press on either half holds that flipper up (no ball dropped); the plunger launches; drains are counted', async () => {
    await scene(page, 'pinball');
    await show(page, D);
    const live0 = await page.evaluate(() => window.__capsule2dPage.demos.playground.world.balls.live);
    const box = await page.locator(`${sel} canvas`).boundingBox();
    for (const [side, fx] of [[0, 0.3], [1, 0.7]]) {
      await page.mouse.move(box.x + box.width * fx, box.y + box.height * 0.5);
      await page.mouse.down();
      let up;
      try {
        await run(page, 6);
        up = await flippers(page);
      } finally {
        await page.mouse.up(); // never left pressed for the next test
      }
      assert.ok(Math.abs(up[side] - 0.45) < 1e-4 && Math.abs(up[1 - side] + 0.45) < 1e-4, `press on ${side ? 'right' : 'left'} half: ${up}`);
      await run(page, 8);
      const down = await flippers(page);
      assert.ok(Math.abs(down[side] + 0.45) < 1e-4, `released: ${down}`);
    }
    assert.equal(await page.evaluate(() => window.__capsule2dPage.demos.playground.world.balls.live), live0, 'a press drops no ball in pinball');
    // The Launch button: the plunger sends the waiting ball up its lane and round the top.
    const launched = await page.evaluate(() => {
      const demo = window.__capsule2dPage.demos.playground;
      const b = demo.world.balls;
      let s = -1;
      for (let i = 0; i < b.slotCount; i++) if (b.alive(i) && b.x[i] > 4.8) s = i;
      return s;
    });
    assert.ok(launched >= 0, 'a ball waits on the plunger');
    await page.click(`${sel} button[name="drop"]`);
    const path = await run(page, 0, (demo) => {
      const b = demo.world.balls;
      let s = -1;
      for (let i = 0; i < b.slotCount; i++) if (b.alive(i) && b.x[i] > 4.8) s = i;
      let top = 0;
      let left = 99;
      for (let i = 0; i < 90; i++) {
        demo.stepOnce();
        top = Math.max(top, b.y[s]);
        left = Math.min(left, b.x[s]);
      }
      return { top, left };
    });
    assert.ok(path.top > 11 && path.left < 4, `up the lane and round the top into the table: ${JSON.stringify(path)}`);
    // Left alone, balls drain; each is counted and a new one waits on the plunger.
    const drained = await run(page, 1800, (demo) => {
      const b = demo.world.balls;
      let waiting = 0;
      for (let i = 0; i < b.slotCount; i++) if (b.alive(i) && b.x[i] > 4.8 && b.y[i] < 0.5) waiting++;
      return { drained: demo.built.drained, waiting, live: b.live };
    });
    assert.ok(drained.drained >= 2, `${drained.drained} balls drained`);
    assert.equal(drained.waiting, 1, 'one ball waits on the plunger');
    await frames(page, 2);
    assert.equal(await readout(page, 'drained'), String(drained.drained));
    await shot(page, 'desktop-playground-pinball', sel);
    assert.deepEqual(browser.problems, []);
  });

  it('marble track: marbles roll down the straight chain with no bump, round the bank, along the wavy run, and settle in the bowl', async () => {
    await scene(page, 'marble');
    assert.ok(Number(await readout(page, 'pieces')) > 100, 'the track is over a hundred chain pieces');
    const r = await run(page, 0, (demo) => {
      const b = demo.world.balls;
      // The straight run goes from (−7.6, 9) to (5.6, 6.6): its normal, and the centre line of a marble on it.
      const dx = 13.2;
      const dy = -2.4;
      const len = Math.hypot(dx, dy);
      const nx = -dy / len;
      const ny = dx / len;
      const alone = (k) => {
        for (let j = 0; j < 6; j++) if (j !== k && Math.hypot(b.x[j] - b.x[k], b.y[j] - b.y[k]) < 0.65) return false;
        return true;
      };
      let bump = 0; // the largest speed across the run of a marble rolling on it (touching no other marble)
      let onRun = 0;
      let passed = 0;
      for (let i = 0; i < 1500; i++) {
        demo.stepOnce();
        for (let k = 0; k < 6; k++) {
          const h = (b.x[k] + 7.6) * nx + (b.y[k] - 9) * ny; // height of the centre above the run's core
          if (i > 60 && b.x[k] > -7 && b.x[k] < 5 && Math.abs(h - 0.38) < 0.02 && alone(k)) {
            bump = Math.max(bump, Math.abs(b.vx[k] * nx + b.vy[k] * ny));
            onRun++;
          }
          if (i === 600 && b.x[k] < 7.5 && b.y[k] < 4) passed++;
        }
      }
      let asleep = 0;
      let inBowl = 0;
      for (let k = 0; k < b.slotCount; k++) {
        if (b.alive(k) && !b.awake(k)) asleep++;
        if (b.alive(k) && b.y[k] < 1.6 && Math.abs(b.x[k]) < 6) inBowl++;
      }
      return { bump, onRun, passed, asleep, inBowl, live: b.live };
    });
    console.log(`# marble track: largest speed across the straight run ${r.bump.toExponential(2)} units/s over ${r.onRun} ball-steps`);
    assert.ok(r.onRun > 500, `marbles rolled on the straight run (${r.onRun} ball-steps)`);
    assert.ok(r.bump < 0.02, `no bump at the joints: ${r.bump} units/s across the run`);
    assert.ok(r.passed >= 4, `${r.passed} marbles past the bank after 10 s`);
    assert.equal(r.inBowl, r.live, `all ${r.live} in the bowl`);
    assert.equal(r.asleep, r.live, `all asleep after 25 s: ${r.asleep}`);
    await frames(page, 2);
    await shot(page, 'desktop-playground-marble-rest', sel);
    assert.deepEqual(browser.problems, []);
  });

  it('each new scene: play, pause, single step and reset, and the readout follows', async () => {
    for (const name of ['teeter', 'pinball', 'marble']) {
      await scene(page, name);
      const first = await page.evaluate(() => window.__capsule2dPage.demos.playground.world.stateHash());
      assert.equal(await readout(page, 'steps'), '0');
      assert.equal(await readout(page, 'ms'), '—');
      await page.click(`${sel} button[name="play"]`);
      await page.waitForFunction(() => window.__capsule2dPage.demos.playground.state.steps > 20);
      await page.click(`${sel} button[name="play"]`);
      const paused = await steps(page);
      await page.waitForTimeout(300);
      assert.equal(await steps(page), paused, `${name}: paused`);
      await page.click(`${sel} button[name="step"]`);
      assert.equal(await steps(page), paused + 1, `${name}: one step`);
      assert.equal(await readout(page, 'steps'), String(paused + 1));
      assert.match(await readout(page, 'ms'), /^(\d+\.\d\d|< 0\.01)$/, 'ms per step (a few balls take microseconds)');
      assert.match(await readout(page, 'balls'), /^\d+ \/ \d+$/);
      assert.notEqual(await page.evaluate(() => window.__capsule2dPage.demos.playground.world.stateHash()), first, `${name}: balls moved`);
      const rows = await page.evaluate(() => [...document.querySelectorAll('[data-demo="playground"] .readout .row')]
        .filter((row) => !row.hidden).map((row) => row.querySelector('.value').dataset.key));
      const own = { teeter: ['board'], pinball: ['flippers', 'drained'], marble: ['pieces'] }[name];
      for (const k of own) assert.ok(rows.includes(k), `${name} shows ${k}`);
      assert.ok(!rows.includes('hits'), `${name} hides the fast balls' rows`);
      // Contact normals draw for this scene too.
      await page.click(`${sel} input[name="contacts"]`);
      await frames(page, 2);
      await page.click(`${sel} input[name="contacts"]`);
      await page.click(`${sel} button[name="reset"]`);
      assert.equal(await steps(page), 0, `${name}: reset`);
      assert.equal(await page.evaluate(() => window.__capsule2dPage.demos.playground.world.stateHash()), first, `${name}: reset rebuilds the same scene`);
      assert.equal(await readout(page, 'steps'), '0');
    }
    await page.check(`${sel} input[name="scene"][value="plinko"]`);
    assert.equal(await page.locator(`${sel} .keys`).isVisible(), false, 'the pinball keys are only shown for pinball');
    assert.equal(await page.locator(`${sel} button[name="drop"]`).textContent(), 'Drop a ball');
    assert.deepEqual(browser.problems, []);
  });

  it('step and draw times of each new scene (median over 20 runs of 30 steps; 60 draws)', async () => {
    for (const name of ['teeter', 'pinball', 'marble']) {
      await scene(page, name);
      const m = await page.evaluate(async () => {
        const demo = window.__capsule2dPage.demos.playground;
        const step = [];
        const draw = [];
        // The clock is coarse (0.1 ms): steps are timed in runs of 30.
        for (let run = 0; run < 20; run++) {
          demo.state.input.left = run % 2 === 1; // pinball: flip now and then
          const t0 = performance.now();
          for (let i = 0; i < 30; i++) demo.stepOnce();
          step.push((performance.now() - t0) / 30);
          for (let i = 0; i < 3; i++) {
            await new Promise((res) => requestAnimationFrame(res));
            const t1 = performance.now();
            demo.stage.render();
            draw.push(performance.now() - t1);
          }
        }
        demo.state.input.left = false;
        const stat = (a) => {
          const s = [...a].sort((x, y) => x - y);
          return { median: s[s.length >> 1], p95: s[Math.floor(s.length * 0.95)] };
        };
        return { step: stat(step), draw: stat(draw), balls: demo.world.balls.live };
      });
      console.log(`# ${name}: ${m.balls} balls, step median ${m.step.median.toFixed(3)} ms (p95 ${m.step.p95.toFixed(3)}), draw median ${m.draw.median.toFixed(2)} ms (p95 ${m.draw.p95.toFixed(2)})`);
      assert.ok(m.step.median < 4, `${name}: ${m.step.median} ms per step`);
    }
  });
});

describe('playground scenes with moving parts on a phone (390 × 844, touch)', { skip }, () => {
  let server;
  before(async () => {
    server = await startDev();
  });
  after(async () => {
    await server?.close();
  });

  it('pinball: a finger on either half holds that flipper up, lifting it lets go; a tap drops no ball; screenshots', async () => {
    const browser = await openPage(server.url, PHONE);
    const { page } = browser;
    try {
      await scene(page, 'pinball');
      await show(page, D); // the canvas in view again (Reset is below it)
      const box = await page.locator(`${sel} canvas`).boundingBox();
      const live0 = await page.evaluate(() => window.__capsule2dPage.demos.playground.world.balls.live);
      const cdp = await page.context().newCDPSession(page);
      for (const [side, fx] of [[0, 0.25], [1, 0.75]]) {
        const at = { x: box.x + box.width * fx, y: box.y + box.height * 0.6 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
        await run(page, 6);
        const up = await flippers(page);
        assert.ok(Math.abs(up[side] - 0.45) < 1e-4 && Math.abs(up[1 - side] + 0.45) < 1e-4, `touch on ${side ? 'right' : 'left'} half: ${up}`);
        await frames(page, 2);
        if (side === 0) {
          // The shot of the whole demo (taller than the phone) scrolls the page: scroll back, so
          // that the lifted finger's tap lands on the canvas and not on a control below it.
          const y = await page.evaluate(() => scrollY);
          await shot(page, 'phone-playground-pinball-flip', sel);
          await page.evaluate((top) => scrollTo(0, top), y);
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await run(page, 8);
        assert.ok(Math.abs((await flippers(page))[side] + 0.45) < 1e-4, 'the finger lifted: back at rest');
      }
      // Both at once (two fingers).
      const two = [{ x: box.x + box.width * 0.2, y: box.y + box.height * 0.6, id: 1 }, { x: box.x + box.width * 0.8, y: box.y + box.height * 0.6, id: 2 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: two });
      await run(page, 6);
      assert.deepEqual((await flippers(page)).map((a) => Math.abs(a - 0.45) < 1e-4), [true, true], 'two fingers, both flippers');
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await run(page, 8);
      assert.equal(await page.evaluate(() => window.__capsule2dPage.demos.playground.world.balls.live), live0, 'the taps dropped no ball');
      // A swipe that starts on the table still scrolls the page, and the flipper it lifted drops back.
      const from = { x: box.x + box.width * 0.25, y: box.y + box.height * 0.8 };
      const sy0 = await page.evaluate(() => scrollY);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
      for (let i = 1; i <= 10; i++) {
        await new Promise((res) => setTimeout(res, 16));
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y - 20 * i }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
      await page.waitForTimeout(400);
      assert.ok((await page.evaluate(() => scrollY)) - sy0 > 100, 'the swipe scrolled the page');
      await run(page, 8);
      assert.ok(Math.abs((await flippers(page))[0] + 0.45) < 1e-4, 'and the flipper is back at rest');
      for (const name of ['teeter', 'pinball', 'marble']) {
        await scene(page, name);
        await run(page, 150);
        await frames(page, 3);
        await shot(page, `phone-playground-${name}`, sel);
      }
      assert.deepEqual(browser.problems, []);
    } finally {
      await browser.close();
    }
  });
});
