// Events, filtering, sensors and sleep.
import assert from 'node:assert/strict';
import { wtest, makeWorld, G, DT, readEvents, readSensorEvents, fnv1a } from './helpers.js';

const R = 0.25;

wtest('a single drop: exactly one begin and one hit, hit speed within 1% of √(2gh)', () => {
  const h = 3;
  const world = makeWorld({ sleep: false });
  world.addSegment({ ax: -10, ay: 0, bx: 10, by: 0, restitution: 0 });
  world.addBall({ x: 0, y: R + h, radius: R, restitution: 0 });
  let begins = 0, hits = 0, ends = 0, speed = NaN;
  for (let k = 0; k < 180; k++) {
    world.step();
    const ev = readEvents(world);
    begins += ev.begin.length;
    ends += ev.end.length;
    hits += ev.hit.length;
    if (ev.hit.length) speed = ev.hit[0].speed;
  }
  const want = Math.sqrt(2 * G * h);
  console.log(`drop h ${h}: begins ${begins}, hits ${hits}, ends ${ends}, hit speed ${speed} vs √(2gh) ${want.toFixed(4)} (${(100 * (speed - want) / want).toFixed(3)}%)`);
  assert.equal(begins, 1);
  assert.equal(hits, 1);
  assert.equal(ends, 0);
  assert.ok(Math.abs(speed - want) <= 0.01 * want, `hit speed ${speed}`);
});

wtest('end events: on bounce-off, and on removing a touching ball', () => {
  const world = makeWorld({ sleep: false });
  world.addSegment({ ax: -10, ay: 0, bx: 10, by: 0, restitution: 1 });
  world.addBall({ x: 0, y: R + 2, radius: R, restitution: 1 }); // bounces off
  const resting = world.addBall({ x: 3, y: R, radius: R, restitution: 0 }); // touching from the start
  let bounceEnd = false;
  for (let k = 0; k < 60; k++) {
    world.step();
    if (readEvents(world).end.length > 0) bounceEnd = true;
  }
  assert.ok(bounceEnd, 'an end event when the bouncing ball leaves the floor');
  world.removeBall(resting);
  world.step();
  const ev = readEvents(world);
  console.log(`end on removal: ${JSON.stringify(ev.end)}`);
  assert.ok(ev.end.length >= 1, 'an end event for the removed ball');
});

wtest('event order is deterministic (by first id, then second id) and two identical runs give identical event bytes', () => {
  const run = () => {
    const world = makeWorld({ capacity: 100, sleep: false });
    world.addSegment({ ax: -10, ay: 0, bx: 10, by: 0 });
    for (let i = 0; i < 100; i++) world.addBall({ x: -9 + (i % 30) * 0.6, y: 1 + Math.floor(i / 30) * 0.6, radius: R });
    const all = [];
    for (let k = 0; k < 120; k++) {
      world.step();
      const ev = readEvents(world);
      for (const list of [ev.begin, ev.end]) {
        for (let i = 1; i < list.length; i++) {
          const p = list[i - 1], q = list[i];
          assert.ok(p.a < q.a || (p.a === q.a && p.b <= q.b), `order at step ${k}: ${JSON.stringify([p, q])}`);
        }
      }
      all.push(JSON.stringify(ev));
    }
    return all.join('\n');
  };
  assert.equal(run(), run());
});

wtest('overflow: more begins than the event capacity are counted, never written past the end', () => {
  const world = makeWorld({ capacity: 100, eventCapacity: 8, sleep: false });
  world.addSegment({ ax: -30, ay: 0, bx: 30, by: 0 });
  for (let i = 0; i < 40; i++) world.addBall({ x: -20 + i, y: R + 0.01, radius: R }); // 40 land in the same step
  let maxCount = 0;
  for (let k = 0; k < 10; k++) {
    world.step();
    maxCount = Math.max(maxCount, world.events.begin.count);
    assert.ok(world.events.begin.a.length <= 8, 'view no longer than the capacity');
  }
  console.log(`overflow: begin count ${maxCount}, capacity 8`);
  assert.equal(maxCount, 40);
});

wtest('filtering: balls in categories that do not collide pass through each other and through masked statics', () => {
  const world = makeWorld({ sleep: false, gravityY: 0 });
  world.addSegment({ ax: 5, ay: -5, bx: 5, by: 5, category: 1, mask: 0xffff & ~4 }); // a wall that ignores category 4
  world.addBall({ x: 0, y: 0, radius: R, vx: 6, category: 4, mask: 1 }); // collides with nothing but category 1 (masked by the wall)
  world.addBall({ x: 3, y: 0, radius: R, vx: 0, category: 2, mask: 1 }); // does not collide with category 4
  for (let k = 0; k < 120; k++) world.step();
  const b = world.balls;
  console.log(`filtering: ball x ${b.x[0].toFixed(4)} (expected 0 + 6·2 = 12), other ball x ${b.x[1]}`);
  assert.ok(Math.abs(b.x[0] - 12) < 1e-3, `passed through: x = ${b.x[0]}`);
  assert.equal(b.x[1], Math.fround(3), 'the other ball was not pushed');
});

function sensorDrop(withSensor) {
  const world = makeWorld({ sleep: false });
  world.addSegment({ ax: -10, ay: 0, bx: 10, by: 0, restitution: 0.5 });
  if (withSensor) world.addSegment({ ax: -1, ay: 2, bx: 1, by: 2, sensor: true });
  world.addBall({ x: 0.1, y: 4, radius: R, restitution: 0.5 });
  const b = world.balls;
  const xs = new Float32Array(300), ys = new Float32Array(300);
  let enter = 0, leave = 0;
  for (let k = 0; k < 300; k++) {
    world.step();
    xs[k] = b.x[0];
    ys[k] = b.y[0];
    if (withSensor) {
      const s = readSensorEvents(world);
      enter += s.enter.length;
      leave += s.leave.length;
    }
  }
  return { hash: fnv1a([xs, ys]), enter, leave, apex: Math.max(...ys.subarray(60)) };
}

wtest('sensor: one enter, one leave, and the path is bit-identical to the same drop without it', () => {
  const a = sensorDrop(true), b = sensorDrop(false);
  console.log(`sensor: enter ${a.enter}, leave ${a.leave}, path hash ${a.hash.toString(16)} vs ${b.hash.toString(16)}`);
  // The rebound apex (e = 0.5 from 4 − R) is (4 − R)/4 ≈ 0.94 + R: below the sensor at y = 2, so it is crossed once each way.
  assert.ok(a.apex < 2 - R, `rebound apex ${a.apex}`);
  assert.equal(a.enter, 1);
  assert.equal(a.leave, 1);
  assert.equal(a.hash, b.hash);
});

wtest('sleep: a still ball sleeps after the timeout, reads zero velocity, wakes on impact and on a write', () => {
  const world = makeWorld({ sleep: true });
  world.addSegment({ ax: -10, ay: 0, bx: 10, by: 0, restitution: 0 });
  world.addBall({ x: 0, y: R, radius: R, restitution: 0 });
  const timeout = world.sleepTime;
  assert.ok(typeof timeout === 'number' && timeout > 0, `world.sleepTime = ${timeout}`);
  const b = world.balls;
  let k = 0;
  while (!b.sleeping[0] && k < 2000) {
    world.step();
    k++;
  }
  console.log(`sleep: asleep after ${k} steps = ${(k * DT).toFixed(3)} s (timeout ${timeout} s)`);
  assert.ok(b.sleeping[0], 'asleep');
  assert.ok(k * DT >= timeout && k * DT <= timeout + 0.5, `slept after ${k * DT} s, timeout ${timeout}`);
  assert.equal(b.vx[0], 0);
  assert.equal(b.vy[0], 0);
  assert.equal(b.angularVelocity[0], 0);
  // Impact: a ball dropped onto it.
  world.addBall({ x: 0, y: 3, radius: R, restitution: 0 });
  let woke = false;
  for (let i = 0; i < 90 && !woke; i++) {
    world.step();
    woke = !b.sleeping[0];
  }
  assert.ok(woke, 'woken by an impact');
  // Write: sleep again, then write a velocity through the view.
  for (let i = 0; i < 2000 && !(b.sleeping[0] && b.sleeping[1]); i++) world.step();
  assert.ok(b.sleeping[0], 'asleep again');
  b.vx[0] = 1;
  world.step();
  assert.ok(!b.sleeping[0], 'woken by a write');
  assert.ok(b.x[0] > 0, 'and it moved');
});
