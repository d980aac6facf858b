/* capsule2d — joints between the world's balls and capsule bodies, or one
 * and a world point: distance joints (rigid, rope, spring), drag ("mouse")
 * joints and revolute (pin) joints.
 *
 * An end of a joint is a ball slot, CAP_JOINT_BODY | a capsule body's slot,
 * or CAP_JOINT_WORLD (a fixed world point, given by the def's anchor). A
 * distance joint's ball anchor is its centre (no lever), a body's a point
 * fixed in the body (local_a*, local_b*); a drag joint holds a body at the
 * point under its target at creation; a revolute joint's anchor is a world
 * point fixed in both ends.
 * Joints are solved inside the step's sub-steps as soft constraints (Box2D
 * v3's soft step): prepare once per step, then per sub-step warm start,
 * solve with bias, relax. Joined balls wake and sleep together. Joints are
 * slot-indexed with a generation (handles as balls); removing a ball
 * removes its joints. */
#ifndef CAPSULE2D_JOINTS_H
#define CAPSULE2D_JOINTS_H

#include <stdint.h>

#include "capsule2d_world.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CAP_JOINT_WORLD 0xffffffffu /* an end that is a fixed world point */
#define CAP_JOINT_BODY 0x80000000u  /* or'd into a capsule body's slot: that body as an end */

typedef enum cap_joint_kind {
    CAP_JOINT_NONE = 0, CAP_JOINT_DISTANCE = 1, CAP_JOINT_DRAG = 2, CAP_JOINT_REVOLUTE = 3
} cap_joint_kind;

/* A joint's description (cap_joint_def_default fills the defaults).
 * Distance joint between a and b (b a ball or a body; a another ball or
 * body, of either kind, or CAP_JOINT_WORLD; a ball and a body together:
 * see "A ball and a body" below):
 *   - rigid: hertz = 0 and min_length = max_length (= length);
 *   - rope:  min_length = 0, max_length = length, hertz = 0: slack below;
 *   - spring: hertz > 0 pulls toward length with damping_ratio, within
 *     [min_length, max_length].
 *   length < 0 at add: the current distance between the anchors (a body's
 *   anchor: its centre plus local_a* or local_b* turned by its angle).
 *   Solved in the bodies' step when b is a body (as revolute joints).
 *   min_length <= length <= max_length (max_length may be CAP_MAX_COORD).
 * Drag joint on ball or body b (a = CAP_JOINT_WORLD): pulls b's centre (a
 *   body: the point of it under the target at creation, which then turns
 *   the body) toward the target (ax, ay) as a spring of hertz and
 *   damping_ratio, with a force of at most max_force (> 0). Never through
 *   a static: the body's sweep (bodies_ccd.c) and contacts still act.
 * Revolute joint between a and b (each a ball or CAP_JOINT_BODY | body
 *   slot, of either kind; a may be CAP_JOINT_WORLD), pinned at the world point (ax, ay) given at
 *   creation, which stays fixed in both ends' frames (a world end: the
 *   point itself). Angle limits when lower_angle <= upper_angle (default
 *   0 > -1: none), both within [-pi, pi]: the relative angle (b's angle
 *   minus a's, minus their difference at creation) stays in [lower, upper].
 *   A motor when max_motor_torque > 0: drives the relative spin toward
 *   motor_speed (rad/s) with at most that torque. hertz, damping_ratio,
 *   length, min/max_length and max_force are not used. Solved in Box2D
 *   v3's soft step: the balls' step for two balls or a ball and the world,
 *   the capsule bodies' step when a body is an end. Joined ends wake and
 *   sleep together. A body's removal removes its joints (no event).
 * A ball and a body (a distance joint of any kind or a revolute joint, the
 *   ball as a or b): solved in the bodies' step, the ball as one more solver
 *   state there (its own mass and inertia; a distance joint's ball anchor
 *   is its centre: local anchors on it are BAD_VALUE), in joint slot order.
 *   The bodies' step replays the balls' sub-steps for the ball (bodies.h,
 *   cap_bstate.joined), so that it swings as on a joint solved in one soft
 *   step. The two do not collide; they wake and sleep together.
 *   A drag joint has no second end (BAD_HANDLE on a).
 * break_force > 0: when the joint's force (the last sub-step's impulse over
 * the sub-step) exceeds it after a step, the joint is removed (its balls
 * stay) and one CAP_EVENT_JOINT_BREAK record is written, in joint slot
 * order, with the world's event rules (count found, at most event_capacity
 * written). The record's words: enum cap_joint_break_word. A revolute
 * joint's force is its pin's (the linear impulse). A joint removed with its
 * ball, or by cap_world_remove_joint, reports nothing. */
typedef struct cap_joint_def {
    int32_t kind;                   /* cap_joint_kind */
    uint32_t a, b;                  /* ball slots, or CAP_JOINT_WORLD for a */
    float ax, ay;                   /* a's world point (a = CAP_JOINT_WORLD); drag: the target */
    float length, min_length, max_length; /* default -1 (current), 0, CAP_MAX_COORD... see above */
    float hertz, damping_ratio;     /* default 0, 1 */
    float max_force;                /* drag: default 1000 */
    float break_force;              /* default 0: never breaks */
    uint32_t user_data;
    float lower_angle, upper_angle; /* revolute: default 0, -1 (lower > upper: no limit) */
    float motor_speed;              /* revolute: default 0 */
    float max_motor_torque;         /* revolute: default 0 (no motor) */
    /* Distance joint: the anchors on capsule body ends, in a's and b's
     * frames (from the centre, at angle 0; default 0, 0: the centres).
     * Must stay 0 on a ball or world end (BAD_VALUE, fields 13 .. 16). */
    float local_ax, local_ay, local_bx, local_by;
} cap_joint_def;

/* Word k of a CAP_EVENT_JOINT_BREAK record (CAP_EVENT_WORDS words, u32
 * but the force; words 5-7 are zero). */
enum cap_joint_break_word {
    CAP_JOINT_BREAK_KIND = 0,             /* the joint's cap_joint_kind */
    CAP_JOINT_BREAK_JOINT = 1,            /* its slot */
    CAP_JOINT_BREAK_BALL = 2,             /* end b: a ball slot or CAP_JOINT_BODY | a body slot */
    CAP_JOINT_BREAK_FORCE = 3,            /* f32: the force that broke it */
    CAP_JOINT_BREAK_OTHER = 4,            /* end a: the same, or CAP_JOINT_WORLD */
    CAP_JOINT_BREAK_JOINT_GENERATION = 8, /* the joint's generation */
    CAP_JOINT_BREAK_BALL_GENERATION = 9,  /* b's generation */
    CAP_JOINT_BREAK_USER_DATA = 10,       /* the joint's user_data */
    CAP_JOINT_BREAK_OTHER_GENERATION = 11 /* a's generation (0 for the world) */
};

void cap_joint_def_default(cap_joint_def* def);
/* Adds a joint in the lowest free joint slot. BAD_VALUE (field: index of
 * the def's float, ax .. break_force then lower_angle .. max_motor_torque
 * as 9 .. 12, local_ax .. local_by as 13 .. 16, or -1) or BAD_HANDLE (a dead ball or body) changes nothing. */
int cap_world_add_joint(cap_world* w, const cap_joint_def* def, uint32_t* slot);
int cap_world_remove_joint(cap_world* w, uint32_t slot);
/* The drag target (ax, ay) of a drag joint, any joint's world point a. */
int cap_world_set_joint_target(cap_world* w, uint32_t slot, float x, float y);
uint32_t cap_world_joint_slots(const cap_world* w);   /* highest used slot + 1 */
uint32_t cap_world_joint_count(const cap_world* w);   /* live joints */
/* A joint's record into words (CAP_JOINT_INFO_WORDS of them); BAD_HANDLE
 * when the slot holds none. Word k: */
enum cap_joint_info_word {
    CAP_JOINT_INFO_KIND, CAP_JOINT_INFO_A, CAP_JOINT_INFO_B, CAP_JOINT_INFO_GENERATION, /* u32 */
    CAP_JOINT_INFO_AX, CAP_JOINT_INFO_AY, CAP_JOINT_INFO_LENGTH, CAP_JOINT_INFO_MIN_LENGTH, /* f32 from here */
    CAP_JOINT_INFO_MAX_LENGTH, CAP_JOINT_INFO_HERTZ, CAP_JOINT_INFO_DAMPING_RATIO, CAP_JOINT_INFO_MAX_FORCE,
    CAP_JOINT_INFO_BREAK_FORCE,
    CAP_JOINT_INFO_FORCE, /* the last step's force (impulse / dt) */
    /* A revolute joint's (other kinds: zeros but the local anchors of a
     * distance or drag joint's body ends): its anchor in a's frame (x, y
     * from a's centre at angle 0; zeros for the world, whose point is ax, ay),
     * in b's frame, the reference angle (b's angle minus a's at creation: the
     * relative angle is b's minus a's minus this), lower and upper angle
     * (lower > upper: no limit), motor speed and max torque. */
    CAP_JOINT_INFO_LOCAL_AX, CAP_JOINT_INFO_LOCAL_AY, CAP_JOINT_INFO_LOCAL_BX, CAP_JOINT_INFO_LOCAL_BY,
    CAP_JOINT_INFO_REFERENCE_ANGLE, CAP_JOINT_INFO_LOWER_ANGLE, CAP_JOINT_INFO_UPPER_ANGLE,
    CAP_JOINT_INFO_MOTOR_SPEED, CAP_JOINT_INFO_MAX_MOTOR_TORQUE,
    CAP_JOINT_INFO_WORDS /* 23 */
};
int cap_world_joint_info(const cap_world* w, uint32_t slot, uint32_t* words);

#ifdef __cplusplus
}
#endif
#endif
