/* capsule2d — capsule bodies: storage, add and remove, field access, their
 * part of the state hash (the step's part: bodies_step.c). */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/world_internal.h"

#define BODY_PI 3.14159265358979323846f
#define LAST_WORDS 6 /* x, y, angle, vx, vy, w per slot */

static int fail(cap_world* w, int status, int slot, int field)
{
    w->err.status = status;
    w->err.slot = slot;
    w->err.field = field;
    w->err.what = NULL;
    return status;
}

void cap_body_def_default(cap_body_def* d)
{
    memset(d, 0, sizeof *d);
    d->half_length = 0.5f;
    d->radius = 0.25f;
    d->density = 1.0f;
    d->friction = 0.6f;
    d->gravity_scale = 1.0f;
    d->category = 1u;
    d->mask = 0xffffffffu;
    d->awake = 1;
}

void cap_bodies_free(cap_wbodies* b)
{
    if (!b) return;
    free(b->mem); free(b->contacts); free(b->prev); free(b->state); free(b->group); free(b->ball_state); free(b->fast);
    cap_scratch_free(&b->gs);
    free(b->order); free(b->order_tmp); free(b->pairs); free(b->adj); free(b->adj_start); free(b->key); free(b->mstart);
    free(b->pre);
    free(b->joined);
    free(b->cmask); free(b->mcolor); free(b->packs); free(b->sbox); free(b->adj_low);
    free(b->touch); free(b->tnew); free(b->sens); free(b->snew);
    free(b);
}

int cap_bodies_resize(cap_wbodies* b, uint32_t n)
{
    cap_part parts[CAP_BODY_FIELDS + 1];
    for (int i = 0; i < CAP_BODY_FIELDS; i++) parts[i] = (cap_part){&b->f[i], 4, 0, 0};
    parts[CAP_BODY_FIELDS] = (cap_part){(void**)&b->last, 4 * LAST_WORDS, 0, 0};
    if (cap_block_resize(&b->mem, parts, CAP_BODY_FIELDS + 1, b->cap, n)) return CAP_WORLD_NO_MEMORY;
    b->cap = n;
    return CAP_WORLD_OK;
}

/* Grows every per-body array to n slots (new slots zeroed): all or nothing;
 * the views change. */
static int grow(cap_world* w, cap_wbodies* b, uint32_t n)
{
    if (cap_bodies_resize(b, n)) return CAP_WORLD_NO_MEMORY;
    w->version++;
    return CAP_WORLD_OK;
}

/* Mass and inertia about the centre of a capsule of core length L = 2 hl
 * and radius r: a rectangle 2r x L (m L^2 / 12 + m (2r)^2 / 12) and two
 * half discs (together a disc, m r^2 / 2, whose halves' centroids sit
 * 4r / (3 pi) beyond the core's ends: moved out by the parallel-axis rule,
 * I = Ic + m ((hl + c)^2 - c^2) = Ic + m (hl^2 + 2 hl c)). */
static void capsule_mass(float hl, float r, float density, float* mass, float* inertia)
{
    float len = 2.0f * hl;
    float mbox = density * 2.0f * r * len, mdisc = density * BODY_PI * r * r;
    float c = 4.0f * r / (3.0f * BODY_PI);
    *mass = mbox + mdisc;
    *inertia = mbox * (len * len + 4.0f * r * r) / 12.0f + mdisc * (0.5f * r * r + hl * hl + 2.0f * hl * c);
}

int cap_world_add_body(cap_world* w, const cap_body_def* d, uint32_t* slot_out)
{
    w->err.status = 0;
    const int E = CAP_BODY_FIELD_ERROR;
    const float pose[6] = {d->x, d->y, d->angle, d->vx, d->vy, d->angular_velocity};
    for (int i = 0; i < 6; i++)
        if (!(i == CAP_BODY_ANGLE ? cap_finite(pose[i]) : cap_in_range(pose[i]))) return fail(w, CAP_WORLD_BAD_VALUE, -1, E + i);
    if (!(d->half_length >= 0.0f) || !cap_in_range(d->half_length)) return fail(w, CAP_WORLD_BAD_VALUE, -1, E + CAP_BODY_HALF_LENGTH);
    if (!(d->radius > 0.0f) || !cap_in_range(d->radius)) return fail(w, CAP_WORLD_BAD_VALUE, -1, E + CAP_BODY_RADIUS);
    if (!(d->density > 0.0f) || !cap_in_range(d->density)) return fail(w, CAP_WORLD_BAD_VALUE, -1, E + CAP_BODY_INV_MASS);
    const float nonneg[] = {d->restitution, d->friction, d->linear_damping, d->angular_damping};
    const int which[] = {CAP_BODY_RESTITUTION, CAP_BODY_FRICTION, CAP_BODY_LINEAR_DAMPING, CAP_BODY_ANGULAR_DAMPING};
    for (int i = 0; i < 4; i++)
        if (!(nonneg[i] >= 0.0f) || !cap_in_range(nonneg[i])) return fail(w, CAP_WORLD_BAD_VALUE, -1, E + which[i]);
    if (!cap_in_range(d->gravity_scale)) return fail(w, CAP_WORLD_BAD_VALUE, -1, E + CAP_BODY_GRAVITY_SCALE);
    /* The extent (hl + r) and its square stay finite: the step's sweeps
     * and sleep test square it. */
    if (!(d->half_length + d->radius <= 1e18f)) return fail(w, CAP_WORLD_BAD_VALUE, -1, E + CAP_BODY_HALF_LENGTH);
    float mass, inertia;
    capsule_mass(d->half_length, d->radius, d->density, &mass, &inertia);
    if (!(mass > 0.0f) || !cap_in_range(mass) || !(inertia > 0.0f) || !cap_in_range(inertia) ||
        !(1.0f / mass > 0.0f) || !cap_in_range(1.0f / mass) || !(1.0f / inertia > 0.0f) || !cap_in_range(1.0f / inertia))
        return fail(w, CAP_WORLD_BAD_VALUE, -1, E + CAP_BODY_INV_MASS);

    cap_wbodies* b = w->bodies;
    if (!b) {
        b = calloc(1, sizeof *b);
        if (!b) return fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
        w->bodies = b;
    }
    uint32_t slot = 0;
    while (slot < b->slots && (CAP_BODU(b, CAP_BODY_FLAGS)[slot] & CAP_BALL_ALIVE)) slot++;
    if (slot == b->cap) {
        if (b->cap >= (1u << 20)) return fail(w, CAP_WORLD_NO_MEMORY, -1, -1);
        uint32_t n = b->cap ? 2 * b->cap : 16;
        int s = grow(w, b, n > (1u << 20) ? (1u << 20) : n);
        if (s) return fail(w, s, -1, -1);
    }
    const float vals[CAP_BODY_FLOAT_FIELDS] = {
        d->x, d->y, d->angle, d->vx, d->vy, d->angular_velocity, d->half_length, d->radius, 1.0f / mass,
        1.0f / inertia, d->restitution, d->friction, d->gravity_scale, d->linear_damping, d->angular_damping, 0.0f};
    for (int f = 0; f < CAP_BODY_FLOAT_FIELDS; f++) CAP_BODF(b, f)[slot] = vals[f];
    CAP_BODU(b, CAP_BODY_CATEGORY)[slot] = d->category;
    CAP_BODU(b, CAP_BODY_MASK)[slot] = d->mask;
    CAP_BODU(b, CAP_BODY_FLAGS)[slot] = CAP_BALL_ALIVE | (d->awake ? CAP_BALL_AWAKE : 0u);
    CAP_BODU(b, CAP_BODY_GENERATION)[slot] += 1u;
    CAP_BODU(b, CAP_BODY_USER_DATA)[slot] = d->user_data;
    memcpy(&b->last[LAST_WORDS * slot], vals, sizeof(float) * LAST_WORDS);
    if (slot == b->slots) b->slots++;
    b->live++;
    b->order_stale = 1;
    *slot_out = slot;
    return CAP_WORLD_OK;
}

static int body_ok(const cap_world* w, uint32_t slot)
{
    const cap_wbodies* b = w->bodies;
    return b && slot < b->slots && (CAP_BODU(b, CAP_BODY_FLAGS)[slot] & CAP_BALL_ALIVE);
}

/* Drops the body's contacts from last step's list (their warm start) and
 * wakes the bodies that touched it. */
int cap_world_remove_body(cap_world* w, uint32_t slot)
{
    w->err.status = 0;
    if (!body_ok(w, slot)) return fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    cap_wbodies* b = w->bodies;
    /* Its touching pairs and sensor overlaps end in the next step, naming
     * it as it is now; a new body in this slot inherits none. */
    uint32_t ends = cap_bodies_forget(w, 2, slot, 0);
    if (cap_world_reserve_u32(&w->pending_end, &w->pending_cap, CAP_PENDING_WORDS * (w->pending_count + ends)))
        return fail(w, CAP_WORLD_NO_MEMORY, (int)slot, -1);
    cap_bodies_forget(w, 2, slot, 1);
    uint32_t k = 0;
    for (uint32_t i = 0; i < b->prev_count; i++) {
        const cap_bcontact* c = &b->prev[i];
        int mine = c->kind == 2 ? c->a == slot : c->b == slot || (c->kind == 1 && c->a == slot); /* 2: a is the body */
        if (mine) {
            uint32_t other = c->b == slot ? c->a : c->b;
            if (c->kind == 1) {
                CAP_BODU(b, CAP_BODY_FLAGS)[other] |= CAP_BALL_AWAKE;
                CAP_BODF(b, CAP_BODY_SLEEP_TIME)[other] = 0.0f;
            }
            continue;
        }
        b->prev[k++] = *c;
    }
    b->prev_count = k;
    if (w->joint_count) cap_world_joints_forget_body(w, slot); /* its joints go with it (no event) */
    uint32_t gen = CAP_BODU(b, CAP_BODY_GENERATION)[slot];
    for (int f = 0; f < CAP_BODY_FIELDS; f++) ((uint32_t*)b->f[f])[slot] = 0;
    CAP_BODU(b, CAP_BODY_GENERATION)[slot] = gen;
    memset(&b->last[LAST_WORDS * slot], 0, sizeof(float) * LAST_WORDS);
    b->live--;
    b->order_stale = 1;
    return CAP_WORLD_OK;
}

int cap_world_wake_body(cap_world* w, uint32_t slot)
{
    w->err.status = 0;
    if (!body_ok(w, slot)) return fail(w, CAP_WORLD_BAD_HANDLE, (int)slot, -1);
    CAP_BODU(w->bodies, CAP_BODY_FLAGS)[slot] |= CAP_BALL_AWAKE;
    CAP_BODF(w->bodies, CAP_BODY_SLEEP_TIME)[slot] = 0.0f;
    return CAP_WORLD_OK;
}

void* cap_world_body_field(cap_world* w, int field)
{
    return w->bodies && field >= 0 && field < CAP_BODY_FIELDS ? w->bodies->f[field] : NULL;
}
uint32_t cap_world_body_slots(const cap_world* w) { return w->bodies ? w->bodies->slots : 0; }
uint32_t cap_world_body_capacity(const cap_world* w) { return w->bodies ? w->bodies->cap : 0; }
uint32_t cap_world_body_count(const cap_world* w) { return w->bodies ? w->bodies->live : 0; }

uint32_t cap_bodies_hash(const cap_wbodies* b, uint32_t h)
{
    if (!b || b->live == 0) return h;
    static const int fields[] = {CAP_BODY_X, CAP_BODY_Y, CAP_BODY_VX, CAP_BODY_VY, CAP_BODY_ANGLE, CAP_BODY_W};
    for (uint32_t i = 0; i < b->slots; i++) {
        uint32_t flags = CAP_BODU(b, CAP_BODY_FLAGS)[i];
        if (!(flags & CAP_BALL_ALIVE)) continue;
        uint32_t words[8];
        words[0] = i;
        for (int f = 0; f < 6; f++) memcpy(&words[1 + f], &CAP_BODF(b, fields[f])[i], 4);
        words[7] = flags;
        for (int k = 0; k < 8; k++)
            for (int j = 0; j < 4; j++) {
                h ^= (words[k] >> (8 * j)) & 0xffu;
                h *= 16777619u;
            }
    }
    return h;
}
