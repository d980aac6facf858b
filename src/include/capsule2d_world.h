/* capsule2d — the ball-physics world: dynamic balls (circles that spin and
 * roll) against static capsules, segments, circles and half-planes.
 *
 * SUMMARY
 *   A world owns its balls (structure of arrays, slot-indexed), its statics
 *   and all of its scratch memory; nothing is global. One step is one fixed
 *   dt with sub-steps inside (a soft-step solver in the manner of Box2D v3):
 *   contacts are found once per step (one point per pair, speculative up to
 *   a small margin), solved as soft constraints with warm starting and a
 *   relax pass, restitution is applied once after the sub-steps, and every
 *   ball is then swept against the statics (continuous collision, always on,
 *   no speed cap); bullet balls are then swept against the other balls
 *   too (CAP_BALL_BULLET). Deterministic: the same inputs give the same bits in
 *   every build (only +, -, *, /, sqrt in a fixed order; orders come from
 *   slots only).
 *
 * CONVENTIONS (the rules every layer shares; in prose: the README's "The
 *   physics world" and docs/world.md)
 *   - y up; the default gravity is (0, -10); defaults are for metres and
 *     seconds with balls of 0.05-2 m; units_per_meter scales every
 *     length-based default (slop, speculative distance, speed thresholds).
 *   - Ball-static normals point from the static toward the ball; ball-ball
 *     normals from the lower slot toward the higher.
 *   - A half-plane ("line") through A != B is solid on the RIGHT of A->B; the
 *     free side is the left, where the line's normal points: a floor from
 *     (-1, 0) to (1, 0) is free above, solid below.
 *   - Mixing: friction = sqrt(fa * fb), restitution = max(ea, eb), rolling
 *     resistance = max(ca, cb). Restitution acts only when the approach
 *     speed is above restitution_threshold.
 *   - Rolling resistance c: a torque of at most c * r * N opposing the
 *     ball's spin relative to what it rolls on (r the ball's radius, N the
 *     normal force). A solid disc (I = m r^2 / 2) rolling on a level floor
 *     then decelerates at (2/3) c g and stops after 3 v^2 / (4 c g).
 *   - Touching, for events: a contact is touching after a step when its
 *     solver pushed (normal impulse > 0) or its separation is <= 0.
 *
 * STATUS CODES: CAP_WORLD_OK (0) or a negative cap_status (CAP_WORLD_*).
 */
#ifndef CAPSULE2D_WORLD_H
#define CAPSULE2D_WORLD_H

#include <stdint.h>

#include "capsule2d.h"
#include "capsule2d_batch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The world's statuses, in the one vocabulary of cap_status (capsule2d.h). */
enum {
    CAP_WORLD_OK = CAP_OK,
    CAP_WORLD_BAD_VALUE = CAP_BAD_VALUE,  /* a non-finite or out-of-range value: see cap_world_error */
    CAP_WORLD_NO_MEMORY = CAP_NO_MEMORY,  /* allocation failed; nothing changed */
    CAP_WORLD_BAD_HANDLE = CAP_BAD_HANDLE /* removed slot or a slot never used */
};

/* Which ball field a validation error names (cap_world_error.field). */
typedef enum cap_ball_field {
    CAP_BALL_X, CAP_BALL_Y, CAP_BALL_VX, CAP_BALL_VY, CAP_BALL_ANGLE, CAP_BALL_W,
    CAP_BALL_RADIUS, CAP_BALL_INV_MASS, CAP_BALL_INV_INERTIA, CAP_BALL_RESTITUTION,
    CAP_BALL_FRICTION, CAP_BALL_ROLLING, CAP_BALL_GRAVITY_SCALE, CAP_BALL_LINEAR_DAMPING,
    CAP_BALL_ANGULAR_DAMPING, CAP_BALL_SLEEP_TIME,
    CAP_BALL_FLOAT_FIELDS,                  /* float32 fields above, u32 below */
    CAP_BALL_CATEGORY = CAP_BALL_FLOAT_FIELDS, CAP_BALL_MASK, CAP_BALL_FLAGS, CAP_BALL_GENERATION,
    CAP_BALL_USER_DATA,                     /* the game's 32 bits (cap_ball_def.user_data); never read by the step */
    CAP_BALL_FIELDS
} cap_ball_field;

/* Ball flags (CAP_BALL_FLAGS). */
#define CAP_BALL_ALIVE 1u
#define CAP_BALL_AWAKE 2u
/* A bullet (cap_ball_def.bullet; fixed for the ball's life). Every ball
 * that moves more than its radius in a step is swept against the other
 * balls' paths (start to where the step leaves them; a ball stopped at a
 * static or a moving capsule at time t of the step moves at its own pace
 * and rests there from t on) and stops a slop short of the first in its
 * path: the balls near its path, and the balls in lower
 * slots that move more than the largest small ball's radius, from however
 * far (so of two fast balls whose paths cross, at any speed, the later slot
 * stops at the earlier one's final path: they never swap nor end deeper
 * than the slop; cost: a coarse grid of those movers' starts per step,
 * nothing without them). When the two paths meet mid-way (before the
 * stopped ball would reach the other's end position: an X crossed at the
 * same time), the other ball goes back to that time of its own move too,
 * so the two end the step touching and the next step's contact deflects
 * both (for bullets the same; not where either is on a joint, nor where
 * the two started the step touching). Two balls pressed together at the
 * step's start (centres nearer than r1 + r2 - 2 slop: a pile's weight)
 * have the solver's contact, which takes their approach on: the sweep
 * stops one only where the paths would bring the centres within
 * (r1 + r2) / 2 (passing through), or deeper than they started if deeper
 * already. A bullet gets the full sweep instead: after the
 * sweep against the statics, each step sweeps every awake bullet that moved
 * from its start to its end position against every other live ball it
 * collides with (category and mask), in slot order, and stops it at the
 * first time of impact. The other ball moves too, in a straight line from
 * its start to where the step leaves it (final for balls that are not
 * bullets and for bullets in lower slots): when the two paths meet, the
 * bullet stops at the earlier of their meeting and its impact with the
 * other ball's end position; paths that never meet (two balls flying
 * together, one crossing behind the other) stop nothing. As for the
 * statics, the allowed distance between centres is min(r1 + r2 - slop, the
 * start distance): a bullet that starts a step clear of a ball never ends
 * it on the far side of that ball nor overlapping it deeper than the slop,
 * at any speed (two bullets never swap places); a bullet in contact may
 * move along or away (pressed, closer up to the half above). The bullet keeps its velocity: the next step's
 * contact bounces it and pushes the other ball. Only bullets pay: a
 * brute-force pass over the ball slots per moving bullet per step
 * (O(balls) each). The guarantee is the bullet's own: a fast ball that is
 * not a bullet is swept against a bullet only when near its path at the
 * step's start (the bullet's sweep, last, then keeps the two apart). */
#define CAP_BALL_BULLET 4u

/* Static kinds. A capsule with radius 0 is a segment; with a = b a circle. */
typedef enum cap_static_kind { CAP_STATIC_CAPSULE = 0, CAP_STATIC_LINE = 1, CAP_STATIC_KINEMATIC = 2, CAP_STATIC_PIVOTED = 3 } cap_static_kind;

typedef struct cap_world_def {
    float gravity_x, gravity_y;     /* default (0, -10) */
    float dt;                       /* default 1/60, > 0 */
    int32_t sub_steps;              /* default 4, 1..64 */
    uint32_t ball_capacity;         /* slots allocated up front (default 256) */
    uint32_t static_capacity;       /* default 64 */
    uint32_t event_capacity;        /* per event kind (default 1024) */
    float units_per_meter;          /* default 1 */
    float contact_hertz;            /* ball-ball stiffness, default 60 (capped at a quarter of the sub-step rate) */
    float static_hertz;             /* ball-static stiffness, default 120 */
    float damping_ratio;            /* default 10 */
    float push_speed;               /* max speed that resolves overlap, default 3 m/s */
    float restitution_threshold;    /* default 1 m/s */
    float hit_speed_threshold;      /* hit events at or above, default 1 m/s */
    float sleep_speed;              /* below: the ball may sleep, default 0.05 m/s */
    float sleep_time;               /* seconds below sleep_speed to sleep, default 0.5 */
    int32_t sleep_enabled;          /* default 1 */
} cap_world_def;

typedef struct cap_ball_def {
    float x, y, vx, vy, angle, angular_velocity;
    float radius;                   /* > 0 */
    float density;                  /* > 0, default 1: mass = density * pi * r^2 */
    float restitution, friction, rolling_resistance; /* >= 0; defaults 0, 0.6, 0 */
    float gravity_scale;            /* default 1 */
    float linear_damping, angular_damping; /* >= 0, default 0 */
    uint32_t category, mask;        /* collide when (catA & maskB) && (catB & maskA) */
    int32_t awake;                  /* default 1 */
    int32_t bullet;                 /* default 0; 1: continuous against balls too (CAP_BALL_BULLET) */
    uint32_t user_data;             /* default 0: the game's own 32 bits, in events and snapshots */
} cap_ball_def;

typedef struct cap_static_def {
    int32_t kind;                   /* cap_static_kind */
    float ax, ay, bx, by, radius;   /* line: radius ignored, a != b */
    float restitution, friction, rolling_resistance;
    uint32_t category, mask;
    int32_t sensor;                 /* 1: reports enter/leave, never pushes */
    uint32_t user_data;             /* default 0: the game's own 32 bits, in events and snapshots */
} cap_static_def;

/* The last error of a world call: status, which ball (slot) and field. */
typedef struct cap_world_error {
    int32_t status, slot, field;
    /* A refused snapshot (field CAP_SNAPSHOT_CORRUPT): the value refused, in
     * the JS API's words ("balls.gravityScale", "statics.chainNext",
     * "contacts.jn", "settings.dt", "counts.liveBalls", ...), slot its
     * record (ball or static slot, contact, overlap or event number; -1 for
     * settings and counts). NULL otherwise. */
    const char* what;
} cap_world_error;

/* Events. Every event buffer holds up to event_capacity records and counts
 * every event found (count may exceed the capacity; nothing is written past
 * the end). Records are CAP_EVENT_WORDS (12) words: kind (u32), a (u32),
 * b (u32), then float32 speed, px, py, nx, ny, then u32 generation of a,
 * generation of b, user data of a, user data of b. kind: 0 ball-static
 * (a = ball slot, b = static slot), 1 ball-ball (a < b, ball slots), 2
 * capsule body-static (a = body slot, b = static slot), 3 body-ball (a =
 * body, b = ball), 4 body-body (a < b, body slots); the bodies' events come
 * after the balls' in each list. A hit's normal points from the other object
 * (b) toward a (body-body: from the higher slot toward the lower); a body's
 * hit holds its pair's fastest-approaching point. The
 * generations and user data are the objects' when the event happened: an
 * end or sensor-leave event of a removed ball or static names it as it was
 * (its slot may hold a new object by then). Begin/end/sensor records leave
 * speed..ny 0. Order: by (kind, a, b). Hits: begin events whose approach
 * speed (normal speed at the start of the step) >= the threshold, with the
 * contact point and normal. */
typedef enum cap_event_kind {
    CAP_EVENT_BEGIN, CAP_EVENT_END, CAP_EVENT_HIT, CAP_EVENT_SENSOR_ENTER, CAP_EVENT_SENSOR_LEAVE,
    CAP_EVENT_JOINT_BREAK, /* a joint broke: its own record (capsule2d_joints.h) */
    CAP_EVENT_KINDS
} cap_event_kind;
/* Word k of an event record (u32 but the five floats speed..ny). */
enum cap_event_word {
    CAP_EVENT_WORD_KIND, CAP_EVENT_WORD_A, CAP_EVENT_WORD_B,
    CAP_EVENT_WORD_SPEED, CAP_EVENT_WORD_PX, CAP_EVENT_WORD_PY, CAP_EVENT_WORD_NX, CAP_EVENT_WORD_NY,
    CAP_EVENT_WORD_GENERATION_A, CAP_EVENT_WORD_GENERATION_B, CAP_EVENT_WORD_USER_DATA_A, CAP_EVENT_WORD_USER_DATA_B,
    CAP_EVENT_WORDS
};

typedef struct cap_world cap_world;

void cap_world_def_default(cap_world_def* def);
void cap_ball_def_default(cap_ball_def* def);
void cap_static_def_default(cap_static_def* def);

/* NULL when the def is invalid or memory runs out. */
cap_world* cap_world_create(const cap_world_def* def);
void cap_world_destroy(cap_world* w);

/* Adds a ball in the lowest free slot (slot n for the n-th ball while
 * nothing is removed). Grows the ball arrays when full (their addresses
 * change: cap_world_version increments). */
int cap_world_add_ball(cap_world* w, const cap_ball_def* def, uint32_t* slot);
/* Removes a ball: its touching contacts give end events in the next step. */
int cap_world_remove_ball(cap_world* w, uint32_t slot);
int cap_world_add_static(cap_world* w, const cap_static_def* def, uint32_t* slot);
int cap_world_remove_static(cap_world* w, uint32_t slot);
/* ---- kinematic capsules (flippers, paddles, moving platforms) ----------
 * A capsule the game moves: infinite mass, a pose (pivot P, angle, length,
 * and where the pivot sits on the core, pivot in [0, 1]: a = P - u pivot
 * length, b = P + u (1 - pivot) length, u = (cos, sin) of the angle by
 * cap_cos_sin; 0.5 is the centre, 0 end a: a flipper) and a velocity (of
 * the pivot, and the angular velocity about it) kept between steps. Each step moves it by dt times its velocity; its contacts are
 * recomputed from its pose at every sub-step, and a ball touching it picks
 * up its surface velocity (linear + angular x lever arm) through the
 * solver: pushed, carried, flicked. A ball that has no contact with it
 * and every capsule body are swept against it over its motion in the step
 * (rotation included) and carried on by it when it meets them first; a
 * ball's sub-step contacts stop it passing through the ball they hold.
 * Capsule bodies meet it as fixed at its pose (no surface velocity: it
 * carries them on, it does not flick them). Contact normals point from
 * the capsule to the ball; events name it by its static slot. Never a
 * sensor; queries see it at its current pose. */
int cap_world_add_kinematic(cap_world* w, const cap_static_def* def, float x, float y, float angle, float length, float pivot, uint32_t* slot);
/* what: CAP_KINEMATIC_VELOCITY (a, b, c = vx, vy, angular velocity),
 * CAP_KINEMATIC_TARGET (a, b, c = pivot x, y, angle to reach at the end of the
 * next step: the velocity becomes (target - pose) / dt and stays so after
 * that step unless set again; the angle is reached the shorter way round,
 * turning at most pi in a step, whatever whole turns lie between the two
 * angles: spin faster with a velocity), CAP_KINEMATIC_POSE (teleport: the pose,
 * velocity kept; every ball is woken). Non-finite: CAP_WORLD_BAD_VALUE;
 * not a kinematic slot: CAP_WORLD_BAD_HANDLE; nothing changed. */
enum { CAP_KINEMATIC_VELOCITY, CAP_KINEMATIC_TARGET, CAP_KINEMATIC_POSE };
int cap_world_set_kinematic(cap_world* w, uint32_t slot, int what, float a, float b, float c);
/* x, y, angle, vx, vy, angular velocity, length, radius, pivot into
 * out[CAP_KINEMATIC_STATE_WORDS] (floats; word k named below). */
enum cap_kinematic_state_word {
    CAP_KINEMATIC_STATE_X, CAP_KINEMATIC_STATE_Y, CAP_KINEMATIC_STATE_ANGLE, CAP_KINEMATIC_STATE_VX,
    CAP_KINEMATIC_STATE_VY, CAP_KINEMATIC_STATE_W, CAP_KINEMATIC_STATE_LENGTH, CAP_KINEMATIC_STATE_RADIUS,
    CAP_KINEMATIC_STATE_PIVOT,
    CAP_KINEMATIC_STATE_WORDS
};
int cap_world_kinematic_state(const cap_world* w, uint32_t slot, float* out);

/* ---- pivoted capsules (seesaws, swinging gates) ------------------------
 * A capsule turning about a fixed pivot (placed as a kinematic capsule's:
 * x, y, angle, length, pivot fraction) with its own mass (density times its
 * area), inertia about the pivot (a rod: m (L^2 / 12 + d^2), d the centre's
 * distance to the pivot) and gravity on its centre; balls tip it by their
 * weight and it throws them when it swings. Its contacts are solved one by
 * one after the 4-wide packs each pass, with the two-body lever terms.
 * lower > upper: no limits (the default); at a limit it stops (inelastic).
 * Motor: drives the spin toward motor_speed with at most max_torque (0: off).
 * damping: spin *= 1 / (1 + h damping) each sub-step. The pivot never
 * moves. Read its pose with cap_world_kinematic_state. */
int cap_world_add_pivoted(cap_world* w, const cap_static_def* def, float x, float y, float angle, float length, float pivot,
                          float density, uint32_t* slot);
int cap_world_set_pivoted(cap_world* w, uint32_t slot, float lower, float upper, float motor_speed, float max_torque, float damping);

/* ---- chains (tracks, marble runs) ----------------------------------------
 * A polyline of static capsules of one radius through count points (x, y
 * pairs in xy), open (count - 1 pieces) or a closed loop (count pieces, the
 * last joining the last point to the first). Pieces are ordinary statics
 * (slots written to slots[], events and queries name them) that know their
 * neighbours: a ball rolls across every joint with one contact, no bump
 * (the ghost-collision fix: a contact whose closest point is a shared joint
 * is kept by one piece only, and only when the ball is outside the next
 * piece's span; so collinear pieces act as one capsule, a convex corner gives
 * one contact and a concave corner two). flags: CAP_CHAIN_LOOP closes it;
 * CAP_CHAIN_ONE_SIDED makes it collide only with balls whose centre is on the
 * left of each piece's direction (from point i to point i + 1) or on its
 * line, the side a line (CAP_STATIC_LINE) keeps free: a floor runs left to
 * right, a counter-clockwise loop is a container that keeps balls in, a
 * clockwise one a solid that keeps them out, and an open one a one-way
 * platform that balls pass through from its right; without it, two-sided. One-sided concerns
 * contacts and continuous collision; queries and ray casts see both sides.
 * count >= 2 (>= 3 for a loop), every value finite, radius >= 0: else
 * CAP_WORLD_BAD_VALUE; all or nothing. Removing a piece makes its neighbours
 * open ends there. */
#define CAP_CHAIN_LOOP 1
#define CAP_CHAIN_ONE_SIDED 2
int cap_world_add_chain(cap_world* w, const cap_static_def* def, const float* xy, uint32_t count, int flags, uint32_t* slots);

/* Wakes a ball (and resets its sleep timer). */
int cap_world_wake_ball(cap_world* w, uint32_t slot);

/* Changes the settings between steps: gravity, sub_steps, the contact
 * settings (contact_hertz .. hit_speed_threshold) and sleeping
 * (sleep_enabled, sleep_speed, sleep_time). dt, units_per_meter and the
 * capacities are fixed at creation: their values in def are ignored. The
 * whole def is checked first (the rules of cap_world_create): invalid,
 * CAP_WORLD_BAD_VALUE and nothing changed. When a setting changes, every
 * ball is woken (a sleeping ball would not feel new gravity). */
int cap_world_set_def(cap_world* w, const cap_world_def* def);
/* The settings in use. */
const cap_world_def* cap_world_get_def(const cap_world* w);

/* A static's user data (cap_static_def.user_data); a ball's is the
 * CAP_BALL_USER_DATA field. Not a live static: CAP_WORLD_BAD_HANDLE. */
int cap_world_set_static_user_data(cap_world* w, uint32_t slot, uint32_t value);
uint32_t cap_world_static_user_data(const cap_world* w, uint32_t slot); /* 0 when not a live static */

/* One step. Validates every live ball's position, velocity, angle and
 * angular velocity first (finite) and fails with CAP_WORLD_BAD_VALUE naming
 * the slot and field, changing nothing. A position or velocity that differs
 * from what the last step wrote is taken as the new start (no sweep from the
 * old place) and wakes the ball. */
int cap_world_step(cap_world* w);

const cap_world_error* cap_world_error_info(const cap_world* w);
/* The array of one ball field (cap_ball_field), ball_slots() long. */
void* cap_world_ball_field(cap_world* w, int field);
uint32_t cap_world_ball_slots(const cap_world* w);   /* highest used slot + 1 */
uint32_t cap_world_ball_capacity(const cap_world* w);
uint32_t cap_world_ball_count(const cap_world* w);   /* live balls */
uint32_t cap_world_static_slots(const cap_world* w);
/* Static slot data: kind, generation and alive flag (bit 0), CAP_STATIC_INFO_WORDS
 * u32 per slot, word k named below. */
enum cap_static_info_word { CAP_STATIC_INFO_KIND, CAP_STATIC_INFO_GENERATION, CAP_STATIC_INFO_ALIVE, CAP_STATIC_INFO_WORDS };
const uint32_t* cap_world_static_info(const cap_world* w);
/* The statics' records, static_slots() of them, CAP_STATIC_RECORD_WORDS
 * 32-bit words each (floats but category, mask, kind, sensor, the chain
 * words and user data), for readers that draw or list them (read-only;
 * a removed static's words are 0; moved like the arrays above). Word k of
 * slot i is at [i * CAP_STATIC_RECORD_WORDS + k]: */
enum cap_static_record_word {
    CAP_STATIC_RECORD_AX, CAP_STATIC_RECORD_AY, CAP_STATIC_RECORD_BX, CAP_STATIC_RECORD_BY, CAP_STATIC_RECORD_RADIUS,
    CAP_STATIC_RECORD_NX, CAP_STATIC_RECORD_NY, /* a line's unit left normal */
    CAP_STATIC_RECORD_MINX, CAP_STATIC_RECORD_MINY, CAP_STATIC_RECORD_MAXX, CAP_STATIC_RECORD_MAXY, /* a capsule's box */
    CAP_STATIC_RECORD_RESTITUTION, CAP_STATIC_RECORD_FRICTION, CAP_STATIC_RECORD_ROLLING,
    CAP_STATIC_RECORD_CATEGORY, CAP_STATIC_RECORD_MASK, CAP_STATIC_RECORD_KIND, CAP_STATIC_RECORD_SENSOR,
    /* kinematic and pivoted: pose (pivot, angle, lengths back to a and on to b), velocity, spin */
    CAP_STATIC_RECORD_X, CAP_STATIC_RECORD_Y, CAP_STATIC_RECORD_ANGLE, CAP_STATIC_RECORD_LENGTH_A,
    CAP_STATIC_RECORD_LENGTH_B, CAP_STATIC_RECORD_VX, CAP_STATIC_RECORD_VY, CAP_STATIC_RECORD_W,
    /* chain pieces: neighbours' slots (~0: an open end), 1 or 2 (one-sided) */
    CAP_STATIC_RECORD_CHAIN_PREV, CAP_STATIC_RECORD_CHAIN_NEXT, CAP_STATIC_RECORD_IN_CHAIN,
    /* pivoted: inverse inertia, mass, angle limits (lower > upper: none), motor speed and torque, damping */
    CAP_STATIC_RECORD_INV_INERTIA, CAP_STATIC_RECORD_MASS, CAP_STATIC_RECORD_LOWER, CAP_STATIC_RECORD_UPPER,
    CAP_STATIC_RECORD_MOTOR_SPEED, CAP_STATIC_RECORD_MOTOR_TORQUE, CAP_STATIC_RECORD_DAMPING,
    CAP_STATIC_RECORD_USER_DATA,
    CAP_STATIC_RECORD_WORDS
};
const uint32_t* cap_world_static_records(const cap_world* w);
/* Increments whenever an array returned above may have moved. */
uint32_t cap_world_version(const cap_world* w);
/* Event records of one kind and how many were found in the last step. */
const uint32_t* cap_world_events(const cap_world* w, int kind);
uint32_t cap_world_event_count(const cap_world* w, int kind);
/* The touching contacts of the last step (for drawing): CAP_DRAW_CONTACT_WORDS
 * floats each, px, py, nx, ny, separation at the step's start, normal
 * impulse, written to out, at most capacity of them. Returns how many
 * there are: more than capacity means only the first capacity were
 * written (never past the end). Allocates nothing; the world is unchanged. */
enum cap_draw_contact_word {
    CAP_DRAW_CONTACT_PX, CAP_DRAW_CONTACT_PY, CAP_DRAW_CONTACT_NX, CAP_DRAW_CONTACT_NY,
    CAP_DRAW_CONTACT_SEPARATION, CAP_DRAW_CONTACT_IMPULSE,
    CAP_DRAW_CONTACT_WORDS
};
uint32_t cap_world_contacts(const cap_world* w, float* out, uint32_t capacity);
/* Awake balls and contacts solved in the last step. */
uint32_t cap_world_awake_count(const cap_world* w);

/* ---- capsule bodies (dynamic capsules that fall, slide and tumble) ------
 * A capsule body: a core of length 2 * half_length (>= 0; 0 is a disc)
 * about its centre (x, y) along (cos angle, sin angle) (cap_cos_sin),
 * inflated by radius (> 0), with mass and inertia about the centre from
 * density (area 2 r L + pi r^2; I = the rectangle's m (L^2 + 4 r^2) / 12
 * plus the two half discs' by the parallel-axis rule). Stored like the
 * balls: slot-indexed arrays (cap_world_body_field), slots reused lowest
 * first with a new generation. Each step, after the balls, the awake bodies
 * are solved in the same soft step as the balls (own pass, same settings:
 * static_hertz against statics, contact_hertz between bodies, push_speed,
 * restitution_threshold, sleep): contacts against capsule, segment and line
 * statics (two points where a core lies flat on a face or a floor: it rests
 * without rocking), between bodies (lower slot = A, normal A -> B), with
 * balls (the body is A, normal body -> ball; the ball is solved a second
 * time in the bodies' pass, from where the balls' step left it: it moves
 * only by what that pass changes, and wakes when a body touches it; an awake
 * ball near a sleeping body wakes it), and kinematic and pivoted capsules as
 * fixed at their pose. Only real touches act: a speculative contact with a
 * static capsule, a ball or a body is clipped by the pair's relative path
 * over the step (translation; not for a pair turning more than the slop):
 * dropped when the path never comes within reach, else rebuilt where it
 * passes nearest (cap_body_clip), so a mover flying past a body's end is
 * not pushed by it. Continuous collision against the statics: a body
 * that moved more than a quarter of its radius in a step is swept from its
 * start pose to its end pose (position and angle linearly, conservative
 * advancement) and stopped where its gap to the first static in its path
 * falls to the slop (a body starting within the slop may slide along or
 * turn away, never sink more than the slop deeper), keeping its velocity:
 * no tunnelling through statics at any speed or spin. Snapshots hold them
 * (section "snapshots"); the state hash covers them; the world's queries
 * see them (section "queries"). Events as the balls' (section "Events":
 * kinds 2 body-static, 3 body-ball, 4 body-body): one per touching pair,
 * touching when a point took a normal impulse or ends the step within the
 * slop (5 mm) of touching; a pair none of whose bodies (nor, body-ball, its
 * ball) is awake keeps its state, so a pile falling asleep ends nothing;
 * sensor enter / leave with sensor statics (kind 2; bodies are never
 * sensors). Two bodies' contacts reach as far as both their travels (at
 * most 4 radii each) and the slop margin. A body whose travel in a step
 * passes its contacts' reach (4 radii) is swept, after the statics,
 * against the other bodies over their own motion and the balls from their
 * start to their end (not the pairs its contacts hold); every other body
 * against the balls that moved more than 4 of their radii. Where the paths
 * meet it stops at the first impact with the other's path or its end pose,
 * whichever is earlier: no body passes through a ball or a body, at any
 * speed, either of them moving. */
typedef enum cap_body_field {
    CAP_BODY_X, CAP_BODY_Y, CAP_BODY_ANGLE, CAP_BODY_VX, CAP_BODY_VY, CAP_BODY_W,
    CAP_BODY_HALF_LENGTH, CAP_BODY_RADIUS, CAP_BODY_INV_MASS, CAP_BODY_INV_INERTIA,
    CAP_BODY_RESTITUTION, CAP_BODY_FRICTION, CAP_BODY_GRAVITY_SCALE, CAP_BODY_LINEAR_DAMPING,
    CAP_BODY_ANGULAR_DAMPING, CAP_BODY_SLEEP_TIME,
    CAP_BODY_FLOAT_FIELDS,                   /* float32 fields above, u32 below */
    CAP_BODY_CATEGORY = CAP_BODY_FLOAT_FIELDS, CAP_BODY_MASK, CAP_BODY_FLAGS, CAP_BODY_GENERATION,
    CAP_BODY_USER_DATA,
    CAP_BODY_FIELDS
} cap_body_field;
/* A step refusing a body's value names it as cap_world_error.field =
 * CAP_BODY_FIELD_ERROR + its cap_body_field, slot = the body's slot. */
#define CAP_BODY_FIELD_ERROR 1000
/* Body flags (CAP_BODY_FLAGS) have the balls' meanings: CAP_BALL_ALIVE, CAP_BALL_AWAKE. */

typedef struct cap_body_def {
    float x, y, angle, vx, vy, angular_velocity;
    float half_length;              /* >= 0 */
    float radius;                   /* > 0 */
    float density;                  /* > 0, default 1 */
    float restitution, friction;    /* >= 0; defaults 0, 0.6 */
    float gravity_scale;            /* default 1 */
    float linear_damping, angular_damping; /* >= 0, default 0 */
    uint32_t category, mask;        /* default 1, all bits */
    int32_t awake;                  /* default 1 */
    uint32_t user_data;             /* default 0 */
} cap_body_def;

void cap_body_def_default(cap_body_def* def);
/* Adds a capsule body in the lowest free slot. A value out of range:
 * CAP_WORLD_BAD_VALUE with error field = CAP_BODY_FIELD_ERROR + the field
 * (density: CAP_BODY_INV_MASS); nothing changed. Grows the body arrays when
 * full (cap_world_version increments). */
int cap_world_add_body(cap_world* w, const cap_body_def* def, uint32_t* slot);
int cap_world_remove_body(cap_world* w, uint32_t slot);
int cap_world_wake_body(cap_world* w, uint32_t slot);
/* The array of one body field (cap_body_field), cap_world_body_capacity()
 * long; NULL before the first body is added. Position, angle and velocity
 * may be written between steps (taken as the new start, wakes the body);
 * the rest is read-only. */
void* cap_world_body_field(cap_world* w, int field);
uint32_t cap_world_body_slots(const cap_world* w);    /* highest used slot + 1 */
uint32_t cap_world_body_capacity(const cap_world* w);
uint32_t cap_world_body_count(const cap_world* w);    /* live bodies */

/* ---- queries ---------------------------------------------------------------
 * The queries see the world as the last world method left it: a ball at the
 * position the last step wrote (or cap_world_add_ball / cap_world_restore
 * set), never at a position written into its X / Y array since (that is seen
 * from the next step on), with the radius it had then; statics at their
 * current pose; capsule bodies at their current pose too: their X, Y and
 * ANGLE fields as the last step or the game (a write through the views,
 * cap_world_body_field) left them — bodies keep no separate copy of the
 * last step's pose, so a body moved by the game is found where it was put
 * at once (ends as cap_body_ends: x -+ half_length (cos, sin)(angle) with
 * the library's cap_cos_sin). Every query answers from one such snapshot,
 * never a mix.
 * They go through the step's own broadphase: its ball grid (refit to the
 * positions the step wrote by the first query or ball added or removed
 * after the step, one pass over the grid's entries, so steps with no query
 * between them skip it; balls added or removed since are seen at once) and
 * its static grid (lines, being unbounded, are always tested), so a query
 * costs about the cells it touches, not the number of shapes; the first
 * query after a step also pays that refit (O(balls), about 0.03 / 0.09 /
 * 0.25 ms at 1,000 / 10,000 / 50,000 balls in Node, bench scenario 6).
 * Before the first step of a world made or restored, or when more than 32
 * balls were added since the last step, they scan every ball instead (same
 * answers) until the next step. Capsule bodies, being few beside balls,
 * are scanned by every query: each live body slot, a box test first (the
 * body's centre -+ (half_length + radius)) then the capsule's exact test
 * (the cap_ray / cap_sweep_circle / overlap tests of capsule2d.h on its
 * capsule): O(bodies) per query. Bodies are never sensors, and the
 * queries have no filter (category and mask are not read). Answers are
 * those of a scan of every ball by slot, then every static by slot, then
 * every body by slot: for ray casts and sweeps the closest hit, ties to a
 * ball, then a static, then a body, then to the lower slot.
 * A non-finite argument, a negative radius or an inverted box finds
 * nothing (returns 0).
 *
 * Hit words (the overlaps' entries, the batch forms' index): a ball's
 * CAP_WORLD_BALL_WORD | slot (bit 31), a body's CAP_WORLD_BODY_WORD | slot
 * (bit 30), a static's its slot (bits 30 and 31 clear: adding a static
 * in slot 2^30 or above fails with CAP_WORLD_NO_MEMORY, far beyond what
 * memory holds anyway — 180 bytes a static; ball and body slots stay below
 * 2^20). *kind: 0 static, 1 ball, 2 body. */
#define CAP_WORLD_BALL_WORD 0x80000000u
#define CAP_WORLD_BODY_WORD 0x40000000u
#define CAP_WORLD_HIT_WORD(kind, slot) ((uint32_t)((kind) == 1) << 31 | (uint32_t)((kind) == 2) << 30 | (slot))

/* The closest hit of a ray over balls, statics (sensors excluded) and
 * capsule bodies: returns 1 and fills *hit, *kind (0 static, 1 ball, 2
 * body) and *slot, or 0. A zero direction, or max_fraction < 0, meets
 * lines only (as the casts of capsule2d.h refuse it). */
int cap_world_ray_cast(cap_world* w, cap_ray ray, cap_ray_hit* hit, int* kind, uint32_t* slot);
/* Slots overlapping the circle (touching counts): balls first (ascending),
 * then statics (ascending), then capsule bodies (ascending), each entry
 * its hit word (above). Returns the count found; writes at most capacity. */
uint32_t cap_world_query_circle(cap_world* w, float x, float y, float r, uint32_t* out, uint32_t capacity);

/* Slots overlapping the box [x0, x1] x [y0, y1] (x0 <= x1, y0 <= y1;
 * touching counts; a half-plane overlaps when a corner is on or inside it),
 * in the order and format of cap_world_query_circle. */
uint32_t cap_world_query_box(cap_world* w, float x0, float y0, float x1, float y1, uint32_t* out, uint32_t capacity);
/* The first hit of a ball of the given radius swept from x0 to x1 over
 * balls, statics (sensors excluded) and capsule bodies, with the
 * cap_sweep_circle_* rules: returns 1 and fills *hit (t, centre, normal
 * from the shape, point on it), *kind (0 static, 1 ball, 2 body) and
 * *slot, or 0. */
int cap_world_sweep_ball(cap_world* w, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* hit, int* kind, uint32_t* slot);

/* Many rays (many sweeps) in one call, with the batch layer's records
 * (capsule2d_batch.h): each input's answer as cap_world_ray_cast's
 * (cap_world_sweep_ball's), index = its hit word (CAP_WORLD_HIT_WORD), or
 * CAP_WORLD_NO_HIT with the other outputs 0. Every input is checked first
 * (coordinates within CAP_MAX_COORD; a ray's max_fraction finite and >= 0,
 * its direction not (0, 0); a sweep's radius >= 0): on a bad one
 * CAP_WORLD_BAD_VALUE with error_info slot = the input and field = its
 * column (ox, oy, dx, dy, max_fraction = 0..4; a zero direction names 3),
 * nothing written. count > capacity or NULL: CAP_WORLD_BAD_VALUE, field -1.
 * *hits = how many hit. */
#define CAP_WORLD_NO_HIT 0xffffffffu
int cap_world_cast_rays(cap_world* w, cap_ray_batch* rays, uint32_t* hits);
int cap_world_sweep_balls(cap_world* w, cap_sweep_batch* sweeps, uint32_t* hits);

/* ---- snapshots ----------------------------------------------------------
 * The whole world as bytes: settings, every ball slot (all fields, the
 * generations of removed slots too), the statics, last step's contacts with
 * their warm-start impulses and touching flags, sensor overlaps and queued
 * end events, and the joints (a section after the body, present only in a
 * world that has had joints: capsule2d_joints.h), then the capsule bodies
 * (a section after that, present only in a world that has had bodies: every
 * body slot's fields, generations of removed ones too, the pose and
 * velocity the last step wrote, last step's body contacts' keys and
 * warm-start impulses, and the pairs touching and sensor overlaps of the
 * bodies' events (a section saved before those existed loads with none);
 * a world without bodies saves the bytes it always did). Restoring them and stepping gives the same bits as stepping
 * the world that was saved (in any build: native, wasm scalar and SIMD). The
 * last step's event lists are not saved (a restored world reports none
 * until its next step), nor the contacts for drawing.
 *
 * Format: a header of CAP_SNAPSHOT_HEADER_WORDS little-endian u32 words
 * (enum cap_snapshot_header_word), then the body.
 * A snapshot of another format or library version is refused: stepping may
 * differ between versions, and bit-identity is the point. */
#define CAP_SNAPSHOT_MAGIC 0x57443243u  /* "C2DW" read as a little-endian u32 */
#define CAP_SNAPSHOT_FORMAT 2u  /* 2: user data on balls and statics, events carry generations */
#define CAP_LIBRARY_VERSION 0x000100u  /* 0.1.0: major << 16 | minor << 8 | patch (package.json) */
#define CAP_SNAPSHOT_HEADER 32u  /* bytes: CAP_SNAPSHOT_HEADER_WORDS words */
/* Word k of a snapshot's header. */
enum cap_snapshot_header_word {
    CAP_SNAPSHOT_WORD_MAGIC,           /* CAP_SNAPSHOT_MAGIC */
    CAP_SNAPSHOT_WORD_FORMAT,          /* CAP_SNAPSHOT_FORMAT */
    CAP_SNAPSHOT_WORD_LIBRARY_VERSION, /* CAP_LIBRARY_VERSION */
    CAP_SNAPSHOT_WORD_BYTES,           /* the snapshot's total size in bytes */
    CAP_SNAPSHOT_WORD_CHECKSUM,        /* FNV-1a of bytes CAP_SNAPSHOT_HEADER..total */
    CAP_SNAPSHOT_WORD_CONTACT_SIZE,    /* the sizes of the contact, static and world-def records */
    CAP_SNAPSHOT_WORD_STATIC_SIZE,
    CAP_SNAPSHOT_WORD_DEF_SIZE,
    CAP_SNAPSHOT_HEADER_WORDS
};

/* Why a restore failed (cap_world_error.field with CAP_WORLD_BAD_VALUE). */
typedef enum cap_snapshot_error {
    CAP_SNAPSHOT_TRUNCATED = 1,   /* shorter than its header says (or than a header) */
    CAP_SNAPSHOT_NOT_SNAPSHOT,    /* no magic: not a capsule2d world snapshot */
    CAP_SNAPSHOT_FORMAT_VERSION,  /* another snapshot format (or record sizes) */
    CAP_SNAPSHOT_LIBRARY_VERSION, /* saved by another library version */
    CAP_SNAPSHOT_CHECKSUM,        /* the bytes were altered */
    CAP_SNAPSHOT_CORRUPT,         /* checksum fine but a value is refused: cap_world_error.what, .slot */
    CAP_SNAPSHOT_TOO_LONG         /* longer than its header says */
} cap_snapshot_error;

/* Writes the snapshot into out when it fits (capacity >= the size) and
 * returns its size in bytes either way (0 only if it would pass 2 GB). */
uint32_t cap_world_save(const cap_world* w, uint8_t* out, uint32_t capacity);
/* Replaces the whole world (settings included) by a snapshot. On failure
 * (CAP_WORLD_BAD_VALUE with a cap_snapshot_error in error_info.field, or
 * CAP_WORLD_NO_MEMORY) the world is unchanged. Array addresses change
 * (cap_world_version increments).
 * A snapshot is untrusted input (a peer may send one with its checksum
 * recomputed): every value is checked before the world is replaced, with
 * the rules of the calls that make them — settings as cap_world_create;
 * live balls finite and within +-1e38 (the angle finite), radius > 0,
 * inverse mass and inertia, materials, damping and sleep time >= 0, flags
 * known bits; free ball slots all zero; statics of a known kind with their
 * add call's ranges (a line's normal, a capsule's box and a moving
 * capsule's ends equal to what the world computes from them), chain links
 * mutual between live pieces of one chain; last step's contacts, sensor
 * overlaps and queued events naming live balls and statics, in order, with
 * finite impulses; joints with cap_world_add_joint's rules between live
 * balls; capsule bodies with cap_world_add_body's rules (free slots flags 0
 * and no mass), their contacts in order naming live bodies, their touching
 * pairs and sensor overlaps in order naming live objects. So an accepted
 * snapshot steps like a world built by
 * calls; a refused one names the value (cap_world_error.what). */
int cap_world_restore(cap_world* w, const uint8_t* bytes, uint32_t length);

/* FNV-1a over every live ball's slot, position, velocity, angle, angular
 * velocity and flags, in slot order; then, only when the world has live
 * capsule bodies, the same words of each live body (x, y, vx, vy, angle, w
 * order as the balls'), so a world without bodies hashes as before. The
 * events' state (touching pairs, sensor overlaps, queued ends) is not in
 * it, for balls or bodies: it changes no motion. */
uint32_t cap_world_state_hash(const cap_world* w);

#ifdef __cplusplus
}
#endif

#endif
