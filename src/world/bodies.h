/* capsule2d — private: capsule bodies (dynamic capsules), their storage
 * (bodies.c) and their part of the step (bodies_step.c). The world holds
 * one pointer to this (NULL until the first body is added), so a world
 * without bodies pays one NULL test per step. */
#ifndef CAP_BODIES_H
#define CAP_BODIES_H

#include <stdint.h>

#include "capsule2d_world.h"
#include "core/scalar.h"
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
    float jsum;             /* this step's normal impulse: the sum of the sub-steps' (restitution's bound) */
    float svx, svy;         /* a moving (kinematic or pivoted) capsule's surface velocity at the point; +0 else */
} cap_bcontact;

/* A body during a step. */
typedef struct cap_bstate {
    float vx, vy, w;
    float dx, dy;           /* displacement since the step's start */
    float qc, qs;           /* rotation since the step's start (unit) */
    float da;               /* angle turned since the step's start */
    /* A ball's state (after the bodies'): its slot, its velocity when the
     * bodies' pass began (it then moves only by what the pass changes) and
     * its centre when the contacts were found. A body's: ball is 1 when a
     * drag joint holds it this step (its sweep is strict), else 0; v0x,
     * v0y its gravity's velocity change a sub-step, w0 and bx its linear
     * and angular damping factors (bodies_step.c). */
    uint32_t ball;
    float v0x, v0y, w0, bx, by;
    /* A ball joined to a body awake this step (joined = 1; bodies_joints.c,
     * cap_joints_body_balls; a ball joined only to sleeping bodies is moved
     * as one touching a body, by what the pass changes): this pass
     * replays the balls' sub-steps for it, so that its joints are solved
     * as in one soft step. It starts from its velocity at the step's start
     * (s0x, s0y, s0w, kept when its state is made) and gains an even share
     * of what the balls' step changed (gravity, contacts, damping) each
     * sub-step (gx, gy, gw); it moves by its whole velocity (v0 = 0) plus
     * an even share of where the balls' step took it beyond that model of
     * it (ex, ey; its displacement starts at 0), so that its joints see it
     * where it is in each sub-step; er: the model's turn per sub-step (its
     * angle at the step's start is the balls' step's less n er). */
    float s0x, s0y, s0w, gx, gy, gw, joined, ex, ey, er;
    /* A ball's: 1 when continuous collision stopped it at a capsule body
     * in the balls' step (cap_bodies_ball_stopped): the velocity it has
     * was not spent on moving it, so this pass moves it by its whole
     * velocity (v0 = 0) from where it stopped. */
    float stopped;
} cap_bstate;

/* bodies_solve.c: one point of 4 lanes' manifolds (a lane's second point
 * is zero, inert, when its manifold has one), and a pack of 4 manifolds on
 * 4 different states (the inert state excepted): solver states a, b,
 * manifold (NONE: padding), normal, masses, friction, soft parameters. */
typedef struct cap_bpoint {
    float rax[4], ray[4], rbx[4], rby[4], sep[4], mn[4], mt[4], jn[4], jt[4], mjn[4], jsum[4];
    float svx[4], svy[4], svn[4]; /* the contact's svx, svy and their normal part (+0: a fixed side) */
} cap_bpoint;
typedef struct cap_bpack {
    uint32_t a[4], b[4], m[4];
    uint32_t two; /* some lane has two points */
    float nx[4], ny[4], ma[4], ia[4], mb[4], ib[4], fr[4];
    float br[4], ms[4], is[4]; /* bias rate, mass scale, impulse scale */
    cap_bpoint p[2];
} cap_bpack;

typedef struct cap_wbodies {
    uint32_t cap, slots, live;
    void* mem;                          /* the block holding f and last (cap_block_resize) */
    void* f[CAP_BODY_FIELDS];           /* cap words each */
    float *last;                        /* 6 per slot: x, y, angle, vx, vy, w as the last step wrote them */
    cap_bcontact *contacts, *prev;
    uint32_t count, prev_count, contacts_cap, prev_cap;
    uint32_t* mstart;                   /* this step's manifolds: contacts[mstart[k] .. mstart[k + 1]) */
    uint32_t mcount, mstart_cap;
    cap_bstate* state;                  /* bodies' (slot), balls' (slots + k), then one inert state */
    uint32_t state_cap;
    uint32_t* group;                    /* union-find for sleeping */
    uint32_t group_cap;
    uint32_t* ball_state;               /* per ball slot: its solver state in this step's contacts, or ~0 */
    uint32_t ball_state_cap, balls;     /* balls in this step's contacts (states n .. n + balls - 1) */
    uint32_t* fast;                     /* this step's fast balls (cap_body_sweep_fast), ascending slots */
    uint32_t fast_cap, fast_n;
    /* This step's box of each live slot (gs.boxes, 4 doubles per slot),
     * the live slots sorted by their boxes' low edge on the sweep axis
     * (kept between steps: nearly sorted already; order_stale after an
     * add or a remove), the pairs found (pairs, 2 words each) and each
     * slot's neighbours, ascending: adj[adj_start[i] .. adj_start[i + 1])
     * (bodies_pairs.c; order_tmp: the fill cursors). */
    cap_scratch gs;
    uint32_t *order, *order_tmp, *pairs, *adj, *adj_start;
    uint32_t order_n, order_cap, order_tmp_cap, order_stale, pairs_cap, adj_cap, adj_start_cap;
    double* key;                        /* per slot: its box's low edge on the sweep axis */
    uint32_t key_cap;
    double* sbox;                       /* per sweep position: the box's edges (cap_bodies_pairs) */
    uint32_t sbox_cap;
    uint32_t sweep_axis;                /* this step's sweep axis: 0 x, 1 y */
    double sweep_width;                 /* the widest box on it (ccd.c's ball sweep starts there) */
    uint32_t* adj_low;                  /* per slot: how many of its neighbours are lower slots */
    uint32_t adj_low_cap;
    /* Per live slot, this step (filled with the boxes): its core ends
     * x0, y0, x1, y1 and its reach (cap_body_ends, cap_body_reach). */
    float* pre;
    uint32_t pre_cap;
    /* This step's pairs of bodies joined by a joint (lower << 32 | higher
     * slot, ascending; bodies_joined.c): they do not collide (Box2D's
     * collideConnected = false). */
    uint64_t* joined;
    uint32_t joined_count, joined_cap;
    /* This step's colouring and packs (bodies_solve.c): a colour mask per
     * solver state, a colour per manifold, the packs. */
    uint32_t *cmask, *mcolor;
    uint32_t cmask_cap, mcolor_cap;
    cap_bpack* packs;
    uint32_t pack_cap, pack_count;
    /* Events (bodies_events.c): the pairs touching after the last step,
     * TOUCH_WORDS each (event kind 2 body-static, 3 body-ball, 4 body-body;
     * a, b as the event names them; a word of this step's), ascending by
     * (kind, a, b); tnew: this step's, made before the sleep; the sensor
     * overlaps after the last step (static, body), ascending by (body,
     * static), and this step's. World state: snapshots keep touch and sens. */
    uint32_t *touch, *tnew, *sens, *snew;
    uint32_t touch_count, touch_cap, tnew_count, tnew_cap, sens_count, sens_cap, snew_cap;
} cap_wbodies;
#define TOUCH_WORDS 4

#define CAP_BODF(b, fld) ((float*)(b)->f[fld])
#define CAP_BODU(b, fld) ((uint32_t*)(b)->f[fld])

struct cap_world;
void cap_bodies_free(cap_wbodies* b);
/* Step, before anything changes: checks every live body (refusal names the
 * slot and CAP_BODY_FIELD_ERROR + field), picks up writes through the
 * views, finds the contacts and makes room. Returns 0 or a status. */
int cap_bodies_begin(struct cap_world* w);
/* Step, the part that cannot fail: solves, integrates, sleeps; then
 * sweeps again each ball this pass moved (s: the balls' step, its start
 * positions; cap_step_ccd_again). */
struct step_ctx;
void cap_bodies_step(struct cap_world* w, struct step_ctx* s);
/* The state hash's body part (bodies.c). */
uint32_t cap_bodies_hash(const cap_wbodies* b, uint32_t h);
/* bodies_snapshot.c: the bodies' section of a world snapshot (layout
 * there), after the joints'; CAP_BODIES_TAG, its first word, is above any
 * joint count (<= 2^20), so the two optional sections tell apart. Size in
 * bytes (0: no section, a world that never had a body; ~0: too big);
 * written at p; read from len untrusted bytes into a new *out, every value
 * checked (CAP_WORLD_BAD_VALUE with *what / *slot naming the first one
 * refused, CAP_WORLD_NO_MEMORY, or 0). */
#define CAP_BODIES_TAG 0x53444f42u /* "BODS" */
/* Resizes the per-body block (the fields and last: one allocation, new
 * slots zeroed) to n slots: 0 or NO_MEMORY, nothing changed then. */
int cap_bodies_resize(cap_wbodies* b, uint32_t n);
uint32_t cap_bodies_snap_size(const cap_wbodies* b);
void cap_bodies_snap_write(const cap_wbodies* b, uint8_t* p);
int cap_bodies_snap_read(const struct cap_world* nw, const uint8_t* p, uint32_t len, cap_wbodies** out, const char** what,
                         int32_t* slot);
/* bodies_events.c. Room for this step's touching pairs (in begin, after
 * the contacts are found: 0 or NO_MEMORY); this step's touching pairs (in
 * the bodies' step after the bodies and balls moved, before the sleep: a
 * pair of a manifold touches when a point's normal impulse was > 0 or its
 * separation at the step's end is <= the slop, 5 mm, where the bodies'
 * solver and sweep leave resting and stopped shapes (0 flickers: a ball on
 * a body hovers 1-3 mm above it every other step), the turn taken
 * linearly; a pair
 * none of whose bodies was awake keeps touching as it did); the step's
 * begin / end / hit (after the balls' events), then the sensor overlaps
 * (events.c). */
int cap_bodies_touch_room(cap_wbodies* b);
void cap_bodies_touching(struct cap_world* w, cap_wbodies* b);
void cap_bodies_events(struct cap_world* w);
void cap_bodies_sensors(struct cap_world* w);
/* A static (what 0), ball (1) or body (2) in slot being removed: its
 * touching pairs and sensor overlaps with bodies, counted (apply 0,
 * nothing changed) or dropped with their end / leave events queued
 * (apply 1: the caller made room for the count in pending_end). */
uint32_t cap_bodies_forget(struct cap_world* w, int what, uint32_t slot, int apply);

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
/* Only real touches (as the balls' speculative contacts, contacts.c): m,
 * capsule A (still) against capsule B found at the step's start, every
 * point apart (sep > 0), with B moving by d relative to A over the step
 * (turning not counted: the caller asks only when both turn less than the
 * slop). When twice B's motion along m's normal does not close its gap
 * (the solver would push nothing), or the two meet within the
 * step, m stays as found. Otherwise 0
 * (no contact) when B's least distance passes the margin, or, B still
 * closing at the step's end, the reach; else m is rebuilt where B is
 * nearest, its separations taken back to the start along the new normal,
 * so a capsule flying past another's end within the reach is not pushed
 * by it. */
int cap_body_clip(cap_vec2 a0, cap_vec2 a1, float ra, cap_vec2 b0, cap_vec2 b1, float rb, cap_vec2 d, float reach, float margin,
                  bman* m);
/* A half-plane (point a, unit free-side normal n) against capsule B. */
int cap_body_manifold_line(cap_vec2 a, cap_vec2 n, cap_vec2 b0, cap_vec2 b1, float rb, float margin, bman* m);
/* bodies_pairs.c: a body's core ends; its reach (slop margin plus travel,
 * at most 4 radii); this step's pairs of bodies (the boxes, b->pre, the
 * neighbour lists: cap_body_near; 1, or 0 out of memory). */
void cap_body_ends(const cap_wbodies* b, uint32_t i, cap_vec2* p0, cap_vec2* p1);
float cap_body_reach(const struct cap_world* w, const cap_wbodies* b, uint32_t i, float margin);
int cap_bodies_pairs(struct cap_world* w, cap_wbodies* b, float margin);
/* bodies_find.c: a ball's reach (as a body's); dropping the balls' solver
 * states. */
float cap_body_ball_reach(const struct cap_world* w, uint32_t j);
void cap_bodies_forget_balls(cap_wbodies* b);
/* Ball j was stopped at a capsule body by the balls' continuous collision
 * (ccd.c): marks its state, if the bodies' pass has one (cap_bstate's
 * stopped). */
void cap_bodies_ball_stopped(cap_wbodies* b, uint32_t j);
/* Body i's box this step (from b->pre, filled by cap_bodies_pairs): its
 * core's box grown by its radius and its reach, in double, widened by a
 * relative 1e-6 (float32 rounding in bodies_find.c's find_body test): low
 * x, low y, high x, high y. Two bodies whose cores' boxes, each grown by
 * its radius, are within the larger reach have overlapping boxes. */
static inline void cap_body_box(const cap_wbodies* b, uint32_t i, double box[4])
{
    const float* pi = &b->pre[5 * (size_t)i];
    double x0 = cap_minf(pi[0], pi[2]), x1 = cap_maxf(pi[0], pi[2]), y0 = cap_minf(pi[1], pi[3]), y1 = cap_maxf(pi[1], pi[3]);
    double e = (double)CAP_BODF(b, CAP_BODY_RADIUS)[i] + pi[4];
    e = e * (1.0 + 1e-6) + ((x0 < 0 ? -x0 : x0) + (x1 < 0 ? -x1 : x1) + (y0 < 0 ? -y0 : y0) + (y1 < 0 ? -y1 : y1)) * 1e-6;
    box[0] = x0 - e, box[1] = y0 - e, box[2] = x1 + e, box[3] = y1 + e;
}

/* Whether the filters of bodies i and j let them collide. */
static inline int cap_body_collides(const cap_wbodies* b, uint32_t i, uint32_t j)
{
    const uint32_t *cat = CAP_BODU(b, CAP_BODY_CATEGORY), *mask = CAP_BODU(b, CAP_BODY_MASK);
    return (cat[i] & mask[j]) && (cat[j] & mask[i]);
}
/* Last step's contacts' order (bodies_find.c): the lower body, the kind,
 * the other slot, the point id. */
int cap_bcontact_cmp(const cap_bcontact* x, const cap_bcontact* y);
/* bodies_joined.c: this step's joined pairs (0 or NO_MEMORY, nothing
 * changed then); whether bodies i < j are joined; whether body i and ball
 * j are (they do not collide either). */
int cap_bodies_joined_build(struct cap_world* w, cap_wbodies* b);
int cap_bodies_joined(const cap_wbodies* b, uint32_t i, uint32_t j);
int cap_bodies_joined_ball(const cap_wbodies* b, uint32_t i, uint32_t j);
/* Ball j's solver state this step, made (after the others) the first time
 * it is asked for: its index, or NONE out of memory (bodies_find.c). */
uint32_t cap_bodies_ball_state(const struct cap_world* w, cap_wbodies* b, uint32_t j);
/* Joints between a ball and a body (bodies_joints.c): their balls' solver
 * states, whatever the ends' sleep, joined = 1 on those joined to a body
 * awake this step (awake[]: they wake with it). 0 or NO_MEMORY. */
int cap_joints_body_balls(struct cap_world* w, cap_wbodies* b, const uint32_t* awake);
/* In the bodies' step, after the balls' states are set: the joined balls'
 * replay (cap_bstate.joined) over n sub-steps of h; 1 if any. */
int cap_joints_body_replay(struct cap_world* w, cap_bstate* st, float h, int n);
/* Body i's neighbours this step (their cores' boxes, each grown by its
 * radius and reach, overlap; the filters let them collide), ascending:
 * *out, count. */
static inline uint32_t cap_body_near(const cap_wbodies* b, uint32_t i, const uint32_t** out)
{
    *out = b->adj + b->adj_start[i];
    return b->adj_start[i + 1] - b->adj_start[i];
}
/* bodies_sleep.c: the wake pass (awake[] per slot: 0 asleep, 1 awake, 2
 * written through a view, 3 woken) and the end-of-step sleep. */
void cap_bodies_wake(struct cap_world* w, cap_wbodies* b, uint32_t* awake, float margin);
void cap_bodies_sleep(struct cap_world* w, cap_wbodies* b);
/* bodies_solve.c: colour the manifolds and make room for the packs (in
 * begin: 0 or NO_MEMORY); fill the packs (after the anchors and masses);
 * one pass (0 warm start, 1 solve, 2 relax) over them; their impulses back
 * into the contacts. */
int cap_bodies_color(cap_wbodies* b);
struct cap_soft;
void cap_bodies_pack(cap_wbodies* b, const struct cap_soft* ss, const struct cap_soft* bs);
void cap_bodies_solve(cap_wbodies* b, int mode, float inv_h, float push, float t);
void cap_bodies_unpack(cap_wbodies* b);
/* bodies_ccd.c: sweeps body i's step (state s) against the statics and
 * shortens it to the first time of impact (strict: a body a drag joint
 * holds, see advance()). */
void cap_body_sweep(struct cap_world* w, cap_wbodies* b, uint32_t i, cap_bstate* s, int strict);
/* Then the same sweep against what the body's contacts could not reach:
 * a body whose travel this step passed its contacts' longest reach (the
 * slop margin and 4 radii: they cover no farther) against the other
 * bodies (each from its start pose over its own motion this step, st: the
 * states; a sleeping one where it is) and the balls; any other body
 * against the fast balls (cap_bodies_fast_balls: a ball's contacts with
 * bodies reach no farther than 4 of its radii either). A ball moves from
 * its start, sc, to where it is now. Past the joined ones, the category
 * and mask filter and the pairs this step's contacts hold (the solver
 * holds those; stopping one of two touching movers would let the other
 * pass it). Where the paths meet, the body stops at the first time of
 * impact with the other's path or its end pose, whichever is earlier
 * (each may stop at a different time of its step), keeping its velocity
 * (the next step's contacts act), so no body passes through a ball or a
 * body: two slow bodies meet through their contacts, whose gap is the sum
 * of their reaches (bodies_find.c). O(bodies + balls) per fast body,
 * O(fast balls) per other awake body. */
void cap_body_sweep_fast(struct cap_world* w, cap_wbodies* b, uint32_t i, cap_bstate* st, const struct step_ctx* sc);
/* Lists this step's fast balls in b->fast (ascending slots): the awake
 * ones that moved more than 4 of their radii from their start (sc) to
 * where they are now (a ball in the bodies' contacts: where the bodies'
 * pass took it); b->fast has room for every ball slot (reserved with the
 * contacts, bodies_find.c). */
void cap_bodies_fast_balls(struct cap_world* w, cap_wbodies* b, const cap_bstate* st, const struct step_ctx* sc);

#endif
