// The busy scene shared by the soak, the determinism hash (Node SIMD and
// scalar, Chromium) and the long soak script: a 40 × 30 box, 120 tilted
// static capsules on a staggered grid, N balls dropped in, and a fast shot
// every 10 steps (speeds up to 400 radii per step). Seeded; uses only the
// public World API; no randomness inside the step.

export const BOX = { w: 40, h: 30 };
export const R = 0.2;

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

export function buildScene(api, { balls = 400, seed = 1616, sleep = true } = {}) {
  const world = new api.World({ capacity: balls, sleep });
  const { w, h } = BOX;
  for (const [ax, ay, bx, by] of [[0, 0, w, 0], [w, 0, w, h], [w, h, 0, h], [0, h, 0, 0]]) {
    world.addSegment({ ax, ay, bx, by, restitution: 0.5, friction: 0.3 });
  }
  const rand = rng(seed);
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 15; col++) {
      const cx = 2 + col * 2.6 + (row % 2) * 1.3, cy = 4 + row * 2.5, a = (rand() - 0.5) * 1.2;
      const hx = Math.cos(a) * 0.7, hy = Math.sin(a) * 0.7;
      world.addCapsule({ ax: cx - hx, ay: cy - hy, bx: cx + hx, by: cy + hy, radius: 0.12, restitution: 0.5, friction: 0.3 });
    }
  }
  for (let i = 0; i < balls; i++) {
    world.addBall({ x: 1 + (i % 38) + 0.3 * rand(), y: 24 + Math.floor(i / 38) * 0.45, radius: R, restitution: 0.5, friction: 0.3 });
  }
  const shots = rng(seed + 1);
  /** Every 10th step, one ball is shot in a random direction at up to 400 radii per step. */
  const shoot = (k) => {
    if (k % 10 !== 0) return -1;
    const i = Math.floor(shots() * balls), a = shots() * 2 * Math.PI, v = shots() * 400 * R * 60;
    world.balls.vx[i] = v * Math.cos(a);
    world.balls.vy[i] = v * Math.sin(a);
    return i;
  };
  return { world, shoot };
}

/** FNV-1a of the state views' bytes. */
export function stateHash(world) {
  const b = world.balls;
  let h = 0x811c9dc5;
  for (const a of [b.x, b.y, b.vx, b.vy, b.angle, b.angularVelocity]) {
    const u = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < u.length; i++) h = Math.imul(h ^ u[i], 16777619) >>> 0;
  }
  return h >>> 0;
}

export const HASH_STEPS = 600;

/** The determinism run: HASH_STEPS steps of the busy scene with its shots; returns the state hash. */
export function runHash(api) {
  const { world, shoot } = buildScene(api);
  for (let k = 0; k < HASH_STEPS; k++) {
    shoot(k);
    world.step();
  }
  return stateHash(world);
}

/**
 * The golden hash, recorded from a run (see the commit that sets it). null
 * until the engine exists: the determinism tests then compare builds with
 * each other and report the hash they measured.
 */
export const EXPECTED_WORLD_HASH = null;
