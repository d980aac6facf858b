// Issue 23 item 3: no view ever reaches another object, and a write into a
// read-only view (radius, flags) is refused by the next step like a bad
// position: a RangeError naming slot and field, the world unchanged.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

/** A small pile: a floor and 6 touching balls, stepped to contact. */
function pile() {
  const w = new World({ ballCapacity: 8 });
  w.addLine(-10, 0, 10, 0);
  const hs = [];
  for (let i = 0; i < 6; i++) hs.push(w.addBall(-2.5 + i, 0.5 + (i % 2) * 0.9, 0.5));
  for (let i = 0; i < 5; i++) w.step();
  return { w, hs };
}

test('restore() detaches views kept in variables: they never show or change another world', () => {
  const { w } = pile();
  const s = w.save();
  w.restore(s); // warmed up: the next restore needs no memory growth (which would detach every view anyway)
  for (let i = 0; i < 3; i++) new World({ ballCapacity: 8 }).destroy();
  const { x, vy, radius, flags } = w.balls;
  const hit = w.events.hit.u32;
  w.restore(s);
  for (const v of [x, vy, radius, flags, hit]) assert.equal(v.length, 0, 'a view kept across restore() is detached');
  const other = new World({ ballCapacity: 8 });
  for (let i = 0; i < 6; i++) other.addBall(100 + i, 50, 0.25);
  assert.throws(() => x.fill(-1234), TypeError, 'fill on a detached view throws'); // was: wrote into `other`
  for (let i = 0; i < 8; i++) { x[i] = -1234; radius[i] = Infinity; flags[i] = 0; }
  for (let i = 0; i < 6; i++) assert.equal(other.balls.x[i], 100 + i);
  other.step();
  assert.ok(other.balls.x.subarray(0, 6).every(Number.isFinite));
  // The restored world's own views are re-made and live.
  assert.equal(w.balls.x.length, w.balls.capacity);
  w.step();
  assert.ok(w.balls.x.subarray(0, 6).every(Number.isFinite));
  // A refused restore moves nothing: views stay live.
  const y = w.balls.y;
  assert.throws(() => w.restore(s.subarray(0, 40)), RangeError);
  assert.equal(y.length, w.balls.capacity);
  w.destroy();
  other.destroy();
});

/** Writes `value` into view `field` at `slot`, expects step() to refuse naming it, with nothing changed; then undoes it. */
function refused(w, field, slot, value, re) {
  const view = w.balls[field];
  const was = view[slot];
  const before = w.save(), hash = w.stateHash();
  view[slot] = value;
  assert.throws(() => w.step(), (e) => e instanceof RangeError && new RegExp(`^step: balls\\.${field}\\[${slot}\\] `).test(e.message) &&
    /world unchanged/.test(e.message) && re.test(e.message), `${field}[${slot}] = ${value}`);
  view[slot] = was;
  assert.deepEqual(w.save(), before, 'the world is unchanged');
  assert.equal(w.stateHash(), hash);
}

test('step() checks the read-only radius view: finite, > 0, within 1e38, or a RangeError naming slot and field', () => {
  const { w } = pile();
  for (const bad of [Infinity, -Infinity, NaN, 0, -0.5, -1e-30, 3e38]) refused(w, 'radius', 2, bad, /radius is read-only/);
  // The case of the issue: an infinite radius, written, then stepped, never spreads NaN.
  w.balls.radius[3] = Infinity;
  assert.throws(() => w.step(), /balls\.radius\[3\]/);
  w.balls.radius[3] = 0.5;
  for (let i = 0; i < 30; i++) w.step();
  for (const f of ['x', 'y', 'vx', 'vy']) assert.ok(w.balls[f].subarray(0, 6).every(Number.isFinite), f);
  // Another positive radius steps (read-only by contract, but nothing breaks).
  w.balls.radius[3] = 0.4;
  w.step();
  assert.ok(w.balls.x.subarray(0, 6).every(Number.isFinite));
  w.destroy();
});

test('step() checks the read-only flags view: known bits only, ALIVE where a ball lives and nowhere else', () => {
  const { w, hs } = pile();
  w.removeBall(hs[4]); // slot 4 empty, slots 0-3 and 5 hold balls
  w.step();
  const ALIVE = 1, AWAKE = 2, BULLET = 4;
  const f = w.balls.flags;
  assert.equal(f[4], 0);
  refused(w, 'flags', 1, f[1] | 8, /holds a ball/); // an unknown bit
  refused(w, 'flags', 1, f[1] | 0x80000000, /holds a ball/);
  refused(w, 'flags', 1, f[1] & ~ALIVE, /ALIVE \(1\).*slot 1 holds a ball/); // a ball that vanishes
  refused(w, 'flags', 5, 0, /slot 5 holds a ball/); // the last slot's ball cleared
  refused(w, 'flags', 4, ALIVE, /0 \(slot 4 holds no ball\)/); // a ghost in an empty slot
  refused(w, 'flags', 4, ALIVE | AWAKE, /slot 4 holds no ball/);
  refused(w, 'flags', 4, AWAKE, /slot 4 holds no ball/);
  // Two writes at once: the lowest slot is named.
  f[0] &= ~ALIVE;
  f[4] = ALIVE | AWAKE;
  assert.throws(() => w.step(), /balls\.flags\[0\]/);
  f[0] |= ALIVE;
  assert.throws(() => w.step(), /balls\.flags\[4\]/);
  f[4] = 0;
  w.step();
  assert.equal(w.balls.live, 5);
  // Past the slots in use (slotCount 6) nothing reads the flags: alive() says no, the next add there writes them.
  f[7] = ALIVE | AWAKE | 8;
  assert.equal(w.balls.alive(7), false);
  assert.equal(w.balls.awake(7), false);
  w.step();
  assert.equal(w.balls.slotCount, 6);
  w.addBall(-5, 5, 0.3); // slot 4
  w.addBall(5, 5, 0.3); // slot 6
  const h7 = w.addBall(7, 5, 0.3);
  assert.equal(w.slotOf(h7), 7);
  assert.equal(f[7], ALIVE | AWAKE);
  // AWAKE and BULLET are read-only by contract, not checked: either steps.
  f[1] ^= BULLET;
  w.step();
  assert.ok(w.balls.x.subarray(0, 6).every(Number.isFinite));
  w.destroy();
});
