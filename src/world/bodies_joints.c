/* capsule2d — joints with a capsule body end (revolute, distance, drag) in
 * the bodies' step: each end's pose and masses at the step's start, the
 * distance and drag rows (with levers: the anchors turn with their
 * bodies; the revolute rows: joints_revolute.c), and the hooks of
 * bodies_step.c for them. (The bodies' joined pairs: bodies_joined.c.)
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

/* ---- the capsule bodies' step (bodies_step.c calls these) ---- */

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
    cap_joint_anchors_prepare(j, pa, pb);
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
    *tmp = (cap_bstate){0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
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
