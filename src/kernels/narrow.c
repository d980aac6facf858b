/* capsule2d — the batch narrowphase: one pair test, written once in scalar
 * form (for the grid paths and to finish kernel hits) and once 4-wide over
 * simd4.h (all pairs). Both use the same operations in the same order, so
 * they agree to the bit; the 4-wide kernel only finds candidate hits, and
 * every hit is then confirmed and finished by the scalar code. */
#include "kernels/narrow.h"

#include "core/scalar.h"
#include "kernels/simd4.h"

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
