/* capsule2d — the batch narrowphase: one pair test, written once in scalar
 * form (for the grid paths and to finish kernel hits) and once 4-wide over
 * simd4.h (all pairs). Both use the same operations in the same order, so
 * they agree to the bit; the 4-wide kernel only finds candidate hits, and
 * every hit is then confirmed and finished by the scalar code. */
#include "narrow.h"

#include "math.h"
#include "simd4.h"

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
    return s;
}

/* The documented steps, shared by the test and the contact. */
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

int cap_narrow_test(const cap_narrow_shape* s, float cx, float cy, float rc)
{
    cap_pair p = cap_pair_measure(s, cx, cy, rc);
    return cap_pair_hit(&p);
}

void cap_narrow_contact(const cap_narrow_shape* s, float cx, float cy, float rc, float out[5])
{
    cap_pair p = cap_pair_measure(s, cx, cy, rc);
    cap_vec2 n = cap_v2(0.0f, 1.0f);
    float dist = cap_length_and_normalize(cap_v2(p.dx, p.dy), &n);
    if (!(dist > 0.0f)) {
        cap_vec2 u;
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

void cap_narrow_put(cap_contact_buffer* out, uint64_t k, uint32_t a, uint32_t b, const float c[5])
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
static uint64_t cap_emit_block(const cap_narrow_soa* caps, const uint32_t* js, const uint32_t* masks,
                               uint32_t hits, const float* cx, const float* cy, const float* cr,
                               uint32_t base, uint32_t n, uint64_t k, cap_contact_buffer* out)
{
    for (uint32_t lane = 0; lane < 8 && base + lane < n; lane++) {
        uint32_t i = base + lane;
        for (uint32_t h = 0; h < hits; h++) {
            if (!(masks[h] >> lane & 1u)) continue;
            uint32_t j = js[h];
            cap_narrow_shape s = {caps->ax[j], caps->ay[j], caps->vx[j], caps->vy[j],
                                  caps->gx[j], caps->gy[j], caps->r[j]};
            if (!cap_narrow_test(&s, cx[i], cy[i], cr[i])) continue;
            float c[5];
            cap_narrow_contact(&s, cx[i], cy[i], cr[i], c);
            cap_narrow_put(out, k, j, i, c);
            k++;
        }
    }
    return k;
}

uint64_t cap_narrow_all_pairs(const cap_narrow_soa* caps, uint32_t m, const float* cx, const float* cy,
                              const float* cr, uint32_t n, uint32_t* scratch, cap_contact_buffer* out)
{
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
            const c4 ax = c4_splat(caps->ax[j]), ay = c4_splat(caps->ay[j]);
            const c4 vx = c4_splat(caps->vx[j]), vy = c4_splat(caps->vy[j]);
            const c4 gx = c4_splat(caps->gx[j]), gy = c4_splat(caps->gy[j]);
            const c4 ra = c4_splat(caps->r[j]);
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
