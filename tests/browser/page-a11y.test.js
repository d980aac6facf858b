// Keyboard, touch and reading on the desktop (1280 × 800) and a phone
// (390 × 844, touch), issue 27:
// - every scrollable region takes keyboard focus (axe's
//   scrollable-region-focusable, checked here with every <details> open;
//   axe-core itself is not among the project's packages, so the rule is
//   applied directly: an element whose content overflows a box that scrolls
//   must be focusable or hold something focusable);
// - the "Show code" listings span the example's full width on a desktop,
//   and none is cut off there (they sat in the side column, about 400 px);
// - on a phone every control is a touch target of at least 44 × 44 px
//   (buttons, links outside running text, the labels of radios and
//   checkboxes, sliders, summaries);
// - on a phone, no keyboard hint and no "follows the pointer" caption is
//   shown, and the touch wording is; on a desktop, the other way round;
// - on a phone, no word of a numbers panel, API line or caption is broken
//   across two lines ("capsuleFro / mAxis").
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { skipReason, startDev, openPage, PHONE } from './harness.js';
import { show } from './helpers.js';

const skip = skipReason();

/** Opens every <details> and lets the layout settle. */
async function openAll(page) {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  await page.waitForTimeout(100);
}

/** Scrollable regions that cannot take focus: [{ what, sw, cw }], and how many scroll at all. */
function scrollRegions(page) {
  return page.evaluate(() => {
    const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), canvas[tabindex]';
    const bad = [];
    let scrolling = 0;
    for (const el of document.body.querySelectorAll('*')) {
      const cs = getComputedStyle(el);
      const sx = /(auto|scroll)/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 1;
      const sy = /(auto|scroll)/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if (!sx && !sy) continue;
      if (el.getClientRects().length === 0) continue;
      scrolling++;
      if (el.matches(focusable) || el.querySelector(focusable)) continue;
      bad.push({ what: `${el.tagName}.${el.className} in ${el.closest('[data-demo]')?.dataset.demo ?? el.closest('section, header, footer')?.id ?? ''}`, sw: el.scrollWidth, cw: el.clientWidth });
    }
    return { bad, scrolling };
  });
}

/** Words (identifiers of 4+ letters) of the visible text under `selector` split across two lines. */
function brokenWords(page, selector) {
  return page.evaluate((sel) => {
    const out = [];
    for (const root of document.querySelectorAll(sel)) {
      if (root.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        if (!t.parentElement.checkVisibility()) continue;
        for (const m of t.data.matchAll(/[A-Za-z][A-Za-z0-9_]{3,}/g)) {
          const r = document.createRange();
          r.setStart(t, m.index);
          r.setEnd(t, m.index + m[0].length);
          const tops = new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
          if (tops.size > 1) out.push(`${m[0]} in ${root.closest('[data-demo]')?.dataset.demo ?? sel}`);
        }
      }
    }
    return out;
  }, selector);
}

/** Registers before/after hooks that open the page (all <details> open); returns { page, problems }. */
function opened(options) {
  const o = {};
  let server;
  before(async () => {
    server = await startDev();
    o.browser = await openPage(server.url, options);
    o.page = o.browser.page;
    await openAll(o.page);
  });
  after(async () => {
    await o.browser?.close();
    await server?.close();
  });
  return o;
}

describe('keyboard and reading on a desktop (1280 × 800)', { skip }, () => {
  const o = opened({ viewport: { width: 1280, height: 800 } });

  it('every scrollable region takes keyboard focus (scrollable-region-focusable)', async () => {
    const regions = await scrollRegions(o.page);
    assert.deepEqual(regions.bad, [], 'scrollable regions that cannot take focus');
  });

  it('the "Show code" listings span the example\'s full width, and none is cut off', async () => {
    const listings = await o.page.evaluate(() => [...document.querySelectorAll('[data-demo] details.code')].map((d) => {
      const demo = d.closest('[data-demo]');
      const pre = d.querySelector('pre');
      return { demo: demo.dataset.demo, width: d.getBoundingClientRect().width, demoWidth: demo.getBoundingClientRect().width, sw: pre.scrollWidth, cw: pre.clientWidth };
    }));
    assert.equal(listings.length, 16); // 12 examples, the hero, the playground and the two races
    for (const l of listings) {
      assert.ok(l.width >= l.demoWidth - 1, `${l.demo}: the listing spans the example (${l.width} of ${l.demoWidth} px)`);
      assert.ok(l.sw <= l.cw + 1, `${l.demo}: the listing is not cut off (${l.sw} px of text in ${l.cw})`);
    }
  });

  it('the pointer wording and the keyboard hints show on a desktop', async () => {
    const text = await o.page.evaluate(() => document.body.innerText);
    assert.match(text, /X follows the pointer/);
    assert.doesNotMatch(text, /Tap where X should go/);
    assert.ok(await o.page.locator('.howto kbd').first().isVisible(), 'keyboard hints on a desktop');
    assert.deepEqual(o.browser.problems, []);
  });
});

describe('touch and reading on a phone (390 × 844, touch)', { skip }, () => {
  const o = opened(PHONE);

  it('every scrollable region takes keyboard focus (scrollable-region-focusable)', async () => {
    const regions = await scrollRegions(o.page);
    assert.ok(regions.scrolling >= 10, `listings scroll sideways on a phone: ${regions.scrolling}`);
    assert.deepEqual(regions.bad, [], 'scrollable regions that cannot take focus');
  });

  it('every control is a touch target of at least 44 × 44 px', async () => {
    const small = await o.page.evaluate(() => {
      const out = [];
      const targets = new Set();
      for (const el of document.querySelectorAll('button, summary, input, select, a[href]')) {
        if (el.matches('input[type="radio"], input[type="checkbox"]')) targets.add(el.closest('label') ?? el);
        else if (el.matches('a') && el.closest('p, li') && !el.closest('.toc, .links, .actions')) continue; // a link in running text
        else targets.add(el);
      }
      let n = 0;
      for (const t of targets) {
        const r = t.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        n++;
        if (r.width < 44 - 0.5 || r.height < 44 - 0.5) out.push(`${t.tagName} "${t.textContent.trim().slice(0, 30)}" ${r.width.toFixed(1)} × ${r.height.toFixed(1)}`);
      }
      return { out, n };
    });
    assert.ok(small.n >= 60, `${small.n} controls measured`);
    assert.deepEqual(small.out, [], 'controls under 44 × 44 px');
  });

  it('no keyboard hints and no "follows the pointer"; the touch wording instead', async () => {
    // Show the pinball hint as the playground does for that scene.
    await o.page.evaluate(() => { const k = document.getElementById('pinball-keys'); if (k) k.hidden = false; });
    const text = await o.page.evaluate(() => document.body.innerText);
    assert.doesNotMatch(text, /follows the pointer/, 'no hover wording on a touch screen');
    assert.match(text, /Tap where X should go/);
    const kbd = await o.page.evaluate(() => [...document.querySelectorAll('kbd')].filter((k) => k.checkVisibility()).map((k) => k.textContent));
    assert.deepEqual(kbd, [], 'no keyboard keys shown on a phone');
    assert.match(text, /press and hold the left or right half of the table/);
    await o.page.evaluate(() => { const k = document.getElementById('pinball-keys'); if (k) k.hidden = true; });
  });

  it('no word of a numbers panel, an API line or a caption is broken across two lines', async () => {
    // Every numbers panel filled (each is drawn when its canvas comes into view).
    for (const d of await o.page.evaluate(() => Object.keys(window.__capsule2dPage.demos))) await show(o.page, d);
    const broken = await brokenWords(o.page, '.readout, .api, figcaption');
    assert.deepEqual(broken, [], 'words broken across two lines');
    assert.deepEqual(o.browser.problems, []);
  });
});
