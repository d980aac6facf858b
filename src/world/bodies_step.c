/* capsule2d — capsule bodies' part of the step that cannot fail (after the
 * contacts are found, bodies_find.c): Box2D v3's soft step on the awake
 * bodies: per sub-step integrate velocities, warm start, solve with soft
 * bias, integrate positions, relax without bias; restitution (bounded by
 * each point's impulse over the step); the sweep (bodies_ccd.c); sleep
 * (bodies_sleep.c). */
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/statics.h"
#include "world/step_internal.h"

/* Anchors, masses and approach speeds (points on A's core become the
 * midpoint between the surfaces). Bodies have not moved yet; a ball's
 * anchor is from its centre when the contacts were found. */
static void prepare(cap_world* w, cap_wbodies* b)
{
    const float *x = CAP_BODF(b, CAP_BODY_X), *y = CAP_BODF(b, CAP_BODY_Y);
    const float *im = CAP_BODF(b, CAP_BODY_INV_MASS), *ii = CAP_BODF(b, CAP_BODY_INV_INERTIA);
    const float *vx = CAP_BODF(b, CAP_BODY_VX), *vy = CAP_BODF(b, CAP_BODY_VY), *av = CAP_BODF(b, CAP_BODY_W);
    const uint32_t* bfl = CAP_BU(w, CAP_BALL_FLAGS);
    for (uint32_t k = 0; k < b->count; k++) {
        cap_bcontact* c = &b->contacts[k];
        c->svx = c->svy = 0.0f;
        float ra = c->kind ? CAP_BODF(b, CAP_BODY_RADIUS)[c->a] : w->statics[c->a].radius;
        if (!c->kind && w->statics[c->a].kind == CAP_STATIC_LINE) ra = 0.0f;
        float off = ra + 0.5f * c->sep;
        float px = c->rax + off * c->nx, py = c->ray + off * c->ny;
        uint32_t a = c->a, bb = c->b;
        float vbx, vby;
        if (c->kind == 2) { /* B: a ball */
            const cap_bstate* s = &b->state[c->sb];
            int awake = (bfl[bb] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE;
            c->rbx = px - s->bx;
            c->rby = py - s->by;
            c->mb = awake ? CAP_BF(w, CAP_BALL_INV_MASS)[bb] : 0.0f;
            c->ib = awake ? CAP_BF(w, CAP_BALL_INV_INERTIA)[bb] : 0.0f;
            float bw = CAP_BF(w, CAP_BALL_W)[bb];
            vbx = CAP_BF(w, CAP_BALL_VX)[bb] - bw * c->rby;
            vby = CAP_BF(w, CAP_BALL_VY)[bb] + bw * c->rbx;
        } else {
            c->rbx = px - x[bb];
            c->rby = py - y[bb];
            c->mb = im[bb];
            c->ib = ii[bb];
            vbx = vx[bb] - av[bb] * c->rby;
            vby = vy[bb] + av[bb] * c->rbx;
        }
        float vax = 0.0f, vay = 0.0f;
        if (c->kind) {
            c->rax = px - x[a];
            c->ray = py - y[a];
            c->ma = im[a];
            c->ia = ii[a];
            vax = vx[a] - av[a] * c->ray;
            vay = vy[a] + av[a] * c->rax;
        } else {
            c->rax = c->ray = 0.0f;
            c->ma = c->ia = 0.0f;
            /* A moving capsule's surface velocity at the point (its pivot's
             * and its spin's), for the whole step: the solver takes the
             * capsule's surface as moving at it (a platform carries a body,
             * a flipper strikes it). */
            const cap_wstatic* st = &w->statics[a];
            if (!cap_static_fixed(st)) {
                cap_surface_velocity(st, 0.0f, px, py, &c->svx, &c->svy);
                if (!cap_finite(c->svx) || !cap_finite(c->svy)) c->svx = c->svy = 0.0f;
                vax = c->svx;
                vay = c->svy;
            }
        }
        float tx = c->ny, ty = 0.0f - c->nx;
        float rna = c->rax * c->ny - c->ray * c->nx, rnb = c->rbx * c->ny - c->rby * c->nx;
        float rta = c->rax * ty - c->ray * tx, rtb = c->rbx * ty - c->rby * tx;
        float kn = c->ma + c->mb + c->ia * rna * rna + c->ib * rnb * rnb;
        float kt = c->ma + c->mb + c->ia * rta * rta + c->ib * rtb * rtb;
        c->mass_n = kn > 0.0f ? 1.0f / kn : 0.0f;
        c->mass_t = kt > 0.0f ? 1.0f / kt : 0.0f;
        c->vn0 = (vbx - vax) * c->nx + (vby - vay) * c->ny;
        c->max_jn = c->jsum = 0.0f;
    }
}

/* Applies impulse (px, py) at the contact: -P on A, +P on B. */
static void apply(cap_bstate* st, const cap_bcontact* c, float px, float py)
{
    cap_bstate* B = &st[c->sb];
    B->vx = B->vx + c->mb * px;
    B->vy = B->vy + c->mb * py;
    B->w = B->w + c->ib * (c->rbx * py - c->rby * px);
    if (c->sa != NONE) {
        cap_bstate* A = &st[c->sa];
        A->vx = A->vx - c->ma * px;
        A->vy = A->vy - c->ma * py;
        A->w = A->w - c->ia * (c->rax * py - c->ray * px);
    }
}

/* Restitution, from the approach speed at the step's start: the points
 * approaching faster than the threshold get the normal speed -e vn0, all
 * together (Gauss-Seidel passes, RESTITUTION_PASSES when any point needs
 * it), each bounded by the impulse its point took over the whole step
 * (jsum >= 0), not only in the last sub-step. With that bound a point
 * whose neighbour's bounce throws it clear gives back what it took, so
 * e = 1 returns the energy the contacts took and no more (one pass bounded
 * by the last sub-step's impulse left such a point flying off faster than
 * it came: three capsules in a box, restitution 1, gained 13.6%). */
#define RESTITUTION_PASSES 8
static int restitution(cap_world* w, cap_wbodies* b)
{
    float thresh = w->def.restitution_threshold * w->def.units_per_meter;
    cap_bstate* st = b->state;
    int any = 0;
    for (uint32_t k = 0; k < b->count; k++) {
        cap_bcontact* c = &b->contacts[k];
        if (c->restitution == 0.0f || c->vn0 > 0.0f - thresh || c->max_jn == 0.0f) continue;
        any = 1;
        cap_bstate* B = &st[c->sb];
        cap_bstate zero = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        const cap_bstate* A = c->sa != NONE ? &st[c->sa] : &zero;
        float dvx = ((B->vx - B->w * c->rby) - (A->vx - A->w * c->ray)) - c->svx;
        float dvy = ((B->vy + B->w * c->rbx) - (A->vy + A->w * c->rax)) - c->svy;
        float vn = dvx * c->nx + dvy * c->ny;
        float imp = 0.0f - c->mass_n * (vn + c->restitution * 0.999755859375f * c->vn0);
        float sum = fmax2(c->jsum + imp, 0.0f);
        imp = sum - c->jsum;
        c->jsum = sum;
        c->jn = fmax2(c->jn + imp, 0.0f);
        apply(st, c, imp * c->nx, imp * c->ny);
    }
    return any;
}

void cap_bodies_step(cap_world* w, step_ctx* sc)
{
    cap_wbodies* b = w->bodies;
    const cap_world_def* d = &w->def;
    uint32_t n = b->slots;
    uint32_t* fl = CAP_BODU(b, CAP_BODY_FLAGS);
    float *x = CAP_BODF(b, CAP_BODY_X), *y = CAP_BODF(b, CAP_BODY_Y), *ang = CAP_BODF(b, CAP_BODY_ANGLE);
    float *vx = CAP_BODF(b, CAP_BODY_VX), *vy = CAP_BODF(b, CAP_BODY_VY), *av = CAP_BODF(b, CAP_BODY_W);
    const float *gs = CAP_BODF(b, CAP_BODY_GRAVITY_SCALE), *ld = CAP_BODF(b, CAP_BODY_LINEAR_DAMPING),
                *ad = CAP_BODF(b, CAP_BODY_ANGULAR_DAMPING);
    prepare(w, b);
    float h = d->dt / (float)d->sub_steps, inv_h = 1.0f / h;
    cap_soft ss = cap_make_soft(fmin2(d->static_hertz, 0.5f * inv_h), d->damping_ratio, h);
    cap_soft bs = cap_make_soft(fmin2(d->contact_hertz, 0.25f * inv_h), d->damping_ratio, h);
    float push = d->push_speed * d->units_per_meter;
    cap_bstate* st = b->state;
    for (uint32_t i = 0; i < n; i++) {
        cap_bstate z = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        if ((fl[i] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE) { z.vx = vx[i]; z.vy = vy[i]; z.w = av[i]; }
        st[i] = z;
    }
    st[n + b->balls] = (cap_bstate){0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}; /* the statics' inert state (pass) */
    /* Balls: their velocity after the balls' step, their displacement since
     * the contacts were found; they move only by what this pass changes. */
    for (uint32_t k = 0; k < b->balls; k++) {
        cap_bstate* s = &st[n + k];
        uint32_t j = s->ball;
        s->vx = CAP_BF(w, CAP_BALL_VX)[j];
        s->vy = CAP_BF(w, CAP_BALL_VY)[j];
        s->v0x = s->stopped != 0.0f ? 0.0f : s->vx;
        s->v0y = s->stopped != 0.0f ? 0.0f : s->vy;
        s->w = s->w0 = CAP_BF(w, CAP_BALL_W)[j];
        s->dx = CAP_BF(w, CAP_BALL_X)[j] - s->bx;
        s->dy = CAP_BF(w, CAP_BALL_Y)[j] - s->by;
        s->qc = 1.0f;
        s->qs = s->da = 0.0f;
    }
    cap_bodies_pack(b, &ss, &bs);
    const int joints = w->joint_count && cap_joints_body_any(w); /* joints with a body end (bodies_joints.c) */
    const int replay = joints && cap_joints_body_replay(w, st, h, d->sub_steps); /* balls joined to bodies */
    if (joints) cap_joints_body_prepare(w, st);
    /* Per awake body, once a step: its gravity's velocity change a
     * sub-step and its damping factors (the same bits every sub-step);
     * the balls' part of the states (v0x, v0y, w0, bx, by) holds them. */
    for (uint32_t i = 0; i < n; i++) {
        if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        cap_bstate* s = &st[i];
        s->v0x = h * gs[i] * d->gravity_x;
        s->v0y = h * gs[i] * d->gravity_y;
        s->w0 = 1.0f / (1.0f + h * ld[i]);
        s->bx = 1.0f / (1.0f + h * ad[i]);
    }
    for (int sub = 0; sub < d->sub_steps; sub++) {
        for (uint32_t i = 0; i < n; i++) {
            if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
            cap_bstate* s = &st[i];
            s->vx = (s->vx + s->v0x) * s->w0;
            s->vy = (s->vy + s->v0y) * s->w0;
            s->w = s->w * s->bx;
        }
        for (uint32_t k = 0; replay && k < b->balls; k++) {
            cap_bstate* s = &st[n + k];
            if (s->joined == 0.0f) continue;
            s->vx = s->vx + s->gx; s->vy = s->vy + s->gy; s->w = s->w + s->gw;
        }
        if (joints) cap_joints_body_pass(w, st, 0, h); /* joints first, as Box2D */
        cap_bodies_solve(b, 0, inv_h, push, (float)sub * h);
        if (joints) cap_joints_body_pass(w, st, 1, h);
        cap_bodies_solve(b, 1, inv_h, push, (float)sub * h);
        for (uint32_t i = 0; i < n; i++) {
            if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
            cap_bstate* s = &st[i];
            s->dx = s->dx + h * s->vx;
            s->dy = s->dy + h * s->vy;
            s->da = s->da + h * s->w;
            /* q += h w perp(q), normalised (Box2D's b2IntegrateRotation) */
            float c = s->qc - h * s->w * s->qs, sn = s->qs + h * s->w * s->qc;
            float len = __builtin_sqrtf(c * c + sn * sn);
            float inv = len > 0.0f ? 1.0f / len : 0.0f;
            s->qc = len > 0.0f ? c * inv : 1.0f;
            s->qs = sn * inv;
        }
        for (uint32_t k = 0; k < b->balls; k++) { /* (ex, ey: a joined ball's rest, else 0) */
            cap_bstate* s = &st[n + k];
            s->dx = s->dx + h * (s->vx - s->v0x) + s->ex;
            s->dy = s->dy + h * (s->vy - s->v0y) + s->ey;
            s->da = s->da + h * (s->w - s->w0);
        }
        if (joints) cap_joints_body_pass(w, st, 2, h);
        cap_bodies_solve(b, 2, inv_h, push, (float)(sub + 1) * h);
    }
    cap_bodies_unpack(b);
    if (restitution(w, b))
        for (int k = 1; k < RESTITUTION_PASSES; k++) restitution(w, b);
    /* The sweeps: each body against the statics, then the fast ones
     * against the other bodies (their motion as the first sweeps left it,
     * a lower slot's as its own second sweep left it) and the balls; then
     * every body moves. */
    for (uint32_t i = 0; i < n; i++)
        if ((fl[i] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE) cap_body_sweep(w, b, i, &st[i], (int)st[i].ball);
    cap_bodies_fast_balls(w, b, st, sc);
    for (uint32_t i = 0; i < n; i++)
        if ((fl[i] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE) cap_body_sweep_fast(w, b, i, st, sc);
    for (uint32_t i = 0; i < n; i++) {
        if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        const cap_bstate* s = &st[i];
        vx[i] = s->vx; vy[i] = s->vy; av[i] = s->w;
        x[i] = x[i] + s->dx;
        y[i] = y[i] + s->dy;
        ang[i] = wrap_angle(ang[i] + s->da);
    }
    for (uint32_t k = 0; k < b->balls; k++) {
        const cap_bstate* s = &st[n + k];
        uint32_t j = s->ball;
        if ((CAP_BU(w, CAP_BALL_FLAGS)[j] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        CAP_BF(w, CAP_BALL_VX)[j] = s->vx;
        CAP_BF(w, CAP_BALL_VY)[j] = s->vy;
        CAP_BF(w, CAP_BALL_W)[j] = s->w;
        CAP_BF(w, CAP_BALL_X)[j] = s->bx + s->dx;
        CAP_BF(w, CAP_BALL_Y)[j] = s->by + s->dy;
        float turned = s->joined != 0.0f ? s->da - (float)d->sub_steps * s->er : s->da; /* (er: counted twice) */
        CAP_BF(w, CAP_BALL_ANGLE)[j] = wrap_angle(CAP_BF(w, CAP_BALL_ANGLE)[j] + turned);
        /* This pass moved it after the balls' sweeps (a joined ball: its
         * whole step's motion): swept again, so no body or joint pulls or
         * pushes it through a static. */
        cap_step_ccd_again(w, sc, j);
    }
    cap_bodies_touching(w, b); /* (events: before the sleep, while the states hold this step's motion) */
    cap_bodies_forget_balls(b);
    cap_bodies_sleep(w, b);
    /* Keep this step's contacts for the next one's warm start; remember the
     * state this step wrote (to notice writes through views). */
    cap_bcontact* t = b->prev;
    b->prev = b->contacts;
    b->contacts = t;
    uint32_t tc = b->prev_cap;
    b->prev_cap = b->contacts_cap;
    b->contacts_cap = tc;
    b->prev_count = b->count;
    b->count = 0;
    for (uint32_t i = 0; i < n; i++) {
        float* l = &b->last[LAST_WORDS * i];
        l[0] = x[i]; l[1] = y[i]; l[2] = ang[i]; l[3] = vx[i]; l[4] = vy[i]; l[5] = av[i];
    }
}
