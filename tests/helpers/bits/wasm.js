// Shared by the bit-identity tests: a capsule2d module instantiated straight
// from dist/ (bypassing the API, so each build can be loaded side by side),
// and float32 <-> bit-pattern conversions.
import { readFileSync } from 'node:fs';

/** The exports of dist/<file>, instantiated and initialised. */
export async function rawModule(file) {
  const bytes = readFileSync(new URL(`../../../dist/${file}`, import.meta.url));
  const { instance } = await WebAssembly.instantiate(bytes, { env: { emscripten_notify_memory_growth() {} } });
  instance.exports._initialize();
  return instance.exports;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** The float32 whose bits are b. */
export const asFloat = (b) => ((u32[0] = b), f32[0]);
/** The bits of x rounded to float32. */
export const bitsOf = (x) => ((f32[0] = x), u32[0]);
