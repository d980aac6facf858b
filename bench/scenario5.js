// Scenario 5 — a pinball-like table (issue 17), capsule2d only: N balls
// (default 300) on a 12 x 24 table with walls, pegs, two flippers swinging
// once a second (kinematic capsules driven by setKinematicTarget), a spinning
// kinematic paddle in the middle, a seesaw (a pivoted capsule with limits)
// and a 200-piece chain track (a ramp around the top). Prints median and p95
// ms per step after warm-up and checks that every ball is still on the table.
import { printTable } from './lib/table.js';

/** Builds the table; returns { world, drive(frame) }. */
export function pinballTable(World, n) {
  const w = new World({ ballCapacity: n + 16, staticCapacity: 512 });
  w.addLine(-6, 0, 6, 0); // floor (the drain, for the bench: balls pile there)
  w.addLine(-6, 24, -6, 0);
  w.addLine(6, 0, 6, 24);
  w.addLine(6, 24, -6, 24);
  // The chain: a ramp spiralling down from the top right, 201 points.
  const pts = [];
  for (let i = 0; i <= 200; i++) {
    const t = i / 200, a = Math.PI * (0.1 + 1.6 * t);
    pts.push(4.5 * Math.cos(a), 14 + 7 * Math.sin(a) - 4 * t);
  }
  w.addChain(pts, 0.05, { friction: 0.2 });
  for (let row = 0; row < 4; row++) for (let col = 0; col < 6; col++) w.addCircle(-4 + col * 1.6 + (row % 2) * 0.8, 8 + row * 1.5, 0.2, { restitution: 0.5 });
  const left = w.addKinematicCapsule(-3.2, 3, -0.5, 2.4, 0.2, { pivot: 0, restitution: 0.2 });
  const right = w.addKinematicCapsule(3.2, 3, Math.PI + 0.5, 2.4, 0.2, { pivot: 0, restitution: 0.2 });
  const spinner = w.addKinematicCapsule(0, 13, 0, 2, 0.15);
  w.addPivotedCapsule(0, 6, 0, 3, 0.08, { lowerAngle: -0.35, upperAngle: 0.35, density: 4 }); // a seesaw
  w.setKinematicVelocity(spinner, 0, 0, 3);
  for (let i = 0; i < n; i++) {
    w.addBall(-5 + 10 * ((i * 0.618034) % 1), 16 + 7 * ((i * 0.414214) % 1), 0.15, { restitution: 0.3 });
  }
  const drive = (frame) => {
    const up = frame % 60 < 8; // a flip every second, held 8 frames
    w.setKinematicTarget(left, -3.2, 3, up ? 0.5 : -0.5);
    w.setKinematicTarget(right, 3.2, 3, up ? Math.PI - 0.5 : Math.PI + 0.5);
  };
  return { world: w, drive };
}

export async function runScenario5({ api, quick, log, sizes }) {
  const problems = [];
  const ns = sizes ?? [300];
  const warmup = quick ? 30 : 300, steps = quick ? 30 : 600;
  log('');
  log('## Scenario 5: pinball table (capsule2d only) — 12 x 24 table, two flippers (a flip a second), a spinner, a seesaw, 24 pegs, a 200-piece chain ramp');
  log(`   ${warmup} warm-up steps, then ${steps} timed steps (each with the flippers' targets set), dt 1/60, SIMD build`);
  const rows = [];
  for (const n of ns) {
    const { world, drive } = pinballTable(api.World, n);
    let frame = 0;
    for (; frame < warmup; frame++) { drive(frame); world.step(); }
    const times = [];
    for (let k = 0; k < steps; k++, frame++) {
      drive(frame);
      const t0 = performance.now();
      world.step();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const b = world.balls;
    let inside = 0;
    for (let i = 0; i < b.slotCount; i++) if (b.alive(i) && Math.abs(b.x[i]) < 6 && b.y[i] > 0 && b.y[i] < 24) inside++;
    if (inside !== n) problems.push(`scenario 5 N=${n}: ${inside} of ${n} balls on the table`);
    rows.push([String(n), times[Math.floor(times.length / 2)].toFixed(3), times[Math.floor(times.length * 0.95)].toFixed(3), `${inside}/${n}`, String(world.awakeCount)]);
    world.destroy();
  }
  printTable('', ['N', 'median ms', 'p95 ms', 'on table', 'awake'], rows, log);
  return { rows, problems };
}
