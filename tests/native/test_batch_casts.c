/* Native tests of the batch casts: closest ray and sweep hits over a
 * capsule set against brute force, ties, starting inside, errors. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "test.h"
#include "capsule2d_batch.h"
#include "batch/batch_internal.h"
#include "helpers/batch_scene.h"

/* ---- closest hits of rays and sweeps ------------------------------------- */

static int brute_ray(const cap_capsule_set* s, cap_ray ray, uint32_t* index, cap_ray_hit* best)
{
    int found = 0;
    for (uint32_t j = 0; j < s->count; j++) {
        cap_capsule c = {{s->ax[j], s->ay[j]}, {s->bx[j], s->by[j]}, s->radius[j]};
        cap_ray_hit h;
        if (cap_ray_cast_capsule(c, ray, &h) == 1 && (!found || h.fraction < best->fraction)) {
            *best = h;
            *index = j;
            found = 1;
        }
    }
    return found;
}

static int brute_sweep(const cap_capsule_set* s, cap_vec2 x0, cap_vec2 x1, float r, uint32_t* index,
                       cap_sweep_hit* best)
{
    int found = 0;
    for (uint32_t j = 0; j < s->count; j++) {
        cap_capsule c = {{s->ax[j], s->ay[j]}, {s->bx[j], s->by[j]}, s->radius[j]};
        cap_sweep_hit h;
        if (cap_sweep_circle_capsule(c, x0, x1, r, &h) == 1 && (!found || h.t < best->t)) {
            *best = h;
            *index = j;
            found = 1;
        }
    }
    return found;
}

int test_batch_casts_equal_brute_force(void)
{
    rng_state = 606;
    uint32_t m = 400;
    cap_capsule_set* caps = cap_capsule_set_create(m);
    cap_circle_set* unused = cap_circle_set_create(1);
    fill_scene(caps, m, unused, 0, 100, 80, 3, 0.6f);
    cap_ray_batch* rays = cap_ray_batch_create(300);
    cap_sweep_batch* sweeps = cap_sweep_batch_create(300);
    int hits = 0;
    for (uint32_t q = 0; q < 300; q++) {
        float ox = rng_range(-20, 120), oy = rng_range(-20, 100);
        float dx = rng_range(-1, 1), dy = rng_range(-1, 1), mf = q % 3 ? rng_range(0, 150) : rng_range(0, 5);
        if (q % 17 == 0) dx = 0; /* vertical */
        if (q % 19 == 0) dy = 0; /* horizontal */
        if (dx == 0 && dy == 0) dx = 1;
        cap_ray ray = {{ox, oy}, {dx, dy}, mf};
        uint32_t gi = 0, bi = 0;
        cap_ray_hit g, b;
        int got = cap_ray_cast_capsules(caps, ray, &gi, &g, NULL);
        int want = brute_ray(caps, ray, &bi, &b);
        ENSURE(got == want);
        if (got) {
            hits++;
            ENSURE(gi == bi && cap_same_bits(g.fraction, b.fraction) && cap_same_bits(g.normal.x, b.normal.x));
        }
        rays->ox[q] = ox, rays->oy[q] = oy, rays->dx[q] = dx, rays->dy[q] = dy, rays->max_fraction[q] = mf;
        float r = q % 4 ? rng_range(0, 1.5f) : 0.0f;
        cap_vec2 x0 = {ox, oy}, x1 = {ox + dx * mf, oy + dy * mf};
        cap_sweep_hit sg, sb;
        got = cap_sweep_circle_capsules(caps, x0, x1, r, &gi, &sg, NULL);
        want = brute_sweep(caps, x0, x1, r, &bi, &sb);
        ENSURE(got == want);
        if (got) ENSURE(gi == bi && cap_same_bits(sg.t, sb.t) && cap_same_bits(sg.point.y, sb.point.y));
        sweeps->x0[q] = x0.x, sweeps->y0[q] = x0.y, sweeps->x1[q] = x1.x, sweeps->y1[q] = x1.y, sweeps->radius[q] = r;
    }
    ENSURE(hits > 50 && hits < 300);
    rays->count = sweeps->count = 300;
    uint32_t nr = 0, ns = 0;
    ENSURE(cap_cast_rays(caps, rays, &nr, NULL) == CAP_BATCH_OK);
    ENSURE(cap_sweep_circles(caps, sweeps, &ns, NULL) == CAP_BATCH_OK);
    ENSURE(nr == (uint32_t)hits);
    for (uint32_t q = 0; q < 300; q++) {
        cap_ray ray = {{rays->ox[q], rays->oy[q]}, {rays->dx[q], rays->dy[q]}, rays->max_fraction[q]};
        uint32_t bi = 0;
        cap_ray_hit b;
        if (brute_ray(caps, ray, &bi, &b)) {
            ENSURE(rays->index[q] == bi && cap_same_bits(rays->fraction[q], b.fraction));
            ENSURE(rays->starts_inside[q] == (uint32_t)b.starts_inside);
        } else {
            ENSURE(rays->index[q] == CAP_BATCH_NO_HIT && rays->fraction[q] == 0.0f);
        }
        cap_vec2 x0 = {sweeps->x0[q], sweeps->y0[q]}, x1 = {sweeps->x1[q], sweeps->y1[q]};
        cap_sweep_hit sb;
        if (brute_sweep(caps, x0, x1, sweeps->radius[q], &bi, &sb))
            ENSURE(sweeps->index[q] == bi && cap_same_bits(sweeps->t[q], sb.t));
        else
            ENSURE(sweeps->index[q] == CAP_BATCH_NO_HIT);
    }
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(unused);
    cap_ray_batch_destroy(rays);
    cap_sweep_batch_destroy(sweeps);
    return 0;
}

int test_batch_casts_ties_inside_and_errors(void)
{
    cap_capsule_set* caps = cap_capsule_set_create(4);
    /* capsules 1 and 2 are identical: a tie goes to 1 */
    float shapes[4][5] = {{0, 10, 1, 10, 0.5f}, {5, -1, 5, 1, 0.5f}, {5, -1, 5, 1, 0.5f}, {20, 0, 21, 0, 1}};
    for (int j = 0; j < 4; j++) {
        caps->ax[j] = shapes[j][0], caps->ay[j] = shapes[j][1], caps->bx[j] = shapes[j][2];
        caps->by[j] = shapes[j][3], caps->radius[j] = shapes[j][4];
    }
    caps->count = 4;
    cap_ray ray = {{0, 0}, {1, 0}, 100};
    uint32_t index = 99;
    cap_ray_hit h;
    ENSURE(cap_ray_cast_capsules(caps, ray, &index, &h, NULL) == 1);
    ENSURE(index == 1 && h.fraction == 4.5f && h.normal.x == -1.0f);
    /* starting inside capsule 3: fraction 0, starts_inside */
    ray.origin.x = 20.5f;
    ENSURE(cap_ray_cast_capsules(caps, ray, &index, &h, NULL) == 1);
    ENSURE(index == 3 && h.fraction == 0.0f && h.starts_inside == 1);
    /* max_fraction exactly at the surface counts */
    cap_ray r2 = {{0, 0}, {2, 0}, 2.25f};
    ENSURE(cap_ray_cast_capsules(caps, r2, &index, &h, NULL) == 1 && index == 1 && h.fraction == 2.25f);
    r2.max_fraction = 2.2f;
    index = 77;
    ENSURE(cap_ray_cast_capsules(caps, r2, &index, &h, NULL) == 0 && index == 77);
    /* a sweep touching exactly at t = 1 */
    cap_vec2 a = {0, 0}, b = {4, 0};
    cap_sweep_hit s;
    ENSURE(cap_sweep_circle_capsules(caps, a, b, 0.5f, &index, &s, NULL) == 1 && index == 1 && s.t == 1.0f);
    /* errors */
    cap_batch_error e;
    cap_ray bad = {{0, 0}, {0, 0}, 1};
    ENSURE(cap_ray_cast_capsules(caps, bad, &index, &h, &e) == CAP_BATCH_ZERO_DIRECTION && e.field == 2);
    bad.direction.x = 1;
    bad.max_fraction = -1;
    ENSURE(cap_ray_cast_capsules(caps, bad, &index, &h, &e) == CAP_BATCH_BAD_VALUE && e.field == 4);
    ENSURE(cap_sweep_circle_capsules(caps, a, b, NAN, &index, &s, &e) == CAP_BATCH_BAD_VALUE && e.field == 4);
    cap_ray_batch* rays = cap_ray_batch_create(3);
    rays->count = 3;
    for (int q = 0; q < 3; q++) rays->ox[q] = 0, rays->oy[q] = 0, rays->dx[q] = 1, rays->dy[q] = 0, rays->max_fraction[q] = 9;
    rays->oy[2] = INFINITY;
    rays->index[0] = 1234;
    uint32_t hits = 5;
    ENSURE(cap_cast_rays(caps, rays, &hits, &e) == CAP_BATCH_BAD_VALUE);
    ENSURE(e.set == CAP_BATCH_SET_QUERY && e.field == 1 && e.index == 2 && rays->index[0] == 1234 && hits == 0);
    /* huge coordinates: a ray along a 2e20-long capsule far away */
    rays->oy[2] = 0;
    caps->ax[0] = -1e20f, caps->bx[0] = 1e20f, caps->ay[0] = caps->by[0] = 5e19f;
    caps->version++;
    cap_ray up = {{3e19f, 0}, {0, 1}, 1e20f};
    ENSURE(cap_ray_cast_capsules(caps, up, &index, &h, NULL) == 1 && index == 0);
    ENSURE_NEAR(h.fraction, 5e19, 1e13);
    ENSURE(cap_cast_rays(caps, rays, &hits, &e) == CAP_BATCH_OK && hits == 3);
    cap_ray_batch_destroy(rays);
    cap_capsule_set_destroy(caps);
    return 0;
}

int test_batch_cast_very_long_rays(void)
{
    rng_state = 4711;
    cap_capsule_set* caps = cap_capsule_set_create(200);
    cap_circle_set* unused = cap_circle_set_create(1);
    fill_scene(caps, 200, unused, 0, 50, 50, 2, 0.5f);
    for (int q = 0; q < 100; q++) {
        float dx = rng_range(-1, 1), dy = rng_range(-1, 1);
        cap_ray ray = {{rng_range(-1e6f, 1e6f), rng_range(-100, 100)}, {dx, dy}, q % 2 ? 1e30f : 3e38f};
        if (q % 3 == 0) ray.origin.x = rng_range(0, 50); /* start near the shapes */
        uint32_t gi = 0, bi = 0;
        cap_ray_hit g, b;
        int got = cap_ray_cast_capsules(caps, ray, &gi, &g, NULL);
        ENSURE(got == brute_ray(caps, ray, &bi, &b));
        if (got) ENSURE(gi == bi && cap_same_bits(g.fraction, b.fraction));
    }
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(unused);
    return 0;
}
