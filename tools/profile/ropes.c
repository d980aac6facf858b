/* Scenario 8 of the benchmark (bench/scenario8.js) natively, for profiling
 * the joints: the plinko box and pegs (scene.h), 100 ropes of 50 balls
 * (radius 0.15, friction 0.3, restitution 0) on rigid distance joints of
 * length 0.35, each hung from a world point at its top, laid level in the
 * free bands between the 10 highest peg rows, swinging down through them.
 *   source tools/c-sources.sh; gcc "${CAP_CFLAGS[@]}" -O2 -msse4.1 -g tools/profile/ropes.c "${CAP_LIB_SOURCES[@]}" -lm -o ropes
 *   ./ropes [warm-up steps] [timed steps]
 * Add -DCAP_PHASE_PROFILE for the time by phase (as plinko.c); add
 * -DCAP_CALLGRIND and run under valgrind --tool=callgrind --collect-atstart=no
 * to count the timed steps only. Prints the
 * median step time, the worst link's stretch at the end and the hash. */
#include "scene.h" /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>

#include "capsule2d_joints.h"
#ifdef CAP_CALLGRIND /* count only the timed steps: valgrind --tool=callgrind --collect-atstart=no */
#include <valgrind/callgrind.h>
#define CAP_COLLECT() CALLGRIND_TOGGLE_COLLECT
#else
#define CAP_COLLECT() ((void)0)
#endif

#ifdef CAP_PHASE_PROFILE
static double phase_ms[10], phase_last;
static int phase_on;
void cap_phase(int id);
void cap_phase(int id)
{
    double t = now_ms();
    if (id >= 0 && phase_on) phase_ms[id] += t - phase_last;
    phase_last = t;
}
static const char* phase_name[10] = {"validate+reserve", "contacts: statics", "contacts: ball grid", "contacts: ball pairs",
                                     "wake+warm+prepare", "solver: bodies+build", "solver: passes+restitution", "ccd", "sleep",
                                     "events+sensors+tail"};
#endif

enum { ROPES = 100, LINKS = 50 };
static const float LINK = 0.35f;

/* The worst link's stretch |d - LINK| / LINK (a rope's top to its first
 * ball included), as bench/scenario8.js's ropeCheck. */
static double stretch(cap_world* w, const float* topx, const float* topy)
{
    const float* x = (const float*)cap_world_ball_field(w, CAP_BALL_X);
    const float* y = (const float*)cap_world_ball_field(w, CAP_BALL_Y);
    double worst = 0;
    for (int r = 0; r < ROPES; r++)
        for (int i = 0; i < LINKS; i++) {
            int k = r * LINKS + i;
            double ax = i ? x[k - 1] : topx[r], ay = i ? y[k - 1] : topy[r];
            double d = fabs(hypot(x[k] - ax, y[k] - ay) - LINK) / LINK;
            if (d > worst) worst = d;
        }
    return worst;
}

int main(int argc, char** argv)
{
    int warm = argc > 1 ? atoi(argv[1]) : 240, timed = argc > 2 ? atoi(argv[2]) : 60;
    cap_world* w = plinko_world(0, 1);
    if (!w) return 1;
    float topx[ROPES], topy[ROPES];
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.radius = 0.15f; b.restitution = 0.0f; b.friction = 0.3f;
    for (int r = 0; r < ROPES; r++) {
        topx[r] = (float)(-100 + 2 + 19.6 * (r % 10));
        topy[r] = (float)(8 + 3.3 * (36 - r / 10) + 1.65);
        uint32_t prev = CAP_JOINT_WORLD, slot, js;
        for (int i = 1; i <= LINKS; i++) {
            b.x = (float)(topx[r] + (double)LINK * i);
            b.y = topy[r];
            if (cap_world_add_ball(w, &b, &slot)) return 1;
            cap_joint_def j;
            cap_joint_def_default(&j);
            j.a = prev; j.b = slot; j.ax = topx[r]; j.ay = topy[r];
            j.length = j.min_length = j.max_length = LINK;
            if (prev != CAP_JOINT_WORLD) j.ax = j.ay = 0.0f;
            if (cap_world_add_joint(w, &j, &js)) return 1;
            prev = slot;
        }
    }
    for (int i = 0; i < warm; i++) cap_world_step(w);
    double worst_seen = 0;
    double* t = malloc(sizeof(double) * (size_t)(timed > 0 ? timed : 1));
#ifdef CAP_PHASE_PROFILE
    phase_on = 1;
#endif
    for (int i = 0; i < timed; i++) {
        double t0 = now_ms();
        CAP_COLLECT();
        cap_world_step(w);
        CAP_COLLECT();
        t[i] = now_ms() - t0;
        if (i % 20 == 19) { double s_ = stretch(w, topx, topy); worst_seen = s_ > worst_seen ? s_ : worst_seen; if (getenv("ROPES_TRACE")) printf("  step %d: worst link %.2f%%\n", warm + i + 1, 100 * s_); }
    }
    qsort(t, (size_t)timed, sizeof(double), cmp);
    double worst = stretch(w, topx, topy);
    printf("ropes: median %.3f ms a step (after %d steps; worst link %.2f%%, every 20 timed steps %.2f%%; hash 0x%08x)\n",
           timed ? t[timed / 2] : 0.0, warm, 100 * worst, 100 * worst_seen, (unsigned)cap_world_state_hash(w));
#ifdef CAP_PHASE_PROFILE
    for (int p = 0; p < 10; p++) printf("  %-32s %7.3f ms a step\n", phase_name[p], timed ? phase_ms[p] / timed : 0.0);
#endif
    free(t);
    cap_world_destroy(w);
    return 0;
}
