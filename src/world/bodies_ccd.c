/* capsule2d — capsule bodies' continuous collision against the statics:
 * conservative advancement of the rotating capsule. */
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

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
 * never takes the gap below allowed - slop / 2. 1: no hit. strict (a body
 * held by a drag joint, whose pull may exceed what the soft contacts
 * hold): the last t whose gap is still above the allowed one (the start
 * when none), never below half the radii's sum, so no pull ever takes the
 * body deeper step after step, nor its core across a static's. */
static float advance(const cap_wstatic* st, float x, float y, float a, float dx, float dy, float da, float hl, float r,
                     float slop, int strict)
{
    float mu = cap_length(cap_v2(dx, dy)) + cap_absf(da) * hl;
    if (!(mu > 0.0f)) return 1.0f;
    float g = gap_to(st, x, y, a, hl, r);
    float allowed = g > slop ? slop : fmax2(g - slop, fmin2(g, -2.0f * slop));
    if (strict && st->kind != CAP_STATIC_LINE) allowed = fmax2(allowed, fmin2(g, -0.5f * (st->radius + r)));
    float t = 0.0f, safe = 0.0f;
    for (int it = 0; it < 50; it++) {
        t = t + (g - allowed + 0.5f * slop) / mu;
        if (!(t < 1.0f)) {
            if (!strict) return 1.0f;
            t = 1.0f;
        }
        g = gap_to(st, x + t * dx, y + t * dy, a + t * da, hl, r);
        if (g <= allowed) return strict && g < allowed ? safe : t;
        if (t == 1.0f) return 1.0f;
        safe = t;
    }
    return strict ? safe : t;
}

/* Each awake body that moved more than a quarter of its radius (a body
 * held by a drag joint: whenever it moved, strict) is swept from its start
 * pose to its end pose against the statics (not sensors; category and
 * mask) and stopped at the first time of impact, keeping its velocity (the
 * next step's contacts act). */
void cap_body_sweep(cap_world* w, cap_wbodies* b, uint32_t i, cap_bstate* s, int strict)
{
    float hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i], r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float travel = cap_length(cap_v2(s->dx, s->dy)) + cap_absf(s->da) * hl;
    if (!(travel > (strict ? 0.0f : 0.25f * r))) return;
    float x = CAP_BODF(b, CAP_BODY_X)[i], y = CAP_BODF(b, CAP_BODY_Y)[i], a = CAP_BODF(b, CAP_BODY_ANGLE)[i];
    float e = hl + r + 0.005f * w->def.units_per_meter;
    uint32_t m = cap_world_static_candidates(w, fmin2(x, x + s->dx) - e, fmin2(y, y + s->dy) - e, fmax2(x, x + s->dx) + e,
                                             fmax2(y, y + s->dy) + e);
    uint32_t cat = CAP_BODU(b, CAP_BODY_CATEGORY)[i], mask = CAP_BODU(b, CAP_BODY_MASK)[i];
    float t = 1.0f, slop = 0.005f * w->def.units_per_meter;
    for (uint32_t k = 0; k < m; k++) {
        const cap_wstatic* st = &w->statics[w->cand[k]];
        if (st->sensor || !((st->category & mask) && (cat & st->mask))) continue;
        t = fmin2(t, advance(st, x, y, a, s->dx, s->dy, s->da, hl, r, slop, strict));
    }
    if (t < 1.0f) {
        s->dx = t * s->dx;
        s->dy = t * s->dy;
        s->da = t * s->da;
    }
}
