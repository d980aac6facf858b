// planck (Box2D 2.x in JS): no capsule shape, so each peg is a box plus two
// circles on one static body; edges for the box walls; defaults otherwise
// (8 velocity / 3 position iterations).
import planck from 'planck';
import { DT, GRAVITY, BALL, PEG, BOX } from '../scene.js';

export const model = 'capsule = box(1.5, 0.25) + 2 circles (no capsule shape); edge walls; 8/3 iterations';

export async function create({ pegs, balls }) {
  const { World, Vec2, Circle, Box, Edge } = planck;
  const world = new World({ gravity: Vec2(0, GRAVITY) });
  const ground = world.createBody();
  ground.createFixture(Edge(Vec2(BOX.left, BOX.floor), Vec2(BOX.right, BOX.floor)), { friction: PEG.friction });
  ground.createFixture(Edge(Vec2(BOX.left, BOX.floor), Vec2(BOX.left, BOX.top * 4)), { friction: PEG.friction });
  ground.createFixture(Edge(Vec2(BOX.right, BOX.floor), Vec2(BOX.right, BOX.top * 4)), { friction: PEG.friction });
  for (const p of pegs) {
    ground.createFixture(Box(PEG.halfLength, PEG.radius, Vec2(p.cx, p.cy), p.angle), { friction: PEG.friction });
    ground.createFixture(Circle(Vec2(p.ax, p.ay), PEG.radius), { friction: PEG.friction });
    ground.createFixture(Circle(Vec2(p.bx, p.by), PEG.radius), { friction: PEG.friction });
  }
  const bodies = balls.map((b) => {
    const body = world.createDynamicBody(Vec2(b.x, b.y));
    body.createFixture(Circle(b.r), { density: BALL.density, friction: BALL.friction, restitution: BALL.restitution });
    return body;
  });
  return {
    label: 'planck',
    step: () => world.step(DT),
    read() {
      const n = bodies.length, xs = new Float64Array(n), ys = new Float64Array(n), sp = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const p = bodies[i].getPosition(), v = bodies[i].getLinearVelocity();
        xs[i] = p.x; ys[i] = p.y; sp[i] = Math.hypot(v.x, v.y);
      }
      return { xs, ys, sp };
    },
  };
}
