// A brute-force float32 reference for the batch pair test, written from the
// text in capsule2d_batch.h / batch.d.ts (not from the C): every step is
// rounded with Math.fround, so the hit decision is exactly the float32 one.
const f = Math.fround;

/** The documented test for capsule (ax, ay)->(bx, by), ra against circle (cx, cy), rc. */
export function pairHit(ax, ay, bx, by, ra, cx, cy, rc) {
  const vx = f(bx - ax), vy = f(by - ay);
  const vv = f(f(vx * vx) + f(vy * vy));
  let gx = 0, gy = 0;
  if (vv >= f(1e-30) && vv <= f(3e38)) {
    gx = f(vx / vv);
    gy = f(vy / vv);
  } else {
    // |v|^2 out of the normal range: g = (v / m) / (|v / m|^2 * m), m the largest |component|
    const m = Math.max(Math.abs(vx), Math.abs(vy));
    if (m > 0 && m <= f(3.4e38)) {
      const sx = f(vx / m), sy = f(vy / m), ss = f(f(sx * sx) + f(sy * sy));
      gx = f(f(sx / ss) / m);
      gy = f(f(sy / ss) / m);
    }
  }
  const wx = f(cx - ax), wy = f(cy - ay);
  let t = f(f(wx * gx) + f(wy * gy));
  t = t > 0 ? t : 0;
  t = t < 1 ? t : 1;
  const dx = f(wx - f(t * vx)), dy = f(wy - f(t * vy));
  const d2 = f(f(dx * dx) + f(dy * dy));
  const rs = f(ra + rc);
  const rs2 = f(rs * rs);
  if (rs2 === Infinity) return Math.hypot(dx, dy) <= rs; // (ra + rc)^2 overflows float32
  return d2 <= rs2;
}

/** Float64 contact for a pair (normal, depth, point), for approximate checks. */
export function pairContact(ax, ay, bx, by, ra, cx, cy, rc) {
  const vx = bx - ax, vy = by - ay, vv = vx * vx + vy * vy;
  let t = vv > 0 ? ((cx - ax) * vx + (cy - ay) * vy) / vv : 0;
  t = Math.min(1, Math.max(0, t));
  const px = ax + t * vx, py = ay + t * vy;
  const dx = cx - px, dy = cy - py, d = Math.hypot(dx, dy);
  const nx = dx / d, ny = dy / d;
  return { nx, ny, depth: ra + rc - d, pointX: px + ra * nx, pointY: py + ra * ny };
}

/** [capsule, circle] pairs ordered by circle, then capsule. */
export function capsuleCirclePairs(caps, circles) {
  const pairs = [];
  for (let i = 0; i < circles.length; i++) {
    const c = circles[i];
    for (let j = 0; j < caps.length; j++) {
      const k = caps[j];
      if (pairHit(k.ax, k.ay, k.bx, k.by, k.r, c.x, c.y, c.r)) pairs.push([j, i]);
    }
  }
  return pairs;
}

/** [i, j] pairs, i < j, ordered by i then j. */
export function circlePairs(circles) {
  const pairs = [];
  for (let i = 0; i < circles.length; i++) {
    const a = circles[i];
    for (let j = i + 1; j < circles.length; j++) {
      const b = circles[j];
      if (pairHit(a.x, a.y, a.x, a.y, a.r, b.x, b.y, b.r)) pairs.push([i, j]);
    }
  }
  return pairs;
}
