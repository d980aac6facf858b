// capsule2d — the one reader of each hit record in wasm memory: a ray hit
// (capw_ray_out) and a sweep hit (capw_sweep_out), src/wasm/exports_context.h.
// The batch layer's cast block and the world's rayCast / sweepBall write the
// same records (exports_batch.c, exports_world.c); their words are checked by
// batch.js's layout table (cast ray.*, cast sweep.*).
import * as rt from './runtime.js';

/**
 * The one reader of a ray-hit record (capw_ray_out, exports_context.h) at
 * heap word w: the batch layer's cast block and World.rayCast's. @internal
 */
export function readRayHit(w) {
  const F = rt.heapF32, U = rt.heapU32;
  return { index: U[w], fraction: F[w + 1], x: F[w + 2], y: F[w + 3], nx: F[w + 4], ny: F[w + 5], startsInside: U[w + 6] === 1 };
}

/** The one reader of a sweep-hit record (capw_sweep_out) at heap word w: the cast block's and World.sweepBall's. @internal */
export function readSweepHit(w) {
  const F = rt.heapF32, U = rt.heapU32;
  return {
    index: U[w], t: F[w + 1], x: F[w + 2], y: F[w + 3], nx: F[w + 4], ny: F[w + 5], pointX: F[w + 6], pointY: F[w + 7],
    startsInside: U[w + 8] === 1,
  };
}
