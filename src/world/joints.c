/* capsule2d — the world's joints: storage (slot-indexed, lowest free slot
 * first, a generation per slot), validation, removal (also when a ball
 * goes), the drag target. Solved by joints_solve.c. */
#include <stdlib.h>
#include <string.h>

#include "capsule2d_joints.h"
#include "core/scalar.h"
#include "world/world_internal.h"

void cap_joint_def_default(cap_joint_def* d)
{
    memset(d, 0, sizeof *d);
    d->kind = CAP_JOINT_DISTANCE;
    d->a = CAP_JOINT_WORLD;
    d->b = CAP_JOINT_WORLD;
    d->length = -1.0f;
    d->min_length = 0.0f;
    d->max_length = CAP_MAX_COORD;
    d->damping_ratio = 1.0f;
    d->max_force = 1000.0f;
}

static int live_ball(const cap_world* w, uint32_t slot)
{
    return slot < w->ball_slots && (CAP_BU(w, CAP_BALL_FLAGS)[slot] & CAP_BALL_ALIVE);
}

/* The def's floats in order (the field an error names): ax, ay, length,
 * min_length, max_length, hertz, damping_ratio, max_force, break_force. */
int cap_world_add_joint(cap_world* w, const cap_joint_def* d, uint32_t* slot_out)
{
    w->err.status = 0;
    const float v[9] = {d->ax, d->ay, d->length, d->min_length, d->max_length, d->hertz, d->damping_ratio, d->max_force, d->break_force};
    for (int i = 0; i < 9; i++)
        if (!cap_in_range(v[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, i);
    if (d->kind != CAP_JOINT_DISTANCE && d->kind != CAP_JOINT_DRAG) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, -1);
    /* b a live ball; a a live ball other than b, or the world */
    if (!live_ball(w, d->b)) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)d->b, -1);
    if (d->a != CAP_JOINT_WORLD && (!live_ball(w, d->a) || d->a == d->b || d->kind == CAP_JOINT_DRAG))
        return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)d->a, -1);
    if (!(d->hertz >= 0.0f) || !(d->damping_ratio >= 0.0f) || !(d->break_force >= 0.0f)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 5);
    const float* x = CAP_BF(w, CAP_BALL_X);
    const float* y = CAP_BF(w, CAP_BALL_Y);
    float len = d->length;
    if (d->kind == CAP_JOINT_DISTANCE) {
        if (len < 0.0f) {
            float pax = d->a == CAP_JOINT_WORLD ? d->ax : x[d->a], pay = d->a == CAP_JOINT_WORLD ? d->ay : y[d->a];
            len = cap_length(cap_v2(x[d->b] - pax, y[d->b] - pay));
            if (!cap_in_range(len)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 2);
        }
        if (!(d->min_length >= 0.0f && d->min_length <= len && len <= d->max_length)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 3);
    } else if (!(d->max_force > 0.0f) || !(d->hertz > 0.0f)) {
        return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 7);
    }
    uint32_t slot = 0;
    while (slot < w->joint_slots && w->joints[slot].kind != CAP_JOINT_NONE) slot++;
    if (slot == w->joint_cap) {
        if (w->joint_cap >= (1u << 20)) return cap_world_fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
        uint32_t cap = w->joint_cap;
        void* p = w->joints;
        if (cap_world_reserve_bytes(&p, &cap, slot + 1, sizeof(cap_wjoint))) return cap_world_fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
        memset((cap_wjoint*)p + w->joint_cap, 0, (size_t)(cap - w->joint_cap) * sizeof(cap_wjoint));
        w->joints = p;
        w->joint_cap = cap;
    }
    cap_wjoint* j = &w->joints[slot];
    uint32_t gen = j->generation + 1u;
    memset(j, 0, sizeof *j);
    j->kind = (uint32_t)d->kind;
    j->a = d->kind == CAP_JOINT_DRAG ? CAP_JOINT_WORLD : d->a;
    j->b = d->b;
    j->generation = gen;
    j->user_data = d->user_data;
    j->ax = d->ax;
    j->ay = d->ay;
    j->length = d->kind == CAP_JOINT_DISTANCE ? len : 0.0f;
    j->min_length = d->kind == CAP_JOINT_DISTANCE ? d->min_length : 0.0f;
    j->max_length = d->kind == CAP_JOINT_DISTANCE ? d->max_length : 0.0f;
    j->hertz = d->hertz;
    j->damping_ratio = d->damping_ratio;
    j->max_force = d->max_force;
    j->break_force = d->break_force;
    if (slot == w->joint_slots) w->joint_slots++;
    w->joint_count++;
    /* The joined balls wake (and sleep together from now on). */
    uint32_t* flags = CAP_BU(w, CAP_BALL_FLAGS);
    float* st = CAP_BF(w, CAP_BALL_SLEEP_TIME);
    flags[j->b] |= CAP_BALL_AWAKE; st[j->b] = 0.0f;
    if (j->a != CAP_JOINT_WORLD) { flags[j->a] |= CAP_BALL_AWAKE; st[j->a] = 0.0f; }
    *slot_out = slot;
    return CAP_WORLD_OK;
}

static void drop(cap_world* w, uint32_t slot)
{
    cap_wjoint* j = &w->joints[slot];
    uint32_t gen = j->generation;
    memset(j, 0, sizeof *j);
    j->generation = gen;
    w->joint_count--;
    while (w->joint_slots > 0 && w->joints[w->joint_slots - 1].kind == CAP_JOINT_NONE) w->joint_slots--;
}

static int joint_ok(const cap_world* w, uint32_t slot)
{
    return slot < w->joint_slots && w->joints[slot].kind != CAP_JOINT_NONE;
}

int cap_world_remove_joint(cap_world* w, uint32_t slot)
{
    w->err.status = 0;
    if (!joint_ok(w, slot)) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    cap_wjoint* j = &w->joints[slot];
    uint32_t* flags = CAP_BU(w, CAP_BALL_FLAGS);
    flags[j->b] |= CAP_BALL_AWAKE; /* a released ball falls */
    if (j->a != CAP_JOINT_WORLD) flags[j->a] |= CAP_BALL_AWAKE;
    drop(w, slot);
    return CAP_WORLD_OK;
}

void cap_world_joints_forget_ball(cap_world* w, uint32_t slot)
{
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        const cap_wjoint* j = &w->joints[k];
        if (j->kind != CAP_JOINT_NONE && (j->a == slot || j->b == slot)) drop(w, k);
    }
}

int cap_world_set_joint_target(cap_world* w, uint32_t slot, float x, float y)
{
    w->err.status = 0;
    if (!joint_ok(w, slot) || w->joints[slot].a != CAP_JOINT_WORLD) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    if (!cap_in_range(x)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, (int)slot, 0);
    if (!cap_in_range(y)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, (int)slot, 1);
    cap_wjoint* j = &w->joints[slot];
    j->ax = x;
    j->ay = y;
    CAP_BU(w, CAP_BALL_FLAGS)[j->b] |= CAP_BALL_AWAKE;
    CAP_BF(w, CAP_BALL_SLEEP_TIME)[j->b] = 0.0f;
    return CAP_WORLD_OK;
}

uint32_t cap_world_joint_slots(const cap_world* w) { return w->joint_slots; }
uint32_t cap_world_joint_count(const cap_world* w) { return w->joint_count; }

int cap_world_joint_info(const cap_world* w, uint32_t slot, uint32_t* words)
{
    if (!joint_ok(w, slot)) return CAP_WORLD_BAD_HANDLE;
    const cap_wjoint* j = &w->joints[slot];
    words[CAP_JOINT_INFO_KIND] = j->kind; words[CAP_JOINT_INFO_A] = j->a; words[CAP_JOINT_INFO_B] = j->b;
    words[CAP_JOINT_INFO_GENERATION] = j->generation;
    const float f[CAP_JOINT_INFO_WORDS - CAP_JOINT_INFO_AX] = {j->ax, j->ay, j->length, j->min_length, j->max_length,
        j->hertz, j->damping_ratio, j->max_force, j->break_force, j->force};
    memcpy(words + CAP_JOINT_INFO_AX, f, sizeof f);
    return CAP_WORLD_OK;
}
