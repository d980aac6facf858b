/* capsule2d — closest points, overlaps and contacts (pure functions).
 * Conventions are stated at each declaration in capsule2d.h. */
#include "core/scalar.h"
#include "core/core_internal.h"

cap_segment_point cap_closest_point_on_segment(cap_vec2 a, cap_vec2 b, cap_vec2 x)
{
    cap_vec2 v = cap_sub(b, a); /* the segment's direction */
    cap_vec2 w = cap_sub(x, a); /* a -> x */
    float vv = cap_dot(v, v);
    float t;
    if (vv >= 1e-30f && vv <= 3.0e38f) {
        t = cap_dot(w, v) / vv; /* projection of w on v, in units of |v| */
    } else {
        /* |v|^2 overflowed or underflowed: project in a frame scaled by |v|'s
         * largest component, where the same ratio is representable. */
        float m = cap_maxf(cap_absf(v.x), cap_absf(v.y));
        if (!(m > 0.0f)) {
            cap_segment_point zero = {a, 0.0f}; /* zero-length segment */
            return zero;
        }
        cap_vec2 vs = cap_v2(v.x / m, v.y / m), ws = cap_v2(w.x / m, w.y / m);
        t = cap_dot(ws, vs) / cap_dot(vs, vs);
    }
    /* Clamp to [0, 1]; a NaN projection (from inf - inf) becomes 0. */
    t = cap_minf(cap_maxf(t, 0.0f), 1.0f);
    cap_segment_point r;
    r.point = t == 1.0f ? b : cap_mul_add(a, t, v);
    r.t = t;
    return r;
}

/* The unit normal for a centre lying on the core segment a->b: the left
 * perpendicular of a->b, or (0, 1) when the segment has no length. */
static cap_vec2 cap_fallback_normal(cap_vec2 a, cap_vec2 b)
{
    cap_vec2 n = cap_v2(0.0f, 1.0f);
    cap_vec2 u = {0.0f, 0.0f};
    if (cap_length_and_normalize(cap_sub(b, a), &u) > 0.0f) n = cap_left_perp(u);
    return n;
}

int cap_capsule_circle_contact(cap_capsule a, cap_circle b, cap_contact* out)
{
    cap_segment_point p = cap_closest_point_on_segment(a.a, a.b, b.center);
    float rsum = a.radius + b.radius;
    cap_vec2 n = cap_v2(0.0f, 0.0f);
    float dist = cap_length_and_normalize(cap_sub(b.center, p.point), &n);
    if (!(dist > 0.0f)) n = cap_fallback_normal(a.a, a.b);
    out->normal = n;
    out->depth = rsum - dist;
    out->core_point = p.point;
    out->point = cap_mul_add(p.point, a.radius, n);
    return dist <= rsum; /* touching (dist == rsum) is a hit */
}

int cap_collide_capsule_circle(cap_capsule a, cap_circle b, cap_contact* out)
{
    cap_contact c;
    if (!cap_capsule_circle_contact(a, b, &c)) return 0;
    *out = c;
    return 1;
}

/* One candidate pair for the closest points: point x (an endpoint of one
 * segment, at parameter px on it) against the other segment. */
static void cap_segment_candidate(cap_segment_pair* best, int* have, cap_vec2 x, float px, cap_vec2 a, cap_vec2 b,
                                  int x_on_first)
{
    cap_segment_point q = cap_closest_point_on_segment(a, b, x);
    cap_segment_pair c;
    c.point1 = x_on_first ? x : q.point;
    c.s = x_on_first ? px : q.t;
    c.point2 = x_on_first ? q.point : x;
    c.t = x_on_first ? q.t : px;
    c.distance = cap_length(cap_sub(c.point2, c.point1));
    /* keep the smallest distance; on a tie the smallest s, then t */
    if (!*have || c.distance < best->distance ||
        (c.distance == best->distance && (c.s < best->s || (c.s == best->s && c.t < best->t)))) {
        *best = c;
        *have = 1;
    }
}

static int cap_opposite(float a, float b) { return (a < 0.0f && b > 0.0f) || (a > 0.0f && b < 0.0f); }

cap_segment_pair cap_closest_points_on_segments(cap_vec2 p1, cap_vec2 q1, cap_vec2 p2, cap_vec2 q2)
{
    /* Segments that do not cross are closest at an endpoint of one of them. */
    cap_segment_pair best;
    int have = 0;
    cap_segment_candidate(&best, &have, p1, 0.0f, p2, q2, 1);
    cap_segment_candidate(&best, &have, p2, 0.0f, p1, q1, 0);
    cap_segment_candidate(&best, &have, q1, 1.0f, p2, q2, 1);
    cap_segment_candidate(&best, &have, q2, 1.0f, p1, q1, 0);

    cap_vec2 d1 = cap_sub(q1, p1), d2 = cap_sub(q2, p2), w = cap_sub(p2, p1);
    /* Orientation tests in a frame scaled by the largest coordinate
     * difference, so the cross products neither overflow (1e20^2) nor
     * underflow (1e-30^2). */
    float m = cap_maxf(cap_maxf(cap_maxf(cap_absf(d1.x), cap_absf(d1.y)), cap_maxf(cap_absf(d2.x), cap_absf(d2.y))),
                       cap_maxf(cap_absf(w.x), cap_absf(w.y)));
    if (m > 0.0f) {
        cap_vec2 u = cap_v2(d1.x / m, d1.y / m), v = cap_v2(d2.x / m, d2.y / m), r = cap_v2(w.x / m, w.y / m);
        cap_vec2 r2 = cap_add(r, v); /* q2 - p1, scaled */
        float o1 = cap_cross(u, r), o2 = cap_cross(u, r2);
        float o3 = cap_cross(v, cap_neg(r)), o4 = cap_cross(v, cap_sub(u, r)); /* p1 - p2, q1 - p2 */
        if (cap_opposite(o1, o2) && cap_opposite(o3, o4)) {
            /* Proper crossing: p1 + s d1 = p2 + t d2; cross with d2 and d1. */
            float den = cap_cross(u, v);
            cap_segment_pair x;
            x.s = cap_clampf(cap_cross(r, v) / den, 0.0f, 1.0f);
            x.t = cap_clampf(cap_cross(r, u) / den, 0.0f, 1.0f);
            x.point1 = cap_mul_add(p1, x.s, d1);
            x.point2 = cap_mul_add(p2, x.t, d2);
            x.distance = cap_length(cap_sub(x.point2, x.point1));
            /* The solve loses everything when one segment is tiny next to the
             * scale (its scaled direction underflows): then an endpoint
             * candidate is closer, and is the answer. */
            if (x.distance <= best.distance) return x;
        }
    }
    return best;
}

int cap_point_in_circle(cap_circle c, cap_vec2 x)
{
    return cap_length(cap_sub(x, c.center)) <= c.radius;
}

int cap_point_in_capsule(cap_capsule c, cap_vec2 x)
{
    cap_segment_point p = cap_closest_point_on_segment(c.a, c.b, x);
    return cap_length(cap_sub(x, p.point)) <= c.radius;
}

int cap_collide_circles(cap_circle a, cap_circle b, cap_contact* out)
{
    float rsum = a.radius + b.radius;
    cap_vec2 n = cap_v2(0.0f, 1.0f);
    float dist = cap_length_and_normalize(cap_sub(b.center, a.center), &n);
    if (!(dist <= rsum)) return 0;
    out->normal = n; /* stays (0, 1) for coincident centres */
    out->depth = rsum - dist;
    out->core_point = a.center;
    out->point = cap_mul_add(a.center, a.radius, n);
    return 1;
}

int cap_collide_segment_circle(cap_vec2 a, cap_vec2 b, cap_circle c, cap_contact* out)
{
    cap_capsule s = {a, b, 0.0f};
    return cap_collide_capsule_circle(s, c, out);
}

int cap_line_signed_distance(cap_vec2 a, cap_vec2 b, cap_vec2 x, float* distance)
{
    cap_vec2 u = {0.0f, 0.0f};
    if (!(cap_length_and_normalize(cap_sub(b, a), &u) > 0.0f)) return CAP_ERR_DEGENERATE;
    /* cross(b - a, x - a) / |b - a| = cross(u, x - a) */
    *distance = cap_cross(u, cap_sub(x, a));
    return 1;
}

int cap_collide_line_circle(cap_vec2 a, cap_vec2 b, cap_circle c, cap_line_contact* out)
{
    cap_vec2 u = {0.0f, 0.0f};
    if (!(cap_length_and_normalize(cap_sub(b, a), &u) > 0.0f)) return CAP_ERR_DEGENERATE;
    cap_vec2 left = cap_left_perp(u);
    float d = cap_cross(u, cap_sub(c.center, a));
    float ad = cap_absf(d);
    if (!(ad <= c.radius)) return 0;
    cap_vec2 n = d < 0.0f ? cap_neg(left) : left;
    cap_vec2 foot = cap_mul_add(c.center, 0.0f - ad, n); /* centre - |d| n */
    out->contact.normal = n;
    out->contact.depth = c.radius - ad;
    out->contact.core_point = foot;
    out->contact.point = foot;
    out->distance = d;
    return 1;
}

int cap_collide_capsules(cap_capsule a, cap_capsule b, cap_manifold* out)
{
    cap_segment_pair cp = cap_closest_points_on_segments(a.a, a.b, b.a, b.b);
    float rsum = a.radius + b.radius;
    if (!(cp.distance <= rsum)) return 0;
    cap_vec2 axis_a = cap_sub(a.b, a.a), axis_b = cap_sub(b.b, b.a);
    cap_vec2 ua = cap_v2(0.0f, 0.0f), ub = cap_v2(0.0f, 0.0f);
    float la = cap_length_and_normalize(axis_a, &ua);
    float lb = cap_length_and_normalize(axis_b, &ub);
    cap_vec2 n;
    if (!(cp.distance > 0.0f) || !(cap_length_and_normalize(cap_sub(cp.point2, cp.point1), &n) > 0.0f)) {
        /* Crossing or touching cores: no direction between the closest
         * points. Left perpendicular of A's axis (B's, or (0, 1)), turned
         * toward B's centre. */
        n = cap_v2(0.0f, 1.0f);
        if (la > 0.0f) n = cap_left_perp(ua);
        else if (lb > 0.0f) n = cap_left_perp(ub);
        cap_vec2 ca = cap_mul_add(a.a, 0.5f, axis_a), cb = cap_mul_add(b.a, 0.5f, axis_b);
        cap_vec2 between = cap_sub(cb, ca), bu = {0.0f, 0.0f};
        /* compare directions, not raw products, so huge offsets cannot overflow */
        if (cap_length_and_normalize(between, &bu) > 0.0f && cap_dot(n, bu) < 0.0f) n = cap_neg(n);
    }
    cap_manifold m;
    m.contact.normal = n;
    m.contact.depth = rsum - cp.distance;
    m.contact.core_point = cp.point1;
    m.contact.point = cap_mul_add(cp.point1, a.radius, n);
    m.count = 1;
    m.depth2 = 0.0f;
    m.point2 = m.contact.point;
    m.core_point2 = m.contact.core_point;

    if (la > 0.0f && lb > 0.0f && cap_absf(cap_cross(ua, ub)) <= CAP_PARALLEL_SIN) {
        /* Parallel cores: the stretch of A's core that B's projection covers,
         * in length units from a.a along ua. */
        float t1 = cap_dot(cap_sub(b.a, a.a), ua), t2 = cap_dot(cap_sub(b.b, a.a), ua);
        float lo = cap_maxf(cap_minf(t1, t2), 0.0f), hi = cap_minf(cap_maxf(t1, t2), la);
        if (lo < hi) {
            cap_vec2 c0 = lo == 0.0f ? a.a : cap_mul_add(a.a, lo, ua);
            cap_vec2 c1 = hi == la ? a.b : cap_mul_add(a.a, hi, ua);
            cap_segment_point q0 = cap_closest_point_on_segment(b.a, b.b, c0);
            cap_segment_point q1 = cap_closest_point_on_segment(b.a, b.b, c1);
            float d0 = rsum - cap_dot(cap_sub(q0.point, c0), n);
            float d1 = rsum - cap_dot(cap_sub(q1.point, c1), n);
            if (d0 >= 0.0f && d1 >= 0.0f) {
                int swap = d1 > d0; /* deeper first; a tie keeps lo first */
                cap_vec2 cf = swap ? c1 : c0, cs = swap ? c0 : c1;
                m.contact.depth = swap ? d1 : d0;
                m.contact.core_point = cf;
                m.contact.point = cap_mul_add(cf, a.radius, n);
                m.count = 2;
                m.depth2 = swap ? d0 : d1;
                m.core_point2 = cs;
                m.point2 = cap_mul_add(cs, a.radius, n);
            }
        }
    }
    *out = m;
    return 1;
}

static int cap_capsule_along(cap_vec2 center, cap_vec2 u, float length, float radius, cap_capsule* out)
{
    float h = 0.5f * length;
    cap_capsule c;
    c.a = cap_mul_add(center, 0.0f - h, u);
    c.b = cap_mul_add(center, h, u);
    c.radius = radius;
    if (!(cap_in_range(c.a.x) && cap_in_range(c.a.y) && cap_in_range(c.b.x) && cap_in_range(c.b.y))) return 0;
    *out = c;
    return 1;
}

int cap_capsule_from_axis(cap_vec2 center, cap_vec2 axis, float length, float radius, cap_capsule* out)
{
    cap_vec2 u = {0.0f, 0.0f};
    if (!(cap_length_and_normalize(axis, &u) > 0.0f)) return 0;
    return cap_capsule_along(center, u, length, radius, out);
}

int cap_capsule_from_angle(cap_vec2 center, float angle, float length, float radius, cap_capsule* out)
{
    cap_vec2 u = {0.0f, 0.0f};
    cap_cos_sin(angle, &u.x, &u.y);
    return cap_capsule_along(center, u, length, radius, out);
}
