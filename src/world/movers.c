/* capsule2d — kinematic and pivoted capsules in the step: the list of
 * them, their surfaces' solver bodies, their contacts posed anew at every
 * sub-step (speculative ones clipped by the path over the sub-step), the
 * pivoted capsules' own solver pass (lever terms), their restitution, and
 * their motion at the step's end. */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/step_internal.h"
#include "world/statics.h"

/* This step's list of kinematic and pivoted capsules (w->kins), how many
 * are pivoted, and each one's angle at the step's start (in the static
 * block: always room). Returns 1. */
int cap_step_movers_list(cap_world* w)
{
    w->kin_count = 0;
    for (uint32_t i = 0; i < w->static_slots; i++)
        if ((w->static_info[3 * i + 2] & 1u) && cap_static_row(w->statics[i].kind)->find == CAP_FIND_MOVERS) {
            w->kins[w->kin_count++] = i; /* (room: static_cap) */
        }
    w->pivots = 0;
    for (uint32_t k = 0; k < w->kin_count; k++) w->pivots += (uint32_t)cap_static_turns(&w->statics[w->kins[k]]);
    if (w->kin_count) {
        for (uint32_t k = 0; k < w->kin_count; k++) w->kin_a0[k] = w->statics[w->kins[k]].angle;
    }
    return 1;
}


/* A solver body for each kinematic contact's surface, after the n balls
 * and the static body; pivoted contacts marked. Returns how many. */
uint32_t cap_step_mover_bodies(cap_world* w, uint32_t n)
{
    uint32_t nk = 0;
    for (uint32_t k = 0; w->kin_count && k < w->contact_count; k++) { /* (none without kinematic or pivoted capsules) */
        cap_wcontact* c = &w->contacts[k];
        if (c->kind == 0 && cap_static_driven(&w->statics[c->a])) c->kbody = n + 1 + nk++;
        if (c->kind == 0 && cap_static_turns(&w->statics[c->a])) c->pivot = 1;
    }
    return nk;
}


/* A moving kinematic capsule wakes the balls it may reach. */
void cap_step_movers_wake(cap_world* w, const step_ctx* s)
{
    for (uint32_t k = 0; w->kin_count && k < w->contact_count; k++) {
        const cap_wcontact* c = &w->contacts[k];
        if (!c->kbody && !c->pivot) continue;
        const cap_wstatic* st = &w->statics[c->a];
        if (st->vx != 0.0f || st->vy != 0.0f || st->w != 0.0f) {
            s->flags[c->b] |= CAP_BALL_AWAKE;
            s->st[c->b] = 0.0f;
        }
    }
}


/* A kinematic contact's surface velocity at its point. */
void cap_kinematic_surface(const cap_wstatic* st, cap_wcontact* c, float t)
{
    cap_surface_velocity(st, t, c->px, c->py, &c->kvx, &c->kvy);
}

/* At a sub-step's start (time t into the step): every kinematic capsule at
 * its pose then, and each of its contacts recomputed from that pose and the
 * ball's position now (normal, separation, point, surface velocity), into
 * the contact, its solver lane and its surface body (which starts where the
 * ball is, so the separation the solver sees starts at s0). */
void cap_kinematic_substep(cap_world* w, const step_ctx* s, cap_wbody* body, float t)
{
    for (uint32_t k = 0; k < w->kin_count; k++) {
        cap_wstatic* st = &w->statics[w->kins[k]];
        float c, sn;
        float ang = cap_static_turns(st) ? st->angle : st->angle + t * st->w;
        cap_cos_sin(cap_finite(ang) ? ang : 0.0f, &c, &sn); /* an overflowed spin: no trap */
        float x = st->cx + t * st->vx, y = st->cy + t * st->vy;
        st->ax = x - c * st->la; st->ay = y - sn * st->la;
        st->bx = x + c * st->lb; st->by = y + sn * st->lb;
    }
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* ct = &w->contacts[k];
        if (!ct->kbody && !ct->pivot) continue;
        const cap_wstatic* st = &w->statics[ct->a];
        uint32_t b = ct->b;
        cap_wbody* bb = &body[b];
        float px = s->sx[b] + bb->dx, py = s->sy[b] + bb->dy;
        cap_segment_point q = cap_closest_point_on_segment(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), cap_v2(px, py));
        cap_vec2 u = {ct->nx, ct->ny};
        float dist = cap_length_and_normalize(cap_v2(px - q.point.x, py - q.point.y), &u);
        if (!(dist > 0.0f)) u = cap_v2(ct->nx, ct->ny); /* on the core: keep the side it was on */
        float R = s->rad[b] + st->radius, sep = dist - R, qx = q.point.x, qy = q.point.y;
        if (sep > 0.0f && st->w == 0.0f) {
            /* Speculative: clipped by the ball's path over this sub-step
             * relative to the surface (exact: the capsule only translates). */
            cap_clip_speculative(s, px, py, (bb->vx - st->vx) * s->h, (bb->vy - st->vy) * s->h, st->ax, st->ay, st->bx, st->by, R, 1, &u.x, &u.y, &sep, &qx, &qy);
        } else if (sep > 0.0f) {
            /* Turning: the first time within reach over this sub-step, the
             * capsule turning (toi_turning, never late). Out of reach: aimed
             * as clip_speculative's kept case, with the separation grown by
             * twice the most the two can close in the sub-step. Reached at
             * tau: the normal at the pose then, and a separation that the
             * relative normal speed there closes at tau. */
            float ccx = st->cx + t * st->vx, ccy = st->cy + t * st->vy;
            float ang = cap_static_turns(st) ? st->angle : st->angle + t * st->w, dth = st->w * s->h;
            float rx = (bb->vx - st->vx) * s->h, ry = (bb->vy - st->vy) * s->h;
            float tau = cap_toi_turning(px - ccx, py - ccy, rx, ry, ang, dth, st->la, st->lb, R + s->reach, 0.25f * s->slop);
            if (!(tau <= 1.0f)) {
                sep = sep + 2.0f * (cap_length(cap_v2(rx, ry)) + __builtin_fabsf(dth) * fmax2(st->la, st->lb));
            } else {
                float c, sn, a = ang + tau * dth;
                cap_cos_sin(cap_finite(a) ? a : 0.0f, &c, &sn);
                float cx = ccx + tau * st->vx * s->h, cy = ccy + tau * st->vy * s->h;
                float bx = px + tau * bb->vx * s->h, by = py + tau * bb->vy * s->h;
                cap_segment_point q2 = cap_closest_point_on_segment(cap_v2(cx - c * st->la, cy - sn * st->la), cap_v2(cx + c * st->lb, cy + sn * st->lb), cap_v2(bx, by));
                float d2 = cap_length_and_normalize(cap_v2(bx - q2.point.x, by - q2.point.y), &u);
                float svx = st->vx - st->w * (q2.point.y - cy), svy = st->vy + st->w * (q2.point.x - cx);
                sep = (d2 - R) - tau * s->h * ((bb->vx - svx) * u.x + (bb->vy - svy) * u.y);
                /* (the point stays the start pose's: the solver's lever and
                 * surface velocity are taken at the sub-step's start) */
            }
        }
        ct->nx = u.x;
        ct->ny = u.y;
        ct->s0 = sep;
        ct->px = qx + st->radius * u.x;
        ct->py = qy + st->radius * u.y;
        if (ct->pivot) {
            float rx = ct->px - st->cx, ry = ct->py - st->cy;
            ct->kn = rx * ct->ny - ry * ct->nx;
            ct->kt = rx * ct->nx + ry * ct->ny;
            ct->bx0 = bb->dx;
            ct->by0 = bb->dy;
            ct->th0 = st->angle;
            if (ct->mass_n > 0.0f) {
                float mb = s->im[b], ib = s->ii[b], rb = s->rad[b];
                ct->mass_n = 1.0f / (mb + st->inv_i * ct->kn * ct->kn);
                ct->mass_t = 1.0f / (mb + ib * rb * rb + st->inv_i * ct->kt * ct->kt);
            }
            continue;
        }
        cap_kinematic_surface(st, ct, t);
        cap_wbody* kb = &body[ct->kbody];
        kb->vx = ct->kvx; kb->vy = ct->kvy; kb->w = 0.0f;
        kb->dx = bb->dx; kb->dy = bb->dy;
        if (ct->lane != 0xffffffffu) {
            cap_wpack* pk = &w->packs[ct->lane >> 2];
            int l = (int)(ct->lane & 3u);
            pk->nx[l] = ct->nx; pk->ny[l] = ct->ny; pk->s0[l] = ct->s0;
        }
    }
}

/* Pivoted capsules: gravity on the centre, motor and damping on the spin. */
void cap_pivot_velocities(cap_world* w, float h, float gx, float gy)
{
    for (uint32_t k = 0; k < w->kin_count; k++) {
        cap_wstatic* st = &w->statics[w->kins[k]];
        if (!cap_static_turns(st)) continue;
        float c, sn;
        cap_cos_sin(cap_finite(st->angle) ? st->angle : 0.0f, &c, &sn);
        float off = 0.5f * (st->lb - st->la); /* the centre, along the axis from the pivot */
        float torque = st->mass * off * (c * gy - sn * gx);
        float om = st->w + h * st->inv_i * torque;
        if (st->motor_torque > 0.0f) {
            float lim = st->motor_torque * h * st->inv_i, dw = st->motor_speed - om;
            om = om + fmax2(0.0f - lim, fmin2(dw, lim));
        }
        om = om * (1.0f / (1.0f + h * st->damping));
        if (st->lo <= st->hi && ((st->angle <= st->lo && om < 0.0f) || (st->angle >= st->hi && om > 0.0f))) om = 0.0f;
        st->w = om;
    }
}

/* Turns them by h times their spin, stopping at a limit. */
void cap_pivot_turn(cap_world* w, float h)
{
    for (uint32_t k = 0; k < w->kin_count; k++) {
        cap_wstatic* st = &w->statics[w->kins[k]];
        if (!cap_static_turns(st)) continue;
        float a = st->angle + h * st->w;
        if (!cap_finite(a)) { /* spin overflowed (absurd masses): stop it where it was */
            st->w = 0.0f;
            a = cap_finite(st->angle) ? st->angle : 0.0f;
        }
        if (st->lo <= st->hi) {
            if (a < st->lo) { a = st->lo; st->w = fmax2(st->w, 0.0f); }
            if (a > st->hi) { a = st->hi; st->w = fmin2(st->w, 0.0f); }
        }
        st->angle = a;
    }
}

/* One solver pass over the contacts with pivoted capsules, one by one, in
 * contact order: the arithmetic of solver.c's lanes with the capsule's
 * lever terms (kn, kt) on its side. mode 0 warm start, 1 solve, 2 relax. */
void cap_pivot_pass(cap_world* w, cap_wbody* body, int mode, float inv_h, float push)
{
    const float* so = w->soft + 3;
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* c = &w->contacts[k];
        if (!c->pivot || c->mb == 0.0f) continue;
        cap_wstatic* st = &w->statics[c->a];
        cap_wbody* b = &body[c->b];
        float nx = c->nx, ny = c->ny, tx = 0.0f - ny, ty = nx, ia = st->inv_i;
        float mn = c->mass_n, mt = c->mass_t;
        /* At a limit, a push further into it meets the stop: fixed board. */
        if (st->lo <= st->hi && ((st->angle <= st->lo && c->kn > 0.0f) || (st->angle >= st->hi && c->kn < 0.0f))) {
            ia = 0.0f;
            mn = 1.0f / c->mb;
            mt = 1.0f / (c->mb + c->ib * c->rb * c->rb);
        }
        if (mode == 0) {
            float px = c->jn * nx + c->jt * tx, py = c->jn * ny + c->jt * ty;
            b->vx = b->vx + c->mb * px;
            b->vy = b->vy + c->mb * py;
            b->w = b->w - c->ib * c->rb * c->jt + c->ib * c->jr;
            st->w = st->w - ia * (c->kn * c->jn + c->kt * c->jt) - ia * c->jr;
            continue;
        }
        float sep = c->s0 + (b->dx - c->bx0) * nx + (b->dy - c->by0) * ny - (st->angle - c->th0) * c->kn;
        float vn = b->vx * nx + b->vy * ny - st->w * c->kn;
        float bias, ms, is;
        if (mode == 1) {
            bias = fmax2(so[0] * sep, 0.0f - push);
            ms = so[1];
            is = so[2];
            if (vn < 0.0f - push) { ms = 1.0f; is = 0.0f; }
        } else {
            bias = 0.0f; ms = 1.0f; is = 0.0f;
            c->vn0 = fmin2(c->vn0, vn);
        }
        if (sep > 0.0f) { bias = sep * inv_h; ms = 1.0f; is = 0.0f; }
        float imp = 0.0f - mn * ms * (vn + bias) - is * c->jn;
        float nj = fmax2(c->jn + imp, 0.0f);
        imp = nj - c->jn;
        c->jn = nj;
        c->max_jn = fmax2(c->max_jn, nj);
        b->vx = b->vx + c->mb * imp * nx;
        b->vy = b->vy + c->mb * imp * ny;
        st->w = st->w - ia * c->kn * imp;
        float vt = b->vx * tx + b->vy * ty - b->w * c->rb - st->w * c->kt;
        float lim = c->friction * c->jn;
        float njt = fmin2(fmax2(c->jt - mt * vt, 0.0f - lim), lim);
        float d = njt - c->jt;
        c->jt = njt;
        b->vx = b->vx + c->mb * d * tx;
        b->vy = b->vy + c->mb * d * ty;
        b->w = b->w - c->ib * c->rb * d;
        st->w = st->w - ia * c->kt * d;
        /* Rolling resistance: a torque of at most rolling * jn against the
         * ball's spin relative to the board's (solver.c's, with the board's
         * inverse inertia on its side). */
        float kr = c->ib + ia, mr = kr > 0.0f ? 1.0f / kr : 0.0f;
        float rl = c->rolling * c->jn;
        float njr = fmin2(fmax2(c->jr - mr * (b->w - st->w), 0.0f - rl), rl);
        float dr = njr - c->jr;
        c->jr = njr;
        b->w = b->w + c->ib * dr;
        st->w = st->w - ia * dr;
    }
}

/* Restitution on a pivoted capsule's contact c: as the step's restitution
 * pass, with the board's lever on its side. */
void cap_pivot_restitution(cap_world* w, step_ctx* s, cap_wcontact* c)
{
    uint32_t a = c->a, b = c->b;
        cap_wstatic* st = &w->statics[a];
        /* As in pivot_pass: a board at a limit that the push presses
         * into it does not turn (a fixed board: the static rebound). */
        float ia = st->inv_i, mn = c->mass_n;
        if (st->lo <= st->hi && ((st->angle <= st->lo && c->kn > 0.0f) || (st->angle >= st->hi && c->kn < 0.0f))) {
            ia = 0.0f;
            mn = 1.0f / c->mb;
        }
        float vn = s->vx[b] * c->nx + s->vy[b] * c->ny - st->w * c->kn;
        float imp = 0.0f - mn * (vn + c->restitution * 0.999755859375f * c->vn0);
        float nj = fmax2(c->jn + imp, 0.0f);
        imp = nj - c->jn;
        c->jn = nj;
        s->vx[b] = s->vx[b] + c->mb * imp * c->nx;
        s->vy[b] = s->vy[b] + c->mb * imp * c->ny;
        st->w = st->w - ia * c->kn * imp;
}


/* At the step's end kinematic capsules move on by dt times their velocity
 * (pivoted ones have turned in the sub-steps: their angle wrapped). */
void cap_step_movers_advance(cap_world* w)
{
    const cap_world_def* d = &w->def;
    for (uint32_t k = 0; k < w->kin_count; k++) {
        cap_wstatic* st = &w->statics[w->kins[k]];
        /* A board resting at a limit keeps the crumbs of spin its balls'
         * friction leaves (1e-8 rad/s): a spin whose tip moves slower than a
         * thousandth of the sleep speed is none there, so the balls on it
         * can sleep (a spinning capsule wakes what it touches). */
        if (cap_static_turns(st) && st->lo <= st->hi && (st->angle <= st->lo || st->angle >= st->hi) &&
            __builtin_fabsf(st->w) * fmax2(st->la, st->lb) < 0.001f * d->sleep_speed * d->units_per_meter)
            st->w = 0.0f;
        if (cap_static_turns(st)) cap_world_place_kinematic(st, st->cx, st->cy, st->lo > st->hi ? wrap_angle(st->angle) : st->angle);
        else cap_world_place_kinematic(st, st->cx + d->dt * st->vx, st->cy + d->dt * st->vy, wrap_angle(st->angle + d->dt * st->w));
    }
}
