// capsule2d — scalar queries: plain numbers in, a small object out.
// Each function checks its arguments, calls its own export directly (no
// shared dispatch: see README, "Crossing the boundary"), then copies the
// result block into `result` (or a new object). Conventions: capsule2d.h.
import { wasm, out, notReady } from './runtime.js';
import { f32, radius, resultObject } from './check.js';

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
