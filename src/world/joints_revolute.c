/* capsule2d — revolute (pin) joints in the soft step (in the manner of Box2D
 * v3's revolute joint): a point constraint (2x2) pinning a world anchor
 * fixed in both ends, optional angle limits (speculative while not
 * reached, soft when reached in the solve pass, rigid in the relax pass),
 * an optional motor with a torque cap. The rows work on an end's state
 * (cap_bstate): a capsule body's solver state in place (the bodies' step,
 * bodies_joints.c) or a copy of a ball's solver body (the balls' step,
 * joints_solve.c). Also every joint's anchors with a body end at the
 * step's start (cap_joint_anchors_prepare). */
#include "capsule2d_joints.h"
#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

/* A body joint's anchors turned into the world frame, the centres' offset
 * and the ends' masses at the step's start (pose: x, y, angle, inverse mass,
 * inverse inertia). */
void cap_joint_anchors_prepare(cap_wjoint* j, const float* pa, const float* pb)
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
    cap_joint_anchors_prepare(j, pa, pb);
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
    cap_bstate A = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, B = A;
    if (j->a != CAP_JOINT_WORLD) ball_end(&body[j->a], &A);
    ball_end(&body[j->b], &B);
    cap_revolute_solve(j, &A, &B, mode, h, js);
    if (j->ma + j->iia > 0.0f) { body[j->a].vx = A.vx; body[j->a].vy = A.vy; body[j->a].w = A.w; }
    if (j->mb + j->iib > 0.0f) { body[j->b].vx = B.vx; body[j->b].vy = B.vy; body[j->b].w = B.w; }
}
