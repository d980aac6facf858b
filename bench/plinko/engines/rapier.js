// Rapier (@dimforge/rapier2d-compat, or the -simd-compat build): one fixed
// body with capsule colliders for the pegs and half-space walls, ball
// colliders on dynamic bodies. Defaults otherwise.
import { DT, GRAVITY, BALL, PEG, BOX } from '../scene.js';

export const model = 'ColliderDesc.capsule(1.5, 0.25) rotated (Rapier capsules lie along y), halfspace walls, ball colliders; default integration parameters';

export async function create({ pegs, balls, simd }) {
  const R = (await import(simd ? '@dimforge/rapier2d-simd-compat' : '@dimforge/rapier2d-compat')).default;
  await R.init({}); // the object form: the bare call is deprecated
  const world = new R.World({ x: 0, y: GRAVITY });
  world.timestep = DT;
  const ground = world.createRigidBody(R.RigidBodyDesc.fixed());
  world.createCollider(R.ColliderDesc.halfspace({ x: 0, y: 1 }).setTranslation(0, BOX.floor), ground);
  world.createCollider(R.ColliderDesc.halfspace({ x: 1, y: 0 }).setTranslation(BOX.left, 0), ground);
  world.createCollider(R.ColliderDesc.halfspace({ x: -1, y: 0 }).setTranslation(BOX.right, 0), ground);
  for (const p of pegs) {
    world.createCollider(
      R.ColliderDesc.capsule(PEG.halfLength, PEG.radius).setTranslation(p.cx, p.cy).setRotation(p.angle - Math.PI / 2).setFriction(PEG.friction),
      ground,
    );
  }
  const bodies = [];
  for (const b of balls) {
    const body = world.createRigidBody(R.RigidBodyDesc.dynamic().setTranslation(b.x, b.y));
    world.createCollider(R.ColliderDesc.ball(b.r).setDensity(BALL.density).setRestitution(BALL.restitution).setFriction(BALL.friction), body);
    bodies.push(body);
  }
  const version = R.version?.() ?? '';
  return {
    label: `Rapier ${version} (${simd ? 'rapier2d-simd-compat' : 'rapier2d-compat'})`,
    step: () => world.step(),
    read() {
      const n = bodies.length, xs = new Float64Array(n), ys = new Float64Array(n), sp = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const t = bodies[i].translation(), v = bodies[i].linvel();
        xs[i] = t.x; ys[i] = t.y; sp[i] = Math.hypot(v.x, v.y);
      }
      return { xs, ys, sp };
    },
  };
}
