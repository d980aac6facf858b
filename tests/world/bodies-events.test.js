// Capsule bodies' events through the JS API (world-views.js EventList;
// native: tests/native/test_world_bodies_events.c): begin / end / hit with
// the body's handle first, the kinds toArray names, sensors, removal, a
// pile that sleeps, snapshots, overflow.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

const all = (w) => ({
  begin: w.events.begin.toArray(), end: w.events.end.toArray(), hit: w.events.hit.toArray(),
  sensorEnter: w.events.sensorEnter.toArray(), sensorLeave: w.events.sensorLeave.toArray(),
});

test('a body dropped on a floor: one begin and one hit, no end at rest or asleep; lifted: one end', () => {
  const w = new World();
  const floor = w.addLine(-20, 0, 20, 0, { userData: 7 });
  const h = w.addCapsuleBody(0, 3, 0.5, 0.25, { userData: 5 });
  const b = w.capsuleBodies, s = w.capsuleBodySlotOf(h);
  let begins = 0, ends = 0, hits = [];
  for (let i = 0; i < 600; i++) {
    w.step();
    w.events.begin.forEach((first, other, speed, x, y, nx, ny, fd, od) => {
      assert.equal(first, h);
      assert.equal(other, floor);
      assert.deepEqual([fd, od], [5, 7]);
      begins++;
    });
    ends += w.events.end.count;
    hits.push(...w.events.hit.toArray());
  }
  assert.equal(b.awake(s), false);
  assert.equal(begins, 1);
  assert.equal(ends, 0);
  assert.equal(hits.length, 1);
  const e = hits[0];
  assert.equal(e.kind, 'body-static');
  assert.equal(e.ballHandle, h);
  assert.equal(e.otherHandle, floor);
  assert.ok(Math.abs(e.speed - Math.sqrt(2 * 10 * 2.75)) < 0.35, `speed ${e.speed}`);
  assert.ok(Math.abs(e.ny - 1) < 1e-6 && Math.abs(e.y) < 0.2);
  b.y[s] = 10;
  w.step();
  const end = w.events.end.toArray();
  assert.equal(end.length, 1);
  assert.equal(end[0].kind, 'body-static');
  assert.equal(end[0].ballHandle, h);
  w.destroy();
});

test('body-body and body-ball: kinds, slots, handles, normals toward the first; removal ends name the body as it was', () => {
  const w = new World();
  w.addLine(-20, 0, 20, 0);
  const lo = w.addCapsuleBody(0, 0.25, 0.5, 0.25);
  const up = w.addCapsuleBody(0, 2, 0.5, 0.25, { userData: 2 });
  const ball = w.addBall(0, 4, 0.2);
  const hits = [];
  for (let i = 0; i < 240; i++) {
    w.step();
    hits.push(...w.events.hit.toArray());
    for (const e of w.events.end.toArray()) assert.equal(e.kind, 'body-ball'); // the ball bounces
  }
  const bb = hits.filter((e) => e.kind === 'body-body'), bl = hits.filter((e) => e.kind === 'body-ball');
  assert.equal(bb.length, 1);
  assert.equal(bb[0].ballHandle, lo);
  assert.equal(bb[0].otherHandle, up);
  assert.deepEqual([bb[0].ball, bb[0].other], [w.capsuleBodySlotOf(lo), w.capsuleBodySlotOf(up)]);
  assert.ok(bb[0].ny < -0.9, `body-body normal from the upper toward the lower ${bb[0].ny}`);
  assert.ok(bl.length >= 1 && bl[0].ballHandle === up && bl[0].otherHandle === ball && bl[0].ny < -0.9);
  w.removeCapsuleBody(up);
  const again = w.addCapsuleBody(5, 5, 0.5, 0.25);
  assert.equal(w.capsuleBodySlotOf(again), 1);
  w.step();
  const ends = w.events.end.toArray();
  const e4 = ends.filter((e) => e.kind === 'body-body'), e3 = ends.filter((e) => e.kind === 'body-ball');
  assert.equal(e4.length, 1);
  assert.equal(e4[0].otherHandle, up); // the removed body's handle, not the new one's
  assert.equal(e4[0].otherData, 2);
  assert.equal(e3.length, 1);
  assert.equal(e3[0].ballHandle, up);
  let n = 0;
  w.events.end.forEach((first, other) => { if (n++ === 0) assert.ok(first === up || first === lo); assert.notEqual(first, again); assert.notEqual(other, again); });
  w.destroy();
});

test('a body through a sensor: one enter, one leave, the body first', () => {
  const w = new World();
  const sn = w.addCapsule(-20, 5, 20, 5, 0.5, { sensor: true });
  const h = w.addCapsuleBody(0, 9, 0.5, 0.25);
  let enter = 0, leave = 0;
  for (let i = 0; i < 120; i++) {
    w.step();
    assert.equal(w.events.begin.count, 0);
    w.events.sensorEnter.forEach((first, other) => { assert.equal(first, h); assert.equal(other, sn); enter++; });
    for (const e of w.events.sensorLeave.toArray()) { assert.equal(e.kind, 'body-static'); assert.equal(e.ballHandle, h); leave++; }
  }
  assert.deepEqual([enter, leave], [1, 1]);
  w.destroy();
});

test('save mid-contact and restore: the same next events as the original', () => {
  const w = new World({ eventCapacity: 64 });
  w.addLine(-20, 0, 20, 0);
  w.addSegment(-20, 0.5, 20, 0.5, { sensor: true });
  w.addCapsuleBody(0, 0.3, 0.5, 0.25);
  w.addCapsuleBody(0.3, 1.5, 0.5, 0.25);
  w.addBall(2, 1, 0.2);
  for (let i = 0; i < 30; i++) w.step();
  const bytes = w.save();
  const r = new World({ eventCapacity: 64 });
  r.restore(bytes);
  for (let i = 0; i < 100; i++) {
    w.step();
    r.step();
    assert.deepEqual(all(r), all(w), `step ${i}`);
  }
  w.destroy();
  r.destroy();
});

test('more body events than the capacity: counted, capacity written', () => {
  const w = new World({ eventCapacity: 2 });
  w.addLine(-20, 0, 20, 0);
  for (let i = 0; i < 5; i++) w.addCapsuleBody(-8 + 4 * i, 0.3, 0.5, 0.25);
  for (let i = 0; i < 20 && w.events.begin.count === 0; i++) w.step();
  assert.equal(w.events.begin.count, 5);
  assert.equal(w.events.begin.written, 2);
  assert.equal(w.events.begin.overflowed, true);
  assert.equal(w.events.begin.toArray().length, 2);
  w.destroy();
});
