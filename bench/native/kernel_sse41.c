/* 128-bit kernel: 4 circles x 1 capsule per step, SSE4.1 intrinsics.
 * (Replaced by the library's own kernel through src/simd4.h when present.) */
#include <immintrin.h>
#include "kernels.h"

int all_pairs_sse41(const circles* c, const capsules* k, hits* out)
{
    out->count = 0;
    int n4 = c->count & ~3;
    for (int j = 0; j < k->count; j++) {
        float ax_ = k->ax[j], ay_ = k->ay[j];
        float vx_ = k->bx[j] - ax_, vy_ = k->by[j] - ay_;
        __m128 ax = _mm_set1_ps(ax_), ay = _mm_set1_ps(ay_);
        __m128 vx = _mm_set1_ps(vx_), vy = _mm_set1_ps(vy_);
        __m128 vv = _mm_set1_ps(vx_ * vx_ + vy_ * vy_), rc = _mm_set1_ps(k->radius[j]);
        __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f);
        for (int i = 0; i < n4; i += 4) {
            __m128 cx = _mm_load_ps(c->x + i), cy = _mm_load_ps(c->y + i);
            __m128 wx = _mm_sub_ps(cx, ax), wy = _mm_sub_ps(cy, ay);
            __m128 t = _mm_div_ps(_mm_add_ps(_mm_mul_ps(wx, vx), _mm_mul_ps(wy, vy)), vv);
            t = _mm_min_ps(_mm_max_ps(t, zero), one);
            __m128 ex = _mm_sub_ps(cx, _mm_add_ps(ax, _mm_mul_ps(t, vx)));
            __m128 ey = _mm_sub_ps(cy, _mm_add_ps(ay, _mm_mul_ps(t, vy)));
            __m128 d2 = _mm_add_ps(_mm_mul_ps(ex, ex), _mm_mul_ps(ey, ey));
            __m128 s = _mm_add_ps(rc, _mm_load_ps(c->radius + i));
            int mask = _mm_movemask_ps(_mm_cmple_ps(d2, _mm_mul_ps(s, s)));
            while (mask) {
                int lane = __builtin_ctz((unsigned)mask);
                mask &= mask - 1;
                pair_contact(c, k, i + lane, j, out);
            }
        }
        for (int i = n4; i < c->count; i++)
            if (pair_hit(c, k, i, j)) pair_contact(c, k, i, j, out);
    }
    return out->count;
}
