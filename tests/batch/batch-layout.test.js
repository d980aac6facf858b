// The JS ↔ C memory layout of the batch API. batch.js reads the sets,
// buffers and result blocks in wasm memory at word offsets it knows, and
// checks them against the table of capw_batch_layout() (offsetof and
// _Generic in src/wasm/exports_layout.c, with _Static_asserts there) before
// its first use. Here: (1) every word of the C table is one JS checks —
// changing any one makes the first batch call throw an Error naming it — and
// (2) the table, read on its own, says where the views, the error block and
// the cast block really are.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as api from 'capsule2d';
import * as rt from '../../dist/runtime.js';

await api.init();

const table = () => {
  const p = rt.wasm.capw_batch_layout() >>> 2, n = rt.wasm.capw_batch_layout_count();
  return { p, n };
};
const MISMATCH = /^capsule2d: batch\.js and the wasm module disagree on the memory layout: (.+) is (\S+) in C, (\S+) in JS \(word (\d+) of the layout table\); the \.js and \.wasm files come from different builds/;

// Must run first in this file: batch.js checks once, at its first use.
test('every word of the C layout table is checked: changing any one makes the first batch call throw, naming it', () => {
  const { p, n } = table();
  assert.ok(n > 100, `a table of ${n} words`);
  const names = [];
  for (let k = 0; k < n; k++) {
    const saved = rt.heapU32[p + k];
    rt.heapU32[p + k] = saved === 0xffffffff ? 0 : saved + 1;
    try {
      const call = k % 2 === 0 ? () => new api.CircleSet(1) : () => api.rayCastClosest(null, 0, 0, 1, 0);
      assert.throws(call, (e) => {
        assert.equal(e.constructor, Error, e.message);
        const m = MISMATCH.exec(e.message);
        assert.ok(m, e.message);
        assert.equal(Number(m[4]), k, e.message);
        assert.notEqual(m[2], m[3]);
        names.push(m[1]);
        return true;
      });
    } finally {
      rt.heapU32[p + k] = saved;
    }
  }
  assert.equal(new Set(names).size, n, 'each word has its own name');
  for (const name of ['CircleSet.x (word)', 'CircleSet.radius (element type)', 'CapsuleSet version', 'ContactBuffer.a (element type)',
    'IndexBuffer: number of arrays', 'RayBatch.startsInside (word)', 'SweepBatch.pointY (word)', 'error.index (element type)',
    'error set QUERY', '-ZERO_DIRECTION', 'NO_HIT', 'cast block words', 'cast ray.startsInside (element type)', 'cast sweep.t (word)',
    'out block floats']) {
    assert.ok(names.includes(name), `${name} is checked (${names.join(', ')})`);
  }
  const s = new api.CircleSet(1); // the table as built agrees
  s.destroy();
});

// The struct order of every class's arrays, written out here (not taken
// from batch.js), and the table's format (exports_layout.c).
const CLASSES = [
  ['CircleSet', ['x', 'y', 'radius']],
  ['CapsuleSet', ['ax', 'ay', 'bx', 'by', 'radius']],
  ['ContactBuffer', ['a', 'b', 'nx', 'ny', 'depth', 'pointX', 'pointY']],
  ['IndexBuffer', ['index']],
  ['RayBatch', ['ox', 'oy', 'dx', 'dy', 'maxFraction', 'index', 'fraction', 'x', 'y', 'nx', 'ny', 'startsInside']],
  ['SweepBatch', ['x0', 'y0', 'x1', 'y1', 'radius', 'index', 't', 'x', 'y', 'nx', 'ny', 'pointX', 'pointY', 'startsInside']],
];
const TYPES = [undefined, Float32Array, Uint32Array, Int32Array];

test('the C table says where each view, the error block and the cast block are, and JS reads them there', () => {
  const { p, n } = table();
  const U = rt.heapU32;
  let k = p;
  const next = () => U[k++];
  const sets = {};
  for (const [name, fields] of CLASSES) {
    const o = new api[name](5);
    sets[name] = o;
    const w = o._ptr() >>> 2;
    const capacityWord = next(), countWord = next();
    assert.equal(next(), fields.length, `${name}: number of arrays`);
    assert.equal(U[w + capacityWord], 5, `${name}: capacity`);
    assert.equal(o.capacity, 5);
    for (const f of fields) {
      const word = next(), type = TYPES[next()];
      const view = o[f];
      assert.equal(view.constructor, type, `${name}.${f}: element type`);
      assert.equal(view.byteOffset, U[w + word], `${name}.${f}: the view is at the array C points to`);
      assert.equal(view.length, 5, `${name}.${f}: capacity elements`);
    }
    if (name === 'CapsuleSet') {
      const versionWord = next(), before = U[w + versionWord];
      o.add(0, 0, 1, 0, 0.5);
      assert.equal(U[w + versionWord], (before + 1) >>> 0, 'add() bumps the version C reads');
    }
    if (name === 'CircleSet' || name === 'CapsuleSet' || name === 'RayBatch' || name === 'SweepBatch') {
      o.count = 1;
      assert.equal(U[w + countWord], 1, `${name}: count`);
    } else {
      assert.equal(o.count, U[w + countWord]);
    }
  }

  // The error block: a NaN in circles.y[3] (field 1 of set CIRCLES).
  assert.equal(next(), 4, 'error block words');
  const err = {};
  for (const f of ['code', 'set', 'field', 'index']) err[f] = [next(), TYPES[next()]];
  const [capsulesSet, circlesSet, querySet] = [next(), next(), next()];
  const [badValue, noMemory, zeroDirection, noHit] = [next(), next(), next(), next()];
  assert.deepEqual([capsulesSet, circlesSet, querySet, badValue, noMemory, zeroDirection], [0, 1, 2, 1, 2, 4]);
  assert.equal(noHit, api.NO_HIT);
  const circles = new api.CircleSet(4);
  for (let i = 0; i < 4; i++) circles.add(i, 0, 0.5);
  circles.y[3] = NaN;
  assert.throws(() => api.findCircleContacts(circles, sets.ContactBuffer), { name: 'RangeError', message: 'circles.y[3] is NaN' });
  const e = rt.wasm.capw_batch_error();
  const read = ([word, type]) => new type(rt.wasm.memory.buffer, e + 4 * word, 1)[0];
  assert.deepEqual([read(err.code), read(err.set), read(err.field), read(err.index)], [-badValue, circlesSet, 1, 3]);

  // The cast block: a ray and a sweep, read back by the C offsets.
  assert.equal(next(), 9, 'cast block words');
  const ray = {}, sweep = {};
  for (const f of ['index', 'fraction', 'x', 'y', 'nx', 'ny', 'startsInside']) ray[f] = [next(), TYPES[next()]];
  for (const f of ['index', 't', 'x', 'y', 'nx', 'ny', 'pointX', 'pointY', 'startsInside']) sweep[f] = [next(), TYPES[next()]];
  const caps = sets.CapsuleSet; // one capsule (0, 0) → (1, 0), radius 0.5
  const c = rt.wasm.capw_cast_out();
  const block = (layout) => Object.fromEntries(Object.entries(layout).map(([f, [word, type]]) => [f, new type(rt.wasm.memory.buffer, c + 4 * word, 1)[0]]));
  const r = api.rayCastClosest(caps, 0.5, 5, 0, -1, 10);
  assert.deepEqual(block(ray), { ...r, startsInside: r.startsInside ? 1 : 0 });
  const s = api.sweepCircleClosest(caps, 0.25, 0.25, 3, 3, 0.5);
  assert.equal(s.startsInside, true);
  assert.deepEqual(block(sweep), { ...s, startsInside: 1 });

  assert.equal(next(), rt.out.length, 'out block floats');
  assert.equal(k, p + n, 'the whole table was read');
  for (const o of [...Object.values(sets), circles]) o.destroy();
});
