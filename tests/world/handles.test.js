// Handles and bad input: every world method throws a named TypeError /
// RangeError before anything changes; random add/remove/step sequences agree
// with a simple JS model of slots and generations.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { wtest, World, makeWorld, fnv1a } from './helpers.js';

const R = 0.25;

function snapshot(world) {
  const b = world.balls;
  return fnv1a([b.x, b.y, b.vx, b.vy, b.radius]) + ':' + world.ballCount + ':' + world.staticCount;
}

// For each method: calls that must throw, with the error class and a pattern the message must contain.
const BAD = {
  addBall: [
    [[], TypeError, /options|ball/],
    [[{ x: 0, y: 0, radius: -1 }], RangeError, /radius.*-1/],
    [[{ x: NaN, y: 0, radius: 1 }], RangeError, /x.*NaN/],
    [[{ x: 0, y: 3.5e38, radius: 1 }], RangeError, /y/],
    [[{ x: '0', y: 0, radius: 1 }], TypeError, /x/],
    [[{ x: 0, y: 0, radius: 1, restitution: -0.5 }], RangeError, /restitution/],
    [[{ x: 0, y: 0, radius: 1, friction: Infinity }], RangeError, /friction/],
    [[{ x: 0, y: 0, radius: 1, density: 0 }], RangeError, /density/],
    [[{ x: 0, y: 0, radius: 1, category: 1.5 }], RangeError, /category/],
    [[{ x: 0, y: 0, radius: 1, colour: 'red' }], TypeError, /colour/],
  ],
  addSegment: [
    [[{ ax: 0, ay: 0, bx: NaN, by: 0 }], RangeError, /bx/],
    [[{ ax: 0, ay: 0, bx: 1 }], TypeError, /by/],
  ],
  addCapsule: [
    [[{ ax: 0, ay: 0, bx: 1, by: 0, radius: -0.1 }], RangeError, /radius/],
  ],
  addCircle: [
    [[{ x: 0, y: 0, radius: NaN }], RangeError, /radius/],
  ],
  addLine: [
    [[{ ax: 1, ay: 1, bx: 1, by: 1 }], RangeError, /line|zero/],
  ],
  removeBall: [
    [[0x7fffffff], RangeError, /handle/],
    [['1'], TypeError, /handle/],
  ],
  removeStatic: [
    [[0x7fffffff], RangeError, /handle/],
  ],
};

wtest('every world method rejects bad input with a named TypeError / RangeError, before anything changes', () => {
  const methods = Object.getOwnPropertyNames(World.prototype).filter((m) => m !== 'constructor' && typeof Object.getOwnPropertyDescriptor(World.prototype, m).value === 'function');
  const world = makeWorld();
  world.addSegment({ ax: -5, ay: 0, bx: 5, by: 0 });
  world.addBall({ x: 0, y: 1, radius: R, vx: 1 });
  const before = snapshot(world);
  let checked = 0;
  for (const [m, cases] of Object.entries(BAD)) {
    assert.ok(methods.includes(m), `World has ${m}`);
    for (const [args, Err, pattern] of cases) {
      assert.throws(() => world[m](...args), (e) => e instanceof Err && pattern.test(e.message), `${m}(${JSON.stringify(args)}) → ${Err.name} matching ${pattern}`);
      assert.equal(snapshot(world), before, `${m}(${JSON.stringify(args)}) changed the world`);
      checked++;
    }
  }
  assert.throws(() => new World({ capacity: -1 }), RangeError);
  assert.throws(() => new World({ dt: 0 }), RangeError);
  assert.throws(() => new World({ gravityY: NaN }), RangeError);
  assert.throws(() => new World({ bogus: 1 }), TypeError);
  // step() validates the views: a NaN written into x names the ball and the field.
  world.balls.x[0] = NaN;
  assert.throws(() => world.step(), (e) => e instanceof RangeError && /x/.test(e.message) && /0/.test(e.message));
  world.balls.x[0] = 0;
  const untested = methods.filter((m) => !(m in BAD) && !['step', 'destroy', 'slotOf', 'wake', 'reserve'].includes(m));
  console.log(`bad input: ${checked} cases over ${Object.keys(BAD).length} methods; methods without cases: ${untested.join(', ') || 'none'}`);
  assert.deepEqual(untested, [], 'every method has bad-input cases');
});

wtest('a removed or foreign handle is a RangeError; removal never moves or corrupts another ball', () => {
  const w1 = makeWorld(), w2 = makeWorld();
  const a = w1.addBall({ x: 0, y: 0, radius: R });
  const b = w1.addBall({ x: 5, y: 0, radius: R });
  w2.addBall({ x: 0, y: 0, radius: R });
  w1.removeBall(a);
  assert.throws(() => w1.removeBall(a), RangeError, 'stale');
  const c = w1.addBall({ x: 9, y: 0, radius: R }); // reuses slot 0 with a new generation
  assert.notEqual(c, a);
  assert.throws(() => w1.removeBall(a), RangeError, 'stale after reuse');
  assert.equal(w1.slotOf(c), 0);
  assert.equal(w1.balls.x[w1.slotOf(b)], 5);
  assert.throws(() => w2.removeBall(b + 12345), RangeError, 'foreign');
});

wtest('random add / remove / step sequences agree with a reference model of slots and generations', () => {
  fc.assert(fc.property(fc.array(fc.oneof(
    fc.record({ op: fc.constant('add'), x: fc.integer({ min: -50, max: 50 }) }),
    fc.record({ op: fc.constant('remove'), pick: fc.nat() }),
    fc.record({ op: fc.constant('step') }),
  ), { maxLength: 80 }), (ops) => {
    const world = makeWorld({ capacity: 16, gravityY: 0 });
    const model = []; // slot → { handle, x } or null
    const dead = [];
    for (const o of ops) {
      if (o.op === 'add') {
        const h = world.addBall({ x: o.x * 3, y: 0, radius: R, category: 1, mask: 0 });
        let free = model.indexOf(null);
        if (free < 0) free = model.length;
        assert.equal(world.slotOf(h), free, 'lowest free slot first');
        model[free] = { handle: h, x: o.x * 3 };
      } else if (o.op === 'remove') {
        const live = model.map((m, i) => (m ? i : -1)).filter((i) => i >= 0);
        if (!live.length) continue;
        const s = live[o.pick % live.length];
        world.removeBall(model[s].handle);
        dead.push(model[s].handle);
        model[s] = null;
      } else world.step();
      for (let s = 0; s < model.length; s++) {
        if (model[s]) assert.equal(world.balls.x[s], Math.fround(model[s].x), `slot ${s}`);
      }
      for (const h of dead) if (!model.some((m) => m && m.handle === h)) assert.throws(() => world.removeBall(h), RangeError);
      assert.equal(world.ballCount, model.filter(Boolean).length);
    }
  }), { numRuns: 200, seed: 16 });
});
