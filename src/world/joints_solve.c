/* capsule2d — the joints in the step's sub-steps (Box2D v3's soft step, as
 * the ball contacts in solver.c): prepare once per step (solver bodies,
 * masses, the start separation, the groups of joints that share balls:
 * joints_group.c), then each sub-step warm start (mode 0), solve with soft
 * bias (1) and relax without it (2). Joints are solved one after another
 * in slot order (groups side by side, the same result), before the
 * contacts of each pass. A distance or drag joint's anchor is a ball's
 * centre, so only linear velocity changes; a revolute joint
 * (joints_revolute.c's rows) turns the balls too. Joints with a capsule
 * body end are solved in the bodies' step (bodies_joints.c) and finished
 * with the others (their forces and breaks: joints_break.c). Ropes (groups
 * that are chains of rigid links) are packed 8 side by side in rows of
 * SIMD lanes (ropes.c): the same floats in the same order, 4 lanes an
 * instruction. The step calls these only when the world has joints: a
 * world without any steps exactly as before. */
#include <math.h>
#include <string.h>

#include "capsule2d_joints.h"
#include "core/scalar.h"
#include "world/bodies.h"
#include "world/ropes.h"

typedef cap_soft jsoft;
/* No softness (a rigid solve: the relax pass, a speculative limit). */
static const jsoft rigid_soft = {0.0f, 1.0f, 0.0f};

/* The position error of rigid lengths and limits is fed back at twice the
 * ball-ball contact stiffness (at most half the sub-step rate), damping
 * ratio 5 (Box2D v3's is 2: measured on the bench's ropes, 2 and 3 change
 * the worst links little (the sweeps' stops make those), and 2 lets a
 * pendulum gain a few micro-joules). */
cap_soft cap_joint_softness(float h)
{
    jsoft s = cap_make_soft(0.25f / h, 5.0f, h);
    /* A soft constraint holds a load by stretching: T / (m w^2), with w
     * capped by the sub-step rate, so long or heavily loaded chains want
     * more sub-steps (the rope tests use 8). A rigid bias (no softening)
     * kept chains swaying and pumped a heavy ball up: measured. */
    return s;
}

static int awake(const uint32_t* flags, uint32_t i)
{
    return (flags[i] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE;
}

void cap_joints_wake(cap_world* w, uint32_t* flags, float* st)
{
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        const cap_wjoint* j = &w->joints[k];
        if (j->kind == CAP_JOINT_NONE || j->a == CAP_JOINT_WORLD || CAP_JOINT_ON_BODY(j)) continue; /* bodies: bodies_sleep.c */
        int aw = awake(flags, j->a), bw = awake(flags, j->b);
        if (aw == bw) continue;
        uint32_t sleeper = aw ? j->b : j->a;
        flags[sleeper] |= CAP_BALL_AWAKE;
        st[sleeper] = 0.0f;
    }
}

CAP_SMALL void cap_joints_prepare(cap_world* w, cap_wbody* body, uint32_t n)
{
    const uint32_t* flags = CAP_BU(w, CAP_BALL_FLAGS);
    const float* im = CAP_BF(w, CAP_BALL_INV_MASS);
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        cap_wjoint* j = &w->joints[k];
        if (j->kind == CAP_JOINT_NONE) continue;
        if (CAP_JOINT_ON_BODY(j)) { /* a body's: the bodies' step; a ball end is not in free flight either */
            if (j->a < n) body[j->a].free = 0.0f;
            if (j->b < n) body[j->b].free = 0.0f;
            continue;
        }
        int world = j->a == CAP_JOINT_WORLD;
        j->ia = world ? n : j->a;
        j->ib = j->b;
        /* A joined ball is not in free flight (step.c's parabola term). */
        body[j->b].free = 0.0f;
        if (!world) body[j->a].free = 0.0f;
        if (j->kind == CAP_JOINT_REVOLUTE) {
            cap_revolute_ball_prepare(w, j);
            continue;
        }
        j->ma = !world && awake(flags, j->a) ? im[j->a] : 0.0f;
        j->mb = awake(flags, j->b) ? im[j->b] : 0.0f;
        float pax = world ? j->ax : w->sx[j->a], pay = world ? j->ay : w->sy[j->a];
        j->d0x = w->sx[j->b] - pax;
        j->d0y = w->sy[j->b] - pay;
        float k_ = j->ma + j->mb;
        j->mass = k_ > 0.0f ? 1.0f / k_ : 0.0f;
        if (j->mass == 0.0f) j->impulse = j->lower = j->upper = 0.0f;
    }
    cap_ropes_pack(w, body, n);
    if (w->jloose) cap_joints_group(w, body); /* (none left: every active joint packed) */
    w->jaxes = 0;
}

/* Adds impulse p (along x, y) to b and takes it from a (a world end has
 * no mass and is never written). */
static void apply(cap_wbody* body, const cap_wjoint* j, float px, float py)
{
    if (j->ma != 0.0f) {
        body[j->ia].vx = body[j->ia].vx - j->ma * px;
        body[j->ia].vy = body[j->ia].vy - j->ma * py;
    }
    body[j->ib].vx = body[j->ib].vx + j->mb * px;
    body[j->ib].vy = body[j->ib].vy + j->mb * py;
}

/* (CAP_SMALL: cold next to the rigid rows.) */
static CAP_SMALL void solve_drag(cap_wjoint* j, cap_wbody* body, int mode, float h)
{
    cap_wbody* b = &body[j->ib];
    if (mode == 0) {
        apply(body, j, j->impulse, j->lower);
        return;
    }
    jsoft s = cap_make_soft(j->hertz, j->damping_ratio, h);
    float cx = j->d0x + b->dx, cy = j->d0y + b->dy; /* ball - target */
    float ix = 0.0f - s.mass_scale * j->mass * (b->vx + s.bias_rate * cx) - s.impulse_scale * j->impulse;
    float iy = 0.0f - s.mass_scale * j->mass * (b->vy + s.bias_rate * cy) - s.impulse_scale * j->lower;
    float ox = j->impulse, oy = j->lower;
    float nx = ox + ix, ny = oy + iy;
    clamp_length(&nx, &ny, j->max_force * h);
    j->impulse = nx;
    j->lower = ny;
    apply(body, j, nx - ox, ny - oy);
}

/* One row of a distance joint along u (sign -1: the upper limit, which
 * pulls the ends together): the impulse that drives the relative speed vr
 * toward -bias_rate * c with softness s, added to the accumulated *acc
 * (clamp: kept >= 0, a limit pushes one way only). */
static void row(cap_wjoint* j, cap_wbody* body, float ux, float uy, float sign, float c, jsoft s, float* acc, int clamp)
{
    const cap_wbody *ba = &body[j->ia], *bb = &body[j->ib];
    float vr = sign * ((bb->vx - ba->vx) * ux + (bb->vy - ba->vy) * uy);
    float imp = 0.0f - s.mass_scale * j->mass * (vr + s.bias_rate * c) - s.impulse_scale * *acc;
    if (clamp) {
        float na = fmax2(*acc + imp, 0.0f);
        imp = na - *acc;
        *acc = na;
    } else {
        *acc = *acc + imp;
    }
    apply(body, j, sign * imp * ux, sign * imp * uy);
}

/* A limit row: speculative while the limit is not reached (c > 0: may
 * close the gap this sub-step, no more), else soft in the solve pass and
 * rigid in the relax pass. */
static void limit_row(cap_wjoint* j, cap_wbody* body, float ux, float uy, float sign, float c, int mode, float h, jsoft js,
                      float* acc)
{
    jsoft spec = {1.0f / h, 1.0f, 0.0f};
    row(j, body, ux, uy, sign, c, c > 0.0f ? spec : mode == 1 ? js : rigid_soft, acc, 1);
}

/* A distance joint's axis and length for this pass (the positions do not
 * change within a pass). */
static void axis(cap_wjoint* j, const cap_wbody* body)
{
    const cap_wbody *ba = &body[j->ia], *bb = &body[j->ib];
    float dx = j->d0x + (bb->dx - ba->dx), dy = j->d0y + (bb->dy - ba->dy);
    float len = sqrtf(dx * dx + dy * dy);
    float ux = 0.0f, uy = 1.0f; /* coincident ends: up (never NaN) */
    if (len > 0.0f) { ux = dx / len; uy = dy / len; }
    j->ux = ux; j->uy = uy; j->len = len;
}

static CAP_SMALL void solve_distance(cap_wjoint* j, cap_wbody* body, int mode, float h, jsoft js)
{
    float ux = j->ux, uy = j->uy, len = j->len;
    if (mode == 0) {
        float p = j->impulse + j->lower - j->upper;
        apply(body, j, p * ux, p * uy);
        return;
    }
    if (j->hertz == 0.0f && j->min_length == j->max_length) { /* rigid */
        row(j, body, ux, uy, 1.0f, len - j->length, mode == 1 ? js : rigid_soft, &j->impulse, 0);
        return;
    }
    if (j->hertz > 0.0f && j->min_length < j->max_length) /* the spring, always soft */
        row(j, body, ux, uy, 1.0f, len - j->length, cap_make_soft(j->hertz, j->damping_ratio, h), &j->impulse, 0);
    if (j->min_length > 0.0f) limit_row(j, body, ux, uy, 1.0f, len - j->min_length, mode, h, js, &j->lower); /* pushes apart */
    if (j->max_length < 1e30f) limit_row(j, body, ux, uy, -1.0f, j->max_length - len, mode, h, js, &j->upper); /* a rope */
}

/* A rigid joint's row in the solve and relax passes: solve_distance's
 * rigid row with its per-pass products (rm, rb: cap_joints_pass) taken
 * once, the same floats. isc: the pass's impulse scale. */
static void solve_rigid(cap_wjoint* j, cap_wbody* body, float isc)
{
    cap_wbody *ba = &body[j->ia], *bb = &body[j->ib];
    float ux = j->ux, uy = j->uy;
    float vr = (bb->vx - ba->vx) * ux + (bb->vy - ba->vy) * uy;
    float imp = 0.0f - j->rm * (vr + j->rb) - isc * j->impulse;
    j->impulse = j->impulse + imp;
    float px = imp * ux, py = imp * uy, ma = j->ma, mb = j->mb;
    if (ma != 0.0f) {
        ba->vx = ba->vx - ma * px;
        ba->vy = ba->vy - ma * py;
    }
    bb->vx = bb->vx + mb * px;
    bb->vy = bb->vy + mb * py;
}

/* One joint in a pass. */
static void solve_one(cap_wjoint* j, cap_wbody* body, int mode, float h, jsoft js)
{
    if (j->kind == CAP_JOINT_REVOLUTE) cap_revolute_ball_solve(j, body, mode, h, js);
    else if (j->kind == CAP_JOINT_DRAG) solve_drag(j, body, mode, h);
    else if (mode != 0 && cap_joint_rigid(j)) solve_rigid(j, body, mode == 1 ? js.impulse_scale : rigid_soft.impulse_scale);
    else solve_distance(j, body, mode, h, js);
}

/* The next group's root at or after slot k (joint_slots: none). */
static uint32_t next_root(const cap_wjoint* J, uint32_t k, uint32_t slots)
{
    while (k < slots && !(cap_joint_active(&J[k]) && J[k].parent == k && !J[k].packed)) k++;
    return k;
}

/* Sweeps of the ball joints in a solve and in a relax pass. The soft
 * step converges in few: measured with 1, 2, 3, 4 and 8 in both (the
 * physics tests: pendulum period 0.066% off with each; a 50-ball rope's
 * worst link 0.111% with each; a rope under a 100x ball stretched 0.57% /
 * 0.54% / 0.53% / 0.50% with 2 / 3 / 4 / 8; Newton's cradle 99.9% with
 * each). One solve sweep and two relax sweeps hold better than two of
 * each, for less (2026-11-27, tools/profile/ropes.c, the bench's ropes
 * over steps 240-480: the worst link of each step 3.72% on average, 13.3%
 * at most, against 3.86% and 15.6% with two of each, 4.12% and 15.4% with
 * one of each; the 100x ball's rope 0.549% against 0.570% and 0.646%):
 * the relax pass, which removes the velocity the solve pass's bias gave,
 * is what keeps the links. Box2D v3 makes one of each; the capsule bodies'
 * joints keep CAP_JOINT_ITERATIONS (bodies_joints.c). */
#ifndef CAP_BALL_JOINT_SOLVE_SWEEPS
#define CAP_BALL_JOINT_SOLVE_SWEEPS 1
#endif
#ifndef CAP_BALL_JOINT_RELAX_SWEEPS
#define CAP_BALL_JOINT_RELAX_SWEEPS 2
#endif

/* Interleaved groups: LANES at a time, each sweeping its own joints. */
#define LANES 4

void cap_joints_pass(cap_world* w, cap_wbody* body, int mode, float h)
{
    jsoft js = cap_joint_softness(h);
    cap_wjoint* J = w->joints;
    const uint32_t slots = w->joint_slots;
    const jsoft rs = mode == 1 ? js : rigid_soft; /* a rigid joint's softness in this pass */
    /* The solve and relax passes sweep the joints CAP_BALL_JOINT_SOLVE_ /
     * _RELAX_SWEEPS times (the contacts once). Each group is swept in slot
     * order, the groups side by side (cap_joints_group; the packed ropes
     * first): the same result as sweeping all joints in slot order that
     * many times. */
    const int sweeps = mode == 0 ? 1 : mode == 1 ? CAP_BALL_JOINT_SOLVE_SWEEPS : CAP_BALL_JOINT_RELAX_SWEEPS;
    cap_ropes_pass(w, body, mode, rs, sweeps);
    if (w->jloose == 0u) return; /* every active joint in a pack */
    for (uint32_t k = 0; k < slots; k++) {
        cap_wjoint* j = &J[k];
        if (j->kind != CAP_JOINT_DISTANCE || j->mass == 0.0f || CAP_JOINT_ON_BODY(j) || j->packed) continue; /* a body's: bodies_joints.c; a packed rope's: cap_ropes_pass */
        axis(j, body);
        j->rm = rs.mass_scale * j->mass;
        j->rb = rs.bias_rate * (j->len - j->length);
    }
    uint32_t root[LANES], at[LANES];
    int sweep[LANES], live = 0;
    uint32_t r = 0;
    for (int l = 0; l < LANES; l++) {
        r = next_root(J, r, slots);
        root[l] = at[l] = r;
        sweep[l] = 0;
        if (r < slots) { live++; r++; }
    }
    while (live) {
        for (int l = 0; l < LANES; l++) {
            uint32_t k = at[l];
            if (k >= slots) continue;
            solve_one(&J[k], body, mode, h, js);
            k = J[k].next;
            if (k == CAP_JOINT_WORLD) { /* the group's sweep is done */
                k = root[l];
                if (++sweep[l] == sweeps) { /* and the group: the next one */
                    r = next_root(J, r, slots);
                    root[l] = k = r;
                    sweep[l] = 0;
                    if (r < slots) r++;
                    else live--;
                }
            }
            at[l] = k;
        }
    }
}
