// Seeded scenes for the benchmark. Every number is made from a 32-bit integer
// PRNG (mulberry32) with float64 +, -, *, / and sqrt only, then rounded to
// float32 — operations that are correctly rounded in JS and in C — so the
// native driver (bench/native/scene.h) builds the identical scene bit for bit.

/** mulberry32: a tiny 32-bit PRNG; next() gives a float64 in [0, 1). */
export function prng(seed) {
  let s = seed >>> 0;
  return function next() {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniformly random unit direction by rejection (no trig, so C agrees). */
export function randomDirection(next) {
  for (;;) {
    const dx = next() * 2 - 1;
    const dy = next() * 2 - 1;
    const l2 = dx * dx + dy * dy;
    if (l2 <= 1 && l2 >= 1e-4) {
      const l = Math.sqrt(l2);
      return [dx / l, dy / l];
    }
  }
}

export const BOX_W = 200;
export const BOX_H = 150;
export const CIRCLE_RADIUS = 0.5;
export const CAPSULE_RADIUS = 0.25;
export const HALF_LENGTH = 1.5; // core length 3 (CONVENTIONS: length = |B - A|)

/**
 * Circles then capsules, from one PRNG stream, in SoA float32 arrays.
 * Circles: centre uniform in the box. Capsules: centre uniform in the box,
 * uniformly random direction, A = C - u * 1.5, B = C + u * 1.5.
 */
export function buildScene(seed, circleCount, capsuleCount) {
  const next = prng(seed);
  const circles = {
    count: circleCount,
    x: new Float32Array(circleCount),
    y: new Float32Array(circleCount),
    radius: new Float32Array(circleCount).fill(CIRCLE_RADIUS),
  };
  for (let i = 0; i < circleCount; i++) {
    circles.x[i] = next() * BOX_W;
    circles.y[i] = next() * BOX_H;
  }
  const capsules = {
    count: capsuleCount,
    ax: new Float32Array(capsuleCount),
    ay: new Float32Array(capsuleCount),
    bx: new Float32Array(capsuleCount),
    by: new Float32Array(capsuleCount),
    radius: new Float32Array(capsuleCount).fill(CAPSULE_RADIUS),
  };
  for (let j = 0; j < capsuleCount; j++) {
    const cx = next() * BOX_W;
    const cy = next() * BOX_H;
    const [ux, uy] = randomDirection(next);
    capsules.ax[j] = cx - ux * HALF_LENGTH;
    capsules.ay[j] = cy - uy * HALF_LENGTH;
    capsules.bx[j] = cx + ux * HALF_LENGTH;
    capsules.by[j] = cy + uy * HALF_LENGTH;
  }
  return { circles, capsules };
}

/**
 * Frames of small random moves for the scene query: frame 0 is the start,
 * each later frame moves every circle by up to `step` in x and y (reflected
 * at the box walls). Returns an array of { x, y } Float32Arrays.
 */
export function buildFrames(seed, circles, frameCount, step) {
  const next = prng(seed ^ 0x5bd1e995);
  const frames = [{ x: circles.x.slice(), y: circles.y.slice() }];
  for (let f = 1; f < frameCount; f++) {
    const prev = frames[f - 1];
    const x = new Float32Array(circles.count);
    const y = new Float32Array(circles.count);
    for (let i = 0; i < circles.count; i++) {
      x[i] = reflect(prev.x[i] + (next() * 2 - 1) * step, BOX_W);
      y[i] = reflect(prev.y[i] + (next() * 2 - 1) * step, BOX_H);
    }
    frames.push({ x, y });
  }
  return frames;
}

function reflect(v, hi) {
  if (v < 0) return -v;
  if (v > hi) return 2 * hi - v;
  return v;
}
