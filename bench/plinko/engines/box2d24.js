// Box2D 2.4.1 (box2d-wasm, its SIMD build): the package's own entry does not
// load in Node 20, so its UMD glue is loaded by hand and handed the .wasm
// bytes. No capsule shape: a peg is a box plus two circles on one static
// body; edges for the walls; 8 velocity / 3 position iterations.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DT, GRAVITY, BALL, PEG, BOX } from '../scene.js';

export const model = 'capsule = b2PolygonShape box + 2 b2CircleShape (no capsule shape); b2EdgeShape walls; 8/3 iterations';

export async function create({ pegs, balls }) {
  const entry = import.meta.resolve('box2d-wasm'); // .../dist/es/entry.js
  const glue = fileURLToPath(new URL('../umd/Box2D.simd.js', entry));
  const factory = createRequire(import.meta.url)(glue);
  const B = await factory({ wasmBinary: readFileSync(fileURLToPath(new URL('../umd/Box2D.simd.wasm', entry))) });
  const V = (x, y) => new B.b2Vec2(x, y);
  const world = new B.b2World(V(0, GRAVITY));
  const ground = world.CreateBody(new B.b2BodyDef());
  const fixture = (shape, friction, density = 0, restitution = 0) => {
    const fd = new B.b2FixtureDef();
    fd.set_shape(shape);
    fd.set_friction(friction);
    fd.set_density(density);
    fd.set_restitution(restitution);
    return fd;
  };
  for (const [ax, ay, bx, by] of [[BOX.left, BOX.floor, BOX.right, BOX.floor], [BOX.left, BOX.floor, BOX.left, BOX.top * 4], [BOX.right, BOX.floor, BOX.right, BOX.top * 4]]) {
    const e = new B.b2EdgeShape();
    e.SetTwoSided(V(ax, ay), V(bx, by));
    ground.CreateFixture(fixture(e, PEG.friction));
  }
  for (const p of pegs) {
    const box = new B.b2PolygonShape();
    box.SetAsBox(PEG.halfLength, PEG.radius, V(p.cx, p.cy), p.angle);
    ground.CreateFixture(fixture(box, PEG.friction));
    for (const [x, y] of [[p.ax, p.ay], [p.bx, p.by]]) {
      const c = new B.b2CircleShape();
      c.set_m_radius(PEG.radius);
      c.set_m_p(V(x, y));
      ground.CreateFixture(fixture(c, PEG.friction));
    }
  }
  const bodies = balls.map((b) => {
    const bd = new B.b2BodyDef();
    bd.set_type(B.b2_dynamicBody);
    bd.set_position(V(b.x, b.y));
    const body = world.CreateBody(bd);
    const c = new B.b2CircleShape();
    c.set_m_radius(b.r);
    body.CreateFixture(fixture(c, BALL.friction, BALL.density, BALL.restitution));
    return body;
  });
  return {
    label: 'Box2D 2.4 (box2d-wasm, SIMD)',
    step: () => world.Step(DT, 8, 3),
    memory: () => B.HEAPU8?.length ?? null,
    read() {
      const n = bodies.length, xs = new Float64Array(n), ys = new Float64Array(n), sp = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const p = bodies[i].GetPosition(), v = bodies[i].GetLinearVelocity();
        xs[i] = p.get_x(); ys[i] = p.get_y(); sp[i] = Math.hypot(v.get_x(), v.get_y());
      }
      return { xs, ys, sp };
    },
  };
}
