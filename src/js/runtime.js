// capsule2d — the one instance of the WebAssembly module and the views over
// its memory. Every other JS file reads these live bindings; refresh() is the
// one place views are (re)made, called at start and on every memory growth.
import { compileModule, instantiate, simdSupported, checkSource } from './loader.js';
import { readOptions, bool } from './check.js';

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

/** Floats in the single-query block (CAP_OUT_FLOATS; checked with the batch layout). */
export const OUT_FLOATS = 32;

function refresh() {
  const buffer = wasm.memory.buffer;
  heapF32 = new Float32Array(buffer);
  heapU32 = new Uint32Array(buffer);
  heapI32 = new Int32Array(buffer);
  out = new Float32Array(buffer, wasm.capw_out(), OUT_FLOATS);
  generation++;
}

/**
 * Detaches every view over wasm memory (memory.grow(0) replaces the
 * ArrayBuffer, as a real growth does) and re-makes the module's own. Called
 * when memory a view may point into is freed (reserve() moved a set's arrays,
 * destroy()), so a kept view reads nothing and writes nowhere instead of
 * showing whatever the allocator puts there next.
 */
export function detachViews() {
  wasm.memory.grow(0);
  refresh();
}

let starting = null;

const OPTION_NAMES = new Set(['wasm', 'simd']);

/** Checks init()'s options (check.js's readOptions and bool, as every API call); returns the build to load. */
function checkOptions(options) {
  if (options === undefined) return { source: undefined, useSimd: simdSupported() };
  const { wasm: source, simd } = readOptions(options, OPTION_NAMES, 'capsule2d: init(options): options', 'capsule2d: init(options)');
  checkSource(source);
  if (simd !== undefined) bool(simd, 'capsule2d: init(options): options.simd');
  if (simd === true && !simdSupported()) {
    throw new RangeError('capsule2d: init(options): options.simd is true but this engine does not support WebAssembly SIMD');
  }
  return { source, useSimd: simd ?? simdSupported() };
}

/**
 * Loads the module once; later calls return the same promise (their options
 * are checked, then ignored). Bad options give a rejected promise (TypeError/RangeError)
 * and nothing is loaded. A failed load may be retried, e.g. with other
 * options. `platform` is what the entry adds (all optional):
 *   readFile(url)        reads a file: URL (the Node entry)
 *   resolve(text)        turns a string from options.wasm into a URL
 *   defaultSource(simd)  the module to use when options.wasm is not given
 *                        (wasm-default.js or inline-source.js)
 */
export function start(options, platform = {}) {
  let checked;
  try {
    checked = checkOptions(options);
  } catch (e) {
    return Promise.reject(e);
  }
  if (starting) {
    // Loaded (or loading): the options were checked above; a promise given as
    // options.wasm is checked once it settles, then ignored.
    if (checked.source !== null && typeof checked.source === 'object' && typeof checked.source.then === 'function') {
      return starting.then(async () => {
        checkSource(await checked.source);
      });
    }
    return starting;
  }
  const attempt = (async () => {
    if (typeof WebAssembly !== 'object' || WebAssembly === null) {
      throw new Error('capsule2d: this engine has no WebAssembly (or it is turned off); capsule2d needs it');
    }
    const module = await compileModule(checked.source, { simd: checked.useSimd, ...platform });
    const exports = await instantiate(module, () => {
      if (wasm) refresh();
    });
    wasm = exports;
    refresh();
  })();
  starting = attempt;
  attempt.catch(() => {
    if (starting === attempt) starting = null;
  });
  return attempt;
}

/** Throws a clear error when a query runs before init() has resolved. */
export function notReady() {
  throw new Error('capsule2d: call `await init()` before using the API');
}
