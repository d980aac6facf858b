// Tunnelling: balls shot at segments and thin capsules at 1 to 1,000 radii
// per step, at every angle, at corners and at joints, never cross a static
// core and never end deeper than the slop; then ≥ 100,000 random shots.
// Balls do not collide with each other (filter bits), so a world holds a
// batch of independent shots; gravity is 0.
import assert from 'node:assert/strict';
import { wtest, makeWorld, DT, rng, distToSegment, segmentsCross } from './helpers.js';

const R = 0.1; // ball radius
const SPEEDS = [1, 2, 5, 10, 30, 100, 300, 1000]; // radii per step
const BALL_CAT = 2, STATIC_CAT = 1;
// Statics: a long thin segment, a thin capsule (r = R/10), and a joint of two
// segments meeting at (25, 0) (a shallow V) — cores listed for the crossing check.
const CORES = [
  { kind: 'segment', ax: -5, ay: 0, bx: 5, by: 0, r: 0 },
  { kind: 'capsule', ax: -5, ay: 20, bx: 5, by: 20, r: R / 10 },
  { kind: 'segment', ax: 20, ay: 0, bx: 25, by: 0, r: 0 },
  { kind: 'segment', ax: 25, ay: 0, bx: 30, by: 3, r: 0 },
];
// Targets: the middles, the free corners (endpoints) and the joint.
const TARGETS = [[0, 0], [-5, 0], [5, 0], [2.5, 20], [-5, 20], [5, 20], [25, 0], [22, 0], [27.5, 1.5]];

function addStatics(world) {
  for (const c of CORES) {
    const o = { ax: c.ax, ay: c.ay, bx: c.bx, by: c.by, restitution: 0.5, friction: 0.3, category: STATIC_CAT, mask: BALL_CAT };
    if (c.kind === 'capsule') world.addCapsule({ ...o, radius: c.r });
    else world.addSegment(o);
  }
}

/**
 * Runs shots [{x, y, vx, vy}] in one world for `n` steps; returns the number
 * of crossings (a step whose centre motion crosses a core), the deepest
 * penetration (r + core radius − distance, at the end of any step), and the
 * world's slop.
 */
function runShots(shots, n) {
  const world = makeWorld({ capacity: shots.length, gravityX: 0, gravityY: 0, sleep: false });
  addStatics(world);
  for (const s of shots) world.addBall({ x: s.x, y: s.y, vx: s.vx, vy: s.vy, radius: R, restitution: 0.5, friction: 0.3, category: BALL_CAT, mask: STATIC_CAT });
  const b = world.balls;
  const px = Float64Array.from(shots, (s) => s.x), py = Float64Array.from(shots, (s) => s.y);
  let crossings = 0, deepest = -Infinity;
  const examples = [];
  for (let k = 0; k < n; k++) {
    world.step();
    const x = world.balls.x, y = world.balls.y;
    for (let i = 0; i < shots.length; i++) {
      for (const c of CORES) {
        if (segmentsCross(px[i], py[i], x[i], y[i], c.ax, c.ay, c.bx, c.by)) {
          crossings++;
          if (examples.length < 3) examples.push({ shot: shots[i], step: k, from: [px[i], py[i]], to: [x[i], y[i]] });
        }
        const depth = R + c.r - distToSegment(x[i], y[i], c.ax, c.ay, c.bx, c.by);
        if (depth > deepest) deepest = depth;
      }
      px[i] = x[i];
      py[i] = y[i];
    }
  }
  void b;
  return { crossings, deepest, examples, slop: world.linearSlop ?? world.slop };
}

/** A shot aimed at (tx, ty) from direction angle a, k radii per step, starting clear. */
function shot(tx, ty, a, k, extra = 0) {
  const dx = Math.cos(a), dy = Math.sin(a);
  const back = 2 * R + (1.5 + extra) * k * R; // reaches the target in about 1.5 to 2.5 steps
  return { x: tx - dx * back, y: ty - dy * back, vx: dx * k * R / DT, vy: dy * k * R / DT };
}

/** Shots whose start is clear of every core (a shot starting in contact is not a tunnelling test). */
const clear = (s) => CORES.every((c) => distToSegment(s.x, s.y, c.ax, c.ay, c.bx, c.by) > R + c.r + 1e-3);

wtest('every angle (1° steps), corners and joints, 1 to 1,000 radii per step: zero crossings, depth within the slop', () => {
  const shots = [];
  for (const k of SPEEDS) for (const [tx, ty] of TARGETS) for (let deg = 0; deg < 360; deg++) {
    const s = shot(tx, ty, (deg * Math.PI) / 180, k);
    if (clear(s)) shots.push(s);
  }
  let crossings = 0, deepest = -Infinity, slop = 0;
  const examples = [];
  for (let i = 0; i < shots.length; i += 2000) {
    const r = runShots(shots.slice(i, i + 2000), 6);
    crossings += r.crossings;
    deepest = Math.max(deepest, r.deepest);
    slop = r.slop;
    examples.push(...r.examples);
  }
  console.log(`tunnel sweep: ${shots.length} shots, crossings ${crossings}, deepest ${deepest.toFixed(5)} (slop ${slop})`);
  assert.ok(shots.length > 20000, `${shots.length} shots`);
  assert.equal(crossings, 0, JSON.stringify(examples.slice(0, 3)));
  assert.ok(typeof slop === 'number' && deepest <= slop + 1e-6, `deepest ${deepest} > slop ${slop}`);
});

wtest('fuzz: 100,000 random shots (random target on a core, angle, 1 to 1,000 radii per step), zero crossings', () => {
  const rand = rng(16001);
  const shots = [];
  while (shots.length < 100000) {
    const c = CORES[Math.floor(rand() * CORES.length)];
    const t = rand() * 1.2 - 0.1; // a little past the ends too
    const k = Math.exp(rand() * Math.log(1000)); // log-uniform in [1, 1000]
    const s = shot(c.ax + t * (c.bx - c.ax), c.ay + t * (c.by - c.ay), rand() * 2 * Math.PI, k, rand());
    if (clear(s)) shots.push(s);
  }
  let crossings = 0, deepest = -Infinity;
  const examples = [];
  for (let i = 0; i < shots.length; i += 5000) {
    const r = runShots(shots.slice(i, i + 5000), 5);
    crossings += r.crossings;
    deepest = Math.max(deepest, r.deepest);
    examples.push(...r.examples);
  }
  console.log(`tunnel fuzz: ${shots.length} shots, crossings ${crossings}, deepest ${deepest.toFixed(5)}`);
  assert.equal(crossings, 0, JSON.stringify(examples.slice(0, 3)));
});

wtest('a ball resting on a floor is still stopped by a thin wall in its path at 1,000 radii per step', () => {
  const world = makeWorld({ gravityX: 0, gravityY: -10, sleep: false });
  world.addSegment({ ax: -100, ay: 0, bx: 100, by: 0 });
  world.addSegment({ ax: 5, ay: 0, bx: 5, by: 1 }); // a thin wall standing on the floor
  world.addBall({ x: 0, y: R, radius: R, friction: 0.3 });
  for (let i = 0; i < 30; i++) world.step(); // settle in contact with the floor
  world.balls.vx[0] = 1000 * R / DT;
  let maxX = -Infinity;
  for (let i = 0; i < 10; i++) {
    world.step();
    maxX = Math.max(maxX, world.balls.x[0]);
  }
  console.log(`rolling into a wall at 1000 r/step: max x ${maxX.toFixed(4)} (wall at 5, r ${R})`);
  assert.ok(maxX < 5, `crossed the wall: max x ${maxX}`);
  assert.ok(world.balls.y[0] > 0, 'still above the floor');
});
