// Consumer test 3, plain browser: a page with <script type="module"> that
// imports the installed package's files by path (no bundler), served by a
// tiny node:http server and opened in headless Chromium, computes a contact
// with no console error; the SIMD and scalar builds and the inline entry give
// the same bits as Node; a server answering the .wasm URL with an HTML page
// gives an error naming the URL and what came back.
import test from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { consumerProject, writeFiles, runNode, fixture } from './project.js';
import { browserSkip, launchChromium, openPage, serveStatic, htmlInstead, notFound } from './browser.js';

const { project } = await consumerProject();
writeFiles(join(project, 'plain'), { 'index.html': fixture('page.html'), 'battery.js': fixture('battery.js') });
writeFiles(join(project, 'bits'), { 'battery.js': fixture('battery.js'), 'bits.mjs': fixture('bits.mjs') });

const CONTACT = { nx: 0, ny: 1, depth: 0.5, pointX: 4, pointY: 1, coreX: 4, coreY: 0 };

test('plain browser: <script type="module"> importing the installed files', { skip: browserSkip }, async (t) => {
  const browser = await launchChromium();
  t.after(() => browser.close());
  const server = await serveStatic(project);
  t.after(() => server.close());
  const node = (await runNode(join(project, 'bits'), ['bits.mjs', 'main', '1'], { env: { ...process.env, NODE_TEST_CONTEXT: '' } })).json;

  await t.test('computes a contact with no console error (SIMD build by default)', async () => {
    const page = await openPage(browser, `${server.url}plain/`);
    assert.equal(page.error, undefined);
    assert.deepEqual(page.problems, []);
    assert.deepEqual(page.result.contact, CONTACT);
    assert.equal(page.result.simdSupported, true, "Debian's Chromium supports WebAssembly SIMD");
    assert.equal(page.result.simd, true);
    const wasm = page.requests.filter((r) => r.url.endsWith('.wasm'));
    assert.deepEqual(wasm.map((r) => new URL(r.url).pathname), ['/node_modules/capsule2d/dist/capsule2d.simd.wasm']);
  });

  for (const [label, query] of [
    ['SIMD', 'simd=1'],
    ['scalar', 'simd=0'],
    ['inline SIMD', 'entry=inline&simd=1'],
    ['inline scalar', 'entry=inline&simd=0'],
  ]) {
    await t.test(`${label}: the same bits as Node`, async () => {
      const page = await openPage(browser, `${server.url}plain/?battery&${query}`);
      assert.equal(page.error, undefined);
      assert.deepEqual(page.problems, []);
      assert.equal(page.result.simd, query.includes('simd=1'));
      assert.deepEqual(page.result.battery.functions, node.functions);
      for (let i = 0; i < node.rows.length; i++) assert.equal(page.result.battery.rows[i], node.rows[i], `call ${i}`);
      if (query.startsWith('entry=inline')) {
        assert.ok(!page.requests.some((r) => r.url.endsWith('.wasm')), 'the inline entry fetches no .wasm');
      }
    });
  }

  await t.test('an HTML page or a 404 for the .wasm: the error names the URL and what came back', async () => {
    const wasmPath = '/node_modules/capsule2d/dist/capsule2d.simd.wasm';
    const html = await serveStatic(project, { [wasmPath]: (req, res) => htmlInstead(res) });
    const missing = await serveStatic(project, { [wasmPath]: (req, res) => notFound(res) });
    try {
      const a = await openPage(browser, `${html.url}plain/`);
      assert.equal(a.result, undefined);
      assert.match(a.error, new RegExp(`^Error: capsule2d: expected a WebAssembly module from ${html.url}${wasmPath.slice(1)}, got \\d+ bytes starting "<!doctype html>`));
      assert.match(a.error, /content-type text\/html/);
      const b = await openPage(browser, `${missing.url}plain/`);
      assert.match(b.error, new RegExp(`^Error: capsule2d: fetching ${missing.url}${wasmPath.slice(1)} failed: HTTP 404`));
    } finally {
      await html.close();
      await missing.close();
    }
  });
});
