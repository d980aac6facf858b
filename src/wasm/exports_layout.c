/* capsule2d — the memory layout JS relies on for the batch API, from the C
 * side. batch.js reads the sets, buffers and result blocks in wasm memory
 * as 4-byte words at offsets it knows; capw_batch_layout() returns those
 * offsets and element types as C computes them (offsetof, _Generic), and
 * batch.js compares the table with its own, entry by entry, before its first
 * use (a mismatch is an Error naming the entry: a .js and a .wasm from
 * different builds). tests/batch-layout.test.js changes each word in turn and
 * checks the comparison notices. The world's table is capw_world_layout()
 * (below).
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
#include "capsule2d_joints.h"
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
    _Generic((e), float: CAPW_F32, float*: CAPW_F32, uint32_t: CAPW_U32, uint32_t*: CAPW_U32, int32_t: CAPW_I32, \
        const char*: CAPW_U32)
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

/* The world's layout: every record and block JS reads or writes by word,
 * with names in world-layout.js (WORLD_RECORDS), compared entry by entry at
 * the first World (tests/world/world-layout.test.js changes each word in
 * turn). uint16_t words: each entry fits. In this order:
 *   the def records cap_world_def, cap_ball_def, cap_static_def,
 *   cap_body_def, cap_joint_def (JS writes them into the argument block): each its size in
 *   words, then each member's word and element type (offsetof, _Generic);
 *   the records read by word number (an enum of capsule2d_world.h): the
 *   static record, the event record, the static info, the kinematic state,
 *   the contacts for drawing: each its number of words, then each word and
 *   its element type;
 *   the error block (cap_world_error) and the inputs JS writes into the
 *   argument block (capw_ray_in, capw_sweep_in; the hits come back as the
 *   batch layer's capw_ray_out / capw_sweep_out, capw_batch_layout);
 *   the joint record (cap_joint_info_word), the joint-break event record
 *   (cap_joint_break_word: CAP_EVENT_WORDS words, some unused) and the
 *   snapshot header (cap_snapshot_header_word), as the records above;
 *   the ball and body fields (cap_ball_field, cap_body_field): their count,
 *   the first u32 field, then each field's number;
 *   the statuses and numbers JS shares with C, the snapshot header's size
 *   and the codes of a refused snapshot (cap_snapshot_error);
 *   the kinds JS names by value: each cap_event_kind, cap_static_kind,
 *   cap_joint_kind (but NONE) and cap_world_set_kinematic's `what`, and
 *   CAP_JOINT_WORLD as two 16-bit halves.
 * Adding a record is one row here (CAPW_RECORD(T) and a CAPW_MEMBER per
 * member, or the record's word count and a CAPW_WORD per word) and one row
 * in WORLD_RECORDS of src/js/world-layout.js ([name, [[member, type], ...]]),
 * in the same order; the test counts the words. */
#define CAPW_RECORD(T) (uint32_t)(sizeof(T) / 4)
#define CAPW_WORD(word, type) (word), (type)
#define CAPW_F(word) CAPW_WORD(word, CAPW_F32)
#define CAPW_U(word) CAPW_WORD(word, CAPW_U32)
static const uint16_t world_layout[] = {
    CAPW_RECORD(cap_world_def),
    CAPW_MEMBER(cap_world_def, gravity_x), CAPW_MEMBER(cap_world_def, gravity_y), CAPW_MEMBER(cap_world_def, dt),
    CAPW_MEMBER(cap_world_def, sub_steps), CAPW_MEMBER(cap_world_def, ball_capacity),
    CAPW_MEMBER(cap_world_def, static_capacity), CAPW_MEMBER(cap_world_def, event_capacity),
    CAPW_MEMBER(cap_world_def, units_per_meter), CAPW_MEMBER(cap_world_def, contact_hertz),
    CAPW_MEMBER(cap_world_def, static_hertz), CAPW_MEMBER(cap_world_def, damping_ratio),
    CAPW_MEMBER(cap_world_def, push_speed), CAPW_MEMBER(cap_world_def, restitution_threshold),
    CAPW_MEMBER(cap_world_def, hit_speed_threshold), CAPW_MEMBER(cap_world_def, sleep_speed),
    CAPW_MEMBER(cap_world_def, sleep_time), CAPW_MEMBER(cap_world_def, sleep_enabled),

    CAPW_RECORD(cap_ball_def),
    CAPW_MEMBER(cap_ball_def, x), CAPW_MEMBER(cap_ball_def, y), CAPW_MEMBER(cap_ball_def, vx),
    CAPW_MEMBER(cap_ball_def, vy), CAPW_MEMBER(cap_ball_def, angle), CAPW_MEMBER(cap_ball_def, angular_velocity),
    CAPW_MEMBER(cap_ball_def, radius), CAPW_MEMBER(cap_ball_def, density), CAPW_MEMBER(cap_ball_def, restitution),
    CAPW_MEMBER(cap_ball_def, friction), CAPW_MEMBER(cap_ball_def, rolling_resistance),
    CAPW_MEMBER(cap_ball_def, gravity_scale), CAPW_MEMBER(cap_ball_def, linear_damping),
    CAPW_MEMBER(cap_ball_def, angular_damping), CAPW_MEMBER(cap_ball_def, category), CAPW_MEMBER(cap_ball_def, mask),
    CAPW_MEMBER(cap_ball_def, awake), CAPW_MEMBER(cap_ball_def, bullet), CAPW_MEMBER(cap_ball_def, user_data),

    CAPW_RECORD(cap_static_def),
    CAPW_MEMBER(cap_static_def, kind), CAPW_MEMBER(cap_static_def, ax), CAPW_MEMBER(cap_static_def, ay),
    CAPW_MEMBER(cap_static_def, bx), CAPW_MEMBER(cap_static_def, by), CAPW_MEMBER(cap_static_def, radius),
    CAPW_MEMBER(cap_static_def, restitution), CAPW_MEMBER(cap_static_def, friction),
    CAPW_MEMBER(cap_static_def, rolling_resistance), CAPW_MEMBER(cap_static_def, category),
    CAPW_MEMBER(cap_static_def, mask), CAPW_MEMBER(cap_static_def, sensor), CAPW_MEMBER(cap_static_def, user_data),

    CAPW_RECORD(cap_body_def),
    CAPW_MEMBER(cap_body_def, x), CAPW_MEMBER(cap_body_def, y), CAPW_MEMBER(cap_body_def, angle),
    CAPW_MEMBER(cap_body_def, vx), CAPW_MEMBER(cap_body_def, vy), CAPW_MEMBER(cap_body_def, angular_velocity),
    CAPW_MEMBER(cap_body_def, half_length), CAPW_MEMBER(cap_body_def, radius), CAPW_MEMBER(cap_body_def, density),
    CAPW_MEMBER(cap_body_def, restitution), CAPW_MEMBER(cap_body_def, friction),
    CAPW_MEMBER(cap_body_def, gravity_scale), CAPW_MEMBER(cap_body_def, linear_damping),
    CAPW_MEMBER(cap_body_def, angular_damping), CAPW_MEMBER(cap_body_def, category), CAPW_MEMBER(cap_body_def, mask),
    CAPW_MEMBER(cap_body_def, awake), CAPW_MEMBER(cap_body_def, user_data),

    CAPW_RECORD(cap_joint_def),
    CAPW_MEMBER(cap_joint_def, kind), CAPW_MEMBER(cap_joint_def, a), CAPW_MEMBER(cap_joint_def, b),
    CAPW_MEMBER(cap_joint_def, ax), CAPW_MEMBER(cap_joint_def, ay), CAPW_MEMBER(cap_joint_def, length),
    CAPW_MEMBER(cap_joint_def, min_length), CAPW_MEMBER(cap_joint_def, max_length), CAPW_MEMBER(cap_joint_def, hertz),
    CAPW_MEMBER(cap_joint_def, damping_ratio), CAPW_MEMBER(cap_joint_def, max_force),
    CAPW_MEMBER(cap_joint_def, break_force), CAPW_MEMBER(cap_joint_def, user_data),
    CAPW_MEMBER(cap_joint_def, lower_angle), CAPW_MEMBER(cap_joint_def, upper_angle),
    CAPW_MEMBER(cap_joint_def, motor_speed), CAPW_MEMBER(cap_joint_def, max_motor_torque),
    CAPW_MEMBER(cap_joint_def, local_ax), CAPW_MEMBER(cap_joint_def, local_ay), CAPW_MEMBER(cap_joint_def, local_bx),
    CAPW_MEMBER(cap_joint_def, local_by),

    CAP_STATIC_RECORD_WORDS,
    CAPW_F(CAP_STATIC_RECORD_AX), CAPW_F(CAP_STATIC_RECORD_AY), CAPW_F(CAP_STATIC_RECORD_BX),
    CAPW_F(CAP_STATIC_RECORD_BY), CAPW_F(CAP_STATIC_RECORD_RADIUS), CAPW_F(CAP_STATIC_RECORD_NX),
    CAPW_F(CAP_STATIC_RECORD_NY), CAPW_F(CAP_STATIC_RECORD_MINX), CAPW_F(CAP_STATIC_RECORD_MINY),
    CAPW_F(CAP_STATIC_RECORD_MAXX), CAPW_F(CAP_STATIC_RECORD_MAXY), CAPW_F(CAP_STATIC_RECORD_RESTITUTION),
    CAPW_F(CAP_STATIC_RECORD_FRICTION), CAPW_F(CAP_STATIC_RECORD_ROLLING), CAPW_U(CAP_STATIC_RECORD_CATEGORY),
    CAPW_U(CAP_STATIC_RECORD_MASK), CAPW_U(CAP_STATIC_RECORD_KIND), CAPW_U(CAP_STATIC_RECORD_SENSOR),
    CAPW_F(CAP_STATIC_RECORD_X), CAPW_F(CAP_STATIC_RECORD_Y), CAPW_F(CAP_STATIC_RECORD_ANGLE),
    CAPW_F(CAP_STATIC_RECORD_LENGTH_A), CAPW_F(CAP_STATIC_RECORD_LENGTH_B), CAPW_F(CAP_STATIC_RECORD_VX),
    CAPW_F(CAP_STATIC_RECORD_VY), CAPW_F(CAP_STATIC_RECORD_W), CAPW_U(CAP_STATIC_RECORD_CHAIN_PREV),
    CAPW_U(CAP_STATIC_RECORD_CHAIN_NEXT), CAPW_U(CAP_STATIC_RECORD_IN_CHAIN), CAPW_F(CAP_STATIC_RECORD_INV_INERTIA),
    CAPW_F(CAP_STATIC_RECORD_MASS), CAPW_F(CAP_STATIC_RECORD_LOWER), CAPW_F(CAP_STATIC_RECORD_UPPER),
    CAPW_F(CAP_STATIC_RECORD_MOTOR_SPEED), CAPW_F(CAP_STATIC_RECORD_MOTOR_TORQUE), CAPW_F(CAP_STATIC_RECORD_DAMPING),
    CAPW_U(CAP_STATIC_RECORD_USER_DATA),

    CAP_EVENT_WORDS,
    CAPW_U(CAP_EVENT_WORD_KIND), CAPW_U(CAP_EVENT_WORD_A), CAPW_U(CAP_EVENT_WORD_B), CAPW_F(CAP_EVENT_WORD_SPEED),
    CAPW_F(CAP_EVENT_WORD_PX), CAPW_F(CAP_EVENT_WORD_PY), CAPW_F(CAP_EVENT_WORD_NX), CAPW_F(CAP_EVENT_WORD_NY),
    CAPW_U(CAP_EVENT_WORD_GENERATION_A), CAPW_U(CAP_EVENT_WORD_GENERATION_B), CAPW_U(CAP_EVENT_WORD_USER_DATA_A),
    CAPW_U(CAP_EVENT_WORD_USER_DATA_B),

    CAP_STATIC_INFO_WORDS,
    CAPW_U(CAP_STATIC_INFO_KIND), CAPW_U(CAP_STATIC_INFO_GENERATION), CAPW_U(CAP_STATIC_INFO_ALIVE),

    CAP_KINEMATIC_STATE_WORDS,
    CAPW_F(CAP_KINEMATIC_STATE_X), CAPW_F(CAP_KINEMATIC_STATE_Y), CAPW_F(CAP_KINEMATIC_STATE_ANGLE),
    CAPW_F(CAP_KINEMATIC_STATE_VX), CAPW_F(CAP_KINEMATIC_STATE_VY), CAPW_F(CAP_KINEMATIC_STATE_W),
    CAPW_F(CAP_KINEMATIC_STATE_LENGTH), CAPW_F(CAP_KINEMATIC_STATE_RADIUS), CAPW_F(CAP_KINEMATIC_STATE_PIVOT),

    CAP_DRAW_CONTACT_WORDS,
    CAPW_F(CAP_DRAW_CONTACT_PX), CAPW_F(CAP_DRAW_CONTACT_PY), CAPW_F(CAP_DRAW_CONTACT_NX),
    CAPW_F(CAP_DRAW_CONTACT_NY), CAPW_F(CAP_DRAW_CONTACT_SEPARATION), CAPW_F(CAP_DRAW_CONTACT_IMPULSE),

    CAPW_RECORD(cap_world_error),
    CAPW_MEMBER(cap_world_error, status), CAPW_MEMBER(cap_world_error, slot), CAPW_MEMBER(cap_world_error, field),
    CAPW_MEMBER(cap_world_error, what),

    CAPW_RECORD(capw_ray_in),
    CAPW_MEMBER(capw_ray_in, ox), CAPW_MEMBER(capw_ray_in, oy), CAPW_MEMBER(capw_ray_in, dx),
    CAPW_MEMBER(capw_ray_in, dy), CAPW_MEMBER(capw_ray_in, max_fraction),
    CAPW_RECORD(capw_sweep_in),
    CAPW_MEMBER(capw_sweep_in, x0), CAPW_MEMBER(capw_sweep_in, y0), CAPW_MEMBER(capw_sweep_in, x1),
    CAPW_MEMBER(capw_sweep_in, y1), CAPW_MEMBER(capw_sweep_in, radius),

    CAP_JOINT_INFO_WORDS,
    CAPW_U(CAP_JOINT_INFO_KIND), CAPW_U(CAP_JOINT_INFO_A), CAPW_U(CAP_JOINT_INFO_B), CAPW_U(CAP_JOINT_INFO_GENERATION),
    CAPW_F(CAP_JOINT_INFO_AX), CAPW_F(CAP_JOINT_INFO_AY), CAPW_F(CAP_JOINT_INFO_LENGTH),
    CAPW_F(CAP_JOINT_INFO_MIN_LENGTH), CAPW_F(CAP_JOINT_INFO_MAX_LENGTH), CAPW_F(CAP_JOINT_INFO_HERTZ),
    CAPW_F(CAP_JOINT_INFO_DAMPING_RATIO), CAPW_F(CAP_JOINT_INFO_MAX_FORCE), CAPW_F(CAP_JOINT_INFO_BREAK_FORCE),
    CAPW_F(CAP_JOINT_INFO_FORCE), CAPW_F(CAP_JOINT_INFO_LOCAL_AX), CAPW_F(CAP_JOINT_INFO_LOCAL_AY),
    CAPW_F(CAP_JOINT_INFO_LOCAL_BX), CAPW_F(CAP_JOINT_INFO_LOCAL_BY), CAPW_F(CAP_JOINT_INFO_REFERENCE_ANGLE),
    CAPW_F(CAP_JOINT_INFO_LOWER_ANGLE), CAPW_F(CAP_JOINT_INFO_UPPER_ANGLE), CAPW_F(CAP_JOINT_INFO_MOTOR_SPEED),
    CAPW_F(CAP_JOINT_INFO_MAX_MOTOR_TORQUE),

    CAP_EVENT_WORDS,
    CAPW_U(CAP_JOINT_BREAK_KIND), CAPW_U(CAP_JOINT_BREAK_JOINT), CAPW_U(CAP_JOINT_BREAK_BALL),
    CAPW_F(CAP_JOINT_BREAK_FORCE), CAPW_U(CAP_JOINT_BREAK_OTHER), CAPW_U(CAP_JOINT_BREAK_JOINT_GENERATION),
    CAPW_U(CAP_JOINT_BREAK_BALL_GENERATION), CAPW_U(CAP_JOINT_BREAK_USER_DATA),
    CAPW_U(CAP_JOINT_BREAK_OTHER_GENERATION),

    CAP_SNAPSHOT_HEADER_WORDS,
    CAPW_U(CAP_SNAPSHOT_WORD_MAGIC), CAPW_U(CAP_SNAPSHOT_WORD_FORMAT), CAPW_U(CAP_SNAPSHOT_WORD_LIBRARY_VERSION),
    CAPW_U(CAP_SNAPSHOT_WORD_BYTES), CAPW_U(CAP_SNAPSHOT_WORD_CHECKSUM), CAPW_U(CAP_SNAPSHOT_WORD_CONTACT_SIZE),
    CAPW_U(CAP_SNAPSHOT_WORD_STATIC_SIZE), CAPW_U(CAP_SNAPSHOT_WORD_DEF_SIZE),

    CAP_BALL_FIELDS, CAP_BALL_FLOAT_FIELDS,
    CAP_BALL_X, CAP_BALL_Y, CAP_BALL_VX, CAP_BALL_VY, CAP_BALL_ANGLE, CAP_BALL_W, CAP_BALL_RADIUS, CAP_BALL_INV_MASS,
    CAP_BALL_INV_INERTIA, CAP_BALL_RESTITUTION, CAP_BALL_FRICTION, CAP_BALL_ROLLING, CAP_BALL_GRAVITY_SCALE,
    CAP_BALL_LINEAR_DAMPING, CAP_BALL_ANGULAR_DAMPING, CAP_BALL_SLEEP_TIME, CAP_BALL_CATEGORY, CAP_BALL_MASK,
    CAP_BALL_FLAGS, CAP_BALL_GENERATION, CAP_BALL_USER_DATA,
    CAP_BODY_FIELDS, CAP_BODY_FLOAT_FIELDS,
    CAP_BODY_X, CAP_BODY_Y, CAP_BODY_ANGLE, CAP_BODY_VX, CAP_BODY_VY, CAP_BODY_W, CAP_BODY_HALF_LENGTH,
    CAP_BODY_RADIUS, CAP_BODY_INV_MASS, CAP_BODY_INV_INERTIA, CAP_BODY_RESTITUTION, CAP_BODY_FRICTION,
    CAP_BODY_GRAVITY_SCALE, CAP_BODY_LINEAR_DAMPING, CAP_BODY_ANGULAR_DAMPING, CAP_BODY_SLEEP_TIME,
    CAP_BODY_CATEGORY, CAP_BODY_MASK, CAP_BODY_FLAGS, CAP_BODY_GENERATION, CAP_BODY_USER_DATA,

    CAP_EVENT_KINDS, CAPW_PARAMS_WORDS, CAP_BODY_FIELD_ERROR,
    (uint16_t)-CAP_WORLD_BAD_VALUE, (uint16_t)-CAP_WORLD_NO_MEMORY, (uint16_t)-CAP_WORLD_BAD_HANDLE,
    CAP_SNAPSHOT_FORMAT, CAP_LIBRARY_VERSION, CAP_SNAPSHOT_HEADER,
    CAP_SNAPSHOT_TRUNCATED, CAP_SNAPSHOT_NOT_SNAPSHOT, CAP_SNAPSHOT_FORMAT_VERSION, CAP_SNAPSHOT_LIBRARY_VERSION,
    CAP_SNAPSHOT_CHECKSUM, CAP_SNAPSHOT_CORRUPT, CAP_SNAPSHOT_TOO_LONG,

    CAP_EVENT_BEGIN, CAP_EVENT_END, CAP_EVENT_HIT, CAP_EVENT_SENSOR_ENTER, CAP_EVENT_SENSOR_LEAVE, CAP_EVENT_JOINT_BREAK,
    CAP_STATIC_CAPSULE, CAP_STATIC_LINE, CAP_STATIC_KINEMATIC, CAP_STATIC_PIVOTED,
    CAP_JOINT_DISTANCE, CAP_JOINT_DRAG, CAP_JOINT_REVOLUTE,
    CAP_KINEMATIC_VELOCITY, CAP_KINEMATIC_TARGET, CAP_KINEMATIC_POSE,
    (uint16_t)(CAP_JOINT_WORLD >> 16), (uint16_t)(CAP_JOINT_WORLD & 0xffffu),
};
_Static_assert(CAP_LIBRARY_VERSION <= 0xffff && CAP_BODY_FIELD_ERROR <= 0xffff, "the world's layout words fit 16 bits");

EMSCRIPTEN_KEEPALIVE const uint16_t* capw_world_layout(void) { return world_layout; }
EMSCRIPTEN_KEEPALIVE uint32_t capw_world_layout_count(void) { return sizeof world_layout / sizeof world_layout[0]; }
