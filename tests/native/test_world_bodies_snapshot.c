/* Capsule bodies in snapshots (src/world/bodies_snapshot.c) and the state
 * hash: a world with bodies saved, restored and stepped goes on bit for bit
 * as the original; handles (slots, generations) survive; a damaged body
 * section is refused naming the value, the world unchanged. */
#include <math.h>
#include <stdlib.h>

#include "test.h"
#include "capsule2d_joints.h"
#include "capsule2d_world.h"

#define BF(w, f) ((float*)cap_world_body_field(w, f))
#define BU(w, f) ((uint32_t*)cap_world_body_field(w, f))

static uint8_t* save_all(const cap_world* w, uint32_t* n)
{
    *n = cap_world_save(w, NULL, 0);
    uint8_t* b = *n ? malloc(*n) : NULL;
    if (b && cap_world_save(w, b, *n) != *n) { free(b); return NULL; }
    return b;
}

static uint32_t fnv(const uint8_t* p, uint32_t n)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static uint32_t add_body(cap_world* w, float x, float y, float angle, float hl, float r, float restitution)
{
    cap_body_def d;
    cap_body_def_default(&d);
    d.x = x; d.y = y; d.angle = angle; d.half_length = hl; d.radius = r; d.restitution = restitution;
    d.vx = 0.3f * (x - 1.0f);
    d.angular_velocity = 0.5f * angle;
    uint32_t slot = 0xffffffffu;
    return cap_world_add_body(w, &d, &slot) == 0 ? slot : 0xffffffffu;
}

/* A box (floor line, two walls), a capsule ramp, a kinematic capsule
 * turning, 14 bodies of several sizes (some bouncy), 8 balls among them,
 * two of them held by joints (a rope between two, one hung from the
 * world); stepped 60 times, bodies 3 and 7 removed, a body added (slot 3,
 * generation 2), stepped 40 more: contacts body-static, body-body,
 * body-ball, warm started, some asleep later. */
static cap_world* scene(void)
{
    cap_world_def wd;
    cap_world_def_default(&wd);
    wd.ball_capacity = 16;
    cap_world* w = cap_world_create(&wd);
    if (!w) return NULL;
    cap_static_def s;
    uint32_t slot;
    cap_static_def_default(&s);
    s.kind = CAP_STATIC_LINE;
    const float lines[3][4] = {{-6, 0, 6, 0}, {-6, 12, -6, 0}, {6, 0, 6, 12}};
    for (int k = 0; k < 3; k++) {
        s.ax = lines[k][0]; s.ay = lines[k][1]; s.bx = lines[k][2]; s.by = lines[k][3];
        if (cap_world_add_static(w, &s, &slot)) return NULL;
    }
    cap_static_def_default(&s);
    s.ax = -5; s.ay = 4; s.bx = -1; s.by = 2.5f; s.radius = 0.1f;
    if (cap_world_add_static(w, &s, &slot)) return NULL;
    s.radius = 0.15f;
    if (cap_world_add_kinematic(w, &s, 3, 3, 0.3f, 2, 1, &slot)) return NULL;
    if (cap_world_set_kinematic(w, slot, CAP_KINEMATIC_VELOCITY, 0, 0, 0.7f)) return NULL;
    for (int i = 0; i < 14; i++) {
        float x = -4.5f + 1.3f * (float)(i % 7), y = 5.0f + 1.2f * (float)(i / 7);
        if (add_body(w, x, y, 0.4f * (float)(i % 5) - 0.8f, 0.2f + 0.1f * (float)(i % 4), 0.12f + 0.03f * (float)(i % 3),
                     i % 4 == 0 ? 0.6f : 0.0f) != (uint32_t)i)
            return NULL;
    }
    uint32_t balls[8];
    for (int i = 0; i < 8; i++) {
        cap_ball_def b;
        cap_ball_def_default(&b);
        b.x = -4.0f + 1.1f * (float)i; b.y = 8.0f + 0.5f * (float)(i % 2); b.radius = 0.15f + 0.03f * (float)(i % 3);
        b.restitution = 0.2f;
        if (cap_world_add_ball(w, &b, &balls[i])) return NULL;
    }
    cap_joint_def j;
    cap_joint_def_default(&j);
    j.kind = CAP_JOINT_DISTANCE; j.a = balls[1]; j.b = balls[2]; j.max_length = 1.5f;
    if (cap_world_add_joint(w, &j, &slot)) return NULL;
    cap_joint_def_default(&j);
    j.kind = CAP_JOINT_DISTANCE; j.a = CAP_JOINT_WORLD; j.ax = 4.5f; j.ay = 11.0f; j.b = balls[7]; j.hertz = 3.0f;
    if (cap_world_add_joint(w, &j, &slot)) return NULL;
    for (int i = 0; i < 60; i++)
        if (cap_world_step(w)) return NULL;
    if (cap_world_remove_body(w, 3) || cap_world_remove_body(w, 7)) return NULL;
    if (cap_world_step(w)) return NULL;
    if (add_body(w, 0.0f, 10.0f, 0.1f, 0.4f, 0.15f, 0.3f) != 3) return NULL;
    for (int i = 0; i < 40; i++)
        if (cap_world_step(w)) return NULL;
    return w;
}

static uint32_t asleep(const cap_world* w)
{
    const uint32_t* fl = cap_world_body_field((cap_world*)w, CAP_BODY_FLAGS);
    uint32_t n = 0;
    for (uint32_t i = 0; i < cap_world_body_slots(w); i++) n += fl[i] == CAP_BALL_ALIVE;
    return n;
}

/* Saved at step 101 (busy) and at step 700 (some asleep), stepped 300 more;
 * restored into the same world and into a fresh one, stepped 300: the same
 * state hash, the same snapshot bytes (every field of every ball and body,
 * the contacts' impulses), the same body positions bit for bit. */
int test_bodies_snapshot_continues_bit_identically(void)
{
    cap_world* w = scene();
    ENSURE(w != NULL);
    for (int point = 0; point < 2; point++) {
        if (point == 1)
            for (int i = 0; i < 600; i++) ENSURE(cap_world_step(w) == 0);
        uint32_t n0, n1, sleeping = asleep(w);
        uint8_t* snap = save_all(w, &n0);
        ENSURE(snap != NULL);
        ENSURE(point == 0 || sleeping > 0);
        for (int i = 0; i < 300; i++) ENSURE(cap_world_step(w) == 0);
        const uint32_t h1 = cap_world_state_hash(w), nb = cap_world_body_slots(w);
        uint8_t* after = save_all(w, &n1);
        ENSURE(after != NULL);
        float xs[16], ys[16];
        ENSURE(nb <= 16);
        memcpy(xs, BF(w, CAP_BODY_X), 4 * nb);
        memcpy(ys, BF(w, CAP_BODY_Y), 4 * nb);
        for (int fresh = 0; fresh < 2; fresh++) {
            cap_world* t = w;
            if (fresh) {
                cap_world_def d;
                cap_world_def_default(&d);
                t = cap_world_create(&d);
                ENSURE(t != NULL);
            }
            const uint32_t version = cap_world_version(t);
            ENSURE(cap_world_restore(t, snap, n0) == 0);
            ENSURE(cap_world_version(t) != version);
            ENSURE(cap_world_body_count(t) == 13 && cap_world_body_slots(t) == nb && asleep(t) == sleeping);
            uint32_t m;
            uint8_t* again = save_all(t, &m);
            ENSURE(again && m == n0 && memcmp(again, snap, m) == 0);
            free(again);
            for (int i = 0; i < 300; i++) ENSURE(cap_world_step(t) == 0);
            ENSURE(cap_world_state_hash(t) == h1);
            for (uint32_t i = 0; i < nb; i++) ENSURE(cap_same_bits(BF(t, CAP_BODY_X)[i], xs[i]) && cap_same_bits(BF(t, CAP_BODY_Y)[i], ys[i]));
            uint8_t* end = save_all(t, &m);
            ENSURE(end && m == n1 && memcmp(end, after, m) == 0);
            free(end);
            if (fresh)
                printf("  saved at step %d (%u bodies asleep): %u bytes; +300 steps: state hash 0x%08x, snapshot hash 0x%08x (both runs)\n",
                       point ? 701 : 101, sleeping, n0, h1, fnv(after, n1));
            /* Handles: slot 7 (removed) comes back with generation 2, slot 3 holds generation 2 */
            ENSURE(BU(t, CAP_BODY_GENERATION)[3] == 2 && BU(t, CAP_BODY_GENERATION)[7] == 1);
            ENSURE(add_body(t, 0.0f, 11.0f, 0.0f, 0.3f, 0.1f, 0.0f) == 7 && BU(t, CAP_BODY_GENERATION)[7] == 2);
            if (fresh) cap_world_destroy(t);
            else ENSURE(cap_world_restore(w, after, n1) == 0); /* back to where the original was */
        }
        free(snap);
        free(after);
    }
    cap_world_destroy(w);
    return 0;
}

/* The body section's words (bodies_snapshot.c): tag, capacity, slots, live,
 * contacts, then the fields of `slots` words each, last, contacts. */
static uint32_t section_at(const uint8_t* p, uint32_t n)
{
    /* the section is the snapshot's tail: found from its own counts */
    for (uint32_t at = n; at >= CAP_SNAPSHOT_HEADER + 20; at -= 4) {
        uint32_t head[5];
        memcpy(head, p + at - 4, 4);
        if (head[0] != 0x53444f42u) continue;
        memcpy(head, p + at - 4, sizeof head);
        uint64_t end = at - 4 + 4ull * (5 + (CAP_BODY_FIELDS + 6ull) * head[2] + 6ull * head[4]);
        if (end == n) return at - 4;
        /* or after the contacts the events' tail: touching pairs (3 words
         * each), sensor overlaps (2 words each), each after its count */
        uint32_t tc, sc;
        if (end + 4 > n) continue;
        memcpy(&tc, p + end, 4);
        end += 4 + 12ull * tc;
        if (end + 4 > n) continue;
        memcpy(&sc, p + end, 4);
        if (end + 4 + 8ull * sc == n) return at - 4;
    }
    return 0;
}

/* At each of the first 150 steps of the scene: the snapshot restores into
 * another world, saves to the same bytes, and one step of each gives the
 * same bytes again (every contact list the step makes is accepted). At
 * step 75 a body touching a ball is removed: its body-ball contacts go
 * with it (they named a free slot before, and the restore refused them). */
int test_bodies_snapshot_every_step(void)
{
    cap_world* w = scene();
    ENSURE(w != NULL);
    cap_world_def d;
    cap_world_def_default(&d);
    cap_world* t = cap_world_create(&d);
    ENSURE(t != NULL);
    for (int s = 0; s < 150; s++) {
        uint32_t n, m;
        uint8_t* a = save_all(w, &n);
        ENSURE(a != NULL);
        if (cap_world_restore(t, a, n) != 0) printf("  step %d: refused %s[%d]\n", s, cap_world_error_info(t)->what, cap_world_error_info(t)->slot);
        ENSURE(cap_world_restore(t, a, n) == 0);
        ENSURE(cap_world_step(w) == 0 && cap_world_step(t) == 0);
        free(a);
        a = save_all(w, &n);
        if (s == 75) {
            uint32_t at = section_at(a, n), head[5], c[6], gone = 0xffffffffu;
            ENSURE(at > 0);
            memcpy(head, a + at, sizeof head);
            for (uint32_t k = 0; k < head[4] && gone == 0xffffffffu; k++) {
                memcpy(c, a + at + 20 + 4 * (CAP_BODY_FIELDS + 6) * head[2] + 24 * k, sizeof c);
                if (c[2] == 2) gone = c[0];
            }
            ENSURE(gone != 0xffffffffu && cap_world_remove_body(w, gone) == 0 && cap_world_remove_body(t, gone) == 0);
            free(a);
            a = save_all(w, &n);
        }
        uint8_t* b = save_all(t, &m);
        ENSURE(a && b && n == m && memcmp(a, b, n) == 0);
        free(a);
        free(b);
    }
    cap_world_destroy(t);
    cap_world_destroy(w);
    return 0;
}

/* A damaged body section (checksum fixed): refused naming the value and
 * its slot, the world unchanged (same bytes, same arrays). */
int test_bodies_snapshot_refuses_bad_values(void)
{
    cap_world* w = scene();
    ENSURE(w != NULL);
    uint32_t n;
    uint8_t* snap = save_all(w, &n);
    ENSURE(snap != NULL);
    const uint32_t at = section_at(snap, n);
    ENSURE(at > 0);
    uint32_t head[5];
    memcpy(head, snap + at, sizeof head);
    const uint32_t slots = head[2], pc = head[4];
    ENSURE(head[1] >= slots && slots == 14 && head[3] == 13 && pc > 4);
    const uint32_t fields = at + 20, last = fields + 4 * CAP_BODY_FIELDS * slots, contacts = last + 24 * slots;
    const uint32_t tail = contacts + 24 * pc; /* the events' state: touching pairs' count, then (kind, a, b) each */
    uint32_t tc;
    memcpy(&tc, snap + tail, 4);
    ENSURE(tc > 0 && tail + 4 + 12 * tc + 4 <= n);
#define FIELD(f, i) (fields + 4 * ((f) * slots + (i)))
    const float nan = NAN, inf = INFINITY;
    uint32_t u;
    struct { uint32_t at; float f; uint32_t u; int is_u; const char* what; int32_t slot; } cases[] = {
        {FIELD(CAP_BODY_X, 2), nan, 0, 0, "capsuleBodies.x", 2},
        {FIELD(CAP_BODY_ANGLE, 4), inf, 0, 0, "capsuleBodies.angle", 4},
        {FIELD(CAP_BODY_VY, 0), 3e38f, 0, 0, "capsuleBodies.vy", 0},
        {FIELD(CAP_BODY_RADIUS, 5), 0.0f, 0, 0, "capsuleBodies.radius", 5},
        {FIELD(CAP_BODY_HALF_LENGTH, 6), -1.0f, 0, 0, "capsuleBodies.halfLength", 6},
        {FIELD(CAP_BODY_HALF_LENGTH, 6), 2e18f, 0, 0, "capsuleBodies.halfLength", 6},
        {FIELD(CAP_BODY_INV_MASS, 1), 0.0f, 0, 0, "capsuleBodies.invMass", 1},
        {FIELD(CAP_BODY_FRICTION, 8), -0.5f, 0, 0, "capsuleBodies.friction", 8},
        {FIELD(CAP_BODY_SLEEP_TIME, 9), nan, 0, 0, "capsuleBodies.sleepTime", 9},
        {FIELD(CAP_BODY_INV_MASS, 7), 1.0f, 0, 0, "capsuleBodies.invMass", 7},   /* a free slot with a mass */
        {FIELD(CAP_BODY_FLAGS, 7), 0, CAP_BALL_AWAKE, 1, "capsuleBodies.flags", 7}, /* a free slot's flags */
        {FIELD(CAP_BODY_FLAGS, 2), 0, 8u | CAP_BALL_ALIVE, 1, "capsuleBodies.flags", 2},
        {FIELD(CAP_BODY_FLAGS, 2), 0, CAP_BALL_AWAKE, 1, "capsuleBodies.flags", 2}, /* a body in a slot said free */
        {FIELD(CAP_BODY_GENERATION, 2), 0, 0, 1, "capsuleBodies.generation", 2},
        {last + 24 * 3 + 4, nan, 0, 0, "capsuleBodies.last", 3},
        {at + 12, 0, 12, 1, "capsuleBodies.counts", -1},                      /* live */
        {at + 4, 0, 13, 1, "capsuleBodies.counts", -1},                       /* capacity below slots */
        {at + 8, 0, 15, 1, "capsuleBodies.counts", -1},                       /* slots: the length no longer adds up */
        {at + 16, 0, pc - 1, 1, "capsuleBodies.counts", -1},
        {at, 0, 0x53444f43u, 1, "counts", -1},                                /* not the tag */
        {contacts + 8, 0, 3, 1, "capsuleBodies.contacts.kind", 0},
        {contacts + 12, 0, 3, 1, "capsuleBodies.contacts.id", 0},
        {contacts + 16, -1.0f, 0, 0, "capsuleBodies.contacts.jn", 0},
        {contacts + 20, inf, 0, 0, "capsuleBodies.contacts.jt", 0},
        {contacts + 4, 0, 7, 1, "capsuleBodies.contacts.b", 0},               /* a removed body */
        {contacts + 4, 0, 1u << 24, 1, "capsuleBodies.contacts.b", 0},
        {tail + 4, 0, 5, 1, "capsuleBodies.touching.kind", 0},
        {tail + 8, 0, 7, 1, "capsuleBodies.touching.a", 0},                   /* a removed body */
        {tail + 12, 0, 1u << 24, 1, "capsuleBodies.touching.b", 0},
        {tail, 0, tc + 1, 1, "capsuleBodies.counts", -1},                     /* the length no longer adds up */
    };
    uint8_t* bad = malloc(n);
    ENSURE(bad != NULL);
    for (int k = 0; k < 5; k++) ENSURE(cap_world_step(w) == 0);
    uint32_t before_n;
    uint8_t* before = save_all(w, &before_n);
    const uint32_t version = cap_world_version(w);
    /* The first contacts: body 0's with the statics (kind 0, b = 0). */
    memcpy(&u, snap + contacts + 8, 4);
    ENSURE(u == 0);
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        memcpy(bad, snap, n);
        if (cases[k].is_u) memcpy(bad + cases[k].at, &cases[k].u, 4);
        else memcpy(bad + cases[k].at, &cases[k].f, 4);
        uint32_t sum = fnv(bad + CAP_SNAPSHOT_HEADER, n - CAP_SNAPSHOT_HEADER);
        memcpy(bad + 16, &sum, 4);
        int rc = cap_world_restore(w, bad, n);
        const cap_world_error* e = cap_world_error_info(w);
        if (rc != CAP_WORLD_BAD_VALUE || e->field != CAP_SNAPSHOT_CORRUPT || !e->what || strcmp(e->what, cases[k].what) || e->slot != cases[k].slot)
            printf("  case %u: rc %d field %d what %s slot %d, want %s %d\n", k, rc, e->field, e->what ? e->what : "-", e->slot,
                   cases[k].what, cases[k].slot);
        ENSURE(rc == CAP_WORLD_BAD_VALUE && e->field == CAP_SNAPSHOT_CORRUPT);
        ENSURE(e->what && strcmp(e->what, cases[k].what) == 0 && e->slot == cases[k].slot);
    }
    /* Out of order: the last contact made a copy of the first. */
    memcpy(bad, snap, n);
    memcpy(bad + contacts + 24 * (pc - 1), snap + contacts, 24);
    uint32_t sum0 = fnv(bad + CAP_SNAPSHOT_HEADER, n - CAP_SNAPSHOT_HEADER);
    memcpy(bad + 16, &sum0, 4);
    ENSURE(cap_world_restore(w, bad, n) == CAP_WORLD_BAD_VALUE && cap_world_error_info(w)->field == CAP_SNAPSHOT_CORRUPT);
    ENSURE(strcmp(cap_world_error_info(w)->what, "capsuleBodies.contacts.a") == 0 && cap_world_error_info(w)->slot == (int32_t)(pc - 1));
    /* Cut short (the header's length and checksum fixed): every length from
     * the section's start to its end is refused. */
    for (uint32_t len = at; len < n; len += 4) {
        memcpy(bad, snap, len);
        memcpy(bad + 12, &len, 4);
        uint32_t sum = fnv(bad + CAP_SNAPSHOT_HEADER, len - CAP_SNAPSHOT_HEADER);
        memcpy(bad + 16, &sum, 4);
        if (len == at) continue; /* no section at all: a world without bodies, accepted */
        if (len == tail) continue; /* a section without the events' state (as saved before it existed): accepted */
        ENSURE(cap_world_restore(w, bad, len) == CAP_WORLD_BAD_VALUE);
        ENSURE(cap_world_error_info(w)->field == CAP_SNAPSHOT_CORRUPT);
    }
    uint32_t m;
    uint8_t* now = save_all(w, &m);
    ENSURE(now && m == before_n && memcmp(now, before, m) == 0);
    ENSURE(cap_world_version(w) == version);
    /* The bytes cut before the section: the world as it was without bodies. */
    memcpy(bad, snap, at);
    memcpy(bad + 12, &at, 4);
    uint32_t sum = fnv(bad + CAP_SNAPSHOT_HEADER, at - CAP_SNAPSHOT_HEADER);
    memcpy(bad + 16, &sum, 4);
    ENSURE(cap_world_restore(w, bad, at) == 0 && cap_world_body_count(w) == 0 && cap_world_body_field(w, CAP_BODY_X) == NULL);
    ENSURE(cap_world_step(w) == 0);
    free(now); free(before); free(bad); free(snap);
    cap_world_destroy(w);
    return 0;
}

/* The state hash covers the bodies: one bit of one body's angle changes it
 * (and x, vx, flags); a world whose bodies were all removed saves their
 * generations (a snapshot section of free slots). */
int test_bodies_state_hash_and_all_removed(void)
{
    cap_world* w = scene();
    ENSURE(w != NULL);
    const uint32_t h = cap_world_state_hash(w);
    const int fields[] = {CAP_BODY_ANGLE, CAP_BODY_X, CAP_BODY_VX, CAP_BODY_W, CAP_BODY_FLAGS};
    for (int k = 0; k < 5; k++) {
        uint32_t* v = (uint32_t*)cap_world_body_field(w, fields[k]) + 5;
        *v ^= fields[k] == CAP_BODY_FLAGS ? CAP_BALL_AWAKE : 1u; /* the lowest mantissa bit */
        ENSURE(cap_world_state_hash(w) != h);
        *v ^= fields[k] == CAP_BODY_FLAGS ? CAP_BALL_AWAKE : 1u;
        ENSURE(cap_world_state_hash(w) == h);
    }
    for (uint32_t i = 0; i < cap_world_body_slots(w); i++)
        if (BU(w, CAP_BODY_FLAGS)[i]) ENSURE(cap_world_remove_body(w, i) == 0);
    ENSURE(cap_world_step(w) == 0);
    uint32_t n;
    uint8_t* snap = save_all(w, &n);
    ENSURE(snap && section_at(snap, n) > 0);
    cap_world_def d;
    cap_world_def_default(&d);
    cap_world* t = cap_world_create(&d);
    ENSURE(t && cap_world_restore(t, snap, n) == 0 && cap_world_body_count(t) == 0 && cap_world_body_slots(t) == 14);
    ENSURE(cap_world_state_hash(t) == cap_world_state_hash(w));
    ENSURE(add_body(t, 0, 11, 0, 0.3f, 0.1f, 0) == 0 && BU(t, CAP_BODY_GENERATION)[0] == 2);
    ENSURE(add_body(t, 1, 11, 0, 0.3f, 0.1f, 0) == 1 && BU(t, CAP_BODY_GENERATION)[1] == 2);
    ENSURE(add_body(t, 2, 11, 0, 0.3f, 0.1f, 0) == 2 && BU(t, CAP_BODY_GENERATION)[2] == 2);
    ENSURE(add_body(t, 2, 12, 0, 0.3f, 0.1f, 0) == 3 && BU(t, CAP_BODY_GENERATION)[3] == 3);
    for (int i = 0; i < 10; i++) ENSURE(cap_world_step(t) == 0);
    free(snap);
    cap_world_destroy(t);
    cap_world_destroy(w);
    return 0;
}
