/* capsule2d — capsule bodies in world snapshots (called by snapshot.c): a
 * section after the joints', present only in a world that has had bodies,
 * so a world without any saves the bytes it always did. u32 words:
 *   CAP_BODIES_TAG, capacity, slots, live, last step's contact count,
 *   CAP_BODY_FIELDS arrays of `slots` words (cap_body_field order),
 *   LAST_WORDS words per slot (the pose and velocity the last step wrote),
 *   per last-step contact: a, b, kind, id, jn, jt (the next step's warm
 *   start: its key and impulses; the step remakes the rest).
 * Loading treats the bytes as untrusted: every value is checked with the
 * rules of the calls that make it before the world sees it. */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/world_internal.h"

#define HEAD_WORDS 5
#define CONTACT_WORDS 6

static uint64_t section_bytes(uint32_t slots, uint32_t contacts)
{
    return 4ull * (HEAD_WORDS + (uint64_t)(CAP_BODY_FIELDS + LAST_WORDS) * slots + (uint64_t)CONTACT_WORDS * contacts);
}

uint32_t cap_bodies_snap_size(const cap_wbodies* b)
{
    if (!b || b->slots == 0) return 0;
    uint64_t n = section_bytes(b->slots, b->prev_count);
    return n > 0x7fffffffu ? 0xffffffffu : (uint32_t)n;
}

static void put(uint8_t** p, const void* v, size_t bytes)
{
    memcpy(*p, v, bytes);
    *p += bytes;
}

void cap_bodies_snap_write(const cap_wbodies* b, uint8_t* p)
{
    const uint32_t head[HEAD_WORDS] = {CAP_BODIES_TAG, b->cap, b->slots, b->live, b->prev_count};
    put(&p, head, sizeof head);
    for (int f = 0; f < CAP_BODY_FIELDS; f++) put(&p, b->f[f], 4 * (size_t)b->slots);
    put(&p, b->last, 4 * (size_t)LAST_WORDS * b->slots);
    for (uint32_t k = 0; k < b->prev_count; k++) {
        const cap_bcontact* c = &b->prev[k];
        uint32_t w[CONTACT_WORDS] = {c->a, c->b, c->kind, c->id, 0, 0};
        memcpy(&w[4], &c->jn, 4);
        memcpy(&w[5], &c->jt, 4);
        put(&p, w, sizeof w);
    }
}

static int positive(float v) { return v > 0.0f && cap_in_range(v); }
static int nonneg(float v) { return v >= 0.0f && cap_in_range(v); }
static int alive(const cap_wbodies* b, uint32_t i)
{
    return i < b->slots && (CAP_BODU(b, CAP_BODY_FLAGS)[i] & CAP_BALL_ALIVE);
}

/* One slot, with cap_world_add_body's rules (and the step's for what a view
 * may write). A free slot: flags 0 and no mass (the step's witness); its
 * other values are never read. */
static const char* check_body(const cap_wbodies* b, uint32_t i)
{
    const uint32_t fl = CAP_BODU(b, CAP_BODY_FLAGS)[i];
    if (fl & ~(CAP_BALL_ALIVE | CAP_BALL_AWAKE)) return "capsuleBodies.flags";
    if (!(fl & CAP_BALL_ALIVE)) {
        if (fl) return "capsuleBodies.flags";
        if (CAP_BODF(b, CAP_BODY_INV_MASS)[i] != 0.0f) return "capsuleBodies.invMass";
        if (CAP_BODF(b, CAP_BODY_INV_INERTIA)[i] != 0.0f) return "capsuleBodies.invInertia";
        return NULL;
    }
    static const char* const names[CAP_BODY_FLOAT_FIELDS] = {
        "capsuleBodies.x", "capsuleBodies.y", "capsuleBodies.angle", "capsuleBodies.vx", "capsuleBodies.vy",
        "capsuleBodies.angularVelocity", "capsuleBodies.halfLength", "capsuleBodies.radius", "capsuleBodies.invMass",
        "capsuleBodies.invInertia", "capsuleBodies.restitution", "capsuleBodies.friction", "capsuleBodies.gravityScale",
        "capsuleBodies.linearDamping", "capsuleBodies.angularDamping", "capsuleBodies.sleepTime"};
    for (int f = 0; f < CAP_BODY_FLOAT_FIELDS; f++) {
        float v = CAP_BODF(b, f)[i];
        int ok;
        switch (f) {
        case CAP_BODY_ANGLE: ok = cap_finite(v); break;
        case CAP_BODY_X: case CAP_BODY_Y: case CAP_BODY_VX: case CAP_BODY_VY: case CAP_BODY_W:
        case CAP_BODY_GRAVITY_SCALE: ok = cap_in_range(v); break;
        case CAP_BODY_RADIUS: case CAP_BODY_INV_MASS: case CAP_BODY_INV_INERTIA: ok = positive(v); break;
        default: ok = nonneg(v); break; /* half length, materials, damping, sleep time */
        }
        if (!ok) return names[f];
    }
    if (!(CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i] + CAP_BODF(b, CAP_BODY_RADIUS)[i] <= 1e18f)) return "capsuleBodies.halfLength";
    if (CAP_BODU(b, CAP_BODY_GENERATION)[i] == 0) return "capsuleBodies.generation";
    for (int k = 0; k < LAST_WORDS; k++)
        if (!cap_finite(b->last[LAST_WORDS * i + k])) return "capsuleBodies.last";
    return NULL;
}

/* Last step's contacts: a live body at the body end (body-static: b; body-
 * body: a < b, both; body-ball: a), the other end a slot number (a static
 * or a ball removed since may be named: its key never matches again), point
 * ids 0..2, strictly in key order (the warm start merges by it), impulses as
 * the solver leaves them. */
static const char* check_contact(const cap_wbodies* b, uint32_t k)
{
    const cap_bcontact* c = &b->prev[k];
    const uint32_t lim = 1u << 20;
    if (c->kind > 2u) return "capsuleBodies.contacts.kind";
    if (c->id > 2u) return "capsuleBodies.contacts.id";
    if (c->kind == 2 ? c->b >= lim : !alive(b, c->b)) return "capsuleBodies.contacts.b";
    if (c->kind == 0 ? c->a >= lim : c->kind == 1 ? !(c->a < c->b && alive(b, c->a)) : !alive(b, c->a))
        return "capsuleBodies.contacts.a";
    if (k > 0 && cap_bcontact_cmp(&b->prev[k - 1], c) >= 0) return "capsuleBodies.contacts.a"; /* out of order, or twice */
    if (!nonneg(c->jn)) return "capsuleBodies.contacts.jn";
    if (!cap_in_range(c->jt)) return "capsuleBodies.contacts.jt";
    return NULL;
}

int cap_bodies_snap_read(const uint8_t* p, uint32_t len, cap_wbodies** out, const char** what, int32_t* slot)
{
    uint32_t head[HEAD_WORDS];
    *out = NULL;
    *slot = -1;
    *what = "capsuleBodies.counts";
    if (len < sizeof head) return CAP_WORLD_BAD_VALUE;
    memcpy(head, p, sizeof head);
    const uint32_t cap = head[1], slots = head[2], live = head[3], pc = head[4];
    if (head[0] != CAP_BODIES_TAG || cap > (1u << 20) || slots == 0 || slots > cap || live > slots ||
        section_bytes(slots, pc) != len)
        return CAP_WORLD_BAD_VALUE;
    cap_wbodies* b = calloc(1, sizeof *b);
    int ok = b != NULL;
    ok = ok && cap_bodies_resize(b, cap) == CAP_WORLD_OK; /* the fields and last, one block (zeroed) */
    if (ok) {
        void* q = NULL;
        ok = cap_world_reserve_bytes(&q, &b->prev_cap, pc + 1, sizeof(cap_bcontact)) == 0;
        b->prev = q;
    }
    if (!ok) {
        cap_bodies_free(b);
        return CAP_WORLD_NO_MEMORY;
    }
    b->cap = cap;
    b->slots = slots;
    b->prev_count = pc;
    p += sizeof head;
    for (int f = 0; f < CAP_BODY_FIELDS; f++, p += 4 * (size_t)slots) memcpy(b->f[f], p, 4 * (size_t)slots);
    memcpy(b->last, p, 4 * (size_t)LAST_WORDS * slots);
    p += 4 * (size_t)LAST_WORDS * slots;
    for (uint32_t k = 0; k < pc; k++, p += 4 * CONTACT_WORDS) {
        cap_bcontact* c = &b->prev[k];
        uint32_t w[CONTACT_WORDS];
        memcpy(w, p, sizeof w);
        memset(c, 0, sizeof *c);
        c->a = w[0], c->b = w[1], c->kind = w[2], c->id = w[3];
        memcpy(&c->jn, &w[4], 4);
        memcpy(&c->jt, &w[5], 4);
    }
    for (uint32_t i = 0; i < slots; i++) {
        *slot = (int32_t)i;
        if ((*what = check_body(b, i))) break;
        b->live += CAP_BODU(b, CAP_BODY_FLAGS)[i] & CAP_BALL_ALIVE;
    }
    if (!*what) {
        *slot = -1;
        if (b->live != live) *what = "capsuleBodies.counts";
    }
    for (uint32_t k = 0; !*what && k < pc; k++) {
        *slot = (int32_t)k;
        *what = check_contact(b, k);
    }
    if (*what) {
        cap_bodies_free(b);
        return CAP_WORLD_BAD_VALUE;
    }
    *slot = -1;
    *out = b;
    return CAP_WORLD_OK;
}
