/* The plinko scene of tools/profile/plinko.c (bench/plinko/scene.js) with
 * the world's queries timed natively: the step, the first query after a
 * step, and rayCast / sweepBall / queryCircle / queryBox per call (medians)
 * over 2,000 random rays as bench/scenario6.js makes them (40 m, anywhere in
 * the box). For profiling the query path without the JS wrapper:
 *   source tools/c-sources.sh; gcc "${CAP_CFLAGS[@]}" -O2 -msse4.1 -g tools/profile/queries.c "${CAP_LIB_SOURCES[@]}" -lm -o queries
 *   ./queries [balls] [warm-up steps]
 * Prints µs per call. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
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
static int cmp(const void* a, const void* b)
{
    double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10000, warm = argc > 2 ? atoi(argv[2]) : 420;
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = (uint32_t)n;
    d.static_capacity = 2048;
    cap_world* w = cap_world_create(&d);
    if (!w) return 1;
    cap_static_def s;
    cap_static_def_default(&s);
    uint32_t slot;
    s.kind = CAP_STATIC_LINE;
    float lines[3][4] = {{-100, 0, 100, 0}, {-100, 150, -100, 0}, {100, 0, 100, 150}};
    for (int i = 0; i < 3; i++) {
        s.ax = lines[i][0]; s.ay = lines[i][1]; s.bx = lines[i][2]; s.by = lines[i][3];
        cap_world_add_static(w, &s, &slot);
    }
    s.kind = CAP_STATIC_CAPSULE;
    s.radius = 0.25f; s.friction = 0.6f; s.restitution = 0.0f;
    seed = 20261124u;
    for (int row = 0; row < 38; row++)
        for (int col = 0; col < 40; col++) {
            double cx = -97.5 + col * 5 + (row % 2) * 2.5, cy = 8 + row * 3.3;
            if (cx > 98) continue;
            double a = (rnd() - 0.5) * 1.2, c = cos(a) * 1.5, sn = sin(a) * 1.5;
            s.ax = (float)(cx - c); s.ay = (float)(cy - sn); s.bx = (float)(cx + c); s.by = (float)(cy + sn);
            cap_world_add_static(w, &s, &slot);
        }
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.radius = 0.5f; b.restitution = 0.5f; b.friction = 0.3f;
    for (int i = 0; i < n; i++) {
        b.x = (float)(-98 + 1.03 * (i % 190));
        b.y = (float)(151 + 1.03 * (i / 190));
        cap_world_add_ball(w, &b, &slot);
    }
    enum { COUNT = 2000, ROUNDS = 41 };
    static float q[COUNT][4];
    static uint32_t out[4096];
    seed = 24u + (uint32_t)n;
    for (int i = 0; i < COUNT; i++) {
        double a = rnd() * 2 * 3.14159265358979;
        q[i][0] = (float)(-95 + rnd() * 190);
        q[i][1] = (float)(2 + rnd() * 146);
        q[i][2] = (float)(40 * cos(a));
        q[i][3] = (float)(40 * sin(a));
    }
    cap_ray_hit h;
    cap_sweep_hit sh;
    int kind;
    for (int i = 0; i < warm; i++) cap_world_step(w);
    double steps[ROUNDS], first[ROUNDS], t[5][ROUNDS];
    long hits = 0;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now_ms();
        cap_world_step(w);
        double t1 = now_ms();
        cap_ray ray = {{q[r][0], q[r][1]}, {q[r][2], q[r][3]}, 1.0f};
        hits += cap_world_ray_cast(w, ray, &h, &kind, &slot);
        double t2 = now_ms();
        steps[r] = (t1 - t0) * 1e3;
        first[r] = (t2 - t1) * 1e3;
        for (int k = 0; k < 4; k++) {
            double t3 = now_ms();
            for (int i = 0; i < COUNT; i++) {
                const float* p = q[i];
                cap_ray ry = {{p[0], p[1]}, {p[2], p[3]}, 1.0f};
                switch (k) {
                case 0: hits += cap_world_ray_cast(w, ry, &h, &kind, &slot); break;
                case 1: hits += cap_world_sweep_ball(w, ry.origin, (cap_vec2){p[0] + p[2], p[1] + p[3]}, 0.25f, &sh, &kind, &slot); break;
                case 2: hits += cap_world_query_circle(w, p[0], p[1], 2.0f, out, 4096); break;
                case 3: hits += cap_world_query_box(w, p[0] - 2, p[1] - 2, p[0] + 2, p[1] + 2, out, 4096); break;
                default: break;
                }
            }
            t[k][r] = (now_ms() - t3) * 1e3 / COUNT;
        }
    }
    qsort(steps, ROUNDS, sizeof(double), cmp);
    qsort(first, ROUNDS, sizeof(double), cmp);
    for (int k = 0; k < 5; k++) qsort(t[k], ROUNDS, sizeof(double), cmp);
    printf("%6d balls: step %8.1f us | first ray after step %6.2f | rayCast %5.3f sweepBall %5.3f queryCircle %5.3f queryBox %5.3f | (hits %ld)\n",
           n, steps[ROUNDS / 2], first[ROUNDS / 2], t[0][ROUNDS / 2], t[1][ROUNDS / 2], t[2][ROUNDS / 2], t[3][ROUNDS / 2], hits);
    cap_world_destroy(w);
    return 0;
}
