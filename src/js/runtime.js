// capsule2d — the one instance of the WebAssembly module and the views over
// its memory. Every other JS file reads these live bindings; refresh() is the
// one place views are (re)made, called at start and on every memory growth.
import { compileModule, instantiate, simdSupported } from './loader.js';

/** The module's exports (null until init() resolves). */
export let wasm = null;
/** Float32Array over the static result block of scalar queries (capw_out). */
export let out = null;
/** Views over all of wasm memory; replaced when memory grows. */
export let heapF32 = null;
export let heapU32 = null;
export let heapI32 = null;
/** Counts view refreshes, so objects caching sub-views know when to remake them. */
export let generation = 0;

const OUT_FLOATS = 32;

function refresh() {
  const buffer = wasm.memory.buffer;
  heapF32 = new Float32Array(buffer);
  heapU32 = new Uint32Array(buffer);
  heapI32 = new Int32Array(buffer);
  out = new Float32Array(buffer, wasm.capw_out(), OUT_FLOATS);
  generation++;
}

let starting = null;

/**
 * Loads the module once. Later calls return the same promise (their options
 * are ignored). readFile is how the Node entry reads file: URLs.
 */
export function start(options, readFile) {
  if (starting) return starting;
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  const { wasm: source, simd } = options ?? {};
  if (simd !== undefined && typeof simd !== 'boolean') {
    throw new TypeError(`options.simd must be a boolean, got ${typeof simd}`);
  }
  const useSimd = simd ?? simdSupported();
  if (useSimd && !simdSupported()) {
    throw new RangeError('options.simd is true but this engine does not support WebAssembly SIMD');
  }
  starting = (async () => {
    const module = await compileModule(source, { simd: useSimd, readFile });
    const exports = await instantiate(module, () => {
      if (wasm) refresh();
    });
    wasm = exports;
    refresh();
  })();
  starting.catch(() => {
    starting = null; // a failed load may be retried, e.g. with other options
  });
  return starting;
}

/** Throws a clear error when a query runs before init() has resolved. */
export function notReady() {
  throw new Error('capsule2d: call `await init()` before using the API');
}
