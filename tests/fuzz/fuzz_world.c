/* libFuzzer target: the physics world driven by the input as a program of
 * operations (add a ball or a static with decoded values, remove, step,
 * write a ball's state through its view, wake, ray cast, circle query),
 * under AddressSanitizer and UndefinedBehaviorSanitizer. Invariants:
 *   - nothing traps or goes out of bounds, whatever the values (NaN, inf,
 *     huge, negative) — bad ones are refused with CAP_WORLD_BAD_VALUE;
 *   - a refused step changes nothing (same state hash);
 *   - after a successful step every live ball's state is finite when every
 *     value the world accepted was within +-1e6;
 *   - handles: removing a removed slot is CAP_WORLD_BAD_HANDLE, counts match.
 * Build and run with tests/fuzz/run.sh. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capsule2d_world.h"

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
        uint8_t kind = u8(&r) % 8;
        if (kind == 0) {
            cap_ball_def b;
            cap_ball_def_default(&b);
            b.x = f32(&r); b.y = f32(&r); b.vx = f32(&r) * 10.0f; b.vy = f32(&r) * 10.0f;
            b.radius = f32(&r) / 10.0f; b.restitution = f32(&r) / 50.0f; b.friction = f32(&r) / 50.0f;
            b.rolling_resistance = f32(&r) / 500.0f; b.category = u8(&r); b.mask = u8(&r);
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
        }
    }
    CHECK(cap_world_ball_count(w) == live);
    cap_world_destroy(w);
    return 0;
}
