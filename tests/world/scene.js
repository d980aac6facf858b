// The busy world scene of the golden state hash, built the same way in
// tests/native/test_world.c: a box (three half-planes), 48 tilted capsules
// and 300 balls of mixed sizes and materials, a few shot fast, stepped 300
// times. Every number comes from one LCG and exact arithmetic in doubles,
// rounded once to float32 (C: (float)(double expression)).
// (No Node modules here: the Chromium test loads this file in a page. The
// golden hash is read by golden.js.)
export const SCENE_STEPS = 300;

/** Builds the scene (options: buildScene's), steps it SCENE_STEPS times and returns its state hash. */
export function runWorldScene(World, options) {
  const w = buildScene(World, options);
  for (let i = 0; i < SCENE_STEPS; i++) w.step();
  const hash = w.stateHash();
  w.destroy();
  return hash;
}

export function lcg(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) / 16777216; // 24 bits: exact in float32 and double
  };
}

/** Builds the scene in a World (capsule2d's API); bullets: the fast balls are bullets (CAP_WORLD_BULLET_HASH). */
export function buildScene(World, { bullets = false } = {}) {
  const rnd = lcg(12345);
  const w = new World({ ballCapacity: 512, staticCapacity: 64 });
  w.addLine(-20, 0, 20, 0, { friction: 0.5 });
  w.addLine(-20, 40, -20, 0);
  w.addLine(20, 0, 20, 40);
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 8; col++) {
      const cx = -17.5 + col * 5 + (row % 2) * 2.5, cy = 6 + row * 4;
      const tilt = (rnd() - 0.5) * 1.2; // a slope, not an angle: no trig
      w.addCapsule(cx - 1.5, cy - 1.5 * tilt, cx + 1.5, cy + 1.5 * tilt, 0.25, { restitution: 0.2 });
    }
  }
  for (let i = 0; i < 300; i++) {
    const r = 0.3 + 0.3 * rnd();
    const fast = i % 50 === 0;
    w.addBall(-18 + 36 * rnd(), 32 + 7 * rnd(), r, {
      vx: fast ? 200 * (rnd() - 0.5) : 0,
      vy: fast ? -300 : 0,
      restitution: 0.5 * rnd(),
      friction: 0.2 + 0.6 * rnd(),
      rollingResistance: i % 3 === 0 ? 0.05 : 0,
      ...(bullets && fast ? { bullet: true } : {}),
    });
  }
  return w;
}

/**
 * The snapshot run (CAP_WORLD_SNAPSHOT_HASH in tests/golden/world.h): the
 * scene stepped 100 times, balls in slots 299 and 5 removed, one step, slot 6
 * removed; returns that world (to save).
 */
export function snapshotScene(World) {
  const w = buildScene(World);
  for (let i = 0; i < 100; i++) w.step();
  w.removeBall(w.ballHandle(299));
  w.removeBall(w.ballHandle(5));
  w.step();
  w.removeBall(w.ballHandle(6));
  return w;
}

/** Restores bytes into a fresh World, steps it 1000 times, returns its state hash. */
export function continueSnapshot(World, bytes) {
  const w = World.fromSnapshot(bytes);
  for (let i = 0; i < 1000; i++) w.step();
  const hash = w.stateHash();
  w.destroy();
  return hash;
}
