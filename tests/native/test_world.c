/* The world, natively: a drop that bounces to e^2 of its height and comes
 * to rest; the busy golden scene (tests/world/scene.js builds the same one)
 * gives the golden hash; handles, validation and fast shots. */
#include <stdlib.h>

#include "test.h"
#include "capsule2d_world.h"
#include "../golden/world.h"

typedef struct lcg { uint32_t s; } lcg;
static double rnd(lcg* g)
{
    g->s = g->s * 1103515245u + 12345u;
    return (double)(g->s >> 8) / 16777216.0;
}

static cap_world* world_new(uint32_t balls)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = balls;
    d.static_capacity = 64;
    return cap_world_create(&d);
}

static uint32_t add_line(cap_world* w, float ax, float ay, float bx, float by, float friction)
{
    cap_static_def s;
    cap_static_def_default(&s);
    s.kind = CAP_STATIC_LINE;
    s.ax = ax; s.ay = ay; s.bx = bx; s.by = by;
    if (friction >= 0.0f) s.friction = friction;
    uint32_t slot = 0;
    return cap_world_add_static(w, &s, &slot) == 0 ? slot : 0xffffffffu;
}

static cap_world* golden_scene(void)
{
    lcg g = {12345u};
    cap_world* w = world_new(512);
    add_line(w, -20, 0, 20, 0, 0.5f);
    add_line(w, -20, 40, -20, 0, -1.0f);
    add_line(w, 20, 0, 20, 40, -1.0f);
    for (int row = 0; row < 6; row++)
        for (int col = 0; col < 8; col++) {
            double cx = -17.5 + col * 5 + (row % 2) * 2.5, cy = 6 + row * 4;
            double tilt = (rnd(&g) - 0.5) * 1.2;
            cap_static_def s;
            cap_static_def_default(&s);
            s.ax = (float)(cx - 1.5); s.ay = (float)(cy - 1.5 * tilt);
            s.bx = (float)(cx + 1.5); s.by = (float)(cy + 1.5 * tilt);
            s.radius = 0.25f;
            s.restitution = 0.2f;
            uint32_t slot;
            cap_world_add_static(w, &s, &slot);
        }
    for (int i = 0; i < 300; i++) {
        cap_ball_def b;
        cap_ball_def_default(&b);
        b.radius = (float)(0.3 + 0.3 * rnd(&g));
        int fast = i % 50 == 0;
        b.x = (float)(-18 + 36 * rnd(&g));
        b.y = (float)(32 + 7 * rnd(&g));
        if (fast) {
            b.vx = (float)(200 * (rnd(&g) - 0.5));
            b.vy = -300.0f;
        }
        b.restitution = (float)(0.5 * rnd(&g));
        b.friction = (float)(0.2 + 0.6 * rnd(&g));
        b.rolling_resistance = i % 3 == 0 ? 0.05f : 0.0f;
        uint32_t slot;
        cap_world_add_ball(w, &b, &slot);
    }
    return w;
}

int test_world_golden_hash(void)
{
    cap_world* w = golden_scene();
    ENSURE(w != NULL);
    ENSURE(cap_world_ball_count(w) == 300);
    for (int i = 0; i < 300; i++) ENSURE(cap_world_step(w) == 0);
    uint32_t h = cap_world_state_hash(w);
    if (h != CAP_WORLD_GOLDEN_HASH) printf("  world hash 0x%08x, golden 0x%08x\n", h, CAP_WORLD_GOLDEN_HASH);
    ENSURE(h == CAP_WORLD_GOLDEN_HASH);
    /* Nothing escaped the box or sank through the floor. */
    const float* x = cap_world_ball_field(w, CAP_BALL_X);
    const float* y = cap_world_ball_field(w, CAP_BALL_Y);
    for (uint32_t i = 0; i < cap_world_ball_slots(w); i++) {
        ENSURE(x[i] > -20.0f && x[i] < 20.0f);
        ENSURE(y[i] > 0.0f);
    }
    cap_world_destroy(w);
    return 0;
}

int test_world_drop_bounces_to_e2(void)
{
    const float es[] = {0.3f, 0.5f, 0.8f, 1.0f};
    for (int k = 0; k < 4; k++) {
        cap_world* w = world_new(4);
        add_line(w, -10, 0, 10, 0, -1.0f);
        cap_ball_def b;
        cap_ball_def_default(&b);
        b.y = 10.5f;
        b.radius = 0.5f;
        b.restitution = es[k];
        uint32_t slot;
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
        const float* y = cap_world_ball_field(w, CAP_BALL_Y);
        const float* vy = cap_world_ball_field(w, CAP_BALL_VY);
        float peak = 0.0f;
        int bounced = 0;
        for (int i = 0; i < 600; i++) {
            float before = vy[slot];
            ENSURE(cap_world_step(w) == 0);
            if (before < 0.0f && vy[slot] > 0.0f) bounced++;
            if (bounced == 1 && y[slot] > peak) peak = y[slot];
            if (bounced == 1 && vy[slot] < 0.0f && peak > 0.0f) break;
        }
        float want = es[k] * es[k] * 10.0f;
        ENSURE_NEAR(peak - 0.5f, want, 0.02 * want);
        ENSURE(peak - 0.5f <= 10.0f);
        cap_world_destroy(w);
    }
    return 0;
}

int test_world_fast_shots_never_cross(void)
{
    /* Balls shot at a thin segment at up to 1000 radii per step. */
    cap_world_def d;
    cap_world_def_default(&d);
    d.gravity_y = 0.0f;
    d.ball_capacity = 64;
    cap_world* w = cap_world_create(&d);
    cap_static_def s;
    cap_static_def_default(&s);
    s.ax = -1e5f; s.ay = 0; s.bx = 1e5f; s.by = 0; /* long: sliding balls stay over it */
    uint32_t st;
    ENSURE(cap_world_add_static(w, &s, &st) == 0);
    lcg g = {7u};
    for (int i = 0; i < 60; i++) {
        cap_ball_def b;
        cap_ball_def_default(&b);
        b.radius = 0.1f;
        b.x = (float)(-40 + 80 * rnd(&g));
        b.y = 1.0f;
        double speed = (1 + 999 * rnd(&g)) * 0.1 * 60.0; /* radii per step -> units per second */
        b.vx = (float)(speed * (rnd(&g) - 0.5) * 0.5);
        b.vy = (float)(0.0 - speed);
        uint32_t slot;
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    }
    const float* y = cap_world_ball_field(w, CAP_BALL_Y);
    for (int k = 0; k < 120; k++) {
        ENSURE(cap_world_step(w) == 0);
        for (uint32_t i = 0; i < cap_world_ball_slots(w); i++) ENSURE(y[i] > 0.0f);
    }
    cap_world_destroy(w);
    return 0;
}

int test_world_bad_state_changes_nothing(void)
{
    cap_world* w = golden_scene();
    for (int i = 0; i < 10; i++) cap_world_step(w);
    uint32_t before = cap_world_state_hash(w);
    float* vx = cap_world_ball_field(w, CAP_BALL_VX);
    float saved = vx[17];
    vx[17] = 1.0f / 0.0f;
    ENSURE(cap_world_step(w) == CAP_WORLD_BAD_VALUE);
    ENSURE(cap_world_error_info(w)->slot == 17);
    ENSURE(cap_world_error_info(w)->field == CAP_BALL_VX);
    vx[17] = saved;
    ENSURE(cap_world_state_hash(w) == before);
    ENSURE(cap_world_remove_ball(w, 600) == CAP_WORLD_BAD_HANDLE);
    ENSURE(cap_world_remove_ball(w, 3) == 0);
    ENSURE(cap_world_remove_ball(w, 3) == CAP_WORLD_BAD_HANDLE);
    cap_world_destroy(w);
    return 0;
}
