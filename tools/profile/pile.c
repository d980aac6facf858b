/* Scenario 7 of the bench (bench/scenario7.js) natively, for profiling the
 * capsule bodies' step (perf record / perf report, or callgrind): the plinko
 * box with its pegs (scene.h's LCG), the walls 4 box heights tall, and N
 * capsule bodies (half length 0.5, radius 0.25, friction 0.6) on a grid of
 * 95 per row above the box, tilted by the bench's seeded angle, dropped.
 *   source tools/c-sources.sh; gcc "${CAP_CFLAGS[@]}" -O2 -msse4.1 -g tools/profile/pile.c "${CAP_LIB_SOURCES[@]}" -lm -o pile
 *   ./pile [bodies] [warm-up steps] [timed steps]
 * With -DPILE_CALLGRIND, under valgrind --tool=callgrind --instr-atstart=no,
 * only the timed steps are counted.
 * Defaults: 2000 bodies, 300 warm-up steps, 300 timed (the bench's). Prints
 * the median step time, the awake bodies, the contacts and the bodies
 * inside the box, and the state hash (for comparing two builds). */
#include "scene.h" /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#ifdef PILE_CALLGRIND /* count only the timed steps: valgrind --tool=callgrind --instr-atstart=no */
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_START_INSTRUMENTATION ((void)0)
#define CALLGRIND_STOP_INSTRUMENTATION ((void)0)
#endif

#include "world/bodies.h"
#include "world/world_internal.h"

static cap_world* pile_world(int n)
{
    const double left = -100.0, right = 100.0, top = 150.0;
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 16;
    d.static_capacity = 2048u;
    cap_world* w = cap_world_create(&d);
    if (!w) return NULL;
    cap_static_def s;
    cap_static_def_default(&s);
    uint32_t slot;
    s.kind = CAP_STATIC_LINE;
    float lines[3][4] = {{(float)left, 0, (float)right, 0}, {(float)left, (float)(4 * top), (float)left, 0},
                         {(float)right, 0, (float)right, (float)(4 * top)}};
    for (int i = 0; i < 3; i++) {
        s.ax = lines[i][0]; s.ay = lines[i][1]; s.bx = lines[i][2]; s.by = lines[i][3];
        cap_world_add_static(w, &s, &slot);
    }
    s.kind = CAP_STATIC_CAPSULE;
    s.radius = 0.25f; s.friction = 0.6f; s.restitution = 0.0f;
    seed = 20261124u;
    for (int row = 0; row < 38; row++)
        for (int col = 0; col < 40; col++) {
            double cx = left + 2.5 + col * 5 + (row % 2) * 2.5, cy = 8 + row * 3.3;
            if (cx > right - 2) continue;
            double a = (rnd() - 0.5) * 1.2, c = cos(a) * 1.5, sn = sin(a) * 1.5;
            s.ax = (float)(cx - c); s.ay = (float)(cy - sn); s.bx = (float)(cx + c); s.by = (float)(cy + sn);
            cap_world_add_static(w, &s, &slot);
        }
    cap_body_def b;
    cap_body_def_default(&b);
    b.half_length = 0.5f; b.radius = 0.25f; b.friction = 0.6f;
    seed = 20261127u;
    for (int i = 0; i < n; i++) {
        b.x = (float)(left + 2 + 2.1 * (i % 95));
        b.y = (float)(top + 1 + 1.6 * (i / 95));
        b.angle = (float)((rnd() - 0.5) * 3);
        if (cap_world_add_body(w, &b, &slot)) return NULL;
    }
    return w;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 2000, warm = argc > 2 ? atoi(argv[2]) : 300, timed = argc > 3 ? atoi(argv[3]) : 300;
    cap_world* w = pile_world(n);
    if (!w) return 1;
    for (int i = 0; i < warm; i++) cap_world_step(w);
    double* t = malloc(sizeof(double) * (size_t)(timed > 0 ? timed : 1));
    CALLGRIND_START_INSTRUMENTATION;
    for (int i = 0; i < timed; i++) {
        double t0 = now_ms();
        cap_world_step(w);
        t[i] = now_ms() - t0;
    }
    CALLGRIND_STOP_INSTRUMENTATION;
    qsort(t, (size_t)timed, sizeof(double), cmp);
    const float* x = cap_world_body_field(w, CAP_BODY_X);
    const float* y = cap_world_body_field(w, CAP_BODY_Y);
    const uint32_t* fl = cap_world_body_field(w, CAP_BODY_FLAGS);
    int inside = 0, awake = 0;
    for (int i = 0; i < n; i++) {
        inside += x[i] > -101.0f && x[i] < 101.0f && y[i] > -1.0f;
        awake += (fl[i] & CAP_BALL_AWAKE) != 0;
    }
    printf("%d bodies: median %.3f ms a step (after %d steps; %d awake, %u contacts, %d inside; hash 0x%08x)\n", n,
           timed ? t[timed / 2] : 0.0, warm, awake, (unsigned)w->bodies->prev_count, inside, (unsigned)cap_world_state_hash(w));
    free(t);
    cap_world_destroy(w);
    return 0;
}
