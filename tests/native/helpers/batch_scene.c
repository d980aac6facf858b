/* Shared helpers of the native batch tests. See batch_scene.h. */
#include "helpers/batch_scene.h"

#include <math.h>
#include <stdlib.h>

#include "test.h"

uint32_t rng_state = 1;

uint32_t rng_u32(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

float rng_range(float lo, float hi) { return lo + (hi - lo) * (float)(rng_u32() >> 8) / 16777216.0f; }

void fill_scene(cap_capsule_set* caps, uint32_t m, cap_circle_set* circ, uint32_t n, float w, float h,
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
int doc_test(float ax, float ay, float bx, float by, float ra, float cx, float cy, float rc)
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

int same_contacts(const cap_contact_buffer* p, const cap_contact_buffer* q, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        if (p->a[k] != q->a[k] || p->b[k] != q->b[k]) return 0;
        if (!cap_same_bits(p->nx[k], q->nx[k]) || !cap_same_bits(p->ny[k], q->ny[k])) return 0;
        if (!cap_same_bits(p->depth[k], q->depth[k])) return 0;
        if (!cap_same_bits(p->point_x[k], q->point_x[k]) || !cap_same_bits(p->point_y[k], q->point_y[k])) return 0;
    }
    return 1;
}

void sentinel_init(sentinel_buffer* s, uint32_t capacity)
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

int sentinels_intact(const sentinel_buffer* s, uint32_t from)
{
    for (uint32_t k = from; k < 64; k++) {
        if (s->a[k] != 0xdeadbeefu || s->bb[k] != 0xdeadbeefu) return 0;
        for (int f = 0; f < 5; f++)
            if (s->f[f][k] != -12345.0f) return 0;
    }
    return 1;
}

cap_contact_buffer* one_pair(float ax, float ay, float bx, float by, float ra, float cx, float cy, float rc)
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

/* find (the contact index) against all pairs: same count, same bits. */
int grid_matches_all_pairs(cap_capsule_set* caps, const cap_circle_set* circ, cap_contact_buffer* g,
                           cap_contact_buffer* b)
{
    ENSURE(cap_find_capsule_circle_contacts(caps, circ, g, NULL) == CAP_BATCH_OK);
    ENSURE(cap_all_pairs_capsule_circle(caps, circ, b, NULL) == CAP_BATCH_OK);
    ENSURE(g->count == b->count);
    ENSURE(same_contacts(g, b, g->count));
    return 0;
}
