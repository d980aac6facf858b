// Consumer test 1, Node ESM: scripts in a fresh project that installed the
// packed tarball import 'capsule2d' by name and check results derived by
// hand; every way of handing init() the module; the inline entry in a project
// with no .wasm files; and what a require() user gets.
import test from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { consumerProject, writeFiles, runNode, run } from './project.js';

const { project, root } = await consumerProject();
const dir = join(project, 'node-esm');

// -0 survives the trip through JSON as "-0", so a -0 normal is caught.
const SHOW = `const show = (x) => (Object.is(x, -0) ? '-0' : x);`;

writeFiles(dir, {
  'check.mjs': `
import * as api from 'capsule2d';
import { init, collideCapsuleCircle, closestPointOnSegment, createContact, usingSimd, simdSupported } from 'capsule2d';
${SHOW}
const fields = (c) => c && Object.fromEntries(Object.entries(c).map(([k, v]) => [k, show(v)]));
await init();
const out = {
  simd: usingSimd(),
  simdSupported: simdSupported(),
  exports: Object.keys(api).sort(),
  contact: fields(collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1)),
  touching: fields(collideCapsuleCircle(0, 0, 10, 0, 1, 4, -2, 1)),
  miss: collideCapsuleCircle(0, 0, 10, 0, 1, 4, 3.5, 1),
  endCap: fields(collideCapsuleCircle(0, 0, 10, 0, 1, -1.5, 0, 1)),
  closest: fields(closestPointOnSegment(0, 0, 10, 0, 3, 5)),
};
const reused = createContact();
out.reusedIsSame = collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1, reused) === reused;

// A batch call over the heap, once the batch API is in the package
// (CircleSet, CapsuleSet, ContactBuffer, findCapsuleCircleContacts).
if (typeof api.CircleSet === 'function') {
  const capsules = new api.CapsuleSet(4);
  capsules.add(0, 0, 10, 0, 1);
  const circles = new api.CircleSet(4);
  circles.add(4, 1.5, 1); // hits the side
  circles.add(20, 20, 1); // misses
  circles.add(-1.5, 0, 1); // hits the end cap at A
  const buffer = new api.ContactBuffer(8);
  const count = api.findCapsuleCircleContacts(capsules, circles, buffer);
  const rows = [];
  for (let i = 0; i < Math.min(count, buffer.capacity); i++) {
    rows.push([buffer.a[i], buffer.b[i], buffer.nx[i], buffer.ny[i], buffer.depth[i], buffer.pointX[i], buffer.pointY[i]].map(show));
  }
  const small = new api.ContactBuffer(1);
  const smallCount = api.findCapsuleCircleContacts(capsules, circles, small);
  out.batch = { count, rows, overflow: { count: smallCount, written: small.written, overflow: small.overflow } };
}
console.log(JSON.stringify(out));
`,
  'load.mjs': `
// node load.mjs <how>: init() with the module from somewhere, then one query.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { init, usingSimd, collideCapsuleCircle } from 'capsule2d';
const file = (name) => 'node_modules/capsule2d/dist/' + name;
const bytes = (name) => readFileSync(file(name)); // a Buffer: a view into a shared pool
const how = process.argv[2];
const sources = {
  default: () => undefined,
  scalar: () => undefined,
  buffer: () => bytes('capsule2d.wasm'),
  arraybuffer: () => { const b = bytes('capsule2d.simd.wasm'); return b.buffer.slice(b.byteOffset, b.byteOffset + b.length); },
  module: () => new WebAssembly.Module(bytes('capsule2d.wasm')),
  response: () => new Response(bytes('capsule2d.simd.wasm')),
  responseLike: () => ({ ok: true, status: 200, url: '', headers: { get: () => 'application/wasm' }, arrayBuffer: async () => bytes('capsule2d.wasm') }),
  promise: () => Promise.resolve(bytes('capsule2d.wasm')),
  path: () => file('capsule2d.wasm'),
  fileUrl: () => pathToFileURL(file('capsule2d.simd.wasm')),
  fileUrlString: () => pathToFileURL(file('capsule2d.wasm')).href,
  dataUrl: () => 'data:application/wasm;base64,' + bytes('capsule2d.wasm').toString('base64'),
};
await init(how === 'scalar' ? { simd: false } : { wasm: sources[how]() });
const c = collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1);
console.log(JSON.stringify({ simd: usingSimd(), depth: c.depth, ny: c.ny }));
`,
  'inline.mjs': `
import { init, usingSimd, collideCapsuleCircle } from 'capsule2d/inline';
await init(process.argv[2] === 'scalar' ? { simd: false } : undefined);
const c = collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1);
console.log(JSON.stringify({ simd: usingSimd(), depth: c.depth, ny: c.ny }));
`,
  'nosimd.mjs': `
// An engine without WebAssembly SIMD, simulated: validate() says no to the
// loader's SIMD probe (a module with a v128 instruction).
const validate = WebAssembly.validate;
WebAssembly.validate = (bytes) => !new Uint8Array(bytes).includes(0x7b) && validate(bytes);
const api = await import('capsule2d');
const out = { simdSupported: api.simdSupported() };
out.forced = await api.init({ simd: true }).then(() => 'loaded', (e) => e.name + ': ' + e.message);
await api.init();
out.simd = api.usingSimd();
out.depth = api.collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1).depth;
console.log(JSON.stringify(out));
`,
  'nowasm.mjs': `
// An engine with WebAssembly turned off (as some locked-down browsers allow).
delete globalThis.WebAssembly;
const api = await import('capsule2d');
const out = { simdSupported: api.simdSupported() };
out.error = await api.init().then(() => 'loaded', (e) => e.name + ': ' + e.message);
console.log(JSON.stringify(out));
`,
  'require.cjs': `
try {
  const api = require('capsule2d');
  api.init().then(() => {
    console.log(JSON.stringify({ loaded: true, depth: api.collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1).depth }));
  });
} catch (e) {
  console.log(JSON.stringify({ loaded: false, code: e.code, message: e.message }));
}
`,
});

const node = (args, cwd = dir) => runNode(cwd, args, { env: { ...process.env, NODE_TEST_CONTEXT: '' } });

test('Node ESM: a scalar query through the installed package gives the hand-derived results', async () => {
  const { json } = await node(['check.mjs']);
  assert.equal(json.simd, json.simdSupported, 'init() picks SIMD exactly when the engine validates it');
  assert.equal(json.simdSupported, true, 'Node 20 (V8) supports WebAssembly SIMD');
  for (const name of ['init', 'collideCapsuleCircle', 'closestPointOnSegment', 'createContact', 'usingSimd', 'simdSupported']) {
    assert.ok(json.exports.includes(name), `'capsule2d' exports ${name}`);
  }
  // Capsule core (0,0)-(10,0), radius 1; circle (4, 1.5), radius 1: the core's
  // closest point is (4, 0), distance 1.5, radii sum 2.
  assert.deepEqual(json.contact, { nx: 0, ny: 1, depth: 0.5, pointX: 4, pointY: 1, coreX: 4, coreY: 0 });
  // Circle (4, -2): distance 2 = radii sum, touching counts, depth 0, normal down.
  assert.deepEqual(json.touching, { nx: 0, ny: -1, depth: 0, pointX: 4, pointY: -1, coreX: 4, coreY: 0 });
  assert.equal(json.miss, null, 'distance 3.5 > 2 is a miss');
  // Circle (-1.5, 0): beyond A, closest core point A, normal (-1, 0) with +0 for y.
  assert.deepEqual(json.endCap, { nx: -1, ny: 0, depth: 0.5, pointX: -1, pointY: 0, coreX: 0, coreY: 0 });
  assert.deepEqual(json.closest, { x: 3, y: 0, t: Math.fround(0.3) });
  assert.equal(json.reusedIsSame, true, 'a result object passed in is filled and returned');
});

test('Node ESM: a batch call over the heap (when the batch API is in the package)', async (t) => {
  const { json } = await node(['check.mjs']);
  if (!json.exports.includes('CircleSet')) {
    t.skip('the batch API (CircleSet, ...) is not in this build of the package yet');
    return;
  }
  // Ordered by circle index: circle 0 hits the side, circle 2 the cap at A.
  assert.equal(json.batch.count, 2);
  assert.deepEqual(json.batch.rows, [
    [0, 0, 0, 1, 0.5, 4, 1],
    [0, 2, -1, 0, 0.5, -1, 0],
  ]);
  assert.deepEqual(json.batch.overflow, { count: 2, written: 1, overflow: true });
});

test('Node ESM: init() takes the module from every documented source', async () => {
  const expected = {
    default: true, // SIMD where supported (it is in Node 20)
    scalar: false, // { simd: false }
    buffer: false, // a Buffer of capsule2d.wasm
    arraybuffer: true,
    module: false, // a compiled WebAssembly.Module
    response: true, // a Response
    responseLike: false, // a Response from a fetch polyfill (duck-typed)
    promise: false, // a promise of bytes
    path: false, // a file path relative to the working directory
    fileUrl: true, // a file: URL object
    fileUrlString: false,
    dataUrl: false, // fetched
  };
  for (const [how, simd] of Object.entries(expected)) {
    const { json } = await node(['node-esm/load.mjs', how], project);
    assert.deepEqual(json, { simd, depth: 0.5, ny: 1 }, `init from ${how}`);
  }
});

test('an engine without SIMD gets the scalar build; simd: true there is a RangeError', async () => {
  const { json } = await node(['nosimd.mjs']);
  assert.equal(json.simdSupported, false);
  assert.match(json.forced, /^RangeError: .*options\.simd is true but this engine does not support WebAssembly SIMD/);
  assert.equal(json.simd, false);
  assert.equal(json.depth, 0.5);
});

test('an engine without WebAssembly: init() rejects saying so', async () => {
  const { json } = await node(['nowasm.mjs']);
  assert.deepEqual(json, {
    simdSupported: false,
    error: 'Error: capsule2d: this engine has no WebAssembly (or it is turned off); capsule2d needs it',
  });
});

test("Node ESM: 'capsule2d/inline' needs no .wasm file", async () => {
  // A project holding the installed package without its .wasm files.
  const bare = join(root, 'no-wasm');
  mkdirSync(join(bare, 'node_modules'), { recursive: true });
  writeFileSync(join(bare, 'package.json'), '{ "type": "module", "private": true }');
  cpSync(join(project, 'node_modules', 'capsule2d'), join(bare, 'node_modules', 'capsule2d'), {
    recursive: true,
    filter: (src) => !src.endsWith('.wasm'),
  });
  cpSync(join(dir, 'inline.mjs'), join(bare, 'inline.mjs'));
  cpSync(join(dir, 'load.mjs'), join(bare, 'load.mjs'));
  assert.deepEqual((await node(['inline.mjs'], bare)).json, { simd: true, depth: 0.5, ny: 1 });
  assert.deepEqual((await node(['inline.mjs', 'scalar'], bare)).json, { simd: false, depth: 0.5, ny: 1 });
  // ... while the default entry says which file it could not read.
  await assert.rejects(node(['load.mjs', 'default'], bare), (e) => {
    assert.match(e.stderr, /capsule2d: could not read file:\/\/\/.*\/node_modules\/capsule2d\/dist\/capsule2d\.simd\.wasm: ENOENT/);
    return true;
  });
});

test('require(): ESM only; a clear error where Node cannot require ES modules', async () => {
  // Node 20.19+ and 22.12+ can require() an ES module without top-level await:
  // then require('capsule2d') returns the same API.
  if (process.features.require_module) {
    const { json } = await node(['require.cjs']);
    assert.deepEqual(json, { loaded: true, depth: 0.5 });
  }
  // Older Node (20.0-20.18), simulated with the switch that turns it off:
  // ERR_REQUIRE_ESM, naming the file and saying to use import().
  const { json } = await node(['--no-experimental-require-module', 'require.cjs']);
  assert.equal(json.loaded, false);
  assert.equal(json.code, 'ERR_REQUIRE_ESM');
  assert.match(json.message, /capsule2d[/\\]dist[/\\]node\.js/);
  assert.match(json.message, /import\(\)/);
});

test('the Node entry is chosen by the "node" condition; import() from CommonJS works', async () => {
  writeFiles(dir, {
    'dynamic.cjs': `
import('capsule2d').then(async (api) => {
  await api.init();
  console.log(JSON.stringify({ depth: api.collideCapsuleCircle(0, 0, 10, 0, 1, 4, 1.5, 1).depth }));
});
`,
    'resolve.mjs': `console.log(JSON.stringify({ main: import.meta.resolve('capsule2d'), inline: import.meta.resolve('capsule2d/inline'), wasm: import.meta.resolve('capsule2d/capsule2d.wasm') }));`,
  });
  assert.deepEqual((await node(['dynamic.cjs'])).json, { depth: 0.5 });
  const { json } = await node(['resolve.mjs']);
  assert.match(json.main, /node_modules\/capsule2d\/dist\/node\.js$/);
  assert.match(json.inline, /node_modules\/capsule2d\/dist\/inline\.js$/);
  assert.match(json.wasm, /node_modules\/capsule2d\/dist\/capsule2d\.wasm$/);
  await assert.rejects(run(process.execPath, ['--input-type=module', '-e', "import 'capsule2d/dist/query.js'"], { cwd: dir }), /ERR_PACKAGE_PATH_NOT_EXPORTED/);
});
