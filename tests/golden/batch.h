/* The golden determinism hash of the batch scene (tests/determinism-scene.js
 * and tests/native/test_batch_golden.c build the same scene): FNV-1a of the
 * contact buffers of the three contact calls, the same constant native, wasm
 * scalar and wasm SIMD, in Node and in Chromium. Changing a pair rule on
 * purpose changes it; change it here only, and say why in the commit. */
#define CAP_BATCH_GOLDEN_HASH 0xbb78b827u
