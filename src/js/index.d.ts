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
 * - `result` is written whole or not at all. A frozen, sealed or
 *   non-extensible object with a field it cannot take (read-only, a getter
 *   without a setter, missing) is a TypeError naming `result.<field>` before
 *   the query runs, hit or miss. Setters are allowed: every value is read
 *   from the module before the first field is written (so a setter that runs
 *   another query cannot change them); when a field cannot be read or
 *   written (a throwing getter or setter, a read-only field, a Proxy that
 *   refuses), the fields already written get their previous values back and
 *   the call throws a TypeError naming `result.<field>` (cause: the original
 *   error). The same holds for pushOut, rayCastClosest, sweepCircleClosest
 *   and ContactBuffer.get.
 */

/**
 * A compiled module or where to get one (see InitOptions.wasm).
 * (`& object`: lib.dom declares WebAssembly.Module as an empty interface,
 * which any value but null and undefined would match, numbers included.)
 */
export type WasmSource = URL | string | ArrayBuffer | ArrayBufferView | Response | (WebAssembly.Module & object);

export interface InitOptions {
  /**
   * Where the module comes from. Default: `capsule2d.simd.wasm` (or
   * `capsule2d.wasm` without SIMD) next to this script, found by
   * `new URL('./capsule2d.simd.wasm', import.meta.url)` (bundlers copy it);
   * Node reads it from the file system; `capsule2d/inline` decodes its
   * inlined copy. Otherwise:
   * - a URL or a string: fetched (in a browser a string is relative to the
   *   page; in Node a string without a scheme is a file path relative to the
   *   working directory, and file: URLs are read from disk);
   * - bytes (ArrayBuffer or a typed array), a `Response`, a compiled
   *   `WebAssembly.Module`, or a promise of any of these (e.g. `fetch(url)`).
   * The module you pass is used as-is, whatever `simd` says: `usingSimd()`
   * tells which build it is.
   * A 404, or a server answering with something that is not WebAssembly (an
   * HTML page), rejects with an Error naming the URL and what came back.
   */
  wasm?: WasmSource | Promise<WasmSource>;
  /**
   * Which build to load by default: true = SIMD, false = scalar. Default:
   * SIMD when the engine validates it (`simdSupported()`). `true` on an engine
   * without SIMD rejects with a RangeError. Both builds give identical bits.
   */
  simd?: boolean;
}

/**
 * Loads and instantiates the module once; await it before any other call.
 * Later calls return the same promise (their options are checked, then
 * ignored: a `wasm` of the wrong kind rejects with a TypeError, a promise
 * once it settles). Bad options reject with a TypeError (wrong type, unknown key) or
 * RangeError; a failed load rejects with an Error and may be retried.
 */
export function init(options?: InitOptions): Promise<void>;

/** True when the engine validates WebAssembly SIMD. */
export function simdSupported(): boolean;

/**
 * The coordinate range: every number capsule2d takes (coordinates, radii,
 * directions, world settings) must lie within ±MAX_COORD after rounding to
 * float32 — 1e38 (9.99999968e37), so that every difference of two
 * coordinates and every sum of two radii is a finite float32 and every
 * answer is finite, never NaN. Outside it (and for NaN and ±Infinity) the
 * call throws a RangeError naming the argument, or for a value in a set,
 * the set, field and index, before anything changes. The C core's
 * CAP_MAX_COORD.
 */
export const MAX_COORD: number;

/** True when the loaded module is the SIMD build (after init()). */
export function usingSimd(): boolean;

export * from './query.js';
export * from './batch.js';
export * from './world.js';
export * from './draw.js';
