// Events across sleep and wake, removal and re-use of a slot, and snapshots
// (issue 23, item 6). Every begin must name a pair that was not touching and
// every end one that was (a ledger of touching pairs, fed by the events in
// order: a step's end events, the removals' first, then its begins); a ball
// added into a removed ball's slot in the same frame starts afresh (the old
// ball's contacts end, the new one's begin, no impulse carried over); a
// snapshot keeps sensor overlaps and queued ends.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

const KINDS = ['begin', 'end', 'hit', 'sensorEnter', 'sensorLeave'];

/** This step's events as short strings ("b0-1": ball-ball 0 and 1; "s0-2": ball 0 and static 2). */
function events(w) {
  const out = {};
  for (const k of KINDS) out[k] = w.events[k].toArray().map((e) => `${e.kind[0]}${e.ball}-${e.other}`);
  return out;
}

/** Touching pairs as the events tell them; throws on a begin of a touching pair or an end of one not touching. */
class Ledger {
  touching = new Set();
  inside = new Set();
  clone() {
    const c = new Ledger();
    c.touching = new Set(this.touching);
    c.inside = new Set(this.inside);
    return c;
  }
  feed(e, where) {
    for (const p of e.end) {
      assert.ok(this.touching.has(p), `${where}: end ${p}, not touching`);
      this.touching.delete(p);
    }
    for (const p of e.begin) {
      assert.ok(!this.touching.has(p), `${where}: begin ${p}, already touching`);
      this.touching.add(p);
    }
    for (const p of e.sensorLeave) {
      assert.ok(this.inside.has(p), `${where}: sensor leave ${p}, not inside`);
      this.inside.delete(p);
    }
    for (const p of e.sensorEnter) {
      assert.ok(!this.inside.has(p), `${where}: sensor enter ${p}, already inside`);
      this.inside.add(p);
    }
  }
}

/** Steps n times, feeding the ledger; returns every step's events. */
function run(w, ledger, n, label) {
  const all = [];
  for (let s = 0; s < n; s++) {
    w.step();
    const e = events(w);
    ledger.feed(e, `${label} step ${s}`);
    all.push(e);
  }
  return all;
}

const quiet = (list) => list.every((e) => KINDS.every((k) => e[k].length === 0));

test('a row of touching sleeping balls: waking one (wakeBall, a write, a ball rolling in) gives no begin for pairs already touching', () => {
  for (const how of ['wakeBall', 'write', 'roll in']) {
    const w = new World({});
    const ledger = new Ledger();
    w.addLine(-10, 0, 10, 0);
    const row = [0, 0.4, 0.8].map((x) => w.addBall(x, 0.2, 0.2));
    run(w, ledger, 90, how);
    assert.ok(row.every((h) => !w.balls.awake(w.slotOf(h))), `${how}: the row sleeps`);
    assert.deepEqual([...ledger.touching].sort(), ['b0-1', 'b1-2', 's0-0', 's1-0', 's2-0'], `${how}: touching while asleep`);
    if (how === 'wakeBall') w.wakeBall(row[1]);
    else if (how === 'write') w.balls.angularVelocity[0] = 1e-4; // a write through a view wakes it, without moving it apart
    else w.addBall(-2, 0.2, 0.2, { vx: 1, angularVelocity: -5 });
    const after = run(w, ledger, 120, how);
    const begins = after.flatMap((e) => e.begin);
    if (how === 'roll in') {
      assert.ok(begins.includes('b0-3'), `${how}: the new ball's contact begins (${begins})`);
      for (const p of ['b0-1', 'b1-2']) assert.ok(!begins.includes(p), `${how}: ${p} began again`);
    } else {
      assert.ok(quiet(after.slice(0, 20)), `${how}: events after waking ${JSON.stringify(after.slice(0, 20).filter((e) => !quiet([e])))}`);
      assert.ok(row.every((h) => !w.balls.awake(w.slotOf(h))), `${how}: asleep again`);
    }
    w.destroy();
  }
});

/** A heavy ball (slot 0) on a light one (slot 1) in a tube on a floor, settled: the lower slot is the removed one. */
function tube() {
  const w = new World({ sleep: false });
  w.addLine(-10, 0, 10, 0);
  w.addLine(-0.201, 2, -0.201, -2);
  w.addLine(0.201, -2, 0.201, 2);
  const heavy = w.addBall(0, 0.6, 0.2, { density: 50 });
  const light = w.addBall(0, 0.2, 0.2);
  const ledger = new Ledger();
  run(w, ledger, 60, 'settle');
  assert.ok(ledger.touching.has('b0-1') && ledger.touching.has('s1-0'), 'the stack touches');
  return { w, heavy, light, ledger };
}

test('remove a ball and add another into its slot in one frame: the old contacts end, the new ones begin, no impulse is inherited', () => {
  const { w, heavy, ledger } = tube();
  w.removeBall(heavy);
  const fresh = w.addBall(0, 0.6, 0.2); // density 1: a fiftieth of the removed ball's mass
  assert.equal(w.slotOf(fresh), 0, 'the same slot');
  const after = run(w, ledger, 60, 'after');
  assert.ok(after[0].end.includes('b0-1'), `the removed ball's contact ends (${after[0].end})`);
  // It is added 4 mm above the light ball and falls onto it in the second step (only real touches begin).
  assert.ok(!after[0].begin.includes('b0-1') && after[1].begin.includes('b0-1'), `the new ball's contact begins (${after[0].begin} / ${after[1].begin})`);
  // The heavy ball's warm-start impulse (its weight) would throw the light one up at about 2 m/s.
  let fastest = 0, highest = 0;
  for (let s = 0; s < 30; s++) {
    fastest = Math.max(fastest, Math.abs(w.balls.vy[0]));
    highest = Math.max(highest, w.balls.y[0]);
    w.step();
    ledger.feed(events(w), `late step ${s}`);
  }
  assert.ok(fastest < 0.5, `the new ball moved at ${fastest} m/s`);
  assert.ok(highest < 0.62, `the new ball rose to ${highest} m`);
  w.destroy();
});

test('remove a resting ball and add one into its slot: its floor contact ends and begins again; the same with ball and floor reversed', () => {
  for (const order of ['ball first', 'floor first']) {
    const w = new World({ sleep: false });
    const ledger = new Ledger();
    const ball = w.addBall(0, 0.2, 0.2, { density: 20 });
    if (order === 'ball first') w.addLine(-10, 0, 10, 0);
    else w.addCapsule(-10, -1, 10, -1, 1); // top at 0
    run(w, ledger, 30, order);
    assert.ok(ledger.touching.has('s0-0'), `${order}: resting`);
    w.removeBall(ball);
    w.addBall(0.05, 0.2, 0.2);
    const after = run(w, ledger, 30, order);
    assert.deepEqual(after[0].end, ['s0-0'], order);
    assert.deepEqual(after[0].begin, ['s0-0'], order);
    assert.ok(Math.abs(w.balls.vy[0]) < 0.05 && Math.abs(w.balls.y[0] - 0.2) < 0.006, `${order}: rests (${w.balls.y[0]}, ${w.balls.vy[0]})`);
    w.destroy();
  }
});

test('remove-then-add, saved before the next step: the restored world (fromSnapshot and restore) gives the same events and bits', () => {
  const { w, heavy, ledger } = tube();
  w.removeBall(heavy);
  w.addBall(0, 0.6, 0.2);
  const snap = w.save();
  const ref = run(w, ledger.clone(), 40, 'original');
  const hash = w.stateHash();
  const copy = World.fromSnapshot(snap);
  assert.deepEqual(run(copy, ledger.clone(), 40, 'copy'), ref, 'fromSnapshot: events');
  assert.equal(copy.stateHash(), hash, 'fromSnapshot: state');
  w.restore(snap);
  assert.deepEqual(run(w, ledger.clone(), 40, 'restored'), ref, 'restore: events');
  assert.equal(w.stateHash(), hash, 'restore: state');
  assert.ok(ref[0].end.includes('b0-1') && ref[1].begin.includes('b0-1'));
  copy.destroy();
  w.destroy();
});

test('a snapshot keeps sensor overlaps: no second enter after restoring, one leave when the ball goes out; a queued leave survives too', () => {
  const make = () => {
    const w = new World({ gravityY: 0, sleep: false });
    w.addCircle(0, 0, 1, { sensor: true });
    w.addBall(-3, 0, 0.2, { vx: 6 });
    w.addBall(-3, 3, 0.2); // outside, never enters
    return w;
  };
  const w = make();
  const ledger = new Ledger();
  const first = run(w, ledger, 25, 'in');
  assert.deepEqual(first.flatMap((e) => e.sensorEnter), ['s0-0'], 'entered once');
  assert.ok(ledger.inside.has('s0-0'));
  const snap = w.save();
  const ref = run(w, ledger.clone(), 30, 'ref');
  assert.deepEqual(ref.flatMap((e) => e.sensorEnter), [], 'no enter while inside');
  assert.deepEqual(ref.flatMap((e) => e.sensorLeave), ['s0-0'], 'one leave');
  for (const [name, other] of [['fromSnapshot', () => World.fromSnapshot(snap)], ['restore', () => (w.restore(snap), w)], ['restore elsewhere', () => {
    const v = make();
    run(v, new Ledger(), 3, 'elsewhere'); // not inside yet
    v.restore(snap);
    return v;
  }]]) {
    const v = other();
    assert.deepEqual(run(v, ledger.clone(), 30, name), ref, `${name}: sensor events`);
  }
  // A ball removed inside the sensor, saved before the step that reports its leave.
  const u = make();
  run(u, new Ledger(), 25, 'u');
  u.removeBall(u.ballHandle(0));
  const queued = World.fromSnapshot(u.save());
  for (const v of [u, queued]) {
    v.step();
    assert.deepEqual(events(v).sensorLeave, ['s0-0'], 'the removal\'s leave');
    v.step();
    assert.deepEqual(events(v).sensorLeave, [], 'once');
  }
});
