// capsule2d — scalar queries: plain numbers in, a small object out.
// Each function checks its arguments, calls its own export directly (no
// shared dispatch: see README, "Crossing the boundary"), then copies the
// result block into `result` (or a new object). Conventions: capsule2d.h.
import { wasm, out, notReady } from './runtime.js';
import { f32, finite32, radius, resultObject, maxFraction, nonZero, distinctPoints } from './check.js';

/** A new, zeroed contact object (for the `result` argument). */
export function createContact() {
  return { nx: 0, ny: 0, depth: 0, pointX: 0, pointY: 0, coreX: 0, coreY: 0 };
}

function readContact(result) {
  const r = result ?? createContact();
  r.nx = out[0];
  r.ny = out[1];
  r.depth = out[2];
  r.pointX = out[3];
  r.pointY = out[4];
  r.coreX = out[5];
  r.coreY = out[6];
  return r;
}

export function closestPointOnSegment(ax, ay, bx, by, px, py, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  px = f32(px, 'px');
  py = f32(py, 'py');
  resultObject(result, 'result');
  wasm.capw_closest_point_on_segment(ax, ay, bx, by, px, py);
  const r = result ?? { x: 0, y: 0, t: 0 };
  r.x = out[0];
  r.y = out[1];
  r.t = out[2];
  return r;
}

export function collideCapsuleCircle(ax, ay, bx, by, capsuleRadius, cx, cy, circleRadius, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  capsuleRadius = radius(capsuleRadius, 'capsuleRadius');
  cx = f32(cx, 'cx');
  cy = f32(cy, 'cy');
  circleRadius = radius(circleRadius, 'circleRadius');
  resultObject(result, 'result');
  if (!wasm.capw_collide_capsule_circle(ax, ay, bx, by, capsuleRadius, cx, cy, circleRadius)) return null;
  return readContact(result);
}

export function closestPointsOnSegments(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y, result) {
  if (wasm === null) notReady();
  p1x = f32(p1x, 'p1x');
  p1y = f32(p1y, 'p1y');
  q1x = f32(q1x, 'q1x');
  q1y = f32(q1y, 'q1y');
  p2x = f32(p2x, 'p2x');
  p2y = f32(p2y, 'p2y');
  q2x = f32(q2x, 'q2x');
  q2y = f32(q2y, 'q2y');
  resultObject(result, 'result');
  wasm.capw_closest_points_on_segments(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y);
  const r = result ?? { x1: 0, y1: 0, s: 0, x2: 0, y2: 0, t: 0, distance: 0 };
  r.x1 = out[0];
  r.y1 = out[1];
  r.s = out[2];
  r.x2 = out[3];
  r.y2 = out[4];
  r.t = out[5];
  r.distance = out[6];
  return r;
}

export function pointInCircle(cx, cy, circleRadius, px, py) {
  if (wasm === null) notReady();
  cx = f32(cx, 'cx');
  cy = f32(cy, 'cy');
  circleRadius = radius(circleRadius, 'radius');
  px = f32(px, 'px');
  py = f32(py, 'py');
  return wasm.capw_point_in_circle(cx, cy, circleRadius, px, py) === 1;
}

export function pointInCapsule(ax, ay, bx, by, capsuleRadius, px, py) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  capsuleRadius = radius(capsuleRadius, 'radius');
  px = f32(px, 'px');
  py = f32(py, 'py');
  return wasm.capw_point_in_capsule(ax, ay, bx, by, capsuleRadius, px, py) === 1;
}

export function collideCircles(ax, ay, ar, bx, by, br, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  ar = radius(ar, 'ar');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  br = radius(br, 'br');
  resultObject(result, 'result');
  if (!wasm.capw_collide_circles(ax, ay, ar, bx, by, br)) return null;
  return readContact(result);
}

export function collideSegmentCircle(ax, ay, bx, by, cx, cy, circleRadius, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  cx = f32(cx, 'cx');
  cy = f32(cy, 'cy');
  circleRadius = radius(circleRadius, 'circleRadius');
  resultObject(result, 'result');
  if (!wasm.capw_collide_segment_circle(ax, ay, bx, by, cx, cy, circleRadius)) return null;
  return readContact(result);
}

export function collideLineCircle(ax, ay, bx, by, cx, cy, circleRadius, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  cx = f32(cx, 'cx');
  cy = f32(cy, 'cy');
  circleRadius = radius(circleRadius, 'circleRadius');
  resultObject(result, 'result');
  distinctPoints(ax, ay, bx, by, 'collideLineCircle');
  const hit = wasm.capw_collide_line_circle(ax, ay, bx, by, cx, cy, circleRadius);
  if (hit !== 1) return null; // A = B (the C error) was ruled out above
  const r = readContact(result);
  r.distance = out[7];
  return r;
}

export function lineSignedDistance(ax, ay, bx, by, px, py) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  px = f32(px, 'px');
  py = f32(py, 'py');
  distinctPoints(ax, ay, bx, by, 'lineSignedDistance');
  wasm.capw_line_signed_distance(ax, ay, bx, by, px, py);
  return out[0];
}

/** A new, zeroed manifold object (for the `result` argument of collideCapsules). */
export function createManifold() {
  return {
    nx: 0, ny: 0, depth: 0, pointX: 0, pointY: 0, coreX: 0, coreY: 0,
    count: 1, depth2: 0, point2X: 0, point2Y: 0, core2X: 0, core2Y: 0,
  };
}

export function collideCapsules(a1x, a1y, b1x, b1y, r1, a2x, a2y, b2x, b2y, r2, result) {
  if (wasm === null) notReady();
  a1x = f32(a1x, 'a1x');
  a1y = f32(a1y, 'a1y');
  b1x = f32(b1x, 'b1x');
  b1y = f32(b1y, 'b1y');
  r1 = radius(r1, 'r1');
  a2x = f32(a2x, 'a2x');
  a2y = f32(a2y, 'a2y');
  b2x = f32(b2x, 'b2x');
  b2y = f32(b2y, 'b2y');
  r2 = radius(r2, 'r2');
  resultObject(result, 'result');
  if (!wasm.capw_collide_capsules(a1x, a1y, b1x, b1y, r1, a2x, a2y, b2x, b2y, r2)) return null;
  const r = result ?? createManifold();
  r.nx = out[0];
  r.ny = out[1];
  r.depth = out[2];
  r.pointX = out[3];
  r.pointY = out[4];
  r.coreX = out[5];
  r.coreY = out[6];
  r.count = out[7];
  r.depth2 = out[8];
  r.point2X = out[9];
  r.point2Y = out[10];
  r.core2X = out[11];
  r.core2Y = out[12];
  return r;
}

function finiteField(object, key, name) {
  return f32(object[key], `${name}.${key}`);
}

export function pushOut(contact, result) {
  if (contact === null || typeof contact !== 'object') {
    throw new TypeError(`contact must be a Contact object, got ${contact === null ? 'null' : typeof contact}`);
  }
  const nx = finiteField(contact, 'nx', 'contact');
  const ny = finiteField(contact, 'ny', 'contact');
  const depth = finiteField(contact, 'depth', 'contact');
  resultObject(result, 'result');
  const r = result ?? { x: 0, y: 0 };
  r.x = Math.fround(nx * depth);
  r.y = Math.fround(ny * depth);
  return r;
}

function readCapsule(result) {
  const r = result ?? { ax: 0, ay: 0, bx: 0, by: 0, radius: 0 };
  r.ax = out[0];
  r.ay = out[1];
  r.bx = out[2];
  r.by = out[3];
  r.radius = out[4];
  return r;
}

function overflow(name) {
  throw new RangeError(`${name}: an endpoint overflows the coordinate range (center ± length/2 is beyond ±1e38)`);
}

export function capsuleFromAxis(cx, cy, axisX, axisY, length, capsuleRadius, result) {
  if (wasm === null) notReady();
  cx = f32(cx, 'cx');
  cy = f32(cy, 'cy');
  axisX = f32(axisX, 'axisX');
  axisY = f32(axisY, 'axisY');
  length = radius(length, 'length');
  capsuleRadius = radius(capsuleRadius, 'radius');
  resultObject(result, 'result');
  nonZero(axisX, axisY, 'axisX', 'axisY');
  if (!wasm.capw_capsule_from_axis(cx, cy, axisX, axisY, length, capsuleRadius)) overflow('capsuleFromAxis');
  return readCapsule(result);
}

export function capsuleFromAngle(cx, cy, angle, length, capsuleRadius, result) {
  if (wasm === null) notReady();
  cx = f32(cx, 'cx');
  cy = f32(cy, 'cy');
  angle = finite32(angle, 'angle'); // any finite float32: an angle is not a coordinate
  length = radius(length, 'length');
  capsuleRadius = radius(capsuleRadius, 'radius');
  resultObject(result, 'result');
  if (!wasm.capw_capsule_from_angle(cx, cy, angle, length, capsuleRadius)) overflow('capsuleFromAngle');
  return readCapsule(result);
}

/** A new, zeroed ray hit (for the `result` argument of the ray casts). */
export function createRayHit() {
  return { fraction: 0, x: 0, y: 0, nx: 0, ny: 0, startsInside: false };
}

function readRayHit(result) {
  const r = result ?? createRayHit();
  r.fraction = out[0];
  r.x = out[1];
  r.y = out[2];
  r.nx = out[3];
  r.ny = out[4];
  r.startsInside = out[5] === 1;
  return r;
}

export function rayCastCircle(cx, cy, circleRadius, ox, oy, dx, dy, maxF, result) {
  if (wasm === null) notReady();
  cx = f32(cx, 'cx');
  cy = f32(cy, 'cy');
  circleRadius = radius(circleRadius, 'radius');
  ox = f32(ox, 'ox');
  oy = f32(oy, 'oy');
  dx = f32(dx, 'dx');
  dy = f32(dy, 'dy');
  maxF = maxFraction(maxF, 'maxFraction');
  resultObject(result, 'result');
  nonZero(dx, dy, 'dx', 'dy');
  if (wasm.capw_ray_cast_circle(cx, cy, circleRadius, ox, oy, dx, dy, maxF) !== 1) return null;
  return readRayHit(result);
}

export function rayCastSegment(ax, ay, bx, by, ox, oy, dx, dy, maxF, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  ox = f32(ox, 'ox');
  oy = f32(oy, 'oy');
  dx = f32(dx, 'dx');
  dy = f32(dy, 'dy');
  maxF = maxFraction(maxF, 'maxFraction');
  resultObject(result, 'result');
  nonZero(dx, dy, 'dx', 'dy');
  if (wasm.capw_ray_cast_segment(ax, ay, bx, by, ox, oy, dx, dy, maxF) !== 1) return null;
  return readRayHit(result);
}

export function rayCastCapsule(ax, ay, bx, by, capsuleRadius, ox, oy, dx, dy, maxF, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  capsuleRadius = radius(capsuleRadius, 'radius');
  ox = f32(ox, 'ox');
  oy = f32(oy, 'oy');
  dx = f32(dx, 'dx');
  dy = f32(dy, 'dy');
  maxF = maxFraction(maxF, 'maxFraction');
  resultObject(result, 'result');
  nonZero(dx, dy, 'dx', 'dy');
  if (wasm.capw_ray_cast_capsule(ax, ay, bx, by, capsuleRadius, ox, oy, dx, dy, maxF) !== 1) return null;
  return readRayHit(result);
}

/** A new, zeroed sweep hit (for the `result` argument of the sweeps). */
export function createSweepHit() {
  return { t: 0, x: 0, y: 0, nx: 0, ny: 0, pointX: 0, pointY: 0, startsInside: false };
}

function readSweepHit(result) {
  const r = result ?? createSweepHit();
  r.t = out[0];
  r.x = out[1];
  r.y = out[2];
  r.nx = out[3];
  r.ny = out[4];
  r.pointX = out[5];
  r.pointY = out[6];
  r.startsInside = out[7] === 1;
  return r;
}

export function sweepCircleCircle(cx, cy, circleRadius, x0, y0, x1, y1, r, result) {
  if (wasm === null) notReady();
  cx = f32(cx, 'cx');
  cy = f32(cy, 'cy');
  circleRadius = radius(circleRadius, 'circleRadius');
  x0 = f32(x0, 'x0');
  y0 = f32(y0, 'y0');
  x1 = f32(x1, 'x1');
  y1 = f32(y1, 'y1');
  r = radius(r, 'radius');
  resultObject(result, 'result');
  if (wasm.capw_sweep_circle_circle(cx, cy, circleRadius, x0, y0, x1, y1, r) !== 1) return null;
  return readSweepHit(result);
}

export function sweepCircleSegment(ax, ay, bx, by, x0, y0, x1, y1, r, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  x0 = f32(x0, 'x0');
  y0 = f32(y0, 'y0');
  x1 = f32(x1, 'x1');
  y1 = f32(y1, 'y1');
  r = radius(r, 'radius');
  resultObject(result, 'result');
  if (wasm.capw_sweep_circle_segment(ax, ay, bx, by, x0, y0, x1, y1, r) !== 1) return null;
  return readSweepHit(result);
}

export function sweepCircleCapsule(ax, ay, bx, by, capsuleRadius, x0, y0, x1, y1, r, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  capsuleRadius = radius(capsuleRadius, 'capsuleRadius');
  x0 = f32(x0, 'x0');
  y0 = f32(y0, 'y0');
  x1 = f32(x1, 'x1');
  y1 = f32(y1, 'y1');
  r = radius(r, 'radius');
  resultObject(result, 'result');
  if (wasm.capw_sweep_circle_capsule(ax, ay, bx, by, capsuleRadius, x0, y0, x1, y1, r) !== 1) return null;
  return readSweepHit(result);
}
