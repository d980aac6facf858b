/* The table of static kinds (src/world/statics.h): the add calls, the step's
 * static grid and the public record words follow each kind's row. */
#include <stdlib.h>

#include "test.h"
#include "capsule2d_world.h"
#include "world/statics.h"

/* cap_world_add_static makes exactly the kinds whose row says so; a kind
 * out of the table is refused. */
int test_world_static_kinds_add(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    cap_world* w = cap_world_create(&d);
    ENSURE(w != NULL);
    cap_static_def s;
    cap_static_def_default(&s);
    s.ax = -1.0f, s.ay = 0.0f, s.bx = 1.0f, s.by = 0.0f, s.radius = 0.25f;
    int made = 0;
    for (int k = -1; k <= CAP_STATIC_KIND_COUNT; k++) {
        s.kind = k;
        uint32_t slot = 99;
        int rc = cap_world_add_static(w, &s, &slot);
        int want = k >= 0 && k < CAP_STATIC_KIND_COUNT && cap_static_row((uint32_t)k)->add == CAP_ADD_DEF;
        ENSURE((rc == CAP_WORLD_OK) == want);
        if (rc == CAP_WORLD_OK) {
            made++;
            ENSURE(cap_world_static_info(w)[3 * slot] == (uint32_t)k);
        }
    }
    ENSURE(made == 2); /* capsule and line */
    cap_world_destroy(w);
    return 0;
}

/* The step's static grid holds the fixed statics only: a kinematic or
 * pivoted capsule (posed by the step) is never a grid candidate and does
 * not widen the grid's bounds (the bounds pass once counted a pivoted
 * capsule's empty box at (0, 0)); lines are candidates of every box. The
 * public records carry each kind's words. */
int test_world_static_kinds_grid(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    cap_world* w = cap_world_create(&d);
    ENSURE(w != NULL);
    cap_static_def s;
    cap_static_def_default(&s);
    uint32_t cap, line, kin, piv;
    s.kind = CAP_STATIC_CAPSULE, s.ax = 500.0f, s.ay = 500.0f, s.bx = 502.0f, s.by = 500.0f, s.radius = 0.25f;
    s.user_data = 7;
    ENSURE(cap_world_add_static(w, &s, &cap) == CAP_WORLD_OK);
    s.kind = CAP_STATIC_LINE, s.ax = 0.0f, s.ay = 0.0f, s.bx = 1.0f, s.by = 0.0f, s.user_data = 8;
    ENSURE(cap_world_add_static(w, &s, &line) == CAP_WORLD_OK);
    s.radius = 0.5f;
    ENSURE(cap_world_add_kinematic(w, &s, 10.0f, 10.0f, 0.0f, 2.0f, 0.5f, &kin) == CAP_WORLD_OK);
    ENSURE(cap_world_add_pivoted(w, &s, 20.0f, 20.0f, 0.0f, 2.0f, 0.5f, 1.0f, &piv) == CAP_WORLD_OK);
    cap_world_index_statics(w);
    ENSURE(w->sg_minx == 499.75f && w->sg_miny == 499.75f && w->sg_maxx == 502.25f && w->sg_maxy == 500.25f);
    /* Round the movers: only the line. */
    for (int k = 0; k < 2; k++) {
        float x = k ? 20.0f : 10.0f;
        ENSURE(cap_world_static_candidates(w, x - 5.0f, x - 5.0f, x + 5.0f, x + 5.0f) == 1);
        ENSURE(w->cand[0] == line);
    }
    /* Round the capsule: it and the line, by slot. */
    ENSURE(cap_world_static_candidates(w, 499.0f, 499.0f, 501.0f, 501.0f) == 2);
    ENSURE(w->cand[0] == cap && w->cand[1] == line);
    /* The records through the public header. */
    const uint32_t* rec = cap_world_static_records(w);
    float f;
    memcpy(&f, &rec[cap * CAP_STATIC_RECORD_WORDS + CAP_STATIC_RECORD_BX], 4);
    ENSURE(f == 502.0f);
    ENSURE(rec[cap * CAP_STATIC_RECORD_WORDS + CAP_STATIC_RECORD_USER_DATA] == 7);
    ENSURE(rec[line * CAP_STATIC_RECORD_WORDS + CAP_STATIC_RECORD_KIND] == CAP_STATIC_LINE);
    ENSURE(rec[piv * CAP_STATIC_RECORD_WORDS + CAP_STATIC_RECORD_KIND] == CAP_STATIC_PIVOTED);
    memcpy(&f, &rec[kin * CAP_STATIC_RECORD_WORDS + CAP_STATIC_RECORD_X], 4);
    ENSURE(f == 10.0f);
    cap_world_destroy(w);
    return 0;
}

/* A pivoted capsule whose inertia's inverse is finite but past 1e38
 * (density 1e-30, r = L = 0.01: inertia about 4e-39) does not turn, and the
 * world's own snapshot restores (fuzz_world found the snapshot refused with
 * "statics.invInertia": inv_i was kept up to FLT_MAX). */
int test_world_pivoted_tiny_inertia_round_trips(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    cap_world *w = cap_world_create(&d), *t = cap_world_create(&d);
    ENSURE(w != NULL && t != NULL);
    cap_static_def s;
    cap_static_def_default(&s);
    s.radius = 0.01f;
    uint32_t piv;
    ENSURE(cap_world_add_pivoted(w, &s, 0.0f, 0.0f, 0.0f, 0.01f, 0.5f, 1e-30f, &piv) == CAP_WORLD_OK);
    float inertia = 1e-30f * (2.0f * 0.01f * 0.01f + 3.14159265f * 0.01f * 0.01f) * (0.01f * 0.01f / 12.0f);
    ENSURE(1.0f / inertia > 1e38f && isfinite(1.0f / inertia)); /* the case: finite, past the range */
    uint32_t n = cap_world_save(w, NULL, 0);
    uint8_t* a = malloc(n);
    ENSURE(a && cap_world_save(w, a, n) == n);
    ENSURE(cap_world_restore(t, a, n) == CAP_WORLD_OK);
    ENSURE(cap_world_state_hash(t) == cap_world_state_hash(w));
    free(a);
    cap_world_destroy(w);
    cap_world_destroy(t);
    return 0;
}
