/* capsule2d — the step's section 3: the sub-steps (Box2D v3's soft step)
 * on a compact body array: integrate velocities, warm start, solve with
 * soft bias, integrate positions, relax without bias; the contacts
 * (solver.c), joints (joints_solve.c) and moving capsules (movers.c) each
 * pass, in that order. */
#include "core/scalar.h"
#include "world/step_internal.h"

/* 3. Sub-steps, on a compact body array (velocity, spin and the
 * displacement since the step's start: one cache line serves two balls);
 * slot n is the static "body", always at rest; n + 1 .. n + nk the
 * kinematic surfaces. */
void cap_step_substeps(cap_world* w, step_ctx* s, uint32_t nk)
{
    const cap_world_def* d = &w->def;
    uint32_t n = s->n;
    float h = s->h, inv_h = 1.0f / h;
    float rate = inv_h;
    cap_soft ball_soft = cap_make_soft(fmin2(d->contact_hertz, 0.25f * rate), d->damping_ratio, h);
    cap_soft static_soft = cap_make_soft(fmin2(d->static_hertz, 0.5f * rate), d->damping_ratio, h);
    float push = d->push_speed * s->upm;
    float gx = d->gravity_x, gy = d->gravity_y, half_hh = 0.5f * h * h;
    cap_wbody* body = w->body;
    /* damped: some awake ball has damping. Without, each sub-step's factors
     * are 1 / (1 + h 0) = 1 exactly and x 1 = x: the second loop below. */
    int damped = 0;
    for (uint32_t i = 0; i <= n + nk; i++) {
        cap_wbody z = {0, 0, 0, 0, 0, 0, 0, 0};
        if (i < n && (s->flags[i] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE) {
            z.vx = s->vx[i]; z.vy = s->vy[i]; z.w = s->av[i];
            z.free = 1.0f;
            damped |= s->ld[i] != 0.0f || s->ad[i] != 0.0f;
        }
        body[i] = z;
    }
    for (uint32_t k = 0; k < w->contact_count; k++) {
        const cap_wcontact* c = &w->contacts[k];
        /* Balls with a contact integrate plainly; see the flight term below.
         * (A moving capsule's contact is made for every ball in its reach:
         * one farther than a static's contact reaches, static_contact's
         * margin, still flies free.) */
        if (c->kbody || c->pivot) {
            uint32_t b = c->b;
            float travel = cap_length(cap_v2(s->vx[b], s->vy[b])) * d->dt;
            if (c->s0 > s->margin + fmin2(travel, 4.0f * s->rad[b])) continue;
        }
        body[c->b].free = 0.0f;
        if (c->kind) body[c->a].free = 0.0f;
    }
    if (w->joint_count) cap_joints_prepare(w, body, n);
    cap_step_impacts(w, s, body);
    {
        const float bs[3] = {ball_soft.bias_rate, ball_soft.mass_scale, ball_soft.impulse_scale};
        const float ss[3] = {static_soft.bias_rate, static_soft.mass_scale, static_soft.impulse_scale};
        cap_solver_build(w, n, bs, ss);
    }
    CAP_PHASE(5);
    for (int sub = 0; sub < d->sub_steps; sub++) {
        if (nk || w->pivots) cap_kinematic_substep(w, s, body, (float)sub * h);
        if (w->pivots) cap_pivot_velocities(w, h, gx, gy);
        for (uint32_t i = 0; damped && i < n; i++) {
            if ((s->flags[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
            cap_wbody* bi = &body[i];
            float lin = 1.0f / (1.0f + h * s->ld[i]), ang = 1.0f / (1.0f + h * s->ad[i]);
            bi->vx = (bi->vx + h * s->gs[i] * gx) * lin;
            bi->vy = (bi->vy + h * s->gs[i] * gy) * lin;
            bi->w = bi->w * ang;
        }
        for (uint32_t i = 0; !damped && i < n; i++) { /* (the same with lin = ang = 1) */
            if ((s->flags[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
            cap_wbody* bi = &body[i];
            bi->vx = bi->vx + h * s->gs[i] * gx;
            bi->vy = bi->vy + h * s->gs[i] * gy;
        }
        for (int pass = 0; pass < 3; pass++) {
            /* pass 0: warm start; 1: solve with bias; 2 (after positions): relax */
            if (pass == 2) {
                for (uint32_t i = 0; i < n; i++) {
                    if ((s->flags[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
                    cap_wbody* bi = &body[i];
                    /* A ball in free flight (no contact this step) moves
                     * - h^2 g / 2 more: its flight is then the exact parabola
                     * (semi-implicit Euler alone rises v h / 2 short and falls
                     * slow, which loses a percent of each bounce). A ball with
                     * contacts integrates plainly, so resting ones read
                     * zero velocity. */
                    float fl = half_hh * s->gs[i] * bi->free;
                    bi->dx = bi->dx + (h * bi->vx - fl * gx);
                    bi->dy = bi->dy + (h * bi->vy - fl * gy);
                    bi->da = bi->da + h * bi->w;
                }
                for (uint32_t i = n + 1; i <= n + nk; i++) { /* the surfaces move on */
                    body[i].dx = body[i].dx + h * body[i].vx;
                    body[i].dy = body[i].dy + h * body[i].vy;
                }
                if (w->pivots) cap_pivot_turn(w, h);
            }
            /* Joints first, as Box2D; their warm start after the contacts'
             * (both only add stored impulses: the order is rounding), so a
             * packed rope's is made with its solve pass (joints_solve.c). */
            if (w->joint_count && pass != 0) cap_joints_pass(w, body, pass, h);
            cap_solver_pass(w, body, pass, inv_h, push);
            if (w->joint_count && pass == 0) cap_joints_pass(w, body, pass, h);
            if (w->pivots) cap_pivot_pass(w, body, pass, inv_h, push);
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        if ((s->flags[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        const cap_wbody* bi = &body[i];
        s->vx[i] = bi->vx; s->vy[i] = bi->vy; s->av[i] = bi->w;
        s->x[i] = s->sx[i] + bi->dx;
        s->y[i] = s->sy[i] + bi->dy;
        s->ang[i] = wrap_angle(s->ang[i] + bi->da);
    }
}
