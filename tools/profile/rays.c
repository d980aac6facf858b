/* The world's queries alone, for instruction counts (callgrind): the plinko
 * scene of queries.c settled once and kept as a snapshot file, restored and
 * stepped once (so the queries use the step's grids), then `reps` times the
 * 2,000 queries of one kind. run_queries() is the whole measured part:
 *   source tools/c-sources.sh; gcc "${CAP_CFLAGS[@]}" -O2 -msse4.1 -g tools/profile/rays.c "${CAP_LIB_SOURCES[@]}" -lm -o rays
 *   ./rays balls kind reps snapfile    (kind: ray sweep circle box; the snapshot is written when missing)
 *   valgrind --tool=callgrind --toggle-collect=run_queries ./rays 10000 ray 1 /tmp/plinko10k.snap
 * Prints the hits and µs per query. */
#include "scene.h" /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#include <string.h>

enum { COUNT = 2000 };
static float q[COUNT][4];
static uint32_t out[4096];

__attribute__((noinline)) static long run_queries(cap_world* w, int kind, int reps)
{
    long hits = 0;
    cap_ray_hit h;
    cap_sweep_hit sh;
    int k;
    uint32_t slot;
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < COUNT; i++) {
            const float* p = q[i];
            cap_ray ry = {{p[0], p[1]}, {p[2], p[3]}, 1.0f};
            switch (kind) {
            case 0: hits += cap_world_ray_cast(w, ry, &h, &k, &slot); break;
            case 1: hits += cap_world_sweep_ball(w, ry.origin, (cap_vec2){p[0] + p[2], p[1] + p[3]}, 0.25f, &sh, &k, &slot); break;
            case 2: hits += cap_world_query_circle(w, p[0], p[1], 2.0f, out, 4096); break;
            default: hits += cap_world_query_box(w, p[0] - 2, p[1] - 2, p[0] + 2, p[1] + 2, out, 4096); break;
            }
        }
    return hits;
}

int main(int argc, char** argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: rays balls ray|sweep|circle|box reps snapfile\n");
        return 2;
    }
    int n = atoi(argv[1]), reps = atoi(argv[3]);
    const char* names[4] = {"ray", "sweep", "circle", "box"};
    int kind = 0;
    while (kind < 4 && strcmp(argv[2], names[kind])) kind++;
    cap_world* w = plinko_world(n, 1);
    if (!w || kind == 4) return 1;
    FILE* f = fopen(argv[4], "rb");
    if (f) {
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        fseek(f, 0, SEEK_SET);
        uint8_t* bytes = malloc((size_t)len);
        if (!bytes || fread(bytes, 1, (size_t)len, f) != (size_t)len || cap_world_restore(w, bytes, (uint32_t)len)) return 1;
        fclose(f);
        free(bytes);
    } else {
        for (int i = 0; i < 420; i++) cap_world_step(w);
        uint32_t len = cap_world_save(w, NULL, 0);
        uint8_t* bytes = malloc(len);
        if (!bytes || cap_world_save(w, bytes, len) != len || !(f = fopen(argv[4], "wb"))) return 1;
        fwrite(bytes, 1, len, f);
        fclose(f);
        free(bytes);
    }
    cap_world_step(w);
    seed = 24u + (uint32_t)n;
    for (int i = 0; i < COUNT; i++) {
        double a = rnd() * 2 * 3.14159265358979;
        q[i][0] = (float)(-95 + rnd() * 190);
        q[i][1] = (float)(2 + rnd() * 146);
        q[i][2] = (float)(40 * cos(a));
        q[i][3] = (float)(40 * sin(a));
    }
    run_queries(w, kind, 1); /* warm */
    double t0 = now_ms();
    long hits = run_queries(w, kind, reps);
    double us = (now_ms() - t0) * 1e3 / ((double)reps * COUNT);
    printf("%d balls, %s: %ld hits, %.3f us per query\n", n, names[kind], hits, us);
    cap_world_destroy(w);
    return 0;
}
