/* capsule2d — the WebAssembly boundary of the batch API (capsule2d_batch.h).
 * Sets and buffers are passed as pointers; JS reads their fields (layouts in
 * capsule2d_batch.h, 4-byte fields) and arrays straight from memory. Every
 * call returns a CAP_BATCH_* code; details of the last error are in the
 * block at capw_batch_error(): code, set, field, index (int32 each). Every
 * offset JS relies on is in capw_batch_layout() (exports_layout.c). */
#include "capsule2d_batch.h"
#include "wasm/exports_context.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

EMSCRIPTEN_KEEPALIVE cap_batch_error* capw_batch_error(void) { return &capw_ctx.err; }

EMSCRIPTEN_KEEPALIVE cap_circle_set* capw_circle_set_create(uint32_t capacity) { return cap_circle_set_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_circle_set_reserve(cap_circle_set* s, uint32_t capacity) { return cap_circle_set_reserve(s, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_circle_set_destroy(cap_circle_set* s) { cap_circle_set_destroy(s); }

EMSCRIPTEN_KEEPALIVE cap_capsule_set* capw_capsule_set_create(uint32_t capacity) { return cap_capsule_set_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_capsule_set_reserve(cap_capsule_set* s, uint32_t capacity) { return cap_capsule_set_reserve(s, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_capsule_set_destroy(cap_capsule_set* s) { cap_capsule_set_destroy(s); }
EMSCRIPTEN_KEEPALIVE int capw_capsule_set_update(cap_capsule_set* s) { return cap_capsule_set_update(s, &capw_ctx.err); }

EMSCRIPTEN_KEEPALIVE cap_contact_buffer* capw_contact_buffer_create(uint32_t capacity) { return cap_contact_buffer_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_contact_buffer_reserve(cap_contact_buffer* b, uint32_t capacity) { return cap_contact_buffer_reserve(b, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_contact_buffer_destroy(cap_contact_buffer* b) { cap_contact_buffer_destroy(b); }

EMSCRIPTEN_KEEPALIVE cap_index_buffer* capw_index_buffer_create(uint32_t capacity) { return cap_index_buffer_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_index_buffer_reserve(cap_index_buffer* b, uint32_t capacity) { return cap_index_buffer_reserve(b, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_index_buffer_destroy(cap_index_buffer* b) { cap_index_buffer_destroy(b); }

EMSCRIPTEN_KEEPALIVE int capw_find_capsule_circle_contacts(cap_capsule_set* c, const cap_circle_set* s, cap_contact_buffer* out)
{
    return cap_find_capsule_circle_contacts(c, s, out, &capw_ctx.err);
}

EMSCRIPTEN_KEEPALIVE int capw_all_pairs_capsule_circle(const cap_capsule_set* c, const cap_circle_set* s, cap_contact_buffer* out)
{
    return cap_all_pairs_capsule_circle(c, s, out, &capw_ctx.err);
}

EMSCRIPTEN_KEEPALIVE int capw_find_circle_contacts(const cap_circle_set* s, cap_contact_buffer* out)
{
    return cap_find_circle_contacts(s, out, &capw_ctx.err);
}

EMSCRIPTEN_KEEPALIVE int capw_query_circle_capsules(cap_capsule_set* s, float x, float y, float r, cap_index_buffer* out)
{
    return cap_query_circle_capsules(s, x, y, r, out, &capw_ctx.err);
}

EMSCRIPTEN_KEEPALIVE int capw_query_circle_circles(const cap_circle_set* s, float x, float y, float r, cap_index_buffer* out)
{
    return cap_query_circle_circles(s, x, y, r, out, &capw_ctx.err);
}

EMSCRIPTEN_KEEPALIVE int capw_query_box_capsules(cap_capsule_set* s, float x0, float y0, float x1, float y1, cap_index_buffer* out)
{
    return cap_query_box_capsules(s, x0, y0, x1, y1, out, &capw_ctx.err);
}

EMSCRIPTEN_KEEPALIVE int capw_query_box_circles(const cap_circle_set* s, float x0, float y0, float x1, float y1, cap_index_buffer* out)
{
    return cap_query_box_circles(s, x0, y0, x1, y1, out, &capw_ctx.err);
}

/* Closest hit of one ray or sweep, read by JS from capw_cast_out(): a
 * capw_ray_out or a capw_sweep_out (exports_context.h; word offsets in
 * capw_batch_layout()):
 *   ray:   [0] index (u32) [1] fraction [2] point x [3] point y [4] nx [5] ny [6] starts_inside (u32)
 *   sweep: [0] index (u32) [1] t [2] centre x [3] centre y [4] nx [5] ny [6] point x [7] point y
 *          [8] starts_inside (u32) */
EMSCRIPTEN_KEEPALIVE void* capw_cast_out(void) { return &capw_ctx.cast; }

EMSCRIPTEN_KEEPALIVE int capw_ray_cast_capsules(cap_capsule_set* s, float ox, float oy, float dx, float dy, float max_fraction)
{
    cap_ray ray = {{ox, oy}, {dx, dy}, max_fraction};
    uint32_t index = 0;
    cap_ray_hit h;
    int rc = cap_ray_cast_capsules(s, ray, &index, &h, &capw_ctx.err);
    if (rc != 1) return rc;
    capw_ray_out* o = &capw_ctx.cast.ray;
    o->index = index;
    o->fraction = h.fraction;
    o->x = h.point.x;
    o->y = h.point.y;
    o->nx = h.normal.x;
    o->ny = h.normal.y;
    o->starts_inside = (uint32_t)h.starts_inside;
    return 1;
}

EMSCRIPTEN_KEEPALIVE int capw_sweep_circle_capsules(cap_capsule_set* s, float x0, float y0, float x1, float y1, float r)
{
    cap_vec2 a = {x0, y0}, b = {x1, y1};
    uint32_t index = 0;
    cap_sweep_hit h;
    int rc = cap_sweep_circle_capsules(s, a, b, r, &index, &h, &capw_ctx.err);
    if (rc != 1) return rc;
    capw_sweep_out* o = &capw_ctx.cast.sweep;
    o->index = index;
    o->t = h.t;
    o->x = h.center.x;
    o->y = h.center.y;
    o->nx = h.normal.x;
    o->ny = h.normal.y;
    o->point_x = h.point.x;
    o->point_y = h.point.y;
    o->starts_inside = (uint32_t)h.starts_inside;
    return 1;
}

EMSCRIPTEN_KEEPALIVE cap_ray_batch* capw_ray_batch_create(uint32_t capacity) { return cap_ray_batch_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_ray_batch_reserve(cap_ray_batch* b, uint32_t capacity) { return cap_ray_batch_reserve(b, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_ray_batch_destroy(cap_ray_batch* b) { cap_ray_batch_destroy(b); }
EMSCRIPTEN_KEEPALIVE cap_sweep_batch* capw_sweep_batch_create(uint32_t capacity) { return cap_sweep_batch_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_sweep_batch_reserve(cap_sweep_batch* b, uint32_t capacity) { return cap_sweep_batch_reserve(b, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_sweep_batch_destroy(cap_sweep_batch* b) { cap_sweep_batch_destroy(b); }

/* Hits (>= 0) or a negative code. */
EMSCRIPTEN_KEEPALIVE int capw_cast_rays(cap_capsule_set* s, cap_ray_batch* rays)
{
    uint32_t hits = 0;
    int rc = cap_cast_rays(s, rays, &hits, &capw_ctx.err);
    return rc ? rc : (int)hits;
}

EMSCRIPTEN_KEEPALIVE int capw_sweep_circles(cap_capsule_set* s, cap_sweep_batch* sweeps)
{
    uint32_t hits = 0;
    int rc = cap_sweep_circles(s, sweeps, &hits, &capw_ctx.err);
    return rc ? rc : (int)hits;
}
