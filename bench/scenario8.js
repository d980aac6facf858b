// Scenario 8 — 100 ropes of 50 balls swinging through the plinko pegs (issue
// 28): the plinko box and its ~1,500 static capsule pegs (bench/plinko/
// scene.js); 100 ropes, each 50 balls (radius 0.15, density 1, friction 0.3,
// restitution 0) linked by rigid distance joints of length 0.35 (the balls
// 0.05 apart: linked neighbours never touch), the first ball joined to a
// world point, the rope's top. The ropes start straight and level, 10 per
// row, in the free bands between the 10 highest peg rows, and swing down
// through the pegs below, draping over them.
//
// Box2D v3 (box2d3-wasm, SIMD, 4 sub-steps, one thread) builds the same scene
// in the same process: b2DistanceJoint with the same length, spring and limit
// off (rigid at that length: Box2D's equivalent of capsule2d's default
// distance joint), the rope's top joint on a static body with the world
// point as its local frame; collideConnected off (linked balls are 0.05
// apart when the link holds, so they would not touch anyway). capsule2d has
// 4 sub-steps too (its default). Both built, warmed up, then stepped
// alternately (a load change hits both alike); median ms per step. Checks, for both engines: every link within 10% of its
// length (the worst link is printed) and every ball inside the box.
import { init, World } from 'capsule2d';
import { DT, GRAVITY, PEG, BOX, pegs as plinkoPegs } from './plinko/scene.js';
import { printTable } from './lib/table.js';
import { plinkoWorld } from './plinko/engines/box2d3.js';

export const ROPE = { count: 100, balls: 50, radius: 0.15, link: 0.35, friction: 0.3, density: 1, tolerance: 0.1 };

/** The ropes' tops as { x, y }: 10 per row, 19.6 apart; row k in the free
 * band above peg row 36 - k (peg rows at y = 8 + 3.3 row, each peg within
 * 1.1 of its row's line). Each rope lies to the right of its top. */
export function ropeTops(count = ROPE.count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / 10), col = i % 10;
    out.push({ x: BOX.left + 2 + 19.6 * col, y: 8 + 3.3 * (36 - row) + 1.65 });
  }
  return out;
}

async function capsule2dEngine(pegs, tops) {
  await init({ simd: true });
  const w = new World({ dt: DT, gravityY: GRAVITY, staticCapacity: pegs.length + 8 });
  w.addLine(BOX.left, BOX.floor, BOX.right, BOX.floor);
  w.addLine(BOX.left, BOX.top * 4, BOX.left, BOX.floor);
  w.addLine(BOX.right, BOX.floor, BOX.right, BOX.top * 4);
  for (const p of pegs) w.addCapsule(p.ax, p.ay, p.bx, p.by, PEG.radius, { friction: PEG.friction });
  const o = { friction: ROPE.friction, density: ROPE.density, restitution: 0 };
  for (const t of tops) {
    let prev = t;
    for (let i = 1; i <= ROPE.balls; i++) {
      const b = w.addBall(t.x + ROPE.link * i, t.y, ROPE.radius, o);
      w.addDistanceJoint(b, prev, { length: ROPE.link }); // rigid (min = max = length)
      prev = b;
    }
  }
  const v = w.balls;
  return {
    label: 'capsule2d SIMD',
    step: () => w.step(),
    read: () => ({ x: v.x, y: v.y }), // ball slot k = rope floor(k / 50), link k % 50
    destroy: () => w.destroy(),
  };
}

async function box2dEngine(pegs, tops) {
  const { B, world } = await plinkoWorld(pegs);
  const anchor = B.b2CreateBody(world, B.b2DefaultBodyDef()); // static, at the origin: local = world
  const bd = B.b2DefaultBodyDef();
  bd.type = B.b2BodyType.b2_dynamicBody;
  const sd = B.b2DefaultShapeDef();
  sd.density = ROPE.density;
  sd.material.friction = ROPE.friction;
  sd.material.restitution = 0;
  const circle = new B.b2Circle();
  circle.center = new B.b2Vec2(0, 0);
  circle.radius = ROPE.radius;
  const ids = [];
  for (const t of tops) {
    let prev = null;
    for (let i = 1; i <= ROPE.balls; i++) {
      bd.position = new B.b2Vec2(t.x + ROPE.link * i, t.y);
      const id = B.b2CreateBody(world, bd);
      B.b2CreateCircleShape(id, sd, circle);
      const jd = B.b2DefaultDistanceJointDef();
      const base = jd.base;
      base.bodyIdA = prev ?? anchor;
      base.bodyIdB = id;
      const fa = base.localFrameA;
      fa.p = prev ? new B.b2Vec2(0, 0) : new B.b2Vec2(t.x, t.y);
      base.localFrameA = fa;
      const fb = base.localFrameB;
      fb.p = new B.b2Vec2(0, 0);
      base.localFrameB = fb;
      jd.base = base;
      jd.length = ROPE.link;
      jd.enableSpring = false;
      jd.enableLimit = false;
      B.b2CreateDistanceJoint(world, jd);
      ids.push(id);
      prev = id;
    }
  }
  const n = ids.length, xs = new Float64Array(n), ys = new Float64Array(n);
  return {
    label: 'Box2D v3 (box2d3-wasm, SIMD)',
    step: () => B.b2World_Step(world, DT, 4),
    read() {
      for (let i = 0; i < n; i++) {
        const p = B.b2Body_GetPosition(ids[i]);
        xs[i] = p.x; ys[i] = p.y;
        p.delete?.();
      }
      return { x: xs, y: ys };
    },
    destroy: () => B.b2DestroyWorld(world),
  };
}

/** The checks: the worst |link - length| / length over all links (a rope's
 * top to its first ball included) and the number of balls inside the box. */
export function ropeCheck({ x, y }, tops) {
  let worst = 0, inside = 0;
  for (let r = 0; r < tops.length; r++) {
    for (let i = 0; i < ROPE.balls; i++) {
      const k = r * ROPE.balls + i;
      const ax = i === 0 ? tops[r].x : x[k - 1], ay = i === 0 ? tops[r].y : y[k - 1];
      worst = Math.max(worst, Math.abs(Math.hypot(x[k] - ax, y[k] - ay) - ROPE.link) / ROPE.link);
      if (x[k] > BOX.left - 1 && x[k] < BOX.right + 1 && y[k] > BOX.floor - 1) inside++;
    }
  }
  return { worst, inside };
}

export async function runScenario8({ quick, log }) {
  const problems = [];
  const warmup = quick ? 30 : 240, steps = quick ? 30 : 240;
  const tops = ropeTops(), n = tops.length * ROPE.balls;
  log('');
  log(`## Scenario 8: ropes — ${tops.length} ropes of ${ROPE.balls} balls (radius ${ROPE.radius}) on rigid distance joints (length ${ROPE.link}), each hung from a world point, swinging through the plinko pegs`);
  log(`   ${warmup} warm-up steps, then ${steps} timed steps, dt 1/60, 4 sub-steps; capsule2d (SIMD) and Box2D v3 (b2DistanceJoint, rigid) in the same process, stepped alternately`);
  const rows = [];
  const pegs = plinkoPegs();
  // Both engines are built and warmed up, then step alternately, each step
  // timed: a change of the machine's load hits both alike.
  const engines = [await capsule2dEngine(pegs, tops), await box2dEngine(pegs, tops)];
  for (let k = 0; k < warmup; k++) for (const e of engines) e.step();
  const times = engines.map(() => []), worst = engines.map(() => 0);
  for (let k = 0; k < steps; k++) {
    engines.forEach((e, i) => {
      const t0 = performance.now();
      e.step();
      times[i].push(performance.now() - t0);
      if (k % 20 === 19) worst[i] = Math.max(worst[i], ropeCheck(e.read(), tops).worst);
    });
  }
  let mine = 0;
  engines.forEach((e, i) => {
    const ts = times[i].sort((a, b) => a - b);
    const med = ts[Math.floor(ts.length / 2)];
    const { inside } = ropeCheck(e.read(), tops);
    if (inside !== n) problems.push(`scenario 8 ${e.label}: ${inside} of ${n} balls inside`);
    if (!(worst[i] <= ROPE.tolerance)) problems.push(`scenario 8 ${e.label}: a link off its length by ${(100 * worst[i]).toFixed(2)}% (> ${100 * ROPE.tolerance}%)`);
    if (i === 0) mine = med;
    rows.push([e.label, String(n), med.toFixed(3), ts[0].toFixed(3), ts[Math.floor(ts.length * 0.95)].toFixed(3), `${inside}/${n}`,
      `${(100 * worst[i]).toFixed(2)}%`, i === 0 ? '1.00' : (med / mine).toFixed(2)]);
    e.destroy();
  });
  printTable('', ['engine', 'balls', 'median ms', 'min ms', 'p95 ms', 'inside', 'worst link', 'x capsule2d'], rows, log);
  return { rows, problems };
}
