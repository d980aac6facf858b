/* capsule2d — the WebAssembly boundary. The only file that knows about wasm.
 *
 * Scalar queries take flat float arguments (structs passed by value would go
 * through memory in the wasm ABI) and write their result into one static
 * float block, g_out, that JS reads through a Float32Array view (cap_out()).
 * Layouts of g_out, by query:
 *   segment point:  [0] x  [1] y  [2] t
 *   contact:        [0] nx [1] ny [2] depth [3] point x [4] point y
 *                   [5] core point x [6] core point y
 * Exported names carry the `capw_` prefix so they never clash with the C API.
 */
#include "../capsule2d.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

#define CAP_OUT_FLOATS 32
static float g_out[CAP_OUT_FLOATS];

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
