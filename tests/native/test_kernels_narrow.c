/* Native tests of the kernels layer: the 4-wide all-pairs kernel against
 * the scalar query (capsule2d.h) and the documented pair test. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "test.h"
#include "capsule2d_batch.h"
#include "batch/batch_internal.h"
#include "helpers/batch_scene.h"

int test_batch_kernel_matches_scalar_query(void)
{
    rng_state = 12345;
    cap_capsule_set* caps = cap_capsule_set_create(100);
    cap_circle_set* circ = cap_circle_set_create(203);
    cap_contact_buffer* out = cap_contact_buffer_create(100 * 203);
    fill_scene(caps, 100, circ, 203, 20, 20, 3, 1.5f);
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, out, NULL) == CAP_BATCH_OK);
    ENSURE(out->count > 50);
    uint32_t k = 0, scalar_hits = 0;
    for (uint32_t i = 0; i < circ->count; i++) {
        for (uint32_t j = 0; j < caps->count; j++) {
            cap_capsule a = {{caps->ax[j], caps->ay[j]}, {caps->bx[j], caps->by[j]}, caps->radius[j]};
            cap_circle b = {{circ->x[i], circ->y[i]}, circ->radius[i]};
            cap_contact c;
            int hit = cap_collide_capsule_circle(a, b, &c);
            int kernel = k < out->count && out->a[k] == j && out->b[k] == i;
            ENSURE(kernel == doc_test(a.a.x, a.a.y, a.b.x, a.b.y, a.radius, b.center.x, b.center.y, b.radius));
            if (hit != kernel) {
                /* only allowed within rounding of exact touching */
                float d = cap_collide_capsule_circle(a, (cap_circle){b.center, b.radius + 1e-3f}, &c) ? c.depth : -1;
                ENSURE(d >= 0 && d <= 2e-3f);
            } else if (hit) {
                ENSURE_NEAR(out->nx[k], c.normal.x, 1e-4);
                ENSURE_NEAR(out->ny[k], c.normal.y, 1e-4);
                ENSURE_NEAR(out->depth[k], c.depth, 1e-5);
                ENSURE_NEAR(out->point_x[k], c.point.x, 1e-4);
                ENSURE_NEAR(out->point_y[k], c.point.y, 1e-4);
            }
            scalar_hits += hit;
            k += kernel;
        }
    }
    ENSURE(k == out->count);
    ENSURE(scalar_hits + 2 >= k && k + 2 >= scalar_hits);
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(out);
    return 0;
}
