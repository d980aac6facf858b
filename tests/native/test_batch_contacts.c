/* Native tests of the batch contact calls: the grid paths against all
 * pairs and brute force (bit for bit), degenerate normals, huge and tiny
 * coordinates, the contact index as circle radii change, crowded cells. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "test.h"
#include "capsule2d_batch.h"
#include "batch/batch_internal.h"
#include "helpers/batch_scene.h"

int test_batch_grid_equals_all_pairs(void)
{
    for (uint32_t round = 0; round < 6; round++) {
        rng_state = 777 + round;
        uint32_t m = 1 + round * 37, n = 1 + round * 101;
        float w = round % 2 ? 50.0f : 8.0f;
        cap_capsule_set* caps = cap_capsule_set_create(m);
        cap_circle_set* circ = cap_circle_set_create(n);
        cap_contact_buffer* g = cap_contact_buffer_create(m * n);
        cap_contact_buffer* b = cap_contact_buffer_create(m * n);
        fill_scene(caps, m, circ, n, w, w * 0.75f, round == 5 ? 30.0f : 2.0f, 1.0f);
        ENSURE(cap_find_capsule_circle_contacts(caps, circ, g, NULL) == CAP_BATCH_OK);
        ENSURE(cap_all_pairs_capsule_circle(caps, circ, b, NULL) == CAP_BATCH_OK);
        ENSURE(g->count == b->count);
        ENSURE(same_contacts(g, b, g->count));
        /* and the pair set is the brute-force float32 test, in order */
        uint32_t k = 0;
        for (uint32_t i = 0; i < n; i++)
            for (uint32_t j = 0; j < m; j++)
                if (doc_test(caps->ax[j], caps->ay[j], caps->bx[j], caps->by[j], caps->radius[j], circ->x[i],
                             circ->y[i], circ->radius[i])) {
                    ENSURE(k < g->count && g->a[k] == j && g->b[k] == i);
                    k++;
                }
        ENSURE(k == g->count);
        cap_capsule_set_destroy(caps);
        cap_circle_set_destroy(circ);
        cap_contact_buffer_destroy(g);
        cap_contact_buffer_destroy(b);
    }
    return 0;
}

int test_batch_circle_contacts_vs_brute_force(void)
{
    for (uint32_t round = 0; round < 4; round++) {
        rng_state = 99 + round;
        uint32_t n = 5 + round * 150;
        cap_circle_set* circ = cap_circle_set_create(n);
        cap_contact_buffer* out = cap_contact_buffer_create(n * 8);
        float w = 4.0f + round * 10.0f;
        for (uint32_t i = 0; i < n; i++) {
            circ->x[i] = rng_range(0, w);
            circ->y[i] = rng_range(0, w);
            circ->radius[i] = i % 11 == 0 ? 2.5f : rng_range(0.05f, 0.6f);
        }
        circ->count = n;
        ENSURE(cap_find_circle_contacts(circ, out, NULL) == CAP_BATCH_OK);
        ENSURE(out->count <= out->capacity);
        uint32_t k = 0;
        for (uint32_t i = 0; i < n; i++) {
            for (uint32_t j = i + 1; j < n; j++) {
                float dx = circ->x[j] - circ->x[i], dy = circ->y[j] - circ->y[i];
                float rs = circ->radius[i] + circ->radius[j];
                if (!(dx * dx + dy * dy <= rs * rs)) continue;
                ENSURE(k < out->count && out->a[k] == i && out->b[k] == j);
                double d = sqrt((double)dx * dx + (double)dy * dy);
                ENSURE_NEAR(out->nx[k], dx / d, 1e-5);
                ENSURE_NEAR(out->ny[k], dy / d, 1e-5);
                ENSURE_NEAR(out->depth[k], rs - d, 1e-5);
                ENSURE_NEAR(out->point_x[k], circ->x[i] + circ->radius[i] * dx / d, 1e-5);
                k++;
            }
        }
        ENSURE(k == out->count);
        cap_circle_set_destroy(circ);
        cap_contact_buffer_destroy(out);
    }
    return 0;
}

int test_batch_degenerate_normals_and_touching(void)
{
    /* centre on the core: left perpendicular of A->B, depth = sum of radii */
    cap_contact_buffer* o = one_pair(0, 0, 0, 5, 0.25f, 0, 2, 1);
    ENSURE(o->count == 1 && cap_same_bits(o->nx[0], -1.0f) && cap_same_bits(o->ny[0], 0.0f));
    ENSURE(o->depth[0] == 1.25f && o->point_x[0] == -0.25f && o->point_y[0] == 2.0f);
    /* at an endpoint, leftward segment: left of (-1, 0) is (0, -1) */
    o = one_pair(3, 1, -2, 1, 0, -2, 1, 0.5f);
    ENSURE(o->count == 1 && cap_same_bits(o->nx[0], 0.0f) && o->ny[0] == -1.0f);
    /* zero-length core, coincident centres: (0, 1) */
    o = one_pair(3, 3, 3, 3, 1, 3, 3, 2);
    ENSURE(o->count == 1 && cap_same_bits(o->nx[0], 0.0f) && o->ny[0] == 1.0f && o->depth[0] == 3.0f);
    /* exact touching counts, depth 0; one ulp further misses */
    o = one_pair(0, 0, 10, 0, 0.5f, 12, 0, 1.5f);
    ENSURE(o->count == 1 && o->depth[0] == 0.0f && o->nx[0] == 1.0f && cap_same_bits(o->ny[0], 0.0f));
    o = one_pair(0, 0, 10, 0, 0.5f, nextafterf(12, 13), 0, 1.5f);
    ENSURE(o->count == 0);
    /* no -0 from a -0 input coordinate */
    o = one_pair(0, 0, 0, 0, 1, -0.0f, 0.5f, 1);
    ENSURE(o->count == 1 && cap_same_bits(o->nx[0], 0.0f) && o->ny[0] == 1.0f);
    /* tiny coordinates: a 1e-30 segment still gives a unit normal */
    o = one_pair(0, 0, 1e-30f, 0, 0, 5e-31f, 1e-30f, 2e-30f);
    ENSURE(o->count == 1 && o->nx[0] == 0.0f && o->ny[0] == 1.0f);
    ENSURE_NEAR(o->depth[0], 1e-30, 1e-36);
    return 0;
}

int test_batch_huge_coordinates_bound_the_grid(void)
{
    rng_state = 31337;
    uint32_t m = 64, n = 200;
    cap_capsule_set* caps = cap_capsule_set_create(m);
    cap_circle_set* circ = cap_circle_set_create(n);
    cap_contact_buffer* g = cap_contact_buffer_create(m * n);
    cap_contact_buffer* b = cap_contact_buffer_create(m * n);
    fill_scene(caps, m, circ, n, 10, 10, 2, 1);
    /* two clusters 2e20 apart, and one capsule spanning them */
    for (uint32_t j = 0; j < m / 2; j++) caps->ax[j] += 1e20f, caps->bx[j] += 1e20f;
    for (uint32_t i = 0; i < n / 2; i++) circ->x[i] -= 1e20f;
    caps->ax[5] = -1e20f, caps->bx[5] = 1e20f, caps->ay[5] = caps->by[5] = 3.0f, caps->radius[5] = 0.0f;
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, g, NULL) == CAP_BATCH_OK);
    ENSURE(caps->index->grid.built && (uint64_t)caps->index->grid.nx * caps->index->grid.ny <= 4 * m + 64);
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, b, NULL) == CAP_BATCH_OK);
    ENSURE(g->count == b->count && same_contacts(g, b, g->count));
    ENSURE(g->count > 0);
    for (uint32_t k = 0; k < g->count; k++) {
        ENSURE(isfinite(g->nx[k]) && isfinite(g->depth[k]) && g->depth[k] >= 0);
        ENSURE_NEAR(g->nx[k] * g->nx[k] + g->ny[k] * g->ny[k], 1.0, 1e-5);
    }
    /* a circle on the long capsule's far middle is found */
    circ->x[0] = 5e19f, circ->y[0] = 3.5f, circ->radius[0] = 1.0f;
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, g, NULL) == CAP_BATCH_OK);
    ENSURE(g->count >= 1 && g->a[0] == 5 && g->b[0] == 0 && g->ny[0] == 1.0f);
    ENSURE_NEAR(g->depth[0], 0.5, 1e-6);
    /* huge radii: rs^2 overflows and the length test decides */
    circ->x[1] = 0, circ->y[1] = 2.5e19f, circ->radius[1] = 2e19f;
    caps->radius[5] = 1e19f;
    caps->version++;
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, b, NULL) == CAP_BATCH_OK);
    int found = 0;
    for (uint32_t k = 0; k < b->count; k++)
        if (b->a[k] == 5 && b->b[k] == 1) {
            found = 1;
            ENSURE_NEAR(b->depth[k], 0.5e19, 3e13);
        }
    ENSURE(found);
    circ->y[1] = 3.1e19f;
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, b, NULL) == CAP_BATCH_OK);
    for (uint32_t k = 0; k < b->count; k++) ENSURE(!(b->a[k] == 5 && b->b[k] == 1));
    /* circles only: the per-call grid stays bounded too */
    ENSURE(cap_find_circle_contacts(circ, g, NULL) == CAP_BATCH_OK);
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(g);
    cap_contact_buffer_destroy(b);
    return 0;
}

/* Both circle-pair paths (bucketed for similar sizes, multi-cell grid when
 * one circle is much larger) against the brute-force float32 test. */
int test_batch_circle_paths_vs_brute_force(void)
{
    for (uint32_t round = 0; round < 8; round++) {
        rng_state = 1000 + round;
        uint32_t n = 50 + round * 97;
        cap_circle_set* circ = cap_circle_set_create(n);
        cap_contact_buffer* out = cap_contact_buffer_create(n * (n - 1) / 2 + 1);
        float w = round % 2 ? 30.0f : 6.0f, scale = round >= 6 ? 1e20f : 1.0f;
        for (uint32_t i = 0; i < n; i++) {
            circ->x[i] = rng_range(0, w) * scale;
            circ->y[i] = rng_range(0, w) * scale;
            circ->radius[i] = (round % 4 == 3 && i == 7) ? 9.0f * scale : rng_range(0.2f, 0.6f) * scale;
            if (i % 13 == 5) circ->x[i] = circ->x[i - 1], circ->y[i] = circ->y[i - 1]; /* coincident */
        }
        circ->count = n;
        ENSURE(cap_find_circle_contacts(circ, out, NULL) == CAP_BATCH_OK);
        ENSURE(out->count <= out->capacity);
        uint32_t k = 0;
        for (uint32_t i = 0; i < n; i++)
            for (uint32_t j = i + 1; j < n; j++)
                if (doc_test(circ->x[i], circ->y[i], circ->x[i], circ->y[i], circ->radius[i], circ->x[j], circ->y[j],
                             circ->radius[j])) {
                    if (!(k < out->count && out->a[k] == i && out->b[k] == j))
                        printf("  round %u: pair (%u, %u) expected at %u; got (%u, %u)\n", round, i, j, k,
                               k < out->count ? out->a[k] : 0, k < out->count ? out->b[k] : 0);
                    ENSURE(k < out->count && out->a[k] == i && out->b[k] == j);
                    k++;
                }
        ENSURE(k == out->count);
        cap_circle_set_destroy(circ);
        cap_contact_buffer_destroy(out);
    }
    return 0;
}

/* Regression: radius-0 circles 2e-30 apart. d^2 underflows to 0, so the
 * documented float32 test calls them touching; the bucketed path must look
 * far enough to find them. */
int test_batch_circle_pairs_underflow_touching(void)
{
    cap_circle_set* circ = cap_circle_set_create(2);
    cap_contact_buffer* out = cap_contact_buffer_create(2);
    circ->x[0] = -2.0000401e-30f, circ->y[0] = 0, circ->radius[0] = 0;
    circ->x[1] = 0, circ->y[1] = 0, circ->radius[1] = 0;
    circ->count = 2;
    ENSURE(cap_find_circle_contacts(circ, out, NULL) == CAP_BATCH_OK);
    ENSURE(out->count == 1 && out->a[0] == 0 && out->b[0] == 1);
    ENSURE(out->nx[0] == 1.0f && cap_same_bits(out->ny[0], 0.0f) && out->depth[0] == 0.0f);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(out);
    return 0;
}

/* The contact index is built for the largest circle radius seen; a call
 * with larger circles must grow it (or take the general path for one big
 * circle), and smaller circles afterwards still find every pair. */
int test_batch_contact_index_follows_circle_radius(void)
{
    rng_state = 2024;
    uint32_t m = 120, n = 400;
    cap_capsule_set* caps = cap_capsule_set_create(m);
    cap_circle_set* circ = cap_circle_set_create(n);
    cap_contact_buffer* g = cap_contact_buffer_create(m * n);
    cap_contact_buffer* b = cap_contact_buffer_create(m * n);
    fill_scene(caps, m, circ, n, 40, 30, 3, 0.3f);
    static const float radius[][2] = {{0.1f, 0.2f}, {0.5f, 0.8f}, {0.0f, 0.0f}, {1.2f, 1.5f}, {0.05f, 0.1f}};
    for (int round = 0; round < 5; round++) {
        for (uint32_t i = 0; i < n; i++) circ->radius[i] = rng_range(radius[round][0], radius[round][1]);
        if (round == 2) /* radius-0 circles exactly on capsule ends and cores */
            for (uint32_t i = 0; i < 20; i++) circ->x[i] = caps->bx[i], circ->y[i] = caps->by[i];
        ENSURE(grid_matches_all_pairs(caps, circ, g, b) == 0);
        ENSURE(round == 2 || g->count > 0);
    }
    /* one big circle among small ones: the general path, same results */
    circ->radius[17] = 25.0f;
    ENSURE(grid_matches_all_pairs(caps, circ, g, b) == 0);
    circ->radius[17] = 0.1f;
    ENSURE(grid_matches_all_pairs(caps, circ, g, b) == 0);
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(g);
    cap_contact_buffer_destroy(b);
    return 0;
}

/* The same scene at tiny, normal and huge scales: the float32 test decides,
 * the grids (float64 cells with margins) never lose a pair. */
int test_batch_contact_paths_at_every_scale(void)
{
    static const float scales[] = {1e-30f, 1e-6f, 1.0f, 1e18f, 1e20f, 3e36f};
    for (unsigned s = 0; s < sizeof scales / sizeof scales[0]; s++) {
        rng_state = 555 + s;
        uint32_t m = 60, n = 300;
        float k = scales[s];
        cap_capsule_set* caps = cap_capsule_set_create(m);
        cap_circle_set* circ = cap_circle_set_create(n);
        cap_contact_buffer* g = cap_contact_buffer_create(n * n);
        cap_contact_buffer* b = cap_contact_buffer_create(n * n);
        fill_scene(caps, m, circ, n, 12, 9, 2, 0.6f);
        for (uint32_t j = 0; j < m; j++)
            caps->ax[j] *= k, caps->ay[j] *= k, caps->bx[j] *= k, caps->by[j] *= k, caps->radius[j] *= k;
        for (uint32_t i = 0; i < n; i++) {
            circ->x[i] *= k, circ->y[i] *= k, circ->radius[i] = (0.3f + circ->radius[i]) * k;
            if (i % 17 == 3) circ->x[i] = circ->x[i - 1], circ->y[i] = circ->y[i - 1]; /* coincident */
        }
        caps->version++;
        ENSURE(grid_matches_all_pairs(caps, circ, g, b) == 0);
        ENSURE(g->count > 0);
        /* circle pairs against the documented test, in order */
        ENSURE(cap_find_circle_contacts(circ, g, NULL) == CAP_BATCH_OK);
        uint32_t q = 0;
        for (uint32_t i = 0; i < n; i++)
            for (uint32_t j = i + 1; j < n; j++)
                if (doc_test(circ->x[i], circ->y[i], circ->x[i], circ->y[i], circ->radius[i], circ->x[j], circ->y[j],
                             circ->radius[j])) {
                    ENSURE(q < g->count && g->a[q] == i && g->b[q] == j);
                    q++;
                }
        ENSURE(q == g->count && q > 0);
        cap_capsule_set_destroy(caps);
        cap_circle_set_destroy(circ);
        cap_contact_buffer_destroy(g);
        cap_contact_buffer_destroy(b);
    }
    return 0;
}

/* Everything in one cell: 200 coincident circles on top of crossing
 * capsules. More pairs than a small buffer holds: the count is still every
 * pair and the first `capacity` results are those of a big buffer. */
int test_batch_contacts_all_in_one_cell(void)
{
    uint32_t m = 30, n = 200, pairs = n * (n - 1) / 2;
    cap_capsule_set* caps = cap_capsule_set_create(m);
    cap_circle_set* circ = cap_circle_set_create(n);
    cap_contact_buffer* full = cap_contact_buffer_create(pairs);
    cap_contact_buffer* small = cap_contact_buffer_create(100);
    for (uint32_t j = 0; j < m; j++) {
        caps->ax[j] = -1.0f - (float)j, caps->ay[j] = 0.5f * (float)j;
        caps->bx[j] = 1.0f + (float)j, caps->by[j] = -0.5f * (float)j;
        caps->radius[j] = 0.25f;
    }
    caps->count = m;
    caps->version++;
    for (uint32_t i = 0; i < n; i++) circ->x[i] = 0.0f, circ->y[i] = 0.0f, circ->radius[i] = 0.5f;
    circ->count = n;
    ENSURE(cap_find_circle_contacts(circ, full, NULL) == CAP_BATCH_OK);
    ENSURE(full->count == pairs);
    for (uint32_t i = 0, q = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++, q++) {
            ENSURE(full->a[q] == i && full->b[q] == j);
            ENSURE(full->nx[q] == 0.0f && full->ny[q] == 1.0f && full->depth[q] == 1.0f);
        }
    ENSURE(cap_find_circle_contacts(circ, small, NULL) == CAP_BATCH_OK);
    ENSURE(small->count == pairs && same_contacts(small, full, 100));
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, full, NULL) == CAP_BATCH_OK);
    ENSURE(full->count == m * n); /* every capsule's core passes through the origin */
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, small, NULL) == CAP_BATCH_OK);
    ENSURE(small->count == m * n && same_contacts(small, full, 100));
    cap_contact_buffer* g = cap_contact_buffer_create(m * n);
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, g, NULL) == CAP_BATCH_OK);
    ENSURE(g->count == m * n && same_contacts(g, full, m * n));
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(full);
    cap_contact_buffer_destroy(small);
    cap_contact_buffer_destroy(g);
    return 0;
}

/* Growing the contact index near the float32 limit: circle radii 1e38 after
 * 0.9e38 (twice the old reach would overflow) still match all pairs. */
int test_batch_contact_index_grows_near_float_max(void)
{
    rng_state = 4711;
    uint32_t m = 20, n = 40;
    cap_capsule_set* caps = cap_capsule_set_create(m);
    cap_circle_set* circ = cap_circle_set_create(n);
    cap_contact_buffer* g = cap_contact_buffer_create(m * n);
    cap_contact_buffer* b = cap_contact_buffer_create(m * n);
    fill_scene(caps, m, circ, n, 10, 10, 2, 0.5f);
    for (uint32_t j = 0; j < m; j++)
        caps->ax[j] *= 8e36f, caps->ay[j] *= 8e36f, caps->bx[j] *= 8e36f, caps->by[j] *= 8e36f, caps->radius[j] = 0;
    caps->version++;
    /* up to the edge of the coordinate range (CAP_MAX_COORD); beyond it the
     * set is rejected */
    static const float radius[] = {0.9e38f, 1.0e38f, CAP_MAX_COORD, 1.7e38f};
    for (int round = 0; round < 4; round++) {
        for (uint32_t i = 0; i < n; i++) {
            circ->x[i] = rng_range(0, 10) * 8e36f, circ->y[i] = rng_range(0, 10) * 8e36f;
            circ->radius[i] = round == 2 ? radius[round] : radius[round] * rng_range(0.5f, 1.0f);
        }
        if (round == 3) {
            ENSURE(cap_find_capsule_circle_contacts(caps, circ, g, NULL) == CAP_BATCH_BAD_VALUE);
            continue;
        }
        ENSURE(grid_matches_all_pairs(caps, circ, g, b) == 0);
        ENSURE(g->count > 0);
    }
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(g);
    cap_contact_buffer_destroy(b);
    return 0;
}
