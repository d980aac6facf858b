// An exact reference for rays and swept circles, written from the math with
// BigInt integers (no float arithmetic on the way): the earliest entry of the
// path O + s·D (0 ≤ s ≤ maxFraction) into a capsule (core A→B, radius R;
// R = 0 is a segment, A = B a circle).
//
// Every float32 is an integer multiple of 2^-149, so all inputs are scaled by
// 2^149 to integers and every predicate (inside at the start, touching at the
// end, a tangent path, a side parallel at exactly R) is decided exactly. The
// entry fraction itself involves square roots; it is computed in fixed point
// with 2^-PREC resolution (integer square roots), far below float32's.
//
// The union of the two end discs and the rectangle between the side lines is
// entered first through a side line (where the entry projects onto the core)
// or an end circle, so the earliest entry is the least of those candidates.

const SCALE = 149n;
const PREC = 160n;
const ONE = 1n << PREC;

const f32 = Math.fround;
const buf = new DataView(new ArrayBuffer(4));

/** The float32 x as the integer x·2^149 (exact). */
export function toInt(x) {
  x = f32(x);
  if (!Number.isFinite(x)) throw new RangeError(`not finite: ${x}`);
  buf.setFloat32(0, x);
  const bits = buf.getUint32(0);
  const sign = bits >>> 31 ? -1n : 1n;
  const exp = (bits >>> 23) & 0xff;
  const man = BigInt(bits & 0x7fffff);
  // value = man·2^-149 (subnormal) or (2^23 + man)·2^(exp-150)
  if (exp === 0) return sign * man;
  return sign * ((man | (1n << 23n)) << BigInt(exp - 1));
}

const abs = (a) => (a < 0n ? -a : a);

/** floor(sqrt(n)) for n ≥ 0. */
export function isqrt(n) {
  if (n < 0n) throw new RangeError('isqrt of a negative');
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** A fixed-point fraction (·2^PREC) as a Number. */
export const fixedToNumber = (t) => Number(t) / 2 ** Number(PREC);

/** num / den in fixed point (den > 0), rounded down. */
const fixedDiv = (num, den) => {
  const q = (num << PREC) / den;
  return num < 0n && q * den !== num << PREC ? q - 1n : q;
};

/** Exact squared distance from point p to segment a→b, as a rational
 *  [numerator, denominator] of scaled integers. */
export function distSqToSegment(ax, ay, bx, by, px, py) {
  const ex = bx - ax, ey = by - ay;
  const wx = px - ax, wy = py - ay;
  const ee = ex * ex + ey * ey;
  const we = wx * ex + wy * ey;
  if (ee === 0n || we <= 0n) return [wx * wx + wy * wy, 1n];
  if (we >= ee) {
    const qx = px - bx, qy = py - by;
    return [qx * qx + qy * qy, 1n];
  }
  const c = ex * wy - ey * wx; // perpendicular distance = |c| / |e|
  return [c * c, ee];
}

/**
 * The exact first contact of a ray. All arguments are numbers (rounded to
 * float32). Returns { hit, inside, s, touchEnd, margins }: s is the fraction
 * in fixed point (0 when inside), touchEnd whether the path's end point
 * touches exactly or overlaps, margins how far the start, the end and the
 * whole path stay outside, relative to the largest coordinate (see
 * pathMargins).
 */
export function exactRay({ ax, ay, bx, by, r, ox, oy, dx, dy, maxFraction = 1 }) {
  return exactCast([toInt(ax), toInt(ay)], [toInt(bx), toInt(by)], toInt(r), [toInt(ox), toInt(oy)],
    [toInt(dx), toInt(dy)], toInt(maxFraction));
}

/** The exact first contact of a circle of radius rc swept from (x0, y0) to
 *  (x1, y1) against the capsule (radius r): a ray with D = x1 - x0 (exact)
 *  and maxFraction 1 against the capsule grown by rc. The grown radius is
 *  the float32 sum r + rc, the sum the static tests (collide*) compare
 *  distances with, so that the two families agree. */
export function exactSweep({ ax, ay, bx, by, r, x0, y0, x1, y1, rc }) {
  const O = [toInt(x0), toInt(y0)];
  return exactCast([toInt(ax), toInt(ay)], [toInt(bx), toInt(by)], toInt(f32(f32(r) + f32(rc))), O,
    [toInt(x1) - O[0], toInt(y1) - O[1]], 1n << SCALE);
}

function exactCast(A, B, R, O, D, maxF) {
  const RR = R * R;

  const S = 1n << SCALE;
  // the end point O + maxF·D, exactly: scaled twice, so scale A, B, O, R up once more
  const A2 = [A[0] * S, A[1] * S], B2 = [B[0] * S, B[1] * S], O2 = [O[0] * S, O[1] * S];
  const E2 = [O2[0] + maxF * D[0], O2[1] + maxF * D[1]];
  const margins = pathMargins(A2, B2, O2, E2, R * S);
  const [n0, d0] = distSqToSegment(A[0], A[1], B[0], B[1], O[0], O[1]);
  if (n0 <= RR * d0) return { hit: true, inside: true, s: 0n, touchEnd: false, margins };
  const [n1, d1] = distSqToSegment(A2[0], A2[1], B2[0], B2[1], E2[0], E2[1]);
  const touchEnd = n1 <= RR * S * S * d1;

  let best = null;
  const consider = (s) => {
    if (best === null || s < best) best = s;
  };
  const ex = B[0] - A[0], ey = B[1] - A[1];
  const ee = ex * ex + ey * ey;
  if (ee > 0n) {
    const c0 = ex * (O[1] - A[1]) - ey * (O[0] - A[0]); // |e| · signed distance
    const c1 = ex * D[1] - ey * D[0];                   // |e| · sideways speed
    // outside the slab and closing on it: |c0| > R|e| and sign(c0)·c1 < 0
    if (c0 * c0 > RR * ee && (c0 > 0n ? c1 < 0n : c1 > 0n)) {
      // s = (|c0| - R|e|) / |c1|, with |e| = sqrt(ee) in fixed point
      const le = isqrt(ee << (2n * PREC)); // |e|·2^PREC
      const s = fixedDiv((abs(c0) << PREC) - R * le, abs(c1) << PREC);
      // the entry point must project onto the core: 0 ≤ (O + sD - A)·e ≤ ee
      // (in fixed point; a corner entry is also an end circle's, so the
      // rounding of s at the corner does not change the least candidate)
      const along = ((O[0] - A[0]) * ex + (O[1] - A[1]) * ey) * ONE + s * (D[0] * ex + D[1] * ey);
      if (along >= 0n && along <= ee * ONE) consider(s);
    }
  }
  const DD = D[0] * D[0] + D[1] * D[1];
  for (const C of ee > 0n ? [A, B] : [A]) {
    const mx = O[0] - C[0], my = O[1] - C[1];
    const b = mx * D[0] + my * D[1];
    const c = mx * mx + my * my - RR; // > 0: outside
    const disc = b * b - DD * c;
    if (b >= 0n || disc < 0n) continue;
    // s = (-b - sqrt(disc)) / DD
    const root = isqrt(disc << (2n * PREC));
    consider(fixedDiv((-b << PREC) - root, DD << PREC));
  }
  // within reach: s ≤ maxFraction (maxF is ·2^149, s is ·2^PREC)
  if (best !== null && best * S <= maxF * ONE) return { hit: true, inside: false, s: best, touchEnd, margins };
  if (touchEnd) return { hit: true, inside: false, s: fixedDiv(maxF, S), touchEnd, margins };
  return { hit: false, inside: false, s: 0n, touchEnd, margins };
}

const cross = (ox, oy, ax, ay, bx, by) => (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
const sign = (a) => (a > 0n ? 1 : a < 0n ? -1 : 0);

/** Exact squared distance between segments P→Q and A→B, as [num, den]. */
export function segmentsDistSq(A, B, P, Q) {
  const degenerate = (A[0] === B[0] && A[1] === B[1]) || (P[0] === Q[0] && P[1] === Q[1]);
  if (!degenerate) {
    const o1 = sign(cross(A[0], A[1], B[0], B[1], P[0], P[1])), o2 = sign(cross(A[0], A[1], B[0], B[1], Q[0], Q[1]));
    const o3 = sign(cross(P[0], P[1], Q[0], Q[1], A[0], A[1])), o4 = sign(cross(P[0], P[1], Q[0], Q[1], B[0], B[1]));
    const collinear = o1 === 0 && o2 === 0;
    if (!collinear && o1 * o2 <= 0 && o3 * o4 <= 0) return [0n, 1n];
  }
  let best = null;
  for (const d of [
    distSqToSegment(A[0], A[1], B[0], B[1], P[0], P[1]), distSqToSegment(A[0], A[1], B[0], B[1], Q[0], Q[1]),
    distSqToSegment(P[0], P[1], Q[0], Q[1], A[0], A[1]), distSqToSegment(P[0], P[1], Q[0], Q[1], B[0], B[1]),
  ]) if (best === null || d[0] * best[1] < best[0] * d[1]) best = d;
  return best;
}

const ratioToNumber = (n, d) => {
  // n / d for huge BigInts, as a double
  const shift = BigInt(Math.max(0, n.toString(2).length - d.toString(2).length - 60));
  const q = ((n << 64n) / d) >> shift;
  return Number(q) * 2 ** (Number(shift) - 64);
};

/** How far (signed, relative to the largest coordinate) the start, the end
 *  and the whole path O→E stay outside the capsule (core A→B, radius R):
 *  distance minus R. Near 0 means "within rounding of touching". */
function pathMargins(A, B, O, E, R) {
  const mag = [A, B, O, E].flat().concat([R]).reduce((m, v) => (abs(v) > m ? abs(v) : m), 1n);
  const rel = ([n, d]) => {
    const dist = Math.sqrt(ratioToNumber(n, d * mag * mag));
    return dist - ratioToNumber(R, mag);
  };
  return {
    start: rel(distSqToSegment(A[0], A[1], B[0], B[1], O[0], O[1])),
    end: rel(distSqToSegment(A[0], A[1], B[0], B[1], E[0], E[1])),
    path: rel(segmentsDistSq(A, B, O, E)),
  };
}

/** Exact distance from (px, py) to the core A→B, minus R, relative to `scale`
 *  (Numbers: r may be a sum of radii), relative to `scale`. */
export function surfaceError(ax, ay, bx, by, r, px, py, scale) {
  const [n, d] = distSqToSegment(toInt(ax), toInt(ay), toInt(bx), toInt(by), toInt(px), toInt(py));
  const dist = Math.sqrt(Number((n << 64n) / d)) / 2 ** 32 / 2 ** 149;
  return Math.abs(dist - r) / scale;
}
