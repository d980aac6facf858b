// Order-independent checksums of a hit list, so rows that find the same
// contacts in different orders still agree. The native driver computes the
// same sums (bench/native/hits.h).
//   pairs  = sum over hits of mix(mix(circle) ^ capsule)                (mod 2^32)
//   depths = sum over hits of mix(mix(mix(circle) ^ capsule) ^ bits(depth as float32))

/** murmur3's 32-bit finalizer: a fast, well-spread integer hash. */
export function mix(h) {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The float32 bit pattern of x (rounded to float32 first). */
export function bits(x) {
  f32[0] = x;
  return u32[0];
}

/** Accumulates hits; depth is rounded to float32 for the depth sum. */
export class HitSum {
  constructor() {
    this.hits = 0;
    this.pairs = 0;
    this.depths = 0;
    this.depthTotal = 0; // float64 sum of depths, for rows computing in float64
  }

  add(circle, capsule, depth) {
    const p = mix(mix(circle) ^ capsule);
    this.hits++;
    this.pairs = (this.pairs + p) >>> 0;
    this.depths = (this.depths + mix(p ^ bits(depth))) >>> 0;
    this.depthTotal += depth;
  }

  /** A plain object: { hits, pairs, depths, depthTotal }. */
  result() {
    return { hits: this.hits, pairs: this.pairs, depths: this.depths, depthTotal: this.depthTotal };
  }
}

export function hex(u) {
  return (u >>> 0).toString(16).padStart(8, '0');
}
