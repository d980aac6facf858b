// The exact reference for pair sets: a brute-force run of the library's
// float32 pair test over all pairs (src/capsule2d_batch.h, "THE PAIR TEST"),
// every operation rounded with Math.fround. Slow on purpose; checks only.
const f = Math.fround;

/** Keys of every touching capsule-circle pair: circle * capsuleCount + capsule. */
export function bruteCapsuleCircle(capsules, cx, cy, cr, circleCount) {
  const m = capsules.count;
  const keys = new Set();
  for (let j = 0; j < m; j++) {
    const ax = capsules.ax[j], ay = capsules.ay[j];
    const vx = f(capsules.bx[j] - ax), vy = f(capsules.by[j] - ay);
    const vv = f(f(vx * vx) + f(vy * vy));
    const gx = vv > 0 ? f(vx / vv) : 0, gy = vv > 0 ? f(vy / vv) : 0;
    const ra = capsules.radius[j];
    for (let i = 0; i < circleCount; i++) {
      const wx = f(cx[i] - ax), wy = f(cy[i] - ay);
      let t = f(f(wx * gx) + f(wy * gy));
      t = 0 < t ? t : 0;
      t = t < 1 ? t : 1;
      const dx = f(wx - f(t * vx)), dy = f(wy - f(t * vy));
      const d2 = f(f(dx * dx) + f(dy * dy));
      const rs = f(ra + cr[i]);
      if (d2 <= f(rs * rs)) keys.add(i * m + j);
    }
  }
  return keys;
}

/** Keys of every touching circle pair i < j: i * n + j. */
export function bruteCircleCircle(cx, cy, cr, n) {
  const keys = new Set();
  for (let i = 0; i < n; i++) {
    const xi = cx[i], yi = cy[i], ri = cr[i];
    for (let j = i + 1; j < n; j++) {
      const dx = f(cx[j] - xi), dy = f(cy[j] - yi);
      const rs = f(ri + cr[j]);
      if (f(f(dx * dx) + f(dy * dy)) <= f(rs * rs)) keys.add(i * n + j);
    }
  }
  return keys;
}

/** { missing, extra }: keys of `want` not in `got`, and of `got` not in `want`. */
export function compareSets(want, got) {
  let missing = 0, extra = 0;
  for (const k of want) if (!got.has(k)) missing++;
  for (const k of got) if (!want.has(k)) extra++;
  return { missing, extra };
}
