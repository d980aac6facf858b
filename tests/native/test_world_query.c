/* The world's queries through the query index (src/world/query.c) against
 * the scan of every ball and static (cap_world_*_scan): identical answers,
 * bit for bit, on random scenes and on the edge cases (grazing and touching
 * rays, starts inside, zero-length paths, max_fraction 0 and huge, sensors,
 * lines, shapes on cell boundaries); the staleness rule; the batch forms. */
#include <math.h>
#include <stdlib.h>

#include "test.h"
#include "capsule2d_world.h"
#include "world/world_internal.h"
#include "core/scalar.h" /* cap_v2 */
#include "world/query_internal.h" /* the extras (test_world_query_walk_edges) */

typedef struct qrng { uint32_t s; } qrng;
static float qr(qrng* g, float lo, float hi)
{
    g->s = g->s * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)((double)(g->s >> 8) / 16777216.0);
}

static cap_world* scene(uint32_t seed, uint32_t balls, float spread)
{
    qrng g = {seed};
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = balls;
    d.static_capacity = 64;
    cap_world* w = cap_world_create(&d);
    if (!w) return NULL;
    cap_static_def s;
    cap_static_def_default(&s);
    uint32_t slot;
    /* two lines (one a sensor), capsules (some zero-length, some sensors), a
     * kinematic capsule */
    s.kind = CAP_STATIC_LINE;
    s.ax = -spread; s.ay = -spread; s.bx = spread; s.by = -spread;
    cap_world_add_static(w, &s, &slot);
    s.ax = spread; s.ay = -spread; s.bx = spread; s.by = spread; s.sensor = 1;
    cap_world_add_static(w, &s, &slot);
    s.kind = CAP_STATIC_CAPSULE;
    for (int i = 0; i < 40; i++) {
        s.ax = qr(&g, -spread, spread); s.ay = qr(&g, -spread, spread);
        float len = i % 5 == 0 ? 0.0f : qr(&g, 0.0f, spread * 0.3f);
        s.bx = s.ax + len * qr(&g, -1, 1); s.by = s.ay + len * qr(&g, -1, 1);
        s.radius = i % 7 == 0 ? 0.0f : qr(&g, 0.05f, 1.0f);
        s.sensor = i % 9 == 0;
        cap_world_add_static(w, &s, &slot);
    }
    s.sensor = 0;
    cap_world_add_kinematic(w, &s, 1.0f, 2.0f, 0.5f, 3.0f, 0.5f, &slot);
    for (uint32_t i = 0; i < balls; i++) {
        cap_ball_def b;
        cap_ball_def_default(&b);
        b.x = qr(&g, -spread, spread); b.y = qr(&g, -spread, spread);
        b.radius = i % 50 == 0 ? qr(&g, 1.0f, 4.0f) : qr(&g, 0.05f, 0.5f);
        /* some on whole coordinates (cell boundaries) and touching pairs */
        if (i % 11 == 0) b.x = (float)(int)b.x, b.y = (float)(int)b.y;
        cap_world_add_ball(w, &b, &slot);
    }
    /* a few removed: holes in the slots */
    for (uint32_t i = 3; i < balls; i += 37) cap_world_remove_ball(w, i);
    return w;
}

static int same_ray(int f0, const cap_ray_hit* a, int k0, uint32_t s0, int f1, const cap_ray_hit* b, int k1, uint32_t s1)
{
    if (f0 != f1) return 0;
    if (!f0) return 1;
    return k0 == k1 && s0 == s1 && cap_same_bits(a->fraction, b->fraction) && cap_same_bits(a->point.x, b->point.x) &&
           cap_same_bits(a->point.y, b->point.y) && cap_same_bits(a->normal.x, b->normal.x) &&
           cap_same_bits(a->normal.y, b->normal.y) && a->starts_inside == b->starts_inside;
}

static int same_sweep(int f0, const cap_sweep_hit* a, int k0, uint32_t s0, int f1, const cap_sweep_hit* b, int k1,
                      uint32_t s1)
{
    if (f0 != f1) return 0;
    if (!f0) return 1;
    return k0 == k1 && s0 == s1 && cap_same_bits(a->t, b->t) && cap_same_bits(a->center.x, b->center.x) &&
           cap_same_bits(a->center.y, b->center.y) && cap_same_bits(a->normal.x, b->normal.x) &&
           cap_same_bits(a->normal.y, b->normal.y) && cap_same_bits(a->point.x, b->point.x) &&
           cap_same_bits(a->point.y, b->point.y) && a->starts_inside == b->starts_inside;
}

/* A ray or sweep start and direction of one of several kinds. */
static void path(qrng* g, cap_world* w, float spread, int kind, float* o, float* d)
{
    const float* x = w->last_x;
    const float* y = w->last_y;
    const float* r = (const float*)w->ball[CAP_BALL_RADIUS];
    uint32_t n = w->ball_slots, i = (uint32_t)qr(g, 0, (float)n) % (n ? n : 1);
    switch (kind) {
    case 0: /* anywhere, any length */
        o[0] = qr(g, -1.5f * spread, 1.5f * spread), o[1] = qr(g, -1.5f * spread, 1.5f * spread);
        d[0] = qr(g, -spread, spread), d[1] = qr(g, -spread, spread);
        break;
    case 1: /* grazing a ball: along a tangent line */
        o[0] = x[i] - 3.0f, o[1] = y[i] + r[i], d[0] = 6.0f, d[1] = 0.0f;
        break;
    case 2: /* from inside a ball */
        o[0] = x[i], o[1] = y[i], d[0] = qr(g, -2, 2), d[1] = qr(g, -2, 2);
        break;
    case 3: /* axis-aligned on a whole coordinate (cell lines) */
        o[0] = (float)(int)qr(g, -spread, spread), o[1] = -1.5f * spread, d[0] = 0.0f, d[1] = 3.0f * spread;
        break;
    case 4: /* zero length */
        o[0] = qr(g, -spread, spread), o[1] = qr(g, -spread, spread), d[0] = d[1] = 0.0f;
        break;
    case 5: /* ending exactly on a ball's surface */
        o[0] = x[i] - r[i] - 2.0f, o[1] = y[i], d[0] = 2.0f, d[1] = 0.0f;
        break;
    default: /* long, from far away, tiny direction */
        o[0] = qr(g, -100 * spread, 100 * spread), o[1] = qr(g, -100 * spread, 100 * spread);
        d[0] = -o[0] * 1e-3f + qr(g, -1e-3f, 1e-3f), d[1] = -o[1] * 1e-3f;
        break;
    }
}

static int compare_all(cap_world* w, uint32_t seed, float spread, int rounds)
{
    qrng g = {seed};
    static uint32_t a[4096], b[4096];
    for (int q = 0; q < rounds; q++) {
        float o[2], d[2];
        path(&g, w, spread, q % 7, o, d);
        float mfs[4] = {1.0f, 0.0f, qr(&g, 0.0f, 3.0f), 1e30f};
        cap_ray ray = {{o[0], o[1]}, {d[0], d[1]}, mfs[(q / 7) % 4]};
        cap_ray_hit h0, h1;
        int k0 = 0, k1 = 0;
        uint32_t s0 = 0, s1 = 0;
        int f0 = cap_world_ray_cast(w, ray, &h0, &k0, &s0);
        int f1 = cap_world_ray_cast_scan(w, ray, &h1, &k1, &s1);
        if (!same_ray(f0, &h0, k0, s0, f1, &h1, k1, s1)) {
            printf("  ray %d: (%g %g) (%g %g) %g: index %d %d/%u %.9g, scan %d %d/%u %.9g\n", q, o[0], o[1], d[0], d[1],
                   ray.max_fraction, f0, k0, s0, f0 ? h0.fraction : 0, f1, k1, s1, f1 ? h1.fraction : 0);
            return 1;
        }
        float rad = q % 5 == 0 ? 0.0f : qr(&g, 0.0f, 1.5f);
        cap_vec2 x0 = {o[0], o[1]}, x1 = {o[0] + d[0], o[1] + d[1]};
        cap_sweep_hit w0, w1;
        f0 = cap_world_sweep_ball(w, x0, x1, rad, &w0, &k0, &s0);
        f1 = cap_world_sweep_ball_scan(w, x0, x1, rad, &w1, &k1, &s1);
        if (!same_sweep(f0, &w0, k0, s0, f1, &w1, k1, s1)) {
            printf("  sweep %d: (%g %g)->(%g %g) r %g: index %d %d/%u, scan %d %d/%u\n", q, x0.x, x0.y, x1.x, x1.y, rad,
                   f0, k0, s0, f1, k1, s1);
            return 1;
        }
        float cr = q % 3 == 0 ? 0.0f : qr(&g, 0.0f, spread * 0.3f);
        uint32_t cap = q % 4 == 0 ? 3u : 4096u;
        uint32_t n0 = cap_world_query_circle(w, o[0], o[1], cr, a, cap);
        uint32_t n1 = cap_world_query_circle_scan(w, o[0], o[1], cr, b, cap);
        ENSURE(n0 == n1);
        ENSURE(memcmp(a, b, 4 * (n0 < cap ? n0 : cap)) == 0);
        float bx0 = o[0] < x1.x ? o[0] : x1.x, bx1 = o[0] < x1.x ? x1.x : o[0];
        float by0 = o[1] < x1.y ? o[1] : x1.y, by1 = o[1] < x1.y ? x1.y : o[1];
        n0 = cap_world_query_box(w, bx0, by0, bx1, by1, a, cap);
        n1 = cap_world_query_box_scan(w, bx0, by0, bx1, by1, b, cap);
        ENSURE(n0 == n1);
        ENSURE(memcmp(a, b, 4 * (n0 < cap ? n0 : cap)) == 0);
    }
    return 0;
}

int test_world_query_index_equals_scan(void)
{
    const uint32_t sizes[3] = {1, 300, 3000};
    const float spreads[3] = {5.0f, 20.0f, 60.0f};
    for (int k = 0; k < 3; k++) {
        cap_world* w = scene(7u + (uint32_t)k, sizes[k], spreads[k]);
        ENSURE(w);
        int bad = compare_all(w, 100u + (uint32_t)k, spreads[k], 3000);
        /* after steps (balls moved, piled, touching each other and walls) */
        for (int s = 0; !bad && s < 30; s++) ENSURE(cap_world_step(w) == 0);
        if (!bad) bad = compare_all(w, 200u + (uint32_t)k, spreads[k], 3000);
        cap_world_destroy(w);
        ENSURE(!bad);
    }
    return 0;
}

/* Rays and sweeps that graze, touch or end on grid statics (capsules at
 * many angles and radii, some zero-length or zero-radius, two long ones far
 * beyond the path), where the walk's reject before the exact cast
 * (query_path.c: path_near) is at its edge: the index equals the scan bit
 * for bit. Touching counts as a hit, so a reject that were short of the
 * reach (the radius, the sweep's radius, the slack) would drop these hits. */
int test_world_query_static_grazing(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.static_capacity = 300;
    cap_world* w = cap_world_create(&d);
    ENSURE(w);
    qrng g = {4242u};
    cap_static_def s;
    cap_static_def_default(&s);
    uint32_t slot;
    enum { N = 200 };
    for (int i = 0; i < N; i++) {
        float len = i % 9 == 0 ? 0.0f : qr(&g, 0.1f, 6.0f), ang = qr(&g, 0.0f, 6.2831853f);
        s.ax = qr(&g, -40.0f, 40.0f), s.ay = qr(&g, -40.0f, 40.0f);
        s.bx = s.ax + len * cosf(ang), s.by = s.ay + len * sinf(ang);
        s.radius = i % 7 == 0 ? 0.0f : qr(&g, 0.05f, 2.0f);
        ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    }
    /* long ones, their ends far outside any path here */
    s.ax = -3e6f, s.ay = 55.0f, s.bx = 3e6f, s.by = 55.5f, s.radius = 0.5f;
    ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    s.ax = 60.0f, s.ay = -2e7f, s.bx = 60.25f, s.by = 2e7f, s.radius = 0.0f;
    ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    /* two balls, so that the ball grid is built too */
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.x = 200.0f, b.y = 200.0f;
    ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    b.x = 203.0f;
    ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    ENSURE(cap_world_step(w) == 0);
    const cap_wstatic* st = w->statics;
    int hits = 0, sweep_hits = 0;
    for (int q = 0; q < 20000; q++) {
        const cap_wstatic* t = &st[(uint32_t)qr(&g, 0.0f, (float)(N + 2)) % (N + 2)];
        double ux = (double)t->bx - t->ax, uy = (double)t->by - t->ay, l = sqrt(ux * ux + uy * uy);
        if (l > 0.0) ux /= l, uy /= l;
        else ux = 1.0, uy = 0.0;
        double nx = -uy, ny = ux, side = q & 1 ? 1.0 : -1.0;
        float rad = q % 3 == 0 ? 0.0f : qr(&g, 0.0f, 1.0f); /* a sweep's radius */
        double off = (double)t->radius + ((q >> 1) % 4 == 0 ? 0.0 : (double)rad); /* the ray's, or the sweep's reach */
        double jitter = (q >> 3) % 3 == 0 ? 0.0 : qr(&g, -1e-5f, 1e-5f);
        double along = qr(&g, -0.2f, 1.2f) * (l > 0.0 ? l : 1.0);
        double px = t->ax + ux * along, py = t->ay + uy * along; /* a point on (or past) the core's line */
        double far = qr(&g, 0.5f, 30.0f);
        float o[2], e[2];
        switch (q % 4) {
        case 0: /* parallel to the core at the reach: tangent to the side */
            o[0] = (float)(px + side * nx * (off + jitter) - ux * far), o[1] = (float)(py + side * ny * (off + jitter) - uy * far);
            e[0] = (float)(o[0] + ux * 2.0 * far), e[1] = (float)(o[1] + uy * 2.0 * far);
            break;
        case 1: /* towards the core, ending on the surface (or a hair short) */
            o[0] = (float)(px + side * nx * (off + far)), o[1] = (float)(py + side * ny * (off + far));
            e[0] = (float)(px + side * nx * (off + jitter)), e[1] = (float)(py + side * ny * (off + jitter));
            break;
        case 2: /* tangent to an end cap, across the axis */
            px = (q & 2 ? t->bx + ux * (off + jitter) : t->ax - ux * (off + jitter));
            py = (q & 2 ? t->by + uy * (off + jitter) : t->ay - uy * (off + jitter));
            o[0] = (float)(px - nx * far), o[1] = (float)(py - ny * far);
            e[0] = (float)(px + nx * far), e[1] = (float)(py + ny * far);
            break;
        default: /* starting on the surface, leaving or entering */
            o[0] = (float)(px + side * nx * (off + jitter)), o[1] = (float)(py + side * ny * (off + jitter));
            e[0] = (float)(o[0] + qr(&g, -far, far)), e[1] = (float)(o[1] + qr(&g, -far, far));
            break;
        }
        float mf = (q >> 2) % 5 == 0 ? 0.5f : 1.0f;
        cap_ray ray = {{o[0], o[1]}, {(e[0] - o[0]) / mf, (e[1] - o[1]) / mf}, mf};
        if (ray.direction.x == 0.0f && ray.direction.y == 0.0f) continue;
        cap_ray_hit h0, h1;
        int k0 = 0, k1 = 0;
        uint32_t s0 = 0, s1 = 0;
        int f0 = cap_world_ray_cast(w, ray, &h0, &k0, &s0);
        int f1 = cap_world_ray_cast_scan(w, ray, &h1, &k1, &s1);
        if (!same_ray(f0, &h0, k0, s0, f1, &h1, k1, s1)) {
            printf("  ray %d: (%.9g %.9g) (%.9g %.9g) %g: index %d %d/%u, scan %d %d/%u\n", q, o[0], o[1], ray.direction.x,
                   ray.direction.y, mf, f0, k0, s0, f1, k1, s1);
            cap_world_destroy(w);
            return 1;
        }
        hits += f1;
        cap_sweep_hit w0, w1;
        f0 = cap_world_sweep_ball(w, cap_v2(o[0], o[1]), cap_v2(e[0], e[1]), rad, &w0, &k0, &s0);
        f1 = cap_world_sweep_ball_scan(w, cap_v2(o[0], o[1]), cap_v2(e[0], e[1]), rad, &w1, &k1, &s1);
        if (!same_sweep(f0, &w0, k0, s0, f1, &w1, k1, s1)) {
            printf("  sweep %d: (%.9g %.9g)->(%.9g %.9g) r %g: index %d %d/%u, scan %d %d/%u\n", q, o[0], o[1], e[0], e[1],
                   rad, f0, k0, s0, f1, k1, s1);
            cap_world_destroy(w);
            return 1;
        }
        sweep_hits += f1;
    }
    cap_world_destroy(w);
    /* (most paths meet the static they were aimed at) */
    ENSURE(hits > 10000 && sweep_hits > 10000);
    return 0;
}

/* Ties: two balls hit at the same fraction (mirror images across the ray):
 * the lower slot wins, as in the scan; a ball beats a static at the same
 * distance. */
int test_world_query_ties(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    cap_world* w = cap_world_create(&d);
    ENSURE(w);
    cap_ball_def b;
    cap_ball_def_default(&b);
    uint32_t slot;
    b.radius = 0.5f;
    b.x = 5.0f; b.y = 0.25f; ENSURE(cap_world_add_ball(w, &b, &slot) == 0);   /* 0 */
    b.x = 20.0f; b.y = 0.0f; ENSURE(cap_world_add_ball(w, &b, &slot) == 0);   /* 1: far */
    b.x = 5.0f; b.y = -0.25f; ENSURE(cap_world_add_ball(w, &b, &slot) == 0);  /* 2: mirror of 0 */
    cap_static_def s;
    cap_static_def_default(&s);
    s.ax = 20.0f; s.ay = 0.0f; s.bx = 20.0f; s.by = 0.0f; s.radius = 0.5f; /* a circle where ball 1 is */
    ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    cap_ray ray = {{0.0f, 0.0f}, {30.0f, 0.0f}, 1.0f};
    cap_ray_hit h;
    int kind = -1;
    uint32_t at = 99;
    ENSURE(cap_world_ray_cast(w, ray, &h, &kind, &at) == 1);
    ENSURE(kind == 1 && at == 0);
    /* from the other side: ball 1 and the static circle tie; the ball wins */
    cap_ray back = {{30.0f, 0.0f}, {-30.0f, 0.0f}, 1.0f};
    ENSURE(cap_world_ray_cast(w, back, &h, &kind, &at) == 1);
    ENSURE(kind == 1 && at == 1);
    cap_sweep_hit sh;
    ENSURE(cap_world_sweep_ball(w, cap_v2(30.0f, 0.0f), cap_v2(0.0f, 0.0f), 0.1f, &sh, &kind, &at) == 1);
    ENSURE(kind == 1 && at == 1);
    cap_world_remove_ball(w, 1);
    ENSURE(cap_world_ray_cast(w, back, &h, &kind, &at) == 1);
    ENSURE(kind == 0 && at == 0);
    cap_world_destroy(w);
    return 0;
}

/* The staleness rule: a position written into the X array is not seen until
 * the next step; add, remove and a kinematic pose are seen at once. */
int test_world_query_sees_the_last_step(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.gravity_y = 0.0f;
    cap_world* w = cap_world_create(&d);
    ENSURE(w);
    cap_ball_def b;
    cap_ball_def_default(&b);
    uint32_t slot, out[8];
    b.x = 0.0f; b.y = 0.0f; b.radius = 0.5f;
    ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    ENSURE(cap_world_query_circle(w, 0.0f, 0.0f, 0.1f, out, 8) == 1);
    float* x = (float*)cap_world_ball_field(w, CAP_BALL_X);
    x[0] = 10.0f;
    ENSURE(cap_world_query_circle(w, 0.0f, 0.0f, 0.1f, out, 8) == 1);  /* still where the last method left it */
    ENSURE(cap_world_query_circle(w, 10.0f, 0.0f, 0.1f, out, 8) == 0);
    ENSURE(cap_world_step(w) == 0);
    ENSURE(cap_world_query_circle(w, 0.0f, 0.0f, 0.1f, out, 8) == 0);
    ENSURE(cap_world_query_circle(w, 10.0f, 0.0f, 0.1f, out, 8) == 1);
    b.x = 3.0f;
    ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    ENSURE(cap_world_query_circle(w, 3.0f, 0.0f, 0.1f, out, 8) == 1 && out[0] == (1u << 31 | slot));
    ENSURE(cap_world_remove_ball(w, slot) == 0);
    ENSURE(cap_world_query_circle(w, 3.0f, 0.0f, 0.1f, out, 8) == 0);
    cap_static_def s;
    cap_static_def_default(&s);
    ENSURE(cap_world_add_kinematic(w, &s, -5.0f, 0.0f, 0.0f, 1.0f, 0.5f, &slot) == 0);
    ENSURE(cap_world_query_circle(w, -5.0f, 0.0f, 0.1f, out, 8) == 1 && out[0] == slot);
    ENSURE(cap_world_set_kinematic(w, slot, CAP_KINEMATIC_POSE, -8.0f, 0.0f, 0.0f) == 0);
    ENSURE(cap_world_query_circle(w, -5.0f, 0.0f, 0.1f, out, 8) == 0);
    ENSURE(cap_world_query_circle(w, -8.0f, 0.0f, 0.1f, out, 8) == 1);
    cap_world_destroy(w);
    return 0;
}

/* One broadphase: the queries go through the step's own ball grid, refit
 * at the step's end to the positions it wrote, so a query right after a step
 * rebuilds nothing (query_stale stays clear; before, every step set it and
 * the first query rebuilt a grid of its own). Balls added and removed
 * between steps are seen at once without a rebuild, and fast balls (taken
 * out of the grid as extras, or widening its loose bound) never change an
 * answer: every query equals the scan (also while the queries scan, after
 * more adds than the extras hold). */
int test_world_query_through_the_step_grid(void)
{
    cap_world* w = scene(11u, 3000, 40.0f);
    ENSURE(w);
    ENSURE(compare_all(w, 300u, 40.0f, 500) == 0); /* builds the grid from last_x (no step yet) */
    float* vx = (float*)cap_world_ball_field(w, CAP_BALL_VX);
    const uint32_t* flags = (const uint32_t*)cap_world_ball_field(w, CAP_BALL_FLAGS);
    cap_ball_def b;
    cap_ball_def_default(&b);
    for (int s = 0; s < 24; s++) {
        /* fast balls: a few (extras), then many (a looser grid), then very
         * fast ones (a much looser grid) */
        uint32_t every = s < 8 ? 997u : s < 16 ? 53u : 7u;
        float speed = s < 16 ? 120.0f : 3000.0f;
        for (uint32_t i = (uint32_t)s; i < w->ball_slots; i += every)
            if (flags[i] & CAP_BALL_ALIVE) vx[i] = i % 2 ? speed : -speed;
        ENSURE(cap_world_step(w) == 0);
        if (s < 16) ENSURE((w->query_stale & 1) == 0); /* refit by the step: nothing to rebuild */
        ENSURE(compare_all(w, 400u + (uint32_t)s, 40.0f, 150) == 0);
        /* changes between steps, seen by the next query */
        uint32_t slot;
        b.x = (float)(s - 12); b.y = 3.0f; b.radius = s % 3 ? 0.3f : 5.0f; /* some big */
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
        uint32_t out[64];
        uint32_t n = cap_world_query_circle(w, b.x, b.y, 0.0f, out, 64), seen = 0;
        for (uint32_t k = 0; k < n && k < 64; k++) seen |= out[k] == (1u << 31 | slot);
        ENSURE(seen);
        ENSURE(cap_world_remove_ball(w, 5u + 3u * (uint32_t)s) == 0 || !(flags[5 + 3 * s] & CAP_BALL_ALIVE));
        if (s % 4 == 0) ENSURE(cap_world_remove_ball(w, slot) == 0);
        if (s < 8) ENSURE((w->query_stale & 1) == 0); /* seen without a rebuild (extras not full) */
        ENSURE(compare_all(w, 500u + (uint32_t)s, 40.0f, 150) == 0);
    }
    cap_world_destroy(w);
    return 0;
}

/* The step leaves the grid's refit to the first query or ball change after
 * it (query_stale bit 2), so steps with no query between them skip it (bench
 * scenario 8, 5,000 balls: 3% of the step in WebAssembly): after a step the
 * grid's entries still hold the start positions; the first query refits
 * them to the end positions, then answers as the scan. Two steps in a row
 * (nothing queried) refit once. A ball added or removed right after a step
 * (before any query) is seen by the next query, the refit made first. */
int test_world_query_refit_waits_for_a_query(void)
{
    cap_world* w = scene(17u, 800, 30.0f);
    ENSURE(w);
    ENSURE(compare_all(w, 700u, 30.0f, 50) == 0);
    float* vx = (float*)cap_world_ball_field(w, CAP_BALL_VX);
    for (uint32_t i = 0; i < w->ball_slots; i++) vx[i] = 1.0f; /* every ball moves: its end is not its start */
    for (int s = 0; s < 3; s++) {
        ENSURE(cap_world_step(w) == 0);
        ENSURE(cap_world_step(w) == 0);
        ENSURE((w->query_stale & 5u) == 4u); /* refit due, not made */
        uint32_t total = w->cell_start[(uint32_t)w->bg_nx * (uint32_t)w->bg_ny], at_end = 0;
        ENSURE(total > 700u);
        for (uint32_t k = 0; k < total; k++) {
            const float* p = &w->cell_pos[4 * (size_t)k];
            at_end += p[0] == w->last_x[slot_of(p)] && p[1] == w->last_y[slot_of(p)];
        }
        ENSURE(at_end < total / 10u); /* the start positions: a refit made by the step would have written last_x */
        if (s == 1) { /* a ball change first */
            cap_ball_def b;
            cap_ball_def_default(&b);
            uint32_t slot, out[8];
            b.x = 29.5f; b.y = 29.5f; b.radius = 0.25f;
            ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
            ENSURE((w->query_stale & 5u) == 0u); /* refit made, the ball an extra */
            ENSURE(cap_world_query_circle(w, 29.5f, 29.5f, 0.0f, out, 8) >= 1);
        } else if (s == 2) {
            ENSURE(cap_world_remove_ball(w, 10u) == 0);
            ENSURE((w->query_stale & 5u) == 0u);
        }
        ENSURE(compare_all(w, 710u + (uint32_t)s, 30.0f, 80) == 0); /* the first query refits (or it was made above) */
        ENSURE((w->query_stale & 5u) == 0u);
        at_end = 0;
        for (uint32_t k = 0; k < total; k++) {
            const float* p = &w->cell_pos[4 * (size_t)k];
            uint32_t i = slot_of(p);
            at_end += i == DEAD || (p[0] == w->last_x[i] && p[1] == w->last_y[i]);
        }
        ENSURE(at_end == total);
    }
    cap_world_destroy(w);
    return 0;
}

/* Many rays and sweeps in one call: each answer equals the single query's;
 * a bad input is named and nothing is written. */
int test_world_query_batches(void)
{
    cap_world* w = scene(42u, 500, 20.0f);
    ENSURE(w);
    cap_ray_batch* rays = cap_ray_batch_create(256);
    cap_sweep_batch* sweeps = cap_sweep_batch_create(256);
    ENSURE(rays && sweeps);
    qrng g = {9u};
    for (uint32_t i = 0; i < 256; i++) {
        rays->ox[i] = sweeps->x0[i] = qr(&g, -25, 25);
        rays->oy[i] = sweeps->y0[i] = qr(&g, -25, 25);
        rays->dx[i] = qr(&g, -20, 20);
        rays->dy[i] = qr(&g, -20, 20);
        rays->max_fraction[i] = qr(&g, 0, 2);
        sweeps->x1[i] = sweeps->x0[i] + rays->dx[i];
        sweeps->y1[i] = sweeps->y0[i] + rays->dy[i];
        sweeps->radius[i] = qr(&g, 0, 1);
    }
    rays->count = sweeps->count = 256;
    uint32_t hits = 0, n = 0;
    ENSURE(cap_world_cast_rays(w, rays, &hits) == 0);
    for (uint32_t i = 0; i < 256; i++) {
        cap_ray ray = {{rays->ox[i], rays->oy[i]}, {rays->dx[i], rays->dy[i]}, rays->max_fraction[i]};
        cap_ray_hit h;
        int kind;
        uint32_t slot;
        int f = cap_world_ray_cast_scan(w, ray, &h, &kind, &slot);
        n += (uint32_t)f;
        ENSURE(rays->index[i] == (f ? ((uint32_t)kind << 31 | slot) : CAP_WORLD_NO_HIT));
        ENSURE(cap_same_bits(rays->fraction[i], f ? h.fraction : 0.0f));
        ENSURE(cap_same_bits(rays->nx[i], f ? h.normal.x : 0.0f));
    }
    ENSURE(hits == n && n > 20 && n < 256);
    ENSURE(cap_world_sweep_balls(w, sweeps, &hits) == 0);
    n = 0;
    for (uint32_t i = 0; i < 256; i++) {
        cap_sweep_hit h;
        int kind;
        uint32_t slot;
        int f = cap_world_sweep_ball_scan(w, cap_v2(sweeps->x0[i], sweeps->y0[i]), cap_v2(sweeps->x1[i], sweeps->y1[i]),
                                          sweeps->radius[i], &h, &kind, &slot);
        n += (uint32_t)f;
        ENSURE(sweeps->index[i] == (f ? ((uint32_t)kind << 31 | slot) : CAP_WORLD_NO_HIT));
        ENSURE(cap_same_bits(sweeps->t[i], f ? h.t : 0.0f));
        ENSURE(cap_same_bits(sweeps->point_y[i], f ? h.point.y : 0.0f));
    }
    ENSURE(hits == n);
    /* bad inputs: named, nothing written */
    uint32_t before = rays->index[7];
    rays->dx[200] = 0.0f; rays->dy[200] = 0.0f;
    rays->index[7] = 12345u;
    ENSURE(cap_world_cast_rays(w, rays, &hits) == CAP_WORLD_BAD_VALUE);
    ENSURE(cap_world_error_info(w)->slot == 200 && cap_world_error_info(w)->field == 3);
    ENSURE(rays->index[7] == 12345u);
    rays->dx[200] = 1.0f;
    rays->max_fraction[5] = -1.0f;
    ENSURE(cap_world_cast_rays(w, rays, &hits) == CAP_WORLD_BAD_VALUE);
    ENSURE(cap_world_error_info(w)->slot == 5 && cap_world_error_info(w)->field == 4);
    rays->max_fraction[5] = 1.0f;
    rays->oy[9] = NAN;
    ENSURE(cap_world_cast_rays(w, rays, &hits) == CAP_WORLD_BAD_VALUE);
    ENSURE(cap_world_error_info(w)->slot == 9 && cap_world_error_info(w)->field == 1);
    rays->oy[9] = 0.0f;
    ENSURE(cap_world_cast_rays(w, rays, &hits) == 0 && rays->index[7] == before);
    sweeps->radius[3] = -0.5f;
    ENSURE(cap_world_sweep_balls(w, sweeps, &hits) == CAP_WORLD_BAD_VALUE);
    ENSURE(cap_world_error_info(w)->slot == 3 && cap_world_error_info(w)->field == 4);
    sweeps->count = 257;
    ENSURE(cap_world_sweep_balls(w, sweeps, &hits) == CAP_WORLD_BAD_VALUE);
    cap_ray_batch_destroy(rays);
    cap_sweep_batch_destroy(sweeps);
    cap_world_destroy(w);
    return 0;
}

/* Huge and non-finite arguments: no trap, no read out of bounds, the scan's
 * answers; NaN finds nothing. */
int test_world_query_huge_and_nan(void)
{
    cap_world* w = scene(5u, 200, 10.0f);
    ENSURE(w);
    const float v[] = {0.0f, 1e17f, -1e19f, 1e30f, 3e38f, -3e38f, 1.17549435e-38f, 1e-30f};
    uint32_t a[512], b[512];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            cap_ray ray = {{v[i], v[j]}, {v[(i + j) % 8] - v[i], 1.0f}, j % 2 ? 1.0f : 3e38f};
            cap_ray_hit h0, h1;
            int k0 = 0, k1 = 0;
            uint32_t s0 = 0, s1 = 0;
            int f0 = cap_world_ray_cast(w, ray, &h0, &k0, &s0), f1 = cap_world_ray_cast_scan(w, ray, &h1, &k1, &s1);
            ENSURE(same_ray(f0, &h0, k0, s0, f1, &h1, k1, s1));
            ENSURE(cap_world_query_circle(w, v[i], v[j], v[(i * 3 + j) % 8] < 0 ? 0.0f : v[(i * 3 + j) % 8], a, 512) ==
                   cap_world_query_circle_scan(w, v[i], v[j], v[(i * 3 + j) % 8] < 0 ? 0.0f : v[(i * 3 + j) % 8], b, 512));
            cap_sweep_hit w0, w1;
            f0 = cap_world_sweep_ball(w, cap_v2(v[i], v[j]), cap_v2(v[j], v[i]), 1.0f, &w0, &k0, &s0);
            f1 = cap_world_sweep_ball_scan(w, cap_v2(v[i], v[j]), cap_v2(v[j], v[i]), 1.0f, &w1, &k1, &s1);
            ENSURE(same_sweep(f0, &w0, k0, s0, f1, &w1, k1, s1));
        }
    cap_ray nan_ray = {{NAN, 0.0f}, {1.0f, 0.0f}, 1.0f};
    cap_ray_hit h;
    int k;
    uint32_t s;
    ENSURE(cap_world_ray_cast(w, nan_ray, &h, &k, &s) == 0);
    ENSURE(cap_world_query_circle(w, 0.0f, 0.0f, NAN, a, 512) == 0);
    ENSURE(cap_world_query_box(w, 0.0f, NAN, 1.0f, 1.0f, a, 512) == 0);
    cap_sweep_hit sh;
    ENSURE(cap_world_sweep_ball(w, cap_v2(0, 0), cap_v2(1, INFINITY), 0.1f, &sh, &k, &s) == 0);
    cap_world_destroy(w);
    return 0;
}

/* The path walk's copy of the grid statics (query.c: cap_qstatic, made for
 * the static grid of one sg_version) follows every change of the statics:
 * a capsule added across a ray after a query is hit by the next query
 * without a step, a removed one is no longer hit, a slot reused by a
 * sensor is skipped, and a step between (which re-indexes the statics
 * itself) changes nothing; every answer equals the scan. A copy kept from
 * before a change would answer with the old capsule. */
int test_world_query_grid_statics_follow_changes(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.gravity_y = 0.0f;
    d.static_capacity = 64;
    cap_world* w = cap_world_create(&d);
    ENSURE(w);
    cap_static_def s;
    cap_static_def_default(&s);
    s.kind = CAP_STATIC_CAPSULE;
    s.radius = 0.25f;
    uint32_t slot, far_slot, mid;
    /* a row of pegs well away from the ray y = 0 (the grid has cells) */
    for (int i = 0; i < 20; i++) {
        s.ax = (float)i - 10.0f; s.ay = 5.0f; s.bx = s.ax + 0.5f; s.by = 5.5f;
        ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    }
    s.ax = 8.0f; s.ay = -1.0f; s.bx = 8.0f; s.by = 1.0f; /* across the ray at x = 8 */
    ENSURE(cap_world_add_static(w, &s, &far_slot) == 0);
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.x = -20.0f; b.y = 20.0f; b.radius = 0.5f;
    ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    b.x = -22.0f;
    ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    ENSURE(cap_world_step(w) == 0);
    cap_ray ray = {{-9.0f, 0.0f}, {20.0f, 0.0f}, 1.0f};
    cap_ray_hit h0, h1;
    int k0 = 0, k1 = 0;
    uint32_t s0 = 0, s1 = 0;
#define SAME_AS_SCAN(expect_slot, expect_fraction)                                                                \
    do {                                                                                                         \
        int f0 = cap_world_ray_cast(w, ray, &h0, &k0, &s0), f1 = cap_world_ray_cast_scan(w, ray, &h1, &k1, &s1); \
        ENSURE(same_ray(f0, &h0, k0, s0, f1, &h1, k1, s1));                                                     \
        ENSURE(f0 == 1 && k0 == 0 && s0 == (expect_slot) && h0.fraction == (expect_fraction));                   \
        cap_vec2 x0 = {ray.origin.x, ray.origin.y}, x1 = {ray.origin.x + ray.direction.x, 0.0f};                \
        cap_sweep_hit w0, w1;                                                                                    \
        f0 = cap_world_sweep_ball(w, x0, x1, 0.1f, &w0, &k0, &s0);                                                \
        f1 = cap_world_sweep_ball_scan(w, x0, x1, 0.1f, &w1, &k1, &s1);                                          \
        ENSURE(same_sweep(f0, &w0, k0, s0, f1, &w1, k1, s1) && f0 == 1 && s0 == (expect_slot));                 \
    } while (0)
    SAME_AS_SCAN(far_slot, (8.0f - 0.25f + 9.0f) / 20.0f);
    /* a capsule nearer, added with no step between: hit at once */
    s.ax = 0.0f; s.ay = -1.0f; s.bx = 0.0f; s.by = 1.0f;
    ENSURE(cap_world_add_static(w, &s, &mid) == 0);
    SAME_AS_SCAN(mid, (0.0f - 0.25f + 9.0f) / 20.0f);
    /* removed: the far one again */
    ENSURE(cap_world_remove_static(w, mid) == 0);
    SAME_AS_SCAN(far_slot, (8.0f - 0.25f + 9.0f) / 20.0f);
    /* the slot reused by a sensor there: never hit */
    s.sensor = 1;
    ENSURE(cap_world_add_static(w, &s, &slot) == 0 && slot == mid);
    SAME_AS_SCAN(far_slot, (8.0f - 0.25f + 9.0f) / 20.0f);
    /* a step (which re-indexes the statics itself), then a solid one moved nearer */
    ENSURE(cap_world_step(w) == 0);
    SAME_AS_SCAN(far_slot, (8.0f - 0.25f + 9.0f) / 20.0f);
    ENSURE(cap_world_remove_static(w, mid) == 0);
    ENSURE(cap_world_step(w) == 0);
    s.sensor = 0;
    s.ax = -4.0f; s.bx = -4.0f;
    ENSURE(cap_world_add_static(w, &s, &slot) == 0 && slot == mid);
    ENSURE(cap_world_step(w) == 0);
    SAME_AS_SCAN(mid, (-4.0f - 0.25f + 9.0f) / 20.0f);
#undef SAME_AS_SCAN
    cap_world_destroy(w);
    return 0;
}

/* The path walk (query_path.c: column by column through both grids,
 * stopping at the first column past the best hit) and the extras (balls
 * kept out of the ball grid, tested by x range) against the scan, in a
 * plinko-like scene: a staggered field of capsules, a pile of balls, and
 * fast balls that leave their cells (extras). Rays and sweeps along the
 * static grid's and the ball grid's cell lines and through their corners,
 * tangent to capsules and extras (at exactly their radius), aimed at each
 * extra's centre, starting inside shapes, of zero length, ending on a
 * surface: every answer equals the scan bit for bit. A walk that stopped a
 * column early, skipped a column or a row at a cell border, or an extras
 * range short of their radius, would drop some of these hits. */
static int compare_path(cap_world* w, float ox, float oy, float dx, float dy, float mf, float rad, int* hits)
{
    cap_ray ray = {{ox, oy}, {dx, dy}, mf};
    cap_ray_hit h0, h1;
    int k0 = 0, k1 = 0;
    uint32_t s0 = 0, s1 = 0;
    int f0 = cap_world_ray_cast(w, ray, &h0, &k0, &s0);
    int f1 = cap_world_ray_cast_scan(w, ray, &h1, &k1, &s1);
    if (!same_ray(f0, &h0, k0, s0, f1, &h1, k1, s1)) {
        printf("  ray (%.9g %.9g) (%.9g %.9g) %g: index %d %d/%u, scan %d %d/%u\n", ox, oy, dx, dy, mf, f0, k0, s0, f1, k1, s1);
        return 1;
    }
    cap_sweep_hit w0, w1;
    cap_vec2 x0 = {ox, oy}, x1 = {ox + dx, oy + dy};
    f0 = cap_world_sweep_ball(w, x0, x1, rad, &w0, &k0, &s0);
    f1 = cap_world_sweep_ball_scan(w, x0, x1, rad, &w1, &k1, &s1);
    if (!same_sweep(f0, &w0, k0, s0, f1, &w1, k1, s1)) {
        printf("  sweep (%.9g %.9g)->(%.9g %.9g) r %g: index %d %d/%u, scan %d %d/%u\n", x0.x, x0.y, x1.x, x1.y, rad, f0,
               k0, s0, f1, k1, s1);
        return 1;
    }
    *hits += f1;
    return 0;
}

int test_world_query_walk_edges(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 1100;
    d.static_capacity = 200;
    cap_world* w = cap_world_create(&d);
    ENSURE(w);
    cap_static_def s;
    cap_static_def_default(&s);
    uint32_t slot;
    s.kind = CAP_STATIC_LINE;
    s.ax = -30.0f; s.ay = 0.0f; s.bx = 30.0f; s.by = 0.0f;
    ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    s.kind = CAP_STATIC_CAPSULE;
    s.radius = 0.25f;
    qrng g = {99u};
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 12; col++) {
            float cx = -27.5f + 5.0f * (float)col + 2.5f * (float)(row % 2), cy = 4.0f + 3.3f * (float)row;
            float a = qr(&g, -0.6f, 0.6f), c = 1.5f * cosf(a), sn = 1.5f * sinf(a);
            s.ax = cx - c; s.ay = cy - sn; s.bx = cx + c; s.by = cy + sn;
            ENSURE(cap_world_add_static(w, &s, &slot) == 0);
        }
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.radius = 0.5f;
    for (int i = 0; i < 1000; i++) {
        b.x = -28.0f + 1.03f * (float)(i % 54);
        b.y = 32.0f + 1.03f * (float)(i / 54);
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    }
    for (int k = 0; k < 90; k++) ENSURE(cap_world_step(w) == 0);
    /* fast balls high above the pile: each falls several cells in the next
     * step (the extras) */
    for (int i = 0; i < 24; i++) {
        b.x = -27.0f + 2.3f * (float)i, b.y = 70.0f + 0.7f * (float)(i % 5);
        b.vx = (float)(i % 3) * 20.0f - 20.0f, b.vy = -300.0f;
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    }
    b.vx = b.vy = 0.0f;
    ENSURE(cap_world_step(w) == 0);
    const struct cap_wquery* q = w->query;
    ENSURE(q && q->n_extra >= 8);
    for (uint32_t j = 1; j < q->n_extra; j++) ENSURE(q->extra_x[j - 1] <= q->extra_x[j]);
    int hits = 0, bad = 0;
    for (int pass = 0; pass < 2 && !bad; pass++) {
        /* along the static grid's column and row lines, and through its corners */
        const cap_grid* sg = &w->sgrid;
        ENSURE(sg->built && sg->nx > 1 && sg->ny > 1);
        double cell = 1.0 / sg->inv_cell;
        for (int i = 0; i <= sg->nx && !bad; i++) {
            float x = (float)(sg->minx + i * cell);
            bad |= compare_path(w, x, -2.0f, 0.0f, 80.0f, 1.0f, 0.0f, &hits);
            bad |= compare_path(w, x, 70.0f, 0.0f, -80.0f, 1.0f, 0.3f, &hits);
            for (int j = 0; j <= sg->ny && !bad; j++) {
                float y = (float)(sg->miny + j * cell);
                bad |= compare_path(w, x, y, 40.0f, 40.0f, 1.0f, 0.2f, &hits);
                bad |= compare_path(w, x, y, -40.0f, 13.0f, 1.0f, 0.0f, &hits);
                if (i == 0) bad |= compare_path(w, -40.0f, y, 80.0f, 0.0f, 1.0f, 0.25f, &hits);
            }
        }
        /* along the ball grid's lines */
        double bcell = 1.0 / (double)w->bg_inv;
        for (int i = 0; i <= w->bg_nx && !bad; i += 3) {
            float x = (float)(w->bg_minx + i * bcell);
            bad |= compare_path(w, x, 120.0f, 0.0f, -125.0f, 1.0f, 0.5f, &hits);
            bad |= compare_path(w, x, 0.5f, 3.0f, 100.0f, 1.0f, 0.0f, &hits);
        }
        for (int j = 0; j <= w->bg_ny && !bad; j += 3) {
            float y = (float)(w->bg_miny + j * bcell);
            bad |= compare_path(w, 35.0f, y, -70.0f, 0.0f, 1.0f, 0.1f, &hits);
            bad |= compare_path(w, -35.0f, y, 70.0f, -1.0f, 1.0f, 0.0f, &hits);
        }
        /* at every extra: aimed at its centre, tangent to it (at its radius,
         * both sides), from inside it, ending on its surface, zero length */
        const float* r = (const float*)cap_world_ball_field(w, CAP_BALL_RADIUS);
        for (uint32_t j = 0; j < q->n_extra && !bad; j++) {
            uint32_t i = q->extra[j];
            float x = w->last_x[i], y = w->last_y[i], ri = r[i];
            bad |= compare_path(w, x - 9.0f, y + 2.0f, 18.0f, -4.0f, 1.0f, 0.1f, &hits);
            bad |= compare_path(w, x - 6.0f, y + ri, 12.0f, 0.0f, 1.0f, 0.0f, &hits);
            bad |= compare_path(w, x + 6.0f, y - ri, -12.0f, 0.0f, 1.0f, 0.0f, &hits);
            bad |= compare_path(w, x, y + ri + 5.0f, 0.0f, -5.0f, 1.0f, 0.0f, &hits);
            bad |= compare_path(w, x, y, 3.0f, 1.0f, 1.0f, 0.2f, &hits);
            bad |= compare_path(w, x - ri - 3.0f, y, 3.0f, 0.0f, 1.0f, 0.0f, &hits);
            bad |= compare_path(w, x, y, 0.0f, 0.0f, 1.0f, 0.3f, &hits);
        }
        /* at the floor (a half-plane, tested by every path: left of the
         * balls and the capsules, only it is hit): a ray whose end, a
         * sweep whose end circle, lands exactly on it (t = max_fraction, t
         * = 1), or just short; a start on it; a path along it */
        {
            int before = hits;
            bad |= compare_path(w, -45.0f, 2.0f, 0.0f, -4.0f, 0.5f, 0.0f, &hits);     /* ray: t = 0.5 at its end */
            bad |= compare_path(w, -45.0f, 2.0f, 0.0f, -4.0f, 0.49999997f, 0.0f, &hits); /* short */
            bad |= compare_path(w, -45.0f, 3.0f, 1.0f, -12.0f, 0.25f, 0.0f, &hits);   /* t = 0.25 */
            bad |= compare_path(w, -45.0f, 2.0f, 0.0f, -1.5f, 1.0f, 0.5f, &hits);     /* sweep: ends at its radius */
            bad |= compare_path(w, -45.0f, 2.0f, 0.0f, -1.49999f, 1.0f, 0.5f, &hits); /* short */
            bad |= compare_path(w, -45.0f, 0.0f, 3.0f, 0.0f, 1.0f, 0.0f, &hits);      /* along it, from on it */
            bad |= compare_path(w, -45.0f, 0.5f, 3.0f, 0.0f, 1.0f, 0.5f, &hits);      /* along it, touching */
            bad |= compare_path(w, -45.0f, 1e-3f, 3.0f, 0.0f, 1.0f, 0.0f, &hits);     /* along it, above */
            ENSURE(hits - before == 6); /* (the sweeps: through it 2, the end on it, the starts on it 2) */
            cap_ray_hit h;
            int k;
            uint32_t sl;
            cap_ray end_on = {{-45.0f, 2.0f}, {0.0f, -4.0f}, 0.5f}, end_on2 = {{-45.0f, 3.0f}, {1.0f, -12.0f}, 0.25f};
            ENSURE(cap_world_ray_cast(w, end_on, &h, &k, &sl) == 1 && k == 0 && h.fraction == 0.5f && !h.starts_inside);
            ENSURE(cap_world_ray_cast(w, end_on2, &h, &k, &sl) == 1 && k == 0 && h.fraction == 0.25f);
        }
        /* tangent to capsules (parallel to the core at exactly the radius)
         * and from inside them */
        for (uint32_t i = 0; i < w->static_slots && !bad; i++) {
            const cap_wstatic* st = &w->statics[i];
            if (st->kind != CAP_STATIC_CAPSULE) continue;
            float ux = st->bx - st->ax, uy = st->by - st->ay, l = sqrtf(ux * ux + uy * uy);
            float nx = -uy / l, ny = ux / l;
            bad |= compare_path(w, st->ax - 2.0f * ux + 0.25f * nx, st->ay - 2.0f * uy + 0.25f * ny, 5.0f * ux, 5.0f * uy, 1.0f,
                                0.0f, &hits);
            bad |= compare_path(w, st->bx + 2.0f * ux - 0.5f * nx, st->by + 2.0f * uy - 0.5f * ny, -5.0f * ux, -5.0f * uy, 1.0f,
                                0.25f, &hits);
            bad |= compare_path(w, 0.5f * (st->ax + st->bx), 0.5f * (st->ay + st->by), 7.0f, -3.0f, 1.0f, 0.0f, &hits);
        }
        /* random long paths, several max fractions */
        for (int k = 0; k < 3000 && !bad; k++) {
            float ox = qr(&g, -35.0f, 35.0f), oy = qr(&g, -2.0f, 80.0f), a = qr(&g, 0.0f, 6.2831853f);
            float mfs[4] = {1.0f, 0.0f, 0.37f, 1e30f};
            bad |= compare_path(w, ox, oy, 40.0f * cosf(a), 40.0f * sinf(a), mfs[k % 4], k % 3 ? 0.25f : 0.0f, &hits);
        }
        /* between steps: an extra removed, a ball added (into the extras) */
        cap_world_remove_ball(w, q->extra[q->n_extra / 2]);
        b.x = 3.3f; b.y = 20.0f;
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
        for (uint32_t j = 1; j < q->n_extra; j++) ENSURE(q->extra_x[j - 1] <= q->extra_x[j]);
    }
    cap_world_destroy(w);
    ENSURE(!bad);
    ENSURE(hits > 5000);
    return 0;
}
