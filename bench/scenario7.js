// Scenario 7 — 2,000 dynamic capsules falling into a pile among the plinko
// pegs (issue 28): the plinko box and its ~1,500 static capsule pegs
// (bench/plinko/scene.js), N capsule bodies (half length 0.5, radius 0.25,
// density 1, friction 0.6) on a grid of 95 per row above the box, tilted by
// a seeded angle, dropped. capsule2d (SIMD) and Box2D v3 (box2d3-wasm, SIMD,
// 4 sub-steps, one thread) in the same process; median ms per step over the
// timed steps after a warm-up (the capsules are then among the pegs and
// piling on the floor). Checks that every capsule is still inside the box.
import { init, World } from 'capsule2d';
import { DT, GRAVITY, PEG, BOX, pegs as plinkoPegs } from './plinko/scene.js';
import { printTable } from './lib/table.js';
import { plinkoWorld } from './plinko/engines/box2d3.js';

const HL = 0.5, R = 0.25, FRICTION = 0.6;

/** Capsule bodies as { x, y, angle }: 95 per row, 2.1 apart, rows 1.6 apart. */
function capsules(n) {
  const out = [];
  let s = 20261127;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out.push({ x: BOX.left + 2 + 2.1 * (i % 95), y: BOX.top + 1 + 1.6 * Math.floor(i / 95), angle: ((s >>> 8) / 16777216 - 0.5) * 3 });
  }
  return out;
}

async function capsule2dEngine(pegs, bodies) {
  await init({ simd: true });
  const w = new World({ dt: DT, gravityY: GRAVITY, staticCapacity: pegs.length + 8 });
  w.addLine(BOX.left, BOX.floor, BOX.right, BOX.floor);
  w.addLine(BOX.left, BOX.top * 4, BOX.left, BOX.floor);
  w.addLine(BOX.right, BOX.floor, BOX.right, BOX.top * 4);
  for (const p of pegs) w.addCapsule(p.ax, p.ay, p.bx, p.by, PEG.radius, { friction: PEG.friction });
  for (const b of bodies) w.addCapsuleBody(b.x, b.y, HL, R, { angle: b.angle, friction: FRICTION });
  const v = w.capsuleBodies;
  return {
    label: 'capsule2d SIMD',
    step: () => w.step(),
    read: () => Array.from({ length: bodies.length }, (_, i) => [v.x[i], v.y[i]]),
    destroy: () => w.destroy(),
  };
}

async function box2dEngine(pegs, bodies) {
  const { B, world } = await plinkoWorld(pegs);
  const bd = B.b2DefaultBodyDef();
  bd.type = B.b2BodyType.b2_dynamicBody;
  const bsd = B.b2DefaultShapeDef();
  bsd.density = 1;
  bsd.material.friction = FRICTION;
  const cap = new B.b2Capsule();
  cap.center1 = new B.b2Vec2(-HL, 0);
  cap.center2 = new B.b2Vec2(HL, 0);
  cap.radius = R;
  const ids = [];
  for (const b of bodies) {
    bd.position = new B.b2Vec2(b.x, b.y);
    bd.rotation = B.b2MakeRot(b.angle);
    const id = B.b2CreateBody(world, bd);
    B.b2CreateCapsuleShape(id, bsd, cap);
    ids.push(id);
  }
  return {
    label: 'Box2D v3 (box2d3-wasm, SIMD)',
    step: () => B.b2World_Step(world, DT, 4),
    read: () => ids.map((id) => { const p = B.b2Body_GetPosition(id); const r = [p.x, p.y]; p.delete?.(); return r; }),
    destroy: () => B.b2DestroyWorld(world),
  };
}

export async function runScenario7({ quick, log, sizes }) {
  const problems = [];
  const ns = sizes ?? [2000];
  const warmup = quick ? 30 : 300, steps = quick ? 30 : 300;
  log('');
  log('## Scenario 7: capsule pile — N dynamic capsules (half length 0.5, radius 0.25) dropped into the plinko box among ~1,500 capsule pegs');
  log(`   ${warmup} warm-up steps, then ${steps} timed steps, dt 1/60; capsule2d (SIMD) and Box2D v3 in the same process`);
  const rows = [];
  const pegs = plinkoPegs();
  for (const n of ns) {
    const bodies = capsules(n);
    let mine = 0;
    for (const make of [capsule2dEngine, box2dEngine]) {
      const e = await make(pegs, bodies);
      for (let k = 0; k < warmup; k++) e.step();
      const times = [];
      for (let k = 0; k < steps; k++) {
        const t0 = performance.now();
        e.step();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const med = times[Math.floor(times.length / 2)];
      const inside = e.read().filter(([x, y]) => x > BOX.left - 1 && x < BOX.right + 1 && y > BOX.floor - 1).length;
      if (inside !== n) problems.push(`scenario 7 ${e.label} N=${n}: ${inside} of ${n} capsules inside`);
      if (make === capsule2dEngine) mine = med;
      rows.push([e.label, String(n), med.toFixed(3), times[Math.floor(times.length * 0.95)].toFixed(3), `${inside}/${n}`,
        make === capsule2dEngine ? '1.00' : (med / mine).toFixed(2)]);
      e.destroy();
    }
  }
  printTable('', ['engine', 'N', 'median ms', 'p95 ms', 'inside', 'x capsule2d'], rows, log);
  return { rows, problems };
}
