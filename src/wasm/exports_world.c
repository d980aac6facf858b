/* capsule2d — the WebAssembly boundary of the world, through its public
 * header only (capsule2d_world.h). Defs travel through the argument block
 * (capw_world_params: 32 words, one for every world, held by the wasm
 * context with the query answers and snapshot bytes: exports_context.h):
 * JS writes a cap_world_def / cap_ball_def / cap_static_def there (layouts
 * checked by capw_world_layout, exports_layout.c) and calls the matching export. Calls
 * return a cap_status (< 0) or a slot (>= 0). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "capsule2d_world.h"
#include "kernels/scratch.h"
#include "wasm/exports_context.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

_Static_assert(sizeof(cap_world_def) <= CAPW_PARAMS_WORDS * 4, "world def fits the argument block");
_Static_assert(sizeof(cap_ball_def) <= CAPW_PARAMS_WORDS * 4, "ball def fits the argument block");
_Static_assert(sizeof(cap_static_def) <= CAPW_PARAMS_WORDS * 4, "static def fits the argument block");
_Static_assert(CAP_KINEMATIC_STATE_WORDS <= CAPW_PARAMS_WORDS, "a kinematic state fits the argument block");

#define IO (&capw_ctx.world)

/* The per-call blocks grow with kernels/scratch.h's cap_grow (with
 * headroom; never shrinks; nonzero with the block as it was when out of
 * memory). */

/* A world def with the defaults, for JS to fill before capw_world_create;
 * freed by capw_world_def_free. NULL when out of memory. */
EMSCRIPTEN_KEEPALIVE cap_world_def* capw_world_def_new(void)
{
    cap_world_def* d = malloc(sizeof *d);
    if (d) cap_world_def_default(d);
    return d;
}
EMSCRIPTEN_KEEPALIVE void capw_world_def_free(cap_world_def* d) { free(d); }
/* Defaults into a world's argument block, before add_ball / add_static. */
EMSCRIPTEN_KEEPALIVE void capw_ball_def_default(cap_ball_def* d) { cap_ball_def_default(d); }
EMSCRIPTEN_KEEPALIVE void capw_static_def_default(cap_static_def* d) { cap_static_def_default(d); }

EMSCRIPTEN_KEEPALIVE cap_world* capw_world_create(const cap_world_def* d) { return cap_world_create(d); }
/* Destroying a world also frees the shared answer, snapshot and drawing
 * buffers (JS asks for them anew at each use): a big snapshot's bytes do
 * not outlive its world. */
EMSCRIPTEN_KEEPALIVE void capw_world_destroy(cap_world* w)
{
    cap_world_destroy(w);
    free(IO->query);
    free(IO->snap);
    free(IO->draw);
    IO->query = NULL, IO->query_cap = 0, IO->snap = NULL, IO->snap_cap = 0, IO->draw = NULL, IO->draw_cap = 0;
}
EMSCRIPTEN_KEEPALIVE uint32_t* capw_world_params(cap_world* w) { (void)w; return IO->params; }
/* The world's settings and its static records (read by JS after a restore). */
EMSCRIPTEN_KEEPALIVE const cap_world_def* capw_world_def(const cap_world* w) { return cap_world_get_def(w); }
EMSCRIPTEN_KEEPALIVE const uint32_t* capw_world_static_records(const cap_world* w) { return cap_world_static_records(w); }

EMSCRIPTEN_KEEPALIVE int capw_world_add_ball(cap_world* w)
{
    cap_ball_def d;
    memcpy(&d, IO->params, sizeof d);
    uint32_t slot;
    int s = cap_world_add_ball(w, &d, &slot);
    return s ? s : (int)slot;
}
EMSCRIPTEN_KEEPALIVE int capw_world_add_static(cap_world* w)
{
    cap_static_def d;
    memcpy(&d, IO->params, sizeof d);
    uint32_t slot;
    int s = cap_world_add_static(w, &d, &slot);
    return s ? s : (int)slot;
}
/* Chain: the def in params, count points (x, y floats) in the snapshot
 * buffer (capw_world_snapshot_room); the pieces' slots are written over
 * them. Returns the piece count or a status. */
EMSCRIPTEN_KEEPALIVE int capw_world_add_chain(cap_world* w, uint32_t count, int flags)
{
    cap_static_def d;
    memcpy(&d, IO->params, sizeof d);
    uint32_t pieces = flags & CAP_CHAIN_LOOP ? count : count - 1;
    uint32_t* slots = malloc((size_t)(count ? count : 1) * 4);
    if (!slots) return CAP_WORLD_NO_MEMORY;
    int s = cap_world_add_chain(w, &d, (const float*)IO->snap, count, flags, slots);
    if (s == 0) memcpy(IO->snap, slots, (size_t)pieces * 4);
    free(slots);
    return s ? s : (int)pieces;
}

/* Kinematic capsule: the def (radius, materials) in params. */
EMSCRIPTEN_KEEPALIVE int capw_world_add_kinematic(cap_world* w, float x, float y, float angle, float length, float pivot)
{
    cap_static_def d;
    memcpy(&d, IO->params, sizeof d);
    uint32_t slot;
    int s = cap_world_add_kinematic(w, &d, x, y, angle, length, pivot, &slot);
    return s ? s : (int)slot;
}
EMSCRIPTEN_KEEPALIVE int capw_world_add_pivoted(cap_world* w, float x, float y, float angle, float length, float pivot, float density)
{
    cap_static_def d;
    memcpy(&d, IO->params, sizeof d);
    uint32_t slot;
    int s = cap_world_add_pivoted(w, &d, x, y, angle, length, pivot, density, &slot);
    return s ? s : (int)slot;
}
EMSCRIPTEN_KEEPALIVE int capw_world_set_pivoted(cap_world* w, uint32_t slot, float lo, float hi, float speed, float torque, float damping)
{
    return cap_world_set_pivoted(w, slot, lo, hi, speed, torque, damping);
}
EMSCRIPTEN_KEEPALIVE int capw_world_set_kinematic(cap_world* w, uint32_t slot, int what, float a, float b, float c)
{
    return cap_world_set_kinematic(w, slot, what, a, b, c);
}
/* The kinematic state (cap_kinematic_state_word) into params. */
EMSCRIPTEN_KEEPALIVE int capw_world_kinematic_state(cap_world* w, uint32_t slot)
{
    return cap_world_kinematic_state(w, slot, (float*)IO->params);
}
EMSCRIPTEN_KEEPALIVE int capw_world_remove_ball(cap_world* w, uint32_t slot) { return cap_world_remove_ball(w, slot); }
EMSCRIPTEN_KEEPALIVE int capw_world_remove_static(cap_world* w, uint32_t slot) { return cap_world_remove_static(w, slot); }
/* Settings: a whole cap_world_def in params (cap_world_set_def). */
EMSCRIPTEN_KEEPALIVE int capw_world_set_def(cap_world* w)
{
    cap_world_def d;
    memcpy(&d, IO->params, sizeof d);
    return cap_world_set_def(w, &d);
}
EMSCRIPTEN_KEEPALIVE int capw_world_set_static_user_data(cap_world* w, uint32_t slot, uint32_t value)
{
    return cap_world_set_static_user_data(w, slot, value);
}
EMSCRIPTEN_KEEPALIVE int capw_world_wake_ball(cap_world* w, uint32_t slot) { return cap_world_wake_ball(w, slot); }
EMSCRIPTEN_KEEPALIVE int capw_world_step(cap_world* w) { return cap_world_step(w); }
EMSCRIPTEN_KEEPALIVE const cap_world_error* capw_world_error(const cap_world* w) { return cap_world_error_info(w); }
EMSCRIPTEN_KEEPALIVE void* capw_world_ball_field(cap_world* w, int f) { return cap_world_ball_field(w, f); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_ball_slots(const cap_world* w) { return cap_world_ball_slots(w); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_ball_capacity(const cap_world* w) { return cap_world_ball_capacity(w); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_ball_count(const cap_world* w) { return cap_world_ball_count(w); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_static_slots(const cap_world* w) { return cap_world_static_slots(w); }
EMSCRIPTEN_KEEPALIVE const uint32_t* capw_world_static_info(const cap_world* w) { return cap_world_static_info(w); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_version(const cap_world* w) { return cap_world_version(w); }
EMSCRIPTEN_KEEPALIVE const uint32_t* capw_world_events(const cap_world* w, int k) { return cap_world_events(w, k); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_event_count(const cap_world* w, int k) { return cap_world_event_count(w, k); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_awake_count(const cap_world* w) { return cap_world_awake_count(w); }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_state_hash(const cap_world* w) { return cap_world_state_hash(w); }

/* Contacts for drawing, into the drawing buffer (grown when the contacts
 * are more than ever before): the count is left in params[0] (0 when out
 * of memory). */
EMSCRIPTEN_KEEPALIVE const float* capw_world_contacts(cap_world* w)
{
    uint32_t n = cap_world_contacts(w, IO->draw, IO->draw_cap);
    if (n > IO->draw_cap) {
        if (cap_grow((void**)&IO->draw, &IO->draw_cap, n, CAP_DRAW_CONTACT_WORDS * sizeof(float))) n = 0;
        else n = cap_world_contacts(w, IO->draw, IO->draw_cap);
    }
    IO->params[0] = n;
    return IO->draw;
}

/* A hit's index word, as castRays writes it (CAP_WORLD_HIT_WORD). */
static uint32_t world_hit_word(int kind, uint32_t slot) { return CAP_WORLD_HIT_WORD(kind, slot); }
_Static_assert(sizeof(capw_sweep_out) <= sizeof(capw_ctx.world.params), "a hit record fits the argument block");

/* Ray: params hold a capw_ray_in; a hit writes a
 * capw_ray_out at params (the batch layer's ray-hit record). */
EMSCRIPTEN_KEEPALIVE int capw_world_ray_cast(cap_world* w)
{
    capw_ray_in f;
    memcpy(&f, IO->params, sizeof f);
    cap_ray ray = {{f.ox, f.oy}, {f.dx, f.dy}, f.max_fraction};
    cap_ray_hit hit;
    int kind;
    uint32_t slot;
    if (!cap_world_ray_cast(w, ray, &hit, &kind, &slot)) return 0;
    /* The one ray-hit record (capw_ray_out, as the batch layer's cast block). */
    capw_ray_out o = {world_hit_word(kind, slot), hit.fraction, hit.point.x, hit.point.y,
                      hit.normal.x, hit.normal.y, (uint32_t)hit.starts_inside};
    memcpy(IO->params, &o, sizeof o);
    return 1;
}

/* Every slot overlapping the circle into the world's result buffer
 * (capw_world_query_results), grown when an answer is longer than any
 * before (the only allocation of a query). Returns the count, or 0 when out
 * of memory with the answer cut to what fits (never written past). */
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_query_circle(cap_world* w, float x, float y, float r)
{
    uint32_t n = cap_world_query_circle(w, x, y, r, IO->query, IO->query_cap);
    if (n > IO->query_cap) {
        if (cap_grow((void**)&IO->query, &IO->query_cap, n, 4)) return IO->query_cap < n ? IO->query_cap : n;
        n = cap_world_query_circle(w, x, y, r, IO->query, IO->query_cap);
    }
    return n;
}
EMSCRIPTEN_KEEPALIVE uint32_t* capw_world_query_results(cap_world* w) { (void)w; return IO->query; }

/* The same for a box. */
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_query_box(cap_world* w, float x0, float y0, float x1, float y1)
{
    uint32_t n = cap_world_query_box(w, x0, y0, x1, y1, IO->query, IO->query_cap);
    if (n > IO->query_cap) {
        if (cap_grow((void**)&IO->query, &IO->query_cap, n, 4)) return IO->query_cap < n ? IO->query_cap : n;
        n = cap_world_query_box(w, x0, y0, x1, y1, IO->query, IO->query_cap);
    }
    return n;
}

/* Sweep: params hold a capw_sweep_in; a hit writes a capw_sweep_out
 * at params (the batch layer's sweep-hit record). */
EMSCRIPTEN_KEEPALIVE int capw_world_sweep_ball(cap_world* w)
{
    capw_sweep_in f;
    memcpy(&f, IO->params, sizeof f);
    cap_sweep_hit hit;
    int kind;
    uint32_t slot;
    cap_vec2 x0 = {f.x0, f.y0}, x1 = {f.x1, f.y1};
    if (!cap_world_sweep_ball(w, x0, x1, f.radius, &hit, &kind, &slot)) return 0;
    /* The one sweep-hit record (capw_sweep_out, as the batch layer's cast block). */
    capw_sweep_out o = {world_hit_word(kind, slot), hit.t, hit.center.x, hit.center.y, hit.normal.x, hit.normal.y,
                        hit.point.x, hit.point.y, (uint32_t)hit.starts_inside};
    memcpy(IO->params, &o, sizeof o);
    return 1;
}

/* Many rays (sweeps) against the world: a RayBatch (SweepBatch) of the
 * batch layer, answers written into it. Returns how many hit, or a status
 * (< 0) with capw_world_error naming the input (slot) and column (field). */
EMSCRIPTEN_KEEPALIVE int capw_world_cast_rays(cap_world* w, cap_ray_batch* rays)
{
    uint32_t hits = 0;
    int rc = cap_world_cast_rays(w, rays, &hits);
    return rc ? rc : (int)hits;
}
EMSCRIPTEN_KEEPALIVE int capw_world_sweep_balls(cap_world* w, cap_sweep_batch* sweeps)
{
    uint32_t hits = 0;
    int rc = cap_world_sweep_balls(w, sweeps, &hits);
    return rc ? rc : (int)hits;
}

/* Snapshots: save into the world's snapshot buffer (size left in params[0];
 * NULL when out of memory); restore from it after JS wrote length bytes at
 * capw_world_snapshot_room. */
EMSCRIPTEN_KEEPALIVE const uint8_t* capw_world_save(cap_world* w)
{
    uint32_t n = cap_world_save(w, NULL, 0);
    if (n == 0 || cap_grow((void**)&IO->snap, &IO->snap_cap, n, 1)) return NULL;
    IO->params[0] = cap_world_save(w, IO->snap, IO->snap_cap);
    return IO->snap;
}
EMSCRIPTEN_KEEPALIVE uint8_t* capw_world_snapshot_room(cap_world* w, uint32_t length)
{
    (void)w;
    return cap_grow((void**)&IO->snap, &IO->snap_cap, length ? length : 1, 1) ? NULL : IO->snap;
}
EMSCRIPTEN_KEEPALIVE int capw_world_restore(cap_world* w, uint32_t length)
{
    /* (a length past the buffer: refused as truncated, nothing read) */
    return cap_world_restore(w, IO->snap, IO->snap && length <= IO->snap_cap ? length : 0);
}
