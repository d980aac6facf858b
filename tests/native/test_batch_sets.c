/* Native tests of the batch sets and buffers: create and reserve keep
 * contents, validation names set, field and index, overflow never writes
 * past the end (every capacity, sentinels), a stale index stays in bounds. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "capsule2d_batch.h"
#include "batch/batch_internal.h"
#include "helpers/batch_scene.h"

int test_batch_sets_create_reserve_keep_contents(void)
{
    cap_circle_set* s = cap_circle_set_create(3);
    ENSURE(s && s->capacity == 3 && s->count == 0);
    for (int i = 0; i < 3; i++) s->x[i] = (float)i, s->y[i] = (float)(10 + i), s->radius[i] = 0.5f;
    s->count = 3;
    ENSURE(cap_circle_set_reserve(s, 1000) == CAP_BATCH_OK);
    ENSURE(s->capacity == 1000 && s->count == 3);
    ENSURE(s->x[2] == 2.0f && s->y[2] == 12.0f && s->radius[1] == 0.5f);
    ENSURE(cap_circle_set_reserve(s, 10) == CAP_BATCH_OK && s->capacity == 1000);
    cap_circle_set_destroy(s);
    cap_capsule_set* c = cap_capsule_set_create(0);
    ENSURE(c && c->capacity == 0);
    ENSURE(cap_capsule_set_reserve(c, 5) == CAP_BATCH_OK && c->capacity == 5);
    cap_capsule_set_destroy(c);
    cap_contact_buffer_destroy(cap_contact_buffer_create(0));
    cap_index_buffer_destroy(cap_index_buffer_create(7));
    cap_circle_set_destroy(NULL);
    ENSURE(cap_circle_set_reserve(NULL, 3) == CAP_BATCH_BAD_ARGUMENT);
    return 0;
}

int test_batch_validation_names_set_field_index(void)
{
    rng_state = 5;
    cap_capsule_set* caps = cap_capsule_set_create(10);
    cap_circle_set* circ = cap_circle_set_create(20);
    fill_scene(caps, 10, circ, 20, 3, 3, 1, 1.0f);
    static sentinel_buffer s;
    cap_batch_error e = {0, 0, 0, 0};
    circ->y[12] = NAN;
    circ->x[13] = INFINITY;
    sentinel_init(&s, 10);
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, &s.b, &e) == CAP_BATCH_BAD_VALUE);
    ENSURE(e.code == CAP_BATCH_BAD_VALUE && e.set == CAP_BATCH_SET_CIRCLES && e.field == 1 && e.index == 12);
    ENSURE(s.b.count == 777 && sentinels_intact(&s, 0)); /* rejected: out left as it was */
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, &s.b, &e) == CAP_BATCH_BAD_VALUE && e.index == 12);
    ENSURE(cap_find_circle_contacts(circ, &s.b, &e) == CAP_BATCH_BAD_VALUE && e.field == 1);
    ENSURE(s.b.count == 777 && sentinels_intact(&s, 0));
    circ->y[12] = 1.0f;
    circ->x[13] = 1.0f;
    circ->radius[3] = -0.0f; /* -0 is a valid radius */
    circ->radius[4] = -1e-30f;
    ENSURE(cap_find_circle_contacts(circ, &s.b, &e) == CAP_BATCH_BAD_VALUE);
    ENSURE(e.set == CAP_BATCH_SET_CIRCLES && e.field == 2 && e.index == 4);
    circ->radius[4] = 0.5f;
    caps->bx[7] = -INFINITY;
    caps->radius[2] = -1.0f;
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, &s.b, &e) == CAP_BATCH_BAD_VALUE);
    ENSURE(e.set == CAP_BATCH_SET_CAPSULES && e.field == 4 && e.index == 2);
    caps->radius[2] = 1.0f;
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, &s.b, &e) == CAP_BATCH_BAD_VALUE);
    ENSURE(e.set == CAP_BATCH_SET_CAPSULES && e.field == 2 && e.index == 7);
    ENSURE(sentinels_intact(&s, 0));
    caps->bx[7] = 0.0f;
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, &s.b, &e) == CAP_BATCH_OK);
    circ->count = 21; /* more than capacity */
    ENSURE(cap_find_circle_contacts(circ, &s.b, &e) == CAP_BATCH_BAD_ARGUMENT);
    ENSURE(cap_find_circle_contacts(circ, NULL, &e) == CAP_BATCH_BAD_ARGUMENT);
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    return 0;
}

int test_batch_overflow_every_capacity(void)
{
    rng_state = 4242;
    cap_capsule_set* caps = cap_capsule_set_create(12);
    cap_circle_set* circ = cap_circle_set_create(30);
    fill_scene(caps, 12, circ, 30, 6, 6, 2, 1.0f);
    cap_contact_buffer* full = cap_contact_buffer_create(400);
    for (int call = 0; call < 3; call++) {
        int rc = call == 0   ? cap_find_capsule_circle_contacts(caps, circ, full, NULL)
                 : call == 1 ? cap_all_pairs_capsule_circle(caps, circ, full, NULL)
                             : cap_find_circle_contacts(circ, full, NULL);
        ENSURE(rc == CAP_BATCH_OK);
        uint32_t count = full->count;
        ENSURE(count > 3 && count < 60);
        for (uint32_t capacity = 0; capacity <= count; capacity++) {
            static sentinel_buffer s;
            sentinel_init(&s, capacity);
            rc = call == 0   ? cap_find_capsule_circle_contacts(caps, circ, &s.b, NULL)
                 : call == 1 ? cap_all_pairs_capsule_circle(caps, circ, &s.b, NULL)
                             : cap_find_circle_contacts(circ, &s.b, NULL);
            ENSURE(rc == CAP_BATCH_OK);
            ENSURE(s.b.count == count);
            ENSURE(same_contacts(&s.b, full, capacity));
            ENSURE(sentinels_intact(&s, capacity));
        }
    }
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(full);
    return 0;
}

int test_batch_stale_index_is_safe(void)
{
    rng_state = 8;
    cap_capsule_set* caps = cap_capsule_set_create(50);
    cap_circle_set* circ = cap_circle_set_create(50);
    cap_contact_buffer* out = cap_contact_buffer_create(2500);
    fill_scene(caps, 50, circ, 50, 10, 10, 2, 1);
    ENSURE(cap_capsule_set_update(caps, NULL) == CAP_BATCH_OK);
    uint32_t built = caps->index->grid.version;
    /* shrink without telling: a count change rebuilds by itself */
    caps->count = 20;
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, out, NULL) == CAP_BATCH_OK);
    for (uint32_t k = 0; k < out->count; k++) ENSURE(out->a[k] < 20);
    ENSURE(caps->index->grid.count == 20);
    /* move a capsule far away without a version bump: stale, but in bounds */
    caps->ax[3] = caps->bx[3] = 1000, caps->ay[3] = caps->by[3] = 1000;
    circ->x[0] = circ->y[0] = 1000, circ->radius[0] = 1;
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, out, NULL) == CAP_BATCH_OK);
    int found = 0;
    for (uint32_t k = 0; k < out->count; k++) found |= out->a[k] == 3 && out->b[k] == 0;
    ENSURE(!found); /* the documented cost of a stale index */
    ENSURE(caps->index->grid.version == built);
    caps->version++;
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, out, NULL) == CAP_BATCH_OK);
    ENSURE(out->count >= 1 && out->a[0] == 3 && out->b[0] == 0);
    /* stale index built for 20, count dropped via a stale path: indices >= count skipped */
    caps->count = 2;
    caps->index->grid.count = 2; /* pretend the index is current although it holds 0..19 */
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, out, NULL) == CAP_BATCH_OK);
    for (uint32_t k = 0; k < out->count; k++) ENSURE(out->a[k] < 2);
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(out);
    return 0;
}

/* The coordinate range (CAP_MAX_COORD): a value at its edge is accepted, the
 * next float beyond it, NaN and the infinities are CAP_BATCH_BAD_VALUE named
 * by set, field and index; and at the edge every path gives the same pairs. */
int test_batch_coordinate_range(void)
{
    uint32_t bits;
    float max = CAP_MAX_COORD;
    memcpy(&bits, &max, 4);
    ENSURE(bits == CAP_MAX_COORD_BITS);
    float beyond = nextafterf(CAP_MAX_COORD, INFINITY);
    cap_capsule_set* caps = cap_capsule_set_create(4);
    cap_circle_set* circ = cap_circle_set_create(4);
    static sentinel_buffer s;
    cap_batch_error e = {0, 0, 0, 0};
    /* a core 2e38 long through the origin; a circle on it, one 1e30 away.
     * At this scale a float32 step is 7.6e30, so the circle on the core is
     * given a radius well above it: answers are exact only to within
     * rounding of the coordinates' scale (capsule2d.h, CAP_MAX_COORD). */
    caps->count = 1;
    caps->ax[0] = 0.0f, caps->ay[0] = -CAP_MAX_COORD, caps->bx[0] = 0.0f, caps->by[0] = CAP_MAX_COORD, caps->radius[0] = 0.0f;
    circ->count = 3;
    circ->x[0] = 0.0f, circ->y[0] = 0.0f, circ->radius[0] = 1e32f;
    circ->x[1] = 1e30f, circ->y[1] = 0.0f, circ->radius[1] = 1e20f;
    circ->x[2] = -CAP_MAX_COORD, circ->y[2] = CAP_MAX_COORD, circ->radius[2] = CAP_MAX_COORD;
    for (int path = 0; path < 2; path++) {
        sentinel_init(&s, 10);
        int rc = path ? cap_all_pairs_capsule_circle(caps, circ, &s.b, &e) : cap_find_capsule_circle_contacts(caps, circ, &s.b, &e);
        ENSURE(rc == CAP_BATCH_OK);
        /* circle 0 sits on the core, circle 1 is 1e30 away, circle 2 touches
         * exactly (distance 1e38 from the core = its radius) */
        ENSURE(s.b.count == 2);
        ENSURE(s.b.b[0] == 0 && s.b.b[1] == 2);
        ENSURE(fabsf(s.b.depth[0] - 1e32f) < 3e31f && fabsf(s.b.point_y[0]) < 3e31f); /* 4 float steps at 1e38 */
        ENSURE(s.b.depth[1] == 0.0f && s.b.nx[1] == -1.0f && fabsf(s.b.ny[1]) < 1e-6f);
        ENSURE(s.b.point_x[1] == 0.0f && fabsf(s.b.point_y[1] - CAP_MAX_COORD) < 3e31f);
    }
    float* fields[] = {&caps->ay[0], &circ->x[1], &circ->radius[2]};
    for (int k = 0; k < 3; k++) {
        float keep = *fields[k];
        float bad[] = {beyond, -beyond, NAN, INFINITY};
        for (int b = 0; b < 4; b++) {
            *fields[k] = bad[b];
            sentinel_init(&s, 10);
            ENSURE(cap_find_capsule_circle_contacts(caps, circ, &s.b, &e) == CAP_BATCH_BAD_VALUE);
            ENSURE(e.set == (k == 0 ? CAP_BATCH_SET_CAPSULES : CAP_BATCH_SET_CIRCLES));
            ENSURE(e.field == (k == 0 ? 1 : k == 1 ? 0 : 2) && e.index == (k == 0 ? 0u : (uint32_t)k));
            ENSURE(cap_all_pairs_capsule_circle(caps, circ, &s.b, &e) == CAP_BATCH_BAD_VALUE);
            ENSURE(s.b.count == 777 && sentinels_intact(&s, 0));
        }
        *fields[k] = keep;
    }
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    return 0;
}
