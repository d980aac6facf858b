/* capsule2d — one world step: its sections in order, the warm start, the
 * sub-steps and the restitution (the others in their files, named below).
 *
 *   1. validate every live ball (finite state), pick up writes through
 *      views (step_validate.c)
 *   2. contacts, once per step from the start positions: ball-static
 *      through the static grid (contacts_static.c), ball-ball through a
 *      uniform grid of ball centres (contacts.c; balls much larger than the
 *      mean are kept apart, so a few big balls do not coarsen the grid);
 *      one point per pair, speculative up to `margin`; impulses carried
 *      over from last step's matching contact
 *   3. sub-steps (Box2D v3's soft step): integrate velocities, warm start,
 *      solve with soft bias, integrate positions, relax without bias
 *   4. restitution, once, from the normal speed at the start of the step
 *   5. continuous collision: each moved ball swept from its start to its end
 *      position against the statics; stopped at the first time of impact;
 *      then each moved bullet ball against the other balls (ccd.c)
 *   6. sleep, events, sensors (sleep.c, events.c)
 * Orders come from slots only, so the bits are the same in every build. */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/step_internal.h"
#include "world/bodies.h"

/* The solver's part of the step (sections 3 and 4): contact masses and
 * approach speeds, the sub-steps on a compact body array, restitution.
 * First, in the same pass, warm starting: last step's impulses for the
 * same pair (both lists are in key order: one merge; p walks last
 * step's). */
static void prepare_contacts(cap_world* w, const step_ctx* s)
{
    uint32_t p = 0;
    uint64_t kp = w->prev_count ? key64(&w->prev[0]) : 0;
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* c = &w->contacts[k];
        uint64_t kc = key64(c);
        while (p < w->prev_count && kp < kc) kp = ++p < w->prev_count ? key64(&w->prev[p]) : 0;
        if (p < w->prev_count && kp == kc) {
            const cap_wcontact* o = &w->prev[p];
            c->touching = o->touching;
            /* Not when a ball of the pair woke since: last step's
             * impulse held it against a partner that did not move. */
            if (!(c->kind == 1 && ((o->ma == 0.0f) != (s->im[c->a] == 0.0f || !(s->flags[c->a] & CAP_BALL_AWAKE)) ||
                                   (o->mb == 0.0f) != (s->im[c->b] == 0.0f || !(s->flags[c->b] & CAP_BALL_AWAKE))))) {
                c->jn = o->jn;
                c->jt = o->jt;
                c->jr = o->jr;
            }
        }
        uint32_t b = c->b;
        int bw = (s->flags[b] & CAP_BALL_AWAKE) != 0;
        c->mb = bw ? s->im[b] : 0.0f;
        c->ib = bw ? s->ii[b] : 0.0f;
        float vax = 0.0f, vay = 0.0f;
        if (c->kind == 1) {
            uint32_t a = c->a;
            int aw = (s->flags[a] & CAP_BALL_AWAKE) != 0;
            c->ma = aw ? s->im[a] : 0.0f;
            c->ia = aw ? s->ii[a] : 0.0f;
            vax = s->vx[a];
            vay = s->vy[a];
        } else {
            c->ma = c->ia = 0.0f;
            if (c->kbody || c->pivot) cap_kinematic_surface(&w->statics[c->a], c, 0.0f);
            vax = c->kvx;
            vay = c->kvy;
        }
        float kn = c->ma + c->mb;
        if (c->pivot) { /* the lever terms come at each sub-step; only whether it is active here */
            c->mass_n = c->mb > 0.0f ? 1.0f : 0.0f;
            c->mass_t = c->mass_r = 0.0f;
            c->vn0 = (s->vx[b] - c->kvx) * c->nx + (s->vy[b] - c->kvy) * c->ny;
            c->max_jn = 0.0f;
            if (kn == 0.0f) c->jn = c->jt = c->jr = 0.0f;
            continue;
        }
        c->mass_n = kn > 0.0f ? 1.0f / kn : 0.0f;
        float kt = kn + c->ia * c->ra * c->ra + c->ib * c->rb * c->rb;
        c->mass_t = kt > 0.0f ? 1.0f / kt : 0.0f;
        float kr = c->ia + c->ib;
        c->mass_r = kr > 0.0f ? 1.0f / kr : 0.0f;
        c->vn0 = (s->vx[b] - vax) * c->nx + (s->vy[b] - vay) * c->ny;
        c->max_jn = 0.0f;
        if (kn == 0.0f) c->jn = c->jt = c->jr = 0.0f;
    }
}

/* 3. Sub-steps, on a compact body array (velocity, spin and the
 * displacement since the step's start: one cache line serves two balls);
 * slot n is the static "body", always at rest; n + 1 .. n + nk the
 * kinematic surfaces. */
static void substeps(cap_world* w, step_ctx* s, uint32_t nk)
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
            z.free = half_hh * s->gs[i]; /* (0 below when not in free flight) */
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
                for (uint32_t i = 0; i < n; i++) { /* (every slot: one not awake has a zero body, kept) */
                    cap_wbody* bi = &body[i];
                    /* A ball in free flight (no contact this step) moves
                     * - h^2 g / 2 more (free: h^2 gs / 2, else 0): its flight
                     * is then the exact parabola (semi-implicit Euler alone
                     * rises v h / 2 short and falls slow, which loses a percent
                     * of each bounce). A ball with contacts integrates plainly,
                     * so resting ones read zero velocity. */
                    float fl = bi->free;
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

/* 4. Restitution, once, for contact c: 1 when it bounced. */
static int bounce(cap_world* w, step_ctx* s, cap_wcontact* c, float rthresh)
{
    if (c->mass_n == 0.0f || c->restitution == 0.0f || c->vn0 > 0.0f - rthresh || c->max_jn == 0.0f) return 0;
    if (c->pivot) {
        cap_pivot_restitution(w, s, c);
        return 1;
    }
    uint32_t a = c->a, b = c->b;
    int two = c->kind == 1;
    float vax = two ? s->vx[a] : c->kvx, vay = two ? s->vy[a] : c->kvy;
    float vn = (s->vx[b] - vax) * c->nx + (s->vy[b] - vay) * c->ny;
    /* The target speed is shaded by 2^-12 so float rounding can never
     * return more energy than came in (costs 0.05% of a bounce). */
    float imp = 0.0f - c->mass_n * (vn + c->restitution * 0.999755859375f * c->vn0);
    float nj = fmax2(c->jn + imp, 0.0f);
    imp = nj - c->jn;
    /* c->jn keeps the sub-steps' impulse: the bounce is once, and
     * warm starting the next step with it would give it again. */
    c->max_jn = fmax2(c->max_jn, nj);
    if (two) { s->vx[a] = vax - c->ma * imp * c->nx; s->vy[a] = vay - c->ma * imp * c->ny; }
    s->vx[b] = s->vx[b] + c->mb * imp * c->nx;
    s->vy[b] = s->vy[b] + c->mb * imp * c->ny;
    return 1;
}

/* Ball i's kinetic energy per unit mass at velocity (vx, vy), its spin's
 * included. */
static inline float kinetic(const step_ctx* s, uint32_t i, float vx, float vy)
{
    float k = 0.5f * (vx * vx + vy * vy);
    if (s->ii[i] > 0.0f) k = k + 0.5f * s->av[i] * s->av[i] * (s->im[i] / s->ii[i]);
    return k;
}

/* The bounces' energy bound. Each point bounces from its own approach
 * speed at the step's start, whatever its neighbours' points did in the
 * step: a ball driven up into a ball resting on a wall passed energy to it
 * in the sub-steps and then bounced off the wall with all of its own (ten
 * balls in a box, restitution 1, no gravity: steps gaining up to 3.5%). So
 * the balls joined by this step's contacts and ball joints (parent: the
 * sleep groups' union-find) are taken together: where a group's bounces
 * would leave it with more mechanical energy than it began the step with
 * (gravity's work counted), its bounces' velocity changes are scaled back
 * by one factor in [0, 1] until they do not (where the sub-steps had
 * already given it energy, an overlap pushed apart, until the bounces give
 * none; a lone ball's bounce off a static, shaded below the speed it came
 * with, stays whole). Groups touching a kinematic or pivoted capsule stay
 * whole: a moving surface gives energy (a flipper). k0: each ball's
 * kinetic energy per unit mass at the step's start. The solver bodies
 * (body), done with, hold the velocities before the bounces (vx, vy: the
 * sub-steps' last) and, at each group's root, its sums (dx, dy, da: the
 * energy's terms in the factor; free: 1 when it stays whole). */
static void bound_bounces(cap_world* w, step_ctx* s, cap_wbody* body, uint32_t* parent, const float* k0)
{
    uint32_t n = s->n;
    cap_sleep_join_joints(w, parent, n);
    for (uint32_t i = 0; i < n; i++) body[i].dx = body[i].dy = body[i].da = body[i].free = 0.0f;
    for (uint32_t k = 0; k < w->contact_count; k++) {
        const cap_wcontact* c = &w->contacts[k];
        if (c->kind == 0 && (c->kbody || c->pivot) && c->max_jn != 0.0f) body[cap_find_root(parent, c->b)].free = 1.0f;
    }
    for (uint32_t i = 0; i < n; i++) {
        if ((s->flags[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE || !(s->im[i] > 0.0f)) continue;
        cap_wbody* r = &body[cap_find_root(parent, i)];
        float m = 1.0f / s->im[i], ux = body[i].vx, uy = body[i].vy, dx = s->vx[i] - ux, dy = s->vy[i] - uy;
        float work = s->gs[i] * (s->gx * (s->x[i] - s->sx[i]) + s->gy * (s->y[i] - s->sy[i]));
        r->da = r->da + m * ((kinetic(s, i, ux, uy) - k0[i]) - work); /* C: the energy gained before the bounces */
        r->dx = r->dx + m * (ux * dx + uy * dy);                        /* A */
        r->dy = r->dy + 0.5f * m * (dx * dx + dy * dy);                 /* B */
    }
    for (uint32_t i = 0; i < n; i++) {
        if ((s->flags[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        float dx = s->vx[i] - body[i].vx, dy = s->vy[i] - body[i].vy;
        if (dx == 0.0f && dy == 0.0f) continue;
        const cap_wbody* r = &body[cap_find_root(parent, i)];
        float A = r->dx, B = r->dy, C = r->da;
        if (r->free != 0.0f || !(B > 0.0f) || C + A + B <= 0.0f) continue; /* (whole) */
        /* The largest f in [0, 1] with C + A f + B f^2 <= max(C, 0). */
        float f = C >= 0.0f ? (0.0f - A) / B : ((0.0f - A) + __builtin_sqrtf(A * A - 4.0f * B * C)) / (2.0f * B);
        f = fmin2(fmax2(f, 0.0f), 1.0f);
        s->vx[i] = body[i].vx + f * dx;
        s->vy[i] = body[i].vy + f * dy;
    }
}

/* One pass over the contacts after the sub-steps: each one's impulses back
 * from its solver lane, its restitution (4), then its join of the groups
 * (sleep.c's, and the bound's; it reads only the contact, final from here
 * on); then, when any bounced, the bounces' energy bound. k0: as there. */
static void restitution(cap_world* w, step_ctx* s, const float* k0)
{
    float rthresh = w->def.restitution_threshold * s->upm;
    uint32_t* parent = w->island;
    for (uint32_t i = 0; i < s->n; i++) parent[i] = i;
    int any = 0;
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* c = &w->contacts[k];
        cap_solver_store(w, c);
        any |= bounce(w, s, c, rthresh);
        cap_sleep_join(parent, c);
    }
    if (any) bound_bounces(w, s, w->body, parent, k0);
}

/* Room for this step: a failure here changes nothing. (The per-ball
 * scratch is in the ball block, sized with the balls.) */
static int reserve(cap_world* w, uint32_t n)
{
    void* p = w->body;
    if (cap_world_reserve_bytes(&p, &w->body_cap, n + 1, sizeof(cap_wbody))) return 0;
    w->body = p;
    return 1;
}

static int no_memory(cap_world* w)
{
    w->err.status = CAP_WORLD_NO_MEMORY;
    return CAP_WORLD_NO_MEMORY;
}

int cap_world_step(cap_world* w)
{
    step_ctx s;
    s.x = CAP_BF(w, CAP_BALL_X); s.y = CAP_BF(w, CAP_BALL_Y);
    s.vx = CAP_BF(w, CAP_BALL_VX); s.vy = CAP_BF(w, CAP_BALL_VY);
    s.ang = CAP_BF(w, CAP_BALL_ANGLE); s.av = CAP_BF(w, CAP_BALL_W);
    s.rad = CAP_BF(w, CAP_BALL_RADIUS); s.im = CAP_BF(w, CAP_BALL_INV_MASS); s.ii = CAP_BF(w, CAP_BALL_INV_INERTIA);
    s.rest = CAP_BF(w, CAP_BALL_RESTITUTION); s.fric = CAP_BF(w, CAP_BALL_FRICTION); s.roll = CAP_BF(w, CAP_BALL_ROLLING);
    s.gs = CAP_BF(w, CAP_BALL_GRAVITY_SCALE); s.ld = CAP_BF(w, CAP_BALL_LINEAR_DAMPING); s.ad = CAP_BF(w, CAP_BALL_ANGULAR_DAMPING);
    s.st = CAP_BF(w, CAP_BALL_SLEEP_TIME);
    s.cat = CAP_BU(w, CAP_BALL_CATEGORY); s.mask = CAP_BU(w, CAP_BALL_MASK); s.flags = CAP_BU(w, CAP_BALL_FLAGS);
    s.n = w->ball_slots;
    const cap_world_def* d = &w->def;
    s.upm = d->units_per_meter;
    s.slop = 0.005f * s.upm;
    s.margin = 4.0f * s.slop;
    s.dt = d->dt;
    s.h = d->dt / (float)d->sub_steps;
    s.gx = d->gravity_x;
    s.gy = d->gravity_y;
    /* The bow of a step's parabola off its chord (g dt^2 / 8), and a
     * thousandth of the slop for rounding. */
    s.reach = 0.001f * s.slop + 0.125f * cap_length(cap_v2(s.gx, s.gy)) * s.dt * s.dt;
    w->err.status = 0;
    w->err.slot = -1;
    w->err.field = -1;
    w->err.what = NULL;

    /* 1. Validate, and make room: a failure here changes nothing. */
    CAP_PHASE(-1);
    if (!cap_step_validate(w, &s)) return CAP_WORLD_BAD_VALUE;
    uint32_t n = s.n;
    if (!reserve(w, n)) return no_memory(w);
    s.sx = w->sx;
    s.sy = w->sy;
    if (w->statics_dirty) cap_world_index_statics(w);
    w->query_stale = (w->query_stale | 1u) & ~4u; /* the ball grid is rebuilt below; the queries follow it (cap_world_query_after_step) */
    CAP_PHASE(0);
    /* 2. Contacts (and the moving capsules' list and surface bodies). */
    if (!cap_step_movers_list(w) || !cap_step_find_contacts(w, &s)) return no_memory(w);
    CAP_PHASE(3);
    uint32_t nk = cap_step_mover_bodies(w, n);
    if (nk) {
        void* p = w->body;
        if (cap_world_reserve_bytes(&p, &w->body_cap, n + 1 + nk, sizeof(cap_wbody))) return no_memory(w);
        w->body = p;
    }

    /* Capsule bodies (bodies_step.c): checked, contacts found. */
    const int bodies = w->bodies && w->bodies->live;
    if (bodies) {
        int st = cap_bodies_begin(w);
        if (st) return st == CAP_WORLD_NO_MEMORY ? no_memory(w) : st;
    }

    /* From here on the step cannot fail. */
    cap_step_events_start(w);
    cap_step_wake(w, &s);
    if (w->kin_count) cap_step_movers_wake(w, &s);

    /* Prepare: start positions and energies, the awake count, warm start
     * and contact masses. k0: in w->ball_tmp, until the bounces. */
    uint32_t awake = 0;
    float* k0 = w->ball_tmp;
    for (uint32_t i = 0; i < n; i++) {
        s.sx[i] = s.x[i];
        s.sy[i] = s.y[i];
        k0[i] = kinetic(&s, i, s.vx[i], s.vy[i]);
        awake += (s.flags[i] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE;
    }
    w->awake_count = awake;
    prepare_contacts(w, &s);
    CAP_PHASE(4);

    substeps(w, &s, nk);   /* 3 */
    restitution(w, &s, k0); /* 4 */
    CAP_PHASE(6);
    cap_step_ccd(w, &s);   /* 5 */
    if (bodies) cap_bodies_step(w, &s); /* (and sweeps again the balls it moved) */
    if (w->joint_count) cap_joints_finish(w); /* after the bodies' step: their joints' forces too */
    CAP_PHASE(7);
    if (d->sleep_enabled) cap_step_sleep(w, &s); /* 6 */
    CAP_PHASE(8);
    cap_step_events(w, &s);
    cap_step_sensors(w, &s);
    if (bodies) cap_bodies_events(w); /* after the balls': begin, end, hit, then sensors */
    cap_step_movers_advance(w);

    /* Keep this step's contacts for the next one and remember the state
     * this step wrote. */
    cap_wcontact* t = w->prev;
    w->prev = w->contacts;
    w->contacts = t;
    w->prev_count = w->contact_count;
    w->contact_count = 0;
    for (uint32_t i = 0; i < n; i++) {
        w->last_x[i] = s.x[i];
        w->last_y[i] = s.y[i];
        w->last_vx[i] = s.vx[i];
        w->last_vy[i] = s.vy[i];
    }
    cap_world_query_after_step(w); /* queries see this step's positions through its grid (query.c) */
    CAP_PHASE(9);
    return CAP_WORLD_OK;
}
