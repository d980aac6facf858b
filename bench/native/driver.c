/* Native rows of scenario 1: builds the benchmark scene (scene.h, identical
 * to bench/lib/scene.js), times each kernel `reps` times and prints one JSON
 * object: the median milliseconds, hits and checksums per kernel.
 *   driver [--reps N] [--seed S] [--circles N] [--capsules M] */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "kernels.h"

typedef int (*kernel_fn)(const circles*, const capsules*, hits*);

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int cmp_double(const void* a, const void* b)
{
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static void run(const char* name, const char* width, kernel_fn fn, const circles* c, const capsules* k,
                hits* h, int reps, int* first)
{
    double times[256];
    if (reps > 256) reps = 256;
    fn(c, k, h); /* warm-up */
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        fn(c, k, h);
        times[r] = now_ms() - t0;
    }
    qsort(times, (size_t)reps, sizeof times[0], cmp_double);
    double median = reps % 2 ? times[reps / 2] : 0.5 * (times[reps / 2 - 1] + times[reps / 2]);
    hit_sum s = hits_sum(h);
    printf("%s\n    {\"name\": \"%s\", \"width\": \"%s\", \"medianMs\": %.6f, \"minMs\": %.6f, \"reps\": %d, "
           "\"hits\": %d, \"pairs\": %u, \"depths\": %u, \"depthTotal\": %.17g}",
           *first ? "" : ",", name, width, median, times[0], reps, h->count, s.pairs, s.depths, s.depth_total);
    *first = 0;
}

int main(int argc, char** argv)
{
    int reps = 15, n = 4096, m = 1024;
    unsigned seed = 1;
    for (int a = 1; a + 1 < argc; a += 2) {
        if (!strcmp(argv[a], "--reps")) reps = atoi(argv[a + 1]);
        else if (!strcmp(argv[a], "--seed")) seed = (unsigned)strtoul(argv[a + 1], NULL, 10);
        else if (!strcmp(argv[a], "--circles")) n = atoi(argv[a + 1]);
        else if (!strcmp(argv[a], "--capsules")) m = atoi(argv[a + 1]);
    }
    if (reps < 1) reps = 1;
    circles c;
    capsules k;
    build_scene(seed, n, m, &c, &k);
    hits h;
    h.capacity = 1 << 20;
    h.circle = malloc(sizeof(uint32_t) * (size_t)h.capacity);
    h.capsule = malloc(sizeof(uint32_t) * (size_t)h.capacity);
    h.nx = malloc(sizeof(float) * (size_t)h.capacity);
    h.ny = malloc(sizeof(float) * (size_t)h.capacity);
    h.depth = malloc(sizeof(float) * (size_t)h.capacity);
    if (!h.circle || !h.capsule || !h.nx || !h.ny || !h.depth) return 1;

    printf("{\"circles\": %d, \"capsules\": %d, \"seed\": %u, \"kernel128\": \"%s\", \"rows\": [", n, m, seed,
           KERNEL128_NAME);
    int first = 1;
    run("scalar", "32", all_pairs_scalar, &c, &k, &h, reps < 3 ? reps : 3, &first);
    run("sse41", "128", all_pairs_sse41, &c, &k, &h, reps, &first);
    if (have_avx512()) run("avx512", "512", all_pairs_avx512, &c, &k, &h, reps, &first);
    else if (have_avx2()) run("avx2", "256", all_pairs_avx2, &c, &k, &h, reps, &first);
    printf("\n]}\n");
    return 0;
}
