// The tutorial page in Chromium, served by the Vite dev server: it loads the
// WebAssembly with no console errors or failed requests, every example reacts
// to the pointer, the numbers shown are what the library returns for the same
// positions, Restart drops the circles again, the fast ball tunnels only with
// the per-frame test, keyboard and touch work, and a phone-sized viewport has
// no horizontal scrolling. Screenshots of every example go to
// test-results/page/ (desktop and phone).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, startDev, openPage, shot, servePage, PHONE } from './harness.js';
import { frames, show, client, state, drag, hover, readout, numbers, pixel } from './helpers.js';

const skip = skipReason();

const DEMOS = [
  'hero', 'closest', 'segment-circle', 'capsule-circle', 'capsule-axis', 'capsules', 'line-distance', 'falling',
  'circles', 'edge-cases', 'raycast', 'sweep', 'tunnel', 'playground', 'race', 'race-fast',
];

/** Asserts a readout shows the given numbers to its printed precision. */
async function shows(page, demo, key, want) {
  const text = await readout(page, demo, key);
  const got = numbers(text);
  assert.equal(got.length, want.length, `${demo}.${key}: "${text}" vs ${want}`);
  for (let i = 0; i < want.length; i++) {
    const digits = (text.replace(/\u2212/g, '-').match(/-?\d+(\.\d+)?/g)[i].split('.')[1] ?? '').length;
    const tol = 0.5 * 10 ** -digits + 1e-9;
    assert.ok(Math.abs(got[i] - want[i]) <= tol, `${demo}.${key}: shows ${got[i]}, library says ${want[i]} ("${text}")`);
  }
}

const near = (a, b, tol, what) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);

describe('tutorial page on the Vite dev server (desktop)', { skip }, () => {
  let server;
  let browser;
  let page;
  const wasmResponses = [];

  before(async () => {
    server = await startDev();
    browser = await openPage(server.url);
    page = browser.page;
    page.on('response', (r) => {
      if (r.url().endsWith('.wasm')) wasmResponses.push(r.status());
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads the WebAssembly module with no console errors and mounts every example', async () => {
    const info = await page.evaluate(() => ({
      ready: window.__capsule2dPage.ready,
      demos: Object.keys(window.__capsule2dPage.demos),
      skipped: window.__capsule2dPage.skipped,
      badge: document.getElementById('build').textContent,
      sections: document.querySelectorAll('main > section').length,
      toc: document.querySelectorAll('.toc a').length,
    }));
    assert.equal(info.ready, true);
    assert.deepEqual(info.skipped, {});
    assert.deepEqual(info.demos.sort(), [...DEMOS].sort());
    assert.match(info.badge, /WebAssembly (SIMD|scalar) build/);
    assert.equal(info.toc, info.sections);
    // The .wasm was fetched over HTTP by the loader (reload to watch it).
    await page.reload();
    await page.waitForFunction(() => window.__capsule2dPage?.ready);
    assert.ok(wasmResponses.length >= 1 && wasmResponses.every((s) => s === 200), `wasm responses ${wasmResponses}`);
    assert.deepEqual(browser.problems, []);
  });

  it('high-DPI: every canvas backing store is its CSS size × devicePixelRatio', async () => {
    const sizes = await page.evaluate(() =>
      [...document.querySelectorAll('canvas')].map((c) => [c.width, c.height, c.clientWidth * devicePixelRatio, c.clientHeight * devicePixelRatio]),
    );
    assert.equal(sizes.length, DEMOS.length + 2); // each race has two
    for (const [w, h, cw, ch] of sizes) {
      assert.ok(Math.abs(w - cw) <= 1 && Math.abs(h - ch) <= 1, `${w}×${h} vs ${cw}×${ch}`);
    }
  });

  it('resizes with the window: canvases refit their backing store and view', async () => {
    const size = () => page.evaluate(() => {
      const c = document.querySelector('[data-demo="closest"] canvas');
      return { w: c.width, cw: c.clientWidth, scale: window.__capsule2dPage.demos.closest.stage.view.scale };
    });
    const before = await size();
    await page.setViewportSize({ width: 900, height: 800 });
    await frames(page, 3);
    const after = await size();
    assert.ok(after.cw < before.cw, `canvas narrower: ${before.cw} → ${after.cw}`);
    assert.ok(Math.abs(after.w - after.cw * (await page.evaluate(() => devicePixelRatio))) <= 1);
    assert.ok(after.scale < before.scale, 'the view refits');
    await page.setViewportSize({ width: 1280, height: 900 });
    await frames(page, 3);
    assert.equal((await size()).cw, before.cw);
  });

  it('1 closest point: dragging B moves it, X follows the pointer, the numbers match closestPointOnSegment', async () => {
    const d = 'closest';
    const s0 = await state(page, d);
    await drag(page, d, { x: s0.bx, y: s0.by }, { x: 5, y: -2 });
    const s1 = await state(page, d);
    near(s1.bx, 5, 0.05, 'B.x after the drag');
    near(s1.by, -2, 0.05, 'B.y after the drag');
    // B's handle is now drawn there (white centre of the ring).
    const px = await pixel(page, d, s1.bx, s1.by);
    assert.ok(px[0] > 240 && px[1] > 240 && px[2] > 240, `handle centre pixel ${px}`);
    // X past A: the raw t is negative, the clamped t is 0 and P is A.
    await hover(page, d, { x: -7, y: -3 });
    const s = await state(page, d);
    const want = await page.evaluate((q) => window.__capsule2dPage.api.closestPointOnSegment(q.ax, q.ay, q.bx, q.by, q.x, q.y), s);
    assert.ok(s.tRaw < 0, `raw t ${s.tRaw}`);
    assert.equal(want.t, 0);
    await shows(page, d, 'p', [want.x, want.y]);
    await shows(page, d, 't', [want.t]);
    await shows(page, d, 'v', [s.bx - s.ax, s.by - s.ay]);
    await shows(page, d, 'w', [s.x - s.ax, s.y - s.ay]);
    // X beside the segment: 0 < t < 1.
    await hover(page, d, { x: 0, y: 2 });
    const s2 = await state(page, d);
    const want2 = await page.evaluate((q) => window.__capsule2dPage.api.closestPointOnSegment(q.ax, q.ay, q.bx, q.by, q.x, q.y), s2);
    assert.ok(want2.t > 0 && want2.t < 1);
    await shows(page, d, 'p', [want2.x, want2.y]);
    await shows(page, d, 'traw', [want2.t]);
  });

  it('2 segment: a circle touching the segment turns red and shows the library contact and push-out', async () => {
    const d = 'segment-circle';
    await hover(page, d, { x: -6, y: -3.5 });
    let s = await state(page, d);
    assert.equal(s.contact, null);
    assert.equal(await readout(page, d, 'hit'), 'no');
    let px = await pixel(page, d, s.x + 0.3, s.y + 0.3);
    assert.ok(px[1] > px[0], `miss fill is green-ish: ${px}`);
    await hover(page, d, { x: 0, y: 0.5 });
    s = await state(page, d);
    const c = await page.evaluate((q) => window.__capsule2dPage.api.collideSegmentCircle(q.ax, q.ay, q.bx, q.by, q.x, q.y, q.r), s);
    assert.ok(c, 'the library reports a hit');
    assert.equal(await readout(page, d, 'hit'), 'yes');
    await shows(page, d, 'n', [c.nx, c.ny]);
    await shows(page, d, 'depth', [c.depth]);
    await shows(page, d, 'push', [s.x + c.nx * c.depth, s.y + c.ny * c.depth]);
    // Sample inside the circle on the side away from the segment.
    px = await pixel(page, d, s.x + c.nx * s.r * 0.6, s.y + c.ny * s.r * 0.6);
    assert.ok(px[0] > px[1], `hit fill is red-ish: ${px}`);
    // The pushed-out circle just touches the segment.
    const back = await page.evaluate(
      ([q, p]) => window.__capsule2dPage.api.collideSegmentCircle(q.ax, q.ay, q.bx, q.by, p[0], p[1], q.r),
      [s, [s.pushed.x, s.pushed.y]],
    );
    assert.ok(back === null || back.depth < 1e-4, `ghost overlaps by ${back?.depth}`);
  });

  it('3 capsule: the radius slider (keyboard) and the distance field change the picture', async () => {
    const d = 'capsule-circle';
    await show(page, d);
    const r0 = (await state(page, d)).cr;
    await page.focus(`[data-demo="${d}"] input[name="radius"]`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await frames(page);
    const s = await state(page, d);
    near(s.cr, r0 + 0.1, 1e-9, 'radius after two steps');
    await hover(page, d, { x: s.ax + 0.5, y: s.ay + s.cr + 0.8 });
    const q = await state(page, d);
    const c = await page.evaluate((t) => window.__capsule2dPage.api.collideCapsuleCircle(t.ax, t.ay, t.bx, t.by, t.cr, t.x, t.y, t.r), q);
    assert.ok(c);
    await shows(page, d, 'depth', [c.depth]);
    await shows(page, d, 'n', [c.nx, c.ny]);
    await shows(page, d, 'sum', [q.r + q.cr]);
    // Distance field: off = white-ish background far away; on = orange outside, blue inside.
    const far = { x: 6.6, y: 4.4 }; // between grid lines
    const before = await pixel(page, d, far.x, far.y);
    await page.click(`[data-demo="${d}"] input[name="field"]`);
    await frames(page, 3);
    const outside = await pixel(page, d, far.x, far.y);
    const inside = await pixel(page, d, (q.ax + q.bx) / 2, (q.ay + q.by) / 2 + 0.3);
    assert.ok(before[0] > 240 && before[2] > 240, `plain background ${before}`);
    assert.ok(outside[0] > outside[2] + 40, `outside is orange-ish ${outside}`);
    assert.ok(inside[2] > inside[0] + 40, `inside is blue-ish ${inside}`);
    assert.ok((await state(page, d)).fieldBuilds >= 1);
    await shot(page, 'desktop-capsule-circle-field', `[data-demo="${d}"]`);
    await page.click(`[data-demo="${d}"] input[name="field"]`);
  });

  it('3 capsule from an angle: dragging B turns and stretches it; ends match capsuleFromAngle', async () => {
    const d = 'capsule-axis';
    const s0 = await state(page, d);
    const bx = s0.cx + s0.ux * s0.length / 2;
    const by = s0.cy + s0.uy * s0.length / 2;
    await drag(page, d, { x: bx, y: by }, { x: s0.cx, y: s0.cy + 3 });
    const s = await state(page, d);
    near(s.angle, Math.PI / 2, 0.03, 'angle after dragging B straight up');
    near(s.length, 6, 0.1, 'length');
    const cap = await page.evaluate((t) => window.__capsule2dPage.api.capsuleFromAngle(t.cx, t.cy, t.angle, t.length, t.cr), s);
    assert.deepEqual(s.capsule, cap);
    await shows(page, d, 'a', [cap.ax, cap.ay]);
    await shows(page, d, 'b2', [cap.bx, cap.by]);
    const angleSlider = await page.inputValue(`[data-demo="${d}"] input[name="angle"]`);
    near(Number(angleSlider), 90, 2, 'angle slider follows the handle');
  });

  it('4 line: the signed distance matches lineSignedDistance, and the y-down view mirrors the picture', async () => {
    const d = 'line-distance';
    await hover(page, d, { x: -2, y: 3 });
    const s = await state(page, d);
    const dist = await page.evaluate((t) => window.__capsule2dPage.api.lineSignedDistance(t.ax, t.ay, t.bx, t.by, t.x, t.y), s);
    assert.ok(dist > 0, 'a point above this line is on its left');
    await shows(page, d, 'd', [dist]);
    assert.match(await readout(page, d, 'side'), /left/);
    const a0 = await client(page, d, s.ax, s.ay);
    const b0 = await client(page, d, s.bx, s.by);
    await page.click(`[data-demo="${d}"] input[name="ydown"]`);
    await frames(page);
    const a1 = await client(page, d, s.ax, s.ay);
    const b1 = await client(page, d, s.bx, s.by);
    near(a1.x, a0.x, 0.5, 'x is kept');
    // A is below B in the y-up view; the mirrored view puts it above.
    assert.ok(a0.y > b0.y && a1.y < b1.y, 'the y-down view is mirrored');
    assert.match(await page.textContent(`[data-demo="${d}"] [data-show="side"]`), /looks right/);
    await shot(page, 'desktop-line-distance-ydown', `[data-demo="${d}"]`);
    await page.click(`[data-demo="${d}"] input[name="ydown"]`);
  });

  it('4 falling circles: they settle on the line; Restart drops them again; the segment lets some fall past', async () => {
    const d = 'falling';
    await show(page, d);
    const settled = () => page.waitForFunction(() => {
      const s = window.__capsule2dPage.demos.falling.state;
      return s.time > 2 && s.circles.every((c) => c.lost || Math.hypot(c.vx, c.vy) < 0.3);
    }, null, { timeout: 20000 });
    await settled();
    let s = await state(page, d);
    assert.equal(s.circles.filter((c) => c.lost).length, 0, 'the infinite line catches every circle');
    assert.ok(s.contacts > 0, 'resting circles touch the line');
    // The panel and the state, read in one go (the demo keeps stepping).
    const [shown, count] = await page.evaluate(() => [
      document.querySelector('[data-demo="falling"] [data-key="contacts"]').textContent,
      window.__capsule2dPage.demos.falling.state.contacts,
    ]);
    assert.equal(shown, String(count));
    for (const c of s.circles) {
      const dist = await page.evaluate(([t, q]) => window.__capsule2dPage.api.lineSignedDistance(t.ax, t.ay, t.bx, t.by, q.x, q.y), [s, c]);
      assert.ok(dist >= c.r - 0.05, `a circle rests above the line, not in it: d ${dist}, r ${c.r}`);
    }
    await shot(page, 'desktop-falling-settled', `[data-demo="${d}"]`);
    const drops = s.drops;
    await page.click(`[data-demo="${d}"] button[name="restart"]`);
    s = await state(page, d);
    assert.equal(s.drops, drops + 1);
    assert.ok(s.time < 0.5, `time restarted: ${s.time}`);
    assert.ok(s.circles.every((c) => c.y > 5), 'every circle is back above the top');
    // Only the segment: circles beyond its ends fall past it.
    await page.click(`[data-demo="${d}"] input[name="segment"]`);
    await page.click(`[data-demo="${d}"] button[name="restart"]`);
    await settled();
    s = await state(page, d);
    assert.equal(s.segmentOnly, true);
    assert.ok(s.circles.some((c) => c.lost), 'some circles fell past the ends of the segment');
    assert.ok(s.circles.some((c) => !c.lost), 'the others rest on it');
    await shot(page, 'desktop-falling-segment', `[data-demo="${d}"]`);
    await page.click(`[data-demo="${d}"] input[name="segment"]`);
  });

  it('5 circles: the contact shown is collideCircles(A, B)', async () => {
    const d = 'circles';
    await hover(page, d, { x: 0.5, y: 1 });
    const s = await state(page, d);
    const c = await page.evaluate((t) => window.__capsule2dPage.api.collideCircles(t.ax, t.ay, t.ar, t.bx, t.by, t.br), s);
    assert.ok(c);
    await shows(page, d, 'n', [c.nx, c.ny]);
    await shows(page, d, 'depth', [c.depth]);
    await shows(page, d, 'point', [c.pointX, c.pointY]);
  });

  it('5 edge cases: centre on the segment gives the left perpendicular, A = B with the centre on it gives (0, 1)', async () => {
    const d = 'edge-cases';
    await show(page, d);
    await page.click(`[data-demo="${d}"] button[data-act="reset"]`);
    await page.click(`[data-demo="${d}"] button[data-act="on-segment"]`);
    let s = await state(page, d);
    assert.equal(s.onSegment, true);
    const len = Math.hypot(s.bx - s.ax, s.by - s.ay);
    near(s.contact.nx, -(s.by - s.ay) / len, 1e-6, 'nx is the left perpendicular');
    near(s.contact.ny, (s.bx - s.ax) / len, 1e-6, 'ny is the left perpendicular');
    assert.equal(s.contact.depth, s.r);
    await shows(page, d, 'n', [s.contact.nx, s.contact.ny]);
    assert.match(await readout(page, d, 'seed'), /centre on the segment/);
    await page.click(`[data-demo="${d}"] button[data-act="both"]`);
    s = await state(page, d);
    assert.equal(s.zeroLength, true);
    assert.deepEqual([s.contact.nx, s.contact.ny, s.contact.depth], [0, 1, s.r]);
    await shows(page, d, 'n', [0, 1]);
    // Dragging the centre away snaps to the grid: an ordinary contact again.
    await drag(page, d, { x: s.x, y: s.y }, { x: s.x + 0.98, y: s.y + 0.02 });
    s = await state(page, d);
    assert.equal(s.x - s.ax, 1);
    assert.deepEqual([s.contact.nx, s.contact.ny], [1, 0]);
    await shot(page, 'desktop-edge-cases-zero', `[data-demo="${d}"]`);
  });

  it('5 ray casts: dragging the ray end changes the nearest hit; it matches rayCastCapsule', async () => {
    const d = 'raycast';
    const s0 = await state(page, d);
    await drag(page, d, { x: s0.ex, y: s0.ey }, { x: -1, y: 4 });
    const s = await state(page, d);
    const want = await page.evaluate((t) => t.capsules.map((c) =>
      window.__capsule2dPage.api.rayCastCapsule(c.ax, c.ay, c.bx, c.by, c.radius, t.ox, t.oy, t.ex - t.ox, t.ey - t.oy, 1)), s);
    let best = -1;
    want.forEach((h, i) => { if (h && (best < 0 || h.fraction < want[best].fraction)) best = i; });
    assert.equal(s.nearest, best);
    assert.ok(best >= 0, 'the dragged ray hits something');
    assert.notEqual(best, s0.nearest, 'a different capsule than before');
    await shows(page, d, 's', [want[best].fraction]);
    await shows(page, d, 'p', [want[best].x, want[best].y]);
    await shows(page, d, 'n', [want[best].nx, want[best].ny]);
    // Start inside capsule 2: fraction 0, normal −D/|D|.
    const c = s.capsules[1];
    await drag(page, d, { x: s.ox, y: s.oy }, { x: (c.ax + c.bx) / 2, y: (c.ay + c.by) / 2 });
    const s2 = await state(page, d);
    assert.equal(s2.nearest, 1);
    assert.equal(s2.hits[1].startsInside, true);
    assert.equal(s2.hits[1].fraction, 0);
  });

  it('5 sweep: the time of impact matches sweepCircleCapsule; an end-only test misses the thin capsule', async () => {
    const d = 'sweep';
    const s0 = await state(page, d);
    await drag(page, d, { x: s0.x1, y: s0.y1 }, { x: 6, y: 0.5 });
    const s = await state(page, d);
    const h = await page.evaluate((t) => window.__capsule2dPage.api.sweepCircleCapsule(t.ax, t.ay, t.bx, t.by, t.cr, t.x0, t.y0, t.x1, t.y1, t.r), s);
    assert.ok(h && h.t > 0 && h.t < 1);
    await shows(page, d, 't', [h.t]);
    await shows(page, d, 'c', [h.x, h.y]);
    assert.equal(s.endOverlap, false);
    assert.match(await readout(page, d, 'end'), /tunnelled/);
  });

  it('5 tunnelling: with the fast ball, only the per-frame test lets it through the wall', async () => {
    const d = 'tunnel';
    await show(page, d);
    await page.waitForFunction(() => window.__capsule2dPage.demos.tunnel.state.steps > 30);
    await page.click(`[data-demo="${d}"] input[name="fast"]`);
    await page.waitForFunction(() => {
      const [perFrame, swept] = window.__capsule2dPage.demos.tunnel.state.lanes;
      return perFrame.shots >= 4 && swept.shots >= 4;
    }, null, { timeout: 20000 });
    const s = await state(page, d);
    assert.equal(s.fast, true);
    assert.ok(s.lanes[0].passes >= 3, `the per-frame ball tunnels: ${s.lanes[0].passes}`);
    assert.equal(s.lanes[0].bounces, 0, 'the per-frame test never sees the wall');
    assert.equal(s.lanes[1].passes, 0, 'the swept ball never passes the wall');
    assert.ok(s.lanes[1].bounces >= 3, 'the swept ball bounces off it');
    assert.equal(await readout(page, d, 'p1'), '0');
    await shot(page, 'desktop-tunnel-fast', `[data-demo="${d}"]`);
    // Slow again: the per-frame test sees the overlap and the ball bounces too.
    await page.click(`[data-demo="${d}"] input[name="fast"]`);
    await page.waitForFunction(() => window.__capsule2dPage.demos.tunnel.state.lanes[0].bounces >= 1, null, { timeout: 10000 });
    const slow = await state(page, d);
    assert.equal(slow.lanes[0].passes, 0);
  });

  it('keyboard: Tab reaches a canvas with a visible focus ring; N and the arrows move its points', async () => {
    const d = 'closest';
    await show(page, d);
    // A real Tab from the last link of the contents (a programmatic or
    // mouse focus shows no ring: :focus-visible).
    await page.focus('.toc li:last-child a');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate((q) => document.activeElement === document.querySelector(q), `[data-demo="${d}"] canvas`), true);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, 'none');
    const active = () => page.evaluate(() => window.__capsule2dPage.demos.closest.stage.active.label);
    // N steps through A, B, X; pick B.
    for (let i = 0; i < 3 && (await active()) !== 'B'; i++) await page.keyboard.press('n');
    assert.equal(await active(), 'B');
    const s0 = await state(page, d);
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('ArrowUp');
    const s1 = await state(page, d);
    near(s1.bx, s0.bx - 1, 1e-9, 'B moved left by 1');
    near(s1.by, s0.by + 0.1, 1e-9, 'B moved up by 0.1');
    // Tab from the radius slider of section 3 lands on the next control.
    await page.focus('[data-demo="capsule-circle"] input[name="radius"]');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.name), 'field');
    // Every control can be reached with Tab.
    const tabbable = await page.evaluate(() => [...document.querySelectorAll('canvas, input, button')].every((e) => e.tabIndex >= 0));
    assert.ok(tabbable);
  });

  it('in Chromium too: a view kept across reserve()/destroy() is detached; a frozen result is a TypeError naming result', async () => {
    const got = await page.evaluate(() => {
      const api = window.__capsule2dPage.api;
      const s = new api.CircleSet(64);
      s.add(1, 2, 3);
      const v = s.x;
      s.reserve(128);
      const s2 = new api.CircleSet(64);
      s2.add(100, 0, 1);
      v[0] = -777;
      const w = s2.y;
      s2.destroy();
      let frozen = '';
      try {
        api.collideCircles(0, 0, 1, 1.5, 0.5, 1, Object.freeze(api.createContact()));
      } catch (e) {
        frozen = `${e.name}: ${e.message}`;
      }
      const out = { kept: v.length, live: s.x[0], other: s2.destroyed, keptAfterDestroy: w.length, frozen };
      s.destroy();
      return out;
    });
    assert.deepEqual(got, { kept: 0, live: 1, other: true, keptAfterDestroy: 0, frozen: got.frozen });
    assert.match(got.frozen, /^TypeError: result\.nx cannot be written/);
  });

  it('saves a screenshot of every example (desktop) and still has no console errors', async () => {
    for (const d of DEMOS) {
      await show(page, d);
      await frames(page, 3);
      await shot(page, `desktop-${d}`, `[data-demo="${d}"]`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'desktop-top');
    assert.deepEqual(browser.problems, []);
  });
});

describe('tutorial page on a phone-sized touch screen', { skip }, () => {
  let page;
  let browser;
  const served = servePage(PHONE);
  before(() => {
    ({ page, browser } = served);
  });

  it('has no horizontal scrolling and crisp canvases at devicePixelRatio 3', async () => {
    const m = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth,
      dpr: devicePixelRatio,
      canvases: [...document.querySelectorAll('canvas')].map((c) => [c.width, c.clientWidth, c.getBoundingClientRect().right]),
    }));
    assert.ok(m.scrollWidth <= m.innerWidth, `scrollWidth ${m.scrollWidth} > innerWidth ${m.innerWidth}`);
    assert.equal(m.dpr, 3);
    for (const [w, cw, right] of m.canvases) {
      assert.ok(Math.abs(w - cw * 3) <= 1, `backing ${w} vs css ${cw}`);
      assert.ok(right <= m.innerWidth, `canvas overflows: right edge ${right}`);
    }
  });

  it('a touch drag moves a point (pointer events from a finger)', async () => {
    const d = 'closest';
    await show(page, d);
    const s0 = await state(page, d);
    const a = await client(page, d, s0.ax, s0.ay);
    const b = await client(page, d, s0.ax + 2, s0.ay + 1);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', {
      type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y }],
    });
    await touch('touchStart', a);
    for (let i = 1; i <= 5; i++) await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 5, y: a.y + ((b.y - a.y) * i) / 5 });
    await touch('touchEnd');
    await frames(page);
    const s1 = await state(page, d);
    near(s1.ax, s0.ax + 2, 0.1, 'A.x after the touch drag');
    near(s1.ay, s0.ay + 1, 0.1, 'A.y after the touch drag');
    const p = await page.evaluate((q) => window.__capsule2dPage.api.closestPointOnSegment(q.ax, q.ay, q.bx, q.by, q.x, q.y), s1);
    await shows(page, d, 'p', [p.x, p.y]);
  });

  it('saves a screenshot of every example (phone) with no console errors', async () => {
    for (const d of DEMOS) {
      await show(page, d);
      await frames(page, 3);
      await shot(page, `phone-${d}`, `[data-demo="${d}"]`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'phone-top');
    const m = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    assert.ok(m);
    assert.deepEqual(browser.problems, []);
  });
});
