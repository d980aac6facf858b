/* capsule2d — private: capsule bodies (dynamic capsules), their storage
 * (bodies.c) and their part of the step (bodies_step.c). The world holds
 * one pointer to this (NULL until the first body is added), so a world
 * without bodies pays one NULL test per step. */
#ifndef CAP_BODIES_H
#define CAP_BODIES_H

#include <stdint.h>

#include "capsule2d_world.h"
#include "core/scalar.h"
#include "kernels/grid.h"
#include "kernels/scratch.h"

/* One contact point of a body (b) with a static or a lower-slot body (a),
 * normal from a toward b. Anchors are from the bodies' centres at the
 * step's start. */
typedef struct cap_bcontact {
    uint32_t a, b;          /* static slot or body slot; body slot */
    uint32_t kind;          /* 0 body-static, 1 body-body, 2 body (a) - ball (b) */
    uint32_t sa, sb;        /* solver states of a (~0: a static) and b */
    uint32_t id;            /* which point of the pair (warm-start match) */
    float nx, ny;           /* unit normal a -> b */
    float rax, ray, rbx, rby; /* anchors: the contact point minus each centre */
    float sep;              /* separation at the step's start (negative: overlap) */
    float ma, ia, mb, ib;   /* inverse masses and inertias as solved */
    float mass_n, mass_t;
    float friction, restitution;
    float jn, jt, max_jn;   /* accumulated impulses (warm started), largest normal impulse */
    float vn0;              /* normal speed at the step's start */
} cap_bcontact;

/* A body during a step. */
typedef struct cap_bstate {
    float vx, vy, w;
    float dx, dy;           /* displacement since the step's start */
    float qc, qs;           /* rotation since the step's start (unit) */
    float da;               /* angle turned since the step's start */
    /* A ball's state (after the bodies'): its slot, its velocity when the
     * bodies' pass began (it then moves only by what the pass changes) and
     * its centre when the contacts were found. */
    uint32_t ball;
    float v0x, v0y, w0, bx, by;
} cap_bstate;

typedef struct cap_wbodies {
    uint32_t cap, slots, live;
    void* mem;                          /* the block holding f and last (cap_block_resize) */
    void* f[CAP_BODY_FIELDS];           /* cap words each */
    float *last;                        /* 6 per slot: x, y, angle, vx, vy, w as the last step wrote them */
    cap_bcontact *contacts, *prev;
    uint32_t count, prev_count, contacts_cap, prev_cap;
    cap_bstate* state;
    uint32_t state_cap;
    uint32_t* group;                    /* union-find for sleeping */
    uint32_t group_cap;
    uint32_t* ball_state;               /* per ball slot: its solver state in this step's contacts, or ~0 */
    uint32_t ball_state_cap, balls;     /* balls in this step's contacts (states n .. n + balls - 1) */
    /* This step's grid of the live bodies (box k = slot k, built at the
     * step's begin: bodies_find.c) and its gather scratch. */
    cap_grid grid;
    cap_scratch gs;
    /* Per live slot, this step (filled with the grid): its core ends
     * x0, y0, x1, y1 and its reach (cap_body_ends, cap_body_reach). */
    float* pre;
    uint32_t pre_cap;
} cap_wbodies;

#define CAP_BODF(b, fld) ((float*)(b)->f[fld])
#define CAP_BODU(b, fld) ((uint32_t*)(b)->f[fld])

struct cap_world;
void cap_bodies_free(cap_wbodies* b);
/* Step, before anything changes: checks every live body (refusal names the
 * slot and CAP_BODY_FIELD_ERROR + field), picks up writes through the
 * views, finds the contacts and makes room. Returns 0 or a status. */
int cap_bodies_begin(struct cap_world* w);
/* Step, the part that cannot fail: solves, integrates, sleeps. */
void cap_bodies_step(struct cap_world* w);
/* The state hash's body part (bodies.c). */
uint32_t cap_bodies_hash(const cap_wbodies* b, uint32_t h);

/* ---- between the bodies' files (bodies_*.c) ---- */
#define LAST_WORDS 6
#define NONE 0xffffffffu

/* Up to two points: on A's core (qa) and the separation along n (distance
 * between the surfaces there, negative when overlapping), id per point. */
typedef struct bman {
    int count;
    float nx, ny;
    cap_vec2 qa[2];
    float sep[2];
    uint32_t id[2];
} bman;

/* bodies_manifold.c. Capsule A (a0 -> a1, ra) against capsule B: the
 * points with separation <= margin, normal from A toward B (two on a face
 * within ~8 degrees, else the closest pair; never NaN). */
int cap_body_manifold(cap_vec2 a0, cap_vec2 a1, float ra, cap_vec2 b0, cap_vec2 b1, float rb, float margin, bman* m);
/* A half-plane (point a, unit free-side normal n) against capsule B. */
int cap_body_manifold_line(cap_vec2 a, cap_vec2 n, cap_vec2 b0, cap_vec2 b1, float rb, float margin, bman* m);
/* bodies_find.c: a body's core ends; its reach (slop margin plus travel,
 * at most 4 radii); a ball's; the box test; the filter; dropping the
 * balls' solver states. */
void cap_body_ends(const cap_wbodies* b, uint32_t i, cap_vec2* p0, cap_vec2* p1);
float cap_body_reach(const struct cap_world* w, const cap_wbodies* b, uint32_t i, float margin);
float cap_body_ball_reach(const struct cap_world* w, uint32_t j);
void cap_bodies_forget_balls(cap_wbodies* b);
/* Whether bodies i and j (centres +- half length + radius + gap) may meet;
 * whether their filters let them collide. */
static inline int cap_body_boxes_meet(const cap_wbodies* b, uint32_t i, uint32_t j, float gap)
{
    float ri = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i] + CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float rj = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[j] + CAP_BODF(b, CAP_BODY_RADIUS)[j];
    float e = ri + rj + gap;
    return cap_absf(CAP_BODF(b, CAP_BODY_X)[i] - CAP_BODF(b, CAP_BODY_X)[j]) <= e &&
           cap_absf(CAP_BODF(b, CAP_BODY_Y)[i] - CAP_BODF(b, CAP_BODY_Y)[j]) <= e;
}

static inline int cap_body_collides(const cap_wbodies* b, uint32_t i, uint32_t j)
{
    const uint32_t *cat = CAP_BODU(b, CAP_BODY_CATEGORY), *mask = CAP_BODU(b, CAP_BODY_MASK);
    return (cat[i] & mask[j]) && (cat[j] & mask[i]);
}
/* Body j's grid candidates near body i, ascending, j >= lo, into b->gs.cand. */
uint32_t cap_body_near(cap_wbodies* b, uint32_t i, uint32_t lo);
/* bodies_sleep.c: the wake pass (awake[] per slot: 0 asleep, 1 awake, 2
 * written through a view, 3 woken) and the end-of-step sleep. */
void cap_bodies_wake(struct cap_world* w, cap_wbodies* b, uint32_t* awake, float margin);
void cap_bodies_sleep(struct cap_world* w, cap_wbodies* b);
/* bodies_ccd.c: sweeps body i's step (state s) against the statics and
 * shortens it to the first time of impact. */
void cap_body_sweep(struct cap_world* w, cap_wbodies* b, uint32_t i, cap_bstate* s);

#endif
