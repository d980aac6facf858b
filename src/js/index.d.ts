/**
 * capsule2d — 2D collision queries for circles, segments, capsules and lines,
 * in WebAssembly over a shared heap.
 *
 * Conventions (the same in every function):
 * - float32: every number is rounded with Math.fround, then checked. NaN,
 *   ±Infinity (including values that overflow float32, like 3.5e38) throw a
 *   RangeError naming the argument; a non-number throws a TypeError; a
 *   negative radius throws a RangeError. Nothing in the heap changes first.
 * - Frame: x right, y up, angles counter-clockwise. On a y-down canvas the
 *   picture is mirrored ("left of A→B" is drawn on the right).
 * - Touching counts as a hit (distance <= sum of radii).
 * - The first shape is A, the second B; normals point from A toward B.
 *   Put the static shape first and the circle second, and (nx, ny) · depth is
 *   the offset that pushes the circle out.
 * - Degenerate cases never give NaN: a centre exactly on a segment gives the
 *   left perpendicular of A→B; zero-length segments and coincident centres
 *   give (0, 1).
 * - Functions that find a contact return null on a miss. Pass `result` to
 *   reuse an object instead of allocating (hot paths): it is filled and
 *   returned on a hit, and left untouched on a miss.
 */

export interface InitOptions {
  /**
   * Where the module comes from. Default: `capsule2d.simd.wasm` (or
   * `capsule2d.wasm` without SIMD) next to this script, by
   * `new URL(..., import.meta.url)`; Node reads it from the file system.
   */
  wasm?: URL | string | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module;
  /** Use the SIMD build (default: when the engine supports it). */
  simd?: boolean;
}

/** Loads the module once; later calls return the same promise. */
export function init(options?: InitOptions): Promise<void>;

/** True when the engine validates WebAssembly SIMD. */
export function simdSupported(): boolean;

/** A point on a segment A→B and its parameter t in [0, 1]. */
export interface SegmentPoint {
  x: number;
  y: number;
  t: number;
}

/** A contact between shape A and shape B. */
export interface Contact {
  /** Unit normal from A toward B. */
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

/** A new zeroed Contact, to pass as `result`. */
export function createContact(): Contact;

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
