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

/** True when the loaded module is the SIMD build (after init()). */
export function usingSimd(): boolean;

export * from './query.js';
export * from './batch.js';
