// The world queries see capsule bodies (capsule2d_world.h "queries",
// world.d.ts): rayCast and sweepBall answer kind 'body' with the body's
// handle and the scalar capsule cast's numbers; queryCircle / queryBox list
// a touching body after the balls and statics; castRays / sweepBalls write
// body words ((1 << 30) | slot) that hitHandle turns into the body's handle,
// and a word of an empty body slot is a RangeError. Before this change a
// ray passed through a body (null) and no query listed one.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World, RayBatch, SweepBatch, rayCastCapsule, sweepCircleCapsule } from 'capsule2d';

await init();

const BODY_WORD = 0x40000000;

/** Body slot s's capsule as the queries see it: its views now (ends by its angle). */
function ends(w, s) {
  const b = w.capsuleBodies, c = Math.cos(b.angle[s]), sn = Math.sin(b.angle[s]), hl = b.halfLength[s];
  return [b.x[s] - hl * c, b.y[s] - hl * sn, b.x[s] + hl * c, b.y[s] + hl * sn, b.radius[s]];
}

test('rayCast and sweepBall hit a capsule body: kind body, its handle, the capsule cast\'s answer', () => {
  const w = new World({ gravityY: 0 });
  const body = w.addCapsuleBody(0, 0, 1, 0.25, { angle: 0.3 });
  const ball = w.addBall(5, 0.1, 0.5);
  for (const stepped of [false, true]) {
    if (stepped) w.step(); // (then through the step's grids)
    const hit = w.rayCast(-5, 0.1, 1, 0, 20);
    assert.equal(hit.kind, 'body');
    assert.equal(hit.handle, body);
    assert.equal(w.capsuleBodySlotOf(hit.handle), 0);
    const want = rayCastCapsule(...ends(w, 0), -5, 0.1, 1, 0, 20);
    for (const k of ['fraction', 'x', 'y', 'nx', 'ny']) assert.ok(Math.abs(hit[k] - want[k]) < 1e-5, `${k}: ${hit[k]} vs ${want[k]}`);
    assert.ok(hit.fraction > 4 && hit.fraction < 5);
    // from the right: the ball first
    assert.equal(w.rayCast(10, 0.1, -1, 0, 20).handle, ball);
    const s = w.sweepBall(-5, 0.1, 5, 0.1, 0.2);
    assert.equal(s.kind, 'body');
    assert.equal(s.handle, body);
    const ws = sweepCircleCapsule(...ends(w, 0), -5, 0.1, 5, 0.1, 0.2);
    for (const k of ['t', 'x', 'y', 'nx', 'ny']) assert.ok(Math.abs(s[k] - ws[k]) < 1e-5, `${k}: ${s[k]} vs ${ws[k]}`);
  }
  // moved through its views: found where it was put, at once
  w.capsuleBodies.y[0] = 10;
  assert.equal(w.rayCast(-5, 0.1, 1, 0, 20).handle, ball);
  assert.equal(w.rayCast(-5, 10, 1, 0, 20).handle, body);
  w.removeCapsuleBody(body);
  assert.equal(w.rayCast(-5, 10, 1, 0, 20), null);
  w.destroy();
});

test('queryCircle and queryBox list a touching capsule body after balls and statics, not one 1e-3 away', () => {
  const w = new World({ gravityY: 0 });
  const body = w.addCapsuleBody(0, 0, 1, 0.5); // core (-1, 0)-(1, 0): top y = 0.5, tip x = 1.5
  assert.deepEqual(w.queryCircle(0, 1.5, 1), [body]);
  assert.deepEqual(w.queryCircle(0, 1.501, 1), []);
  assert.deepEqual(w.queryBox(1.5, -1, 2, 1), [body]);
  assert.deepEqual(w.queryBox(1.501, -1, 2, 1), []);
  const body2 = w.addCapsuleBody(3, 3, 0.5, 0.25, { angle: 2 });
  const ball = w.addBall(0, 1, 0.3);
  const seg = w.addCapsule(-1, 1, 1, 1, 0.1);
  w.step();
  assert.deepEqual(w.queryBox(-3, -3, 3.5, 3.5), [ball, seg, body, body2]);
  assert.deepEqual(w.queryCircle(0, 0.8, 0.5), [ball, seg, body]);
  w.destroy();
});

test('castRays / sweepBalls write body words; hitHandle decodes them; an empty body slot is a RangeError', () => {
  const w = new World({ gravityY: 0 });
  w.addCapsuleBody(-10, 0, 1, 0.5); // slot 0, removed below
  const body = w.addCapsuleBody(0, 0, 1, 0.5, { angle: Math.PI / 2 }); // slot 1, upright
  w.addBall(5, 0, 0.5);
  w.step();
  const rays = new RayBatch(4), sweeps = new SweepBatch(4);
  rays.add(-5, 0, 1, 0, 10);
  rays.add(-5, 5, 1, 0, 10); // misses
  sweeps.add(-5, 0, 5, 0, 0.25);
  assert.equal(w.castRays(rays), 1);
  assert.equal(rays.index[0], (BODY_WORD | 1) >>> 0);
  assert.equal(w.hitHandle(rays.index[0]), body);
  const single = w.rayCast(-5, 0, 1, 0, 10);
  assert.deepEqual([rays.fraction[0], rays.x[0], rays.y[0], rays.nx[0], rays.ny[0]], [single.fraction, single.x, single.y, single.nx, single.ny]);
  assert.ok(Math.abs(single.x + 0.5) < 1e-5, `x ${single.x}`);
  assert.equal(w.sweepBalls(sweeps), 1);
  assert.equal(sweeps.index[0], BODY_WORD + 1);
  assert.equal(w.hitHandle(sweeps.index[0]), body);
  assert.equal(w.sweepBall(-5, 0, 5, 0, 0.25).t, sweeps.t[0]);
  // slot 0 live, then removed: RangeError naming the empty slot; slots past the last too
  assert.equal(w.capsuleBodySlotOf(w.hitHandle(BODY_WORD)), 0);
  w.removeCapsuleBody(w.hitHandle(BODY_WORD));
  assert.throws(() => w.hitHandle(BODY_WORD), { name: 'RangeError', message: /capsule body slot 0 holds no capsule body/ });
  assert.throws(() => w.hitHandle(BODY_WORD + 7), { name: 'RangeError', message: /slot 7 holds no capsule body/ });
  const none = new World();
  assert.throws(() => none.hitHandle(BODY_WORD), { name: 'RangeError', message: /holds no capsule body/ });
  none.destroy();
  w.destroy();
});
