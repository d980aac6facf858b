// capsule2d — writing a result into a caller's `result` object, all or
// nothing. One writer per kind of result, with the field names written out
// (a loop over names makes every store megamorphic: 30x slower than these).
//
// Rules (query.d.ts, "Result objects"): the values are copied out of the
// module into a frame before the first field is written, so a setter that
// runs another query cannot change what this call writes (frames nest). The
// previous value of each field is read first; if a field cannot be read or
// written (a read-only field, a throwing getter or setter, a Proxy that
// refuses), the fields already written get their previous values back and a
// TypeError names result.<field>, with the original error as its cause.
// Frozen, sealed and non-extensible objects are rejected before the query by
// check.js's resultObject.
import { describe } from './errors.js';

const frames = [];
let depth = 0;

/** A frame for up to 16 numbers (a flag: 1 or 0); the writer that gets it releases it. */
export function resultFrame() {
  let f = frames[depth];
  if (f === undefined) f = frames[depth] = new Float64Array(16);
  depth++;
  return f;
}

/** The TypeError for a failed step k of a writer (reads 0..n-1, writes n..2n-1), after restoring. */
function failed(r, keys, old, k, e, name) {
  const n = keys.length;
  const writing = k >= n;
  const at = writing ? k - n : k;
  for (let j = writing ? at - 1 : -1; j >= 0; j--) {
    try {
      r[keys[j]] = old[j];
    } catch {
      // best effort: a setter that throws again is the caller's
    }
  }
  const why = e instanceof Error ? e.message : describe(e);
  return new TypeError(
    `${name}.${keys[at]} could not be ${writing ? 'written' : 'read'} (${why}); ${name} was left as it was`,
    { cause: e },
  );
}

export const CLOSEST = ['x', 'y', 't'];

/** Writes v[0..2] into r.x, r.y, r.t; returns r. */
export function writeClosest(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0;
  let k = 0;
  try {
    o0 = r.x;
    k++;
    o1 = r.y;
    k++;
    o2 = r.t;
    k++;
    r.x = v[0];
    k++;
    r.y = v[1];
    k++;
    r.t = v[2];
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, CLOSEST, [o0, o1, o2], k, e, name);
  }
}

export const CLOSEST2 = ['x1', 'y1', 's', 'x2', 'y2', 't', 'distance'];

/** Writes v[0..6] into r.x1, r.y1, r.s, r.x2, r.y2, r.t, r.distance; returns r. */
export function writeClosest2(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0, o6 = 0;
  let k = 0;
  try {
    o0 = r.x1;
    k++;
    o1 = r.y1;
    k++;
    o2 = r.s;
    k++;
    o3 = r.x2;
    k++;
    o4 = r.y2;
    k++;
    o5 = r.t;
    k++;
    o6 = r.distance;
    k++;
    r.x1 = v[0];
    k++;
    r.y1 = v[1];
    k++;
    r.s = v[2];
    k++;
    r.x2 = v[3];
    k++;
    r.y2 = v[4];
    k++;
    r.t = v[5];
    k++;
    r.distance = v[6];
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, CLOSEST2, [o0, o1, o2, o3, o4, o5, o6], k, e, name);
  }
}

export const CONTACT = ['nx', 'ny', 'depth', 'pointX', 'pointY', 'coreX', 'coreY'];

/** Writes v[0..6] into r.nx, r.ny, r.depth, r.pointX, r.pointY, r.coreX, r.coreY; returns r. */
export function writeContact(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0, o6 = 0;
  let k = 0;
  try {
    o0 = r.nx;
    k++;
    o1 = r.ny;
    k++;
    o2 = r.depth;
    k++;
    o3 = r.pointX;
    k++;
    o4 = r.pointY;
    k++;
    o5 = r.coreX;
    k++;
    o6 = r.coreY;
    k++;
    r.nx = v[0];
    k++;
    r.ny = v[1];
    k++;
    r.depth = v[2];
    k++;
    r.pointX = v[3];
    k++;
    r.pointY = v[4];
    k++;
    r.coreX = v[5];
    k++;
    r.coreY = v[6];
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, CONTACT, [o0, o1, o2, o3, o4, o5, o6], k, e, name);
  }
}

export const LINE_CONTACT = ['nx', 'ny', 'depth', 'pointX', 'pointY', 'coreX', 'coreY', 'distance'];

/** Writes v[0..7] into r.nx, r.ny, r.depth, r.pointX, r.pointY, r.coreX, r.coreY, r.distance; returns r. */
export function writeLineContact(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0, o6 = 0, o7 = 0;
  let k = 0;
  try {
    o0 = r.nx;
    k++;
    o1 = r.ny;
    k++;
    o2 = r.depth;
    k++;
    o3 = r.pointX;
    k++;
    o4 = r.pointY;
    k++;
    o5 = r.coreX;
    k++;
    o6 = r.coreY;
    k++;
    o7 = r.distance;
    k++;
    r.nx = v[0];
    k++;
    r.ny = v[1];
    k++;
    r.depth = v[2];
    k++;
    r.pointX = v[3];
    k++;
    r.pointY = v[4];
    k++;
    r.coreX = v[5];
    k++;
    r.coreY = v[6];
    k++;
    r.distance = v[7];
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, LINE_CONTACT, [o0, o1, o2, o3, o4, o5, o6, o7], k, e, name);
  }
}

export const MANIFOLD = ['nx', 'ny', 'depth', 'pointX', 'pointY', 'coreX', 'coreY', 'count', 'depth2', 'point2X', 'point2Y', 'core2X', 'core2Y'];

/** Writes v[0..12] into r.nx, r.ny, r.depth, r.pointX, r.pointY, r.coreX, r.coreY, r.count, r.depth2, r.point2X, r.point2Y, r.core2X, r.core2Y; returns r. */
export function writeManifold(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0, o6 = 0, o7 = 0, o8 = 0, o9 = 0, o10 = 0, o11 = 0, o12 = 0;
  let k = 0;
  try {
    o0 = r.nx;
    k++;
    o1 = r.ny;
    k++;
    o2 = r.depth;
    k++;
    o3 = r.pointX;
    k++;
    o4 = r.pointY;
    k++;
    o5 = r.coreX;
    k++;
    o6 = r.coreY;
    k++;
    o7 = r.count;
    k++;
    o8 = r.depth2;
    k++;
    o9 = r.point2X;
    k++;
    o10 = r.point2Y;
    k++;
    o11 = r.core2X;
    k++;
    o12 = r.core2Y;
    k++;
    r.nx = v[0];
    k++;
    r.ny = v[1];
    k++;
    r.depth = v[2];
    k++;
    r.pointX = v[3];
    k++;
    r.pointY = v[4];
    k++;
    r.coreX = v[5];
    k++;
    r.coreY = v[6];
    k++;
    r.count = v[7];
    k++;
    r.depth2 = v[8];
    k++;
    r.point2X = v[9];
    k++;
    r.point2Y = v[10];
    k++;
    r.core2X = v[11];
    k++;
    r.core2Y = v[12];
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, MANIFOLD, [o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11, o12], k, e, name);
  }
}

export const PUSH = ['x', 'y'];

/** Writes v[0..1] into r.x, r.y; returns r. */
export function writePush(r, v, name = 'result') {
  let o0 = 0, o1 = 0;
  let k = 0;
  try {
    o0 = r.x;
    k++;
    o1 = r.y;
    k++;
    r.x = v[0];
    k++;
    r.y = v[1];
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, PUSH, [o0, o1], k, e, name);
  }
}

export const CAPSULE = ['ax', 'ay', 'bx', 'by', 'radius'];

/** Writes v[0..4] into r.ax, r.ay, r.bx, r.by, r.radius; returns r. */
export function writeCapsule(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0;
  let k = 0;
  try {
    o0 = r.ax;
    k++;
    o1 = r.ay;
    k++;
    o2 = r.bx;
    k++;
    o3 = r.by;
    k++;
    o4 = r.radius;
    k++;
    r.ax = v[0];
    k++;
    r.ay = v[1];
    k++;
    r.bx = v[2];
    k++;
    r.by = v[3];
    k++;
    r.radius = v[4];
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, CAPSULE, [o0, o1, o2, o3, o4], k, e, name);
  }
}

export const RAY_HIT = ['fraction', 'x', 'y', 'nx', 'ny', 'startsInside'];

/** Writes v[0..5] into r.fraction, r.x, r.y, r.nx, r.ny, r.startsInside; returns r. */
export function writeRayHit(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0;
  let k = 0;
  try {
    o0 = r.fraction;
    k++;
    o1 = r.x;
    k++;
    o2 = r.y;
    k++;
    o3 = r.nx;
    k++;
    o4 = r.ny;
    k++;
    o5 = r.startsInside;
    k++;
    r.fraction = v[0];
    k++;
    r.x = v[1];
    k++;
    r.y = v[2];
    k++;
    r.nx = v[3];
    k++;
    r.ny = v[4];
    k++;
    r.startsInside = v[5] === 1;
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, RAY_HIT, [o0, o1, o2, o3, o4, o5], k, e, name);
  }
}

export const SWEEP_HIT = ['t', 'x', 'y', 'nx', 'ny', 'pointX', 'pointY', 'startsInside'];

/** Writes v[0..7] into r.t, r.x, r.y, r.nx, r.ny, r.pointX, r.pointY, r.startsInside; returns r. */
export function writeSweepHit(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0, o6 = 0, o7 = 0;
  let k = 0;
  try {
    o0 = r.t;
    k++;
    o1 = r.x;
    k++;
    o2 = r.y;
    k++;
    o3 = r.nx;
    k++;
    o4 = r.ny;
    k++;
    o5 = r.pointX;
    k++;
    o6 = r.pointY;
    k++;
    o7 = r.startsInside;
    k++;
    r.t = v[0];
    k++;
    r.x = v[1];
    k++;
    r.y = v[2];
    k++;
    r.nx = v[3];
    k++;
    r.ny = v[4];
    k++;
    r.pointX = v[5];
    k++;
    r.pointY = v[6];
    k++;
    r.startsInside = v[7] === 1;
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, SWEEP_HIT, [o0, o1, o2, o3, o4, o5, o6, o7], k, e, name);
  }
}

export const RAY_CLOSEST = ['index', 'fraction', 'x', 'y', 'nx', 'ny', 'startsInside'];

/** Writes v[0..6] into r.index, r.fraction, r.x, r.y, r.nx, r.ny, r.startsInside; returns r. */
export function writeRayClosest(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0, o6 = 0;
  let k = 0;
  try {
    o0 = r.index;
    k++;
    o1 = r.fraction;
    k++;
    o2 = r.x;
    k++;
    o3 = r.y;
    k++;
    o4 = r.nx;
    k++;
    o5 = r.ny;
    k++;
    o6 = r.startsInside;
    k++;
    r.index = v[0];
    k++;
    r.fraction = v[1];
    k++;
    r.x = v[2];
    k++;
    r.y = v[3];
    k++;
    r.nx = v[4];
    k++;
    r.ny = v[5];
    k++;
    r.startsInside = v[6] === 1;
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, RAY_CLOSEST, [o0, o1, o2, o3, o4, o5, o6], k, e, name);
  }
}

export const SWEEP_CLOSEST = ['index', 't', 'x', 'y', 'nx', 'ny', 'pointX', 'pointY', 'startsInside'];

/** Writes v[0..8] into r.index, r.t, r.x, r.y, r.nx, r.ny, r.pointX, r.pointY, r.startsInside; returns r. */
export function writeSweepClosest(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0, o6 = 0, o7 = 0, o8 = 0;
  let k = 0;
  try {
    o0 = r.index;
    k++;
    o1 = r.t;
    k++;
    o2 = r.x;
    k++;
    o3 = r.y;
    k++;
    o4 = r.nx;
    k++;
    o5 = r.ny;
    k++;
    o6 = r.pointX;
    k++;
    o7 = r.pointY;
    k++;
    o8 = r.startsInside;
    k++;
    r.index = v[0];
    k++;
    r.t = v[1];
    k++;
    r.x = v[2];
    k++;
    r.y = v[3];
    k++;
    r.nx = v[4];
    k++;
    r.ny = v[5];
    k++;
    r.pointX = v[6];
    k++;
    r.pointY = v[7];
    k++;
    r.startsInside = v[8] === 1;
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, SWEEP_CLOSEST, [o0, o1, o2, o3, o4, o5, o6, o7, o8], k, e, name);
  }
}

export const BATCH_CONTACT = ['a', 'b', 'nx', 'ny', 'depth', 'pointX', 'pointY'];

/** Writes v[0..6] into r.a, r.b, r.nx, r.ny, r.depth, r.pointX, r.pointY; returns r. */
export function writeBatchContact(r, v, name = 'result') {
  let o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, o5 = 0, o6 = 0;
  let k = 0;
  try {
    o0 = r.a;
    k++;
    o1 = r.b;
    k++;
    o2 = r.nx;
    k++;
    o3 = r.ny;
    k++;
    o4 = r.depth;
    k++;
    o5 = r.pointX;
    k++;
    o6 = r.pointY;
    k++;
    r.a = v[0];
    k++;
    r.b = v[1];
    k++;
    r.nx = v[2];
    k++;
    r.ny = v[3];
    k++;
    r.depth = v[4];
    k++;
    r.pointX = v[5];
    k++;
    r.pointY = v[6];
    depth--;
    return r;
  } catch (e) {
    depth--;
    throw failed(r, BATCH_CONTACT, [o0, o1, o2, o3, o4, o5, o6], k, e, name);
  }
}
