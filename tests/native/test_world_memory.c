/* The world's memory is a handful of blocks (issue 24, "a per-world arena";
 * world_internal.h lists them): a world with 1,000 balls and 200 pegs,
 * stepped and queried, holds few live allocations, a warmed-up step makes
 * none, and destroying it frees them all. Counted with the sanitizers'
 * malloc and free hooks (the ASan and MSan builds of run.sh and msan.sh);
 * a build without them (the SSE run) only checks that the world works. */
#include <stddef.h>
#include <stdint.h>

#include "test.h"
#include "capsule2d_world.h"

/* The sanitizer runtimes' hook installer (sanitizer/allocator_interface.h),
 * weak: NULL in a build without a sanitizer. */
int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, size_t),
                                              void (*free_hook)(const volatile void*)) __attribute__((weak));

static int counting, hooked;
static long made, freed;
static void on_malloc(const volatile void* p, size_t size)
{
    (void)p, (void)size;
    made += counting;
}
static void on_free(const volatile void* p)
{
    freed += counting && p != NULL;
}

/* 3 lines, 200 pegs (capsules), n balls above them in rows. */
static cap_world* pegs_world(uint32_t n)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = n;
    d.static_capacity = 256;
    cap_world* w = cap_world_create(&d);
    if (!w) return NULL;
    cap_static_def s;
    cap_static_def_default(&s);
    uint32_t slot;
    s.kind = CAP_STATIC_LINE;
    const float lines[3][4] = {{-50, 0, 50, 0}, {-50, 80, -50, 0}, {50, 0, 50, 80}};
    for (int i = 0; i < 3; i++) {
        s.ax = lines[i][0]; s.ay = lines[i][1]; s.bx = lines[i][2]; s.by = lines[i][3];
        if (cap_world_add_static(w, &s, &slot)) return w;
    }
    s.kind = CAP_STATIC_CAPSULE;
    s.radius = 0.25f;
    for (int k = 0; k < 200; k++) {
        float cx = -45.0f + 4.5f * (float)(k % 20) + 2.25f * (float)((k / 20) % 2), cy = 5.0f + 3.0f * (float)(k / 20);
        s.ax = cx - 1.0f; s.ay = cy - 0.3f; s.bx = cx + 1.0f; s.by = cy + 0.3f;
        if (cap_world_add_static(w, &s, &slot)) return w;
    }
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.radius = 0.4f;
    for (uint32_t i = 0; i < n; i++) {
        b.x = -48.0f + 0.9f * (float)(i % 100);
        b.y = 40.0f + 0.9f * (float)(i / 100);
        if (cap_world_add_ball(w, &b, &slot)) return w;
    }
    return w;
}

int test_world_memory_in_few_blocks(void)
{
    int can_count = __sanitizer_install_malloc_and_free_hooks != NULL;
    if (can_count && !hooked) hooked = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free) != 0;
    can_count = can_count && hooked;
    made = freed = 0;
    counting = 1;
    cap_world* w = pegs_world(1000);
    ENSURE(w != NULL);
    ENSURE(cap_world_ball_count(w) == 1000);
    ENSURE(cap_world_static_slots(w) == 203);
    for (int i = 0; i < 150; i++) ENSURE(cap_world_step(w) == CAP_WORLD_OK);
    /* The queries' state, made at the first query. */
    uint32_t out[64];
    ENSURE(cap_world_query_circle(w, 0.0f, 10.0f, 5.0f, out, 64) > 0);
    float drawn[CAP_DRAW_CONTACT_WORDS * 8 + 1];
    drawn[CAP_DRAW_CONTACT_WORDS * 8] = -7.0f;
    uint32_t touching = cap_world_contacts(w, NULL, 0);
    ENSURE(touching > 8);
    ENSURE(cap_world_contacts(w, drawn, 8) == touching); /* the count found; 8 written, never past the end: */
    ENSURE(drawn[CAP_DRAW_CONTACT_WORDS * 8] == -7.0f);
    long live = made - freed, before = made;
    /* Warmed up: another 30 steps and queries allocate nothing. */
    for (int i = 0; i < 30; i++) {
        ENSURE(cap_world_step(w) == CAP_WORLD_OK);
        ENSURE(cap_world_query_circle(w, 0.0f, 10.0f, 5.0f, out, 64) > 0);
    }
    long step_allocs = made - before;
    cap_world_destroy(w);
    counting = 0;
    if (can_count) {
        printf("  a world of 1000 balls and 203 statics after 150 steps and a query: %ld live allocations "
               "(%ld made in all); the next 30 steps and queries made %ld\n",
               live, made, step_allocs);
        /* The world and its ball, static, contact and event blocks, the
         * ball grid's cells, the solver bodies, the kernels' static grid
         * (3), the queries' state and its hit list: 12. (Before the blocks:
         * 61.) */
        ENSURE(live <= 12);
        ENSURE(step_allocs == 0);
        ENSURE(made == freed); /* destroy frees everything */
    }
    return 0;
}
