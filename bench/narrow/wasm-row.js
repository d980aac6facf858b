// Rows (c) and (d): capsule2d's allPairsCapsuleCircle over CircleSet and
// CapsuleSet in wasm memory (no broadphase: the raw 4-wide narrowphase over
// all N x M pairs). The same code runs in the main thread (SIMD module) and
// in a worker_thread (scalar module: one init() per thread).
import { sample } from '../lib/harness.js';
import { HitSum } from '../lib/checksum.js';

/** True when the loaded capsule2d has the batch API this row needs. */
export function hasBatchApi(api) {
  return typeof api.allPairsCapsuleCircle === 'function' && typeof api.CircleSet === 'function';
}

/**
 * Fills sets from the scene; returns { round(opts) -> samples, finish() ->
 * { hits, pairs, depths, depthTotal, simd } } (finish frees the sets).
 */
export function wasmAllPairsRow(api, scene) {
  const { CircleSet, CapsuleSet, ContactBuffer, allPairsCapsuleCircle } = api;
  const { circles: c, capsules: k } = scene;
  const circles = new CircleSet(c.count);
  const capsules = new CapsuleSet(k.count);
  const out = new ContactBuffer(1024);
  for (let i = 0; i < c.count; i++) circles.add(c.x[i], c.y[i], c.radius[i]);
  for (let j = 0; j < k.count; j++) capsules.add(k.ax[j], k.ay[j], k.bx[j], k.by[j], k.radius[j]);
  // Size the buffer once (outside the timing), then time the bare call.
  allPairsCapsuleCircle(capsules, circles, out, { grow: true });
  return {
    round: (opts) => sample('capsule2d allPairsCapsuleCircle', () => allPairsCapsuleCircle(capsules, circles, out), opts),
    finish() {
      try {
        const sum = new HitSum();
        const { a, b, depth } = out; // the live views, read after the last call
        for (let q = 0; q < out.written; q++) sum.add(b[q], a[q], depth[q]);
        const result = sum.result();
        if (out.count !== result.hits) throw new Error(`capsule2d: count ${out.count} but ${result.hits} contacts written`);
        return { ...result, simd: api.usingSimd() };
      } finally {
        out.destroy();
        capsules.destroy();
        circles.destroy();
      }
    },
  };
}
