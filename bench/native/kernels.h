/* The all-pairs circle-capsule narrowphase at each instruction width. Every
 * kernel computes the library's pair test (src/capsule2d_batch.h, "THE PAIR
 * TEST") with the same float32 operations in the same order, never fused:
 *   per capsule: v = B - A, g = v / (v.x*v.x + v.y*v.y)
 *   per pair:    w = C - A, t = w.x*g.x + w.y*g.y clamped to [0, 1],
 *                d = w - t*v, d2 = d.x*d.x + d.y*d.y, rs = ra + rc,
 *                hit when d2 <= rs*rs; depth = max(rs - sqrt(d2), 0)
 * The clamp is pmin(1, pmax(0, t)) with wasm's meaning (= SSE/AVX
 * max(t, 0) then min(t, 1)). Wide kernels find each block's hits first and
 * write them after, circle by circle then capsule by capsule (the library's
 * output order), finishing each hit with the scalar pair_contact(), so every
 * kernel writes the same bits. This benchmark's scene has no degenerate or
 * huge shapes, so the library's overflow-safe branches are not needed here. */
#ifndef BENCH_KERNELS_H
#define BENCH_KERNELS_H

#include "hits.h"
#include "scene.h"

/* Capsules prepared once per call (as the library does per call). */
typedef struct prepared {
    float *ax, *ay, *vx, *vy, *gx, *gy, *r;
} prepared;

static inline void prepare(const capsules* k, prepared* p)
{
    for (int j = 0; j < k->count; j++) {
        float vx = k->bx[j] - k->ax[j], vy = k->by[j] - k->ay[j];
        float vv = vx * vx + vy * vy;
        p->ax[j] = k->ax[j];
        p->ay[j] = k->ay[j];
        p->vx[j] = vx;
        p->vy[j] = vy;
        p->gx[j] = vv > 0.0f ? vx / vv : 0.0f;
        p->gy[j] = vv > 0.0f ? vy / vv : 0.0f;
        p->r[j] = k->radius[j];
    }
}

/* The test and, for a hit, the contact of circle i with capsule j. */
static inline int pair_contact(const circles* c, const prepared* p, int i, int j, hits* out)
{
    float wx = c->x[i] - p->ax[j], wy = c->y[i] - p->ay[j];
    float t = wx * p->gx[j] + wy * p->gy[j];
    t = t > 0.0f ? t : 0.0f;
    t = t < 1.0f ? t : 1.0f;
    float dx = wx - t * p->vx[j], dy = wy - t * p->vy[j];
    float d2 = dx * dx + dy * dy;
    float rs = p->r[j] + c->radius[i];
    if (!(d2 <= rs * rs)) return 0;
    float dist = sqrtf(d2);
    float nx = 0.0f, ny = 1.0f;
    if (dist > 0.0f) {
        nx = dx / dist;
        ny = dy / dist;
    } else {
        float len = sqrtf(p->vx[j] * p->vx[j] + p->vy[j] * p->vy[j]);
        if (len > 0.0f) {
            nx = 0.0f - p->vy[j] / len;
            ny = p->vx[j] / len;
        }
    }
    float depth = rs - dist;
    hits_put(out, (uint32_t)i, (uint32_t)j, nx, ny, depth > 0.0f ? depth : 0.0f);
    return 1;
}

/* Each returns the number of hits found (written up to out->capacity).
 * scratch: room for 4 * capsules + 2 uint32, 8-byte aligned. */
typedef int (*kernel_fn)(const circles*, const prepared*, int m, uint32_t* scratch, hits* out);
int all_pairs_scalar(const circles* c, const prepared* p, int m, uint32_t* scratch, hits* out);
int all_pairs_sse41(const circles* c, const prepared* p, int m, uint32_t* scratch, hits* out);
int all_pairs_avx2(const circles* c, const prepared* p, int m, uint32_t* scratch, hits* out);
int all_pairs_avx512(const circles* c, const prepared* p, int m, uint32_t* scratch, hits* out);
/* 1 when this CPU runs the kernel */
int have_avx2(void);
int have_avx512(void);

#endif
