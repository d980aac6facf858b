// Load errors, through the installed package (imported in this process from
// the consumer project, so the exports map is used): a 404, an HTML page
// answered for the .wasm URL (what dev servers with an SPA fallback do), an
// empty body, no server, a missing file, bytes that are not WebAssembly or
// not capsule2d, bad options. Each error names the URL (or the source) and
// what came back; a failed init() can be retried.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { consumerProject, importFrom } from './project.js';
import { serveStatic, notFound, htmlInstead } from './browser.js';

const { project } = await consumerProject();
const api = await importFrom(project, 'reexport-errors.mjs', "export * from 'capsule2d';\n");
const wasmFile = join(project, 'node_modules', 'capsule2d', 'dist', 'capsule2d.wasm');

const server = await serveStatic(join(project, 'node_modules', 'capsule2d', 'dist'), {
  '/missing.wasm': (req, res) => notFound(res),
  '/app/capsule2d.simd.wasm': (req, res) => htmlInstead(res),
  '/node_modules/.vite/deps/capsule2d.simd.wasm': (req, res) => htmlInstead(res),
  '/empty.wasm': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/wasm' });
    res.end();
  },
});
test.after(() => server.close());

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('before init(): a query throws a clear Error', () => {
  assert.throws(() => api.collideCapsuleCircle(0, 0, 1, 0, 1, 0, 0, 1), {
    name: 'Error',
    message: /call `await init\(\)`/,
  });
});

test('404: names the URL and the status', async () => {
  const url = `${server.url}missing.wasm`;
  await assert.rejects(api.init({ wasm: url }), {
    name: 'Error',
    message: new RegExp(`^capsule2d: fetching ${escape(url)} failed: HTTP 404 Not Found \\(content-type text/plain\\)`),
  });
});

test('an HTML page answered for the .wasm URL: names the URL and what came back', async () => {
  const url = `${server.url}app/capsule2d.simd.wasm`;
  await assert.rejects(api.init({ wasm: url }), (e) => {
    assert.equal(e.name, 'Error');
    assert.ok(e.message.startsWith(`capsule2d: expected a WebAssembly module from ${url}, got `), e.message);
    assert.match(e.message, /\d+ bytes starting "<!doctype html><html><he"/);
    assert.match(e.message, /content-type text\/html/);
    assert.doesNotMatch(e.message, /CompileError/);
    return true;
  });
});

test("HTML from Vite's pre-bundled deps folder: the message says what to configure", async () => {
  const url = `${server.url}node_modules/.vite/deps/capsule2d.simd.wasm`;
  await assert.rejects(api.init({ wasm: new URL(url) }), {
    message: /optimizeDeps: \{ exclude: \['capsule2d'\] \}/,
  });
});

test('an empty body, no server, a missing file', async () => {
  await assert.rejects(api.init({ wasm: `${server.url}empty.wasm` }), {
    message: new RegExp(`from ${escape(server.url)}empty\\.wasm, got an empty body \\(0 bytes\\)`),
  });
  const closed = await serveStatic(project);
  await closed.close();
  await assert.rejects(api.init({ wasm: `${closed.url}capsule2d.wasm` }), {
    message: new RegExp(`^capsule2d: could not fetch ${escape(closed.url)}capsule2d\\.wasm: `),
  });
  await assert.rejects(api.init({ wasm: '/nowhere/capsule2d.wasm' }), {
    message: /^capsule2d: could not read file:\/\/\/nowhere\/capsule2d\.wasm: ENOENT/,
  });
});

test('bytes that are not WebAssembly, truncated, or not a capsule2d build', async () => {
  await assert.rejects(api.init({ wasm: new TextEncoder().encode('hello, world') }), {
    message: /^capsule2d: expected a WebAssembly module from the bytes passed to init\(\), got 12 bytes starting "hello, world"/,
  });
  const truncated = readFileSync(wasmFile).subarray(0, 100);
  await assert.rejects(api.init({ wasm: truncated }), {
    message: /^capsule2d: the bytes passed to init\(\) could not be compiled \(100 bytes starting "\.asm/,
  });
  const empty = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]); // a valid, empty module
  await assert.rejects(api.init({ wasm: empty }), { message: /not a capsule2d build \(missing exports\)/ });
  await assert.rejects(api.init({ wasm: new Response('', { status: 200 }) }), {
    message: /the Response passed to init\(\), got an empty body/,
  });
  // Bytes are not a URL: no advice about serving files.
  await assert.rejects(api.init({ wasm: new Uint8Array(9) }), (e) => !/served/.test(e.message));
  // A Response-like object from a fetch polyfill is read the same way.
  const polyfilled = { ok: true, status: 200, url: '', headers: { get: () => null }, arrayBuffer: async () => new ArrayBuffer(3) };
  await assert.rejects(api.init({ wasm: polyfilled }), {
    message: /from the Response passed to init\(\), got 3 bytes/,
  });
  // A data: URL holding something else: the message shows its start, not all of it.
  const dataUrl = 'data:application/wasm;base64,' + Buffer.alloc(3000, 'x').toString('base64');
  await assert.rejects(api.init({ wasm: dataUrl }), (e) => {
    assert.match(e.message, /from data:application\/wasm;base64,eHh4[A-Za-z0-9+/]*…\(4029 characters\), got 3000 bytes starting "xxxx/);
    assert.ok(e.message.length < 400, e.message);
    return true;
  });
});

test('bad options reject with TypeError/RangeError before loading anything', async () => {
  await assert.rejects(api.init('capsule2d.wasm'), { name: 'TypeError', message: /options must be an object, got the string "capsule2d.wasm"/ });
  await assert.rejects(api.init(null), { name: 'TypeError', message: /options must be an object, got null/ });
  await assert.rejects(api.init({ simd: 1 }), { name: 'TypeError', message: /options\.simd must be a boolean, got number 1/ });
  await assert.rejects(api.init({ wasmUrl: 'x.wasm' }), { name: 'TypeError', message: /unknown option "wasmUrl"/ });
  await assert.rejects(api.init({ wasm: 42 }), { name: 'TypeError', message: /options\.wasm must be a URL.*got number 42/ });
  await assert.rejects(api.init({ wasm: {} }), { name: 'TypeError', message: /got an object/ });
  await assert.rejects(api.init({ wasm: 'http://[' }), { name: 'TypeError', message: /is not a valid URL/ });
  // init() itself never throws synchronously: a promise is always returned.
  const p = api.init(7);
  assert.ok(p instanceof Promise);
  await assert.rejects(p, TypeError);
});

test('after failed loads, init() succeeds (retry), and later calls share the first load', async () => {
  assert.throws(() => api.collideCapsuleCircle(0, 0, 1, 0, 1, 0, 0, 1), /call `await init\(\)`/);
  const first = api.init({ wasm: `${server.url}capsule2d.wasm`, simd: false });
  assert.equal(api.init(), first, 'a second call returns the same promise');
  await first;
  assert.equal(api.usingSimd(), false);
  assert.equal(api.collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1).depth, 0.5);
  await assert.rejects(api.init({ simd: 'yes' }), TypeError, 'options are still checked');
});
