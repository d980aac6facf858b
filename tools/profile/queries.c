/* The plinko scene of tools/profile/plinko.c (bench/plinko/scene.js) with
 * the world's queries timed natively: the step, the first query after a
 * step, and rayCast / sweepBall / queryCircle / queryBox per call (medians)
 * over 2,000 random rays as bench/scenario6.js makes them (40 m, anywhere in
 * the box). For profiling the query path without the JS wrapper:
 *   source tools/c-sources.sh; gcc "${CAP_CFLAGS[@]}" -O2 -msse4.1 -g tools/profile/queries.c "${CAP_LIB_SOURCES[@]}" -lm -o queries
 *   ./queries [balls] [warm-up steps]
 * Prints µs per call. */
#include "scene.h" /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10000, warm = argc > 2 ? atoi(argv[2]) : 420;
    cap_world* w = plinko_world(n, 1);
    if (!w) return 1;
    uint32_t slot;
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
    double steps[ROUNDS], first[ROUNDS], second[ROUNDS], t[5][ROUNDS];
    long hits = 0;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now_ms();
        cap_world_step(w);
        double t1 = now_ms();
        cap_ray ray = {{q[r][0], q[r][1]}, {q[r][2], q[r][3]}, 1.0f};
        hits += cap_world_ray_cast(w, ray, &h, &kind, &slot);
        double t2 = now_ms();
        hits += cap_world_ray_cast(w, ray, &h, &kind, &slot);
        second[r] = (now_ms() - t2) * 1e3;
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
    qsort(second, ROUNDS, sizeof(double), cmp);
    for (int k = 0; k < 5; k++) qsort(t[k], ROUNDS, sizeof(double), cmp);
    printf("%6d balls: step %8.1f us | first ray after step %6.2f (again %5.2f) | rayCast %5.3f sweepBall %5.3f queryCircle %5.3f queryBox %5.3f | (hits %ld)\n",
           n, steps[ROUNDS / 2], first[ROUNDS / 2], second[ROUNDS / 2], t[0][ROUNDS / 2], t[1][ROUNDS / 2], t[2][ROUNDS / 2], t[3][ROUNDS / 2], hits);
    cap_world_destroy(w);
    return 0;
}
