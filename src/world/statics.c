/* capsule2d — the world's statics: adding one (capsule or line from a
 * def, kinematic and pivoted capsules from a pose, chains of capsules) in
 * the lowest free slot, moving and setting the moving ones, removing one,
 * and their user data. What each kind is and how it behaves: statics.h. */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/statics.h"

/* The world reads and writes static_info as 3 words per slot, kind,
 * generation, alive (bit 0), by number: the public names must agree. */
_Static_assert(CAP_STATIC_INFO_KIND == 0 && CAP_STATIC_INFO_GENERATION == 1 && CAP_STATIC_INFO_ALIVE == 2 &&
                   CAP_STATIC_INFO_WORDS == 3,
               "static_info words (capsule2d_world.h)");

int cap_world_set_static_user_data(cap_world* w, uint32_t slot, uint32_t value)
{
    w->err.status = 0;
    if (slot >= w->static_slots || !(w->static_info[3 * slot + 2] & 1u)) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    w->statics[slot].user_data = value;
    return CAP_WORLD_OK;
}

uint32_t cap_world_static_user_data(const cap_world* w, uint32_t slot)
{
    return slot < w->static_slots && (w->static_info[3 * slot + 2] & 1u) ? w->statics[slot].user_data : 0u;
}


/* Puts a checked static record in the lowest free slot. */
static int place_static(cap_world* w, const cap_wstatic* rec, uint32_t* slot_out)
{
    cap_wstatic s = *rec;
    uint32_t slot = 0;
    while (slot < w->static_slots && (w->static_info[3 * slot + 2] & 1u)) slot++;
    if (cap_world_grow_statics(w, slot + 1)) return cap_world_fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
    w->statics[slot] = s;
    w->static_info[3 * slot + CAP_STATIC_INFO_KIND] = s.kind;
    w->static_info[3 * slot + CAP_STATIC_INFO_GENERATION] += 1u;
    w->static_info[3 * slot + CAP_STATIC_INFO_ALIVE] = 1u;
    if (slot == w->static_slots) w->static_slots++;
    w->statics_dirty = 1;
    w->query_stale |= 2;
    *slot_out = slot;
    return CAP_WORLD_OK;
}

int cap_world_add_static(cap_world* w, const cap_static_def* d, uint32_t* slot_out)
{
    w->err.status = 0;
    const float* v = &d->ax;
    for (int i = 0; i < 8; i++)
        if (!cap_in_range(v[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, i);
    /* Kinds this call makes (the others have their own add calls). */
    if ((uint32_t)d->kind >= CAP_STATIC_KIND_COUNT || cap_static_row((uint32_t)d->kind)->add != CAP_ADD_DEF)
        return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 100);
    int half_plane = cap_static_row((uint32_t)d->kind)->shape == CAP_SHAPE_HALF_PLANE;
    if (!half_plane && !(d->radius >= 0.0f)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 4);
    if (!(d->restitution >= 0.0f) || !(d->friction >= 0.0f) || !(d->rolling_resistance >= 0.0f))
        return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 5);
    cap_wstatic s;
    memset(&s, 0, sizeof s);
    s.ax = d->ax; s.ay = d->ay; s.bx = d->bx; s.by = d->by;
    s.radius = half_plane ? 0.0f : d->radius;
    s.restitution = d->restitution; s.friction = d->friction; s.rolling = d->rolling_resistance;
    s.category = d->category; s.mask = d->mask; s.kind = (uint32_t)d->kind; s.sensor = d->sensor != 0;
    s.user_data = d->user_data;
    if (half_plane) {
        float ex = d->bx - d->ax, ey = d->by - d->ay;
        float len = cap_length(cap_v2(ex, ey));
        if (!(len > 0.0f) || !cap_in_range(len)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 2);
        s.nx = 0.0f - ey / len;
        s.ny = ex / len;
    } else {
        s.minx = (d->ax < d->bx ? d->ax : d->bx) - d->radius;
        s.maxx = (d->ax < d->bx ? d->bx : d->ax) + d->radius;
        s.miny = (d->ay < d->by ? d->ay : d->by) - d->radius;
        s.maxy = (d->ay < d->by ? d->by : d->ay) + d->radius;
        if (!cap_in_range(s.minx) || !cap_in_range(s.maxx) || !cap_in_range(s.miny) || !cap_in_range(s.maxy))
            return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 4);
    }
    return place_static(w, &s, slot_out);
}

void cap_world_place_kinematic(cap_wstatic* s, float x, float y, float angle)
{
    float c, sn;
    if (!cap_finite(angle)) angle = 0.0f; /* an overflowed spin: no trap */
    cap_cos_sin(angle, &c, &sn);
    s->cx = x; s->cy = y; s->angle = angle;
    s->ax = x - c * s->la; s->ay = y - sn * s->la;
    s->bx = x + c * s->lb; s->by = y + sn * s->lb;
}

int cap_world_add_kinematic(cap_world* w, const cap_static_def* d, float x, float y, float angle, float length, float pivot, uint32_t* slot_out)
{
    w->err.status = 0;
    const float v[] = {x, y, angle, length, d->radius, d->restitution, d->friction, d->rolling_resistance, pivot};
    for (int i = 0; i < 9; i++)
        if (!cap_in_range(v[i]) || (i >= 3 && !(v[i] >= 0.0f))) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, i);
    if (pivot > 1.0f) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 8);
    cap_wstatic s;
    memset(&s, 0, sizeof s);
    s.radius = d->radius; s.la = pivot * length; s.lb = length - s.la;
    s.restitution = d->restitution; s.friction = d->friction; s.rolling = d->rolling_resistance;
    s.category = d->category; s.mask = d->mask; s.kind = CAP_STATIC_KINEMATIC;
    s.user_data = d->user_data;
    cap_world_place_kinematic(&s, x, y, angle);
    if (!cap_in_range(s.ax) || !cap_in_range(s.ay) || !cap_in_range(s.bx) || !cap_in_range(s.by)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 3);
    return place_static(w, &s, slot_out);
}

/* The live static in slot with a moving pose (kinematic or pivoted; only
 * pivoted: turning), or NULL. */
static cap_wstatic* mover(cap_world* w, uint32_t slot, int turning)
{
    if (slot >= w->static_slots || !(w->static_info[3 * slot + 2] & 1u)) return NULL;
    const cap_static_kind_row* row = cap_static_row(w->statics[slot].kind);
    return row->pose && (!turning || row->turns) ? &w->statics[slot] : NULL;
}
/* The same, driven by the game (kinematic). */
static cap_wstatic* kinematic(cap_world* w, uint32_t slot)
{
    cap_wstatic* s = mover(w, slot, 0);
    return s && cap_static_driven(s) ? s : NULL;
}

int cap_world_add_pivoted(cap_world* w, const cap_static_def* d, float x, float y, float angle, float length, float pivot,
                          float density, uint32_t* slot_out)
{
    if (!(density > 0.0f) || !cap_in_range(density)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 9);
    /* A mass that overflows (the snapshot check refuses it): refused here,
     * before anything is added (a bad radius or length: add_kinematic's). */
    float m = density * (2.0f * d->radius * length + 3.14159265f * d->radius * d->radius);
    if (cap_in_range(d->radius) && cap_in_range(length) && !cap_in_range(m)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 9);
    int s = cap_world_add_kinematic(w, d, x, y, angle, length, pivot, slot_out);
    if (s) return s;
    cap_wstatic* st = &w->statics[*slot_out];
    float r = st->radius, off = 0.5f * (st->lb - st->la);
    st->kind = CAP_STATIC_PIVOTED;
    w->static_info[3 * *slot_out] = CAP_STATIC_PIVOTED;
    st->mass = density * (2.0f * r * length + 3.14159265f * r * r);
    float inertia = st->mass * (length * length / 12.0f + off * off);
    /* An inertia so small that its inverse is past 1e38 (or overflows):
     * the capsule does not turn (inv_i 0), as the snapshot check allows
     * only values within +-1e38. */
    st->inv_i = inertia > 0.0f && cap_in_range(1.0f / inertia) ? 1.0f / inertia : 0.0f;
    st->lo = 1.0f;
    st->hi = -1.0f;
    return CAP_WORLD_OK;
}

int cap_world_set_pivoted(cap_world* w, uint32_t slot, float lower, float upper, float motor_speed, float max_torque, float damping)
{
    w->err.status = 0;
    cap_wstatic* s = mover(w, slot, 1);
    if (!s) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    const float v[] = {lower, upper, motor_speed, max_torque, damping};
    for (int i = 0; i < 5; i++)
        if (!cap_in_range(v[i]) || (i >= 3 && !(v[i] >= 0.0f))) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, (int)slot, i);
    s->lo = lower; s->hi = upper; s->motor_speed = motor_speed; s->motor_torque = max_torque; s->damping = damping;
    return CAP_WORLD_OK;
}

/* to - from brought into [-pi, pi] (whole turns removed): the shorter way
 * round, so a target of pi + 0.4 from -pi + 0.4 is no turn, not a full one. */
static float shortest_turn(float from, float to)
{
    const float pi = 3.14159265f, two_pi = 6.28318530717958647692f;
    float d = to - from;
    if (d >= -pi && d <= pi) return d;
    d = d - __builtin_floorf((d + pi) * (1.0f / two_pi)) * two_pi;
    return d >= -pi && d <= pi ? d : 0.0f;
}

int cap_world_set_kinematic(cap_world* w, uint32_t slot, int what, float a, float b, float c)
{
    w->err.status = 0;
    cap_wstatic* s = kinematic(w, slot);
    if (!s || what < 0 || what > CAP_KINEMATIC_POSE) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    float dt = w->def.dt;
    float v[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (!cap_in_range(v[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, (int)slot, i);
    if (what == CAP_KINEMATIC_TARGET) {
        v[0] = (a - s->cx) / dt; v[1] = (b - s->cy) / dt; v[2] = shortest_turn(s->angle, c) / dt;
        for (int i = 0; i < 3; i++)
            if (!cap_in_range(v[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, (int)slot, i);
    }
    if (what == CAP_KINEMATIC_POSE) {
        cap_wstatic t = *s;
        cap_world_place_kinematic(&t, a, b, c);
        if (!cap_in_range(t.ax) || !cap_in_range(t.ay) || !cap_in_range(t.bx) || !cap_in_range(t.by)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, (int)slot, 0);
        *s = t;
        w->query_stale |= 2;
        cap_world_wake_all(w);
    } else {
        s->vx = v[0]; s->vy = v[1]; s->w = v[2];
    }
    return CAP_WORLD_OK;
}

int cap_world_kinematic_state(const cap_world* w, uint32_t slot, float* out)
{
    const cap_wstatic* s = mover((cap_world*)w, slot, 0);
    if (!s) return CAP_WORLD_BAD_HANDLE;
    float len = s->la + s->lb;
    float v[CAP_KINEMATIC_STATE_WORDS];
    v[CAP_KINEMATIC_STATE_X] = s->cx, v[CAP_KINEMATIC_STATE_Y] = s->cy, v[CAP_KINEMATIC_STATE_ANGLE] = s->angle;
    v[CAP_KINEMATIC_STATE_VX] = s->vx, v[CAP_KINEMATIC_STATE_VY] = s->vy, v[CAP_KINEMATIC_STATE_W] = s->w;
    v[CAP_KINEMATIC_STATE_LENGTH] = len, v[CAP_KINEMATIC_STATE_RADIUS] = s->radius;
    v[CAP_KINEMATIC_STATE_PIVOT] = len > 0.0f ? s->la / len : 0.5f;
    memcpy(out, v, sizeof v);
    return CAP_WORLD_OK;
}

int cap_world_add_chain(cap_world* w, const cap_static_def* d, const float* xy, uint32_t count, int flags, uint32_t* slots)
{
    int loop = flags & CAP_CHAIN_LOOP;
    w->err.status = 0;
    if (count < (loop ? 3u : 2u) || count > (1u << 20)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 100);
    const float v[] = {d->radius, d->restitution, d->friction, d->rolling_resistance};
    for (int i = 0; i < 4; i++)
        if (!(v[i] >= 0.0f) || !cap_in_range(v[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, 4 + i);
    for (uint32_t i = 0; i < 2 * count; i++)
        if (!cap_in_range(xy[i])) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, (int)(i / 2), (int)(i & 1));
    uint32_t pieces = loop ? count : count - 1;
    /* Room for every piece first: all or nothing. */
    if (cap_world_grow_statics(w, w->static_slots + pieces)) return cap_world_fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
    cap_static_def p = *d;
    p.kind = CAP_STATIC_CAPSULE;
    p.sensor = 0;
    for (uint32_t i = 0; i < pieces; i++) {
        uint32_t j = (i + 1) % count;
        p.ax = xy[2 * i]; p.ay = xy[2 * i + 1]; p.bx = xy[2 * j]; p.by = xy[2 * j + 1];
        int s = cap_world_add_static(w, &p, &slots[i]);
        if (s) { /* only an extent overflow: undo */
            for (uint32_t k = i; k-- > 0;) cap_world_remove_static(w, slots[k]);
            return cap_world_fail(w, s, (int)i, 4);
        }
    }
    for (uint32_t i = 0; i < pieces; i++) {
        cap_wstatic* s = &w->statics[slots[i]];
        s->in_chain = flags & CAP_CHAIN_ONE_SIDED ? 2u : 1u;
        s->chain_prev = i > 0 ? slots[i - 1] : (loop ? slots[pieces - 1] : 0xffffffffu);
        s->chain_next = i + 1 < pieces ? slots[i + 1] : (loop ? slots[0] : 0xffffffffu);
    }
    return CAP_WORLD_OK;
}

int cap_world_remove_static(cap_world* w, uint32_t slot)
{
    w->err.status = 0;
    if (slot >= w->static_slots || !(w->static_info[3 * slot + 2] & 1u)) return cap_world_fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    if (cap_world_forget(w, 0, slot)) return cap_world_fail(w, CAP_WORLD_NO_MEMORY, (int)slot, -1);
    w->static_info[3 * slot + 2] = 0;
    const cap_wstatic* gone = &w->statics[slot];
    if (gone->in_chain) { /* its neighbours become open ends */
        if (gone->chain_prev != 0xffffffffu) w->statics[gone->chain_prev].chain_next = 0xffffffffu;
        if (gone->chain_next != 0xffffffffu) w->statics[gone->chain_next].chain_prev = 0xffffffffu;
    }
    memset(&w->statics[slot], 0, sizeof(cap_wstatic));
    while (w->static_slots > 0 && !(w->static_info[3 * (w->static_slots - 1) + 2] & 1u)) w->static_slots--;
    w->statics_dirty = 1;
    /* Balls resting on it must notice. */
    cap_world_wake_all(w);
    return CAP_WORLD_OK;
}

