/**
 * capsule2d batch queries over shared memory.
 *
 * A game keeps its circles and capsules in sets that live in WebAssembly
 * memory (float32, structure of arrays), writes positions in place through
 * the views each frame, makes ONE call, and reads contacts back from a
 * ContactBuffer. Nothing is marshalled per object and steady-state calls
 * allocate nothing.
 *
 * The pair test (the same bits in the SIMD and scalar builds and in every
 * call): shape A is a capsule (core A→B, radius ra; a circle is a capsule
 * with A = B), shape B a circle (C, rc). In float32, in this order:
 * v = B − A, w = C − A, g = v / |v|² (once per capsule: v / (v·v) when
 * 1e-30 ≤ v·v ≤ 3e38, else computed on v scaled by its largest component;
 * 0 for a zero-length core), t = clamp(w·g, 0, 1) (NaN → 0), d = w − t·v,
 * hit ⇔ d.x² + d.y² ≤ (ra + rc)²
 * — touching counts. (When (ra + rc)² overflows float32 the test is
 * |d| ≤ ra + rc with an overflow-free length.)
 *
 * Each hit gives: normal = d/|d| from A toward B (capsule → circle, circle
 * i → circle j), depth = max(ra + rc − |d|, 0), point = A + t·v + ra·normal
 * on A's surface. Degenerate: a centre exactly on the core gives the left
 * perpendicular of A→B; a zero-length core or coincident centres give
 * (0, 1). Never NaN, never −0 in a normal.
 *
 * Count and capacity: a query returns count = results FOUND (may exceed the
 * buffer's capacity), writes the first min(count, capacity) in output order
 * and never past the end. `options.grow: true` grows the buffer and repeats
 * the query when it overflowed.
 *
 * Validation: each query first scans its sets; the first non-finite value
 * or negative radius throws a RangeError naming set, field and index
 * (e.g. `circles.x[12] is NaN`) and the output buffer is left as it was
 * (count and contents). So does a query whose scratch cannot be allocated
 * (a RangeError saying out of memory). With `grow: true`, a failure while
 * growing or repeating leaves the first pass's results (count found, the
 * first capacity written).
 * Wrong argument types throw TypeError; bad capacities, counts and indices
 * RangeError; all before the heap is touched.
 *
 * Views: `.x`, `.ax`, `.nx`, ... are getters returning the live typed array
 * (length = capacity). A view kept in a variable is valid until the next
 * call that may allocate or free (constructors, reserve(), destroy(), any
 * query — its scratch may grow, and `grow: true` grows the buffer): such a
 * call may detach every kept view (length 0: reads give undefined, writes
 * are dropped, methods such as fill() throw). reserve() that moves the
 * arrays and destroy() always detach them (memory.grow(0)), so a stale view
 * never shows or changes another object's memory; reserve() to a capacity
 * already held changes nothing. Take views after the last such call (the
 * README's batch example does) or read the getter again. A view keeps its
 * object alive: the FinalizationRegistry never frees memory a reachable
 * view points into. Using a destroyed object throws a RangeError.
 *
 * Options objects are read once (each getter runs once) and checked before
 * any set or buffer is looked at; an unknown key (a misspelt `grwo`) is a
 * TypeError. Sets, buffers and batches must be the objects their
 * constructors made: a Proxy of one (as reactive UI frameworks make) or an
 * object made with Object.create(CircleSet.prototype) is a TypeError naming
 * the argument (pass the raw object, e.g. Vue's toRaw()).
 *
 * destroy() is optional: objects that become unreachable are freed by a
 * FinalizationRegistry.
 */

/** Largest capacity accepted for a set or buffer (2^24). */
export const MAX_CAPACITY: number;

interface HeapObject {
  /** Capacity in elements. */
  readonly capacity: number;
  /** True once destroy() ran. */
  readonly destroyed: boolean;
  /** Frees the wasm memory now (optional, idempotent). */
  destroy(): void;
}

/** Circles: x, y, radius. */
export class CircleSet implements HeapObject {
  /** capacity: an integer from 1 to MAX_CAPACITY. */
  constructor(capacity: number);
  readonly capacity: number;
  readonly destroyed: boolean;
  /** Live views of length capacity; entries from count on are ignored. */
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly radius: Float32Array;
  /** How many circles queries use, 0..capacity. */
  count: number;
  /** Appends a circle and returns its index; RangeError when full. */
  add(x: number, y: number, radius: number): number;
  /** Overwrites circle i (i < count). */
  set(i: number, x: number, y: number, radius: number): void;
  /** Grows to at least capacity, keeping the contents (views change). */
  reserve(capacity: number): void;
  destroy(): void;
}

/**
 * Static capsules: core (ax, ay) → (bx, by), radius, with a uniform-grid
 * index built on first use. add(), set(), count and reserve() mark the index
 * for rebuilding; after writing the views directly call update(). Until
 * then queries use the stale index: pairs may be missed, but nothing is
 * read or written out of bounds (indices ≥ count are skipped).
 */
export class CapsuleSet implements HeapObject {
  constructor(capacity: number);
  readonly capacity: number;
  readonly destroyed: boolean;
  readonly ax: Float32Array;
  readonly ay: Float32Array;
  readonly bx: Float32Array;
  readonly by: Float32Array;
  readonly radius: Float32Array;
  count: number;
  add(ax: number, ay: number, bx: number, by: number, radius: number): number;
  set(i: number, ax: number, ay: number, bx: number, by: number, radius: number): void;
  reserve(capacity: number): void;
  /** Validates the shapes and rebuilds the index now (RangeError naming a bad value). */
  update(): void;
  destroy(): void;
}

/** One contact read with ContactBuffer.get(). */
export interface BatchContact {
  /** First shape's index (capsule, or circle i). */
  a: number;
  /** Second shape's index (circle, or circle j). */
  b: number;
  nx: number;
  ny: number;
  depth: number;
  pointX: number;
  pointY: number;
}

/** Pair results, structure of arrays. */
export class ContactBuffer implements HeapObject {
  constructor(capacity: number);
  readonly capacity: number;
  readonly destroyed: boolean;
  /** Results found by the last query (may exceed capacity). */
  readonly count: number;
  /** Results written: min(count, capacity). */
  readonly written: number;
  /** count > capacity. */
  readonly overflow: boolean;
  readonly a: Uint32Array;
  readonly b: Uint32Array;
  readonly nx: Float32Array;
  readonly ny: Float32Array;
  readonly depth: Float32Array;
  readonly pointX: Float32Array;
  readonly pointY: Float32Array;
  /** Contact i (i < written), into `result` when given (written whole or not at all: index.d.ts). */
  get(i: number, result?: BatchContact): BatchContact;
  /**
   * Grows to at least capacity, keeping the written results (views change).
   * After an overflowed query the results that did not fit were never
   * stored: count becomes written (overflow false). A capacity already held
   * changes nothing.
   */
  reserve(capacity: number): void;
  destroy(): void;
}

/** Index results of region queries, ascending. */
export class IndexBuffer implements HeapObject {
  constructor(capacity: number);
  readonly capacity: number;
  readonly destroyed: boolean;
  readonly count: number;
  readonly written: number;
  readonly overflow: boolean;
  readonly index: Uint32Array;
  get(i: number): number;
  /** As ContactBuffer.reserve: after an overflowed query, count becomes written. */
  reserve(capacity: number): void;
  destroy(): void;
}

export interface BatchOptions {
  /**
   * Grow the output buffer (to half again as much as found) and repeat the
   * query when it overflowed. Growing detaches views kept from before.
   */
  grow?: boolean;
}

/**
 * Every touching capsule–circle pair through the capsule index:
 * a = capsule index, b = circle index, normal capsule → circle, point on
 * the capsule's surface; ordered by circle index, then capsule index.
 * Returns the count found.
 */
export function findCapsuleCircleContacts(
  capsules: CapsuleSet,
  circles: CircleSet,
  out: ContactBuffer,
  options?: BatchOptions,
): number;

/**
 * Every touching pair of circles i < j through a uniform grid: a = i, b = j,
 * normal i → j, point on i's surface; ordered by i, then j.
 */
export function findCircleContacts(circles: CircleSet, out: ContactBuffer, options?: BatchOptions): number;

/**
 * The same pairs, bits and order as findCapsuleCircleContacts, by testing
 * every capsule against every circle with the 4-wide kernel (no broadphase).
 */
export function allPairsCapsuleCircle(
  capsules: CapsuleSet,
  circles: CircleSet,
  out: ContactBuffer,
  options?: BatchOptions,
): number;

/**
 * Indices (ascending) of the shapes in `set` that touch the circle
 * (x, y, radius) — the pair test above. Capsules go through the index,
 * circles are scanned.
 */
export function queryCircle(
  set: CircleSet | CapsuleSet,
  x: number,
  y: number,
  radius: number,
  out: IndexBuffer,
  options?: BatchOptions,
): number;

/**
 * Indices (ascending) of the shapes in `set` that touch the closed box
 * [minX, maxX] × [minY, maxY] (evaluated in float64; touching counts).
 * maxX < minX or maxY < minY is a RangeError.
 */
export function queryBox(
  set: CircleSet | CapsuleSet,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  out: IndexBuffer,
  options?: BatchOptions,
): number;

// ---- closest hits of rays and swept circles against a capsule set -------

/** The index a RayBatch / SweepBatch holds for an input that hit nothing (0xFFFFFFFF). */
export const NO_HIT: number;

/** A closest ray hit over a capsule set. */
export interface ClosestRayHit {
  /** The capsule hit (lowest index on equal fractions). */
  index: number;
  /** s in [0, maxFraction]. */
  fraction: number;
  /** The hit point (ox, oy) + fraction·(dx, dy). */
  x: number;
  y: number;
  /** Outward unit normal; −D/|D| when the ray starts inside. */
  nx: number;
  ny: number;
  /** The origin is inside or on the capsule: fraction 0, point = origin. */
  startsInside: boolean;
}

/** A first hit of a swept circle over a capsule set. */
export interface ClosestSweepHit {
  index: number;
  /** Time of impact in [0, 1]. */
  t: number;
  /** The circle's centre at t. */
  x: number;
  y: number;
  /** Unit normal from the capsule toward the circle. */
  nx: number;
  ny: number;
  /** Contact point on the capsule's surface. */
  pointX: number;
  pointY: number;
  /** Touching or overlapping at t = 0. */
  startsInside: boolean;
}

/**
 * The closest capsule hit by the ray (ox, oy) + s·(dx, dy), s in
 * [0, maxFraction] (default 1), through the set's index. Each capsule
 * follows rayCastCapsule (tangent rays hit, a hit exactly at maxFraction
 * counts, an origin inside gives fraction 0 with startsInside). Equal
 * fractions go to the lowest index. null on a miss. (dx, dy) = (0, 0),
 * non-finite numbers and maxFraction < 0 throw RangeError.
 */
export function rayCastClosest(
  capsules: CapsuleSet,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction?: number,
  result?: ClosestRayHit,
): ClosestRayHit | null;

/**
 * The first capsule touched by a circle of `radius` swept from (x0, y0) to
 * (x1, y1) (each capsule as sweepCircleCapsule: touching at t = 1 counts,
 * contact at t = 0 gives startsInside). Equal t go to the lowest index.
 * null on a miss.
 */
export function sweepCircleClosest(
  capsules: CapsuleSet,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  radius: number,
  result?: ClosestSweepHit,
): ClosestSweepHit | null;

/**
 * Many rays in wasm memory, one closest hit each (castRays). Inputs ox, oy,
 * dx, dy, maxFraction; outputs index (NO_HIT on a miss, and the other
 * outputs 0), fraction, x, y, nx, ny, startsInside (1 or 0).
 */
export class RayBatch implements HeapObject {
  constructor(capacity: number);
  readonly capacity: number;
  readonly destroyed: boolean;
  count: number;
  readonly ox: Float32Array;
  readonly oy: Float32Array;
  readonly dx: Float32Array;
  readonly dy: Float32Array;
  readonly maxFraction: Float32Array;
  readonly index: Uint32Array;
  readonly fraction: Float32Array;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly nx: Float32Array;
  readonly ny: Float32Array;
  readonly startsInside: Uint32Array;
  /** Appends a ray (maxFraction default 1) and returns its number. */
  add(ox: number, oy: number, dx: number, dy: number, maxFraction?: number): number;
  reserve(capacity: number): void;
  destroy(): void;
}

/**
 * Many swept circles in wasm memory, one first hit each (sweepCircles).
 * Inputs x0, y0, x1, y1, radius; outputs index (NO_HIT on a miss), t, x, y
 * (centre at t), nx, ny, pointX, pointY, startsInside (1 or 0).
 */
export class SweepBatch implements HeapObject {
  constructor(capacity: number);
  readonly capacity: number;
  readonly destroyed: boolean;
  count: number;
  readonly x0: Float32Array;
  readonly y0: Float32Array;
  readonly x1: Float32Array;
  readonly y1: Float32Array;
  readonly radius: Float32Array;
  readonly index: Uint32Array;
  readonly t: Float32Array;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly nx: Float32Array;
  readonly ny: Float32Array;
  readonly pointX: Float32Array;
  readonly pointY: Float32Array;
  readonly startsInside: Uint32Array;
  add(x0: number, y0: number, x1: number, y1: number, radius: number): number;
  reserve(capacity: number): void;
  destroy(): void;
}

/**
 * Casts every ray of the batch (all inputs checked first: a bad one throws
 * a RangeError such as `rays.dy[3] is NaN` and nothing is written).
 * Returns how many rays hit.
 */
export function castRays(capsules: CapsuleSet, rays: RayBatch): number;

/** Sweeps every circle of the batch; returns how many hit. */
export function sweepCircles(capsules: CapsuleSet, sweeps: SweepBatch): number;
