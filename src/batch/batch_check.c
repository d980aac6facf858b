/* capsule2d — validation of batch sets: every value within the coordinate
 * range (capsule2d.h, CAP_MAX_COORD; NaN and infinities are outside it),
 * every radius >= 0; the first bad value is named in cap_batch_error. */
#include "capsule2d_batch.h"

#include <string.h>

#include "batch/batch_internal.h"
#include "core/scalar.h"
#include "kernels/simd4.h"

int cap_batch_fail(cap_batch_error* err, int code, int set, int field, uint32_t index)
{
    if (err) {
        err->code = code;
        err->set = set;
        err->field = field;
        err->index = index;
    }
    return code;
}

/* The first bad field of element i among `fields` arrays (the last one a
 * radius when has_radius), or -1. */
static int first_bad(const float* const* fields, int k, uint32_t i)
{
    for (int f = 0; f < k; f++) {
        float v = fields[f][i];
        if (!cap_in_range(v) || (f == k - 1 && v < 0.0f)) return f;
    }
    return -1;
}

static int check_fields(const float* const* fields, int k, uint32_t count, int set, cap_batch_error* err)
{
    /* Fast pass on the bits, no branch per element (it vectorizes): a value
     * is out of range (or NaN) when the bits of its magnitude exceed those of
     * CAP_MAX_COORD; a radius is negative when its bits exceed those of -0.
     * The slow pass names the culprit. */
    uint32_t bad = 0;
    for (int f = 0; f < k; f++) {
        const float* p = fields[f];
        uint32_t acc = 0;
        for (uint32_t i = 0; i < count; i++) {
            uint32_t b;
            memcpy(&b, p + i, 4);
            acc |= (uint32_t)((b & 0x7fffffffu) > CAP_MAX_COORD_BITS);
            if (f == k - 1) acc |= (uint32_t)(b > 0x80000000u);
        }
        bad |= acc;
    }
    if (!bad) return CAP_BATCH_OK;
    for (uint32_t i = 0; i < count; i++) {
        int f = first_bad(fields, k, i);
        if (f >= 0) return cap_batch_fail(err, CAP_BATCH_BAD_VALUE, set, f, i);
    }
    return CAP_BATCH_OK;
}

int cap_circle_set_check(const cap_circle_set* s, cap_batch_error* err)
{
    if (!s || s->count > s->capacity) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_CIRCLES, 0, 0);
    const float* fields[3] = {s->x, s->y, s->radius};
    return check_fields(fields, 3, s->count, CAP_BATCH_SET_CIRCLES, err);
}

int cap_capsule_set_check(const cap_capsule_set* s, cap_batch_error* err)
{
    if (!s || s->count > s->capacity) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_CAPSULES, 0, 0);
    const float* fields[5] = {s->ax, s->ay, s->bx, s->by, s->radius};
    return check_fields(fields, 5, s->count, CAP_BATCH_SET_CAPSULES, err);
}

int cap_batch_circle_scan(const cap_circle_set* s, cap_batch_error* err, cap_circle_stats* st)
{
    if (!s || s->count > s->capacity) return cap_circle_set_check(s, err);
    const float *x = s->x, *y = s->y, *r = s->radius;
    uint32_t n = s->count, i = 0;
    float x0 = n ? x[0] : 0.0f, y0 = n ? y[0] : 0.0f;
    const c4 zero = c4_splat(0.0f);
    c4 lx = c4_splat(x0), ly = c4_splat(y0), hx = lx, hy = ly, rm = zero, rs = zero;
    c4m ok = c4_le(zero, zero);
    /* finite: v - v is 0 (NaN for infinities and NaN); a radius also >= 0
     * (-0 passes, as in the check); the bounds are meaningful only then, and
     * then say whether every value is within the coordinate range */
#if defined(__wasm_simd128__) || defined(__SSE4_1__) /* the scalar backend: the loop below only */
    C4_LOOP_AS_IS
    for (; i + 4 <= n; i += 4) {
        c4 vx = c4_load(x + i), vy = c4_load(y + i), vr = c4_load(r + i);
        ok = c4_and(ok, c4_and(c4_le(c4_sub(vx, vx), zero), c4_le(c4_sub(vy, vy), zero)));
        ok = c4_and(ok, c4_and(c4_le(c4_sub(vr, vr), zero), c4_le(zero, vr)));
        lx = c4_pmin(lx, vx);
        ly = c4_pmin(ly, vy);
        hx = c4_pmax(hx, vx);
        hy = c4_pmax(hy, vy);
        rm = c4_pmax(rm, vr);
        rs = c4_add(rs, vr);
    }
#endif
    float l[4][4], m[2][4];
    c4_store(l[0], lx);
    c4_store(l[1], ly);
    c4_store(l[2], hx);
    c4_store(l[3], hy);
    c4_store(m[0], rm);
    c4_store(m[1], rs);
    int good = c4_bits(ok) == 15;
    C4_LOOP_AS_IS
    for (; i < n; i++) {
        float vx = x[i], vy = y[i], vr = r[i];
        good &= (vx - vx == 0.0f) & (vy - vy == 0.0f) & (vr - vr == 0.0f) & (vr >= 0.0f);
        l[0][0] = c1_pmin(l[0][0], vx);
        l[1][0] = c1_pmin(l[1][0], vy);
        l[2][0] = c1_pmax(l[2][0], vx);
        l[3][0] = c1_pmax(l[3][0], vy);
        m[0][0] = c1_pmax(m[0][0], vr);
        m[1][0] += vr;
    }
    if (!good) return cap_circle_set_check(s, err); /* names the first bad value */
    float b[4];
    for (int k = 0; k < 4; k++) {
        float v = l[k][0];
        for (int q = 1; q < 4; q++) v = k < 2 ? c1_pmin(v, l[k][q]) : c1_pmax(v, l[k][q]);
        b[k] = v;
    }
    float rmax = c1_pmax(c1_pmax(m[0][0], m[0][1]), c1_pmax(m[0][2], m[0][3]));
    /* within the coordinate range: the bounds and the largest radius say it */
    if (!(b[0] >= -CAP_MAX_COORD && b[1] >= -CAP_MAX_COORD && b[2] <= CAP_MAX_COORD && b[3] <= CAP_MAX_COORD &&
          rmax <= CAP_MAX_COORD))
        return cap_circle_set_check(s, err);
    st->minx = b[0], st->miny = b[1], st->maxx = b[2], st->maxy = b[3];
    st->rmax = rmax;
    st->rsum = ((double)m[1][0] + m[1][1]) + ((double)m[1][2] + m[1][3]);
    return CAP_BATCH_OK;
}
