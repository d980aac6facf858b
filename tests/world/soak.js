// The soak: a busy scene (plinko pegs, 600 balls, a fast ball shot every
// 10 steps at up to 500 m/s and removed when it has lived 3 s), checked every
// step: no NaN, nothing escaped the box, no energy gain beyond what gravity
// and the shots put in, memory flat after warm-up.
//   node tests/world/soak.js [steps]       (default 100,000)
// tests/world/soak.test.js runs a short version in CI.
import { init, World } from 'capsule2d';
import { lcg } from './scene.js';

/** A step may not add more than this fraction of the total mechanical energy. */
export const GAIN_TOLERANCE = 1e-5;

export async function soak(steps, { log = () => {}, seed = 99 } = {}) {
  await init();
  const rnd = lcg(seed);
  const w = new World({ ballCapacity: 1024, staticCapacity: 256 });
  w.addLine(-30, 0, 30, 0);
  w.addLine(-30, 200, -30, 0);
  w.addLine(30, 0, 30, 200);
  for (let row = 0; row < 10; row++) for (let col = 0; col < 12; col++) {
    const cx = -27.5 + col * 5 + (row % 2) * 2.5, cy = 5 + row * 3;
    const t = (rnd() - 0.5) * 1.2;
    w.addCapsule(cx - 1.5, cy - 1.5 * t, cx + 1.5, cy + 1.5 * t, 0.25, { restitution: 0.3 });
  }
  for (let i = 0; i < 600; i++) w.addBall(-28 + 56 * rnd(), 40 + 30 * rnd(), 0.3 + 0.2 * rnd(), { restitution: 0.5 * rnd(), friction: 0.3 });
  const shots = [];
  const b = w.balls;
  const memory = () => w.balls.x.buffer.byteLength;
  let mem0 = 0;
  const px = new Float32Array(1024), py = new Float32Array(1024), wasHeld = new Uint8Array(1024);
  const worst = { hung: 0, nan: 0, escaped: 0, gainSteps: 0, maxGain: 0, maxGainStep: -1, maxGainOf: 0, laterGain: 0, laterGainStep: -1, laterGainOf: 0 };
  // Mechanical energy per unit density (mass π r², inertia m r²/2, gravity 10):
  // a step may lose energy, never gain more than float rounding and the
  // little a soft contact stores (GAIN_TOLERANCE, in the same units).
  const energy = () => {
    let e = 0;
    for (let i = 0; i < b.slotCount; i++) {
      if (!b.alive(i)) continue;
      const r = b.radius[i], m = Math.PI * r * r;
      e += m * (0.5 * (b.vx[i] ** 2 + b.vy[i] ** 2) + 0.25 * r * r * b.angularVelocity[i] ** 2 + 10 * b.y[i]);
    }
    return e;
  };
  for (let step = 0; step < steps; step++) {
    if (step % 10 === 0) {
      const speed = 50 + 450 * rnd(), ang = -Math.PI / 2 + (rnd() - 0.5) * 2.5;
      shots.push({ h: w.addBall(-25 + 50 * rnd(), 60, 0.2, { vx: Math.cos(ang) * speed, vy: Math.sin(ang) * speed }), born: step });
    }
    while (shots.length && step - shots[0].born > 180) w.removeBall(shots.shift().h);
    const before = energy();
    for (let i = 0; i < b.slotCount; i++) { px[i] = b.x[i]; py[i] = b.y[i]; }
    w.step();
    // Held in mid-air: an awake ball faster than 10 m/s that ends the step
    // exactly where it began (a sweep stopped it at its start) and keeps
    // its speed; held two steps running, it hangs.
    for (let i = 0; i < b.slotCount; i++) {
      const still = b.alive(i) && b.awake(i) && b.x[i] === px[i] && b.y[i] === py[i] && Math.hypot(b.vx[i], b.vy[i]) > 10;
      if (still && wasHeld[i]) worst.hung++;
      wasHeld[i] = still ? 1 : 0;
    }
    const gain = energy() - before;
    if (gain > worst.maxGain) [worst.maxGain, worst.maxGainStep, worst.maxGainOf] = [gain, step, before];
    // After step 0 (which pushes apart the balls the scene placed overlapping).
    if (step > 0 && gain > worst.laterGain) [worst.laterGain, worst.laterGainStep, worst.laterGainOf] = [gain, step, before];
    if (gain > GAIN_TOLERANCE * Math.abs(before)) worst.gainSteps++;
    for (let i = 0; i < b.slotCount; i++) {
      if (!b.alive(i)) continue;
      if (!(Number.isFinite(b.x[i]) && Number.isFinite(b.y[i]) && Number.isFinite(b.vx[i]) && Number.isFinite(b.vy[i]))) worst.nan++;
      if (b.x[i] < -30 || b.x[i] > 30 || b.y[i] < 0) worst.escaped++;
    }
    if (step === 2000) mem0 = memory();
    if (step % 10000 === 0) log(`step ${step}: ${w.balls.live} balls, ${w.awakeCount} awake, memory ${memory()}`);
  }
  // Energy: with every shot removed and the rest left to settle, nothing
  // keeps moving (energy from nowhere would). 40 s: since near misses stopped
  // slowing balls (issue 23), the last ones take up to ~22 s to bounce down
  // the tilted pegs (seed 99: ball 500, its energy falling all the way).
  while (shots.length) w.removeBall(shots.shift().h);
  for (let i = 0; i < 2400; i++) w.step();
  let fastest = 0;
  for (let i = 0; i < b.slotCount; i++) if (b.alive(i)) fastest = Math.max(fastest, Math.hypot(b.vx[i], b.vy[i]));
  return { ...worst, memoryGrew: steps > 2000 ? memory() - mem0 : 0, fastest, hash: w.stateHash() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const steps = Number(process.argv[2] ?? 100_000);
  const t0 = Date.now();
  const r = await soak(steps, { log: console.log });
  console.log(JSON.stringify({ steps, ...r, seconds: (Date.now() - t0) / 1000 }));
}
