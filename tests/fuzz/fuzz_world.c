/* libFuzzer target: the physics world driven by the input as a program of
 * operations (add a ball (a bullet or not) or a static with decoded values, remove, step,
 * write a ball's state through its view, wake, ray cast, circle query),
 * under AddressSanitizer and UndefinedBehaviorSanitizer. Invariants:
 *   - nothing traps or goes out of bounds, whatever the values (NaN, inf,
 *     huge, negative) — bad ones are refused with CAP_WORLD_BAD_VALUE;
 *   - a refused step changes nothing (same state hash);
 *   - after a successful step every live ball's state is finite when every
 *     value the world accepted was within +-1e6;
 *   - handles: removing a removed slot is CAP_WORLD_BAD_HANDLE, counts match;
 *   - snapshots: save, restore into a fresh world: the same bytes; a snapshot
 *     with bytes flipped (checksum fixed up or not) is refused with the world
 *     unchanged, or accepted and then steps without trapping;
 *   - kinematic capsules (added, driven by velocity, target or pose) and
 *     chains (open or closed, any values) and pivoted capsules (limits,
 *     motor, damping) are refused or taken, never trap;
 *   - joints (distance, drag or revolute, any values and ends: balls,
 *     capsule bodies, a ball and a body, the world, local anchors on any end; removed, their target moved, removed with
 *     their ball or body, saved in snapshots) likewise; the joint count
 *     matches what was added, removed and broken; a distance or revolute
 *     joint between a live ball and a live body is never refused for its
 *     ends (BAD_HANDLE), and once made it is kept by a step (unless it
 *     breaks) and its ends stay finite;
 *   - capsule bodies (added with any values, removed): a world with live
 *     bodies refuses to save (0 bytes).
 * Build and run with tests/fuzz/run.sh. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capsule2d_joints.h"

static void fail(const char* what, int line)
{
    fprintf(stderr, "fuzz_world: invariant broken at line %d: %s\n", line, what);
    abort();
}
#define CHECK(c) do { if (!(c)) fail(#c, __LINE__); } while (0)

typedef struct reader { const uint8_t* p; size_t n; } reader;
static uint8_t u8(reader* r) { if (!r->n) return 0; r->n--; return *r->p++; }
static float f32(reader* r)
{
    /* Mostly tame values, sometimes raw bits (NaN, inf, huge). */
    uint8_t mode = u8(r);
    uint32_t b = 0;
    for (int i = 0; i < 4; i++) b = (b << 8) | u8(r);
    if (mode < 200) return (float)((int32_t)(b % 4001u) - 2000) / 40.0f;
    float f;
    memcpy(&f, &b, 4);
    return f;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    reader r = {data, size};
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 1 + u8(&r) % 16;
    d.static_capacity = 1 + u8(&r) % 8;
    d.event_capacity = u8(&r) % 8;
    d.sub_steps = 1 + u8(&r) % 8;
    d.sleep_enabled = u8(&r) & 1;
    cap_world* w = cap_world_create(&d);
    CHECK(w != NULL);
    int wild = 0; /* a value beyond +-1e6 was accepted: finiteness not promised */
    uint32_t live = 0;
    for (int op = 0; op < 64 && r.n > 0; op++) {
        uint8_t kind = u8(&r) % 17;
        if (kind == 0) {
            cap_ball_def b;
            cap_ball_def_default(&b);
            b.x = f32(&r); b.y = f32(&r); b.vx = f32(&r) * 10.0f; b.vy = f32(&r) * 10.0f;
            b.radius = f32(&r) / 10.0f; b.restitution = f32(&r) / 50.0f; b.friction = f32(&r) / 50.0f;
            b.rolling_resistance = f32(&r) / 500.0f; b.category = u8(&r); b.mask = u8(&r);
            b.bullet = u8(&r) & 1; /* swept against the other balls too */
            uint32_t slot;
            int s = cap_world_add_ball(w, &b, &slot);
            CHECK(s == 0 || s == CAP_WORLD_BAD_VALUE || s == CAP_WORLD_NO_MEMORY);
            if (s == 0) {
                live++;
                const float v[] = {b.x, b.y, b.vx, b.vy, b.radius};
                for (int k = 0; k < 5; k++) wild |= !(fabsf(v[k]) <= 1e6f);
                wild |= b.radius < 1e-3f;
            }
        } else if (kind == 1) {
            cap_static_def s;
            cap_static_def_default(&s);
            s.kind = u8(&r) % 3; /* 2 is invalid */
            s.ax = f32(&r); s.ay = f32(&r); s.bx = f32(&r); s.by = f32(&r); s.radius = f32(&r) / 10.0f;
            s.sensor = u8(&r) & 1;
            uint32_t slot;
            int st = cap_world_add_static(w, &s, &slot);
            CHECK(st == 0 || st == CAP_WORLD_BAD_VALUE || st == CAP_WORLD_NO_MEMORY);
            if (st == 0) {
                const float v[] = {s.ax, s.ay, s.bx, s.by, s.radius};
                for (int k = 0; k < 5; k++) wild |= !(fabsf(v[k]) <= 1e6f);
            }
        } else if (kind == 2) {
            uint32_t slot = u8(&r) % 20;
            int s = cap_world_remove_ball(w, slot);
            CHECK(s == 0 || s == CAP_WORLD_BAD_HANDLE);
            if (s == 0) {
                live--;
                CHECK(cap_world_remove_ball(w, slot) == CAP_WORLD_BAD_HANDLE);
            }
        } else if (kind == 3) {
            cap_world_remove_static(w, u8(&r) % 10);
        } else if (kind == 4 || kind == 7) {
            uint32_t before = cap_world_state_hash(w);
            int s = cap_world_step(w);
            CHECK(s == 0 || s == CAP_WORLD_BAD_VALUE || s == CAP_WORLD_NO_MEMORY);
            if (s != 0) CHECK(cap_world_state_hash(w) == before);
            if (s == 0 && !wild) {
                const uint32_t* flags = cap_world_ball_field(w, CAP_BALL_FLAGS);
                for (int f = CAP_BALL_X; f <= CAP_BALL_W; f++) {
                    const float* a = cap_world_ball_field(w, f);
                    for (uint32_t i = 0; i < cap_world_ball_slots(w); i++)
                        if (flags[i] & CAP_BALL_ALIVE) CHECK(isfinite(a[i]));
                }
            }
        } else if (kind == 5) {
            /* A write through the view, possibly garbage. */
            uint32_t slot = u8(&r) % 20;
            int field = u8(&r) % 6;
            float v = f32(&r);
            if (slot < cap_world_ball_capacity(w)) {
                ((float*)cap_world_ball_field(w, field))[slot] = v;
                wild |= !(fabsf(v) <= 1e6f);
            }
        } else if (kind == 6) {
            cap_ray ray = {{f32(&r), f32(&r)}, {f32(&r), f32(&r)}, fabsf(f32(&r))};
            cap_ray_hit hit;
            int k;
            uint32_t slot;
            if (isfinite(ray.origin.x) && isfinite(ray.origin.y) && isfinite(ray.direction.x) && isfinite(ray.direction.y) &&
                isfinite(ray.max_fraction) && (ray.direction.x != 0.0f || ray.direction.y != 0.0f))
                cap_world_ray_cast(w, ray, &hit, &k, &slot);
            uint32_t out[4];
            uint32_t n = cap_world_query_circle(w, f32(&r), f32(&r), fabsf(f32(&r)), out, 4);
            (void)n;
        } else if (kind == 9) {
            cap_static_def sd;
            cap_static_def_default(&sd);
            sd.radius = f32(&r) / 10.0f;
            float x = f32(&r), y = f32(&r), a = f32(&r), len = f32(&r) / 10.0f, piv = (float)u8(&r) / 200.0f;
            uint32_t slot;
            int st = cap_world_add_kinematic(w, &sd, x, y, a, len, piv, &slot);
            CHECK(st == 0 || st == CAP_WORLD_BAD_VALUE || st == CAP_WORLD_NO_MEMORY);
            if (st == 0) {
                const float v[] = {x, y, a, len, sd.radius};
                for (int k = 0; k < 5; k++) wild |= !(fabsf(v[k]) <= 1e6f);
            }
        } else if (kind == 10) {
            uint32_t slot = u8(&r) % 10;
            int what = u8(&r) % 4; /* 3 is invalid */
            float a = f32(&r) * 10.0f, b = f32(&r) * 10.0f, c = f32(&r);
            int st = cap_world_set_kinematic(w, slot, what, a, b, c);
            CHECK(st == 0 || st == CAP_WORLD_BAD_VALUE || st == CAP_WORLD_BAD_HANDLE);
            if (st == 0) wild |= !(fabsf(a) <= 1e5f) || !(fabsf(b) <= 1e5f) || !(fabsf(c) <= 1e5f);
            float out[9];
            if (cap_world_kinematic_state(w, slot, out) == 0) wild |= !(fabsf(out[3]) <= 1e5f) || !(fabsf(out[5]) <= 1e5f);
        } else if (kind == 11) {
            cap_static_def sd;
            cap_static_def_default(&sd);
            sd.radius = f32(&r) / 10.0f;
            uint32_t count = u8(&r) % 7, slots[8];
            float xy[14];
            for (uint32_t k = 0; k < 2 * count; k++) xy[k] = f32(&r);
            int flags = u8(&r) & (CAP_CHAIN_LOOP | CAP_CHAIN_ONE_SIDED);
            int st = cap_world_add_chain(w, &sd, xy, count, flags, slots);
            CHECK(st == 0 || st == CAP_WORLD_BAD_VALUE || st == CAP_WORLD_NO_MEMORY);
            if (st == 0)
                for (uint32_t k = 0; k < 2 * count; k++) wild |= !(fabsf(xy[k]) <= 1e6f);
        } else if (kind == 12) {
            cap_static_def sd;
            cap_static_def_default(&sd);
            sd.radius = f32(&r) / 10.0f;
            float x = f32(&r), y = f32(&r), a = f32(&r), len = f32(&r) / 10.0f, dens = f32(&r) / 20.0f;
            uint32_t slot;
            int st = cap_world_add_pivoted(w, &sd, x, y, a, len, (float)u8(&r) / 255.0f, dens, &slot);
            CHECK(st == 0 || st == CAP_WORLD_BAD_VALUE || st == CAP_WORLD_NO_MEMORY);
            if (st == 0) {
                const float v[] = {x, y, a, len, sd.radius, dens};
                for (int k = 0; k < 6; k++) wild |= !(fabsf(v[k]) <= 1e6f) || (k == 5 && v[k] < 1e-3f);
                float lo = f32(&r), hi = f32(&r), ms = f32(&r), mt = f32(&r), dmp = f32(&r);
                int s2 = cap_world_set_pivoted(w, slot, lo, hi, ms, mt, dmp);
                CHECK(s2 == 0 || s2 == CAP_WORLD_BAD_VALUE);
                if (s2 == 0) wild |= !(fabsf(ms) <= 1e3f) || !(fabsf(mt) <= 1e3f);
            }
        } else if (kind == 13) {
            cap_joint_def jd;
            cap_joint_def_default(&jd);
            jd.kind = u8(&r) % 5; /* 0 and 4 are invalid */
            uint8_t a = u8(&r), b = u8(&r);
            jd.a = a & 128 ? CAP_JOINT_WORLD : (a & 64 ? CAP_JOINT_BODY : 0u) | a % 20u;
            jd.b = (b & 64 ? CAP_JOINT_BODY : 0u) | b % 20u;
            float v[9];
            for (int k = 0; k < 9; k++) v[k] = f32(&r);
            if (u8(&r) & 1) { /* a rope or a rigid rod of the current length, or a spring */
                jd.ax = v[0]; jd.ay = v[1]; jd.length = v[2] / 10.0f; jd.min_length = fabsf(v[3]) / 10.0f;
                jd.max_length = fabsf(v[4]) / 10.0f; jd.hertz = fabsf(v[5]) / 10.0f; jd.damping_ratio = v[6] / 20.0f;
                jd.max_force = v[7] * 10.0f; jd.break_force = v[8];
            } else {
                jd.ax = v[0]; jd.ay = v[1]; jd.min_length = 0.0f; jd.hertz = jd.kind == CAP_JOINT_DRAG ? 5.0f : 0.0f;
            }
            if (jd.kind == CAP_JOINT_REVOLUTE) { /* limits, motor, any values */
                jd.lower_angle = v[2] / 100.0f; jd.upper_angle = v[3] / 100.0f;
                jd.motor_speed = v[4]; jd.max_motor_torque = v[5];
            }
            uint8_t la = u8(&r); /* local anchors (a body end's; refused on a ball or the world), now and then any value */
            if (la & 1) { jd.local_ax = v[3] / 10.0f; jd.local_ay = v[4] / 10.0f; }
            if (la & 2) { jd.local_bx = v[5] / 10.0f; jd.local_by = v[6] / 10.0f; }
            if (la & 4) jd.local_by = f32(&r);
            uint32_t slot, before = cap_world_joint_count(w);
            int st = cap_world_add_joint(w, &jd, &slot);
            CHECK(st == 0 || st == CAP_WORLD_BAD_VALUE || st == CAP_WORLD_BAD_HANDLE || st == CAP_WORLD_NO_MEMORY);
            CHECK(cap_world_joint_count(w) == before + (st == 0));
            /* a ball and a body (issue 28): ends never refused when both live */
            const uint32_t bi = (jd.a & CAP_JOINT_BODY) ? jd.a & ~CAP_JOINT_BODY : jd.b & ~CAP_JOINT_BODY;
            const uint32_t ba = (jd.a & CAP_JOINT_BODY) ? jd.b : jd.a;
            const int mixed = jd.a != CAP_JOINT_WORLD && !(jd.a & CAP_JOINT_BODY) != !(jd.b & CAP_JOINT_BODY) && jd.kind != CAP_JOINT_DRAG &&
                              ba < cap_world_ball_slots(w) && (((uint32_t*)cap_world_ball_field(w, CAP_BALL_FLAGS))[ba] & CAP_BALL_ALIVE) &&
                              bi < cap_world_body_slots(w) && (((uint32_t*)cap_world_body_field(w, CAP_BODY_FLAGS))[bi] & CAP_BALL_ALIVE);
            if (mixed) CHECK(st != CAP_WORLD_BAD_HANDLE);
            if (st == 0) {
                const float vv[] = {jd.ax, jd.ay, jd.length, jd.max_length, jd.hertz, jd.damping_ratio, jd.max_force};
                for (int k = 0; k < 7; k++) wild |= !(fabsf(vv[k]) <= 1e6f) && !(k == 3 && vv[k] == CAP_MAX_COORD);
                if (jd.kind == CAP_JOINT_REVOLUTE) wild |= !(fabsf(jd.motor_speed) <= 1e3f) || !(fabsf(jd.max_motor_torque) <= 1e3f);
                const float lv[4] = {jd.local_ax, jd.local_ay, jd.local_bx, jd.local_by};
                for (int k = 0; k < 4; k++) wild |= !(fabsf(lv[k]) <= 1e6f);
                uint32_t info[23];
                CHECK(cap_world_joint_info(w, slot, info) == 0 && info[0] == (uint32_t)jd.kind && info[2] == jd.b);
                /* local anchors only on body ends: a distance joint keeps them, the others took none */
                CHECK((lv[0] == 0.0f && lv[1] == 0.0f) || (jd.kind == CAP_JOINT_DISTANCE && (jd.a & CAP_JOINT_BODY) && jd.a != CAP_JOINT_WORLD));
                CHECK((lv[2] == 0.0f && lv[3] == 0.0f) || (jd.kind == CAP_JOINT_DISTANCE && (jd.b & CAP_JOINT_BODY)));
                if (jd.kind == CAP_JOINT_DISTANCE) {
                    float f[23];
                    memcpy(f, info, sizeof f);
                    CHECK(f[CAP_JOINT_INFO_LOCAL_AX] == lv[0] && f[CAP_JOINT_INFO_LOCAL_AY] == lv[1] && f[CAP_JOINT_INFO_LOCAL_BX] == lv[2] &&
                          f[CAP_JOINT_INFO_LOCAL_BY] == lv[3]);
                }
            }
            if (mixed && st == 0 && !wild) { /* kept by a step unless broken; its ends finite */
                int s2 = cap_world_step(w);
                CHECK(s2 == 0 || s2 == CAP_WORLD_NO_MEMORY || s2 == CAP_WORLD_BAD_VALUE);
                uint32_t info[23];
                if (s2 == 0 && cap_world_event_count(w, CAP_EVENT_JOINT_BREAK) == 0) CHECK(cap_world_joint_info(w, slot, info) == 0);
                if (s2 == 0 && ba < cap_world_ball_slots(w)) CHECK(isfinite(((float*)cap_world_ball_field(w, CAP_BALL_X))[ba]));
                if (s2 == 0 && bi < cap_world_body_slots(w)) CHECK(isfinite(((float*)cap_world_body_field(w, CAP_BODY_X))[bi]));
            }
        } else if (kind == 14) {
            uint32_t slot = u8(&r) % 8, before = cap_world_joint_count(w);
            if (u8(&r) & 1) {
                int st = cap_world_remove_joint(w, slot);
                CHECK(st == 0 || st == CAP_WORLD_BAD_HANDLE);
                CHECK(cap_world_joint_count(w) == before - (st == 0));
                if (st == 0) CHECK(cap_world_remove_joint(w, slot) == CAP_WORLD_BAD_HANDLE);
            } else {
                float x = f32(&r), y = f32(&r);
                int st = cap_world_set_joint_target(w, slot, x, y);
                CHECK(st == 0 || st == CAP_WORLD_BAD_VALUE || st == CAP_WORLD_BAD_HANDLE);
                if (st == 0) wild |= !(fabsf(x) <= 1e6f) || !(fabsf(y) <= 1e6f);
            }
        } else if (kind == 15) {
            cap_body_def bd;
            cap_body_def_default(&bd);
            bd.x = f32(&r); bd.y = f32(&r); bd.angle = f32(&r); bd.vx = f32(&r); bd.angular_velocity = f32(&r);
            bd.half_length = f32(&r) / 10.0f; bd.radius = f32(&r) / 10.0f; bd.density = f32(&r) / 10.0f;
            uint32_t slot;
            int st = cap_world_add_body(w, &bd, &slot);
            CHECK(st == 0 || st == CAP_WORLD_BAD_VALUE || st == CAP_WORLD_NO_MEMORY);
            if (st == 0) {
                const float v[] = {bd.x, bd.y, bd.angle, bd.vx, bd.angular_velocity, bd.half_length, bd.radius, bd.density};
                for (int k = 0; k < 8; k++) wild |= !(fabsf(v[k]) <= 1e6f);
                wild |= bd.radius < 1e-3f || bd.density < 1e-3f;
            }
        } else if (kind == 16) {
            uint32_t slot = u8(&r) % 20, joints = cap_world_joint_count(w);
            int st = cap_world_remove_body(w, slot);
            CHECK(st == 0 || st == CAP_WORLD_BAD_HANDLE);
            if (st != 0) CHECK(cap_world_joint_count(w) == joints);
        } else if (kind == 8) { /* a round trip, bodies and their joints too */
            uint32_t n = cap_world_save(w, NULL, 0);
            uint8_t* a = malloc(n + 1);
            uint8_t* b = malloc(n + 1);
            CHECK(a && b && cap_world_save(w, a, n) == n);
            cap_world_def dd;
            cap_world_def_default(&dd);
            cap_world* t = cap_world_create(&dd);
            CHECK(t && cap_world_restore(t, a, n) == 0);
            CHECK(cap_world_save(t, b, n) == n && memcmp(a, b, n) == 0);
            CHECK(cap_world_state_hash(t) == cap_world_state_hash(w));
            /* Damage: flip up to 4 bytes, maybe cut, maybe fix the checksum. */
            uint8_t how = u8(&r);
            for (int k = 0; k < (how & 3) + 1; k++) {
                uint32_t at = ((uint32_t)u8(&r) << 8 | u8(&r)) % n;
                b[at] ^= (uint8_t)(1u << (u8(&r) & 7));
            }
            uint32_t len = how & 4 ? n - 1 - ((uint32_t)u8(&r) % n) : n;
            if (how & 8 && len >= CAP_SNAPSHOT_HEADER) {
                uint32_t h = 2166136261u;
                for (uint32_t i = CAP_SNAPSHOT_HEADER; i < len; i++) h = (h ^ b[i]) * 16777619u;
                memcpy(b + 16, &h, 4);
            }
            uint32_t before = cap_world_state_hash(t);
            int s = cap_world_restore(t, b, len);
            CHECK(s == 0 || s == CAP_WORLD_BAD_VALUE || s == CAP_WORLD_NO_MEMORY);
            if (s != 0) CHECK(cap_world_state_hash(t) == before);
            else for (int k = 0; k < 3; k++) cap_world_step(t); /* anything, but no trap */
            cap_world_destroy(t);
            free(a);
            free(b);
        }
    }
    CHECK(cap_world_ball_count(w) == live);
    cap_world_destroy(w);
    return 0;
}
