/* capsule2d — closest hits of rays and swept circles against a capsule set,
 * through its static index; single and batched. The per-shape math is
 * cap_ray_cast_capsule / cap_sweep_circle_capsule (cast.c).
 * Declarations and conventions: capsule2d_batch.h. */
#include "capsule2d_batch.h"
#include "batch/batch_internal.h"
#include "core/scalar.h"

#include <stdlib.h>
#include <string.h>

#define ARRAYS(...) ((void**[]){__VA_ARGS__}), (int)(sizeof((void**[]){__VA_ARGS__}) / sizeof(void**))


static int fail(cap_batch_error* err, int code, int field, uint32_t index)
{
    return cap_batch_fail(err, code, CAP_BATCH_SET_QUERY, field, index);
}

/* The five numbers of a ray (ox, oy, dx, dy, max_fraction) or a sweep
 * (x0, y0, x1, y1, radius): all within the coordinate range (CAP_MAX_COORD)
 * but a ray's max_fraction, which may be any finite float32; the last >= 0;
 * a ray's direction not (0, 0). */
CAP_NOINLINE static int check_five(const float v[5], int is_ray, uint32_t index, cap_batch_error* err)
{
    for (int f = 0; f < 5; f++)
        if (!(f == 4 && is_ray ? cap_finite(v[f]) : cap_in_range(v[f])) || (f == 4 && v[f] < 0.0f))
            return fail(err, CAP_BATCH_BAD_VALUE, f, index);
    if (is_ray && v[2] == 0.0f && v[3] == 0.0f) return fail(err, CAP_BATCH_ZERO_DIRECTION, 2, index);
    return CAP_BATCH_OK;
}

static cap_capsule capsule_at(const cap_capsule_set* s, uint32_t j)
{
    cap_capsule c = {{s->ax[j], s->ay[j]}, {s->bx[j], s->by[j]}, s->radius[j]};
    return c;
}

/* 1 hit, 0 miss; the set and ray are already checked. */
static int ray_closest(cap_capsule_set* s, cap_ray ray, uint32_t* index, cap_ray_hit* hit)
{
    double seg[4] = {ray.origin.x, ray.origin.y, ray.origin.x + (double)ray.max_fraction * ray.direction.x,
                     ray.origin.y + (double)ray.max_fraction * ray.direction.y};
    uint32_t *cand, n;
    int rc = cap_batch_segment_candidates(cap_batch_default_context(), s, seg, 0.0, &cand, &n);
    if (rc) return rc;
    int found = 0;
    for (uint32_t c = 0; c < n; c++) {
        cap_ray_hit h;
        if (cap_ray_cast_capsule(capsule_at(s, cand[c]), ray, &h) != 1) continue;
        if (!found || h.fraction < hit->fraction) { /* ties keep the lower index */
            *hit = h;
            *index = cand[c];
            found = 1;
        }
    }
    return found;
}

static int sweep_closest(cap_capsule_set* s, cap_vec2 x0, cap_vec2 x1, float r, uint32_t* index, cap_sweep_hit* hit)
{
    double seg[4] = {x0.x, x0.y, x1.x, x1.y};
    uint32_t *cand, n;
    int rc = cap_batch_segment_candidates(cap_batch_default_context(), s, seg, r, &cand, &n);
    if (rc) return rc;
    int found = 0;
    for (uint32_t c = 0; c < n; c++) {
        cap_sweep_hit h;
        if (cap_sweep_circle_capsule(capsule_at(s, cand[c]), x0, x1, r, &h) != 1) continue;
        if (!found || h.t < hit->t) {
            *hit = h;
            *index = cand[c];
            found = 1;
        }
    }
    return found;
}

int cap_ray_cast_capsules(cap_capsule_set* s, cap_ray ray, uint32_t* index, cap_ray_hit* hit, cap_batch_error* err)
{
    if (!index || !hit) return fail(err, CAP_BATCH_BAD_ARGUMENT, 0, 0);
    float v[5] = {ray.origin.x, ray.origin.y, ray.direction.x, ray.direction.y, ray.max_fraction};
    int rc = check_five(v, 1, 0, err);
    if (!rc) rc = cap_capsule_set_check(s, err);
    if (rc) return rc;
    uint32_t i = 0;
    cap_ray_hit h;
    rc = ray_closest(s, ray, &i, &h);
    if (rc < 0) return fail(err, rc, 0, 0);
    if (rc == 1) *index = i, *hit = h;
    return rc;
}

int cap_sweep_circle_capsules(cap_capsule_set* s, cap_vec2 x0, cap_vec2 x1, float radius, uint32_t* index,
                              cap_sweep_hit* hit, cap_batch_error* err)
{
    if (!index || !hit) return fail(err, CAP_BATCH_BAD_ARGUMENT, 0, 0);
    float v[5] = {x0.x, x0.y, x1.x, x1.y, radius};
    int rc = check_five(v, 0, 0, err);
    if (!rc) rc = cap_capsule_set_check(s, err);
    if (rc) return rc;
    uint32_t i = 0;
    cap_sweep_hit h;
    rc = sweep_closest(s, x0, x1, radius, &i, &h);
    if (rc < 0) return fail(err, rc, 0, 0);
    if (rc == 1) *index = i, *hit = h;
    return rc;
}

/* ---- batches ------------------------------------------------------------- */

int cap_ray_batch_reserve(cap_ray_batch* b, uint32_t capacity)
{
    if (!b) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= b->capacity && b->ox) return CAP_BATCH_OK;
    int rc = cap_batch_realloc_all(ARRAYS((void**)&b->ox, (void**)&b->oy, (void**)&b->dx, (void**)&b->dy,
                                           (void**)&b->max_fraction, (void**)&b->index, (void**)&b->fraction,
                                           (void**)&b->point_x, (void**)&b->point_y, (void**)&b->nx, (void**)&b->ny,
                                           (void**)&b->starts_inside),
                                    b->count, capacity);
    if (rc == CAP_BATCH_OK && capacity > b->capacity) b->capacity = capacity;
    return rc;
}

int cap_sweep_batch_reserve(cap_sweep_batch* b, uint32_t capacity)
{
    if (!b) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= b->capacity && b->x0) return CAP_BATCH_OK;
    int rc = cap_batch_realloc_all(ARRAYS((void**)&b->x0, (void**)&b->y0, (void**)&b->x1, (void**)&b->y1,
                                           (void**)&b->radius, (void**)&b->index, (void**)&b->t, (void**)&b->center_x,
                                           (void**)&b->center_y, (void**)&b->nx, (void**)&b->ny, (void**)&b->point_x,
                                           (void**)&b->point_y, (void**)&b->starts_inside),
                                    b->count, capacity);
    if (rc == CAP_BATCH_OK && capacity > b->capacity) b->capacity = capacity;
    return rc;
}

cap_ray_batch* cap_ray_batch_create(uint32_t capacity)
{
    cap_ray_batch* b = (cap_ray_batch*)calloc(1, sizeof *b);
    if (!b) return NULL;
    if (cap_ray_batch_reserve(b, capacity) != CAP_BATCH_OK) {
        free(b);
        return NULL;
    }
    b->capacity = capacity;
    return b;
}

cap_sweep_batch* cap_sweep_batch_create(uint32_t capacity)
{
    cap_sweep_batch* b = (cap_sweep_batch*)calloc(1, sizeof *b);
    if (!b) return NULL;
    if (cap_sweep_batch_reserve(b, capacity) != CAP_BATCH_OK) {
        free(b);
        return NULL;
    }
    b->capacity = capacity;
    return b;
}

void cap_ray_batch_destroy(cap_ray_batch* b)
{
    if (!b) return;
    void* p[] = {b->ox, b->oy, b->dx, b->dy, b->max_fraction, b->index, b->fraction,
                 b->point_x, b->point_y, b->nx, b->ny, b->starts_inside};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) free(p[i]);
    free(b);
}

void cap_sweep_batch_destroy(cap_sweep_batch* b)
{
    if (!b) return;
    void* p[] = {b->x0, b->y0, b->x1, b->y1, b->radius, b->index, b->t, b->center_x,
                 b->center_y, b->nx, b->ny, b->point_x, b->point_y, b->starts_inside};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) free(p[i]);
    free(b);
}

int cap_cast_rays(cap_capsule_set* s, cap_ray_batch* rays, uint32_t* hits, cap_batch_error* err)
{
    if (!rays || !hits || rays->count > rays->capacity) return fail(err, CAP_BATCH_BAD_ARGUMENT, 0, 0);
    *hits = 0;
    int rc = cap_capsule_set_check(s, err);
    if (rc) return rc;
    for (uint32_t i = 0; i < rays->count; i++) {
        float v[5] = {rays->ox[i], rays->oy[i], rays->dx[i], rays->dy[i], rays->max_fraction[i]};
        rc = check_five(v, 1, i, err);
        if (rc) return rc;
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < rays->count; i++) {
        cap_ray ray = {{rays->ox[i], rays->oy[i]}, {rays->dx[i], rays->dy[i]}, rays->max_fraction[i]};
        cap_ray_hit h;
        uint32_t j = CAP_BATCH_NO_HIT;
        rc = ray_closest(s, ray, &j, &h);
        if (rc < 0) return fail(err, rc, 0, i);
        n += rc == 1;
        cap_ray_batch_put(rays, i, rc == 1 ? j : CAP_BATCH_NO_HIT, rc == 1 ? &h : NULL);
    }
    *hits = n;
    return CAP_BATCH_OK;
}

int cap_sweep_circles(cap_capsule_set* s, cap_sweep_batch* sweeps, uint32_t* hits, cap_batch_error* err)
{
    if (!sweeps || !hits || sweeps->count > sweeps->capacity) return fail(err, CAP_BATCH_BAD_ARGUMENT, 0, 0);
    *hits = 0;
    int rc = cap_capsule_set_check(s, err);
    if (rc) return rc;
    for (uint32_t i = 0; i < sweeps->count; i++) {
        float v[5] = {sweeps->x0[i], sweeps->y0[i], sweeps->x1[i], sweeps->y1[i], sweeps->radius[i]};
        rc = check_five(v, 0, i, err);
        if (rc) return rc;
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < sweeps->count; i++) {
        cap_vec2 x0 = {sweeps->x0[i], sweeps->y0[i]}, x1 = {sweeps->x1[i], sweeps->y1[i]};
        cap_sweep_hit h;
        uint32_t j = CAP_BATCH_NO_HIT;
        rc = sweep_closest(s, x0, x1, sweeps->radius[i], &j, &h);
        if (rc < 0) return fail(err, rc, 0, i);
        n += rc == 1;
        cap_sweep_batch_put(sweeps, i, rc == 1 ? j : CAP_BATCH_NO_HIT, rc == 1 ? &h : NULL);
    }
    *hits = n;
    return CAP_BATCH_OK;
}

void cap_ray_batch_put(cap_ray_batch* rays, uint32_t i, uint32_t index, const cap_ray_hit* h)
{
    cap_ray_hit z;
    if (!h) {
        memset(&z, 0, sizeof z);
        h = &z;
    }
    rays->index[i] = index;
    rays->fraction[i] = h->fraction;
    rays->point_x[i] = h->point.x;
    rays->point_y[i] = h->point.y;
    rays->nx[i] = h->normal.x;
    rays->ny[i] = h->normal.y;
    rays->starts_inside[i] = (uint32_t)h->starts_inside;
}

void cap_sweep_batch_put(cap_sweep_batch* sweeps, uint32_t i, uint32_t index, const cap_sweep_hit* h)
{
    cap_sweep_hit z;
    if (!h) {
        memset(&z, 0, sizeof z);
        h = &z;
    }
    sweeps->index[i] = index;
    sweeps->t[i] = h->t;
    sweeps->center_x[i] = h->center.x;
    sweeps->center_y[i] = h->center.y;
    sweeps->nx[i] = h->normal.x;
    sweeps->ny[i] = h->normal.y;
    sweeps->point_x[i] = h->point.x;
    sweeps->point_y[i] = h->point.y;
    sweeps->starts_inside[i] = (uint32_t)h->starts_inside;
}
