/* The world's game-facing C API (issue 26): event records carry both
 * objects' generations and user data (a removed object's as it was),
 * cap_world_set_def checks everything first, user data survives snapshots. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "capsule2d_world.h"

static cap_world* api_world(void)
{
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 8;
    d.static_capacity = 8;
    return cap_world_create(&d);
}

static uint32_t api_floor(cap_world* w, uint32_t data)
{
    cap_static_def s;
    cap_static_def_default(&s);
    s.kind = CAP_STATIC_LINE;
    s.ax = -10; s.bx = 10;
    s.user_data = data;
    uint32_t slot = 0;
    return cap_world_add_static(w, &s, &slot) == 0 ? slot : 0xffffffffu;
}

static uint32_t api_ball(cap_world* w, float x, float y, uint32_t data)
{
    cap_ball_def b;
    cap_ball_def_default(&b);
    b.x = x; b.y = y; b.radius = 0.25f;
    b.user_data = data;
    uint32_t slot = 0;
    return cap_world_add_ball(w, &b, &slot) == 0 ? slot : 0xffffffffu;
}

int test_world_events_carry_generations_and_user_data(void)
{
    cap_world* w = api_world();
    ENSURE(w != NULL);
    uint32_t floor = api_floor(w, 0xf100u);
    uint32_t a = api_ball(w, 0, 0.25f, 0xa1u); /* resting on the floor */
    ENSURE(floor == 0 && a == 0);
    ENSURE(cap_world_step(w) == 0);
    ENSURE(cap_world_event_count(w, CAP_EVENT_BEGIN) == 1);
    const uint32_t* e = cap_world_events(w, CAP_EVENT_BEGIN);
    ENSURE(e[0] == 0 && e[1] == a && e[2] == floor);
    ENSURE(e[8] == 1 && e[9] == 1 && e[10] == 0xa1u && e[11] == 0xf100u);
    /* Remove the ball and put a new one in its slot before the step: the end
     * event names the removed ball's generation and user data. */
    ENSURE(cap_world_remove_ball(w, a) == 0);
    ENSURE(api_ball(w, 3, 5, 0xb2u) == a);
    ENSURE(cap_world_step(w) == 0);
    ENSURE(cap_world_event_count(w, CAP_EVENT_END) == 1);
    e = cap_world_events(w, CAP_EVENT_END);
    ENSURE(e[1] == a && e[2] == floor);
    ENSURE(e[8] == 1 && e[10] == 0xa1u); /* not generation 2, not 0xb2 */
    ENSURE(((const uint32_t*)cap_world_ball_field(w, CAP_BALL_GENERATION))[a] == 2);
    ENSURE(((const uint32_t*)cap_world_ball_field(w, CAP_BALL_USER_DATA))[a] == 0xb2u);
    cap_world_destroy(w);
    return 0;
}

int test_world_pending_end_with_no_event_room(void)
{
    /* event_capacity 0: the queued end is counted, nothing is written. */
    cap_world_def d;
    cap_world_def_default(&d);
    d.ball_capacity = 2;
    d.event_capacity = 0;
    cap_world* w = cap_world_create(&d);
    ENSURE(w != NULL);
    api_floor(w, 1);
    uint32_t a = api_ball(w, 0, 0.25f, 2);
    ENSURE(cap_world_step(w) == 0);
    ENSURE(cap_world_remove_ball(w, a) == 0);
    ENSURE(cap_world_step(w) == 0);
    ENSURE(cap_world_event_count(w, CAP_EVENT_END) == 1);
    cap_world_destroy(w);
    return 0;
}

int test_world_set_def_checks_first(void)
{
    cap_world* w = api_world();
    ENSURE(w != NULL);
    api_floor(w, 0);
    uint32_t a = api_ball(w, 0, 0.25f, 0);
    for (int i = 0; i < 120; i++) ENSURE(cap_world_step(w) == 0);
    const uint32_t* flags = cap_world_ball_field(w, CAP_BALL_FLAGS);
    ENSURE(flags[a] == CAP_BALL_ALIVE); /* asleep */
    cap_world_def before = *cap_world_get_def(w), d = before;
    d.sub_steps = 65;
    d.gravity_y = 5.0f;
    ENSURE(cap_world_set_def(w, &d) == CAP_WORLD_BAD_VALUE);
    ENSURE(memcmp(cap_world_get_def(w), &before, sizeof before) == 0);
    ENSURE(flags[a] == CAP_BALL_ALIVE); /* nothing changed, still asleep */
    d = before;
    d.contact_hertz = -1.0f;
    ENSURE(cap_world_set_def(w, &d) == CAP_WORLD_BAD_VALUE);
    /* The same def: no change, no wake. */
    ENSURE(cap_world_set_def(w, &before) == 0 && flags[a] == CAP_BALL_ALIVE);
    d = before;
    d.gravity_y = 10.0f;
    d.dt = 0.5f;              /* fixed at creation: ignored */
    d.ball_capacity = 1;      /* ignored */
    d.event_capacity = 99999; /* ignored */
    ENSURE(cap_world_set_def(w, &d) == 0);
    ENSURE(flags[a] == (CAP_BALL_ALIVE | CAP_BALL_AWAKE));
    ENSURE(cap_world_get_def(w)->gravity_y == 10.0f && cap_world_get_def(w)->dt == before.dt);
    ENSURE(cap_world_get_def(w)->event_capacity == before.event_capacity);
    for (int i = 0; i < 30; i++) ENSURE(cap_world_step(w) == 0);
    ENSURE(((const float*)cap_world_ball_field(w, CAP_BALL_Y))[a] > 1.0f); /* fell up */
    cap_world_destroy(w);
    return 0;
}

int test_world_user_data_in_snapshots(void)
{
    cap_world* w = api_world();
    ENSURE(w != NULL);
    uint32_t s = api_floor(w, 0xdeadbeefu);
    uint32_t a = api_ball(w, 0, 2, 0x12345678u);
    ENSURE(cap_world_static_user_data(w, s) == 0xdeadbeefu);
    ENSURE(cap_world_set_static_user_data(w, s, 77) == 0 && cap_world_static_user_data(w, s) == 77);
    ENSURE(cap_world_set_static_user_data(w, 5, 1) == CAP_WORLD_BAD_HANDLE);
    ENSURE(cap_world_static_user_data(w, 5) == 0);
    uint32_t n = cap_world_save(w, NULL, 0);
    uint8_t* bytes = malloc(n);
    ENSURE(bytes && cap_world_save(w, bytes, n) == n);
    uint32_t format;
    memcpy(&format, bytes + 4, 4);
    ENSURE(format == CAP_SNAPSHOT_FORMAT && format == 2);
    cap_world* t = api_world();
    ENSURE(t && cap_world_restore(t, bytes, n) == 0);
    ENSURE(cap_world_static_user_data(t, s) == 77);
    ENSURE(((const uint32_t*)cap_world_ball_field(t, CAP_BALL_USER_DATA))[a] == 0x12345678u);
    free(bytes);
    cap_world_destroy(t);
    cap_world_destroy(w);
    return 0;
}
