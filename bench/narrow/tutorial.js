// Row (a): what a reader of the seed articles writes — a small vector class
// whose every operation returns a new object, the closest point found by
// projecting on the unit segment direction, and a clamp helper. Float64 math
// (plain JS numbers), so its depths differ from the float32 rows in the last
// bits; its hits must not.

class Vector2D {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
  plus(v) {
    return new Vector2D(this.x + v.x, this.y + v.y);
  }
  minus(v) {
    return new Vector2D(this.x - v.x, this.y - v.y);
  }
  times(s) {
    return new Vector2D(this.x * s, this.y * s);
  }
  dot(v) {
    return this.x * v.x + this.y * v.y;
  }
  length() {
    return Math.sqrt(this.dot(this));
  }
  normalized() {
    const len = this.length();
    return len > 0 ? this.times(1 / len) : new Vector2D(0, 0);
  }
  leftPerp() {
    return new Vector2D(-this.y, this.x);
  }
}

function clamp(v, lo, hi) {
  return Math.max(lo, Math.min(hi, v));
}

function closestPointOnSegment(a, b, p) {
  const seg = b.minus(a);
  const segLength = seg.length();
  const dir = seg.normalized();
  const along = clamp(p.minus(a).dot(dir), 0, segLength);
  return a.plus(dir.times(along));
}

function collideCapsuleCircle(capsule, circle) {
  const closest = closestPointOnSegment(capsule.a, capsule.b, circle.center);
  const offset = circle.center.minus(closest);
  const distance = offset.length();
  const radii = capsule.radius + circle.radius;
  if (distance > radii) return null;
  const normal = distance > 0 ? offset.times(1 / distance) : capsule.b.minus(capsule.a).normalized().leftPerp();
  return { normal, depth: radii - distance, point: closest.plus(normal.times(capsule.radius)) };
}

/** Turns the SoA scene into the objects a tutorial works with (not timed). */
export function toObjects(scene) {
  const { circles, capsules } = scene;
  const circleObjects = [];
  for (let i = 0; i < circles.count; i++) {
    circleObjects.push({ center: new Vector2D(circles.x[i], circles.y[i]), radius: circles.radius[i] });
  }
  const capsuleObjects = [];
  for (let j = 0; j < capsules.count; j++) {
    capsuleObjects.push({
      a: new Vector2D(capsules.ax[j], capsules.ay[j]),
      b: new Vector2D(capsules.bx[j], capsules.by[j]),
      radius: capsules.radius[j],
    });
  }
  return { circleObjects, capsuleObjects };
}

/** All pairs, circle by circle; returns an array of contacts. */
export function allPairsTutorial({ circleObjects, capsuleObjects }) {
  const contacts = [];
  for (let i = 0; i < circleObjects.length; i++) {
    for (let j = 0; j < capsuleObjects.length; j++) {
      const hit = collideCapsuleCircle(capsuleObjects[j], circleObjects[i]);
      if (hit) contacts.push({ circle: i, capsule: j, ...hit });
    }
  }
  return contacts;
}
