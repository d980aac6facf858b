// An independent float64 reference for the tests, written from the math (not
// from the C): plain JS doubles, no shared code with src/.

export function closestPointOnSegment(ax, ay, bx, by, px, py) {
  const vx = bx - ax, vy = by - ay;
  const vv = vx * vx + vy * vy;
  let t = vv === 0 ? 0 : ((px - ax) * vx + (py - ay) * vy) / vv;
  t = Math.min(1, Math.max(0, t));
  return { x: ax + t * vx, y: ay + t * vy, t };
}

/** separation = distance - sum of radii (negative when overlapping). */
export function collideCapsuleCircle(ax, ay, bx, by, ra, cx, cy, rb) {
  const p = closestPointOnSegment(ax, ay, bx, by, cx, cy);
  const dx = cx - p.x, dy = cy - p.y;
  const distance = Math.hypot(dx, dy);
  const separation = distance - (ra + rb);
  return {
    hit: separation <= 0,
    separation,
    distance,
    depth: -separation,
    nx: distance > 0 ? dx / distance : NaN,
    ny: distance > 0 ? dy / distance : NaN,
  };
}

function dist(ax, ay, bx, by) {
  return Math.hypot(bx - ax, by - ay);
}

function pointSegmentDistance(px, py, ax, ay, bx, by) {
  const p = closestPointOnSegment(ax, ay, bx, by, px, py);
  return dist(px, py, p.x, p.y);
}

/** Do segments P1Q1 and P2Q2 properly intersect (orientation test)? */
function segmentsCross(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y) {
  const o = (ax, ay, bx, by, cx, cy) => Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  const o1 = o(p1x, p1y, q1x, q1y, p2x, p2y), o2 = o(p1x, p1y, q1x, q1y, q2x, q2y);
  const o3 = o(p2x, p2y, q2x, q2y, p1x, p1y), o4 = o(p2x, p2y, q2x, q2y, q1x, q1y);
  return o1 * o2 < 0 && o3 * o4 < 0;
}

/**
 * Distance between two segments: 0 when they cross, otherwise the smallest of
 * the four endpoint-to-segment distances (a different route from the C,
 * which minimises over both parameters at once).
 */
export function segmentDistance(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y) {
  if (segmentsCross(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y)) return 0;
  return Math.min(
    pointSegmentDistance(p1x, p1y, p2x, p2y, q2x, q2y),
    pointSegmentDistance(q1x, q1y, p2x, p2y, q2x, q2y),
    pointSegmentDistance(p2x, p2y, p1x, p1y, q1x, q1y),
    pointSegmentDistance(q2x, q2y, p1x, p1y, q1x, q1y),
  );
}

/** Signed distance to the line through A, B (> 0 on the left, y up). */
export function lineSignedDistance(ax, ay, bx, by, px, py) {
  return ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / Math.hypot(bx - ax, by - ay);
}

/**
 * The smallest s >= 0 where O + s·D is within `radius` of the point C, or
 * Infinity: the smaller root of |O + sD - C|^2 = r^2 (origin outside).
 */
function rayPoint(cx, cy, r, ox, oy, dx, dy) {
  const mx = ox - cx, my = oy - cy;
  const a = dx * dx + dy * dy, b = mx * dx + my * dy, c = mx * mx + my * my - r * r;
  const disc = b * b - a * c;
  if (disc < 0) return Infinity;
  const s = (-b - Math.sqrt(disc)) / a;
  return s >= 0 ? s : Infinity;
}

/** The s where O + s·D crosses segment AB (not parallel), or Infinity. */
function raySegment(ax, ay, bx, by, ox, oy, dx, dy) {
  const ex = bx - ax, ey = by - ay;
  const den = dx * ey - dy * ex;
  if (den === 0) return Infinity;
  const wx = ax - ox, wy = ay - oy;
  const s = (wx * ey - wy * ex) / den;
  const t = (wx * dy - wy * dx) / den;
  return s >= 0 && t >= 0 && t <= 1 ? s : Infinity;
}

/**
 * First s in [0, maxFraction] where the ray O + s·D touches the capsule
 * (core AB, radius r; r may be 0), by the end circles and the two sides
 * offset by ±r. { inside, s } with s = Infinity on a miss.
 */
export function rayCastCapsule(ax, ay, bx, by, r, ox, oy, dx, dy, maxFraction = 1) {
  if (pointSegmentDistance(ox, oy, ax, ay, bx, by) <= r) return { inside: true, s: 0 };
  let s = Math.min(rayPoint(ax, ay, r, ox, oy, dx, dy), rayPoint(bx, by, r, ox, oy, dx, dy));
  const len = Math.hypot(bx - ax, by - ay);
  if (len > 0) {
    const nx = (-(by - ay) / len) * r, ny = ((bx - ax) / len) * r;
    s = Math.min(s, raySegment(ax + nx, ay + ny, bx + nx, by + ny, ox, oy, dx, dy));
    s = Math.min(s, raySegment(ax - nx, ay - ny, bx - nx, by - ny, ox, oy, dx, dy));
  }
  return { inside: false, s: s <= maxFraction ? s : Infinity };
}

/** Circle of radius r swept from X0 to X1 against a capsule (t = Infinity: miss). */
export function sweepCircleCapsule(ax, ay, bx, by, cr, x0, y0, x1, y1, r) {
  const h = rayCastCapsule(ax, ay, bx, by, cr + r, x0, y0, x1 - x0, y1 - y0, 1);
  return { inside: h.inside, t: h.s };
}
