/* capsule2d — joints between the world's balls, or a ball and a world
 * point: distance joints (rigid, rope, spring) and drag ("mouse") joints.
 *
 * An end of a joint is a ball slot or CAP_JOINT_WORLD (a fixed world point,
 * given by the def's anchor). A ball's anchor is its centre (balls carry no
 * lever; a body end with a local anchor is the same record later).
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

typedef enum cap_joint_kind { CAP_JOINT_NONE = 0, CAP_JOINT_DISTANCE = 1, CAP_JOINT_DRAG = 2 } cap_joint_kind;

/* A joint's description (cap_joint_def_default fills the defaults).
 * Distance joint between a and b (b a ball; a a ball or CAP_JOINT_WORLD):
 *   - rigid: hertz = 0 and min_length = max_length (= length);
 *   - rope:  min_length = 0, max_length = length, hertz = 0: slack below;
 *   - spring: hertz > 0 pulls toward length with damping_ratio, within
 *     [min_length, max_length].
 *   length < 0 at add: the current distance between the anchors.
 *   min_length <= length <= max_length (max_length may be CAP_MAX_COORD).
 * Drag joint on ball b (a = CAP_JOINT_WORLD): pulls b's centre toward the
 *   target (ax, ay) as a spring of hertz and damping_ratio, with a force of
 *   at most max_force (> 0).
 * break_force > 0: when the joint's force (the last sub-step's impulse over
 * the sub-step) exceeds it after a step, the joint is removed (its balls
 * stay) and one CAP_EVENT_JOINT_BREAK record is written, in joint slot
 * order, with the world's event rules (count found, at most event_capacity
 * written). The record's words: enum cap_joint_break_word. A joint
 * removed with its ball, or by cap_world_remove_joint, reports nothing. */
typedef struct cap_joint_def {
    int32_t kind;                   /* cap_joint_kind */
    uint32_t a, b;                  /* ball slots, or CAP_JOINT_WORLD for a */
    float ax, ay;                   /* a's world point (a = CAP_JOINT_WORLD); drag: the target */
    float length, min_length, max_length; /* default -1 (current), 0, CAP_MAX_COORD... see above */
    float hertz, damping_ratio;     /* default 0, 1 */
    float max_force;                /* drag: default 1000 */
    float break_force;              /* default 0: never breaks */
    uint32_t user_data;
} cap_joint_def;

/* Word k of a CAP_EVENT_JOINT_BREAK record (CAP_EVENT_WORDS words, u32
 * but the force; words 5-7 are zero). */
enum cap_joint_break_word {
    CAP_JOINT_BREAK_KIND = 0,             /* the joint's cap_joint_kind */
    CAP_JOINT_BREAK_JOINT = 1,            /* its slot */
    CAP_JOINT_BREAK_BALL = 2,             /* ball b's slot */
    CAP_JOINT_BREAK_FORCE = 3,            /* f32: the force that broke it */
    CAP_JOINT_BREAK_OTHER = 4,            /* end a: a ball slot or CAP_JOINT_WORLD */
    CAP_JOINT_BREAK_JOINT_GENERATION = 8, /* the joint's generation */
    CAP_JOINT_BREAK_BALL_GENERATION = 9,  /* b's generation */
    CAP_JOINT_BREAK_USER_DATA = 10,       /* the joint's user_data */
    CAP_JOINT_BREAK_OTHER_GENERATION = 11 /* a's generation (0 for the world) */
};

void cap_joint_def_default(cap_joint_def* def);
/* Adds a joint in the lowest free joint slot. BAD_VALUE (field: index of
 * the def's float, or -1) or BAD_HANDLE (a dead ball) changes nothing. */
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
    CAP_JOINT_INFO_WORDS
};
int cap_world_joint_info(const cap_world* w, uint32_t slot, uint32_t* words);

#ifdef __cplusplus
}
#endif
#endif
