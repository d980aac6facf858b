// The physics world through the JS API: the golden hash in both builds, a
// drop that bounces to e^2 of its height, rest and sleep, events, handles
// and bad input. Numbers come from physics (e^2 h, sqrt(2 g h)), not runs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { init, World } from 'capsule2d';
import { GOLDEN_WORLD_HASH } from './golden.js';

await init();

function runIn(simd) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./worker.js', import.meta.url), { workerData: { simd } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

test('golden world hash: SIMD and scalar builds, every 50 steps equal, the native constant at the end', async () => {
  const [simd, scalar] = await Promise.all([runIn(true), runIn(false)]);
  assert.equal(simd.simd, true);
  assert.equal(scalar.simd, false);
  assert.deepEqual(simd.hashes, scalar.hashes);
  assert.equal(simd.live, 300);
  const hex = (h) => '0x' + (h >>> 0).toString(16).padStart(8, '0');
  assert.equal(hex(simd.hash), hex(GOLDEN_WORLD_HASH));
  assert.equal(hex(scalar.hash), hex(GOLDEN_WORLD_HASH));
});

/** Drops a ball of radius 0.5 from height h (bottom above the floor) and returns the first rebound's peak and the events. */
function drop(e, h, options = {}) {
  const w = new World({ ballCapacity: 4, ...options });
  w.addLine(-10, 0, 10, 0);
  const s = w.slotOf(w.addBall(0, h + 0.5, 0.5, { restitution: e }));
  let peak = 0, bounces = 0;
  const begins = [], hits = [];
  for (let i = 0; i < 3000 && bounces < 2; i++) {
    const before = w.balls.vy[s];
    w.step();
    begins.push(...w.events.begin.toArray());
    hits.push(...w.events.hit.toArray());
    if (before < 0 && w.balls.vy[s] > 0) bounces++;
    if (bounces === 1) peak = Math.max(peak, w.balls.y[s] - 0.5);
  }
  return { peak, begins, hits, w, s };
}

test('energy: a drop rebounds to e^2 of its height within 2%, never higher (e = 0.3, 0.5, 0.8, 1)', (t) => {
  for (const e of [0.3, 0.5, 0.8, 1]) {
    for (const h of [5, 10, 20]) {
      const { peak } = drop(e, h);
      const want = e * e * h;
      t.diagnostic(`e ${e}, h ${h}: rebound ${peak.toFixed(4)}, e²h ${want.toFixed(4)}, error ${(100 * (peak - want) / want).toFixed(3)}%`);
      assert.ok(Math.abs(peak - want) <= 0.02 * want, `e ${e}, h ${h}: rebound ${peak}, want ${want} ± 2%`);
      assert.ok(peak <= h, `e ${e}, h ${h}: rebound ${peak} above the drop height`);
    }
  }
});

test('events: a single drop gives one begin and one hit at sqrt(2 g h) within 1%', (t) => {
  const h = 10;
  const { begins, hits } = drop(0, h);
  assert.equal(begins.length, 1);
  assert.equal(hits.length, 1);
  const want = Math.sqrt(2 * 10 * h);
  t.diagnostic(`begins ${begins.length}, hits ${hits.length}, hit speed ${hits[0].speed.toFixed(5)}, √(2gh) ${want.toFixed(5)}, error ${(100 * (hits[0].speed - want) / want).toFixed(3)}%`);
  assert.ok(Math.abs(hits[0].speed - want) <= 0.01 * want, `hit speed ${hits[0].speed}, want ${want}`);
  assert.equal(hits[0].kind, 'static');
  assert.ok(Math.abs(hits[0].ny - 1) < 1e-6 && Math.abs(hits[0].y) < 1e-3);
});

test('below the restitution threshold a ball stops bouncing, rests and sleeps with zero velocity', () => {
  const { w, s } = drop(0.5, 2);
  for (let i = 0; i < 600; i++) w.step();
  assert.ok(Math.abs(w.balls.y[s] - 0.5) <= 0.005, `rests at ${w.balls.y[s]}`);
  assert.equal(w.balls.awake(s), false);
  assert.equal(w.balls.vx[s], 0);
  assert.equal(w.balls.vy[s], 0);
  // A write through a view wakes it and is taken as the new start.
  w.balls.vy[s] = 5;
  w.step();
  assert.equal(w.balls.awake(s), true);
  assert.ok(w.balls.y[s] > 0.5);
});

test('handles: stable slots, removed and foreign handles are RangeErrors, slots reused lowest first', () => {
  const w = new World({ ballCapacity: 8 });
  const other = new World({ ballCapacity: 8 });
  const a = w.addBall(0, 0, 1), b = w.addBall(3, 0, 1), c = w.addBall(6, 0, 1);
  assert.deepEqual([w.slotOf(a), w.slotOf(b), w.slotOf(c)], [0, 1, 2]);
  w.removeBall(b);
  assert.throws(() => w.slotOf(b), RangeError);
  assert.throws(() => w.removeBall(b), RangeError);
  assert.equal(w.slotOf(c), 2);
  assert.equal(w.balls.x[2], 6);
  const d = w.addBall(9, 0, 1);
  assert.equal(w.slotOf(d), 1);
  assert.notEqual(d, b);
  assert.throws(() => w.slotOf(b), /removed/);
  assert.throws(() => other.slotOf(a), /another World/);
  const s = w.addCircle(0, -5, 1);
  assert.throws(() => w.removeBall(s), /static handle/);
  assert.throws(() => w.slotOf('1'), TypeError);
  w.destroy();
  assert.throws(() => w.step(), /destroyed/);
  other.destroy();
});

test('bad input: named TypeError / RangeError, and nothing changes', () => {
  const w = new World({ ballCapacity: 4 });
  assert.throws(() => new World({ dt: 0 }), /options.dt/);
  assert.throws(() => new World({ subSteps: 1.5 }), /options.subSteps/);
  assert.throws(() => new World({ gravty: 1 }), TypeError);
  assert.throws(() => new World(5), TypeError);
  assert.throws(() => w.addBall(0, 0, -1), /radius/);
  assert.throws(() => w.addBall(NaN, 0, 1), /x/);
  assert.throws(() => w.addBall(0, 0, 1, { restitution: -1 }), /options.restitution/);
  assert.throws(() => w.addBall(0, 0, 1, { frction: 1 }), TypeError);
  assert.throws(() => w.addLine(1, 1, 1, 1), RangeError);
  assert.throws(() => w.addCapsule(0, 0, 1, 1, -1), /radius/);
  assert.equal(w.balls.live, 0);
  const h = w.addBall(0, 5, 0.5);
  w.step();
  const hash = w.stateHash();
  w.balls.vx[w.slotOf(h)] = Infinity;
  assert.throws(() => w.step(), /balls\.vx\[0\] must be finite/);
  w.balls.vx[w.slotOf(h)] = 0;
  assert.equal(w.stateHash(), hash);
  assert.throws(() => w.rayCast(0, 0, 0, 0), RangeError);
});

test('views stay put across steps within capacity; a kept view still writes', () => {
  const w = new World({ ballCapacity: 64 });
  w.addLine(-10, 0, 10, 0);
  const xs = w.balls.x;
  for (let i = 0; i < 64; i++) w.addBall(-8 + i * 0.25, 2 + (i % 5), 0.1);
  for (let i = 0; i < 60; i++) w.step();
  assert.equal(xs, w.balls.x);
  xs[0] = 3;
  w.step();
  assert.ok(Math.abs(w.balls.x[0] - 3) < 0.1);
});

test('queries: the ray and the circle find balls and statics', () => {
  const w = new World({ ballCapacity: 4 });
  const floor = w.addSegment(-10, 0, 10, 0);
  const ball = w.addBall(0, 5, 1);
  const hit = w.rayCast(0, 10, 0, -1, 20);
  assert.equal(hit.handle, ball);
  assert.ok(Math.abs(hit.fraction - 4) < 1e-5);
  const under = w.rayCast(5, 10, 0, -1, 20);
  assert.equal(under.handle, floor);
  assert.deepEqual(w.queryCircle(0, 0.5, 4), [ball, floor]);
  assert.deepEqual(w.queryCircle(50, 50, 1), []);
  // the box: touching counts (the ball spans y 4..6, the floor is y = 0)
  assert.deepEqual(w.queryBox(-1, 6, 1, 7), [ball]);
  assert.deepEqual(w.queryBox(-1, 6.001, 1, 7), []);
  assert.deepEqual(w.queryBox(9, -1, 12, 1), [floor]);
  assert.throws(() => w.queryBox(1, 0, 0, 1), RangeError);
  // the sweep: a ball of radius 1 from above stops touching the ball at y = 7
  const s = w.sweepBall(0, 10, 0, 0, 1);
  assert.equal(s.handle, ball);
  assert.ok(Math.abs(s.y - 7) < 1e-5 && Math.abs(s.ny - 1) < 1e-6);
  const past = w.sweepBall(5, 10, 5, -10, 0.5);
  assert.equal(past.handle, floor);
  assert.ok(Math.abs(past.y - 0.5) < 1e-5);
  assert.equal(w.sweepBall(5, 10, 6, 10, 0.5), null);
});

test('balls.alive(slot) / awake(slot): a slot that is not an integer below the views\' length is a named error', () => {
  const w = new World({ ballCapacity: 4 });
  const h = w.addBall(0, 5, 0.5);
  const slot = w.slotOf(h);
  assert.equal(w.balls.alive(slot), true);
  assert.equal(w.balls.awake(slot), true);
  const n = w.balls.flags.length;
  assert.equal(w.balls.alive(n - 1), slot === n - 1);
  for (const bad of [-1, n, 1.5, NaN, Infinity]) {
    assert.throws(() => w.balls.alive(bad), { name: 'RangeError', message: /^alive: slot must be an integer from 0 to/ });
    assert.throws(() => w.balls.awake(bad), { name: 'RangeError', message: /^awake: slot must be an integer/ });
  }
  for (const bad of ['0', undefined, null, {}]) {
    assert.throws(() => w.balls.alive(bad), { name: 'TypeError', message: /^alive: slot must be a number/ });
  }
  w.destroy();
});
