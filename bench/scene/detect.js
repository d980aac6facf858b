// Scenario 2, detect-collisions row (npm detect-collisions, a re-export of
// check2d): circles as Circle bodies moved with setPosition each frame,
// capsules as static convex Polygons — it has no capsule shape, so each is
// a stadium polygon with SEGMENTS edges per rounded end, vertices ON the
// round ends (inscribed: up to r(1 - cos(pi/2/SEGMENTS)) thinner at the
// ends, so a few touching pairs are missed). checkAll() runs its BVH and
// SAT tests and hands a Response (overlap, normal overlapN) per colliding
// pair: circle pairs arrive once from each side, circle-capsule pairs once.
// Circles get padding 0.25, its knob for moving bodies (a body is only
// reinserted in the BVH when it leaves its padded box): frames ran 2-3x
// faster than with padding 0.
import { System } from 'detect-collisions';

export const SEGMENTS = 8;
export const PADDING = 0.25;

function stadium(ax, ay, bx, by, r) {
  const cx = (ax + bx) / 2, cy = (ay + by) / 2;
  const theta = Math.atan2(by - ay, bx - ax);
  const points = [];
  // round end at B: from theta - pi/2 to theta + pi/2; at A: the other half
  for (let s = 0; s <= SEGMENTS; s++) {
    const a = theta - Math.PI / 2 + (Math.PI * s) / SEGMENTS;
    points.push({ x: bx - cx + r * Math.cos(a), y: by - cy + r * Math.sin(a) });
  }
  for (let s = 0; s <= SEGMENTS; s++) {
    const a = theta + Math.PI / 2 + (Math.PI * s) / SEGMENTS;
    points.push({ x: ax - cx + r * Math.cos(a), y: ay - cy + r * Math.sin(a) });
  }
  return { position: { x: cx, y: cy }, points };
}

export function createDetectScene(scene) {
  const { circles: c, capsules: k } = scene;
  const system = new System();
  const bodies = [];
  for (let i = 0; i < c.count; i++) {
    const body = system.createCircle({ x: c.x[i], y: c.y[i] }, c.radius[i], { padding: PADDING });
    body.benchIndex = i;
    body.benchCapsule = false;
    bodies.push(body);
  }
  for (let j = 0; j < k.count; j++) {
    const { position, points } = stadium(k.ax[j], k.ay[j], k.bx[j], k.by[j], k.radius[j]);
    const body = system.createPolygon(position, points, { isStatic: true });
    body.benchIndex = j;
    body.benchCapsule = true;
  }

  let capsulePairs = 0, circlePairs = 0;
  let capsuleKeys = null, circleKeys = null;
  const count = (response) => {
    const a = response.a, b = response.b;
    if (b.benchCapsule) {
      capsulePairs++;
      if (capsuleKeys) capsuleKeys.add(a.benchIndex * k.count + b.benchIndex);
    } else if (a.benchIndex < b.benchIndex) {
      circlePairs++;
      if (circleKeys) circleKeys.add(a.benchIndex * c.count + b.benchIndex);
    }
    // returning nothing: checkAll goes on to the next pair
  };

  function step(frame) {
    const { x, y } = frame;
    for (let i = 0; i < bodies.length; i++) bodies[i].setPosition(x[i], y[i]);
    capsulePairs = 0;
    circlePairs = 0;
    system.checkAll(count);
  }

  function pairs(frame) {
    capsuleKeys = new Set();
    circleKeys = new Set();
    step(frame);
    const result = { capsuleKeys, circleKeys, capsuleCount: capsulePairs, circleCount: circlePairs };
    capsuleKeys = circleKeys = null;
    return result;
  }

  return { step, pairs, destroy() {} };
}
