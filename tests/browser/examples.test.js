// The examples' "show code" listings and the gaps the articles' readers
// noticed, in Chromium: every example has a "Show code" toggle naming each
// library function it calls; example 2 draws the region of circle centres
// that touch the segment; the capsule-vs-capsule example shows what
// collideCapsules returns (two points when the capsules lie flat on each
// other); the capsule from centre and unit axis (capsuleFromAxis) matches
// the angle form; the built capsule stays inside the canvas.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, shot, servePage } from './harness.js';
import { frames, show, state, drag, hover, readout, numbers, pixel } from './helpers.js';

const skip = skipReason();

describe('examples: show code, and the gaps filled', { skip }, () => {
  let page;
  let browser;
  const served = servePage({ viewport: { width: 1280, height: 800 } });
  before(() => {
    ({ page, browser } = served);
  });

  it('every example has a "Show code" toggle with each library function it calls', async () => {
    const r = await page.evaluate(async () => {
      const { demos } = await import('/demos/index.js');
      const out = [];
      for (const el of document.querySelectorAll('[data-demo]')) {
        const name = el.dataset.demo;
        const det = el.querySelector('details.code');
        // Every library call the demo's module makes (api.name), from its source as served.
        const src = await (await fetch(`/demos/${name}.js`)).text();
        const calls = [...new Set([...src.matchAll(/\bapi\.([A-Za-z]+)/g)].map((m) => m[1]))];
        out.push({ name, needs: demos[name].needs, calls, summary: det?.querySelector('summary')?.textContent.trim(), code: det?.querySelector('pre code')?.textContent ?? '' });
      }
      return out;
    });
    assert.ok(r.length >= 14);
    for (const d of r) {
      assert.equal(d.summary, 'Show code', `${d.name} has a Show code toggle`);
      assert.ok(d.calls.length >= 1, `${d.name}: calls found in its source`);
      for (const f of new Set([...d.needs, ...d.calls])) assert.ok(d.code.includes(f), `${d.name}: the listing names ${f}, which the example calls`);
      assert.match(d.code, /from 'capsule2d'/, `${d.name}: the listing imports what it uses`);
    }
    // The toggle opens.
    const sel = '[data-demo="closest"] details.code';
    await page.locator(`${sel} summary`).scrollIntoViewIfNeeded();
    await page.click(`${sel} summary`);
    assert.equal(await page.evaluate((q) => document.querySelector(q).open, sel), true);
    assert.ok(await page.locator(`${sel} pre`).isVisible());
    await shot(page, 'desktop-closest-code', '[data-demo="closest"]');
    await page.click(`${sel} summary`);
  });

  it('example 2: the region of centres that touch the segment is drawn (within r of A→B)', async () => {
    const d = 'segment-circle';
    await hover(page, d, { x: -7, y: 4.2 }); // the circle out of the way
    const s = await state(page, d);
    const len = Math.hypot(s.bx - s.ax, s.by - s.ay);
    const nx = -(s.by - s.ay) / len;
    const ny = (s.bx - s.ax) / len;
    const mx = (s.ax + s.bx) / 2 + 0.13;
    const my = (s.ay + s.by) / 2 + 0.07;
    const inside = await pixel(page, d, mx - nx * s.r * 0.6, my - ny * s.r * 0.6);
    const outside = await pixel(page, d, mx - nx * s.r * 1.6, my - ny * s.r * 1.6);
    assert.ok(inside[2] > inside[0] + 12, `inside the region is tinted: ${inside}`);
    assert.ok(Math.abs(outside[2] - outside[0]) < 12, `outside it is not: ${outside}`);
    // Just inside that region the circle touches; just outside it does not.
    const api = (x, y) => page.evaluate(([q, px, py]) => window.__capsule2dPage.api.collideSegmentCircle(q.ax, q.ay, q.bx, q.by, px, py, q.r) !== null, [s, x, y]);
    const cx = (s.ax + s.bx) / 2;
    const cy = (s.ay + s.by) / 2;
    assert.equal(await api(cx - nx * s.r * 0.98, cy - ny * s.r * 0.98), true);
    assert.equal(await api(cx - nx * s.r * 1.02, cy - ny * s.r * 1.02), false);
    await shot(page, 'desktop-segment-circle-region', `[data-demo="${d}"]`);
  });

  it('capsule against capsule: the numbers are collideCapsules; lying flat gives two points', async () => {
    const d = 'capsules';
    await show(page, d);
    let s = await state(page, d);
    const call = (q) => page.evaluate((t) => window.__capsule2dPage.api.collideCapsules(t.a1x, t.a1y, t.b1x, t.b1y, t.r1, t.a2x, t.a2y, t.b2x, t.b2y, t.r2), q);
    let c = await call(s);
    assert.ok(c, 'they touch at the start');
    assert.equal(await readout(page, d, 'hit'), 'yes');
    assert.deepEqual(numbers(await readout(page, d, 'n')).map((v) => v.toFixed(2)), [c.nx, c.ny].map((v) => v.toFixed(2)));
    assert.equal(Number(await readout(page, d, 'depth')).toFixed(2), c.depth.toFixed(2));
    // Drag capsule 2 away: no hit.
    await drag(page, d, { x: s.b2x, y: s.b2y }, { x: 6, y: 3.5 });
    await drag(page, d, { x: s.a2x, y: s.a2y }, { x: 3, y: 4 });
    s = await state(page, d);
    assert.equal(await call(s), null);
    assert.equal(await readout(page, d, 'hit'), 'no');
    // Lay it flat on capsule 1: two contact points.
    await page.click(`[data-demo="${d}"] button[name="parallel"]`);
    await frames(page);
    s = await state(page, d);
    c = await call(s);
    assert.ok(c && c.count === 2, `two points: ${JSON.stringify(c)}`);
    assert.equal(await readout(page, d, 'count'), '2');
    assert.deepEqual(numbers(await readout(page, d, 'p2')).map((v) => v.toFixed(2)), [c.point2X, c.point2Y].map((v) => v.toFixed(2)));
    await shot(page, 'desktop-capsules-flat', `[data-demo="${d}"]`);
  });

  it('capsule from centre and unit axis: capsuleFromAxis gives the angle form\'s capsule; it stays inside the canvas', async () => {
    const d = 'capsule-axis';
    await show(page, d);
    let s = await state(page, d);
    const both = await page.evaluate((t) => {
      const api = window.__capsule2dPage.api;
      return {
        axis: api.capsuleFromAxis(t.cx, t.cy, Math.cos(t.angle), Math.sin(t.angle), t.length, t.cr),
        angle: api.capsuleFromAngle(t.cx, t.cy, t.angle, t.length, t.cr),
      };
    }, s);
    assert.deepEqual(s.fromAxis, both.axis);
    for (const k of ['ax', 'ay', 'bx', 'by']) assert.ok(Math.abs(both.axis[k] - both.angle[k]) < 1e-5, `${k}: ${both.axis[k]} vs ${both.angle[k]}`);
    const shown = numbers(await readout(page, d, 'axis'));
    assert.deepEqual(shown.map((v) => v.toFixed(2)), [both.axis.ax, both.axis.ay, both.axis.bx, both.axis.by].map((v) => v.toFixed(2)));
    // The whole capsule stays in the picture: after dragging B far out, and at the sliders' ends.
    const inView = async (what) => {
      const r = await page.evaluate(() => {
        const demo = window.__capsule2dPage.demos['capsule-axis'];
        const c = demo.state.capsule;
        const v = demo.stage.view.visible();
        return { c, v };
      });
      const { c, v } = r;
      const x0 = Math.min(c.ax, c.bx) - c.radius;
      const x1 = Math.max(c.ax, c.bx) + c.radius;
      const y0 = Math.min(c.ay, c.by) - c.radius;
      const y1 = Math.max(c.ay, c.by) + c.radius;
      assert.ok(x0 >= v.x0 - 1e-6 && x1 <= v.x1 + 1e-6 && y0 >= v.y0 - 1e-6 && y1 <= v.y1 + 1e-6,
        `${what}: capsule [${x0.toFixed(2)}, ${x1.toFixed(2)}] × [${y0.toFixed(2)}, ${y1.toFixed(2)}] in view ${JSON.stringify(v)}`);
    };
    s = await state(page, d);
    await drag(page, d, { x: s.cx + (s.ux * s.length) / 2, y: s.cy + (s.uy * s.length) / 2 }, { x: 9, y: 6 });
    await inView('after dragging B to the corner');
    for (const [name, value] of [['length', '12'], ['radius', '4'], ['angle', '90'], ['angle', '-30']]) {
      await page.locator(`[data-demo="${d}"] input[name="${name}"]`).fill(value);
      await frames(page, 2);
      await inView(`after setting ${name} to ${value}`);
    }
    await shot(page, 'desktop-capsule-axis-contained', `[data-demo="${d}"]`);
    assert.deepEqual(browser.problems, []);
  });
});
