/* capsule2d — private: the batch pair test (capsule or circle A against
 * circle B) shared by the grid paths and the 4-wide all-pairs kernel, so
 * every path gives the same bits. The test itself is specified in
 * capsule2d_batch.h ("THE PAIR TEST"). */
#ifndef CAP_NARROW_H
#define CAP_NARROW_H

#include <stdint.h>

#include "capsule2d.h"
#include "core/scalar.h"
#include "kernels/simd4.h"

/* A capsule prepared for the pair test: A, v = B - A, g = v / |v|^2, ra.
 * 32 bytes, so one prepared capsule is one aligned half cache line: the
 * grid paths read them in random order. */
typedef struct cap_narrow_shape {
    float ax, ay, vx, vy, gx, gy, r, pad;
} cap_narrow_shape;

/* The projection gradient g = v / |v|^2, exact for huge and tiny v; 0 for a
 * zero-length (or overflowed) v. */
void cap_narrow_gradient(float vx, float vy, float* gx, float* gy);

cap_narrow_shape cap_narrow_capsule(float ax, float ay, float bx, float by, float r);


/* The documented steps, shared by the test and the contact (inline: they
 * run once per candidate pair). */
typedef struct cap_pair {
    float t, dx, dy, d2, rs;
} cap_pair;

static inline cap_pair cap_pair_measure(const cap_narrow_shape* s, float cx, float cy, float rc)
{
    cap_pair p;
    float wx = cx - s->ax, wy = cy - s->ay;
    float t = wx * s->gx + wy * s->gy;
    p.t = c1_pmin(1.0f, c1_pmax(0.0f, t)); /* NaN -> 0 */
    p.dx = wx - p.t * s->vx;
    p.dy = wy - p.t * s->vy;
    p.d2 = p.dx * p.dx + p.dy * p.dy;
    p.rs = s->r + rc;
    return p;
}

static inline int cap_pair_hit(const cap_pair* p)
{
    float rs2 = p->rs * p->rs;
    if (rs2 <= 3.4e38f) return p->d2 <= rs2;
    return cap_length(cap_v2(p->dx, p->dy)) <= p->rs; /* rs^2 overflowed */
}

/* 1 when circle (cx, cy, rc) touches shape s (the documented test). */
static inline int cap_narrow_test(const cap_narrow_shape* s, float cx, float cy, float rc)
{
    cap_pair p = cap_pair_measure(s, cx, cy, rc);
    return cap_pair_hit(&p);
}

/* The same test 4-wide: shapes (ax .. r, 4 of them) against circles (cx,
 * cy, rc): the lanes with d2 <= rs^2, the same bits as cap_narrow_test
 * while rs^2 <= 3.4e38 (the caller checks that bound). */
static inline c4m cap_narrow_test4(c4 ax, c4 ay, c4 vx, c4 vy, c4 gx, c4 gy, c4 r, c4 cx, c4 cy, c4 rc)
{
    const c4 zero = c4_splat(0.0f), one = c4_splat(1.0f);
    c4 wx = c4_sub(cx, ax), wy = c4_sub(cy, ay);
    c4 t = c4_pmin(one, c4_pmax(zero, c4_add(c4_mul(wx, gx), c4_mul(wy, gy))));
    c4 dx = c4_sub(wx, c4_mul(t, vx)), dy = c4_sub(wy, c4_mul(t, vy));
    c4 rs = c4_add(r, rc);
    return c4_le(c4_add(c4_mul(dx, dx), c4_mul(dy, dy)), c4_mul(rs, rs));
}

/* The contact for a pair that passed cap_narrow_test: out = nx, ny, depth,
 * point x, point y. */
static inline void cap_narrow_contact(const cap_narrow_shape* s, float cx, float cy, float rc, float out[5])
{
    cap_pair p = cap_pair_measure(s, cx, cy, rc);
    cap_vec2 n = cap_v2(0.0f, 1.0f);
    float dist = cap_length_and_normalize(cap_v2(p.dx, p.dy), &n);
    if (!(dist > 0.0f)) {
        cap_vec2 u = {0.0f, 0.0f}; /* set whenever it is read; initialised for -Wmaybe-uninitialized */
        n = cap_v2(0.0f, 1.0f);
        if (cap_length_and_normalize(cap_v2(s->vx, s->vy), &u) > 0.0f) n = cap_left_perp(u);
    }
    float depth = p.rs - dist;
    float px = s->ax + p.t * s->vx, py = s->ay + p.t * s->vy;
    out[0] = 0.0f + n.x; /* + 0 turns a -0 into +0 */
    out[1] = 0.0f + n.y;
    out[2] = depth > 0.0f ? depth : 0.0f;
    out[3] = px + s->r * out[0];
    out[4] = py + s->r * out[1];
}

/* Where contacts go: the arrays of a contact buffer (the batch layer's
 * cap_contact_buffer, or a world's), `capacity` entries each. */
typedef struct cap_contact_out {
    uint32_t capacity;
    uint32_t *a, *b;
    float *nx, *ny, *depth, *point_x, *point_y;
} cap_contact_out;

/* Adds contact number k (0-based, in output order) if it fits. */
void cap_narrow_put(const cap_contact_out* out, uint64_t k, uint32_t a, uint32_t b, const float c[5]);

/* Shapes A field by field (cap_narrow_shape's fields): vx .. gy NULL for
 * circles (all zero), id NULL when a shape's number is its index. */
typedef struct cap_narrow_fields {
    const float *ax, *ay, *vx, *vy, *gx, *gy, *r;
    const float* id; /* uint32 bits */
} cap_narrow_fields;

/* Contacts 0 .. k-1 (those below out->capacity) for hits h = (shape ia[h]
 * of A, circle ib[h] of cx, cy, cr), every one of them a pair that passed
 * the pair test: exactly cap_narrow_contact and cap_narrow_put of each hit
 * in turn, 4 at a time where the backend is 4-wide. */
void cap_narrow_contacts(const cap_narrow_fields* A, const uint32_t* ia, const float* cx, const float* cy,
                         const float* cr, const uint32_t* ib, uint32_t k, const cap_contact_out* out);

/* All m capsules x n circles, 8 circles (two 4-wide vectors) per capsule per
 * step. cx, cy, cr hold n circles padded with NaN centres to a multiple of
 * 8; scratch holds room for 2 * m uint32. Writes hits ordered by circle, then
 * capsule, and returns how many were found. */
uint64_t cap_narrow_all_pairs(const cap_narrow_shape* caps, uint32_t m, const float* cx, const float* cy,
                              const float* cr, uint32_t n, uint32_t* scratch, const cap_contact_out* out);

#endif
