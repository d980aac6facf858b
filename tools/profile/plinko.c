/* The plinko scene of bench/plinko/scene.js natively, for profiling the
 * world step by phase (perf record / perf report, or callgrind): the same
 * pegs (the same LCG), the same ball grid, the same materials.
 *   source tools/c-sources.sh; gcc "${CAP_CFLAGS[@]}" -O2 -msse4.1 -g tools/profile/plinko.c "${CAP_LIB_SOURCES[@]}" -lm -o plinko
 *   ./plinko [balls] [warm-up steps] [timed steps]
 * Keep -msse4.1: without it the 4-wide code takes the scalar backend, whose
 * solve_pack is not inlined, and the solver shows as 41-48% of the step
 * instead of the 25-27% of the SIMD build the wasm bench runs. On a shared
 * machine compare CPU time (perf stat -e task-clock), not the wall median.
 * Prints the median step time in ms. (bench/lib/native.js does not build
 * it: it is a profiling aid, not a benchmark row.) */
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
    int n = argc > 1 ? atoi(argv[1]) : 10000, warm = argc > 2 ? atoi(argv[2]) : 480, timed = argc > 3 ? atoi(argv[3]) : 120;
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
    for (int i = 0; i < warm; i++) cap_world_step(w);
    double* t = malloc(sizeof(double) * (size_t)(timed > 0 ? timed : 1));
    for (int i = 0; i < timed; i++) {
        double t0 = now_ms();
        cap_world_step(w);
        t[i] = now_ms() - t0;
    }
    qsort(t, (size_t)timed, sizeof(double), cmp);
    printf("%d balls: median %.3f ms a step (after %d steps; hash 0x%08x)\n", n, timed ? t[timed / 2] : 0.0, warm, (unsigned)cap_world_state_hash(w));
    free(t);
    cap_world_destroy(w);
    return 0;
}
