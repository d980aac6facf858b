/* capsule2d — capsule bodies' step, begin (may fail, changes nothing then):
 * check every live body, find who is awake this step (bodies_sleep.c),
 * find the contacts of the awake bodies (statics through the static grid,
 * bodies near them by this step's pairs, bodies_pairs.c, and balls), warm
 * start them from last step's matching points. Orders come from slots
 * only. */
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

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

/* A ball's reach: the slop margin plus its travel over the step, at most
 * 4 radii (as a ball-static contact's). */
float cap_body_ball_reach(const cap_world* w, uint32_t j)
{
    float v = cap_length(cap_v2(CAP_BF(w, CAP_BALL_VX)[j], CAP_BF(w, CAP_BALL_VY)[j]));
    return 4.0f * 0.005f * w->def.units_per_meter + fmin2(v * w->def.dt, 4.0f * CAP_BF(w, CAP_BALL_RADIUS)[j]);
}

/* Appends the manifold's points as contacts (room made by the caller). */
static void add_points(cap_wbodies* b, const bman* m, uint32_t kind, uint32_t a, uint32_t bb, uint32_t sb, float fr, float re)
{
    if (m->count > 0) b->mstart[b->mcount++] = b->count;
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
    if (b->count + more <= b->contacts_cap && b->mcount + 2 <= b->mstart_cap) return 1;
    void* p = b->contacts;
    if (cap_world_reserve_bytes(&p, &b->contacts_cap, b->count + more, sizeof(cap_bcontact)) ||
        cap_world_reserve_u32(&b->mstart, &b->mstart_cap, b->mcount + 2))
        return 0;
    b->contacts = p;
    return 1;
}

/* The contacts of one awake-to-be body i with the statics, then with the
 * higher slots' bodies that are awake-to-be or that it touches. */
static int find_body(cap_world* w, cap_wbodies* b, uint32_t i, const uint32_t* awake)
{
    const float* pi = &b->pre[5 * (size_t)i];
    cap_vec2 p0 = cap_v2(pi[0], pi[1]), p1 = cap_v2(pi[2], pi[3]);
    float r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float reach = pi[4], margin = 4.0f * 0.005f * w->def.units_per_meter;
    /* Its motion over the step, for cap_body_clip (turning: its tips' travel). */
    const float dt = w->def.dt, slop = 0.005f * w->def.units_per_meter;
    const cap_vec2 vi = cap_v2(CAP_BODF(b, CAP_BODY_VX)[i] * dt, CAP_BODF(b, CAP_BODY_VY)[i] * dt);
    const float turn = cap_absf(CAP_BODF(b, CAP_BODY_W)[i]) * CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i] * dt;
    float fr = CAP_BODF(b, CAP_BODY_FRICTION)[i], re = CAP_BODF(b, CAP_BODY_RESTITUTION)[i];
    uint32_t cat = CAP_BODU(b, CAP_BODY_CATEGORY)[i], mask = CAP_BODU(b, CAP_BODY_MASK)[i];
    float e = r + reach;
    uint32_t m = cap_world_static_candidates(w, fmin2(p0.x, p1.x) - e, fmin2(p0.y, p1.y) - e, fmax2(p0.x, p1.x) + e,
                                             fmax2(p0.y, p1.y) + e);
    if (w->static_slots && !w->cand) return 0;
    /* Kinematic and pivoted capsules (not in the grid) whose box meets,
     * merged into slot order; solved at this pose, their surfaces moving
     * (bodies_step.c's prepare). */
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
        if (st->kind == CAP_STATIC_LINE) {
            /* Both ends farther than the reach (cap_body_manifold_line's
             * test, the same operations): no point, no call (the walls). */
            cap_vec2 a = cap_v2(st->ax, st->ay), nl = cap_v2(st->nx, st->ny);
            if (cap_dot(cap_sub(p0, a), nl) - r > reach && cap_dot(cap_sub(p1, a), nl) - r > reach) continue;
        }
        bman man;
        int hit = st->kind == CAP_STATIC_LINE
                      ? cap_body_manifold_line(cap_v2(st->ax, st->ay), cap_v2(st->nx, st->ny), p0, p1, r, reach, &man)
                      : cap_body_manifold(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), st->radius, p0, p1, r, reach, &man);
        /* (Kinematic and pivoted capsules too, by the body's own motion
         * only: one that moves into the body from beyond the reach is the
         * sweep's, which carries the body on, bodies_ccd.c.) */
        if (hit && st->kind != CAP_STATIC_LINE && turn <= slop &&
            !cap_body_clip(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), st->radius, p0, p1, r, vi, reach, margin, &man))
            continue;
        if (!hit) continue;
        if (!room(b, 2)) return 0;
        add_points(b, &man, 0, w->cand[k], i, i, __builtin_sqrtf(fr * st->friction), fmax2(re, st->restitution));
    }
    const uint32_t* nb;
    uint32_t near = cap_body_near(b, i, &nb);
    /* (i's box and slack term, once: the loop's stores could alias pre) */
    const float ix0 = fmin2(pi[0], pi[2]), ix1 = fmax2(pi[0], pi[2]), iy0 = fmin2(pi[1], pi[3]), iy1 = fmax2(pi[1], pi[3]);
    const float islack = 1e-6f * (__builtin_fabsf(pi[0]) + __builtin_fabsf(pi[1]));
    for (uint32_t q = b->adj_low[i]; q < near; q++) { /* the higher slots: the list's upper part */
        uint32_t j = nb[q];
        if (!awake[j] || (b->joined_count && cap_bodies_joined(b, i, j))) continue;
        const float* pj = &b->pre[5 * (size_t)j];
        float rj = CAP_BODF(b, CAP_BODY_RADIUS)[j], gap = reach + (pj[4] - margin);
        /* The cores' boxes, each grown by its radius, apart by more than
         * the gap (and a slack far above float32 rounding): no point. */
        float slack = 1e-3f * (r + rj + gap) + islack; /* (> 0: r > 0) */
        float ex = r + rj + gap + slack;
        if (ix0 - fmax2(pj[0], pj[2]) > ex || fmin2(pj[0], pj[2]) - ix1 > ex || iy0 - fmax2(pj[1], pj[3]) > ex ||
            fmin2(pj[1], pj[3]) - iy1 > ex)
            continue;
        cap_vec2 q0 = cap_v2(pj[0], pj[1]), q1 = cap_v2(pj[2], pj[3]);
        bman man;
        if (!cap_body_manifold(p0, p1, r, q0, q1, rj, gap, &man)) continue;
        if (turn + cap_absf(CAP_BODF(b, CAP_BODY_W)[j]) * CAP_BODF(b, CAP_BODY_HALF_LENGTH)[j] * dt <= slop &&
            !cap_body_clip(p0, p1, r, q0, q1, rj,
                           cap_sub(cap_v2(CAP_BODF(b, CAP_BODY_VX)[j] * dt, CAP_BODF(b, CAP_BODY_VY)[j] * dt), vi), gap, margin, &man))
            continue;
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
        if (b->joined_count && cap_bodies_joined_ball(b, i, j)) continue; /* joined: no contact (as two bodies) */
        float e2 = ext + brad[j] + cap_body_ball_reach(w, j);
        if (cap_absf(bx[j] - cx) > e2 || cap_absf(by[j] - cy) > e2) continue;
        cap_vec2 c = cap_v2(bx[j], by[j]);
        bman man;
        float gb = reach + cap_body_ball_reach(w, j);
        if (!cap_body_manifold(p0, p1, r, c, c, brad[j], gb, &man)) continue;
        if (turn <= slop &&
            !cap_body_clip(p0, p1, r, c, c, brad[j], cap_sub(cap_v2(CAP_BF(w, CAP_BALL_VX)[j] * dt, CAP_BF(w, CAP_BALL_VY)[j] * dt), vi), gb,
                           margin, &man))
            continue;
        if (!room(b, 2) || cap_bodies_ball_state(w, b, j) == NONE) return 0;
        add_points(b, &man, 2, i, j, b->ball_state[j], __builtin_sqrtf(fr * CAP_BF(w, CAP_BALL_FRICTION)[j]),
                   fmax2(re, CAP_BF(w, CAP_BALL_RESTITUTION)[j]));
    }
    return 1;
}

uint32_t cap_bodies_ball_state(const cap_world* w, cap_wbodies* b, uint32_t j)
{
    if (b->ball_state[j] != NONE) return b->ball_state[j];
    uint32_t k = b->slots + b->balls;
    void* p = b->state;
    if (cap_world_reserve_bytes(&p, &b->state_cap, k + 2, sizeof(cap_bstate))) return NONE; /* and the inert state */
    b->state = p;
    b->ball_state[j] = k;
    b->balls++;
    cap_bstate z = {0, 0, 0, 0, 0, 1, 0, 0, j, 0, 0, 0, CAP_BF(w, CAP_BALL_X)[j], CAP_BF(w, CAP_BALL_Y)[j],
                    CAP_BF(w, CAP_BALL_VX)[j], CAP_BF(w, CAP_BALL_VY)[j], CAP_BF(w, CAP_BALL_W)[j], 0, 0, 0, 0, 0, 0, 0, 0};
    b->state[k] = z;
    return k;
}

void cap_bodies_ball_stopped(cap_wbodies* b, uint32_t j)
{
    if (j < b->ball_state_cap && b->ball_state[j] != NONE) b->state[b->ball_state[j]].stopped = 1.0f;
}

/* Drops the balls' solver states (the map back to all ~0). */
void cap_bodies_forget_balls(cap_wbodies* b)
{
    for (uint32_t k = 0; k < b->balls; k++) b->ball_state[b->state[b->slots + k].ball] = NONE;
    b->balls = 0;
}

/* cap_bcontact_cmp's order as two keys: (lower body, kind), then (the
 * other slot, point id). */
static inline uint64_t bkey_hi(const cap_bcontact* c)
{
    return (uint64_t)(c->kind ? c->a : c->b) << 32 | c->kind;
}
static inline uint64_t bkey_lo(const cap_bcontact* c)
{
    return (uint64_t)(c->kind ? c->b : c->a) << 32 | c->id;
}

/* A contact's order: its lower body, kind, the other slot, point id. */
int cap_bcontact_cmp(const cap_bcontact* x, const cap_bcontact* y)
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
        /* (room for every ball slot in the fast balls' list: cap_bodies_fast_balls) */
        if (b->fast_cap < w->ball_slots && cap_world_reserve_u32(&b->fast, &b->fast_cap, w->ball_slots)) return CAP_WORLD_NO_MEMORY;
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
    float margin = 4.0f * 0.005f * w->def.units_per_meter;
    if (!cap_bodies_pairs(w, b, margin)) return CAP_WORLD_NO_MEMORY;
    if (cap_bodies_joined_build(w, b)) return CAP_WORLD_NO_MEMORY;
    cap_bodies_wake(w, b, awake, margin);
    b->count = 0;
    b->mcount = 0;
    b->balls = 0;
    if (cap_world_reserve_u32(&b->mstart, &b->mstart_cap, 1)) return CAP_WORLD_NO_MEMORY;
    for (uint32_t i = 0; i < n; i++)
        if (awake[i] && !find_body(w, b, i, awake)) {
            cap_bodies_forget_balls(b);
            return CAP_WORLD_NO_MEMORY;
        }
    /* The balls joined to bodies: a state each (after the touching ones). */
    const uint32_t touching = b->balls;
    if (w->joint_count && cap_joints_body_balls(w, b, awake)) {
        cap_bodies_forget_balls(b);
        return CAP_WORLD_NO_MEMORY;
    }
    b->mstart[b->mcount] = b->count;
    if (cap_bodies_color(b) || cap_bodies_touch_room(b)) {
        cap_bodies_forget_balls(b);
        return CAP_WORLD_NO_MEMORY;
    }

    /* Nothing fails from here: wake, then warm start from last step. */
    uint32_t* fl = CAP_BODU(b, CAP_BODY_FLAGS);
    for (uint32_t i = 0; i < n; i++) {
        if (awake[i] > 1) CAP_BODF(b, CAP_BODY_SLEEP_TIME)[i] = 0.0f;
        if (awake[i]) fl[i] |= CAP_BALL_AWAKE;
    }
    /* The balls they touch wake (the balls' step then moves them too), and
     * the balls joined to awake bodies (bodies_joints.c). */
    for (uint32_t k = 0; k < b->balls; k++) {
        uint32_t j = b->state[n + k].ball;
        if (k >= touching && b->state[n + k].joined == 0.0f) continue;
        if (!(CAP_BU(w, CAP_BALL_FLAGS)[j] & CAP_BALL_AWAKE)) {
            CAP_BU(w, CAP_BALL_FLAGS)[j] |= CAP_BALL_AWAKE;
            CAP_BF(w, CAP_BALL_SLEEP_TIME)[j] = 0.0f;
        }
    }
    /* Both lists in cap_bcontact_cmp's order: one merge, on two 64-bit
     * keys per contact (the lower body and kind; the other slot and id). */
    uint32_t p = 0;
    /* prev[p]'s keys (all ones past the end: above every contact's, whose
     * kind is at most 2). */
    uint64_t phi = ~(uint64_t)0, plo = ~(uint64_t)0;
    if (b->prev_count) phi = bkey_hi(&b->prev[0]), plo = bkey_lo(&b->prev[0]);
    for (uint32_t k = 0; k < b->count; k++) {
        cap_bcontact* c = &b->contacts[k];
        uint64_t hi = bkey_hi(c), lo = bkey_lo(c);
        while (phi < hi || (phi == hi && plo < lo)) {
            if (++p < b->prev_count) phi = bkey_hi(&b->prev[p]), plo = bkey_lo(&b->prev[p]);
            else phi = plo = ~(uint64_t)0;
        }
        if (phi == hi && plo == lo) {
            c->jn = b->prev[p].jn;
            c->jt = b->prev[p].jt;
        }
    }
    return CAP_WORLD_OK;
}
