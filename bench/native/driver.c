/* Native rows of scenario 1: builds the benchmark scene (scene.h, identical
 * to bench/lib/scene.js), times each kernel `reps` times and prints one JSON
 * object with the median milliseconds, hits and checksums per kernel.
 *   driver [--reps N] [--seed S] [--circles N] [--capsules M] [--only NAME]
 *   driver --scene [--reps N] [--seed S] [--circles N] [--capsules M] [--frames F]
 *     (library builds only) scenario 2 natively: per frame, the circles'
 *     positions copied in, then cap_find_capsule_circle_contacts and
 *     cap_find_circle_contacts, over the frames of bench/lib/scene.js.
 * Rows: c-scalar, own-sse41, library-sse41 (with the library), and the
 * widest the CPU runs: own-avx512 or own-avx2.
 * Built with -DBENCH_LIBRARY and the library's C sources, it also times the
 * library's own all-pairs call (cap_all_pairs_capsule_circle), whose 4-wide
 * kernel goes through src/simd4.h's SSE4.1 backend natively. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "kernels.h"
#ifdef BENCH_LIBRARY
#include "capsule2d_batch.h"
#endif

typedef struct job {
    const circles* c;
    const capsules* k;
    prepared p;
    uint32_t* scratch;
    hits* h;
    kernel_fn fn;
#ifdef BENCH_LIBRARY
    cap_circle_set* cs;
    cap_capsule_set* ks;
    cap_contact_buffer* buf;
#endif
} job;

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

/* One timed call: prepare the capsules, then the kernel (as the library). */
static void call_kernel(job* j)
{
    prepare(j->k, &j->p);
    j->fn(j->c, &j->p, j->k->count, j->scratch, j->h);
}

#ifdef BENCH_LIBRARY
static void call_library(job* j)
{
    cap_batch_error err;
    if (cap_all_pairs_capsule_circle(j->ks, j->cs, j->buf, &err) != CAP_BATCH_OK) {
        fprintf(stderr, "cap_all_pairs_capsule_circle failed: %d\n", err.code);
        exit(1);
    }
}

/* The library's contacts as a hit list (a = capsule, b = circle). */
static void library_hits(job* j)
{
    j->h->count = 0;
    uint32_t n = j->buf->count < j->buf->capacity ? j->buf->count : j->buf->capacity;
    for (uint32_t q = 0; q < n; q++)
        hits_put(j->h, j->buf->b[q], j->buf->a[q], j->buf->nx[q], j->buf->ny[q], j->buf->depth[q]);
    j->h->count = (int)j->buf->count;
}
#endif

static int first_row = 1;
static const char* only = NULL;

static void run(const char* name, const char* width, void (*call)(job*), job* j, int reps)
{
    double times[256];
    if (only && strcmp(only, name) != 0) return;
    if (reps > 256) reps = 256;
    call(j); /* warm-up */
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        call(j);
        times[r] = now_ms() - t0;
    }
    printf("%s\n    {\"name\": \"%s\", \"samples\": [", first_row ? "" : ",", name);
    for (int r = 0; r < reps; r++) printf("%s%.6f", r ? ", " : "", times[r]);
    printf("],");
    qsort(times, (size_t)reps, sizeof times[0], cmp_double);
    double median = reps % 2 ? times[reps / 2] : 0.5 * (times[reps / 2 - 1] + times[reps / 2]);
#ifdef BENCH_LIBRARY
    if (call == call_library) library_hits(j);
#endif
    hit_sum s = hits_sum(j->h);
    printf(" \"width\": %s, \"medianMs\": %.6f, \"minMs\": %.6f, \"reps\": %d, "
           "\"hits\": %d, \"pairs\": %u, \"depths\": %u, \"depthTotal\": %.17g}",
           width, median, times[0], reps, j->h->count, s.pairs, s.depths, s.depth_total);
    first_row = 0;
}

static float* floats(int n) { return scene_floats(n); }

#ifdef BENCH_LIBRARY
static double reflect(double v, double hi)
{
    if (v < 0.0) return -v;
    if (v > hi) return 2.0 * hi - v;
    return v;
}

/* Scenario 2 natively; the frames are bench/lib/scene.js's buildFrames(). */
static int run_scene(unsigned seed, int n, int m, int frames, int reps)
{
    circles c;
    capsules k;
    build_scene(seed, n, m, &c, &k);
    float* fx = malloc(sizeof(float) * (size_t)n * (size_t)frames);
    float* fy = malloc(sizeof(float) * (size_t)n * (size_t)frames);
    if (!fx || !fy) return 1;
    memcpy(fx, c.x, sizeof(float) * (size_t)n);
    memcpy(fy, c.y, sizeof(float) * (size_t)n);
    prng p = {seed ^ 0x5bd1e995u};
    for (int f = 1; f < frames; f++) {
        for (int i = 0; i < n; i++) {
            size_t q = (size_t)f * (size_t)n + (size_t)i, prev = q - (size_t)n;
            fx[q] = (float)reflect((double)fx[prev] + (prng_next(&p) * 2.0 - 1.0) * 0.05, 200.0);
            fy[q] = (float)reflect((double)fy[prev] + (prng_next(&p) * 2.0 - 1.0) * 0.05, 150.0);
        }
    }
    cap_circle_set* cs = cap_circle_set_create((uint32_t)n);
    cap_capsule_set* ks = cap_capsule_set_create((uint32_t)m);
    cap_contact_buffer* b1 = cap_contact_buffer_create(1u << 15);
    cap_contact_buffer* b2 = cap_contact_buffer_create(1u << 15);
    if (!cs || !ks || !b1 || !b2) return 1;
    memcpy(cs->radius, c.radius, sizeof(float) * (size_t)n);
    cs->count = (uint32_t)n;
    memcpy(ks->ax, k.ax, sizeof(float) * (size_t)m);
    memcpy(ks->ay, k.ay, sizeof(float) * (size_t)m);
    memcpy(ks->bx, k.bx, sizeof(float) * (size_t)m);
    memcpy(ks->by, k.by, sizeof(float) * (size_t)m);
    memcpy(ks->radius, k.radius, sizeof(float) * (size_t)m);
    ks->count = (uint32_t)m;
    ks->version++;
    double* times = malloc(sizeof(double) * (size_t)reps);
    if (!times) return 1;
    cap_batch_error err;
    uint32_t pairs1 = 0, pairs2 = 0;
    for (int r = -frames; r < reps; r++) { /* one warm-up lap over the frames */
        int f = (r + frames) % frames;
        double t0 = now_ms();
        memcpy(cs->x, fx + (size_t)f * (size_t)n, sizeof(float) * (size_t)n);
        memcpy(cs->y, fy + (size_t)f * (size_t)n, sizeof(float) * (size_t)n);
        if (cap_find_capsule_circle_contacts(ks, cs, b1, &err) || cap_find_circle_contacts(cs, b2, &err)) return 1;
        if (r >= 0) times[r] = now_ms() - t0;
        if (f == 1) {
            pairs1 = b1->count;
            pairs2 = b2->count;
        }
    }
    printf("{\"scene\": true, \"rows\": [\n    {\"name\": \"library-scene\", \"samples\": [");
    for (int r = 0; r < reps; r++) printf("%s%.6f", r ? ", " : "", times[r]);
    printf("], \"capsulePairs\": %u, \"circlePairs\": %u}\n]}\n", pairs1, pairs2);
    return 0;
}
#endif

int main(int argc, char** argv)
{
    int reps = 15, n = 4096, m = 1024;
    unsigned seed = 1;
    for (int a = 1; a + 1 < argc; a++) {
        if (!strcmp(argv[a], "--reps")) reps = atoi(argv[a + 1]);
        else if (!strcmp(argv[a], "--seed")) seed = (unsigned)strtoul(argv[a + 1], NULL, 10);
        else if (!strcmp(argv[a], "--circles")) n = atoi(argv[a + 1]);
        else if (!strcmp(argv[a], "--capsules")) m = atoi(argv[a + 1]);
        else if (!strcmp(argv[a], "--only")) only = argv[a + 1];
    }
    if (reps < 1) reps = 1;
#ifdef BENCH_LIBRARY
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--scene")) {
            int frames = 60;
            for (int b = 1; b + 1 < argc; b++)
                if (!strcmp(argv[b], "--frames")) frames = atoi(argv[b + 1]);
            return run_scene(seed, n, m, frames < 2 ? 2 : frames, reps);
        }
    }
#endif
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
    job j;
    memset(&j, 0, sizeof j);
    j.c = &c;
    j.k = &k;
    j.h = &h;
    j.p.ax = floats(m);
    j.p.ay = floats(m);
    j.p.vx = floats(m);
    j.p.vy = floats(m);
    j.p.gx = floats(m);
    j.p.gy = floats(m);
    j.p.r = floats(m);
    j.scratch = (uint32_t*)(void*)floats(4 * m + 2);

    printf("{\"circles\": %d, \"capsules\": %d, \"seed\": %u, \"library\": %s, \"rows\": [", n, m, seed,
#ifdef BENCH_LIBRARY
           "true"
#else
           "false"
#endif
    );
    j.fn = all_pairs_scalar;
    run("c-scalar", "1", call_kernel, &j, reps < 3 ? reps : 3);
    j.fn = all_pairs_sse41;
    run("own-sse41", "4", call_kernel, &j, reps);
#ifdef BENCH_LIBRARY
    j.cs = cap_circle_set_create((uint32_t)n);
    j.ks = cap_capsule_set_create((uint32_t)m);
    j.buf = cap_contact_buffer_create(1u << 16);
    if (!j.cs || !j.ks || !j.buf) return 1;
    memcpy(j.cs->x, c.x, sizeof(float) * (size_t)n);
    memcpy(j.cs->y, c.y, sizeof(float) * (size_t)n);
    memcpy(j.cs->radius, c.radius, sizeof(float) * (size_t)n);
    j.cs->count = (uint32_t)n;
    memcpy(j.ks->ax, k.ax, sizeof(float) * (size_t)m);
    memcpy(j.ks->ay, k.ay, sizeof(float) * (size_t)m);
    memcpy(j.ks->bx, k.bx, sizeof(float) * (size_t)m);
    memcpy(j.ks->by, k.by, sizeof(float) * (size_t)m);
    memcpy(j.ks->radius, k.radius, sizeof(float) * (size_t)m);
    j.ks->count = (uint32_t)m;
    j.ks->version++;
    run("library-sse41", "4", call_library, &j, reps);
#endif
    if (have_avx512()) {
        j.fn = all_pairs_avx512;
        run("own-avx512", "16", call_kernel, &j, reps);
    } else if (have_avx2()) {
        j.fn = all_pairs_avx2;
        run("own-avx2", "8", call_kernel, &j, reps);
    }
    printf("\n]}\n");
    return 0;
}
