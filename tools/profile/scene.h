/* The plinko scene of bench/plinko/scene.js built natively, shared by the
 * profiling aids (plinko.c: the step by phase; queries.c: the world's
 * queries): the same pegs (the same LCG), the same balls and materials.
 * Header-only: each tool is one translation unit. */
#ifndef CAP_PROFILE_SCENE_H
#define CAP_PROFILE_SCENE_H

#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdlib.h>
#include <time.h>
#include "capsule2d_world.h"

static uint32_t seed;
static double rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return (double)(seed >> 8) / 16777216.0;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* qsort order of doubles, for medians. */
static int cmp(const void* a, const void* b)
{
    double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

/* The plinko world with n balls, its box k times wider with k times the pegs
 * and k times the balls per row (widen(k) in bench/plinko/scene.js; k = 1 is
 * scenario 4's box). NULL when out of memory. */
static cap_world* plinko_world(int n, int k)
{
    double left = -100.0 * k, right = 100.0 * k;
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = n > 0 ? (uint32_t)n : 1u; /* n = 0: the pegs only (ropes.c adds its own balls) */
    d.static_capacity = 2048u * (uint32_t)k;
    cap_world* w = cap_world_create(&d);
    if (!w) return NULL;
    cap_static_def s;
    cap_static_def_default(&s);
    uint32_t slot;
    s.kind = CAP_STATIC_LINE;
    float lines[3][4] = {{(float)left, 0, (float)right, 0}, {(float)left, 150, (float)left, 0}, {(float)right, 0, (float)right, 150}};
    for (int i = 0; i < 3; i++) {
        s.ax = lines[i][0]; s.ay = lines[i][1]; s.bx = lines[i][2]; s.by = lines[i][3];
        cap_world_add_static(w, &s, &slot);
    }
    s.kind = CAP_STATIC_CAPSULE;
    s.radius = 0.25f; s.friction = 0.6f; s.restitution = 0.0f;
    seed = 20261124u;
    for (int row = 0; row < 38; row++)
        for (int col = 0; col < 40 * k; col++) {
            double cx = left + 2.5 + col * 5 + (row % 2) * 2.5, cy = 8 + row * 3.3;
            if (cx > right - 2) continue;
            double a = (rnd() - 0.5) * 1.2, c = cos(a) * 1.5, sn = sin(a) * 1.5;
            s.ax = (float)(cx - c); s.ay = (float)(cy - sn); s.bx = (float)(cx + c); s.by = (float)(cy + sn);
            cap_world_add_static(w, &s, &slot);
        }
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.radius = 0.5f; b.restitution = 0.5f; b.friction = 0.3f;
    for (int i = 0; i < n; i++) {
        b.x = (float)(left + 2 + 1.03 * (i % (190 * k)));
        b.y = (float)(151 + 1.03 * (i / (190 * k)));
        cap_world_add_ball(w, &b, &slot);
    }
    return w;
}

#endif
