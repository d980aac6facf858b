/* The golden hash of the casts scene (tests/casts-scene.js and
 * tests/native/test_casts_golden.c build the same scene): FNV-1a of the
 * region queries, scalar ray casts and sweeps, castRays and sweepCircles over
 * the batch golden scene, the same constant native, wasm scalar and wasm SIMD,
 * in Node and in Chromium. Changing a cast, sweep or region-query rule on
 * purpose changes it; say why in the commit.
 *
 * To regenerate after such a change: rebuild (bash build.sh), then
 *     node tools/golden-casts.js --write
 * computes the hash with the wasm SIMD and scalar builds and, when they
 * agree, rewrites the constant below (without --write it only prints it);
 * then `npm run test:native` must pass too (it prints the native hash on a
 * mismatch). */
#define CAP_CASTS_GOLDEN_HASH 0x976bffdcu
