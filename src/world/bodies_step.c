/* capsule2d — capsule bodies' part of the step (after the balls'):
 *
 *   begin (may fail, changes nothing then): check every live body, find who
 *     is awake this step (awake, written through a view, or near an awake
 *     body), find the contacts of the awake bodies (statics through the
 *     static grid, bodies by a scan of the higher slots), warm start them
 *     from last step's matching points
 *   step (cannot fail): Box2D v3's soft step on the awake bodies: per
 *     sub-step integrate velocities, warm start, solve with soft bias,
 *     integrate positions, relax without bias; restitution once; sleep.
 *
 * A contact is up to two points sharing one normal (manifold()). Orders
 * come from slots only: the same bits in every build. */
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

#define LAST_WORDS 6
#define NONE 0xffffffffu


/* ---- manifolds ------------------------------------------------------------- */

/* Up to two points: on A's core (qa) and the separation along n (distance
 * between the surfaces there, negative when overlapping), id per point. */
typedef struct bman {
    int count;
    float nx, ny;
    cap_vec2 qa[2];
    float sep[2];
    uint32_t id[2];
} bman;

/* Capsule A (core a0 -> a1, radius ra) against capsule B (b0 -> b1, rb):
 * the points with separation <= margin, normal from A toward B.
 * Face case (two points): when the closest points' normal is within ~8
 * degrees of A's face normal, B's core is clipped to A's span and each end
 * of the clipped piece is a point (separation along the face normal), so a
 * core lying flat on a face rests on two points and does not rock. Else
 * the one closest pair. Degenerate (crossing cores, coincident points):
 * A's left perpendicular toward B's centre, or (0, 1); never NaN. */
static int manifold(cap_vec2 a0, cap_vec2 a1, float ra, cap_vec2 b0, cap_vec2 b1, float rb, float margin, bman* m)
{
    cap_segment_pair sp = cap_closest_points_on_segments(a0, a1, b0, b1);
    float R = ra + rb;
    if (sp.distance > R + margin) return 0;
    cap_vec2 ea = cap_sub(a1, a0);
    float la2 = cap_length_sq(ea);
    cap_vec2 n;
    cap_vec2 d = cap_sub(sp.point2, sp.point1);
    float dist = sp.distance;
    if (dist > 1e-6f * (R > 0.0f ? R : 1.0f) && cap_length_sq(d) > 0.0f) {
        n = cap_scale(1.0f / cap_length(d), d);
    } else {
        cap_vec2 e = la2 > 0.0f ? ea : cap_sub(b1, b0);
        float le = cap_length(e);
        n = le > 0.0f ? cap_left_perp(cap_scale(1.0f / le, e)) : cap_v2(0.0f, 1.0f);
        cap_vec2 cb = cap_scale(0.5f, cap_add(b0, b1)), ca = cap_scale(0.5f, cap_add(a0, a1));
        if (cap_dot(n, cap_sub(cb, ca)) < 0.0f) n = cap_neg(n);
        dist = 0.0f;
    }
    if (la2 > 0.0f) {
        float la = cap_length(ea);
        cap_vec2 u = cap_scale(1.0f / la, ea);
        cap_vec2 fn = cap_left_perp(u);
        if (cap_dot(fn, n) < 0.0f) fn = cap_neg(fn);
        if (cap_dot(fn, n) > 0.99f) {
            float t0 = cap_dot(cap_sub(b0, a0), u), t1 = cap_dot(cap_sub(b1, a0), u);
            float lo = 0.0f, hi = 1.0f;
            float dt = t1 - t0;
            if (dt != 0.0f) {
                float s0 = (0.0f - t0) / dt, s1 = (la - t0) / dt;
                if (s0 > s1) { float t = s0; s0 = s1; s1 = t; }
                lo = fmax2(lo, s0);
                hi = fmin2(hi, s1);
            } else if (!(t0 >= 0.0f && t0 <= la)) {
                lo = 1.0f, hi = 0.0f;
            }
            if (lo <= hi) {
                int k = 0;
                float ss[2] = {lo, hi};
                int np = hi - lo > 1e-4f ? 2 : 1;
                for (int j = 0; j < np; j++) {
                    cap_vec2 qb = cap_mul_add(b0, ss[j], cap_sub(b1, b0));
                    float h = cap_dot(cap_sub(qb, a0), fn);
                    float sep = h - R;
                    if (sep > margin) continue;
                    m->qa[k] = cap_mul_add(qb, 0.0f - h, fn);
                    m->sep[k] = sep;
                    m->id[k] = (uint32_t)j;
                    k++;
                }
                if (k > 0) {
                    m->count = k;
                    m->nx = fn.x;
                    m->ny = fn.y;
                    return k;
                }
            }
        }
    }
    m->count = 1;
    m->nx = n.x;
    m->ny = n.y;
    m->qa[0] = sp.point1;
    m->sep[0] = dist - R;
    m->id[0] = 2u;
    return 1;
}

/* A half-plane (point a, unit free-side normal n) against capsule B: each
 * core end within margin of the surface is a point. */
static int manifold_line(cap_vec2 a, cap_vec2 n, cap_vec2 b0, cap_vec2 b1, float rb, float margin, bman* m)
{
    int k = 0;
    const cap_vec2 ends[2] = {b0, b1};
    for (int j = 0; j < 2; j++) {
        float h = cap_dot(cap_sub(ends[j], a), n);
        if (h - rb > margin) continue;
        m->qa[k] = cap_mul_add(ends[j], 0.0f - h, n);
        m->sep[k] = h - rb;
        m->id[k] = (uint32_t)j;
        k++;
    }
    m->count = k;
    m->nx = n.x;
    m->ny = n.y;
    return k;
}

/* ---- begin ----------------------------------------------------------------- */

static int refuse(cap_world* w, uint32_t slot, int field)
{
    w->err.status = CAP_WORLD_BAD_VALUE;
    w->err.slot = (int32_t)slot;
    w->err.field = CAP_BODY_FIELD_ERROR + field;
    w->err.what = NULL;
    return CAP_WORLD_BAD_VALUE;
}

/* Every value a program can write through the views, as the balls' step 1:
 * pose and velocity within +-CAP_MAX_COORD (the angle finite), half length
 * >= 0 and radius > 0 (read-only, but a view could write them), flags only
 * ALIVE and AWAKE, ALIVE exactly where a body lives (witness: its inverse
 * mass, > 0 for a body, 0 for an empty slot). */
static int validate(cap_world* w, const cap_wbodies* b)
{
    const uint32_t* flags = CAP_BODU(b, CAP_BODY_FLAGS);
    const float* im = CAP_BODF(b, CAP_BODY_INV_MASS);
    for (uint32_t i = 0; i < b->slots; i++) {
        int body = im[i] != 0.0f;
        if ((flags[i] & ~(CAP_BALL_ALIVE | CAP_BALL_AWAKE)) || (body ? !(flags[i] & CAP_BALL_ALIVE) : flags[i] != 0))
            return refuse(w, i, CAP_BODY_FLAGS);
        if (!body) continue;
        for (int f = CAP_BODY_X; f <= CAP_BODY_W; f++) {
            float v = CAP_BODF(b, f)[i];
            if (!(f == CAP_BODY_ANGLE ? cap_finite(v) : cap_in_range(v))) return refuse(w, i, f);
        }
        float hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i], r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
        if (!(hl >= 0.0f) || !(hl + r <= 1e18f)) return refuse(w, i, CAP_BODY_HALF_LENGTH);
        if (!(r > 0.0f)) return refuse(w, i, CAP_BODY_RADIUS);
    }
    return 0;
}

/* The body's core ends from its pose. */
static void ends_of(const cap_wbodies* b, uint32_t i, cap_vec2* p0, cap_vec2* p1)
{
    float c, s;
    cap_cos_sin(CAP_BODF(b, CAP_BODY_ANGLE)[i], &c, &s);
    float hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i], x = CAP_BODF(b, CAP_BODY_X)[i], y = CAP_BODF(b, CAP_BODY_Y)[i];
    *p0 = cap_v2(x - hl * c, y - hl * s);
    *p1 = cap_v2(x + hl * c, y + hl * s);
}

/* How far a body's contacts reach ahead: the slop margin plus its travel
 * over the step (centre and tip), at most 4 radii. */
static float reach_of(const cap_world* w, const cap_wbodies* b, uint32_t i, float margin)
{
    float hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i], r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float v = cap_length(cap_v2(CAP_BODF(b, CAP_BODY_VX)[i], CAP_BODF(b, CAP_BODY_VY)[i]));
    float travel = (v + cap_absf(CAP_BODF(b, CAP_BODY_W)[i]) * hl) * w->def.dt;
    return margin + fmin2(travel, 4.0f * r);
}

/* A ball's reach: the slop margin plus its travel over the step, at most
 * 4 radii (as a ball-static contact's). */
static float ball_reach(const cap_world* w, uint32_t j)
{
    float v = cap_length(cap_v2(CAP_BF(w, CAP_BALL_VX)[j], CAP_BF(w, CAP_BALL_VY)[j]));
    return 4.0f * 0.005f * w->def.units_per_meter + fmin2(v * w->def.dt, 4.0f * CAP_BF(w, CAP_BALL_RADIUS)[j]);
}

static int boxes_meet(const cap_wbodies* b, uint32_t i, uint32_t j, float gap)
{
    float ri = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i] + CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float rj = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[j] + CAP_BODF(b, CAP_BODY_RADIUS)[j];
    float e = ri + rj + gap;
    return cap_absf(CAP_BODF(b, CAP_BODY_X)[i] - CAP_BODF(b, CAP_BODY_X)[j]) <= e &&
           cap_absf(CAP_BODF(b, CAP_BODY_Y)[i] - CAP_BODF(b, CAP_BODY_Y)[j]) <= e;
}

static int collides(const cap_wbodies* b, uint32_t i, uint32_t j)
{
    const uint32_t *cat = CAP_BODU(b, CAP_BODY_CATEGORY), *mask = CAP_BODU(b, CAP_BODY_MASK);
    return (cat[i] & mask[j]) && (cat[j] & mask[i]);
}

/* Appends the manifold's points as contacts (room made by the caller). */
static void add_points(cap_wbodies* b, const bman* m, uint32_t kind, uint32_t a, uint32_t bb, uint32_t sb, float fr, float re)
{
    for (int k = 0; k < m->count; k++) {
        cap_bcontact* c = &b->contacts[b->count++];
        memset(c, 0, sizeof *c);
        c->a = a;
        c->b = bb;
        c->kind = kind;
        c->sa = kind ? a : NONE;
        c->sb = sb;
        c->id = m->id[k];
        c->nx = m->nx;
        c->ny = m->ny;
        /* rax, ray hold the point for now (anchors: prepare()) */
        c->rax = m->qa[k].x;
        c->ray = m->qa[k].y;
        c->sep = m->sep[k];
        c->friction = fr;
        c->restitution = re;
    }
}

static int room(cap_wbodies* b, uint32_t more)
{
    void* p = b->contacts;
    if (cap_world_reserve_bytes(&p, &b->contacts_cap, b->count + more, sizeof(cap_bcontact))) return 0;
    b->contacts = p;
    return 1;
}

/* The contacts of one awake-to-be body i with the statics, then with the
 * higher slots' bodies that are awake-to-be or that it touches. */
static int find_body(cap_world* w, cap_wbodies* b, uint32_t i, const uint32_t* awake, float margin)
{
    cap_vec2 p0, p1;
    ends_of(b, i, &p0, &p1);
    float r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float reach = reach_of(w, b, i, margin);
    float fr = CAP_BODF(b, CAP_BODY_FRICTION)[i], re = CAP_BODF(b, CAP_BODY_RESTITUTION)[i];
    uint32_t cat = CAP_BODU(b, CAP_BODY_CATEGORY)[i], mask = CAP_BODU(b, CAP_BODY_MASK)[i];
    float e = r + reach;
    uint32_t m = cap_world_static_candidates(w, fmin2(p0.x, p1.x) - e, fmin2(p0.y, p1.y) - e, fmax2(p0.x, p1.x) + e,
                                             fmax2(p0.y, p1.y) + e);
    if (w->static_slots && !w->cand) return 0;
    /* Kinematic and pivoted capsules (not in the grid) whose box meets,
     * merged into slot order; solved as fixed at their pose. */
    uint32_t m0 = m;
    for (uint32_t k = 0; k < w->kin_count; k++) {
        const cap_wstatic* st = &w->statics[w->kins[k]];
        float sr = st->radius;
        if (fmin2(st->ax, st->bx) - sr > fmax2(p0.x, p1.x) + e || fmax2(st->ax, st->bx) + sr < fmin2(p0.x, p1.x) - e ||
            fmin2(st->ay, st->by) - sr > fmax2(p0.y, p1.y) + e || fmax2(st->ay, st->by) + sr < fmin2(p0.y, p1.y) - e)
            continue;
        w->cand[m++] = w->kins[k];
    }
    for (uint32_t q = m0; q < m; q++) {
        uint32_t v = w->cand[q], j = q;
        while (j > 0 && w->cand[j - 1] > v) { w->cand[j] = w->cand[j - 1]; j--; }
        w->cand[j] = v;
    }
    for (uint32_t k = 0; k < m; k++) {
        const cap_wstatic* st = &w->statics[w->cand[k]];
        if (st->sensor || !((st->category & mask) && (cat & st->mask))) continue;
        bman man;
        int hit = st->kind == CAP_STATIC_LINE
                      ? manifold_line(cap_v2(st->ax, st->ay), cap_v2(st->nx, st->ny), p0, p1, r, reach, &man)
                      : manifold(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), st->radius, p0, p1, r, reach, &man);
        if (!hit) continue;
        if (!room(b, 2)) return 0;
        add_points(b, &man, 0, w->cand[k], i, i, __builtin_sqrtf(fr * st->friction), fmax2(re, st->restitution));
    }
    for (uint32_t j = i + 1; j < b->slots; j++) {
        if (!awake[j] || !collides(b, i, j)) continue;
        float rj = reach_of(w, b, j, margin), gap = fmax2(reach, rj);
        if (!boxes_meet(b, i, j, gap)) continue;
        cap_vec2 q0, q1;
        ends_of(b, j, &q0, &q1);
        bman man;
        if (!manifold(p0, p1, r, q0, q1, CAP_BODF(b, CAP_BODY_RADIUS)[j], gap, &man)) continue;
        if (!room(b, 2)) return 0;
        add_points(b, &man, 1, i, j, j, __builtin_sqrtf(fr * CAP_BODF(b, CAP_BODY_FRICTION)[j]),
                   fmax2(re, CAP_BODF(b, CAP_BODY_RESTITUTION)[j]));
    }
    /* Balls (a scan of the ball slots with a box test), each given a
     * solver state the first time it is met. */
    const float *bx = CAP_BF(w, CAP_BALL_X), *by = CAP_BF(w, CAP_BALL_Y), *brad = CAP_BF(w, CAP_BALL_RADIUS);
    const uint32_t *bfl = CAP_BU(w, CAP_BALL_FLAGS), *bcat = CAP_BU(w, CAP_BALL_CATEGORY), *bmask = CAP_BU(w, CAP_BALL_MASK);
    float ext = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i] + r + reach, cx = CAP_BODF(b, CAP_BODY_X)[i], cy = CAP_BODF(b, CAP_BODY_Y)[i];
    for (uint32_t j = 0; j < w->ball_slots; j++) {
        if (!(bfl[j] & CAP_BALL_ALIVE) || !((bcat[j] & mask) && (cat & bmask[j]))) continue;
        float e2 = ext + brad[j] + ball_reach(w, j);
        if (cap_absf(bx[j] - cx) > e2 || cap_absf(by[j] - cy) > e2) continue;
        cap_vec2 c = cap_v2(bx[j], by[j]);
        bman man;
        if (!manifold(p0, p1, r, c, c, brad[j], reach + ball_reach(w, j), &man)) continue;
        if (!room(b, 2)) return 0;
        if (b->ball_state[j] == NONE) {
            uint32_t k = b->slots + b->balls;
            void* p = b->state;
            if (cap_world_reserve_bytes(&p, &b->state_cap, k + 1, sizeof(cap_bstate))) return 0;
            b->state = p;
            b->ball_state[j] = k;
            b->balls++;
            cap_bstate z = {0, 0, 0, 0, 0, 1, 0, 0, j, 0, 0, 0, bx[j], by[j]};
            b->state[k] = z;
        }
        add_points(b, &man, 2, i, j, b->ball_state[j], __builtin_sqrtf(fr * CAP_BF(w, CAP_BALL_FRICTION)[j]),
                   fmax2(re, CAP_BF(w, CAP_BALL_RESTITUTION)[j]));
    }
    return 1;
}

/* Drops the balls' solver states (the map back to all ~0). */
static void forget_balls(cap_wbodies* b)
{
    for (uint32_t k = 0; k < b->balls; k++) b->ball_state[b->state[b->slots + k].ball] = NONE;
    b->balls = 0;
}

/* A contact's order: its lower body, kind, the other slot, point id. */
static int key_cmp(const cap_bcontact* x, const cap_bcontact* y)
{
    uint32_t xi = x->kind ? x->a : x->b, yi = y->kind ? y->a : y->b;
    if (xi != yi) return xi < yi ? -1 : 1;
    if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
    uint32_t xo = x->kind ? x->b : x->a, yo = y->kind ? y->b : y->a;
    if (xo != yo) return xo < yo ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

int cap_bodies_begin(cap_world* w)
{
    cap_wbodies* b = w->bodies;
    if (validate(w, b)) return CAP_WORLD_BAD_VALUE;
    uint32_t n = b->slots;
    {
        void* p = b->state;
        if (cap_world_reserve_bytes(&p, &b->state_cap, n + 1, sizeof(cap_bstate))) return CAP_WORLD_NO_MEMORY;
        b->state = p;
        if (cap_world_reserve_u32(&b->group, &b->group_cap, 2 * n + 2)) return CAP_WORLD_NO_MEMORY;
        if (b->ball_state_cap < w->ball_slots) {
            uint32_t old = b->ball_state_cap;
            if (cap_world_reserve_u32(&b->ball_state, &b->ball_state_cap, w->ball_slots)) return CAP_WORLD_NO_MEMORY;
            for (uint32_t j = old; j < b->ball_state_cap; j++) b->ball_state[j] = NONE;
        }
    }
    const uint32_t* flags = CAP_BODU(b, CAP_BODY_FLAGS);
    uint32_t* awake = b->group + n; /* awake this step (1), or not; 2: woken by a write through a view */
    for (uint32_t i = 0; i < n; i++) {
        awake[i] = 0;
        if (!(flags[i] & CAP_BALL_ALIVE)) continue;
        const float vals[LAST_WORDS] = {CAP_BODF(b, CAP_BODY_X)[i], CAP_BODF(b, CAP_BODY_Y)[i], CAP_BODF(b, CAP_BODY_ANGLE)[i],
                                        CAP_BODF(b, CAP_BODY_VX)[i], CAP_BODF(b, CAP_BODY_VY)[i], CAP_BODF(b, CAP_BODY_W)[i]};
        if (memcmp(vals, &b->last[LAST_WORDS * i], sizeof vals) != 0) awake[i] = 2;
        else if (flags[i] & CAP_BALL_AWAKE) awake[i] = 1;
    }
    /* A sleeping body near an awake ball or an awake body wakes (and so on,
     * body to body). */
    float margin = 4.0f * 0.005f * w->def.units_per_meter;
    {
        const float *bx = CAP_BF(w, CAP_BALL_X), *by = CAP_BF(w, CAP_BALL_Y), *brad = CAP_BF(w, CAP_BALL_RADIUS);
        const uint32_t* bfl = CAP_BU(w, CAP_BALL_FLAGS);
        for (uint32_t i = 0; i < n; i++) {
            if (!(flags[i] & CAP_BALL_ALIVE) || awake[i]) continue;
            float ext = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i] + CAP_BODF(b, CAP_BODY_RADIUS)[i] + margin;
            float cx = CAP_BODF(b, CAP_BODY_X)[i], cy = CAP_BODF(b, CAP_BODY_Y)[i];
            for (uint32_t j = 0; j < w->ball_slots && !awake[i]; j++) {
                if ((bfl[j] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
                float e2 = ext + brad[j] + ball_reach(w, j);
                if (cap_absf(bx[j] - cx) <= e2 && cap_absf(by[j] - cy) <= e2) awake[i] = 3;
            }
        }
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (!(flags[i] & CAP_BALL_ALIVE)) continue;
            for (uint32_t j = i + 1; j < n; j++) {
                if (!(flags[j] & CAP_BALL_ALIVE) || (awake[i] != 0) == (awake[j] != 0) || !collides(b, i, j)) continue;
                float gap = fmax2(reach_of(w, b, i, margin), reach_of(w, b, j, margin));
                if (!boxes_meet(b, i, j, gap)) continue;
                awake[awake[i] ? j : i] = 3;
                changed = 1;
            }
        }
    }
    b->count = 0;
    b->balls = 0;
    for (uint32_t i = 0; i < n; i++)
        if (awake[i] && !find_body(w, b, i, awake, margin)) {
            forget_balls(b);
            return CAP_WORLD_NO_MEMORY;
        }

    /* Nothing fails from here: wake, then warm start from last step. */
    uint32_t* fl = CAP_BODU(b, CAP_BODY_FLAGS);
    for (uint32_t i = 0; i < n; i++) {
        if (awake[i] > 1) CAP_BODF(b, CAP_BODY_SLEEP_TIME)[i] = 0.0f;
        if (awake[i]) fl[i] |= CAP_BALL_AWAKE;
    }
    /* The balls they touch wake (the balls' step then moves them too). */
    for (uint32_t k = 0; k < b->balls; k++) {
        uint32_t j = b->state[n + k].ball;
        if (!(CAP_BU(w, CAP_BALL_FLAGS)[j] & CAP_BALL_AWAKE)) {
            CAP_BU(w, CAP_BALL_FLAGS)[j] |= CAP_BALL_AWAKE;
            CAP_BF(w, CAP_BALL_SLEEP_TIME)[j] = 0.0f;
        }
    }
    uint32_t p = 0;
    for (uint32_t k = 0; k < b->count; k++) {
        cap_bcontact* c = &b->contacts[k];
        while (p < b->prev_count && key_cmp(&b->prev[p], c) < 0) p++;
        if (p < b->prev_count && key_cmp(&b->prev[p], c) == 0) {
            c->jn = b->prev[p].jn;
            c->jt = b->prev[p].jt;
        }
    }
    return CAP_WORLD_OK;
}

/* ---- step ------------------------------------------------------------------ */

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
        }
        float tx = c->ny, ty = 0.0f - c->nx;
        float rna = c->rax * c->ny - c->ray * c->nx, rnb = c->rbx * c->ny - c->rby * c->nx;
        float rta = c->rax * ty - c->ray * tx, rtb = c->rbx * ty - c->rby * tx;
        float kn = c->ma + c->mb + c->ia * rna * rna + c->ib * rnb * rnb;
        float kt = c->ma + c->mb + c->ia * rta * rta + c->ib * rtb * rtb;
        c->mass_n = kn > 0.0f ? 1.0f / kn : 0.0f;
        c->mass_t = kt > 0.0f ? 1.0f / kt : 0.0f;
        c->vn0 = (vbx - vax) * c->nx + (vby - vay) * c->ny;
        c->max_jn = 0.0f;
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

/* One pass over the contacts: 0 warm start, 1 solve with soft bias, 2 relax. */
static void pass(cap_wbodies* b, int mode, float inv_h, float push, cap_soft ss, cap_soft bs)
{
    cap_bstate* st = b->state;
    for (uint32_t k = 0; k < b->count; k++) {
        cap_bcontact* c = &b->contacts[k];
        float tx = c->ny, ty = 0.0f - c->nx;
        if (mode == 0) {
            apply(st, c, c->jn * c->nx + c->jt * tx, c->jn * c->ny + c->jt * ty);
            continue;
        }
        cap_bstate* B = &st[c->sb];
        cap_bstate zero = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
        const cap_bstate* A = c->sa != NONE ? &st[c->sa] : &zero;
        /* The separation now: the anchors moved with their bodies. */
        float pbx = B->qc * c->rbx - B->qs * c->rby, pby = B->qs * c->rbx + B->qc * c->rby;
        float pax = A->qc * c->rax - A->qs * c->ray, pay = A->qs * c->rax + A->qc * c->ray;
        float dx = (B->dx + pbx - c->rbx) - (A->dx + pax - c->rax);
        float dy = (B->dy + pby - c->rby) - (A->dy + pay - c->ray);
        float s = c->sep + dx * c->nx + dy * c->ny;
        cap_soft so = c->kind ? bs : ss;
        float bias = 0.0f, ms = 1.0f, is = 0.0f;
        if (s > 0.0f) bias = s * inv_h; /* speculative: close the gap, no more */
        else if (mode == 1) {
            bias = fmax2(so.bias_rate * s, 0.0f - push);
            ms = so.mass_scale;
            is = so.impulse_scale;
        }
        float dvx = (B->vx - B->w * c->rby) - (A->vx - A->w * c->ray);
        float dvy = (B->vy + B->w * c->rbx) - (A->vy + A->w * c->rax);
        float vn = dvx * c->nx + dvy * c->ny;
        float imp = 0.0f - c->mass_n * ms * (vn + bias) - is * c->jn;
        float nj = fmax2(c->jn + imp, 0.0f);
        imp = nj - c->jn;
        c->jn = nj;
        c->max_jn = fmax2(c->max_jn, imp);
        apply(st, c, imp * c->nx, imp * c->ny);
        /* Friction, bounded by the normal impulse. */
        dvx = (B->vx - B->w * c->rby) - (A->vx - A->w * c->ray);
        dvy = (B->vy + B->w * c->rbx) - (A->vy + A->w * c->rax);
        float vt = dvx * tx + dvy * ty;
        float lim = c->friction * c->jn;
        float tj = cap_clampf(c->jt - c->mass_t * vt, 0.0f - lim, lim);
        float ti = tj - c->jt;
        c->jt = tj;
        apply(st, c, ti * tx, ti * ty);
    }
}

/* Restitution once, from the approach speed at the step's start. */
static void restitution(cap_world* w, cap_wbodies* b)
{
    float thresh = w->def.restitution_threshold * w->def.units_per_meter;
    cap_bstate* st = b->state;
    for (uint32_t k = 0; k < b->count; k++) {
        cap_bcontact* c = &b->contacts[k];
        if (c->restitution == 0.0f || c->vn0 > 0.0f - thresh || c->max_jn == 0.0f) continue;
        cap_bstate* B = &st[c->sb];
        cap_bstate zero = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
        const cap_bstate* A = c->sa != NONE ? &st[c->sa] : &zero;
        float dvx = (B->vx - B->w * c->rby) - (A->vx - A->w * c->ray);
        float dvy = (B->vy + B->w * c->rbx) - (A->vy + A->w * c->rax);
        float vn = dvx * c->nx + dvy * c->ny;
        float imp = 0.0f - c->mass_n * (vn + c->restitution * 0.999755859375f * c->vn0);
        float nj = fmax2(c->jn + imp, 0.0f);
        imp = nj - c->jn;
        c->jn = nj;
        apply(st, c, imp * c->nx, imp * c->ny);
    }
}

/* ---- continuous collision ----------------------------------------------- */

/* The gap between the body's surface at pose (x, y, angle) and a static's
 * (a half-plane: its deeper end's). */
static float gap_to(const cap_wstatic* st, float x, float y, float angle, float hl, float r)
{
    float c, s;
    cap_cos_sin(angle, &c, &s);
    cap_vec2 p0 = cap_v2(x - hl * c, y - hl * s), p1 = cap_v2(x + hl * c, y + hl * s);
    if (st->kind == CAP_STATIC_LINE) {
        cap_vec2 a = cap_v2(st->ax, st->ay), n = cap_v2(st->nx, st->ny);
        return fmin2(cap_dot(cap_sub(p0, a), n), cap_dot(cap_sub(p1, a), n)) - r;
    }
    cap_segment_pair sp = cap_closest_points_on_segments(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), p0, p1);
    return sp.distance - (st->radius + r);
}

/* Conservative advancement of a body from pose 0 to pose 0 + (dx, dy, da)
 * against one static: the first t in [0, 1) where the gap falls to the
 * allowed one, the slop (or, for a body that starts within the slop, its
 * start gap less the slop: it may slide along or turn away, never sink
 * deeper than that). Every point of the core moves at most mu = |d| +
 * |da| hl per unit of t, so advancing by (gap - allowed + slop / 2) / mu
 * never takes the gap below allowed - slop / 2. 1: no hit. */
static float advance(const cap_wstatic* st, float x, float y, float a, float dx, float dy, float da, float hl, float r,
                     float slop)
{
    float mu = cap_length(cap_v2(dx, dy)) + cap_absf(da) * hl;
    if (!(mu > 0.0f)) return 1.0f;
    float g = gap_to(st, x, y, a, hl, r);
    float allowed = g > slop ? slop : g - slop;
    float t = 0.0f;
    for (int it = 0; it < 50; it++) {
        t = t + (g - allowed + 0.5f * slop) / mu;
        if (!(t < 1.0f)) return 1.0f;
        g = gap_to(st, x + t * dx, y + t * dy, a + t * da, hl, r);
        if (g <= allowed) return t;
    }
    return t;
}

/* Each awake body that moved more than a quarter of its radius is swept
 * from its start pose to its end pose against the statics (not sensors;
 * category and mask) and stopped at the first time of impact, keeping its
 * velocity (the next step's contacts act). */
static void sweep_body(cap_world* w, cap_wbodies* b, uint32_t i, cap_bstate* s)
{
    float hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i], r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float travel = cap_length(cap_v2(s->dx, s->dy)) + cap_absf(s->da) * hl;
    if (!(travel > 0.25f * r)) return;
    float x = CAP_BODF(b, CAP_BODY_X)[i], y = CAP_BODF(b, CAP_BODY_Y)[i], a = CAP_BODF(b, CAP_BODY_ANGLE)[i];
    float e = hl + r + 0.005f * w->def.units_per_meter;
    uint32_t m = cap_world_static_candidates(w, fmin2(x, x + s->dx) - e, fmin2(y, y + s->dy) - e, fmax2(x, x + s->dx) + e,
                                             fmax2(y, y + s->dy) + e);
    uint32_t cat = CAP_BODU(b, CAP_BODY_CATEGORY)[i], mask = CAP_BODU(b, CAP_BODY_MASK)[i];
    float t = 1.0f, slop = 0.005f * w->def.units_per_meter;
    for (uint32_t k = 0; k < m; k++) {
        const cap_wstatic* st = &w->statics[w->cand[k]];
        if (st->sensor || !((st->category & mask) && (cat & st->mask))) continue;
        t = fmin2(t, advance(st, x, y, a, s->dx, s->dy, s->da, hl, r, slop));
    }
    if (t < 1.0f) {
        s->dx = t * s->dx;
        s->dy = t * s->dy;
        s->da = t * s->da;
    }
}

static uint32_t find_root(uint32_t* g, uint32_t i)
{
    while (g[i] != i) {
        g[i] = g[g[i]];
        i = g[i];
    }
    return i;
}

/* Sleep: a body is still when its speed and its tips' speed are below
 * sleep_speed; bodies in contact sleep together, once every one of them
 * has been still for sleep_time. */
static void sleep_bodies(cap_world* w, cap_wbodies* b)
{
    uint32_t n = b->slots;
    uint32_t* fl = CAP_BODU(b, CAP_BODY_FLAGS);
    float* t = CAP_BODF(b, CAP_BODY_SLEEP_TIME);
    float vs = w->def.sleep_speed * w->def.units_per_meter;
    uint32_t* g = b->group;
    for (uint32_t i = 0; i < n; i++) {
        g[i] = i;
        if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        float vx = CAP_BODF(b, CAP_BODY_VX)[i], vy = CAP_BODF(b, CAP_BODY_VY)[i];
        float tip = CAP_BODF(b, CAP_BODY_W)[i] * (CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i] + CAP_BODF(b, CAP_BODY_RADIUS)[i]);
        int still = vx * vx + vy * vy <= vs * vs && tip * tip <= vs * vs;
        t[i] = still ? t[i] + w->def.dt : 0.0f;
    }
    if (!w->def.sleep_enabled) return;
    for (uint32_t k = 0; k < b->count; k++) {
        const cap_bcontact* c = &b->contacts[k];
        if (c->kind != 1) continue;
        uint32_t x = find_root(g, c->a), y = find_root(g, c->b);
        if (x != y) g[x > y ? x : y] = x < y ? x : y;
    }
    float* least = (float*)(b->group + n); /* the group's least still time, at its root (the awake flags are spent) */
    for (uint32_t i = 0; i < n; i++) least[i] = 3.0e38f;
    for (uint32_t i = 0; i < n; i++) {
        if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        uint32_t r = find_root(g, i);
        least[r] = fmin2(least[r], t[i]);
    }
    for (uint32_t i = 0; i < n; i++) {
        if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE || !(least[find_root(g, i)] >= w->def.sleep_time)) continue;
        fl[i] &= ~CAP_BALL_AWAKE;
        CAP_BODF(b, CAP_BODY_VX)[i] = CAP_BODF(b, CAP_BODY_VY)[i] = CAP_BODF(b, CAP_BODY_W)[i] = 0.0f;
    }
}

void cap_bodies_step(cap_world* w)
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
        cap_bstate z = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
        if ((fl[i] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE) { z.vx = vx[i]; z.vy = vy[i]; z.w = av[i]; }
        st[i] = z;
    }
    /* Balls: their velocity after the balls' step, their displacement since
     * the contacts were found; they move only by what this pass changes. */
    for (uint32_t k = 0; k < b->balls; k++) {
        cap_bstate* s = &st[n + k];
        uint32_t j = s->ball;
        s->vx = s->v0x = CAP_BF(w, CAP_BALL_VX)[j];
        s->vy = s->v0y = CAP_BF(w, CAP_BALL_VY)[j];
        s->w = s->w0 = CAP_BF(w, CAP_BALL_W)[j];
        s->dx = CAP_BF(w, CAP_BALL_X)[j] - s->bx;
        s->dy = CAP_BF(w, CAP_BALL_Y)[j] - s->by;
        s->qc = 1.0f;
        s->qs = s->da = 0.0f;
    }
    for (int sub = 0; sub < d->sub_steps; sub++) {
        for (uint32_t i = 0; i < n; i++) {
            if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
            cap_bstate* s = &st[i];
            float lin = 1.0f / (1.0f + h * ld[i]), an = 1.0f / (1.0f + h * ad[i]);
            s->vx = (s->vx + h * gs[i] * d->gravity_x) * lin;
            s->vy = (s->vy + h * gs[i] * d->gravity_y) * lin;
            s->w = s->w * an;
        }
        pass(b, 0, inv_h, push, ss, bs);
        pass(b, 1, inv_h, push, ss, bs);
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
        for (uint32_t k = 0; k < b->balls; k++) {
            cap_bstate* s = &st[n + k];
            s->dx = s->dx + h * (s->vx - s->v0x);
            s->dy = s->dy + h * (s->vy - s->v0y);
            s->da = s->da + h * (s->w - s->w0);
        }
        pass(b, 2, inv_h, push, ss, bs);
    }
    restitution(w, b);
    for (uint32_t i = 0; i < n; i++) {
        if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        cap_bstate* s = &st[i];
        sweep_body(w, b, i, s);
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
        CAP_BF(w, CAP_BALL_ANGLE)[j] = wrap_angle(CAP_BF(w, CAP_BALL_ANGLE)[j] + s->da);
    }
    forget_balls(b);
    sleep_bodies(w, b);
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
