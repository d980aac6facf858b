/* capsule2d — joints with a capsule body end (revolute, distance, drag)
 * and revolute joints between balls, in the soft step. Revolute (pin)
 * joints (in the manner of Box2D v3's revolute joint): a point constraint
 * (2x2) pinning a world anchor fixed in both ends, optional angle limits (speculative while not
 * reached, soft when reached in the solve pass, rigid in the relax pass),
 * an optional motor with a torque cap. The rows work on an end's state
 * (cap_bstate): a capsule body's solver state in place (the hooks of
 * bodies_step.c for the joints with a body end) or a copy of a ball's
 * solver body (the balls' step, joints_solve.c). Also the bodies' joined
 * pairs (they do not collide).
 * A joint between a ball and a body is solved here too: the ball is one
 * more solver state in the bodies' pass (as a ball touching a body is;
 * after those, made for its joints in slot order: deterministic), with
 * its own mass and inertia, read from and written back to the ball's
 * arrays. Pulled back only after the balls' step, a joined ball flew free
 * through it and lost its speed along the joint every step (a pendulum:
 * 95% of its swing in 2,000 steps); so this pass replays the balls'
 * sub-steps for it (cap_joints_body_replay, bodies.h's cap_bstate.joined)
 * and its joints act on it sub-step by sub-step, as in one soft step. */
#include <math.h>
#include <string.h>

#include "capsule2d_joints.h"
#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

static const cap_soft rigid_soft = {0.0f, 1.0f, 0.0f};

/* A body joint's anchors turned into the world frame, the centres' offset
 * and the ends' masses at the step's start (pose: x, y, angle, inverse mass,
 * inverse inertia). */
static void anchors_prepare(cap_wjoint* j, const float* pa, const float* pb)
{
    float ca, sa, cb, sb;
    cap_cos_sin(pa[2], &ca, &sa);
    cap_cos_sin(pb[2], &cb, &sb);
    j->rax = ca * j->lax - sa * j->lay;
    j->ray = sa * j->lax + ca * j->lay;
    j->rbx = cb * j->lbx - sb * j->lby;
    j->rby = sb * j->lbx + cb * j->lby;
    j->d0x = pb[0] - pa[0];
    j->d0y = pb[1] - pa[1];
    j->ma = pa[3]; j->iia = pa[4];
    j->mb = pb[3]; j->iib = pb[4];
}

void cap_revolute_prepare(cap_wjoint* j, const float* pa, const float* pb)
{
    anchors_prepare(j, pa, pb);
    j->rel0 = wrap_angle(pb[2] - pa[2] - j->ref);
    float k = j->iia + j->iib;
    j->axial = k > 0.0f ? 1.0f / k : 0.0f;
    j->mass = j->ma + j->mb + k > 0.0f ? 1.0f : 0.0f; /* 1: solved this step */
    if (j->mass == 0.0f) j->px = j->py = j->motor = j->lower = j->upper = 0.0f;
}

/* One angular row (motor, lower or upper limit): drives sign * (wb - wa)
 * toward -bias with softness (ms, is); clamp: the accumulated impulse
 * stays >= 0 (a limit), else within +-cap (the motor). */
static void axial_row(cap_wjoint* j, cap_bstate* A, cap_bstate* B, float sign, float target, float bias, float ms, float is,
                      float* acc, int clamp, float cap)
{
    float cdot = sign * (B->w - A->w) - target;
    float imp = 0.0f - j->axial * ms * (cdot + bias) - is * *acc;
    float old = *acc, na = old + imp;
    na = clamp ? fmax2(na, 0.0f) : cap_clampf(na, 0.0f - cap, cap);
    *acc = na;
    imp = sign * (na - old);
    A->w = A->w - j->iia * imp;
    B->w = B->w + j->iib * imp;
}

void cap_revolute_solve(cap_wjoint* j, cap_bstate* A, cap_bstate* B, int mode, float h, cap_soft js)
{
    float rax = A->qc * j->rax - A->qs * j->ray, ray = A->qs * j->rax + A->qc * j->ray;
    float rbx = B->qc * j->rbx - B->qs * j->rby, rby = B->qs * j->rbx + B->qc * j->rby;
    if (mode == 0) { /* warm start */
        float ax = j->motor + j->lower - j->upper;
        A->vx = A->vx - j->ma * j->px; A->vy = A->vy - j->ma * j->py;
        A->w = A->w - j->iia * (rax * j->py - ray * j->px + ax);
        B->vx = B->vx + j->mb * j->px; B->vy = B->vy + j->mb * j->py;
        B->w = B->w + j->iib * (rbx * j->py - rby * j->px + ax);
        return;
    }
    if (j->max_torque > 0.0f && j->axial > 0.0f)
        axial_row(j, A, B, 1.0f, j->motor_speed, 0.0f, 1.0f, 0.0f, &j->motor, 0, j->max_torque * h);
    if (j->lo <= j->hi && j->axial > 0.0f) {
        float angle = j->rel0 + (B->da - A->da);
        for (int side = 0; side < 2; side++) {
            /* lower: C = angle - lo, pushes b's spin up; upper: C = hi - angle */
            float c = side ? j->hi - angle : angle - j->lo;
            float bias = 0.0f, ms = 1.0f, is = 0.0f;
            if (c > 0.0f) bias = c / h; /* speculative: may close the gap this sub-step, no more */
            else if (mode == 1) { bias = js.bias_rate * c; ms = js.mass_scale; is = js.impulse_scale; }
            axial_row(j, A, B, side ? -1.0f : 1.0f, 0.0f, bias, ms, is, side ? &j->upper : &j->lower, 1, 0.0f);
        }
    }
    /* The pin: relative velocity of the anchors, and in the solve pass the
     * separation of the anchors now, fed back softly. */
    float cx = (B->vx - B->w * rby) - (A->vx - A->w * ray);
    float cy = (B->vy + B->w * rbx) - (A->vy + A->w * rax);
    float bx = 0.0f, by = 0.0f, ms = 1.0f, is = 0.0f;
    if (mode == 1) {
        float sx = (B->dx - A->dx) + (rbx - rax) + j->d0x, sy = (B->dy - A->dy) + (rby - ray) + j->d0y;
        bx = js.bias_rate * sx; by = js.bias_rate * sy;
        ms = js.mass_scale; is = js.impulse_scale;
    }
    float m = j->ma + j->mb;
    float k11 = m + j->iia * ray * ray + j->iib * rby * rby;
    float k12 = 0.0f - j->iia * rax * ray - j->iib * rbx * rby;
    float k22 = m + j->iia * rax * rax + j->iib * rbx * rbx;
    float det = k11 * k22 - k12 * k12;
    if (det != 0.0f) det = 1.0f / det;
    float vx = cx + bx, vy = cy + by;
    float ix = 0.0f - ms * det * (k22 * vx - k12 * vy) - is * j->px;
    float iy = 0.0f - ms * det * (k11 * vy - k12 * vx) - is * j->py;
    j->px = j->px + ix;
    j->py = j->py + iy;
    A->vx = A->vx - j->ma * ix; A->vy = A->vy - j->ma * iy;
    A->w = A->w - j->iia * (rax * iy - ray * ix);
    B->vx = B->vx + j->mb * ix; B->vy = B->vy + j->mb * iy;
    B->w = B->w + j->iib * (rbx * iy - rby * ix);
}

/* ---- the balls' step (joints_solve.c calls these) ---- */

void cap_revolute_ball_prepare(cap_world* w, cap_wjoint* j)
{
    const uint32_t* flags = CAP_BU(w, CAP_BALL_FLAGS);
    const float *im = CAP_BF(w, CAP_BALL_INV_MASS), *ii = CAP_BF(w, CAP_BALL_INV_INERTIA), *ang = CAP_BF(w, CAP_BALL_ANGLE);
    float p[2][5] = {{j->ax, j->ay, 0.0f, 0.0f, 0.0f}, {0}};
    for (int e = 0; e < 2; e++) {
        uint32_t i = e ? j->b : j->a;
        if (i == CAP_JOINT_WORLD) continue;
        int awake = (flags[i] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE;
        p[e][0] = w->sx[i]; p[e][1] = w->sy[i]; p[e][2] = ang[i];
        p[e][3] = awake ? im[i] : 0.0f;
        p[e][4] = awake ? ii[i] : 0.0f;
    }
    cap_revolute_prepare(j, p[0], p[1]);
}

/* A ball's state (its rotation since the step's start from da). */
static void ball_end(const cap_wbody* b, cap_bstate* e)
{
    e->vx = b->vx; e->vy = b->vy; e->w = b->w; e->dx = b->dx; e->dy = b->dy; e->da = b->da;
    cap_cos_sin(b->da, &e->qc, &e->qs);
}

void cap_revolute_ball_solve(cap_wjoint* j, cap_wbody* body, int mode, float h, cap_soft js)
{
    cap_bstate A = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, B = A;
    if (j->a != CAP_JOINT_WORLD) ball_end(&body[j->a], &A);
    ball_end(&body[j->b], &B);
    cap_revolute_solve(j, &A, &B, mode, h, js);
    if (j->ma + j->iia > 0.0f) { body[j->a].vx = A.vx; body[j->a].vy = A.vy; body[j->a].w = A.w; }
    if (j->mb + j->iib > 0.0f) { body[j->b].vx = B.vx; body[j->b].vy = B.vy; body[j->b].w = B.w; }
}

/* ---- the capsule bodies' step (bodies_step.c calls these) ---- */

int cap_joint_mixed(const cap_wjoint* j, uint32_t* body, uint32_t* ball)
{
    if (j->kind == CAP_JOINT_NONE || j->a == CAP_JOINT_WORLD || CAP_JOINT_IS_BODY(j->a) == CAP_JOINT_IS_BODY(j->b)) return 0;
    *body = (CAP_JOINT_IS_BODY(j->a) ? j->a : j->b) & ~CAP_JOINT_BODY;
    *ball = CAP_JOINT_IS_BODY(j->a) ? j->b : j->a;
    return 1;
}

/* The joined set's keys: two bodies lower << 32 | higher slot; a body and a
 * ball (CAP_JOINT_BODY | body) << 32 | ball, above every pair of bodies. */
int cap_bodies_joined_build(cap_world* w, cap_wbodies* b)
{
    b->joined_count = 0;
    if (w->joint_count == 0) return 0;
    void* p = b->joined; /* room for every joint slot */
    if (cap_world_reserve_bytes(&p, &b->joined_cap, w->joint_slots, sizeof(uint64_t))) return CAP_WORLD_NO_MEMORY;
    b->joined = p;
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        const cap_wjoint* j = &w->joints[k];
        uint32_t bi, ba;
        uint64_t key;
        if (cap_joint_mixed(j, &bi, &ba)) {
            key = (uint64_t)(bi | CAP_JOINT_BODY) << 32 | ba;
        } else {
            if (j->kind == CAP_JOINT_NONE || !CAP_JOINT_IS_BODY(j->a) || !CAP_JOINT_IS_BODY(j->b)) continue;
            uint64_t x = j->a & ~CAP_JOINT_BODY, y = j->b & ~CAP_JOINT_BODY;
            key = x < y ? x << 32 | y : y << 32 | x;
        }
        /* insertion: joints made along a chain come nearly in order */
        uint32_t q = b->joined_count++;
        while (q > 0 && b->joined[q - 1] > key) { b->joined[q] = b->joined[q - 1]; q--; }
        b->joined[q] = key;
    }
    return 0;
}

static int joined_key(const cap_wbodies* b, uint64_t key)
{
    uint32_t lo = 0, hi = b->joined_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (b->joined[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo < b->joined_count && b->joined[lo] == key;
}

int cap_bodies_joined(const cap_wbodies* b, uint32_t i, uint32_t j)
{
    return joined_key(b, i < j ? (uint64_t)i << 32 | j : (uint64_t)j << 32 | i);
}

int cap_bodies_joined_ball(const cap_wbodies* b, uint32_t i, uint32_t j)
{
    return joined_key(b, (uint64_t)(i | CAP_JOINT_BODY) << 32 | j);
}

int cap_joints_body_replay(cap_world* w, cap_bstate* st, float h, int n)
{
    const cap_wbodies* b = w->bodies;
    const float inv = 1.0f / (float)n, mid = 0.5f * (float)(n + 1);
    int any = 0;
    for (uint32_t k = 0; k < b->balls; k++) {
        cap_bstate* s = &st[b->slots + k];
        if (s->joined == 0.0f) continue; /* (joined: to a body awake this step; it woke with it) */
        any = 1;
        s->gx = (s->vx - s->s0x) * inv; s->gy = (s->vy - s->s0y) * inv; s->gw = (s->w - s->s0w) * inv;
        /* the model: sub-step k's velocity s0 + k g, its displacement h
         * times their sum; the rest of the balls' step's, evenly */
        s->ex = s->dx * inv - h * (s->s0x + mid * s->gx);
        s->ey = s->dy * inv - h * (s->s0y + mid * s->gy);
        s->er = h * (s->s0w + mid * s->gw);
        s->vx = s->s0x; s->vy = s->s0y; s->w = s->s0w;
        s->v0x = s->v0y = s->w0 = s->dx = s->dy = 0.0f;
    }
    return any;
}

void cap_joints_hold_balls(cap_world* w, uint32_t* parent, uint32_t* flags, uint32_t bit)
{
    uint32_t bi, ba;
    for (uint32_t k = 0; k < w->joint_slots && w->bodies; k++)
        if (cap_joint_mixed(&w->joints[k], &bi, &ba) && (CAP_BODU(w->bodies, CAP_BODY_FLAGS)[bi] & CAP_BALL_AWAKE))
            flags[cap_find_root(parent, ba)] |= bit;
}

int cap_joints_body_balls(cap_world* w, cap_wbodies* b, const uint32_t* awake)
{
    uint32_t bi, ba;
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        if (!cap_joint_mixed(&w->joints[k], &bi, &ba)) continue;
        uint32_t s = cap_bodies_ball_state(w, b, ba);
        if (s == NONE) return CAP_WORLD_NO_MEMORY;
        if (awake[bi]) b->state[s].joined = 1.0f; /* it wakes with the body (cap_bodies_begin) */
    }
    return 0;
}

int cap_joints_body_any(const cap_world* w)
{
    for (uint32_t k = 0; k < w->joint_slots; k++)
        if (w->joints[k].kind != CAP_JOINT_NONE && CAP_JOINT_ON_BODY(&w->joints[k])) return 1;
    return 0;
}

/* An end's pose and masses at the step's start (0 masses asleep). A ball's
 * (its solver state here, cap_joints_body_balls): its centre when the
 * contacts were found (its state's displacement is from there), its angle
 * at the step's start (after the balls' step less their turn, er: its
 * state turns from there, da) and its own masses. Returns 0 when a ball end has no state (then not solved). */
static int body_pose(const cap_world* w, uint32_t e, const cap_wjoint* j, float* p)
{
    const cap_wbodies* b = w->bodies;
    if (e == CAP_JOINT_WORLD) {
        p[0] = j->ax; p[1] = j->ay; p[2] = p[3] = p[4] = 0.0f;
        return 1;
    }
    if (!CAP_JOINT_IS_BODY(e)) {
        uint32_t k = e < b->ball_state_cap ? b->ball_state[e] : NONE;
        if (k == NONE) return 0;
        int awake = (CAP_BU(w, CAP_BALL_FLAGS)[e] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE;
        const cap_bstate* s = &b->state[k];
        p[0] = s->bx; p[1] = s->by; p[2] = CAP_BF(w, CAP_BALL_ANGLE)[e] - (float)w->def.sub_steps * s->er;
        p[3] = awake ? CAP_BF(w, CAP_BALL_INV_MASS)[e] : 0.0f;
        p[4] = awake ? CAP_BF(w, CAP_BALL_INV_INERTIA)[e] : 0.0f;
        return 1;
    }
    uint32_t i = e & ~CAP_JOINT_BODY;
    int awake = (CAP_BODU(b, CAP_BODY_FLAGS)[i] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE;
    p[0] = CAP_BODF(b, CAP_BODY_X)[i]; p[1] = CAP_BODF(b, CAP_BODY_Y)[i]; p[2] = CAP_BODF(b, CAP_BODY_ANGLE)[i];
    p[3] = awake ? CAP_BODF(b, CAP_BODY_INV_MASS)[i] : 0.0f;
    p[4] = awake ? CAP_BODF(b, CAP_BODY_INV_INERTIA)[i] : 0.0f;
    return 1;
}

/* ---- distance and drag joints with a body end (Box2D v3's distance and
 * mouse joints in the soft step; the balls' rows of joints_solve.c with
 * levers): the anchors from the centres at the step's start in rax .. rby,
 * turned with their bodies in each pass (cap_bstate's qc, qs); d0: b's
 * centre minus a's (a drag joint: minus the target). ---- */


/* The anchors and masses at the step's start (mass: 1 solved, 0 not: both
 * ends without mass, then the impulses are dropped). */
static void lever_prepare(cap_wjoint* j, const float* pa, const float* pb)
{
    anchors_prepare(j, pa, pb);
    j->mass = j->ma + j->mb + j->iia + j->iib > 0.0f ? 1.0f : 0.0f;
    if (j->mass == 0.0f) j->impulse = j->lower = j->upper = j->motor = 0.0f;
}

/* The anchors now (from the centres) and the anchor of b less a's. */
typedef struct lever { float rax, ray, rbx, rby, dx, dy; } lever;
static lever lever_now(const cap_wjoint* j, const cap_bstate* A, const cap_bstate* B)
{
    lever l;
    l.rax = A->qc * j->rax - A->qs * j->ray; l.ray = A->qs * j->rax + A->qc * j->ray;
    l.rbx = B->qc * j->rbx - B->qs * j->rby; l.rby = B->qs * j->rbx + B->qc * j->rby;
    l.dx = j->d0x + (B->dx - A->dx) + (l.rbx - l.rax);
    l.dy = j->d0y + (B->dy - A->dy) + (l.rby - l.ray);
    return l;
}

/* Impulse p (px, py) at the anchors: -p on A, +p on B. */
static void lever_apply(const cap_wjoint* j, const lever* l, cap_bstate* A, cap_bstate* B, float px, float py)
{
    A->vx = A->vx - j->ma * px; A->vy = A->vy - j->ma * py;
    A->w = A->w - j->iia * (l->rax * py - l->ray * px);
    B->vx = B->vx + j->mb * px; B->vy = B->vy + j->mb * py;
    B->w = B->w + j->iib * (l->rbx * py - l->rby * px);
}

/* One distance row along u (sign -1: the upper limit): drives the anchors'
 * relative speed toward -bias_rate * c with softness s, into *acc (clamp:
 * kept >= 0). m: the effective mass along u. */
static void lever_row(const cap_wjoint* j, const lever* l, cap_bstate* A, cap_bstate* B, float ux, float uy, float m,
                      float sign, float c, cap_soft s, float* acc, int clamp)
{
    float dvx = (B->vx - B->w * l->rby) - (A->vx - A->w * l->ray);
    float dvy = (B->vy + B->w * l->rbx) - (A->vy + A->w * l->rax);
    float vr = sign * (dvx * ux + dvy * uy);
    float imp = 0.0f - s.mass_scale * m * (vr + s.bias_rate * c) - s.impulse_scale * *acc;
    if (clamp) {
        float na = fmax2(*acc + imp, 0.0f);
        imp = na - *acc;
        *acc = na;
    } else {
        *acc = *acc + imp;
    }
    lever_apply(j, l, A, B, sign * imp * ux, sign * imp * uy);
}

/* A distance joint with body ends: the rows of joints_solve.c's
 * solve_distance (rigid, spring, min and max limits, in that order). */
static void distance_solve(cap_wjoint* j, cap_bstate* A, cap_bstate* B, int mode, float h, cap_soft js)
{
    lever l = lever_now(j, A, B);
    float len = sqrtf(l.dx * l.dx + l.dy * l.dy);
    float ux = 0.0f, uy = 1.0f; /* coincident anchors: up (never NaN) */
    if (len > 0.0f) { ux = l.dx / len; uy = l.dy / len; }
    if (mode == 0) {
        float p = j->impulse + j->lower - j->upper;
        lever_apply(j, &l, A, B, p * ux, p * uy);
        return;
    }
    float cra = l.rax * uy - l.ray * ux, crb = l.rbx * uy - l.rby * ux;
    float k = j->ma + j->mb + j->iia * cra * cra + j->iib * crb * crb;
    float m = k > 0.0f ? 1.0f / k : 0.0f;
    if (j->hertz == 0.0f && j->min_length == j->max_length) { /* rigid */
        lever_row(j, &l, A, B, ux, uy, m, 1.0f, len - j->length, mode == 1 ? js : rigid_soft, &j->impulse, 0);
        return;
    }
    if (j->hertz > 0.0f && j->min_length < j->max_length) /* the spring, always soft */
        lever_row(j, &l, A, B, ux, uy, m, 1.0f, len - j->length, cap_make_soft(j->hertz, j->damping_ratio, h), &j->impulse, 0);
    const cap_soft spec = {1.0f / h, 1.0f, 0.0f};
    if (j->min_length > 0.0f) { /* pushes apart */
        float c = len - j->min_length;
        lever_row(j, &l, A, B, ux, uy, m, 1.0f, c, c > 0.0f ? spec : mode == 1 ? js : rigid_soft, &j->lower, 1);
    }
    if (j->max_length < 1e30f) { /* a rope */
        float c = j->max_length - len;
        lever_row(j, &l, A, B, ux, uy, m, -1.0f, c, c > 0.0f ? spec : mode == 1 ? js : rigid_soft, &j->upper, 1);
    }
}

/* A drag joint on a body: its spin damped (a soft row without bias at
 * DRAG_SPIN_HERTZ times its hertz, accumulated in motor), then its anchor
 * toward the target (A: the world at rest) as a 2x2 point row of softness
 * (hertz, damping_ratio), the accumulated impulse (impulse, lower) kept
 * within max_force * h. */
#ifndef DRAG_SPIN_HERTZ
#define DRAG_SPIN_HERTZ 0.2f
#endif
static void drag_solve(cap_wjoint* j, cap_bstate* A, cap_bstate* B, int mode, float h)
{
    lever l = lever_now(j, A, B);
    if (mode == 0) {
        lever_apply(j, &l, A, B, j->impulse, j->lower);
        B->w = B->w + j->iib * j->motor;
        return;
    }
    cap_soft s = cap_make_soft(j->hertz, j->damping_ratio, h);
    if (j->iib > 0.0f) { /* the spin damped (no bias): a grabbed stick settles instead of swinging on */
        cap_soft sa = cap_make_soft(DRAG_SPIN_HERTZ * j->hertz, j->damping_ratio, h);
        float ai = 0.0f - sa.mass_scale * B->w / j->iib - sa.impulse_scale * j->motor;
        j->motor = j->motor + ai;
        B->w = B->w + j->iib * ai;
    }
    float rx = l.rbx, ry = l.rby;
    float cx = B->vx - B->w * ry, cy = B->vy + B->w * rx; /* the anchor's velocity */
    float vx = cx + s.bias_rate * l.dx, vy = cy + s.bias_rate * l.dy; /* l.d: anchor - target */
    float k11 = j->mb + j->iib * ry * ry, k12 = 0.0f - j->iib * rx * ry, k22 = j->mb + j->iib * rx * rx;
    float det = k11 * k22 - k12 * k12;
    if (det != 0.0f) det = 1.0f / det;
    float ix = 0.0f - s.mass_scale * det * (k22 * vx - k12 * vy) - s.impulse_scale * j->impulse;
    float iy = 0.0f - s.mass_scale * det * (k11 * vy - k12 * vx) - s.impulse_scale * j->lower;
    float ox = j->impulse, oy = j->lower;
    float nx = ox + ix, ny = oy + iy;
    clamp_length(&nx, &ny, j->max_force * h);
    j->impulse = nx;
    j->lower = ny;
    lever_apply(j, &l, A, B, nx - ox, ny - oy);
}

void cap_joints_body_prepare(cap_world* w, cap_bstate* st)
{
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        cap_wjoint* j = &w->joints[k];
        if (j->kind == CAP_JOINT_NONE || !CAP_JOINT_ON_BODY(j)) continue;
        float pa[5], pb[5];
        int ok = body_pose(w, j->a, j, pa) & body_pose(w, j->b, j, pb);
        if (!ok) pa[3] = pa[4] = pb[3] = pb[4] = 0.0f; /* (never: every joined ball has a state) */
        if (j->kind == CAP_JOINT_REVOLUTE) cap_revolute_prepare(j, pa, pb);
        else lever_prepare(j, pa, pb);
        if (j->kind == CAP_JOINT_DRAG && j->mass != 0.0f) st[j->b & ~CAP_JOINT_BODY].ball = 1u; /* its sweep: strict */
    }
}

/* End e's solver state: a body's in place; the world's at rest (tmp); a
 * ball's a copy in tmp, turned by its state's da (a ball's state keeps
 * qc, qs = 1, 0 for its contacts, whose anchors do not turn with it). */
static cap_bstate* end_state(const cap_world* w, cap_bstate* st, uint32_t e, cap_bstate* tmp)
{
    if (CAP_JOINT_IS_BODY(e)) return &st[e & ~CAP_JOINT_BODY];
    *tmp = (cap_bstate){0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    if (e == CAP_JOINT_WORLD) return tmp;
    *tmp = st[w->bodies->ball_state[e]];
    cap_cos_sin(tmp->da, &tmp->qc, &tmp->qs);
    return tmp;
}

/* A ball end's copy's velocities back to its state (else nothing). */
static void end_put(const cap_world* w, cap_bstate* st, uint32_t e, const cap_bstate* t)
{
    if (e == CAP_JOINT_WORLD || CAP_JOINT_IS_BODY(e)) return;
    cap_bstate* s = &st[w->bodies->ball_state[e]];
    s->vx = t->vx; s->vy = t->vy; s->w = t->w;
}

/* The bodies' solver states in place (an end without mass, asleep or the
 * world's state at rest, is left as it was: its velocity changes by 0); a
 * ball end's copy written back to its state. Slot order. */
void cap_joints_body_pass(cap_world* w, cap_bstate* st, int mode, float h)
{
    cap_soft js = cap_joint_softness(h);
    int sweeps = mode == 0 ? 1 : CAP_JOINT_ITERATIONS;
    for (int it = 0; it < sweeps; it++)
        for (uint32_t k = 0; k < w->joint_slots; k++) {
            cap_wjoint* j = &w->joints[k];
            if (j->kind == CAP_JOINT_NONE || !CAP_JOINT_ON_BODY(j) || j->mass == 0.0f) continue;
            cap_bstate ta, tb;
            cap_bstate *A = end_state(w, st, j->a, &ta), *B = end_state(w, st, j->b, &tb);
            if (j->kind == CAP_JOINT_REVOLUTE) cap_revolute_solve(j, A, B, mode, h, js);
            else if (j->kind == CAP_JOINT_DISTANCE) distance_solve(j, A, B, mode, h, js);
            else drag_solve(j, A, B, mode, h);
            end_put(w, st, j->a, A);
            end_put(w, st, j->b, B);
        }
}
