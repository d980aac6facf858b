/* The golden state hash of the busy world scene (tests/world/scene.js and
 * tests/native/test_world.c build the same scene): the same constant native,
 * wasm scalar and wasm SIMD, in Node and in Chromium. Changing the solver on
 * purpose changes it; change it here only, and say why in the commit. */
#define CAP_WORLD_GOLDEN_HASH 0x97fbd526u
