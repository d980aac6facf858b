/* capsule2d — the balls the joints share this step: the groups of the
 * active joints not packed in ropes (joints that share a ball, each
 * group's joints in slot order: the order joints_solve.c's passes sweep
 * them in) and, after the sub-steps, the tag on each ball on an active
 * joint (ccd.c reads it). Both use the solver bodies' pad word. */
#include <string.h>

#include "capsule2d_joints.h"
#include "world/ropes.h"

/* The root of joint k's group (path halving). */
static uint32_t root_of(cap_wjoint* J, uint32_t k)
{
    while (J[k].parent != k) {
        J[k].parent = J[J[k].parent].parent;
        k = J[k].parent;
    }
    return k;
}

/* A ball's tag while the groups are made: 1 + the last joint slot seen on
 * it, 0 none (the solver body's unused pad word; zero again after). */
static uint32_t tag(const cap_wbody* b)
{
    uint32_t t;
    memcpy(&t, &b->pad, sizeof t);
    return t;
}

/* Joins joint k to the group of the last joint seen on ball i, and tags i. */
static void meet(cap_wjoint* J, cap_wbody* body, uint32_t k, uint32_t i)
{
    uint32_t t = tag(&body[i]);
    if (t != 0u) {
        uint32_t a = root_of(J, k), b = root_of(J, t - 1u);
        if (a < b) J[b].parent = a;
        else J[a].parent = b;
    }
    t = k + 1u;
    memcpy(&body[i].pad, &t, sizeof t);
}

/* This step's groups of the active joints not packed (cap_ropes_pack ran
 * first): joints joined when they share a ball (a world end joins
 * nothing: the world never moves). Joints of different groups touch
 * different balls, so the passes may interleave the groups (which hides
 * the latency of one joint's result feeding the next along a chain) and
 * still give every ball the same updates in the same order as sweeping the
 * joints in slot order: the same bits. Each group lists its joints in slot
 * order (next), from its root, its lowest slot. */
CAP_SMALL void cap_joints_group(cap_world* w, cap_wbody* body)
{
    cap_wjoint* J = w->joints;
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        if (!cap_joint_active(&J[k]) || J[k].packed) continue;
        J[k].parent = k;
        J[k].next = CAP_JOINT_WORLD;
        meet(J, body, k, J[k].ib);
        if (J[k].a != CAP_JOINT_WORLD) meet(J, body, k, J[k].ia);
    }
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        if (!cap_joint_active(&J[k]) || J[k].packed) continue;
        body[J[k].ib].pad = 0.0f;
        body[J[k].ia].pad = 0.0f; /* the world's body too: its pad was 0 */
        uint32_t r = root_of(J, k);
        if (r != k) J[J[r].tail].next = k;
        J[r].tail = k;
    }
}

/* For the sweeps after the sub-steps (ccd.c): each ball on an active
 * joint this step gets 1 in its solver body's pad word (the next step's
 * solver bodies start with it 0 again): the packs' balls from their rows
 * (the empty lanes' and world ends' static body n too, which no sweep
 * reads), the other joints' from the joints. */
void cap_joints_tag(cap_world* w, cap_wbody* body)
{
    const uint32_t t = 1u;
    cap_ropes_tag(w, body);
    const cap_wjoint* J = w->joints;
    for (uint32_t k = 0; w->jloose && k < w->joint_slots; k++) {
        if (!cap_joint_active(&J[k]) || J[k].packed) continue;
        memcpy(&body[J[k].ib].pad, &t, sizeof t);
        if (J[k].a != CAP_JOINT_WORLD) memcpy(&body[J[k].ia].pad, &t, sizeof t);
    }
}
