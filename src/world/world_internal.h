/* capsule2d — private: the world's storage, shared by every file of
 * src/world: world.c (creation, growth, settings), balls.c, statics.c and
 * static_kinds.c (statics.h), static_index.c, query.c, snapshot.c, solver.c
 * and the step's files (step.c and the ones step_internal.h names). */
#ifndef CAP_WORLD_INTERNAL_H
#define CAP_WORLD_INTERNAL_H

#include <stdint.h>

#include "capsule2d_world.h"
#include "kernels/grid.h"
#include "kernels/scratch.h"

/* One contact point between a ball (b) and a static or a lower-slot ball
 * (a), as the solver sees it. Normal from a toward b. */
typedef struct cap_wcontact {
    uint32_t a, b;      /* a: static slot or ball slot; b: ball slot */
    uint32_t kind;      /* 0 ball-static, 1 ball-ball */
    float nx, ny;       /* unit normal a -> b */
    float s0;           /* separation at the start of the step */
    float ra, rb;       /* lever lengths along -n / +n from the centres (0 for a static) */
    float ma, ia, mb, ib; /* inverse masses and inertias as solved (0: does not move) */
    float mass_n, mass_t, mass_r;
    float friction, restitution, rolling;
    float jn, jt, jr;   /* accumulated impulses (warm started) */
    float max_jn;       /* largest normal impulse this step */
    float vn0;          /* approach speed: least normal speed at the step's start or a sub-step's end */
    float px, py;       /* contact point at the start of the step */
    uint32_t touching;  /* touching after the last step */
    uint32_t kbody;     /* with a kinematic capsule: its surface's solver body (> ball slots), else 0 */
    uint32_t lane;      /* pack * 4 + lane in the solver (or ~0: not in a pack) */
    float kvx, kvy;     /* kinematic: the surface's velocity at the contact point */
    uint32_t pivot;     /* with a pivoted capsule: solved apart (movers.c), lever terms below */
    float kn, kt;       /* pivoted: (P - pivot) x n and x t at this sub-step */
    float bx0, by0;     /* pivoted: the ball's displacement at this sub-step's start */
    float th0;          /* pivoted: the capsule's angle at this sub-step's start */
} cap_wcontact;

/* A ball as the solver sees it during a step (32 bytes). */
typedef struct cap_wbody {
    float vx, vy, w;    /* velocity, spin */
    float dx, dy, da;   /* displacement and rotation since the step's start */
    float free;         /* h^2 gs / 2 when no contact this step (free flight), else 0 */
    float pad;
} cap_wbody;

/* A static shape; what each kind uses is its row in statics.h. Capsule
 * shape: a, b, radius; half-plane (a line): a, b (unit normal n = left of
 * a->b, solid on the right). minx..maxy: a fixed capsule's box, for the
 * static grid. */
typedef struct cap_wstatic {
    float ax, ay, bx, by, radius;
    float nx, ny;       /* line: unit left normal */
    float minx, miny, maxx, maxy;
    float restitution, friction, rolling;
    uint32_t category, mask;
    uint32_t kind, sensor; /* cap_static_kind (a row of statics.h); sensor: 0 or 1 */
    /* Kinematic capsule: its pose point (the pivot), angle, the distances
     * from it back to a and on to b along the axis, velocity of the pivot,
     * spin (a, b follow from the pose: cap_world_place_kinematic). */
    float cx, cy, angle, la, lb, vx, vy, w;
    /* A chain piece (in_chain = 1, or 2 when one-sided): the previous and
     * next pieces' slots, or ~0 at an open end (or after a neighbour was
     * removed). */
    uint32_t chain_prev, chain_next, in_chain;
    /* Pivoted capsule: inverse inertia about the pivot, mass, angle limits
     * (lo > hi: none), motor speed and torque, damping. */
    float inv_i, mass, lo, hi, motor_speed, motor_torque, damping;
    uint32_t user_data; /* the game's 32 bits (cap_static_def.user_data); never read by the step */
} cap_wstatic;

/* Four contacts side by side for the solver (solver.c). */
typedef struct cap_wpack {
    uint32_t a[4], b[4]; /* solver bodies */
    float nx[4], ny[4], s0[4], ra[4], rb[4];
    float ma[4], ia[4], mb[4], ib[4], mn[4], mt[4], mr[4];
    float fr[4], roll[4];
    float jn[4], jt[4], jr[4], maxjn[4], vn0[4];
    /* ra > 0: ball-ball (w->soft's ball softness; a ball's radius is > 0),
     * ra = 0: ball-static or an inert lane (its static softness). A lane's
     * contact keeps its place (cap_wcontact.lane), so the pack keeps no
     * index: 336 bytes. */
} cap_wpack;

struct cap_wquery; /* query.c */
struct cap_wbodies; /* bodies.h */

/* A joint (joints.c; solved in joints_solve.c). kind 0: a free slot (its
 * generation kept). An end: a ball slot or CAP_JOINT_WORLD (then a's world
 * point ax, ay); later a body kind + slot + local anchor. */
typedef struct cap_wjoint {
    uint32_t kind, a, b, generation, user_data;
    float ax, ay;
    float length, min_length, max_length, hertz, damping_ratio, max_force, break_force;
    float impulse, lower, upper; /* accumulated impulses (warm started); drag: impulse, lower = y */
    float force;                 /* the last step's force: |impulse sum| / dt */
    /* Revolute (kind 3; zero for the others), kept (snapshots, hash):
     * the anchor in a's and b's frames (from the centre, at angle 0; a
     * world end: zero, its point is ax, ay), the reference angle (b's
     * minus a's at creation), limits (lo > hi: none), motor; accumulated
     * linear (px, py) and motor impulses (the limits': lower, upper). */
    float lax, lay, lbx, lby, ref, lo, hi, motor_speed, max_torque; /* (cap_world_joint_info copies these 9 in order) */
    float px, py, motor;
    /* this step's: solver bodies, inverse masses, start separation b - a;
     * revolute: inverse inertias, anchors from the centres at the step's
     * start, relative angle at the step's start (less ref), axial mass */
    uint32_t ia, ib;
    float ma, mb, mass, d0x, d0y;
    float iia, iib, rax, ray, rbx, rby, rel0, axial;
    /* this pass's: unit axis a -> b and length (distance joints); a rigid
     * one's mass (softened) and bias rate times its error */
    float ux, uy, len, rm, rb;
    /* this step's groups of joints that share balls (joints_group.c):
     * parent (union-find; a group's root is its lowest slot), the next
     * joint of the group in slot order (none: CAP_JOINT_WORLD), the root's
     * last joint; packed: this step the joint is a link of a packed rope;
     * active: it was active (cap_joint_active) when the packs were made */
    uint32_t parent, next, tail, packed, active;
} cap_wjoint;

/* A joint end's tag: a capsule body (CAP_JOINT_BODY | slot; not the world). */
#define CAP_JOINT_IS_BODY(e) ((e) != 0xffffffffu && ((e)&0x80000000u))
/* A joint with a capsule body end (two bodies, a body and the world, or a
 * body and a ball): solved in the bodies' step (bodies_joints.c), a ball
 * end through its solver state there; the others in the balls' step. */
#define CAP_JOINT_ON_BODY(j) (CAP_JOINT_IS_BODY((j)->a) || CAP_JOINT_IS_BODY((j)->b))
/* A live joint between a ball and a body: the body's slot in *body, the
 * ball's in *ball (0: another joint; bodies_joined.c). */
int cap_joint_mixed(const cap_wjoint* j, uint32_t* body, uint32_t* ball);
/* A joint end that is alive: a live ball, or CAP_JOINT_BODY | a live capsule
 * body's slot (joints.c; the world end is not one). */
int cap_joint_end_alive(const cap_world* w, uint32_t e);

struct cap_world {
    cap_world_def def;
    cap_world_error err;
    uint32_t version;

    /* The world's memory is a handful of blocks (kernels/scratch.h:
     * cap_block_resize), each the arrays one capacity sizes, grown together
     * by world.c (all or nothing) and freed together:
     *  - ball_mem: every per-ball-slot array, ball_cap entries each (the
     *    ball fields and last_*, island, ball_cands, the ball grid's
     *    cell_of, cell_items, big, order and cell_pos, sx, sy, and
     *    color_mask with one more): cap_world_grow_balls;
     *  - static_mem: every per-static-slot array, static_cap entries each
     *    (statics, static_info, sg_slot, lines, kins, kin_a0, the static
     *    grid's gather scratch sgs, and cand with one more):
     *    cap_world_grow_statics;
     *  - contact_mem: contact_cap contacts in contacts, prev and merge, and
     *    the solver's color_of (one more) and packs (a quarter, + 65):
     *    cap_world_grow_contacts;
     *  - event_mem: the event lists, fixed at creation.
     * Apart: cell_start (sized by the ball grid's cells), body (balls and
     * moving capsules' surfaces), the sensor lists, queued end events and
     * joints (made when first needed), the kernels' static grid, the
     * queries' state (query.c) and the bodies (bodies.h). */
    void *ball_mem, *static_mem, *contact_mem, *event_mem;

    /* Balls: CAP_BALL_FIELDS arrays of ball_cap words each, plus the state
     * the last step wrote (to notice writes through views). */
    uint32_t ball_cap, ball_slots, ball_live;
    void* ball[CAP_BALL_FIELDS];
    float *last_x, *last_y, *last_vx, *last_vy;

    /* Statics: slot data and per-slot info (kind, generation, alive). */
    uint32_t static_cap, static_slots;
    cap_wstatic* statics;
    uint32_t* static_info;
    uint32_t statics_dirty;

    /* The step's static grid (static_index.c): the kernels' grid over the
     * fixed statics' boxes (box k: the k-th by slot, sg_slot[k]) and its
     * scratch (arrays in the static block, never grown by cap_scratch_*),
     * the bounds of those boxes; lines are kept apart. */
    cap_grid sgrid;
    cap_scratch sgs;
    uint32_t* sg_slot;
    float sg_minx, sg_miny, sg_maxx, sg_maxy;
    uint32_t *lines, line_count;
    uint32_t* cand; /* static candidates of one query */
    /* Each ball slot's static candidates in a box around it (static_index.c:
     * cap_world_ball_static_candidates), valid while sg_version (bumped at
     * each index build, never 0) is the one it was made with. Zeroed when
     * allocated: an entry never made has version 0. */
    struct cap_ball_cands* ball_cands;
    uint32_t sg_version;
    uint32_t *kins, kin_count; /* kinematic and pivoted static slots (the step's list) */
    uint32_t pivots;           /* pivoted ones among them */
    float* kin_a0;             /* their angles at the step's start (kins order) */

    /* Contacts: this step's and the last one's (in key order: kind, then
     * ball and static, or the two balls; contacts.c), grow-only. */
    cap_wcontact *contacts, *prev;
    uint32_t contact_count, prev_count, contact_cap; /* contact_cap: each of contacts, prev, merge */
    cap_wcontact* merge; /* the big balls' pairs while they are merged in */
    /* Sensor overlaps (static << 32 | ball as pairs), this and last step. */
    uint32_t *sensor_now, *sensor_prev;
    uint32_t sensor_prev_count, sensor_now_cap, sensor_prev_cap;

    /* Ball grid scratch. */
    uint32_t *cell_of, *cell_start, *cell_items, *big, *order;
    float* cell_pos; /* x, y, radius, slot bits of cell_items' balls */
    uint32_t cell_cap; /* cell_start's */
    /* This step's ball grid (start positions; bg_nx = 0: none) and its big
     * balls, for continuous collision between balls; after the step the
     * queries' (query.c refits cell_pos to the end positions). */
    float bg_minx, bg_miny, bg_inv, bg_reach;
    int32_t bg_nx, bg_ny;
    uint32_t bg_nbig;
    float *sx, *sy; /* positions at the start of the step */
    /* The step's far movers (ccd.c: struct far_set): their slots, then the
     * bucket starts (one more). */
    uint32_t *far_list, *far_start;
    /* A float per ball slot for the step: each ball's kinetic energy at
     * the step's start until the bounces (step.c: bound_bounces), then its
     * clock in the sweeps (ccd.c). */
    float* ball_tmp;
    cap_wbody* body;
    uint32_t body_cap;
    /* Solver packs (solver.c). */
    uint64_t* color_mask;
    uint8_t* color_of;
    cap_wpack* packs;
    uint32_t pack_count, lone_count, solver_bodies;
    float soft[6]; /* ball-ball and ball-static soft parameters of this step */
    uint32_t* island;

    /* Events. */
    uint32_t* events[CAP_EVENT_KINDS];
    uint32_t event_count[CAP_EVENT_KINDS];
    /* End events from removals, written at the next step: CAP_PENDING_WORDS
     * each (event kind, contact kind, a, b, then the event's last four
     * words: generations and user data of a and b at the removal). */
    uint32_t* pending_end;
    uint32_t pending_count, pending_cap;

    uint32_t awake_count;

    /* The queries' state (query.c: they go through the step's ball grid
     * and static grid): NULL until the first query. query_stale bit 0: the
     * ball grid no longer matches last_x (the next query rebuilds it;
     * cleared by the step's end, cap_world_query_after_step); bit 1: a static
     * was added, removed or moved (the next query refreshes its lists);
     * bit 2: the step's grid is still to be refit to last_x (by the next
     * query or ball change). */
    struct cap_wquery* query;
    uint32_t query_stale;

    /* Joints (joints.c), slot-indexed; joint_count live (0: the step skips them). */
    cap_wjoint* joints;
    uint32_t joint_cap, joint_slots, joint_count;
    /* This step's packed ropes (ropes.c: jpacks packs of rows in
     * jrows, room for jrows_cap rows; scratch, rebuilt each step) and the
     * count of active joints not in them; jaxes: the packs' axes are the
     * balls' present positions' (a relax pass made them, the warm start
     * after it keeps them; prepare clears it). */
    void* jrows;
    uint32_t jrows_cap, jpacks, jloose, jaxes;
    /* The packs are kept from step to step (ropes.c) while no joint is
     * added or removed (joints.c bumps jshape), the ball slots and every
     * joint's activity stay: jkept packs then, made at jshape jkept_shape
     * for jkept_n ball slots (jkept 0: none kept). */
    uint32_t jshape, jkept, jkept_shape, jkept_n, jkept_loose;
    /* Capsule bodies (bodies.h): NULL until the first is added. */
    struct cap_wbodies* bodies;
};


#define CAP_BF(w, f) ((float*)(w)->ball[f])
#define CAP_BU(w, f) ((uint32_t*)(w)->ball[f])

/* solver.c (its room: color_mask in the ball block, color_of and packs in
 * the contact block); the colours a ball may take part in. */
#define CAP_SOLVER_COLORS 64
void cap_solver_build(cap_world* w, uint32_t n_balls, const float* ball_soft, const float* static_soft);
void cap_solver_pass(cap_world* w, cap_wbody* body, int mode, float inv_h, float push);
/* The impulses and speeds the solver left in contact c's lane, back into
 * it (a contact in no pack keeps its own). */
static inline void cap_solver_store(const cap_world* w, cap_wcontact* c)
{
    if (c->lane == 0xffffffffu) return;
    const cap_wpack* pk = &w->packs[c->lane >> 2];
    uint32_t l = c->lane & 3u;
    c->jn = pk->jn[l];
    c->jt = pk->jt[l];
    c->jr = pk->jr[l];
    c->max_jn = pk->maxjn[l];
    c->vn0 = pk->vn0[l];
}

/* world.c: the def's rules; a failure recorded in w->err (returns status);
 * growth of one buffer to at least need entries (doubling; 0 or
 * CAP_WORLD_NO_MEMORY, the buffer unchanged then); the blocks (above):
 * every per-ball array to n slots, every per-static array and the
 * contact block to at least need (doubling), each all or nothing (0 or
 * CAP_WORLD_NO_MEMORY with the world unchanged; array addresses change);
 * every live ball woken (the world changed under it: settings, a static
 * removed, a kinematic capsule teleported). */
int cap_world_def_valid(const cap_world_def* d);
int cap_world_fail(cap_world* w, int status, int slot, int field);
int cap_world_reserve_u32(uint32_t** p, uint32_t* cap, uint32_t need);
int cap_world_reserve_bytes(void** p, uint32_t* cap, uint32_t need, uint32_t size);
int cap_world_grow_balls(cap_world* w, uint32_t n);
int cap_world_grow_statics(cap_world* w, uint32_t need);
int cap_world_grow_contacts(cap_world* w, uint32_t need);
void cap_world_wake_all(cap_world* w);

/* balls.c */
#define CAP_PENDING_WORDS 8
/* Drops every contact and sensor overlap of a ball (is_ball) or a static
 * being removed, queueing the end / leave events of those that touched. */
int cap_world_forget(cap_world* w, int is_ball, uint32_t slot);
/* The last four words of an event record (generations, then user data, of
 * a and b) from the objects in those slots now. ckind: 0 ball-static, 1
 * ball-ball, 2 body-static, 3 body-ball, 4 body-body. */
void cap_world_event_ids(const cap_world* w, uint32_t ckind, uint32_t a, uint32_t b, uint32_t* out);
/* Emits a queued end event (a pending_end record) with the ids it saved. */
void cap_world_emit_pending(cap_world* w, const uint32_t* rec);

/* statics.c: a kinematic capsule's a, b from its pose at centre (x, y), angle. */
void cap_world_place_kinematic(cap_wstatic* s, float x, float y, float angle);

/* static_index.c: the static grid, rebuilt from the statics; the static
 * slots whose box overlaps [x0,x1]x[y0,y1] (lines always), ascending, into
 * w->cand; returns the count. */
void cap_world_index_statics(cap_world* w);
uint32_t cap_world_static_candidates(cap_world* w, float x0, float y0, float x1, float y1);
/* The same for ball b's own queries (contacts, sweeps): the same slots in the
 * same order, found from the statics of a padded box kept for the ball while
 * its queries stay inside it (struct cap_ball_cands, one per ball slot in
 * the ball block). */
#define CAP_BALL_CANDS 6
struct cap_ball_cands {
    float x0, y0, x1, y1;
    uint32_t version, count;
    uint32_t slot[CAP_BALL_CANDS];
    /* This step's clearance (contacts.c): no fixed static that the ball
     * collides with and has no contact with comes nearer its start
     * position than its radius plus this; a ball that moved less is swept
     * (ccd.c) against its contacts' statics only. */
    float clear;
};
uint32_t cap_world_ball_static_candidates(cap_world* w, uint32_t b, float pad, float x0, float y0, float x1, float y1);

/* query.c: frees the queries' state; at the end of a step: the step's ball
 * grid to be refit to the positions it wrote (one pass over its entries,
 * made by the next query or ball change: query_stale bit 2); a ball
 * added or removed by a world method. */
void cap_world_query_free(struct cap_wquery* q);
void cap_world_query_after_step(cap_world* w);
void cap_world_query_ball_added(cap_world* w, uint32_t slot);
void cap_world_query_ball_removed(cap_world* w, uint32_t slot);
/* query_scan.c: the queries by a scan of every ball then every static,
 * without the index: the reference the index must equal (tests), with the
 * same argument rules. */
int cap_world_ray_cast_scan(const cap_world* w, cap_ray ray, cap_ray_hit* hit, int* kind, uint32_t* slot);
int cap_world_sweep_ball_scan(const cap_world* w, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* hit,
                              int* kind, uint32_t* slot);
uint32_t cap_world_query_circle_scan(const cap_world* w, float x, float y, float r, uint32_t* out, uint32_t capacity);
uint32_t cap_world_query_box_scan(const cap_world* w, float x0, float y0, float x1, float y1, uint32_t* out,
                                  uint32_t capacity);

/* joints.c, joints_solve.c (joints_group.c: tag; joints_break.c: finish):
 * a removed ball's joints go with it; the step's hooks (each called only
 * when joint_count > 0). */
void cap_world_joints_forget_ball(cap_world* w, uint32_t slot);
void cap_joints_wake(cap_world* w, uint32_t* flags, float* sleep_time);
void cap_joints_prepare(cap_world* w, cap_wbody* body, uint32_t n);
void cap_joints_pass(cap_world* w, cap_wbody* body, int mode, float h);
void cap_joints_finish(cap_world* w);
void cap_joints_tag(cap_world* w, cap_wbody* body);
/* Joints with a capsule body end: a removed body's go with it; the
 * bodies' step's hooks (bodies_joints.c): prepare (and mark the bodies a
 * drag joint holds in their solver states), one pass (mode as
 * cap_joints_pass), whether any such joint lives. */
void cap_world_joints_forget_body(cap_world* w, uint32_t slot);
struct cap_bstate;
int cap_joints_body_any(const cap_world* w);
void cap_joints_body_prepare(cap_world* w, struct cap_bstate* st);
void cap_joints_body_pass(cap_world* w, struct cap_bstate* st, int mode, float h);
/* The balls' sleep (sleep.c): or's bit into the flags of the group root
 * (parent: the balls' union-find) of each ball joined to an awake capsule
 * body, which then does not sleep (the body's sleep waited for the ball:
 * bodies_sleep.c). */
void cap_joints_hold_balls(cap_world* w, uint32_t* parent, uint32_t* flags, uint32_t bit);

/* contacts.c, events.c */
int cap_world_key_cmp(const cap_wcontact* x, const cap_wcontact* y);
void cap_world_emit(cap_world* w, int kind, uint32_t ckind, uint32_t a, uint32_t b, const float* extra);

#endif
