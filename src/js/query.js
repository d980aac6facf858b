// capsule2d — scalar queries: plain numbers in, a small object out.
// Each function checks its arguments, calls its own export directly (no
// shared dispatch: see README, "Crossing the boundary"), then copies the
// result block into `result` (or a new object). Conventions: capsule2d.h.
import { wasm, out, notReady } from './runtime.js';
import { describe, statusError } from './errors.js';
import { readRayHit as readRayRecord, readSweepHit as readSweepRecord, hitFrame } from './hits.js';
import { f32, finite32, radius, resultObject, maxFraction, nonZero, distinctPoints } from './check.js';
import {
  resultFrame, writeClosest, writeClosest2, writeContact, writeLineContact, writeManifold, writePush, writeCapsule,
  writeRayHit, writeSweepHit, CLOSEST, CLOSEST2, CONTACT, LINE_CONTACT, MANIFOLD, PUSH, CAPSULE, RAY_HIT, SWEEP_HIT,
} from './results.js';

/**
 * A query's C return code: 1 hit, 0 miss; a negative cap_status (ruled out
 * by the checks before the call) becomes its error through errors.js.
 */
function hit(rc, what) {
  if (rc < 0) throw statusError(rc, what);
  return rc === 1;
}

/**
 * The first n values of the result block in a frame for a writer of
 * results.js (a flag such as startsInside stays 1 or 0: the writer makes it a boolean). All values
 * are read before the first field is written: see results.js.
 */
function frameOut(n) {
  const v = resultFrame();
  for (let k = 0; k < n; k++) v[k] = out[k];
  return v;
}

/** A new, zeroed contact object (for the `result` argument). */
export function createContact() {
  return { nx: 0, ny: 0, depth: 0, pointX: 0, pointY: 0, coreX: 0, coreY: 0 };
}

function readContact(result) {
  if (result !== undefined) return writeContact(result, frameOut(CONTACT.length));
  return { nx: out[0], ny: out[1], depth: out[2], pointX: out[3], pointY: out[4], coreX: out[5], coreY: out[6] };
}

export function closestPointOnSegment(ax, ay, bx, by, px, py, result) {
  if (wasm === null) notReady();
  ax = f32(ax, 'ax');
  ay = f32(ay, 'ay');
  bx = f32(bx, 'bx');
  by = f32(by, 'by');
  px = f32(px, 'px');
  py = f32(py, 'py');
  resultObject(result, 'result', CLOSEST);
  wasm.capw_closest_point_on_segment(ax, ay, bx, by, px, py);
  if (result !== undefined) return writeClosest(result, frameOut(CLOSEST.length));
  return { x: out[0], y: out[1], t: out[2] };
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
  resultObject(result, 'result', CONTACT);
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
  resultObject(result, 'result', CLOSEST2);
  wasm.capw_closest_points_on_segments(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y);
  if (result !== undefined) return writeClosest2(result, frameOut(CLOSEST2.length));
  return { x1: out[0], y1: out[1], s: out[2], x2: out[3], y2: out[4], t: out[5], distance: out[6] };
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
  resultObject(result, 'result', CONTACT);
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
  resultObject(result, 'result', CONTACT);
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
  resultObject(result, 'result', LINE_CONTACT);
  distinctPoints(ax, ay, bx, by, 'collideLineCircle');
  if (!hit(wasm.capw_collide_line_circle(ax, ay, bx, by, cx, cy, circleRadius), 'collideLineCircle')) return null;
  if (result !== undefined) return writeLineContact(result, frameOut(LINE_CONTACT.length));
  const r = readContact(undefined);
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
  hit(wasm.capw_line_signed_distance(ax, ay, bx, by, px, py), 'lineSignedDistance');
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
  resultObject(result, 'result', MANIFOLD);
  if (!wasm.capw_collide_capsules(a1x, a1y, b1x, b1y, r1, a2x, a2y, b2x, b2y, r2)) return null;
  if (result !== undefined) return writeManifold(result, frameOut(MANIFOLD.length));
  return {
    nx: out[0], ny: out[1], depth: out[2], pointX: out[3], pointY: out[4], coreX: out[5], coreY: out[6],
    count: out[7], depth2: out[8], point2X: out[9], point2Y: out[10], core2X: out[11], core2Y: out[12],
  };
}

function finiteField(object, key, name) {
  return f32(object[key], `${name}.${key}`);
}

export function pushOut(contact, result) {
  if (contact === null || typeof contact !== 'object') {
    throw new TypeError(`contact must be a Contact object, got ${describe(contact)}`);
  }
  const nx = finiteField(contact, 'nx', 'contact');
  const ny = finiteField(contact, 'ny', 'contact');
  const depth = finiteField(contact, 'depth', 'contact');
  resultObject(result, 'result', PUSH);
  const x = Math.fround(nx * depth), y = Math.fround(ny * depth);
  if (result === undefined) return { x, y };
  const v = resultFrame();
  v[0] = x;
  v[1] = y;
  return writePush(result, v);
}

function readCapsule(result) {
  if (result !== undefined) return writeCapsule(result, frameOut(CAPSULE.length));
  return { ax: out[0], ay: out[1], bx: out[2], by: out[3], radius: out[4] };
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
  resultObject(result, 'result', CAPSULE);
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
  resultObject(result, 'result', CAPSULE);
  if (!wasm.capw_capsule_from_angle(cx, cy, angle, length, capsuleRadius)) overflow('capsuleFromAngle');
  return readCapsule(result);
}

/** A new, zeroed ray hit (for the `result` argument of the ray casts). */
export function createRayHit() {
  return { fraction: 0, x: 0, y: 0, nx: 0, ny: 0, startsInside: false };
}

// The scalar casts write the one hit records (hits.js) into the cast block, index 0.
function readRayHit(result) {
  const w = wasm.capw_cast_out() >>> 2;
  if (result !== undefined) return writeRayHit(result, hitFrame(w, RAY_HIT.length + 1, resultFrame(), 1));
  return readRayRecord(w, false);
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
  resultObject(result, 'result', RAY_HIT);
  nonZero(dx, dy, 'dx', 'dy');
  if (!hit(wasm.capw_ray_cast_circle(cx, cy, circleRadius, ox, oy, dx, dy, maxF), 'rayCastCircle')) return null;
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
  resultObject(result, 'result', RAY_HIT);
  nonZero(dx, dy, 'dx', 'dy');
  if (!hit(wasm.capw_ray_cast_segment(ax, ay, bx, by, ox, oy, dx, dy, maxF), 'rayCastSegment')) return null;
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
  resultObject(result, 'result', RAY_HIT);
  nonZero(dx, dy, 'dx', 'dy');
  if (!hit(wasm.capw_ray_cast_capsule(ax, ay, bx, by, capsuleRadius, ox, oy, dx, dy, maxF), 'rayCastCapsule')) return null;
  return readRayHit(result);
}

/** A new, zeroed sweep hit (for the `result` argument of the sweeps). */
export function createSweepHit() {
  return { t: 0, x: 0, y: 0, nx: 0, ny: 0, pointX: 0, pointY: 0, startsInside: false };
}

function readSweepHit(result) {
  const w = wasm.capw_cast_out() >>> 2;
  if (result !== undefined) return writeSweepHit(result, hitFrame(w, SWEEP_HIT.length + 1, resultFrame(), 1));
  return readSweepRecord(w, false);
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
  resultObject(result, 'result', SWEEP_HIT);
  if (!hit(wasm.capw_sweep_circle_circle(cx, cy, circleRadius, x0, y0, x1, y1, r), 'sweepCircleCircle')) return null;
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
  resultObject(result, 'result', SWEEP_HIT);
  if (!hit(wasm.capw_sweep_circle_segment(ax, ay, bx, by, x0, y0, x1, y1, r), 'sweepCircleSegment')) return null;
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
  resultObject(result, 'result', SWEEP_HIT);
  if (!hit(wasm.capw_sweep_circle_capsule(ax, ay, bx, by, capsuleRadius, x0, y0, x1, y1, r), 'sweepCircleCapsule')) return null;
  return readSweepHit(result);
}
