// Box2D v3 (box2d3-wasm, the SIMD "deluxe" build, one thread): static
// capsule shapes on one static body, box walls as segments, circle bodies.
// Defaults otherwise (4 sub-steps, continuous on).
import { DT, GRAVITY, BALL, PEG, BOX } from '../scene.js';

export const model = 'b2CreateCapsuleShape pegs on one static body, b2Segment walls, b2Circle balls; 4 sub-steps, no task system';

// Its package exports only the entry (which picks a flavour itself): load the
// SIMD build's ES module by path, with no worker threads.
async function factory() {
  const entry = import.meta.resolve('box2d3-wasm'); // .../build/dist/es/entry.mjs
  return (await import(new URL('./deluxe/Box2D.deluxe.mjs', entry).href)).default;
}

/** Box2D v3 loaded (one thread) with the plinko box's walls and pegs on one
 * static body: { B, world }. Shared with scenario 7 (the capsule pile). */
export async function plinkoWorld(pegs) {
  const B = await (await factory())({ pthreadCount: 0 });
  const wd = B.b2DefaultWorldDef();
  wd.gravity = new B.b2Vec2(0, GRAVITY);
  const world = B.b2CreateWorld(wd);
  const ground = B.b2CreateBody(world, B.b2DefaultBodyDef());
  const sd = B.b2DefaultShapeDef();
  sd.material.friction = PEG.friction;
  for (const [ax, ay, bx, by] of [[BOX.left, BOX.floor, BOX.right, BOX.floor], [BOX.left, BOX.floor, BOX.left, BOX.top * 4], [BOX.right, BOX.floor, BOX.right, BOX.top * 4]]) {
    const seg = new B.b2Segment();
    seg.point1 = new B.b2Vec2(ax, ay);
    seg.point2 = new B.b2Vec2(bx, by);
    B.b2CreateSegmentShape(ground, sd, seg);
  }
  for (const p of pegs) {
    const c = new B.b2Capsule();
    c.center1 = new B.b2Vec2(p.ax, p.ay);
    c.center2 = new B.b2Vec2(p.bx, p.by);
    c.radius = PEG.radius;
    B.b2CreateCapsuleShape(ground, sd, c);
  }
  return { B, world };
}

export async function create({ pegs, balls }) {
  const { B, world } = await plinkoWorld(pegs);
  const bd = B.b2DefaultBodyDef();
  bd.type = B.b2BodyType.b2_dynamicBody;
  const bsd = B.b2DefaultShapeDef();
  bsd.density = BALL.density;
  bsd.material.friction = BALL.friction;
  bsd.material.restitution = BALL.restitution;
  const ids = [];
  for (const b of balls) {
    bd.position = new B.b2Vec2(b.x, b.y);
    const id = B.b2CreateBody(world, bd);
    const circle = new B.b2Circle();
    circle.center = new B.b2Vec2(0, 0);
    circle.radius = b.r;
    B.b2CreateCircleShape(id, bsd, circle);
    ids.push(id);
  }
  return {
    label: 'Box2D v3 (box2d3-wasm, SIMD)',
    B, world, // for the world-query scenario (bench/scenario6.js)
    step: () => B.b2World_Step(world, DT, 4),
    memory: () => B.HEAPU8?.length ?? B.wasmMemory?.buffer.byteLength ?? 0,
    read() {
      const n = ids.length, xs = new Float64Array(n), ys = new Float64Array(n), sp = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const p = B.b2Body_GetPosition(ids[i]), v = B.b2Body_GetLinearVelocity(ids[i]);
        xs[i] = p.x; ys[i] = p.y; sp[i] = Math.hypot(v.x, v.y);
        p.delete?.(); v.delete?.();
      }
      return { xs, ys, sp };
    },
  };
}
