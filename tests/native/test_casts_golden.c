/* The golden hash of the casts scene: region queries, scalar ray casts and
 * sweeps, and the batched casts over the batch golden scene. The same scene
 * in JS: tests/casts-scene.js; the constant: tests/golden/casts.h (how to
 * regenerate it is said there). */
#include <stdint.h>
#include <string.h>

#include "test.h"
#include "capsule2d.h"
#include "capsule2d_batch.h"
#include "helpers/batch_scene.h"
#include "../golden/casts.h"

enum { CASTS_QUERIES = 200, SCENE_CAPSULES = 300, SCENE_CIRCLES = 2000 };

static uint32_t fnv(const void* p, size_t n, uint32_t h)
{
    const unsigned char* b = (const unsigned char*)p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x01000193u;
    }
    return h;
}

static uint32_t fnv_u32(uint32_t v, uint32_t h) { return fnv(&v, 4, h); }

static uint32_t fnv_floats(const float* v, size_t n, uint32_t h) { return fnv(v, n * 4, h); }

static uint32_t hash_indices(const cap_index_buffer* b, uint32_t h)
{
    h = fnv_u32(b->count, h);
    return fnv(b->index, (size_t)(b->count < b->capacity ? b->count : b->capacity) * 4, h);
}

static uint32_t hash_ray(int rc, const cap_ray_hit* r, uint32_t h)
{
    h = fnv_u32(rc == 1, h);
    if (rc != 1) return h;
    float v[5] = {r->fraction, r->point.x, r->point.y, r->normal.x, r->normal.y};
    return fnv_u32((uint32_t)r->starts_inside, fnv_floats(v, 5, h));
}

static uint32_t hash_sweep(int rc, const cap_sweep_hit* s, uint32_t h)
{
    h = fnv_u32(rc == 1, h);
    if (rc != 1) return h;
    float v[7] = {s->t, s->center.x, s->center.y, s->normal.x, s->normal.y, s->point.x, s->point.y};
    return fnv_u32((uint32_t)s->starts_inside, fnv_floats(v, 7, h));
}

/* The batch golden scene (tests/determinism-scene.js, buildScene). */
static void golden_scene(cap_capsule_set* caps, cap_circle_set* circ)
{
    rng_state = 20261122u;
    for (uint32_t j = 0; j < SCENE_CAPSULES; j++) {
        float x = rng_range(0, 100), y = rng_range(0, 75);
        float dx = rng_range(-2, 2), dy = rng_range(-2, 2), r = rng_range(0, 0.5f);
        caps->ax[j] = x, caps->ay[j] = y, caps->bx[j] = x + dx, caps->by[j] = y + dy;
        caps->radius[j] = j % 5 == 0 ? 0.0f : r;
    }
    caps->count = SCENE_CAPSULES;
    caps->version++;
    for (uint32_t i = 0; i < SCENE_CIRCLES; i++) {
        float x = rng_range(0, 100), y = rng_range(0, 75), r = rng_range(0.2f, 0.8f);
        circ->x[i] = x, circ->y[i] = y, circ->radius[i] = r;
    }
    circ->count = SCENE_CIRCLES;
}

int test_casts_determinism_hash(void)
{
    cap_capsule_set* caps = cap_capsule_set_create(SCENE_CAPSULES);
    cap_circle_set* circ = cap_circle_set_create(SCENE_CIRCLES);
    cap_index_buffer* ib = cap_index_buffer_create(4096);
    cap_ray_batch* rays = cap_ray_batch_create(CASTS_QUERIES);
    cap_sweep_batch* sweeps = cap_sweep_batch_create(CASTS_QUERIES);
    ENSURE(caps && circ && ib && rays && sweeps);
    golden_scene(caps, circ);
    rng_state = 7u;
    uint32_t h = 0x811c9dc5u;
    int ok = 1;
    for (uint32_t q = 0; q < CASTS_QUERIES; q++) {
        float x = rng_range(0, 100), y = rng_range(0, 75), r = rng_range(0, 4);
        float x1 = x + rng_range(0, 8), y1 = y + rng_range(0, 6);
        ok &= cap_query_circle_circles(circ, x, y, r, ib, NULL) == CAP_BATCH_OK && ib->count <= ib->capacity;
        h = hash_indices(ib, h);
        ok &= cap_query_circle_capsules(caps, x, y, r, ib, NULL) == CAP_BATCH_OK && ib->count <= ib->capacity;
        h = hash_indices(ib, h);
        ok &= cap_query_box_capsules(caps, x, y, x1, y1, ib, NULL) == CAP_BATCH_OK && ib->count <= ib->capacity;
        h = hash_indices(ib, h);
        ok &= cap_query_box_circles(circ, x, y, x1, y1, ib, NULL) == CAP_BATCH_OK && ib->count <= ib->capacity;
        h = hash_indices(ib, h);
        float dx = rng_range(-1, 1), dy = rng_range(-1, 1);
        if (dx == 0.0f && dy == 0.0f) dy = 1.0f;
        float mf = rng_range(0, 40);
        rays->ox[q] = x, rays->oy[q] = y, rays->dx[q] = dx, rays->dy[q] = dy, rays->max_fraction[q] = mf;
        float sx = x + rng_range(-12, 12), sy = y + rng_range(-12, 12), sr = rng_range(0, 1.5f);
        sweeps->x0[q] = x, sweeps->y0[q] = y, sweeps->x1[q] = sx, sweeps->y1[q] = sy, sweeps->radius[q] = sr;
        /* scalar casts aimed near circle i and capsule j */
        uint32_t i = q % SCENE_CIRCLES, j = (q * 7) % SCENE_CAPSULES;
        float ox = circ->x[i] + rng_range(-6, 6), oy = circ->y[i] + rng_range(-6, 6);
        float ux = (circ->x[i] - ox) + rng_range(-1, 1), uy = (circ->y[i] - oy) + rng_range(-1, 1);
        if (ux == 0.0f && uy == 0.0f) uy = 1.0f;
        float reach = rng_range(0, 2);
        float mx = (caps->ax[j] + caps->bx[j]) * 0.5f, my = (caps->ay[j] + caps->by[j]) * 0.5f;
        float px = mx + rng_range(-5, 5), py = my + rng_range(-5, 5);
        float vx = (mx - px) + rng_range(-1, 1), vy = (my - py) + rng_range(-1, 1);
        if (vx == 0.0f && vy == 0.0f) vy = 1.0f;
        float mr = rng_range(0, 1);
        cap_circle circle = {{circ->x[i], circ->y[i]}, circ->radius[i]};
        cap_vec2 a = {caps->ax[j], caps->ay[j]}, b = {caps->bx[j], caps->by[j]};
        cap_capsule capsule = {a, b, caps->radius[j]};
        cap_ray ray_c = {{ox, oy}, {ux, uy}, reach}, ray_k = {{px, py}, {vx, vy}, reach};
        cap_vec2 c0 = {ox, oy}, c1 = {ox + ux, oy + uy}, k0 = {px, py}, k1 = {px + vx, py + vy};
        cap_ray_hit rh;
        cap_sweep_hit sh;
        int rc;
        memset(&rh, 0, sizeof rh);
        memset(&sh, 0, sizeof sh);
        rc = cap_ray_cast_circle(circle, ray_c, &rh);
        h = hash_ray(rc, &rh, h);
        rc = cap_ray_cast_segment(a, b, ray_k, &rh);
        h = hash_ray(rc, &rh, h);
        rc = cap_ray_cast_capsule(capsule, ray_k, &rh);
        h = hash_ray(rc, &rh, h);
        rc = cap_sweep_circle_circle(circle, c0, c1, mr, &sh);
        h = hash_sweep(rc, &sh, h);
        rc = cap_sweep_circle_segment(a, b, k0, k1, mr, &sh);
        h = hash_sweep(rc, &sh, h);
        rc = cap_sweep_circle_capsule(capsule, k0, k1, mr, &sh);
        h = hash_sweep(rc, &sh, h);
    }
    ENSURE(ok);
    rays->count = sweeps->count = CASTS_QUERIES;
    uint32_t hits = 0;
    ENSURE(cap_cast_rays(caps, rays, &hits, NULL) == CAP_BATCH_OK);
    h = fnv_u32(hits, h);
    h = fnv(rays->index, CASTS_QUERIES * 4, h);
    h = fnv_floats(rays->fraction, CASTS_QUERIES, h);
    h = fnv_floats(rays->point_x, CASTS_QUERIES, h);
    h = fnv_floats(rays->point_y, CASTS_QUERIES, h);
    h = fnv_floats(rays->nx, CASTS_QUERIES, h);
    h = fnv_floats(rays->ny, CASTS_QUERIES, h);
    h = fnv(rays->starts_inside, CASTS_QUERIES * 4, h);
    ENSURE(cap_sweep_circles(caps, sweeps, &hits, NULL) == CAP_BATCH_OK);
    h = fnv_u32(hits, h);
    h = fnv(sweeps->index, CASTS_QUERIES * 4, h);
    h = fnv_floats(sweeps->t, CASTS_QUERIES, h);
    h = fnv_floats(sweeps->center_x, CASTS_QUERIES, h);
    h = fnv_floats(sweeps->center_y, CASTS_QUERIES, h);
    h = fnv_floats(sweeps->nx, CASTS_QUERIES, h);
    h = fnv_floats(sweeps->ny, CASTS_QUERIES, h);
    h = fnv_floats(sweeps->point_x, CASTS_QUERIES, h);
    h = fnv_floats(sweeps->point_y, CASTS_QUERIES, h);
    h = fnv(sweeps->starts_inside, CASTS_QUERIES * 4, h);
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_index_buffer_destroy(ib);
    cap_ray_batch_destroy(rays);
    cap_sweep_batch_destroy(sweeps);
    if (h != CAP_CASTS_GOLDEN_HASH) printf("  casts hash 0x%08x (tests/golden/casts.h: 0x%08x)\n", h, CAP_CASTS_GOLDEN_HASH);
    ENSURE(h == CAP_CASTS_GOLDEN_HASH);
    return 0;
}
