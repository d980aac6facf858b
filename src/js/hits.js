// capsule2d — the one reader of each hit record in wasm memory: a ray hit
// (capw_ray_out) and a sweep hit (capw_sweep_out), src/wasm/exports_context.h.
// The scalar casts (rayCastCircle, ...: exports.c, index 0), the batch
// layer's cast block and the world's rayCast / sweepBall write the same
// records (exports_batch.c, exports_world.c); their words are checked by
// batch.js's layout table (cast ray.*, cast sweep.*).
import * as rt from './runtime.js';

/**
 * The one reader of a ray-hit record (capw_ray_out, exports_context.h) at
 * heap word w: the scalar casts', the batch layer's cast block and
 * World.rayCast's (withIndex false: without the index word, as the scalar
 * casts answer). @internal
 */
export function readRayHit(w, withIndex = true) {
  const F = rt.heapF32, U = rt.heapU32;
  if (!withIndex) return { fraction: F[w + 1], x: F[w + 2], y: F[w + 3], nx: F[w + 4], ny: F[w + 5], startsInside: U[w + 6] === 1 };
  return { index: U[w], fraction: F[w + 1], x: F[w + 2], y: F[w + 3], nx: F[w + 4], ny: F[w + 5], startsInside: U[w + 6] === 1 };
}

/** The one reader of a sweep-hit record (capw_sweep_out) at heap word w: the cast block's and World.sweepBall's. @internal */
export function readSweepHit(w, withIndex = true) {
  const F = rt.heapF32, U = rt.heapU32;
  if (!withIndex) {
    return { t: F[w + 1], x: F[w + 2], y: F[w + 3], nx: F[w + 4], ny: F[w + 5], pointX: F[w + 6], pointY: F[w + 7], startsInside: U[w + 8] === 1 };
  }
  return {
    index: U[w], t: F[w + 1], x: F[w + 2], y: F[w + 3], nx: F[w + 4], ny: F[w + 5], pointX: F[w + 6], pointY: F[w + 7],
    startsInside: U[w + 8] === 1,
  };
}

/**
 * A hit record of `words` words at heap word w into f (a result frame, the
 * generated writers' input, results.js), from word `from` (0 with the index,
 * 1 without): the first and last words are u32 (index, startsInside), the
 * rest float32. Returns f. @internal
 */
export function hitFrame(w, words, f, from = 0) {
  const F = rt.heapF32, U = rt.heapU32;
  for (let k = from; k < words; k++) f[k - from] = k === 0 ? U[w] : k === words - 1 ? (U[w + k] === 1 ? 1 : 0) : F[w + k];
  return f;
}
