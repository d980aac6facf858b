// matter-js: works in pixels and milliseconds, so the scene is scaled by 50
// px per metre (gravity and speeds converted); pegs are chamfered
// rectangles (its capsule), walls thick static rectangles; defaults otherwise.
import Matter from 'matter-js';
import { DT, GRAVITY, BALL, PEG, BOX } from '../scene.js';

const S = 50; // px per metre
export const model = 'peg = rectangle 3.5 x 0.5 m with chamfer 0.25 m, 50 px/m, gravity scaled; default iterations';

export async function create({ pegs, balls }) {
  const { Engine, Bodies, Composite, Body } = Matter;
  const engine = Engine.create();
  // matter's gravity: y down, acceleration = gravity.y * gravity.scale px/ms^2.
  engine.gravity.y = 1;
  engine.gravity.scale = (-GRAVITY * S) / 1e6;
  const statics = [];
  const wall = (cx, cy, w, h) => statics.push(Bodies.rectangle(cx * S, -cy * S, w * S, h * S, { isStatic: true, friction: PEG.friction }));
  wall(0, BOX.floor - 5, 220, 10);
  wall(BOX.left - 5, BOX.top * 2, 10, BOX.top * 4);
  wall(BOX.right + 5, BOX.top * 2, 10, BOX.top * 4);
  for (const p of pegs) {
    const body = Bodies.rectangle(p.cx * S, -p.cy * S, (2 * PEG.halfLength + 2 * PEG.radius) * S, 2 * PEG.radius * S,
      { isStatic: true, chamfer: { radius: PEG.radius * S * 0.99 }, friction: PEG.friction });
    Body.setAngle(body, -p.angle);
    statics.push(body);
  }
  const bodies = balls.map((b) => Bodies.circle(b.x * S, -b.y * S, b.r * S, { restitution: BALL.restitution, friction: BALL.friction }));
  Composite.add(engine.world, [...statics, ...bodies]);
  return {
    label: 'matter-js',
    step: () => Engine.update(engine, DT * 1000),
    read() {
      const n = bodies.length, xs = new Float64Array(n), ys = new Float64Array(n), sp = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const b = bodies[i];
        xs[i] = b.position.x / S; ys[i] = -b.position.y / S;
        sp[i] = Math.hypot(b.velocity.x, b.velocity.y) / S / DT; // px per step -> m/s
      }
      return { xs, ys, sp };
    },
  };
}
