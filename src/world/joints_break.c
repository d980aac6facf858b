/* capsule2d — after the sub-steps: each joint's force, and the joints
 * whose force exceeds their break force broken (an event record each,
 * then removed), in slot order. */
#include <math.h>
#include <string.h>

#include "capsule2d_joints.h"
#include "world/bodies.h"
#include "world/ropes.h"

/* An end's generation (0: the world). */
static uint32_t end_gen(const cap_world* w, uint32_t e)
{
    if (e == CAP_JOINT_WORLD) return 0u;
    if (CAP_JOINT_IS_BODY(e)) return CAP_BODU(w->bodies, CAP_BODY_GENERATION)[e & ~CAP_JOINT_BODY];
    return CAP_BU(w, CAP_BALL_GENERATION)[e];
}

/* After the sub-steps: each joint's force (its last sub-step's impulse
 * over the sub-step); a joint whose force exceeds its break_force breaks:
 * one CAP_EVENT_JOINT_BREAK record (capsule2d_joints.h), then it is removed,
 * in slot order. */
_Static_assert((int)CAP_JOINT_BREAK_OTHER_GENERATION < (int)CAP_EVENT_WORDS, "a joint-break record is an event record");
void cap_joints_finish(cap_world* w)
{
    float inv_h = (float)w->def.sub_steps / w->def.dt;
    cap_ropes_impulses(w);
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        cap_wjoint* j = &w->joints[k];
        if (j->kind == CAP_JOINT_NONE) continue;
        float f;
        if (j->kind == CAP_JOINT_DRAG) f = sqrtf(j->impulse * j->impulse + j->lower * j->lower);
        else if (j->kind == CAP_JOINT_REVOLUTE) f = sqrtf(j->px * j->px + j->py * j->py);
        else { f = j->impulse + j->lower - j->upper; f = f < 0.0f ? 0.0f - f : f; }
        j->force = f * inv_h;
        if (!(j->break_force > 0.0f && j->force > j->break_force)) continue;
        uint32_t n = w->event_count[CAP_EVENT_JOINT_BREAK]++;
        if (n < w->def.event_capacity) {
            uint32_t* e = &w->events[CAP_EVENT_JOINT_BREAK][(size_t)n * CAP_EVENT_WORDS];
            memset(e, 0, CAP_EVENT_WORDS * sizeof *e);
            e[CAP_JOINT_BREAK_KIND] = j->kind; e[CAP_JOINT_BREAK_JOINT] = k; e[CAP_JOINT_BREAK_BALL] = j->b;
            e[CAP_JOINT_BREAK_OTHER] = j->a;
            memcpy(&e[CAP_JOINT_BREAK_FORCE], &j->force, sizeof j->force);
            e[CAP_JOINT_BREAK_JOINT_GENERATION] = j->generation; e[CAP_JOINT_BREAK_BALL_GENERATION] = end_gen(w, j->b);
            e[CAP_JOINT_BREAK_USER_DATA] = j->user_data;
            e[CAP_JOINT_BREAK_OTHER_GENERATION] = end_gen(w, j->a);
        }
        cap_world_remove_joint(w, k);
    }
}
