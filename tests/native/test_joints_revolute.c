/* Revolute (pin) joints: capsule bodies and balls pinned to each other or
 * to the world, with limits, a motor and a break force (issue 28). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "../golden/world.h"
#include "capsule2d_joints.h"

static cap_world* rworld(int sub_steps)
{
    cap_world_def d;
    cap_world_def_default(&d);
    if (sub_steps) d.sub_steps = sub_steps;
    return cap_world_create(&d);
}

static uint32_t body_at(cap_world* w, float x, float y, float angle, float hl, float r)
{
    cap_body_def b;
    cap_body_def_default(&b);
    b.x = x; b.y = y; b.angle = angle; b.half_length = hl; b.radius = r;
    uint32_t s = 0;
    if (cap_world_add_body(w, &b, &s)) return 0xffffffffu;
    return s;
}

static uint32_t ball_at(cap_world* w, float x, float y, float r)
{
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.x = x; b.y = y; b.radius = r;
    uint32_t s = 0;
    if (cap_world_add_ball(w, &b, &s)) return 0xffffffffu;
    return s;
}

/* A revolute joint between ends a and b (CAP_JOINT_BODY | slot, a ball
 * slot, or CAP_JOINT_WORLD for a) pinned at (x, y). */
static uint32_t pin(cap_world* w, uint32_t a, uint32_t b, float x, float y, const cap_joint_def* extra)
{
    cap_joint_def j;
    if (extra) j = *extra;
    else cap_joint_def_default(&j);
    j.kind = CAP_JOINT_REVOLUTE;
    j.a = a; j.b = b; j.ax = x; j.ay = y;
    uint32_t s = 0;
    if (cap_world_add_joint(w, &j, &s)) return 0xffffffffu;
    return s;
}

/* An end's pose and spin now (the world: its point, at rest). */
static void end_now(cap_world* w, uint32_t e, const float* f, float* x, float* y, float* a, float* spin)
{
    if (e == CAP_JOINT_WORLD) { *x = f[0]; *y = f[1]; *a = *spin = 0.0f; return; }
    int body = (e & CAP_JOINT_BODY) != 0;
    uint32_t i = e & ~CAP_JOINT_BODY;
    *x = ((float*)(body ? cap_world_body_field(w, CAP_BODY_X) : cap_world_ball_field(w, CAP_BALL_X)))[i];
    *y = ((float*)(body ? cap_world_body_field(w, CAP_BODY_Y) : cap_world_ball_field(w, CAP_BALL_Y)))[i];
    *a = ((float*)(body ? cap_world_body_field(w, CAP_BODY_ANGLE) : cap_world_ball_field(w, CAP_BALL_ANGLE)))[i];
    *spin = ((float*)(body ? cap_world_body_field(w, CAP_BODY_W) : cap_world_ball_field(w, CAP_BALL_W)))[i];
}

/* A revolute joint's state from its record (cap_world_joint_info) and its
 * ends' poses: the relative angle (in [-pi, pi]), spin and the distance
 * between its anchors on a and b now. */
static void rev_state(cap_world* w, uint32_t slot, float* angle, float* spin, float* sep)
{
    uint32_t u[23];
    float f[23];
    if (cap_world_joint_info(w, slot, u) != 0) { *angle = *spin = *sep = NAN; return; }
    memcpy(f, u, sizeof f);
    float xa, ya, aa, wa, xb, yb, ab, wb;
    end_now(w, u[1], f + 4, &xa, &ya, &aa, &wa);
    end_now(w, u[2], f + 4, &xb, &yb, &ab, &wb);
    double d = remainder((double)ab - aa - f[18], 6.283185307179586);
    *angle = (float)d;
    *spin = wb - wa;
    float pax = xa + cosf(aa) * f[14] - sinf(aa) * f[15], pay = ya + sinf(aa) * f[14] + cosf(aa) * f[15];
    float pbx = xb + cosf(ab) * f[16] - sinf(ab) * f[17], pby = yb + sinf(ab) * f[16] + cosf(ab) * f[17];
    *sep = sqrtf((pbx - pax) * (pbx - pax) + (pby - pay) * (pby - pay));
}

#define BODYF(w, f) ((float*)cap_world_body_field(w, f))

/* Energy of body i: kinetic (linear and spin) plus potential (g = 10). */
static double body_energy(cap_world* w, uint32_t i)
{
    double m = 1.0 / BODYF(w, CAP_BODY_INV_MASS)[i], I = 1.0 / BODYF(w, CAP_BODY_INV_INERTIA)[i];
    double vx = BODYF(w, CAP_BODY_VX)[i], vy = BODYF(w, CAP_BODY_VY)[i], om = BODYF(w, CAP_BODY_W)[i];
    return 0.5 * m * (vx * vx + vy * vy) + 0.5 * I * om * om + m * 10.0 * BODYF(w, CAP_BODY_Y)[i];
}

/* A capsule (length 2, radius 0.1) pinned to the world at one end, let go
 * horizontal: over 10 s it swings below the pin and back; no energy gain:
 * the highest energy of the last 2 s is not above the first 2 s's, and no
 * step's is above the start's by 0.5% of the swing's drop (the soft pin's
 * give); the pin's anchors within 1.5 mm; the swing still comes back to
 * within 1% of the pin's level after 8 s (little damping). */
int test_joints_revolute_pendulum_capsule(void)
{
    cap_world* w = rworld(0);
    uint32_t c = body_at(w, 1.0f, 5.0f, 0.0f, 1.0f, 0.1f);
    ENSURE(c == 0);
    uint32_t j = pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | c, 0.0f, 5.0f, NULL);
    ENSURE(j == 0);
    double e0 = body_energy(w, c), emax = e0, drop = 10.0 / BODYF(w, CAP_BODY_INV_MASS)[c] * 1.0;
    double first = -1e9, last = -1e9;
    float worst = 0.0f, lowest = 5.0f, late_high = -10.0f;
    for (int k = 0; k < 600; k++) {
        ENSURE(cap_world_step(w) == 0);
        double e = body_energy(w, c);
        if (e > emax) emax = e;
        if (k < 120 && e > first) first = e;
        if (k >= 480 && e > last) last = e;
        float a, s, sep;
        rev_state(w, j, &a, &s, &sep);
        if (sep > worst) worst = sep;
        float y = BODYF(w, CAP_BODY_Y)[c];
        if (y < lowest) lowest = y;
        if (k > 480 && y > late_high) late_high = y;
    }
    printf("  revolute pendulum: highest energy over the start %.5f of the drop; last 2 s's highest minus the first 2 s's "
           "%.5f of the drop; pin apart <= %.5f, lowest centre %.4f, late top %.4f\n",
           (emax - e0) / drop, (last - first) / drop, worst, lowest, late_high);
    ENSURE(emax - e0 <= 5e-3 * drop);
    ENSURE(last <= first);
    ENSURE(worst < 1.5e-3f);
    ENSURE(lowest < 4.01f && lowest > 3.98f); /* swings through straight down (centre 1 below the pin) */
    ENSURE(late_high > 4.99f && late_high <= 5.0f); /* and back up near the level of the pin after 8 s, no higher */
    cap_world_destroy(w);
    return 0;
}

/* The bridge: 20 capsules (length 0.5, radius 0.05) end to end on an arc
 * (radius 20, so 2% slack: a taut straight chain could only sag by
 * stretching its pins), pinned where they meet and to two world points
 * (21 joints), 10 balls (radius 0.1, density 1) dropped on it. Over 10 s
 * every joint's anchors stay within 2% of a link (10 mm) and within 1%
 * (5 mm) over the last second; every ball ends above the bridge's lowest
 * link and over the link under it (none fell through); the sag (the
 * lowest link's centre below the ends) stays under 1.0 (0.62 unloaded).
 * Run 10 s. */
int test_joints_revolute_bridge_holds_balls(void)
{
    cap_world* w = rworld(8);
    const int N = 20;
    const float L = 0.5f, R = 20.0f, y0 = 4.0f;
    const double phi = 2.0 * asin(L / (2.0 * R)), half = 0.5 * N * phi;
    float px[21], py[21];
    for (int i = 0; i <= N; i++) { /* the pins on the arc, centre (0, y0 + R cos(half)) */
        double t = -half + phi * i;
        px[i] = (float)(R * sin(t));
        py[i] = (float)(y0 + R * cos(half) - R * cos(t));
    }
    uint32_t links[20], joints[21];
    for (int i = 0; i < N; i++)
        links[i] = body_at(w, 0.5f * (px[i] + px[i + 1]), 0.5f * (py[i] + py[i + 1]), atan2f(py[i + 1] - py[i], px[i + 1] - px[i]),
                           0.5f * L, 0.05f);
    joints[0] = pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | links[0], px[0], py[0], NULL);
    for (int i = 1; i < N; i++) joints[i] = pin(w, CAP_JOINT_BODY | links[i - 1], CAP_JOINT_BODY | links[i], px[i], py[i], NULL);
    joints[N] = pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | links[N - 1], px[N], py[N], NULL);
    const float x0 = px[0];
    for (int i = 0; i <= N; i++) ENSURE(joints[i] == (uint32_t)i);
    uint32_t balls[10];
    for (int i = 0; i < 10; i++) balls[i] = ball_at(w, x0 + 1.0f + 0.85f * i, y0 + 1.0f + 0.3f * (i % 3), 0.1f);
    float worst = 0.0f, late = 0.0f;
    for (int k = 0; k < 600; k++) {
        ENSURE(cap_world_step(w) == 0);
        for (int i = 0; i <= N; i++) {
            float a, s, sep;
            rev_state(w, joints[i], &a, &s, &sep);
            if (sep > worst) worst = sep;
            if (k >= 540 && sep > late) late = sep;
        }
    }
    float lowest = y0;
    for (int i = 0; i < N; i++) lowest = fminf(lowest, BODYF(w, CAP_BODY_Y)[links[i]]);
    const float *bx = cap_world_ball_field(w, CAP_BALL_X), *by = cap_world_ball_field(w, CAP_BALL_Y);
    const float *bvx = cap_world_ball_field(w, CAP_BALL_VX), *bvy = cap_world_ball_field(w, CAP_BALL_VY);
    float ball_low = 1e9f, ball_speed = 0.0f, clear = 1e9f;
    for (int i = 0; i < 10; i++) {
        uint32_t q = balls[i];
        ball_low = fminf(ball_low, by[q]);
        ball_speed = fmaxf(ball_speed, sqrtf(bvx[q] * bvx[q] + bvy[q] * bvy[q]));
        int near = 0; /* the link under it: the nearest centre in x */
        for (int l = 1; l < N; l++)
            if (fabsf(BODYF(w, CAP_BODY_X)[links[l]] - bx[q]) < fabsf(BODYF(w, CAP_BODY_X)[links[near]] - bx[q])) near = l;
        clear = fminf(clear, by[q] - BODYF(w, CAP_BODY_Y)[links[near]]);
    }
    printf("  revolute bridge: anchors apart <= %.5f (worst), %.5f (last second), sag %.4f, lowest ball %.4f, "
           "least ball height over the link under it %.4f, ball speed <= %.4f, %u joints\n",
           worst, late, y0 - lowest, ball_low, clear, ball_speed, cap_world_joint_count(w));
    ENSURE(cap_world_joint_count(w) == 21);
    ENSURE(late < 0.01f * L);
    ENSURE(worst < 0.02f * L);
    ENSURE(y0 - lowest < 1.0f);
    ENSURE(ball_low > lowest);
    ENSURE(clear > 0.1f);       /* every ball on top of its link (radius 0.1 + 0.05 apart when resting) */
    ENSURE(ball_speed < 0.5f);  /* the bridge still sways slowly (no damping), nothing flies off */
    cap_world_destroy(w);
    return 0;
}

/* Limits: a capsule (length 2) pinned at one end, let go horizontal with
 * limits [-0.5, 0.25] rad about its start: gravity pulls it to the lower
 * limit, where it stays within 0.02 rad under its weight; a motor pushing
 * up (speed 3) against limits [-0.5, 0.25] holds it at the upper one. */
int test_joints_revolute_limits_hold(void)
{
    for (int up = 0; up < 2; up++) {
        cap_world* w = rworld(0);
        uint32_t c = body_at(w, 1.0f, 5.0f, 0.0f, 1.0f, 0.1f);
        cap_joint_def d;
        cap_joint_def_default(&d);
        d.lower_angle = -0.5f;
        d.upper_angle = 0.25f;
        if (up) { d.motor_speed = 3.0f; d.max_motor_torque = 200.0f; }
        uint32_t j = pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | c, 0.0f, 5.0f, &d);
        ENSURE(j == 0);
        float lo = 1e9f, hi = -1e9f, a = 0.0f, s, sep;
        for (int k = 0; k < 240; k++) {
            ENSURE(cap_world_step(w) == 0);
            rev_state(w, j, &a, &s, &sep);
            lo = fminf(lo, a);
            hi = fmaxf(hi, a);
        }
        printf("  revolute limits [-0.5, 0.25]%s: angle in [%.4f, %.4f], ends at %.4f\n", up ? " (motor up)" : "", lo, hi, a);
        ENSURE(lo >= -0.5f - 0.02f && hi <= 0.25f + 0.02f);
        ENSURE(up ? fabsf(a - 0.25f) < 0.02f : fabsf(a + 0.5f) < 0.02f);
        cap_world_destroy(w);
    }
    return 0;
}

/* The motor: a capsule pinned at its centre (no gravity torque), motor
 * speed 4 rad/s with max torque T: its spin grows at most T / I per second
 * (never faster than the cap allows), then holds 4 rad/s (within 1%). */
int test_joints_revolute_motor_speed_and_cap(void)
{
    cap_world* w = rworld(0);
    uint32_t c = body_at(w, 0.0f, 5.0f, 0.0f, 1.0f, 0.1f);
    float I = 1.0f / BODYF(w, CAP_BODY_INV_INERTIA)[c];
    cap_joint_def d;
    cap_joint_def_default(&d);
    d.motor_speed = 4.0f;
    d.max_motor_torque = 2.0f * I; /* 2 rad/s^2: 2 s to speed */
    uint32_t j = pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | c, 0.0f, 5.0f, &d);
    ENSURE(j == 0);
    float w1 = 0.0f, w60 = 0.0f, a, s, sep;
    for (int k = 1; k <= 240; k++) {
        ENSURE(cap_world_step(w) == 0);
        rev_state(w, j, &a, &s, &sep);
        if (k == 1) w1 = s;
        if (k == 60) w60 = s;
    }
    printf("  revolute motor: spin %.5f after 1 step (cap 2/60 = %.5f), %.5f after 1 s, %.5f after 4 s (speed 4)\n", w1,
           2.0f / 60.0f, w60, s);
    ENSURE(w1 <= 2.0f / 60.0f * 1.001f && w1 > 0.0f);
    ENSURE(w60 <= 2.0f * 1.001f && w60 > 1.9f);
    ENSURE(fabsf(s - 4.0f) < 0.04f);
    ENSURE(fabsf(BODYF(w, CAP_BODY_X)[c]) < 1e-3f && fabsf(BODYF(w, CAP_BODY_Y)[c] - 5.0f) < 1e-3f);
    cap_world_destroy(w);
    return 0;
}

/* Break force: a capsule of weight m g hangs from a pin; break_force 2 m g
 * holds it (swinging from horizontal the pin's force peaks at ~2.5 m g,
 * so start it hanging), 0.5 m g breaks it on the first step with one
 * event naming the joint, the body (CAP_JOINT_BODY | slot) and the world. */
int test_joints_revolute_breaks_once(void)
{
    for (int weak = 0; weak < 2; weak++) {
        cap_world* w = rworld(0);
        uint32_t c = body_at(w, 0.0f, 4.0f, -1.5707964f, 1.0f, 0.1f);
        float mg = 10.0f / BODYF(w, CAP_BODY_INV_MASS)[c];
        cap_joint_def d;
        cap_joint_def_default(&d);
        d.break_force = weak ? 0.5f * mg : 2.0f * mg;
        d.user_data = 77;
        uint32_t j = pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | c, 0.0f, 5.0f, &d);
        ENSURE(j == 0);
        int breaks = 0;
        float force = 0.0f;
        for (int k = 0; k < 120; k++) {
            ENSURE(cap_world_step(w) == 0);
            uint32_t n = cap_world_event_count(w, CAP_EVENT_JOINT_BREAK);
            if (n) {
                const uint32_t* e = cap_world_events(w, CAP_EVENT_JOINT_BREAK);
                ENSURE(e[0] == CAP_JOINT_REVOLUTE && e[1] == j && e[2] == (CAP_JOINT_BODY | c) && e[4] == CAP_JOINT_WORLD);
                ENSURE(e[10] == 77 && e[9] == 1u);
                memcpy(&force, &e[3], 4);
            }
            breaks += (int)n;
        }
        printf("  revolute break (%s): %d break(s), force %.3f (m g %.3f), joints left %u, body y %.3f\n",
               weak ? "0.5 m g" : "2 m g", breaks, force, mg, cap_world_joint_count(w), BODYF(w, CAP_BODY_Y)[c]);
        ENSURE(breaks == (weak ? 1 : 0));
        ENSURE(cap_world_joint_count(w) == (weak ? 0u : 1u));
        if (weak) ENSURE(force > 0.5f * mg && BODYF(w, CAP_BODY_Y)[c] < 0.0f); /* it fell */
        else ENSURE(fabsf(BODYF(w, CAP_BODY_Y)[c] - 4.0f) < 0.01f);
        cap_world_destroy(w);
    }
    return 0;
}

/* Balls: two balls (radius 0.2) pinned at the point between them, the
 * first pinned to the world at its centre: the pair swings as one rigid
 * pendulum (the pin holds within 1 mm, the balls stay 0.4 apart) and the
 * balls turn with it (the second ball's angle follows the pair's). */
int test_joints_revolute_balls_spin(void)
{
    cap_world* w = rworld(0);
    uint32_t a = ball_at(w, 0.0f, 5.0f, 0.2f), b = ball_at(w, 0.4f, 5.0f, 0.2f);
    uint32_t j0 = pin(w, CAP_JOINT_WORLD, a, 0.0f, 5.0f, NULL);
    uint32_t j1 = pin(w, a, b, 0.2f, 5.0f, NULL);
    ENSURE(j0 == 0 && j1 == 1);
    const float *x = cap_world_ball_field(w, CAP_BALL_X), *y = cap_world_ball_field(w, CAP_BALL_Y);
    const float* ang = cap_world_ball_field(w, CAP_BALL_ANGLE);
    float worst = 0.0f, apart = 0.0f, turn = 0.0f, a0, s, sep;
    for (int k = 0; k < 120; k++) {
        ENSURE(cap_world_step(w) == 0);
        rev_state(w, j1, &a0, &s, &sep);
        worst = fmaxf(worst, sep);
        rev_state(w, j0, &a0, &s, &sep);
        worst = fmaxf(worst, sep);
        float d = sqrtf((x[b] - x[a]) * (x[b] - x[a]) + (y[b] - y[a]) * (y[b] - y[a]));
        apart = fmaxf(apart, fabsf(d - 0.4f));
        /* the pair's direction angle against ball b's own angle */
        float dir = atan2f(y[b] - y[a], x[b] - x[a]);
        turn = fmaxf(turn, fabsf(dir - ang[b]));
    }
    printf("  revolute balls: pins apart <= %.5f, pair length off <= %.5f, ball angle off the pair's <= %.5f, b at (%.3f, %.3f)\n",
           worst, apart, turn, x[b], y[b]);
    ENSURE(worst < 3e-3f && apart < 3e-3f && turn < 0.01f);
    ENSURE(y[b] < 4.8f); /* it swung down */
    cap_world_destroy(w);
    return 0;
}

/* Refusals: bad ends and values change nothing; a body's removal removes
 * its joints (no event); a ball and a body together are refused. */
int test_joints_revolute_refusals(void)
{
    cap_world* w = rworld(0);
    uint32_t c = body_at(w, 0.0f, 5.0f, 0.0f, 1.0f, 0.1f), c2 = body_at(w, 2.0f, 5.0f, 0.0f, 1.0f, 0.1f);
    uint32_t ball = ball_at(w, 5.0f, 5.0f, 0.2f);
    cap_joint_def d;
    cap_joint_def_default(&d);
    ENSURE(pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | 7u, 0, 0, NULL) == 0xffffffffu);
    ENSURE(pin(w, CAP_JOINT_BODY | c, CAP_JOINT_BODY | c, 0, 0, NULL) == 0xffffffffu);
    ENSURE(pin(w, ball + 1u, CAP_JOINT_BODY | c, 0, 0, NULL) == 0xffffffffu); /* a dead ball with a body */
    ENSURE(cap_world_error_info(w)->status == CAP_WORLD_BAD_HANDLE && cap_world_error_info(w)->slot == (int)ball + 1);
    d.lower_angle = -4.0f; d.upper_angle = 0.0f;
    ENSURE(pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | c, 0, 0, &d) == 0xffffffffu);
    ENSURE(cap_world_error_info(w)->field == 9);
    d.lower_angle = 0.0f; d.upper_angle = -1.0f; d.max_motor_torque = -1.0f;
    ENSURE(pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | c, 0, 0, &d) == 0xffffffffu);
    ENSURE(cap_world_error_info(w)->field == 12);
    d.max_motor_torque = NAN;
    ENSURE(pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | c, 0, 0, &d) == 0xffffffffu);
    ENSURE(cap_world_joint_count(w) == 0);
    ENSURE(pin(w, CAP_JOINT_BODY | c, CAP_JOINT_BODY | c2, 1.0f, 5.0f, NULL) == 0);
    ENSURE(pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | c, -1.0f, 5.0f, NULL) == 1);
    ENSURE(cap_world_step(w) == 0);
    ENSURE(cap_world_remove_body(w, c) == 0);
    ENSURE(cap_world_joint_count(w) == 0 && cap_world_joint_slots(w) == 0);
    ENSURE(cap_world_step(w) == 0);
    ENSURE(cap_world_event_count(w, CAP_EVENT_JOINT_BREAK) == 0);
    /* a world with bodies and their joints saves; restored elsewhere it
     * steps the same bits (the bodies are loaded before the joints' check) */
    ENSURE(pin(w, CAP_JOINT_WORLD, CAP_JOINT_BODY | c2, 2.0f, 5.0f, NULL) == 0);
    ENSURE(cap_world_step(w) == 0);
    uint32_t size = cap_world_save(w, NULL, 0);
    ENSURE(size > 0);
    uint8_t* bytes = malloc(size);
    ENSURE(bytes && cap_world_save(w, bytes, size) == size);
    cap_world* r = rworld(0);
    ENSURE(cap_world_restore(r, bytes, size) == 0);
    ENSURE(cap_world_joint_count(r) == 1);
    for (int k = 0; k < 30; k++) ENSURE(cap_world_step(w) == 0 && cap_world_step(r) == 0);
    ENSURE(cap_world_state_hash(r) == cap_world_state_hash(w));
    free(bytes);
    cap_world_destroy(r);
    cap_world_destroy(w);
    return 0;
}

/* The body joints golden scene (tests/world/revolute-scene.js builds the
 * same): a floor; a chain of 6 capsules pinned to the world at one end and
 * to each other; a capsule pinned at its end with limits [-0.5, 0.5]; a
 * capsule pinned at its centre turned by a motor; two balls on revolute
 * joints (to the world, to each other); two balls on rigid distance joints;
 * a capsule on a revolute joint that breaks; 5 balls falling on the chain.
 * 300 steps: CAP_WORLD_BODY_JOINTS_HASH, one break. */
static uint32_t gball(cap_world* w, float x, float y, float vx, float e)
{
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.x = x; b.y = y; b.radius = 0.1f; b.vx = vx; b.restitution = e;
    uint32_t s = 0;
    return cap_world_add_ball(w, &b, &s) == 0 ? s : 0xffffffffu;
}

static int grev(cap_world* w, uint32_t a, uint32_t b, float x, float y, float lo, float hi, float speed, float torque, float brk)
{
    cap_joint_def d;
    cap_joint_def_default(&d);
    d.lower_angle = lo; d.upper_angle = hi; d.motor_speed = speed; d.max_motor_torque = torque; d.break_force = brk;
    uint32_t s = pin(w, a, b, x, y, &d);
    return s == 0xffffffffu ? -1 : (int)s;
}

int test_joints_revolute_golden_hash(void)
{
    cap_world* w = rworld(0);
    cap_static_def f;
    cap_static_def_default(&f);
    f.ax = -10.0f; f.ay = 0.0f; f.bx = 20.0f; f.by = 0.0f;
    uint32_t fs;
    ENSURE(cap_world_add_static(w, &f, &fs) == 0);
    const uint32_t B = CAP_JOINT_BODY, W = CAP_JOINT_WORLD;
    for (int i = 0; i < 6; i++) ENSURE(body_at(w, 0.25f + 0.5f * (float)i, 5.0f, 0.0f, 0.25f, 0.05f) == (uint32_t)i);
    ENSURE(grev(w, W, B | 0, 0.0f, 5.0f, 0.0f, -1.0f, 0.0f, 0.0f, 0.0f) == 0);
    for (int i = 1; i < 6; i++) ENSURE(grev(w, B | (uint32_t)(i - 1), B | (uint32_t)i, 0.5f * (float)i, 5.0f, 0.0f, -1.0f, 0.0f, 0.0f, 0.0f) == i);
    ENSURE(body_at(w, 4.5f, 5.0f, 0.0f, 0.5f, 0.1f) == 6);
    ENSURE(grev(w, W, B | 6, 4.0f, 5.0f, -0.5f, 0.5f, 0.0f, 0.0f, 0.0f) == 6);
    ENSURE(body_at(w, 6.0f, 3.0f, 0.0f, 0.5f, 0.1f) == 7);
    ENSURE(grev(w, W, B | 7, 6.0f, 3.0f, 0.0f, -1.0f, 2.0f, 50.0f, 0.0f) == 7);
    uint32_t p = gball(w, 8.0f, 4.0f, 0.0f, 0.0f), q = gball(w, 8.25f, 4.0f, 0.0f, 0.0f);
    ENSURE(grev(w, W, p, 8.0f, 4.25f, 0.0f, -1.0f, 0.0f, 0.0f, 0.0f) == 8);
    ENSURE(grev(w, p, q, 8.125f, 4.0f, 0.0f, -1.0f, 0.0f, 0.0f, 0.0f) == 9);
    uint32_t c = gball(w, 10.0f, 4.0f, 3.0f, 0.0f), d = gball(w, 10.5f, 4.0f, 0.0f, 0.0f);
    cap_joint_def dj;
    cap_joint_def_default(&dj);
    dj.a = W; dj.b = c; dj.ax = 10.0f; dj.ay = 5.0f; dj.length = dj.min_length = dj.max_length = 1.0f;
    uint32_t s;
    ENSURE(cap_world_add_joint(w, &dj, &s) == 0 && s == 10);
    dj.a = c; dj.b = d; dj.ax = dj.ay = 0.0f; dj.length = dj.min_length = dj.max_length = 0.5f;
    ENSURE(cap_world_add_joint(w, &dj, &s) == 0 && s == 11);
    ENSURE(body_at(w, 12.5f, 5.0f, 0.0f, 0.5f, 0.1f) == 8);
    ENSURE(grev(w, W, B | 8, 12.0f, 5.0f, 0.0f, -1.0f, 0.0f, 0.0f, 1.0f) == 12);
    for (int k = 0; k < 5; k++) ENSURE(gball(w, 0.5f * (float)k + 0.5f, 7.0f, 0.0f, 0.5f) != 0xffffffffu);
    /* Distance and drag joints on capsule bodies, anchors off the centres:
     * a body hung from a world point, a second on a rope from it, a third on
     * a spring, a fourth lifted by a drag joint. */
    ENSURE(body_at(w, 14.5f, 5.0f, 0.0f, 0.5f, 0.1f) == 9);
    ENSURE(body_at(w, 16.0f, 5.0f, 0.0f, 0.5f, 0.1f) == 10);
    ENSURE(body_at(w, 18.0f, 4.0f, 0.3f, 0.4f, 0.1f) == 11);
    ENSURE(body_at(w, -5.0f, 1.0f, 0.0f, 0.5f, 0.1f) == 12);
    cap_joint_def_default(&dj);
    dj.a = W; dj.b = B | 9; dj.ax = 14.0f; dj.ay = 6.0f; dj.local_bx = -0.5f;
    dj.length = dj.min_length = dj.max_length = 1.0f;
    ENSURE(cap_world_add_joint(w, &dj, &s) == 0 && s == 13);
    cap_joint_def_default(&dj);
    dj.a = B | 9; dj.b = B | 10; dj.local_ax = 0.5f; dj.local_bx = -0.5f;
    dj.length = dj.max_length = 0.6f; dj.min_length = 0.0f;
    ENSURE(cap_world_add_joint(w, &dj, &s) == 0 && s == 14);
    cap_joint_def_default(&dj);
    dj.a = W; dj.b = B | 11; dj.ax = 18.0f; dj.ay = 6.0f; dj.local_bx = 0.4f;
    dj.length = 1.5f; dj.min_length = 0.0f; dj.max_length = 3.0f; dj.hertz = 2.0f; dj.damping_ratio = 0.3f;
    ENSURE(cap_world_add_joint(w, &dj, &s) == 0 && s == 15);
    cap_joint_def_default(&dj);
    dj.kind = CAP_JOINT_DRAG; dj.a = W; dj.b = B | 12; dj.ax = -4.5f; dj.ay = 3.0f;
    dj.hertz = 5.0f; dj.damping_ratio = 0.7f; dj.max_force = 50.0f;
    ENSURE(cap_world_add_joint(w, &dj, &s) == 0 && s == 16);
    int breaks = 0;
    for (int k = 0; k < 300; k++) {
        ENSURE(cap_world_step(w) == 0);
        breaks += (int)cap_world_event_count(w, CAP_EVENT_JOINT_BREAK);
    }
    uint32_t h = cap_world_state_hash(w);
    printf("  body joints golden: hash 0x%08x (golden 0x%08x), %d break(s), %u joints\n", h, CAP_WORLD_BODY_JOINTS_HASH, breaks,
           cap_world_joint_count(w));
    ENSURE(breaks == 1 && cap_world_joint_count(w) == 16);
    ENSURE(h == CAP_WORLD_BODY_JOINTS_HASH);
    cap_world_destroy(w);
    return 0;
}

/* A ragdoll: torso, head, upper and lower arms and legs (10 capsules, 9
 * revolute joints with limits) dropped from 3 m onto a floor, tumbling:
 * after 5 s it rests on the floor (every body above it, slow), every pin
 * within 5 mm over the last second (within 10 cm on impact), every joint's
 * angle within its limits (+0.05 rad) at every step. */
int test_joints_revolute_ragdoll_rests(void)
{
    cap_world* w = rworld(0);
    cap_static_def f;
    cap_static_def_default(&f);
    f.ax = -10.0f; f.ay = 0.0f; f.bx = 10.0f; f.by = 0.0f;
    uint32_t fs;
    ENSURE(cap_world_add_static(w, &f, &fs) == 0);
    const float X = 0.0f, Y = 3.0f, V = 1.5707964f;
    /* body: x, y, angle, half length, radius */
    const float parts[10][5] = {
        {X, Y, V, 0.25f, 0.15f},                  /* 0 torso: y 2.75 .. 3.25 */
        {X, Y + 0.6f, V, 0.05f, 0.12f},           /* 1 head */
        {X - 0.35f, Y + 0.3f, 0.0f, 0.15f, 0.06f}, /* 2 left upper arm */
        {X - 0.75f, Y + 0.3f, 0.0f, 0.15f, 0.05f}, /* 3 left forearm */
        {X + 0.35f, Y + 0.3f, 0.0f, 0.15f, 0.06f}, /* 4 right upper arm */
        {X + 0.75f, Y + 0.3f, 0.0f, 0.15f, 0.05f}, /* 5 right forearm */
        {X - 0.1f, Y - 0.65f, V, 0.2f, 0.08f},     /* 6 left thigh */
        {X - 0.1f, Y - 1.15f, V, 0.2f, 0.07f},     /* 7 left shin */
        {X + 0.1f, Y - 0.65f, V, 0.2f, 0.08f},     /* 8 right thigh */
        {X + 0.1f, Y - 1.15f, V, 0.2f, 0.07f},     /* 9 right shin */
    };
    for (int i = 0; i < 10; i++) ENSURE(body_at(w, parts[i][0], parts[i][1], parts[i][2], parts[i][3], parts[i][4]) == (uint32_t)i);
    ((float*)cap_world_body_field(w, CAP_BODY_W))[0] = 1.5f; /* a tumble */
    ((float*)cap_world_body_field(w, CAP_BODY_VX))[0] = 1.0f;
    /* joint: a, b, pin x, y, lower, upper */
    const float js[9][6] = {
        {0, 1, X, Y + 0.45f, -0.4f, 0.4f},          /* neck */
        {0, 2, X - 0.2f, Y + 0.3f, -1.5f, 1.5f},    /* shoulders */
        {2, 3, X - 0.55f, Y + 0.3f, -2.0f, 0.0f},   /* elbows */
        {0, 4, X + 0.2f, Y + 0.3f, -1.5f, 1.5f},
        {4, 5, X + 0.55f, Y + 0.3f, 0.0f, 2.0f},
        {0, 6, X - 0.1f, Y - 0.45f, -1.0f, 1.0f},   /* hips */
        {6, 7, X - 0.1f, Y - 0.9f, -1.5f, 0.0f},    /* knees */
        {0, 8, X + 0.1f, Y - 0.45f, -1.0f, 1.0f},
        {8, 9, X + 0.1f, Y - 0.9f, -1.5f, 0.0f},
    };
    cap_joint_def d;
    cap_joint_def_default(&d);
    for (int k = 0; k < 9; k++) {
        d.lower_angle = js[k][4];
        d.upper_angle = js[k][5];
        ENSURE(pin(w, CAP_JOINT_BODY | (uint32_t)js[k][0], CAP_JOINT_BODY | (uint32_t)js[k][1], js[k][2], js[k][3], &d) == (uint32_t)k);
    }
    float worst = 0.0f, beyond = 0.0f, settled = 0.0f;
    for (int step = 0; step < 300; step++) {
        ENSURE(cap_world_step(w) == 0);
        for (int k = 0; k < 9; k++) {
            float a, s, sep;
            rev_state(w, (uint32_t)k, &a, &s, &sep);
            worst = fmaxf(worst, sep);
            if (step >= 240) settled = fmaxf(settled, sep);
            beyond = fmaxf(beyond, fmaxf(js[k][4] - a, a - js[k][5]));
        }
    }
    float low = 1e9f, speed = 0.0f;
    uint32_t asleep = 0;
    for (int i = 0; i < 10; i++) {
        float y = BODYF(w, CAP_BODY_Y)[i], r = BODYF(w, CAP_BODY_RADIUS)[i];
        low = fminf(low, y - r); /* the centre's height over the floor less the radius (>= about 0 for any pose) */
        float vx = BODYF(w, CAP_BODY_VX)[i], vy = BODYF(w, CAP_BODY_VY)[i];
        speed = fmaxf(speed, sqrtf(vx * vx + vy * vy));
        asleep += !(((uint32_t*)cap_world_body_field(w, CAP_BODY_FLAGS))[i] & CAP_BALL_AWAKE);
    }
    printf("  ragdoll: pins apart <= %.5f (impact), %.5f (last second), beyond a limit <= %.4f rad, lowest centre - radius %.4f, speed <= %.4f, %u of 10 asleep, "
           "torso y %.3f\n",
           worst, settled, beyond, low, speed, asleep, BODYF(w, CAP_BODY_Y)[0]);
    ENSURE(settled < 5e-3f);
    ENSURE(worst < 0.1f); /* a light forearm hitting the floor under a heavy torso gives way for a moment */
    ENSURE(beyond < 0.05f);
    ENSURE(low > -0.02f);
    ENSURE(speed < 0.05f);
    ENSURE(BODYF(w, CAP_BODY_Y)[0] < 0.6f); /* lying on the floor */
    cap_world_destroy(w);
    return 0;
}
