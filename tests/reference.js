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
