// The page's physics, on capsule2d's World, in Chromium: the live scene at
// the top (it steps, balls come to rest in the cup, dragging a ramp moves the
// static, a click or a tap drops a ball, pause), the playground (plinko comes
// to rest, pause / single step / slow motion / reset, the readout changes,
// contact normals, the fast balls never pass the thin wall, an off-screen
// canvas neither steps nor draws, frame times at 2,000 and 10,000 balls),
// prefers-reduced-motion (both start paused), and the "Use it" example run as
// printed on the page. Screenshots go to test-results/page/.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, startDev, openPage, shot, servePage, PHONE } from './harness.js';
import { frames, show, client } from './helpers.js';

const skip = skipReason();

/** Rest count of a demo's world: { slow, asleep, live }. */
function rest(page, demo, speed = 0.05) {
  return page.evaluate(([d, v]) => {
    const w = window.__capsule2dPage.demos[d].world;
    const b = w.balls;
    let slow = 0;
    let asleep = 0;
    for (let i = 0; i < b.slotCount; i++) {
      if (!b.alive(i)) continue;
      if (Math.hypot(b.vx[i], b.vy[i]) < v) slow++;
      if (!b.awake(i)) asleep++;
    }
    return { slow, asleep, live: b.live };
  }, [demo, speed]);
}

const steps = (page, d) => page.evaluate((q) => window.__capsule2dPage.demos[q].state.steps, d);
const readout = (page, d, key) => page.locator(`[data-demo="${d}"] .readout [data-key="${key}"]`).textContent();

/** A client point on a demo's canvas at least 60 px from its handles and 30 px from any ball. */
function emptySpot(page, d) {
  return page.evaluate((q) => {
    const demo = window.__capsule2dPage.demos[q];
    const st = demo.stage;
    const r = st.canvas.getBoundingClientRect();
    const hs = st.handles.map((h) => st.screenOf(h));
    const b = demo.world.balls;
    for (let y = r.height * 0.15; y < r.height * 0.6; y += 7) {
      for (let x = r.width * 0.5; x < r.width - 20; x += 7) {
        if (!hs.every((p) => Math.hypot(p.x - x, p.y - y) >= 60)) continue;
        let clear = true;
        for (let i = 0; i < b.slotCount && clear; i++) {
          if (b.alive(i) && Math.hypot(st.view.sx(b.x[i]) - x, st.view.sy(b.y[i]) - y) < 30) clear = false;
        }
        if (clear) return { x: r.left + x, y: r.top + y };
      }
    }
    return null;
  }, d);
}

describe('physics on the page (desktop 1280 × 800)', { skip }, () => {
  let page;
  let browser;
  const served = servePage({ viewport: { width: 1280, height: 800 } });
  before(() => {
    ({ page, browser } = served);
  });

  it('the live scene is above the fold, runs on the World, and balls come to rest in the cup', async () => {
    const box = await page.locator('[data-demo="hero"] canvas').boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 800, `the live scene is on the first screen: ${JSON.stringify(box)}`);
    const s0 = await steps(page, 'hero');
    await page.waitForFunction(() => window.__capsule2dPage.demos.hero.state.steps > 0, null, { timeout: 5000 });
    await page.waitForTimeout(500);
    assert.ok((await steps(page, 'hero')) > s0, 'it steps');
    const isWorld = await page.evaluate(() => window.__capsule2dPage.demos.hero.world instanceof window.__capsule2dPage.api.World);
    assert.equal(isWorld, true);
    // Balls fall and come to rest: some are asleep in the cup after a while
    // (stepped here directly: the same steps the page runs each frame).
    const slept = await page.evaluate(() => {
      const demo = window.__capsule2dPage.demos.hero;
      const w = demo.world;
      const asleep = () => {
        let n = 0;
        for (let i = 0; i < w.balls.slotCount; i++) if (w.balls.alive(i) && !w.balls.awake(i)) n++;
        return n;
      };
      let k = 0;
      for (; k < 1500 && asleep() < 5; k++) demo.step();
      return { steps: k, asleep: asleep(), doorOpen: demo.state.doorOpen };
    });
    assert.ok(slept.asleep >= 5, `balls asleep in the cup: ${JSON.stringify(slept)}`);
    const r = await rest(page, 'hero');
    assert.ok(r.slow >= 5, `${r.slow} of ${r.live} balls at rest`);
    // The readout: ms per step and the ball count, as the world says.
    const ms = await readout(page, 'hero', 'ms');
    assert.match(ms, /^\d+\.\d\d$/);
    await page.evaluate(() => window.__capsule2dPage.demos.hero.setRunning(false));
    await frames(page, 2);
    const shown = Number(await readout(page, 'hero', 'balls'));
    const live = await page.evaluate(() => window.__capsule2dPage.demos.hero.world.balls.live);
    assert.equal(shown, live, 'the readout shows the live balls');
    assert.equal(Number(await readout(page, 'hero', 'asleep')), (await rest(page, 'hero')).asleep);
    await page.evaluate(() => window.__capsule2dPage.demos.hero.setRunning(true));
    await shot(page, 'desktop-hero', '[data-demo="hero"]');
    // The cup's bottom opens now and then: the pile wakes and pours out of view, then it shuts.
    const cyc = await page.evaluate(() => {
      const demo = window.__capsule2dPage.demos.hero;
      demo.setRunning(false);
      const o0 = demo.state.openings;
      const r0 = demo.state.removed;
      let statics = null;
      for (let i = 0; i < 2000 && demo.state.openings === o0; i++) demo.step();
      statics = demo.world.statics().length;
      for (let i = 0; i < 200; i++) demo.step();
      demo.setRunning(true);
      return { opened: demo.state.openings - o0, removed: demo.state.removed - r0, whileOpen: statics, after: demo.world.statics().length };
    });
    assert.equal(cyc.opened, 1);
    assert.equal(cyc.whileOpen, 4, 'the bottom is gone while open');
    assert.equal(cyc.after, 5, 'and back after');
    assert.ok(cyc.removed >= 10, `${cyc.removed} balls poured out`);
  });

  it('the live scene: dragging ramp 1 moves its capsule in the world; a click drops a ball; pause stops it', async () => {
    const d = 'hero';
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click(`[data-demo="${d}"] button[name="play"]`); // pause
    let st = await page.evaluate(() => window.__capsule2dPage.demos.hero.state.running);
    assert.equal(st, false);
    const n0 = await steps(page, d);
    await page.waitForTimeout(300);
    assert.equal(await steps(page, d), n0, 'paused: no steps');
    // Drag ramp 1 by its handle.
    const part = await page.evaluate(() => ({ ...window.__capsule2dPage.demos.hero.state.parts[0], handles: null }));
    const a = await client(page, d, part.x, part.y);
    const b = await client(page, d, part.x + 1, part.y - 1);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 6 });
    await page.mouse.up();
    await frames(page);
    const moved = await page.evaluate(() => {
      const demo = window.__capsule2dPage.demos.hero;
      const p = demo.state.parts[0];
      return { x: p.x, y: p.y, statics: demo.world.statics().map((s) => [s.ax, s.ay, s.bx, s.by]) };
    });
    assert.ok(Math.abs(moved.x - (part.x + 1)) < 0.05 && Math.abs(moved.y - (part.y - 1)) < 0.05, `ramp at ${moved.x}, ${moved.y}`);
    const [ax, ay, bx, by] = part.caps[0];
    assert.ok(moved.statics.some((s) => Math.abs(s[0] - (moved.x + ax)) < 1e-4 && Math.abs(s[1] - (moved.y + ay)) < 1e-4
      && Math.abs(s[2] - (moved.x + bx)) < 1e-4 && Math.abs(s[3] - (moved.y + by)) < 1e-4), 'the world has the capsule at its new place');
    // A click off the handles drops one ball there.
    const at = await emptySpot(page, d);
    assert.ok(at, 'an empty spot');
    const before = await page.evaluate(() => ({ live: window.__capsule2dPage.demos.hero.world.balls.live, dropped: window.__capsule2dPage.demos.hero.state.dropped }));
    await page.mouse.click(at.x, at.y);
    await frames(page);
    const after = await page.evaluate(() => ({ live: window.__capsule2dPage.demos.hero.world.balls.live, dropped: window.__capsule2dPage.demos.hero.state.dropped }));
    assert.equal(after.dropped, before.dropped + 1);
    assert.equal(after.live, before.live + 1);
    assert.equal(await page.evaluate(() => document.getElementById('announcer').textContent.trim().startsWith('Ball dropped')), true);
    await page.click(`[data-demo="${d}"] button[name="play"]`); // play again
    st = await page.evaluate(() => window.__capsule2dPage.demos.hero.state.running);
    assert.equal(st, true);
  });

  it('the playground: plinko balls fall through the pegs and come to rest', async () => {
    const d = 'playground';
    await show(page, d);
    // 500 balls, then 1,200 steps (20 s) run directly (paused, so the test does not wait for frames).
    await page.locator(`[data-demo="${d}"] input[name="count"]`).fill('500');
    await page.click(`[data-demo="${d}"] button[name="play"]`);
    const r = await page.evaluate(() => {
      const demo = window.__capsule2dPage.demos.playground;
      demo.build(); // from step 0: the same run every time
      const y0 = Math.max(...Array.from(demo.world.balls.y.subarray(0, demo.world.balls.slotCount)));
      for (let i = 0; i < 1200; i++) demo.stepOnce();
      const b = demo.world.balls;
      let binned = 0;
      for (let i = 0; i < b.slotCount; i++) if (b.y[i] < -4) binned++;
      return { n: demo.state.count, live: b.live, y0, binned };
    });
    assert.equal(r.n, 500);
    assert.equal(r.live, 500);
    assert.ok(r.y0 > 12.5, `the balls start above the box (${r.y0})`);
    assert.ok(r.binned >= 0.9 * r.live, `${r.binned} of ${r.live} fell through the pegs into the bins (a few may rest on a peg)`);
    const rr = await rest(page, d);
    assert.ok(rr.slow >= 0.9 * rr.live, `${rr.slow} of ${rr.live} at rest`);
    assert.ok(rr.asleep >= 0.3 * rr.live, `${rr.asleep} of ${rr.live} asleep (whole piles sleep together)`);
    await frames(page, 2);
    await shot(page, 'desktop-playground-plinko-rest', `[data-demo="${d}"]`);
  });

  it('the playground: pause, single step, slow motion, reset; the readout follows; contact normals', async () => {
    const d = 'playground';
    await show(page, d);
    await page.click(`[data-demo="${d}"] button[name="reset"]`);
    assert.equal(await steps(page, d), 0);
    assert.equal(await readout(page, d, 'steps'), '0');
    // Play, then pause: steps stop.
    await page.click(`[data-demo="${d}"] button[name="play"]`);
    await page.waitForFunction(() => window.__capsule2dPage.demos.playground.state.steps > 20);
    await page.click(`[data-demo="${d}"] button[name="play"]`);
    const paused = await steps(page, d);
    await page.waitForTimeout(300);
    assert.equal(await steps(page, d), paused, 'paused');
    // Single step: exactly one, and the readout says so.
    const ms0 = await readout(page, d, 'steps');
    await page.click(`[data-demo="${d}"] button[name="step"]`);
    assert.equal(await steps(page, d), paused + 1);
    assert.equal(await readout(page, d, 'steps'), String(paused + 1));
    assert.notEqual(await readout(page, d, 'steps'), ms0);
    assert.match(await readout(page, d, 'ms'), /^\d+\.\d\d$/);
    assert.match(await readout(page, d, 'balls'), /^\d+ \/ \d+$/);
    // Slow motion: about a quarter of the steps per second.
    const rate = async () => {
      const s0 = await steps(page, d);
      const t0 = Date.now();
      await page.waitForTimeout(1000);
      return (await steps(page, d) - s0) / ((Date.now() - t0) / 1000);
    };
    await page.click(`[data-demo="${d}"] button[name="play"]`);
    const full = await rate();
    await page.click(`[data-demo="${d}"] input[name="slow"]`);
    const slow = await rate();
    await page.click(`[data-demo="${d}"] input[name="slow"]`);
    console.log(`# playground: ${full.toFixed(0)} steps/s at full speed, ${slow.toFixed(0)} in slow motion`);
    assert.ok(slow < full * 0.5 && slow > 3, `slow motion ${slow.toFixed(1)} vs ${full.toFixed(1)} steps/s`);
    // Contact normals: drawWorld's option; the red marks appear.
    await page.click(`[data-demo="${d}"] button[name="play"]`);
    await page.click(`[data-demo="${d}"] input[name="contacts"]`);
    await frames(page, 2);
    assert.equal(await page.evaluate(() => window.__capsule2dPage.demos.playground.state.contacts), true);
    assert.ok(Number(await readout(page, d, 'contacts')) > 0);
    await shot(page, 'desktop-playground-contacts', `[data-demo="${d}"]`);
    await page.click(`[data-demo="${d}"] input[name="contacts"]`);
    // Reset: back to step 0 with the balls above the box again.
    await page.click(`[data-demo="${d}"] button[name="reset"]`);
    assert.equal(await steps(page, d), 0);
    const low = await page.evaluate(() => {
      const b = window.__capsule2dPage.demos.playground.world.balls;
      return Math.min(...Array.from(b.y.subarray(0, b.slotCount)));
    });
    assert.ok(low > 12.5, `every ball is above the box after a reset (lowest ${low})`);
    // A click drops a ball.
    const live0 = await page.evaluate(() => window.__capsule2dPage.demos.playground.world.balls.live);
    const at = await emptySpot(page, d);
    await page.mouse.click(at.x, at.y);
    assert.equal(await page.evaluate(() => window.__capsule2dPage.demos.playground.world.balls.live), live0 + 1);
    await page.click(`[data-demo="${d}"] button[name="drop"]`);
    assert.equal(await page.evaluate(() => window.__capsule2dPage.demos.playground.world.balls.live), live0 + 2, 'the Drop button drops one too');
  });

  it('the playground: fast balls at up to 3,000 units/s hit the thin wall and never pass it', async () => {
    const d = 'playground';
    await show(page, d);
    await page.check(`[data-demo="${d}"] input[name="scene"][value="fast"]`);
    const r = await page.evaluate(() => {
      const demo = window.__capsule2dPage.demos.playground;
      demo.setRunning(false);
      for (let i = 0; i < 600; i++) demo.stepOnce();
      const b = demo.world.balls;
      return { passed: demo.state.passed, hits: demo.state.wallHits, xs: Array.from(b.x.subarray(0, b.slotCount)) };
    });
    assert.equal(r.passed, 0);
    assert.ok(r.xs.every((x) => x < 0), `every ball on the near side: ${r.xs}`);
    assert.ok(r.hits >= 20, `${r.hits} hits on the wall`);
    await frames(page, 2);
    assert.equal(await readout(page, d, 'passed'), '0');
    assert.equal(await readout(page, d, 'hits'), String(r.hits), 'the readout shows the hits');
    assert.equal(await page.locator(`[data-demo="${d}"] input[name="count"]`).isVisible(), false, 'no ball-count slider for this scene');
    await shot(page, 'desktop-playground-fast', `[data-demo="${d}"]`);
    await page.check(`[data-demo="${d}"] input[name="scene"][value="plinko"]`);
  });

  it('off screen, the playground neither steps nor draws', async () => {
    const d = 'playground';
    await show(page, d);
    await page.evaluate(() => window.__capsule2dPage.demos.playground.setRunning(true));
    await page.waitForFunction(() => window.__capsule2dPage.demos.playground.state.steps > 5);
    await page.evaluate(() => window.scrollTo(0, 0));
    await frames(page, 3);
    const a = await page.evaluate(() => ({ s: window.__capsule2dPage.demos.playground.state.steps, f: window.__capsule2dPage.demos.playground.stage.frame }));
    await page.waitForTimeout(600);
    const b = await page.evaluate(() => ({ s: window.__capsule2dPage.demos.playground.state.steps, f: window.__capsule2dPage.demos.playground.stage.frame }));
    assert.deepEqual(b, a, 'no steps and no draws while off screen');
    await show(page, d);
    await page.waitForFunction((s) => window.__capsule2dPage.demos.playground.state.steps > s, a.s);
  });

  it('frame times of plinko at 2,000 and 10,000 balls (step + draw, 120 frames)', async () => {
    const d = 'playground';
    await show(page, d);
    const results = [];
    for (const n of [2000, 10000]) {
      await page.locator(`[data-demo="${d}"] input[name="count"]`).fill(String(n));
      const m = await page.evaluate(async () => {
        const demo = window.__capsule2dPage.demos.playground;
        demo.setRunning(false);
        for (let i = 0; i < 60; i++) demo.stepOnce(); // the shower reaches the pegs
        const step = [];
        const draw = [];
        const frame = [];
        let last = 0;
        for (let i = 0; i < 120; i++) {
          const now = await new Promise((res) => requestAnimationFrame(res));
          if (last) frame.push(now - last);
          last = now;
          const t0 = performance.now();
          demo.stepOnce();
          const t1 = performance.now();
          demo.stage.render();
          draw.push(performance.now() - t1);
          step.push(t1 - t0);
        }
        const stat = (a) => {
          const s = [...a].sort((x, y) => x - y);
          return { mean: a.reduce((x, y) => x + y, 0) / a.length, median: s[s.length >> 1], p95: s[Math.floor(s.length * 0.95)] };
        };
        return { step: stat(step), draw: stat(draw), frame: stat(frame), live: demo.world.balls.live };
      });
      results.push({ n, ...m });
      const f = (s) => `mean ${s.mean.toFixed(2)}, median ${s.median.toFixed(2)}, p95 ${s.p95.toFixed(2)} ms`;
      console.log(`# plinko ${n} balls: step ${f(m.step)}; draw ${f(m.draw)}; frame interval ${f(m.frame)}`);
      assert.equal(m.live, n);
    }
    await page.locator(`[data-demo="${d}"] input[name="count"]`).fill('2000');
    assert.deepEqual(browser.problems, []);
  });

  it('"Use it": the example printed on the page runs as written (init, a world, a ball, steps, a draw)', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const r = await page.evaluate(async () => {
      const code = document.getElementById('use-example').textContent;
      const canvas = document.createElement('canvas');
      canvas.width = 600;
      canvas.height = 400;
      canvas.id = 'use-test';
      document.body.prepend(canvas); // the example draws on the first canvas of the page
      const body = code.replace(/^import \{([^}]+)\} from 'capsule2d';$/m, 'const {$1} = window.__capsule2dPage.api;');
      if (body === code) throw new Error('the example does not start with its import line');
      const AsyncFunction = (async () => {}).constructor;
      const run = new AsyncFunction(`${body}\nreturn { world, ball };`);
      const { world, ball } = await run();
      const i = world.slotOf(ball);
      const y0 = world.balls.y[i];
      await new Promise((res) => setTimeout(res, 800));
      const y1 = world.balls.y[i];
      // Something was drawn: the ball's colour somewhere on the canvas.
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let k = 3; k < data.length; k += 4) if (data[k] > 0) painted++;
      canvas.remove();
      return { y0, y1, painted, steps: world.balls.slotCount };
    });
    assert.ok(r.y1 < r.y0, `the ball fell: ${r.y0} → ${r.y1}`);
    assert.ok(r.painted > 500, `${r.painted} pixels drawn`);
    // The install line and the links, at the top and in the footer.
    const info = await page.evaluate(() => [...document.querySelectorAll('.use-it')].map((u) => ({
      footer: !!u.closest('footer'),
      install: u.querySelector('.install')?.textContent,
      links: [...u.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      example: u.querySelector('pre code:not(.install code)')?.textContent.includes('drawWorld(ctx, world'),
    })));
    assert.equal(info.length, 2, 'one near the top, one in the footer');
    assert.equal(info.filter((u) => u.footer).length, 1);
    for (const u of info) {
      assert.equal(u.install, 'npm install capsule2d');
      assert.ok(u.links.some((h) => /readme/i.test(h)) && u.links.some((h) => /\.d\.ts$/.test(h)), JSON.stringify(u.links));
      assert.ok(u.links.every((h) => !/npmjs|unpkg/.test(h)), `no link to an unpublished package's page: ${u.links}`);
      assert.equal(u.example, true);
    }
    // Every link answers with the file it names, served with the page (the
    // dev server would answer an unknown path with the page itself: 200, HTML).
    const hrefs = [...new Set(info.flatMap((u) => u.links))];
    const answers = await page.evaluate((list) => Promise.all(list.map(async (h) => {
      const res = await fetch(h);
      const text = await res.text();
      return { h, status: res.status, type: res.headers.get('content-type'), length: text.length, exports: /^export /m.test(text), named: text.includes('capsule2d') };
    })), hrefs);
    for (const a of answers) {
      assert.equal(a.status, 200, a.h);
      assert.match(a.type, /^text\/plain/, `${a.h}: ${a.type}`);
      assert.ok(a.length > 1000, `${a.h}: ${a.length} characters`);
      assert.ok(a.h.endsWith('README.md') ? a.named : a.exports, `${a.h}: the README, or a .d.ts with its exports`);
    }
    assert.deepEqual(browser.problems, []);
  });
});

describe('physics on a phone (390 × 844, touch) and with reduced motion', { skip }, () => {
  let server;
  before(async () => {
    server = await startDev();
  });
  after(async () => {
    await server?.close();
  });

  it('a tap on the live scene drops a ball; a swipe on it scrolls the page', async () => {
    const browser = await openPage(server.url, PHONE);
    const { page } = browser;
    try {
      await page.evaluate(() => window.__capsule2dPage.demos.hero.setRunning(false));
      const at = await emptySpot(page, 'hero');
      const before = await page.evaluate(() => window.__capsule2dPage.demos.hero.world.balls.live);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await frames(page);
      assert.equal(await page.evaluate(() => window.__capsule2dPage.demos.hero.world.balls.live), before + 1, 'a tap drops one ball');
      // A swipe up from the same spot scrolls (no ball is dropped).
      const y0 = await page.evaluate(() => scrollY);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      for (let i = 1; i <= 10; i++) {
        await new Promise((r) => setTimeout(r, 16));
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: at.x, y: at.y - 20 * i }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
      await page.waitForTimeout(400);
      assert.ok((await page.evaluate(() => scrollY)) - y0 > 100, 'the page scrolled');
      assert.equal(await page.evaluate(() => window.__capsule2dPage.demos.hero.world.balls.live), before + 1, 'the swipe dropped nothing');
      await page.evaluate(() => window.scrollTo(0, 0));
      await frames(page, 2);
      await shot(page, 'phone-hero-top');
      await show(page, 'playground');
      await frames(page, 3);
      await shot(page, 'phone-playground', '[data-demo="playground"]');
      assert.deepEqual(browser.problems, []);
    } finally {
      await browser.close();
    }
  });

  it('prefers-reduced-motion: the live scene and the playground start paused', async () => {
    const browser = await openPage(server.url, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const { page } = browser;
    try {
      const r = await page.evaluate(() => ({
        hero: window.__capsule2dPage.demos.hero.state.running,
        playground: window.__capsule2dPage.demos.playground.state.running,
        label: document.querySelector('[data-demo="hero"] button[name="play"]').textContent,
        balls: window.__capsule2dPage.demos.hero.world.balls.live,
      }));
      assert.deepEqual(r, { hero: false, playground: false, label: 'Play', balls: r.balls });
      assert.ok(r.balls > 0, 'the paused scene still shows balls');
      const s0 = await steps(page, 'hero');
      await page.waitForTimeout(400);
      assert.equal(await steps(page, 'hero'), s0);
      assert.deepEqual(browser.problems, []);
    } finally {
      await browser.close();
    }
  });
});
