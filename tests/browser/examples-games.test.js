// The runnable examples (examples/, `npm run examples`): each game is served
// by Vite from examples/vite.config.js (which resolves 'capsule2d' to the
// built dist/), loaded in Chromium and played for a few seconds with keys and
// the pointer; its state (window.game) must change as the game's rules say,
// steps run at a fixed 60 Hz, and nothing is logged as an error or warning.
// Then the production build of the examples, served as static files, loads
// each game. Screenshots: test-results/page/examples-*.png.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { skipReason, startDev, startBuilt, openPage, shot, EXAMPLES_CONFIG } from './harness.js';

const skip = skipReason();
const VIEWPORT = { viewport: { width: 900, height: 960 } };

/** window.game, as a plain copy. */
const game = (page) => page.evaluate(() => ({ ...window.game }));

/** Polls window.game until test(state) holds; returns that state, or throws after ms with the last one. */
async function until(page, test, ms, what) {
  const end = Date.now() + ms;
  let g = await game(page);
  while (!test(g)) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}; game: ${JSON.stringify(g)}`);
    await page.waitForTimeout(50);
    g = await game(page);
  }
  return g;
}

/** The client point of a canvas pixel (the canvas may be scaled by CSS). */
async function clientPoint(page, px, py) {
  const box = await page.locator('canvas').boundingBox();
  const size = await page.evaluate(() => [document.querySelector('canvas').width, document.querySelector('canvas').height]);
  return { x: box.x + (px * box.width) / size[0], y: box.y + (py * box.height) / size[1] };
}

/** RGBA of one canvas pixel (the canvas is cleared each frame: transparent where nothing is drawn). */
const pixel = (page, px, py) => page.evaluate(([x, y]) => {
  const probe = document.createElement('canvas'); // a copy: reading the game's canvas back would slow it (and warn)
  probe.width = probe.height = 1;
  const ctx = probe.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(document.querySelector('canvas'), x, y, 1, 1, 0, 0, 1, 1);
  return [...ctx.getImageData(0, 0, 1, 1).data];
}, [px, py]);

/** Steps taken against wall time over a while: the fixed 60 Hz loop. */
async function rate(page, ms) {
  const a = await page.evaluate(() => [window.game.steps, performance.now()]);
  await page.waitForTimeout(ms);
  const b = await page.evaluate(() => [window.game.steps, performance.now()]);
  return { steps: b[0] - a[0], seconds: (b[1] - a[1]) / 1000 };
}

describe('runnable examples: the games, played in Chromium (dev server)', { skip }, () => {
  let server;
  before(async () => {
    server = await startDev(EXAMPLES_CONFIG);
  });
  after(async () => {
    await server?.close();
  });

  it('pinball: plunger, flippers on keys and pointer, bumpers score, multiball, drain', async (t) => {
    const b = await openPage(`${server.url}pinball/`, VIEWPORT, 'game');
    const { page } = b;
    try {
      let g = await game(page);
      assert.deepEqual([g.score, g.balls, g.ballsLeft, g.hits, g.over], [0, 1, 3, 0, false], 'a fresh game: one ball in the lane');
      const r = await rate(page, 1000);
      t.diagnostic(`steps: ${r.steps} in ${r.seconds.toFixed(2)} s`);
      // (+3: steps owed by a frame just before the window are made inside it)
      assert.ok(r.steps <= 60 * r.seconds + 3, `at most 60 steps a second: ${r.steps} in ${r.seconds} s`);
      assert.ok(r.steps >= 20 * r.seconds, `the loop runs: ${r.steps} in ${r.seconds} s`);

      // Flippers: the left one's up pose covers a pixel its rest pose does not
      // (pivot (-1.6, -5.4), 1 unit along at +0.5 rad; canvas px = 220 + 40x, 440 − 40y).
      const up = [Math.round(220 + 40 * (-1.6 + Math.cos(0.5))), Math.round(440 - 40 * (-5.4 + Math.sin(0.5)) + 4)];
      const rest = [Math.round(220 + 40 * (-1.6 + Math.cos(-0.5))), Math.round(440 - 40 * (-5.4 + Math.sin(-0.5)) + 4)];
      const orange = (p) => p[3] > 200 && p[0] > 150 && p[2] < 90;
      assert.ok(orange(await pixel(page, ...rest)) && !orange(await pixel(page, ...up)), 'the left flipper at rest');
      await page.keyboard.down('ArrowLeft');
      await page.waitForTimeout(250);
      assert.ok(orange(await pixel(page, ...up)) && !orange(await pixel(page, ...rest)), 'ArrowLeft: the left flipper is up');
      await shot(page, 'examples-pinball-flipper-up', 'canvas');
      await page.keyboard.up('ArrowLeft');
      await page.waitForTimeout(250);
      assert.ok(orange(await pixel(page, ...rest)), 'released: back at rest');
      const left = await clientPoint(page, 60, 400);
      await page.mouse.move(left.x, left.y);
      await page.mouse.down();
      await page.waitForTimeout(250);
      assert.ok(orange(await pixel(page, ...up)), 'a press on the left half: the left flipper is up');
      await page.mouse.up();
      await page.waitForTimeout(250);
      assert.ok(orange(await pixel(page, ...rest)), 'pointer up: back at rest');

      // The plunger: hold Space (it draws back), release: the ball goes up the lane and into the bumpers.
      await page.keyboard.down(' ');
      await page.waitForTimeout(900);
      await page.keyboard.up(' ');
      const flip = setInterval(() => {
        page.keyboard.down('z').then(() => page.keyboard.down('m'))
          .then(() => page.waitForTimeout(120))
          .then(() => page.keyboard.up('z')).then(() => page.keyboard.up('m'))
          .catch(() => {});
      }, 500);
      try {
        g = await until(page, (s) => s.hits > 0 && s.score >= 100, 20000, 'a bumper hit');
      } finally {
        clearInterval(flip);
      }
      t.diagnostic(`after the launch: ${JSON.stringify(g)}`);
      assert.ok(g.score >= 100 && g.hits >= 1, 'hit events scored');
      await shot(page, 'examples-pinball', 'canvas');

      // Multiball at 1,500 points: a second ball joins from the top.
      await page.evaluate(() => { window.game.score = 1500; });
      g = await until(page, (s) => s.most >= 2, 2000, 'multiball');
      assert.ok(g.balls >= 2 && g.most >= 2, `multiball: ${JSON.stringify(g)}`);
      // Hands off: the balls drain through the sensor, are removed, and the next ball is served.
      g = await until(page, (s) => s.drained >= 1, 30000, 'a drained ball');
      assert.ok(g.drained >= 1);
      g = await until(page, (s) => s.ballsLeft <= 2 || s.over, 45000, 'the next ball');
      t.diagnostic(`drained: ${JSON.stringify(g)}`);
      assert.equal(g.balls, g.over ? 0 : 1, 'the next ball is in the lane');
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
    }
  });

  it('plinko: clicks drop balls, bin sensors count them and score their points', async (t) => {
    const b = await openPage(`${server.url}plinko/`, VIEWPORT, 'game');
    const { page } = b;
    try {
      let g = await game(page);
      assert.deepEqual([g.score, g.balls, g.dropped], [0, 0, 0]);
      for (let i = 0; i < 8; i++) {
        const p = await clientPoint(page, 60 + i * 50, 60);
        await page.mouse.click(p.x, p.y);
        await page.waitForTimeout(100);
      }
      await page.keyboard.press(' ');
      g = await until(page, (s) => s.dropped === 9, 2000, 'nine drops');
      assert.ok(g.balls >= 1);
      await page.waitForTimeout(1200);
      await shot(page, 'examples-plinko-falling', 'canvas');
      g = await until(page, (s) => s.binned === 9, 30000, 'every ball in a bin');
      t.diagnostic(`plinko: ${JSON.stringify(g)}`);
      assert.equal(g.balls, 0, 'each ball is removed once counted');
      assert.equal(g.bins.reduce((a, n) => a + n, 0), 9, 'every ball counted once');
      assert.equal(g.score, g.bins.reduce((a, n, k) => a + n * g.points[k], 0), 'the score is the bins\' points');
      assert.ok(g.score >= 45, 'at least 5 points a ball');
      await shot(page, 'examples-plinko', 'canvas');
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
    }
  });

  it('merge: two same-size fruits dropped at one spot merge; a pile merges; the line ends the game', async (t) => {
    const b = await openPage(`${server.url}merge/`, VIEWPORT, 'game');
    const { page } = b;
    try {
      const at = await clientPoint(page, 240, 60); // x = 0, above the box
      // Drops are 30 steps apart at least: wait for them before each click.
      const drop = async () => {
        const before = await game(page);
        await page.waitForFunction(() => window.game.over || window.game.steps >= 31 + (window.__lastDropStep ?? -31), null, { timeout: 5000 });
        // The drop's step lies between the step count just before the click (__clickStep: no
        // later than the drop) and the one seen after it (__lastDropStep: no earlier; the next
        // drop waits for its cooldown from there). Under load the two can be many steps apart.
        const clickStep = await page.evaluate(() => window.game.steps);
        await page.mouse.click(at.x, at.y);
        const after = await until(page, (s) => s.drops === before.drops + 1 || s.over, 2000, 'the drop');
        await page.evaluate((c) => { window.__lastDropStep = window.game.steps; window.__clickStep = c; }, clickStep);
        return { tier: before.next, after };
      };
      let g = await game(page);
      assert.deepEqual([g.score, g.balls, g.merges, g.next], [0, 0, 0, 0], 'a fresh game; the first fruit is the smallest');
      const first = await drop();
      const second = await drop();
      assert.deepEqual([first.tier, second.tier], [0, 0], 'the seeded deal starts with two of the smallest');
      g = await until(page, (s) => s.merges === 1, 5000, 'the first merge');
      assert.deepEqual([g.balls, g.score, g.biggest], [1, 3, 1], 'two smallest made one of tier 1 (3 points)');
      await page.waitForTimeout(500);
      assert.equal((await game(page)).balls, 1);
      // A pile at one spot: every removal pair makes one ball (balls = drops − merges).
      for (let i = 0; i < 8; i++) await drop();
      await page.waitForTimeout(1500);
      g = await game(page);
      t.diagnostic(`merge after 10 drops: ${JSON.stringify(g)}`);
      assert.equal(g.drops, 10);
      assert.ok(g.merges >= 2, `merges: ${g.merges}`);
      assert.equal(g.balls, g.drops - g.merges, 'each merge removed two fruits and added one');
      assert.ok(g.score > 3 && g.biggest >= 2);
      await shot(page, 'examples-merge', 'canvas');
      // The line: with gravity off (the world's own setGravity, from the console), a fruit
      // dropped above the line stays there; 1.5 s later the game is over and stops.
      await page.evaluate(() => window.game.world.setGravity(0, 0));
      await drop();
      g = await until(page, (s) => s.over, 5000, 'game over');
      assert.ok(g.steps - (await page.evaluate(() => window.__clickStep)) >= 90, 'not before the fruit had 1.5 s');
      const frozen = g.steps;
      await page.waitForTimeout(300);
      assert.equal((await game(page)).steps, frozen, 'game over: no more steps');
      await shot(page, 'examples-merge-over', 'canvas');
      await page.mouse.click(at.x, at.y); // too soon: a click within a second of the end does nothing
      assert.equal((await game(page)).over, true);
      await page.waitForTimeout(1100);
      await page.mouse.click(at.x, at.y);
      g = await until(page, (s) => !s.over, 2000, 'a new game');
      assert.deepEqual([g.score, g.balls], [0, 0], 'a click starts again');
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
    }
  });

  it('the chooser page links the three games, and each opens', async () => {
    const b = await openPage(`${server.url}plinko/`, VIEWPORT, 'game');
    const { page } = b;
    try {
      await page.goto(server.url);
      const links = await page.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(links, ['./pinball/', './plinko/', './merge/']);
      for (const name of ['Pinball', 'Merge']) {
        await page.goto(server.url);
        await page.click(`text=${name}`);
        await page.waitForFunction(() => window.game?.ready && window.game.steps > 0, null, { timeout: 15000 });
      }
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
    }
  });
});

describe('runnable examples: the production build (vite build examples), as static files', { skip }, () => {
  let server;
  before(async () => {
    server = await startBuilt(EXAMPLES_CONFIG);
  });
  after(async () => {
    await server?.close();
  });

  it('emits both .wasm builds and a page per game, and each game loads its .wasm and steps', async () => {
    const assets = readdirSync(join(server.outDir, 'assets'));
    assert.equal(assets.filter((f) => /^capsule2d(\.simd)?-[\w-]+\.wasm$/.test(f)).length, 2, assets.join());
    for (const name of ['pinball', 'plinko', 'merge']) {
      assert.ok(readdirSync(join(server.outDir, name)).includes('index.html'), `${name}/index.html`);
      const b = await openPage(`${server.url}${name}/`, VIEWPORT, 'game');
      try {
        await b.page.waitForFunction(() => window.game.steps > 30, null, { timeout: 10000 });
        const wasm = await b.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.endsWith('.wasm')));
        assert.equal(wasm.length, 1, `${name}: one .wasm fetched: ${wasm}`);
        assert.match(wasm[0], /\/assets\/capsule2d(\.simd)?-[\w-]+\.wasm$/);
        assert.deepEqual(b.problems, [], name);
      } finally {
        await b.close();
      }
    }
  });
});
