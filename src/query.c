/* capsule2d — closest points, overlaps and contacts (pure functions).
 * Conventions are stated at each declaration in capsule2d.h. */
#include "math.h"

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
    cap_vec2 u;
    if (cap_length_and_normalize(cap_sub(b, a), &u) > 0.0f) n = cap_left_perp(u);
    return n;
}

int cap_collide_capsule_circle(cap_capsule a, cap_circle b, cap_contact* out)
{
    cap_segment_point p = cap_closest_point_on_segment(a.a, a.b, b.center);
    float rsum = a.radius + b.radius;
    cap_vec2 n;
    float dist = cap_length_and_normalize(cap_sub(b.center, p.point), &n);
    if (!(dist <= rsum)) return 0; /* touching (dist == rsum) is a hit */
    if (!(dist > 0.0f)) n = cap_fallback_normal(a.a, a.b);
    out->normal = n;
    out->depth = rsum - dist;
    out->core_point = p.point;
    out->point = cap_mul_add(p.point, a.radius, n);
    return 1;
}
