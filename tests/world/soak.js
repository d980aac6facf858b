// Soak checks over the busy scene, every step: no NaN, nothing escaped the box,
// no energy gain beyond what the shots put in, wasm memory flat after warm-up.
// Used by soak.test.js (short, in CI) and by `node tests/world/soak.js [steps]`
// (the long run for the closing note: 100,000 steps by default).
import { buildScene, BOX, R } from './scene.js';

export function soak(api, stepsN, { balls = 400 } = {}) {
  const { world, shoot } = buildScene(api, { balls });
  const b = world.balls;
  const g = 10, I = 0.5 * R * R; // per unit mass (equal balls)
  const energy = () => {
    let e = 0;
    for (let i = 0; i < balls; i++) {
      e += 0.5 * (b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i]) + 0.5 * I * b.angularVelocity[i] * b.angularVelocity[i] + g * b.y[i];
    }
    return e;
  };
  let budget = energy(), nan = 0, escaped = 0, gain = 0, memory0 = 0, memoryGrew = 0, worst = 0;
  const t0 = performance.now();
  for (let k = 0; k < stepsN; k++) {
    const i = shoot(k);
    if (i >= 0) budget = Math.max(budget, energy()); // a shot may add energy: the new total is the budget
    world.step();
    for (let j = 0; j < balls; j++) {
      const x = b.x[j], y = b.y[j];
      if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(b.vx[j]) && Number.isFinite(b.vy[j]) && Number.isFinite(b.angularVelocity[j]))) nan++;
      else if (!(x > 0 && x < BOX.w && y > 0 && y < BOX.h)) escaped++;
    }
    const e = energy();
    const over = (e - budget) / Math.abs(budget);
    if (over > worst) worst = over;
    if (over > 1e-4) gain++; // 1e-4 of the total (float32 positions; soft contacts store a little)
    budget = Math.min(budget, e); // energy lost is lost: the budget follows it down
    const mem = b.x.buffer.byteLength;
    if (k === 100) memory0 = mem;
    if (k > 100 && mem !== memory0) memoryGrew++;
  }
  return { steps: stepsN, nan, escaped, gain, worstGain: worst, memory: memory0, memoryGrew, ms: performance.now() - t0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const api = await import('capsule2d');
  await api.init();
  const n = Number(process.argv[2] ?? 100000);
  const r = soak(api, n);
  console.log(JSON.stringify({ simd: api.usingSimd(), ...r }));
  process.exit(r.nan || r.escaped || r.gain || r.memoryGrew ? 1 : 0);
}
