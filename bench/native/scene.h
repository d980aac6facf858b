/* The benchmark scene, built exactly as bench/lib/scene.js builds it:
 * mulberry32 integers, float64 +, -, *, / and sqrt (all correctly rounded,
 * and never fused: build with -ffp-contract=off), rounded to float32 last. */
#ifndef BENCH_SCENE_H
#define BENCH_SCENE_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct circles {
    int count;
    float *x, *y, *radius;
} circles;

typedef struct capsules {
    int count;
    float *ax, *ay, *bx, *by, *radius;
} capsules;

typedef struct prng { uint32_t s; } prng;

static inline double prng_next(prng* p)
{
    p->s += 0x6d2b79f5u;
    uint32_t t = p->s;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return (double)(t ^ (t >> 14)) / 4294967296.0;
}

static inline float* scene_floats(int n)
{
    /* 64-byte aligned, padded to a multiple of 16 floats for wide loads */
    size_t bytes = ((size_t)(n + 15) / 16) * 16 * sizeof(float);
    float* p = aligned_alloc(64, bytes);
    if (!p) abort();
    for (size_t i = 0; i < bytes / sizeof(float); i++) p[i] = 0.0f;
    return p;
}

static inline void build_scene(uint32_t seed, int n, int m, circles* c, capsules* k)
{
    prng p = {seed};
    c->count = n;
    c->x = scene_floats(n);
    c->y = scene_floats(n);
    c->radius = scene_floats(n);
    for (int i = 0; i < n; i++) {
        c->x[i] = (float)(prng_next(&p) * 200.0);
        c->y[i] = (float)(prng_next(&p) * 150.0);
        c->radius[i] = 0.5f;
    }
    k->count = m;
    k->ax = scene_floats(m);
    k->ay = scene_floats(m);
    k->bx = scene_floats(m);
    k->by = scene_floats(m);
    k->radius = scene_floats(m);
    for (int j = 0; j < m; j++) {
        double cx = prng_next(&p) * 200.0;
        double cy = prng_next(&p) * 150.0;
        double dx, dy, l2;
        for (;;) {
            dx = prng_next(&p) * 2.0 - 1.0;
            dy = prng_next(&p) * 2.0 - 1.0;
            l2 = dx * dx + dy * dy;
            if (l2 <= 1.0 && l2 >= 1e-4) break;
        }
        double l = sqrt(l2);
        double ux = dx / l, uy = dy / l;
        k->ax[j] = (float)(cx - ux * 1.5);
        k->ay[j] = (float)(cy - uy * 1.5);
        k->bx[j] = (float)(cx + ux * 1.5);
        k->by[j] = (float)(cy + uy * 1.5);
        k->radius[j] = 0.25f;
    }
}

#endif
