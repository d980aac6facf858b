/* libFuzzer target: snapshots from untrusted sources. The input is either
 * raw snapshot bytes (first byte odd: the header's magic, versions, record
 * sizes and length are set right so the body is reached) or a list of edits
 * to a real snapshot of a busy world (first byte even: 7-byte records, word
 * index, operation, value: set, xor, a special float, a small integer). The
 * world's capacities are kept below 4096 (a snapshot may ask for 2^20 slots:
 * allowed, but gigabytes per run), then the checksum is recomputed, so
 * restore's validation is what decides. Invariants (ASan + UBSan, and MSan
 * in tests/native/msan.sh):
 *   - nothing traps or goes out of bounds;
 *   - a refused snapshot is CAP_WORLD_BAD_VALUE with a cap_snapshot_error
 *     (CAP_SNAPSHOT_CORRUPT names the value: error.what), and the world is
 *     unchanged (the same snapshot bytes, the same version);
 *   - an accepted snapshot steps (3 steps) with every live ball and body
 *     field finite, when its values are within +-1e6 (radii >= 1e-3): the promise
 *     of fuzz_world for worlds built by calls; beyond that, it steps or
 *     refuses the step, never traps.
 * Build and run with tests/fuzz/run.sh. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capsule2d_world.h"
#include "world/world_internal.h"

static void fail(const char* what, int line)
{
    fprintf(stderr, "fuzz_snapshot: invariant broken at line %d: %s\n", line, what);
    abort();
}
#define CHECK(c) do { if (!(c)) fail(#c, __LINE__); } while (0)

static uint8_t* save_all(const cap_world* w, uint32_t* n)
{
    *n = cap_world_save(w, NULL, 0);
    uint8_t* p = malloc(*n);
    CHECK(p && cap_world_save(w, p, *n) == *n);
    return p;
}

/* A world with every kind of thing a snapshot holds, stepped, with a ball,
 * a static and a capsule body removed (queued end events). */
static cap_world* busy_world(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 8;
    d.static_capacity = 4;
    d.event_capacity = 16;
    cap_world* w = cap_world_create(&d);
    CHECK(w != NULL);
    cap_static_def s;
    uint32_t slot, slots[8];
    cap_static_def_default(&s);
    s.kind = CAP_STATIC_LINE; s.ax = -10; s.ay = 0; s.bx = 10; s.by = 0;
    CHECK(cap_world_add_static(w, &s, &slot) == 0);
    cap_static_def_default(&s);
    s.radius = 0.05f;
    const float open[] = {-9, 4, -6, 2.5f, -3, 2, 0, 2.2f}, ring[] = {3, 6, 6, 6, 6, 8, 3, 8}, ridge[] = {-8, 9, -4, 8, 0, 8.5f};
    CHECK(cap_world_add_chain(w, &s, open, 4, 0, slots) == 0);
    CHECK(cap_world_add_chain(w, &s, ring, 4, CAP_CHAIN_LOOP, slots) == 0);
    s.radius = 0.0f;
    CHECK(cap_world_add_chain(w, &s, ridge, 3, CAP_CHAIN_ONE_SIDED, slots) == 0);
    cap_static_def_default(&s);
    s.ax = 7; s.ay = 1; s.bx = 9; s.by = 1.5f; s.radius = 0.1f;
    uint32_t gone;
    CHECK(cap_world_add_static(w, &s, &gone) == 0);
    s.ax = 4; s.ay = 2; s.bx = 4; s.by = 2; s.radius = 0.4f; s.sensor = 1;
    CHECK(cap_world_add_static(w, &s, &slot) == 0);
    cap_static_def_default(&s);
    s.radius = 0.15f;
    CHECK(cap_world_add_kinematic(w, &s, -5, 1, 0.2f, 2, 0.5f, &slot) == 0);
    CHECK(cap_world_set_kinematic(w, slot, CAP_KINEMATIC_VELOCITY, 0.5f, 0, 1) == 0);
    s.radius = 0.1f;
    CHECK(cap_world_add_pivoted(w, &s, 2, 3, 0, 3, 0.5f, 1, &slot) == 0);
    CHECK(cap_world_set_pivoted(w, slot, -0.3f, 0.3f, 1, 5, 0) == 0);
    uint32_t balls[14];
    for (int i = 0; i < 14; i++) {
        cap_ball_def b;
        cap_ball_def_default(&b);
        b.x = -8.0f + 1.2f * (float)i; b.y = 10.0f + (float)(i % 3); b.radius = 0.2f + 0.04f * (float)(i % 4);
        b.vx = (float)(i % 5) - 2.0f; b.restitution = 0.3f; b.rolling_resistance = 0.02f; b.bullet = i % 6 == 0;
        CHECK(cap_world_add_ball(w, &b, &balls[i]) == 0);
    }
    uint32_t bodies[6];
    for (int i = 0; i < 6; i++) {
        cap_body_def bd;
        cap_body_def_default(&bd);
        bd.x = -7.0f + 2.5f * (float)i; bd.y = 6.0f + (float)(i % 2); bd.angle = 0.3f * (float)i;
        bd.half_length = 0.2f + 0.1f * (float)(i % 3); bd.radius = 0.15f; bd.restitution = i % 2 ? 0.4f : 0.0f;
        CHECK(cap_world_add_body(w, &bd, &bodies[i]) == 0);
    }
    for (int i = 0; i < 40; i++) CHECK(cap_world_step(w) == 0);
    CHECK(cap_world_remove_ball(w, balls[3]) == 0);
    CHECK(cap_world_remove_static(w, gone) == 0);
    CHECK(cap_world_remove_body(w, bodies[2]) == 0);
    return w;
}

static uint32_t fnv(const uint8_t* p, uint32_t len)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < len; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static int tame(float v, float lim) { return fabsf(v) <= lim; }

/* Every value the step starts from within +-1e6 (radii >= 1e-3, inverse
 * masses as a ball that size has). */
static int tame_world(const cap_world* w)
{
    const cap_world_def* d = &w->def;
    const float def[] = {d->gravity_x, d->gravity_y, d->dt, d->units_per_meter, d->contact_hertz, d->static_hertz,
                         d->damping_ratio, d->push_speed, d->restitution_threshold, d->hit_speed_threshold, d->sleep_speed, d->sleep_time};
    for (unsigned k = 0; k < sizeof def / sizeof def[0]; k++)
        if (!tame(def[k], 1e6f)) return 0;
    if (!(d->units_per_meter >= 1e-3f)) return 0;
    const uint32_t* flags = w->ball[CAP_BALL_FLAGS];
    for (uint32_t i = 0; i < w->ball_slots; i++) {
        if (!(flags[i] & CAP_BALL_ALIVE)) continue;
        for (int f = 0; f < CAP_BALL_FLOAT_FIELDS; f++) {
            float v = ((const float*)w->ball[f])[i];
            if (!tame(v, f == CAP_BALL_INV_INERTIA ? 1e12f : 1e6f)) return 0;
        }
        if (!(((const float*)w->ball[CAP_BALL_RADIUS])[i] >= 1e-3f)) return 0;
    }
    for (uint32_t i = 0; i < w->static_slots; i++) {
        const float* f = &w->statics[i].ax;
        for (uint32_t k = 0; k < sizeof(cap_wstatic) / 4; k++) {
            if (k >= 14 && k <= 17) continue; /* category, mask, kind, sensor */
            if (k >= 26 && k <= 28) continue; /* chain links */
            if (!tame(f[k], 1e6f)) return 0;
        }
    }
    for (uint32_t k = 0; k < w->prev_count; k++)
        if (!tame(w->prev[k].jn, 1e6f) || !tame(w->prev[k].jt, 1e6f) || !tame(w->prev[k].jr, 1e6f)) return 0;
    const uint32_t* bfl = cap_world_body_field((cap_world*)w, CAP_BODY_FLAGS);
    for (uint32_t i = 0; i < cap_world_body_slots(w); i++) {
        if (!(bfl[i] & CAP_BALL_ALIVE)) continue;
        for (int f = 0; f < CAP_BODY_FLOAT_FIELDS; f++) {
            float v = ((const float*)cap_world_body_field((cap_world*)w, f))[i];
            if (!tame(v, f == CAP_BODY_INV_INERTIA ? 1e12f : 1e6f)) return 0;
        }
        if (!(((const float*)cap_world_body_field((cap_world*)w, CAP_BODY_RADIUS))[i] >= 1e-3f)) return 0;
    }
    return 1; /* the bodies' contact impulses: tame_section() */
}

/* Where the capsule bodies' section starts in a snapshot (its tag, with
 * counts that end it at n: after the contacts, or after the events' tail
 * of touching pairs and sensor overlaps), or 0. */
static uint32_t body_section(const uint8_t* p, uint32_t n)
{
    for (uint32_t at = n >= 24 ? n - 20 : 0; at >= CAP_SNAPSHOT_HEADER + 4; at -= 4) {
        uint32_t h[5], tc, sc;
        memcpy(h, p + at, sizeof h);
        if (h[0] != 0x53444f42u) continue;
        uint64_t end = at + 4ull * (5 + (CAP_BODY_FIELDS + 6ull) * h[2] + 6ull * h[4]);
        if (end == n) return at;
        if (end + 4 > n) continue;
        memcpy(&tc, p + end, 4);
        end += 4 + 12ull * tc;
        if (end + 4 > n) continue;
        memcpy(&sc, p + end, 4);
        if (end + 4 + 8ull * sc == n) return at;
    }
    return 0;
}

/* The bodies' last-step contact impulses within +-1e6. */
static int tame_section(const uint8_t* p, uint32_t n)
{
    uint32_t at = body_section(p, n), h[5];
    if (!at) return 1;
    memcpy(h, p + at, sizeof h);
    const uint8_t* c = p + at + 20 + 4 * (CAP_BODY_FIELDS + 6) * h[2];
    for (uint32_t k = 0; k < h[4]; k++) {
        float jn, jt;
        memcpy(&jn, c + 24 * k + 16, 4);
        memcpy(&jt, c + 24 * k + 20, 4);
        if (!tame(jn, 1e6f) || !tame(jt, 1e6f)) return 0;
    }
    return 1;
}

static const float specials[] = {NAN, INFINITY, -INFINITY, -4e36f, 4e36f, 3.3e38f, -1.0f, -1e-3f, 0.0f, -0.0f,
                                 0.25f, 1.0f, 3.0f, 100.0f, 1e6f, 1e-45f, 1e-40f};

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static uint8_t* base;
    static uint32_t base_n, base_bodies;
    if (!base) {
        cap_world* w = busy_world();
        base = save_all(w, &base_n);
        base_bodies = body_section(base, base_n);
        CHECK(base_bodies > 0);
        cap_world_destroy(w);
    }
    if (size < 1) return 0;
    uint8_t* b;
    uint32_t n;
    if (data[0] & 1) { /* raw bytes, header made right */
        n = (uint32_t)(size - 1);
        if (n > (1u << 16)) return 0;
        b = malloc(n ? n : 1);
        CHECK(b != NULL);
        memcpy(b, data + 1, n);
        if (n >= CAP_SNAPSHOT_HEADER) {
            memcpy(b, base, CAP_SNAPSHOT_HEADER);
            memcpy(b + 12, &n, 4);
        }
    } else { /* edits of the busy world's snapshot */
        n = base_n;
        b = malloc(n);
        CHECK(b != NULL);
        memcpy(b, base, n);
        const uint32_t words = n / 4;
        for (size_t at = 1; at + 7 <= size; at += 7) {
            uint32_t word = 8u + (uint32_t)(data[at] | data[at + 1] << 8) % (words - 8u), v;
            memcpy(&v, data + at + 3, 4);
            uint8_t op = data[at + 2] % 4;
            uint32_t cur;
            memcpy(&cur, b + 4 * word, 4);
            if (op == 0) cur = v;
            else if (op == 1) cur ^= v;
            else if (op == 2) memcpy(&cur, &specials[v % (sizeof specials / sizeof specials[0])], 4);
            else cur = v % 80u == 79u ? 0xffffffffu : v % 80u;
            memcpy(b + 4 * word, &cur, 4);
        }
    }
    /* The body section's capacity below 4096 too (where the busy world's
     * section starts, when its tag is still there). */
    if (!(data[0] & 1) && base_bodies + 8 <= n) {
        uint32_t tag, v;
        memcpy(&tag, b + base_bodies, 4);
        memcpy(&v, b + base_bodies + 4, 4);
        if (tag == 0x53444f42u && v >= 4096u) v %= 4096u;
        memcpy(b + base_bodies + 4, &v, 4);
    }
    /* Capacities below 4096 (the def's words 4..6), then the checksum. */
    for (uint32_t k = 4; k <= 6 && CAP_SNAPSHOT_HEADER + 4 * k + 4 <= n; k++) {
        uint32_t v;
        memcpy(&v, b + CAP_SNAPSHOT_HEADER + 4 * k, 4);
        if (v >= 4096u) v %= 4096u;
        memcpy(b + CAP_SNAPSHOT_HEADER + 4 * k, &v, 4);
    }
    if (n >= CAP_SNAPSHOT_HEADER) {
        uint32_t sum = fnv(b + CAP_SNAPSHOT_HEADER, n - CAP_SNAPSHOT_HEADER);
        memcpy(b + 16, &sum, 4);
    }

    /* Into a live world (the busy one, stepped on). */
    cap_world_def d;
    cap_world_def_default(&d);
    cap_world* w = cap_world_create(&d);
    CHECK(w != NULL);
    CHECK(cap_world_restore(w, base, base_n) == 0);
    for (int i = 0; i < 3; i++) CHECK(cap_world_step(w) == 0);
    uint32_t before_n, version = cap_world_version(w);
    uint8_t* before = save_all(w, &before_n);
    int rc = cap_world_restore(w, b, n);
    if (rc != 0) {
        const cap_world_error* e = cap_world_error_info(w);
        CHECK(rc == CAP_WORLD_BAD_VALUE && e->status == rc);
        CHECK(e->field >= CAP_SNAPSHOT_TRUNCATED && e->field <= CAP_SNAPSHOT_TOO_LONG);
        CHECK(e->field != CAP_SNAPSHOT_CHECKSUM || n < CAP_SNAPSHOT_HEADER);
        CHECK(e->field != CAP_SNAPSHOT_CORRUPT || e->what != NULL);
        uint32_t after_n;
        uint8_t* after = save_all(w, &after_n);
        CHECK(after_n == before_n && memcmp(after, before, before_n) == 0);
        CHECK(cap_world_version(w) == version);
        free(after);
    } else {
        /* Saved again: the same bytes. */
        uint32_t again_n;
        uint8_t* again = save_all(w, &again_n);
        CHECK(again_n == n && memcmp(again, b, n) == 0);
        free(again);
        int promise = tame_world(w) && tame_section(b, n);
        for (int s = 0; s < 3; s++) {
            int st = cap_world_step(w);
            CHECK(st == 0 || (!promise && st == CAP_WORLD_BAD_VALUE));
            if (st) break;
            const uint32_t* flags = cap_world_ball_field(w, CAP_BALL_FLAGS);
            for (uint32_t i = 0; promise && i < cap_world_ball_slots(w); i++) {
                if (!(flags[i] & CAP_BALL_ALIVE)) continue;
                for (int f = 0; f < CAP_BALL_FLOAT_FIELDS; f++) {
                    float v = ((const float*)cap_world_ball_field(w, f))[i];
                    if (!isfinite(v)) {
                        fprintf(stderr, "fuzz_snapshot: step %d: ball %u field %d = %g\n", s, i, f, (double)v);
                        fail("a ball value is not finite after the step of an accepted snapshot", __LINE__);
                    }
                }
            }
            const uint32_t* bfl = cap_world_body_field(w, CAP_BODY_FLAGS);
            for (uint32_t i = 0; promise && i < cap_world_body_slots(w); i++) {
                if (!(bfl[i] & CAP_BALL_ALIVE)) continue;
                for (int f = 0; f < CAP_BODY_FLOAT_FIELDS; f++) {
                    float v = ((const float*)cap_world_body_field(w, f))[i];
                    if (!isfinite(v)) {
                        fprintf(stderr, "fuzz_snapshot: step %d: body %u field %d = %g\n", s, i, f, (double)v);
                        fail("a body value is not finite after the step of an accepted snapshot", __LINE__);
                    }
                }
            }
        }
    }
    free(before);
    free(b);
    cap_world_destroy(w);
    return 0;
}
