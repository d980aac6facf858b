/* Joints: distance joints (rigid, rope, spring) between balls and to world
 * points, solved in the soft step (issue 28's joint behaviours). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "../golden/world.h"
#include "capsule2d_joints.h"
#include "world/world_internal.h"

static cap_world* jworld(int sub_steps)
{
    cap_world_def d;
    cap_world_def_default(&d);
    if (sub_steps) d.sub_steps = sub_steps;
    return cap_world_create(&d);
}

static uint32_t ball_at(cap_world* w, float x, float y, float r, float density)
{
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.x = x; b.y = y; b.radius = r; b.density = density;
    uint32_t s = 0;
    if (cap_world_add_ball(w, &b, &s)) return 0xffffffffu;
    return s;
}

/* A rigid (min = max = length) or rope (min 0) joint between a (a ball or
 * CAP_JOINT_WORLD at (ax, ay)) and ball b. */
static uint32_t link(cap_world* w, uint32_t a, uint32_t b, float ax, float ay, float len, int rope)
{
    cap_joint_def j;
    cap_joint_def_default(&j);
    j.a = a; j.b = b; j.ax = ax; j.ay = ay;
    j.length = len;
    j.min_length = rope ? 0.0f : len;
    j.max_length = len;
    uint32_t s = 0;
    if (cap_world_add_joint(w, &j, &s)) return 0xffffffffu;
    return s;
}

static float dist(const float* x, const float* y, uint32_t i, float px, float py)
{
    return sqrtf((x[i] - px) * (x[i] - px) + (y[i] - py) * (y[i] - py));
}

/* A pendulum of length 1 at 0.1 rad: its period within 1% of 2 pi sqrt(L/g)
 * (measured over 5 periods from the upward zero crossings of x, linearly
 * interpolated), and its energy never above the start's. */
int test_joints_pendulum_period_and_energy(void)
{
    cap_world* w = jworld(0);
    const float L = 1.0f, th = 0.1f;
    uint32_t b = ball_at(w, L * sinf(th), 5.0f - L * cosf(th), 0.05f, 1.0f);
    ENSURE(link(w, CAP_JOINT_WORLD, b, 0.0f, 5.0f, L, 0) == 0);
    ENSURE(cap_world_joint_count(w) == 1);
    const float* x = cap_world_ball_field(w, CAP_BALL_X);
    const float* y = cap_world_ball_field(w, CAP_BALL_Y);
    const float* vx = cap_world_ball_field(w, CAP_BALL_VX);
    const float* vy = cap_world_ball_field(w, CAP_BALL_VY);
    double e0 = 10.0 * y[b], emax = -1e9, stretch = 0.0, efirst = -1e9, elast = -1e9;
    double crossings[8];
    int nc = 0;
    double t = 0.0, dt = 1.0 / 60.0;
    float px = x[b];
    for (int k = 0; k < 720; k++) {
        ENSURE(cap_world_step(w) == 0);
        t += dt;
        double e = 0.5 * ((double)vx[b] * vx[b] + (double)vy[b] * vy[b]) + 10.0 * y[b];
        if (e > emax) emax = e;
        if (t < 2.0 && e > efirst) efirst = e;   /* the first period's highest energy */
        if (t > 8.0 && e > elast) elast = e;     /* and the fifth's */
        double s = fabs(dist(x, y, b, 0.0f, 5.0f) - L);
        if (s > stretch) stretch = s;
        if (px < 0.0f && x[b] >= 0.0f && nc < 8) crossings[nc++] = t - dt * x[b] / (x[b] - px);
        px = x[b];
    }
    ENSURE(nc >= 6);
    double period = (crossings[5] - crossings[0]) / 5.0, want = 2.0 * 3.14159265358979 * sqrt(L / 10.0);
    printf("  pendulum: period %.5f s, 2 pi sqrt(L/g) %.5f s (%.3f%%), energy max - start %.3g J/kg, fifth period's max - first's %.3g, stretch %.3g\n", period, want,
           100.0 * (period - want) / want, emax - e0, elast - efirst, stretch);
    ENSURE(fabs(period - want) <= 0.01 * want);
    /* Semi-implicit Euler's energy wobbles within a period (0.3 mJ/kg of a
     * 50 mJ/kg swing, 0.6%); it never drifts up from period to period. */
    ENSURE(emax - e0 <= 0.01 * 10.0 * L * (1.0 - cos(th)));
    ENSURE(elast <= efirst);
    ENSURE(stretch < 0.005);
    cap_world_destroy(w);
    return 0;
}

/* A rope of 50 balls and 51 rigid links of 0.2 hung from two points 6
 * apart, started as a V: after 20 s (with a little damping) it rests and
 * every link is within 1% of its length; the lowest ball is the middle. */
int test_joints_rope_of_50_settles(void)
{
    cap_world* w = jworld(16);
    const float L = 0.2f, c = 0.58f, s = sqrtf(1.0f - c * c);
    uint32_t ball[50];
    for (int i = 0; i < 50; i++) {
        int down = i < 25 ? i + 1 : 50 - i;
        float xx = i < 25 ? (float)(i + 1) * L * c : 6.0f - (float)(50 - i) * L * c;
        ball[i] = ball_at(w, xx, 10.0f - (float)down * L * s, 0.05f, 1.0f);
        ENSURE(ball[i] == (uint32_t)i);
    }
    float* ld = cap_world_ball_field(w, CAP_BALL_LINEAR_DAMPING);
    for (int i = 0; i < 50; i++) ld[i] = 0.5f;
    ENSURE(link(w, CAP_JOINT_WORLD, 0, 0.0f, 10.0f, L, 0) != 0xffffffffu);
    for (int i = 1; i < 50; i++) ENSURE(link(w, ball[i - 1], ball[i], 0, 0, L, 0) != 0xffffffffu);
    ENSURE(link(w, CAP_JOINT_WORLD, 49, 6.0f, 10.0f, L, 0) != 0xffffffffu);
    ENSURE(cap_world_joint_count(w) == 51);
    for (int k = 0; k < 1200; k++) ENSURE(cap_world_step(w) == 0);
    const float* x = cap_world_ball_field(w, CAP_BALL_X);
    const float* y = cap_world_ball_field(w, CAP_BALL_Y);
    const float* vx = cap_world_ball_field(w, CAP_BALL_VX);
    const float* vy = cap_world_ball_field(w, CAP_BALL_VY);
    double worst = 0.0, vmax = 0.0;
    for (int i = 0; i <= 50; i++) {
        float d;
        if (i == 0) d = dist(x, y, 0, 0.0f, 10.0f);
        else if (i == 50) d = dist(x, y, 49, 6.0f, 10.0f);
        else d = dist(x, y, (uint32_t)i, x[i - 1], y[i - 1]);
        double e = fabs(d - L) / L;
        if (e > worst) worst = e;
    }
    int low = 0;
    for (int i = 0; i < 50; i++) {
        double v = sqrt((double)vx[i] * vx[i] + (double)vy[i] * vy[i]);
        if (v > vmax) vmax = v;
        if (y[i] < y[low]) low = i;
    }
    printf("  rope of 50: worst link error %.4f%%, fastest ball %.4f m/s, lowest ball %d at y %.4f\n", 100.0 * worst, vmax, low, y[low]);
    /* 16 sub-steps (joint stiffness is a quarter of the sub-step rate):
     * measured 0.11%; at the default 4 sub-steps 1.77%. */
    ENSURE(worst <= 0.01);
    ENSURE(vmax < 0.05); /* still swaying at 0.24 m/s after 20 s: see the report (not yet "rests") */
    ENSURE(low == 24 || low == 25);
    ENSURE(fabs(y[24] - y[25]) < 1e-2);
    cap_world_destroy(w);
    return 0;
}

/* A rope of 10 links of 0.25 (rope joints: slack allowed, never longer)
 * from a world point with a ball 100 times heavier at its end: after 5 s
 * no link is more than 1% longer than its length. */
int test_joints_rope_holds_heavy_ball(void)
{
    cap_world* w = jworld(16);
    const float L = 0.25f;
    uint32_t prev = CAP_JOINT_WORLD;
    for (int i = 0; i < 10; i++) {
        uint32_t b = ball_at(w, 0.0f, 10.0f - (float)(i + 1) * L, 0.05f, i == 9 ? 100.0f : 1.0f);
        ENSURE(link(w, prev, b, 0.0f, 10.0f, L, 1) != 0xffffffffu);
        prev = b;
    }
    const float* x = cap_world_ball_field(w, CAP_BALL_X);
    const float* y = cap_world_ball_field(w, CAP_BALL_Y);
    double worst = 0.0;
    for (int k = 0; k < 300; k++) {
        ENSURE(cap_world_step(w) == 0);
        for (int i = 0; i < 10; i++) {
            float d = i == 0 ? dist(x, y, 0, 0.0f, 10.0f) : dist(x, y, (uint32_t)i, x[i - 1], y[i - 1]);
            double e = (d - L) / L;
            if (e > worst) worst = e;
        }
    }
    printf("  rope with a 100x ball: worst stretch %.4f%%, end at y %.5f (unstretched %.5f)\n", 100.0 * worst, y[9], 10.0 - 10.0 * L);
    /* 16 sub-steps: measured 0.50% (4 sub-steps: 8%). */
    ENSURE(worst <= 0.01);
    cap_world_destroy(w);
    return 0;
}

/* A rope of 31 balls (r 0.05, links 0.1) laid across a thin segment
 * (radius 0, from 0.6 to 1.6 m long) with a ball 1,000 or 10,000 times
 * denser at each end: the ends fall and pull the rope over the segment's
 * edge. Over 600 steps no rope ball's centre crosses the segment's line
 * while inside its span (less a radius), and none sinks into it deeper
 * than two slops. A ball on a joint is swept against the statics it
 * touches even when it moved little: skipping that sweep when it moved
 * less than half its radius (tried for the ropes bench) let the pull sink
 * balls 0.049 m into the segment and 4 of them through it at 10,000x. */
int test_joints_heavy_rope_over_thin_edge(void)
{
    const int n = 31;
    const float heavy[2] = {1000.0f, 10000.0f};
    for (int h = 0; h < 2; h++) {
        int crossed = 0;
        float deepest = 0.0f;
        for (int trial = 0; trial < 6; trial++) {
            cap_world* w = jworld(0);
            ENSURE(w != NULL);
            cap_static_def sd;
            cap_static_def_default(&sd);
            sd.ax = -0.3f - 0.1f * (float)trial; sd.bx = 0.3f + 0.1f * (float)trial;
            sd.ay = sd.by = 0.0f; sd.radius = 0.0f;
            uint32_t ss;
            ENSURE(cap_world_add_static(w, &sd, &ss) == 0);
            uint32_t slot[31];
            for (int i = 0; i < n; i++) {
                slot[i] = ball_at(w, -1.5f + 0.1f * (float)i, 0.06f, 0.05f, i == 0 || i == n - 1 ? heavy[h] : 1.0f);
                ENSURE(slot[i] != 0xffffffffu);
                if (i) ENSURE(link(w, slot[i - 1], slot[i], 0.0f, 0.0f, 0.1f, 1) != 0xffffffffu);
            }
            const float* x = cap_world_ball_field(w, CAP_BALL_X);
            const float* y = cap_world_ball_field(w, CAP_BALL_Y);
            float px[31], py[31];
            for (int i = 0; i < n; i++) { px[i] = x[slot[i]]; py[i] = y[slot[i]]; }
            for (int k = 0; k < 600; k++) {
                ENSURE(cap_world_step(w) == 0);
                for (int i = 0; i < n; i++) {
                    float bx = x[slot[i]], by = y[slot[i]];
                    int inside = bx > sd.ax + 0.05f && bx < sd.bx - 0.05f && px[i] > sd.ax + 0.05f && px[i] < sd.bx - 0.05f;
                    if (inside && py[i] > 0.0f && by < 0.0f) crossed++;
                    if (inside && by > 0.0f && 0.05f - by > deepest) deepest = 0.05f - by;
                    px[i] = bx;
                    py[i] = by;
                }
            }
            cap_world_destroy(w);
        }
        printf("  rope over a thin edge, %.0fx end balls: %d crossings, deepest sink %.4f (radius 0.05)\n", heavy[h], crossed, deepest);
        ENSURE(crossed == 0);
        ENSURE(deepest <= 2.0f * 0.005f);
    }
    return 0;
}

/* Snapshots keep joints: a rope, a spring and a drag joint saved after 30
 * steps, restored into another world, step 60 times to the same state hash
 * as the original; a joint over its break force breaks once, with one
 * CAP_EVENT_JOINT_BREAK record naming it. */
int test_joints_snapshot_and_break(void)
{
    cap_world* w = jworld(0);
    uint32_t b0 = ball_at(w, 0.0f, 2.0f, 0.1f, 1.0f), b1 = ball_at(w, 0.5f, 2.0f, 0.1f, 1.0f), b2 = ball_at(w, 1.0f, 2.0f, 0.1f, 1.0f);
    ENSURE(link(w, CAP_JOINT_WORLD, b0, 0.0f, 3.0f, 1.0f, 0) == 0);
    ENSURE(link(w, b0, b1, 0, 0, 0.5f, 1) == 1);
    cap_joint_def d;
    cap_joint_def_default(&d);
    d.kind = CAP_JOINT_DRAG; d.b = b2; d.ax = 2.0f; d.ay = 3.0f; d.hertz = 5.0f; d.damping_ratio = 0.7f;
    uint32_t drag;
    ENSURE(cap_world_add_joint(w, &d, &drag) == 0 && drag == 2);
    for (int k = 0; k < 30; k++) ENSURE(cap_world_step(w) == 0);
    uint32_t n = cap_world_save(w, NULL, 0);
    uint8_t* snap = malloc(n);
    ENSURE(snap && cap_world_save(w, snap, n) == n);
    for (int k = 0; k < 60; k++) ENSURE(cap_world_step(w) == 0);
    cap_world* r = jworld(0);
    ENSURE(cap_world_restore(r, snap, n) == 0);
    ENSURE(cap_world_joint_count(r) == 3 && cap_world_joint_slots(r) == 3);
    for (int k = 0; k < 60; k++) ENSURE(cap_world_step(r) == 0);
    ENSURE(cap_world_state_hash(r) == cap_world_state_hash(w));
    /* A break: the rope's break force below the ball's weight. */
    uint32_t info[CAP_JOINT_INFO_WORDS];
    ENSURE(cap_world_joint_info(r, 1, info) == 0);
    float force;
    memcpy(&force, &info[CAP_JOINT_INFO_FORCE], 4);
    ENSURE(force > 0.0f);
    r->joints[1].break_force = 0.5f * force;
    ENSURE(cap_world_step(r) == 0);
    ENSURE(cap_world_event_count(r, CAP_EVENT_JOINT_BREAK) == 1);
    const uint32_t* e = cap_world_events(r, CAP_EVENT_JOINT_BREAK);
    ENSURE(e[CAP_JOINT_BREAK_KIND] == CAP_JOINT_DISTANCE && e[CAP_JOINT_BREAK_JOINT] == 1 && e[CAP_JOINT_BREAK_BALL] == b1 &&
           e[CAP_JOINT_BREAK_OTHER] == b0 && e[CAP_JOINT_BREAK_JOINT_GENERATION] == 1);
    ENSURE(cap_world_joint_count(r) == 2 && cap_world_joint_info(r, 1, info) == CAP_WORLD_BAD_HANDLE);
    ENSURE(cap_world_step(r) == 0);
    ENSURE(cap_world_event_count(r, CAP_EVENT_JOINT_BREAK) == 0);
    free(snap);
    cap_world_destroy(r);
    cap_world_destroy(w);
    return 0;
}

/* The joints golden scene (tests/world/joints-scene.js builds the same):
 * a floor; a rope of 20 balls between two points (rigid and rope links);
 * a swinging pendulum, a spring, a drag joint whose target moves, a
 * breakable joint that breaks; 10 balls falling on the rope; a rope link
 * removed at step 150. 300 steps: CAP_WORLD_JOINTS_HASH, one break. */
static int jdef(cap_world* w, int kind, uint32_t a, uint32_t b, float ax, float ay, float len, float min, float max, float hertz,
                float zeta, float max_force, float brk)
{
    cap_joint_def d;
    cap_joint_def_default(&d);
    d.kind = kind; d.a = a; d.b = b; d.ax = ax; d.ay = ay; d.length = len; d.min_length = min; d.max_length = max;
    d.hertz = hertz; d.damping_ratio = zeta; d.max_force = max_force; d.break_force = brk;
    uint32_t s;
    return cap_world_add_joint(w, &d, &s) == 0 ? (int)s : -1;
}

static uint32_t jball(cap_world* w, float x, float y, float r, float vx, float density, float e)
{
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.x = x; b.y = y; b.radius = r; b.vx = vx; b.density = density; b.restitution = e;
    uint32_t s = 0;
    return cap_world_add_ball(w, &b, &s) == 0 ? s : 0xffffffffu;
}

int test_joints_golden_hash(void)
{
    cap_world* w = jworld(0);
    cap_static_def f;
    cap_static_def_default(&f);
    f.ax = -10.0f; f.ay = 0.0f; f.bx = 20.0f; f.by = 0.0f;
    uint32_t fs;
    ENSURE(cap_world_add_static(w, &f, &fs) == 0);
    const float M = CAP_MAX_COORD;
    for (int i = 0; i < 20; i++) ENSURE(jball(w, 0.25f * (float)(i + 1), 5.0f, 0.05f, 0.0f, 1.0f, 0.0f) == (uint32_t)i);
    ENSURE(jdef(w, 1, CAP_JOINT_WORLD, 0, 0.0f, 5.0f, 0.25f, 0.25f, 0.25f, 0.0f, 1.0f, 1000.0f, 0.0f) >= 0);
    for (int i = 1; i < 20; i++) {
        float min = i % 2 ? 0.25f : 0.0f; /* odd: rigid; even: rope */
        ENSURE(jdef(w, 1, (uint32_t)(i - 1), (uint32_t)i, 0.0f, 0.0f, 0.25f, min, 0.25f, 0.0f, 1.0f, 1000.0f, 0.0f) == i);
    }
    ENSURE(jdef(w, 1, CAP_JOINT_WORLD, 19, 5.25f, 5.0f, 0.25f, 0.0f, 0.25f, 0.0f, 1.0f, 1000.0f, 0.0f) == 20);
    uint32_t pend = jball(w, 7.0f, 4.0f, 0.1f, 3.0f, 1.0f, 0.0f);
    ENSURE(jdef(w, 1, CAP_JOINT_WORLD, pend, 7.0f, 5.0f, 1.0f, 1.0f, 1.0f, 0.0f, 1.0f, 1000.0f, 0.0f) == 21);
    uint32_t spr = jball(w, 9.0f, 3.0f, 0.1f, 0.0f, 1.0f, 0.0f);
    ENSURE(jdef(w, 1, CAP_JOINT_WORLD, spr, 9.0f, 5.0f, 1.0f, 0.0f, M, 2.0f, 0.125f, 1000.0f, 0.0f) == 22);
    uint32_t dragged = jball(w, -3.0f, 1.0f, 0.1f, 0.0f, 1.0f, 0.0f);
    ENSURE(jdef(w, 2, CAP_JOINT_WORLD, dragged, -2.0f, 3.0f, 0.0f, 0.0f, 0.0f, 5.0f, 0.75f, 50.0f, 0.0f) == 23);
    uint32_t heavy = jball(w, 11.0f, 4.0f, 0.1f, 6.0f, 10.0f, 0.0f);
    ENSURE(jdef(w, 1, CAP_JOINT_WORLD, heavy, 11.0f, 5.0f, 1.0f, 1.0f, 1.0f, 0.0f, 1.0f, 1000.0f, 10.0f) == 24);
    for (int k = 0; k < 10; k++) ENSURE(jball(w, 0.5f * (float)k + 0.25f, 7.0f + 0.25f * (float)k, 0.1f, 0.0f, 1.0f, 0.5f) != 0xffffffffu);
    int breaks = 0;
    for (int k = 0; k < 300; k++) {
        if (k == 100) ENSURE(cap_world_set_joint_target(w, 23, -4.0f, 2.0f) == 0);
        if (k == 150) ENSURE(cap_world_remove_joint(w, 5) == 0);
        ENSURE(cap_world_step(w) == 0);
        breaks += (int)cap_world_event_count(w, CAP_EVENT_JOINT_BREAK);
    }
    uint32_t h = cap_world_state_hash(w);
    printf("  joints golden: hash 0x%08x (golden 0x%08x), %d break(s), %u joints\n", h, CAP_WORLD_JOINTS_HASH, breaks, cap_world_joint_count(w));
    ENSURE(breaks == 1 && cap_world_joint_count(w) == 23);
    ENSURE(h == CAP_WORLD_JOINTS_HASH);
    cap_world_destroy(w);
    return 0;
}

/* Newton's cradle: 5 balls (r 0.25, restitution 1, no friction) on rigid
 * joints of 2 from points 0.5 apart (gaps of 0.0); the first swings in at
 * 2 m/s: the last leaves at >= 90% of that, the first nearly stops. */
int test_joints_newtons_cradle(void)
{
    cap_world* w = jworld(0);
    uint32_t b[5];
    for (int i = 0; i < 5; i++) {
        cap_ball_def d;
        cap_ball_def_default(&d);
        d.x = 0.5f * (float)i; d.y = 1.0f; d.radius = 0.25f; d.restitution = 1.0f; d.friction = 0.0f;
        if (i == 0) d.vx = 2.0f;
        ENSURE(cap_world_add_ball(w, &d, &b[i]) == 0);
        ENSURE(link(w, CAP_JOINT_WORLD, b[i], 0.5f * (float)i, 3.0f, 2.0f, 0) != 0xffffffffu);
    }
    const float* vx = cap_world_ball_field(w, CAP_BALL_VX);
    float last = 0.0f, first_after = 0.0f;
    for (int k = 0; k < 20; k++) {
        ENSURE(cap_world_step(w) == 0);
        if (vx[4] > last) { last = vx[4]; first_after = vx[0]; }
    }
    printf("  cradle: last ball's speed %.4f m/s (%.1f%% of 2), first ball then %.4f m/s, middle %.4f %.4f %.4f\n", last, 50.0 * last,
           first_after, vx[1], vx[2], vx[3]);
    /* Issue 28: >= 90% (impacts.c; measured 99.9%, the others below 0.001
     * m/s; before it the once-per-step restitution spread the momentum over
     * the row: 35.8%, the middle balls kept ~0.48 m/s each). */
    ENSURE(last >= 0.9f * 2.0f);
    ENSURE(fabsf(first_after) < 0.05f && fabsf(vx[1]) < 0.05f && fabsf(vx[2]) < 0.05f && fabsf(vx[3]) < 0.05f);
    cap_world_destroy(w);
    return 0;
}

/* The chains scene (tests/world/joints-scene.js, chainScene, builds the
 * same): rigid ropes that the solver packs side by side (joints_solve.c:
 * 8 chains a pack, lanes of different lengths), next to groups it solves
 * one joint at a time (a ring, a chain linked backwards, rope links): a
 * floor and a slope; 11 ropes of 1 to 20 links of 0.3 from world points
 * (one with a 100x heavier end ball, one with a link that breaks), a free
 * chain of 6 (no world end), a ring of 4, a reversed chain of 3, 5 loose
 * balls; ball 6 of the 13-link rope removed at step 150. 300 steps: this
 * state hash in native, wasm SIMD and wasm scalar builds. With 8 sweeps a
 * pass, packs and the one-at-a-time solve gave the same hash (0x82bdbde9,
 * taken before the packs existed; the packs' commit kept it). */
static const int chain_links[11] = {1, 2, 3, 4, 5, 7, 8, 9, 13, 20, 6};
int test_joints_chains_hash(void)
{
    cap_world* w = jworld(0);
    cap_static_def f;
    cap_static_def_default(&f);
    f.ax = -20.0f; f.ay = 0.0f; f.bx = 45.0f; f.by = 0.0f;
    uint32_t fs, cut = 0;
    ENSURE(cap_world_add_static(w, &f, &fs) == 0);
    f.ax = 10.0f; f.ay = 2.0f; f.bx = 20.0f; f.by = 4.0f;
    ENSURE(cap_world_add_static(w, &f, &fs) == 0);
    for (int k = 0; k < 11; k++) {
        float tx = 3.0f * (float)k, ty = 8.0f;
        uint32_t prev = CAP_JOINT_WORLD;
        for (int i = 1; i <= chain_links[k]; i++) {
            float density = k == 3 && i == chain_links[k] ? 100.0f : 1.0f;
            uint32_t b = jball(w, tx + 0.3f * (float)i, ty, 0.1f, 0.0f, density, 0.0f);
            ENSURE(b != 0xffffffffu);
            float brk = k == 9 && i == 11 ? 20.0f : 0.0f;
            ENSURE(jdef(w, 1, prev, b, prev == CAP_JOINT_WORLD ? tx : 0.0f, prev == CAP_JOINT_WORLD ? ty : 0.0f, 0.3f, 0.3f, 0.3f, 0.0f,
                        1.0f, 1000.0f, brk) >= 0);
            if (k == 8 && i == 6) cut = b;
            prev = b;
        }
    }
    uint32_t prev = CAP_JOINT_WORLD;
    for (int i = 0; i < 6; i++) { /* a free chain */
        uint32_t b = jball(w, 35.0f + 0.3f * (float)i, 3.0f, 0.1f, 0.0f, 1.0f, 0.0f);
        if (prev != CAP_JOINT_WORLD) ENSURE(jdef(w, 1, prev, b, 0.0f, 0.0f, 0.3f, 0.3f, 0.3f, 0.0f, 1.0f, 1000.0f, 0.0f) >= 0);
        prev = b;
    }
    uint32_t ring[4];
    for (int i = 0; i < 4; i++) ring[i] = jball(w, -5.0f + 0.4f * (float)(i == 1 || i == 2), 4.0f + 0.4f * (float)(i >= 2), 0.1f, 1.0f, 1.0f, 0.0f);
    for (int i = 0; i < 4; i++) ENSURE(jdef(w, 1, ring[i], ring[(i + 1) % 4], 0.0f, 0.0f, 0.4f, 0.4f, 0.4f, 0.0f, 1.0f, 1000.0f, 0.0f) >= 0);
    uint32_t r0 = jball(w, -10.0f, 6.0f, 0.1f, 0.0f, 1.0f, 0.0f), r1 = jball(w, -9.7f, 6.0f, 0.1f, 0.0f, 1.0f, 0.0f);
    uint32_t r2 = jball(w, -9.4f, 6.0f, 0.1f, 0.0f, 1.0f, 0.0f);
    ENSURE(jdef(w, 1, CAP_JOINT_WORLD, r0, -10.3f, 6.0f, 0.3f, 0.3f, 0.3f, 0.0f, 1.0f, 1000.0f, 0.0f) >= 0);
    ENSURE(jdef(w, 1, r2, r1, 0.0f, 0.0f, 0.3f, 0.3f, 0.3f, 0.0f, 1.0f, 1000.0f, 0.0f) >= 0); /* backwards */
    ENSURE(jdef(w, 1, r0, r1, 0.0f, 0.0f, 0.3f, 0.0f, 0.3f, 0.0f, 1.0f, 1000.0f, 0.0f) >= 0);  /* a rope link */
    for (int k = 0; k < 5; k++) ENSURE(jball(w, 2.0f + 6.0f * (float)k, 12.0f, 0.2f, 0.0f, 1.0f, 0.2f) != 0xffffffffu);
    int breaks = 0;
    uint32_t hashes = 0;
    for (int k = 0; k < 300; k++) {
        if (k == 150) ENSURE(cap_world_remove_ball(w, cut) == 0);
        ENSURE(cap_world_step(w) == 0);
        breaks += (int)cap_world_event_count(w, CAP_EVENT_JOINT_BREAK);
        if (k % 50 == 49) hashes = hashes * 31u + cap_world_state_hash(w);
    }
    uint32_t h = cap_world_state_hash(w);
    printf("  chains: hash 0x%08x (golden 0x%08x), %d break(s), %u joints, every-50 0x%08x\n", h, CAP_WORLD_CHAINS_HASH, breaks,
           cap_world_joint_count(w), hashes);
    ENSURE(breaks == 1 && cap_world_joint_count(w) == 87);
    ENSURE(h == CAP_WORLD_CHAINS_HASH);
    cap_world_destroy(w);
    return 0;
}

/* A pair of balls on a rigid joint (0.35, radii 0.15; slots 0 and 1, the
 * joint slot 0) flying at 30 m/s (half a metre a step: a fast ball for the
 * sweeps) toward a ball at rest at (2, 0.05) (slot 2), no gravity; hung:
 * that ball hangs on a joint of its own (slot 1) from a world point. */
static cap_world* fast_pair(int hung)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.gravity_y = 0.0f;
    cap_world* w = cap_world_create(&d);
    if (!w) return NULL;
    uint32_t a = ball_at(w, 0.0f, 0.0f, 0.15f, 1.0f), b = ball_at(w, -0.35f, 0.0f, 0.15f, 1.0f);
    uint32_t c = ball_at(w, 2.0f, 0.05f, 0.15f, 1.0f);
    if (a != 0 || b != 1 || c != 2 || link(w, a, b, 0.0f, 0.0f, 0.35f, 0) != 0 ||
        (hung && link(w, CAP_JOINT_WORLD, c, 2.0f, 1.05f, 1.0f, 0) != 1)) {
        cap_world_destroy(w);
        return NULL;
    }
    float* vx = cap_world_ball_field(w, CAP_BALL_VX);
    vx[a] = vx[b] = 30.0f;
    return w;
}

/* The pair into a ball on a joint: the leading ball is not stopped at it (a
 * stop moved it back while the joint held its partner, which flew on: the
 * link folded to a fraction of its length, as the bench's rope ends did),
 * their contact pushes the two apart, and the link stays within a few
 * percent. */
int test_joints_fast_pair_hits_ball(void)
{
    cap_world* w = fast_pair(1);
    ENSURE(w != NULL);
    const float* x = cap_world_ball_field(w, CAP_BALL_X);
    const float* y = cap_world_ball_field(w, CAP_BALL_Y);
    double worst = 0.0;
    for (int k = 0; k < 30; k++) {
        ENSURE(cap_world_step(w) == 0);
        double e = fabs(dist(x, y, 0, x[1], y[1]) - 0.35) / 0.35;
        if (e > worst) worst = e;
    }
    printf("  fast pair into a ball: worst link error %.2f%%, the ball struck at x %.3f (from 2)\n", 100.0 * worst, x[2]);
    ENSURE(worst < 0.05);
    ENSURE(x[2] > 2.0f); /* struck */
    cap_world_destroy(w);
    return 0;
}

/* The pair into a free ball at rest: the leading ball is stopped at it (a
 * ball on a joint is swept against the free balls), so it never ends a
 * step past the struck ball's centre. Without the stop it went through: a
 * rope bridge's ball, kicked by a heavy ball landing on it, passed through
 * it and the heavy ball fell through the bridge (the page's rope scene). */
int test_joints_fast_pair_stops_at_free_ball(void)
{
    cap_world* w = fast_pair(0);
    ENSURE(w != NULL);
    const float* x = cap_world_ball_field(w, CAP_BALL_X);
    for (int k = 0; k < 30; k++) {
        ENSURE(cap_world_step(w) == 0);
        ENSURE(x[0] < x[2]); /* never through it */
    }
    printf("  fast pair into a free ball: the leading ball at x %.3f, the struck one at %.3f\n", x[0], x[2]);
    cap_world_destroy(w);
    return 0;
}
