// Chains through the JS API: a ball rolling at 10 m/s with friction 0 over
// 100 collinear pieces keeps |vy| < 1e-4 m/s and its speed within 1e-4
// (separate segments, for comparison, bump); corners; a closed loop of 64;
// one-sided chains (one-way platforms, solids and containers, at any speed);
// snapshots keep the links; bad input is refused with nothing changed.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

// statics() without the handles (a world from a snapshot has new handles for the same slots).
const shapes = (w) => w.statics().map(({ handle, ...s }) => s);

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
  assert.deepEqual([st[0].chain, st[63].chain], [{ prev: 63, next: 1, oneSided: false }, { prev: 62, next: 0, oneSided: false }]);
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
  assert.deepEqual(shapes(copy), shapes(w));
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
    [() => w.addChain([0, 0, 1, 1], 0.1, { oneSided: 'yes' }), TypeError, /options\.oneSided/],
    [() => w.addChain([0, 0, 1, 1], 0.1, { sensor: true }), TypeError, /unknown option "sensor"/],
    [() => w.addChain([0, 0, 1, 1], 0.1, { friction: -1 }), RangeError, /options\.friction/],
    [() => w.addChain([0, 0, 3e38, 0, -3e38, 0], 1e38), RangeError, /within ±1e38/],
    [() => w.addChain([-1e38, 0, 1e38, 0], 1e38), RangeError, /overflows/],
  ];
  for (const [f, Type, message] of cases) assert.throws(f, (e) => e instanceof Type && message.test(e.message), String(message));
  assert.equal(JSON.stringify(w.statics()), before);
  w.destroy();
});

// One-sided: the left of each piece's direction collides (the side a line
// keeps free). A chain drawn left to right is a floor that balls from below
// pass up through.
function platform(oneSided, vy, { ballY = -2 } = {}) {
  const w = new World({ ballCapacity: 2 });
  w.addChain([-6, 0, -2, 0, 2, 0, 6, 0], 0.1, { oneSided });
  const s = w.slotOf(w.addBall(0.5, ballY, 0.25, { vy }));
  let top = -Infinity, low = Infinity;
  for (let i = 0; i < 240; i++) {
    w.step();
    top = Math.max(top, w.balls.y[s]);
    if (i > 60) low = Math.min(low, w.balls.y[s]);
  }
  const end = { y: w.balls.y[s], vy: w.balls.vy[s], top, low };
  w.destroy();
  return end;
}

test('one-sided chain: a ball from below passes up through and then rests on top; two-sided blocks it', () => {
  const one = platform(true, 12), two = platform(false, 12);
  // rises to about 12² / 20 - 2 = 5.2 above the platform, falls back and lands on it: 0.1 + 0.25 up
  assert.ok(one.top > 4, `one-sided: highest ${one.top}`);
  assert.ok(Math.abs(one.y - 0.35) < 0.01 && Math.abs(one.vy) < 0.01, `one-sided: rests at ${one.y} (vy ${one.vy})`);
  assert.ok(one.low > 0.34, `one-sided: after landing never below ${one.low}`);
  assert.ok(two.top < -0.34, `two-sided: blocked below, highest ${two.top}`);
});

test('one-sided chain at any speed: from above it stops a ball at 1 to 1,000 radii per step, from below it lets it through', () => {
  for (const speed of [15, 150, 1500, 15000]) {
    for (const [from, vy] of [[3, -speed], [-3, speed]]) {
      const w = new World({ ballCapacity: 2, gravityY: 0 });
      w.addChain([-6, 0, -2, 0, 2, 0, 6, 0], 0.05, { oneSided: true, restitution: 0 });
      const s = w.slotOf(w.addBall(0.3, from, 0.25, { vy, restitution: 0 }));
      for (let i = 0; i < Math.ceil(240 / speed) + 2; i++) w.step(); // past the platform, or stopped on it
      const y = w.balls.y[s];
      if (from > 0) assert.ok(y >= 0.3 - 0.005 * 1.01, `${speed} m/s from above: stopped at ${y}`);
      else assert.ok(y > 0.3, `${speed} m/s from below: through, at ${y}`);
      w.destroy();
    }
  }
});

test('one-sided loops: counter-clockwise keeps a ball in, clockwise keeps it out (it rests on top, or falls out from inside)', () => {
  const circle = (cw) => {
    const pts = [];
    for (let i = 0; i < 48; i++) {
      const a = ((cw ? -2 : 2) * Math.PI * i) / 48;
      pts.push(4 * Math.cos(a), 4 * Math.sin(a));
    }
    return pts;
  };
  const run = (cw, y) => {
    const w = new World({ ballCapacity: 2 });
    const hs = w.addChain(circle(cw), 0.05, { loop: true, oneSided: true });
    assert.equal(w.statics().filter((p) => p.chain?.oneSided).length, hs.length);
    const s = w.slotOf(w.addBall(0.2, y, 0.4, { vx: 3 }));
    for (let i = 0; i < 300; i++) w.step();
    const r = Math.hypot(w.balls.x[s], w.balls.y[s]);
    const copy = World.fromSnapshot(w.save());
    assert.deepEqual(shapes(copy), shapes(w), 'a snapshot keeps one-sidedness');
    copy.destroy();
    w.destroy();
    return r;
  };
  assert.ok(run(false, 0) <= 4 - 0.45 + 0.01, 'counter-clockwise: inside');
  assert.ok(run(true, 0) > 10, 'clockwise, from inside: falls out');
  const onTop = run(true, 6);
  assert.ok(onTop >= 4 + 0.45 - 0.01, `clockwise, from outside: kept out (${onTop})`);
});
