/* capsule2d — the memory layout JS relies on for the batch API, from the C
 * side. batch.js reads the sets, buffers and result blocks in wasm memory
 * as 4-byte words at offsets it knows; capw_batch_layout() returns those
 * offsets and element types as C computes them (offsetof, _Generic), and
 * batch.js compares the table with its own, entry by entry, before its first
 * use (a mismatch is an Error naming the entry: a .js and a .wasm from
 * different builds). tests/batch-layout.test.js changes each word in turn and
 * checks the comparison notices. The world's table is capw_world_layout()
 * (exports_world.c).
 *
 * The table, in this order (each member: its word offset, then its element
 * type, CAPW_F32 / CAPW_U32 / CAPW_I32):
 *   for each of cap_circle_set, cap_capsule_set, cap_contact_buffer,
 *   cap_index_buffer, cap_ray_batch, cap_sweep_batch: the words of capacity
 *   and count, the number of arrays, each array (in struct order, which is
 *   also the field number of cap_batch_error), and for cap_capsule_set the
 *   word of version;
 *   the error block (cap_batch_error): its size in words, code, set, field,
 *   index; the set numbers CAPSULES, CIRCLES, QUERY; the codes -BAD_VALUE,
 *   -NO_MEMORY, -ZERO_DIRECTION; CAP_BATCH_NO_HIT;
 *   the cast block (capw_cast_block): its size in words, each member of
 *   capw_ray_out, each member of capw_sweep_out;
 *   the single-query block (capw_ctx.out): its size in floats. */
#include <stddef.h>
#include <stdint.h>

#include "capsule2d_batch.h"
#include "capsule2d_world.h"
#include "wasm/exports_context.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

/* JS reads every field below as one 4-byte word: pointers, floats and
 * counts alike (wasm32). */
_Static_assert(sizeof(float) == 4 && sizeof(uint32_t) == 4 && sizeof(int32_t) == 4, "4-byte words");
_Static_assert(sizeof(float*) == 4 && sizeof(uint32_t*) == 4, "pointers are one word (wasm32)");
/* The blocks are whole words, and the cast block holds either result. */
_Static_assert(sizeof(cap_batch_error) == 4 * 4, "the error block is 4 words");
_Static_assert(sizeof(capw_ray_out) == 7 * 4 && sizeof(capw_sweep_out) == 9 * 4, "cast results are packed words");
_Static_assert(sizeof(capw_cast_block) == sizeof(capw_sweep_out), "the cast block is the larger result");
_Static_assert(sizeof(((capw_context*)0)->out) == CAP_OUT_FLOATS * sizeof(float), "the out block");
/* A set's field numbers (cap_batch_error.field) are its arrays' order. */
_Static_assert(offsetof(cap_circle_set, radius) - offsetof(cap_circle_set, x) == 2 * sizeof(float*), "circle fields");
_Static_assert(offsetof(cap_capsule_set, radius) - offsetof(cap_capsule_set, ax) == 4 * sizeof(float*), "capsule fields");
_Static_assert(offsetof(cap_ray_batch, max_fraction) - offsetof(cap_ray_batch, ox) == 4 * sizeof(float*), "ray fields");
_Static_assert(offsetof(cap_sweep_batch, radius) - offsetof(cap_sweep_batch, x0) == 4 * sizeof(float*), "sweep fields");

enum { CAPW_F32 = 1, CAPW_U32 = 2, CAPW_I32 = 3 };

/* A member's word offset and its element type (of the array for a pointer). */
#define CAPW_TYPE(e) \
    _Generic((e), float: CAPW_F32, float*: CAPW_F32, uint32_t: CAPW_U32, uint32_t*: CAPW_U32, int32_t: CAPW_I32)
#define CAPW_MEMBER(T, m) (uint32_t)(offsetof(T, m) / 4), CAPW_TYPE(((T*)0)->m)
/* capacity, count and the number of arrays of a structure of arrays: the
 * pointers from `first` up to `end` (a byte offset). */
#define CAPW_SOA(T, first, end) \
    (uint32_t)(offsetof(T, capacity) / 4), (uint32_t)(offsetof(T, count) / 4), \
        (uint32_t)(((end) - offsetof(T, first)) / sizeof(float*))

static const uint32_t layout[] = {
    CAPW_SOA(cap_circle_set, x, sizeof(cap_circle_set)),
    CAPW_MEMBER(cap_circle_set, x), CAPW_MEMBER(cap_circle_set, y), CAPW_MEMBER(cap_circle_set, radius),

    CAPW_SOA(cap_capsule_set, ax, offsetof(cap_capsule_set, version)),
    CAPW_MEMBER(cap_capsule_set, ax), CAPW_MEMBER(cap_capsule_set, ay), CAPW_MEMBER(cap_capsule_set, bx),
    CAPW_MEMBER(cap_capsule_set, by), CAPW_MEMBER(cap_capsule_set, radius),
    (uint32_t)(offsetof(cap_capsule_set, version) / 4),

    CAPW_SOA(cap_contact_buffer, a, sizeof(cap_contact_buffer)),
    CAPW_MEMBER(cap_contact_buffer, a), CAPW_MEMBER(cap_contact_buffer, b), CAPW_MEMBER(cap_contact_buffer, nx),
    CAPW_MEMBER(cap_contact_buffer, ny), CAPW_MEMBER(cap_contact_buffer, depth),
    CAPW_MEMBER(cap_contact_buffer, point_x), CAPW_MEMBER(cap_contact_buffer, point_y),

    CAPW_SOA(cap_index_buffer, index, sizeof(cap_index_buffer)),
    CAPW_MEMBER(cap_index_buffer, index),

    CAPW_SOA(cap_ray_batch, ox, sizeof(cap_ray_batch)),
    CAPW_MEMBER(cap_ray_batch, ox), CAPW_MEMBER(cap_ray_batch, oy), CAPW_MEMBER(cap_ray_batch, dx),
    CAPW_MEMBER(cap_ray_batch, dy), CAPW_MEMBER(cap_ray_batch, max_fraction), CAPW_MEMBER(cap_ray_batch, index),
    CAPW_MEMBER(cap_ray_batch, fraction), CAPW_MEMBER(cap_ray_batch, point_x), CAPW_MEMBER(cap_ray_batch, point_y),
    CAPW_MEMBER(cap_ray_batch, nx), CAPW_MEMBER(cap_ray_batch, ny), CAPW_MEMBER(cap_ray_batch, starts_inside),

    CAPW_SOA(cap_sweep_batch, x0, sizeof(cap_sweep_batch)),
    CAPW_MEMBER(cap_sweep_batch, x0), CAPW_MEMBER(cap_sweep_batch, y0), CAPW_MEMBER(cap_sweep_batch, x1),
    CAPW_MEMBER(cap_sweep_batch, y1), CAPW_MEMBER(cap_sweep_batch, radius), CAPW_MEMBER(cap_sweep_batch, index),
    CAPW_MEMBER(cap_sweep_batch, t), CAPW_MEMBER(cap_sweep_batch, center_x), CAPW_MEMBER(cap_sweep_batch, center_y),
    CAPW_MEMBER(cap_sweep_batch, nx), CAPW_MEMBER(cap_sweep_batch, ny), CAPW_MEMBER(cap_sweep_batch, point_x),
    CAPW_MEMBER(cap_sweep_batch, point_y), CAPW_MEMBER(cap_sweep_batch, starts_inside),

    sizeof(cap_batch_error) / 4,
    CAPW_MEMBER(cap_batch_error, code), CAPW_MEMBER(cap_batch_error, set), CAPW_MEMBER(cap_batch_error, field),
    CAPW_MEMBER(cap_batch_error, index),
    CAP_BATCH_SET_CAPSULES, CAP_BATCH_SET_CIRCLES, CAP_BATCH_SET_QUERY,
    (uint32_t)-CAP_BATCH_BAD_VALUE, (uint32_t)-CAP_BATCH_NO_MEMORY, (uint32_t)-CAP_BATCH_ZERO_DIRECTION,
    CAP_BATCH_NO_HIT,

    sizeof(capw_cast_block) / 4,
    CAPW_MEMBER(capw_ray_out, index), CAPW_MEMBER(capw_ray_out, fraction), CAPW_MEMBER(capw_ray_out, x),
    CAPW_MEMBER(capw_ray_out, y), CAPW_MEMBER(capw_ray_out, nx), CAPW_MEMBER(capw_ray_out, ny),
    CAPW_MEMBER(capw_ray_out, starts_inside),
    CAPW_MEMBER(capw_sweep_out, index), CAPW_MEMBER(capw_sweep_out, t), CAPW_MEMBER(capw_sweep_out, x),
    CAPW_MEMBER(capw_sweep_out, y), CAPW_MEMBER(capw_sweep_out, nx), CAPW_MEMBER(capw_sweep_out, ny),
    CAPW_MEMBER(capw_sweep_out, point_x), CAPW_MEMBER(capw_sweep_out, point_y),
    CAPW_MEMBER(capw_sweep_out, starts_inside),

    CAP_OUT_FLOATS,
};

EMSCRIPTEN_KEEPALIVE const uint32_t* capw_batch_layout(void) { return layout; }
EMSCRIPTEN_KEEPALIVE uint32_t capw_batch_layout_count(void) { return sizeof layout / sizeof layout[0]; }

/* The world's def records, member by member (word, element type), in
 * struct order: cap_world_def, then cap_ball_def, then cap_static_def, each
 * preceded by its size in words. world-layout.js writes the defs by these
 * words and compares this table with its own at the first World
 * (tests/world/world-layout.test.js changes each word in turn). */
static const uint32_t world_def_layout[] = {
    sizeof(cap_world_def) / 4,
    CAPW_MEMBER(cap_world_def, gravity_x), CAPW_MEMBER(cap_world_def, gravity_y), CAPW_MEMBER(cap_world_def, dt),
    CAPW_MEMBER(cap_world_def, sub_steps), CAPW_MEMBER(cap_world_def, ball_capacity),
    CAPW_MEMBER(cap_world_def, static_capacity), CAPW_MEMBER(cap_world_def, event_capacity),
    CAPW_MEMBER(cap_world_def, units_per_meter), CAPW_MEMBER(cap_world_def, contact_hertz),
    CAPW_MEMBER(cap_world_def, static_hertz), CAPW_MEMBER(cap_world_def, damping_ratio),
    CAPW_MEMBER(cap_world_def, push_speed), CAPW_MEMBER(cap_world_def, restitution_threshold),
    CAPW_MEMBER(cap_world_def, hit_speed_threshold), CAPW_MEMBER(cap_world_def, sleep_speed),
    CAPW_MEMBER(cap_world_def, sleep_time), CAPW_MEMBER(cap_world_def, sleep_enabled),

    sizeof(cap_ball_def) / 4,
    CAPW_MEMBER(cap_ball_def, x), CAPW_MEMBER(cap_ball_def, y), CAPW_MEMBER(cap_ball_def, vx),
    CAPW_MEMBER(cap_ball_def, vy), CAPW_MEMBER(cap_ball_def, angle), CAPW_MEMBER(cap_ball_def, angular_velocity),
    CAPW_MEMBER(cap_ball_def, radius), CAPW_MEMBER(cap_ball_def, density), CAPW_MEMBER(cap_ball_def, restitution),
    CAPW_MEMBER(cap_ball_def, friction), CAPW_MEMBER(cap_ball_def, rolling_resistance),
    CAPW_MEMBER(cap_ball_def, gravity_scale), CAPW_MEMBER(cap_ball_def, linear_damping),
    CAPW_MEMBER(cap_ball_def, angular_damping), CAPW_MEMBER(cap_ball_def, category), CAPW_MEMBER(cap_ball_def, mask),
    CAPW_MEMBER(cap_ball_def, awake), CAPW_MEMBER(cap_ball_def, bullet), CAPW_MEMBER(cap_ball_def, user_data),

    sizeof(cap_static_def) / 4,
    CAPW_MEMBER(cap_static_def, kind), CAPW_MEMBER(cap_static_def, ax), CAPW_MEMBER(cap_static_def, ay),
    CAPW_MEMBER(cap_static_def, bx), CAPW_MEMBER(cap_static_def, by), CAPW_MEMBER(cap_static_def, radius),
    CAPW_MEMBER(cap_static_def, restitution), CAPW_MEMBER(cap_static_def, friction),
    CAPW_MEMBER(cap_static_def, rolling_resistance), CAPW_MEMBER(cap_static_def, category),
    CAPW_MEMBER(cap_static_def, mask), CAPW_MEMBER(cap_static_def, sensor), CAPW_MEMBER(cap_static_def, user_data),
};

EMSCRIPTEN_KEEPALIVE const uint32_t* capw_world_def_layout(void) { return world_def_layout; }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_def_layout_count(void) { return sizeof world_def_layout / sizeof world_def_layout[0]; }
