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
 * heap word w: its words, in record order, handed to make(ctx, index,
 * fraction, x, y, nx, ny, startsInside), whose answer it returns — so each
 * caller builds its own result object and no other (World.rayCast's hot
 * path makes one object per hit). @internal
 */
export function readRay(w, make, ctx) {
  const F = rt.heapF32, U = rt.heapU32;
  return make(ctx, U[w + R.index], F[w + R.fraction], F[w + R.x], F[w + R.y], F[w + R.nx], F[w + R.ny], U[w + R.startsInside] === 1);
}

/** The same for a sweep-hit record (capw_sweep_out): make(ctx, index, t, x, y, nx, ny, pointX, pointY, startsInside). @internal */
export function readSweep(w, make, ctx) {
  const F = rt.heapF32, U = rt.heapU32;
  return make(ctx, U[w + S.index], F[w + S.t], F[w + S.x], F[w + S.y], F[w + S.nx], F[w + S.ny], F[w + S.pointX],
    F[w + S.pointY], U[w + S.startsInside] === 1);
}

const rayWithIndex = (_, index, fraction, x, y, nx, ny, startsInside) => ({ index, fraction, x, y, nx, ny, startsInside });
const rayPlain = (_, index, fraction, x, y, nx, ny, startsInside) => ({ fraction, x, y, nx, ny, startsInside });
const sweepWithIndex = (_, index, t, x, y, nx, ny, pointX, pointY, startsInside) =>
  ({ index, t, x, y, nx, ny, pointX, pointY, startsInside });
const sweepPlain = (_, index, t, x, y, nx, ny, pointX, pointY, startsInside) => ({ t, x, y, nx, ny, pointX, pointY, startsInside });

/**
 * A ray-hit record at heap word w as an object: the scalar casts' and the
 * batch layer's cast block (withIndex false: without the index word, as
 * the scalar casts answer). @internal
 */
export function readRayHit(w, withIndex = true) {
  return readRay(w, withIndex ? rayWithIndex : rayPlain);
}

/** A sweep-hit record (capw_sweep_out) at heap word w as an object: the cast block's. @internal */
export function readSweepHit(w, withIndex = true) {
  return readSweep(w, withIndex ? sweepWithIndex : sweepPlain);
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
