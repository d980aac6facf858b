// Shared by the world behaviour tests: loading the engine, and the few
// adapters that read the world's API (so that an API rename touches one file).
//
// Until world-core publishes `World` (src/js/world.js, world.d.ts), every
// behaviour test is registered as a node:test `todo` whose message says the
// engine is missing: the test still runs (and fails), it is reported, and
// it is never deleted or loosened.
import test from 'node:test';
import * as api from 'capsule2d';

const simd = process.env.CAPSULE2D_SIMD === undefined ? undefined : process.env.CAPSULE2D_SIMD === '1';
await api.init(simd === undefined ? undefined : { simd });
export { api };
export const World = api.World;
export const MISSING = typeof World === 'function'
  ? false
  : 'engine missing: capsule2d exports no World yet (world-core has not published src/js/world.js)';

/** test() that becomes a todo (with the reason) while the engine is missing. */
export function wtest(name, opts, fn) {
  if (typeof opts === 'function') [opts, fn] = [{}, opts];
  const todo = MISSING || opts.todo;
  return test(name, { ...opts, todo }, fn);
}

export const G = 10; // the world's default gravity (CONVENTIONS: "gravity 10 down")
export const DT = 1 / 60; // the default fixed step

/** A world with gravity gy (default −10) and the given options. */
export function makeWorld(options = {}) {
  return new World({ capacity: 64, ...options });
}

/** Slot of a handle (index + generation). */
export function slot(world, h) {
  return world.slotOf ? world.slotOf(h) : h & 0xffff;
}

/** Steps n times. */
export function steps(world, n, each) {
  for (let i = 0; i < n; i++) {
    world.step();
    if (each) each(i);
  }
}

/**
 * The step's events as plain arrays:
 * { begin: [{a, b}], end: [{a, b}], hit: [{a, b, speed, x, y, nx, ny}], overflow }
 * a, b are (kind, index) pairs as the world reports them.
 */
export function readEvents(world) {
  const ev = world.events;
  const list = (v, fields) => {
    const n = Math.min(v.count, v[fields[0]].length);
    return Array.from({ length: n }, (_, i) => Object.fromEntries(fields.map((f) => [f, v[f][i]])));
  };
  return {
    begin: list(ev.begin, ['a', 'b']),
    end: list(ev.end, ['a', 'b']),
    hit: list(ev.hit, ['a', 'b', 'speed', 'x', 'y', 'nx', 'ny']),
    counts: { begin: ev.begin.count, end: ev.end.count, hit: ev.hit.count },
  };
}

/** Sensor events as plain arrays: { enter: [{sensor, ball}], leave: [...] } */
export function readSensorEvents(world) {
  const ev = world.events;
  const list = (v) => Array.from({ length: Math.min(v.count, v.ball.length) }, (_, i) => ({ sensor: v.sensor[i], ball: v.ball[i] }));
  return { enter: list(ev.sensorEnter), leave: list(ev.sensorLeave) };
}

/** xorshift32 → float in [0, 1). */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

/** Distance from P to segment AB, and whether segment PQ properly crosses AB. */
export function distToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
export function segmentsCross(px, py, qx, qy, ax, ay, bx, by) {
  const o = (x1, y1, x2, y2, x3, y3) => Math.sign((x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1));
  const d1 = o(ax, ay, bx, by, px, py), d2 = o(ax, ay, bx, by, qx, qy);
  const d3 = o(px, py, qx, qy, ax, ay), d4 = o(px, py, qx, qy, bx, by);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** FNV-1a over the bytes of typed arrays. */
export function fnv1a(arrays, h = 0x811c9dc5) {
  for (const a of arrays) {
    const b = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i], 16777619) >>> 0;
  }
  return h >>> 0;
}
