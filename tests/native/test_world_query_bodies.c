/* The world's queries see capsule bodies (query_scan.c, "capsule bodies"):
 * ray casts, swept balls, circle and box overlaps and the batch forms find
 * a body at its current pose with the core's answers (cap_ray_cast_capsule,
 * cap_sweep_circle_capsule on its ends), in the documented order and word
 * format (CAP_WORLD_BODY_WORD | slot, kind 2), through the query index
 * (after a step) and the scan (before one) alike; against a brute force
 * over random bodies. */
#include <math.h>
#include <stdlib.h>

#include "test.h"
#include "capsule2d_world.h"
#include "capsule2d_batch.h"
#include "world/world_internal.h"
#include "core/scalar.h" /* cap_v2 */
#include "world/statics.h" /* cap_static_circle, cap_static_box: the brute force */

typedef struct brng { uint32_t s; } brng;
static float br(brng* g, float lo, float hi)
{
    g->s = g->s * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)((double)(g->s >> 8) / 16777216.0);
}

/* A world without gravity (nothing moves unless pushed). */
static cap_world* still_world(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.gravity_y = 0.0f;
    return cap_world_create(&d);
}

static uint32_t body(cap_world* w, float x, float y, float angle, float hl, float r)
{
    cap_body_def b;
    cap_body_def_default(&b);
    b.x = x, b.y = y, b.angle = angle, b.half_length = hl, b.radius = r;
    uint32_t slot = 0xffffffffu;
    if (cap_world_add_body(w, &b, &slot)) return 0xffffffffu;
    return slot;
}

static uint32_t ball(cap_world* w, float x, float y, float r)
{
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.x = x, b.y = y, b.radius = r;
    uint32_t slot = 0xffffffffu;
    if (cap_world_add_ball(w, &b, &slot)) return 0xffffffffu;
    return slot;
}

static uint32_t capsule_static(cap_world* w, float ax, float ay, float bx, float by, float r)
{
    cap_static_def s;
    cap_static_def_default(&s);
    s.kind = CAP_STATIC_CAPSULE;
    s.ax = ax, s.ay = ay, s.bx = bx, s.by = by, s.radius = r;
    uint32_t slot = 0xffffffffu;
    if (cap_world_add_static(w, &s, &slot)) return 0xffffffffu;
    return slot;
}

/* Body i's capsule as the queries see it: its fields now, ends by cap_cos_sin. */
static cap_capsule body_capsule(cap_world* w, uint32_t i)
{
    const float* x = cap_world_body_field(w, CAP_BODY_X);
    const float* y = cap_world_body_field(w, CAP_BODY_Y);
    const float* a = cap_world_body_field(w, CAP_BODY_ANGLE);
    const float* hl = cap_world_body_field(w, CAP_BODY_HALF_LENGTH);
    const float* r = cap_world_body_field(w, CAP_BODY_RADIUS);
    float c, s;
    cap_cos_sin(a[i], &c, &s);
    cap_capsule k = {{x[i] - hl[i] * c, y[i] - hl[i] * s}, {x[i] + hl[i] * c, y[i] + hl[i] * s}, r[i]};
    return k;
}

static int step(cap_world* w) { return cap_world_step(w) == CAP_WORLD_OK; }

/* A ray hits a body (kind 2, its slot) with the core's capsule cast's
 * answer, before a step (the scan) and after (the index), rotated or not;
 * a body in front of a ball and a static stops the ray; a removed body is
 * not found. */
int test_world_query_bodies_ray(void)
{
    cap_world* w = still_world();
    ENSURE(w);
    uint32_t b0 = body(w, 0.0f, 0.0f, 0.3f, 1.0f, 0.25f);
    uint32_t b1 = body(w, 10.0f, 0.0f, 1.5707964f, 1.0f, 0.25f); /* upright */
    ENSURE(b0 == 0 && b1 == 1);
    uint32_t bl = ball(w, 14.0f, 0.5f, 0.5f);
    uint32_t st = capsule_static(w, 16.0f, -2.0f, 16.0f, 2.0f, 0.1f);
    ENSURE(bl == 0 && st == 0);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) ENSURE(step(w)); /* (then through the step's grids) */
        /* body 0: the ray from the left at y = 0.1 */
        cap_ray ray = {{-5.0f, 0.1f}, {1.0f, 0.0f}, 5.0f};
        cap_ray_hit h, e;
        int kind = -1;
        uint32_t slot = 99;
        ENSURE(cap_world_ray_cast(w, ray, &h, &kind, &slot) == 1);
        ENSURE(kind == 2 && slot == b0);
        ENSURE(cap_ray_cast_capsule(body_capsule(w, b0), ray, &e) == 1);
        ENSURE_NEAR(h.fraction, e.fraction, 1e-5);
        ENSURE_NEAR(h.point.x, e.point.x, 1e-5);
        ENSURE_NEAR(h.point.y, e.point.y, 1e-5);
        ENSURE_NEAR(h.normal.x, e.normal.x, 1e-5);
        ENSURE_NEAR(h.normal.y, e.normal.y, 1e-5);
        ENSURE(h.starts_inside == 0 && h.fraction > 4.0f && h.fraction < 5.0f);
        /* too short: nothing */
        ray.max_fraction = 4.0f;
        ENSURE(cap_world_ray_cast(w, ray, &h, &kind, &slot) == 0);
        /* body 1 (upright, at x = 10): from x = 7 rightward at y = 0.5, it
         * stops the ray before the ball (x 13.5) and the static (x 15.9) */
        cap_ray r2 = {{7.0f, 0.5f}, {1.0f, 0.0f}, 20.0f};
        ENSURE(cap_world_ray_cast(w, r2, &h, &kind, &slot) == 1);
        ENSURE(kind == 2 && slot == b1);
        ENSURE_NEAR(h.point.x, 9.75, 1e-5);
        ENSURE_NEAR(h.point.y, 0.5, 1e-6);
        ENSURE_NEAR(h.normal.x, -1.0, 1e-6);
        ENSURE_NEAR(h.normal.y, 0.0, 1e-6);
        ENSURE_NEAR(h.fraction, 2.75, 1e-5);
        /* the scan (the test's reference) agrees, bit for bit */
        cap_ray_hit hs;
        int ks = -1;
        uint32_t ss = 99;
        ENSURE(cap_world_ray_cast_scan(w, r2, &hs, &ks, &ss) == 1);
        ENSURE(ks == 2 && ss == b1 && cap_same_bits(hs.fraction, h.fraction) && cap_same_bits(hs.normal.x, h.normal.x));
        /* from the other side: the static first (x 16.1), then nothing else */
        cap_ray r3 = {{20.0f, 0.5f}, {-1.0f, 0.0f}, 20.0f};
        ENSURE(cap_world_ray_cast(w, r3, &h, &kind, &slot) == 1);
        ENSURE(kind == 0 && slot == st);
        /* starting inside a body: fraction 0, startsInside */
        cap_ray r4 = {{10.0f, 0.0f}, {0.0f, 1.0f}, 5.0f};
        ENSURE(cap_world_ray_cast(w, r4, &h, &kind, &slot) == 1);
        ENSURE(kind == 2 && slot == b1 && h.fraction == 0.0f && h.starts_inside == 1);
    }
    /* removed: the ray passes through to the ball */
    ENSURE(cap_world_remove_body(w, b1) == 0);
    cap_ray r2 = {{7.0f, 0.5f}, {1.0f, 0.0f}, 20.0f};
    cap_ray_hit h;
    int kind = -1;
    uint32_t slot = 99;
    ENSURE(cap_world_ray_cast(w, r2, &h, &kind, &slot) == 1);
    ENSURE(kind == 1 && slot == bl);
    ENSURE_NEAR(h.point.x, 13.5, 1e-5);
    /* a body moved by the game (its X field) is found where it was put */
    float* x = cap_world_body_field(w, CAP_BODY_X);
    x[b0] = 12.0f;
    ENSURE(cap_world_ray_cast(w, r2, &h, &kind, &slot) == 1);
    ENSURE(kind == 2 && slot == b0);
    cap_ray_hit e;
    ENSURE(cap_ray_cast_capsule(body_capsule(w, b0), r2, &e) == 1);
    ENSURE_NEAR(h.point.x, e.point.x, 1e-5);
    ENSURE(h.point.x > 12.5f && h.point.x < 13.0f);
    cap_world_destroy(w);
    return 0;
}

/* Ties: a ball, a static and a body reached at the same fraction: the
 * ball wins; without the ball the static; two bodies: the lower slot. */
int test_world_query_bodies_ties(void)
{
    cap_world* w = still_world();
    ENSURE(w);
    /* all three surfaces at x = 1 for a ray along y = 0 (disc-shaped body) */
    uint32_t b0 = body(w, 1.5f, 0.0f, 0.0f, 0.0f, 0.5f);
    uint32_t s0 = capsule_static(w, 1.5f, 3.0f, 1.5f, 3.0f, 0.5f);
    uint32_t l0 = ball(w, 1.5f, -3.0f, 0.5f);
    uint32_t b1 = body(w, 1.5f, 6.0f, 0.0f, 0.0f, 0.5f);
    ENSURE(b0 == 0 && s0 == 0 && l0 == 0 && b1 == 1);
    cap_ray_hit h;
    int kind;
    uint32_t slot;
    cap_ray along = {{0.0f, 0.0f}, {1.0f, 0.0f}, 10.0f};
    ENSURE(cap_world_ray_cast(w, along, &h, &kind, &slot) == 1 && kind == 2 && slot == b0);
    /* body 1 onto the line at body 0's place: a tie, the lower slot */
    float* by = cap_world_body_field(w, CAP_BODY_Y);
    by[b1] = 0.0f;
    ENSURE(cap_world_ray_cast(w, along, &h, &kind, &slot) == 1 && kind == 2 && slot == b0);
    /* the static, then the ball, onto the line at the same distance: each wins */
    ENSURE(cap_world_remove_static(w, s0) == 0);
    ENSURE(capsule_static(w, 1.5f, 0.0f, 1.5f, 0.0f, 0.5f) == s0);
    ENSURE(cap_world_ray_cast(w, along, &h, &kind, &slot) == 1 && kind == 0 && slot == s0);
    ENSURE(cap_world_remove_ball(w, l0) == 0);
    ENSURE(ball(w, 1.5f, 0.0f, 0.5f) == l0);
    ENSURE(cap_world_ray_cast(w, along, &h, &kind, &slot) == 1 && kind == 1 && slot == l0);
    /* the same for a sweep */
    cap_sweep_hit sh;
    ENSURE(cap_world_sweep_ball(w, cap_v2(-1.0f, 0.0f), cap_v2(5.0f, 0.0f), 0.5f, &sh, &kind, &slot) == 1);
    ENSURE(kind == 1 && slot == l0);
    ENSURE(cap_world_remove_ball(w, l0) == 0 && cap_world_remove_static(w, s0) == 0);
    ENSURE(cap_world_sweep_ball(w, cap_v2(-1.0f, 0.0f), cap_v2(5.0f, 0.0f), 0.5f, &sh, &kind, &slot) == 1);
    ENSURE(kind == 2 && slot == b0);
    cap_world_destroy(w);
    return 0;
}

/* A swept ball stops at a body, with the core's circle-capsule sweep's
 * answer; rotated; before and after a step. */
int test_world_query_bodies_sweep(void)
{
    cap_world* w = still_world();
    ENSURE(w);
    uint32_t b0 = body(w, 0.0f, 0.0f, 0.0f, 1.0f, 0.5f);
    uint32_t b1 = body(w, 0.0f, 10.0f, 0.7f, 2.0f, 0.3f);
    uint32_t bl = ball(w, 3.0f, 0.0f, 0.5f);
    ENSURE(b0 == 0 && b1 == 1 && bl == 0);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) ENSURE(step(w));
        cap_sweep_hit h, e;
        int kind = -1;
        uint32_t slot = 99;
        /* from the left along y = 0: the body's tip at x = -1.5, the ball's
         * centre stops at x = -1.75: t = 3.25 / 10 */
        ENSURE(cap_world_sweep_ball(w, cap_v2(-5.0f, 0.0f), cap_v2(5.0f, 0.0f), 0.25f, &h, &kind, &slot) == 1);
        ENSURE(kind == 2 && slot == b0);
        ENSURE_NEAR(h.t, 0.325, 1e-6);
        ENSURE_NEAR(h.center.x, -1.75, 1e-5);
        ENSURE_NEAR(h.normal.x, -1.0, 1e-6);
        ENSURE_NEAR(h.point.x, -1.5, 1e-5);
        /* the rotated one, against the core */
        cap_vec2 x0 = cap_v2(-4.0f, 12.5f), x1 = cap_v2(4.0f, 8.0f);
        ENSURE(cap_world_sweep_ball(w, x0, x1, 0.2f, &h, &kind, &slot) == 1);
        ENSURE(kind == 2 && slot == b1);
        ENSURE(cap_sweep_circle_capsule(body_capsule(w, b1), x0, x1, 0.2f, &e) == 1);
        ENSURE_NEAR(h.t, e.t, 1e-5);
        ENSURE_NEAR(h.center.x, e.center.x, 1e-5);
        ENSURE_NEAR(h.center.y, e.center.y, 1e-5);
        ENSURE_NEAR(h.normal.x, e.normal.x, 1e-5);
        ENSURE_NEAR(h.normal.y, e.normal.y, 1e-5);
        ENSURE_NEAR(h.point.x, e.point.x, 1e-5);
        ENSURE_NEAR(h.point.y, e.point.y, 1e-5);
        ENSURE(h.t > 0.1f && h.t < 0.9f);
        /* a sweep that ends 1e-3 short of the body misses it */
        ENSURE(cap_world_sweep_ball(w, cap_v2(-5.0f, 0.0f), cap_v2(-1.751f, 0.0f), 0.25f, &h, &kind, &slot) == 0);
    }
    ENSURE(cap_world_remove_body(w, b0) == 0);
    cap_sweep_hit h;
    int kind = -1;
    uint32_t slot = 99;
    ENSURE(cap_world_sweep_ball(w, cap_v2(-5.0f, 0.0f), cap_v2(5.0f, 0.0f), 0.25f, &h, &kind, &slot) == 1);
    ENSURE(kind == 1 && slot == bl);
    cap_world_destroy(w);
    return 0;
}

/* Overlaps: a body touching the circle or the box is listed (touching
 * counts), one 1e-3 away is not; order balls, statics, bodies, each by
 * slot, words CAP_WORLD_BODY_WORD | slot; capacity cuts, count is all. */
int test_world_query_bodies_overlap(void)
{
    cap_world* w = still_world();
    ENSURE(w);
    /* core (-1, 0)-(1, 0), radius 0.5: top at y = 0.5, right tip at x = 1.5 */
    uint32_t b0 = body(w, 0.0f, 0.0f, 0.0f, 1.0f, 0.5f);
    uint32_t b1 = body(w, 0.0f, -20.0f, 0.0f, 1.0f, 0.5f); /* far off */
    uint32_t b2 = body(w, 3.0f, 3.0f, 2.0f, 0.5f, 0.25f);  /* rotated, near the queries below */
    ENSURE(b0 == 0 && b1 == 1 && b2 == 2);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) ENSURE(step(w));
        uint32_t out[8];
        /* circle of radius 1 centred 1.5 above the core: touching */
        ENSURE(cap_world_query_circle(w, 0.0f, 1.5f, 1.0f, out, 8) == 1 && out[0] == (CAP_WORLD_BODY_WORD | b0));
        ENSURE(cap_world_query_circle(w, 0.0f, 1.501f, 1.0f, out, 8) == 0);
        ENSURE(cap_world_query_circle(w, 2.5f, 0.0f, 1.0f, out, 8) == 1 && out[0] == (CAP_WORLD_BODY_WORD | b0));
        ENSURE(cap_world_query_circle(w, 2.501f, 0.0f, 1.0f, out, 8) == 0);
        /* box right of the tip, touching; then 1e-3 away */
        ENSURE(cap_world_query_box(w, 1.5f, -1.0f, 2.0f, 1.0f, out, 8) == 1 && out[0] == (CAP_WORLD_BODY_WORD | b0));
        ENSURE(cap_world_query_box(w, 1.501f, -1.0f, 2.0f, 1.0f, out, 8) == 0);
        /* box above, touching the flat side; then 1e-3 away */
        ENSURE(cap_world_query_box(w, -0.2f, 0.5f, 0.2f, 0.7f, out, 8) == 1 && out[0] == (CAP_WORLD_BODY_WORD | b0));
        ENSURE(cap_world_query_box(w, -0.2f, 0.501f, 0.2f, 0.7f, out, 8) == 0);
        /* box wholly inside the body */
        ENSURE(cap_world_query_box(w, -0.1f, -0.1f, 0.1f, 0.1f, out, 8) == 1 && out[0] == (CAP_WORLD_BODY_WORD | b0));
        /* the rotated body: a circle at its end's tip outward, touching to 1e-6 */
        float c, s;
        cap_cos_sin(2.0f, &c, &s);
        float tx = 3.0f + 0.5f * c, ty = 3.0f + 0.5f * s; /* its end */
        ENSURE(cap_world_query_circle(w, tx + 0.75f * c, ty + 0.75f * s, 0.5f + 1e-5f, out, 8) == 1);
        ENSURE(out[0] == (CAP_WORLD_BODY_WORD | b2));
        ENSURE(cap_world_query_circle(w, tx + 0.75f * c, ty + 0.75f * s, 0.499f, out, 8) == 0);
        /* both bodies, ascending */
        ENSURE(cap_world_query_box(w, -2.0f, -2.0f, 4.0f, 4.0f, out, 8) == 2);
        ENSURE(out[0] == (CAP_WORLD_BODY_WORD | b0) && out[1] == (CAP_WORLD_BODY_WORD | b2));
    }
    /* with a ball and a static: balls, statics, then bodies */
    uint32_t bl = ball(w, 0.0f, 1.0f, 0.3f), st = capsule_static(w, -1.0f, 1.0f, 1.0f, 1.0f, 0.1f);
    uint32_t bl1 = ball(w, 0.5f, 1.0f, 0.3f);
    ENSURE(bl == 0 && st == 0 && bl1 == 1);
    uint32_t out[8];
    ENSURE(cap_world_query_circle(w, 0.0f, 0.8f, 0.5f, out, 8) == 4);
    ENSURE(out[0] == (CAP_WORLD_BALL_WORD | bl) && out[1] == (CAP_WORLD_BALL_WORD | bl1) && out[2] == st &&
           out[3] == (CAP_WORLD_BODY_WORD | b0));
    ENSURE(step(w));
    ENSURE(cap_world_query_box(w, -3.0f, -3.0f, 3.5f, 3.5f, out, 8) == 5);
    ENSURE(out[2] == st && out[3] == (CAP_WORLD_BODY_WORD | b0) && out[4] == (CAP_WORLD_BODY_WORD | b2));
    /* capacity: the count is all of them, only capacity written */
    out[3] = 7u;
    ENSURE(cap_world_query_box(w, -3.0f, -3.0f, 3.5f, 3.5f, out, 3) == 5 && out[3] == 7u);
    /* removed: gone */
    ENSURE(cap_world_remove_body(w, b0) == 0);
    ENSURE(cap_world_query_box(w, -0.1f, -0.1f, 0.1f, 0.1f, out, 8) == 0);
    ENSURE(cap_world_query_circle(w, 0.0f, 0.0f, 0.1f, out, 8) == 0);
    cap_world_destroy(w);
    return 0;
}

/* The batch forms give each single form's answer, with body words. */
int test_world_query_bodies_batches(void)
{
    cap_world* w = still_world();
    ENSURE(w);
    brng g = {5u};
    for (int i = 0; i < 40; i++) body(w, br(&g, -20, 20), br(&g, -20, 20), br(&g, -4, 4), br(&g, 0, 2), br(&g, 0.1f, 1));
    for (int i = 0; i < 40; i++) ball(w, br(&g, -20, 20), br(&g, -20, 20), br(&g, 0.1f, 1));
    ENSURE(step(w));
    cap_ray_batch* rays = cap_ray_batch_create(200);
    cap_sweep_batch* sweeps = cap_sweep_batch_create(200);
    ENSURE(rays && sweeps);
    for (uint32_t i = 0; i < 200; i++) {
        rays->ox[i] = sweeps->x0[i] = br(&g, -25, 25);
        rays->oy[i] = sweeps->y0[i] = br(&g, -25, 25);
        rays->dx[i] = br(&g, -20, 20);
        rays->dy[i] = br(&g, -20, 20);
        rays->max_fraction[i] = br(&g, 0, 2);
        sweeps->x1[i] = sweeps->x0[i] + rays->dx[i];
        sweeps->y1[i] = sweeps->y0[i] + rays->dy[i];
        sweeps->radius[i] = br(&g, 0, 1);
    }
    rays->count = sweeps->count = 200;
    uint32_t hits = 0, n = 0, bodies = 0;
    ENSURE(cap_world_cast_rays(w, rays, &hits) == 0);
    for (uint32_t i = 0; i < 200; i++) {
        cap_ray ray = {{rays->ox[i], rays->oy[i]}, {rays->dx[i], rays->dy[i]}, rays->max_fraction[i]};
        cap_ray_hit h;
        int kind = -1;
        uint32_t slot = 0;
        int f = cap_world_ray_cast(w, ray, &h, &kind, &slot);
        n += (uint32_t)f;
        bodies += f && kind == 2;
        uint32_t word = kind == 2 ? CAP_WORLD_BODY_WORD | slot : kind == 1 ? CAP_WORLD_BALL_WORD | slot : slot;
        ENSURE(rays->index[i] == (f ? word : CAP_WORLD_NO_HIT));
        ENSURE(cap_same_bits(rays->fraction[i], f ? h.fraction : 0.0f));
        ENSURE(cap_same_bits(rays->nx[i], f ? h.normal.x : 0.0f));
        ENSURE(cap_same_bits(rays->ny[i], f ? h.normal.y : 0.0f));
    }
    ENSURE(hits == n && bodies > 10);
    ENSURE(cap_world_sweep_balls(w, sweeps, &hits) == 0);
    n = 0, bodies = 0;
    for (uint32_t i = 0; i < 200; i++) {
        cap_sweep_hit h;
        int kind = -1;
        uint32_t slot = 0;
        int f = cap_world_sweep_ball(w, cap_v2(sweeps->x0[i], sweeps->y0[i]), cap_v2(sweeps->x1[i], sweeps->y1[i]),
                                     sweeps->radius[i], &h, &kind, &slot);
        n += (uint32_t)f;
        bodies += f && kind == 2;
        uint32_t word = kind == 2 ? CAP_WORLD_BODY_WORD | slot : kind == 1 ? CAP_WORLD_BALL_WORD | slot : slot;
        ENSURE(sweeps->index[i] == (f ? word : CAP_WORLD_NO_HIT));
        ENSURE(cap_same_bits(sweeps->t[i], f ? h.t : 0.0f));
        ENSURE(cap_same_bits(sweeps->point_x[i], f ? h.point.x : 0.0f));
        ENSURE(cap_same_bits(sweeps->point_y[i], f ? h.point.y : 0.0f));
    }
    ENSURE(hits == n && bodies > 10);
    cap_ray_batch_destroy(rays);
    cap_sweep_batch_destroy(sweeps);
    cap_world_destroy(w);
    return 0;
}

/* Property: random bodies (some holes, some rotated far, some discs) and
 * random rays, sweeps, circles and boxes — many aimed to graze a body's
 * tip or side — against a brute force over the bodies with the core's
 * tests on their ends (no box test): the same hits, kinds, slots and
 * answers, bit for bit. Through the index (after a step) and the scan. */
int test_world_query_bodies_brute_force(void)
{
    cap_world* w = still_world();
    ENSURE(w);
    brng g = {77u};
    const uint32_t nb = 60;
    for (uint32_t i = 0; i < nb; i++) {
        float hl = i % 6 == 0 ? 0.0f : br(&g, 0.0f, 3.0f);
        float ang = br(&g, -3.0f, 3.0f) * (i % 10 == 0 ? 1000.0f : 1.0f);
        ENSURE(body(w, br(&g, -30, 30), br(&g, -30, 30), ang, hl, br(&g, 0.05f, 1.5f)) == i);
    }
    for (uint32_t i = 5; i < nb; i += 13) ENSURE(cap_world_remove_body(w, i) == 0);
    /* a few balls far off: the step makes its ball grid, and the queries
     * after it go through the index (query.c) rather than the scan */
    for (int i = 0; i < 4; i++) ENSURE(ball(w, 500.0f + (float)i, 500.0f, 0.4f) == (uint32_t)i);
    uint32_t ray_hits = 0, sweep_hits = 0, listed = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) ENSURE(step(w)); /* (bodies that overlap move apart: the fields are re-read below) */
        const uint32_t* flags = cap_world_body_field(w, CAP_BODY_FLAGS);
        uint32_t slots = cap_world_body_slots(w);
        for (int q = 0; q < 2000; q++) {
            float ox = br(&g, -35, 35), oy = br(&g, -35, 35), dx = br(&g, -30, 30), dy = br(&g, -30, 30);
            float mf = br(&g, 0.0f, 1.5f), rad = q % 4 == 0 ? 0.0f : br(&g, 0.0f, 1.0f);
            if (q % 3 == 0) { /* aimed to graze a live body: tangent at its end, or at its side */
                uint32_t i = (uint32_t)q % slots;
                if (flags[i] & CAP_BALL_ALIVE) {
                    cap_capsule k = body_capsule(w, i);
                    cap_vec2 end = q % 2 ? k.b : k.a;
                    float nx = -dy, ny = dx, l = sqrtf(nx * nx + ny * ny);
                    float off = k.radius + rad;
                    ox = end.x + nx / l * off - dx * 0.5f, oy = end.y + ny / l * off - dy * 0.5f;
                    mf = 1.0f;
                }
            }
            /* brute force: every live body, the core's tests */
            cap_ray ray = {{ox, oy}, {dx, dy}, mf};
            cap_vec2 x0 = cap_v2(ox, oy), x1 = cap_v2(ox + dx, oy + dy);
            int rf = 0, sf = 0;
            uint32_t rs = 0, ss = 0;
            cap_ray_hit rbest, rh;
            cap_sweep_hit sbest, sh;
            memset(&rbest, 0, sizeof rbest);
            memset(&sbest, 0, sizeof sbest);
            uint32_t expect[64], ne = 0, expect_box[64], nbx = 0;
            float bx0 = ox < ox + dx ? ox : ox + dx, bx1 = ox < ox + dx ? ox + dx : ox;
            float by0 = oy < oy + dy ? oy : oy + dy, by1 = oy < oy + dy ? oy + dy : oy;
            const float box[4] = {bx0, by0, bx1, by1};
            for (uint32_t i = 0; i < slots; i++) {
                if (!(flags[i] & CAP_BALL_ALIVE)) continue;
                cap_capsule k = body_capsule(w, i);
                if (cap_ray_cast_capsule(k, ray, &rh) == 1 && (!rf || rh.fraction < rbest.fraction)) rbest = rh, rs = i, rf = 1;
                if (cap_sweep_circle_capsule(k, x0, x1, rad, &sh) == 1 && (!sf || sh.t < sbest.t)) sbest = sh, ss = i, sf = 1;
                /* the overlaps: the statics' float32 tests on the body's capsule */
                cap_wstatic st;
                memset(&st, 0, sizeof st);
                st.ax = k.a.x, st.ay = k.a.y, st.bx = k.b.x, st.by = k.b.y, st.radius = k.radius;
                if (cap_static_circle(&st, ox, oy, rad)) expect[ne++] = CAP_WORLD_BODY_WORD | i;
                if (cap_static_box(&st, box)) expect_box[nbx++] = CAP_WORLD_BODY_WORD | i;
            }
            for (int scan = 0; scan < 2; scan++) {
                cap_ray_hit h;
                cap_sweep_hit s;
                int kind = -1;
                uint32_t slot = 0;
                int f = scan ? cap_world_ray_cast_scan(w, ray, &h, &kind, &slot) : cap_world_ray_cast(w, ray, &h, &kind, &slot);
                ENSURE(f == rf);
                if (f) {
                    ENSURE(kind == 2 && slot == rs);
                    ENSURE(cap_same_bits(h.fraction, rbest.fraction) && cap_same_bits(h.normal.x, rbest.normal.x) &&
                           cap_same_bits(h.normal.y, rbest.normal.y) && cap_same_bits(h.point.x, rbest.point.x) &&
                           cap_same_bits(h.point.y, rbest.point.y) && h.starts_inside == rbest.starts_inside);
                }
                f = scan ? cap_world_sweep_ball_scan(w, x0, x1, rad, &s, &kind, &slot)
                         : cap_world_sweep_ball(w, x0, x1, rad, &s, &kind, &slot);
                ENSURE(f == sf);
                if (f) {
                    ENSURE(kind == 2 && slot == ss);
                    ENSURE(cap_same_bits(s.t, sbest.t) && cap_same_bits(s.center.x, sbest.center.x) &&
                           cap_same_bits(s.normal.y, sbest.normal.y) && cap_same_bits(s.point.x, sbest.point.x));
                }
                uint32_t out[64];
                uint32_t n = scan ? cap_world_query_circle_scan(w, ox, oy, rad, out, 64) : cap_world_query_circle(w, ox, oy, rad, out, 64);
                ENSURE(n == ne);
                for (uint32_t k = 0; k < n; k++) ENSURE(out[k] == expect[k]);
                listed += n;
                n = scan ? cap_world_query_box_scan(w, bx0, by0, bx1, by1, out, 64) : cap_world_query_box(w, bx0, by0, bx1, by1, out, 64);
                ENSURE(n == nbx);
                for (uint32_t k = 0; k < n; k++) ENSURE(out[k] == expect_box[k]);
                listed += n;
            }
            ray_hits += (uint32_t)rf;
            sweep_hits += (uint32_t)sf;
        }
    }
    ENSURE(ray_hits > 300 && sweep_hits > 300 && listed > 300);
    cap_world_destroy(w);
    return 0;
}
