/* capsule2d — private to the wasm boundary: the result blocks the exports
 * write and JS reads, held by one context object (no loose globals). The
 * pointers capw_out(), capw_batch_error() and capw_cast_out() point into
 * it; their layouts are documented beside those exports. */
#ifndef CAPW_EXPORTS_CONTEXT_H
#define CAPW_EXPORTS_CONTEXT_H

#include <stdint.h>

#include "capsule2d_batch.h"

#define CAP_OUT_FLOATS 32

/* One float or uint32 word of the cast block. */
typedef union capw_word { float f; uint32_t u; } capw_word;

typedef struct capw_context {
    float out[CAP_OUT_FLOATS]; /* single queries (exports.c) */
    cap_batch_error err;       /* the last batch call's error (exports_batch.c) */
    capw_word cast[9];         /* the closest hit of one ray or sweep (exports_batch.c) */
} capw_context;

/* The boundary's one context (defined in exports.c). */
extern capw_context capw_ctx;

#endif
