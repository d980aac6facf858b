// The page on a phone (390 × 844, touch, devicePixelRatio 3): a swipe that
// starts on a canvas but away from its handles scrolls the page; a swipe
// from a handle drags it and does not scroll; a tap places the circle that
// follows the pointer; handles answer a finger 22 px or more from their
// centre and start at least 44 px apart; while a point is dragged the
// example's numbers are shown over its canvas when the panel is out of view.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, shot, servePage, PHONE } from './harness.js';
import { frames, client, state, swipe, path } from './helpers.js';

const skip = skipReason();

/** Scrolls so that a demo's canvas sits at the top of the viewport. */
async function canvasAtTop(page, demo, offset = 60) {
  await page.evaluate(([d, off]) => {
    const c = document.querySelector(`[data-demo="${d}"] canvas`);
    window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY - off);
  }, [demo, offset]);
  await frames(page, 3);
}

/** A client point on a demo's canvas at least `clear` px from every handle. */
function emptySpot(page, demo, clear = 60) {
  return page.evaluate(([d, c]) => {
    const { stage } = window.__capsule2dPage.demos[d];
    const r = stage.canvas.getBoundingClientRect();
    const hs = stage.handles.filter((h) => !h.hidden?.()).map((h) => stage.screenOf(h));
    for (let y = r.height * 0.8; y > r.height * 0.3; y -= 8) {
      for (let x = 20; x < r.width - 20; x += 8) {
        if (hs.every((p) => Math.hypot(p.x - x, p.y - y) >= c)) return { x: r.left + x, y: r.top + y };
      }
    }
    return null;
  }, [demo, clear]);
}

describe('tutorial page on a phone: scrolling, touch targets, numbers in view', { skip }, () => {
  let page;
  let browser;
  const served = servePage(PHONE);
  before(() => {
    ({ page, browser } = served);
  });

  it('a swipe that starts on a canvas away from the handles scrolls the page and moves nothing', async () => {
    for (const d of ['closest', 'sweep']) {
      await canvasAtTop(page, d, 40);
      const s0 = await state(page, d);
      const y0 = await page.evaluate(() => window.scrollY);
      const at = await emptySpot(page, d);
      assert.ok(at, `${d}: a spot away from the handles`);
      await swipe(page, path(at, { x: at.x, y: at.y - 200 }, 10));
      await page.waitForTimeout(400); // the fling settles
      const y1 = await page.evaluate(() => window.scrollY);
      assert.ok(y1 - y0 > 100, `${d}: the page scrolled by ${y1 - y0} px`);
      const s1 = await state(page, d);
      for (const k of ['ax', 'ay', 'bx', 'by']) assert.equal(s1[k], s0[k], `${d}: ${k} unchanged by the swipe`);
    }
  });

  it('a swipe from a handle drags it and does not scroll', async () => {
    const d = 'closest';
    await canvasAtTop(page, d, 40);
    const s0 = await state(page, d);
    const y0 = await page.evaluate(() => window.scrollY);
    // Start 18 px off A's centre: still inside its 44 px target.
    const a = await client(page, d, s0.ax, s0.ay);
    const start = { x: a.x + 12, y: a.y - 13 };
    await swipe(page, path(start, { x: start.x + 40, y: start.y - 60 }, 8));
    await frames(page);
    const s1 = await state(page, d);
    const y1 = await page.evaluate(() => window.scrollY);
    assert.equal(y1, y0, 'no scroll while dragging a handle');
    const scale = await page.evaluate(() => window.__capsule2dPage.demos.closest.stage.view.scale);
    assert.ok(Math.abs(s1.ax - s0.ax - 40 / scale) < 0.1, `A.x moved with the finger: ${s0.ax} → ${s1.ax}`);
    assert.ok(Math.abs(s1.ay - s0.ay - 60 / scale) < 0.1, `A.y moved with the finger: ${s0.ay} → ${s1.ay}`);
  });

  it('a tap away from the handles places the follower there', async () => {
    const d = 'segment-circle';
    await canvasAtTop(page, d, 40);
    const at = await emptySpot(page, d, 50);
    await swipe(page, [at, at]);
    await frames(page);
    const s = await state(page, d);
    const p = await client(page, d, s.x, s.y);
    assert.ok(Math.hypot(p.x - at.x, p.y - at.y) < 2, `X went to the tap: ${JSON.stringify(p)} vs ${JSON.stringify(at)}`);
  });

  it('handles are 44 px touch targets and start at least 44 px apart', async () => {
    const info = await page.evaluate(async () => {
      const { HIT_TOUCH, MIN_GAP } = await import('/lib/stage.js');
      const out = { HIT_TOUCH, MIN_GAP, pairs: [] };
      for (const [name, demo] of Object.entries(window.__capsule2dPage.demos)) {
        const st = demo.stage;
        const hs = st.handles.filter((h) => !h.hidden?.() && h !== st.follower);
        for (let i = 0; i < hs.length; i++) {
          for (let j = i + 1; j < hs.length; j++) {
            const a = st.screenOf(hs[i]);
            const b = st.screenOf(hs[j]);
            out.pairs.push([name, hs[i].label, hs[j].label, Math.hypot(a.x - b.x, a.y - b.y)]);
          }
        }
      }
      return out;
    });
    assert.ok(info.HIT_TOUCH >= 22, `touch reach ${info.HIT_TOUCH} px (a ${2 * info.HIT_TOUCH} px target)`);
    assert.ok(info.MIN_GAP >= 44);
    for (const [d, a, b, dist] of info.pairs) assert.ok(dist >= 44, `${d}: ${a} and ${b} are ${dist.toFixed(1)} px apart`);
    // A finger 22 px from a handle's centre picks it.
    const picked = await page.evaluate(() => {
      const st = window.__capsule2dPage.demos.closest.stage;
      const r = st.canvas.getBoundingClientRect();
      const p = st.screenOf(st.handles[1]);
      return st.pick({ clientX: r.left + p.x + 22, clientY: r.top + p.y, pointerType: 'touch' }, st.reach({ pointerType: 'touch' }))?.label;
    });
    assert.equal(picked, 'B');
    // Dragging B onto A stops 44 px short of it.
    const d = 'closest';
    await canvasAtTop(page, d, 40);
    const s0 = await state(page, d);
    const b = await client(page, d, s0.bx, s0.by);
    const a = await client(page, d, s0.ax, s0.ay);
    await swipe(page, path(b, a, 12));
    await frames(page);
    const s1 = await state(page, d);
    const a1 = await client(page, d, s1.ax, s1.ay);
    const b1 = await client(page, d, s1.bx, s1.by);
    const gap = Math.hypot(a1.x - b1.x, a1.y - b1.y);
    assert.ok(gap >= 43.9 && gap < 60, `B stopped ${gap.toFixed(1)} px from A`);
  });

  it('while a point is dragged, the numbers are shown over the canvas (the panel is off screen)', async () => {
    const d = 'closest';
    await canvasAtTop(page, d, 520); // the canvas low on the screen, its panel below it
    const below = await page.evaluate(() => document.querySelector('[data-demo="closest"] .readout').getBoundingClientRect().bottom > innerHeight);
    assert.ok(below, 'the numbers panel is below the screen');
    const s0 = await state(page, d);
    const b = await client(page, d, s0.bx, s0.by);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y }] });
    await touch('touchStart', b);
    await touch('touchMove', { x: b.x - 30, y: b.y + 20 });
    await touch('touchMove', { x: b.x - 60, y: b.y + 40 });
    await frames(page);
    const hud = await page.evaluate(() => {
      const el = document.querySelector('[data-demo="closest"] .hud');
      const r = el.getBoundingClientRect();
      const c = document.querySelector('[data-demo="closest"] canvas').getBoundingClientRect();
      return { hidden: el.hidden, text: el.textContent, top: r.top, bottom: r.bottom, ctop: c.top, cbottom: c.bottom, vh: innerHeight,
        summary: document.querySelector('[data-demo="closest"] .readout').readout.summary() };
    });
    await shot(page, 'phone-closest-dragging');
    await touch('touchEnd');
    await cdp.detach();
    await frames(page);
    assert.equal(hud.hidden, false, 'the overlay shows while dragging');
    assert.equal(hud.text, hud.summary);
    assert.match(hud.text, /P = \(/);
    assert.ok(hud.top >= 0 && hud.bottom <= hud.vh, 'the overlay is on screen');
    assert.ok(hud.top >= hud.ctop && hud.bottom <= hud.cbottom, 'the overlay is over the canvas');
    assert.equal(await page.evaluate(() => document.querySelector('[data-demo="closest"] .hud').hidden), true, 'hidden after the drag');
    assert.deepEqual(browser.problems, []);
  });
});
