/* capsule2d — the WebAssembly boundary of capsule bodies (capsule2d_world.h,
 * "capsule bodies"): the def travels through the world's argument block as
 * the ball def does (layout: capw_world_layout, exports_layout.c). */
#include <stddef.h>
#include <string.h>

#include "capsule2d_world.h"
#include "wasm/exports_context.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

_Static_assert(sizeof(cap_body_def) <= CAPW_PARAMS_WORDS * 4, "body def fits the argument block");

EMSCRIPTEN_KEEPALIVE void capw_body_def_default(cap_body_def* d) { cap_body_def_default(d); }
/* The def in the argument block; returns the slot or a status. */
EMSCRIPTEN_KEEPALIVE int capw_world_add_body(cap_world* w)
{
    cap_body_def d;
    memcpy(&d, capw_ctx.world.params, sizeof d);
    uint32_t slot;
    int s = cap_world_add_body(w, &d, &slot);
    return s ? s : (int)slot;
}
EMSCRIPTEN_KEEPALIVE int capw_world_remove_body(cap_world* w, uint32_t slot) { return cap_world_remove_body(w, slot); }
EMSCRIPTEN_KEEPALIVE int capw_world_wake_body(cap_world* w, uint32_t slot) { return cap_world_wake_body(w, slot); }
EMSCRIPTEN_KEEPALIVE void* capw_world_body_field(cap_world* w, int f) { return cap_world_body_field(w, f); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_body_slots(const cap_world* w) { return cap_world_body_slots(w); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_body_capacity(const cap_world* w) { return cap_world_body_capacity(w); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_body_count(const cap_world* w) { return cap_world_body_count(w); }
