// The page for every visitor, on a desktop (1280 × 800): no live-region
// flood (one announcement per drag or key run, nothing else live), each
// canvas described by its numbers, contrast computed from the page's own
// colours (CSS custom properties and computed styles, WCAG ratios), the
// focus ring for keyboard focus only, labels inside the canvas and clear of
// each other and the handles, handles kept in view, and a load that draws
// only the canvases near the screen (measured at 4× CPU throttling).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, shot, servePage, PHONE } from './harness.js';
import { frames, show, client, state, drag, contrast, parseColor, luminance } from './helpers.js';

const skip = skipReason();

const DEMOS = [
  'hero', 'closest', 'segment-circle', 'capsule-circle', 'capsule-axis', 'capsules', 'line-distance', 'falling',
  'circles', 'edge-cases', 'raycast', 'sweep', 'tunnel', 'playground', 'race', 'race-fast',
];

/** Starts counting DOM changes inside live regions (any aria-live but off, status/alert/log roles, <output>). */
function watchLive(page) {
  return page.evaluate(() => {
    const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"], output:not([aria-live="off"])';
    window.__liveChanges = [];
    window.__liveObserver?.disconnect();
    window.__liveObserver = new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const region = el?.closest(LIVE);
        if (region) window.__liveChanges.push({ region: region.id || region.tagName, text: region.textContent });
      }
    });
    window.__liveObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The live-region changes since watchLive, merging the records of one change. */
async function liveChanges(page) {
  await frames(page, 2);
  return page.evaluate(() => {
    const out = [];
    for (const c of window.__liveChanges) {
      if (out.length && out[out.length - 1].text === c.text && out[out.length - 1].region === c.region) continue;
      out.push(c);
    }
    return out;
  });
}

/** Labels and obstacles of every demo as drawn last, in canvas CSS px. */
function layouts(page) {
  return page.evaluate(() => Object.entries(window.__capsule2dPage.demos).map(([name, d]) => {
    const st = d.stage;
    return {
      name,
      w: st.view.width,
      h: st.view.height,
      frame: st.frame,
      labels: st.labelBoxes.labels,
      obstacles: st.labelBoxes.obstacles,
      handles: st.handles.filter((h) => !h.hidden?.()).map((h) => ({ label: h.label, ...st.screenOf(h) })),
    };
  }));
}

const area = (a, b) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

function checkLayout(l, where) {
  for (const b of l.labels) {
    assert.ok(b.x0 >= 0 && b.y0 >= 0 && b.x1 <= l.w && b.y1 <= l.h, `${where} ${l.name}: label "${b.text}" runs off the canvas ${JSON.stringify(b)} (${l.w}×${l.h})`);
    for (const o of l.obstacles) assert.ok(area(b, o) < 0.5, `${where} ${l.name}: label "${b.text}" covers a handle or dot ${JSON.stringify(o)}`);
  }
  for (let i = 0; i < l.labels.length; i++) {
    for (let j = i + 1; j < l.labels.length; j++) {
      assert.ok(area(l.labels[i], l.labels[j]) < 0.5, `${where} ${l.name}: labels "${l.labels[i].text}" and "${l.labels[j].text}" overlap`);
    }
  }
  const m = 6; // a handle's ring is fully inside the canvas
  for (const h of l.handles) assert.ok(h.x >= m && h.y >= m && h.x <= l.w - m && h.y <= l.h - m, `${where} ${l.name}: handle ${h.label} at ${h.x}, ${h.y} is out of view`);
}

describe('tutorial page for every visitor (desktop 1280 × 800)', { skip }, () => {
  let page;
  let browser;
  const served = servePage({ viewport: { width: 1280, height: 800 } });
  before(() => {
    ({ page, browser } = served);
  });

  it('load: only the canvases near the screen are drawn, and the first paints quickly at 4× CPU throttling', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.reload();
    await page.waitForFunction(() => window.__capsule2dPage?.ready);
    await frames(page, 4);
    const m = await page.evaluate(() => Object.entries(window.__capsule2dPage.demos).map(([name, d]) => {
      const r = d.stage.canvas.getBoundingClientRect();
      return { name, frame: d.stage.frame, ms: d.stage.renderMs, first: d.stage.firstRenderAt, near: r.top < innerHeight + 150 && r.bottom > -150 };
    }));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    const drawn = m.filter((d) => d.frame > 0);
    const total = drawn.reduce((s, d) => s + d.ms, 0);
    console.log(`# at load (4× throttle): ${drawn.length} of ${m.length} canvases drawn (${drawn.map((d) => d.name)}), ${total.toFixed(1)} ms of drawing; first canvas painted ${Math.min(...drawn.map((d) => d.first)).toFixed(0)} ms after navigation`);
    for (const d of m) assert.equal(d.frame > 0, d.near, `${d.name}: drawn at load ${d.frame > 0}, near the screen ${d.near}`);
    assert.ok(drawn.length >= 1 && drawn.length <= 2, `${drawn.length} canvases drawn at load`);
    assert.ok(total < 400, `drawing at load took ${total.toFixed(1)} ms at 4× throttle`);
    // Scrolling to a canvas draws it.
    await show(page, 'tunnel');
    await frames(page, 3);
    assert.ok(await page.evaluate(() => window.__capsule2dPage.demos.tunnel.stage.frame > 0));
  });

  it('the distance field is rebuilt at most once per frame, however many pointer moves arrive', async () => {
    const d = 'capsule-circle';
    await show(page, d);
    await page.click(`[data-demo="${d}"] input[name="field"]`);
    await frames(page, 2);
    const r = await page.evaluate(async () => {
      const demo = window.__capsule2dPage.demos['capsule-circle'];
      const st = demo.stage;
      const c = st.canvas.getBoundingClientRect();
      const a = st.screenOf(st.handles[0]);
      const ev = (type, x, y) => st.canvas.dispatchEvent(new PointerEvent(type, {
        bubbles: true, clientX: c.left + x, clientY: c.top + y, pointerId: 7, pointerType: 'mouse', button: 0, isPrimary: true,
      }));
      const builds0 = demo.state.fieldBuilds;
      const frame0 = st.frame;
      ev('pointerdown', a.x, a.y);
      for (let i = 1; i <= 40; i++) ev('pointermove', a.x + i, a.y + i / 2); // 40 moves in one task
      ev('pointerup', a.x + 40, a.y + 20);
      await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
      return { builds: demo.state.fieldBuilds - builds0, frames: st.frame - frame0 };
    });
    assert.ok(r.builds >= 1, 'the field follows the moved capsule');
    assert.ok(r.builds <= r.frames && r.frames <= 2, `${r.builds} field builds in ${r.frames} frames for 40 moves`);
    await page.click(`[data-demo="${d}"] input[name="field"]`);
  });

  it('screen readers: nothing but one announcer is live; a drag says one short summary; canvases are described by their numbers', async () => {
    const live = await page.evaluate(() => [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="log"], output:not([aria-live="off"])')]
      .map((e) => e.id || e.tagName));
    assert.deepEqual(live, ['announcer']);
    const described = await page.evaluate(() => [...document.querySelectorAll('[data-demo] canvas')].map((c) => {
      const ids = (c.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const els = ids.map((id) => document.getElementById(id));
      const own = c.closest('[data-demo]').querySelector('.readout');
      return { demo: c.closest('[data-demo]').dataset.demo, ok: els.includes(own) && els.every(Boolean), text: els.map((e) => e?.textContent ?? '').join(' ') };
    }));
    for (const c of described) {
      assert.ok(c.ok, `${c.demo}: aria-describedby names its own numbers panel`);
      assert.match(c.text, /\d/, `${c.demo}: the description has the numbers`);
    }
    // What the browser gives a screen reader for the first canvas.
    const cdp = await page.context().newCDPSession(page);
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-demo="closest"] canvas' });
    const [ax] = (await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })).nodes;
    await cdp.detach();
    assert.match(ax.name.value, /closest point P/);
    assert.match(ax.description.value, /P = A \+ t v \(−?\d+\.\d\d, −?\d+\.\d\d\)/);
    assert.match(ax.description.value, /arrow keys/);
    // A mouse drag of 12 moves: at most one announcement, after it ends.
    const d = 'closest';
    const s0 = await state(page, d);
    await show(page, d);
    await watchLive(page);
    const a = await client(page, d, s0.bx, s0.by);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x - 80, a.y + 60, { steps: 12 });
    let changes = await liveChanges(page);
    assert.equal(changes.length, 0, `nothing announced during the drag: ${JSON.stringify(changes)}`);
    await page.mouse.up();
    changes = await liveChanges(page);
    assert.equal(changes.length, 1, `one announcement per drag: ${JSON.stringify(changes)}`);
    assert.match(changes[0].text, /^B at \(.+\)\. .*P = \(/);
    // Five arrow keys in a row: one announcement when they pause.
    await watchLive(page);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    assert.equal((await liveChanges(page)).length, 0, 'nothing while the keys are pressed');
    await page.waitForFunction(() => window.__liveChanges.length > 0, null, { timeout: 5000 });
    await page.waitForTimeout(300);
    changes = await liveChanges(page);
    assert.equal(changes.length, 1, `one announcement per run of keys: ${JSON.stringify(changes)}`);
    // An animated example (numbers change every frame) announces nothing.
    await show(page, 'falling');
    await watchLive(page);
    await page.waitForTimeout(500);
    assert.equal((await liveChanges(page)).length, 0);
    await page.evaluate(() => window.__liveObserver.disconnect());
  });

  it('contrast, from the page\'s own colours: text 4.5:1, canvas labels 4.5:1, marks and focus ring 3:1', async () => {
    const css = await page.evaluate(async () => {
      const { colors, CSS_COLORS } = await import('/lib/draw.js');
      const cs = getComputedStyle(document.documentElement);
      const props = {};
      for (const p of new Set(Object.values(CSS_COLORS))) props[p] = cs.getPropertyValue(p).trim();
      for (const p of ['--paper', '--panel', '--muted', '--ink']) props[p] = cs.getPropertyValue(p).trim();
      return { props, colors: { ...colors }, CSS_COLORS };
    });
    // The canvases draw with the stylesheet's colours.
    for (const [k, p] of Object.entries(css.CSS_COLORS)) assert.equal(css.colors[k], css.props[p].toLowerCase(), `colors.${k} is ${p}`);
    const bg = css.props['--canvas'];
    // Every colour a label is written in, and every mark drawn in it.
    const inks = ['ink', 'faint', 'shape', 'mover', 'hit', 'ghost', 'point', 'normal', 'vecV', 'vecW'];
    for (const k of inks) {
      const r = contrast(css.colors[k], bg);
      assert.ok(r >= 4.5, `canvas ${k} ${css.colors[k]} on ${bg}: ${r.toFixed(2)}:1`);
    }
    for (const where of [bg, css.props['--paper']]) {
      const r = contrast(css.colors.focus, where);
      assert.ok(r >= 3, `focus ring ${css.colors.focus} on ${where}: ${r.toFixed(2)}:1`);
    }
    // The distance field: its darkest pixel still leaves every mark 3:1 (labels sit on a halo of the canvas colour).
    await show(page, 'capsule-circle');
    await page.click('[data-demo="capsule-circle"] input[name="field"]');
    await frames(page, 3);
    const darkest = await page.evaluate(() => {
      const f = window.__capsule2dPage.demos['capsule-circle'].fieldCanvas;
      const data = f.getContext('2d').getImageData(0, 0, f.width, f.height).data;
      const lin = (c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      let min = 1;
      let px = null;
      for (let i = 0; i < data.length; i += 4) {
        const L = 0.2126 * lin(data[i]) + 0.7152 * lin(data[i + 1]) + 0.0722 * lin(data[i + 2]);
        if (L < min) { min = L; px = [data[i], data[i + 1], data[i + 2]]; }
      }
      return px;
    });
    await shot(page, 'desktop-capsule-circle-field', '[data-demo="capsule-circle"]');
    await page.click('[data-demo="capsule-circle"] input[name="field"]');
    for (const k of inks) {
      const r = contrast(css.colors[k], darkest);
      assert.ok(r >= 3, `${k} ${css.colors[k]} on the field's darkest ${darkest} (L ${luminance(darkest).toFixed(2)}): ${r.toFixed(2)}:1`);
    }
    // Every piece of text on the page against the background behind it.
    const texts = await page.evaluate(() => {
      const out = [];
      const bgOf = (el) => {
        for (let e = el; e; e = e.parentElement) {
          const b = getComputedStyle(e).backgroundColor;
          if (b && b !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(b)) return b;
        }
        return 'rgb(255, 255, 255)';
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent.trim()) continue;
        const el = n.parentElement;
        if (el.closest('[hidden], .visually-hidden, script, style')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const cs = getComputedStyle(el);
        out.push({ text: n.textContent.trim().slice(0, 30), color: cs.color, bg: bgOf(el), size: parseFloat(cs.fontSize), weight: Number(cs.fontWeight) });
      }
      return out;
    });
    assert.ok(texts.length > 100, `${texts.length} pieces of text checked`);
    for (const t of texts) {
      const large = t.size >= 24 || (t.size >= 18.66 && t.weight >= 700);
      const r = contrast(t.color, parseColor(t.bg));
      assert.ok(r >= (large ? 3 : 4.5), `"${t.text}" ${t.color} on ${t.bg}: ${r.toFixed(2)}:1`);
    }
    // The focus ring of a tabbed-to control, against the page.
    await page.focus('.toc li:last-child a');
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => ({ color: getComputedStyle(document.activeElement).outlineColor, style: getComputedStyle(document.activeElement).outlineStyle }));
    assert.notEqual(ring.style, 'none');
    assert.ok(contrast(ring.color, css.props['--paper']) >= 3, `focus ring ${ring.color}`);
  });

  it('what the text claims: the results shown come from capsule2d, the page\'s own working is marked "page"', async () => {
    const lede = await page.textContent('.lede');
    assert.match(lede, /Every result on this page .* comes from\s+capsule2d/s);
    assert.match(lede, /marked\s+page/);
    // Every panel with working of its own says what the mark means.
    const panels = await page.evaluate(() => [...document.querySelectorAll('.readout')].map((r) => ({
      id: r.id, marked: r.querySelectorAll('.row.page').length, legend: !!r.querySelector('.legend'),
    })));
    for (const p of panels) assert.equal(p.legend, p.marked > 0, `${p.id}: a legend exactly when rows are marked`);
    // Section 1: the projection before clamping is drawn where capsule2d's line query puts the foot.
    const d = 'closest';
    await show(page, d);
    const s = await state(page, d);
    const foot = await page.evaluate((q) => {
      const api = window.__capsule2dPage.api;
      const dist = api.lineSignedDistance(q.ax, q.ay, q.bx, q.by, q.x, q.y);
      const c = api.collideLineCircle(q.ax, q.ay, q.bx, q.by, q.x, q.y, Math.abs(dist) + 1);
      return { x: c.coreX, y: c.coreY };
    }, s);
    assert.deepEqual(s.foot, foot);
    // Section 3, the angle form: P is closestPointOnSegment's, not the page's.
    const q = await state(page, 'capsule-axis');
    const p = await page.evaluate((t) => window.__capsule2dPage.api.closestPointOnSegment(t.capsule.ax, t.capsule.ay, t.capsule.bx, t.capsule.by, t.x, t.y), q);
    assert.deepEqual(q.closest, p);
    const shown = await page.textContent('[data-demo="capsule-axis"] [data-key="p"]');
    assert.equal(shown, `(${[p.x, p.y].map((v) => { const t = v.toFixed(2); return /^-0\.?0*$/.test(t) ? t.slice(1) : t.replace('-', '\u2212'); }).join(', ')})`);
  });

  it('the focus ring shows for keyboard focus only: none after a mouse drag', async () => {
    const d = 'segment-circle';
    const s0 = await state(page, d);
    await drag(page, d, { x: s0.ax, y: s0.ay }, { x: s0.ax + 1, y: s0.ay - 1 });
    const m = await page.evaluate(() => {
      const c = document.querySelector('[data-demo="segment-circle"] canvas');
      return { focused: document.activeElement === c, visible: c.matches(':focus-visible'), outline: getComputedStyle(c).outlineStyle };
    });
    assert.equal(m.focused, true, 'the canvas takes focus, so the keys move the same point');
    assert.equal(m.visible, false);
    assert.equal(m.outline, 'none');
    await shot(page, 'desktop-segment-circle-after-drag', `[data-demo="${d}"]`);
  });

  it('drawing: labels stay inside the canvas, clear of each other, the handles and the dots; handles stay in view', async () => {
    for (const d of DEMOS) {
      await show(page, d);
      await frames(page, 2);
    }
    for (const l of await layouts(page)) checkLayout(l, 'desktop');
    // Drag points into the corners and onto each other.
    const corners = [{ x: 20, y: 20 }, { x: -20, y: -20 }, { x: 20, y: -20 }, { x: -20, y: 20 }];
    for (const d of ['closest', 'segment-circle', 'capsule-axis', 'line-distance', 'raycast', 'sweep', 'circles']) {
      await show(page, d);
      const n = await page.evaluate((q) => window.__capsule2dPage.demos[q].stage.handles.length, d);
      for (let i = 0; i < n; i++) {
        const h = await page.evaluate(([q, k]) => {
          const st = window.__capsule2dPage.demos[q].stage;
          const hd = st.handles[k];
          return hd === st.follower || hd.hidden?.() ? null : hd.get();
        }, [d, i]);
        if (!h) continue;
        await drag(page, d, h, corners[i % corners.length]);
        const [l] = (await layouts(page)).filter((x) => x.name === d);
        checkLayout(l, `desktop after dragging handle ${i} to a corner:`);
      }
      await shot(page, `desktop-${d}-corners`, `[data-demo="${d}"]`);
    }
    // Sliders move the capsule's handles too: they stay in view.
    const d = 'capsule-axis';
    await show(page, d);
    for (const [name, value] of [['length', '9'], ['angle', '90'], ['radius', '4'], ['angle', '-135']]) {
      await page.locator(`[data-demo="${d}"] input[name="${name}"]`).fill(value);
      await frames(page, 2);
      const [l] = (await layouts(page)).filter((x) => x.name === d);
      checkLayout(l, `desktop after setting ${name} to ${value}:`);
    }
    await shot(page, 'desktop-capsule-axis-sliders', `[data-demo="${d}"]`);
    assert.deepEqual(browser.problems, []);
  });
});

describe('tutorial page for every visitor (phone 390 × 844)', { skip }, () => {
  let page;
  let browser;
  const served = servePage(PHONE);
  before(() => {
    ({ page, browser } = served);
  });

  it('drawing: labels stay inside the canvas, clear of each other and the handles', async () => {
    for (const d of DEMOS) {
      await show(page, d);
      await frames(page, 2);
    }
    for (const l of await layouts(page)) checkLayout(l, 'phone');
    assert.deepEqual(browser.problems, []);
  });
});
