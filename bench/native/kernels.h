/* The all-pairs circle-capsule narrowphase, one function per instruction
 * width. Every kernel computes the same float32 test in the same order:
 *   v = B - A, w = C - A, t = clamp((w.x*v.x + w.y*v.y) / (v.x*v.x + v.y*v.y), 0, 1)
 *   P = A + t*v, e = C - P, d2 = e.x*e.x + e.y*e.y, s = rCapsule + rCircle
 *   hit when d2 <= s*s; depth = s - sqrt(d2); normal = e / sqrt(d2)
 * clamp as (t > 0 ? t : 0) then (t < 1 ? t : 1): the meaning of SSE/AVX
 * max/min and of wasm pmax/pmin. The wide kernels find a block's hit mask
 * and then write its hits with pair_contact(), so hits are bit-identical. */
#ifndef BENCH_KERNELS_H
#define BENCH_KERNELS_H

#include "hits.h"
#include "scene.h"

/* The contact of circle i with capsule j (call only for a hit). */
static inline void pair_contact(const circles* c, const capsules* k, int i, int j, hits* out)
{
    float ax = k->ax[j], ay = k->ay[j];
    float vx = k->bx[j] - ax, vy = k->by[j] - ay;
    float wx = c->x[i] - ax, wy = c->y[i] - ay;
    float vv = vx * vx + vy * vy;
    float t = (wx * vx + wy * vy) / vv;
    t = t > 0.0f ? t : 0.0f;
    t = t < 1.0f ? t : 1.0f;
    float ex = c->x[i] - (ax + t * vx), ey = c->y[i] - (ay + t * vy);
    float d2 = ex * ex + ey * ey;
    float s = k->radius[j] + c->radius[i];
    float dist = sqrtf(d2);
    float nx = 0.0f, ny = 1.0f;
    if (dist > 0.0f) {
        nx = ex / dist;
        ny = ey / dist;
    } else if (vv > 0.0f) {
        float len = sqrtf(vv);
        nx = 0.0f - vy / len;
        ny = vx / len;
    }
    hits_put(out, (uint32_t)i, (uint32_t)j, nx, ny, s - dist);
}

/* The test alone, one pair (for loop tails). */
static inline int pair_hit(const circles* c, const capsules* k, int i, int j)
{
    float ax = k->ax[j], ay = k->ay[j];
    float vx = k->bx[j] - ax, vy = k->by[j] - ay;
    float wx = c->x[i] - ax, wy = c->y[i] - ay;
    float t = (wx * vx + wy * vy) / (vx * vx + vy * vy);
    t = t > 0.0f ? t : 0.0f;
    t = t < 1.0f ? t : 1.0f;
    float ex = c->x[i] - (ax + t * vx), ey = c->y[i] - (ay + t * vy);
    float s = k->radius[j] + c->radius[i];
    return ex * ex + ey * ey <= s * s;
}

/* Returns the number of hits found (written up to out->capacity). */
int all_pairs_scalar(const circles* c, const capsules* k, hits* out);
int all_pairs_sse41(const circles* c, const capsules* k, hits* out);
int all_pairs_avx2(const circles* c, const capsules* k, hits* out);
int all_pairs_avx512(const circles* c, const capsules* k, hits* out);
/* 1 when this CPU runs the kernel */
#ifndef KERNEL128_NAME
#define KERNEL128_NAME "bench/native/kernel_sse41.c (own SSE4.1 intrinsics)"
#endif

int have_avx2(void);
int have_avx512(void);

#endif
