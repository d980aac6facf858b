/* capsule2d — the joints' shared helpers, the groups (joints_group.c) and
 * the packed ropes (ropes.c), for joints_solve.c. */
#ifndef CAP_WORLD_ROPES_H
#define CAP_WORLD_ROPES_H

#include "capsule2d_joints.h"
#include "world/step_internal.h"

/* A joint the balls' passes solve (live, with a moving end; a joint with a
 * body end: the bodies' step). */
static inline int cap_joint_active(const cap_wjoint* j)
{
    return j->kind != CAP_JOINT_NONE && j->mass != 0.0f && !CAP_JOINT_ON_BODY(j);
}

/* A rigid distance joint: no spring, its length fixed. */
static inline int cap_joint_rigid(const cap_wjoint* j)
{
    return j->kind == CAP_JOINT_DISTANCE && j->hertz == 0.0f && j->min_length == j->max_length;
}

/* In cap_joints_prepare: this step's packs from the active joints (the
 * chains of rigid links in consecutive slots; their joints get packed = 1,
 * the rest counted in w->jloose). */
void cap_ropes_pack(cap_world* w, cap_wbody* body, uint32_t n);
/* A pass (mode 0 warm start, 1 solve, 2 relax) over every pack, sweeps
 * times, rigid links at softness rs. */
void cap_ropes_pass(cap_world* w, cap_wbody* body, int mode, cap_soft rs, int sweeps);
/* After the sub-steps: the packs' impulses back into their joints. */
void cap_ropes_impulses(cap_world* w);
/* For the sweeps (cap_joints_tag): 1 in the pad word of every ball in a
 * pack (and of the static body n, which no sweep reads). */
void cap_ropes_tag(cap_world* w, cap_wbody* body);
/* In cap_joints_prepare, after the packs: this step's groups of the
 * active joints not packed (joints_group.c: parent, next, tail). Compiled
 * for size (CAP_SMALL), as cap_joints_prepare, which held it. */
void cap_joints_group(cap_world* w, cap_wbody* body);

#endif
