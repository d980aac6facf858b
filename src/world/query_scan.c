/* capsule2d — the world's queries by a scan of every ball, then every
 * static (then every capsule body: the *_scan entry points): the reference
 * the query index must equal (the *_scan entry points, for tests) and the
 * index's fallback (out of memory, numbers above CAP_QUERY_BIG); and the
 * bodies' part of every query (cap_query_bodies: a scan, for the index's
 * queries too). */
#include <stddef.h>
#include <string.h>

#include "world/world_internal.h"
#include "world/query_internal.h"
#include "world/bodies.h"

/* ---- capsule bodies: a scan of the live slots, for every query -------------
 * O(bodies) per query (bodies are few beside balls; no index of their
 * own). Each body at its current pose (its X, Y, ANGLE fields as the last
 * step or the game left them, cap_body_ends: bodies keep no separate copy
 * of the last step's pose as the balls do), skipped when its box about the
 * centre (half length + radius each way, whatever its angle) is apart from
 * the query's box q (low x, low y, high x, high y: every point a hit can
 * have), padded by 1e-5 of the magnitudes for the exact tests' rounding
 * (q[4]: the box's part of it).
 * Bodies are never sensors. From slot *i up: the next such body's slot in
 * *i and its capsule in *s as a static record (kind capsule, ends, radius:
 * what cap_static_ray & co. read), 1; 0 past the last. */
static int next_body(const cap_world* w, uint32_t* i, const double q[5], cap_wstatic* s)
{
    const cap_wbodies* b = w->bodies;
    if (!b) return 0;
    const uint32_t* flags = CAP_BODU(b, CAP_BODY_FLAGS);
    const float *x = CAP_BODF(b, CAP_BODY_X), *y = CAP_BODF(b, CAP_BODY_Y);
    const float *hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH), *r = CAP_BODF(b, CAP_BODY_RADIUS);
    for (; *i < b->slots; ++*i) {
        uint32_t k = *i;
        double e = (double)hl[k] + r[k];
        e += pad_of(absd(x[k]) + absd(y[k]) + e) + q[4];
        if (!(flags[k] & CAP_BALL_ALIVE) || !(x[k] + e >= q[0] && x[k] - e <= q[2] && y[k] + e >= q[1] && y[k] - e <= q[3]))
            continue; /* (a NaN written into a field: skipped) */
        cap_vec2 p0, p1;
        cap_body_ends(b, k, &p0, &p1);
        memset(s, 0, sizeof *s); /* (kind CAP_STATIC_CAPSULE, not a sensor) */
        s->ax = p0.x, s->ay = p0.y, s->bx = p1.x, s->by = p1.y, s->radius = r[k];
        return 1;
    }
    return 0;
}

uint32_t cap_query_bodies(const cap_world* w, int what, const float* in, uint32_t n, void* best, int* kind,
                          uint32_t* slot, uint32_t* out, uint32_t capacity)
{
    /* the query's box: a path's from (in[0], in[1]) to its end (a ray's at
     * max_fraction, a sweep's x1) grown by a sweep's radius; a circle's; the box */
    double q[5], x = in[0], y = in[1], ex = x, ey = y, g = what == 2 ? in[2] : what == 1 ? in[4] : 0.0;
    if (what != 2) ex = in[2], ey = in[3];
    if (what == 0) ex = x + (double)in[4] * ex, ey = y + (double)in[4] * ey;
    q[0] = (ex < x ? ex : x) - g, q[1] = (ey < y ? ey : y) - g;
    q[2] = (ex < x ? x : ex) + g, q[3] = (ey < y ? y : ey) + g;
    q[4] = pad_of(absd(q[0]) + absd(q[1]) + absd(q[2]) + absd(q[3]));
    cap_wstatic s;
    union { cap_ray_hit r; cap_sweep_hit s; } h;
    for (uint32_t i = 0; next_body(w, &i, q, &s); i++) {
        if (what >= 2) {
            if (what == 3 ? cap_static_box(&s, in) : cap_static_circle(&s, in[0], in[1], in[2])) {
                if (n < capacity) out[n] = CAP_WORLD_BODY_WORD | i;
                n++;
            }
            continue;
        }
        cap_ray ray = {{in[0], in[1]}, {in[2], in[3]}, in[4]}; /* (a sweep's: x0, x1, radius) */
        if (!(what ? cap_static_sweep(&s, ray.origin, ray.direction, in[4], &h.s) : cap_static_ray(&s, ray, &h.r))) continue;
        /* (t first in both records) */
        if (n && !((what ? h.s.t : h.r.fraction) < *(const float*)best)) continue;
        memcpy(best, &h, what ? sizeof h.s : sizeof h.r);
        *kind = 2, *slot = i, n = 1;
    }
    return n;
}

#define BALLS_OF(w)                                                                                         \
    const uint32_t* flags = (const uint32_t*)(w)->ball[CAP_BALL_FLAGS];                                    \
    const float *x = (w)->last_x, *y = (w)->last_y, *r = (const float*)(w)->ball[CAP_BALL_RADIUS]

int cap_query_scan_ray(const cap_world* w, cap_ray ray, cap_ray_hit* best, int* kind, uint32_t* slot)
{
    int found = 0;
    cap_ray_hit h;
    BALLS_OF(w);
    for (uint32_t i = 0; i < w->ball_slots; i++)
        if ((flags[i] & CAP_BALL_ALIVE) && ray_ball(x[i], y[i], r[i], ray, &h) && (!found || h.fraction < best->fraction))
            *best = h, *kind = 1, *slot = i, found = 1;
    for (uint32_t i = 0; i < w->static_slots; i++)
        if (alive_static(w, i) && !w->statics[i].sensor && cap_static_ray(&w->statics[i], ray, &h) &&
            (!found || h.fraction < best->fraction))
            *best = h, *kind = 0, *slot = i, found = 1;
    return found;
}

int cap_query_scan_sweep(const cap_world* w, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* best, int* kind,
                      uint32_t* slot)
{
    int found = 0;
    cap_sweep_hit h;
    BALLS_OF(w);
    for (uint32_t i = 0; i < w->ball_slots; i++)
        if ((flags[i] & CAP_BALL_ALIVE) && sweep_ball(x[i], y[i], r[i], x0, x1, radius, &h) && (!found || h.t < best->t))
            *best = h, *kind = 1, *slot = i, found = 1;
    for (uint32_t i = 0; i < w->static_slots; i++)
        if (alive_static(w, i) && !w->statics[i].sensor && cap_static_sweep(&w->statics[i], x0, x1, radius, &h) &&
            (!found || h.t < best->t))
            *best = h, *kind = 0, *slot = i, found = 1;
    return found;
}

uint32_t cap_query_scan_overlap(const cap_world* w, float qx, float qy, float qr, const float* box, uint32_t* out,
                             uint32_t capacity)
{
    uint32_t n = 0;
    BALLS_OF(w);
    for (uint32_t i = 0; i < w->ball_slots; i++) {
        if (!(flags[i] & CAP_BALL_ALIVE)) continue;
        if (box ? box_ball(x[i], y[i], r[i], box) : circle_ball(x[i], y[i], r[i], qx, qy, qr)) {
            if (n < capacity) out[n] = CAP_WORLD_BALL_WORD | i;
            n++;
        }
    }
    for (uint32_t i = 0; i < w->static_slots; i++) {
        if (!alive_static(w, i)) continue;
        if (box ? cap_static_box(&w->statics[i], box) : cap_static_circle(&w->statics[i], qx, qy, qr)) {
            if (n < capacity) out[n] = i;
            n++;
        }
    }
    return n;
}


/* ---- the reference scans, for tests ---------------------------------------- */

int cap_world_ray_cast_scan(const cap_world* w, cap_ray ray, cap_ray_hit* hit, int* kind, uint32_t* slot)
{
    const float in[5] = {ray.origin.x, ray.origin.y, ray.direction.x, ray.direction.y, ray.max_fraction};
    return finite_all(in, 5) ? (int)cap_query_bodies(w, 0, in, (uint32_t)cap_query_scan_ray(w, ray, hit, kind, slot), hit, kind, slot, NULL, 0) : 0;
}

int cap_world_sweep_ball_scan(const cap_world* w, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* hit,
                              int* kind, uint32_t* slot)
{
    const float in[5] = {x0.x, x0.y, x1.x, x1.y, radius};
    if (!finite_all(in, 5) || radius < 0.0f) return 0;
    return (int)cap_query_bodies(w, 1, in, (uint32_t)cap_query_scan_sweep(w, x0, x1, radius, hit, kind, slot), hit, kind, slot, NULL, 0);
}

uint32_t cap_world_query_circle_scan(const cap_world* w, float x, float y, float r, uint32_t* out, uint32_t capacity)
{
    const float in[3] = {x, y, r};
    if (!finite_all(in, 3) || r < 0.0f) return 0;
    return cap_query_bodies(w, 2, in, cap_query_scan_overlap(w, x, y, r, NULL, out, capacity), NULL, NULL, NULL, out, capacity);
}

uint32_t cap_world_query_box_scan(const cap_world* w, float x0, float y0, float x1, float y1, uint32_t* out,
                                  uint32_t capacity)
{
    const float box[4] = {x0, y0, x1, y1};
    if (!finite_all(box, 4) || x1 < x0 || y1 < y0) return 0;
    return cap_query_bodies(w, 3, box, cap_query_scan_overlap(w, 0.0f, 0.0f, 0.0f, box, out, capacity), NULL, NULL, NULL, out, capacity);
}

