// capsule2d — the one reader of each hit record in wasm memory: a ray hit
// (capw_ray_out) and a sweep hit (capw_sweep_out), src/wasm/exports_context.h.
// The scalar casts (rayCastCircle, ...: exports.c, index 0), the batch
// layer's cast block and the world's rayCast / sweepBall write the same
// records (exports_batch.c, exports_world.c); their words are checked by
// batch.js's layout table (cast ray.*, cast sweep.*).
import * as rt from './runtime.js';
import { RAY_CLOSEST, SWEEP_CLOSEST } from './results.js';

// Word k of a record is the k-th name of RAY_CLOSEST / SWEEP_CLOSEST (the
// names batch.js's layout check compares with C's, word by word).
const wordsOf = (names) => Object.freeze(Object.fromEntries(names.map((name, k) => [name, k])));
const R = wordsOf(RAY_CLOSEST), S = wordsOf(SWEEP_CLOSEST);

/**
 * The one reader of a ray-hit record (capw_ray_out, exports_context.h) at
 * heap word w: the scalar casts', the batch layer's cast block and
 * World.rayCast's (withIndex false: without the index word, as the scalar
 * casts answer). @internal
 */
export function readRayHit(w, withIndex = true) {
  const F = rt.heapF32, U = rt.heapU32;
  const fraction = F[w + R.fraction], x = F[w + R.x], y = F[w + R.y], nx = F[w + R.nx], ny = F[w + R.ny];
  const startsInside = U[w + R.startsInside] === 1;
  return withIndex ? { index: U[w + R.index], fraction, x, y, nx, ny, startsInside } : { fraction, x, y, nx, ny, startsInside };
}

/** The one reader of a sweep-hit record (capw_sweep_out) at heap word w: the cast block's and World.sweepBall's. @internal */
export function readSweepHit(w, withIndex = true) {
  const F = rt.heapF32, U = rt.heapU32;
  const t = F[w + S.t], x = F[w + S.x], y = F[w + S.y], nx = F[w + S.nx], ny = F[w + S.ny];
  const pointX = F[w + S.pointX], pointY = F[w + S.pointY], startsInside = U[w + S.startsInside] === 1;
  return withIndex ? { index: U[w + S.index], t, x, y, nx, ny, pointX, pointY, startsInside }
    : { t, x, y, nx, ny, pointX, pointY, startsInside };
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
