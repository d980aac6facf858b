// capsule2d's World: half-planes for the box, capsules for the pegs, balls.
import { init, World, usingSimd } from 'capsule2d';
import { DT, GRAVITY, BALL, PEG, BOX } from '../scene.js';

export const model = 'World: capsule statics (core + radius), half-plane walls, defaults otherwise (4 sub-steps)';

export async function create({ pegs, balls, simd }) {
  await init({ simd });
  const w = new World({ dt: DT, gravityY: GRAVITY, ballCapacity: balls.length, staticCapacity: pegs.length + 8 });
  w.addLine(BOX.left, BOX.floor, BOX.right, BOX.floor);
  w.addLine(BOX.left, BOX.top * 4, BOX.left, BOX.floor);
  w.addLine(BOX.right, BOX.floor, BOX.right, BOX.top * 4);
  for (const p of pegs) w.addCapsule(p.ax, p.ay, p.bx, p.by, PEG.radius, { friction: PEG.friction });
  for (const b of balls) w.addBall(b.x, b.y, b.r, { restitution: BALL.restitution, friction: BALL.friction });
  const v = w.balls;
  return {
    label: `capsule2d ${usingSimd() ? 'SIMD' : 'scalar'}`,
    world: w, // for the world-query scenario (bench/scenario6.js)
    step: () => w.step(),
    read() {
      const n = balls.length, xs = new Float64Array(n), ys = new Float64Array(n), sp = new Float64Array(n);
      for (let i = 0; i < n; i++) { xs[i] = v.x[i]; ys[i] = v.y[i]; sp[i] = Math.hypot(v.vx[i], v.vy[i]); }
      return { xs, ys, sp };
    },
  };
}
