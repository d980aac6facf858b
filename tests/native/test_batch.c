/* Native tests of the batch API (capsule2d_batch.h): sets and buffers,
 * validation, the 4-wide kernel against the scalar query, the grid against
 * brute force, overflow with sentinels, stale indexes, huge coordinates. */
#include <stdint.h>
#include <stdlib.h>

#include "test.h"
#include "capsule2d_batch.h"
#include "batch/batch_internal.h"

/* A tiny deterministic generator (xorshift32) for scenes. */
static uint32_t rng_state = 1;
static uint32_t rng_u32(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}
static float rng_range(float lo, float hi) { return lo + (hi - lo) * (float)(rng_u32() >> 8) / 16777216.0f; }

static void fill_scene(cap_capsule_set* caps, uint32_t m, cap_circle_set* circ, uint32_t n, float w, float h,
                       float len, float rmax)
{
    for (uint32_t j = 0; j < m; j++) {
        float x = rng_range(0, w), y = rng_range(0, h);
        caps->ax[j] = x;
        caps->ay[j] = y;
        caps->bx[j] = x + rng_range(-len, len);
        caps->by[j] = y + rng_range(-len, len);
        caps->radius[j] = (j % 7 == 0) ? 0.0f : rng_range(0, rmax);
    }
    caps->count = m;
    caps->version++;
    for (uint32_t i = 0; i < n; i++) {
        circ->x[i] = rng_range(0, w);
        circ->y[i] = rng_range(0, h);
        circ->radius[i] = rng_range(0, rmax);
    }
    circ->count = n;
}

/* The documented float32 test, written again here from the header's text
 * (normal-range inputs: g = v / |v|^2). */
static int doc_test(float ax, float ay, float bx, float by, float ra, float cx, float cy, float rc)
{
    float vx = bx - ax, vy = by - ay, vv = vx * vx + vy * vy;
    float gx = vv > 0 ? vx / vv : 0, gy = vv > 0 ? vy / vv : 0;
    float wx = cx - ax, wy = cy - ay;
    float t = wx * gx + wy * gy;
    t = t > 0 ? t : 0;
    t = t < 1 ? t : 1;
    float dx = wx - t * vx, dy = wy - t * vy;
    float d2 = dx * dx + dy * dy, rs = ra + rc;
    if (!(rs * rs <= 3.4e38f)) return sqrt((double)dx * dx + (double)dy * dy) <= rs; /* rs^2 overflows */
    return d2 <= rs * rs;
}

static int same_contacts(const cap_contact_buffer* p, const cap_contact_buffer* q, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        if (p->a[k] != q->a[k] || p->b[k] != q->b[k]) return 0;
        if (!cap_same_bits(p->nx[k], q->nx[k]) || !cap_same_bits(p->ny[k], q->ny[k])) return 0;
        if (!cap_same_bits(p->depth[k], q->depth[k])) return 0;
        if (!cap_same_bits(p->point_x[k], q->point_x[k]) || !cap_same_bits(p->point_y[k], q->point_y[k])) return 0;
    }
    return 1;
}

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

/* A contact buffer over caller arrays of capacity + 4, sentinels after. */
typedef struct sentinel_buffer {
    cap_contact_buffer b;
    uint32_t a[64], bb[64];
    float f[5][64];
} sentinel_buffer;

static void sentinel_init(sentinel_buffer* s, uint32_t capacity)
{
    for (int k = 0; k < 64; k++) {
        s->a[k] = s->bb[k] = 0xdeadbeefu;
        for (int f = 0; f < 5; f++) s->f[f][k] = -12345.0f;
    }
    s->b.capacity = capacity;
    s->b.count = 777;
    s->b.a = s->a;
    s->b.b = s->bb;
    s->b.nx = s->f[0];
    s->b.ny = s->f[1];
    s->b.depth = s->f[2];
    s->b.point_x = s->f[3];
    s->b.point_y = s->f[4];
}

static int sentinels_intact(const sentinel_buffer* s, uint32_t from)
{
    for (uint32_t k = from; k < 64; k++) {
        if (s->a[k] != 0xdeadbeefu || s->bb[k] != 0xdeadbeefu) return 0;
        for (int f = 0; f < 5; f++)
            if (s->f[f][k] != -12345.0f) return 0;
    }
    return 1;
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

static cap_contact_buffer* one_pair(float ax, float ay, float bx, float by, float ra, float cx, float cy, float rc)
{
    static cap_capsule_set* caps;
    static cap_circle_set* circ;
    static cap_contact_buffer* out;
    if (!caps) caps = cap_capsule_set_create(1), circ = cap_circle_set_create(1), out = cap_contact_buffer_create(1);
    caps->ax[0] = ax, caps->ay[0] = ay, caps->bx[0] = bx, caps->by[0] = by, caps->radius[0] = ra;
    caps->count = 1;
    caps->version++;
    circ->x[0] = cx, circ->y[0] = cy, circ->radius[0] = rc;
    circ->count = 1;
    static cap_contact_buffer* other;
    if (!other) other = cap_contact_buffer_create(1);
    cap_find_capsule_circle_contacts(caps, circ, out, NULL);
    cap_all_pairs_capsule_circle(caps, circ, other, NULL);
    if (other->count != out->count || !same_contacts(out, other, out->count)) out->count = 99; /* flags a mismatch */
    return out;
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

/* ---- the golden determinism hash (scene: tests/determinism-scene.js) ---- */

#define CAP_EXPECTED_HASH 0xbb78b827u

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
    if (h != CAP_EXPECTED_HASH) printf("  determinism hash 0x%08x\n", h);
    ENSURE(h == CAP_EXPECTED_HASH);
    cap_capsule_set_destroy(caps);
    cap_circle_set_destroy(circ);
    cap_contact_buffer_destroy(out);
    return 0;
}

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

/* find (the contact index) against all pairs: same count, same bits. */
static int grid_matches_all_pairs(cap_capsule_set* caps, const cap_circle_set* circ, cap_contact_buffer* g,
                                  cap_contact_buffer* b)
{
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, g, NULL) == CAP_BATCH_OK);
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, b, NULL) == CAP_BATCH_OK);
    ENSURE(g->count == b->count);
    ENSURE(same_contacts(g, b, g->count));
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
        caps->ax[j] *= 1e37f, caps->ay[j] *= 1e37f, caps->bx[j] *= 1e37f, caps->by[j] *= 1e37f, caps->radius[j] = 0;
    caps->version++;
    static const float radius[] = {0.9e38f, 1.0e38f, 1.7e38f, 3.4e38f};
    for (int round = 0; round < 4; round++) {
        for (uint32_t i = 0; i < n; i++) {
            circ->x[i] = rng_range(0, 10) * 1e37f, circ->y[i] = rng_range(0, 10) * 1e37f;
            circ->radius[i] = radius[round] * rng_range(0.5f, 1.0f);
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
