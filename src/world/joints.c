/* capsule2d — the world's joints: storage (slot-indexed, lowest free slot
 * first, a generation per slot), validation, removal (also when a ball or
 * a body goes), the drag target. Solved by joints_solve.c (balls),
 * bodies_joints.c (joints with a capsule body end) and joints_revolute.c
 * (the revolute rows, in both). */
#include <stdlib.h>
#include <string.h>

#include "capsule2d_joints.h"
#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

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
    d->upper_angle = -1.0f;
}

static int live_ball(const cap_world* w, uint32_t slot)
{
    return slot < w->ball_slots && (CAP_BU(w, CAP_BALL_FLAGS)[slot] & CAP_BALL_ALIVE);
}

int cap_joint_end_alive(const cap_world* w, uint32_t e)
{
    if (!CAP_JOINT_IS_BODY(e)) return live_ball(w, e);
    const cap_wbodies* b = w->bodies;
    uint32_t i = e & ~CAP_JOINT_BODY;
    return b && i < b->slots && (CAP_BODU(b, CAP_BODY_FLAGS)[i] & CAP_BALL_ALIVE);
}

/* An end's pose (centre, angle); the world: the origin at angle 0. */
static void end_pose(const cap_world* w, uint32_t e, float* x, float* y, float* a)
{
    if (e == CAP_JOINT_WORLD) { *x = *y = *a = 0.0f; return; }
    if (CAP_JOINT_IS_BODY(e)) {
        uint32_t i = e & ~CAP_JOINT_BODY;
        *x = CAP_BODF(w->bodies, CAP_BODY_X)[i]; *y = CAP_BODF(w->bodies, CAP_BODY_Y)[i];
        *a = CAP_BODF(w->bodies, CAP_BODY_ANGLE)[i];
        return;
    }
    *x = CAP_BF(w, CAP_BALL_X)[e]; *y = CAP_BF(w, CAP_BALL_Y)[e]; *a = CAP_BF(w, CAP_BALL_ANGLE)[e];
}

/* Wakes an end (a ball or a body; the world: nothing). */
static void end_wake(cap_world* w, uint32_t e)
{
    if (e == CAP_JOINT_WORLD) return;
    if (CAP_JOINT_IS_BODY(e)) {
        uint32_t i = e & ~CAP_JOINT_BODY;
        CAP_BODU(w->bodies, CAP_BODY_FLAGS)[i] |= CAP_BALL_AWAKE;
        CAP_BODF(w->bodies, CAP_BODY_SLEEP_TIME)[i] = 0.0f;
        return;
    }
    CAP_BU(w, CAP_BALL_FLAGS)[e] |= CAP_BALL_AWAKE;
    CAP_BF(w, CAP_BALL_SLEEP_TIME)[e] = 0.0f;
}

/* The anchor point p in the frame of an end at (x, y, angle). */
static void to_local(float px, float py, float x, float y, float a, float* lx, float* ly)
{
    float c, s;
    cap_cos_sin(a, &c, &s);
    float dx = px - x, dy = py - y;
    *lx = c * dx + s * dy;
    *ly = c * dy - s * dx;
}

#define JOINT_PI 3.14159265f

/* A revolute joint's ends and values (b a live ball or body; a the world
 * or another live ball or body, of either kind); 0 or a failure. */
static int revolute_ok(cap_world* w, const cap_joint_def* d)
{
    if (!cap_joint_end_alive(w, d->b)) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)d->b, -1);
    if (d->a != CAP_JOINT_WORLD && (!cap_joint_end_alive(w, d->a) || d->a == d->b))
        return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)d->a, -1);
    const float v[4] = {d->lower_angle, d->upper_angle, d->motor_speed, d->max_motor_torque};
    for (int i = 0; i < 4; i++)
        if (!cap_in_range(v[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 9 + i);
    if (d->lower_angle <= d->upper_angle && !(d->lower_angle >= -JOINT_PI)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 9);
    if (d->lower_angle <= d->upper_angle && !(d->upper_angle <= JOINT_PI)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 10);
    if (!(d->max_motor_torque >= 0.0f)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 12);
    if (!(d->break_force >= 0.0f)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 8);
    return 0;
}

/* A distance or drag joint's ends and values: b a live ball or body; a the
 * world (always for a drag joint) or another live ball or body (either
 * kind: a ball and a body are solved in the bodies' step); local anchors
 * only on body ends. 0 or a failure. */
static int ends_ok(cap_world* w, const cap_joint_def* d)
{
    if (!cap_joint_end_alive(w, d->b)) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)d->b, -1);
    if (d->a != CAP_JOINT_WORLD && (!cap_joint_end_alive(w, d->a) || d->a == d->b || d->kind == CAP_JOINT_DRAG))
        return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)d->a, -1);
    const int body_a = d->kind == CAP_JOINT_DISTANCE && CAP_JOINT_IS_BODY(d->a), body_b = d->kind == CAP_JOINT_DISTANCE && CAP_JOINT_IS_BODY(d->b);
    const float l[4] = {d->local_ax, d->local_ay, d->local_bx, d->local_by};
    for (int i = 0; i < 4; i++)
        if (!cap_in_range(l[i]) || (l[i] != 0.0f && !(i < 2 ? body_a : body_b))) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 13 + i);
    return 0;
}

/* A distance joint's anchor on end e now (local lx, ly on a body; a ball's
 * centre; the world: (ax, ay)). */
static void anchor_now(const cap_world* w, uint32_t e, float lx, float ly, float ax, float ay, float* px, float* py)
{
    if (e == CAP_JOINT_WORLD) { *px = ax; *py = ay; return; }
    float x, y, a, c, s;
    end_pose(w, e, &x, &y, &a);
    cap_cos_sin(a, &c, &s);
    *px = x + (c * lx - s * ly);
    *py = y + (s * lx + c * ly);
}

/* The def's floats in order (the field an error names): ax, ay, length,
 * min_length, max_length, hertz, damping_ratio, max_force, break_force. */
int cap_world_add_joint(cap_world* w, const cap_joint_def* d, uint32_t* slot_out)
{
    w->err.status = 0;
    const float v[9] = {d->ax, d->ay, d->length, d->min_length, d->max_length, d->hertz, d->damping_ratio, d->max_force, d->break_force};
    for (int i = 0; i < 9; i++)
        if (!cap_in_range(v[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, i);
    const int rev = d->kind == CAP_JOINT_REVOLUTE;
    if (d->kind != CAP_JOINT_DISTANCE && d->kind != CAP_JOINT_DRAG && !rev) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, -1);
    if (rev && revolute_ok(w, d)) return w->err.status;
    if (!rev && ends_ok(w, d)) return w->err.status;
    if (rev) {
    } else if (!(d->hertz >= 0.0f) || !(d->damping_ratio >= 0.0f) || !(d->break_force >= 0.0f)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 5);
    float len = d->length;
    if (rev) {
    } else if (d->kind == CAP_JOINT_DISTANCE) {
        if (len < 0.0f) {
            float pax, pay, pbx, pby;
            anchor_now(w, d->a, d->local_ax, d->local_ay, d->ax, d->ay, &pax, &pay);
            anchor_now(w, d->b, d->local_bx, d->local_by, 0.0f, 0.0f, &pbx, &pby);
            len = cap_length(cap_v2(pbx - pax, pby - pay));
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
    j->hertz = rev ? 0.0f : d->hertz;
    j->damping_ratio = rev ? 0.0f : d->damping_ratio;
    j->max_force = rev ? 0.0f : d->max_force;
    j->break_force = d->break_force;
    if (rev) {
        float xa, ya, aa, xb, yb, ab;
        end_pose(w, j->a, &xa, &ya, &aa);
        end_pose(w, j->b, &xb, &yb, &ab);
        if (j->a != CAP_JOINT_WORLD) to_local(d->ax, d->ay, xa, ya, aa, &j->lax, &j->lay);
        to_local(d->ax, d->ay, xb, yb, ab, &j->lbx, &j->lby);
        j->ref = wrap_angle(ab - aa);
        j->lo = d->lower_angle <= d->upper_angle ? d->lower_angle : 1.0f;
        j->hi = d->lower_angle <= d->upper_angle ? d->upper_angle : -1.0f;
        j->motor_speed = d->motor_speed;
        j->max_torque = d->max_motor_torque;
    } else if (d->kind == CAP_JOINT_DISTANCE) { /* the body ends' anchors (zeros on a ball) */
        j->lax = d->local_ax; j->lay = d->local_ay;
        j->lbx = d->local_bx; j->lby = d->local_by;
    } else if (CAP_JOINT_IS_BODY(j->b)) { /* drag: the body's point under the target */
        float xb, yb, ab;
        end_pose(w, j->b, &xb, &yb, &ab);
        to_local(d->ax, d->ay, xb, yb, ab, &j->lbx, &j->lby);
    }
    if (slot == w->joint_slots) w->joint_slots++;
    w->joint_count++;
    w->jshape++; /* (the packed ropes are made anew: ropes.c) */
    /* The joined ends wake (and sleep together from now on). */
    end_wake(w, j->b);
    end_wake(w, j->a);
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
    w->jshape++;
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
    end_wake(w, j->b); /* a released ball falls */
    end_wake(w, j->a);
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

void cap_world_joints_forget_body(cap_world* w, uint32_t slot)
{
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        const cap_wjoint* j = &w->joints[k];
        if (j->kind != CAP_JOINT_NONE && (j->a == (slot | CAP_JOINT_BODY) || j->b == (slot | CAP_JOINT_BODY))) {
            uint32_t other = j->a == (slot | CAP_JOINT_BODY) ? j->b : j->a;
            drop(w, k);
            end_wake(w, other);
        }
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
    end_wake(w, j->b);
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
    const float f[CAP_JOINT_INFO_LOCAL_AX - CAP_JOINT_INFO_AX] = {j->ax, j->ay, j->length, j->min_length, j->max_length,
        j->hertz, j->damping_ratio, j->max_force, j->break_force, j->force};
    memcpy(words + CAP_JOINT_INFO_AX, f, sizeof f);
    /* lax .. max_torque (zeros but a revolute joint) */
    memcpy(words + CAP_JOINT_INFO_LOCAL_AX, &j->lax, (CAP_JOINT_INFO_WORDS - CAP_JOINT_INFO_LOCAL_AX) * sizeof(float));
    return CAP_WORLD_OK;
}
