/* capsule2d — ray casts and swept circles (pure functions).
 * Conventions are stated at each declaration in capsule2d.h.
 *
 * Every cast works with the unit direction u = D / |D| and distances along
 * it, never with |D|^2 or quadratic coefficients, so huge (1e20) and tiny
 * (1e-30) coordinates neither overflow nor underflow. The fraction is the
 * distance divided by |D|. */
#include "core/scalar.h"

/* Checks the ray; on success writes its unit direction and |D| as
 * len * 2^half: when |D| itself overflows float32 (a finite D longer than
 * 3.4e38), len is |D / 2| and half = 1. */
typedef struct cap_ray_len {
    float len;
    int half;
} cap_ray_len;

static int cap_ray_ok(cap_ray ray, cap_vec2* u, cap_ray_len* rl)
{
    if (!(ray.max_fraction >= 0.0f && ray.max_fraction <= 3.40282347e38f)) return 0;
    if (!(cap_absf(ray.direction.x) <= 3.40282347e38f && cap_absf(ray.direction.y) <= 3.40282347e38f)) return 0;
    rl->half = 0;
    rl->len = cap_length_and_normalize(ray.direction, u);
    if (!(rl->len <= 3.40282347e38f)) {
        rl->half = 1;
        rl->len = cap_length(cap_scale(0.5f, ray.direction));
    }
    return rl->len > 0.0f;
}

static void cap_inside_hit(cap_ray ray, cap_vec2 u, cap_ray_hit* out)
{
    out->fraction = 0.0f;
    out->point = ray.origin;
    out->normal = cap_neg(u);
    out->starts_inside = 1;
}

/* Distance along u from o to where the ray enters the circle (o outside). */
static int cap_enter_circle(cap_vec2 center, float r, cap_vec2 o, cap_vec2 u, float* dist)
{
    cap_vec2 m = cap_sub(o, center);
    float b = cap_dot(m, u);        /* < 0 while the centre is ahead */
    float h = cap_absf(cap_cross(u, m)); /* the centre's distance from the ray's line */
    if (b > 0.0f || !(h <= r)) return 0;
    /* half chord sqrt(r^2 - h^2), as a product of roots so r^2 never forms */
    float w = __builtin_sqrtf(r - h) * __builtin_sqrtf(r + h);
    float d = (0.0f - b) - w;
    *dist = d > 0.0f ? d : 0.0f;
    return 1;
}

/* Distance along u from o (not on the segment) to segment a->b, and the
 * normal facing o's side (or -u for a collinear or point hit). */
static int cap_enter_segment(cap_vec2 a, cap_vec2 b, cap_vec2 o, cap_vec2 u, float* dist, cap_vec2* normal)
{
    cap_vec2 e = cap_v2(0.0f, 0.0f);
    float le = cap_length_and_normalize(cap_sub(b, a), &e);
    cap_vec2 ao = cap_sub(a, o);
    float den = cap_cross(u, e);
    if (le == 0.0f || den == 0.0f) {
        /* Parallel (or a point): only a ray along the same line hits, at the
         * first endpoint it reaches. */
        if (cap_cross(u, ao) != 0.0f) return 0;
        float da = cap_dot(ao, u), db = cap_dot(cap_sub(b, o), u);
        if (da < 0.0f && db < 0.0f) return 0;
        float d = da < 0.0f ? db : (db < 0.0f ? da : cap_minf(da, db));
        *dist = d;
        *normal = cap_neg(u);
        return 1;
    }
    /* o + s u = a + t e: cross with e and with u (t in length units). */
    float s = cap_cross(ao, e) / den;
    float t = cap_cross(ao, u) / den;
    if (s < 0.0f || t < 0.0f || t > le) return 0;
    cap_vec2 n = cap_left_perp(e);
    if (cap_dot(n, u) > 0.0f) n = cap_neg(n); /* face the origin */
    *dist = s;
    *normal = n;
    return 1;
}

/* Writes a hit at distance dist along the ray when it is within reach. */
static int cap_ray_finish(cap_ray ray, cap_ray_len rl, float dist, cap_vec2 normal, cap_ray_hit* out)
{
    float fraction = dist / rl.len;
    if (rl.half) fraction *= 0.5f;
    if (!(fraction <= ray.max_fraction)) return 0;
    out->fraction = fraction;
    out->point = cap_mul_add(ray.origin, fraction, ray.direction);
    out->normal = normal;
    out->starts_inside = 0;
    return 1;
}

/* Outward unit normal of a circle at the point o + dist u; -u when the point
 * is the centre (a circle of radius 0). */
static cap_vec2 cap_circle_normal(cap_vec2 center, cap_vec2 o, cap_vec2 u, float dist)
{
    cap_vec2 n = cap_neg(u);
    cap_length_and_normalize(cap_sub(cap_mul_add(o, dist, u), center), &n);
    return n;
}

int cap_ray_cast_circle(cap_circle c, cap_ray ray, cap_ray_hit* out)
{
    cap_vec2 u = {0.0f, 0.0f};
    cap_ray_len len;
    float dist;
    if (!cap_ray_ok(ray, &u, &len)) return CAP_ERR_BAD_RAY;
    if (cap_length(cap_sub(ray.origin, c.center)) <= c.radius) {
        cap_inside_hit(ray, u, out);
        return 1;
    }
    if (!cap_enter_circle(c.center, c.radius, ray.origin, u, &dist)) return 0;
    return cap_ray_finish(ray, len, dist, cap_circle_normal(c.center, ray.origin, u, dist), out);
}

int cap_ray_cast_segment(cap_vec2 a, cap_vec2 b, cap_ray ray, cap_ray_hit* out)
{
    cap_vec2 u = {0.0f, 0.0f}, n = {0.0f, 0.0f};
    cap_ray_len len;
    float dist;
    if (!cap_ray_ok(ray, &u, &len)) return CAP_ERR_BAD_RAY;
    cap_segment_point p = cap_closest_point_on_segment(a, b, ray.origin);
    if (cap_length(cap_sub(ray.origin, p.point)) == 0.0f) {
        cap_inside_hit(ray, u, out);
        return 1;
    }
    if (!cap_enter_segment(a, b, ray.origin, u, &dist, &n)) return 0;
    return cap_ray_finish(ray, len, dist, n, out);
}

int cap_ray_cast_capsule(cap_capsule c, cap_ray ray, cap_ray_hit* out)
{
    cap_vec2 u = {0.0f, 0.0f}, axis = {0.0f, 0.0f};
    cap_ray_len len;
    if (!cap_ray_ok(ray, &u, &len)) return CAP_ERR_BAD_RAY;
    if (!(c.radius > 0.0f)) return cap_ray_cast_segment(c.a, c.b, ray, out);
    if (!(cap_length_and_normalize(cap_sub(c.b, c.a), &axis) > 0.0f)) {
        cap_circle circle = {c.a, c.radius};
        return cap_ray_cast_circle(circle, ray, out);
    }
    cap_vec2 o = ray.origin;
    cap_segment_point p = cap_closest_point_on_segment(c.a, c.b, o);
    if (cap_length(cap_sub(o, p.point)) <= c.radius) {
        cap_inside_hit(ray, u, out);
        return 1;
    }
    /* The first entry into the union of the end circles and the two flat
     * sides; ties keep the earlier candidate (circles first). */
    int found = 0;
    float best = 0.0f, d;
    cap_vec2 best_n = cap_neg(u), n = {0.0f, 0.0f};
    if (cap_enter_circle(c.a, c.radius, o, u, &d)) {
        found = 1, best = d, best_n = cap_circle_normal(c.a, o, u, d);
    }
    if (cap_enter_circle(c.b, c.radius, o, u, &d) && (!found || d < best)) {
        found = 1, best = d, best_n = cap_circle_normal(c.b, o, u, d);
    }
    cap_vec2 side = cap_scale(c.radius, cap_left_perp(axis));
    if (cap_enter_segment(cap_add(c.a, side), cap_add(c.b, side), o, u, &d, &n) && (!found || d < best)) {
        found = 1, best = d, best_n = n;
    }
    if (cap_enter_segment(cap_sub(c.a, side), cap_sub(c.b, side), o, u, &d, &n) && (!found || d < best)) {
        found = 1, best = d, best_n = n;
    }
    if (!found) return 0;
    return cap_ray_finish(ray, len, best, best_n, out);
}

/* Turns a ray hit against the inflated shape into a sweep hit. */
static int cap_sweep_finish(int hit, const cap_ray_hit* rh, float r, cap_sweep_hit* out)
{
    if (hit != 1) return 0;
    out->t = rh->fraction;
    out->center = rh->point;
    out->normal = rh->normal;
    out->point = cap_mul_add(rh->point, 0.0f - r, rh->normal);
    out->starts_inside = 0;
    return 1;
}

static void cap_sweep_start(cap_vec2 x0, const cap_contact* c, cap_sweep_hit* out)
{
    out->t = 0.0f;
    out->center = x0;
    out->normal = c->normal;
    out->point = c->point;
    out->starts_inside = 1;
}

static cap_ray cap_sweep_ray(cap_vec2 x0, cap_vec2 x1)
{
    cap_ray ray = {x0, cap_sub(x1, x0), 1.0f};
    return ray;
}

int cap_sweep_circle_circle(cap_circle shape, cap_vec2 x0, cap_vec2 x1, float r, cap_sweep_hit* out)
{
    cap_circle moving = {x0, r};
    cap_contact c;
    if (cap_collide_circles(shape, moving, &c)) {
        cap_sweep_start(x0, &c, out);
        return 1;
    }
    cap_circle grown = {shape.center, shape.radius + r};
    cap_ray_hit rh;
    return cap_sweep_finish(cap_ray_cast_circle(grown, cap_sweep_ray(x0, x1), &rh), &rh, r, out);
}

int cap_sweep_circle_segment(cap_vec2 a, cap_vec2 b, cap_vec2 x0, cap_vec2 x1, float r, cap_sweep_hit* out)
{
    cap_capsule shape = {a, b, 0.0f};
    return cap_sweep_circle_capsule(shape, x0, x1, r, out);
}

int cap_sweep_circle_capsule(cap_capsule shape, cap_vec2 x0, cap_vec2 x1, float r, cap_sweep_hit* out)
{
    cap_circle moving = {x0, r};
    cap_contact c;
    if (cap_collide_capsule_circle(shape, moving, &c)) {
        cap_sweep_start(x0, &c, out);
        return 1;
    }
    cap_capsule grown = {shape.a, shape.b, shape.radius + r};
    cap_ray_hit rh;
    return cap_sweep_finish(cap_ray_cast_capsule(grown, cap_sweep_ray(x0, x1), &rh), &rh, r, out);
}
