/* capsule2d — the world's balls: adding one in the lowest free slot,
 * removing one (its contacts and sensor overlaps dropped, their end events
 * queued for the next step: cap_world_forget, also used by static
 * removal), waking one, and the ids an event record carries. */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/world_internal.h"

#define CAP_PI 3.14159265358979323846f

int cap_world_add_ball(cap_world* w, const cap_ball_def* d, uint32_t* slot_out)
{
    w->err.status = 0;
    const float* v = &d->x;
    for (int i = 0; i < 6; i++)
        if (!cap_in_range(v[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, i);
    if (!(d->radius > 0.0f) || !cap_in_range(d->radius)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, CAP_BALL_RADIUS);
    if (!(d->density > 0.0f) || !cap_in_range(d->density)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, CAP_BALL_INV_MASS);
    const float nonneg[] = {d->restitution, d->friction, d->rolling_resistance, d->linear_damping, d->angular_damping};
    const int which[] = {CAP_BALL_RESTITUTION, CAP_BALL_FRICTION, CAP_BALL_ROLLING, CAP_BALL_LINEAR_DAMPING, CAP_BALL_ANGULAR_DAMPING};
    for (int i = 0; i < 5; i++)
        if (!(nonneg[i] >= 0.0f) || !cap_in_range(nonneg[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, which[i]);
    if (!cap_in_range(d->gravity_scale)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, CAP_BALL_GRAVITY_SCALE);
    float mass = d->density * CAP_PI * d->radius * d->radius;
    float inertia = 0.5f * mass * d->radius * d->radius;
    /* (and their inverses: a snapshot refuses an infinite inverse mass or inertia) */
    if (!(mass > 0.0f) || !cap_in_range(mass) || !(inertia > 0.0f) || !cap_in_range(inertia) || !cap_in_range(1.0f / mass) ||
        !cap_in_range(1.0f / inertia))
        return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, CAP_BALL_INV_MASS);

    uint32_t* flags = CAP_BU(w, CAP_BALL_FLAGS);
    uint32_t slot = 0;
    while (slot < w->ball_slots && (flags[slot] & CAP_BALL_ALIVE)) slot++;
    if (slot == w->ball_cap) {
        if (w->ball_cap >= (1u << 20)) return cap_world_fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
        int s = cap_world_grow_balls(w, w->ball_cap * 2 > (1u << 20) ? (1u << 20) : w->ball_cap * 2);
        if (s) return cap_world_fail(w, s, -1, -1);
        flags = CAP_BU(w, CAP_BALL_FLAGS);
    }
    float vals[CAP_BALL_FLOAT_FIELDS] = {
        d->x, d->y, d->vx, d->vy, d->angle, d->angular_velocity, d->radius, 1.0f / mass, 1.0f / inertia,
        d->restitution, d->friction, d->rolling_resistance, d->gravity_scale, d->linear_damping,
        d->angular_damping, 0.0f};
    for (int f = 0; f < CAP_BALL_FLOAT_FIELDS; f++) CAP_BF(w, f)[slot] = vals[f];
    CAP_BU(w, CAP_BALL_CATEGORY)[slot] = d->category;
    CAP_BU(w, CAP_BALL_MASK)[slot] = d->mask;
    flags[slot] = CAP_BALL_ALIVE | (d->awake ? CAP_BALL_AWAKE : 0u) | (d->bullet ? CAP_BALL_BULLET : 0u);
    CAP_BU(w, CAP_BALL_GENERATION)[slot] += 1u;
    CAP_BU(w, CAP_BALL_USER_DATA)[slot] = d->user_data;
    w->last_x[slot] = d->x;
    w->last_y[slot] = d->y;
    w->last_vx[slot] = d->vx;
    w->last_vy[slot] = d->vy;
    if (slot == w->ball_slots) w->ball_slots++;
    w->ball_live++;
    cap_world_query_ball_added(w, slot);
    *slot_out = slot;
    return CAP_WORLD_OK;
}

static int ball_ok(const cap_world* w, uint32_t slot)
{
    return slot < w->ball_slots && (((const uint32_t*)w->ball[CAP_BALL_FLAGS])[slot] & CAP_BALL_ALIVE);
}

/* Drops every contact and sensor overlap of a ball (is_ball) or a static
 * being removed, queueing end / leave events for the next step for those
 * that touched. Room is made first: all or nothing. */
int cap_world_forget(cap_world* w, int is_ball, uint32_t slot)
{
#define MINE(c) (is_ball ? ((c)->b == slot || ((c)->kind == 1 && (c)->a == slot)) : ((c)->kind == 0 && (c)->a == slot))
#define MINE_SENSOR(i) (is_ball ? w->sensor_prev[2 * (i) + 1] == slot : w->sensor_prev[2 * (i)] == slot)
    if (!is_ball) w->query_stale |= 2; /* a removal follows (a ball's: cap_world_query_ball_removed) */
    uint32_t ends = 0;
    for (uint32_t i = 0; i < w->prev_count; i++) ends += MINE(&w->prev[i]) && w->prev[i].touching;
    for (uint32_t i = 0; i < w->sensor_prev_count; i++) ends += MINE_SENSOR(i);
    uint32_t bends = w->bodies ? cap_bodies_forget(w, is_ball, slot, 0) : 0; /* the capsule bodies' pairs with it */
    ends += bends;
    if (cap_world_reserve_u32(&w->pending_end, &w->pending_cap, CAP_PENDING_WORDS * (w->pending_count + ends))) return CAP_WORLD_NO_MEMORY;
    uint32_t k = 0;
    for (uint32_t i = 0; i < w->prev_count; i++) {
        const cap_wcontact* c = &w->prev[i];
        if (!MINE(c)) {
            w->prev[k++] = *c;
        } else if (c->touching) {
            uint32_t* e = &w->pending_end[CAP_PENDING_WORDS * w->pending_count++];
            e[0] = CAP_EVENT_END;
            e[1] = c->kind;
            e[2] = c->kind ? c->a : c->b; /* event order: the ball first for kind 0 */
            e[3] = c->kind ? c->b : c->a;
            cap_world_event_ids(w, e[1], e[2], e[3], &e[4]); /* as they are now, before the removal */
        }
    }
    w->prev_count = k;
    k = 0;
    for (uint32_t i = 0; i < w->sensor_prev_count; i++) {
        uint32_t st = w->sensor_prev[2 * i], b = w->sensor_prev[2 * i + 1];
        if (MINE_SENSOR(i)) {
            uint32_t* e = &w->pending_end[CAP_PENDING_WORDS * w->pending_count++];
            e[0] = CAP_EVENT_SENSOR_LEAVE; e[1] = 0; e[2] = b; e[3] = st;
            cap_world_event_ids(w, 0, b, st, &e[4]);
        } else {
            w->sensor_prev[2 * k] = st;
            w->sensor_prev[2 * k + 1] = b;
            k++;
        }
    }
    w->sensor_prev_count = k;
    if (bends) cap_bodies_forget(w, is_ball, slot, 1);
    return CAP_WORLD_OK;
#undef MINE
#undef MINE_SENSOR
}

int cap_world_remove_ball(cap_world* w, uint32_t slot)
{
    w->err.status = 0;
    if (!ball_ok(w, slot)) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    /* End events for its touching contacts and sensor overlaps, emitted by
     * the next step; its contacts are dropped so a new ball in this slot
     * inherits nothing. */
    if (cap_world_forget(w, 1, slot)) return cap_world_fail(w, CAP_WORLD_NO_MEMORY, (int)slot, -1);
    if (w->joint_count) cap_world_joints_forget_ball(w, slot); /* its joints go with it */
    cap_world_query_ball_removed(w, slot);
    CAP_BU(w, CAP_BALL_FLAGS)[slot] = 0;
    for (int f = 0; f < CAP_BALL_FLOAT_FIELDS; f++) CAP_BF(w, f)[slot] = 0.0f;
    CAP_BU(w, CAP_BALL_CATEGORY)[slot] = 0;
    CAP_BU(w, CAP_BALL_MASK)[slot] = 0;
    CAP_BU(w, CAP_BALL_USER_DATA)[slot] = 0;
    w->last_x[slot] = w->last_y[slot] = w->last_vx[slot] = w->last_vy[slot] = 0.0f;
    w->ball_live--;
    while (w->ball_slots > 0 && !(CAP_BU(w, CAP_BALL_FLAGS)[w->ball_slots - 1] & CAP_BALL_ALIVE)) w->ball_slots--;
    return CAP_WORLD_OK;
}


int cap_world_wake_ball(cap_world* w, uint32_t slot)
{
    w->err.status = 0;
    if (!ball_ok(w, slot)) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    CAP_BU(w, CAP_BALL_FLAGS)[slot] |= CAP_BALL_AWAKE;
    CAP_BF(w, CAP_BALL_SLEEP_TIME)[slot] = 0.0f;
    return CAP_WORLD_OK;
}


/* ---- event ids ----------------------------------------------------------- */

void cap_world_event_ids(const cap_world* w, uint32_t ckind, uint32_t a, uint32_t b, uint32_t* out)
{
    const uint32_t* gen = w->ball[CAP_BALL_GENERATION];
    const uint32_t* data = w->ball[CAP_BALL_USER_DATA];
    const cap_wbodies* bo = w->bodies;
    /* a: a ball slot (kinds 0, 1) or a body slot (2, 3, 4), below the slots
     * when the event is made; b: a static (0, 2), a ball (1, 3), a body (4) */
    if (ckind >= 2) {
        out[0] = bo && a < bo->cap ? CAP_BODU(bo, CAP_BODY_GENERATION)[a] : 0u;
        out[2] = bo && a < bo->cap ? CAP_BODU(bo, CAP_BODY_USER_DATA)[a] : 0u;
    } else {
        out[0] = a < w->ball_cap ? gen[a] : 0u;
        out[2] = a < w->ball_cap ? data[a] : 0u;
    }
    if (ckind == 4) {
        out[1] = bo && b < bo->cap ? CAP_BODU(bo, CAP_BODY_GENERATION)[b] : 0u;
        out[3] = bo && b < bo->cap ? CAP_BODU(bo, CAP_BODY_USER_DATA)[b] : 0u;
    } else if (ckind & 1) {
        out[1] = b < w->ball_cap ? gen[b] : 0u;
        out[3] = b < w->ball_cap ? data[b] : 0u;
    } else {
        out[1] = b < w->static_cap ? w->static_info[3 * b + 1] : 0u;
        out[3] = b < w->static_slots ? w->statics[b].user_data : 0u;
    }
}

void cap_world_emit_pending(cap_world* w, const uint32_t* rec)
{
    int kind = (int)rec[0];
    uint32_t n = w->event_count[kind];
    cap_world_emit(w, kind, rec[1], rec[2], rec[3], NULL);
    if (n < w->def.event_capacity) memcpy(&w->events[kind][(size_t)n * CAP_EVENT_WORDS + CAP_EVENT_WORD_GENERATION_A], &rec[4], 16);
}

