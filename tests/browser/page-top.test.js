// The top of the page sells the library before it teaches (issue 27): on the
// first screen of a phone (390 × 844) and of a desktop (1280 × 800) a visitor
// sees the name, one line of what and why with the three numbers (the gzipped
// size, measured here from dist/; the plinko ratio to Box2D v3 that README
// states; no tunnelling), the install line with a working Copy button, links
// to the README and the API reference that answer, and a Play button that
// jumps to the playground. The live scene follows, then the tutorial,
// introduced as such, with the true count of its examples.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { skipReason, startDev, openPage, shot, PHONE, ROOT } from './harness.js';
import { frames } from './helpers.js';

const skip = skipReason();

/** Bytes of the SIMD module gzipped at level 9 (what `gzip -9c dist/capsule2d.simd.wasm | wc -c` prints). */
const gzipped = () => gzipSync(readFileSync(join(ROOT, 'dist/capsule2d.simd.wasm')), { level: 9 }).length;

/** The box (client px) of the first element matching a selector, or null. */
const box = (page, sel) => page.evaluate((s) => {
  const el = document.querySelector(s);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, text: el.textContent.trim() };
}, sel);

for (const [name, options, height] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }, 800],
  ['phone', PHONE, 844],
]) {
  describe(`the top of the page on a ${name}: the product first`, { skip }, () => {
    let server;
    let browser;
    let page;
    before(async () => {
      server = await startDev();
      browser = await openPage(server.url, options);
      page = browser.page;
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
    });
    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('name, what and why with its three numbers, install line, links and Play are all on the first screen', async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      const h1 = await box(page, 'h1');
      assert.equal(h1.text, 'capsule2d', 'the H1 is the name');
      const parts = { h1: 'h1', pitch: '.pitch', install: '.install-line', copy: 'button.copy', play: 'a.play', readme: 'a[href$="README.md"]', api: 'a[href$=".d.ts"]' };
      for (const [k, sel] of Object.entries(parts)) {
        const b = await box(page, sel);
        assert.ok(b, `${k}: ${sel} exists`);
        assert.ok(b.top >= 0 && b.bottom <= height && b.height > 0, `${k} on the first ${height} px: ${JSON.stringify(b)}`);
      }
      const pitch = (await box(page, '.pitch')).text.replace(/\s+/g, ' ');
      // The size: what the built module really is, gzipped, within 1.5 KB (KB or kB).
      const kb = Number(/About (\d+) KB gzipped/.exec(pitch)?.[1]);
      const bytes = gzipped();
      assert.ok(Math.abs(kb - bytes / 1000) <= 1.5 || Math.abs(kb - bytes / 1024) <= 1.5, `"${kb} KB" vs ${bytes} bytes gzipped`);
      // The ratio to Box2D v3: the figures README states, no others.
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
      assert.match(pitch, /2× faster than Box2D v3 on a settled pile of 10,000 balls \(4× while they fall\)/);
      assert.match(readme, /1\.3–2\.6× faster than Box2D v3 \(box2d3-wasm\) on a settled pile and 3–6× while the balls fall \(1,000 and 10,000 balls/);
      assert.match(pitch, /no tunnelling at any speed/);
      assert.equal((await box(page, '.install-line code')).text, 'npm install capsule2d');
      assert.equal(await page.locator('a.play').getAttribute('href'), '#playground');
      // No link anywhere to a registry's page for the package.
      const hrefs = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => a.href));
      assert.deepEqual(hrefs.filter((h) => /npmjs|unpkg|jsdelivr/.test(h)), []);
      await shot(page, `top-${name}`);
    });

    it('the live scene follows the product block, and the tutorial is introduced with the true count of its examples', async () => {
      const order = await page.evaluate(() => {
        const y = (s) => document.querySelector(s).getBoundingClientRect().top + scrollY;
        return { product: y('.product'), hero: y('[data-demo="hero"]'), tutorial: y('#tutorial'), first: y('main > section') };
      });
      assert.ok(order.product < order.hero && order.hero < order.tutorial && order.tutorial < order.first, JSON.stringify(order));
      const claimed = Number(/(\d+) live examples/.exec(await page.textContent('.lede'))?.[1]);
      const examples = await page.evaluate(() => document.querySelectorAll('main [data-demo]:not([data-demo="playground"]):not([data-demo="race"]):not([data-demo="race-fast"])').length);
      assert.equal(claimed, examples, `the tutorial claims ${claimed} examples; it has ${examples} (plus the live scene, the playground and the two races)`);
      assert.equal(examples, 12);
    });

    it('Copy puts the install command on the clipboard and says so', async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.click('button.copy');
      await page.waitForFunction(() => document.querySelector('button.copy').textContent === 'Copied');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'npm install capsule2d');
      assert.match(await page.textContent('#announcer'), /Copied: npm install capsule2d/);
    });

    it('the README and API reference links answer with those files', async () => {
      const answers = await page.evaluate(() => Promise.all(['.product a[href$="README.md"]', '.product a[href$=".d.ts"]'].map(async (s) => {
        const res = await fetch(document.querySelector(s).href);
        const text = await res.text();
        return { s, status: res.status, type: res.headers.get('content-type'), readme: text.startsWith('# capsule2d'), exports: /^export /m.test(text) };
      })));
      for (const a of answers) {
        assert.equal(a.status, 200, a.s);
        assert.match(a.type, /^text\/plain/, a.s);
        assert.ok(a.readme || a.exports, JSON.stringify(a));
      }
    });

    it('Play jumps to the playground', async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.click('a.play');
      await page.waitForFunction(() => location.hash === '#playground');
      await page.waitForTimeout(300);
      await frames(page);
      const top = await page.evaluate(() => document.getElementById('playground').getBoundingClientRect().top);
      assert.ok(Math.abs(top) < 40, `the playground section is at the top of the screen: ${top}`);
      assert.deepEqual(browser.problems, []);
    });
  });
}
