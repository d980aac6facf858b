/* capsule2d — ray casts and swept circles (pure functions).
 * Conventions are stated at each declaration in capsule2d.h.
 *
 * Every cast reduces to one question: where does the path o + s D (s >= 0)
 * first enter a capsule (core a->b, radius r; r = 0 is a segment, a = b a
 * circle)? The answer is computed in double precision from the float inputs,
 * then rounded once: float32 squares and cross products of float32
 * coordinates are exact or nearly so in double, nothing overflows or
 * underflows for any finite float32 input, and the ill-conditioned cases
 * (grazing a side, a path nearly parallel to it, an exact touch) keep their
 * digits. Double arithmetic is IEEE in every build (native, wasm scalar,
 * wasm SIMD; contraction is off), so the bits still match everywhere.
 *
 * Whether the start is inside, and whether the end touches, is decided by
 * the float static tests (cap_point_in_capsule's and cap_collide_*'s
 * measure), so a cast never disagrees with them there. */
#include <stddef.h>

#include "core/scalar.h"
#include "core/core_internal.h"

/* The path o + s d, in double. */
typedef struct cap_path {
    double ox, oy, dx, dy;
} cap_path;

/* What a cast against one shape found. */
enum { CAP_CAST_MISS = 0, CAP_CAST_HIT = 1, CAP_CAST_INSIDE = 2 };

/* |a|, the sign bit cleared (one instruction where a < 0 ? -a : a is a
 * compare and a select; the two differ only on -0 and a NaN's sign, which
 * never reach a cast's result: they meet only comparisons and r -+ h). */
static double cap_absd(double a) { return __builtin_fabs(a); }

/* Earliest entry of the path into the capsule (a, b, r): the two flat sides
 * and the two end circles, each tested against the core itself (never
 * against offset copies of it). A side counts only where the entry point
 * projects onto the core, measured from that point, so a path nearly
 * parallel to a side reports a point on the surface.
 * Returns CAP_CAST_INSIDE when the origin is inside or on the surface by
 * one of these measures (a start within rounding of the surface), else
 * CAP_CAST_HIT with *s > 0 (in units of d) and the outward unit normal
 * (nx, ny), or CAP_CAST_MISS. */
static int cap_cast_core(cap_capsule c, const cap_cast_axis* axis, cap_path p, double dd, double* s, double* nx,
                         double* ny)
{
    double ax = c.a.x, ay = c.a.y, r = c.radius;
    double ex = axis->ex, ey = axis->ey, le = axis->le;
    int found = 0;
    double best = 0.0, bx = 0.0, by = 0.0;
    if (le > 0.0) {
        double wx = p.ox - ax, wy = p.oy - ay;
        double s0 = ex * wy - ey * wx; /* signed distance from the core's line */
        double as0 = cap_absd(s0);
        if (as0 <= r) {
            /* Between the side lines: inside if beside the core, else only
             * an end circle can be entered. */
            double along = ex * wx + ey * wy;
            if (along >= 0.0 && along <= le) return CAP_CAST_INSIDE;
        } else {
            double vs = ex * p.dy - ey * p.dx;            /* sideways speed */
            double approach = s0 > 0.0 ? 0.0 - vs : vs; /* closing speed */
            if (approach > 0.0) {
                double t = (as0 - r) / approach;
                double ta = ex * (p.ox + t * p.dx - ax) + ey * (p.oy + t * p.dy - ay);
                if (t > 0.0 && ta >= 0.0 && ta <= le) {
                    found = 1, best = t;
                    bx = s0 > 0.0 ? 0.0 - ey : ey;
                    by = s0 > 0.0 ? ex : 0.0 - ex;
                }
            }
        }
    }
    for (int end = 0; end < (le > 0.0 ? 2 : 1); end++) {
        double cx = end ? c.b.x : c.a.x, cy = end ? c.b.y : c.a.y;
        double mx = p.ox - cx, my = p.oy - cy;
        if (__builtin_sqrt(mx * mx + my * my) <= r) return CAP_CAST_INSIDE;
        double bm = (mx * p.dx + my * p.dy) / dd;          /* < 0 while the centre is ahead */
        double h = cap_absd(p.dx * my - p.dy * mx) / dd; /* its distance from the path's line */
        if (!(bm < 0.0) || !(h <= r)) continue;
        double t = ((0.0 - bm) - __builtin_sqrt((r - h) * (r + h))) / dd;
        if (!(t > 0.0)) return CAP_CAST_INSIDE; /* outside by less than rounding */
        if (found && !(t < best)) continue;     /* ties keep the side */
        found = 1, best = t;
        double qx = p.ox + t * p.dx - cx, qy = p.oy + t * p.dy - cy;
        double lq = __builtin_sqrt(qx * qx + qy * qy);
        if (r > 0.0 && lq > 0.0) {
            bx = qx / lq, by = qy / lq;
        } else { /* a point: the normal faces back along the path */
            bx = (0.0 - p.dx) / dd, by = (0.0 - p.dy) / dd;
        }
    }
    if (!found) return CAP_CAST_MISS;
    *s = best;
    *nx = bx;
    *ny = by;
    return CAP_CAST_HIT;
}

/* A ray with a finite, nonzero direction and 0 <= max_fraction < inf. */
static int cap_ray_ok(cap_ray ray)
{
    if (!(ray.max_fraction >= 0.0f && ray.max_fraction <= 3.40282347e38f)) return 0;
    if (!(cap_absf(ray.direction.x) <= 3.40282347e38f && cap_absf(ray.direction.y) <= 3.40282347e38f)) return 0;
    return !(ray.direction.x == 0.0f && ray.direction.y == 0.0f);
}

/* -direction/|direction|: the normal of a start inside (a ray cap_ray_ok
 * accepts). */
static cap_vec2 cap_ray_back(cap_ray ray)
{
    cap_vec2 u = {0.0f, 0.0f};
    cap_length_and_normalize(ray.direction, &u);
    return cap_neg(u);
}

/* Ray against the capsule c (its axis, cap_cast_axis_of, and the path's
 * |d| in dd: both made here when axis is NULL); a ray cap_ray_ok accepts
 * (the caller's check). A hit beyond
 * max_fraction, or no hit, still counts when the ray's end point touches
 * the shape by the static test's measure, so an exact touch at the end is
 * never lost to rounding; end_touch = 0 leaves that to the caller (the
 * sweeps). */
static int cap_cast(const cap_capsule* cp, const cap_cast_axis* axis, const cap_ray* rp, const cap_path* pp, double dd,
                    int end_touch, cap_ray_hit* out)
{
    /* (by address: every caller's call stays small in wasm, where a struct
     * passed by value is copied at each call) */
    cap_capsule c = *cp;
    cap_ray ray = *rp;
    cap_path p = *pp;
    cap_cast_axis own;
    if (!axis) {
        cap_cast_axis_of(&own, c.a.x, c.a.y, c.b.x, c.b.y), axis = &own;
        dd = __builtin_sqrt(p.dx * p.dx + p.dy * p.dy);
    }
    double s = 0.0, nx = 0.0, ny = 0.0;
    int k = cap_point_in_capsule(c, ray.origin) ? CAP_CAST_INSIDE : cap_cast_core(c, axis, p, dd, &s, &nx, &ny);
    if (k == CAP_CAST_INSIDE) {
        out->fraction = 0.0f;
        out->point = ray.origin;
        out->normal = cap_ray_back(ray);
        out->starts_inside = 1;
        return 1;
    }
    if (k == CAP_CAST_HIT && s <= (double)ray.max_fraction) {
        out->fraction = (float)s;
        out->point = cap_v2((float)(p.ox + s * p.dx), (float)(p.oy + s * p.dy));
        out->normal = cap_v2((float)nx + 0.0f, (float)ny + 0.0f); /* a tiny negative rounds to -0: + 0 */
        out->starts_inside = 0;
        return 1;
    }
    if (!end_touch) return 0;
    cap_vec2 x = cap_v2((float)(p.ox + (double)ray.max_fraction * p.dx),
                        (float)(p.oy + (double)ray.max_fraction * p.dy));
    cap_circle end = {x, 0.0f};
    cap_contact ct;
    if (!cap_capsule_circle_contact(c, end, &ct)) return 0;
    out->fraction = ray.max_fraction;
    out->point = x;
    /* the outward normal there; an end exactly on the core (r = 0) takes the
     * side facing the origin, or -direction along the core's line or at a
     * point */
    out->normal = ct.normal;
    if (!(ct.depth < c.radius)) {
        cap_vec2 back = cap_ray_back(ray);
        float dn = cap_dot(ct.normal, back);
        if (dn < 0.0f) out->normal = cap_neg(ct.normal);
        if (dn == 0.0f || (c.a.x == c.b.x && c.a.y == c.b.y)) out->normal = back;
    }
    out->starts_inside = 0;
    return 1;
}

static cap_path cap_ray_path(cap_ray ray)
{
    cap_path p = {ray.origin.x, ray.origin.y, ray.direction.x, ray.direction.y};
    return p;
}

/* The public ray casts: the ray checked, then the cast (one copy). */
CAP_NOINLINE static int cap_ray_cast(const cap_capsule* c, const cap_ray* ray, cap_ray_hit* out)
{
    return cap_ray_ok(*ray) ? cap_ray_cast_axis(c, NULL, ray, 0.0, out) : CAP_ERR_BAD_RAY;
}

int cap_ray_cast_circle(cap_circle c, cap_ray ray, cap_ray_hit* out)
{
    cap_capsule shape = {c.center, c.center, c.radius};
    return cap_ray_cast(&shape, &ray, out);
}

int cap_ray_cast_segment(cap_vec2 a, cap_vec2 b, cap_ray ray, cap_ray_hit* out)
{
    cap_capsule shape = {a, b, 0.0f};
    return cap_ray_cast(&shape, &ray, out);
}

int cap_ray_cast_capsule(cap_capsule c, cap_ray ray, cap_ray_hit* out) { return cap_ray_cast(&c, &ray, out); }

int cap_ray_cast_axis(const cap_capsule* c, const cap_cast_axis* axis, const cap_ray* ray, double dd, cap_ray_hit* out)
{
    cap_path p = cap_ray_path(*ray);
    return cap_cast(c, axis, ray, &p, dd, 1, out);
}

/* The circle (x0 -> x1, radius r) against the capsule: the static test at
 * x0 (starts_inside), else the path x0 + t (x1 - x0) against the capsule
 * inflated by r, else the static test at x1 (an exact touch at t = 1
 * counts). A start the cast finds on the surface within rounding is also
 * starts_inside, with the static test's normal and point. (axis and dd as
 * cap_cast's.) */
int cap_sweep_axis(const cap_capsule* sp, const cap_cast_axis* axis, const cap_vec2* x0p, const cap_vec2* x1p, float r,
                   double dd, cap_sweep_hit* out)
{
    cap_capsule shape = *sp;
    cap_vec2 x0 = *x0p, x1 = *x1p;
    cap_circle moving = {x0, r};
    cap_contact c;
    int touching = cap_capsule_circle_contact(shape, moving, &c);
    cap_capsule grown = {shape.a, shape.b, shape.radius + r};
    cap_ray ray = {x0, cap_sub(x1, x0), 1.0f};
    cap_path p = {x0.x, x0.y, (double)x1.x - x0.x, (double)x1.y - x0.y};
    cap_ray_hit rh;
    int hit = 0;
    if (!touching && !(p.dx == 0.0 && p.dy == 0.0)) {
        /* the float direction is not read here (a start inside takes the
         * static test's normal; no end touch): keep it a valid one, nonzero
         * and finite, where x1 - x0 rounds to 0 or overflows in float */
        ray.direction = cap_v2(1.0f, 0.0f);
        hit = cap_cast(&grown, axis, &ray, &p, dd, 0, &rh);
    }
    if (touching || (hit == 1 && rh.starts_inside)) {
        out->t = 0.0f;
        out->center = x0;
        out->normal = c.normal;
        out->point = c.point;
        out->starts_inside = 1;
        return 1;
    }
    if (hit == 1) {
        out->t = rh.fraction;
        out->center = rh.point;
        out->normal = rh.normal;
        out->point = cap_v2((float)((double)rh.point.x - (double)r * rh.normal.x),
                            (float)((double)rh.point.y - (double)r * rh.normal.y));
        out->starts_inside = 0;
        return 1;
    }
    if (p.dx == 0.0 && p.dy == 0.0) return 0; /* x0 == x1: the static test decided */
    cap_circle end = {x1, r};
    if (!cap_collide_capsule_circle(shape, end, &c)) return 0;
    out->t = 1.0f;
    out->center = x1;
    out->normal = c.normal;
    out->point = c.point;
    out->starts_inside = 0;
    return 1;
}

int cap_sweep_circle_circle(cap_circle shape, cap_vec2 x0, cap_vec2 x1, float r, cap_sweep_hit* out)
{
    cap_capsule s = {shape.center, shape.center, shape.radius};
    return cap_sweep_axis(&s, NULL, &x0, &x1, r, 0.0, out);
}

int cap_sweep_circle_segment(cap_vec2 a, cap_vec2 b, cap_vec2 x0, cap_vec2 x1, float r, cap_sweep_hit* out)
{
    cap_capsule shape = {a, b, 0.0f};
    return cap_sweep_axis(&shape, NULL, &x0, &x1, r, 0.0, out);
}

int cap_sweep_circle_capsule(cap_capsule shape, cap_vec2 x0, cap_vec2 x1, float r, cap_sweep_hit* out)
{
    return cap_sweep_axis(&shape, NULL, &x0, &x1, r, 0.0, out);
}
