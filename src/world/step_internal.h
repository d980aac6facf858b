/* capsule2d — private: what the step's files share (step.c runs the
 * phases and the sub-steps; step_validate.c, contacts.c, contacts_static.c,
 * ccd.c, toi.c, movers.c, events.c and sleep.c hold the others).
 * Only src/world/ includes it. */
#ifndef CAP_STEP_INTERNAL_H
#define CAP_STEP_INTERNAL_H

#include <stdint.h>

#include "world/world_internal.h"

#define CAP_TWO_PI 6.28318530717958647692f
#define CAP_LIVE_AWAKE (CAP_BALL_ALIVE | CAP_BALL_AWAKE)
/* A cold part of the step, kept out of line and, in the wasm builds,
 * compiled for size (the module's size budget). */
#if defined(__clang__)
#define CAP_SMALL __attribute__((minsize, noinline))
#elif defined(__GNUC__)
#define CAP_SMALL __attribute__((noinline))
#else
#define CAP_SMALL
#endif

/* A small helper every caller inlines, also in the files compiled for size
 * (CAP_SMALL functions and the -Oz files keep it a call otherwise: a call
 * per contact in the wasm build). */
#if defined(__GNUC__) || defined(__clang__)
#define CAP_INLINE_ALWAYS static inline __attribute__((always_inline))
#else
#define CAP_INLINE_ALWAYS static inline
#endif

/* Phase timing for tools/profile/plinko.c (built with -DCAP_PHASE_PROFILE,
 * which defines cap_phase): CAP_PHASE(i) adds the time since the previous
 * mark to phase i (-1: only marks). Nothing in any other build. */
#ifdef CAP_PHASE_PROFILE
void cap_phase(int id);
#define CAP_PHASE(i) cap_phase(i)
#else
#define CAP_PHASE(i) ((void)0)
#endif

static inline float fmin2(float a, float b) { return a < b ? a : b; }
static inline float fmax2(float a, float b) { return a > b ? a : b; }

/* The angle brought into [-pi, pi] (whole turns removed); an angle so large
 * that float32 holds no fraction of a turn becomes 0. */
static inline float wrap_angle(float a)
{
    const float pi = 3.14159265f;
    if (a >= -pi && a <= pi) return a;
    float k = __builtin_floorf((a + pi) * (1.0f / CAP_TWO_PI));
    a = a - k * CAP_TWO_PI;
    return a >= -pi && a <= pi ? a : 0.0f;
}

/* A drag joint's accumulated impulse (x, y) cut to length at most max
 * (max >= 0), direction kept. */
static inline void clamp_length(float* x, float* y, float max)
{
    float l2 = *x * *x + *y * *y;
    if (l2 > max * max) {
        float sc = max / __builtin_sqrtf(l2);
        *x = *x * sc;
        *y = *y * sc;
    }
}

/* A contact's order (contacts.c's key_cmp) as one number: kind, then the
 * two slots (each below 2^31: slots are bounded by the arrays' byte limits;
 * snapshots are checked). Contacts are kept in this order, step to step. */
CAP_INLINE_ALWAYS uint64_t key64(const cap_wcontact* c)
{
    uint64_t x1 = c->kind == 0 ? c->b : c->a, x2 = c->kind == 0 ? c->a : c->b;
    return (uint64_t)c->kind << 62 | x1 << 31 | x2;
}

/* The cell column (or row) of coordinate v in a grid from lo, inv = 1 /
 * cell size, n cells: clamped to [0, n - 1]. */
static inline int32_t cell_of(float v, float lo, float inv, int32_t n)
{
    float c = (v - lo) * inv;
    if (!(c > 0.0f)) return 0;
    if (c >= (float)(n - 1)) return n - 1;
    return (int32_t)c;
}

/* Appends c to w->contacts (the contact block grows with room to spare);
 * 0: no memory (contacts.c, contacts_static.c). */
static inline int cap_push_contact(cap_world* w, const cap_wcontact* c)
{
    if (w->contact_count == w->contact_cap && cap_world_grow_contacts(w, w->contact_count + 1)) return 0;
    w->contacts[w->contact_count++] = *c;
    return 1;
}

/* The step's view of the world: the ball arrays, the step's constants. */
/* A soft constraint's coefficients for a stiffness (hertz), damping ratio and
 * sub-step h (Box2D v3's soft step): one definition for every solver pass. */
typedef struct cap_soft { float bias_rate, mass_scale, impulse_scale; } cap_soft;
static inline cap_soft cap_make_soft(float hertz, float zeta, float h)
{
    cap_soft s;
    float omega = CAP_TWO_PI * hertz;
    float a1 = 2.0f * zeta + h * omega;
    float a2 = h * omega * a1;
    float a3 = 1.0f / (1.0f + a2);
    s.bias_rate = omega / a1;
    s.mass_scale = a2 * a3;
    s.impulse_scale = a3;
    return s;
}

/* Revolute joints (joints_revolute.c; used by joints_solve.c for balls): an
 * end's state in a solve is a capsule body's solver state (bodies.h's
 * cap_bstate: velocity, spin, displacement, rotation qc, qs and angle da
 * since the step's start; a ball's is made from its solver body, the
 * world's is at rest); prepare from the ends' start pose and
 * masses (x, y, angle, inverse mass, inverse inertia: 0 for the world or a
 * sleeping end); one pass (0 warm start, 1 solve, 2 relax) with the joint
 * softness js (cap_joint_softness, joints_solve.c). */
#ifndef CAP_JOINT_ITERATIONS
#define CAP_JOINT_ITERATIONS 8
#endif
struct cap_bstate;
void cap_revolute_prepare(cap_wjoint* j, const float* pose_a, const float* pose_b);
void cap_revolute_solve(cap_wjoint* j, struct cap_bstate* a, struct cap_bstate* b, int mode, float h, cap_soft js);
cap_soft cap_joint_softness(float h);
/* The same for a joint between balls (or a ball and the world) in the
 * balls' step: prepare from the step's start, one pass on the balls'
 * solver bodies (joints_revolute.c, compiled for size). */
void cap_revolute_ball_prepare(cap_world* w, cap_wjoint* j);
void cap_revolute_ball_solve(cap_wjoint* j, cap_wbody* body, int mode, float h, cap_soft js);
/* A joint's anchors turned into the world frame, the centres' offset and
 * the ends' masses at the step's start, from the ends' poses as above
 * (joints_revolute.c; every joint with a body end, bodies_joints.c). */
void cap_joint_anchors_prepare(cap_wjoint* j, const float* pose_a, const float* pose_b);

typedef struct step_ctx {
    float *x, *y, *vx, *vy, *ang, *av, *rad, *im, *ii, *rest, *fric, *roll, *gs, *ld, *ad, *st;
    float *sx, *sy; /* positions at the start of the step */
    uint32_t *cat, *mask, *flags;
    uint32_t n;
    float margin, slop;
    float dt, h, gx, gy; /* the step's time, sub-step and gravity */
    float upm;            /* units per metre */
    float reach;      /* a speculative contact acts only where the path comes this near (a parabola's bow) */
} step_ctx;

/* step_validate.c: section 1, every live ball's values (1, or 0 with the
 * refusal in w->err). */
int cap_step_validate(cap_world* w, const step_ctx* s);

/* Impacts passed through touching balls (a Newton's cradle), on the solver
 * bodies before the sub-steps (impacts.c). */
void cap_step_impacts(cap_world* w, const step_ctx* s, cap_wbody* body);

/* contacts.c: ball-static and ball-ball contacts from the start positions
 * (speculative ones clipped by the path). 0: no memory. */
int cap_step_find_contacts(cap_world* w, const step_ctx* s);
/* contacts_static.c: the ball-static ones (first: the list starts empty);
 * a speculative contact clipped by the path p0 + tau d (see there). */
int cap_step_static_contacts(cap_world* w, const step_ctx* s);
int cap_clip_speculative(const step_ctx* s, float p0x, float p0y, float dx, float dy, float ax, float ay, float bx, float by,
                         float R, int keep, float* nx, float* ny, float* sep, float* qx, float* qy);

/* toi.c: the sweeps (times of impact) the continuous collision, the
 * contacts and the movers use; ccd.c: continuous collision (section 5 of
 * the step). */
float cap_toi_segment(float p0x, float p0y, float dx, float dy, float ax, float ay, float bx, float by, float R, float slop);
float cap_toi_turning(float qx, float qy, float rx, float ry, float th0, float dth, float la, float lb, float R, float tol);
void cap_step_ccd(cap_world* w, step_ctx* s);
/* Kinematic or pivoted capsule k's (index into w->kins) motion over this
 * step, read until the movers advance (cap_step_movers_advance): the
 * pivot at the step's start (cx, cy) and its move (ex, ey), the angle at
 * the start and its turn. */
void cap_moving_pose(const cap_world* w, uint32_t k, float* cx, float* cy, float* ex, float* ey, float* th0, float* dth);
/* Where a point at (px, py) at time t of moving capsule k's motion is at
 * the step's end, carried on rigidly by the capsule: (qx, qy), and the
 * capsule's turn from t to the end (not finite: the point is carried
 * without turning). 0 (none) when out of range. */
int cap_moving_carry(const cap_world* w, uint32_t k, float t, float px, float py, float* qx, float* qy, float* turn);
/* Ball i swept again against the statics from its start of step to where
 * it is now, with cap_step_ccd's rules (stopped at the first static met, or
 * sliding along the one it starts pressed into), and against every
 * kinematic and pivoted capsule over its motion (the first met carries it
 * on): for a ball the bodies' pass moved after the balls' sweeps (one
 * touching or joined to a capsule body: its motion is solved there). */
void cap_step_ccd_again(cap_world* w, step_ctx* s, uint32_t i);
/* Ball b's static candidates for a box, as cap_world_ball_static_candidates
 * (pad: its kept box's), into *m: where the ball's kept box holds the box and
 * keeps no grid static (a ball away from the pegs: most of a settled pile),
 * that answer is the lines alone, in their order: then that list itself
 * (w->lines, read only), without the lookup and the copy; else w->cand. */
const uint32_t* cap_ball_candidates(cap_world* w, uint32_t b, float pad, float x0, float y0, float x1, float y1, uint32_t* m);

/* movers.c: kinematic and pivoted capsules. */
int cap_step_movers_list(cap_world* w);
uint32_t cap_step_mover_bodies(cap_world* w, uint32_t n);
void cap_step_movers_wake(cap_world* w, const step_ctx* s);
/* A moving capsule's surface velocity at point (px, py): its pivot's
 * velocity plus spin x (point - pivot) (t: time since the step's start).
 * The balls' contacts (cap_kinematic_surface) and the bodies'
 * (bodies_step.c). */
static inline void cap_surface_velocity(const cap_wstatic* st, float t, float px, float py, float* vx, float* vy)
{
    float ccx = st->cx + t * st->vx, ccy = st->cy + t * st->vy;
    *vx = st->vx - st->w * (py - ccy);
    *vy = st->vy + st->w * (px - ccx);
}
void cap_kinematic_surface(const cap_wstatic* st, cap_wcontact* c, float t);
void cap_kinematic_substep(cap_world* w, const step_ctx* s, cap_wbody* body, float t);
void cap_pivot_velocities(cap_world* w, float h, float gx, float gy);
void cap_pivot_turn(cap_world* w, float h);
void cap_pivot_pass(cap_world* w, cap_wbody* body, int mode, float inv_h, float push);
void cap_pivot_restitution(cap_world* w, step_ctx* s, cap_wcontact* c);
void cap_step_movers_advance(cap_world* w);

/* events.c: begin/end/hit from this step's and last step's contacts,
 * sensor enter/leave, removals' queued ends. */
void cap_step_events_start(cap_world* w);
void cap_step_events(cap_world* w, const step_ctx* s);
void cap_step_sensors(cap_world* w, const step_ctx* s);

/* sleep.c: waking (writes through views, touches by moving balls) and
 * sleeping groups. */
void cap_step_wake(cap_world* w, const step_ctx* s);
void cap_step_sleep(cap_world* w, const step_ctx* s);
/* The sleep groups' union-find (w->island; every slot its own root before
 * the first join): i's root, halving the path. */
static inline uint32_t cap_find_root(uint32_t* parent, uint32_t i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}
/* Contact c's join: two balls that both moved and pressed on each other
 * (an impulse this step) are one group, its root the lower. Called for
 * every contact in order, after the restitution (step.c), before
 * cap_step_sleep. */
static inline void cap_sleep_join(uint32_t* parent, const cap_wcontact* c)
{
    if (c->kind != 1 || c->max_jn == 0.0f || c->ma == 0.0f || c->mb == 0.0f) return;
    uint32_t ra = cap_find_root(parent, c->a), rb = cap_find_root(parent, c->b);
    if (ra != rb) parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
}
/* The ball joints' joins: the two balls of each joint between balls are one
 * group (a world end's or a body's joint joins none: bodies_sleep.c), its
 * root the lower, so the groups are the same in any order. For the sleep
 * (sleep.c) and the bounces' bound (step.c). */
void cap_sleep_join_joints(const cap_world* w, uint32_t* parent, uint32_t n);

#endif
