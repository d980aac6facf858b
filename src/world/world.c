/* capsule2d — the world itself: the default defs, creation and
 * destruction (every buffer sized for a warmed-up world of the def's
 * capacities), the growth helpers, the accessors of capsule2d_world.h,
 * the settings and the state hash. Balls are in balls.c, statics in
 * statics.c (their kinds: static_kinds.c), the static grid in
 * static_index.c, the step in step.c and the files step_internal.h names,
 * queries in query.c, snapshots in snapshot.c. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/world_internal.h"
#include "world/bodies.h"

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



int cap_world_fail(cap_world* w, int status, int slot, int field)
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
    void* q = cap_resize(*p, (size_t)*cap * size, (size_t)n * size);
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


/* Every live ball awake, its sleep timer restarted (the world changed under
 * it: settings, a static removed, a kinematic capsule teleported). */
void cap_world_wake_all(cap_world* w)
{
    uint32_t* flags = CAP_BU(w, CAP_BALL_FLAGS);
    for (uint32_t i = 0; i < w->ball_slots; i++)
        if (flags[i] & CAP_BALL_ALIVE) {
            flags[i] |= CAP_BALL_AWAKE;
            CAP_BF(w, CAP_BALL_SLEEP_TIME)[i] = 0.0f;
        }
}


/* The next capacity of a block: cap doubled (from 16) until it holds need;
 * 0 past 2^31. */
static uint32_t doubled(uint32_t cap, uint32_t need)
{
    uint32_t n = cap ? cap : 16;
    while (n < need) {
        if (n > 0x7fffffffu / 2) return 0;
        n *= 2;
    }
    return n;
}

/* The ball block (world_internal.h): every per-ball-slot array. */
#define BALL_PARTS (CAP_BALL_FIELDS + 17)
static int ball_parts(cap_world* w, cap_part* p)
{
    int k = 0;
    for (int f = 0; f < CAP_BALL_FIELDS; f++) p[k++] = (cap_part){&w->ball[f], 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->last_x, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->last_y, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->last_vx, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->last_vy, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->island, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->ball_cands, sizeof(struct cap_ball_cands), 0, 0};
    p[k++] = (cap_part){(void**)&w->cell_of, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->cell_items, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->big, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->order, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->cell_pos, 4 * sizeof(float), 0, 0};
    p[k++] = (cap_part){(void**)&w->sx, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->sy, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->far_list, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->far_start, 4, 0, 1};
    p[k++] = (cap_part){(void**)&w->ball_tmp, 4, 0, 0};
    p[k++] = (cap_part){(void**)&w->color_mask, sizeof(uint64_t), 0, 1};
    return k;
}

/* Grows every per-ball array to n slots (new slots zeroed): all or
 * nothing. */
int cap_world_grow_balls(cap_world* w, uint32_t n)
{
    cap_part parts[BALL_PARTS];
    int k = ball_parts(w, parts);
    if (cap_block_resize(&w->ball_mem, parts, k, w->ball_cap, n)) return CAP_WORLD_NO_MEMORY;
    w->ball_cap = n;
    w->version++;
    return CAP_WORLD_OK;
}

/* Every per-static-slot array to at least need slots (doubling; new slots
 * zeroed): all or nothing. */
int cap_world_grow_statics(cap_world* w, uint32_t need)
{
    if (need <= w->static_cap) return CAP_WORLD_OK;
    /* Static slots stay below 2^30 (a query's hit word: bit 30 names a
     * body; doubled() alone could pass it from a capacity not a power of 2). */
    if (need > (1u << 30)) return CAP_WORLD_NO_MEMORY;
    uint32_t n = doubled(w->static_cap, need);
    const cap_part parts[] = {
        {(void**)&w->statics, sizeof(cap_wstatic), 0, 0}, {(void**)&w->static_info, 3 * 4, 0, 0},
        {(void**)&w->sg_slot, 4, 0, 0}, {(void**)&w->lines, 4, 0, 0}, {(void**)&w->kins, 4, 0, 0},
        {(void**)&w->kin_a0, 4, 0, 0}, {(void**)&w->cand, 4, 0, 1},
        /* the static grid's gather scratch: boxes, stamps, candidates */
        {(void**)&w->sgs.boxes, 4 * sizeof(double), 0, 0}, {(void**)&w->sgs.stamp, 4, 0, 0},
        {(void**)&w->sgs.cand, 4, 0, 1},
    };
    if (!n || cap_block_resize(&w->static_mem, parts, (int)(sizeof parts / sizeof parts[0]), w->static_cap, n))
        return CAP_WORLD_NO_MEMORY;
    w->static_cap = n;
    w->sgs.boxes_cap = 4 * n, w->sgs.stamp_cap = n, w->sgs.cand_cap = n + 1;
    w->version++;
    return CAP_WORLD_OK;
}

/* The contact block to at least need contacts (doubling): this step's and
 * the last step's contacts kept, the merge and solver scratch with them. */
int cap_world_grow_contacts(cap_world* w, uint32_t need)
{
    if (need <= w->contact_cap) return CAP_WORLD_OK;
    uint32_t n = doubled(w->contact_cap, need);
    const cap_part parts[] = {
        {(void**)&w->contacts, sizeof(cap_wcontact), 0, 0}, {(void**)&w->prev, sizeof(cap_wcontact), 0, 0},
        {(void**)&w->merge, sizeof(cap_wcontact), 0, 0}, {(void**)&w->color_of, 1, 0, 1},
        {(void**)&w->packs, sizeof(cap_wpack), 4, CAP_SOLVER_COLORS + 1}, /* (solver.c) */
    };
    if (!n || cap_block_resize(&w->contact_mem, parts, (int)(sizeof parts / sizeof parts[0]), w->contact_cap, n))
        return CAP_WORLD_NO_MEMORY;
    w->contact_cap = n;
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
    int ok = cap_world_grow_balls(w, def->ball_capacity) == CAP_WORLD_OK;
    ok = ok && cap_world_grow_statics(w, def->static_capacity) == CAP_WORLD_OK;
    /* Scratch sized for a warmed-up world of this capacity, so a step
     * allocates nothing until the world outgrows it. */
    uint32_t n = def->ball_capacity;
    ok = ok && cap_world_grow_contacts(w, 4 * n + 64) == CAP_WORLD_OK;
    if (ok) {
        cap_part ev[CAP_EVENT_KINDS];
        uint32_t words = def->event_capacity * CAP_EVENT_WORDS;
        for (int k = 0; k < CAP_EVENT_KINDS; k++) ev[k] = (cap_part){(void**)&w->events[k], 4, 0, 0};
        ok = cap_block_resize(&w->event_mem, ev, CAP_EVENT_KINDS, 0, words ? words : 1) == CAP_OK;
    }
    ok = ok && cap_world_reserve_u32(&w->cell_start, &w->cell_cap, 4 * n + 65536 + 1) == 0;
    ok = ok && cap_world_reserve_bytes((void**)&w->body, &w->body_cap, n + 1, sizeof(cap_wbody)) == 0;
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
    free(w->ball_mem); free(w->static_mem); free(w->contact_mem); free(w->event_mem);
    cap_grid_free(&w->sgrid);
    free(w->cell_start); free(w->body);
    free(w->sensor_now); free(w->sensor_prev); free(w->pending_end); free(w->joints); free(w->jrows);
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
    if (!cap_world_def_valid(&d)) return cap_world_fail(w, CAP_WORLD_BAD_VALUE, -1, -1);
    d.sleep_enabled = d.sleep_enabled != 0;
    if (memcmp(&d, &w->def, sizeof d) == 0) return CAP_WORLD_OK;
    w->def = d;
    cap_world_wake_all(w);
    return CAP_WORLD_OK;
}

const cap_world_def* cap_world_get_def(const cap_world* w) { return &w->def; }


/* FNV-1a over n words, low byte first. */
static uint32_t fnv_words(uint32_t h, const uint32_t* words, int n)
{
    for (int k = 0; k < n; k++)
        for (int b = 0; b < 4; b++) {
            h ^= (words[k] >> (8 * b)) & 0xffu;
            h *= 16777619u;
        }
    return h;
}

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
        h = fnv_words(h, words, 8);
    }
    _Static_assert(offsetof(cap_wjoint, force) == 17 * 4, "a joint's hashed words end at upper");
    _Static_assert(offsetof(cap_wjoint, ia) == offsetof(cap_wjoint, lax) + 12 * 4, "a revolute joint's 12 kept words");
    /* Live joints (none: the hash of the balls alone): slot, then the
     * record from kind through the warm-start impulses (upper); a revolute
     * joint's or a body's joint's kept words (lax through motor) after. */
    for (uint32_t k = 0; k < w->joint_slots; k++) {
        if (w->joints[k].kind == 0) continue;
        uint32_t words[18];
        words[0] = k;
        memcpy(&words[1], &w->joints[k], 17 * 4);
        h = fnv_words(h, words, 18);
        if (w->joints[k].kind != 3 && !CAP_JOINT_ON_BODY(&w->joints[k])) continue;
        memcpy(words, &w->joints[k].lax, 12 * 4);
        h = fnv_words(h, words, 12);
    }
    return cap_bodies_hash(w->bodies, h);
}
