/* The plinko scene of bench/plinko/scene.js natively, for profiling the
 * world step by phase (perf record / perf report, or callgrind): the same
 * pegs (the same LCG), the same ball grid, the same materials.
 *   source tools/c-sources.sh; gcc "${CAP_CFLAGS[@]}" -O2 -msse4.1 -g tools/profile/plinko.c "${CAP_LIB_SOURCES[@]}" -lm -o plinko
 *   ./plinko [balls] [warm-up steps] [timed steps] [wide]
 * wide k (default 1): the box k times wider with k times the pegs and k times
 * the balls per row (bench/plinko/scene.js widen(k); scenario 4's wide rows
 * use 10). Warm-up 0 times the "falling" variant.
 * Keep -msse4.1: without it the 4-wide code takes the scalar backend, whose
 * solve_pack is not inlined, and the solver shows as 41-48% of the step
 * instead of the 25-27% of the SIMD build the wasm bench runs. On a shared
 * machine compare CPU time (perf stat -e task-clock), not the wall median.
 * Prints the median step time in ms. (bench/lib/native.js does not build
 * it: it is a profiling aid, not a benchmark row.) */
#include "scene.h" /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>

/* Phase times (CAP_PHASE in src/world/step_internal.h), with
 * -DCAP_PHASE_PROFILE: summed over the timed steps. */
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
int main(int argc, char** argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10000, warm = argc > 2 ? atoi(argv[2]) : 480, timed = argc > 3 ? atoi(argv[3]) : 120;
    int k = argc > 4 ? atoi(argv[4]) : 1;
    if (k < 1) k = 1;
    cap_world* w = plinko_world(n, k);
    if (!w) return 1;
    for (int i = 0; i < warm; i++) cap_world_step(w);
    double* t = malloc(sizeof(double) * (size_t)(timed > 0 ? timed : 1));
#ifdef CAP_PHASE_PROFILE
    phase_on = 1;
#endif
    for (int i = 0; i < timed; i++) {
        double t0 = now_ms();
        cap_world_step(w);
        t[i] = now_ms() - t0;
    }
    qsort(t, (size_t)timed, sizeof(double), cmp);
    printf("%d balls: median %.3f ms a step (after %d steps; %u awake at the end; hash 0x%08x)\n", n, timed ? t[timed / 2] : 0.0, warm,
           (unsigned)cap_world_awake_count(w), (unsigned)cap_world_state_hash(w));
#ifdef CAP_PHASE_PROFILE
    for (int p = 0; p < 10; p++) printf("  %-32s %7.3f ms a step\n", phase_name[p], timed ? phase_ms[p] / timed : 0.0);
#endif
    free(t);
    cap_world_destroy(w);
    return 0;
}
