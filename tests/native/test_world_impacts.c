/* Impacts passed through touching balls (src/world/impacts.c) in a busy
 * scene: rows of touching bouncy balls on the ground struck from both ends,
 * and a pile of bouncy balls dropped on them, so that strikes, long chains
 * of struck balls and many sweeps happen in the same steps. impacts.c's
 * pass visits only the contacts that can act (a list of closing contacts,
 * the balls' contact lists, a heap for the contacts that qualify during a
 * sweep); its results must be those of the plain pass that scanned every
 * contact in every sweep: the state hash, folded over every step, is the
 * one the plain pass gave (measured with it, commit 05b5a98; regenerated
 * 2026-11-28 for the bounces' energy bound, step.c's bound_bounces, from
 * 0xf63b95eb: the impacts pass unchanged, the bounces feeding it changed).
 * In these
 * 300 steps 225 have strikes: 1,222 sweeps, 6,471 impulses, 2,003
 * contacts qualified ahead of a sweep's cursor and 4,188 behind it. */
#include <stdio.h>

#include "test.h"
#include "capsule2d_world.h"

int test_world_impacts_busy_scene_matches_plain_pass(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 512;
    cap_world* w = cap_world_create(&d);
    ENSURE(w != NULL);
    cap_static_def s;
    cap_static_def_default(&s);
    uint32_t slot;
    s.kind = CAP_STATIC_LINE;
    const float lines[3][4] = {{-40, 0, 40, 0}, {-40, 60, -40, 0}, {40, 0, 40, 60}};
    for (int i = 0; i < 3; i++) {
        s.ax = lines[i][0]; s.ay = lines[i][1]; s.bx = lines[i][2]; s.by = lines[i][3];
        ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    }
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.radius = 0.5f; b.restitution = 0.9f; b.friction = 0.1f;
    /* Four rows of 12 touching balls at rest, a striker at each end. */
    for (int row = 0; row < 4; row++) {
        float x0 = -38.0f + 19.0f * (float)row;
        for (int i = 0; i < 12; i++) {
            b.x = x0 + 1.0f * (float)i; b.y = 0.5f; b.vx = 0.0f; b.vy = 0.0f;
            ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
        }
        b.x = x0 - 2.0f; b.y = 0.5f; b.vx = 6.0f + (float)row;
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
        b.x = x0 + 13.0f; b.y = 0.5f; b.vx = -3.0f - (float)row;
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    }
    /* A pile dropped on them: 8 rows of 40, slightly staggered. */
    for (int i = 0; i < 320; i++) {
        b.x = -39.0f + 1.9f * (float)(i % 40) + 0.3f * (float)((i / 40) % 2); b.y = 6.0f + 1.2f * (float)(i / 40);
        b.vx = 0.0f; b.vy = -2.0f * (float)(i % 3);
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    }
    uint32_t fold = 2166136261u;
    for (int k = 0; k < 300; k++) {
        ENSURE(cap_world_step(w) == 0);
        fold = (fold ^ cap_world_state_hash(w)) * 16777619u;
    }
    printf("  impacts busy scene: folded hash 0x%08x (golden 0xb4bcbc6b), %u awake\n", fold, (unsigned)cap_world_awake_count(w));
    ENSURE(fold == 0xb4bcbc6bu);
    cap_world_destroy(w);
    return 0;
}
