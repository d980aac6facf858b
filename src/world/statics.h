/* capsule2d — private: the one table of static kinds (static_kinds.c).
 *
 * Every question the world asks about a static's kind is answered by its
 * row here, never by comparing kind numbers elsewhere:
 *  - how it is indexed: `find` (the static grid by its fixed box, every
 *    query for an unbounded shape, the step's movers list for a shape that
 *    moves in the step; cap_world_index_statics, the query index);
 *  - how it is collided, swept and queried: `shape` (a capsule core a-b
 *    with a radius, or a half-plane solid right of a->b). The contacts
 *    (contacts.c), the sweeps (ccd.c) and the sensors branch on the shape;
 *    the queries call cap_static_ray / _sweep / _circle / _box below;
 *  - how it moves: `pose` (its ends follow a pose, cx, cy, angle, la, lb,
 *    moved by vx, vy, w: movers.c), `turns` (a pivoted body: turned by the
 *    balls' impulses, with mass, inertia, limits and motor);
 *  - what it may be and how it is made: `sensor_ok`, `chain_ok`, `add`
 *    (which add call makes it);
 *  - how a snapshot's record of it is validated: cap_static_check, by the
 *    same row.
 * A new kind is one row (static_kinds.c) plus, for a new shape, its
 * functions and one branch in each place that switches on `shape`. */
#ifndef CAP_STATICS_H
#define CAP_STATICS_H

#include <stdint.h>

#include "world/world_internal.h"

/* The shape a kind presents to a ball or a query. */
enum { CAP_SHAPE_CAPSULE, CAP_SHAPE_HALF_PLANE };
/* How the world finds it. */
enum {
    CAP_FIND_GRID,   /* its box is fixed (minx..maxy): the static grid */
    CAP_FIND_ALWAYS, /* unbounded: tested by every query (the lines list) */
    CAP_FIND_MOVERS  /* moves in the step: the step's movers list, posed at every sub-step */
};
/* Which call makes it. */
enum { CAP_ADD_DEF, CAP_ADD_KINEMATIC, CAP_ADD_PIVOTED };

typedef struct cap_static_kind_row {
    const char* name; /* as the JS API names it */
    uint8_t shape;    /* CAP_SHAPE_* */
    uint8_t find;     /* CAP_FIND_* */
    uint8_t add;      /* CAP_ADD_*: cap_world_add_static, _add_kinematic, _add_pivoted */
    uint8_t pose;     /* ends from a moving pose (cx, cy, angle, la, lb; vx, vy, w) */
    uint8_t turns;    /* pivoted: turned by the balls (inv_i, mass, lo, hi, motor, damping) */
    uint8_t sensor_ok, chain_ok;
} cap_static_kind_row;

#define CAP_STATIC_KIND_COUNT 4
extern const cap_static_kind_row cap_static_kinds[CAP_STATIC_KIND_COUNT];

/* The row of a kind (records hold valid kinds: add calls and snapshot
 * checks see to it; anything else reads row 0, never out of bounds). */
static inline const cap_static_kind_row* cap_static_row(uint32_t kind)
{
    return &cap_static_kinds[kind < CAP_STATIC_KIND_COUNT ? kind : 0];
}
static inline int cap_static_half_plane(const cap_wstatic* s) { return cap_static_row(s->kind)->shape == CAP_SHAPE_HALF_PLANE; }
/* Its ends are fixed (only world methods move it): a fixed capsule or a line. */
static inline int cap_static_fixed(const cap_wstatic* s) { return !cap_static_row(s->kind)->pose; }
static inline int cap_static_turns(const cap_wstatic* s) { return cap_static_row(s->kind)->turns; }
/* Moved by the game's velocity and pose (kinematic, not pivoted). */
static inline int cap_static_driven(const cap_wstatic* s)
{
    const cap_static_kind_row* r = cap_static_row(s->kind);
    return r->pose && !r->turns;
}

/* static_kinds.c: one static against one query, by its shape (the tests of
 * the world's queries and the step's sensors). Conventions as
 * capsule2d.h's: touching counts; normals from the static outward. */
int cap_static_ray(const cap_wstatic* s, cap_ray ray, cap_ray_hit* h);
int cap_static_sweep(const cap_wstatic* s, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* h);
int cap_static_circle(const cap_wstatic* s, float qx, float qy, float qr);
/* box: x0, y0, x1, y1 (x0 <= x1, y0 <= y1). */
int cap_static_box(const cap_wstatic* s, const float box[4]);

/* static_kinds.c: a snapshot's record of live static i (of n_statics
 * slots), with its add call's rules: the name of the first value refused,
 * or NULL. */
const char* cap_static_check(const cap_world* w, uint32_t n_statics, uint32_t i);

#endif
