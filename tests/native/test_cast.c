/* Native tests of ray casts and swept circles (cast.c), expected values
 * worked out by hand from the geometry. */
#include "test.h"
#include "capsule2d.h"

static cap_vec2 V(float x, float y) { cap_vec2 v = {x, y}; return v; }
static cap_ray R(float ox, float oy, float dx, float dy, float maxf)
{
    cap_ray r = {{ox, oy}, {dx, dy}, maxf};
    return r;
}

int test_ray_circle_hit_at_max_fraction_counts(void)
{
    cap_circle c = {V(5, 0), 1.0f};
    cap_ray_hit h;
    /* D = (2, 0): the surface x = 4 is 2 lengths of D away */
    ENSURE(cap_ray_cast_circle(c, R(0, 0, 2, 0, 2.0f), &h) == 1);
    ENSURE(h.fraction == 2.0f && h.point.x == 4.0f && h.point.y == 0.0f);
    ENSURE(h.normal.x == -1.0f && cap_same_bits(h.normal.y, 0.0f) && h.starts_inside == 0);
    cap_ray_hit before = h;
    ENSURE(cap_ray_cast_circle(c, R(0, 0, 2, 0, 1.9999999f), &h) == 0 && memcmp(&h, &before, sizeof h) == 0);
    return 0;
}

int test_ray_circle_tangent_and_away(void)
{
    cap_circle c = {V(5, 0), 1.0f};
    cap_ray_hit h;
    ENSURE(cap_ray_cast_circle(c, R(0, 1, 1, 0, 10.0f), &h) == 1); /* grazes the top */
    ENSURE(h.fraction == 5.0f && h.point.x == 5.0f && h.point.y == 1.0f);
    ENSURE(cap_same_bits(h.normal.x, 0.0f) && h.normal.y == 1.0f);
    ENSURE(cap_ray_cast_circle(c, R(0, 1.0000001f, 1, 0, 10.0f), &h) == 0);
    ENSURE(cap_ray_cast_circle(c, R(0, 0, -1, 0, 100.0f), &h) == 0); /* pointing away */
    return 0;
}

int test_ray_circle_starts_inside_or_on(void)
{
    cap_circle c = {V(5, 0), 1.0f};
    cap_ray_hit h;
    ENSURE(cap_ray_cast_circle(c, R(5, 0.5f, 0, 3, 1.0f), &h) == 1);
    ENSURE(h.starts_inside == 1 && h.fraction == 0.0f && h.point.x == 5.0f && h.point.y == 0.5f);
    ENSURE(cap_same_bits(h.normal.x, 0.0f) && h.normal.y == -1.0f);
    ENSURE(cap_ray_cast_circle(c, R(6, 0, 1, 0, 0.0f), &h) == 1); /* on the boundary, moving out */
    ENSURE(h.starts_inside == 1 && h.normal.x == -1.0f);
    return 0;
}

int test_ray_bad_input(void)
{
    cap_circle c = {V(5, 0), 1.0f};
    cap_ray_hit h;
    ENSURE(cap_ray_cast_circle(c, R(0, 0, 0, 0, 1.0f), &h) == CAP_ERR_BAD_RAY);
    ENSURE(cap_ray_cast_circle(c, R(0, 0, 1, 0, -1.0f), &h) == CAP_ERR_BAD_RAY);
    ENSURE(cap_ray_cast_circle(c, R(0, 0, 1, 0, NAN), &h) == CAP_ERR_BAD_RAY);
    ENSURE(cap_ray_cast_segment(V(0, 0), V(1, 0), R(0, 0, 0, 0, 1.0f), &h) == CAP_ERR_BAD_RAY);
    cap_capsule k = {V(0, 0), V(1, 0), 1.0f};
    ENSURE(cap_ray_cast_capsule(k, R(0, 0, 1, 0, INFINITY), &h) == CAP_ERR_BAD_RAY);
    return 0;
}

int test_ray_circle_point_huge_tiny(void)
{
    cap_ray_hit h;
    cap_circle dot = {V(3, 0), 0.0f};
    ENSURE(cap_ray_cast_circle(dot, R(0, 0, 1, 0, 10.0f), &h) == 1);
    ENSURE(h.fraction == 3.0f && h.normal.x == -1.0f);
    cap_circle big = {V(1e20f, 0), 1e19f};
    ENSURE(cap_ray_cast_circle(big, R(0, 0, 1e20f, 0, 1.0f), &h) == 1);
    ENSURE_NEAR(h.fraction, 0.9, 1e-6);
    ENSURE(h.normal.x == -1.0f);
    cap_circle tiny = {V(1e-29f, 0), 1e-30f};
    ENSURE(cap_ray_cast_circle(tiny, R(0, 0, 1e-30f, 0, 100.0f), &h) == 1);
    ENSURE_NEAR(h.fraction, 9.0, 1e-5);
    ENSURE(h.normal.x == -1.0f);
    return 0;
}

int test_ray_segment_both_sides(void)
{
    cap_ray_hit h;
    /* segment pointing up: its left is -x */
    ENSURE(cap_ray_cast_segment(V(0, -1), V(0, 1), R(-2, 0, 1, 0, 5.0f), &h) == 1);
    ENSURE(h.fraction == 2.0f && h.point.x == 0.0f && h.normal.x == -1.0f && cap_same_bits(h.normal.y, 0.0f));
    ENSURE(cap_ray_cast_segment(V(0, -1), V(0, 1), R(3, 0, -1, 0, 5.0f), &h) == 1);
    ENSURE(h.fraction == 3.0f && h.normal.x == 1.0f && cap_same_bits(h.normal.y, 0.0f));
    ENSURE(cap_ray_cast_segment(V(0, -1), V(0, 1), R(-2, 1, 1, 0, 5.0f), &h) == 1); /* exactly the end */
    ENSURE(h.point.y == 1.0f);
    ENSURE(cap_ray_cast_segment(V(0, -1), V(0, 1), R(-2, 1.000001f, 1, 0, 5.0f), &h) == 0); /* a - o rounds at 2 */
    ENSURE(cap_ray_cast_segment(V(0, -1), V(0, 1), R(-2, 0, 1, 0, 1.9999999f), &h) == 0);
    return 0;
}

int test_ray_segment_collinear_first_endpoint(void)
{
    cap_ray_hit h;
    ENSURE(cap_ray_cast_segment(V(0, 0), V(4, 0), R(-3, 0, 1, 0, 5.0f), &h) == 1);
    ENSURE(h.fraction == 3.0f && h.point.x == 0.0f && h.normal.x == -1.0f && h.starts_inside == 0);
    ENSURE(cap_ray_cast_segment(V(0, 0), V(4, 0), R(7, 0, -2, 0, 5.0f), &h) == 1);
    ENSURE(h.fraction == 1.5f && h.point.x == 4.0f && h.normal.x == 1.0f);
    ENSURE(cap_ray_cast_segment(V(0, 0), V(4, 0), R(7, 0, 2, 0, 5.0f), &h) == 0);
    /* a zero-length segment is a point */
    ENSURE(cap_ray_cast_segment(V(2, 0), V(2, 0), R(0, 0, 1, 0, 5.0f), &h) == 1);
    ENSURE(h.fraction == 2.0f && h.normal.x == -1.0f);
    ENSURE(cap_ray_cast_segment(V(2, 0.5f), V(2, 0.5f), R(0, 0, 1, 0, 5.0f), &h) == 0);
    return 0;
}

int test_ray_segment_origin_on_segment(void)
{
    cap_ray_hit h;
    ENSURE(cap_ray_cast_segment(V(0, 0), V(4, 0), R(2, 0, 0, 1, 1.0f), &h) == 1);
    ENSURE(h.starts_inside == 1 && h.fraction == 0.0f && h.point.x == 2.0f);
    ENSURE(cap_same_bits(h.normal.x, 0.0f) && h.normal.y == -1.0f);
    return 0;
}

int test_ray_capsule_side_cap_tangent(void)
{
    cap_capsule c = {V(0, 0), V(4, 0), 1.0f};
    cap_ray_hit h;
    ENSURE(cap_ray_cast_capsule(c, R(2, 5, 0, -1, 10.0f), &h) == 1); /* flat side */
    ENSURE(h.fraction == 4.0f && h.point.x == 2.0f && h.point.y == 1.0f);
    ENSURE(cap_same_bits(h.normal.x, 0.0f) && h.normal.y == 1.0f);
    ENSURE(cap_ray_cast_capsule(c, R(2, -5, 0, 2, 10.0f), &h) == 1); /* other side */
    ENSURE(h.fraction == 2.0f && h.point.y == -1.0f && h.normal.y == -1.0f);
    ENSURE(cap_ray_cast_capsule(c, R(-5, 0, 1, 0, 10.0f), &h) == 1); /* end cap */
    ENSURE(h.fraction == 4.0f && h.point.x == -1.0f && h.normal.x == -1.0f && cap_same_bits(h.normal.y, 0.0f));
    ENSURE(cap_ray_cast_capsule(c, R(-3, 1, 1, 0, 10.0f), &h) == 1); /* along the top side */
    ENSURE(h.fraction == 3.0f && h.point.x == 0.0f && h.point.y == 1.0f && h.normal.y == 1.0f);
    ENSURE(cap_ray_cast_capsule(c, R(-3, 1.0000001f, 1, 0, 10.0f), &h) == 0);
    /* 45 degrees into the end cap at B: enters at B + (1, 1)/sqrt 2 */
    ENSURE(cap_ray_cast_capsule(c, R(6, 2, -1, -1, 10.0f), &h) == 1);
    ENSURE_NEAR(h.point.x, 4.0 + 0.70710678, 1e-6);
    ENSURE_NEAR(h.normal.x, 0.70710678, 1e-6);
    ENSURE_NEAR(h.normal.y, 0.70710678, 1e-6);
    return 0;
}

int test_ray_capsule_inside_and_degenerate(void)
{
    cap_ray_hit h;
    cap_capsule c = {V(0, 0), V(4, 0), 1.0f};
    ENSURE(cap_ray_cast_capsule(c, R(2, 0.5f, 3, 4, 1.0f), &h) == 1);
    ENSURE(h.starts_inside == 1 && h.normal.x == -0.6f && h.normal.y == -0.8f);
    ENSURE(cap_ray_cast_capsule(c, R(5, 0, 1, 0, 1.0f), &h) == 1 && h.starts_inside == 1); /* on the tip */
    cap_capsule seg = {V(0, -1), V(0, 1), 0.0f};
    ENSURE(cap_ray_cast_capsule(seg, R(3, 0, -1, 0, 5.0f), &h) == 1 && h.fraction == 3.0f && h.normal.x == 1.0f);
    cap_capsule dot = {V(5, 0), V(5, 0), 1.0f};
    ENSURE(cap_ray_cast_capsule(dot, R(0, 0, 2, 0, 2.0f), &h) == 1 && h.fraction == 2.0f && h.normal.x == -1.0f);
    return 0;
}

/* ---- swept circles ------------------------------------------------------ */

int test_sweep_stops_tunnelling(void)
{
    /* A ball of radius 0.1 moves 2 per frame across a thin segment: it
     * overlaps neither before nor after the step, but the sweep hits it. */
    cap_circle before = {V(0, 1), 0.1f}, after = {V(0, -1), 0.1f};
    cap_contact c;
    ENSURE(cap_collide_segment_circle(V(-1, 0), V(1, 0), before, &c) == 0);
    ENSURE(cap_collide_segment_circle(V(-1, 0), V(1, 0), after, &c) == 0);
    cap_sweep_hit h;
    ENSURE(cap_sweep_circle_segment(V(-1, 0), V(1, 0), V(0, 1), V(0, -1), 0.1f, &h) == 1);
    ENSURE_NEAR(h.t, 0.45, 1e-7);
    ENSURE(h.starts_inside == 0 && h.center.x == 0.0f);
    ENSURE_NEAR(h.center.y, 0.1, 1e-7);
    ENSURE(cap_same_bits(h.normal.x, 0.0f) && h.normal.y == 1.0f);
    ENSURE(h.point.x == 0.0f);
    ENSURE_NEAR(h.point.y, 0.0, 1e-7);
    return 0;
}

int test_sweep_circle_circle_cases(void)
{
    cap_circle s = {V(5, 0), 1.0f};
    cap_sweep_hit h;
    ENSURE(cap_sweep_circle_circle(s, V(0, 0), V(10, 0), 1.0f, &h) == 1);
    ENSURE_NEAR(h.t, 0.3, 1e-7);
    ENSURE(h.center.x == 3.0f && h.normal.x == -1.0f && h.point.x == 4.0f && h.starts_inside == 0);
    /* touching exactly at t = 1 counts */
    ENSURE(cap_sweep_circle_circle(s, V(0, 0), V(3, 0), 1.0f, &h) == 1 && h.t == 1.0f && h.center.x == 3.0f);
    ENSURE(cap_sweep_circle_circle(s, V(0, 0), V(2.9999998f, 0), 1.0f, &h) == 0);
    /* overlapping at the start: t = 0 and the static contact's normal */
    ENSURE(cap_sweep_circle_circle(s, V(4, 0), V(10, 0), 1.0f, &h) == 1);
    ENSURE(h.t == 0.0f && h.starts_inside == 1 && h.center.x == 4.0f && h.normal.x == -1.0f && h.point.x == 4.0f);
    /* x0 == x1: a static overlap test, not an error */
    ENSURE(cap_sweep_circle_circle(s, V(10, 0), V(10, 0), 1.0f, &h) == 0);
    ENSURE(cap_sweep_circle_circle(s, V(5.5f, 0), V(5.5f, 0), 1.0f, &h) == 1 && h.starts_inside == 1);
    return 0;
}

int test_sweep_circle_capsule_cases(void)
{
    cap_capsule k = {V(0, 0), V(4, 0), 0.5f};
    cap_sweep_hit h;
    ENSURE(cap_sweep_circle_capsule(k, V(2, 3), V(2, -3), 0.5f, &h) == 1);
    ENSURE_NEAR(h.t, 1.0 / 3.0, 1e-7);
    ENSURE(h.center.x == 2.0f && h.normal.y == 1.0f && h.point.x == 2.0f);
    ENSURE_NEAR(h.center.y, 1.0, 1e-6);
    ENSURE_NEAR(h.point.y, 0.5, 1e-6);
    ENSURE(cap_sweep_circle_capsule(k, V(2, 3), V(2, 5), 0.5f, &h) == 0); /* moving away */
    ENSURE(cap_sweep_circle_capsule(k, V(2, 0), V(2, 5), 0.5f, &h) == 1 && h.starts_inside == 1);
    ENSURE(h.normal.x == -0.0f && h.normal.y == 1.0f); /* the centre on the core: left normal */
    return 0;
}

int test_ray_direction_longer_than_float_max(void)
{
    /* |D| = 3 sqrt 2 e38 overflows float32 though D is finite */
    cap_circle c = {V(0, 0), 1e37f};
    cap_ray_hit h;
    ENSURE(cap_ray_cast_circle(c, R(-2e38f, -2e38f, 3e38f, 3e38f, 1.0f), &h) == 1);
    ENSURE_NEAR(h.fraction, 2.0 / 3.0 - 1e37 / (3.0 * sqrt(2.0) * 1e38), 1e-6);
    ENSURE_NEAR(h.normal.x, -0.70710678, 1e-6);
    ENSURE(isfinite(h.point.x) && isfinite(h.point.y));
    return 0;
}
