/* capsule2d — the WebAssembly boundary of the batch API (capsule2d_batch.h).
 * Sets and buffers are passed as pointers; JS reads their fields (layouts in
 * capsule2d_batch.h, 4-byte fields) and arrays straight from memory. Every
 * call returns a CAP_BATCH_* code; details of the last error are in the
 * block at capw_batch_error(): code, set, field, index (int32 each). */
#include "../capsule2d_batch.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

static cap_batch_error g_err;

EMSCRIPTEN_KEEPALIVE cap_batch_error* capw_batch_error(void) { return &g_err; }

EMSCRIPTEN_KEEPALIVE cap_circle_set* capw_circle_set_create(uint32_t capacity) { return cap_circle_set_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_circle_set_reserve(cap_circle_set* s, uint32_t capacity) { return cap_circle_set_reserve(s, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_circle_set_destroy(cap_circle_set* s) { cap_circle_set_destroy(s); }

EMSCRIPTEN_KEEPALIVE cap_capsule_set* capw_capsule_set_create(uint32_t capacity) { return cap_capsule_set_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_capsule_set_reserve(cap_capsule_set* s, uint32_t capacity) { return cap_capsule_set_reserve(s, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_capsule_set_destroy(cap_capsule_set* s) { cap_capsule_set_destroy(s); }
EMSCRIPTEN_KEEPALIVE int capw_capsule_set_update(cap_capsule_set* s) { return cap_capsule_set_update(s, &g_err); }

EMSCRIPTEN_KEEPALIVE cap_contact_buffer* capw_contact_buffer_create(uint32_t capacity) { return cap_contact_buffer_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_contact_buffer_reserve(cap_contact_buffer* b, uint32_t capacity) { return cap_contact_buffer_reserve(b, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_contact_buffer_destroy(cap_contact_buffer* b) { cap_contact_buffer_destroy(b); }

EMSCRIPTEN_KEEPALIVE cap_index_buffer* capw_index_buffer_create(uint32_t capacity) { return cap_index_buffer_create(capacity); }
EMSCRIPTEN_KEEPALIVE int capw_index_buffer_reserve(cap_index_buffer* b, uint32_t capacity) { return cap_index_buffer_reserve(b, capacity); }
EMSCRIPTEN_KEEPALIVE void capw_index_buffer_destroy(cap_index_buffer* b) { cap_index_buffer_destroy(b); }

EMSCRIPTEN_KEEPALIVE int capw_find_capsule_circle_contacts(cap_capsule_set* c, const cap_circle_set* s, cap_contact_buffer* out)
{
    return cap_find_capsule_circle_contacts(c, s, out, &g_err);
}

EMSCRIPTEN_KEEPALIVE int capw_all_pairs_capsule_circle(const cap_capsule_set* c, const cap_circle_set* s, cap_contact_buffer* out)
{
    return cap_all_pairs_capsule_circle(c, s, out, &g_err);
}

EMSCRIPTEN_KEEPALIVE int capw_find_circle_contacts(const cap_circle_set* s, cap_contact_buffer* out)
{
    return cap_find_circle_contacts(s, out, &g_err);
}

EMSCRIPTEN_KEEPALIVE int capw_query_circle_capsules(cap_capsule_set* s, float x, float y, float r, cap_index_buffer* out)
{
    return cap_query_circle_capsules(s, x, y, r, out, &g_err);
}

EMSCRIPTEN_KEEPALIVE int capw_query_circle_circles(const cap_circle_set* s, float x, float y, float r, cap_index_buffer* out)
{
    return cap_query_circle_circles(s, x, y, r, out, &g_err);
}

EMSCRIPTEN_KEEPALIVE int capw_query_box_capsules(cap_capsule_set* s, float x0, float y0, float x1, float y1, cap_index_buffer* out)
{
    return cap_query_box_capsules(s, x0, y0, x1, y1, out, &g_err);
}

EMSCRIPTEN_KEEPALIVE int capw_query_box_circles(const cap_circle_set* s, float x0, float y0, float x1, float y1, cap_index_buffer* out)
{
    return cap_query_box_circles(s, x0, y0, x1, y1, out, &g_err);
}
