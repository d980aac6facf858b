/* capsule2d — private to the wasm boundary: the result blocks the exports
 * write and JS reads, held by one context object (no loose globals). The
 * pointers capw_out(), capw_batch_error() and capw_cast_out() point into
 * it; their layouts are documented beside those exports, and the word
 * offsets JS reads are in capw_batch_layout() (exports_layout.c). */
#ifndef CAPW_EXPORTS_CONTEXT_H
#define CAPW_EXPORTS_CONTEXT_H

#include <stdint.h>

#include "capsule2d_batch.h"

#define CAP_OUT_FLOATS 32

/* The one ray-hit record: the closest hit of one ray (capw_ray_cast_capsules;
 * also the scalar casts' hit, index 0, and World.rayCast's), as JS reads it
 * (hits.js): word k is RAY_CLOSEST[k] of results.js. */
typedef struct capw_ray_out {
    uint32_t index;
    float fraction, x, y, nx, ny;
    uint32_t starts_inside;
} capw_ray_out;

/* The one sweep-hit record: the first hit of one swept circle
 * (capw_sweep_circle_capsules; also the scalar sweeps', index 0, and
 * World.sweepBall's): word k is SWEEP_CLOSEST[k] of results.js; (x, y) is
 * the centre at t. */
typedef struct capw_sweep_out {
    uint32_t index;
    float t, x, y, nx, ny, point_x, point_y;
    uint32_t starts_inside;
} capw_sweep_out;

/* The cast block: one ray or one sweep result at a time. */
typedef union capw_cast_block {
    capw_ray_out ray;
    capw_sweep_out sweep;
} capw_cast_block;

/* The inputs of World.rayCast and World.sweepBall, written by JS at the
 * start of the argument block (capw_world_params). */
typedef struct capw_ray_in {
    float ox, oy, dx, dy, max_fraction;
} capw_ray_in;
typedef struct capw_sweep_in {
    float x0, y0, x1, y1, radius;
} capw_sweep_in;

/* The world exports' per-call blocks (exports_world.c), shared by every
 * world (each call writes then reads them; the world itself holds none):
 * the argument block (defs in, results out), the answer of the last circle
 * or box query, the bytes of the last snapshot saved or to restore (and a
 * chain's points), the contacts for drawing (capw_world_contacts). Caps
 * in elements. */
#define CAPW_PARAMS_WORDS 32
typedef struct capw_world_io {
    uint32_t params[CAPW_PARAMS_WORDS]; /* word 0: the count of capw_world_save / capw_world_contacts */
    uint32_t *query, query_cap;
    uint8_t* snap;
    uint32_t snap_cap;
    float* draw;
    uint32_t draw_cap; /* in contacts (CAP_DRAW_CONTACT_WORDS floats each) */
} capw_world_io;

typedef struct capw_context {
    float out[CAP_OUT_FLOATS]; /* single queries (exports.c) */
    cap_batch_error err;       /* the last batch call's error (exports_batch.c) */
    capw_cast_block cast;      /* the closest hit of one ray or sweep (exports_batch.c) */
    capw_world_io world;       /* the world exports' blocks (exports_world.c) */
} capw_context;

/* The boundary's one context (defined in exports.c). */
extern capw_context capw_ctx;

#endif
