/* capsule2d — capsule bodies' waking (at the step's begin) and sleeping
 * (at its end). */
#include <string.h>

#include "capsule2d_joints.h"
#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

/* A sleeping body near an awake ball or an awake body wakes (and so on,
 * body to body): awake[i] becomes 3. */
void cap_bodies_wake(cap_world* w, cap_wbodies* b, uint32_t* awake, float margin)
{
    uint32_t n = b->slots;
    const uint32_t* flags = CAP_BODU(b, CAP_BODY_FLAGS);
    {
        const float *bx = CAP_BF(w, CAP_BALL_X), *by = CAP_BF(w, CAP_BALL_Y), *brad = CAP_BF(w, CAP_BALL_RADIUS);
        const uint32_t* bfl = CAP_BU(w, CAP_BALL_FLAGS);
        for (uint32_t i = 0; i < n; i++) {
            if (!(flags[i] & CAP_BALL_ALIVE) || awake[i]) continue;
            float ext = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i] + CAP_BODF(b, CAP_BODY_RADIUS)[i] + margin;
            float cx = CAP_BODF(b, CAP_BODY_X)[i], cy = CAP_BODF(b, CAP_BODY_Y)[i];
            for (uint32_t j = 0; j < w->ball_slots && !awake[i]; j++) {
                if ((bfl[j] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
                float e2 = ext + brad[j] + cap_body_ball_reach(w, j);
                if (cap_absf(bx[j] - cx) <= e2 && cap_absf(by[j] - cy) <= e2) awake[i] = 3;
            }
        }
        /* A body joined to a ball that is awake or written through a view. */
        for (uint32_t k = 0; k < w->joint_slots && w->joint_count; k++) {
            const cap_wjoint* jt = &w->joints[k];
            uint32_t i, j;
            if (!cap_joint_mixed(jt, &i, &j) || awake[i]) continue;
            int written = bx[j] != w->last_x[j] || by[j] != w->last_y[j] || CAP_BF(w, CAP_BALL_VX)[j] != w->last_vx[j] ||
                          CAP_BF(w, CAP_BALL_VY)[j] != w->last_vy[j];
            if ((bfl[j] & CAP_LIVE_AWAKE) == CAP_LIVE_AWAKE || written) awake[i] = 3;
        }
    }
    /* Then a stack (b->group's first n words, free until the sleep): each
     * sleeping body with an awake neighbour (their boxes meet, or a joint
     * joins them; woken just before it counts) wakes and is pushed; each
     * popped body wakes its sleeping neighbours, pushed in turn; each body
     * is pushed at most once. The woken set is the closure, whatever the
     * order. Only the sleeping bodies' lists are read to start: in a busy
     * scene most bodies are awake (starting from every awake body read
     * every list). */
    uint32_t* stack = b->group;
    uint32_t top = 0, any = 0;
    for (uint32_t i = 0; i < n && !any; i++) any = awake[i] != 0;
    for (uint32_t i = 0; i < n && any; i++) {
        if (!(flags[i] & CAP_BALL_ALIVE) || awake[i]) continue;
        int woken = 0;
        const uint32_t* nb;
        uint32_t near = cap_body_near(b, i, &nb);
        for (uint32_t q = 0; q < near && !woken; q++) woken = awake[nb[q]] != 0;
        for (uint32_t k = 0; k < w->joint_slots && w->joint_count && !woken; k++) {
            const cap_wjoint* jt = &w->joints[k];
            if (jt->kind == 0 || !CAP_JOINT_IS_BODY(jt->a) || !CAP_JOINT_IS_BODY(jt->b)) continue;
            uint32_t x = jt->a & ~CAP_JOINT_BODY, y = jt->b & ~CAP_JOINT_BODY;
            uint32_t other = x == i ? y : y == i ? x : NONE;
            woken = other != NONE && awake[other] != 0;
        }
        if (!woken) continue;
        awake[i] = 3;
        stack[top++] = i;
    }
    while (top > 0) {
        uint32_t i = stack[--top];
        /* Joined bodies wake together (a scan of the joints per woken body). */
        for (uint32_t k = 0; k < w->joint_slots && w->joint_count; k++) {
            const cap_wjoint* jt = &w->joints[k];
            if (jt->kind == 0 || !CAP_JOINT_IS_BODY(jt->a) || !CAP_JOINT_IS_BODY(jt->b)) continue;
            uint32_t x = jt->a & ~CAP_JOINT_BODY, y = jt->b & ~CAP_JOINT_BODY;
            uint32_t other = x == i ? y : y == i ? x : NONE;
            if (other == NONE || awake[other]) continue;
            awake[other] = 3;
            stack[top++] = other;
        }
        const uint32_t* nb;
        uint32_t near = cap_body_near(b, i, &nb);
        for (uint32_t q = 0; q < near; q++) {
            uint32_t j = nb[q];
            if (awake[j]) continue;
            awake[j] = 3;
            stack[top++] = j;
        }
    }
}

static uint32_t find_root(uint32_t* g, uint32_t i)
{
    while (g[i] != i) {
        g[i] = g[g[i]];
        i = g[i];
    }
    return i;
}

/* Sleep: a body is still when its speed and its tips' speed are below
 * sleep_speed; bodies in contact sleep together, once every one of them
 * has been still for sleep_time. */
void cap_bodies_sleep(cap_world* w, cap_wbodies* b)
{
    uint32_t n = b->slots;
    uint32_t* fl = CAP_BODU(b, CAP_BODY_FLAGS);
    float* t = CAP_BODF(b, CAP_BODY_SLEEP_TIME);
    float vs = w->def.sleep_speed * w->def.units_per_meter;
    uint32_t* g = b->group;
    for (uint32_t i = 0; i < n; i++) {
        g[i] = i;
        if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        float vx = CAP_BODF(b, CAP_BODY_VX)[i], vy = CAP_BODF(b, CAP_BODY_VY)[i];
        float tip = CAP_BODF(b, CAP_BODY_W)[i] * (CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i] + CAP_BODF(b, CAP_BODY_RADIUS)[i]);
        int still = vx * vx + vy * vy <= vs * vs && tip * tip <= vs * vs;
        t[i] = still ? t[i] + w->def.dt : 0.0f;
    }
    if (!w->def.sleep_enabled) return;
    for (uint32_t q = 0; q < b->mcount; q++) { /* a manifold's points share their pair: its first */
        const cap_bcontact* c = &b->contacts[b->mstart[q]];
        if (c->kind != 1) continue;
        uint32_t x = find_root(g, c->a), y = find_root(g, c->b);
        if (x != y) g[x > y ? x : y] = x < y ? x : y;
    }
    /* Joined bodies are one group. */
    for (uint32_t k = 0; k < w->joint_slots && w->joint_count; k++) {
        const cap_wjoint* jt = &w->joints[k];
        if (jt->kind == 0 || !CAP_JOINT_IS_BODY(jt->a) || !CAP_JOINT_IS_BODY(jt->b)) continue;
        uint32_t x = find_root(g, jt->a & ~CAP_JOINT_BODY), y = find_root(g, jt->b & ~CAP_JOINT_BODY);
        if (x != y) g[x > y ? x : y] = x < y ? x : y;
    }
    float* least = (float*)(b->group + n); /* the group's least still time, at its root (the awake flags are spent) */
    for (uint32_t i = 0; i < n; i++) least[i] = 3.0e38f;
    for (uint32_t i = 0; i < n; i++) {
        if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        uint32_t r = find_root(g, i);
        least[r] = fmin2(least[r], t[i]);
    }
    /* A group joined to an awake ball waits for it too (its still time as
     * the last step left it; the ball, held meanwhile by the awake body
     * (sleep.c), then sleeps in the same step as the group). */
    for (uint32_t k = 0; k < w->joint_slots && w->joint_count; k++) {
        uint32_t i, j;
        if (!cap_joint_mixed(&w->joints[k], &i, &j) || (CAP_BU(w, CAP_BALL_FLAGS)[j] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE) continue;
        uint32_t r = find_root(g, i);
        least[r] = fmin2(least[r], CAP_BF(w, CAP_BALL_SLEEP_TIME)[j]);
    }
    for (uint32_t i = 0; i < n; i++) {
        if ((fl[i] & CAP_LIVE_AWAKE) != CAP_LIVE_AWAKE || !(least[find_root(g, i)] >= w->def.sleep_time)) continue;
        fl[i] &= ~CAP_BALL_AWAKE;
        CAP_BODF(b, CAP_BODY_VX)[i] = CAP_BODF(b, CAP_BODY_VY)[i] = CAP_BODF(b, CAP_BODY_W)[i] = 0.0f;
    }
}
