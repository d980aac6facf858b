/* Native tests of closest points and circle contacts (query.c). */
#include "test.h"
#include "../../src/capsule2d.h"

static cap_vec2 V(float x, float y) { cap_vec2 v = {x, y}; return v; }

int test_closest_point_interior(void)
{
    cap_segment_point p = cap_closest_point_on_segment(V(0, 0), V(10, 0), V(3, 5));
    ENSURE(p.point.x == 3.0f && p.point.y == 0.0f);
    ENSURE_NEAR(p.t, 0.3, 1e-7);
    return 0;
}

int test_closest_point_clamps_to_endpoints(void)
{
    cap_segment_point p = cap_closest_point_on_segment(V(1, 2), V(4, 6), V(-10, -10));
    ENSURE(p.t == 0.0f && p.point.x == 1.0f && p.point.y == 2.0f);
    p = cap_closest_point_on_segment(V(1, 2), V(4, 6), V(40, 60));
    ENSURE(p.t == 1.0f && p.point.x == 4.0f && p.point.y == 6.0f); /* exactly B */
    return 0;
}

int test_closest_point_zero_length_segment(void)
{
    cap_segment_point p = cap_closest_point_on_segment(V(2, 3), V(2, 3), V(7, -1));
    ENSURE(p.t == 0.0f && p.point.x == 2.0f && p.point.y == 3.0f);
    /* |b - a|^2 underflows to 0 but b != a: still finite, still on the segment */
    p = cap_closest_point_on_segment(V(0, 0), V(1e-30f, 0), V(1, 0));
    ENSURE(p.t == 1.0f && p.point.x == 1e-30f);
    return 0;
}

int test_closest_point_huge_coordinates(void)
{
    /* |b - a|^2 overflows float32; the projection must still be right. */
    cap_segment_point p = cap_closest_point_on_segment(V(-1e20f, 0), V(1e20f, 0), V(5e19f, 3));
    ENSURE_NEAR(p.t, 0.75, 1e-6);
    ENSURE(isfinite(p.point.x) && p.point.y == 0.0f);
    return 0;
}

int test_capsule_circle_normal_points_to_circle(void)
{
    cap_capsule cap = {V(0, 0), V(10, 0), 1.0f};
    cap_circle below = {V(4, -1.5f), 1.0f};
    cap_contact c;
    ENSURE(cap_collide_capsule_circle(cap, below, &c) == 1);
    ENSURE(c.normal.x == 0.0f && c.normal.y == -1.0f);
    ENSURE(c.depth == 0.5f);
    ENSURE(c.core_point.x == 4.0f && c.core_point.y == 0.0f);
    ENSURE(c.point.x == 4.0f && c.point.y == -1.0f);
    return 0;
}

int test_capsule_circle_touching_counts(void)
{
    cap_capsule cap = {V(0, 0), V(10, 0), 0.5f};
    cap_circle touch = {V(12, 0), 1.5f}; /* 2 = 0.5 + 1.5 past the end cap */
    cap_contact c = {{9, 9}, 9, {9, 9}, {9, 9}};
    ENSURE(cap_collide_capsule_circle(cap, touch, &c) == 1);
    ENSURE(c.depth == 0.0f && c.normal.x == 1.0f && c.normal.y == 0.0f);
    cap_circle apart = {V(12.000002f, 0), 1.5f};
    cap_contact before = c;
    ENSURE(cap_collide_capsule_circle(cap, apart, &c) == 0);
    ENSURE(memcmp(&before, &c, sizeof c) == 0); /* a miss leaves *out alone */
    return 0;
}

int test_capsule_circle_center_on_segment(void)
{
    cap_capsule cap = {V(0, 0), V(0, 5), 0.25f}; /* pointing up: left is -x */
    cap_circle on = {V(0, 2), 1.0f};
    cap_contact c;
    ENSURE(cap_collide_capsule_circle(cap, on, &c) == 1);
    ENSURE(cap_same_bits(c.normal.x, -1.0f) && cap_same_bits(c.normal.y, 0.0f));
    ENSURE(c.depth == 1.25f);
    cap_circle at_end = {V(0, 5), 1.0f}; /* exactly at an endpoint: same rule */
    ENSURE(cap_collide_capsule_circle(cap, at_end, &c) == 1);
    ENSURE(c.normal.x == -1.0f && c.normal.y == 0.0f && c.depth == 1.25f);
    return 0;
}

int test_capsule_circle_degenerate_core(void)
{
    cap_capsule dot = {V(3, 3), V(3, 3), 1.0f};
    cap_circle same = {V(3, 3), 2.0f};
    cap_contact c;
    ENSURE(cap_collide_capsule_circle(dot, same, &c) == 1);
    ENSURE(cap_same_bits(c.normal.x, 0.0f) && c.normal.y == 1.0f && c.depth == 3.0f);
    return 0;
}

int test_capsule_circle_tiny_and_huge(void)
{
    cap_contact c;
    /* tiny: the distance 3e-30 must not underflow to 0 */
    cap_capsule tiny = {V(0, 0), V(1e-29f, 0), 1e-30f};
    cap_circle near = {V(5e-30f, 3e-30f), 1e-30f};
    ENSURE(cap_collide_capsule_circle(tiny, near, &c) == 0);
    cap_circle close = {V(5e-30f, 1.5e-30f), 1e-30f};
    ENSURE(cap_collide_capsule_circle(tiny, close, &c) == 1);
    ENSURE(c.normal.x == 0.0f && c.normal.y == 1.0f);
    /* huge: the squared distance would overflow */
    cap_capsule big = {V(-1e20f, 0), V(1e20f, 0), 1e19f};
    cap_circle far = {V(0, 3e19f), 1e19f};
    ENSURE(cap_collide_capsule_circle(big, far, &c) == 0);
    cap_circle touching = {V(0, 2e19f), 1e19f};
    ENSURE(cap_collide_capsule_circle(big, touching, &c) == 1);
    ENSURE(c.normal.y == 1.0f && c.depth == 0.0f);
    return 0;
}
