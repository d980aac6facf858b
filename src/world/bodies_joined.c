/* capsule2d — the capsule bodies' joined pairs: which ball and body a joint
 * between the two ties (cap_joint_mixed), and this step's sorted set of
 * the pairs of bodies, and of a body and a ball, that a joint ties: they
 * do not collide (Box2D's collideConnected = false; bodies_find.c asks). */
#include "capsule2d_joints.h"
#include "world/bodies.h"
#include "world/step_internal.h"

int cap_joint_mixed(const cap_wjoint* j, uint32_t* body, uint32_t* ball)
{
    if (j->kind == CAP_JOINT_NONE || j->a == CAP_JOINT_WORLD || CAP_JOINT_IS_BODY(j->a) == CAP_JOINT_IS_BODY(j->b)) return 0;
    *body = (CAP_JOINT_IS_BODY(j->a) ? j->a : j->b) & ~CAP_JOINT_BODY;
    *ball = CAP_JOINT_IS_BODY(j->a) ? j->b : j->a;
    return 1;
}

/* The joined set's keys: two bodies lower << 32 | higher slot; a body and a
 * ball (CAP_JOINT_BODY | body) << 32 | ball, above every pair of bodies. */
int cap_bodies_joined_build(cap_world* w, cap_wbodies* b)
{
    b->joined_count = 0;
    if (w->joint_count == 0) return 0;
    void* p = b->joined; /* room for every joint slot */
    if (cap_world_reserve_bytes(&p, &b->joined_cap, w->joint_slots, sizeof(uint64_t))) return CAP_WORLD_NO_MEMORY;
    b->joined = p;
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        const cap_wjoint* j = &w->joints[k];
        uint32_t bi, ba;
        uint64_t key;
        if (cap_joint_mixed(j, &bi, &ba)) {
            key = (uint64_t)(bi | CAP_JOINT_BODY) << 32 | ba;
        } else {
            if (j->kind == CAP_JOINT_NONE || !CAP_JOINT_IS_BODY(j->a) || !CAP_JOINT_IS_BODY(j->b)) continue;
            uint64_t x = j->a & ~CAP_JOINT_BODY, y = j->b & ~CAP_JOINT_BODY;
            key = x < y ? x << 32 | y : y << 32 | x;
        }
        /* insertion: joints made along a chain come nearly in order */
        uint32_t q = b->joined_count++;
        while (q > 0 && b->joined[q - 1] > key) { b->joined[q] = b->joined[q - 1]; q--; }
        b->joined[q] = key;
    }
    return 0;
}

static int joined_key(const cap_wbodies* b, uint64_t key)
{
    uint32_t lo = 0, hi = b->joined_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (b->joined[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo < b->joined_count && b->joined[lo] == key;
}

int cap_bodies_joined(const cap_wbodies* b, uint32_t i, uint32_t j)
{
    return joined_key(b, i < j ? (uint64_t)i << 32 | j : (uint64_t)j << 32 | i);
}

int cap_bodies_joined_ball(const cap_wbodies* b, uint32_t i, uint32_t j)
{
    return joined_key(b, (uint64_t)(i | CAP_JOINT_BODY) << 32 | j);
}
