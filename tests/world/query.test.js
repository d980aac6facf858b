// World queries through the query index (src/world/query.c): the answers of
// rayCast, sweepBall, queryCircle and queryBox equal a brute-force scan built
// here from the scalar casts (rayCastCircle, sweepCircleCapsule, ...) over
// thousands of random queries on a settled random scene (balls of mixed
// sizes touching each other, capsules, circles, sensors, a floor line, a
// kinematic capsule), ties included; the staleness rule (a position written
// through a view is seen after the next step); castRays / sweepBalls equal
// the single queries and validate their input.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  init, World, RayBatch, SweepBatch, NO_HIT, rayCastCircle, rayCastCapsule, sweepCircleCircle, sweepCircleCapsule,
} from 'capsule2d';

await init();
const f = Math.fround;

function rng(seed) {
  let s = seed >>> 0;
  return (lo, hi) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return lo + (hi - lo) * ((s >>> 8) / 16777216);
  };
}

function scene(n, seed) {
  const r = rng(seed);
  const w = new World({ ballCapacity: n, staticCapacity: 128 });
  w.addLine(-30, 0, 30, 0); // the floor: solid below y = 0
  for (let i = 0; i < 40; i++) {
    const x = r(-25, 25), y = r(2, 40), len = i % 5 === 0 ? 0 : r(0, 6), a = r(0, Math.PI);
    const rad = i % 7 === 0 ? 0 : r(0.05, 0.8);
    w.addCapsule(x, y, x + len * Math.cos(a), y + len * Math.sin(a), rad, { sensor: i % 9 === 0 });
  }
  w.addKinematicCapsule(0, 20, 0.3, 4, 0.3);
  for (let i = 0; i < n; i++) w.addBall(r(-25, 25), r(1, 60), i % 40 === 0 ? r(1, 2) : r(0.1, 0.4));
  for (let s = 0; s < 60; s++) w.step();
  return w;
}

// The scan the index must equal: every ball by slot, then every static by
// slot, keeping the first strictly closer hit.
function reference(w) {
  const b = w.balls;
  const balls = [];
  for (let i = 0; i < b.slotCount; i++) if (b.alive(i)) balls.push([i, b.x[i], b.y[i], b.radius[i]]);
  const statics = w.statics();
  return {
    ray(ox, oy, dx, dy, mf) {
      let best = null;
      for (const [i, x, y, r] of balls) {
        const h = rayCastCircle(x, y, r, ox, oy, dx, dy, mf);
        if (h && (!best || h.fraction < best.fraction)) best = { ...h, kind: 'ball', slot: i };
      }
      for (const s of statics) {
        if (s.sensor) continue;
        let h = null;
        if (s.kind === 'line') {
          // ray_line with n = (0, 1) (a floor), every step in float32; origins stay above it
          const d0 = f(oy - s.ay);
          if (dy < 0) {
            const t = f(d0 / f(-dy));
            if (t <= mf) h = { fraction: t, x: f(ox + f(t * dx)), y: f(oy + f(t * dy)), nx: 0, ny: 1, startsInside: false };
          }
        } else {
          h = rayCastCapsule(s.ax, s.ay, s.bx, s.by, s.radius, ox, oy, dx, dy, mf);
        }
        if (h && (!best || h.fraction < best.fraction)) best = { ...h, kind: 'static', slot: s.slot };
      }
      return best;
    },
    sweep(x0, y0, x1, y1, rad) {
      let best = null;
      for (const [i, x, y, r] of balls) {
        const h = sweepCircleCircle(x, y, r, x0, y0, x1, y1, rad);
        if (h && (!best || h.t < best.t)) best = { ...h, px: h.pointX, py: h.pointY, kind: 'ball', slot: i };
      }
      for (const s of statics) {
        if (s.sensor) continue;
        let h = null;
        if (s.kind === 'line') {
          const d0 = f(f(y0 - s.ay) - rad), d1 = f(f(y1 - s.ay) - rad);
          if (d0 <= 0 || d1 <= 0) {
            let t = d0 <= 0 ? 0 : f(d0 / f(d0 - d1));
            t = t < 1 ? t : 1;
            const cx = f(x0 + f(t * f(x1 - x0))), cy = f(y0 + f(t * f(y1 - y0)));
            const dist = f(cy - s.ay);
            h = { t, x: cx, y: cy, nx: 0, ny: 1, px: cx, py: f(cy - dist), startsInside: d0 <= 0 };
          }
        } else {
          h = sweepCircleCapsule(s.ax, s.ay, s.bx, s.by, s.radius, x0, y0, x1, y1, rad);
          if (h) h = { ...h, px: h.pointX, py: h.pointY };
        }
        if (h && (!best || h.t < best.t)) best = { ...h, kind: 'static', slot: s.slot };
      }
      return best;
    },
    circle(qx, qy, qr) {
      const out = [];
      for (const [i, x, y, r] of balls) {
        const dx = f(x - qx), dy = f(y - qy), rr = f(r + qr);
        if (f(f(dx * dx) + f(dy * dy)) <= f(rr * rr)) out.push(`b${i}`);
      }
      return out;
    },
  };
}

const slotOfHit = (w, hit) => (hit.kind === 'ball' ? w.slotOf(hit.handle) : w.statics().find((s) => w.hitHandle(s.slot) === hit.handle)?.slot);

test('rayCast and sweepBall equal the brute-force scan on 3,000 random paths (grazing, from inside, axis-aligned, zero maxFraction)', () => {
  const w = scene(1500, 11);
  const ref = reference(w);
  const r = rng(5);
  const b = w.balls;
  let hits = 0, ballHits = 0, staticHits = 0;
  for (let q = 0; q < 3000; q++) {
    let ox = r(-30, 30), oy = r(0.5, 70), dx = r(-40, 40), dy = r(-40, 40);
    const i = Math.floor(r(0, b.slotCount));
    if (q % 6 === 1 && b.alive(i)) { ox = b.x[i] - 3; oy = f(b.y[i] + b.radius[i]); dx = 6; dy = 0; } // grazing
    if (q % 6 === 2 && b.alive(i)) { ox = b.x[i]; oy = b.y[i]; } // from inside
    if (q % 6 === 3) { ox = Math.round(ox); dx = 0; } // on a whole coordinate
    if (oy <= 0) oy = 0.5;
    const mf = [1, 0, r(0, 3), 1e30][q % 4];
    const got = w.rayCast(ox, oy, dx, dy, mf);
    const want = ref.ray(f(ox), f(oy), f(dx), f(dy), f(mf));
    assert.equal(got === null, want === null, `ray ${q}`);
    if (got) {
      hits++;
      got.kind === 'ball' ? ballHits++ : staticHits++;
      assert.deepEqual([got.kind, slotOfHit(w, got), got.fraction, got.x, got.y, got.nx, got.ny, got.startsInside],
        [want.kind, want.slot, want.fraction, want.x, want.y, want.nx, want.ny, want.startsInside], `ray ${q}`);
    }
    const rad = q % 5 === 0 ? 0 : r(0, 1);
    const x1 = ox + dx * 0.3, y1 = Math.max(oy + dy * 0.3, 0.5);
    const sg = w.sweepBall(ox, oy, x1, y1, rad);
    const sw = ref.sweep(f(ox), f(oy), f(x1), f(y1), f(rad));
    assert.equal(sg === null, sw === null, `sweep ${q}`);
    if (sg) {
      assert.deepEqual([sg.kind, slotOfHit(w, sg), sg.t, sg.x, sg.y, sg.nx, sg.ny, sg.px, sg.py, sg.startsInside],
        [sw.kind, sw.slot, sw.t, sw.x, sw.y, sw.nx, sw.ny, sw.px, sw.py, sw.startsInside], `sweep ${q}`);
    }
  }
  assert.ok(ballHits > 500 && staticHits > 100 && hits < 3000, `${ballHits} ball and ${staticHits} static hits`);
  w.destroy();
});

test('queryCircle (balls) equals the scan; queryBox and queryCircle list balls by slot then statics by slot', () => {
  const w = scene(1500, 12);
  const ref = reference(w);
  const r = rng(6);
  let found = 0;
  for (let q = 0; q < 2000; q++) {
    const x = r(-30, 30), y = r(0.5, 50), rad = q % 3 === 0 ? 0 : r(0, 5);
    const got = w.queryCircle(x, y, rad);
    const balls = got.filter((h) => w.hasBall(h)).map((h) => `b${w.slotOf(h)}`);
    assert.deepEqual(balls, ref.circle(f(x), f(y), f(rad)), `circle ${q}`);
    found += balls.length;
    const firstStatic = got.findIndex((h) => !w.hasBall(h));
    if (firstStatic >= 0) assert.ok(got.slice(firstStatic).every((h) => !w.hasBall(h)), 'balls first');
    const box = w.queryBox(x - rad, y - rad, x + rad, y + rad);
    // a ball in the circle is in its bounding box
    const inBox = new Set(box.filter((h) => w.hasBall(h)));
    for (const h of got) if (w.hasBall(h)) assert.ok(inBox.has(h), `box ${q}`);
    const slots = box.filter((h) => w.hasBall(h)).map((h) => w.slotOf(h));
    assert.deepEqual(slots, [...slots].sort((a, c) => a - c));
  }
  assert.ok(found > 2000, `${found} balls found`);
  w.destroy();
});

test('ties: equal fractions go to the lower slot, a ball over a static', () => {
  const w = new World({ gravityY: 0 });
  const a = w.addBall(5, 0.25, 0.5);
  const far = w.addBall(20, 0, 0.5);
  w.addBall(5, -0.25, 0.5); // the mirror image of a: the same fraction
  const c = w.addCircle(20, 0, 0.5); // where far is
  assert.equal(w.rayCast(0, 0, 30, 0).handle, a);
  assert.equal(w.rayCast(30, 0, -30, 0).handle, far);
  assert.equal(w.sweepBall(30, 0, 0, 0, 0.1).handle, far);
  w.removeBall(far);
  assert.equal(w.rayCast(30, 0, -30, 0).handle, c);
  w.destroy();
});

test('staleness: a position written through a view is seen by queries after the next step, never before', () => {
  const w = new World({ gravityY: 0 });
  const h = w.addBall(0, 0, 0.5);
  assert.deepEqual(w.queryCircle(0, 0, 0.1), [h]);
  w.balls.x[0] = 10;
  assert.deepEqual(w.queryCircle(0, 0, 0.1), [h], 'where the last world method left it');
  assert.deepEqual(w.queryCircle(10, 0, 0.1), []);
  assert.equal(w.rayCast(10, 5, 0, -10), null);
  w.step();
  assert.deepEqual(w.queryCircle(0, 0, 0.1), []);
  assert.deepEqual(w.queryCircle(10, 0, 0.1), [h]);
  assert.equal(w.rayCast(10, 5, 0, -10).fraction, f(4.5 / 10));
  // world methods are seen at once
  const g = w.addBall(3, 0, 0.5);
  assert.deepEqual(w.queryBox(2.9, -0.1, 3.1, 0.1), [g]);
  w.removeBall(g);
  assert.deepEqual(w.queryBox(2.9, -0.1, 3.1, 0.1), []);
  const k = w.addKinematicCapsule(-5, 0, 0, 1, 0.2);
  assert.deepEqual(w.queryCircle(-5, 0, 0.1), [k]);
  w.setKinematicPose(k, -8, 0, 0);
  assert.deepEqual(w.queryCircle(-5, 0, 0.1), []);
  assert.deepEqual(w.queryCircle(-8, 0, 0.1), [k]);
  // a restore too
  const saved = w.save();
  w.step();
  w.addBall(40, 0, 1);
  w.restore(saved);
  assert.deepEqual(w.queryCircle(40, 0, 0.5), []);
  w.destroy();
});

test('castRays and sweepBalls: one answer per input, equal to rayCast / sweepBall, NO_HIT for a miss', () => {
  const w = scene(800, 13);
  const r = rng(8);
  const rays = new RayBatch(300), sweeps = new SweepBatch(300);
  const want = [], wantS = [];
  for (let i = 0; i < 300; i++) {
    const ox = r(-30, 30), oy = r(0.5, 60), dx = r(-30, 30), dy = r(-30, 30), mf = r(0, 2), rad = r(0, 1);
    rays.add(ox, oy, dx, dy, mf);
    sweeps.add(ox, oy, ox + dx, Math.max(oy + dy, 0.5), rad);
    want.push(w.rayCast(ox, oy, dx, dy, mf));
    wantS.push(w.sweepBall(ox, oy, ox + dx, Math.max(oy + dy, 0.5), rad));
  }
  const hits = w.castRays(rays);
  assert.equal(hits, want.filter(Boolean).length);
  assert.ok(hits > 50 && hits < 300, `${hits} hits`);
  for (let i = 0; i < 300; i++) {
    const h = want[i];
    if (!h) {
      assert.equal(rays.index[i], NO_HIT);
      assert.deepEqual([rays.fraction[i], rays.x[i], rays.nx[i], rays.startsInside[i]], [0, 0, 0, 0]);
      assert.equal(w.hitHandle(rays.index[i]), null);
      continue;
    }
    assert.equal(w.hitHandle(rays.index[i]), h.handle);
    assert.deepEqual([rays.fraction[i], rays.x[i], rays.y[i], rays.nx[i], rays.ny[i], rays.startsInside[i]],
      [h.fraction, h.x, h.y, h.nx, h.ny, h.startsInside ? 1 : 0]);
  }
  assert.equal(w.sweepBalls(sweeps), wantS.filter(Boolean).length);
  for (let i = 0; i < 300; i++) {
    const h = wantS[i];
    assert.equal(w.hitHandle(sweeps.index[i]), h ? h.handle : null);
    if (h) assert.deepEqual([sweeps.t[i], sweeps.x[i], sweeps.y[i], sweeps.pointX[i], sweeps.pointY[i]], [h.t, h.x, h.y, h.px, h.py]);
  }
  w.destroy();
});

test('castRays and sweepBalls validate every input first: RangeError naming rays.<field>[i], nothing written', () => {
  const w = scene(50, 14);
  const rays = new RayBatch(4);
  for (let i = 0; i < 4; i++) rays.add(0, 10, 1, -1, 20);
  assert.equal(w.castRays(rays), 4);
  const before = [...rays.index], fr = [...rays.fraction];
  rays.dx[2] = 0; rays.dy[2] = 0;
  assert.throws(() => w.castRays(rays), { name: 'RangeError', message: /rays \(dx\[2\], dy\[2\]\) must not be the zero vector/ });
  rays.dx[2] = 1; rays.dy[2] = -1;
  rays.oy[1] = NaN;
  assert.throws(() => w.castRays(rays), { name: 'RangeError', message: /rays\.oy\[1\] is NaN/ });
  rays.oy[1] = 10;
  rays.maxFraction[3] = -2;
  assert.throws(() => w.castRays(rays), { name: 'RangeError', message: /rays\.maxFraction\[3\] is -2/ });
  rays.maxFraction[3] = Infinity;
  assert.throws(() => w.castRays(rays), { name: 'RangeError', message: /rays\.maxFraction\[3\] is Infinity/ });
  assert.deepEqual([...rays.index], before);
  assert.deepEqual([...rays.fraction], fr);
  const sweeps = new SweepBatch(2);
  sweeps.add(0, 10, 0, 0, 0.5);
  sweeps.add(0, 10, 0, 0, 0.5);
  sweeps.radius[1] = -1;
  assert.throws(() => w.sweepBalls(sweeps), { name: 'RangeError', message: /sweeps\.radius\[1\] is -1/ });
  sweeps.radius[1] = 0.5;
  sweeps.x1[0] = 1e39;
  assert.throws(() => w.sweepBalls(sweeps), { name: 'RangeError', message: /sweeps\.x1\[0\] is Infinity/ });
  assert.throws(() => w.castRays(sweeps), TypeError);
  assert.throws(() => w.sweepBalls(rays), TypeError);
  assert.throws(() => w.castRays(new Float32Array(5)), TypeError);
  assert.throws(() => w.hitHandle(0x80000000 + 999), { name: 'RangeError', message: /holds no ball/ });
  w.destroy();
});
