/* The widest kernels this x86-64 CPU runs: AVX-512 (16 circles x 1 capsule
 * per step) or AVX2 (8 x 1), chosen at run time. Same operations in the
 * same order as every other kernel (kernels.h), so hits and depths are
 * bit-identical; only the width differs. Compiled with per-function target
 * attributes, so the file builds on any x86-64 gcc whatever -march says. */
#include <immintrin.h>
#include "kernels.h"

#if defined(__x86_64__) || defined(__i386__)

int have_avx2(void) { return __builtin_cpu_supports("avx2"); }
int have_avx512(void) { return __builtin_cpu_supports("avx512f"); }

__attribute__((target("avx512f"))) int all_pairs_avx512(const circles* c, const capsules* k, hits* out)
{
    out->count = 0;
    int n16 = c->count & ~15;
    __m512 zero = _mm512_setzero_ps(), one = _mm512_set1_ps(1.0f);
    for (int j = 0; j < k->count; j++) {
        float ax_ = k->ax[j], ay_ = k->ay[j];
        float vx_ = k->bx[j] - ax_, vy_ = k->by[j] - ay_;
        __m512 ax = _mm512_set1_ps(ax_), ay = _mm512_set1_ps(ay_);
        __m512 vx = _mm512_set1_ps(vx_), vy = _mm512_set1_ps(vy_);
        __m512 vv = _mm512_set1_ps(vx_ * vx_ + vy_ * vy_), rc = _mm512_set1_ps(k->radius[j]);
        for (int i = 0; i < n16; i += 16) {
            __m512 cx = _mm512_load_ps(c->x + i), cy = _mm512_load_ps(c->y + i);
            __m512 wx = _mm512_sub_ps(cx, ax), wy = _mm512_sub_ps(cy, ay);
            __m512 t = _mm512_div_ps(_mm512_add_ps(_mm512_mul_ps(wx, vx), _mm512_mul_ps(wy, vy)), vv);
            t = _mm512_min_ps(_mm512_max_ps(t, zero), one);
            __m512 ex = _mm512_sub_ps(cx, _mm512_add_ps(ax, _mm512_mul_ps(t, vx)));
            __m512 ey = _mm512_sub_ps(cy, _mm512_add_ps(ay, _mm512_mul_ps(t, vy)));
            __m512 d2 = _mm512_add_ps(_mm512_mul_ps(ex, ex), _mm512_mul_ps(ey, ey));
            __m512 s = _mm512_add_ps(rc, _mm512_load_ps(c->radius + i));
            unsigned mask = _mm512_cmp_ps_mask(d2, _mm512_mul_ps(s, s), _CMP_LE_OQ);
            while (mask) {
                int lane = __builtin_ctz(mask);
                mask &= mask - 1;
                pair_contact(c, k, i + lane, j, out);
            }
        }
        for (int i = n16; i < c->count; i++)
            if (pair_hit(c, k, i, j)) pair_contact(c, k, i, j, out);
    }
    return out->count;
}

__attribute__((target("avx2"))) int all_pairs_avx2(const circles* c, const capsules* k, hits* out)
{
    out->count = 0;
    int n8 = c->count & ~7;
    __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
    for (int j = 0; j < k->count; j++) {
        float ax_ = k->ax[j], ay_ = k->ay[j];
        float vx_ = k->bx[j] - ax_, vy_ = k->by[j] - ay_;
        __m256 ax = _mm256_set1_ps(ax_), ay = _mm256_set1_ps(ay_);
        __m256 vx = _mm256_set1_ps(vx_), vy = _mm256_set1_ps(vy_);
        __m256 vv = _mm256_set1_ps(vx_ * vx_ + vy_ * vy_), rc = _mm256_set1_ps(k->radius[j]);
        for (int i = 0; i < n8; i += 8) {
            __m256 cx = _mm256_load_ps(c->x + i), cy = _mm256_load_ps(c->y + i);
            __m256 wx = _mm256_sub_ps(cx, ax), wy = _mm256_sub_ps(cy, ay);
            __m256 t = _mm256_div_ps(_mm256_add_ps(_mm256_mul_ps(wx, vx), _mm256_mul_ps(wy, vy)), vv);
            t = _mm256_min_ps(_mm256_max_ps(t, zero), one);
            __m256 ex = _mm256_sub_ps(cx, _mm256_add_ps(ax, _mm256_mul_ps(t, vx)));
            __m256 ey = _mm256_sub_ps(cy, _mm256_add_ps(ay, _mm256_mul_ps(t, vy)));
            __m256 d2 = _mm256_add_ps(_mm256_mul_ps(ex, ex), _mm256_mul_ps(ey, ey));
            __m256 s = _mm256_add_ps(rc, _mm256_load_ps(c->radius + i));
            int mask = _mm256_movemask_ps(_mm256_cmp_ps(d2, _mm256_mul_ps(s, s), _CMP_LE_OQ));
            while (mask) {
                int lane = __builtin_ctz((unsigned)mask);
                mask &= mask - 1;
                pair_contact(c, k, i + lane, j, out);
            }
        }
        for (int i = n8; i < c->count; i++)
            if (pair_hit(c, k, i, j)) pair_contact(c, k, i, j, out);
    }
    return out->count;
}

#else /* not x86: no wide kernels */

int have_avx2(void) { return 0; }
int have_avx512(void) { return 0; }
int all_pairs_avx512(const circles* c, const capsules* k, hits* out) { return all_pairs_scalar(c, k, out); }
int all_pairs_avx2(const circles* c, const capsules* k, hits* out) { return all_pairs_scalar(c, k, out); }

#endif
