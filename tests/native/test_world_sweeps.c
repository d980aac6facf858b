/* The sweeps' clearance (ccd.c skips the full sweep of a ball that moved
 * less than it): after every step of a busy scene (lines, pegs, a
 * two-sided and a one-sided chain, a rope, balls of mixed sizes, some
 * fast), no fixed static that the ball has no contact with comes nearer
 * its start position than its radius plus its clearance. */
#include <stdlib.h>

#include "test.h"
#include "capsule2d_joints.h"
#include "world/statics.h"

static uint32_t lcg_next(uint32_t* s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}
static float frand(uint32_t* s) { return (float)lcg_next(s) / 16777216.0f; }

/* Ball b's gap to static st from (x, y): the distance to its shape less the radius r. */
static double gap_to(const cap_wstatic* st, double x, double y, double r)
{
    if (cap_static_half_plane(st)) return (x - st->ax) * st->nx + (y - st->ay) * st->ny - r;
    double ex = st->bx - st->ax, ey = st->by - st->ay, ee = ex * ex + ey * ey;
    double t = ee > 0 ? ((x - st->ax) * ex + (y - st->ay) * ey) / ee : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(x - (st->ax + t * ex), y - (st->ay + t * ey)) - st->radius - r;
}

/* Whether ball b has a contact with static k this step (the last step's
 * contacts are in prev, in key order). */
static int has_contact(const cap_world* w, uint32_t b, uint32_t k)
{
    for (uint32_t c = 0; c < w->prev_count; c++)
        if (w->prev[c].kind == 0 && w->prev[c].b == b && w->prev[c].a == k) return 1;
    return 0;
}

int test_world_sweep_clearance_is_a_lower_bound(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 400;
    d.static_capacity = 128;
    cap_world* w = cap_world_create(&d);
    ENSURE(w != NULL);
    cap_static_def s;
    uint32_t slot, slots[8];
    const float box[3][4] = {{-20, 0, 20, 0}, {-20, 60, -20, 0}, {20, 0, 20, 60}};
    for (int i = 0; i < 3; i++) {
        cap_static_def_default(&s);
        s.kind = CAP_STATIC_LINE;
        s.ax = box[i][0]; s.ay = box[i][1]; s.bx = box[i][2]; s.by = box[i][3];
        ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    }
    uint32_t seed = 777u;
    for (int row = 0; row < 5; row++)
        for (int col = 0; col < 7; col++) {
            cap_static_def_default(&s);
            float cx = -15.0f + col * 5.0f + (row % 2) * 2.5f, cy = 10.0f + row * 5.0f, tilt = frand(&seed) - 0.5f;
            s.ax = cx - 1.5f; s.ay = cy - 1.5f * tilt; s.bx = cx + 1.5f; s.by = cy + 1.5f * tilt;
            s.radius = row == 2 ? 0.0f : 0.25f;
            ENSURE(cap_world_add_static(w, &s, &slot) == 0);
        }
    cap_static_def_default(&s);
    const float valley[] = {-19, 6, -14, 2, -9, 4, -4, 1};
    ENSURE(cap_world_add_chain(w, &s, valley, 4, 0, slots) == 0);
    const float ramp[] = {4, 1, 9, 4, 14, 2, 19, 6};
    ENSURE(cap_world_add_chain(w, &s, ramp, 4, CAP_CHAIN_ONE_SIDED, slots) == 0);
    cap_ball_def b;
    cap_ball_def_default(&b);
    for (int i = 0; i < 300; i++) {
        b.radius = 0.15f + 0.35f * frand(&seed);
        b.x = -18.0f + 36.0f * frand(&seed);
        b.y = 38.0f + 20.0f * frand(&seed);
        b.vx = i % 25 == 0 ? 80.0f * (frand(&seed) - 0.5f) : 0.0f;
        b.vy = i % 25 == 0 ? -150.0f : 0.0f;
        b.restitution = 0.3f;
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
    }
    b.radius = 0.15f; b.vx = b.vy = 0.0f; b.restitution = 0.0f;
    uint32_t prev = CAP_JOINT_WORLD;
    for (int i = 1; i <= 30; i++) { /* a rope from (-10, 36), laid to the right */
        b.x = -10.0f + 0.35f * i; b.y = 36.0f;
        ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
        cap_joint_def j;
        cap_joint_def_default(&j);
        j.a = prev; j.b = slot;
        j.ax = prev == CAP_JOINT_WORLD ? -10.0f : 0.0f; j.ay = prev == CAP_JOINT_WORLD ? 36.0f : 0.0f;
        j.length = j.min_length = j.max_length = 0.35f;
        uint32_t js;
        ENSURE(cap_world_add_joint(w, &j, &js) == 0);
        prev = slot;
    }
    const float* rad = cap_world_ball_field(w, CAP_BALL_RADIUS);
    const uint32_t* flags = cap_world_ball_field(w, CAP_BALL_FLAGS);
    double worst = 1e30;
    long moved = 0, within = 0;
    for (int step = 0; step < 300; step++) {
        ENSURE(cap_world_step(w) == 0);
        const float* x = cap_world_ball_field(w, CAP_BALL_X);
        const float* y = cap_world_ball_field(w, CAP_BALL_Y);
        for (uint32_t i = 0; i < cap_world_ball_slots(w); i++) {
            if (!(flags[i] & CAP_BALL_ALIVE)) continue;
            double c = w->ball_cands[i].clear, least = 1e30;
            for (uint32_t k = 0; k < w->static_slots; k++) {
                const cap_wstatic* st = &w->statics[k];
                if (!cap_static_fixed(st) || has_contact(w, i, k)) continue;
                if (st->in_chain == 2u && (st->bx - st->ax) * (w->sy[i] - st->ay) - (st->by - st->ay) * (w->sx[i] - st->ax) < 0.0f) continue; /* behind a one-sided piece: never swept */
                double g = gap_to(st, w->sx[i], w->sy[i], rad[i]);
                least = g < least ? g : least;
            }
            worst = least - c < worst ? least - c : worst;
            if (x[i] != w->sx[i] || y[i] != w->sy[i]) {
                moved++;
                within += hypot(x[i] - w->sx[i], y[i] - w->sy[i]) < c;
            }
        }
    }
    printf("  least (gap - clearance) %.3g over 300 steps; %ld of %ld moves within the clearance (the full sweep skipped)\n", worst,
           within, moved);
    ENSURE(worst >= -1e-5);
    ENSURE(within > moved / 2);
    cap_world_destroy(w);
    return 0;
}

/* The packed ropes kept from step to step (ropes.c) step exactly as packs
 * made anew: every step of a scene whose joints change (ropes that fall
 * asleep and are woken, a ball added, a joint added between two ropes,
 * a rope ball removed) is also made by a copy restored from a snapshot
 * of the step before (a fresh world packs anew); the state hashes agree. */
int test_world_kept_rope_packs_step_as_new_ones(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 128;
    cap_world* w = cap_world_create(&d);
    cap_world* r = cap_world_create(&d);
    ENSURE(w && r);
    cap_static_def s;
    cap_static_def_default(&s);
    s.kind = CAP_STATIC_LINE;
    s.ax = -10; s.ay = 0; s.bx = 10; s.by = 0;
    uint32_t slot, js, first[4];
    ENSURE(cap_world_add_static(w, &s, &slot) == 0);
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.radius = 0.1f;
    cap_joint_def j;
    for (int rope = 0; rope < 4; rope++) { /* 3 ropes of 12 from (-6 + 4 rope, 1), laid right, swing onto the floor; a 4th lies there */
        uint32_t prev = CAP_JOINT_WORLD;
        for (int i = 1; i <= 12; i++) {
            b.x = -6.0f + 4.0f * rope + 0.25f * i; b.y = rope == 3 ? 0.1f : 1.0f;
            ENSURE(cap_world_add_ball(w, &b, &slot) == 0);
            if (i == 1) first[rope] = slot;
            if (i == 1 && rope == 3) { prev = slot; continue; } /* rope 3: free, lying on the floor (it sleeps) */
            cap_joint_def_default(&j);
            j.a = prev; j.b = slot;
            j.ax = prev == CAP_JOINT_WORLD ? b.x - 0.25f : 0.0f; j.ay = prev == CAP_JOINT_WORLD ? 1.0f : 0.0f;
            j.length = j.min_length = j.max_length = 0.25f;
            ENSURE(cap_world_add_joint(w, &j, &js) == 0);
            prev = slot;
        }
    }
    uint8_t* snap = NULL;
    uint32_t cap = 0, slept = 0, agree = 0;
    const uint32_t* flags = cap_world_ball_field(w, CAP_BALL_FLAGS);
    for (int step = 0; step < 900; step++) {
        if (step == 300) { /* join the ends of ropes 0 and 1 (no longer chains) */
            cap_joint_def_default(&j);
            j.a = first[0] + 11; j.b = first[1] + 11; j.length = -1.0f; j.min_length = 0.0f; j.max_length = 10.0f;
            ENSURE(cap_world_add_joint(w, &j, &js) == 0);
        }
        if (step == 400) ENSURE(cap_world_remove_ball(w, first[2] + 5) == 0); /* rope 2 in two */
        if (step == 100) { b.x = 0.0f; b.y = 6.0f; ENSURE(cap_world_add_ball(w, &b, &slot) == 0); } /* one more ball slot: packs made anew, rope 3 asleep */
        for (uint32_t i = 0; (step == 150 || step == 700) && i < 12; i++) ((float*)cap_world_ball_field(w, CAP_BALL_VX))[first[3] + i] = 0.1f * (float)i; /* writes wake rope 3, stretching it */
        uint32_t n = cap_world_save(w, NULL, 0);
        if (n > cap) { free(snap); cap = n; snap = malloc(cap); ENSURE(snap != NULL); }
        ENSURE(cap_world_save(w, snap, cap) == n);
        ENSURE(cap_world_restore(r, snap, n) == 0);
        ENSURE(cap_world_step(w) == 0 && cap_world_step(r) == 0);
        agree += cap_world_state_hash(w) == cap_world_state_hash(r);
        ENSURE(cap_world_state_hash(w) == cap_world_state_hash(r));
        flags = cap_world_ball_field(w, CAP_BALL_FLAGS);
        slept += !(flags[first[3]] & CAP_BALL_AWAKE);
    }
    printf("  900 steps (ball added, rope 3 woken, joint added, rope ball removed; rope 3 asleep %u steps, woken at 150 and 700): kept packs agree with new ones %u times\n",
           slept, agree);
    ENSURE(slept > 0);
    free(snap);
    cap_world_destroy(r);
    cap_world_destroy(w);
    return 0;
}
