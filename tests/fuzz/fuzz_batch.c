/* libFuzzer target for the batch layer: small circle and capsule sets built
 * from the input bytes (many coincident, touching and degenerate shapes, at
 * scales from 1e-30 to the edge of the coordinate range (1e38) and beyond it,
 * sometimes with raw float bits: NaN, infinities,
 * negative radii), contact buffers of every small capacity, stale indexes.
 * AddressSanitizer catches any read or write outside the sets and buffers;
 * the checks below catch broken contracts:
 *   - the grid path and the all-pairs kernel return the same count and write
 *     the same bytes (pairs, order, every float bit);
 *   - a call never writes past its buffer's capacity and reports count =
 *     pairs found, whatever the capacity;
 *   - pairs come in the documented order; outputs are finite, depth >= 0;
 *   - bad input is an error code, never a crash;
 *   - a stale capsule index (shapes moved without update) never reads out of
 *     bounds and only reports pairs that touch on the live coordinates. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capsule2d_batch.h"

#define CHECK(c)                                                            \
    do {                                                                    \
        if (!(c)) abort();                                                  \
    } while (0)

typedef struct reader { const uint8_t* p; size_t n; } reader;

static uint8_t next_byte(reader* r)
{
    if (r->n == 0) return 0;
    r->n--;
    return *r->p++;
}

static float next_value(reader* r, float scale)
{
    uint8_t b = next_byte(r);
    if (b == 255) { /* raw float bits: anything, NaN and infinities included */
        uint32_t u = 0;
        for (int i = 0; i < 4; i++) u = (u << 8) | next_byte(r);
        float f;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    return ((float)b - 127.0f) * 0.25f * scale; /* a coarse lattice: many exact touches */
}

static float next_radius(reader* r, float scale)
{
    uint8_t b = next_byte(r);
    if (b == 255) return -1.0f * scale; /* negative radius: must be rejected */
    return (float)(b % 16) * 0.25f * scale;
}

static void copy_contact(const cap_contact_buffer* b, uint32_t i, uint8_t rec[28])
{
    memcpy(rec + 0, &b->a[i], 4);
    memcpy(rec + 4, &b->b[i], 4);
    memcpy(rec + 8, &b->nx[i], 4);
    memcpy(rec + 12, &b->ny[i], 4);
    memcpy(rec + 16, &b->depth[i], 4);
    memcpy(rec + 20, &b->point_x[i], 4);
    memcpy(rec + 24, &b->point_y[i], 4);
}

static void check_contacts(const cap_contact_buffer* b, int count, int by_second_index)
{
    uint32_t written = (uint32_t)count < b->capacity ? (uint32_t)count : b->capacity;
    for (uint32_t i = 0; i < written; i++) {
        CHECK(isfinite(b->nx[i]) && isfinite(b->ny[i]) && isfinite(b->depth[i]));
        CHECK(isfinite(b->point_x[i]) && isfinite(b->point_y[i]));
        CHECK(b->depth[i] >= 0.0f);
        if (i > 0) {
            /* capsule-circle: by circle (b) then capsule (a); circles: by a then b */
            uint32_t k0 = by_second_index ? b->b[i - 1] : b->a[i - 1], k1 = by_second_index ? b->b[i] : b->a[i];
            uint32_t s0 = by_second_index ? b->a[i - 1] : b->b[i - 1], s1 = by_second_index ? b->a[i] : b->b[i];
            CHECK(k0 < k1 || (k0 == k1 && s0 < s1));
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const float scales[] = {1.0f, 1e-30f, 1e-3f, 1e3f, 1e20f, 0.0f, 3e35f, 1e37f}; /* 1e37: some beyond CAP_MAX_COORD */
    reader r = {data, size};
    float scale = scales[next_byte(&r) % 8];
    uint32_t n = next_byte(&r) % 25, m = next_byte(&r) % 13, cap = next_byte(&r) % 40;

    cap_circle_set* circles = cap_circle_set_create(n);
    cap_capsule_set* capsules = cap_capsule_set_create(m);
    cap_contact_buffer* grid_out = cap_contact_buffer_create(cap);
    cap_contact_buffer* brute_out = cap_contact_buffer_create(cap);
    cap_contact_buffer* big = cap_contact_buffer_create(400);
    CHECK(circles && capsules && grid_out && brute_out && big);
    for (uint32_t i = 0; i < n; i++) {
        circles->x[i] = next_value(&r, scale);
        circles->y[i] = next_value(&r, scale);
        circles->radius[i] = next_radius(&r, scale);
    }
    circles->count = n;
    for (uint32_t i = 0; i < m; i++) {
        capsules->ax[i] = next_value(&r, scale);
        capsules->ay[i] = next_value(&r, scale);
        capsules->bx[i] = next_byte(&r) & 1 ? capsules->ax[i] : next_value(&r, scale); /* zero length too */
        capsules->by[i] = next_value(&r, scale);
        capsules->radius[i] = next_radius(&r, scale);
    }
    capsules->count = m;
    capsules->version++;

    cap_batch_error e1, e2;
    /* Calls return a status (CAP_BATCH_OK or an error); the count of pairs
     * found is in out->count. */
    int st = cap_find_capsule_circle_contacts(capsules, circles, grid_out, &e1);
    int st2 = cap_all_pairs_capsule_circle(capsules, circles, brute_out, &e2);
    CHECK(st == st2);
    int grid = st == CAP_BATCH_OK ? (int)grid_out->count : st;
    if (st == CAP_BATCH_OK) {
        CHECK(brute_out->count == grid_out->count);
        check_contacts(grid_out, grid, 1);
        uint32_t written = (uint32_t)grid < cap ? (uint32_t)grid : cap;
        for (uint32_t i = 0; i < written; i++) {
            uint8_t x[28], y[28];
            copy_contact(grid_out, i, x);
            copy_contact(brute_out, i, y);
            CHECK(memcmp(x, y, sizeof x) == 0);
        }
        /* the first `written` of a large buffer are the same contacts */
        CHECK(cap_find_capsule_circle_contacts(capsules, circles, big, &e1) == CAP_BATCH_OK);
        CHECK(big->count == (uint32_t)grid);
        for (uint32_t i = 0; i < written; i++) {
            uint8_t x[28], y[28];
            copy_contact(grid_out, i, x);
            copy_contact(big, i, y);
            CHECK(memcmp(x, y, sizeof x) == 0);
        }
    } else {
        CHECK(st == CAP_BATCH_BAD_VALUE && e1.code == st);
        CHECK(e1.set == CAP_BATCH_SET_CAPSULES || e1.set == CAP_BATCH_SET_CIRCLES);
    }

    if (cap_find_circle_contacts(circles, grid_out, &e1) == CAP_BATCH_OK) {
        int pairs = (int)grid_out->count;
        /* the same pairs as a large buffer's first ones */
        CHECK(cap_find_circle_contacts(circles, big, &e1) == CAP_BATCH_OK && big->count == (uint32_t)pairs);
        check_contacts(grid_out, pairs, 0);
        uint32_t written = (uint32_t)pairs < cap ? (uint32_t)pairs : cap;
        for (uint32_t i = 0; i < written; i++) CHECK(grid_out->a[i] < grid_out->b[i] && grid_out->b[i] < n);
    }

    /* Stale index: move the capsules (and maybe drop some) without telling
     * the set; the call must stay in bounds and report only live touches. */
    if (grid >= 0 && m > 0) {
        for (uint32_t i = 0; i < m; i++) {
            capsules->ax[i] += next_value(&r, scale) * 0.5f;
            capsules->by[i] -= next_value(&r, scale) * 0.5f;
        }
        capsules->count = next_byte(&r) % (m + 1);
        if (cap_find_capsule_circle_contacts(capsules, circles, big, &e1) == CAP_BATCH_OK) {
            uint32_t stale = big->count;
            uint32_t written = stale < big->capacity ? stale : big->capacity;
            for (uint32_t i = 0; i < written; i++) {
                CHECK(big->a[i] < capsules->count && big->b[i] < n);
                /* the same pair must be found by the all-pairs kernel on the live shapes */
                int found = 0;
                CHECK(cap_all_pairs_capsule_circle(capsules, circles, brute_out, &e2) == CAP_BATCH_OK);
                uint32_t live = brute_out->count;
                uint32_t lw = live < brute_out->capacity ? live : brute_out->capacity;
                for (uint32_t k = 0; k < lw; k++) found |= brute_out->a[k] == big->a[i] && brute_out->b[k] == big->b[i];
                CHECK(found || live > lw);
            }
        }
    }

    cap_circle_set_destroy(circles);
    cap_capsule_set_destroy(capsules);
    cap_contact_buffer_destroy(grid_out);
    cap_contact_buffer_destroy(brute_out);
    cap_contact_buffer_destroy(big);
    return 0;
}
