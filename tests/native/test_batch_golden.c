/* The golden determinism hash of the batch scene (tests/determinism-scene.js
 * builds the same scene in JS); the constant lives in tests/golden/batch.h. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "test.h"
#include "capsule2d_batch.h"
#include "batch/batch_internal.h"
#include "helpers/batch_scene.h"
#include "../golden/batch.h"

static uint32_t fnv1a(const void* p, size_t n, uint32_t h)
{
    const unsigned char* b = (const unsigned char*)p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x01000193u;
    }
    return h;
}

static uint32_t hash_contacts(const cap_contact_buffer* o, uint32_t h)
{
    uint32_t n = o->count < o->capacity ? o->count : o->capacity;
    h = fnv1a(&o->count, 4, h);
    h = fnv1a(o->a, (size_t)n * 4, h);
    h = fnv1a(o->b, (size_t)n * 4, h);
    h = fnv1a(o->nx, (size_t)n * 4, h);
    h = fnv1a(o->ny, (size_t)n * 4, h);
    h = fnv1a(o->depth, (size_t)n * 4, h);
    h = fnv1a(o->point_x, (size_t)n * 4, h);
    return fnv1a(o->point_y, (size_t)n * 4, h);
}

int test_batch_determinism_hash(void)
{
    const uint32_t m = 300, n = 2000;
    const float w = 100, hgt = 75;
    rng_state = 20261122u;
    cap_capsule_set* caps = cap_capsule_set_create(m);
    cap_circle_set* circ = cap_circle_set_create(n);
    cap_contact_buffer* out = cap_contact_buffer_create(20000);
    for (uint32_t j = 0; j < m; j++) {
        float x = rng_range(0, w), y = rng_range(0, hgt);
        float dx = rng_range(-2, 2), dy = rng_range(-2, 2), r = rng_range(0, 0.5f);
        caps->ax[j] = x, caps->ay[j] = y, caps->bx[j] = x + dx, caps->by[j] = y + dy;
        caps->radius[j] = j % 5 == 0 ? 0.0f : r;
    }
    caps->count = m;
    for (uint32_t i = 0; i < n; i++) {
        float x = rng_range(0, w), y = rng_range(0, hgt), r = rng_range(0.2f, 0.8f);
        circ->x[i] = x, circ->y[i] = y, circ->radius[i] = r;
    }
    circ->count = n;
    uint32_t h = 0x811c9dc5u;
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, out, NULL) == CAP_BATCH_OK);
    ENSURE(out->count <= out->capacity);
    h = hash_contacts(out, h);
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, out, NULL) == CAP_BATCH_OK);
    h = hash_contacts(out, h);
    ENSURE(cap_find_circle_contacts(circ, out, NULL) == CAP_BATCH_OK);
    ENSURE(out->count <= out->capacity);
    h = hash_contacts(out, h);
    if (h != CAP_BATCH_GOLDEN_HASH) printf("  determinism hash 0x%08x\n", h);
    ENSURE(h == CAP_BATCH_GOLDEN_HASH);
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(out);
    return 0;
}
