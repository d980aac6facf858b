/* capsule2d — the world's queries by a scan of every ball, then every
 * static: the reference the query index must equal (the *_scan entry
 * points, for tests) and the index's fallback (out of memory, numbers
 * above CAP_QUERY_BIG). */
#include <stddef.h>

#include "world/world_internal.h"
#include "world/query_internal.h"

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
            if (n < capacity) out[n] = (1u << 31) | i;
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

