// Issue 23 item 3: user code that runs inside a World call (an options
// getter, a points element or length getter, a Proxy's traps) may destroy
// or change the world. Every method reads every user value into locals
// before it touches the heap, so such code gives a clean error (the world
// was destroyed) or a correct result (the change happened first), never a
// trap ("memory access out of bounds"), and the module stays usable.
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World, CircleSet } from 'capsule2d';

await init();

/** The hash of a fixed little scene: the module works as before when this still holds. */
function reference() {
  const w = new World({ ballCapacity: 16 });
  w.addLine(-10, 0, 10, 0);
  w.addChain([-6, 3, -3, 1, 0, 1.5, 3, 1], 0.1);
  for (let i = 0; i < 10; i++) w.addBall(-4 + i * 0.9, 4 + (i % 3), 0.3);
  for (let i = 0; i < 60; i++) w.step();
  const h = w.stateHash();
  w.destroy();
  return h;
}
const REFERENCE = reference();

/** An options object whose `key` getter runs `trap` first, then gives `value`. */
function trapped(base, key, value, trap) {
  const o = { ...base };
  Object.defineProperty(o, key, { enumerable: true, get() { trap(); return value; } });
  return o;
}

const POINTS = [-6, 3, -3, 1, 0, 1.5, 3, 1];
/** Ways to hand addChain points that run `trap` while they are read. */
const pointKinds = {
  'an element getter': (trap) => {
    const p = POINTS.slice();
    Object.defineProperty(p, 3, { get() { trap(); return POINTS[3]; } });
    return p;
  },
  'a Proxy length trap': (trap) => new Proxy(POINTS.slice(), { get(t, k) { if (k === 'length') trap(); return t[k]; } }),
  'a Float32Array subclass length getter': (trap) => {
    class Pts extends Float32Array { get length() { trap(); return super.length; } }
    return new Pts(POINTS);
  },
};

/** The calls that take options or arrays: [name, (w, trap) => result, check(w, result)]. */
function calls(snap) {
  const cases = [
    ['addBall options', (w, t) => w.addBall(1, 5, 0.5, trapped({}, 'restitution', 0.5, t)), (w, h) => assert.equal(w.balls.radius[w.slotOf(h)], 0.5)],
    ['addCapsule options', (w, t) => w.addCapsule(0, 0, 2, 0, 0.2, trapped({}, 'friction', 0.3, t)), (w, h) => assert.ok(w.statics().some((s) => s.ax === 0 && s.bx === 2 && Math.abs(s.radius - 0.2) < 1e-6))],
    ['addSegment options', (w, t) => w.addSegment(0, -1, 2, -1, trapped({}, 'sensor', false, t)), (w, h) => assert.ok(w.statics().some((s) => s.ay === -1 && s.by === -1))],
    ['addCircle options', (w, t) => w.addCircle(5, 5, 1, trapped({}, 'category', 2, t)), (w, h) => assert.ok(w.statics().some((s) => s.ax === 5 && s.radius === 1))],
    ['addLine options', (w, t) => w.addLine(-10, -5, 10, -5, trapped({}, 'mask', 3, t)), (w, h) => assert.ok(w.statics().some((s) => s.kind === 'line' && s.ay === -5))],
    ['addChain options', (w, t) => w.addChain(POINTS, 0.1, trapped({}, 'loop', false, t)), (w, hs) => assert.equal(hs.length, 3)],
    ['addKinematicCapsule options', (w, t) => w.addKinematicCapsule(0, 8, 0, 2, 0.2, trapped({}, 'pivot', 0, t)), (w, h) => assert.equal(w.kinematic(h).pivot, 0)],
    ['addPivotedCapsule options', (w, t) => w.addPivotedCapsule(0, 9, 0, 2, 0.2, trapped({}, 'density', 2, t)), (w, h) => assert.equal(w.kinematic(h).x, 0)],
    ['addPivotedCapsule options (limits)', (w, t) => w.addPivotedCapsule(0, 9, 0, 2, 0.2, trapped({ lowerAngle: -1 }, 'upperAngle', 1, t)), (w, h) => assert.equal(w.kinematic(h).y, 9)],
    ['restore (a Uint8Array subclass length getter)', (w, t) => {
      class Bytes extends Uint8Array { get length() { t(); return super.length; } get byteLength() { t(); return super.byteLength; } }
      return w.restore(new Bytes(snap));
    }, (w) => assert.equal(w.balls.live, 3)],
  ];
  for (const [kind, make] of Object.entries(pointKinds)) {
    cases.push([`addChain points (${kind})`, (w, t) => w.addChain(make(t), 0.1), (w, hs) => {
      assert.equal(hs.length, 3);
      const st = w.statics().filter((s) => s.chain);
      assert.deepEqual(st.slice(-3).map((s) => [s.ax, s.ay]), [[-6, 3], [-3, 1], [0, 1.5]]);
    }]);
  }
  return cases;
}

/** A world with a floor and 3 balls (capacity 4: one more add fits, two reallocate). */
function small() {
  const w = new World({ ballCapacity: 4, staticCapacity: 4 });
  w.addLine(-10, 0, 10, 0);
  for (let i = 0; i < 3; i++) w.addBall(i, 1, 0.4);
  w.step();
  return w;
}
const SNAP = (() => { const w = small(); const s = w.save(); w.destroy(); return s; })();

const cleanError = (e) => (e instanceof RangeError || e instanceof TypeError) && !/out of bounds|unreachable|private member|Cannot read/.test(e.message);

test('a getter that destroys the world during any World call: a clean error, never a trap; the module stays usable', () => {
  let n = 0;
  for (const reuse of [true, false]) for (const [name, call] of calls(SNAP)) {
    const w = small();
    // Kept views die with the world: writes through them must go nowhere.
    const kept = w.balls.x;
    let ran = 0;
    let result, error;
    const survivors = [], sets = [];
    try {
      // reuse: other worlds take the freed memory at once (a stale address would now reach them)
      result = call(w, () => {
        ran++;
        w.destroy();
        if (!reuse) return;
        for (let k = 0; k < 8; k++) {
          const c = new CircleSet(512);
          for (let i = 0; i < 512; i++) c.add(1e30, -3e30, 7e29);
          sets.push(c);
        }
        for (let i = 0; i < 2; i++) survivors.push(small());
      });
    } catch (e) {
      error = e;
    }
    assert.equal(w.destroyed, ran > 0, `${name}: the getter ran`);
    if (ran > 0) {
      assert.ok(error !== undefined, `${name}: an error`);
      assert.ok(cleanError(error), `${name}: a clean error, got ${error}`);
      assert.match(error.message, /destroyed/, name);
    } else {
      assert.equal(error, undefined, `${name}: no user code ran, so the call worked`);
    }
    kept[0] = NaN;
    if (!w.destroyed) w.destroy();
    assert.equal(reference(), REFERENCE, `${name}: the module works after`);
    for (const o of survivors.splice(0)) {
      assert.equal(o.save().length, SNAP.length, `${name}: a world made in the getter is intact`);
      o.step();
      o.destroy();
    }
    for (const c of sets.splice(0)) {
      assert.ok(c.count === 512 && c.x.every((v) => v === Math.fround(1e30)) && c.radius.every((v) => v === Math.fround(7e29)), `${name}: a set made in the getter is intact`);
      c.destroy();
    }
    assert.equal(result, undefined);
    n++;
  }
  assert.equal(n, 26);
});

test('a getter that changes the world (adds balls past the capacity, steps, restores) during any World call: the call sees the changed world', () => {
  for (const mutate of ['add', 'step', 'restore', 'addChain']) {
    for (const [name, call, check] of calls(SNAP)) {
      const w = small();
      let ran = 0;
      const trap = () => {
        if (ran++) return;
        if (mutate === 'add') for (let i = 0; i < 6; i++) w.addBall(-5 + i, 6, 0.3); // the ball arrays move (capacity 4)
        else if (mutate === 'step') w.step();
        else if (mutate === 'restore') w.restore(SNAP);
        else w.addChain([-9, 9, -8, 9, -7, 9], 0.05); // the static arrays grow (capacity 4)
      };
      const liveBefore = w.balls.live;
      const result = call(w, trap);
      check(w, result);
      if (name.startsWith('restore')) {
        assert.equal(w.balls.live, 3, `${mutate} / ${name}`);
      } else {
        if (name.startsWith('addBall')) assert.equal(w.balls.live, liveBefore + 1 + (mutate === 'add' ? 6 : 0), `${mutate} / ${name}`);
        else assert.equal(w.balls.live, liveBefore + (mutate === 'add' ? 6 : 0), `${mutate} / ${name}`);
      }
      for (let i = 0; i < 20; i++) w.step();
      assert.ok(w.balls.x.subarray(0, w.balls.slotCount).every(Number.isFinite), `${mutate} / ${name}`);
      w.destroy();
    }
  }
  assert.equal(reference(), REFERENCE);
});

test('restore() and World.fromSnapshot() of a Proxy of a Uint8Array whose traps destroy the world: a clean TypeError', () => {
  const w = small();
  const victim = small();
  const proxy = new Proxy(new Uint8Array(SNAP), { get(t, k) { victim.destroy(); w.destroy(); const v = t[k]; return typeof v === 'function' ? v.bind(t) : v; } });
  assert.throws(() => w.restore(proxy), (e) => cleanError(e));
  assert.throws(() => World.fromSnapshot(new Proxy(new Uint8Array(SNAP), { get(t, k) { new World().destroy(); return Reflect.get(t, k); } })), (e) => cleanError(e));
  assert.equal(reference(), REFERENCE);
});
