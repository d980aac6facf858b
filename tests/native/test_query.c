/* Native tests of closest points and circle contacts (query.c). */
#include "test.h"
#include "capsule2d.h"

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

/* ---- closest points between segments ------------------------------------ */

int test_segments_crossing(void)
{
    cap_segment_pair p = cap_closest_points_on_segments(V(0, 0), V(2, 2), V(0, 2), V(2, 0));
    ENSURE(p.s == 0.5f && p.t == 0.5f && p.distance == 0.0f);
    ENSURE(p.point1.x == 1.0f && p.point1.y == 1.0f && p.point2.x == 1.0f && p.point2.y == 1.0f);
    return 0;
}

int test_segments_skew_clamped(void)
{
    /* the second segment starts 2 above the first at x = 3 and goes up */
    cap_segment_pair p = cap_closest_points_on_segments(V(0, 0), V(10, 0), V(3, 2), V(5, 7));
    ENSURE_NEAR(p.s, 0.3, 1e-7);
    ENSURE(p.t == 0.0f && p.point2.x == 3.0f && p.point2.y == 2.0f);
    ENSURE_NEAR(p.point1.x, 3.0, 1e-6);
    ENSURE(p.point1.y == 0.0f);
    ENSURE_NEAR(p.distance, 2.0, 1e-6);
    return 0;
}

int test_segments_parallel_pick_smallest_s(void)
{
    /* overlap is x in [4, 10]: the pair returned starts the overlap (s = 0.4) */
    cap_segment_pair p = cap_closest_points_on_segments(V(0, 0), V(10, 0), V(4, 1), V(12, 1));
    ENSURE_NEAR(p.s, 0.4, 1e-7);
    ENSURE(p.t == 0.0f && p.distance == 1.0f);
    /* the same with the second segment reversed */
    p = cap_closest_points_on_segments(V(0, 0), V(10, 0), V(12, 1), V(4, 1));
    ENSURE_NEAR(p.s, 0.4, 1e-7);
    ENSURE(p.t == 1.0f && p.point2.x == 4.0f && p.distance == 1.0f);
    /* the first segment's start is inside the overlap: s = 0 */
    p = cap_closest_points_on_segments(V(0, 0), V(10, 0), V(-5, 1), V(5, 1));
    ENSURE(p.s == 0.0f && p.t == 0.5f && p.point2.x == 0.0f && p.point2.y == 1.0f);
    return 0;
}

int test_segments_zero_length(void)
{
    cap_segment_pair p = cap_closest_points_on_segments(V(3, 3), V(3, 3), V(0, 0), V(10, 0));
    ENSURE(p.s == 0.0f && p.point1.x == 3.0f && p.point1.y == 3.0f);
    ENSURE_NEAR(p.t, 0.3, 1e-7);
    ENSURE_NEAR(p.distance, 3.0, 1e-6);
    p = cap_closest_points_on_segments(V(0, 0), V(10, 0), V(3, 3), V(3, 3));
    ENSURE(p.t == 0.0f && p.point2.x == 3.0f);
    ENSURE_NEAR(p.s, 0.3, 1e-7);
    p = cap_closest_points_on_segments(V(1, 1), V(1, 1), V(4, 5), V(4, 5));
    ENSURE(p.s == 0.0f && p.t == 0.0f && p.distance == 5.0f);
    return 0;
}

int test_segments_huge_and_tiny(void)
{
    cap_segment_pair p = cap_closest_points_on_segments(V(-1e20f, 0), V(1e20f, 0), V(0, 1e20f), V(0, 3e19f));
    ENSURE(p.t == 1.0f);
    ENSURE_NEAR(p.s, 0.5, 1e-6);
    ENSURE_NEAR(p.distance / 3e19, 1.0, 1e-5);
    p = cap_closest_points_on_segments(V(0, 0), V(1e-29f, 0), V(5e-30f, 4e-30f), V(5e-30f, 1e-29f));
    ENSURE(p.t == 0.0f);
    ENSURE_NEAR(p.s, 0.5, 1e-6);
    ENSURE_NEAR(p.distance / 4e-30, 1.0, 1e-5);
    return 0;
}

/* ---- point tests ------------------------------------------------------- */

int test_point_in_circle_boundary(void)
{
    cap_circle c = {V(0, 0), 5.0f};
    ENSURE(cap_point_in_circle(c, V(3, 4)) == 1); /* exactly on: inside */
    ENSURE(cap_point_in_circle(c, V(3, 4.0001f)) == 0);
    cap_circle dot = {V(1, 1), 0.0f};
    ENSURE(cap_point_in_circle(dot, V(1, 1)) == 1);
    ENSURE(cap_point_in_circle(dot, V(1, 1.0000001f)) == 0);
    return 0;
}

int test_point_in_capsule_boundary(void)
{
    cap_capsule c = {V(0, 0), V(10, 0), 1.0f};
    ENSURE(cap_point_in_capsule(c, V(5, 1)) == 1);
    ENSURE(cap_point_in_capsule(c, V(11, 0)) == 1);
    ENSURE(cap_point_in_capsule(c, V(11, 0.1f)) == 0);
    ENSURE(cap_point_in_capsule(c, V(5, -1.0000001f)) == 0);
    cap_capsule dot = {V(2, 2), V(2, 2), 1.0f};
    ENSURE(cap_point_in_capsule(dot, V(2, 3)) == 1 && cap_point_in_capsule(dot, V(2, 3.000001f)) == 0);
    return 0;
}

/* ---- circle-circle, segment-circle -------------------------------------- */

int test_circles_contact(void)
{
    cap_circle a = {V(0, 0), 1.0f}, b = {V(1.5f, 0), 1.0f};
    cap_contact c;
    ENSURE(cap_collide_circles(a, b, &c) == 1);
    ENSURE(c.normal.x == 1.0f && cap_same_bits(c.normal.y, 0.0f) && c.depth == 0.5f);
    ENSURE(c.point.x == 1.0f && c.point.y == 0.0f && c.core_point.x == 0.0f);
    /* swapped arguments: the normal flips (A -> B) */
    ENSURE(cap_collide_circles(b, a, &c) == 1 && c.normal.x == -1.0f && c.point.x == 0.5f);
    return 0;
}

int test_circles_touching_and_coincident(void)
{
    cap_circle a = {V(0, 0), 1.0f}, touch = {V(0, -2), 1.0f}, apart = {V(0, -2.0000002f), 1.0f};
    cap_contact c = {{7, 7}, 7, {7, 7}, {7, 7}}, before;
    ENSURE(cap_collide_circles(a, touch, &c) == 1 && c.depth == 0.0f && c.normal.y == -1.0f);
    before = c;
    ENSURE(cap_collide_circles(a, apart, &c) == 0 && memcmp(&before, &c, sizeof c) == 0);
    cap_circle same = {V(0, 0), 2.0f};
    ENSURE(cap_collide_circles(a, same, &c) == 1);
    ENSURE(cap_same_bits(c.normal.x, 0.0f) && c.normal.y == 1.0f && c.depth == 3.0f);
    return 0;
}

int test_circles_huge_and_tiny(void)
{
    cap_contact c;
    cap_circle a = {V(0, 0), 1e20f}, far = {V(3e20f, 0), 1e20f}, touch = {V(2e20f, 0), 1e20f};
    ENSURE(cap_collide_circles(a, far, &c) == 0);
    ENSURE(cap_collide_circles(a, touch, &c) == 1 && c.depth == 0.0f && c.normal.x == 1.0f);
    cap_circle t = {V(0, 0), 1e-30f}, tfar = {V(3e-30f, 0), 1e-30f}, tnear = {V(0, 1.5e-30f), 1e-30f};
    ENSURE(cap_collide_circles(t, tfar, &c) == 0);
    ENSURE(cap_collide_circles(t, tnear, &c) == 1 && c.normal.y == 1.0f);
    ENSURE_NEAR(c.depth / 0.5e-30, 1.0, 1e-5);
    return 0;
}

int test_segment_circle_is_capsule_radius_zero(void)
{
    cap_circle b = {V(3, -0.5f), 1.0f};
    cap_contact c1, c2;
    cap_capsule s = {V(0, 0), V(6, 0), 0.0f};
    ENSURE(cap_collide_segment_circle(V(0, 0), V(6, 0), b, &c1) == 1);
    ENSURE(cap_collide_capsule_circle(s, b, &c2) == 1 && memcmp(&c1, &c2, sizeof c1) == 0);
    ENSURE(c1.normal.y == -1.0f && c1.depth == 0.5f && c1.point.x == 3.0f && c1.point.y == 0.0f);
    cap_circle on = {V(3, 0), 1.0f}; /* centre on the segment: left normal */
    ENSURE(cap_collide_segment_circle(V(0, 0), V(6, 0), on, &c1) == 1 && c1.normal.y == 1.0f && c1.depth == 1.0f);
    return 0;
}

/* ---- lines --------------------------------------------------------------- */

int test_line_signed_distance_sign_and_error(void)
{
    float d = 99.0f;
    ENSURE(cap_line_signed_distance(V(0, 0), V(2, 0), V(5, 3), &d) == 1 && d == 3.0f); /* left, y up */
    ENSURE(cap_line_signed_distance(V(0, 0), V(2, 0), V(5, -3), &d) == 1 && d == -3.0f);
    ENSURE(cap_line_signed_distance(V(2, 0), V(0, 0), V(5, 3), &d) == 1 && d == -3.0f); /* reversed */
    d = 99.0f;
    ENSURE(cap_line_signed_distance(V(1, 1), V(1, 1), V(5, 3), &d) == CAP_ERR_DEGENERATE && d == 99.0f);
    ENSURE(cap_line_signed_distance(V(0, 0), V(1e20f, 0), V(0, 1e20f), &d) == 1 && d == 1e20f);
    ENSURE(cap_line_signed_distance(V(0, 0), V(1e-30f, 0), V(7, -2e-30f), &d) == 1 && d == -2e-30f);
    return 0;
}

int test_line_circle_normal_sides(void)
{
    cap_line_contact c;
    cap_circle below = {V(5, -0.5f), 1.0f};
    ENSURE(cap_collide_line_circle(V(0, 0), V(2, 0), below, &c) == 1);
    ENSURE(cap_same_bits(c.contact.normal.x, 0.0f) && c.contact.normal.y == -1.0f);
    ENSURE(c.contact.depth == 0.5f && c.distance == -0.5f);
    ENSURE(c.contact.core_point.x == 5.0f && c.contact.core_point.y == 0.0f && c.contact.point.y == 0.0f);
    cap_circle on = {V(-7, 0), 1.0f}; /* beyond A: the line is infinite; d = 0 -> left normal */
    ENSURE(cap_collide_line_circle(V(0, 0), V(2, 0), on, &c) == 1);
    ENSURE(c.contact.normal.y == 1.0f && c.contact.depth == 1.0f && c.distance == 0.0f);
    cap_circle touch = {V(5, 1), 1.0f}, apart = {V(5, 1.0000001f), 1.0f};
    ENSURE(cap_collide_line_circle(V(0, 0), V(2, 0), touch, &c) == 1 && c.contact.depth == 0.0f);
    cap_line_contact before = c;
    ENSURE(cap_collide_line_circle(V(0, 0), V(2, 0), apart, &c) == 0 && memcmp(&before, &c, sizeof c) == 0);
    ENSURE(cap_collide_line_circle(V(3, 3), V(3, 3), touch, &c) == CAP_ERR_DEGENERATE);
    return 0;
}

/* ---- capsule-capsule ------------------------------------------------------ */

int test_capsules_crossing_cores(void)
{
    cap_capsule a = {V(0, 0), V(4, 0), 0.5f}, up = {V(2, -1), V(2, 3), 0.5f}, down = {V(2, 1), V(2, -3), 0.5f};
    cap_manifold m;
    ENSURE(cap_collide_capsules(a, up, &m) == 1);
    ENSURE(m.count == 1 && cap_same_bits(m.contact.normal.x, 0.0f) && m.contact.normal.y == 1.0f);
    ENSURE(m.contact.depth == 1.0f && m.contact.core_point.x == 2.0f && m.contact.core_point.y == 0.0f);
    ENSURE(m.contact.point.x == 2.0f && m.contact.point.y == 0.5f);
    /* B's centre below A: the left perpendicular is flipped toward it */
    ENSURE(cap_collide_capsules(a, down, &m) == 1 && m.contact.normal.y == -1.0f);
    ENSURE(cap_same_bits(m.contact.normal.x, 0.0f));
    return 0;
}

int test_capsules_parallel_two_points(void)
{
    cap_capsule a = {V(0, 0), V(10, 0), 1.0f}, b = {V(4, 1.5f), V(12, 1.5f), 1.0f};
    cap_manifold m;
    ENSURE(cap_collide_capsules(a, b, &m) == 1 && m.count == 2);
    ENSURE(m.contact.normal.x == 0.0f && m.contact.normal.y == 1.0f);
    ENSURE(m.contact.depth == 0.5f && m.depth2 == 0.5f);
    /* equal depths: the end nearer A's start first */
    ENSURE(m.contact.core_point.x == 4.0f && m.contact.core_point.y == 0.0f);
    ENSURE(m.contact.point.x == 4.0f && m.contact.point.y == 1.0f);
    ENSURE(m.core_point2.x == 10.0f && m.core_point2.y == 0.0f && m.point2.x == 10.0f && m.point2.y == 1.0f);
    return 0;
}

int test_capsules_parallel_deepest_first(void)
{
    cap_manifold m;
    /* B rises by 1e-5 over 10: the deeper end is at x = 0 */
    cap_capsule a = {V(0, 0), V(10, 0), 1.0f};
    cap_capsule b = {V(0, 1.5f), V(10, 1.50001f), 1.0f};
    ENSURE(cap_collide_capsules(a, b, &m) == 1 && m.count == 2);
    ENSURE(m.contact.core_point.x == 0.0f && m.core_point2.x == 10.0f && m.contact.depth > m.depth2);
    ENSURE_NEAR(m.contact.depth, 0.5, 1e-6);
    ENSURE_NEAR(m.depth2, 0.49999, 1e-6);
    /* B falls instead: the deeper end is at x = 10, reported first */
    cap_capsule c = {V(0, 1.50001f), V(10, 1.5f), 1.0f};
    ENSURE(cap_collide_capsules(a, c, &m) == 1 && m.count == 2);
    ENSURE(m.contact.core_point.x == 10.0f && m.core_point2.x == 0.0f && m.contact.depth > m.depth2);
    return 0;
}

int test_capsules_collinear_overlap_and_end_touch(void)
{
    cap_manifold m;
    cap_capsule a = {V(0, 0), V(4, 0), 0.5f}, b = {V(2, 0), V(6, 0), 0.5f};
    ENSURE(cap_collide_capsules(a, b, &m) == 1 && m.count == 2);
    ENSURE(m.contact.normal.y == 1.0f && m.contact.depth == 1.0f && m.depth2 == 1.0f); /* left perp kept */
    ENSURE(m.contact.core_point.x == 2.0f && m.core_point2.x == 4.0f);
    /* end to end, exactly touching: one point, depth 0 */
    cap_capsule c = {V(0, 0), V(1, 0), 1.0f}, d = {V(3, 0), V(5, 0), 1.0f};
    ENSURE(cap_collide_capsules(c, d, &m) == 1 && m.count == 1);
    ENSURE(m.contact.normal.x == 1.0f && m.contact.depth == 0.0f && m.contact.point.x == 2.0f);
    cap_manifold before = m;
    cap_capsule e = {V(3.000001f, 0), V(5, 0), 1.0f};
    ENSURE(cap_collide_capsules(c, e, &m) == 0 && memcmp(&before, &m, sizeof m) == 0);
    return 0;
}

int test_capsules_degenerate(void)
{
    cap_manifold m;
    cap_capsule p = {V(1, 1), V(1, 1), 1.0f};
    ENSURE(cap_collide_capsules(p, p, &m) == 1 && m.count == 1);
    ENSURE(cap_same_bits(m.contact.normal.x, 0.0f) && m.contact.normal.y == 1.0f && m.contact.depth == 2.0f);
    /* A is a point on B's core: B's left perpendicular; B's centre is A's: kept */
    cap_capsule q = {V(0, 1), V(2, 1), 0.0f};
    ENSURE(cap_collide_capsules(p, q, &m) == 1 && m.contact.normal.y == 1.0f && m.contact.depth == 1.0f);
    return 0;
}

/* ---- capsule builders and cos/sin ---------------------------------------- */

int test_capsule_from_axis(void)
{
    cap_capsule c = {{9, 9}, {9, 9}, 9}, before;
    ENSURE(cap_capsule_from_axis(V(1, 2), V(0, 5), 4.0f, 0.5f, &c) == 1);
    ENSURE(c.a.x == 1.0f && c.a.y == 0.0f && c.b.x == 1.0f && c.b.y == 4.0f && c.radius == 0.5f);
    ENSURE(cap_capsule_from_axis(V(0, 0), V(1e-30f, 0), 2.0f, 0.0f, &c) == 1 && c.a.x == -1.0f && c.b.x == 1.0f);
    ENSURE(cap_capsule_from_axis(V(0, 0), V(3e30f, 4e30f), 10.0f, 0.0f, &c) == 1);
    ENSURE_NEAR(c.b.x, 3.0, 1e-6);
    ENSURE_NEAR(c.b.y, 4.0, 1e-6);
    before = c;
    ENSURE(cap_capsule_from_axis(V(1, 2), V(0, 0), 4.0f, 0.5f, &c) == 0 && memcmp(&c, &before, sizeof c) == 0);
    ENSURE(cap_capsule_from_axis(V(3e38f, 0), V(1, 0), 3e38f, 0.0f, &c) == 0);
    return 0;
}

int test_cos_sin_exact_points(void)
{
    float c, s;
    cap_cos_sin(0.0f, &c, &s);
    ENSURE(c == 1.0f && cap_same_bits(s, 0.0f));
    cap_capsule k;
    ENSURE(cap_capsule_from_angle(V(0, 0), 0.0f, 2.0f, 1.0f, &k) == 1);
    ENSURE(k.a.x == -1.0f && k.b.x == 1.0f && cap_same_bits(k.b.y, 0.0f) && cap_same_bits(k.a.y, 0.0f));
    return 0;
}

int test_cos_sin_accuracy(void)
{
    /* against glibc's double cos/sin of the same float32 angle */
    double worst = 0.0;
    for (int i = -200000; i <= 200000; i++) {
        float x = (float)i * 0.05f; /* |x| <= 1e4 */
        float c, s;
        cap_cos_sin(x, &c, &s);
        double ec = fabs((double)c - cos((double)x)), es = fabs((double)s - sin((double)x));
        if (ec > worst) worst = ec;
        if (es > worst) worst = es;
    }
    ENSURE(worst <= 6e-8); /* half an ulp of 1 is 6e-8: one rounding */
    return 0;
}

int test_cos_sin_huge_angles_stay_bounded(void)
{
    const float xs[] = {1e7f, -1e7f, 1e10f, 3.4e38f, -3.4e38f, 16777217.0f, 1e-30f, -1e-45f};
    for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        float c, s;
        cap_cos_sin(xs[i], &c, &s);
        ENSURE(c >= -1.0f && c <= 1.0f && s >= -1.0f && s <= 1.0f);
        ENSURE_NEAR((double)c * c + (double)s * s, 1.0, 1e-6);
    }
    float c, s;
    cap_cos_sin(1e-30f, &c, &s);
    ENSURE(c == 1.0f && s == 1e-30f);
    /* Not finite: NaN out, and no NaN cast to an int (UBSan flagged it: a
     * capsule body's sweep with an infinite turn, fuzz_snapshot) */
    const float bad[] = {NAN, INFINITY, -INFINITY};
    for (unsigned i = 0; i < 3; i++) {
        cap_cos_sin(bad[i], &c, &s);
        ENSURE(c != c && s != s);
    }
    return 0;
}

int test_segment_pair_crossing_with_a_subnormal_segment(void)
{
    /* found by the property test: a segment ~4e-42 long crossing a long one
     * at the origin; the scaled crossing solve underflows, the answer must
     * still be (about) distance 0 near the origin. */
    cap_vec2 p1 = {0.0f, -967.215149f}, q1 = {0.0f, 935.437561f};
    cap_vec2 p2 = {1.334036e-42f, 0.0f}, q2 = {-2.66527e-42f, 0.0f};
    cap_segment_pair x = cap_closest_points_on_segments(p1, q1, p2, q2);
    ENSURE(x.distance <= 1e-41f);
    ENSURE(fabsf(x.point1.y) <= 1e-3f && fabsf(x.point2.y) <= 1e-3f);
    return 0;
}
