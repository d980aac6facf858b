/* Joints between a ball and a capsule body (issue 28): distance joints
 * (rigid, rope, spring) and revolute joints with one ball end and one body
 * end, solved in the bodies' step with the ball's solver state there. A
 * ball hung from a capsule pinned to the world swings with the pendulum's
 * period; a ball on a rigid joint to a falling capsule keeps the length;
 * energy never grows; a breakable one breaks at its threshold, once;
 * snapshots round-trip bit for bit; the ends do not collide, wake and
 * sleep together; bad input. Every test here failed before (such a joint
 * was refused: BAD_HANDLE). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "../golden/world.h"
#include "capsule2d_joints.h"

#define BALLF(w, f) ((float*)cap_world_ball_field(w, f))
#define BODF(w, f) ((float*)cap_world_body_field(w, f))
#define PI 3.14159265358979323846
#define B CAP_JOINT_BODY
#define FAIL 0xffffffffu

static cap_world* mworld(int sub_steps, int sleep)
{
    cap_world_def d;
    cap_world_def_default(&d);
    if (sub_steps) d.sub_steps = sub_steps;
    d.sleep_enabled = sleep;
    return cap_world_create(&d);
}

static uint32_t capsule(cap_world* w, float x, float y, float angle, float hl, float r)
{
    cap_body_def b;
    cap_body_def_default(&b);
    b.x = x; b.y = y; b.angle = angle; b.half_length = hl; b.radius = r;
    uint32_t s = 0;
    return cap_world_add_body(w, &b, &s) ? FAIL : s;
}

/* A ball at (x, y) of radius r moving at (vx, 0), restitution e (the
 * defaults' otherwise); FAIL when refused. */
static uint32_t gball(cap_world* w, float x, float y, float r, float vx, float e)
{
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.x = x; b.y = y; b.radius = r; b.vx = vx; b.restitution = e;
    uint32_t s = 0;
    return cap_world_add_ball(w, &b, &s) ? FAIL : s;
}

/* A ball at rest with the default material (restitution 0). */
static uint32_t ball(cap_world* w, float x, float y, float r) { return gball(w, x, y, r, 0.0f, 0.0f); }

/* A distance joint a - b; the body anchors la (a's frame), lb (b's); kind
 * 0 rigid at length, 1 rope (max length), 2 spring (hertz 2, damping 0.2,
 * within [0, 3 length]); break force brk. */
static uint32_t dist(cap_world* w, uint32_t a, uint32_t b, float lax, float lay, float lbx, float lby, float length, int kind,
                     float brk)
{
    cap_joint_def d;
    cap_joint_def_default(&d);
    d.kind = CAP_JOINT_DISTANCE;
    d.a = a; d.b = b;
    d.local_ax = lax; d.local_ay = lay; d.local_bx = lbx; d.local_by = lby;
    d.length = length;
    d.min_length = kind ? 0.0f : length;
    d.max_length = kind == 2 ? 3.0f * length : length;
    if (kind == 2) { d.hertz = 2.0f; d.damping_ratio = 0.2f; }
    d.break_force = brk;
    uint32_t s = 0;
    return cap_world_add_joint(w, &d, &s) ? FAIL : s;
}

static uint32_t pin(cap_world* w, uint32_t a, uint32_t b, float x, float y)
{
    cap_joint_def d;
    cap_joint_def_default(&d);
    d.kind = CAP_JOINT_REVOLUTE;
    d.a = a; d.b = b; d.ax = x; d.ay = y;
    uint32_t s = 0;
    return cap_world_add_joint(w, &d, &s) ? FAIL : s;
}

/* Body i's point at local (lx, ly) now. */
static void body_point(cap_world* w, uint32_t i, double lx, double ly, double* px, double* py)
{
    double a = BODF(w, CAP_BODY_ANGLE)[i], c = cos(a), s = sin(a);
    *px = BODF(w, CAP_BODY_X)[i] + c * lx - s * ly;
    *py = BODF(w, CAP_BODY_Y)[i] + s * lx + c * ly;
}

/* Kinetic and potential energy (g = 10) of ball j and body i (~0: none). */
static double energy(cap_world* w, uint32_t j, uint32_t i)
{
    double e = 0.0;
    if (j != FAIL) {
        double m = 1.0 / BALLF(w, CAP_BALL_INV_MASS)[j], I = 1.0 / BALLF(w, CAP_BALL_INV_INERTIA)[j];
        double vx = BALLF(w, CAP_BALL_VX)[j], vy = BALLF(w, CAP_BALL_VY)[j], om = BALLF(w, CAP_BALL_W)[j];
        e += 0.5 * m * (vx * vx + vy * vy) + 0.5 * I * om * om + m * 10.0 * BALLF(w, CAP_BALL_Y)[j];
    }
    if (i != FAIL) {
        double m = 1.0 / BODF(w, CAP_BODY_INV_MASS)[i], I = 1.0 / BODF(w, CAP_BODY_INV_INERTIA)[i];
        double vx = BODF(w, CAP_BODY_VX)[i], vy = BODF(w, CAP_BODY_VY)[i], om = BODF(w, CAP_BODY_W)[i];
        e += 0.5 * m * (vx * vx + vy * vy) + 0.5 * I * om * om + m * 10.0 * BODF(w, CAP_BODY_Y)[i];
    }
    return e;
}

/* The lamp: a capsule (half length 0.5, radius 0.05) pinned to the world at
 * both ends (held still), a ball (radius 0.05) hung from its right tip
 * (local (0.5, 0), the point (0.5, 5)) by a joint of length L = 1 (how: 0
 * rigid, 1 rope, 2 a revolute pin at the tip: then the ball swings as a
 * disc about the pin), let go at th. Returns the period over 5 swings
 * (upward zero crossings, interpolated) less the formula's (2 pi sqrt(L/g),
 * the pin: sqrt(I_p / (m g L)), I_p = I_cm + m L^2), relative; the highest
 * energy (ball and capsule) over the start's and the last 200 steps'
 * highest less the first 200's, both relative to the swing's drop m g L (1
 * - cos th); the largest stretch |distance - L|. */
static void lamp(int how, double th, int steps, double* off, double* gain, double* late, double* stretch)
{
    cap_world* w = mworld(0, 0);
    const float L = 1.0f, tx = 0.5f, ty = 5.0f;
    uint32_t c = capsule(w, 0.0f, 5.0f, 0.0f, 0.5f, 0.05f);
    uint32_t j = ball(w, tx + L * (float)sin(th), ty - L * (float)cos(th), 0.05f);
    int ok = pin(w, CAP_JOINT_WORLD, B | c, -0.5f, 5.0f) != FAIL && pin(w, CAP_JOINT_WORLD, B | c, 0.5f, 5.0f) != FAIL;
    if (how == 2) ok &= pin(w, B | c, j, tx, ty) != FAIL;
    else ok &= dist(w, j, B | c, 0, 0, 0.5f, 0, L, how, 0.0f) != FAIL; /* the ball as a, the body as b */
    double m = 1.0 / BALLF(w, CAP_BALL_INV_MASS)[j], Icm = 1.0 / BALLF(w, CAP_BALL_INV_INERTIA)[j];
    double e0 = energy(w, j, c), emax = e0, first = -1e30, last = -1e30, xv = BALLF(w, CAP_BALL_X)[j] - tx, t = 0.0;
    double cross[16];
    int nc = 0;
    *stretch = 0.0;
    for (int k = 0; k < steps && ok; k++) {
        if (cap_world_step(w) != 0) { ok = 0; break; }
        t += 1.0 / 60.0;
        double e = energy(w, j, c);
        if (!(e == e)) ok = 0;
        if (e > emax) emax = e;
        if (k < 200 && e > first) first = e;
        if (k >= steps - 200 && e > last) last = e;
        double x = BALLF(w, CAP_BALL_X)[j] - tx;
        if (xv < 0.0 && x >= 0.0 && nc < 16) cross[nc++] = t - (x / (x - xv)) / 60.0;
        xv = x;
        double px, py;
        body_point(w, c, 0.5, 0.0, &px, &py);
        double s = fabs(hypot(BALLF(w, CAP_BALL_X)[j] - px, BALLF(w, CAP_BALL_Y)[j] - py) - L);
        if (s > *stretch) *stretch = s;
    }
    double want = how == 2 ? 2.0 * PI * sqrt((Icm + m * L * L) / (m * 10.0 * L)) : 2.0 * PI * sqrt(L / 10.0);
    *off = ok && nc >= 6 ? (cross[5] - cross[0]) / 5.0 / want - 1.0 : 1.0;
    double drop = m * 10.0 * L * (1.0 - cos(th));
    *gain = ok ? (emax - e0) / drop : 1.0;
    *late = ok ? (last - first) / drop : 1.0;
    cap_world_destroy(w);
}

int test_joints_ball_body_lamp_period(void)
{
    static const char* names[3] = {"rigid", "rope", "revolute"};
    for (int how = 0; how < 3; how++) {
        double off, gain, late, stretch;
        lamp(how, 0.05, 720, &off, &gain, &late, &stretch);
        printf("  ball on a %s joint to a pinned capsule (0.05 rad): period off the formula's by %.4f%%, stretch <= %.5f\n",
               names[how], 100.0 * off, stretch);
        ENSURE(off > -0.01 && off < 0.01);
        ENSURE(stretch < 0.01);
    }
    return 0;
}

int test_joints_ball_body_energy(void)
{
    static const char* names[3] = {"rigid", "rope", "revolute"};
    for (int how = 0; how < 3; how++) {
        double off, gain, late, stretch;
        lamp(how, 0.5, 2000, &off, &gain, &late, &stretch);
        printf("  ball on a %s joint to a pinned capsule (0.5 rad, 2000 steps): highest energy over the start %.5f of the "
               "drop, last 200 steps' highest less the first 200's %.5f, stretch <= %.5f\n",
               names[how], gain, late, stretch);
        ENSURE(gain <= 5e-3);
        ENSURE(late <= 0.0);
        ENSURE(stretch < 0.01);
    }
    /* Both moving: a capsule pinned at its centre (free to turn) with a
     * ball on a rigid joint from its tip, let go level: the ball swings the
     * capsule round; the total energy never above the start's by more than
     * 0.5% of the ball's drop (L + 0.5), nor the last 200 steps' above the
     * first 200's. */
    cap_world* w = mworld(0, 0);
    uint32_t c = capsule(w, 0.0f, 5.0f, 0.0f, 0.5f, 0.05f), j = ball(w, 1.5f, 5.0f, 0.1f);
    ENSURE(pin(w, CAP_JOINT_WORLD, B | c, 0.0f, 5.0f) == 0);
    ENSURE(dist(w, B | c, j, 0.5f, 0, 0, 0, 1.0f, 0, 0.0f) == 1); /* the body as a this time */
    double e0 = energy(w, j, c), emax = e0, first = -1e30, last = -1e30, worst = 0.0;
    double drop = 10.0 * 1.5 / BALLF(w, CAP_BALL_INV_MASS)[j];
    for (int k = 0; k < 2000; k++) {
        ENSURE(cap_world_step(w) == 0);
        double e = energy(w, j, c);
        ENSURE(e == e);
        if (e > emax) emax = e;
        if (k < 200 && e > first) first = e;
        if (k >= 1800 && e > last) last = e;
        double px, py;
        body_point(w, c, 0.5, 0.0, &px, &py);
        double s = fabs(hypot(BALLF(w, CAP_BALL_X)[j] - px, BALLF(w, CAP_BALL_Y)[j] - py) - 1.0);
        if (s > worst) worst = s;
    }
    printf("  capsule turning on its pin with a ball on its tip (2000 steps): highest energy over the start %.5f of the drop, "
           "late less early %.5f, stretch <= %.5f\n",
           (emax - e0) / drop, (last - first) / drop, worst);
    ENSURE((emax - e0) / drop <= 5e-3);
    ENSURE(last <= first);
    ENSURE(worst < 0.01);
    cap_world_destroy(w);
    return 0;
}

/* A capsule (half length 0.4) dropped from 4 m, tumbling (spin 3 rad/s),
 * with a ball (radius 0.1) on a rigid joint of length 0.8 from its tip
 * (local (0.4, 0)) thrown sideways at 4 m/s, onto a floor: over 5 s (the
 * fall, the landing, the roll) the joint's length stays within 1%. The
 * same with the ball as the joint's b and the body as a; and a rope joint
 * never longer than its length by 1%. */
int test_joints_ball_body_falling_length(void)
{
    for (int v = 0; v < 3; v++) {
        cap_world* w = mworld(0, 1);
        cap_static_def sd;
        cap_static_def_default(&sd);
        sd.kind = CAP_STATIC_CAPSULE; sd.ax = -20.0f; sd.ay = 0.0f; sd.bx = 20.0f; sd.by = 0.0f; sd.radius = 0.05f;
        uint32_t st;
        ENSURE(cap_world_add_static(w, &sd, &st) == 0);
        uint32_t c = capsule(w, 0.0f, 4.0f, 0.0f, 0.4f, 0.08f), j = ball(w, 1.2f, 4.0f, 0.1f);
        BODF(w, CAP_BODY_W)[c] = 3.0f;
        BALLF(w, CAP_BALL_VY)[j] = 4.0f;
        uint32_t s = v == 1 ? dist(w, B | c, j, 0.4f, 0, 0, 0, 0.8f, 0, 0.0f) : dist(w, j, B | c, 0, 0, 0.4f, 0, 0.8f, v == 2, 0.0f);
        ENSURE(s == 0);
        double worst = 0.0, lowest = 1e9;
        for (int k = 0; k < 300; k++) {
            ENSURE(cap_world_step(w) == 0);
            double px, py;
            body_point(w, c, 0.4, 0.0, &px, &py);
            double d = hypot(BALLF(w, CAP_BALL_X)[j] - px, BALLF(w, CAP_BALL_Y)[j] - py) - 0.8;
            if (v == 2 && d < 0.0) d = 0.0; /* a rope may go slack */
            if (fabs(d) > worst) worst = fabs(d);
            if (BODF(w, CAP_BODY_Y)[c] < lowest) lowest = BODF(w, CAP_BODY_Y)[c];
        }
        printf("  ball on a %s joint to a falling, tumbling capsule (5 s, landed: lowest centre %.3f): length off by <= %.5f "
               "(%.3f%%)\n",
               v == 2 ? "rope" : v ? "rigid (body as a)" : "rigid", lowest, worst, 100.0 * worst / 0.8);
        ENSURE(lowest < 0.5); /* it fell to the floor */
        ENSURE(worst <= 0.01 * 0.8);
        cap_world_destroy(w);
    }
    return 0;
}

/* A ball (radius 0.1) hanging at rest on a rope of length 1 from a pinned
 * capsule's tip: its joint's force settles at the ball's weight (within
 * 2%); break force 1.2 times the weight: never breaks over 2 s; 0.8 times:
 * breaks within the first 5 steps (as the rope takes the load), once (one
 * record naming the ball, the body, the joint, its user data and
 * generations), the ball then falls free. */
int test_joints_ball_body_breaks_once(void)
{
    for (int brk = 0; brk < 3; brk++) {
        cap_world* w = mworld(0, 0); /* (asleep, a joint's force reads 0) */
        uint32_t c = capsule(w, 0.0f, 5.0f, 0.0f, 0.5f, 0.05f), j = ball(w, 0.5f, 4.0f, 0.1f);
        ENSURE(pin(w, CAP_JOINT_WORLD, B | c, -0.5f, 5.0f) == 0 && pin(w, CAP_JOINT_WORLD, B | c, 0.5f, 5.0f) == 1);
        double weight = 10.0 / BALLF(w, CAP_BALL_INV_MASS)[j];
        float f = brk == 0 ? 0.0f : brk == 1 ? (float)(1.2 * weight) : (float)(0.8 * weight);
        cap_joint_def d;
        cap_joint_def_default(&d);
        d.kind = CAP_JOINT_DISTANCE; d.a = B | c; d.b = j; d.local_ax = 0.5f; d.length = 1.0f; d.min_length = 0.0f;
        d.max_length = 1.0f; d.break_force = f; d.user_data = 42u;
        uint32_t s;
        ENSURE(cap_world_add_joint(w, &d, &s) == 0 && s == 2);
        int breaks = 0, at = -1;
        for (int k = 0; k < 120; k++) {
            ENSURE(cap_world_step(w) == 0);
            uint32_t n = cap_world_event_count(w, CAP_EVENT_JOINT_BREAK);
            for (uint32_t e = 0; e < n; e++) {
                const uint32_t* r = cap_world_events(w, CAP_EVENT_JOINT_BREAK) + e * CAP_EVENT_WORDS;
                ENSURE(r[CAP_JOINT_BREAK_JOINT] == 2 && r[CAP_JOINT_BREAK_BALL] == j && r[CAP_JOINT_BREAK_OTHER] == (B | c));
                ENSURE(r[CAP_JOINT_BREAK_KIND] == CAP_JOINT_DISTANCE && r[CAP_JOINT_BREAK_USER_DATA] == 42u);
                ENSURE(r[CAP_JOINT_BREAK_JOINT_GENERATION] == 1u && r[CAP_JOINT_BREAK_BALL_GENERATION] == 1u &&
                       r[CAP_JOINT_BREAK_OTHER_GENERATION] == 1u);
                float force;
                memcpy(&force, &r[CAP_JOINT_BREAK_FORCE], sizeof force);
                ENSURE(force > f);
                breaks++;
                at = k;
            }
        }
        if (brk == 0) {
            uint32_t u[CAP_JOINT_INFO_WORDS];
            float fl[CAP_JOINT_INFO_WORDS];
            ENSURE(cap_world_joint_info(w, 2, u) == 0);
            memcpy(fl, u, sizeof fl);
            printf("  ball hanging on a rope from a capsule: the joint's force %.4f, the ball's weight %.4f\n",
                   fl[CAP_JOINT_INFO_FORCE], weight);
            ENSURE(fabs(fl[CAP_JOINT_INFO_FORCE] - weight) <= 0.02 * weight);
            ENSURE(breaks == 0);
        } else if (brk == 1) {
            ENSURE(breaks == 0 && cap_world_joint_count(w) == 3);
        } else {
            printf("  the same rope with a break force of 0.8 times the weight: %d break(s), at step %d; the ball then at y "
                   "%.2f\n",
                   breaks, at, BALLF(w, CAP_BALL_Y)[j]);
            ENSURE(breaks == 1 && at >= 0 && at < 5 && cap_world_joint_count(w) == 2);
            ENSURE(BALLF(w, CAP_BALL_Y)[j] < -5.0f); /* 2 s of free fall from 4 m */
        }
        cap_world_destroy(w);
    }
    return 0;
}

/* A ragdoll's head: a ball (radius 0.15) pinned to the end of a capsule
 * torso (half length 0.3, radius 0.1) at a point inside both (they
 * overlap by 5 cm and do not collide: the pin alone holds them), dropped
 * on a floor with the head thrown up. The pin's two points stay within
 * 3.5 cm on impact (as a ragdoll of bodies: 10 cm; 2.4 cm before the head
 * was swept again after the bodies' pass, which let the pass push it
 * into the floor: 3.0 cm since), within 1 mm over the
 * third second, at rest; with sleep on the two come to rest and sleep in the
 * same step, within 10 s; then a write through the ball's view wakes the
 * body too. */
int test_joints_ball_body_ragdoll_head(void)
{
    cap_world* w = mworld(0, 1);
    cap_static_def sd;
    cap_static_def_default(&sd);
    sd.kind = CAP_STATIC_CAPSULE; sd.ax = -5.0f; sd.ay = 0.0f; sd.bx = 5.0f; sd.by = 0.0f; sd.radius = 0.05f;
    uint32_t st;
    ENSURE(cap_world_add_static(w, &sd, &st) == 0);
    uint32_t c = capsule(w, 0.0f, 0.6f, 0.0f, 0.3f, 0.1f), j = ball(w, 0.5f, 0.6f, 0.15f);
    ENSURE(pin(w, B | c, j, 0.38f, 0.6f) == 0); /* the neck: in both shapes */
    BALLF(w, CAP_BALL_VY)[j] = 3.0f;
    double worst = 0.0, rest = 0.0;
    int asleep_at = -1, ball_asleep_at = -1;
    for (int k = 0; k < 600; k++) {
        ENSURE(cap_world_step(w) == 0);
        /* the head's pin point: 0.12 left of its centre at creation, turned with it */
        double a = BALLF(w, CAP_BALL_ANGLE)[j];
        double hx = BALLF(w, CAP_BALL_X)[j] - 0.12 * cos(a), hy = BALLF(w, CAP_BALL_Y)[j] - 0.12 * sin(a);
        double px, py;
        body_point(w, c, 0.38, 0.0, &px, &py);
        double apart = hypot(hx - px, hy - py);
        if (k < 180 && apart > worst) worst = apart;
        if (k >= 120 && k < 180 && apart > rest) rest = apart;
        uint32_t bf = ((uint32_t*)cap_world_body_field(w, CAP_BODY_FLAGS))[c];
        uint32_t jf = ((uint32_t*)cap_world_ball_field(w, CAP_BALL_FLAGS))[j];
        if (asleep_at < 0 && !(bf & CAP_BALL_AWAKE)) asleep_at = k;
        if (ball_asleep_at < 0 && !(jf & CAP_BALL_AWAKE)) ball_asleep_at = k;
    }
    printf("  ragdoll head pinned to a torso: pin points apart <= %.5f over 3 s, <= %.5f in the third; the torso slept at step "
           "%d, the head at %d (torso at y %.3f)\n",
           worst, rest, asleep_at, ball_asleep_at, BODF(w, CAP_BODY_Y)[c]);
    ENSURE(worst < 0.035 && rest < 0.001);
    ENSURE(asleep_at > 0 && ball_asleep_at == asleep_at);
    BALLF(w, CAP_BALL_VY)[j] = 2.0f;
    ENSURE(cap_world_step(w) == 0);
    ENSURE(((uint32_t*)cap_world_body_field(w, CAP_BODY_FLAGS))[c] & CAP_BALL_AWAKE);
    ENSURE(BODF(w, CAP_BODY_VY)[c] != 0.0f || BODF(w, CAP_BODY_W)[c] != 0.0f); /* the head pulled it */
    cap_world_destroy(w);
    return 0;
}

/* Snapshots and the hash: a world with ball-body joints of every kind
 * (rigid, rope, spring, revolute; the ball as a and as b) saved after 40
 * steps and restored in a new world steps the same hash every step for 60
 * steps, and saves the same bytes after. */
int test_joints_ball_body_snapshot(void)
{
    cap_world* w = mworld(0, 1);
    uint32_t c0 = capsule(w, 0.0f, 5.0f, 0.0f, 0.5f, 0.05f), c1 = capsule(w, 3.0f, 5.0f, 0.3f, 0.4f, 0.08f);
    uint32_t j0 = ball(w, 0.5f, 4.0f, 0.1f), j1 = ball(w, -0.5f, 3.5f, 0.1f), j2 = ball(w, 2.0f, 4.0f, 0.15f),
             j3 = ball(w, 3.5f, 5.5f, 0.1f);
    ENSURE(pin(w, CAP_JOINT_WORLD, B | c0, 0.0f, 5.0f) == 0);
    ENSURE(dist(w, B | c0, j0, 0.5f, 0, 0, 0, 1.0f, 0, 0.0f) == 1);
    ENSURE(dist(w, j1, B | c0, 0, 0, -0.5f, 0, 1.6f, 1, 0.0f) == 2);
    ENSURE(dist(w, B | c1, j2, -0.4f, 0, 0, 0, 1.0f, 2, 0.0f) == 3);
    ENSURE(pin(w, j3, B | c1, 3.4f, 5.3f) == 4);
    ENSURE(pin(w, CAP_JOINT_WORLD, B | c1, 3.0f, 5.0f) == 5);
    for (int k = 0; k < 40; k++) ENSURE(cap_world_step(w) == 0);
    uint32_t size = cap_world_save(w, NULL, 0);
    uint8_t* bytes = malloc(size);
    ENSURE(bytes && cap_world_save(w, bytes, size) == size);
    cap_world* r = mworld(0, 1);
    ENSURE(cap_world_restore(r, bytes, size) == 0);
    ENSURE(cap_world_joint_count(r) == 6 && cap_world_state_hash(r) == cap_world_state_hash(w));
    for (int k = 0; k < 60; k++) {
        ENSURE(cap_world_step(w) == 0 && cap_world_step(r) == 0);
        ENSURE(cap_world_state_hash(r) == cap_world_state_hash(w));
    }
    uint32_t s1 = cap_world_save(w, NULL, 0), s2 = cap_world_save(r, NULL, 0);
    uint8_t *b1 = malloc(s1), *b2 = malloc(s2);
    ENSURE(s1 == s2 && b1 && b2 && cap_world_save(w, b1, s1) == s1 && cap_world_save(r, b2, s2) == s2);
    ENSURE(memcmp(b1, b2, s1) == 0);
    printf("  ball-body joints: a snapshot after 40 steps (%u bytes) steps the same hash 60 steps on, saves the same bytes\n",
           size);
    /* the hash sees a ball-body joint's body anchor */
    cap_world* h1 = mworld(0, 1);
    cap_world* h2 = mworld(0, 1);
    ENSURE(capsule(h1, 0, 0, 0, 0.5f, 0.1f) == 0 && capsule(h2, 0, 0, 0, 0.5f, 0.1f) == 0);
    ENSURE(ball(h1, 0, -1, 0.1f) == 0 && ball(h2, 0, -1, 0.1f) == 0);
    ENSURE(dist(h1, 0, B, 0, 0, 0.25f, 0, 1.0f, 0, 0.0f) == 0 && dist(h2, 0, B, 0, 0, -0.25f, 0, 1.0f, 0, 0.0f) == 0);
    ENSURE(cap_world_state_hash(h1) != cap_world_state_hash(h2));
    free(bytes); free(b1); free(b2);
    cap_world_destroy(h1); cap_world_destroy(h2);
    cap_world_destroy(r);
    cap_world_destroy(w);
    return 0;
}

/* Bad input: a dead ball or body with a live other end, the ball's anchor
 * off its centre (field 13 or 16), a drag joint with a second end, NaN
 * lengths: refused, nothing changed (hash). Removing the ball or the body
 * removes the joint; the other end wakes. */
int test_joints_ball_body_refusals(void)
{
    cap_world* w = mworld(0, 1);
    uint32_t c = capsule(w, 0.0f, 5.0f, 0.0f, 0.5f, 0.1f), j = ball(w, 0.5f, 4.0f, 0.1f);
    uint32_t h0 = cap_world_state_hash(w);
    ENSURE(dist(w, j + 1u, B | c, 0, 0, 0, 0, 1.0f, 0, 0.0f) == FAIL);
    ENSURE(cap_world_error_info(w)->status == CAP_WORLD_BAD_HANDLE && cap_world_error_info(w)->slot == (int)j + 1);
    ENSURE(dist(w, B | (c + 1u), j, 0, 0, 0, 0, 1.0f, 0, 0.0f) == FAIL);
    ENSURE(cap_world_error_info(w)->status == CAP_WORLD_BAD_HANDLE);
    ENSURE(dist(w, j, B | c, 0.1f, 0, 0, 0, 1.0f, 0, 0.0f) == FAIL);
    ENSURE(cap_world_error_info(w)->status == CAP_WORLD_BAD_VALUE && cap_world_error_info(w)->field == 13);
    ENSURE(dist(w, B | c, j, 0, 0, 0, 0.1f, 1.0f, 0, 0.0f) == FAIL);
    ENSURE(cap_world_error_info(w)->status == CAP_WORLD_BAD_VALUE && cap_world_error_info(w)->field == 16);
    ENSURE(dist(w, B | c, j, 0, 0, 0, 0, NAN, 0, 0.0f) == FAIL);
    ENSURE(pin(w, j, j, 0.0f, 5.0f) == FAIL);
    ENSURE(pin(w, B | c, j + 7u, 0.0f, 5.0f) == FAIL);
    cap_joint_def d;
    cap_joint_def_default(&d);
    d.kind = CAP_JOINT_DRAG; d.a = B | c; d.b = j; d.hertz = 5.0f;
    uint32_t s;
    ENSURE(cap_world_add_joint(w, &d, &s) == CAP_WORLD_BAD_HANDLE);
    ENSURE(cap_world_joint_count(w) == 0 && cap_world_state_hash(w) == h0);
    /* good ones; the record names the ends as given */
    ENSURE(dist(w, B | c, j, 0.5f, 0, 0, 0, 1.0f, 0, 0.0f) == 0);
    ENSURE(pin(w, j, B | c, 0.5f, 4.5f) == 1);
    uint32_t u[CAP_JOINT_INFO_WORDS];
    float f[CAP_JOINT_INFO_WORDS];
    ENSURE(cap_world_joint_info(w, 0, u) == 0);
    memcpy(f, u, sizeof f);
    ENSURE(u[CAP_JOINT_INFO_A] == (B | c) && u[CAP_JOINT_INFO_B] == j && f[CAP_JOINT_INFO_LOCAL_AX] == 0.5f);
    ENSURE(fabsf(f[CAP_JOINT_INFO_LENGTH] - 1.0f) < 1e-6f);
    ENSURE(cap_world_joint_info(w, 1, u) == 0 && u[CAP_JOINT_INFO_A] == j && u[CAP_JOINT_INFO_B] == (B | c));
    for (int k = 0; k < 10; k++) ENSURE(cap_world_step(w) == 0);
    ENSURE(cap_world_remove_ball(w, j) == 0);
    ENSURE(cap_world_joint_count(w) == 0);
    j = ball(w, 0.5f, 4.0f, 0.1f);
    ENSURE(dist(w, j, B | c, 0, 0, 0.5f, 0, 1.0f, 1, 0.0f) == 0);
    ENSURE(cap_world_remove_body(w, c) == 0);
    ENSURE(cap_world_joint_count(w) == 0 && (((uint32_t*)cap_world_ball_field(w, CAP_BALL_FLAGS))[j] & CAP_BALL_AWAKE));
    ENSURE(cap_world_step(w) == 0);
    cap_world_destroy(w);
    return 0;
}

/* The ball-body joints golden scene (tests/world/ball-body-scene.js builds
 * the same through the JS API): a floor; a lamp with a ball on a rope from
 * its tip; a ragdoll's head pinned to its torso; a tilted capsule falling
 * with a ball on a rigid joint; a pinned capsule with a ball on a spring; a
 * ball on a rope that breaks; 3 balls falling on them. 300 steps:
 * CAP_WORLD_BALL_BODY_HASH, one break, 9 joints left. (JS addDistanceJoint
 * (a, b) is the C def's b, a; localAnchorA its local_b.) */
static uint32_t gdist(cap_world* w, uint32_t a, uint32_t b, float lax, float lbx, float len, float lo, float hi, float hz, float brk)
{
    cap_joint_def d;
    cap_joint_def_default(&d);
    d.a = a; d.b = b; d.local_ax = lax; d.local_bx = lbx;
    d.length = len; d.min_length = lo; d.max_length = hi;
    if (hz > 0.0f) { d.hertz = hz; d.damping_ratio = 0.3f; }
    d.break_force = brk;
    uint32_t s = 0;
    return cap_world_add_joint(w, &d, &s) ? FAIL : s;
}

int test_joints_ball_body_golden_hash(void)
{
    cap_world* w = mworld(0, 1);
    cap_static_def f;
    cap_static_def_default(&f);
    f.ax = -10.0f; f.ay = 0.0f; f.bx = 20.0f; f.by = 0.0f;
    uint32_t fs;
    ENSURE(cap_world_add_static(w, &f, &fs) == 0);
    const uint32_t W = CAP_JOINT_WORLD;
    ENSURE(capsule(w, 0.0f, 5.0f, 0.0f, 0.5f, 0.05f) == 0); /* the lamp */
    ENSURE(pin(w, W, B | 0, -0.5f, 5.0f) == 0 && pin(w, W, B | 0, 0.5f, 5.0f) == 1);
    ENSURE(gball(w, 1.3f, 4.4f, 0.1f, 0.0f, 0.0f) == 0);
    ENSURE(gdist(w, B | 0, 0, 0.5f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f, 0.0f) == 2);
    ENSURE(capsule(w, 4.0f, 2.0f, 0.0f, 0.3f, 0.1f) == 1 && gball(w, 4.5f, 2.0f, 0.15f, 0.0f, 0.0f) == 1); /* the ragdoll */
    ENSURE(pin(w, B | 1, 1, 4.38f, 2.0f) == 3);
    ENSURE(capsule(w, 8.0f, 4.0f, 0.3f, 0.4f, 0.08f) == 2 && gball(w, 9.2f, 4.0f, 0.1f, 2.0f, 0.0f) == 2); /* the faller */
    ENSURE(gdist(w, 2, B | 2, 0.0f, 0.4f, 0.8f, 0.8f, 0.8f, 0.0f, 0.0f) == 4);
    ENSURE(capsule(w, 12.0f, 5.0f, 0.0f, 0.4f, 0.1f) == 3 && gball(w, 12.4f, 4.0f, 0.1f, 1.0f, 0.0f) == 3); /* the spring */
    ENSURE(pin(w, W, B | 3, 12.0f, 5.0f) == 5);
    ENSURE(gdist(w, B | 3, 3, 0.4f, 0.0f, 1.0f, 0.0f, 3.0f, 2.0f, 0.0f) == 6);
    ENSURE(capsule(w, 15.0f, 5.0f, 0.0f, 0.5f, 0.1f) == 4 && gball(w, 15.5f, 3.5f, 0.1f, 0.0f, 0.0f) == 4); /* the weak rope */
    ENSURE(pin(w, W, B | 4, 14.5f, 5.0f) == 7 && pin(w, W, B | 4, 15.5f, 5.0f) == 8);
    ENSURE(gdist(w, 4, B | 4, 0.0f, 0.5f, 1.5f, 0.0f, 1.5f, 0.0f, 0.2f) == 9);
    ENSURE(gball(w, 1.3f, 6.0f, 0.1f, 0.0f, 0.5f) == 5 && gball(w, 4.2f, 4.0f, 0.1f, 0.0f, 0.5f) == 6 &&
           gball(w, 4.6f, 5.0f, 0.1f, 0.0f, 0.5f) == 7);
    int breaks = 0;
    for (int k = 0; k < 300; k++) {
        ENSURE(cap_world_step(w) == 0);
        breaks += (int)cap_world_event_count(w, CAP_EVENT_JOINT_BREAK);
    }
    uint32_t h = cap_world_state_hash(w);
    printf("  ball-body joints golden: hash 0x%08x (golden 0x%08x), %d break(s), %u joints\n", h, CAP_WORLD_BALL_BODY_HASH, breaks,
           cap_world_joint_count(w));
    ENSURE(breaks == 1 && cap_world_joint_count(w) == 9);
    ENSURE(h == CAP_WORLD_BALL_BODY_HASH);
    cap_world_destroy(w);
    return 0;
}

/* A capsule (half length 1, radius 0.1) pinned to the world at its centre
 * and spun at w (3 to 300 rad/s), a ball (radius 0.1) on a rigid joint of
 * length 2 from its tip (local (1, 0)) sent round with it (3 w m/s on a
 * circle of radius 3), and a thin wall across that circle at x = -2.5 (a
 * segment, then a capsule of radius 0.01): over 10 s the ball never gets
 * through; its centre stays right of the wall by its radius less two slops.
 * The bodies' pass solves a joined ball's motion after the balls' sweeps;
 * before it swept such a ball again (cap_step_ccd_again), the ball went
 * through the wall from 10 rad/s on (30 m/s: half a metre a step), on more
 * than 40 of the 600 steps. */
int test_joints_ball_body_wall_stops_ball(void)
{
    const float spins[] = {3.0f, 10.0f, 30.0f, 100.0f, 300.0f};
    for (int thick = 0; thick < 2; thick++)
        for (int v = 0; v < 5; v++) {
            cap_world* w = mworld(0, 0);
            cap_static_def sd;
            cap_static_def_default(&sd);
            sd.kind = CAP_STATIC_CAPSULE; /* (radius 0: a segment) */
            sd.ax = -2.5f; sd.ay = -10.0f; sd.bx = -2.5f; sd.by = 10.0f; sd.radius = thick ? 0.01f : 0.0f;
            uint32_t st;
            ENSURE(cap_world_add_static(w, &sd, &st) == 0);
            uint32_t c = capsule(w, 0.0f, 0.0f, 0.0f, 1.0f, 0.1f), j = ball(w, 3.0f, 0.0f, 0.1f);
            ENSURE(pin(w, CAP_JOINT_WORLD, B | c, 0.0f, 0.0f) != FAIL);
            ENSURE(dist(w, j, B | c, 0, 0, 1.0f, 0, 2.0f, 0, 0.0f) != FAIL);
            BODF(w, CAP_BODY_W)[c] = spins[v];
            BALLF(w, CAP_BALL_VY)[j] = 3.0f * spins[v];
            double lowest = 1e9;
            int beyond = 0;
            for (int k = 0; k < 600; k++) {
                ENSURE(cap_world_step(w) == 0);
                double x = BALLF(w, CAP_BALL_X)[j] - (thick ? 0.01 : 0.0);
                if (x < lowest) lowest = x;
                beyond += BALLF(w, CAP_BALL_X)[j] < -2.5f;
            }
            printf("  ball on a joint to a capsule spun at %5.0f rad/s, a %s wall across its circle: %d steps beyond, "
                   "closest centre %.4f from the wall (radius 0.1)\n",
                   spins[v], thick ? "capsule" : "segment", beyond, lowest + 2.5);
            ENSURE(beyond == 0);
            ENSURE(lowest + 2.5 >= 0.1 - 2.0 * 0.005); /* (the slop: 0.005 m) */
            cap_world_destroy(w);
        }
    return 0;
}
