/* capsule2d — capsule bodies in world snapshots (called by snapshot.c): a
 * section after the joints', present only in a world that has had bodies,
 * so a world without any saves the bytes it always did. u32 words:
 *   CAP_BODIES_TAG, capacity, slots, live, last step's contact count,
 *   CAP_BODY_FIELDS arrays of `slots` words (cap_body_field order),
 *   LAST_WORDS words per slot (the pose and velocity the last step wrote),
 *   per last-step contact: a, b, kind, id, jn, jt (the next step's warm
 *   start: its key and impulses; the step remakes the rest),
 *   then the events' state (bodies_events.c): the count of pairs touching
 *   after the last step, each as event kind, a, b; the count of sensor
 *   overlaps, each as static, body. A section written before the events'
 *   state existed ends after the contacts: it loads with none (the next
 *   step then begins what touches).
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
    uint64_t n = section_bytes(b->slots, b->prev_count) + 4ull * (2 + 3ull * b->touch_count + 2ull * b->sens_count);
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
    put(&p, &b->touch_count, 4);
    for (uint32_t k = 0; k < b->touch_count; k++) put(&p, &b->touch[TOUCH_WORDS * k], 12);
    put(&p, &b->sens_count, 4);
    for (uint32_t k = 0; k < b->sens_count; k++) put(&p, &b->sens[2 * k], 8);
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
/* The events' state: touching pairs of kind 2 (a live body, a live static
 * not a sensor), 3 (a live body, a live ball), 4 (live bodies a < b),
 * strictly ascending by (kind, a, b); sensor overlaps of a live body with
 * a live sensor static, strictly ascending by (body, static). */
static int live_static(const cap_world* nw, uint32_t s) { return s < nw->static_slots && (nw->static_info[3 * s + 2] & 1u); }
static const char* check_touch(const cap_world* nw, const cap_wbodies* b, uint32_t k)
{
    const uint32_t* t = &b->touch[TOUCH_WORDS * k];
    if (t[0] < 2 || t[0] > 4) return "capsuleBodies.touching.kind";
    if (!alive(b, t[1])) return "capsuleBodies.touching.a";
    if (t[0] == 2 ? !(live_static(nw, t[2]) && !nw->statics[t[2]].sensor)
                  : t[0] == 3 ? !(t[2] < nw->ball_slots && (CAP_BU(nw, CAP_BALL_FLAGS)[t[2]] & CAP_BALL_ALIVE))
                              : !(t[1] < t[2] && alive(b, t[2])))
        return "capsuleBodies.touching.b";
    if (k > 0) { /* after the one before: at its first word that differs (or its last) */
        const uint32_t* o = t - TOUCH_WORDS;
        int i = o[0] != t[0] ? 0 : o[1] != t[1] ? 1 : 2;
        if (o[i] >= t[i]) return "capsuleBodies.touching.kind";
    }
    return NULL;
}
static const char* check_sensor(const cap_world* nw, const cap_wbodies* b, uint32_t k)
{
    const uint32_t s = b->sens[2 * k], i = b->sens[2 * k + 1];
    if (!alive(b, i)) return "capsuleBodies.sensors.body";
    if (!(live_static(nw, s) && nw->statics[s].sensor)) return "capsuleBodies.sensors.static";
    if (k > 0 && (b->sens[2 * k - 1] > i || (b->sens[2 * k - 1] == i && b->sens[2 * k - 2] >= s))) return "capsuleBodies.sensors.body";
    return NULL;
}

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

int cap_bodies_snap_read(const cap_world* nw, const uint8_t* p, uint32_t len, cap_wbodies** out, const char** what, int32_t* slot)
{
    uint32_t head[HEAD_WORDS];
    *out = NULL;
    *slot = -1;
    *what = "capsuleBodies.counts";
    if (len < sizeof head) return CAP_WORLD_BAD_VALUE;
    memcpy(head, p, sizeof head);
    const uint32_t cap = head[1], slots = head[2], live = head[3], pc = head[4];
    if (head[0] != CAP_BODIES_TAG || cap > (1u << 20) || slots == 0 || slots > cap || live > slots || pc > (1u << 26))
        return CAP_WORLD_BAD_VALUE;
    /* The events' state after the contacts (none in an older section). */
    const uint64_t base = section_bytes(slots, pc);
    uint32_t tc = 0, sc = 0;
    if (base + 4 <= len) memcpy(&tc, p + base, 4);
    const uint64_t sat = base + 4 + 12ull * tc;
    if (base + 4 <= len && tc <= (1u << 26) && sat + 4 <= len) memcpy(&sc, p + sat, 4);
    if (len != base && (base + 4 > len || tc > (1u << 26) || sat + 4 > len || sc > (1u << 26) || sat + 4 + 8ull * sc != len))
        return CAP_WORLD_BAD_VALUE;
    cap_wbodies* b = calloc(1, sizeof *b);
    int ok = b != NULL;
    ok = ok && cap_bodies_resize(b, cap) == CAP_WORLD_OK; /* the fields and last, one block (zeroed) */
    if (ok) {
        void* q = NULL;
        ok = cap_world_reserve_bytes(&q, &b->prev_cap, pc + 1, sizeof(cap_bcontact)) == 0;
        b->prev = q;
        ok = ok && cap_world_reserve_u32(&b->touch, &b->touch_cap, TOUCH_WORDS * (tc + 1)) == 0;
        ok = ok && cap_world_reserve_u32(&b->sens, &b->sens_cap, 2 * (sc + 1)) == 0;
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
    if (len != base) {
        p += 4;
        for (uint32_t k = 0; k < tc; k++, p += 12) memcpy(&b->touch[TOUCH_WORDS * k], p, 12);
        memcpy(b->sens, p + 4, 8 * (size_t)sc);
    }
    b->touch_count = tc;
    b->sens_count = sc;
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
    for (uint32_t k = 0; !*what && k < tc; k++) {
        *slot = (int32_t)k;
        *what = check_touch(nw, b, k);
    }
    for (uint32_t k = 0; !*what && k < sc; k++) {
        *slot = (int32_t)k;
        *what = check_sensor(nw, b, k);
    }
    if (*what) {
        cap_bodies_free(b);
        return CAP_WORLD_BAD_VALUE;
    }
    *slot = -1;
    *out = b;
    return CAP_WORLD_OK;
}
