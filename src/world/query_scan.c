/* capsule2d — the world's queries by a scan of every ball, then every
 * static, then every capsule body: the reference the query index must
 * equal (the *_scan entry points, for tests) and the index's fallback (out
 * of memory, numbers above CAP_QUERY_BIG); and the bodies' part of every
 * query (a scan for the index's queries too). */
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
 * have), padded by 1e-5 of the magnitudes for the exact tests' rounding.
 * Bodies are never sensors. From slot *i up: the next such body's slot in
 * *i and its capsule in *s as a static record (kind capsule, ends, radius:
 * what cap_static_ray & co. read), 1; 0 past the last. */
static int next_body(const cap_world* w, uint32_t* i, const double q[4], cap_wstatic* s)
{
    const cap_wbodies* b = w->bodies;
    if (!b) return 0;
    const uint32_t* flags = CAP_BODU(b, CAP_BODY_FLAGS);
    const float *x = CAP_BODF(b, CAP_BODY_X), *y = CAP_BODF(b, CAP_BODY_Y);
    const float *hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH), *r = CAP_BODF(b, CAP_BODY_RADIUS);
    for (; *i < b->slots; ++*i) {
        uint32_t k = *i;
        double e = (double)hl[k] + r[k];
        e += pad_of(absd(x[k]) + absd(y[k]) + e + absd(q[0]) + absd(q[1]) + absd(q[2]) + absd(q[3]));
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

/* The box of the path from (x0, y0) by (dx, dy) times t_max, grown by g. */
static void path_box(double x0, double y0, double dx, double dy, double t_max, double g, double q[4])
{
    double x1 = x0 + t_max * dx, y1 = y0 + t_max * dy;
    q[0] = (x1 < x0 ? x1 : x0) - g, q[1] = (y1 < y0 ? y1 : y0) - g;
    q[2] = (x1 < x0 ? x0 : x1) + g, q[3] = (y1 < y0 ? y0 : y1) + g;
}

int cap_query_bodies_ray(const cap_world* w, cap_ray ray, int found, cap_ray_hit* best, int* kind, uint32_t* slot)
{
    double q[4];
    cap_wstatic s;
    cap_ray_hit h;
    path_box(ray.origin.x, ray.origin.y, ray.direction.x, ray.direction.y, ray.max_fraction, 0.0, q);
    for (uint32_t i = 0; next_body(w, &i, q, &s); i++)
        if (cap_static_ray(&s, ray, &h) && (!found || h.fraction < best->fraction)) *best = h, *kind = 2, *slot = i, found = 1;
    return found;
}

int cap_query_bodies_sweep(const cap_world* w, cap_vec2 x0, cap_vec2 x1, float radius, int found, cap_sweep_hit* best,
                           int* kind, uint32_t* slot)
{
    double q[4];
    cap_wstatic s;
    cap_sweep_hit h;
    path_box(x0.x, x0.y, (double)x1.x - x0.x, (double)x1.y - x0.y, 1.0, radius, q);
    for (uint32_t i = 0; next_body(w, &i, q, &s); i++)
        if (cap_static_sweep(&s, x0, x1, radius, &h) && (!found || h.t < best->t)) *best = h, *kind = 2, *slot = i, found = 1;
    return found;
}

uint32_t cap_query_bodies_overlap(const cap_world* w, float qx, float qy, float qr, const float* box, uint32_t* out,
                                  uint32_t capacity, uint32_t n)
{
    double q[4];
    cap_wstatic s;
    if (box) q[0] = box[0], q[1] = box[1], q[2] = box[2], q[3] = box[3];
    else path_box(qx, qy, 0.0, 0.0, 0.0, qr, q);
    for (uint32_t i = 0; next_body(w, &i, q, &s); i++) {
        if (box ? cap_static_box(&s, box) : cap_static_circle(&s, qx, qy, qr)) {
            if (n < capacity) out[n] = CAP_WORLD_BODY_WORD | i;
            n++;
        }
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
    return cap_query_bodies_ray(w, ray, found, best, kind, slot);
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
    return cap_query_bodies_sweep(w, x0, x1, radius, found, best, kind, slot);
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
    return cap_query_bodies_overlap(w, qx, qy, qr, box, out, capacity, n);
}


/* ---- the reference scans, for tests ---------------------------------------- */

int cap_world_ray_cast_scan(const cap_world* w, cap_ray ray, cap_ray_hit* hit, int* kind, uint32_t* slot)
{
    const float in[5] = {ray.origin.x, ray.origin.y, ray.direction.x, ray.direction.y, ray.max_fraction};
    return finite_all(in, 5) ? cap_query_scan_ray(w, ray, hit, kind, slot) : 0;
}

int cap_world_sweep_ball_scan(const cap_world* w, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* hit,
                              int* kind, uint32_t* slot)
{
    const float in[5] = {x0.x, x0.y, x1.x, x1.y, radius};
    return finite_all(in, 5) && radius >= 0.0f ? cap_query_scan_sweep(w, x0, x1, radius, hit, kind, slot) : 0;
}

uint32_t cap_world_query_circle_scan(const cap_world* w, float x, float y, float r, uint32_t* out, uint32_t capacity)
{
    const float in[3] = {x, y, r};
    return finite_all(in, 3) && r >= 0.0f ? cap_query_scan_overlap(w, x, y, r, NULL, out, capacity) : 0;
}

uint32_t cap_world_query_box_scan(const cap_world* w, float x0, float y0, float x1, float y1, uint32_t* out,
                                  uint32_t capacity)
{
    const float box[4] = {x0, y0, x1, y1};
    return finite_all(box, 4) && x0 <= x1 && y0 <= y1 ? cap_query_scan_overlap(w, 0.0f, 0.0f, 0.0f, box, out, capacity) : 0;
}

