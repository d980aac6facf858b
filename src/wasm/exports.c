/* capsule2d — the WebAssembly boundary for the scalar queries and the
 * runtime (memory growth); exports_batch.c, exports_world.c and the other
 * exports_*.c files hold the batch, world, body, joint and layout exports.
 * Only src/wasm/ knows the JS boundary (exports, the context blocks JS
 * reads); the core sees wasm only as a SIMD instruction set (kernels/simd4.h).
 *
 * Scalar queries take flat float arguments (structs passed by value would go
 * through memory in the wasm ABI) and write their result into one float
 * block, g_out (capw_ctx.out, wasm/exports_context.h), that JS reads through a Float32Array view (cap_out()).
 * Layouts of g_out, by query (floats; flags are 0.0 or 1.0):
 *   segment point:  [0] x  [1] y  [2] t            (closest_point_on_segment)
 *   segment pair:   [0] x1 [1] y1 [2] s [3] x2 [4] y2 [5] t [6] distance
 *                                                  (closest_points_on_segments)
 *   contact:        [0] nx [1] ny [2] depth [3] point x [4] point y
 *                   [5] core point x [6] core point y
 *                   (collide_circles, collide_capsule_circle,
 *                    collide_segment_circle)
 *   line contact:   contact, then [7] signed distance  (collide_line_circle)
 *   line distance:  [0] signed distance                (line_signed_distance)
 *   manifold:       contact, then [7] count [8] depth2 [9] point2 x
 *                   [10] point2 y [11] core2 x [12] core2 y  (collide_capsules)
 *   capsule:        [0] ax [1] ay [2] bx [3] by [4] radius
 *                   (capsule_from_axis, capsule_from_angle)
 * The casts write the one hit records instead, into the cast block
 * (capw_ctx.cast, capw_cast_out()), index 0, as the batch and world casts do:
 *   ray hit:        capw_ray_out (ray_cast_circle, ray_cast_segment, ray_cast_capsule)
 *   sweep hit:      capw_sweep_out (sweep_circle_circle, sweep_circle_segment,
 *                   sweep_circle_capsule)
 * Return values: 1 = hit / done (result written), 0 = miss (untouched),
 * negative = the C error code (CAP_ERR_*), untouched.
 * Exported names carry the `capw_` prefix so they never clash with the C API.
 */
#include "capsule2d.h"
#include "wasm/exports_context.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

capw_context capw_ctx;
static float* const g_out = capw_ctx.out; /* the single-query block (a name, not state) */

EMSCRIPTEN_KEEPALIVE float* capw_out(void) { return g_out; }

/* 1 in the SIMD build, 0 in the scalar one. */
EMSCRIPTEN_KEEPALIVE int capw_simd(void)
{
#ifdef __wasm_simd128__
    return 1;
#else
    return 0;
#endif
}

static void put_contact(const cap_contact* c)
{
    g_out[0] = c->normal.x;
    g_out[1] = c->normal.y;
    g_out[2] = c->depth;
    g_out[3] = c->point.x;
    g_out[4] = c->point.y;
    g_out[5] = c->core_point.x;
    g_out[6] = c->core_point.y;
}

EMSCRIPTEN_KEEPALIVE void capw_closest_point_on_segment(float ax, float ay, float bx, float by, float x, float y)
{
    cap_vec2 a = {ax, ay}, b = {bx, by}, p = {x, y};
    cap_segment_point s = cap_closest_point_on_segment(a, b, p);
    g_out[0] = s.point.x;
    g_out[1] = s.point.y;
    g_out[2] = s.t;
}

EMSCRIPTEN_KEEPALIVE int capw_collide_capsule_circle(float ax, float ay, float bx, float by, float ar,
                                                     float cx, float cy, float cr)
{
    cap_capsule a = {{ax, ay}, {bx, by}, ar};
    cap_circle b = {{cx, cy}, cr};
    cap_contact c;
    if (!cap_collide_capsule_circle(a, b, &c)) return 0;
    put_contact(&c);
    return 1;
}

EMSCRIPTEN_KEEPALIVE void capw_closest_points_on_segments(float p1x, float p1y, float q1x, float q1y,
                                                          float p2x, float p2y, float q2x, float q2y)
{
    cap_vec2 p1 = {p1x, p1y}, q1 = {q1x, q1y}, p2 = {p2x, p2y}, q2 = {q2x, q2y};
    cap_segment_pair r = cap_closest_points_on_segments(p1, q1, p2, q2);
    g_out[0] = r.point1.x;
    g_out[1] = r.point1.y;
    g_out[2] = r.s;
    g_out[3] = r.point2.x;
    g_out[4] = r.point2.y;
    g_out[5] = r.t;
    g_out[6] = r.distance;
}

EMSCRIPTEN_KEEPALIVE int capw_point_in_circle(float cx, float cy, float r, float px, float py)
{
    cap_circle c = {{cx, cy}, r};
    cap_vec2 p = {px, py};
    return cap_point_in_circle(c, p);
}

EMSCRIPTEN_KEEPALIVE int capw_point_in_capsule(float ax, float ay, float bx, float by, float r, float px, float py)
{
    cap_capsule c = {{ax, ay}, {bx, by}, r};
    cap_vec2 p = {px, py};
    return cap_point_in_capsule(c, p);
}

EMSCRIPTEN_KEEPALIVE int capw_collide_circles(float ax, float ay, float ar, float bx, float by, float br)
{
    cap_circle a = {{ax, ay}, ar}, b = {{bx, by}, br};
    cap_contact c;
    if (!cap_collide_circles(a, b, &c)) return 0;
    put_contact(&c);
    return 1;
}

EMSCRIPTEN_KEEPALIVE int capw_collide_segment_circle(float ax, float ay, float bx, float by,
                                                     float cx, float cy, float cr)
{
    cap_vec2 a = {ax, ay}, b = {bx, by};
    cap_circle circle = {{cx, cy}, cr};
    cap_contact c;
    if (!cap_collide_segment_circle(a, b, circle, &c)) return 0;
    put_contact(&c);
    return 1;
}

EMSCRIPTEN_KEEPALIVE int capw_collide_line_circle(float ax, float ay, float bx, float by,
                                                  float cx, float cy, float cr)
{
    cap_vec2 a = {ax, ay}, b = {bx, by};
    cap_circle circle = {{cx, cy}, cr};
    cap_line_contact c;
    int r = cap_collide_line_circle(a, b, circle, &c);
    if (r != 1) return r;
    put_contact(&c.contact);
    g_out[7] = c.distance;
    return 1;
}

EMSCRIPTEN_KEEPALIVE int capw_line_signed_distance(float ax, float ay, float bx, float by, float px, float py)
{
    cap_vec2 a = {ax, ay}, b = {bx, by}, p = {px, py};
    float d;
    int r = cap_line_signed_distance(a, b, p, &d);
    if (r != 1) return r;
    g_out[0] = d;
    return 1;
}

EMSCRIPTEN_KEEPALIVE int capw_collide_capsules(float a1x, float a1y, float b1x, float b1y, float r1,
                                               float a2x, float a2y, float b2x, float b2y, float r2)
{
    cap_capsule a = {{a1x, a1y}, {b1x, b1y}, r1}, b = {{a2x, a2y}, {b2x, b2y}, r2};
    cap_manifold m;
    if (!cap_collide_capsules(a, b, &m)) return 0;
    put_contact(&m.contact);
    g_out[7] = (float)m.count;
    g_out[8] = m.depth2;
    g_out[9] = m.point2.x;
    g_out[10] = m.point2.y;
    g_out[11] = m.core_point2.x;
    g_out[12] = m.core_point2.y;
    return 1;
}

static void put_capsule(const cap_capsule* c)
{
    g_out[0] = c->a.x;
    g_out[1] = c->a.y;
    g_out[2] = c->b.x;
    g_out[3] = c->b.y;
    g_out[4] = c->radius;
}

EMSCRIPTEN_KEEPALIVE int capw_capsule_from_axis(float cx, float cy, float axis_x, float axis_y, float length, float r)
{
    cap_vec2 c = {cx, cy}, axis = {axis_x, axis_y};
    cap_capsule cap;
    if (!cap_capsule_from_axis(c, axis, length, r, &cap)) return 0;
    put_capsule(&cap);
    return 1;
}

EMSCRIPTEN_KEEPALIVE int capw_capsule_from_angle(float cx, float cy, float angle, float length, float r)
{
    cap_vec2 c = {cx, cy};
    cap_capsule cap;
    if (!cap_capsule_from_angle(c, angle, length, r, &cap)) return 0;
    put_capsule(&cap);
    return 1;
}

/* A single cast's hit goes into the cast block as the one ray-hit record
 * (capw_ray_out, as the batch and world casts write it), index 0. */
__attribute__((noinline)) static int put_ray_hit(int r, const cap_ray_hit* h)
{
    if (r != 1) return r;
    capw_ray_out o = {0, h->fraction, h->point.x, h->point.y, h->normal.x, h->normal.y, (uint32_t)h->starts_inside};
    capw_ctx.cast.ray = o;
    return 1;
}

EMSCRIPTEN_KEEPALIVE int capw_ray_cast_circle(float cx, float cy, float r,
                                              float ox, float oy, float dx, float dy, float max_fraction)
{
    cap_circle c = {{cx, cy}, r};
    cap_ray ray = {{ox, oy}, {dx, dy}, max_fraction};
    cap_ray_hit h;
    return put_ray_hit(cap_ray_cast_circle(c, ray, &h), &h);
}

EMSCRIPTEN_KEEPALIVE int capw_ray_cast_segment(float ax, float ay, float bx, float by,
                                               float ox, float oy, float dx, float dy, float max_fraction)
{
    cap_vec2 a = {ax, ay}, b = {bx, by};
    cap_ray ray = {{ox, oy}, {dx, dy}, max_fraction};
    cap_ray_hit h;
    return put_ray_hit(cap_ray_cast_segment(a, b, ray, &h), &h);
}

EMSCRIPTEN_KEEPALIVE int capw_ray_cast_capsule(float ax, float ay, float bx, float by, float r,
                                               float ox, float oy, float dx, float dy, float max_fraction)
{
    cap_capsule c = {{ax, ay}, {bx, by}, r};
    cap_ray ray = {{ox, oy}, {dx, dy}, max_fraction};
    cap_ray_hit h;
    return put_ray_hit(cap_ray_cast_capsule(c, ray, &h), &h);
}

/* The same for a sweep: the one sweep-hit record (capw_sweep_out), index 0. */
__attribute__((noinline)) static int put_sweep_hit(int r, const cap_sweep_hit* h)
{
    if (r != 1) return r;
    capw_sweep_out o = {0, h->t, h->center.x, h->center.y, h->normal.x, h->normal.y,
                        h->point.x, h->point.y, (uint32_t)h->starts_inside};
    capw_ctx.cast.sweep = o;
    return 1;
}

EMSCRIPTEN_KEEPALIVE int capw_sweep_circle_circle(float cx, float cy, float cr,
                                                  float x0, float y0, float x1, float y1, float r)
{
    cap_circle c = {{cx, cy}, cr};
    cap_vec2 p0 = {x0, y0}, p1 = {x1, y1};
    cap_sweep_hit h;
    return put_sweep_hit(cap_sweep_circle_circle(c, p0, p1, r, &h), &h);
}

EMSCRIPTEN_KEEPALIVE int capw_sweep_circle_segment(float ax, float ay, float bx, float by,
                                                   float x0, float y0, float x1, float y1, float r)
{
    cap_vec2 a = {ax, ay}, b = {bx, by}, p0 = {x0, y0}, p1 = {x1, y1};
    cap_sweep_hit h;
    return put_sweep_hit(cap_sweep_circle_segment(a, b, p0, p1, r, &h), &h);
}

EMSCRIPTEN_KEEPALIVE int capw_sweep_circle_capsule(float ax, float ay, float bx, float by, float cr,
                                                   float x0, float y0, float x1, float y1, float r)
{
    cap_capsule c = {{ax, ay}, {bx, by}, cr};
    cap_vec2 p0 = {x0, y0}, p1 = {x1, y1};
    cap_sweep_hit h;
    return put_sweep_hit(cap_sweep_circle_capsule(c, p0, p1, r, &h), &h);
}
