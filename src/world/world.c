/* capsule2d — the world's objects: creation, balls and statics with slots
 * and generations, the static index, queries and the state hash. The step
 * is in step.c. */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/world_internal.h"
#include "world/bodies.h"

#define CAP_PI 3.14159265358979323846f

void cap_world_def_default(cap_world_def* d)
{
    memset(d, 0, sizeof *d);
    d->gravity_y = -10.0f;
    d->dt = 1.0f / 60.0f;
    d->sub_steps = 4;
    d->ball_capacity = 256;
    d->static_capacity = 64;
    d->event_capacity = 1024;
    d->units_per_meter = 1.0f;
    d->contact_hertz = 60.0f;
    d->static_hertz = 120.0f;
    d->damping_ratio = 10.0f;
    d->push_speed = 3.0f;
    d->restitution_threshold = 1.0f;
    d->hit_speed_threshold = 1.0f;
    d->sleep_speed = 0.05f;
    d->sleep_time = 0.5f;
    d->sleep_enabled = 1;
}

void cap_ball_def_default(cap_ball_def* d)
{
    memset(d, 0, sizeof *d);
    d->radius = 0.5f;
    d->density = 1.0f;
    d->friction = 0.6f;
    d->gravity_scale = 1.0f;
    d->category = 1u;
    d->mask = 0xffffffffu;
    d->awake = 1;
}

void cap_static_def_default(cap_static_def* d)
{
    memset(d, 0, sizeof *d);
    d->friction = 0.6f;
    d->category = 1u;
    d->mask = 0xffffffffu;
}


static int fail(cap_world* w, int status, int slot, int field)
{
    w->err.status = status;
    w->err.slot = slot;
    w->err.field = field;
    w->err.what = NULL;
    return status;
}

int cap_world_reserve_bytes(void** p, uint32_t* cap, uint32_t need, uint32_t size)
{
    if (need <= *cap) return CAP_WORLD_OK;
    uint32_t n = *cap ? *cap : 16;
    while (n < need) {
        if (n > 0x7fffffffu / 2) return CAP_WORLD_NO_MEMORY;
        n *= 2;
    }
    if ((uint64_t)n * size > 0x7fffffffu) return CAP_WORLD_NO_MEMORY;
    void* q = realloc(*p, (size_t)n * size);
    if (!q) return CAP_WORLD_NO_MEMORY;
    *p = q;
    *cap = n;
    return CAP_WORLD_OK;
}

int cap_world_reserve_u32(uint32_t** p, uint32_t* cap, uint32_t need)
{
    void* q = *p;
    int s = cap_world_reserve_bytes(&q, cap, need, 4);
    *p = q;
    return s;
}

/* Grows every per-ball array to n slots (new slots zeroed). */
/* Every live ball awake, its sleep timer restarted (the world changed under
 * it: settings, a static removed, a kinematic capsule teleported). */
static void wake_all(cap_world* w)
{
    uint32_t* flags = CAP_BU(w, CAP_BALL_FLAGS);
    for (uint32_t i = 0; i < w->ball_slots; i++)
        if (flags[i] & CAP_BALL_ALIVE) {
            flags[i] |= CAP_BALL_AWAKE;
            CAP_BF(w, CAP_BALL_SLEEP_TIME)[i] = 0.0f;
        }
}

static int grow_balls(cap_world* w, uint32_t n)
{
    void** arrays[CAP_BALL_FIELDS + 5];
    int k = 0;
    for (int f = 0; f < CAP_BALL_FIELDS; f++) arrays[k++] = &w->ball[f];
    arrays[k++] = (void**)&w->last_x;
    arrays[k++] = (void**)&w->last_y;
    arrays[k++] = (void**)&w->last_vx;
    arrays[k++] = (void**)&w->last_vy;
    arrays[k++] = (void**)&w->island;
    /* All or nothing: allocate the new arrays first. */
    void* fresh[CAP_BALL_FIELDS + 5];
    for (int i = 0; i < k; i++) {
        fresh[i] = calloc(n, 4);
        if (!fresh[i]) {
            for (int j = 0; j < i; j++) free(fresh[j]);
            return CAP_WORLD_NO_MEMORY;
        }
    }
    for (int i = 0; i < k; i++) {
        if (*arrays[i]) memcpy(fresh[i], *arrays[i], (size_t)w->ball_slots * 4);
        free(*arrays[i]);
        *arrays[i] = fresh[i];
    }
    w->ball_cap = n;
    w->version++;
    return CAP_WORLD_OK;
}

int cap_world_def_valid(const cap_world_def* d)
{
    if (!cap_in_range(d->gravity_x) || !cap_in_range(d->gravity_y)) return 0;
    if (!(d->dt > 0.0f) || !cap_in_range(d->dt)) return 0;
    if (d->sub_steps < 1 || d->sub_steps > 64) return 0;
    if (d->ball_capacity < 1 || d->ball_capacity > (1u << 20)) return 0;
    if (d->static_capacity < 1 || d->static_capacity > (1u << 20)) return 0;
    if (d->event_capacity > (1u << 20)) return 0;
    const float pos[] = {d->units_per_meter, d->contact_hertz, d->static_hertz, d->damping_ratio, d->push_speed};
    for (unsigned i = 0; i < sizeof pos / sizeof pos[0]; i++)
        if (!(pos[i] > 0.0f) || !cap_in_range(pos[i])) return 0;
    const float nonneg[] = {d->restitution_threshold, d->hit_speed_threshold, d->sleep_speed, d->sleep_time};
    for (unsigned i = 0; i < sizeof nonneg / sizeof nonneg[0]; i++)
        if (!(nonneg[i] >= 0.0f) || !cap_in_range(nonneg[i])) return 0;
    return 1;
}

cap_world* cap_world_create(const cap_world_def* def)
{
    if (!def || !cap_world_def_valid(def)) return NULL;
    cap_world* w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->def = *def;
    int ok = grow_balls(w, def->ball_capacity) == CAP_WORLD_OK;
    ok = ok && cap_world_reserve_bytes((void**)&w->statics, &w->static_cap, def->static_capacity, sizeof(cap_wstatic)) == 0;
    uint32_t info_cap = 0;
    ok = ok && cap_world_reserve_u32(&w->static_info, &info_cap, 3 * w->static_cap) == 0;
    if (ok) memset(w->static_info, 0, (size_t)info_cap * 4);
    /* Scratch sized for a warmed-up world of this capacity, so a step
     * allocates nothing until the world outgrows it. */
    uint32_t n = def->ball_capacity;
    ok = ok && cap_world_reserve_bytes((void**)&w->contacts, &w->contact_cap, 4 * n + 64, sizeof(cap_wcontact)) == 0;
    ok = ok && cap_world_reserve_bytes((void**)&w->prev, &w->prev_cap, w->contact_cap, sizeof(cap_wcontact)) == 0;
    for (int k = 0; ok && k < CAP_EVENT_KINDS; k++) {
        uint32_t ecap = 0;
        uint32_t words = def->event_capacity * CAP_EVENT_WORDS;
        ok = cap_world_reserve_u32(&w->events[k], &ecap, words ? words : 1) == 0;
    }
    /* The step's per-ball scratch (grids, solver bodies and packs). */
    uint32_t c;
    c = 0; ok = ok && cap_world_reserve_u32(&w->cell_of, &c, n) == 0;
    c = 0; ok = ok && cap_world_reserve_u32(&w->cell_items, &c, n) == 0;
    c = 0; ok = ok && cap_world_reserve_u32(&w->big, &c, n) == 0;
    c = 0; ok = ok && cap_world_reserve_u32(&w->order, &c, n) == 0;
    c = 0; ok = ok && cap_world_reserve_bytes((void**)&w->cell_pos, &c, n, 4 * sizeof(float)) == 0;
    c = 0; ok = ok && cap_world_reserve_bytes((void**)&w->sx, &c, n, 4) == 0;
    c = 0; ok = ok && cap_world_reserve_bytes((void**)&w->sy, &c, n, 4) == 0;
    if (ok) w->grid_cap = c;
    ok = ok && cap_world_reserve_u32(&w->cell_start, &w->cell_cap, 4 * n + 65536 + 1) == 0;
    ok = ok && cap_world_reserve_bytes((void**)&w->body, &w->body_cap, n + 1, sizeof(cap_wbody)) == 0;
    ok = ok && cap_world_reserve_bytes((void**)&w->color_mask, &w->color_mask_cap, n + 1, sizeof(uint64_t)) == 0;
    ok = ok && cap_world_reserve_bytes((void**)&w->color_of, &w->color_of_cap, w->contact_cap + 1, 1) == 0;
    ok = ok && cap_world_reserve_bytes((void**)&w->packs, &w->pack_cap, w->contact_cap / 4 + 65, sizeof(cap_wpack)) == 0;
    /* Headroom for what the first steps build (the static index, sensor
     * lists, query answers): allocated and freed, so later allocations fit
     * in memory that exists and wasm memory need not grow (which would
     * detach every view the game keeps). */
    if (ok) {
        void* room = malloc((size_t)1 << 20 | (size_t)def->static_capacity * 512u);
        ok = room != NULL;
        free(room);
    }
    if (!ok) {
        cap_world_destroy(w);
        return NULL;
    }
    w->statics_dirty = 1;
    return w;
}

void cap_world_destroy(cap_world* w)
{
    if (!w) return;
    cap_world_query_free(w->query);
    cap_bodies_free(w->bodies);
    for (int f = 0; f < CAP_BALL_FIELDS; f++) free(w->ball[f]);
    free(w->last_x); free(w->last_y); free(w->last_vx); free(w->last_vy); free(w->island);
    free(w->statics); free(w->static_info);
    free(w->sg_start); free(w->sg_items); free(w->lines); free(w->stamp); free(w->cand); free(w->kins); free(w->kin_a0);
    free(w->contacts); free(w->prev);
    free(w->sensor_now); free(w->sensor_prev);
    free(w->cell_of); free(w->cell_start); free(w->cell_items); free(w->big); free(w->order); free(w->cell_pos); free(w->merge);
    free(w->sx); free(w->sy); free(w->body); free(w->color_mask); free(w->color_of); free(w->packs);
    for (int k = 0; k < CAP_EVENT_KINDS; k++) free(w->events[k]);
    free(w->pending_end); free(w->draw_contacts); free(w->qbuf); free(w->snap);
    free(w);
}

const cap_world_error* cap_world_error_info(const cap_world* w) { return &w->err; }
void* cap_world_ball_field(cap_world* w, int field)
{
    return field >= 0 && field < CAP_BALL_FIELDS ? w->ball[field] : NULL;
}
uint32_t cap_world_ball_slots(const cap_world* w) { return w->ball_slots; }
uint32_t cap_world_ball_capacity(const cap_world* w) { return w->ball_cap; }
uint32_t cap_world_ball_count(const cap_world* w) { return w->ball_live; }
uint32_t cap_world_static_slots(const cap_world* w) { return w->static_slots; }
const uint32_t* cap_world_static_info(const cap_world* w) { return w->static_info; }
uint32_t cap_world_version(const cap_world* w) { return w->version; }
const uint32_t* cap_world_events(const cap_world* w, int kind)
{
    return kind >= 0 && kind < CAP_EVENT_KINDS ? w->events[kind] : NULL;
}
uint32_t cap_world_event_count(const cap_world* w, int kind)
{
    return kind >= 0 && kind < CAP_EVENT_KINDS ? w->event_count[kind] : 0;
}
uint32_t cap_world_awake_count(const cap_world* w) { return w->awake_count; }

/* ---- balls ------------------------------------------------------------- */

int cap_world_add_ball(cap_world* w, const cap_ball_def* d, uint32_t* slot_out)
{
    w->err.status = 0;
    const float* v = &d->x;
    for (int i = 0; i < 6; i++)
        if (!cap_in_range(v[i])) return fail(w, CAP_WORLD_BAD_VALUE, -1, i);
    if (!(d->radius > 0.0f) || !cap_in_range(d->radius)) return fail(w, CAP_WORLD_BAD_VALUE, -1, CAP_BALL_RADIUS);
    if (!(d->density > 0.0f) || !cap_in_range(d->density)) return fail(w, CAP_WORLD_BAD_VALUE, -1, CAP_BALL_INV_MASS);
    const float nonneg[] = {d->restitution, d->friction, d->rolling_resistance, d->linear_damping, d->angular_damping};
    const int which[] = {CAP_BALL_RESTITUTION, CAP_BALL_FRICTION, CAP_BALL_ROLLING, CAP_BALL_LINEAR_DAMPING, CAP_BALL_ANGULAR_DAMPING};
    for (int i = 0; i < 5; i++)
        if (!(nonneg[i] >= 0.0f) || !cap_in_range(nonneg[i])) return fail(w, CAP_WORLD_BAD_VALUE, -1, which[i]);
    if (!cap_in_range(d->gravity_scale)) return fail(w, CAP_WORLD_BAD_VALUE, -1, CAP_BALL_GRAVITY_SCALE);
    float mass = d->density * CAP_PI * d->radius * d->radius;
    float inertia = 0.5f * mass * d->radius * d->radius;
    if (!(mass > 0.0f) || !cap_in_range(mass) || !(inertia > 0.0f) || !cap_in_range(inertia))
        return fail(w, CAP_WORLD_BAD_VALUE, -1, CAP_BALL_INV_MASS);

    uint32_t* flags = CAP_BU(w, CAP_BALL_FLAGS);
    uint32_t slot = 0;
    while (slot < w->ball_slots && (flags[slot] & CAP_BALL_ALIVE)) slot++;
    if (slot == w->ball_cap) {
        if (w->ball_cap >= (1u << 20)) return fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
        int s = grow_balls(w, w->ball_cap * 2 > (1u << 20) ? (1u << 20) : w->ball_cap * 2);
        if (s) return fail(w, s, -1, -1);
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
    w->query_stale |= 1;
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
static int forget(cap_world* w, int is_ball, uint32_t slot)
{
#define MINE(c) (is_ball ? ((c)->b == slot || ((c)->kind == 1 && (c)->a == slot)) : ((c)->kind == 0 && (c)->a == slot))
#define MINE_SENSOR(i) (is_ball ? w->sensor_prev[2 * (i) + 1] == slot : w->sensor_prev[2 * (i)] == slot)
    w->query_stale |= 3; /* a removal follows */
    uint32_t ends = 0;
    for (uint32_t i = 0; i < w->prev_count; i++) ends += MINE(&w->prev[i]) && w->prev[i].touching;
    for (uint32_t i = 0; i < w->sensor_prev_count; i++) ends += MINE_SENSOR(i);
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
    return CAP_WORLD_OK;
#undef MINE
#undef MINE_SENSOR
}

int cap_world_remove_ball(cap_world* w, uint32_t slot)
{
    w->err.status = 0;
    if (!ball_ok(w, slot)) return fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    /* End events for its touching contacts and sensor overlaps, emitted by
     * the next step; its contacts are dropped so a new ball in this slot
     * inherits nothing. */
    if (forget(w, 1, slot)) return fail(w, CAP_WORLD_NO_MEMORY, (int)slot, -1);
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

/* ---- event ids ----------------------------------------------------------- */

void cap_world_event_ids(const cap_world* w, uint32_t ckind, uint32_t a, uint32_t b, uint32_t* out)
{
    const uint32_t* gen = w->ball[CAP_BALL_GENERATION];
    const uint32_t* data = w->ball[CAP_BALL_USER_DATA];
    /* a is always a ball slot (below ball_slots when the event is made) */
    out[0] = a < w->ball_cap ? gen[a] : 0u;
    out[2] = a < w->ball_cap ? data[a] : 0u;
    if (ckind == 1) {
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
    if (n < w->def.event_capacity) memcpy(&w->events[kind][(size_t)n * CAP_EVENT_WORDS + 8], &rec[4], 16);
}

/* ---- settings ------------------------------------------------------------ */

int cap_world_set_def(cap_world* w, const cap_world_def* def)
{
    w->err.status = 0;
    cap_world_def d = *def;
    /* fixed at creation */
    d.dt = w->def.dt;
    d.units_per_meter = w->def.units_per_meter;
    d.ball_capacity = w->def.ball_capacity;
    d.static_capacity = w->def.static_capacity;
    d.event_capacity = w->def.event_capacity;
    if (!cap_world_def_valid(&d)) return fail(w, CAP_WORLD_BAD_VALUE, -1, -1);
    d.sleep_enabled = d.sleep_enabled != 0;
    if (memcmp(&d, &w->def, sizeof d) == 0) return CAP_WORLD_OK;
    w->def = d;
    wake_all(w);
    return CAP_WORLD_OK;
}

const cap_world_def* cap_world_get_def(const cap_world* w) { return &w->def; }

int cap_world_set_static_user_data(cap_world* w, uint32_t slot, uint32_t value)
{
    w->err.status = 0;
    if (slot >= w->static_slots || !(w->static_info[3 * slot + 2] & 1u)) return fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    w->statics[slot].user_data = value;
    return CAP_WORLD_OK;
}

uint32_t cap_world_static_user_data(const cap_world* w, uint32_t slot)
{
    return slot < w->static_slots && (w->static_info[3 * slot + 2] & 1u) ? w->statics[slot].user_data : 0u;
}

int cap_world_wake_ball(cap_world* w, uint32_t slot)
{
    w->err.status = 0;
    if (!ball_ok(w, slot)) return fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    CAP_BU(w, CAP_BALL_FLAGS)[slot] |= CAP_BALL_AWAKE;
    CAP_BF(w, CAP_BALL_SLEEP_TIME)[slot] = 0.0f;
    return CAP_WORLD_OK;
}

/* ---- statics ----------------------------------------------------------- */

/* Puts a checked static record in the lowest free slot. */
static int place_static(cap_world* w, const cap_wstatic* rec, uint32_t* slot_out)
{
    cap_wstatic s = *rec;
    uint32_t slot = 0;
    while (slot < w->static_slots && (w->static_info[3 * slot + 2] & 1u)) slot++;
    if (slot == w->static_cap) {
        uint32_t cap = w->static_cap, icap = 3 * w->static_cap;
        if (cap_world_reserve_bytes((void**)&w->statics, &cap, slot + 1, sizeof(cap_wstatic)))
            return fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
        w->static_cap = cap;
        if (cap_world_reserve_u32(&w->static_info, &icap, 3 * cap)) return fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
        memset(w->static_info + 3 * slot, 0, (size_t)(icap - 3 * slot) * 4);
        w->version++;
    }
    w->statics[slot] = s;
    w->static_info[3 * slot] = s.kind;
    w->static_info[3 * slot + 1] += 1u;
    w->static_info[3 * slot + 2] = 1u;
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
        if (!cap_in_range(v[i])) return fail(w, CAP_WORLD_BAD_VALUE, -1, i);
    if (d->kind != CAP_STATIC_CAPSULE && d->kind != CAP_STATIC_LINE) return fail(w, CAP_WORLD_BAD_VALUE, -1, 100);
    if (d->kind == CAP_STATIC_CAPSULE && !(d->radius >= 0.0f)) return fail(w, CAP_WORLD_BAD_VALUE, -1, 4);
    if (!(d->restitution >= 0.0f) || !(d->friction >= 0.0f) || !(d->rolling_resistance >= 0.0f))
        return fail(w, CAP_WORLD_BAD_VALUE, -1, 5);
    cap_wstatic s;
    memset(&s, 0, sizeof s);
    s.ax = d->ax; s.ay = d->ay; s.bx = d->bx; s.by = d->by;
    s.radius = d->kind == CAP_STATIC_LINE ? 0.0f : d->radius;
    s.restitution = d->restitution; s.friction = d->friction; s.rolling = d->rolling_resistance;
    s.category = d->category; s.mask = d->mask; s.kind = (uint32_t)d->kind; s.sensor = d->sensor != 0;
    s.user_data = d->user_data;
    if (d->kind == CAP_STATIC_LINE) {
        float ex = d->bx - d->ax, ey = d->by - d->ay;
        float len = cap_length(cap_v2(ex, ey));
        if (!(len > 0.0f) || !cap_in_range(len)) return fail(w, CAP_WORLD_BAD_VALUE, -1, 2);
        s.nx = 0.0f - ey / len;
        s.ny = ex / len;
    } else {
        s.minx = (d->ax < d->bx ? d->ax : d->bx) - d->radius;
        s.maxx = (d->ax < d->bx ? d->bx : d->ax) + d->radius;
        s.miny = (d->ay < d->by ? d->ay : d->by) - d->radius;
        s.maxy = (d->ay < d->by ? d->by : d->ay) + d->radius;
        if (!cap_in_range(s.minx) || !cap_in_range(s.maxx) || !cap_in_range(s.miny) || !cap_in_range(s.maxy))
            return fail(w, CAP_WORLD_BAD_VALUE, -1, 4);
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
        if (!cap_in_range(v[i]) || (i >= 3 && !(v[i] >= 0.0f))) return fail(w, CAP_WORLD_BAD_VALUE, -1, i);
    if (pivot > 1.0f) return fail(w, CAP_WORLD_BAD_VALUE, -1, 8);
    cap_wstatic s;
    memset(&s, 0, sizeof s);
    s.radius = d->radius; s.la = pivot * length; s.lb = length - s.la;
    s.restitution = d->restitution; s.friction = d->friction; s.rolling = d->rolling_resistance;
    s.category = d->category; s.mask = d->mask; s.kind = CAP_STATIC_KINEMATIC;
    s.user_data = d->user_data;
    cap_world_place_kinematic(&s, x, y, angle);
    if (!cap_in_range(s.ax) || !cap_in_range(s.ay) || !cap_in_range(s.bx) || !cap_in_range(s.by)) return fail(w, CAP_WORLD_BAD_VALUE, -1, 3);
    return place_static(w, &s, slot_out);
}

static cap_wstatic* mover(cap_world* w, uint32_t slot, uint32_t kind)
{
    if (slot >= w->static_slots || !(w->static_info[3 * slot + 2] & 1u) || w->statics[slot].kind < kind) return NULL;
    return &w->statics[slot];
}
static cap_wstatic* kinematic(cap_world* w, uint32_t slot)
{
    cap_wstatic* s = mover(w, slot, CAP_STATIC_KINEMATIC);
    return s && s->kind == CAP_STATIC_KINEMATIC ? s : NULL;
}

int cap_world_add_pivoted(cap_world* w, const cap_static_def* d, float x, float y, float angle, float length, float pivot,
                          float density, uint32_t* slot_out)
{
    if (!(density > 0.0f) || !cap_in_range(density)) return fail(w, CAP_WORLD_BAD_VALUE, -1, 9);
    int s = cap_world_add_kinematic(w, d, x, y, angle, length, pivot, slot_out);
    if (s) return s;
    cap_wstatic* st = &w->statics[*slot_out];
    float r = st->radius, off = 0.5f * (st->lb - st->la);
    st->kind = CAP_STATIC_PIVOTED;
    w->static_info[3 * *slot_out] = CAP_STATIC_PIVOTED;
    st->mass = density * (2.0f * r * length + 3.14159265f * r * r);
    float inertia = st->mass * (length * length / 12.0f + off * off);
    st->inv_i = inertia > 0.0f && cap_finite(1.0f / inertia) ? 1.0f / inertia : 0.0f;
    st->lo = 1.0f;
    st->hi = -1.0f;
    return CAP_WORLD_OK;
}

int cap_world_set_pivoted(cap_world* w, uint32_t slot, float lower, float upper, float motor_speed, float max_torque, float damping)
{
    w->err.status = 0;
    cap_wstatic* s = mover(w, slot, CAP_STATIC_PIVOTED);
    if (!s) return fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    const float v[] = {lower, upper, motor_speed, max_torque, damping};
    for (int i = 0; i < 5; i++)
        if (!cap_in_range(v[i]) || (i >= 3 && !(v[i] >= 0.0f))) return fail(w, CAP_WORLD_BAD_VALUE, (int)slot, i);
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
    if (!s || what < 0 || what > CAP_KINEMATIC_POSE) return fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    float dt = w->def.dt;
    float v[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (!cap_in_range(v[i])) return fail(w, CAP_WORLD_BAD_VALUE, (int)slot, i);
    if (what == CAP_KINEMATIC_TARGET) {
        v[0] = (a - s->cx) / dt; v[1] = (b - s->cy) / dt; v[2] = shortest_turn(s->angle, c) / dt;
        for (int i = 0; i < 3; i++)
            if (!cap_in_range(v[i])) return fail(w, CAP_WORLD_BAD_VALUE, (int)slot, i);
    }
    if (what == CAP_KINEMATIC_POSE) {
        cap_wstatic t = *s;
        cap_world_place_kinematic(&t, a, b, c);
        if (!cap_in_range(t.ax) || !cap_in_range(t.ay) || !cap_in_range(t.bx) || !cap_in_range(t.by)) return fail(w, CAP_WORLD_BAD_VALUE, (int)slot, 0);
        *s = t;
        w->query_stale |= 2;
        wake_all(w);
    } else {
        s->vx = v[0]; s->vy = v[1]; s->w = v[2];
    }
    return CAP_WORLD_OK;
}

int cap_world_kinematic_state(const cap_world* w, uint32_t slot, float* out)
{
    const cap_wstatic* s = mover((cap_world*)w, slot, CAP_STATIC_KINEMATIC);
    if (!s) return CAP_WORLD_BAD_HANDLE;
    float len = s->la + s->lb;
    const float v[9] = {s->cx, s->cy, s->angle, s->vx, s->vy, s->w, len, s->radius, len > 0.0f ? s->la / len : 0.5f};
    memcpy(out, v, sizeof v);
    return CAP_WORLD_OK;
}

int cap_world_add_chain(cap_world* w, const cap_static_def* d, const float* xy, uint32_t count, int flags, uint32_t* slots)
{
    int loop = flags & CAP_CHAIN_LOOP;
    w->err.status = 0;
    if (count < (loop ? 3u : 2u) || count > (1u << 20)) return fail(w, CAP_WORLD_BAD_VALUE, -1, 100);
    const float v[] = {d->radius, d->restitution, d->friction, d->rolling_resistance};
    for (int i = 0; i < 4; i++)
        if (!(v[i] >= 0.0f) || !cap_in_range(v[i])) return fail(w, CAP_WORLD_BAD_VALUE, -1, 4 + i);
    for (uint32_t i = 0; i < 2 * count; i++)
        if (!cap_in_range(xy[i])) return fail(w, CAP_WORLD_BAD_VALUE, (int)(i / 2), (int)(i & 1));
    uint32_t pieces = loop ? count : count - 1;
    /* Room for every piece first: all or nothing. */
    uint32_t cap = w->static_cap, icap = 3 * w->static_cap;
    if (cap_world_reserve_bytes((void**)&w->statics, &cap, w->static_slots + pieces, sizeof(cap_wstatic))) return fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
    if (cap != w->static_cap) {
        if (cap_world_reserve_u32(&w->static_info, &icap, 3 * cap)) return fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
        memset(w->static_info + 3 * w->static_cap, 0, (size_t)(icap - 3 * w->static_cap) * 4);
        w->static_cap = cap;
        w->version++;
    }
    cap_static_def p = *d;
    p.kind = CAP_STATIC_CAPSULE;
    p.sensor = 0;
    for (uint32_t i = 0; i < pieces; i++) {
        uint32_t j = (i + 1) % count;
        p.ax = xy[2 * i]; p.ay = xy[2 * i + 1]; p.bx = xy[2 * j]; p.by = xy[2 * j + 1];
        int s = cap_world_add_static(w, &p, &slots[i]);
        if (s) { /* only an extent overflow: undo */
            for (uint32_t k = i; k-- > 0;) cap_world_remove_static(w, slots[k]);
            return fail(w, s, (int)i, 4);
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
    if (slot >= w->static_slots || !(w->static_info[3 * slot + 2] & 1u)) return fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    if (forget(w, 0, slot)) return fail(w, CAP_WORLD_NO_MEMORY, (int)slot, -1);
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
    wake_all(w);
    return CAP_WORLD_OK;
}

/* ---- the static index ---------------------------------------------------- */

static int32_t cell_coord(float v, float lo, float inv, int32_t n)
{
    float c = (v - lo) * inv;
    if (!(c > 0.0f)) return 0;
    if (c >= (float)(n - 1)) return n - 1;
    return (int32_t)c;
}

void cap_world_index_statics(cap_world* w)
{
    w->statics_dirty = 0;
    w->line_count = 0;
    float minx = 0, miny = 0, maxx = 0, maxy = 0, ext = 0;
    uint32_t count = 0;
    for (uint32_t i = 0; i < w->static_slots; i++) {
        if (!(w->static_info[3 * i + 2] & 1u)) continue;
        const cap_wstatic* s = &w->statics[i];
        if (s->kind == CAP_STATIC_KINEMATIC) continue; /* moves: found by the step itself */
        if (s->kind == CAP_STATIC_LINE) {
            if (cap_world_reserve_u32(&w->lines, &w->line_cap, w->line_count + 1) == 0) w->lines[w->line_count++] = i;
            continue;
        }
        if (count == 0) { minx = s->minx; miny = s->miny; maxx = s->maxx; maxy = s->maxy; }
        minx = s->minx < minx ? s->minx : minx;
        miny = s->miny < miny ? s->miny : miny;
        maxx = s->maxx > maxx ? s->maxx : maxx;
        maxy = s->maxy > maxy ? s->maxy : maxy;
        float e = (s->maxx - s->minx) + (s->maxy - s->miny);
        ext += e;
        count++;
    }
    if (count == 0) {
        w->sg_nx = w->sg_ny = 0;
        return;
    }
    /* Cell: the mean box extent, with at most ~4 cells per static overall. */
    float cell = ext / (float)count;
    if (!(cell > 0.0f)) cell = 1.0f;
    double wx = (double)maxx - minx, wy = (double)maxy - miny;
    double limit = 4.0 * count + 16.0;
    while ((wx / cell + 1.0) * (wy / cell + 1.0) > limit) cell *= 2.0f;
    /* Boxes at the float limit (a snapshot's capsule ending near 3.4e38)
     * make the extents infinite and wx / cell NaN: one column or row then
     * (cell_coord clamps every box into it), never a float-to-int trap. */
    double fx = wx / cell, fy = wy / cell;
    if (!(fx >= 0.0 && fx < 1e9)) fx = 0.0;
    if (!(fy >= 0.0 && fy < 1e9)) fy = 0.0;
    int32_t nx = (int32_t)fx + 1, ny = (int32_t)fy + 1;
    w->sg_minx = minx;
    w->sg_miny = miny;
    w->sg_maxx = maxx;
    w->sg_maxy = maxy;
    w->sg_inv = 1.0f / cell;
    uint32_t ncell = (uint32_t)nx * (uint32_t)ny;
    if (cap_world_reserve_u32(&w->sg_start, &w->sg_start_cap, ncell + 1)) { w->sg_nx = w->sg_ny = 0; return; }
    memset(w->sg_start, 0, (size_t)(ncell + 1) * 4);
    uint32_t total = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < w->static_slots; i++) {
            if (!(w->static_info[3 * i + 2] & 1u) || w->statics[i].kind != CAP_STATIC_CAPSULE) continue;
            const cap_wstatic* s = &w->statics[i];
            int32_t x0 = cell_coord(s->minx, minx, w->sg_inv, nx), x1 = cell_coord(s->maxx, minx, w->sg_inv, nx);
            int32_t y0 = cell_coord(s->miny, miny, w->sg_inv, ny), y1 = cell_coord(s->maxy, miny, w->sg_inv, ny);
            for (int32_t y = y0; y <= y1; y++)
                for (int32_t x = x0; x <= x1; x++) {
                    uint32_t c = (uint32_t)y * (uint32_t)nx + (uint32_t)x;
                    if (pass == 0) {
                        w->sg_start[c + 1]++;
                        total++;
                    } else {
                        w->sg_items[w->sg_start[c]++] = i;
                    }
                }
        }
        if (pass == 0) {
            for (uint32_t c = 0; c < ncell; c++) w->sg_start[c + 1] += w->sg_start[c];
            if (cap_world_reserve_u32(&w->sg_items, &w->sg_items_cap, total + 1)) { w->sg_nx = w->sg_ny = 0; return; }
        }
    }
    /* pass 1 advanced each start to the next cell's: shift back. */
    for (uint32_t c = ncell; c > 0; c--) w->sg_start[c] = w->sg_start[c - 1];
    w->sg_start[0] = 0;
    w->sg_nx = nx;
    w->sg_ny = ny;
    /* Stamps start cleared: a grown tail holds whatever the allocator left,
     * and a leftover equal to a query's stamp would drop that static. */
    if (cap_world_reserve_u32(&w->stamp, &w->stamp_cap, w->static_slots + 1) == CAP_WORLD_OK)
        memset(w->stamp, 0, (size_t)w->stamp_cap * 4);
    w->stamp_now = 0;
}

/* cap_world_static_candidates: step.c (the step's hot path). */

/* ---- queries: query.c ----------------------------------------------------- */

uint32_t cap_world_state_hash(const cap_world* w)
{
    uint32_t h = 2166136261u;
    const uint32_t* flags = (const uint32_t*)w->ball[CAP_BALL_FLAGS];
    static const int fields[] = {CAP_BALL_X, CAP_BALL_Y, CAP_BALL_VX, CAP_BALL_VY, CAP_BALL_ANGLE, CAP_BALL_W};
    for (uint32_t i = 0; i < w->ball_slots; i++) {
        if (!(flags[i] & CAP_BALL_ALIVE)) continue;
        uint32_t words[8];
        words[0] = i;
        for (int f = 0; f < 6; f++) memcpy(&words[1 + f], &((const float*)w->ball[fields[f]])[i], 4);
        words[7] = flags[i];
        for (int k = 0; k < 8; k++)
            for (int b = 0; b < 4; b++) {
                h ^= (words[k] >> (8 * b)) & 0xffu;
                h *= 16777619u;
            }
    }
    return cap_bodies_hash(w->bodies, h);
}
