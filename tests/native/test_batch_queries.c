/* Native tests of the batch region queries against brute force. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "test.h"
#include "capsule2d_batch.h"
#include "batch/batch_internal.h"
#include "helpers/batch_scene.h"

static int in_box(double x, double y, float x0, float y0, float x1, float y1, double r)
{
    double qx = x < x0 ? x0 : (x > x1 ? x1 : x), qy = y < y0 ? y0 : (y > y1 ? y1 : y);
    return (x - qx) * (x - qx) + (y - qy) * (y - qy) <= r * r;
}

int test_batch_region_queries_vs_brute_force(void)
{
    rng_state = 2024;
    uint32_t m = 300, n = 300;
    cap_capsule_set* caps = cap_capsule_set_create(m);
    cap_circle_set* circ = cap_circle_set_create(n);
    cap_index_buffer* out = cap_index_buffer_create(n);
    fill_scene(caps, m, circ, n, 40, 30, 2, 1);
    for (int q = 0; q < 50; q++) {
        float x = rng_range(-5, 45), y = rng_range(-5, 35), r = rng_range(0, 6);
        ENSURE(cap_query_circle_capsules(caps, x, y, r, out, NULL) == CAP_BATCH_OK);
        uint32_t k = 0;
        for (uint32_t j = 0; j < m; j++)
            if (doc_test(caps->ax[j], caps->ay[j], caps->bx[j], caps->by[j], caps->radius[j], x, y, r))
                ENSURE(k < out->count && out->index[k++] == j);
        ENSURE(k == out->count);
        ENSURE(cap_query_circle_circles(circ, x, y, r, out, NULL) == CAP_BATCH_OK);
        k = 0;
        for (uint32_t i = 0; i < n; i++)
            if (doc_test(x, y, x, y, r, circ->x[i], circ->y[i], circ->radius[i]))
                ENSURE(k < out->count && out->index[k++] == i);
        ENSURE(k == out->count);
        float x1 = x + rng_range(0, 8), y1 = y + rng_range(0, 8);
        ENSURE(cap_query_box_circles(circ, x, y, x1, y1, out, NULL) == CAP_BATCH_OK);
        k = 0;
        for (uint32_t i = 0; i < n; i++)
            if (in_box(circ->x[i], circ->y[i], x, y, x1, y1, circ->radius[i]))
                ENSURE(k < out->count && out->index[k++] == i);
        ENSURE(k == out->count);
        ENSURE(cap_query_box_capsules(caps, x, y, x1, y1, out, NULL) == CAP_BATCH_OK);
        /* brute force by sampling the core finely (an independent route) */
        k = 0;
        for (uint32_t j = 0; j < m; j++) {
            double best = 1e300;
            for (int s = 0; s <= 4000; s++) {
                double t = s / 4000.0;
                double px = caps->ax[j] + t * (caps->bx[j] - caps->ax[j]);
                double py = caps->ay[j] + t * (caps->by[j] - caps->ay[j]);
                double qx = px < x ? x : (px > x1 ? x1 : px), qy = py < y ? y : (py > y1 ? y1 : py);
                double d = sqrt((px - qx) * (px - qx) + (py - qy) * (py - qy));
                if (d < best) best = d;
            }
            int got = k < out->count && out->index[k] == j;
            if (best <= caps->radius[j] - 1e-3) ENSURE(got);
            if (best > caps->radius[j] + 1e-3) ENSURE(!got);
            k += got;
        }
        ENSURE(k == out->count);
    }
    /* touching a box counts; bad boxes are refused */
    circ->x[0] = 5, circ->y[0] = 5, circ->radius[0] = 1;
    circ->count = 1;
    ENSURE(cap_query_box_circles(circ, 6, 0, 7, 10, out, NULL) == CAP_BATCH_OK && out->count == 1);
    cap_batch_error e;
    ENSURE(cap_query_box_circles(circ, 6, 0, 5, 10, out, &e) == CAP_BATCH_BAD_VALUE);
    ENSURE(e.set == CAP_BATCH_SET_QUERY && e.field == 2);
    ENSURE(cap_query_circle_capsules(caps, 0, NAN, 1, out, &e) == CAP_BATCH_BAD_VALUE && e.field == 1);
    /* overflow: count found, nothing past capacity */
    cap_index_buffer* small = cap_index_buffer_create(2);
    ENSURE(cap_query_circle_capsules(caps, 20, 15, 50, small, NULL) == CAP_BATCH_OK);
    ENSURE(small->count == m && small->index[0] == 0 && small->index[1] == 1);
    cap_index_buffer_destroy(small);
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_index_buffer_destroy(out);
    return 0;
}
