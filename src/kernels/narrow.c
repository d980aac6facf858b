/* capsule2d — the batch narrowphase: one pair test, written once in scalar
 * form (for the grid paths and to finish kernel hits) and once 4-wide over
 * simd4.h (all pairs). Both use the same operations in the same order, so
 * they agree to the bit; the 4-wide kernel only finds candidate hits, and
 * every hit is then confirmed and finished by the scalar code. */
#include "kernels/narrow.h"

#include <string.h>

#include "core/scalar.h"
#include "kernels/simd4.h"

#if defined(__wasm_simd128__) || defined(__SSE4_1__)
const uint8_t cap_c4_compress_table[16][16] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0},
    {8, 9, 10, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 8, 9, 10, 11, 0, 0, 0, 0, 0, 0, 0, 0},
    {4, 5, 6, 7, 8, 9, 10, 11, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 0, 0, 0},
    {12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0},
    {4, 5, 6, 7, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 0, 0, 0, 0},
    {8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0},
    {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
};
#endif

void cap_narrow_gradient(float vx, float vy, float* gx, float* gy)
{
    float vv = vx * vx + vy * vy;
    if (vv >= 1e-30f && vv <= 3.0e38f) {
        *gx = vx / vv;
        *gy = vy / vv;
        return;
    }
    /* |v|^2 underflowed or overflowed: scale v by its largest component m,
     * g = (v / m) / (|v / m|^2 * m). */
    float m = cap_maxf(cap_absf(vx), cap_absf(vy));
    if (!(m > 0.0f) || !(m <= 3.4e38f)) {
        *gx = 0.0f; /* zero-length core, or B - A overflowed: t = 0 */
        *gy = 0.0f;
        return;
    }
    float sx = vx / m, sy = vy / m;
    float ss = sx * sx + sy * sy;
    *gx = (sx / ss) / m;
    *gy = (sy / ss) / m;
}

cap_narrow_shape cap_narrow_capsule(float ax, float ay, float bx, float by, float r)
{
    cap_narrow_shape s;
    s.ax = ax;
    s.ay = ay;
    s.vx = bx - ax;
    s.vy = by - ay;
    cap_narrow_gradient(s.vx, s.vy, &s.gx, &s.gy);
    s.r = r;
    s.pad = 0.0f;
    return s;
}

void cap_narrow_put(const cap_contact_out* out, uint64_t k, uint32_t a, uint32_t b, const float c[5])
{
    if (k >= out->capacity) return;
    out->a[k] = a;
    out->b[k] = b;
    out->nx[k] = c[0];
    out->ny[k] = c[1];
    out->depth[k] = c[2];
    out->point_x[k] = c[3];
    out->point_y[k] = c[4];
}

static cap_narrow_shape shape_at(const cap_narrow_fields* A, uint32_t i)
{
    cap_narrow_shape s = {A->ax[i], A->ay[i], 0.0f, 0.0f, 0.0f, 0.0f, A->r[i], 0.0f};
    if (A->vx) {
        s.vx = A->vx[i];
        s.vy = A->vy[i];
        s.gx = A->gx[i];
        s.gy = A->gy[i];
    }
    return s;
}

static uint32_t id_at(const cap_narrow_fields* A, uint32_t i)
{
    uint32_t j = i;
    if (A->id) memcpy(&j, A->id + i, 4);
    return j;
}

static void contact_at(const cap_narrow_fields* A, const uint32_t* ia, const float* cx, const float* cy,
                       const float* cr, const uint32_t* ib, uint32_t h, const cap_contact_out* out)
{
    cap_narrow_shape s = shape_at(A, ia[h]);
    uint32_t i = ib[h];
    float c[5];
    cap_narrow_contact(&s, cx[i], cy[i], cr[i], c);
    cap_narrow_put(out, h, id_at(A, ia[h]), i, c);
}

void cap_narrow_contacts(const cap_narrow_fields* A, const uint32_t* ia, const float* cx, const float* cy,
                         const float* cr, const uint32_t* ib, uint32_t k, const cap_contact_out* out)
{
    uint32_t lim = k < out->capacity ? k : out->capacity, h = 0;
#if defined(__wasm_simd128__) || defined(__SSE4_1__)
    /* 4 at a time: the steps of cap_narrow_contact lane by lane (same
     * operations, same order); a lane outside the plain range of |d|^2
     * (coincident centres, huge or tiny distances) is redone by it. */
    const c4 zero = c4_splat(0.0f), one = c4_splat(1.0f), lo = c4_splat(1e-30f), hi = c4_splat(3.0e38f);
    for (; h + 4 <= lim; h += 4) {
        uint32_t a0 = ia[h], a1 = ia[h + 1], a2 = ia[h + 2], a3 = ia[h + 3];
        uint32_t b0 = ib[h], b1 = ib[h + 1], b2 = ib[h + 2], b3 = ib[h + 3];
#define C4_GATHER(p, i0, i1, i2, i3) c4_make((p)[i0], (p)[i1], (p)[i2], (p)[i3])
        c4 ax = C4_GATHER(A->ax, a0, a1, a2, a3), ay = C4_GATHER(A->ay, a0, a1, a2, a3);
        c4 r = C4_GATHER(A->r, a0, a1, a2, a3);
        c4 x = C4_GATHER(cx, b0, b1, b2, b3), y = C4_GATHER(cy, b0, b1, b2, b3), rc = C4_GATHER(cr, b0, b1, b2, b3);
        c4 wx = c4_sub(x, ax), wy = c4_sub(y, ay), dx, dy, px, py;
        if (A->vx) {
            c4 vx = C4_GATHER(A->vx, a0, a1, a2, a3), vy = C4_GATHER(A->vy, a0, a1, a2, a3);
            c4 gx = C4_GATHER(A->gx, a0, a1, a2, a3), gy = C4_GATHER(A->gy, a0, a1, a2, a3);
            c4 t = c4_pmin(one, c4_pmax(zero, c4_add(c4_mul(wx, gx), c4_mul(wy, gy))));
            dx = c4_sub(wx, c4_mul(t, vx));
            dy = c4_sub(wy, c4_mul(t, vy));
            px = c4_add(ax, c4_mul(t, vx));
            py = c4_add(ay, c4_mul(t, vy));
        } else { /* a circle: t = 0 and v = 0, so d = w exactly and p = a + 0 */
            dx = wx;
            dy = wy;
            px = c4_add(ax, zero);
            py = c4_add(ay, zero);
        }
#undef C4_GATHER
        c4 d2 = c4_add(c4_mul(dx, dx), c4_mul(dy, dy));
        int plain = c4_bits(c4_and(c4_le(lo, d2), c4_le(d2, hi)));
        c4 len = c4_sqrt(d2);
        c4 nx = c4_add(c4_div(dx, len), zero), ny = c4_add(c4_div(dy, len), zero);
        c4 depth = c4_pmax(zero, c4_sub(c4_add(r, rc), len));
        c4_store(out->nx + h, nx);
        c4_store(out->ny + h, ny);
        c4_store(out->depth + h, depth);
        c4_store(out->point_x + h, c4_add(px, c4_mul(r, nx)));
        c4_store(out->point_y + h, c4_add(py, c4_mul(r, ny)));
        c4_storei(out->b + h, c4_loadi(ib + h));
        if (A->id) {
            uint32_t j[4];
            for (int l = 0; l < 4; l++) memcpy(&j[l], A->id + ia[h + l], 4);
            c4_storei(out->a + h, c4_loadi(j));
        } else {
            c4_storei(out->a + h, c4_loadi(ia + h));
        }
        if (plain != 15)
            for (uint32_t l = 0; l < 4; l++)
                if (!(plain >> l & 1)) contact_at(A, ia, cx, cy, cr, ib, h + l, out);
    }
#endif
    for (; h < lim; h++) contact_at(A, ia, cx, cy, cr, ib, h, out);
}

/* Emits the hits of one block of 8 circles: circle by circle (lane order),
 * each in capsule order, confirming each candidate with the scalar test. */
static uint64_t cap_emit_block(const cap_narrow_shape* caps, const uint32_t* js, const uint32_t* masks,
                               uint32_t hits, const float* cx, const float* cy, const float* cr,
                               uint32_t base, uint32_t n, uint64_t k, const cap_contact_out* out)
{
    for (uint32_t lane = 0; lane < 8 && base + lane < n; lane++) {
        uint32_t i = base + lane;
        for (uint32_t h = 0; h < hits; h++) {
            if (!(masks[h] >> lane & 1u)) continue;
            uint32_t j = js[h];
            const cap_narrow_shape* s = caps + j;
            if (!cap_narrow_test(s, cx[i], cy[i], cr[i])) continue;
            float c[5];
            cap_narrow_contact(s, cx[i], cy[i], cr[i], c);
            cap_narrow_put(out, k, j, i, c);
            k++;
        }
    }
    return k;
}

uint64_t cap_narrow_all_pairs(const cap_narrow_shape* caps, uint32_t m, const float* cx, const float* cy,
                              const float* cr, uint32_t n, uint32_t* scratch, const cap_contact_out* out)
{
    if (m == 0 || n == 0) return 0; /* scratch may be NULL then: no arithmetic on it */
    uint32_t* js = scratch;
    uint32_t* masks = scratch + m;
    const c4 zero = c4_splat(0.0f), one = c4_splat(1.0f);
    uint64_t k = 0;
    for (uint32_t base = 0; base < n; base += 8) {
        const c4 cx0 = c4_load(cx + base), cx1 = c4_load(cx + base + 4);
        const c4 cy0 = c4_load(cy + base), cy1 = c4_load(cy + base + 4);
        const c4 cr0 = c4_load(cr + base), cr1 = c4_load(cr + base + 4);
        uint32_t hits = 0;
        /* Find first: the loop has no store but the rare hit record. */
        for (uint32_t j = 0; j < m; j++) {
            const cap_narrow_shape* s = caps + j;
            const c4 ax = c4_splat(s->ax), ay = c4_splat(s->ay);
            const c4 vx = c4_splat(s->vx), vy = c4_splat(s->vy);
            const c4 gx = c4_splat(s->gx), gy = c4_splat(s->gy);
            const c4 ra = c4_splat(s->r);
            c4 wx0 = c4_sub(cx0, ax), wy0 = c4_sub(cy0, ay);
            c4 wx1 = c4_sub(cx1, ax), wy1 = c4_sub(cy1, ay);
            c4 t0 = c4_add(c4_mul(wx0, gx), c4_mul(wy0, gy));
            c4 t1 = c4_add(c4_mul(wx1, gx), c4_mul(wy1, gy));
            t0 = c4_pmin(one, c4_pmax(zero, t0));
            t1 = c4_pmin(one, c4_pmax(zero, t1));
            c4 dx0 = c4_sub(wx0, c4_mul(t0, vx)), dy0 = c4_sub(wy0, c4_mul(t0, vy));
            c4 dx1 = c4_sub(wx1, c4_mul(t1, vx)), dy1 = c4_sub(wy1, c4_mul(t1, vy));
            c4 d20 = c4_add(c4_mul(dx0, dx0), c4_mul(dy0, dy0));
            c4 d21 = c4_add(c4_mul(dx1, dx1), c4_mul(dy1, dy1));
            c4 rs0 = c4_add(ra, cr0), rs1 = c4_add(ra, cr1);
            c4m h0 = c4_le(d20, c4_mul(rs0, rs0));
            c4m h1 = c4_le(d21, c4_mul(rs1, rs1));
            if (c4_any(c4_or(h0, h1))) {
                js[hits] = j;
                masks[hits] = (uint32_t)c4_bits(h0) | (uint32_t)c4_bits(h1) << 4;
                hits++;
            }
        }
        if (hits) k = cap_emit_block(caps, js, masks, hits, cx, cy, cr, base, n, k, out);
    }
    return k;
}
