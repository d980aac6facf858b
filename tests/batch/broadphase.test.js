// The broadphases seen from JS, against brute force, pair by pair: circle
// pairs (the bucketed path for similar sizes and the grid path for mixed
// ones), capsule–circle pairs (the contact index and the per-circle gather),
// the closest ray and swept-circle hits and the region queries through a
// capsule set's grid, and static sets edited between queries.
//
// Scenes are dense (hundreds of touching pairs, so every neighbour cell of
// the grids, diagonals included, holds pairs) and come from fixed seeds; a
// failure names the seed, the call and the first pair that differs. To try
// more seeds: CAPSULE2D_SEEDS=1,2,3 node --test tests/broadphase.test.js
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  init, CircleSet, CapsuleSet, ContactBuffer, IndexBuffer, RayBatch, SweepBatch, NO_HIT,
  findCapsuleCircleContacts, findCircleContacts, allPairsCapsuleCircle, queryCircle, queryBox,
  rayCastClosest, sweepCircleClosest, castRays, sweepCircles, rayCastCapsule, sweepCircleCapsule,
} from 'capsule2d';
import * as ref from '../helpers/batch-reference.js';
import { segmentDistance } from '../helpers/reference.js';
import { makeRng } from '../helpers/determinism-scene.js';

await init();

const f = Math.fround;
const SEEDS = process.env.CAPSULE2D_SEEDS ? process.env.CAPSULE2D_SEEDS.split(',').map(Number) : [1, 2, 3, 20261125];

function pairsOf(out) {
  const p = [];
  for (let k = 0; k < out.written; k++) p.push([out.a[k], out.b[k]]);
  return p;
}

/** Fails naming the first pair missing from `got` or extra in it (both lists in output order). */
function samePairs(got, want, what) {
  const key = (p) => p.join(',');
  const g = new Set(got.map(key)), w = new Set(want.map(key));
  const missing = want.find((p) => !g.has(key(p)));
  const extra = got.find((p) => !w.has(key(p)));
  if (missing || extra || got.length !== want.length) {
    assert.fail(`${what}: ${got.length} pairs, brute force ${want.length}` +
      `${missing ? `; missing [${missing}]` : ''}${extra ? `; extra [${extra}]` : ''}`);
  }
  assert.deepEqual(got, want, `${what}: the order differs from the brute force`);
}

function fieldsBytes(out) {
  return Buffer.concat(['a', 'b', 'nx', 'ny', 'depth', 'pointX', 'pointY'].map((k) => Buffer.from(out[k].slice(0, out.written).buffer)));
}

function circlesScene(rng, n, w, h, rlo, rhi) {
  const balls = [];
  for (let i = 0; i < n; i++) balls.push({ x: rng.range(0, w), y: rng.range(0, h), r: rng.range(rlo, rhi) });
  return balls;
}

function capsulesScene(rng, m, w, h, len, rmax) {
  const caps = [];
  for (let j = 0; j < m; j++) {
    const ax = rng.range(0, w), ay = rng.range(0, h);
    caps.push({ ax, ay, bx: f(ax + rng.range(-len, len)), by: f(ay + rng.range(-len, len)), r: j % 5 === 0 ? 0 : rng.range(0, rmax) });
  }
  return caps;
}

function load(set, items) {
  set.count = 0;
  if (set instanceof CapsuleSet) for (const k of items) set.add(k.ax, k.ay, k.bx, k.by, k.r);
  else for (const c of items) set.add(c.x, c.y, c.r);
}

test('circle pairs, dense scenes of similar and of mixed sizes: every pair of the brute force, in order (fixed seeds)', () => {
  const circles = new CircleSet(700), big = new ContactBuffer(20000), small = new ContactBuffer(16);
  for (const seed of SEEDS) {
    const rng = makeRng(seed);
    // similar sizes (the bucketed path): ~4 neighbours per circle
    const similar = circlesScene(rng, 600, 40, 40, 0.4, 1);
    // mixed sizes (the grid path): a few circles far above the mean
    const mixed = circlesScene(rng, 500, 40, 40, 0, 0.8);
    for (let i = 0; i < 500; i += 97) mixed[i].r = rng.range(5, 9);
    // similar sizes in a thin strip, and with coordinates near 1e4 (other cell shapes)
    const strip = circlesScene(rng, 400, 200, 3, 0.3, 0.6);
    const far = circlesScene(rng, 400, 30, 30, 0.5, 1).map((c) => ({ x: f(c.x + 1e4), y: f(c.y - 1e4), r: c.r }));
    for (const [name, balls] of [['similar', similar], ['mixed', mixed], ['strip', strip], ['far', far]]) {
      const what = `seed ${seed}, ${name} sizes: findCircleContacts`;
      load(circles, balls);
      const want = ref.circlePairs(balls);
      assert.ok(want.length > 200, `${what}: a dense scene (${want.length} pairs)`);
      assert.equal(findCircleContacts(circles, big), want.length, what);
      samePairs(pairsOf(big), want, what);
      const bytes = fieldsBytes(big);
      // a buffer too small for every pair takes the other path: the same first entries
      assert.equal(findCircleContacts(circles, small), want.length, `${what} (capacity 16)`);
      assert.ok(bytes.subarray(0, 16 * 4).equals(Buffer.from(small.a.slice().buffer)), `${what}: capacity 16 writes the first pairs`);
      // grow-and-retry from a small buffer
      const grown = new ContactBuffer(8);
      findCircleContacts(circles, grown, { grow: true });
      assert.ok(fieldsBytes(grown).equals(bytes), `${what}: grow: true gives the same bytes`);
      grown.destroy();
    }
  }
});

test('capsule–circle pairs, dense scenes: contact index, per-circle gather and all pairs equal the brute force (fixed seeds)', () => {
  const capsules = new CapsuleSet(400), circles = new CircleSet(900), out = new ContactBuffer(20000), all = new ContactBuffer(20000);
  for (const seed of SEEDS) {
    const rng = makeRng(seed ^ 0x5bd1e995);
    const scenes = [
      // short capsules, balls of similar size: the contact index
      ['similar', capsulesScene(rng, 300, 50, 50, 1.5, 0.5), circlesScene(rng, 800, 50, 50, 0.3, 0.9)],
      // long capsules across many cells
      ['long', capsulesScene(rng, 120, 50, 50, 12, 0.3), circlesScene(rng, 600, 50, 50, 0.2, 0.6)],
      // a few big balls among small ones: the per-circle gather
      ['mixed', capsulesScene(rng, 300, 50, 50, 2, 0.5), circlesScene(rng, 600, 50, 50, 0, 0.5).map((c, i) => (i % 61 ? c : { ...c, r: f(c.r + 8) }))],
    ];
    for (const [name, caps, balls] of scenes) {
      const what = `seed ${seed}, ${name}: findCapsuleCircleContacts`;
      load(capsules, caps);
      load(circles, balls);
      const want = ref.capsuleCirclePairs(caps, balls);
      assert.ok(want.length > 150, `${what}: a dense scene (${want.length} pairs)`);
      assert.equal(findCapsuleCircleContacts(capsules, circles, out), want.length, what);
      samePairs(pairsOf(out), want, what);
      assert.equal(allPairsCapsuleCircle(capsules, circles, all), want.length, `${what} (all pairs)`);
      samePairs(pairsOf(all), want, `${what} (all pairs)`);
      assert.ok(fieldsBytes(out).equals(fieldsBytes(all)), `${what}: the index and all pairs give the same bytes`);
      // the circles move (the index is kept: only the capsules are static)
      const moved = balls.map((c) => ({ x: f(c.x + 0.7), y: f(c.y - 0.4), r: c.r }));
      load(circles, moved);
      assert.equal(findCapsuleCircleContacts(capsules, circles, out), ref.capsuleCirclePairs(caps, moved).length, `${what} (moved)`);
      samePairs(pairsOf(out), ref.capsuleCirclePairs(caps, moved), `${what} (moved)`);
      // ... and grow: the index, built for the largest radius seen, must follow larger circles
      for (const scale of [1.5, 2.5, 0.5, 4]) {
        const grown = moved.map((c) => ({ x: c.x, y: c.y, r: f(c.r * scale) }));
        load(circles, grown);
        findCapsuleCircleContacts(capsules, circles, out, { grow: true });
        samePairs(pairsOf(out), ref.capsuleCirclePairs(caps, grown), `${what} (radii x ${scale})`);
      }
    }
  }
});

function bruteRay(caps, ox, oy, dx, dy, mf) {
  let best = null;
  caps.forEach((k, j) => {
    const h = rayCastCapsule(k.ax, k.ay, k.bx, k.by, k.r, ox, oy, dx, dy, mf);
    if (h && (best === null || h.fraction < best.fraction)) best = { index: j, ...h };
  });
  return best;
}

function bruteSweep(caps, x0, y0, x1, y1, r) {
  let best = null;
  caps.forEach((k, j) => {
    const h = sweepCircleCapsule(k.ax, k.ay, k.bx, k.by, k.r, x0, y0, x1, y1, r);
    if (h && (best === null || h.t < best.t)) best = { index: j, ...h };
  });
  return best;
}

test('rays and swept circles through the grid: closest hits equal the brute force, single and batched (fixed seeds)', () => {
  const capsules = new CapsuleSet(300), rays = new RayBatch(400), sweeps = new SweepBatch(400);
  for (const seed of SEEDS) {
    const rng = makeRng(seed * 7 + 1);
    const caps = capsulesScene(rng, 250, 60, 40, 2, 0.6);
    load(capsules, caps);
    rays.count = 0;
    sweeps.count = 0;
    const wantRays = [], wantSweeps = [];
    for (let q = 0; q < 400; q++) {
      const ox = rng.range(-10, 70), oy = rng.range(-10, 50);
      let dx = rng.range(-1, 1), dy = rng.range(-1, 1);
      if (q % 8 === 0) dx = 0; // vertical: one column, many rows
      if (q % 8 === 1) dy = 0; // horizontal: one row, many columns
      if (dx === 0 && dy === 0) dy = 1;
      const mf = [rng.range(0, 3), rng.range(0, 30), rng.range(0, 120)][q % 3];
      const what = `seed ${seed}, ray ${q} (${ox}, ${oy}) + s (${dx}, ${dy}), s <= ${mf}`;
      const w = bruteRay(caps, ox, oy, dx, dy, mf);
      assert.deepEqual(rayCastClosest(capsules, ox, oy, dx, dy, mf), w, `${what}: rayCastClosest`);
      rays.add(ox, oy, dx, dy, mf);
      wantRays.push(w);
      // sweeps: radii up to several cells, so the gather's padding matters
      const x0 = rng.range(-10, 70), y0 = rng.range(-10, 50);
      const x1 = f(x0 + rng.range(-30, 30)), y1 = f(y0 + (q % 8 === 2 ? 0 : rng.range(-30, 30)));
      const r = [0, rng.range(0, 1), rng.range(1, 4), rng.range(4, 10)][q % 4];
      const s = bruteSweep(caps, x0, y0, x1, y1, r);
      assert.deepEqual(sweepCircleClosest(capsules, x0, y0, x1, y1, r), s, `seed ${seed}, sweep ${q}: sweepCircleClosest`);
      sweeps.add(x0, y0, x1, y1, r);
      wantSweeps.push(s);
    }
    const hits = wantRays.filter(Boolean).length, sweepHits = wantSweeps.filter(Boolean).length;
    assert.ok(hits > 100 && hits < 390, `seed ${seed}: ${hits} of 400 rays hit`);
    assert.ok(sweepHits > 100 && sweepHits < 390, `seed ${seed}: ${sweepHits} of 400 sweeps hit`);
    assert.equal(castRays(capsules, rays), hits, `seed ${seed}: castRays`);
    assert.equal(sweepCircles(capsules, sweeps), sweepHits, `seed ${seed}: sweepCircles`);
    wantRays.forEach((w, q) => {
      const got = w === null ? null : ['index', 'fraction', 'x', 'y', 'nx', 'ny'].map((k) => rays[k][q]);
      assert.deepEqual(got && [...got, rays.startsInside[q]], w && [w.index, w.fraction, w.x, w.y, w.nx, w.ny, w.startsInside ? 1 : 0],
        `seed ${seed}, castRays ray ${q}`);
      if (w === null) assert.equal(rays.index[q], NO_HIT, `seed ${seed}, castRays ray ${q}: NO_HIT`);
    });
    wantSweeps.forEach((w, q) => {
      const got = w === null ? null : ['index', 't', 'x', 'y', 'nx', 'ny', 'pointX', 'pointY'].map((k) => sweeps[k][q]);
      assert.deepEqual(got && [...got, sweeps.startsInside[q]],
        w && [w.index, w.t, w.x, w.y, w.nx, w.ny, w.pointX, w.pointY, w.startsInside ? 1 : 0], `seed ${seed}, sweepCircles sweep ${q}`);
      if (w === null) assert.equal(sweeps.index[q], NO_HIT, `seed ${seed}, sweepCircles sweep ${q}: NO_HIT`);
    });
  }
});

/** The distance from capsule k to the box [x0, x1] x [y0, y1] (< 0: overlapping), in float64. */
function boxDistance(k, x0, y0, x1, y1) {
  const inBox = (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
  if (inBox(k.ax, k.ay) || inBox(k.bx, k.by)) return -k.r;
  const edges = [[x0, y0, x1, y0], [x1, y0, x1, y1], [x1, y1, x0, y1], [x0, y1, x0, y0]];
  return Math.min(...edges.map(([px, py, qx, qy]) => segmentDistance(px, py, qx, qy, k.ax, k.ay, k.bx, k.by))) - k.r;
}

test('region queries through the grid: queryCircle and queryBox on capsules equal the brute force (fixed seeds)', () => {
  const capsules = new CapsuleSet(300), out = new IndexBuffer(8);
  for (const seed of SEEDS) {
    const rng = makeRng(seed + 99);
    const caps = capsulesScene(rng, 250, 60, 40, 3, 0.6);
    load(capsules, caps);
    for (let q = 0; q < 150; q++) {
      const x = rng.range(-5, 65), y = rng.range(-5, 45), r = [rng.range(0, 1), rng.range(0, 5), rng.range(5, 20)][q % 3];
      const what = `seed ${seed}, query ${q}`;
      const want = caps.flatMap((k, j) => (ref.pairHit(k.ax, k.ay, k.bx, k.by, k.r, x, y, r) ? [j] : []));
      assert.equal(queryCircle(capsules, x, y, r, out, { grow: true }), want.length, `${what}: queryCircle count`);
      assert.deepEqual([...out.index.slice(0, out.written)], want, `${what}: queryCircle (${x}, ${y}, ${r})`);
      const x1 = f(x + [rng.range(0, 2), rng.range(0, 10), rng.range(0, 40)][q % 3]), y1 = f(y + rng.range(0, 10));
      queryBox(capsules, x, y, x1, y1, out, { grow: true });
      const got = new Set(out.index.slice(0, out.written));
      caps.forEach((k, j) => {
        const d = boxDistance(k, x, y, x1, y1);
        if (Math.abs(d) < 1e-4) return; // touching: float64 here cannot call it
        assert.equal(got.has(j), d < 0, `${what}: queryBox [${x}, ${x1}] x [${y}, ${y1}], capsule ${j} at distance ${d}`);
      });
      const list = [...out.index.slice(0, out.written)];
      assert.deepEqual(list, [...list].sort((a, b) => a - b), `${what}: ascending`);
    }
  }
});

test('static capsule sets edited between queries (add, set, count, views + update): every query sees the edit (fixed seeds)', () => {
  const capsules = new CapsuleSet(64), circles = new CircleSet(300), out = new ContactBuffer(4000), ib = new IndexBuffer(64);
  for (const seed of SEEDS) {
    const rng = makeRng(seed + 7777);
    const balls = circlesScene(rng, 300, 30, 30, 0.3, 0.8);
    load(circles, balls);
    let caps = capsulesScene(rng, 40, 30, 30, 2, 0.5);
    load(capsules, caps);
    for (let step = 0; step < 60; step++) {
      const kind = step % 4;
      const j = Math.floor(rng.range(0, 1) * caps.length) % caps.length;
      const ax = rng.range(0, 30), ay = rng.range(0, 30);
      const k = { ax, ay, bx: f(ax + rng.range(-3, 3)), by: f(ay + rng.range(-3, 3)), r: rng.range(0, 1) };
      if (kind === 0) {
        capsules.set(j, k.ax, k.ay, k.bx, k.by, k.r); // moves a capsule far from its old cells
        caps[j] = k;
      } else if (kind === 1 && caps.length < 64) {
        capsules.add(k.ax, k.ay, k.bx, k.by, k.r);
        caps.push(k);
      } else if (kind === 2 && caps.length > 2) {
        capsules.count = caps.length - 1;
        caps = caps.slice(0, -1);
      } else {
        capsules.ax[j] = k.ax;
        capsules.ay[j] = k.ay;
        capsules.bx[j] = k.bx;
        capsules.by[j] = k.by;
        capsules.radius[j] = k.r;
        capsules.update();
        caps[j] = k;
      }
      const what = `seed ${seed}, edit ${step} (${['set', 'add', 'count', 'views + update'][kind]} at ${j})`;
      const want = ref.capsuleCirclePairs(caps, balls);
      findCapsuleCircleContacts(capsules, circles, out);
      samePairs(pairsOf(out), want, `${what}: findCapsuleCircleContacts`);
      const c = balls[step % balls.length];
      const wantQ = caps.flatMap((q, i) => (ref.pairHit(q.ax, q.ay, q.bx, q.by, q.r, c.x, c.y, c.r + 2) ? [i] : []));
      queryCircle(capsules, c.x, c.y, f(c.r + 2), ib);
      assert.deepEqual([...ib.index.slice(0, ib.written)], wantQ, `${what}: queryCircle`);
      const dx = rng.range(-1, 1), dy = rng.range(-1, 1) || 1;
      assert.deepEqual(rayCastClosest(capsules, c.x, c.y, dx, dy, 40), bruteRay(caps, c.x, c.y, dx, dy, 40), `${what}: rayCastClosest`);
    }
  }
});
