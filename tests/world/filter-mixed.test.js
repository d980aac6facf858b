// Category / mask filtering with mixed ball sizes (issue 23, item 6). The
// step finds pairs with a big ball (radius over twice the mean) apart from
// the uniform grid of the small ones; the filter must hold there too, with
// the big ball in the lowest or the highest slot, for one-sided masks, for
// slow balls (contacts) and fast ones (the sweep that stops a fast ball at
// the first ball in its path, and bullets).
import test from 'node:test';
import assert from 'node:assert/strict';
import { init, World } from 'capsule2d';

await init();

const ALL = 0xffffffff;
// [big category, big mask, small category, small mask, collide?]
const CASES = [
  [2, ALL, 1, 1, false], // the small ones do not take the big one's category
  [1, 1, 2, ALL, false], // the big one does not take the small ones'
  [2, 2, 1, 1, false],
  [2, ALL, 1, ALL, true],
  [1, ALL, 1, ALL, true],
];

/** A big ball (r 1) resting on a floor, 20 small ones (r 0.08) dropped on it; the big one in the first or last slot. */
function rain([bc, bm, sc, sm], bigFirst, smallOptions = {}) {
  const w = new World({ ballCapacity: 32, sleep: false });
  w.addLine(-10, 0, 10, 0, { category: ALL }); // every ball stands on it
  const addBig = () => w.addBall(0, 1, 1, { category: bc, mask: bm, density: 5 });
  if (bigFirst) addBig();
  for (let i = 0; i < 20; i++) w.addBall(-0.9 + 0.2 * (i % 10), 2.3 + 0.25 * Math.floor(i / 10), 0.08, { category: sc, mask: sm, ...smallOptions });
  if (!bigFirst) addBig();
  const big = bigFirst ? 0 : 20;
  let touches = 0, deepest = -Infinity, inside = 0;
  for (let s = 0; s < 90; s++) {
    w.step();
    for (const e of w.events.begin.toArray()) if (e.kind === 'ball' && (e.ball === big || e.other === big)) touches++;
    const b = w.balls;
    for (let i = 0; i < b.slotCount; i++) {
      if (i === big) continue;
      const d = 1 + b.radius[i] - Math.hypot(b.x[i] - b.x[big], b.y[i] - b.y[big]);
      deepest = Math.max(deepest, d);
      if (d > 2 * b.radius[i]) inside++;
    }
  }
  w.destroy();
  return { touches, deepest, inside };
}

test('filtering between a big ball and small ones holds with the big ball in either slot, both ways round', () => {
  for (const c of CASES)
    for (const bigFirst of [true, false]) {
      const { touches, deepest, inside } = rain(c, bigFirst);
      const name = `big ${c[0]}/${c[1].toString(16)}, small ${c[2]}/${c[3].toString(16)}, big ${bigFirst ? 'first' : 'last'}`;
      if (c[4]) {
        assert.ok(touches >= 10, `${name}: ${touches} begins with the big ball`);
        assert.ok(deepest < 0.02, `${name}: a small ball ${deepest} m into the big one`);
      } else {
        assert.equal(touches, 0, `${name}: begins with the big ball`);
        assert.ok(inside > 100, `${name}: the small balls pass through the big one (${inside} ball-steps inside)`);
      }
    }
});

test('small balls that do not collide with each other still land on a big ball they collide with and rest on it (1.08 from its centre)', () => {
  // Small: category 2, mask 1 (the big ball's category, not their own).
  const w = new World({ ballCapacity: 32, sleep: false });
  w.addLine(-10, 0, 10, 0);
  w.addBall(0, 1, 1, { category: 1, mask: ALL, density: 5 });
  for (let i = 0; i < 10; i++) w.addBall(-0.05 + 0.01 * i, 2.3 + 0.1 * i, 0.08, { category: 2, mask: 1 }); // overlapping each other
  let smallPairs = 0;
  for (let s = 0; s < 60; s++) {
    w.step();
    smallPairs += w.events.begin.toArray().filter((e) => e.kind === 'ball' && e.ball > 0).length;
  }
  assert.equal(smallPairs, 0, 'no contacts among the small balls');
  const b = w.balls;
  for (let i = 1; i <= 10; i++) {
    const d = Math.hypot(b.x[i] - b.x[0], b.y[i] - b.y[0]);
    assert.ok(d > 1.07, `small ball ${i} is ${d} from the big one's centre (inside it)`);
  }
  w.destroy();
});

test('fast balls and bullets pass through a big ball they do not collide with, and stop at one they do', () => {
  for (const bullet of [false, true])
    for (const bigFirst of [true, false])
      for (const [bc, bm, sc, sm, collide] of CASES) {
        const w = new World({ ballCapacity: 16, gravityY: 0, sleep: false });
        const shoot = () => w.addBall(-5, 0, 0.1, { vx: 300, category: sc, mask: sm, bullet }); // 5 m a step: 25 radii
        const others = () => {
          for (let i = 0; i < 6; i++) w.addBall(-3 + i * 0.3, 3, 0.1); // small balls elsewhere: the big one stays big
        };
        if (!bigFirst) shoot();
        others();
        const big = w.addBall(0, 0, 1, { category: bc, mask: bm });
        if (bigFirst) shoot();
        const shot = bigFirst ? 7 : 0, slot = w.slotOf(big);
        let crossed = false, hits = 0;
        for (let s = 0; s < 4; s++) {
          w.step();
          hits += w.events.begin.toArray().filter((e) => e.kind === 'ball' && [e.ball, e.other].includes(slot)).length;
          if (w.balls.x[shot] > 1) crossed = true;
        }
        const name = `${bullet ? 'bullet' : 'fast ball'}, big ${bc}/${bm.toString(16)}, small ${sc}/${sm.toString(16)}, big ${bigFirst ? 'first' : 'last'}`;
        assert.equal(crossed, !collide, `${name}: crossed ${crossed}`);
        if (collide) assert.ok(hits >= 1, `${name}: no begin with the big ball`);
        else assert.equal(hits, 0, `${name}: begins with the big ball`);
        w.destroy();
      }
});
