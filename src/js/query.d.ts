// Scalar queries: plain numbers in, a small object out. Conventions are in
// index.d.ts (float32, frame, touching counts, normal from A toward B,
// degenerate cases, `result` reuse).

/** A point on a segment A→B and its parameter t in [0, 1]. */
export interface SegmentPoint {
  x: number;
  y: number;
  t: number;
}

/** A contact between shape A (first arguments) and shape B (last). */
export interface Contact {
  /** Unit normal from A toward B (never NaN, never -0). */
  nx: number;
  ny: number;
  /** Sum of radii minus distance; >= 0. */
  depth: number;
  /** Contact point on A's surface: core point + normal · A's radius. */
  pointX: number;
  pointY: number;
  /** Closest point on A's core (segment point, centre or line foot). */
  coreX: number;
  coreY: number;
}

/** A circle against an infinite line: a Contact plus the signed distance. */
export interface LineContact extends Contact {
  /** Signed perpendicular distance of the centre, > 0 on the left of A→B (y up). */
  distance: number;
}

/**
 * Capsule–capsule contact: up to two points sharing one normal (A → B).
 * count = 2 when both cores have length, are parallel (|sin of the angle
 * between them| <= 1e-5) and B's projection on A's axis overlaps A's core
 * over a stretch of positive length: the two points are the ends of that
 * stretch (core points on A's core, contact points on A's surface), each
 * with its own depth (>= 0). The first point is the deeper one; on a tie the
 * one nearer A's start (a1). Otherwise count = 1 (the closest points).
 */
export interface Manifold extends Contact {
  count: 1 | 2;
  /** Second point, valid when count === 2. */
  depth2: number;
  point2X: number;
  point2Y: number;
  core2X: number;
  core2Y: number;
}

/** Closest points between two segments P1→Q1 and P2→Q2. */
export interface SegmentPair {
  /** On the first segment, at parameter s in [0, 1]. */
  x1: number;
  y1: number;
  s: number;
  /** On the second segment, at parameter t in [0, 1]. */
  x2: number;
  y2: number;
  t: number;
  /** Distance between the two points (0 when the segments cross). */
  distance: number;
}

/** A capsule by its core endpoints A, B and radius. */
export interface Capsule {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  radius: number;
}

/** A ray hit. */
export interface RayHit {
  /** s in [0, maxFraction], in units of (dx, dy). */
  fraction: number;
  /** O + fraction · D. */
  x: number;
  y: number;
  /** Outward unit normal of the shape at the hit; −D/|D| when startsInside. */
  nx: number;
  ny: number;
  /** The origin was inside or on the shape: fraction 0, point O. */
  startsInside: boolean;
}

/** A swept circle's first contact. */
export interface SweepHit {
  /** Time of impact in [0, 1] along X0 → X1. */
  t: number;
  /** The moving circle's centre at t. */
  x: number;
  y: number;
  /** Unit normal from the shape toward the circle at t. */
  nx: number;
  ny: number;
  /** Contact point on the shape's surface at t. */
  pointX: number;
  pointY: number;
  /** Already touching or overlapping at t = 0 (then t = 0). */
  startsInside: boolean;
}

/** A new zeroed Contact, to pass as `result`. */
export function createContact(): Contact;

/** A new zeroed Manifold (count 1), to pass as `result` to collideCapsules. */
export function createManifold(): Manifold;

/** A new zeroed RayHit, to pass as `result` to the ray casts. */
export function createRayHit(): RayHit;

/** A new zeroed SweepHit, to pass as `result` to the sweeps. */
export function createSweepHit(): SweepHit;

/**
 * The closest point on segment A→B to P: the projection of P − A on B − A,
 * clamped to [0, 1]. A zero-length segment (A = B) gives A and t = 0.
 * t = 0 gives exactly A and t = 1 exactly B.
 */
export function closestPointOnSegment(
  ax: number, ay: number, bx: number, by: number,
  px: number, py: number,
  result?: SegmentPoint,
): SegmentPoint;

/**
 * Closest points between segments P1→Q1 and P2→Q2 (either may have zero
 * length). Crossing segments give their intersection (distance 0). Otherwise
 * the pair has an endpoint of one segment; among pairs at the same distance
 * the smallest s wins, then the smallest t. So parallel segments whose
 * projections overlap give the pair at the start of the overlap along P1→Q1,
 * and a zero-length segment gives its start with parameter 0.
 */
export function closestPointsOnSegments(
  p1x: number, p1y: number, q1x: number, q1y: number,
  p2x: number, p2y: number, q2x: number, q2y: number,
  result?: SegmentPair,
): SegmentPair;

/** True when P is inside or on the circle (|P − C| <= radius; radius 0 is a point). */
export function pointInCircle(cx: number, cy: number, radius: number, px: number, py: number): boolean;

/**
 * True when P is inside or on the capsule: distance to the core A→B <= radius
 * (a zero-length core is a circle, radius 0 a segment).
 */
export function pointInCapsule(
  ax: number, ay: number, bx: number, by: number, radius: number,
  px: number, py: number,
): boolean;

/**
 * Circle A against circle B: hit when the distance between the centres <=
 * ar + br (touching counts). Normal from A's centre toward B's; coincident
 * centres give (0, 1) and depth ar + br. core = A's centre, point = core +
 * normal · ar.
 */
export function collideCircles(
  ax: number, ay: number, ar: number,
  bx: number, by: number, br: number,
  result?: Contact,
): Contact | null;

/**
 * Capsule A (core A→B, radius capsuleRadius) against circle B. The normal
 * points from the capsule toward the circle. A centre exactly on the core
 * gives the left perpendicular of A→B; a zero-length core with coincident
 * centres gives (0, 1). A capsule with radius 0 is a segment.
 */
export function collideCapsuleCircle(
  ax: number, ay: number, bx: number, by: number, capsuleRadius: number,
  cx: number, cy: number, circleRadius: number,
  result?: Contact,
): Contact | null;

/**
 * Segment A→B against a circle: exactly collideCapsuleCircle with capsule
 * radius 0 (same normal rules; point = core).
 */
export function collideSegmentCircle(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, circleRadius: number,
  result?: Contact,
): Contact | null;

/**
 * The infinite line through A ≠ B (shape A) against a circle (shape B). Hit
 * when |distance| <= radius (touching counts); normal = sign(distance) · left
 * normal of A→B (toward the centre; distance 0 gives the left normal);
 * depth = radius − |distance|; core = point = the foot of the perpendicular
 * from the centre. A = B (after rounding to float32) throws a RangeError.
 */
export function collideLineCircle(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, circleRadius: number,
  result?: LineContact,
): LineContact | null;

/**
 * Signed distance from P to the line through A ≠ B: cross(B − A, P − A) / |B − A|,
 * positive on the left of A→B with y up (on a y-down canvas, the left is
 * drawn on the right). A = B throws a RangeError.
 */
export function lineSignedDistance(ax: number, ay: number, bx: number, by: number, px: number, py: number): number;

/**
 * Capsule A against capsule B (radius 0 = segment, zero-length core =
 * circle): hit when the distance between the cores <= r1 + r2 (touching
 * counts); normal from A's closest core point toward B's. Crossing or
 * touching cores (distance 0): the left perpendicular of A's axis (of B's if
 * A's core has no length, (0, 1) if neither has), negated when it points away
 * from B's centre (kept when exactly perpendicular to it); never NaN. See
 * Manifold for the two-point case.
 */
export function collideCapsules(
  a1x: number, a1y: number, b1x: number, b1y: number, r1: number,
  a2x: number, a2y: number, b2x: number, b2y: number, r2: number,
  result?: Manifold,
): Manifold | null;

/**
 * The offset that pushes shape B out of shape A: (nx · depth, ny · depth),
 * rounded to float32. Plain JS (no wasm call). A non-object contact throws a
 * TypeError; a non-finite nx, ny or depth a RangeError naming the field.
 */
export function pushOut(contact: Contact, result?: { x: number; y: number }): { x: number; y: number };

/**
 * A capsule from its centre, axis direction (any non-zero length; it is
 * normalised), core length (distance between A and B; tip to tip is
 * length + 2·radius) and radius: A = C − u·length/2, B = C + u·length/2.
 * A zero axis (after rounding to float32) throws a RangeError naming
 * (axisX, axisY); a negative length or radius a RangeError; an endpoint
 * beyond float32's range a RangeError.
 */
export function capsuleFromAxis(
  cx: number, cy: number, axisX: number, axisY: number, length: number, radius: number,
  result?: Capsule,
): Capsule;

/**
 * The same from an angle (radians, counter-clockwise from +x):
 * u = (cos angle, sin angle) from capsule2d's own cos/sin, so the bits match
 * natively and in every engine and build. Within 1 float32 rounding of the
 * true cos/sin for |angle| <= 1e6 (and 2e-7 of Math.cos for |angle| <= 1e4);
 * beyond that finite and bounded but less accurate.
 */
export function capsuleFromAngle(
  cx: number, cy: number, angle: number, length: number, radius: number,
  result?: Capsule,
): Capsule;

/*
 * How every ray cast and sweep decides at the edges:
 * - Computed in double precision from the float32 inputs, against the shape's
 *   core: a path that grazes a flat side or an end circle hits exactly when
 *   it comes within the radius (a ball rolling 2.2e-8 above a floor misses),
 *   and a path nearly parallel to a side still reports a point on the surface.
 * - A hit is the earliest contact: its point is on the surface (within
 *   float32 rounding) and its normal the outward unit normal there.
 * - The start and end are decided by the static tests (pointInCapsule for
 *   rays, collide* for sweeps): touching at the start is startsInside with
 *   fraction (t) +0 — never −0, never the exit point — and touching at the
 *   end is a hit at maxFraction (t = 1) at the latest. A start within
 *   rounding of the surface may also count as startsInside.
 */

/**
 * Ray O + s·D, s in [0, maxFraction] (default 1; D need not be unit), against
 * a circle. A tangent ray hits; a hit exactly at maxFraction counts. D = (0, 0)
 * (after rounding to float32), maxFraction < 0 or non-finite throws a
 * RangeError. Starting inside or on the circle: fraction 0, point O, normal
 * −D/|D|, startsInside true. Radius 0 is a point, hit only by a ray through
 * it (normal −D/|D|).
 */
export function rayCastCircle(
  cx: number, cy: number, radius: number,
  ox: number, oy: number, dx: number, dy: number, maxFraction?: number,
  result?: RayHit,
): RayHit | null;

/**
 * The same against segment A→B (either side): the normal is the segment's
 * unit perpendicular on the side of the ray's origin. Origin on the segment:
 * startsInside. A ray along the segment's line (collinear, origin off the
 * segment) hits the first endpoint it reaches, normal −D/|D|; a zero-length
 * segment is a point, hit the same way.
 */
export function rayCastSegment(
  ax: number, ay: number, bx: number, by: number,
  ox: number, oy: number, dx: number, dy: number, maxFraction?: number,
  result?: RayHit,
): RayHit | null;

/**
 * The same against a capsule: the earliest hit on its end circles and flat
 * sides (outward normal; a ray grazing a flat side hits where it first
 * touches, decided as above). Radius 0 is rayCastSegment, a zero-length core rayCastCircle.
 */
export function rayCastCapsule(
  ax: number, ay: number, bx: number, by: number, radius: number,
  ox: number, oy: number, dx: number, dy: number, maxFraction?: number,
  result?: RayHit,
): RayHit | null;

/**
 * A circle of `radius` moving from X0 to X1 against a static circle: the
 * earliest t in [0, 1] with distance = sum of radii (touching exactly at t = 1
 * counts), found as a ray from X0 along X1 − X0 (maxFraction 1) against the
 * shape inflated by `radius`. The result: t, the moving centre at t, the
 * normal from the shape toward the circle, the contact point on the shape's
 * surface (centre − normal · radius). Touching or overlapping at the start:
 * t = 0, centre X0, startsInside true, and normal and point are those of the
 * static contact (collideCircles / collideSegmentCircle / collideCapsuleCircle
 * with the shape first). X0 = X1 is not an error: it is that static test.
 * Misses return null (result untouched).
 */
export function sweepCircleCircle(
  cx: number, cy: number, circleRadius: number,
  x0: number, y0: number, x1: number, y1: number, radius: number,
  result?: SweepHit,
): SweepHit | null;

/** The same against segment A→B (a capsule of radius 0). */
export function sweepCircleSegment(
  ax: number, ay: number, bx: number, by: number,
  x0: number, y0: number, x1: number, y1: number, radius: number,
  result?: SweepHit,
): SweepHit | null;

/** The same against a capsule (inflated to radius capsuleRadius + radius). */
export function sweepCircleCapsule(
  ax: number, ay: number, bx: number, by: number, capsuleRadius: number,
  x0: number, y0: number, x1: number, y1: number, radius: number,
  result?: SweepHit,
): SweepHit | null;
