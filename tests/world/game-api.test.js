// The game-facing World API of issue 26: events that name objects by handle
// and userData, runtime settings, handle helpers, BallFlags, a non-extensible
// World and balls.slotCount.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World, BallFlags } from 'capsule2d';

await init();

/** A ball dropped on a bouncy bumper (a static circle) above a floor. */
function bumperScene() {
  const w = new World({ ballCapacity: 8 });
  const floor = w.addLine(-10, 0, 10, 0, { userData: 1 });
  const bumper = w.addCircle(0, 2, 0.5, { restitution: 1, userData: 0xb0b0 });
  const ball = w.addBall(0.1, 4, 0.25, { userData: 7 });
  return { w, floor, bumper, ball };
}

test('events name both objects by handle and userData: forEach with plain numbers, toArray', () => {
  const { w, floor, bumper, ball } = bumperScene();
  const seen = [];
  for (let i = 0; i < 120; i++) {
    w.step();
    w.events.hit.forEach((b, other, speed, x, y, nx, ny, bd, od) => seen.push({ b, other, speed, x, y, nx, ny, bd, od }));
  }
  assert.ok(seen.length >= 2, `hits: ${seen.length}`);
  const first = seen[0];
  assert.equal(first.b, ball);
  assert.equal(first.other, bumper, 'the static is named by the handle addCircle returned');
  assert.equal(first.bd, 7);
  assert.equal(first.od, 0xb0b0);
  assert.ok(first.speed > 4 && first.speed < 6.5, `approach speed ${first.speed}`); // fell ~1.25 m: ~5 m/s
  assert.ok(Math.abs(Math.hypot(first.nx, first.ny) - 1) < 1e-5 && first.ny > 0.9, 'normal from the bumper up to the ball');
  assert.ok(Math.abs(first.y - 2.5) < 0.05, `contact point on the bumper's top, y ${first.y}`);
  assert.ok(seen.some((e) => e.other === floor && e.od === 1), 'the floor hit too');
  for (const e of seen) for (const v of Object.values(e)) assert.equal(typeof v, 'number');
  // The slots in raw records map to the same handles.
  assert.equal(w.staticHandle(w.staticSlotOf(bumper)), bumper);
  assert.equal(w.isBallHandle(ball), true);
  assert.equal(w.isBallHandle(bumper), false);
  w.destroy();
});

test('toArray has handles and userData; begin and end events too, for ball-ball pairs (lower slot first)', () => {
  const w = new World({ ballCapacity: 8, gravityY: 0 });
  const a = w.addBall(0, 0, 0.5, { vx: 3, userData: 10 });
  const b = w.addBall(2, 0, 0.5, { userData: 20 });
  let begin = null;
  for (let i = 0; i < 60 && !begin; i++) {
    w.step();
    if (w.events.begin.written) begin = w.events.begin.toArray()[0];
  }
  assert.deepEqual({ ...begin }, { kind: 'ball', ball: 0, other: 1, ballHandle: a, otherHandle: b, ballData: 10, otherData: 20 });
  const got = [];
  w.events.begin.forEach((x, y, speed, px, py, nx, ny, xd, yd) => got.push([x, y, speed, px, py, nx, ny, xd, yd]));
  assert.deepEqual(got, [[a, b, 0, 0, 0, 0, 0, 10, 20]], 'not a hit: speed, point and normal are 0');
  assert.equal(w.isBallHandle(got[0][1]), true);
  w.destroy();
});

test('a removed ball\'s end event names it (its handle, its userData), not the ball that took its slot', () => {
  const { w, bumper } = bumperScene();
  const sitter = w.addBall(3, 0.25, 0.25, { userData: 111 }); // rests on the floor
  for (let i = 0; i < 30; i++) w.step();
  assert.ok(w.balls.y[w.slotOf(sitter)] < 0.26, 'it rests on the floor');
  const slot = w.slotOf(sitter);
  w.removeBall(sitter);
  const newcomer = w.addBall(-3, 5, 0.25, { userData: 222 }); // takes the same slot before the step
  assert.equal(w.slotOf(newcomer), slot);
  // A snapshot between the removal and the step keeps the queued event as it was.
  const copy = World.fromSnapshot(w.save());
  w.step();
  const ends = w.events.end.toArray();
  const mine = ends.filter((e) => e.ball === slot);
  assert.equal(mine.length, 1, JSON.stringify(ends));
  assert.equal(mine[0].ballHandle, sitter, 'the removed ball\'s handle');
  assert.notEqual(mine[0].ballHandle, newcomer);
  assert.equal(mine[0].ballData, 111);
  assert.equal(mine[0].otherData, 1, 'the floor');
  assert.equal(w.hasBall(mine[0].ballHandle), false);
  copy.step();
  const copyEnds = copy.events.end.toArray().filter((e) => e.ball === slot);
  assert.equal(copyEnds.length, 1);
  assert.equal(copyEnds[0].ballData, 111, 'the snapshot kept the removed ball\'s userData for its end event');
  assert.notEqual(copyEnds[0].ballHandle, copy.ballHandle(slot), 'and its generation, not the newcomer\'s');
  copy.destroy();
  assert.ok(bumper >= 0);
  w.destroy();
});

test('a removed static\'s end and sensor-leave events name it, even when a new static took its slot', () => {
  const w = new World({ ballCapacity: 4 });
  const plank = w.addSegment(-2, 0, 2, 0, { userData: 5 });
  const zone = w.addCircle(0, 0.3, 1, { sensor: true, userData: 6 });
  w.addBall(0, 0.25, 0.25, { userData: 9 });
  for (let i = 0; i < 5; i++) w.step();
  w.removeStatic(plank);
  w.removeStatic(zone);
  const a = w.addSegment(-3, -5, 3, -5, { userData: 50 }); // the lowest free slots: the plank's, then the zone's
  const b = w.addSegment(-3, -6, 3, -6, { userData: 60 });
  w.step();
  const end = w.events.end.toArray().find((e) => e.kind === 'static');
  assert.equal(end.otherHandle, plank);
  assert.equal(end.otherData, 5);
  assert.equal(end.ballData, 9);
  const leave = w.events.sensorLeave.toArray();
  assert.equal(leave.length, 1);
  assert.equal(leave[0].otherHandle, zone);
  assert.equal(leave[0].otherData, 6);
  assert.deepEqual([w.staticSlotOf(a), w.staticSlotOf(b)], [end.other, leave[0].other], 'the new statics took the slots');
  w.destroy();
});

test('forEach: the callback may add balls (memory may grow) or stop early by throwing; bad fn is a TypeError', () => {
  const w = new World({ ballCapacity: 2, gravityY: 0 });
  for (let i = 0; i < 2; i++) w.addBall(2 * i, 0, 0.5, { vx: i ? 0 : 3 });
  for (let i = 0; i < 40 && w.events.begin.written === 0; i++) w.step();
  let calls = 0;
  w.events.begin.forEach(() => {
    calls++;
    for (let k = 0; k < 64; k++) w.addBall(100 + 2 * k, 50, 0.5); // beyond the capacity: the ball arrays move
  });
  assert.equal(calls, 1);
  assert.throws(() => w.events.hit.forEach(null), TypeError);
  assert.throws(() => w.events.begin.forEach(() => { throw new Error('stop'); }), /stop/);
  w.destroy();
});

test('userData: options, the balls.userData view, userData()/setUserData() for balls and statics, kept by snapshots', () => {
  const w = new World({ ballCapacity: 4 });
  const s = w.addCapsule(0, 0, 1, 0, 0.1, { userData: 0xffffffff });
  const k = w.addKinematicCapsule(0, 3, 0, 1, 0.1, { userData: 3 });
  const c = w.addChain([0, 5, 1, 5, 2, 5], 0.05, { userData: 4 });
  const p = w.addPivotedCapsule(0, 8, 0, 1, 0.1, { userData: 8 });
  const b = w.addBall(0, 2, 0.25, { userData: 42 });
  const plain = w.addBall(2, 2, 0.25);
  assert.deepEqual([s, k, ...c, p, b, plain].map((h) => w.userData(h)), [0xffffffff, 3, 4, 4, 8, 42, 0]);
  assert.equal(w.balls.userData[w.slotOf(b)], 42);
  w.balls.userData[w.slotOf(plain)] = 77;
  assert.equal(w.userData(plain), 77);
  w.setUserData(s, 12);
  w.setUserData(b, 13);
  assert.deepEqual(w.statics().map((o) => [o.handle, o.userData]).slice(0, 2), [[s, 12], [k, 3]]);
  const copy = World.fromSnapshot(w.save());
  assert.deepEqual(Array.from(copy.balls.userData.subarray(0, 2)), [13, 77]);
  assert.deepEqual(copy.statics().map((o) => o.userData), [12, 3, 4, 4, 8]);
  copy.destroy();
  // Removing clears the slot's userData (a new ball there starts at 0 or its option).
  w.removeBall(plain);
  assert.equal(w.addBall(2, 2, 0.25) % 2 ** 20, 1);
  assert.equal(w.balls.userData[1], 0);
  // Validation: named, nothing changed.
  for (const [bad, Err] of [['1', TypeError], [-1, RangeError], [1.5, RangeError], [2 ** 32, RangeError], [NaN, RangeError]]) {
    assert.throws(() => w.addBall(0, 0, 1, { userData: bad }), (e) => e instanceof Err && /options\.userData/.test(e.message));
    assert.throws(() => w.addCircle(0, 0, 1, { userData: bad }), (e) => e instanceof Err && /options\.userData/.test(e.message));
    assert.throws(() => w.setUserData(b, bad), (e) => e instanceof Err && /value/.test(e.message));
  }
  assert.equal(w.userData(b), 13);
  assert.equal(w.balls.live, 2);
  w.removeStatic(s);
  assert.throws(() => w.userData(s), /removed static/);
  assert.throws(() => w.setUserData(s, 1), /removed static/);
  w.destroy();
});

test('setGravity and configure change the next steps, with the constructor\'s checks; a change wakes sleeping balls', () => {
  const w = new World({ ballCapacity: 4 });
  w.addLine(-10, 0, 10, 0);
  const b = w.addBall(0, 0.25, 0.25);
  for (let i = 0; i < 120; i++) w.step();
  assert.equal(w.ballState(b).awake, false, 'asleep on the floor');
  w.setGravity(0, 10); // the table turned over
  assert.equal(w.ballState(b).awake, true, 'woken by the change');
  for (let i = 0; i < 30; i++) w.step();
  const y = w.ballState(b).y;
  assert.ok(y > 0.25 + 0.5 * 10 * 0.5 * 0.5 * 0.9, `falls up: y ${y}`);
  assert.deepEqual([w.settings.gravityX, w.settings.gravityY], [0, 10]);
  // configure: all or nothing, the constructor's messages.
  const before = w.settings;
  assert.throws(() => w.configure({ subSteps: 0 }), (e) => e instanceof RangeError && /options\.subSteps/.test(e.message));
  assert.throws(() => w.configure({ contactHertz: 30, staticHertz: -1 }), (e) => e instanceof RangeError && /options\.staticHertz/.test(e.message));
  assert.throws(() => w.configure({ sleep: 1 }), (e) => e instanceof TypeError && /options\.sleep/.test(e.message));
  assert.throws(() => w.configure({ gravity: 1 }), (e) => e instanceof TypeError && /unknown option "gravity"/.test(e.message));
  for (const k of ['dt', 'unitsPerMeter', 'ballCapacity', 'staticCapacity', 'eventCapacity']) {
    assert.throws(() => w.configure({ [k]: 1 }), (e) => e instanceof TypeError && e.message.includes(`${k} is fixed at construction`));
  }
  assert.throws(() => w.setGravity(0, NaN), (e) => e instanceof RangeError && /\by\b/.test(e.message));
  assert.throws(() => w.setGravity('0', 1), TypeError);
  assert.deepEqual(w.settings, before, 'nothing changed');
  w.configure({ subSteps: 8, contactHertz: 90, sleep: false, sleepTime: 1, hitSpeedThreshold: 2 });
  assert.deepEqual(w.settings, { ...before, subSteps: 8, contactHertz: 90, sleep: false, sleepTime: 1, hitSpeedThreshold: 2 });
  w.destroy();
});

test('configure before stepping equals constructing with those settings (same bits); snapshots keep the settings', () => {
  const settings = { gravityX: 1.5, gravityY: -4, subSteps: 6, contactHertz: 45, staticHertz: 100, dampingRatio: 5, pushSpeed: 2,
    restitutionThreshold: 0.5, hitSpeedThreshold: 0.5, sleepSpeed: 0.1, sleepTime: 0.25, sleep: true };
  const scene = (w) => {
    w.addLine(-5, 0, 5, 0);
    w.addLine(-5, 10, -5, 0);
    w.addLine(5, 0, 5, 10);
    for (let i = 0; i < 40; i++) w.addBall(-4 + (i % 8), 1 + Math.floor(i / 8), 0.3, { restitution: 0.3 });
  };
  const a = new World({ ballCapacity: 64, ...settings });
  const b = new World({ ballCapacity: 64 });
  scene(a); scene(b);
  b.configure(settings);
  for (let i = 0; i < 200; i++) { a.step(); b.step(); }
  assert.equal(b.stateHash(), a.stateHash());
  // A snapshot carries them: a fresh world from it has them and steps the same.
  b.configure({ gravityY: -9 });
  const c = World.fromSnapshot(b.save());
  assert.deepEqual(c.settings, b.settings);
  assert.equal(c.settings.gravityY, -9);
  for (let i = 0; i < 50; i++) { b.step(); c.step(); }
  assert.equal(c.stateHash(), b.stateHash());
  // Changing settings mid-run changes the run (the setting is used).
  const d = World.fromSnapshot(a.save());
  d.configure({ subSteps: 2 });
  for (let i = 0; i < 50; i++) { a.step(); d.step(); }
  assert.notEqual(d.stateHash(), a.stateHash());
  for (const w of [a, b, c, d]) w.destroy();
});

test('a World is not extensible: a misspelt or unknown property assignment throws in strict code', () => {
  const w = new World({ ballCapacity: 1 });
  assert.throws(() => { w.gravityY = -1; }, TypeError);
  assert.throws(() => { w.gravity = [0, -1]; }, TypeError);
  assert.throws(() => { w.balls = null; }, TypeError, 'a getter without a setter');
  assert.equal(Object.isExtensible(w), false);
  assert.equal(w.settings.gravityY, -10, 'nothing changed');
  // A subclass may add its own fields.
  class Table extends World { score = 0; }
  const t = new Table({ ballCapacity: 1 });
  t.score += 10;
  assert.equal(t.score, 10);
  t.destroy();
  w.destroy();
});

test('applyImpulse, applyAngularImpulse, setVelocity, setPosition: by handle, exact, waking the ball', () => {
  const w = new World({ ballCapacity: 4, gravityY: 0 });
  const wall = w.addSegment(1, -5, 1, 5);
  const b = w.addBall(0, 0, 0.5, { density: 2, awake: false });
  const m = Math.fround(2 * Math.PI * 0.25); // density π r²
  assert.equal(w.ballState(b).awake, false);
  w.applyImpulse(b, 3, -1);
  let st = w.ballState(b);
  assert.equal(st.awake, true);
  assert.ok(Math.abs(st.vx - 3 / m) < 1e-6 && Math.abs(st.vy + 1 / m) < 1e-6, `${st.vx} ${st.vy}`);
  assert.ok(Math.abs(st.mass - m) < 1e-6);
  w.applyAngularImpulse(b, 0.5); // inertia m r² / 2
  assert.ok(Math.abs(w.ballState(b).angularVelocity - 0.5 / (m * 0.25 / 2)) < 1e-5);
  w.setVelocity(b, 0, 0);
  w.setPosition(b, 3, 0); // across the wall: a teleport, no sweep
  w.step();
  st = w.ballState(b);
  assert.deepEqual([st.x, st.y, st.vx, st.vy], [3, 0, 0, 0]);
  assert.deepEqual(Object.keys(st), ['handle', 'slot', 'x', 'y', 'vx', 'vy', 'angle', 'angularVelocity', 'radius', 'mass', 'awake', 'bullet', 'userData']);
  assert.equal(st.handle, b);
  // A sleeping ball is woken by each of them.
  for (const call of [(h) => w.applyImpulse(h, 0, 0), (h) => w.applyAngularImpulse(h, 0), (h) => w.setVelocity(h, 0, 0), (h) => w.setPosition(h, 3, 0)]) {
    w.balls.flags[w.slotOf(b)] = BallFlags.ALIVE; // asleep
    call(b);
    assert.equal(w.balls.flags[w.slotOf(b)], BallFlags.ALIVE | BallFlags.AWAKE);
  }
  // Errors: named, nothing changed.
  const tiny = w.addBall(-50, 0, 0.01); // mass 3.1e-4: a 1e38 kick overflows
  const body = w.addCapsuleBody(50, 50, 0.5, 0.1, { gravityScale: 0 }), rope = w.addDistanceJoint(body, { x: 50, y: 52 });
  const hash = w.stateHash();
  const cases = [
    [() => w.applyImpulse(b, '1', 0), TypeError, /ix/], [() => w.applyImpulse(b, 0, NaN), RangeError, /iy/],
    [() => w.applyImpulse(tiny, 1e38, 0), RangeError, /resulting vx/], [() => w.applyAngularImpulse(b, Infinity), RangeError, /\bj\b/],
    [() => w.setVelocity(b, 0, 2e38), RangeError, /vy/], [() => w.setPosition(b, null, 0), TypeError, /\bx\b/],
    [() => w.setPosition(wall, 0, 0), RangeError, /static handle, not a ball handle/], [() => w.ballState(wall), RangeError, /static handle/],
    // capsule bodies and joints share the statics' kind bit: the message names what the handle is
    [() => w.ballState(body), RangeError, /^handle \d+ is a capsule body handle, not a ball handle$/],
    [() => w.applyImpulse(rope, 1, 0), RangeError, /^handle \d+ is a joint handle, not a ball handle$/],
    [() => w.applyImpulse('b', 0, 0), TypeError, /handle/], [() => w.setVelocity(-1, 0, 0), RangeError, /handle/],
  ];
  for (const [call, Err, re] of cases) assert.throws(call, (e) => e instanceof Err && re.test(e.message), String(call));
  assert.equal(w.stateHash(), hash);
  w.removeBall(b);
  assert.throws(() => w.applyImpulse(b, 1, 0), /removed ball/);
  w.destroy();
});

test('BallFlags are the bits of balls.flags; balls.slotCount is highest used slot + 1, live the number of balls', () => {
  assert.deepEqual({ ...BallFlags }, { ALIVE: 1, AWAKE: 2, BULLET: 4 });
  assert.ok(Object.isFrozen(BallFlags));
  const w = new World({ ballCapacity: 8 });
  const hs = [0, 1, 2].map((i) => w.addBall(i, 0, 0.25, { bullet: i === 2 }));
  assert.equal(w.balls.flags[2], BallFlags.ALIVE | BallFlags.AWAKE | BallFlags.BULLET);
  assert.equal(w.ballState(hs[2]).bullet, true);
  w.removeBall(hs[0]);
  assert.deepEqual([w.balls.slotCount, w.balls.live], [3, 2]);
  w.removeBall(hs[2]);
  assert.deepEqual([w.balls.slotCount, w.balls.live], [2, 1]);
  assert.equal('count' in w.balls, false, 'renamed, no shim');
  w.destroy();
});
