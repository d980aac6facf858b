/* Capsule bodies (src/world/bodies*.c): landing flat and resting, toppling
 * from an end, handles and validation. */
#include <math.h>

#include "test.h"
#include "capsule2d_world.h"
#include "core/scalar.h"
#include "world/bodies.h"
#include "world/world_internal.h"
#include "helpers/platform_ride.h"

static cap_world* bworld(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 4;
    return cap_world_create(&d);
}

/* A floor: a static segment (radius fr) from (-20, 0) to (20, 0), or the
 * line y = 0 when fr < 0. */
static void floor_of(cap_world* w, float fr)
{
    cap_static_def s;
    cap_static_def_default(&s);
    s.kind = fr < 0.0f ? CAP_STATIC_LINE : CAP_STATIC_CAPSULE;
    s.ax = -20.0f; s.ay = 0.0f; s.bx = 20.0f; s.by = 0.0f;
    s.radius = fr < 0.0f ? 0.0f : fr;
    uint32_t slot;
    cap_world_add_static(w, &s, &slot);
}

static uint32_t body(cap_world* w, float x, float y, float angle, float hl, float r)
{
    cap_body_def d;
    cap_body_def_default(&d);
    d.x = x; d.y = y; d.angle = angle; d.half_length = hl; d.radius = r;
    uint32_t slot = 0xffffffffu;
    return cap_world_add_body(w, &d, &slot) == 0 ? slot : 0xffffffffu;
}

#define BF(w, f) ((float*)cap_world_body_field(w, f))

/* A kinematic capsule of the given radius (cap_world_add_kinematic's pose
 * arguments); its slot, or ~0. */
static uint32_t kinematic(cap_world* w, float x, float y, float angle, float length, float pivot, float radius)
{
    cap_static_def kd;
    cap_static_def_default(&kd);
    kd.radius = radius;
    uint32_t ks = 0xffffffffu;
    return cap_world_add_kinematic(w, &kd, x, y, angle, length, pivot, &ks) == 0 ? ks : 0xffffffffu;
}

/* Dropped flat from 2 m onto a segment of radius 0.1 (and onto a line):
 * after 2 s it rests at height 0.1 + 0.25 within 5 mm, and over the next
 * 2 s its angular speed stays below 1e-3 rad/s, its height within 0.1 mm
 * and its angle within 1e-3 rad of flat (no rocking). */
int test_bodies_flat_drop_rests(void)
{
    for (int f = 0; f < 2; f++) {
        float fr = f == 0 ? 0.1f : -1.0f, rest = (f == 0 ? 0.1f : 0.0f) + 0.25f;
        cap_world* w = bworld();
        floor_of(w, fr);
        uint32_t s = body(w, 0.0f, 2.0f, 0.0f, 1.0f, 0.25f);
        ENSURE(s == 0);
        for (int i = 0; i < 120; i++) ENSURE(cap_world_step(w) == 0);
        float y0 = BF(w, CAP_BODY_Y)[s];
        ENSURE_NEAR(y0, rest, 0.005);
        float wmax = 0.0f, dymax = 0.0f, amax = 0.0f;
        for (int i = 0; i < 120; i++) {
            ENSURE(cap_world_step(w) == 0);
            wmax = fmaxf(wmax, fabsf(BF(w, CAP_BODY_W)[s]));
            dymax = fmaxf(dymax, fabsf(BF(w, CAP_BODY_Y)[s] - y0));
            amax = fmaxf(amax, fabsf(BF(w, CAP_BODY_ANGLE)[s]));
        }
        printf("  flat drop (%s): rest y %.5f, |w| max %.2e, |dy| max %.2e, |angle| max %.2e\n",
               f == 0 ? "segment" : "line", y0, wmax, dymax, amax);
        ENSURE(wmax < 1e-3f);
        ENSURE(dymax < 1e-4f);
        ENSURE(amax < 1e-3f);
        ENSURE(fabsf(BF(w, CAP_BODY_X)[s]) < 1e-3f);
        /* it went to sleep */
        ENSURE((((uint32_t*)cap_world_body_field(w, CAP_BODY_FLAGS))[s] & CAP_BALL_AWAKE) == 0);
        cap_world_destroy(w);
    }
    return 0;
}

/* Stood on its end, 0.05 rad off vertical, 1 cm above the floor: it
 * topples and lies flat after 3 s (|sin angle| < 0.02, centre at the
 * radius's height within 5 mm). */
int test_bodies_end_drop_topples(void)
{
    cap_world* w = bworld();
    floor_of(w, 0.0f);
    float hl = 0.5f, r = 0.1f, a0 = 1.5707963f - 0.05f;
    uint32_t s = body(w, 0.0f, r + hl * sinf(a0) + 0.01f, a0, hl, r);
    for (int i = 0; i < 180; i++) ENSURE(cap_world_step(w) == 0);
    float a = BF(w, CAP_BODY_ANGLE)[s], y = BF(w, CAP_BODY_Y)[s];
    printf("  toppled: angle %.4f, y %.5f, x %.4f\n", a, y, BF(w, CAP_BODY_X)[s]);
    ENSURE(fabsf(sinf(a)) < 0.02f);
    ENSURE_NEAR(y, r, 0.005);
    cap_world_destroy(w);
    return 0;
}

/* Slots, generations and refusals (nothing changed on a refusal). */
int test_bodies_handles_and_refusals(void)
{
    cap_world* w = bworld();
    ENSURE(cap_world_body_field(w, CAP_BODY_X) == NULL);
    ENSURE(cap_world_body_count(w) == 0);
    uint32_t a = body(w, 0, 0, 0, 1, 0.2f), b = body(w, 3, 0, 0, 1, 0.2f);
    ENSURE(a == 0 && b == 1);
    ENSURE(cap_world_remove_body(w, 0) == 0);
    ENSURE(cap_world_remove_body(w, 0) == CAP_WORLD_BAD_HANDLE);
    ENSURE(cap_world_remove_body(w, 7) == CAP_WORLD_BAD_HANDLE);
    uint32_t c = body(w, 0, 0, 0, 1, 0.2f);
    ENSURE(c == 0 && ((uint32_t*)cap_world_body_field(w, CAP_BODY_GENERATION))[0] == 2);
    cap_body_def d;
    cap_body_def_default(&d);
    uint32_t slot = 99;
    d.radius = 0.0f;
    ENSURE(cap_world_add_body(w, &d, &slot) == CAP_WORLD_BAD_VALUE && slot == 99);
    ENSURE(cap_world_error_info(w)->field == CAP_BODY_FIELD_ERROR + CAP_BODY_RADIUS);
    cap_body_def_default(&d);
    d.half_length = -1.0f;
    ENSURE(cap_world_add_body(w, &d, &slot) == CAP_WORLD_BAD_VALUE);
    ENSURE(cap_world_error_info(w)->field == CAP_BODY_FIELD_ERROR + CAP_BODY_HALF_LENGTH);
    cap_body_def_default(&d);
    d.angle = INFINITY;
    ENSURE(cap_world_add_body(w, &d, &slot) == CAP_WORLD_BAD_VALUE);
    ENSURE(cap_world_error_info(w)->field == CAP_BODY_FIELD_ERROR + CAP_BODY_ANGLE);
    ENSURE(cap_world_body_count(w) == 2);
    /* a NaN written through a view: the step refuses it, naming slot and field, and changes nothing */
    uint32_t h0 = cap_world_state_hash(w);
    BF(w, CAP_BODY_VY)[1] = NAN;
    ENSURE(cap_world_step(w) == CAP_WORLD_BAD_VALUE);
    ENSURE(cap_world_error_info(w)->slot == 1 && cap_world_error_info(w)->field == CAP_BODY_FIELD_ERROR + CAP_BODY_VY);
    BF(w, CAP_BODY_VY)[1] = 0.0f;
    ENSURE(cap_world_state_hash(w) == h0);
    ENSURE(cap_world_step(w) == 0);
    ENSURE(BF(w, CAP_BODY_VY)[1] < 0.0f); /* falls */
    ENSURE(cap_world_state_hash(w) != h0);
    /* mass from density: a capsule of half length 1, radius 0.2, density 1 */
    float m = 2.0f * 0.2f * 2.0f + 3.14159265f * 0.04f;
    ENSURE_NEAR(1.0f / BF(w, CAP_BODY_INV_MASS)[1], m, 1e-5);
    /* a world with bodies saves (tests: test_world_bodies_snapshot.c) */
    ENSURE(cap_world_save(w, NULL, 0) > 0);
    cap_world_destroy(w);
    return 0;
}

/* A stack of 10 flat capsules (half length 0.5, radius 0.1) dropped 1 cm
 * apart on a segment: after 5 s every one is slower than 0.01 m/s, each
 * pair overlaps by at most 5 mm, and the stack stands (centres within
 * 5 mm of x = 0, angles within 0.01 rad; the one-manifold-at-a-time
 * solver, each point in a fixed order, leaned it 8.5 mm; the coloured one,
 * its relax pass taking the points in the other order, 1.5 mm). */
int test_bodies_stack_of_ten_rests(void)
{
    cap_world* w = bworld();
    floor_of(w, 0.0f);
    const float r = 0.1f;
    for (int i = 0; i < 10; i++) ENSURE(body(w, 0.0f, r + (2.0f * r + 0.01f) * (float)i, 0.0f, 0.5f, r) == (uint32_t)i);
    float vmax = 0.0f;
    for (int i = 0; i < 300; i++) ENSURE(cap_world_step(w) == 0);
    float omax = 0.0f, xmax = 0.0f, amax = 0.0f;
    for (int i = 0; i < 10; i++) {
        float v = hypotf(BF(w, CAP_BODY_VX)[i], BF(w, CAP_BODY_VY)[i]);
        vmax = fmaxf(vmax, v + fabsf(BF(w, CAP_BODY_W)[i]) * 0.6f);
        xmax = fmaxf(xmax, fabsf(BF(w, CAP_BODY_X)[i]));
        amax = fmaxf(amax, fabsf(BF(w, CAP_BODY_ANGLE)[i]));
        float below = i == 0 ? 0.0f : BF(w, CAP_BODY_Y)[i - 1] + r;
        omax = fmaxf(omax, below - (BF(w, CAP_BODY_Y)[i] - r));
    }
    printf("  stack of 10: top y %.4f, speed max %.2e, overlap max %.2e, |x| max %.2e, |angle| max %.2e\n",
           BF(w, CAP_BODY_Y)[9], vmax, omax, xmax, amax);
    ENSURE(vmax < 0.01f);
    ENSURE(omax <= 0.005f);
    ENSURE(xmax < 0.005f && amax < 0.01f);
    cap_world_destroy(w);
    return 0;
}

/* Two bodies crossing (an X): pushed apart, never NaN; a body falling on a
 * resting one's end tips it (body-body contacts act on both). */
int test_bodies_pair_contacts(void)
{
    cap_world* w = bworld();
    floor_of(w, -1.0f);
    body(w, 0.0f, 1.0f, 0.3f, 0.5f, 0.1f);
    body(w, 0.0f, 1.0f, -0.3f, 0.5f, 0.1f);
    for (int i = 0; i < 240; i++) ENSURE(cap_world_step(w) == 0);
    float* y = BF(w, CAP_BODY_Y);
    ENSURE(y[0] == y[0] && y[1] == y[1]);
    /* they end apart: one on the floor, the other on it or beside it, no overlap beyond the slop */
    cap_vec2 a0, a1, b0, b1;
    float c0 = cosf(BF(w, CAP_BODY_ANGLE)[0]) * 0.5f, s0 = sinf(BF(w, CAP_BODY_ANGLE)[0]) * 0.5f;
    float c1 = cosf(BF(w, CAP_BODY_ANGLE)[1]) * 0.5f, s1 = sinf(BF(w, CAP_BODY_ANGLE)[1]) * 0.5f;
    a0 = cap_v2(BF(w, CAP_BODY_X)[0] - c0, y[0] - s0); a1 = cap_v2(BF(w, CAP_BODY_X)[0] + c0, y[0] + s0);
    b0 = cap_v2(BF(w, CAP_BODY_X)[1] - c1, y[1] - s1); b1 = cap_v2(BF(w, CAP_BODY_X)[1] + c1, y[1] + s1);
    cap_segment_pair sp = cap_closest_points_on_segments(a0, a1, b0, b1);
    printf("  crossed pair: distance between cores %.4f (radius sum 0.2)\n", sp.distance);
    ENSURE(sp.distance > 0.2f - 0.006f);
    cap_world_destroy(w);
    return 0;
}

static uint32_t ball(cap_world* w, float x, float y, float r, float density)
{
    cap_ball_def d;
    cap_ball_def_default(&d);
    d.x = x; d.y = y; d.radius = r; d.density = density;
    uint32_t slot = 0xffffffffu;
    return cap_world_add_ball(w, &d, &slot) == 0 ? slot : 0xffffffffu;
}
#define BALLF(w, f) ((float*)cap_world_ball_field(w, f))

/* A ball (r 0.2) dropped from 1.5 m onto a flat capsule body resting on a
 * segment: after 3 s it sits on the body (centre at 0.25 + 0.25 + 0.2
 * within 5 mm), and the body is still flat and at its height. Without
 * ball-body contacts the ball falls through to the floor (y 0.2). */
int test_bodies_ball_rests_on_body(void)
{
    cap_world* w = bworld();
    floor_of(w, 0.0f);
    uint32_t s = body(w, 0.0f, 0.25f, 0.0f, 1.0f, 0.25f);
    uint32_t q = ball(w, 0.3f, 1.5f, 0.2f, 1.0f);
    for (int i = 0; i < 180; i++) ENSURE(cap_world_step(w) == 0);
    float by = BALLF(w, CAP_BALL_Y)[q];
    printf("  ball on body: ball y %.5f (want 0.7), body y %.5f, angle %.2e\n", by, BF(w, CAP_BODY_Y)[s], BF(w, CAP_BODY_ANGLE)[s]);
    ENSURE_NEAR(by, 0.7, 0.005);
    ENSURE_NEAR(BF(w, CAP_BODY_Y)[s], 0.25, 0.005);
    ENSURE(fabsf(BF(w, CAP_BODY_ANGLE)[s]) < 0.01f);
    cap_world_destroy(w);
    return 0;
}

/* A world without gravity (NULL when it cannot be made). */
static cap_world* weightless(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.gravity_y = 0.0f;
    return cap_world_create(&d);
}

/* The tests' LCG: the next value in [0, 1). */
static float next01(uint32_t* s)
{
    *s = *s * 1103515245u + 12345u;
    return (float)(*s >> 8) / 16777216.0f;
}

/* A world without gravity and a wall: the static capsule (radius r; 0: a
 * segment) from (0, -50) to (0, 50), or (kinematic) a kinematic capsule
 * there at rest; NULL when it cannot be made. */
static cap_world* walled(float r, int kinematic)
{
    cap_world* w = weightless();
    cap_static_def sd;
    cap_static_def_default(&sd);
    sd.ax = 0.0f; sd.ay = -50.0f; sd.bx = 0.0f; sd.by = 50.0f;
    sd.radius = r;
    uint32_t slot;
    int bad = !w || (kinematic ? cap_world_add_kinematic(w, &sd, 0.0f, 0.0f, 1.5707964f, 100.0f, 0.5f, &slot)
                               : cap_world_add_static(w, &sd, &slot));
    if (bad && w) cap_world_destroy(w);
    return bad ? NULL : w;
}

/* A heavy capsule body (half length 0.5, radius 0.2, density 50) thrown
 * at 10, 100 and 1,000 m/s, no gravity, into a ball (r 0.1) that lies 0.1
 * right of a thin wall (a capsule of radius 0.01 at x = 0): over 2 s the
 * ball never gets through the wall (its centre stays right of the wall's
 * surface by its radius less two slops). The bodies' pass moves a ball it
 * touches after the balls' sweeps; before it swept that ball again
 * (cap_step_ccd_again), the body pushed the ball through the wall (beyond
 * it on 107 of the 120 steps at 10 m/s). Known limit, printed: the ball's
 * static contacts are not in the bodies' pass, so the body, held by a ball
 * the wall holds, rests overlapping it (about 0.19 m here). */
static int push_ball_into(int kinematic)
{
    const float speeds[] = {10.0f, 100.0f, 1000.0f};
    const char* what = kinematic ? "kinematic capsule" : "wall";
    for (int v = 0; v < 3; v++) {
        cap_world* w = walled(0.01f, kinematic);
        ENSURE(w != NULL);
        uint32_t q = ball(w, 0.2f, 0.0f, 0.1f, 1.0f);
        cap_body_def bd;
        cap_body_def_default(&bd);
        bd.x = 3.0f; bd.half_length = 0.5f; bd.radius = 0.2f; bd.density = 50.0f;
        uint32_t b = 0;
        ENSURE(cap_world_add_body(w, &bd, &b) == 0);
        BF(w, CAP_BODY_VX)[b] = -speeds[v];
        double lowest = 1e9;
        for (int i = 0; i < 120; i++) {
            ENSURE(cap_world_step(w) == 0);
            if (BALLF(w, CAP_BALL_X)[q] < lowest) lowest = BALLF(w, CAP_BALL_X)[q];
        }
        float bx = BF(w, CAP_BODY_X)[b];
        double overlap = 0.3 - (bx - 0.5 - BALLF(w, CAP_BALL_X)[q]);
        printf("  body at %4.0f m/s into a ball by a %s: ball centre at least %.4f right of its surface (radius 0.1); "
               "body and ball overlap %.3f at the end\n",
               speeds[v], what, lowest - 0.01, overlap);
        ENSURE(lowest - 0.01 >= 0.1 - 2.0 * 0.005);
        ENSURE(bx > 0.0f);
        cap_world_destroy(w);
    }
    return 0;
}
int test_bodies_push_ball_into_wall(void) { return push_ball_into(0); }

/* The same with a thin kinematic capsule (radius 0.01, at rest, x = 0,
 * 100 m long) for the wall: the bodies' pass never pushes the ball across
 * a kinematic capsule either (the ball's centre stays right of its surface
 * by the ball's radius less two slops), and the body stays right of it.
 * Before cap_step_ccd_again swept the kinematic capsules too, the body
 * pushed the ball through it (17.7 m beyond it at 10 m/s). */
int test_bodies_push_ball_into_kinematic(void) { return push_ball_into(1); }

/* A see-saw: a capsule body balanced across a static peg; a heavy ball
 * dropped on its right end tips it right end down (the body feels the
 * ball), and a capsule body dropped on a resting ball pushes it aside. */
int test_bodies_ball_tips_body(void)
{
    cap_world* w = bworld();
    floor_of(w, 0.0f);
    cap_static_def p;
    cap_static_def_default(&p);
    p.ax = p.bx = 0.0f; p.ay = p.by = 1.0f; p.radius = 0.1f;
    uint32_t ps;
    ENSURE(cap_world_add_static(w, &p, &ps) == 0);
    uint32_t s = body(w, 0.0f, 1.0f + 0.1f + 0.1f, 0.0f, 1.5f, 0.1f);
    for (int i = 0; i < 30; i++) ENSURE(cap_world_step(w) == 0);
    ENSURE(fabsf(BF(w, CAP_BODY_ANGLE)[s]) < 1e-3f); /* balanced */
    uint32_t q = ball(w, 1.3f, 2.5f, 0.15f, 20.0f);
    for (int i = 0; i < 60; i++) ENSURE(cap_world_step(w) == 0);
    float a = BF(w, CAP_BODY_ANGLE)[s];
    printf("  see-saw tipped by the ball: angle %.4f, ball at (%.3f, %.3f)\n", a, BALLF(w, CAP_BALL_X)[q], BALLF(w, CAP_BALL_Y)[q]);
    ENSURE(a < -0.3f);
    cap_world_destroy(w);
    return 0;
}

/* A capsule body (half length 0.5, radius 0.05) shot right from 2 m left
 * of x = 0 plus its travel, at 1 to 1,000 lengths a step, spinning at up to
 * 100 rad/s (the LCG picks speed, height, angle, spin); its slot or ~0. */
static uint32_t shoot(cap_world* w, uint32_t* s0)
{
    float u = next01(s0), v = next01(s0);
    float lengths = powf(1000.0f, u);
    cap_body_def bd;
    cap_body_def_default(&bd);
    bd.half_length = 0.5f; bd.radius = 0.05f;
    bd.x = -2.0f - lengths; bd.y = 10.0f * (v - 0.5f);
    bd.angle = 6.0f * v;
    bd.vx = lengths * 60.0f;
    bd.vy = 30.0f * (u - 0.5f);
    bd.angular_velocity = 100.0f * (2.0f * v - 1.0f);
    uint32_t b;
    return cap_world_add_body(w, &bd, &b) == 0 ? b : 0xffffffffu;
}

/* Continuous collision: capsules (half length 0.5, radius 0.05) shot at a
 * vertical segment (radius 0) and at a thin capsule (radius 0.01) at 1 to
 * 1000 lengths per step, spinning at 0 to 100 rad/s, no gravity, 200
 * shots at each: no step ends with either end of the core past the wall's
 * core (x > 0), over 20 steps each (nor the centre). Before the sweep's
 * depth floor (bodies_ccd.c) 66 of the 8,000 steps ended with an end past
 * the wall: a body pinned against the wall, spinning at ~2,000 rad/s after
 * the hit, sank one slop deeper every step. */
int test_bodies_fast_spinning_never_cross(void)
{
    uint32_t s0 = 12345u;
    int crossed = 0, shots = 0;
    for (int wall = 0; wall < 2; wall++)
        for (int k = 0; k < 200; k++) {
            cap_world* w = walled(wall ? 0.01f : 0.0f, 0);
            ENSURE(w != NULL);
            uint32_t b = shoot(w, &s0);
            ENSURE(b != 0xffffffffu);
            for (int i = 0; i < 20; i++) {
                ENSURE(cap_world_step(w) == 0);
                float c = cosf(BF(w, CAP_BODY_ANGLE)[b]) * 0.5f, x = BF(w, CAP_BODY_X)[b];
                if (x > 0.0f || x - c > 0.0f || x + c > 0.0f) crossed++;
            }
            shots++;
            cap_world_destroy(w);
        }
    printf("  fast spinning capsules: %d shots, %d steps ended with the core past the wall\n", shots, crossed);
    ENSURE(crossed == 0);
    return 0;
}

/* The same shots at a thin kinematic capsule (radius 0.01, 100 m long,
 * upright) moving left at 30 m/s, and at one at rest spinning a lever of
 * 100 m about its lower end at 0.1 rad/s (the pivot 90 m below the shots,
 * so the capsule near them sweeps left at about 9 m/s): no step ends with either end of
 * a body's core past the capsule's core. Before the bodies' sweep took
 * the moving capsules in, 7,594 of the 8,000 steps did (3,800 and 3,794:
 * every shot went through); swept but not carried on by the capsule it
 * met, 33 (the turning one passed bodies it had stopped). */
int test_bodies_fast_spinning_never_cross_kinematic(void)
{
    uint32_t s0 = 7u;
    int crossed[2] = {0, 0}, shots = 0;
    for (int turn = 0; turn < 2; turn++)
        for (int k = 0; k < 200; k++) {
            cap_world* w = weightless();
            ENSURE(w != NULL);
            uint32_t ks = turn ? kinematic(w, 0.0f, -90.0f, 1.5707964f, 100.0f, 0.0f, 0.01f) : kinematic(w, 0.0f, 0.0f, 1.5707964f, 100.0f, 0.5f, 0.01f);
            ENSURE(ks != 0xffffffffu);
            ENSURE(cap_world_set_kinematic(w, ks, CAP_KINEMATIC_VELOCITY, turn ? 0.0f : -30.0f, 0.0f, turn ? 0.1f : 0.0f) == 0);
            uint32_t b = shoot(w, &s0);
            ENSURE(b != 0xffffffffu);
            for (int i = 0; i < 20; i++) {
                ENSURE(cap_world_step(w) == 0);
                float kst[CAP_KINEMATIC_STATE_WORDS];
                ENSURE(cap_world_kinematic_state(w, ks, kst) == 0);
                float c = cosf(BF(w, CAP_BODY_ANGLE)[b]) * 0.5f, sn = sinf(BF(w, CAP_BODY_ANGLE)[b]) * 0.5f;
                float x = BF(w, CAP_BODY_X)[b], y = BF(w, CAP_BODY_Y)[b];
                /* the side of the capsule's core line each end is on
                 * (right of its direction: past) */
                float ux = cosf(kst[CAP_KINEMATIC_STATE_ANGLE]), uy = sinf(kst[CAP_KINEMATIC_STATE_ANGLE]);
                float px = kst[CAP_KINEMATIC_STATE_X], py = kst[CAP_KINEMATIC_STATE_Y];
                float e0 = uy * (x - c - px) - ux * (y - sn - py), e1 = uy * (x + c - px) - ux * (y + sn - py);
                if (e0 > 0.0f || e1 > 0.0f) {
                    if (!crossed[turn]) printf("    first: turn %d shot %d step %d\n", turn, k, i);
                    crossed[turn]++;
                }
            }
            shots++;
            cap_world_destroy(w);
        }
    printf("  fast spinning capsules at moving capsules: %d shots, %d and %d steps (moving, turning) ended with the core past it\n", shots, crossed[0], crossed[1]);
    ENSURE(crossed[0] + crossed[1] == 0);
    return 0;
}

/* Balls (r 0.1, density 1) shot at a resting capsule body (half length 2,
 * radius 0.05, upright at the origin; density 1, then 100), no gravity, at
 * 1 to 1,000 radii a step from 3 m left of it, at heights across its core,
 * 200 shots each: in the body's frame, the ball's centre never changes
 * sides of the core line, within the core's length, over a step that began
 * with the body at rest; and the kinetic energy (ball and body, linear and
 * spin) never exceeds the ball's at the start by more than 1e-4. Before
 * fast balls were swept against the bodies (ccd.c's ccd_bodies), 19 of 200
 * shots at 1-500 radii went through. A step in which the hit spun the light
 * body by more than 0.5 rad is not judged by the end frame (49 of the 200
 * light-body shots: the ball leaves with the struck point's velocity while
 * the stick turns up to 280 degrees in the step, so the frame's side says
 * nothing of its path; the earlier "1 of 200 at 1,000 radii" was one of
 * these). Known limit: a ball can pass a body that moves fast itself (19 of
 * 200 shots met the flying, spinning body again after the hit and passed
 * it): bodies are not swept against balls. */
int test_bodies_fast_balls_stop_at_bodies(void)
{
    uint32_t s0 = 11u;
    int crossed = 0, gained = 0, spun = 0;
    for (int k = 0; k < 400; k++) {
        cap_world* w = weightless();
        ENSURE(w != NULL);
        cap_body_def bd;
        cap_body_def_default(&bd);
        bd.half_length = 2.0f; bd.radius = 0.05f; bd.angle = 1.5707964f;
        bd.density = k < 200 ? 1.0f : 100.0f;
        uint32_t b;
        ENSURE(cap_world_add_body(w, &bd, &b) == 0);
        float u = next01(&s0), v = next01(&s0);
        float speed = powf(1000.0f, u) * 0.1f * 60.0f;
        uint32_t q = ball(w, -3.0f, 3.6f * (v - 0.5f), 0.1f, 1.0f);
        ENSURE(q != 0xffffffffu);
        BALLF(w, CAP_BALL_VX)[q] = speed;
        double m = 3.14159265 * 0.01, e0 = 0.5 * m * (double)speed * speed, worst = 0.0;
        float last_side = 0.0f, last_along = 0.0f;
        for (int i = 0; i < 30; i++) {
            int resting = BF(w, CAP_BODY_VX)[b] == 0.0f && BF(w, CAP_BODY_VY)[b] == 0.0f && BF(w, CAP_BODY_W)[b] == 0.0f;
            float a0 = BF(w, CAP_BODY_ANGLE)[b];
            ENSURE(cap_world_step(w) == 0);
            float a = BF(w, CAP_BODY_ANGLE)[b], c = cosf(a), sn = sinf(a);
            /* A body the hit spun by more than 0.5 rad in the step: its end
             * frame says nothing of the ball's path (counted apart). */
            int spin = resting && fabsf(a - a0) > 0.5f;
            spun += spin;
            float rx = BALLF(w, CAP_BALL_X)[q] - BF(w, CAP_BODY_X)[b], ry = BALLF(w, CAP_BALL_Y)[q] - BF(w, CAP_BODY_Y)[b];
            float along = rx * c + ry * sn, side = rx * sn - ry * c; /* side > 0: right of the core line */
            /* Across: in the body's frame (its pose at each step's end),
             * the ball's centre changed sides of the core line between two
             * steps at a point within the core's length: it went through. */
            if (i > 0 && resting && !spin && (side > 0.0f) != (last_side > 0.0f)) {
                float f = last_side / (last_side - side), at = last_along + f * (along - last_along);
                if (fabsf(at) < 2.0f) {
                    if (crossed < 6) printf("    crossed: shot %d step %d speed %.1f side %.3f -> %.3f at %.3f\n", k, i, speed, last_side, side, at);
                    crossed++;
                    break;
                }
            }
            last_side = side;
            last_along = along;
            double bm = 1.0 / BF(w, CAP_BODY_INV_MASS)[b], bi = 1.0 / BF(w, CAP_BODY_INV_INERTIA)[b];
            double vx = BALLF(w, CAP_BALL_VX)[q], vy = BALLF(w, CAP_BALL_VY)[q];
            double bvx = BF(w, CAP_BODY_VX)[b], bvy = BF(w, CAP_BODY_VY)[b], bw = BF(w, CAP_BODY_W)[b];
            double e = 0.5 * m * (vx * vx + vy * vy) + 0.5 * bm * (bvx * bvx + bvy * bvy) + 0.5 * bi * bw * bw;
            if (e / e0 - 1.0 > worst) worst = e / e0 - 1.0;
        }
        if (worst > 1e-4) gained++;
        cap_world_destroy(w);
    }
    printf("  fast balls at a capsule body: 400 shots, %d crossed it, %d gained energy (%d spun it over 0.5 rad in a step)\n", crossed, gained, spun);
    ENSURE(crossed == 0);
    ENSURE(gained == 0);
    return 0;
}

/* The fast balls' sweep tests only the bodies whose boxes can meet the
 * path (ccd.c's ccd_bodies: sorted by low edge on the sweep axis, from the
 * widest box back). A field of 40 small bodies spread along one axis (the
 * sweep axis) and one long heavy body lying along it, its low edge 20 m
 * before the balls' paths: 200 balls shot across the long body at 1-500
 * radii a step, on each axis, none ends on its far side. A search that
 * started at the path's own low edge (not the widest box before it) would
 * skip the long body: 234 of 400 crossed (the slower ones meet it in
 * their contacts). */
int test_bodies_fast_balls_sweep_finds_long_bodies(void)
{
    int crossed = 0;
    for (int axis = 0; axis < 2; axis++) {
        uint32_t s0 = 5u;
        for (int k = 0; k < 200; k++) {
            cap_world* w = weightless();
            ENSURE(w != NULL);
            /* (along, across) -> world: axis 0 along x, axis 1 along y. */
#define AT(u, v) (axis ? (v) : (u)), (axis ? (u) : (v))
            for (int i = 0; i < 40; i++) ENSURE(body(w, AT(-60.0f + 3.0f * (float)i, 8.0f), 0.3f, 0.4f, 0.1f) != 0xffffffffu);
            cap_body_def bd;
            cap_body_def_default(&bd);
            bd.x = 0.0f; bd.y = 0.0f;
            bd.angle = axis ? 1.5707964f : 0.0f;
            bd.half_length = 20.0f; bd.radius = 0.05f; bd.density = 1000.0f;
            uint32_t b;
            ENSURE(cap_world_add_body(w, &bd, &b) == 0);
            float u = next01(&s0), v = next01(&s0);
            float speed = powf(500.0f, u) * 0.1f * 60.0f, along = 15.0f + 4.0f * v;
            uint32_t q = ball(w, AT(along, 3.0f), 0.1f, 1.0f);
            ENSURE(q != 0xffffffffu);
            BALLF(w, axis ? CAP_BALL_VX : CAP_BALL_VY)[q] = -speed;
#undef AT
            for (int i = 0; i < 10; i++) ENSURE(cap_world_step(w) == 0);
            float side = axis ? BALLF(w, CAP_BALL_X)[q] - BF(w, CAP_BODY_X)[b] : BALLF(w, CAP_BALL_Y)[q] - BF(w, CAP_BODY_Y)[b];
            if (side < 0.0f) {
                if (crossed < 4) printf("    crossed: axis %d shot %d speed %.1f side %.3f\n", axis, k, speed, side);
                crossed++;
            }
            cap_world_destroy(w);
        }
    }
    printf("  fast balls at a long body among small ones: 400 shots, %d crossed it\n", crossed);
    ENSURE(crossed == 0);
    return 0;
}

/* A kinematic capsule is solid to a body (as fixed at its pose): a body
 * dropped on a resting kinematic platform at y = 1 rests on it (centre
 * 1 + 0.1 + 0.1 within 5 mm), not on the floor below. */
int test_bodies_rest_on_kinematic(void)
{
    cap_world* w = bworld();
    floor_of(w, 0.0f);
    cap_static_def k;
    cap_static_def_default(&k);
    uint32_t ks;
    ENSURE(cap_world_add_kinematic(w, &k, 0.0f, 1.0f, 0.0f, 4.0f, 0.5f, &ks) == 0);
    uint32_t s = body(w, 0.0f, 2.0f, 0.0f, 0.5f, 0.1f);
    for (int i = 0; i < 120; i++) ENSURE(cap_world_step(w) == 0);
    float kr = 0.0f, st[9];
    ENSURE(cap_world_kinematic_state(w, ks, st) == 0);
    kr = st[7];
    printf("  on a kinematic platform (radius %.3f): body y %.5f\n", kr, BF(w, CAP_BODY_Y)[s]);
    ENSURE_NEAR(BF(w, CAP_BODY_Y)[s], 1.0f + kr + 0.1f, 0.005);
    cap_world_destroy(w);
    return 0;
}

/* A flipper launches a body: a capsule body (half length 0.15, radius 0.2)
 * resting near the tip of a kinematic capsule pivoted at the origin (length
 * 2.4, radius 0.15, at -0.4 rad), which then spins up at 30 rad/s for 4
 * steps and stops: the body flies off at 0.8 to 1.25 times the speed the
 * flipper's surface had at the body's centre (30 rad/s times its distance
 * from the pivot). Before (the solver took the flipper as fixed; the sweep
 * carried the body along and kept its velocity) it left at 0.00 m/s. */
int test_bodies_flipper_launches_body(void)
{
    cap_world* w = bworld();
    ENSURE(w != NULL);
    uint32_t ks = kinematic(w, 0.0f, 0.0f, -0.4f, 2.4f, 0.0f, 0.15f);
    ENSURE(ks != 0xffffffffu);
    float x = 1.6f, y = tanf(-0.4f) * 1.6f + 0.15f / cosf(0.4f) + 0.21f;
    uint32_t b = body(w, x, y, -0.4f, 0.15f, 0.2f);
    ENSURE(b != 0xffffffffu);
    for (int i = 0; i < 30; i++) ENSURE(cap_world_step(w) == 0);
    float bx = BF(w, CAP_BODY_X)[b], by = BF(w, CAP_BODY_Y)[b];
    double surface = 30.0 * sqrt((double)bx * bx + (double)by * by), fastest = 0.0;
    for (int i = 0; i < 30; i++) {
        ENSURE(cap_world_set_kinematic(w, ks, CAP_KINEMATIC_VELOCITY, 0.0f, 0.0f, i < 4 ? 30.0f : 0.0f) == 0);
        ENSURE(cap_world_step(w) == 0);
        double v = sqrt((double)BF(w, CAP_BODY_VX)[b] * BF(w, CAP_BODY_VX)[b] + (double)BF(w, CAP_BODY_VY)[b] * BF(w, CAP_BODY_VY)[b]);
        if (v > fastest) fastest = v;
    }
    printf("  flipper at 30 rad/s under a resting body: it left at %.2f m/s (the surface's speed at its centre %.2f)\n", fastest, surface);
    ENSURE(fastest >= 0.8 * surface && fastest <= 1.25 * surface);
    cap_world_destroy(w);
    return 0;
}

/* A platform moving at (2, 0.5) m/s (a kinematic capsule, length 6, radius
 * 0.1) carries a capsule body lying on it (half length 0.3, radius 0.1,
 * friction 0.6, started at the platform's velocity) as it carries a ball:
 * over 1.5 s the body keeps its place along it (slip under 1 mm) and never
 * sinks more than the slop into it (measured 6e-6 m and 3e-5 m). With the
 * platform's surface taken as still by the bodies' solver, friction held
 * the body back and the sweep lifted it out of the platform each step: it
 * slid 0.157 m and sank 0.020 m (0.6 mm and 0.015 m with the carried body's
 * velocity alone). */
int test_bodies_platform_carries_a_body(void)
{
    cap_world* w = bworld();
    ENSURE(w != NULL);
    const float V = 2.0f, U = 0.5f;
    uint32_t ks = kinematic(w, 0.0f, 0.0f, 0.0f, 6.0f, 0.5f, 0.1f);
    ENSURE(ks != 0xffffffffu);
    ENSURE(cap_world_set_kinematic(w, ks, CAP_KINEMATIC_VELOCITY, V, U, 0.0f) == 0);
    uint32_t b = body(w, 0.0f, 0.2f, 0.0f, 0.3f, 0.1f);
    ENSURE(b != 0xffffffffu);
    BF(w, CAP_BODY_VX)[b] = V;
    BF(w, CAP_BODY_VY)[b] = U;
    float worst_slip = 0.0f, worst_sink = 0.0f;
    ENSURE(platform_ride(w, ks, BF(w, CAP_BODY_X), BF(w, CAP_BODY_Y), b, 0.2f, 90, &worst_slip, &worst_sink) == 0);
    printf("  platform at (%.1f, %.1f) m/s, 1.5 s: body slipped %.2e m along it, sank at most %.2e m\n", V, U, worst_slip, worst_sink);
    ENSURE(worst_slip < 1e-3f);
    ENSURE(worst_sink <= 0.005f + 1e-4f);
    cap_world_destroy(w);
    return 0;
}

/* A row of 20 dominoes (half length 0.4, radius 0.05, 0.5 apart) stood on
 * their ends; the first is tipped toward the rest: each falls (tilts past
 * 0.3 rad) after the one before it, and after 10 s every one lies tilted
 * more than 0.3 rad, leaning on the next (its core within 2 radii + 1 mm
 * of the next one's core; the last on the floor), and all have stopped
 * (centre and tip slower than 0.01 m/s). */
int test_bodies_dominoes_fall_in_order(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    cap_world* w = cap_world_create(&d);
    floor_of(w, 0.0f);
    const float hl = 0.4f, r = 0.05f, up = 1.5707964f;
    for (int i = 0; i < 20; i++) ENSURE(body(w, 0.5f * (float)i, hl + r, up, hl, r) == (uint32_t)i);
    BF(w, CAP_BODY_W)[0] = -1.5f; /* clockwise: the top leans toward +x */
    int fell[20];
    for (int i = 0; i < 20; i++) fell[i] = -1;
    for (int step = 0; step < 600; step++) {
        ENSURE(cap_world_step(w) == 0);
        for (int i = 0; i < 20; i++)
            if (fell[i] < 0 && fabsf(BF(w, CAP_BODY_ANGLE)[i] - up) > 0.3f) fell[i] = step;
    }
    int ordered = 1, all = 1;
    for (int i = 0; i < 20; i++) {
        all &= fell[i] >= 0;
        if (i > 0) ordered &= fell[i] > fell[i - 1];
    }
    printf("  dominoes: first fell at step %d, last at step %d, last angle %.3f\n", fell[0], fell[19], BF(w, CAP_BODY_ANGLE)[19]);
    ENSURE(all && ordered);
    float gmax = -1.0f, vmax = 0.0f;
    for (int i = 0; i < 20; i++) {
        float vi = hypotf(BF(w, CAP_BODY_VX)[i], BF(w, CAP_BODY_VY)[i]) + fabsf(BF(w, CAP_BODY_W)[i]) * (hl + r);
        vmax = fmaxf(vmax, vi);
        if (i == 19) break;
        cap_vec2 e[4];
        for (int k = 0; k < 2; k++) {
            float a = BF(w, CAP_BODY_ANGLE)[i + k], x = BF(w, CAP_BODY_X)[i + k], y = BF(w, CAP_BODY_Y)[i + k];
            e[2 * k] = cap_v2(x - hl * cosf(a), y - hl * sinf(a));
            e[2 * k + 1] = cap_v2(x + hl * cosf(a), y + hl * sinf(a));
        }
        gmax = fmaxf(gmax, cap_closest_points_on_segments(e[0], e[1], e[2], e[3]).distance - 2.0f * r);
    }
    printf("  dominoes at rest: largest gap to the next %.2e, fastest %.2e\n", gmax, vmax);
    ENSURE(gmax <= 0.001f && vmax < 0.01f);
    for (int i = 0; i < 20; i++) ENSURE(fabsf(BF(w, CAP_BODY_ANGLE)[i] - up) > 0.3f && BF(w, CAP_BODY_ANGLE)[i] < up);
    cap_world_destroy(w);
    return 0;
}

/* Restitution 1, no gravity, a spinning capsule in a closed box of four
 * segments for 10,000 steps: its kinetic energy (linear and turning) never
 * rises above the start's by more than 0.1%, it never leaves the box, and
 * never NaN. */
int test_bodies_no_energy_gain(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.gravity_y = 0.0f;
    d.sleep_enabled = 0;
    cap_world* w = cap_world_create(&d);
    const float box[4][4] = {{-3, -3, 3, -3}, {3, -3, 3, 3}, {3, 3, -3, 3}, {-3, 3, -3, -3}};
    for (int k = 0; k < 4; k++) {
        cap_static_def s;
        cap_static_def_default(&s);
        s.ax = box[k][0]; s.ay = box[k][1]; s.bx = box[k][2]; s.by = box[k][3];
        s.restitution = 1.0f;
        uint32_t slot;
        ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    }
    cap_body_def bd;
    cap_body_def_default(&bd);
    bd.half_length = 0.5f; bd.radius = 0.1f; bd.restitution = 1.0f; bd.friction = 0.0f;
    bd.vx = 7.0f; bd.vy = 3.0f; bd.angular_velocity = 5.0f;
    uint32_t b;
    ENSURE(cap_world_add_body(w, &bd, &b) == 0);
    float m = 1.0f / BF(w, CAP_BODY_INV_MASS)[b], I = 1.0f / BF(w, CAP_BODY_INV_INERTIA)[b];
#define KE() (0.5f * m * (BF(w, CAP_BODY_VX)[b] * BF(w, CAP_BODY_VX)[b] + BF(w, CAP_BODY_VY)[b] * BF(w, CAP_BODY_VY)[b]) + \
              0.5f * I * BF(w, CAP_BODY_W)[b] * BF(w, CAP_BODY_W)[b])
    float e0 = KE(), emax = e0, emin = e0;
    for (int i = 0; i < 10000; i++) {
        ENSURE(cap_world_step(w) == 0);
        float e = KE();
        ENSURE(e == e);
        emax = fmaxf(emax, e);
        emin = fminf(emin, e);
        ENSURE(fabsf(BF(w, CAP_BODY_X)[b]) < 3.0f && fabsf(BF(w, CAP_BODY_Y)[b]) < 3.0f);
    }
#undef KE
    printf("  restitution 1 in a box, 10000 steps: energy start %.4f, max %.4f, min %.4f, end %.4f\n", e0, emax, emin,
           0.5f * m * (BF(w, CAP_BODY_VX)[b] * BF(w, CAP_BODY_VX)[b] + BF(w, CAP_BODY_VY)[b] * BF(w, CAP_BODY_VY)[b]) +
               0.5f * I * BF(w, CAP_BODY_W)[b] * BF(w, CAP_BODY_W)[b]);
    ENSURE(emax <= e0 * 1.001f);
    cap_world_destroy(w);
    return 0;
}

/* Three capsules (half length 0.5, radius 0.1, friction 0, restitution 1)
 * in a box of restitution 1, no gravity: the kinetic energy never exceeds
 * the start's by more than 0.1% over 10,000 steps (it rose 13.6% when the
 * restitution pass was bounded by the last sub-step's impulse: a point of
 * a two-point manifold, or a corner contact, thrown clear by its
 * neighbour's bounce flew off faster than it came), nor by 1% in 12 random
 * starts of 3,000 steps (measured worst 1.005 over 16). */
static double three_capsules(uint32_t seed, int steps, double* end)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.gravity_y = 0.0f;
    d.sleep_enabled = 0;
    cap_world* w = cap_world_create(&d);
    const float box[4][4] = {{-3, -3, 3, -3}, {3, -3, 3, 3}, {3, 3, -3, 3}, {-3, 3, -3, -3}};
    for (int k = 0; k < 4; k++) {
        cap_static_def s;
        cap_static_def_default(&s);
        s.ax = box[k][0]; s.ay = box[k][1]; s.bx = box[k][2]; s.by = box[k][3];
        s.restitution = 1.0f;
        uint32_t slot;
        cap_world_add_static(w, &s, &slot);
    }
    uint32_t g = seed;
#define RND(lo, hi) ((g = g * 1664525u + 1013904223u), (lo) + ((hi) - (lo)) * (float)(g >> 8) / 16777216.0f)
    for (int i = 0; i < 3; i++) {
        cap_body_def bd;
        cap_body_def_default(&bd);
        bd.half_length = 0.5f; bd.radius = 0.1f; bd.restitution = 1.0f; bd.friction = 0.0f;
        bd.x = -1.5f + 1.5f * (float)i; bd.y = 0.3f * (float)i;
        bd.vx = 7.0f - 3.0f * (float)i; bd.vy = 3.0f + (float)i; bd.angular_velocity = 5.0f - 4.0f * (float)i;
        if (seed) {
            bd.x = -2.0f + 2.0f * (float)i; bd.y = RND(-2.0f, 2.0f); bd.angle = RND(-3.0f, 3.0f);
            bd.vx = RND(-8.0f, 8.0f); bd.vy = RND(-8.0f, 8.0f); bd.angular_velocity = RND(-10.0f, 10.0f);
        }
        uint32_t b;
        cap_world_add_body(w, &bd, &b);
    }
#undef RND
    double e0 = 0.0, emax = 0.0;
    for (int s = 0; s <= steps; s++) {
        if (s > 0 && cap_world_step(w) != 0) { emax = 1e30; break; }
        double e = 0.0;
        for (int i = 0; i < 3; i++) {
            double vx = BF(w, CAP_BODY_VX)[i], vy = BF(w, CAP_BODY_VY)[i], av = BF(w, CAP_BODY_W)[i];
            e += 0.5 / BF(w, CAP_BODY_INV_MASS)[i] * (vx * vx + vy * vy) + 0.5 / BF(w, CAP_BODY_INV_INERTIA)[i] * av * av;
        }
        if (s == 0) e0 = e;
        if (e > emax) emax = e;
        *end = e / e0;
    }
    cap_world_destroy(w);
    return emax / e0;
}

int test_bodies_no_energy_gain_three(void)
{
    double end, r = three_capsules(0, 10000, &end);
    printf("  three capsules, restitution 1, 10000 steps: energy max %.5f x start, end %.3f x\n", r, end);
    ENSURE(r <= 1.001);
    double worst = 0.0;
    for (uint32_t seed = 1; seed <= 12; seed++) {
        double e, q = three_capsules(seed, 3000, &e);
        worst = q > worst ? q : worst;
    }
    printf("  12 random starts, 3000 steps each: energy max %.5f x start\n", worst);
    ENSURE(worst <= 1.01);
    return 0;
}

/* The bodies' neighbour lists (bodies_pairs.c: sweep and prune on the wider
 * axis, last step's order kept) equal a scan of every pair with the same
 * tests (filters, cap_body_boxes_meet with the larger reach), each list
 * ascending: for a dense jumble of mixed sizes, speeds, filters and sleep
 * states, after steps, after removals and adds (the kept order rebuilt),
 * and for a tall column (the sweep on y). */
static int pairs_match_scan(cap_world* w)
{
    ENSURE(cap_bodies_begin(w) == 0);
    const cap_wbodies* b = w->bodies;
    const uint32_t* fl = CAP_BODU(b, CAP_BODY_FLAGS);
    uint32_t listed = 0;
    for (uint32_t i = 0; i < b->slots; i++) {
        const uint32_t* nb = NULL;
        uint32_t m = (fl[i] & CAP_BALL_ALIVE) ? cap_body_near(b, i, &nb) : 0;
        if (!(fl[i] & CAP_BALL_ALIVE)) ENSURE(b->adj_start[i + 1] == b->adj_start[i]);
        uint32_t k = 0;
        for (uint32_t j = 0; j < b->slots; j++) {
            if (j == i || !(fl[i] & CAP_BALL_ALIVE) || !(fl[j] & CAP_BALL_ALIVE)) continue;
            double bi[4], bj[4];
            cap_body_box(b, i, bi);
            cap_body_box(b, j, bj);
            int meet = bi[0] <= bj[2] && bj[0] <= bi[2] && bi[1] <= bj[3] && bj[1] <= bi[3];
            /* find_body's test (cores' boxes grown by the radii within the
             * larger reach) never passes a pair that is not listed. */
            const float *pi = &b->pre[5 * i], *pj = &b->pre[5 * j];
            float gap = pi[4] > pj[4] ? pi[4] : pj[4];
            float ex = CAP_BODF(b, CAP_BODY_RADIUS)[i] + CAP_BODF(b, CAP_BODY_RADIUS)[j] + gap;
            int near = cap_minf(pi[0], pi[2]) - cap_maxf(pj[0], pj[2]) <= ex && cap_minf(pj[0], pj[2]) - cap_maxf(pi[0], pi[2]) <= ex &&
                       cap_minf(pi[1], pi[3]) - cap_maxf(pj[1], pj[3]) <= ex && cap_minf(pj[1], pj[3]) - cap_maxf(pi[1], pi[3]) <= ex;
            ENSURE(meet || !near);
            if (!cap_body_collides(b, i, j) || !meet) continue;
            ENSURE(k < m && nb[k] == j);
            k++;
        }
        ENSURE(k == m);
        listed += m;
    }
    return (int)listed;
}

int test_bodies_sweep_pairs_match_every_pair(void)
{
    cap_world* w = bworld();
    floor_of(w, -1.0f);
    uint32_t s = 12345u;
#define RND() next01(&s)
    for (int i = 0; i < 300; i++) {
        cap_body_def d;
        cap_body_def_default(&d);
        d.x = 30.0f * RND() - 15.0f; d.y = 30.0f * RND() + 0.5f; d.angle = 6.0f * RND();
        d.half_length = RND() < 0.2f ? 0.0f : 1.5f * RND();
        d.radius = 0.05f + 0.55f * RND();
        d.vx = 20.0f * RND() - 10.0f; d.vy = 20.0f * RND() - 10.0f; d.angular_velocity = 10.0f * RND() - 5.0f;
        d.category = RND() < 0.1f ? 2u : 1u;
        d.mask = RND() < 0.1f ? ~2u : 0xffffffffu;
        d.awake = RND() < 0.8f;
        uint32_t slot;
        ENSURE(cap_world_add_body(w, &d, &slot) == 0);
    }
    int first = pairs_match_scan(w);
    for (int k = 0; k < 30; k++) ENSURE(cap_world_step(w) == 0);
    int later = pairs_match_scan(w);
    for (uint32_t i = 3; i < 300; i += 7) ENSURE(cap_world_remove_body(w, i) == 0);
    for (int i = 0; i < 20; i++) {
        float x = 10.0f * RND() - 5.0f, y = 3.0f + 5.0f * RND(), a = RND();
        ENSURE(body(w, x, y, a, 0.5f, 0.25f) != 0xffffffffu);
    }
    int changed = pairs_match_scan(w);
    ENSURE(cap_world_step(w) == 0);
    pairs_match_scan(w);
    cap_world_destroy(w);
    /* A tall column, 2 wide and 200 tall: swept on y. */
    w = bworld();
    for (int i = 0; i < 200; i++) {
        float x = 0.3f * RND(), a = 3.0f * RND();
        ENSURE(body(w, x, 0.9f * (float)i, a, 0.6f, 0.3f) != 0xffffffffu);
    }
    int column = pairs_match_scan(w);
    printf("  neighbour entries: jumble %d, after 30 steps %d, after removes and adds %d; column %d\n", first, later, changed, column);
    ENSURE(first > 300 && later > 300 && changed > 300 && column > 200);
    cap_world_destroy(w);
#undef RND
    return 0;
}

/* Waking spreads through touching sleeping bodies and stops at a gap: a
 * stack of 5 capsules on a line floor and a lone capsule 4 m away sleep;
 * a write through a view to the top (then, again asleep, to the bottom)
 * body wakes the whole stack in that step (bodies above and below the
 * written one, whatever their slots), never the lone one. */
int test_bodies_wake_spreads_through_a_stack(void)
{
    for (int end = 0; end < 2; end++) {
        cap_world* w = bworld();
        floor_of(w, -1.0f);
        uint32_t lone = body(w, 4.0f, 0.25f, 0.0f, 0.5f, 0.25f);
        for (int k = 0; k < 5; k++) ENSURE(body(w, 0.0f, 0.25f + 0.5f * (float)k, 0.0f, 0.5f, 0.25f) == (uint32_t)k + 1);
        const uint32_t* fl = (const uint32_t*)cap_world_body_field(w, CAP_BODY_FLAGS);
        int steps = 0;
        for (; steps < 600; steps++) {
            ENSURE(cap_world_step(w) == 0);
            int awake = 0;
            for (uint32_t i = 0; i < 6; i++) awake += (fl[i] & CAP_BALL_AWAKE) != 0;
            if (!awake) break;
        }
        ENSURE(steps < 600);
        uint32_t hit = end == 0 ? 5u : 1u; /* the top (highest slot) or the bottom */
        BF(w, CAP_BODY_VX)[hit] = 0.01f;
        ENSURE(cap_world_step(w) == 0);
        int woken = 0;
        for (uint32_t i = 1; i < 6; i++) woken += (fl[i] & CAP_BALL_AWAKE) != 0;
        printf("  wake through a stack (written: %s): asleep after %d steps, %d of 5 woken, lone one %s\n",
               end == 0 ? "top" : "bottom", steps, woken, (fl[lone] & CAP_BALL_AWAKE) ? "awake" : "asleep");
        ENSURE(woken == 5);
        ENSURE((fl[lone] & CAP_BALL_AWAKE) == 0);
        cap_world_destroy(w);
    }
    return 0;
}

/* Fast capsule bodies at a resting ball and at a resting capsule body
 * (weightless, restitution 0): a body of half length 0.3 and radius 0.1,
 * at any angle, spinning at 0-100 rad/s, shot along x at 1-1,000 of its
 * lengths (0.8 m) a step, its centre line within 0.15 of the ball's centre
 * (it must touch it at any angle) or within the target body's half length.
 * It never passes the target untouched: the target moves (is hit) before
 * the body's centre is 1 m beyond it, and no shot gains energy. Before the
 * fast bodies' sweep (cap_body_sweep_fast) every shot at 60 m/s or more
 * flew through (the contacts' reach stops at 4 radii a step). Not counted:
 * what happens after the hit (a struck capsule turned far within one step
 * may let the shot pass on, as test_bodies_fast_balls_stop_at_bodies). */
int test_bodies_fast_bodies_hit_balls_and_bodies(void)
{
    uint32_t s0 = 29u;
    int missed = 0, gained = 0;
    for (int k = 0; k < 400; k++) {
        int at_body = k >= 200;
        cap_world* w = weightless();
        ENSURE(w != NULL);
        float u = next01(&s0), v = next01(&s0), a = next01(&s0), sp = next01(&s0);
        uint32_t target;
        if (at_body) {
            target = body(w, 0.0f, 0.0f, 1.5707964f, 0.5f, 0.05f);
        } else {
            target = ball(w, 0.0f, 0.3f * (v - 0.5f), 0.1f, 1.0f);
        }
        ENSURE(target != 0xffffffffu);
        float speed = powf(1000.0f, u) * 0.8f * 60.0f, y0 = at_body ? 0.8f * (v - 0.5f) : 0.0f;
        uint32_t m = body(w, -3.0f, y0, 6.2831853f * a, 0.3f, 0.1f);
        ENSURE(m != 0xffffffffu);
        BF(w, CAP_BODY_VX)[m] = speed;
        BF(w, CAP_BODY_W)[m] = 100.0f * sp;
        double e0 = 0.5 / BF(w, CAP_BODY_INV_MASS)[m] * (double)speed * speed + 0.5 / BF(w, CAP_BODY_INV_INERTIA)[m] * 1e4 * sp * sp,
               worst = 0.0;
        int hit = 0;
        for (int i = 0; i < 20 && !hit; i++) {
            ENSURE(cap_world_step(w) == 0);
            hit = at_body ? (BF(w, CAP_BODY_VX)[target] != 0.0f || BF(w, CAP_BODY_W)[target] != 0.0f)
                          : (BALLF(w, CAP_BALL_VX)[target] != 0.0f || BALLF(w, CAP_BALL_VY)[target] != 0.0f);
            float tx = at_body ? BF(w, CAP_BODY_X)[target] : BALLF(w, CAP_BALL_X)[target];
            if (!hit && BF(w, CAP_BODY_X)[m] > tx + 1.0f) {
                if (missed < 6) printf("    missed: shot %d step %d speed %.1f spin %.1f\n", k, i, speed, 100.0f * sp);
                missed++;
                break;
            }
            double e = 0.0;
            for (uint32_t j = 0; j < cap_world_body_slots(w); j++) {
                double bvx = BF(w, CAP_BODY_VX)[j], bvy = BF(w, CAP_BODY_VY)[j], bw = BF(w, CAP_BODY_W)[j];
                e += 0.5 / BF(w, CAP_BODY_INV_MASS)[j] * (bvx * bvx + bvy * bvy) + 0.5 / BF(w, CAP_BODY_INV_INERTIA)[j] * bw * bw;
            }
            if (!at_body) {
                double vx = BALLF(w, CAP_BALL_VX)[target], vy = BALLF(w, CAP_BALL_VY)[target];
                e += 0.5 * 3.14159265 * 0.01 * (vx * vx + vy * vy);
            }
            if (e / e0 - 1.0 > worst) worst = e / e0 - 1.0;
        }
        if (worst > 1e-4) gained++;
        cap_world_destroy(w);
    }
    printf("  fast bodies at a ball and at a body: 400 shots, %d passed untouched, %d gained energy\n", missed, gained);
    ENSURE(missed == 0);
    ENSURE(gained == 0);
    return 0;
}

/* Two objects flying at each other, both moving: a capsule body (half
 * length 0.3, radius 0.1, random angle and spin up to 30 rad/s) from the
 * left and, in turn, another such body or a ball (radius 0.1) from the
 * right, each at 3 to 3,000 m/s (0.05 to 50 m a step; every fourth shot,
 * two bodies at 8 to 23 m/s, under the 4 radii a step that makes a body
 * fast), offset across by
 * less than their radii's sum so they must meet, from random gaps: 600
 * shots, none passes the other untouched (the right one's velocity never
 * changed and it ended left of the left one), and no pair gains energy.
 * Before, 193 passed. Mutants it kills: the fast sweep without the
 * other's end pose (a fast body stopped where it met a lower slot's or a
 * ball's path, past the other's end: 157 passed), the body pairs' contact
 * gap as the larger reach instead of the sum (1 passed), slow bodies not
 * swept against the fast balls (7 passed). */
int test_bodies_moving_pairs_never_pass(void)
{
    uint32_t s0 = 31u;
    int passed = 0, gained = 0;
    for (int k = 0; k < 600; k++) {
        int at_ball = k % 2;
        cap_world* w = weightless();
        ENSURE(w != NULL);
        float u1 = next01(&s0), u2 = next01(&s0), a1 = next01(&s0), a2 = next01(&s0), off = next01(&s0), gap = next01(&s0);
        float w1 = next01(&s0), w2 = next01(&s0);
        /* every fourth: two bodies each under their contacts' 4 radii a step */
        float v1 = k % 4 == 2 ? 8.0f + 15.0f * u1 : 3.0f * powf(1000.0f, u1), v2 = k % 4 == 2 ? 8.0f + 15.0f * u2 : 3.0f * powf(1000.0f, u2);
        float d = 1.0f + 4.0f * gap, yo = 0.18f * (off - 0.5f);
        uint32_t m = body(w, -d, yo, 6.2831853f * a1, 0.3f, 0.1f);
        uint32_t o = at_ball ? ball(w, d, 0.0f, 0.1f, 1.0f) : body(w, d, 0.0f, 6.2831853f * a2, 0.3f, 0.1f);
        ENSURE(m != 0xffffffffu && o != 0xffffffffu);
        BF(w, CAP_BODY_VX)[m] = v1;
        BF(w, CAP_BODY_W)[m] = 60.0f * (w1 - 0.5f);
        if (at_ball) {
            BALLF(w, CAP_BALL_VX)[o] = -v2;
        } else {
            BF(w, CAP_BODY_VX)[o] = -v2;
            BF(w, CAP_BODY_W)[o] = 60.0f * (w2 - 0.5f);
        }
        double e0 = 0.0, worst = 0.0;
        int touched = 0;
        for (int i = 0; i < 40 && !touched; i++) {
            ENSURE(cap_world_step(w) == 0);
            double e = 0.0;
            for (uint32_t j = 0; j < cap_world_body_slots(w); j++) {
                double bvx = BF(w, CAP_BODY_VX)[j], bvy = BF(w, CAP_BODY_VY)[j], bw = BF(w, CAP_BODY_W)[j];
                e += 0.5 / BF(w, CAP_BODY_INV_MASS)[j] * (bvx * bvx + bvy * bvy) + 0.5 / BF(w, CAP_BODY_INV_INERTIA)[j] * bw * bw;
            }
            float ox, ovx, ovy;
            if (at_ball) {
                double vx = BALLF(w, CAP_BALL_VX)[o], vy = BALLF(w, CAP_BALL_VY)[o];
                e += 0.5 * 3.14159265 * 0.01 * (vx * vx + vy * vy);
                ox = BALLF(w, CAP_BALL_X)[o], ovx = BALLF(w, CAP_BALL_VX)[o], ovy = BALLF(w, CAP_BALL_VY)[o];
            } else {
                ox = BF(w, CAP_BODY_X)[o], ovx = BF(w, CAP_BODY_VX)[o], ovy = BF(w, CAP_BODY_VY)[o];
            }
            if (i == 0) e0 = e; /* (after the first step: gravity-free, nothing met yet or the first meeting) */
            touched = ovx != -v2 || ovy != 0.0f;
            if (!touched && ox < BF(w, CAP_BODY_X)[m] - 0.5f) {
                if (passed < 6) printf("    passed: shot %d step %d speeds %.1f, %.1f (%s)\n", k, i, v1, v2, at_ball ? "ball" : "body");
                passed++;
                break;
            }
            if (i > 0 && e / e0 - 1.0 > worst) worst = e / e0 - 1.0;
        }
        if (worst > 1e-4) gained++;
        cap_world_destroy(w);
    }
    printf("  a body and a body or a ball flying at each other: 600 shots, %d passed untouched, %d gained energy\n", passed, gained);
    ENSURE(passed == 0);
    ENSURE(gained == 0);
    return 0;
}

/* Near misses (no contact from a shape the mover never reaches): a mover
 * of radius 0.1 (a ball, or a round capsule body) flies past the end of a
 * resting capsule body (half length 0.3, radius 0.1) or of a static
 * capsule, in 24 directions, its surface passing 2 mm to 5 cm clear of
 * the target's, at 3 to 100 m/s, weightless. Neither moves the other: the
 * mover's velocity changes by less than 1% and the target body stays
 * slower than 1% of it. Before cap_body_clip the bodies' speculative
 * contacts, found at the step's start, pushed: a mover passing 3 cm clear
 * at 30 m/s lost up to 90% of its speed to a static capsule and 68% to a
 * body. Mutant it kills: cap_body_clip keeping every manifold as found. */
int test_bodies_near_misses_touch_nothing(void)
{
    const float misses[4] = {0.002f, 0.01f, 0.03f, 0.05f}, speeds[4] = {3.0f, 10.0f, 30.0f, 100.0f};
    int bad = 0, shots = 0;
    float worst = 0.0f;
    for (int kind = 0; kind < 3; kind++) { /* 0 ball past a body, 1 body past a body, 2 body past a static */
        for (int mi = 0; mi < 4; mi++) {
            for (int vi = 0; vi < 4; vi++) {
                for (int k = 0; k < 24; k++) {
                    cap_world* w = weightless();
                    ENSURE(w != NULL);
                    uint32_t t = 0xffffffffu;
                    if (kind < 2) {
                        t = body(w, 0.0f, 0.0f, 0.0f, 0.3f, 0.1f);
                        ENSURE(t != 0xffffffffu);
                    } else {
                        cap_static_def sd;
                        cap_static_def_default(&sd);
                        sd.ax = -0.3f; sd.ay = 0.0f; sd.bx = 0.3f; sd.by = 0.0f; sd.radius = 0.1f;
                        uint32_t ss = 0;
                        ENSURE(cap_world_add_static(w, &sd, &ss) == 0);
                    }
                    /* The path's nearest point to the target's end (0.3, 0) is
                     * 0.2 + miss away, on the side away from the core. */
                    float ang = 6.2831853f * (float)k / 24.0f, dx = cosf(ang), dy = sinf(ang), px = dy, py = -dx;
                    if (px < 0.0f) { px = -px; py = -py; }
                    float dd = 0.2f + misses[mi], v = speeds[vi];
                    float sx = 0.3f + dd * px - 3.0f * dx, sy = dd * py - 3.0f * dy;
                    uint32_t m;
                    if (kind == 0) {
                        m = ball(w, sx, sy, 0.1f, 1.0f);
                        ENSURE(m != 0xffffffffu);
                        BALLF(w, CAP_BALL_VX)[m] = v * dx; BALLF(w, CAP_BALL_VY)[m] = v * dy;
                    } else {
                        m = body(w, sx, sy, 0.0f, 0.0001f, 0.1f);
                        ENSURE(m != 0xffffffffu);
                        BF(w, CAP_BODY_VX)[m] = v * dx; BF(w, CAP_BODY_VY)[m] = v * dy;
                    }
                    for (int i = 0; i < 200; i++) ENSURE(cap_world_step(w) == 0);
                    float mvx = kind == 0 ? BALLF(w, CAP_BALL_VX)[m] : BF(w, CAP_BODY_VX)[m];
                    float mvy = kind == 0 ? BALLF(w, CAP_BALL_VY)[m] : BF(w, CAP_BODY_VY)[m];
                    float dv = hypotf(mvx - v * dx, mvy - v * dy) / v;
                    float tv = t != 0xffffffffu ? hypotf(BF(w, CAP_BODY_VX)[t], BF(w, CAP_BODY_VY)[t]) / v : 0.0f;
                    if (dv > worst) worst = dv;
                    if (tv > worst) worst = tv;
                    if (dv > 0.01f || tv > 0.01f) {
                        if (bad < 6) printf("    pushed: kind %d miss %.3f speed %.0f angle %d: mover %.1f%%, target %.1f%%\n", kind, misses[mi], v, k,
                                            100.0f * dv, 100.0f * tv);
                        bad++;
                    }
                    shots++;
                    cap_world_destroy(w);
                }
            }
        }
    }
    printf("  near misses past a body's and a static's end: %d shots, %d pushed (worst %.2f%% of the speed)\n", shots, bad, 100.0f * worst);
    ENSURE(bad == 0);
    return 0;
}
