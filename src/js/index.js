// capsule2d — the public API (browsers and bundlers; Node uses node.js, which
// adds reading the .wasm from the file system).
import { start, wasm, notReady } from './runtime.js';
import { defaultSource } from './wasm-default.js'; // build.sh: inline-source.js in dist/inline.js

export { simdSupported } from './loader.js';
export { MAX_COORD } from './check.js';
export * from './query.js';
export * from './batch.js';
export { World, BallFlags } from './world.js';
export { drawWorld } from './draw.js';

/**
 * Loads the WebAssembly module; await it once before any other call.
 * @param {import('./index.js').InitOptions} [options]
 */
export function init(options) {
  return start(options, { defaultSource });
}

/** True when the loaded module is the SIMD build. */
export function usingSimd() {
  if (wasm === null) notReady();
  return wasm.capw_simd() === 1;
}
