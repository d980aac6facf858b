/* capsule2d — capsule bodies' continuous collision against the statics
 * and the moving capsules: conservative advancement of the rotating
 * capsule. */
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

/* A kinematic or pivoted capsule's motion over the step (cap_moving_pose);
 * NULL for a static that stays where it is. */
typedef struct kmove { float cx, cy, ex, ey, th0, dth; } kmove;

/* The gap between the body's surface at pose (x, y, angle) and a static's
 * (a half-plane: its deeper end's; a moving capsule: at time t of its
 * motion km). */
static float gap_to(const cap_wstatic* st, const kmove* km, float t, float x, float y, float angle, float hl, float r)
{
    float c, s;
    cap_cos_sin(angle, &c, &s);
    cap_vec2 p0 = cap_v2(x - hl * c, y - hl * s), p1 = cap_v2(x + hl * c, y + hl * s);
    if (st->kind == CAP_STATIC_LINE) {
        cap_vec2 a = cap_v2(st->ax, st->ay), n = cap_v2(st->nx, st->ny);
        return fmin2(cap_dot(cap_sub(p0, a), n), cap_dot(cap_sub(p1, a), n)) - r;
    }
    cap_vec2 a = cap_v2(st->ax, st->ay), b = cap_v2(st->bx, st->by);
    if (km) {
        float th = km->th0 + t * km->dth, px = km->cx + t * km->ex, py = km->cy + t * km->ey;
        cap_cos_sin(cap_finite(th) ? th : 0.0f, &c, &s);
        a = cap_v2(px - c * st->la, py - s * st->la);
        b = cap_v2(px + c * st->lb, py + s * st->lb);
    }
    cap_segment_pair sp = cap_closest_points_on_segments(a, b, p0, p1);
    return sp.distance - (st->radius + r);
}

/* Conservative advancement of a body from pose 0 to pose 0 + (dx, dy, da)
 * against one static (km: moving over the same time, see gap_to): the
 * first t in [0, 1) where the gap falls to the allowed one, the slop (or,
 * for a body that starts within the slop, its start gap less the slop: it
 * may slide along or turn away, never sink deeper than that). Every point
 * of the body's core moves at most |d| + |da| hl per unit of t, and every
 * point of a moving capsule's core at most |e| + |dth| max(la, lb), so
 * advancing by (gap - allowed + slop / 2) / mu, mu their sum, never takes
 * the gap below allowed - slop / 2. 1: no hit. strict (a body held by a
 * drag joint, whose pull may exceed what the soft contacts hold): the last
 * t whose gap is still above the allowed one (the start when none), never
 * below half the radii's sum, so no pull ever takes the body deeper step
 * after step, nor its core across a static's. */
CAP_NOINLINE static float advance(const cap_wstatic* st, const kmove* km, float x, float y, float a, float dx, float dy, float da, float hl,
                     float r, float slop, int strict)
{
    float mu = cap_length(cap_v2(dx, dy)) + cap_absf(da) * hl;
    if (km) mu = mu + cap_length(cap_v2(km->ex, km->ey)) + cap_absf(km->dth) * fmax2(st->la, st->lb);
    if (!(mu > 0.0f)) return 1.0f;
    float g = gap_to(st, km, 0.0f, x, y, a, hl, r);
    float allowed = g > slop ? slop : fmax2(g - slop, fmin2(g, -2.0f * slop));
    if (strict && st->kind != CAP_STATIC_LINE) allowed = fmax2(allowed, fmin2(g, -0.5f * (st->radius + r)));
    float t = 0.0f, safe = 0.0f;
    for (int it = 0; it < 50; it++) {
        t = t + (g - allowed + 0.5f * slop) / mu;
        if (!(t < 1.0f)) {
            if (!strict) return 1.0f;
            t = 1.0f;
        }
        g = gap_to(st, km, t, x + t * dx, y + t * dy, a + t * da, hl, r);
        if (g <= allowed) return strict && g < allowed ? safe : t;
        if (t == 1.0f) return 1.0f;
        safe = t;
    }
    return strict ? safe : t;
}

/* The first time of impact of a body moving from pose (x, y, a) by (dx,
 * dy, da) with the statics (not sensors; category and mask) its swept box
 * meets; 1: none. */
static float sweep_statics(cap_world* w, float x, float y, float a, float dx, float dy, float da, float hl, float r, uint32_t cat,
                           uint32_t mask, int strict)
{
    float slop = 0.005f * w->def.units_per_meter, e = hl + r + slop, t = 1.0f;
    uint32_t m = cap_world_static_candidates(w, fmin2(x, x + dx) - e, fmin2(y, y + dy) - e, fmax2(x, x + dx) + e, fmax2(y, y + dy) + e);
    for (uint32_t k = 0; k < m; k++) {
        const cap_wstatic* st = &w->statics[w->cand[k]];
        if (st->sensor || !((st->category & mask) && (cat & st->mask))) continue;
        t = fmin2(t, advance(st, NULL, x, y, a, dx, dy, da, hl, r, slop, strict));
    }
    return t;
}

/* A body carried by moving capsule k (cap_body_sweep) to (qx, qy) at the
 * step's end leaves the step with the capsule's motion there: its pivot's
 * velocity and its spin, at the body's centre (as if it stuck; the next
 * step's contacts take it on). Kept, the body's own velocity left a body
 * the capsule reached from beyond its contacts at rest where the capsule
 * put it (a flipper carried a body instead of flicking it). A capsule that
 * does not move this step changes no velocity (a body falling on a still
 * flipper keeps its speed, for the next step's bounce). */
static void carried_velocity(const cap_world* w, uint32_t k, float qx, float qy, cap_bstate* s)
{
    float cx, cy, ex, ey, th0, dth;
    cap_moving_pose(w, k, &cx, &cy, &ex, &ey, &th0, &dth);
    if (ex == 0.0f && ey == 0.0f && dth == 0.0f) return;
    float inv_dt = 1.0f / w->def.dt, om = dth * inv_dt;
    float vx = ex * inv_dt - om * (qy - (cy + ey)), vy = ey * inv_dt + om * (qx - (cx + ex));
    if (!cap_finite(vx) || !cap_finite(vy) || !cap_finite(om)) return;
    s->vx = vx;
    s->vy = vy;
    s->w = om;
}

/* Each awake body is swept from its start pose to its end pose against
 * the statics when it moved more than a quarter of its radius (a body held
 * by a drag joint: whenever it moved, strict), and against the kinematic
 * and pivoted capsules over their own motion in the step (whether it moved
 * or not), and stopped at the first time of impact, keeping its velocity
 * (the next step's contacts act). The first moving capsule met before any
 * static carries the body on (as the balls' carry_with, ccd.c): from the
 * time of impact to the step's end the body keeps its place relative to
 * the capsule, so the capsule can neither pass it nor end over it, and it
 * leaves with the capsule's motion (carried_velocity); the carried motion
 * is swept against the statics (the statics win). */
void cap_body_sweep(cap_world* w, cap_wbodies* b, uint32_t i, cap_bstate* s, int strict)
{
    float hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i], r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float travel = cap_length(cap_v2(s->dx, s->dy)) + cap_absf(s->da) * hl;
    int moved = travel > (strict ? 0.0f : 0.25f * r);
    if (!moved && !w->kin_count) return;
    float x = CAP_BODF(b, CAP_BODY_X)[i], y = CAP_BODF(b, CAP_BODY_Y)[i], a = CAP_BODF(b, CAP_BODY_ANGLE)[i];
    uint32_t cat = CAP_BODU(b, CAP_BODY_CATEGORY)[i], mask = CAP_BODU(b, CAP_BODY_MASK)[i];
    float slop = 0.005f * w->def.units_per_meter;
    float t = moved ? sweep_statics(w, x, y, a, s->dx, s->dy, s->da, hl, r, cat, mask, strict) : 1.0f;
    float tk = 1.0f;
    uint32_t hit = 0;
    for (uint32_t k = 0; k < w->kin_count; k++) {
        const cap_wstatic* st = &w->statics[w->kins[k]];
        if (st->sensor || !((st->category & mask) && (cat & st->mask))) continue;
        kmove km;
        cap_moving_pose(w, k, &km.cx, &km.cy, &km.ex, &km.ey, &km.th0, &km.dth);
        /* Apart over the whole step: the boxes of the body's centre path
         * grown by its reach (hl + r) and of the capsule's centre path
         * grown by its (max(la, lb) + radius), with two slops and a
         * relative 1e-5 (float rounding) between, do not meet; no gap
         * falls to the slop (advance would return 1). */
        float e = hl + r + fmax2(st->la, st->lb) + st->radius + 2.0f * slop +
                  1e-5f * (cap_absf(x) + cap_absf(y) + cap_absf(km.cx) + cap_absf(km.cy) + cap_absf(km.ex) + cap_absf(km.ey));
        if (fmin2(x, x + s->dx) - e > fmax2(km.cx, km.cx + km.ex) || fmax2(x, x + s->dx) + e < fmin2(km.cx, km.cx + km.ex) ||
            fmin2(y, y + s->dy) - e > fmax2(km.cy, km.cy + km.ey) || fmax2(y, y + s->dy) + e < fmin2(km.cy, km.cy + km.ey))
            continue;
        float tt = advance(st, &km, x, y, a, s->dx, s->dy, s->da, hl, r, slop, strict);
        if (tt < tk) { tk = tt; hit = k; }
    }
    if (tk < t) {
        float qx, qy, turn;
        t = tk;
        if (cap_moving_carry(w, hit, tk, x + tk * s->dx, y + tk * s->dy, &qx, &qy, &turn) && cap_finite(turn)) {
            s->dx = qx - x;
            s->dy = qy - y;
            s->da = tk * s->da + turn;
            t = sweep_statics(w, x, y, a, s->dx, s->dy, s->da, hl, r, cat, mask, strict);
            carried_velocity(w, hit, qx, qy, s);
        }
    }
    if (t < 1.0f) {
        s->dx = t * s->dx;
        s->dy = t * s->dy;
        s->da = t * s->da;
    }
}

/* Whether this step's contacts (in cap_bcontact_cmp's order) hold a pair
 * of body lo and slot other of this kind (1: a higher body, 2: a ball):
 * the solver holds that pair, no sweep. */
static int has_pair(const cap_wbodies* b, uint32_t kind, uint32_t lo, uint32_t other)
{
    uint64_t key = (uint64_t)lo << 34 | (uint64_t)kind << 32 | other;
    uint32_t l = 0, h = b->count;
    while (l < h) {
        uint32_t m = l + (h - l) / 2;
        const cap_bcontact* c = &b->contacts[m];
        uint64_t k = (uint64_t)(c->kind ? c->a : c->b) << 34 | (uint64_t)c->kind << 32 | (c->kind ? c->b : c->a);
        if (k == key) return 1;
        if (k < key) l = m + 1;
        else h = m;
    }
    return 0;
}

void cap_body_sweep_fast(cap_world* w, cap_wbodies* b, uint32_t i, cap_bstate* st, const step_ctx* sc)
{
    cap_bstate* s = &st[i];
    float hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i], r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float travel = cap_length(cap_v2(s->dx, s->dy)) + cap_absf(s->da) * hl;
    /* A body that moved farther than its contacts' longest reach (the slop
     * margin and 4 radii; bodies_pairs.c's cap_body_reach) against
     * everything; a slower one only against the fast balls (a ball's
     * contacts with bodies reach no farther than 4 of its radii): it met
     * everything else through its contacts, and with no fast ball the step
     * keeps its bits. */
    int fast = travel > 4.0f * r + 4.0f * 0.005f * w->def.units_per_meter;
    if (!fast && !b->fast_n) return;
    const float *bx = CAP_BODF(b, CAP_BODY_X), *by = CAP_BODF(b, CAP_BODY_Y), *ba = CAP_BODF(b, CAP_BODY_ANGLE);
    float x = bx[i], y = by[i], a = ba[i];
    uint32_t cat = CAP_BODU(b, CAP_BODY_CATEGORY)[i], mask = CAP_BODU(b, CAP_BODY_MASK)[i];
    float slop = 0.005f * w->def.units_per_meter, t = 1.0f;
    cap_wstatic o;
    memset(&o, 0, sizeof o); /* a capsule (kind 0) of half length la = lb, moving as km says */
    kmove km;
    /* A fast body: the other bodies (slots 0 .. slots - 1), then the
     * balls; any other: the fast balls. */
    uint32_t q0 = fast ? 0 : b->slots, q1 = fast ? b->slots + w->ball_slots : b->slots + b->fast_n;
    for (uint32_t q = q0; q < q1; q++) {
        int ball = q >= b->slots;
        uint32_t j = ball ? (fast ? q - b->slots : b->fast[q - b->slots]) : q, lo = ball || i < j ? i : j, hi = ball || i < j ? j : i;
        uint32_t fj = ball ? CAP_BU(w, CAP_BALL_FLAGS)[j] : CAP_BODU(b, CAP_BODY_FLAGS)[j];
        uint32_t cj = ball ? CAP_BU(w, CAP_BALL_CATEGORY)[j] : CAP_BODU(b, CAP_BODY_CATEGORY)[j];
        uint32_t mj = ball ? CAP_BU(w, CAP_BALL_MASK)[j] : CAP_BODU(b, CAP_BODY_MASK)[j];
        if ((!ball && j == i) || !(fj & CAP_BALL_ALIVE) || !((cj & mask) && (cat & mj))) continue;
        if (ball) {
            /* From its start to where it is now (a ball in this pass: where the pass took it). */
            uint32_t k = j < b->ball_state_cap ? b->ball_state[j] : NONE;
            float ex = k != NONE ? st[k].bx + st[k].dx : CAP_BF(w, CAP_BALL_X)[j], ey = k != NONE ? st[k].by + st[k].dy : CAP_BF(w, CAP_BALL_Y)[j];
            km = (kmove){sc->sx[j], sc->sy[j], ex - sc->sx[j], ey - sc->sy[j], 0.0f, 0.0f};
            o.la = o.lb = 0.0f;
            o.radius = CAP_BF(w, CAP_BALL_RADIUS)[j];
        } else {
            /* From its start pose over its motion (a sleeping one stays). */
            float m = (fj & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE ? 1.0f : 0.0f;
            km = (kmove){bx[j], by[j], m * st[j].dx, m * st[j].dy, ba[j], m * st[j].da};
            o.la = o.lb = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[j];
            o.radius = CAP_BODF(b, CAP_BODY_RADIUS)[j];
        }
        /* Apart over the whole step (as cap_body_sweep's test of the
         * moving capsules): no gap falls to the slop. */
        float e = hl + r + o.la + o.radius + 2.0f * slop +
                  1e-5f * (cap_absf(x) + cap_absf(y) + cap_absf(km.cx) + cap_absf(km.cy) + cap_absf(km.ex) + cap_absf(km.ey) + cap_absf(s->dx) +
                           cap_absf(s->dy));
        if (fmin2(x, x + s->dx) - e > fmax2(km.cx, km.cx + km.ex) || fmax2(x, x + s->dx) + e < fmin2(km.cx, km.cx + km.ex) ||
            fmin2(y, y + s->dy) - e > fmax2(km.cy, km.cy + km.ey) || fmax2(y, y + s->dy) + e < fmin2(km.cy, km.cy + km.ey))
            continue;
        if ((b->joined_count && (ball ? cap_bodies_joined_ball(b, i, j) : cap_bodies_joined(b, lo, hi))) || has_pair(b, 1u + (uint32_t)ball, lo, hi))
            continue;
        float tp = advance(&o, &km, x, y, a, s->dx, s->dy, s->da, hl, r, slop, (int)s->ball);
        if (!(tp < t)) continue;
        /* The paths meet: the body also stops short of the other's end
         * pose (the other may stop earlier in its step than the body
         * meets its path: a lower slot's sweep, a static, a ball's own
         * stop; stopping at the meeting alone left the two swapped, each
         * at a different time of its step). Paths that never meet (two
         * bodies flying together) stop nothing, as for the balls' ccd. */
        cap_wstatic e1 = o;
        float c = 1.0f, sn = 0.0f;
        if (!ball && cap_finite(km.th0 + km.dth)) cap_cos_sin(km.th0 + km.dth, &c, &sn);
        e1.ax = km.cx + km.ex - c * o.la, e1.ay = km.cy + km.ey - sn * o.la;
        e1.bx = km.cx + km.ex + c * o.lb, e1.by = km.cy + km.ey + sn * o.lb;
        t = fmin2(tp, advance(&e1, NULL, x, y, a, s->dx, s->dy, s->da, hl, r, slop, (int)s->ball));
    }
    if (t < 1.0f) {
        s->dx = t * s->dx;
        s->dy = t * s->dy;
        s->da = t * s->da;
    }
}

void cap_bodies_fast_balls(cap_world* w, cap_wbodies* b, const cap_bstate* st, const step_ctx* sc)
{
    b->fast_n = 0;
    const uint32_t* fl = CAP_BU(w, CAP_BALL_FLAGS);
    const float *x = CAP_BF(w, CAP_BALL_X), *y = CAP_BF(w, CAP_BALL_Y), *rad = CAP_BF(w, CAP_BALL_RADIUS);
    for (uint32_t j = 0; j < w->ball_slots; j++) {
        if ((fl[j] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        uint32_t k = j < b->ball_state_cap ? b->ball_state[j] : NONE;
        float dx = (k != NONE ? st[k].bx + st[k].dx : x[j]) - sc->sx[j], dy = (k != NONE ? st[k].by + st[k].dy : y[j]) - sc->sy[j];
        float r4 = 4.0f * rad[j];
        if (!(dx * dx + dy * dy > r4 * r4)) continue;
        b->fast[b->fast_n++] = j; /* (room for every slot: bodies_find.c) */
    }
}
