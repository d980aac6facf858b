// Bullets (addBall option `bullet`, CAP_BALL_BULLET): continuous collision
// against other balls. Each shot is checked every step against the other
// ball (at rest: where it is; moving: along its move): a bullet that started the step at least
// 2r - slop from it never comes closer than that along its path (so it
// neither ends overlapping deeper than the slop nor passes through), at 1 to
// 1,000 radii per step and every angle. The same shots without `bullet` go
// in deeper than the slop when slow (a move of up to a radius per step: the
// sweep every fast ball gets stops the faster ones, at a resting ball and
// at a ball coming at them from anywhere: far-movers.test.js). Also: bullet against bullet, a row of balls, balls flying
// together, the flag, snapshots, bad input, a pile, the golden hash of the
// busy scene with bullets in both builds.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { init, World } from 'capsule2d';
import { BULLET_WORLD_HASH, GOLDEN_WORLD_HASH } from './golden.js';

await init();

const R = 0.1, DT = 1 / 60, SLOP = 0.005, TOL = 1e-4;
const SPEEDS = [1, 3, 10, 30, 100, 300, 1000];

/**
 * The closest the path a -> b (relative to the other ball) comes to it, or
 * Infinity when the path started closer than `limit` (then the rule is only
 * "no deeper than it started", which the solver's own pushes may break).
 */
function closest(ax, ay, bx, by, limit) {
  if (Math.hypot(ax, ay) < limit) return Infinity;
  const dx = bx - ax, dy = by - ay, dd = dx * dx + dy * dy;
  let u = dd > 0 ? -(ax * dx + ay * dy) / dd : 0;
  u = Math.max(0, Math.min(1, u));
  return Math.hypot(ax + u * dx, ay + u * dy);
}

/**
 * Shoots one ball (bullet or not) along (cos deg, sin deg) at k radii per
 * step at `targets` (positions along and across the shot line, resting
 * balls of radius R). Returns the number of steps in which it entered a
 * target (its path relative to the target, which moves in a straight line
 * from its start to where the step leaves it, came within 2R - slop; for a
 * target at rest, that is where it is; two balls knocked on together at one
 * speed are not an entry), whether it ever
 * ended beyond the first target's centre line while within 2R of the line
 * through it (passed through it), and the deepest entry.
 */
function shoot({ bullet, k, deg, targets, steps = 6, restitution = 0 }) {
  const a = (deg * Math.PI) / 180, ux = Math.cos(a), uy = Math.sin(a);
  const w = new World({ ballCapacity: targets.length + 1, gravityY: 0, sleep: false });
  const ts = targets.map(([along, across]) => w.slotOf(w.addBall(ux * along - uy * across, uy * along + ux * across, R, { restitution })));
  const back = 3 * R + 1.37 * k * R; // so most shots reach the first target mid-step
  const s = w.slotOf(w.addBall(-ux * back, -uy * back, R, { vx: (ux * k * R) / DT, vy: (uy * k * R) / DT, bullet, restitution }));
  const b = w.balls;
  let entered = 0, beyond = false, deepest = 0;
  for (let step = 0; step < steps; step++) {
    const px = b.x[s], py = b.y[s], start = ts.map((t) => [b.x[t], b.y[t]]);
    w.step();
    let hit = false;
    for (const [n, t] of ts.entries()) {
      // Relative to the target, which moves from its start to its end (at rest until hit: its place).
      const m = closest(px - start[n][0], py - start[n][1], b.x[s] - b.x[t], b.y[s] - b.y[t], 2 * R - SLOP);
      if (m < 2 * R - SLOP - TOL) {
        hit = true;
        deepest = Math.max(deepest, 2 * R - m);
      }
    }
    entered += hit;
    const t0 = ts[0], ex = b.x[s] - b.x[t0], ey = b.y[s] - b.y[t0];
    const sx = px - b.x[t0], sy = py - b.y[t0];
    if (sx * ux + sy * uy < 0 && ex * ux + ey * uy > 0 && Math.abs(ex * -uy + ey * ux) < 2 * R - SLOP) beyond = true;
  }
  w.destroy();
  return { entered, beyond, deepest };
}

/** Every angle in `stepDeg` steps, three offsets across the line, each speed. */
function sweep(bullet, targetsFor, stepDeg, extra = {}) {
  const rows = [];
  for (const k of SPEEDS) {
    let shots = 0, entered = 0, beyond = 0, deepest = 0;
    for (let deg = 0; deg < 360; deg += stepDeg) {
      for (const across of [0, 0.07, -0.16]) {
        const r = shoot({ bullet, k, deg, targets: targetsFor(across), ...extra });
        shots++;
        entered += r.entered > 0;
        beyond += r.beyond;
        deepest = Math.max(deepest, r.deepest);
      }
    }
    rows.push({ k, shots, entered, beyond, deepest });
  }
  return rows;
}

const show = (rows) => rows.map((r) => `${r.k}: ${r.entered}/${r.shots} entered, ${r.beyond} through, deepest ${(r.deepest * 1000).toFixed(1)} mm`).join('; ');

test('a bullet shot at a resting ball at 1 to 1,000 radii per step, every 2°, three offsets: never enters it, never passes through; a slow plain ball goes in', (t) => {
  const one = (across) => [[0, across]];
  const bullets = sweep(true, one, 2);
  const plain = sweep(false, one, 2);
  t.diagnostic(`bullet: ${show(bullets)}`);
  t.diagnostic(`plain:  ${show(plain)}`);
  for (const r of bullets) {
    assert.equal(r.entered, 0, `bullet at ${r.k} radii per step entered the ball`);
    assert.equal(r.beyond, 0, `bullet at ${r.k} radii per step passed through the ball`);
  }
  // Without `bullet`, at a radius per step (too slow for the fast-ball sweep), shots go in up to their move.
  assert.ok(plain[0].entered > plain[0].shots / 4 && plain[0].deepest > 0.05, `plain at 1: ${plain[0].entered}, ${plain[0].deepest}`);
});

test('a bullet shot along a row of 6 resting balls (bouncy and not), 1 to 1,000 radii per step, every 5°: never enters any of them', (t) => {
  const row = (across) => Array.from({ length: 6 }, (_, i) => [i * 3 * R, across * (i % 2 ? -1 : 1)]);
  for (const restitution of [0, 1]) {
    const bullets = sweep(true, row, 5, { restitution, steps: 12 });
    const plain = sweep(false, row, 5, { restitution, steps: 12 });
    t.diagnostic(`e ${restitution} bullet: ${show(bullets)}`);
    t.diagnostic(`e ${restitution} plain:  ${show(plain)}`);
    for (const r of bullets) assert.equal(r.entered, 0, `e ${restitution}, bullet at ${r.k} radii per step entered a ball`);
    assert.ok(plain[0].entered > 0, `e ${restitution}, plain at 1`);
  }
});

/** Two balls shot at each other (head on, offset across by `across`); returns whether they swapped sides or overlapped deeper than the slop. */
function headOn(bullets, k, deg, across) {
  const a = (deg * Math.PI) / 180, ux = Math.cos(a), uy = Math.sin(a);
  const w = new World({ ballCapacity: 2, gravityY: 0, sleep: false });
  const gap = 4 * R + 1.37 * k * R;
  const v = (k * R) / DT;
  const p = w.slotOf(w.addBall(-ux * gap - uy * across, -uy * gap + ux * across, R, { vx: ux * v, vy: uy * v, bullet: bullets[0] }));
  const q = w.slotOf(w.addBall(ux * gap, uy * gap, R, { vx: -ux * v * 0.7, vy: -uy * v * 0.7, bullet: bullets[1] }));
  const b = w.balls;
  let swapped = false, deep = 0;
  for (let step = 0; step < 6; step++) {
    const sx = b.x[q] - b.x[p], sy = b.y[q] - b.y[p];
    w.step();
    const ex = b.x[q] - b.x[p], ey = b.y[q] - b.y[p];
    // Passed through each other: the relative path crossed the other's centre within 2R - slop.
    const m = closest(sx, sy, ex, ey, 2 * R - SLOP);
    if (m < 2 * R - SLOP - TOL) swapped = true;
    if (Math.hypot(sx, sy) >= 2 * R - SLOP) deep = Math.max(deep, 2 * R - Math.hypot(ex, ey));
  }
  w.destroy();
  return { swapped, deep };
}

test('two bullets meeting head on (and one bullet against a plain ball coming at it): no swap, no overlap deeper than the slop', (t) => {
  const out = [];
  for (const bullets of [[true, true], [false, false], [true, false], [false, true]]) {
    for (const k of SPEEDS) {
      let shots = 0, swapped = 0, deep = 0;
      for (let deg = 0; deg < 360; deg += 6) {
        for (const across of [0, 0.05, 0.15]) {
          const r = headOn(bullets, k, deg, across);
          shots++;
          swapped += r.swapped;
          deep = Math.max(deep, r.deep);
        }
      }
      out.push({ bullets, k, shots, swapped, deep });
    }
  }
  t.diagnostic(out.map((r) => `${r.bullets.map((x) => (x ? 'B' : 'p')).join('')} ${r.k}: ${r.swapped}/${r.shots} swapped, deepest ${(r.deep * 1000).toFixed(1)} mm`).join('; '));
  for (const r of out.filter((q) => q.bullets[0] && q.bullets[1])) {
    assert.equal(r.swapped, 0, `two bullets at ${r.k} radii per step`);
    assert.ok(r.deep <= SLOP + TOL, `two bullets at ${r.k}: ${r.deep}`);
  }
  // Fast balls, bullets or not, from 3 radii per step: the fast-ball sweep
  // meets the other ball's path from wherever it comes (ccd.c: the far
  // movers), so no pair swaps or ends deeper than the slop. (At 1 radius per
  // step neither is fast: the solver's contact, which may let them in.)
  // Mutant: far_add adding nothing: plain pairs swap from 30 on.
  for (const r of out.filter((q) => q.k >= 3)) {
    assert.equal(r.swapped, 0, `${r.bullets} at ${r.k} radii per step`);
    assert.ok(r.deep <= SLOP + TOL, `${r.bullets} at ${r.k}: ${r.deep}`);
  }
});

// (A plain ball in front of a bullet is not in this list: the fast-ball sweep
// of plain balls, against end positions only, can hold it behind the bullet's
// end, and the bullet then stops behind it.)
test('balls flying together at 1 to 1,000 radii per step (a bullet in front of a plain ball, or two bullets): nothing stops them, their order holds', () => {
  for (const k of SPEEDS) {
    for (const [front, back] of [[true, false], [true, true]]) {
      for (const order of [0, 1]) {
        const w = new World({ ballCapacity: 2, gravityY: 0, sleep: false });
        const v = (k * R) / DT;
        const add = (x, bullet) => w.slotOf(w.addBall(x, 0, R, { vx: v, bullet, friction: 0 }));
        // order: which of the two gets the lower slot (bullets are swept in slot order)
        let f, b;
        if (order) { b = add(0, back); f = add(2 * R + 0.001, front); } else { f = add(2 * R + 0.001, front); b = add(0, back); }
        for (let i = 0; i < 5; i++) w.step();
        const x = w.balls.x;
        assert.ok(x[f] - x[b] > 2 * R - SLOP - TOL, `k ${k}, bullets ${front}/${back}: order lost (${x[b]}, ${x[f]})`);
        assert.ok(Math.abs(x[b] - 5 * k * R) < 1e-3 * Math.max(1, k), `k ${k}, bullets ${front}/${back}: held back at ${x[b]}, want ${5 * k * R}`);
        w.destroy();
      }
    }
  }
});

test('a bullet hands its momentum on: after stopping at the ball it hits, the next step pushes it (e = 1: the bullet stops, the ball leaves at its speed)', () => {
  for (const k of [1, 100, 1000]) {
    const w = new World({ ballCapacity: 2, gravityY: 0, sleep: false, restitutionThreshold: 0 });
    const t = w.slotOf(w.addBall(0, 0, R, { restitution: 1, friction: 0 }));
    const v = (k * R) / DT;
    const s = w.slotOf(w.addBall(-3 * R - 0.5 * k * R, 0, R, { vx: v, bullet: true, restitution: 1, friction: 0 }));
    for (let i = 0; i < 3; i++) w.step();
    const b = w.balls;
    assert.ok(Math.abs(b.vx[s]) < 0.02 * v, `k ${k}: bullet still at ${b.vx[s]} of ${v}`);
    assert.ok(Math.abs(b.vx[t] - v) < 0.02 * v, `k ${k}: ball at ${b.vx[t]}, want ${v}`);
    assert.ok(b.x[t] - b.x[s] >= 2 * R - SLOP - TOL);
    w.destroy();
  }
});

test('the bullet flag: balls.flags bit 4, kept by a snapshot; bullet must be a boolean', () => {
  const w = new World({ ballCapacity: 4, gravityY: 0 });
  const a = w.slotOf(w.addBall(0, 0, R, { bullet: true, vx: 30 }));
  const b = w.slotOf(w.addBall(1, 0, R, { bullet: false }));
  const c = w.slotOf(w.addBall(2, 0, R));
  assert.equal(w.balls.flags[a], 1 | 2 | 4);
  assert.equal(w.balls.flags[b], 1 | 2);
  assert.equal(w.balls.flags[c], 1 | 2);
  w.step();
  const copy = World.fromSnapshot(w.save());
  assert.equal(copy.balls.flags[a] & 4, 4);
  for (let i = 0; i < 20; i++) { w.step(); copy.step(); }
  assert.equal(copy.stateHash(), w.stateHash());
  const hash = w.stateHash();
  for (const bad of [1, 0, 'true', null, {}]) {
    assert.throws(() => w.addBall(3, 0, R, { bullet: bad }), (e) => e instanceof TypeError && /options\.bullet/.test(e.message), String(bad));
  }
  assert.equal(w.balls.live, 3);
  assert.equal(w.stateHash(), hash);
  w.destroy();
  copy.destroy();
});

test('bullets in a pile come to rest and sleep like other balls (half or all of 60 balls; the same pile without bullets for scale)', (t) => {
  const pile = (which) => {
    const w = new World({ ballCapacity: 64 });
    w.addLine(-2, 0, 2, 0);
    w.addLine(-2, 10, -2, 0);
    w.addLine(2, 0, 2, 10);
    for (let i = 0; i < 60; i++) w.addBall(-1.6 + (i % 8) * 0.45, 0.3 + Math.floor(i / 8) * 0.45, 0.2, { bullet: which(i), vx: ((i * 7) % 5) - 2 });
    let steps = 0;
    do { w.step(); steps++; } while (w.awakeCount > 0 && steps < 1500);
    const b = w.balls;
    let mean = 0, closest = Infinity;
    for (let i = 0; i < 60; i++) {
      mean += b.y[i] / 60;
      for (let j = 0; j < i; j++) closest = Math.min(closest, Math.hypot(b.x[i] - b.x[j], b.y[i] - b.y[j]));
    }
    const out = { steps, awake: w.awakeCount, mean, closest };
    w.destroy();
    return out;
  };
  const plain = pile(() => false), half = pile((i) => i % 2 === 0), all = pile(() => true);
  t.diagnostic(JSON.stringify({ plain, half, all }));
  for (const r of [plain, half, all]) {
    assert.equal(r.awake, 0, `still awake after ${r.steps} steps`);
    assert.ok(Math.abs(r.mean - plain.mean) < 0.05, `mean height ${r.mean}, ${plain.mean} without bullets`);
    assert.ok(r.closest > 0.4 - 0.01, `overlap: centres ${r.closest} apart`);
  }
});

function runIn(simd, bullets) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./worker.js', import.meta.url), { workerData: { simd, bullets } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

test('golden hash with bullets: the busy scene with its fast balls as bullets gives the native constant in both builds', async () => {
  const [simd, scalar] = await Promise.all([runIn(true, true), runIn(false, true)]);
  assert.equal(simd.simd, true);
  assert.equal(scalar.simd, false);
  assert.deepEqual(simd.hashes, scalar.hashes);
  const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');
  assert.equal(hex(simd.hash), hex(BULLET_WORLD_HASH));
  assert.equal(hex(scalar.hash), hex(BULLET_WORLD_HASH));
  assert.notEqual(BULLET_WORLD_HASH, GOLDEN_WORLD_HASH);
});
