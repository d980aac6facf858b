/* capsule2d — times of impact for the step's sweeps: a ball's centre
 * moving in a straight line against a segment's core grown by a radius
 * (cap_toi_segment: the continuous collision of ccd.c, the contacts'
 * clipping of contacts_static.c) and against the core of a capsule that turns
 * while it moves (cap_toi_turning: ccd.c, movers.c). Pure: no state. */
#include "core/scalar.h"
#include "world/step_internal.h"

/* Earliest t in [0, 1] at which p0 + t d comes within R of segment a-b; 0
 * when p0 is within R already and moves closer; 2 when it never does. */
float cap_toi_segment(float p0x, float p0y, float dx, float dy, float ax, float ay, float bx, float by, float R, float slop)
{
    float best = 2.0f;
    float ends[2][2] = {{ax, ay}, {bx, by}};
    float dd = dx * dx + dy * dy;
    if (!(dd > 0.0f)) return best;
    for (int e = 0; e < 2; e++) {
        float wx = p0x - ends[e][0], wy = p0y - ends[e][1];
        float b = wx * dx + wy * dy;
        if (b >= 0.0f) continue;
        float c = wx * wx + wy * wy - R * R;
        if (c <= 0.0f) { /* within R already (rounding): stop now, */
            /* unless the path only grazes the end: out of R again by its
             * end and never a slop deeper on the way (a ball sliding round
             * a cap it started against would otherwise never move). */
            if (c + 2.0f * b + dd >= 0.0f && b * b / dd - c <= slop * (2.0f * R - slop)) continue;
            best = 0.0f;
            continue;
        }
        /* b^2 - dd c written as dd R^2 - (w x d)^2 (the same by Lagrange's
         * identity), which keeps its digits when the path is long and
         * passes close to the end: b^2 and dd c nearly cancel there. */
        float cr = wx * dy - wy * dx;
        float disc = dd * (R * R) - cr * cr;
        if (disc < 0.0f) continue;
        float t = c / (__builtin_sqrtf(disc) - b); /* stable root: c / (-b + sqrt) */
        if (t >= 0.0f && t < best) best = t;
    }
    float ex = bx - ax, ey = by - ay;
    cap_vec2 u = {0.0f, 0.0f};
    float len = cap_length_and_normalize(cap_v2(ex, ey), &u);
    if (len > 0.0f) {
        float nx = 0.0f - u.y, ny = u.x;
        float wx = p0x - ax, wy = p0y - ay;
        float s0 = wx * nx + wy * ny, rate = dx * nx + dy * ny;
        /* Toward the side the start is on; a start already within R of
         * the line (rounding between this and the caller's distance) is a
         * hit at t = 0 when its foot is on the segment. */
        float t = 2.0f;
        if (s0 >= 0.0f && rate < 0.0f) t = fmax2(0.0f, (s0 - R) / (0.0f - rate));
        else if (s0 < 0.0f && rate > 0.0f) t = fmax2(0.0f, (0.0f - s0 - R) / rate);
        if (t < best) {
            float along = (wx + t * dx) * u.x + (wy + t * dy) * u.y;
            if (along >= 0.0f && along <= len) best = t;
        }
    }
    return best;
}

/* Narrows [lo, hi] to the t at which v0 + t rate lies in [m, M]. */
static void clip_range(float v0, float rate, float m, float M, float* lo, float* hi)
{
    if (rate == 0.0f) {
        if (v0 < m || v0 > M) *hi = -1.0f;
        return;
    }
    float t1 = (m - v0) / rate, t2 = (M - v0) / rate;
    if (t1 > t2) { float tt = t1; t1 = t2; t2 = tt; }
    *lo = fmax2(*lo, t1);
    *hi = fmin2(*hi, t2);
}

/* The least t in [0, 1] at which p + t d lies within R of segment a-b
 * (touching counts: distance <= R), or 2 when it never does. The capsule
 * of radius R is two discs and a band; the path's first point in it is the
 * first of its entries into them. */
static float first_within(float px, float py, float dx, float dy, float ax, float ay, float bx, float by, float R)
{
    cap_segment_point q = cap_closest_point_on_segment(cap_v2(ax, ay), cap_v2(bx, by), cap_v2(px, py));
    float qx = px - q.point.x, qy = py - q.point.y;
    if (qx * qx + qy * qy <= R * R) return 0.0f;
    float dd = dx * dx + dy * dy, best = 2.0f;
    if (!(dd > 0.0f)) return best;
    float ends[2][2] = {{ax, ay}, {bx, by}};
    for (int e = 0; e < 2; e++) {
        float wx = px - ends[e][0], wy = py - ends[e][1];
        float b = wx * dx + wy * dy, c = wx * wx + wy * wy - R * R;
        if (b >= 0.0f) continue; /* (outside, not closing in: never enters) */
        float cr = wx * dy - wy * dx, disc = dd * (R * R) - cr * cr; /* as toi_segment */
        if (disc < 0.0f) continue;
        float t = c > 0.0f ? c / (__builtin_sqrtf(disc) - b) : 0.0f;
        best = fmin2(best, t);
    }
    cap_vec2 u = {0.0f, 0.0f};
    float len = cap_length_and_normalize(cap_v2(bx - ax, by - ay), &u);
    if (len > 0.0f) {
        float wx = px - ax, wy = py - ay, lo = 0.0f, hi = 1.0f;
        clip_range(wy * u.x - wx * u.y, dy * u.x - dx * u.y, 0.0f - R, R, &lo, &hi);
        clip_range(wx * u.x + wy * u.y, dx * u.x + dy * u.y, 0.0f, len, &lo, &hi);
        if (lo <= hi) best = fmin2(best, lo);
    }
    return best <= 1.0f ? best : 2.0f;
}

/* Time of impact of a ball with a capsule that turns while it moves: the
 * ball's centre relative to the capsule's pivot starts at (qx, qy) and
 * moves by (rx, ry) over the step (t in [0, 1]); the capsule's core runs
 * from -la to lb along angle th0 + t dth. Returns the first t at which the
 * centre comes within R of the core (touching counts), or 2.
 *
 * Over a span [ta, tb] of the step the core is within e = |dth| (tb - ta) /
 * 2 max(la, lb) of its pose at the span's middle angle, which only
 * translates with the pivot: the ball's path relative to that pose is
 * straight, and its first point within R + e of it (first_within) bounds
 * the span's impact from below. No point: the span is clear. Else the span
 * from that point on is halved, earlier half first, until e is at most tol
 * (a quarter slop): the answer is then within e of the impact and never
 * past it. A capsule that does not turn is one span with e = 0: exact.
 * Spans are worked in time order on a small stack; after 256 spans (a path
 * that grazes the core at length) the bound found last is returned: early,
 * never late. */
float cap_toi_turning(float qx, float qy, float rx, float ry, float th0, float dth, float la, float lb, float R, float tol)
{
    float span[64][2];
    int top = 0, spans = 0;
    span[top][0] = 0.0f;
    span[top][1] = 1.0f;
    top++;
    float reach = fmax2(la, lb) * 1.0009765625f; /* (covers the rounding of the chord bound) */
    while (top > 0) {
        top--;
        float ta = span[top][0], tb = span[top][1], tm = 0.5f * (ta + tb);
        float e = __builtin_fabsf(dth) * (0.5f * (tb - ta)) * reach;
        float c, sn, ang = th0 + tm * dth;
        cap_cos_sin(cap_finite(ang) ? ang : 0.0f, &c, &sn);
        float f = first_within(qx + ta * rx, qy + ta * ry, (tb - ta) * rx, (tb - ta) * ry, 0.0f - la * c, 0.0f - la * sn, lb * c, lb * sn, R + e);
        if (f > 1.0f) continue;
        float th = ta + f * (tb - ta);
        if (!(e > tol) || ++spans >= 256 || top + 2 > 64 || !(th < tb)) return th;
        float mid = 0.5f * (th + tb);
        span[top][0] = mid; span[top][1] = tb; top++;
        span[top][0] = th; span[top][1] = mid; top++;
    }
    return 2.0f;
}
