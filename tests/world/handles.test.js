// Issue 23 item 3: a handle never reaches another object. A handle of
// another world, live or destroyed, is rejected however many worlds the
// process makes (the old 8-bit world tag let the 257th world accept the
// first world's handles); a handle of a removed object is rejected; handles
// saved in a snapshot stay valid after restore() into the same world.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

test('handles are safe integers: slot + 2^20 * (kind + 2 * stamp), stamp < 2^32', () => {
  const w = new World({ ballCapacity: 4 });
  const b = w.addBall(0, 0, 1), b2 = w.addBall(3, 0, 1), s = w.addCircle(0, -5, 1);
  for (const h of [b, b2, s]) assert.ok(Number.isSafeInteger(h) && h >= 0 && h < 2 ** 53);
  assert.equal(b % 2 ** 20, 0);
  assert.equal(b2 % 2 ** 20, 1);
  assert.equal(Math.floor(b / 2 ** 20) % 2, 0, 'ball kind');
  assert.equal(Math.floor(s / 2 ** 20) % 2, 1, 'static kind');
  assert.equal(w.ballHandle(1), b2, 'the same number each time it is made');
  assert.deepEqual(w.queryCircle(0, 0, 1.5), [b]);
  assert.throws(() => w.removeBall(s), /static handle, not a ball handle/);
  // Capsule bodies and joints carry the static kind bit too (stamps from one counter per slot): the message
  // names the handle's real kind (was: 'is a static handle' for all three), nothing changed.
  const c = w.addCapsuleBody(0, 5, 0.5, 0.1), j = w.addDistanceJoint(c, { x: 0, y: 7 });
  assert.equal(Math.floor(c / 2 ** 20) % 2, 1, 'a capsule body handle has the static kind bit');
  const hash = w.stateHash();
  assert.throws(() => w.removeBall(c), { name: 'RangeError', message: /^handle \d+ is a capsule body handle, not a ball handle$/ });
  assert.throws(() => w.slotOf(j), { name: 'RangeError', message: /^handle \d+ is a joint handle, not a ball handle$/ });
  assert.throws(() => w.staticSlotOf(c), { name: 'RangeError', message: /is a capsule body handle, not a static handle/ });
  assert.throws(() => w.capsuleBodySlotOf(s), { name: 'RangeError', message: /is a static handle, not a capsule body handle/ });
  assert.throws(() => w.removeJoint(c), { name: 'RangeError', message: /is a capsule body handle, not a joint handle/ });
  assert.equal(w.stateHash(), hash);
  w.destroy();
});

test('a rollback loop (a World.fromSnapshot per frame, 3,000 frames): no world accepts another\'s handles, live or destroyed', () => {
  const first = new World({ ballCapacity: 8 });
  first.addLine(-10, 0, 10, 0);
  const firstBall = first.addBall(0, 1, 0.5), firstStatic = first.addSegment(-1, 3, 1, 3);
  const snap = first.save();
  first.destroy();
  let prev = null, prevBall = -1;
  const seen = new Set([firstBall]);
  for (let frame = 0; frame < 3000; frame++) {
    const w = World.fromSnapshot(snap);
    const own = w.ballHandle(0);
    assert.ok(!seen.has(own), `frame ${frame}: a handle number never given before`);
    seen.add(own);
    assert.equal(w.hasBall(own), true);
    assert.equal(w.hasBall(firstBall), false, `frame ${frame}: the first (destroyed) world's ball`);
    assert.throws(() => w.removeBall(firstBall), /another World/, `frame ${frame}`);
    assert.throws(() => w.removeStatic(firstStatic), /another World/, `frame ${frame}`);
    if (prev !== null) {
      assert.equal(w.hasBall(prevBall), false, `frame ${frame}: the previous (live) world's ball`);
      assert.equal(prev.hasBall(own), false);
      prev.destroy();
    }
    assert.equal(w.balls.live, 1, 'nothing removed by a foreign handle');
    w.step();
    prev = w;
    prevBall = own;
  }
  prev.destroy();
});

test('300 live worlds, each with a ball and a static in the same slots: each accepts only its own handles', () => {
  const worlds = [];
  for (let i = 0; i < 300; i++) {
    const w = new World({ ballCapacity: 2, staticCapacity: 2, eventCapacity: 1 });
    worlds.push({ w, ball: w.addBall(i, 0, 0.5), st: w.addCircle(i, -3, 0.5) });
  }
  // Each against itself and 5 others, among them the one 256 worlds away (the old tag's period).
  worlds.forEach((a, i) => {
    for (const d of [0, 1, 44, 256, 299, 300 - i]) {
      const b = worlds[(i + d) % 300];
      assert.equal(a.w.hasBall(b.ball), a === b);
      if (a !== b) assert.throws(() => a.w.removeStatic(b.st), /another World/);
    }
  });
  for (const a of worlds) {
    assert.equal(a.w.balls.live, 1);
    a.w.destroy();
  }
});

test('two worlds reusing the same slot in turn (2,000 removes and adds): every handle is new, stale ones are "removed", foreign ones "another World"', () => {
  const a = new World({ ballCapacity: 2 }), b = new World({ ballCapacity: 2 });
  const all = new Set();
  let ha = a.addBall(0, 0, 1), hb = b.addBall(0, 0, 1);
  all.add(ha).add(hb);
  for (let i = 0; i < 1000; i++) {
    const oldA = ha, oldB = hb;
    a.removeBall(ha);
    ha = a.addBall(0, 0, 1);
    b.removeBall(hb);
    hb = b.addBall(0, 0, 1);
    assert.ok(!all.has(ha) && !all.has(hb), `round ${i}: new numbers`);
    all.add(ha).add(hb);
    assert.equal(a.slotOf(ha), 0);
    assert.throws(() => a.slotOf(oldA), /removed/);
    assert.throws(() => a.slotOf(hb), /another World/);
    assert.throws(() => b.slotOf(oldA), /another World/);
    assert.throws(() => b.removeBall(ha), /another World/);
  }
  assert.equal(a.balls.live + b.balls.live, 2);
  a.destroy();
  b.destroy();
});

test('restore(): handles saved in the snapshot stay valid; a ball added after the save is "removed"; re-adding gives the same handle again', () => {
  const w = new World({ ballCapacity: 4 });
  w.addLine(-10, 0, 10, 0);
  const a = w.addBall(-2, 1, 0.5), b = w.addBall(2, 1, 0.5), seg = w.addSegment(-1, 5, 1, 5);
  const snap = w.save();
  w.removeBall(a);
  const c = w.addBall(0, 3, 0.5); // slot 0 again, a new generation
  w.removeStatic(seg);
  assert.equal(w.slotOf(c), 0);
  assert.throws(() => w.slotOf(a), /removed/);
  w.restore(snap);
  assert.equal(w.slotOf(a), 0, 'a saved handle is valid again');
  assert.equal(w.slotOf(b), 1);
  assert.equal(w.statics().length, 2);
  w.removeStatic(seg); // the saved static handle is valid again
  assert.throws(() => w.slotOf(c), /removed/, 'the ball added after the save is gone');
  w.removeBall(a);
  assert.equal(w.addBall(0, 3, 0.5), c, 'the same calls after a rollback give the same handle');
  // Another world restoring the same bytes: new handles, the old ones foreign.
  const copy = World.fromSnapshot(snap);
  assert.equal(copy.hasBall(a), false);
  assert.equal(copy.hasBall(b), false);
  assert.throws(() => copy.removeStatic(seg), /another World/);
  assert.notEqual(copy.ballHandle(1), b);
  assert.equal(w.hasBall(copy.ballHandle(1)), false);
  w.restore(copy.save()); // bytes of another world: its handles stay foreign here, this world's keep (slot, generation)
  assert.equal(w.hasBall(copy.ballHandle(1)), false);
  assert.equal(w.slotOf(b), 1);
  copy.destroy();
  w.destroy();
});
