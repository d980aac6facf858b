/* capsule2d — capsule bodies' contact manifolds: a capsule (or a ball, a
 * capsule of length 0) against a capsule or a half-plane, up to two points
 * sharing one normal. Pure geometry: no world state. */
#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

/* Capsule A (core a0 -> a1, radius ra) against capsule B (b0 -> b1, rb):
 * the points with separation <= margin, normal from A toward B.
 * Face case (two points): when the closest points' normal is within ~8
 * degrees of A's face normal, B's core is clipped to A's span and each end
 * of the clipped piece is a point (separation along the face normal), so a
 * core lying flat on a face rests on two points and does not rock. Else
 * the one closest pair. Degenerate (crossing cores, coincident points):
 * A's left perpendicular toward B's centre, or (0, 1); never NaN. */
/* Closest points between cores p1 -> q1 and p2 -> q2 (point1, point2 and
 * their distance; s, t left out), the textbook way: the lines' closest
 * parameters clamped to the segments, one division each, one square root.
 * The robust cap_closest_points_on_segments costs 4 projections and 4
 * square roots (it was 80% of a body pair's manifold); it still answers
 * where the products below could overflow or underflow (a coordinate
 * difference above 1e9 or a length below 1e-9) and the fast answer is
 * never used there. Deterministic: plain float32 operations. */
static cap_segment_pair closest_pair(cap_vec2 p1, cap_vec2 q1, cap_vec2 p2, cap_vec2 q2)
{
    cap_vec2 d1 = cap_sub(q1, p1), d2 = cap_sub(q2, p2), r = cap_sub(p1, p2);
    /* (fabsf, one instruction: a sum of magnitudes compares the same
     * whatever the sign of a zero; NaN fails the test either way) */
    float big = __builtin_fabsf(r.x) + __builtin_fabsf(r.y) + __builtin_fabsf(d1.x) + __builtin_fabsf(d1.y) +
                __builtin_fabsf(d2.x) + __builtin_fabsf(d2.y);
    float a = cap_dot(d1, d1), e = cap_dot(d2, d2);
    if (!(big <= 1e9f) || (a != 0.0f && a < 1e-18f) || (e != 0.0f && e < 1e-18f))
        return cap_closest_points_on_segments(p1, q1, p2, q2);
    float f = cap_dot(d2, r), sv = 0.0f, tv = 0.0f;
    if (a == 0.0f) {
        if (e > 0.0f) tv = cap_clampf(f / e, 0.0f, 1.0f);
    } else {
        float c = cap_dot(d1, r);
        if (e == 0.0f) {
            sv = cap_clampf((0.0f - c) / a, 0.0f, 1.0f);
        } else {
            float bb = cap_dot(d1, d2), den = a * e - bb * bb;
            if (den > 0.0f) sv = cap_clampf((bb * f - c * e) / den, 0.0f, 1.0f);
            tv = (bb * sv + f) / e;
            if (tv < 0.0f) {
                tv = 0.0f;
                sv = cap_clampf((0.0f - c) / a, 0.0f, 1.0f);
            } else if (tv > 1.0f) {
                tv = 1.0f;
                sv = cap_clampf((bb - c) / a, 0.0f, 1.0f);
            }
        }
    }
    cap_segment_pair sp;
    sp.s = sv;
    sp.t = tv;
    sp.point1 = cap_mul_add(p1, sv, d1);
    sp.point2 = cap_mul_add(p2, tv, d2);
    sp.distance = cap_length(cap_sub(sp.point2, sp.point1));
    return sp;
}

int cap_body_manifold(cap_vec2 a0, cap_vec2 a1, float ra, cap_vec2 b0, cap_vec2 b1, float rb, float margin, bman* m)
{
    cap_segment_pair sp = closest_pair(a0, a1, b0, b1);
    float R = ra + rb;
    if (sp.distance > R + margin) return 0;
    cap_vec2 ea = cap_sub(a1, a0);
    float la2 = cap_length_sq(ea);
    cap_vec2 n;
    cap_vec2 d = cap_sub(sp.point2, sp.point1);
    float dist = sp.distance;
    if (dist > 1e-6f * (R > 0.0f ? R : 1.0f) && cap_length_sq(d) > 0.0f) {
        n = cap_scale(1.0f / dist, d); /* (dist: closest_pair's cap_length(d), the same bits) */
    } else {
        cap_vec2 e = la2 > 0.0f ? ea : cap_sub(b1, b0);
        float le = cap_length(e);
        n = le > 0.0f ? cap_left_perp(cap_scale(1.0f / le, e)) : cap_v2(0.0f, 1.0f);
        cap_vec2 cb = cap_scale(0.5f, cap_add(b0, b1)), ca = cap_scale(0.5f, cap_add(a0, a1));
        if (cap_dot(n, cap_sub(cb, ca)) < 0.0f) n = cap_neg(n);
        dist = 0.0f;
    }
    if (la2 > 0.0f) {
        float la = cap_length(ea);
        cap_vec2 u = cap_scale(1.0f / la, ea);
        cap_vec2 fn = cap_left_perp(u);
        if (cap_dot(fn, n) < 0.0f) fn = cap_neg(fn);
        if (cap_dot(fn, n) > 0.99f) {
            float t0 = cap_dot(cap_sub(b0, a0), u), t1 = cap_dot(cap_sub(b1, a0), u);
            float lo = 0.0f, hi = 1.0f;
            float dt = t1 - t0;
            if (dt != 0.0f) {
                float s0 = (0.0f - t0) / dt, s1 = (la - t0) / dt;
                if (s0 > s1) { float t = s0; s0 = s1; s1 = t; }
                lo = fmax2(lo, s0);
                hi = fmin2(hi, s1);
            } else if (!(t0 >= 0.0f && t0 <= la)) {
                lo = 1.0f, hi = 0.0f;
            }
            if (lo <= hi) {
                int k = 0;
                float ss[2] = {lo, hi};
                int np = hi - lo > 1e-4f ? 2 : 1;
                for (int j = 0; j < np; j++) {
                    cap_vec2 qb = cap_mul_add(b0, ss[j], cap_sub(b1, b0));
                    float h = cap_dot(cap_sub(qb, a0), fn);
                    float sep = h - R;
                    if (sep > margin) continue;
                    m->qa[k] = cap_mul_add(qb, 0.0f - h, fn);
                    m->sep[k] = sep;
                    m->id[k] = (uint32_t)j;
                    k++;
                }
                if (k > 0) {
                    m->count = k;
                    m->nx = fn.x;
                    m->ny = fn.y;
                    return k;
                }
            }
        }
    }
    m->count = 1;
    m->nx = n.x;
    m->ny = n.y;
    m->qa[0] = sp.point1;
    m->sep[0] = dist - R;
    m->id[0] = 2u;
    return 1;
}

/* A half-plane (point a, unit free-side normal n) against capsule B: each
 * core end within margin of the surface is a point. */
int cap_body_manifold_line(cap_vec2 a, cap_vec2 n, cap_vec2 b0, cap_vec2 b1, float rb, float margin, bman* m)
{
    int k = 0;
    const cap_vec2 ends[2] = {b0, b1};
    for (int j = 0; j < 2; j++) {
        float h = cap_dot(cap_sub(ends[j], a), n);
        if (h - rb > margin) continue;
        m->qa[k] = cap_mul_add(ends[j], 0.0f - h, n);
        m->sep[k] = h - rb;
        m->id[k] = (uint32_t)j;
        k++;
    }
    m->count = k;
    m->nx = n.x;
    m->ny = n.y;
    return k;
}

/* ---- begin ----------------------------------------------------------------- */

/* Whether p is inside the parallelogram o + u s + v t, s and t in [0, 1]
 * (u, v not parallel; on an edge counts). */
static int in_parallelogram(cap_vec2 p, cap_vec2 o, cap_vec2 u, cap_vec2 v)
{
    float den = cap_cross(u, v);
    if (!(den != 0.0f)) return 0;
    cap_vec2 q = cap_sub(p, o);
    float s = cap_cross(q, v) / den, t = cap_cross(u, q) / den;
    return s >= 0.0f && s <= 1.0f && t >= 0.0f && t <= 1.0f;
}

int cap_body_clip(cap_vec2 a0, cap_vec2 a1, float ra, cap_vec2 b0, cap_vec2 b1, float rb, cap_vec2 d, float reach, float margin,
                  bman* m)
{
    for (int k = 0; k < m->count; k++)
        if (!(m->sep[k] > 0.0f)) return 1;
    /* Not closing the gap along the normal found by twice the step's
     * motion (at this motion the solver pushes nothing; twice: a ball comes
     * to the bodies' pass already moved by the balls' step, and the
     * solver's speculative test looks a sub-step ahead of that): as found.
     * (Most of a pile's.) */
    float dn0 = 2.0f * (d.x * m->nx + d.y * m->ny);
    int closes = 0;
    for (int k = 0; k < m->count; k++) closes |= m->sep[k] + dn0 <= 0.0f;
    if (!closes) return 1;
    float R = ra + rb;
    /* The least distance of A's core to B's over the step: to the region
     * B's core sweeps (the parallelogram b0, b1, b1 + d, b0 + d), the least
     * over its four edges (the time: 0, 1, or along a side), or 0 when A's
     * core lies inside it. Ties: the earliest time. */
    cap_vec2 e0 = cap_add(b0, d), e1 = cap_add(b1, d);
    /* (B's end pose first: most of a pile's closing pairs touch there, and
     * then the least distance is within R whatever the rest gives) */
    cap_segment_pair s3 = cap_closest_points_on_segments(a0, a1, e0, e1);
    if (s3.distance <= R) return 1;
    cap_segment_pair s0 = cap_closest_points_on_segments(a0, a1, b0, b1);
    float best = s0.distance, t = 0.0f;
    cap_segment_pair s;
    s = cap_closest_points_on_segments(a0, a1, b0, e0);
    if (s.distance < best || (s.distance == best && s.t < t)) { best = s.distance; t = s.t; }
    s = cap_closest_points_on_segments(a0, a1, b1, e1);
    if (s.distance < best || (s.distance == best && s.t < t)) { best = s.distance; t = s.t; }
    if (s3.distance < best) { best = s3.distance; t = 1.0f; }
    if (best <= R || in_parallelogram(a0, b0, cap_sub(b1, b0), d)) return 1; /* they meet this step: as found */
    int closing = t >= 1.0f;
    if (!(best - R <= (closing ? reach : margin))) return 0;
    /* Rebuilt where B is nearest, its separations taken back to the step's
     * start along the new normal (the solver's separation then falls, over
     * the step, only by the motion along it). */
    bman c;
    if (!cap_body_manifold(a0, a1, ra, cap_mul_add(b0, t, d), cap_mul_add(b1, t, d), rb, reach, &c)) return 1;
    float dn = t * (d.x * c.nx + d.y * c.ny);
    for (int k = 0; k < c.count; k++) c.sep[k] = c.sep[k] - dn;
    *m = c;
    return 1;
}
