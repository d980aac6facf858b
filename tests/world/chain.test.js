// Chains through the JS API: a ball rolling at 10 m/s with friction 0 over
// 100 collinear pieces keeps |vy| < 1e-4 m/s and its speed within 1e-4
// (separate segments, for comparison, bump); corners; a closed loop of 64;
// snapshots keep the links; bad input is refused with nothing changed.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

function roll(chained) {
  const w = new World({ ballCapacity: 2, staticCapacity: 128 });
  const pts = [];
  for (let i = 0; i <= 100; i++) pts.push(-1 + 0.5 * i, 0);
  if (chained) w.addChain(pts, 0.05, { friction: 0 });
  else for (let i = 0; i < 100; i++) w.addCapsule(pts[2 * i], 0, pts[2 * i + 2], 0, 0.05, { friction: 0 });
  const s = w.slotOf(w.addBall(0, 0.3, 0.25, { vx: 10, friction: 0 }));
  let vy = 0, dv = 0;
  while (w.balls.x[s] < 47) {
    w.step();
    const b = w.balls;
    vy = Math.max(vy, Math.abs(b.vy[s]));
    dv = Math.max(dv, Math.abs(Math.hypot(b.vx[s], b.vy[s]) - 10) / 10);
  }
  w.destroy();
  return { vy, dv };
}

test('a ball rolls over 100 collinear chain pieces with no bump; separate pieces bump', () => {
  const chain = roll(true), plain = roll(false);
  console.log(`chain: max |vy| ${chain.vy.toExponential(2)} m/s, speed change ${chain.dv.toExponential(2)}; separate: ${plain.vy.toExponential(2)} m/s, ${plain.dv.toExponential(2)}`);
  assert.ok(chain.vy < 1e-4);
  assert.ok(chain.dv < 1e-4);
  assert.ok(plain.vy > 1e-2, 'separate pieces bump at their joints');
});

test('corners: concave two contacts, convex one; a closed loop of 64 keeps a ball inside', () => {
  for (const [convex, y, want] of [[false, Math.SQRT1_2, 2], [true, 0.5, 1]]) {
    const w = new World({ ballCapacity: 2 });
    const s = convex ? -1 : 1;
    const hs = w.addChain([-2, 2 * s, 0, 0, 2, 2 * s], 0);
    assert.equal(hs.length, 2);
    w.addBall(0, y, 0.5);
    for (let i = 0; i < 30; i++) w.step();
    assert.equal(w.contacts().length / 6, want, convex ? 'convex' : 'concave');
    w.destroy();
  }
  const w = new World({ ballCapacity: 2 });
  const pts = [];
  for (let i = 0; i < 64; i++) pts.push(5 * Math.cos((2 * Math.PI * i) / 64), 5 * Math.sin((2 * Math.PI * i) / 64));
  const hs = w.addChain(pts, 0, { loop: true });
  assert.equal(hs.length, 64);
  const st = w.statics();
  assert.deepEqual([st[0].chain, st[63].chain], [{ prev: 63, next: 1 }, { prev: 62, next: 0 }]);
  const s = w.slotOf(w.addBall(0, -4.4, 0.5, { vx: 12 }));
  let far = 0;
  for (let i = 0; i < 600; i++) {
    w.step();
    far = Math.max(far, Math.hypot(w.balls.x[s], w.balls.y[s]));
    assert.ok(w.contacts().length / 6 <= 2);
  }
  assert.ok(far < 4.505, `${far}`);
  // Snapshots keep the links; removing a piece opens the loop there.
  const copy = World.fromSnapshot(w.save());
  assert.deepEqual(copy.statics(), w.statics());
  copy.removeStatic(copy.queryCircle(5, 0, 0.01)[0]);
  assert.equal(copy.statics().filter((p) => p.chain.prev === -1 || p.chain.next === -1).length, 2);
  copy.destroy();
  w.destroy();
});

test('addChain: bad input is a TypeError or RangeError naming the argument, nothing changed', () => {
  const w = new World({ ballCapacity: 2 });
  w.addChain([0, 0, 1, 0], 0.1);
  const before = JSON.stringify(w.statics());
  const cases = [
    [() => w.addChain('0,0,1,1', 0.1), TypeError, /points must be an array/],
    [() => w.addChain([0, 0, 1], 0.1), RangeError, /x, y pairs: got 3/],
    [() => w.addChain([0, 0], 0.1), RangeError, /at least 2 points, got 1/],
    [() => w.addChain([0, 0, 1, 1], 0.1, { loop: true }), RangeError, /closed chain needs at least 3 points/],
    [() => w.addChain([0, 0, NaN, 1], 0.1), RangeError, /points\[2\]/],
    [() => w.addChain([0, 0, '1', 1], 0.1), TypeError, /points\[2\]/],
    [() => w.addChain([0, 0, 1, 1], -1), RangeError, /radius/],
    [() => w.addChain([0, 0, 1, 1], 0.1, { loop: 1 }), TypeError, /options\.loop/],
    [() => w.addChain([0, 0, 1, 1], 0.1, { sensor: true }), TypeError, /unknown option "sensor"/],
    [() => w.addChain([0, 0, 1, 1], 0.1, { friction: -1 }), RangeError, /options\.friction/],
    [() => w.addChain([0, 0, 3e38, 0, -3e38, 0], 1e38), RangeError, /within ±1e38/],
    [() => w.addChain([-1e38, 0, 1e38, 0], 1e38), RangeError, /overflows/],
  ];
  for (const [f, Type, message] of cases) assert.throws(f, (e) => e instanceof Type && message.test(e.message), String(message));
  assert.equal(JSON.stringify(w.statics()), before);
  w.destroy();
});
