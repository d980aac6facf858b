// The batch API over shared memory: pair sets and order against a brute-force
// float32 reference, overflow and grow-and-retry, errors naming set, field and
// index, views across memory growth, the import list, stale static sets.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import {
  init, CircleSet, CapsuleSet, ContactBuffer, IndexBuffer, MAX_CAPACITY,
  findCapsuleCircleContacts, findCircleContacts, allPairsCapsuleCircle, queryCircle, queryBox, collideCapsuleCircle,
} from 'capsule2d';
import * as ref from '../helpers/batch-reference.js';

await init();

const f = Math.fround;

function fill(capsules, circles, caps, balls) {
  capsules.count = 0;
  circles.count = 0;
  for (const k of caps) capsules.add(k.ax, k.ay, k.bx, k.by, k.r);
  for (const c of balls) circles.add(c.x, c.y, c.r);
}

function pairsOf(out) {
  const p = [];
  for (let k = 0; k < out.written; k++) p.push([out.a[k], out.b[k]]);
  return p;
}

// float32 coordinates; subnormal ones (|v| < 2^-126) become 0: a normal built
// from a subnormal difference has a few ulps of the subnormal's precision.
const coord = fc.double({ min: -30, max: 30, noNaN: true }).map((v) => (Math.abs(f(v)) < 1.2e-38 ? 0 : f(v)));
const rad = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 4, noNaN: true }).map(f));
const capsuleArb = fc.record({ ax: coord, ay: coord, bx: coord, by: coord, r: rad });
const ballArb = fc.record({ x: coord, y: coord, r: rad });

test('property: capsule–circle pairs and order equal the float32 brute force (grid and all pairs)', () => {
  const capsules = new CapsuleSet(64), circles = new CircleSet(96), out = new ContactBuffer(8);
  fc.assert(
    fc.property(fc.array(capsuleArb, { maxLength: 40 }), fc.array(ballArb, { maxLength: 90 }), (caps, balls) => {
      fill(capsules, circles, caps, balls);
      const want = ref.capsuleCirclePairs(caps, balls);
      const n = findCapsuleCircleContacts(capsules, circles, out, { grow: true });
      assert.equal(n, want.length);
      assert.deepEqual(pairsOf(out), want);
      for (let k = 0; k < out.written; k++) {
        const cap = caps[out.a[k]], c = balls[out.b[k]];
        const r = ref.pairContact(cap.ax, cap.ay, cap.bx, cap.by, cap.r, c.x, c.y, c.r);
        assert.ok(Number.isFinite(out.nx[k]) && Number.isFinite(out.ny[k]));
        assert.ok(!Object.is(out.nx[k], -0) && !Object.is(out.ny[k], -0), 'no -0 in normals');
        assert.ok(Math.abs(Math.hypot(out.nx[k], out.ny[k]) - 1) < 1e-5);
        assert.ok(out.depth[k] >= 0);
        assert.ok(Math.abs(out.depth[k] - r.depth) < 1e-4, `depth ${out.depth[k]} vs ${r.depth}`);
        if (r.depth < cap.r + c.r - 1e-3) {
          // a well-defined normal: compare with the float64 one
          assert.ok(Math.abs(out.nx[k] - r.nx) < 1e-3 && Math.abs(out.ny[k] - r.ny) < 1e-3);
          assert.ok(Math.abs(out.pointX[k] - r.pointX) < 1e-3 && Math.abs(out.pointY[k] - r.pointY) < 1e-3);
        }
      }
      const grid = Buffer.concat(['a', 'b', 'nx', 'ny', 'depth', 'pointX', 'pointY'].map((k) => Buffer.from(out[k].slice(0, out.written).buffer)));
      assert.equal(allPairsCapsuleCircle(capsules, circles, out, { grow: true }), want.length);
      const all = Buffer.concat(['a', 'b', 'nx', 'ny', 'depth', 'pointX', 'pointY'].map((k) => Buffer.from(out[k].slice(0, out.written).buffer)));
      assert.ok(grid.equals(all), 'grid and all-pairs give the same bytes');
    }),
    { numRuns: 150 },
  );
});

test('property: circle–circle pairs i < j and order equal the float32 brute force', () => {
  const circles = new CircleSet(128), out = new ContactBuffer(4);
  fc.assert(
    fc.property(fc.array(ballArb, { maxLength: 120 }), (balls) => {
      circles.count = 0;
      for (const c of balls) circles.add(c.x, c.y, c.r);
      const want = ref.circlePairs(balls);
      assert.equal(findCircleContacts(circles, out, { grow: true }), want.length);
      assert.deepEqual(pairsOf(out), want);
      for (let k = 0; k < out.written; k++) {
        const a = balls[out.a[k]], b = balls[out.b[k]];
        if (a.x === b.x && a.y === b.y) {
          assert.ok(Object.is(out.nx[k], 0) && out.ny[k] === 1, 'coincident centres give (0, 1)');
        } else {
          const r = ref.pairContact(a.x, a.y, a.x, a.y, a.r, b.x, b.y, b.r);
          assert.ok(Math.abs(out.depth[k] - r.depth) < 1e-4);
          // compare the point only where the normal is well defined: centres
          // closer than that (e.g. a subnormal difference) have a normal of
          // reduced precision, as capsule2d_batch.h documents
          if (r.depth < a.r + b.r - 1e-3) assert.ok(Math.abs(out.pointX[k] - r.pointX) < 1e-3);
        }
      }
    }),
    { numRuns: 150 },
  );
});

test('overflow: every capacity from 1 to count writes the first entries, never more', () => {
  const capsules = new CapsuleSet(10), circles = new CircleSet(40);
  for (let j = 0; j < 10; j++) capsules.add(j * 2, 0, j * 2 + 1, 1, 0.5);
  for (let i = 0; i < 40; i++) circles.add((i * 7) % 20, (i % 3) - 1, 0.6);
  const full = new ContactBuffer(1000);
  for (const call of [
    (o) => findCapsuleCircleContacts(capsules, circles, o),
    (o) => allPairsCapsuleCircle(capsules, circles, o),
    (o) => findCircleContacts(circles, o),
  ]) {
    const count = call(full);
    assert.ok(count > 5);
    for (let cap = 1; cap <= count; cap++) {
      const out = new ContactBuffer(cap);
      assert.equal(call(out), count);
      assert.equal(out.count, count);
      assert.equal(out.written, cap);
      assert.equal(out.overflow, count > cap);
      assert.equal(out.a.length, cap);
      for (let k = 0; k < cap; k++) assert.deepEqual(out.get(k), full.get(k));
      assert.throws(() => out.get(cap), RangeError);
      out.destroy();
    }
  }
});

test('grow: true reserves room and repeats the query', () => {
  const circles = new CircleSet(50), out = new ContactBuffer(1);
  for (let i = 0; i < 50; i++) circles.add(i * 0.01, 0, 1); // all within 0.5 of each other
  const n = findCircleContacts(circles, out, { grow: true });
  assert.equal(n, (50 * 49) / 2);
  assert.ok(out.capacity >= n && out.written === n && !out.overflow);
  const small = new ContactBuffer(3);
  assert.equal(findCircleContacts(circles, small, { grow: false }), n);
  assert.equal(small.written, 3);
  assert.ok(small.overflow);
});

test('bad values: RangeError naming set, field and index; the buffer is left as it was', () => {
  const capsules = new CapsuleSet(8), circles = new CircleSet(20), out = new ContactBuffer(10);
  for (let j = 0; j < 8; j++) capsules.add(j, 0, j, 1, 0.5);
  for (let i = 0; i < 20; i++) circles.add(i * 0.5, 0.5, 0.5);
  assert.ok(findCapsuleCircleContacts(capsules, circles, out) > 0);
  // a rejected call leaves the buffer exactly as it was: count and contents
  const snapshot = () => [out.count, ...out.a.slice(0, out.written), ...out.b.slice(0, out.written), ...out.depth.slice(0, out.written)];
  const before = snapshot();
  circles.x[12] = NaN;
  assert.throws(() => findCapsuleCircleContacts(capsules, circles, out), { name: 'RangeError', message: 'circles.x[12] is NaN' });
  assert.deepEqual(snapshot(), before);
  assert.throws(() => findCircleContacts(circles, out), { name: 'RangeError', message: /circles\.x\[12\] is NaN/ });
  assert.deepEqual(snapshot(), before);
  circles.x[12] = 1;
  circles.radius[3] = -1;
  assert.throws(() => allPairsCapsuleCircle(capsules, circles, out), { name: 'RangeError', message: /circles\.radius\[3\] is -1/ });
  assert.deepEqual(snapshot(), before);
  circles.radius[3] = 0.5;
  capsules.by[5] = Infinity;
  assert.throws(() => findCapsuleCircleContacts(capsules, circles, out), { name: 'RangeError', message: /capsules\.by\[5\] is Infinity/ });
  assert.throws(() => capsules.update(), { name: 'RangeError', message: /capsules\.by\[5\]/ });
  assert.throws(() => queryCircle(capsules, 0, 0, 1, new IndexBuffer(4)), { name: 'RangeError', message: /set\.by\[5\]/ });
  capsules.by[5] = 1;
  assert.ok(findCapsuleCircleContacts(capsules, circles, out) > 0);
});

test('bad arguments: TypeError for types, RangeError for ranges, before anything changes', () => {
  assert.throws(() => new CircleSet(0), { name: 'RangeError', message: /capacity.*0/ });
  assert.throws(() => new CircleSet(1.5), { name: 'RangeError', message: /capacity/ });
  assert.throws(() => new CapsuleSet(MAX_CAPACITY + 1), { name: 'RangeError', message: /capacity/ });
  assert.throws(() => new ContactBuffer('3'), { name: 'TypeError', message: /capacity/ });
  assert.throws(() => new IndexBuffer(-1), { name: 'RangeError' });
  const circles = new CircleSet(2), capsules = new CapsuleSet(2), out = new ContactBuffer(2);
  assert.throws(() => circles.add(0, NaN, 1), { name: 'RangeError', message: /y.*NaN/ });
  assert.throws(() => circles.add(3.5e38, 0, 1), { name: 'RangeError', message: /x/ });
  assert.throws(() => circles.add(0, 0, -1), { name: 'RangeError', message: /radius.*-1/ });
  assert.throws(() => capsules.add(0, 0, 1, '1', 1), { name: 'TypeError', message: /by/ });
  assert.equal(circles.count, 0);
  assert.equal(circles.add(1, 2, 3), 0);
  assert.equal(circles.add(4, 5, 6), 1);
  assert.throws(() => circles.add(7, 8, 9), { name: 'RangeError', message: /full/ });
  assert.throws(() => circles.set(2, 0, 0, 1), { name: 'RangeError', message: /i/ });
  assert.throws(() => (circles.count = 3), { name: 'RangeError', message: /count/ });
  assert.throws(() => (circles.count = -1), { name: 'RangeError', message: /count/ });
  assert.throws(() => findCapsuleCircleContacts(circles, capsules, out), { name: 'TypeError', message: /capsules/ });
  assert.throws(() => findCircleContacts(circles, {}), { name: 'TypeError', message: /out/ });
  assert.throws(() => findCircleContacts(circles, out, { grow: 1 }), { name: 'TypeError', message: /grow/ });
  assert.throws(() => findCircleContacts(circles, out, 5), { name: 'TypeError', message: /options/ });
  assert.throws(() => queryBox(circles, 0, 0, -1, 1, new IndexBuffer(1)), { name: 'RangeError', message: /maxX/ });
  assert.throws(() => queryCircle([], 0, 0, 1, new IndexBuffer(1)), { name: 'TypeError', message: /set/ });
  circles.reserve(10);
  assert.equal(circles.capacity, 10);
  assert.deepEqual([...circles.x.slice(0, 2)], [1, 4]);
  assert.deepEqual([...circles.radius.slice(0, 2)], [3, 6]);
  circles.destroy();
  circles.destroy(); // idempotent
  assert.ok(circles.destroyed);
  assert.throws(() => circles.x, { name: 'RangeError', message: /destroyed/ });
  assert.throws(() => circles.add(0, 0, 1), { name: 'RangeError', message: /destroyed/ });
  assert.throws(() => findCircleContacts(circles, out), { name: 'RangeError', message: /destroyed/ });
});

test('views: a getter returns a live view after memory grows; kept views are stale', () => {
  const circles = new CircleSet(4);
  circles.add(1.5, 2.5, 0.25);
  const kept = circles.x;
  const before = kept.buffer;
  const big = new CircleSet(1 << 22); // 48 MiB: forces memory.grow
  assert.notEqual(circles.x.buffer, before, 'memory grew');
  assert.equal(kept.length, 0, 'the kept view is detached');
  assert.equal(circles.x[0], 1.5);
  assert.equal(circles.y[0], 2.5);
  assert.equal(circles.radius[0], 0.25);
  assert.equal(circles.x.length, 4);
  big.x[123456] = 7;
  assert.equal(big.x[123456], 7);
  big.destroy();
  // reserve reallocates: new views, same contents
  const v = circles.y;
  circles.reserve(1000);
  assert.equal(circles.y.length, 1000);
  assert.notEqual(circles.y.byteOffset, v.byteOffset);
  assert.equal(circles.y[0], 2.5);
});

test('the modules import exactly env.emscripten_notify_memory_growth', () => {
  for (const file of ['capsule2d.wasm', 'capsule2d.simd.wasm']) {
    const bytes = readFileSync(new URL(`../../dist/${file}`, import.meta.url));
    const imports = WebAssembly.Module.imports(new WebAssembly.Module(bytes));
    assert.deepEqual(imports, [{ module: 'env', name: 'emscripten_notify_memory_growth', kind: 'function' }]);
  }
});

test('static capsules: direct view writes need update(); add/set/count re-index by themselves', () => {
  const capsules = new CapsuleSet(4), circles = new CircleSet(1), out = new ContactBuffer(4);
  capsules.add(0, 0, 1, 0, 0.5);
  capsules.add(10, 0, 11, 0, 0.5);
  capsules.add(100, 100, 101, 100, 0.5); // spreads the grid so capsule 1's old cell is far from the ball
  circles.add(50, 50, 1);
  assert.equal(findCapsuleCircleContacts(capsules, circles, out), 0);
  // move capsule 1 onto the ball through the views, without update(): stale index
  capsules.ax[1] = 49;
  capsules.bx[1] = 51;
  capsules.ay[1] = capsules.by[1] = 50;
  assert.equal(findCapsuleCircleContacts(capsules, circles, out), 0, 'documented: the stale index misses it');
  assert.equal(allPairsCapsuleCircle(capsules, circles, out), 1, 'all pairs has no index');
  capsules.update();
  assert.equal(findCapsuleCircleContacts(capsules, circles, out), 1);
  assert.deepEqual([out.a[0], out.b[0]], [1, 0]);
  capsules.set(0, 50, 48, 50, 52, 0);
  assert.equal(findCapsuleCircleContacts(capsules, circles, out), 2);
  capsules.count = 1;
  assert.equal(findCapsuleCircleContacts(capsules, circles, out), 1);
  assert.equal(out.a[0], 0);
  capsules.add(50, 50, 50, 50, 0);
  assert.equal(findCapsuleCircleContacts(capsules, circles, out), 2);
});

test('region queries: ascending indices, touching counts, equal the brute force', () => {
  const capsules = new CapsuleSet(200), circles = new CircleSet(200), out = new IndexBuffer(1);
  let s = 7;
  const rnd = (lo, hi) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return f(lo + ((hi - lo) * (s >>> 8)) / 16777216);
  };
  const caps = [], balls = [];
  for (let j = 0; j < 200; j++) {
    const ax = rnd(0, 50), ay = rnd(0, 50);
    caps.push({ ax, ay, bx: f(ax + rnd(-3, 3)), by: f(ay + rnd(-3, 3)), r: rnd(0, 1) });
    balls.push({ x: rnd(0, 50), y: rnd(0, 50), r: rnd(0, 1) });
  }
  fill(capsules, circles, caps, balls);
  for (let q = 0; q < 40; q++) {
    const x = rnd(-5, 55), y = rnd(-5, 55), r = rnd(0, 8);
    const wantCaps = caps.flatMap((k, j) => (ref.pairHit(k.ax, k.ay, k.bx, k.by, k.r, x, y, r) ? [j] : []));
    assert.equal(queryCircle(capsules, x, y, r, out, { grow: true }), wantCaps.length);
    assert.deepEqual([...out.index.slice(0, out.written)], wantCaps);
    const wantBalls = balls.flatMap((c, i) => (ref.pairHit(x, y, x, y, r, c.x, c.y, c.r) ? [i] : []));
    assert.equal(queryCircle(circles, x, y, r, out, { grow: true }), wantBalls.length);
    assert.deepEqual([...out.index.slice(0, out.written)], wantBalls);
    const x1 = f(x + rnd(0, 10)), y1 = f(y + rnd(0, 10));
    const inBox = (c) => Math.hypot(c.x - Math.min(x1, Math.max(x, c.x)), c.y - Math.min(y1, Math.max(y, c.y))) <= c.r;
    const wantBox = balls.flatMap((c, i) => (inBox(c) ? [i] : []));
    assert.equal(queryBox(circles, x, y, x1, y1, out, { grow: true }), wantBox.length);
    assert.deepEqual([...out.index.slice(0, out.written)], wantBox);
    queryBox(capsules, x, y, x1, y1, out, { grow: true });
    const got = [...out.index.slice(0, out.written)];
    assert.deepEqual(got, [...got].sort((p, q2) => p - q2));
  }
  // touching a box edge counts
  circles.count = 0;
  circles.add(5, 5, 1);
  assert.equal(queryBox(circles, 6, 0, 7, 10, out), 1);
  assert.equal(queryBox(circles, 6.000001, 0, 7, 10, out), 0);
  // overflow: count found, first `capacity` written
  const small = new IndexBuffer(2);
  assert.equal(queryCircle(capsules, 25, 25, 100, small), 200);
  assert.deepEqual([...small.index], [0, 1]);
  assert.ok(small.overflow);
});

test('edges through the batch API: huge (1e20) and tiny (1e-30) coordinates, exact touching, degenerate normals', () => {
  const capsules = new CapsuleSet(4), circles = new CircleSet(8), out = new ContactBuffer(16);
  capsules.add(-1e20, 1e20, 1e20, 1e20, 0); // 2e20 long, far up
  capsules.add(0, 0, 1e-30, 0, 0); // 1e-30 long
  capsules.add(10, 10, 10, 10, 1); // zero-length core
  circles.add(5e19, 1e20 + 1e14, 2e14); // above the long one, depth ~1e14
  circles.add(5e-31, 1e-30, 2e-30); // above the tiny one
  circles.add(10, 10, 0.5); // on the zero-length core's centre
  circles.add(10, 11.5, 0.5); // exactly touching: depth 0
  circles.add(10, f(11.5 + 1e-5), 0.5); // just apart
  const n = findCapsuleCircleContacts(capsules, circles, out);
  assert.equal(allPairsCapsuleCircle(capsules, circles, new ContactBuffer(16)), n);
  assert.deepEqual(pairsOf(out), [[0, 0], [1, 1], [2, 2], [2, 3]]);
  const c = (k) => out.get(k);
  assert.deepEqual([c(0).nx, c(0).ny], [0, 1]);
  assert.ok(Math.abs(c(0).depth - 1e14) < 1e13);
  assert.deepEqual([c(1).nx, c(1).ny], [0, 1]);
  assert.ok(Math.abs(c(1).depth - 1e-30) < 1e-36);
  assert.ok(Object.is(c(2).nx, 0) && c(2).ny === 1 && c(2).depth === 1.5, 'coincident centre: (0, 1), full depth');
  assert.equal(c(3).depth, 0, 'touching counts with depth 0');
  // the grid stays small with coordinates 2e20 apart
  const far = new CircleSet(3);
  far.add(-1e20, 0, 1);
  far.add(1e20, 0, 1);
  far.add(1e20 + 1, 0, 1);
  assert.equal(findCircleContacts(far, out), 1);
  assert.deepEqual(pairsOf(out), [[1, 2]]);
});

test('a view kept across grow-and-retry is stale; the getter is live', () => {
  const circles = new CircleSet(30), out = new ContactBuffer(1);
  for (let i = 0; i < 30; i++) circles.add(i * 0.01, 0, 1);
  const kept = out.a;
  const n = findCircleContacts(circles, out, { grow: true });
  assert.equal(n, 435);
  assert.equal(out.a.length, out.capacity);
  assert.ok(kept.length === 0 || kept.byteOffset !== out.a.byteOffset, 'the old view no longer shows the results');
  assert.deepEqual([out.a[434], out.b[434]], [28, 29]);
});

test('empty and single-element sets: every call returns 0', () => {
  const capsules = new CapsuleSet(1), circles = new CircleSet(1), out = new ContactBuffer(1), ib = new IndexBuffer(1);
  assert.equal(findCapsuleCircleContacts(capsules, circles, out), 0);
  assert.equal(allPairsCapsuleCircle(capsules, circles, out), 0);
  assert.equal(findCircleContacts(circles, out), 0);
  assert.equal(queryCircle(capsules, 0, 0, 1, ib), 0);
  assert.equal(queryBox(circles, 0, 0, 1, 1, ib), 0);
  circles.add(0, 0, 1);
  assert.equal(findCircleContacts(circles, out), 0);
  assert.equal(findCapsuleCircleContacts(capsules, circles, out), 0);
  capsules.add(0, 0, 0, 0, 0);
  assert.equal(findCapsuleCircleContacts(capsules, circles, out), 1);
  assert.equal(out.written, 1);
  assert.equal(out.overflow, false);
});

test('property: a static capsule set keeps finding every pair as the circles grow and shrink between calls', () => {
  // the contact index is built for the largest radius seen and must follow larger circles
  const capsules = new CapsuleSet(64), circles = new CircleSet(96), out = new ContactBuffer(8);
  // short capsules and circles of similar size (the contact-index path), radii scaled per call
  const near = fc.double({ min: -2, max: 2, noNaN: true });
  const shortCapsule = fc.record({ ax: coord, ay: coord, dx: near, dy: near, r: fc.double({ min: 0, max: 0.5, noNaN: true }) })
    .map((k) => ({ ax: k.ax, ay: k.ay, bx: f(k.ax + k.dx), by: f(k.ay + k.dy), r: f(k.r) }));
  const ball = fc.record({ x: coord, y: coord, r: fc.double({ min: 0.5, max: 1, noNaN: true }).map(f) });
  const scaleArb = fc.array(fc.double({ min: 0, max: 6, noNaN: true }), { minLength: 1, maxLength: 6 });
  fc.assert(
    fc.property(fc.array(shortCapsule, { minLength: 1, maxLength: 40 }), fc.array(ball, { minLength: 1, maxLength: 90 }), scaleArb, (caps, balls, scales) => {
      fill(capsules, circles, caps, []);
      for (const s of scales) {
        const now = balls.map((c) => ({ x: c.x, y: c.y, r: f(c.r * s) }));
        circles.count = 0;
        for (const c of now) circles.add(c.x, c.y, c.r);
        const want = ref.capsuleCirclePairs(caps, now);
        assert.equal(findCapsuleCircleContacts(capsules, circles, out, { grow: true }), want.length);
        assert.deepEqual(pairsOf(out), want);
      }
    }),
    { numRuns: 100 },
  );
});

test('tiny cores (|B - A|^2 below 1e-30, even subnormal): batch normals and depths equal the scalar query\'s', () => {
  // The pair test projects in a frame scaled by |B - A| when |B - A|^2 leaves
  // the normal range (capsule2d_batch.h); a plain v / |v|^2 there divides by a
  // subnormal of a few bits and tilts the normal of a circle beside the core.
  const capsules = new CapsuleSet(8), circles = new CircleSet(16), out = new ContactBuffer(256), all = new ContactBuffer(256);
  let checked = 0;
  for (const len of [3e-23, 4e-23, 7e-23, 1.5e-22, 4e-22, 1e-21, 1e-20, 1e-19, 1e-16]) {
    capsules.count = 0;
    circles.count = 0;
    for (const a of [0, 0.3, 1.1, 2.5, -0.7]) capsules.add(0, 0, f(len * Math.cos(a)), f(len * Math.sin(a)), 0);
    for (const s of [0.1, 0.27, 0.5, 0.73, 0.9]) for (const d of [2e-19, 5e-19]) circles.add(f(len * s), f(d), f(d * 1.5));
    const n = findCapsuleCircleContacts(capsules, circles, out);
    assert.equal(allPairsCapsuleCircle(capsules, circles, all), n);
    assert.ok(n >= 10, `length ${len}: ${n} contacts`);
    for (let k = 0; k < out.written; k++) {
      const j = out.a[k], i = out.b[k];
      const c = collideCapsuleCircle(capsules.ax[j], capsules.ay[j], capsules.bx[j], capsules.by[j], 0, circles.x[i], circles.y[i], circles.radius[i]);
      const what = `length ${len}, capsule ${j}, circle ${i}`;
      // float32 rounding of the core point (an ulp of the core's length) turns the normal by up to that over the distance
      const tol = 1e-6 + (4 * 1.2e-7 * len) / Math.abs(circles.y[i]);
      assert.ok(Math.abs(out.nx[k] - c.nx) <= tol && Math.abs(out.ny[k] - c.ny) <= tol, `${what}: normal (${out.nx[k]}, ${out.ny[k]}) vs (${c.nx}, ${c.ny})`);
      assert.ok(Math.abs(out.depth[k] - c.depth) <= 1e-6 * circles.radius[i], `${what}: depth ${out.depth[k]} vs ${c.depth}`);
      assert.deepEqual([all.a[k], all.b[k], all.nx[k], all.depth[k]], [j, i, out.nx[k], out.depth[k]], `${what}: all pairs`);
      checked++;
    }
  }
  assert.ok(checked > 300);
});
