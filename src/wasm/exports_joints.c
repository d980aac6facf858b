/* capsule2d — the WebAssembly boundary of joints (capsule2d_joints.h): the
 * def travels through the world's argument block as the ball def does
 * (world-joints.js writes it by the word offsets of capw_world_layout,
 * exports_layout.c). */
#include <stddef.h>
#include <string.h>

#include "capsule2d_joints.h"
#include "wasm/exports_context.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

_Static_assert(sizeof(cap_joint_def) <= sizeof(capw_ctx.world.params), "joint def fits the argument block");
_Static_assert(CAP_JOINT_INFO_WORDS * 4 <= sizeof(capw_ctx.world.params), "joint record fits the argument block");

/* The def in the argument block (defaults first: capw_joint_def_default);
 * returns the slot or a status (cap_world_error names the field). */
EMSCRIPTEN_KEEPALIVE void capw_joint_def_default(cap_joint_def* d) { cap_joint_def_default(d); }
EMSCRIPTEN_KEEPALIVE int capw_world_add_joint(cap_world* w)
{
    cap_joint_def d;
    memcpy(&d, capw_ctx.world.params, sizeof d);
    uint32_t slot;
    int s = cap_world_add_joint(w, &d, &slot);
    return s ? s : (int)slot;
}
EMSCRIPTEN_KEEPALIVE int capw_world_remove_joint(cap_world* w, uint32_t slot) { return cap_world_remove_joint(w, slot); }
EMSCRIPTEN_KEEPALIVE int capw_world_set_joint_target(cap_world* w, uint32_t slot, float x, float y)
{
    return cap_world_set_joint_target(w, slot, x, y);
}
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_joint_slots(const cap_world* w) { return cap_world_joint_slots(w); }
/* The joint's record (enum cap_joint_info_word: 23 words) into the argument block. */
EMSCRIPTEN_KEEPALIVE int capw_world_joint_info(const cap_world* w, uint32_t slot)
{
    return cap_world_joint_info(w, slot, capw_ctx.world.params);
}
