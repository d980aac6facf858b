/* capsule2d — the step's events: begin, end and hit from the contacts,
 * sensor enter and leave, and the ends queued by removals; the debug
 * contacts for drawing. */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/step_internal.h"
#include "world/bodies.h"
#include "world/statics.h"

/* The words written in runs below (capsule2d_world.h, cap_event_word). */
_Static_assert(CAP_EVENT_WORD_NY == CAP_EVENT_WORD_SPEED + 4 && CAP_EVENT_WORD_USER_DATA_B == CAP_EVENT_WORD_GENERATION_A + 3 &&
                   CAP_EVENT_WORD_GENERATION_B == CAP_EVENT_WORD_GENERATION_A + 1 && CAP_EVENT_WORD_USER_DATA_A == CAP_EVENT_WORD_GENERATION_A + 2,
               "event words: speed, px, py, nx, ny; generation a, b, user data a, b (cap_world_event_ids)");

void cap_world_emit(cap_world* w, int kind, uint32_t ckind, uint32_t a, uint32_t b, const float* extra)
{
    uint32_t n = w->event_count[kind]++;
    if (n >= w->def.event_capacity) return;
    uint32_t* e = &w->events[kind][(size_t)n * CAP_EVENT_WORDS];
    e[CAP_EVENT_WORD_KIND] = ckind;
    e[CAP_EVENT_WORD_A] = a;
    e[CAP_EVENT_WORD_B] = b;
    float f[5] = {0, 0, 0, 0, 0}; /* speed, px, py, nx, ny */
    if (extra) memcpy(f, extra, sizeof f);
    memcpy(&e[CAP_EVENT_WORD_SPEED], f, sizeof f);
    cap_world_event_ids(w, ckind, a, b, &e[CAP_EVENT_WORD_GENERATION_A]);
}

/* At the step's start: no events yet, then the ends queued by removals. */
void cap_step_events_start(cap_world* w)
{
    for (int k = 0; k < CAP_EVENT_KINDS; k++) w->event_count[k] = 0;
    for (uint32_t i = 0; i < w->pending_count; i++) {
        cap_world_emit_pending(w, &w->pending_end[CAP_PENDING_WORDS * i]);
    }
    w->pending_count = 0;
}


/* Begin/end/hit by merging this step's contacts with last step's (both
 * in key order). */
void cap_step_events(cap_world* w, const step_ctx* s)
{
    const cap_world_def* d = &w->def;
    float upm = d->units_per_meter;
    float hit = d->hit_speed_threshold * upm;
    uint32_t p = 0;
    /* kp: the key of prev[p] (each key made once) */
    uint64_t kp = w->prev_count ? key64(&w->prev[0]) : 0;
    for (uint32_t k = 0; k <= w->contact_count; k++) {
        cap_wcontact* c = k < w->contact_count ? &w->contacts[k] : NULL;
        uint64_t kc = c ? key64(c) : 0;
        while (p < w->prev_count && (!c || kp < kc)) {
            const cap_wcontact* o = &w->prev[p++];
            if (p < w->prev_count) kp = key64(&w->prev[p]);
            if (o->touching) cap_world_emit(w, CAP_EVENT_END, o->kind, o->kind ? o->a : o->b, o->kind ? o->b : o->a, NULL);
        }
        if (!c) break;
        int was = c->touching;
        if (p < w->prev_count && kp == kc && ++p < w->prev_count) kp = key64(&w->prev[p]);
        int now;
        if (c->mass_n == 0.0f) {
            now = was;
        } else if (c->kbody || c->pivot) {
            now = c->max_jn > 0.0f || c->s0 <= 0.0f; /* s0: at the last sub-step's start */
        } else {
            uint32_t a = c->a, b = c->b;
            int two = c->kind == 1;
            float dpx = (s->x[b] - s->sx[b]) - (two ? s->x[a] - s->sx[a] : 0.0f);
            float dpy = (s->y[b] - s->sy[b]) - (two ? s->y[a] - s->sy[a] : 0.0f);
            now = c->max_jn > 0.0f || c->s0 + dpx * c->nx + dpy * c->ny <= 0.0f;
        }
        c->touching = (uint32_t)now;
        uint32_t ea = c->kind ? c->a : c->b, eb = c->kind ? c->b : c->a;
        if (now && !was) {
            cap_world_emit(w, CAP_EVENT_BEGIN, c->kind, ea, eb, NULL);
            float speed = 0.0f - c->vn0;
            if (speed >= hit) {
                float extra[5] = {speed, c->px, c->py, c->nx, c->ny};
                cap_world_emit(w, CAP_EVENT_HIT, c->kind, ea, eb, extra);
            }
        } else if (!now && was) {
            cap_world_emit(w, CAP_EVENT_END, c->kind, ea, eb, NULL);
        }
    }
}


/* Enter / leave (event kind ckind) from last step's overlaps and this
 * step's, both (static, object) pairs ascending by (object, static). */
static void sensor_merge(cap_world* w, uint32_t ckind, const uint32_t* old, uint32_t pc, const uint32_t* cur, uint32_t m)
{
    uint32_t i = 0, j = 0;
    while (i < pc || j < m) {
        int cmp;
        if (i == pc) cmp = 1;
        else if (j == m) cmp = -1;
        else {
            uint32_t ob = old[2 * i + 1], os = old[2 * i], nb = cur[2 * j + 1], ns = cur[2 * j];
            cmp = ob != nb ? (ob < nb ? -1 : 1) : (os != ns ? (os < ns ? -1 : 1) : 0);
        }
        if (cmp < 0) { cap_world_emit(w, CAP_EVENT_SENSOR_LEAVE, ckind, old[2 * i + 1], old[2 * i], NULL); i++; }
        else if (cmp > 0) { cap_world_emit(w, CAP_EVENT_SENSOR_ENTER, ckind, cur[2 * j + 1], cur[2 * j], NULL); j++; }
        else { i++; j++; }
    }
}

/* Sensors: overlaps of every live ball with sensor statics, merged with
 * last step's by (ball, static). */
void cap_step_sensors(cap_world* w, const step_ctx* s)
{
    uint32_t n = s->n;
    uint32_t sensors = 0, m = 0;
    for (uint32_t i = 0; !sensors && i < w->static_slots; i++) sensors = (w->static_info[3 * i + 2] & 1u) && w->statics[i].sensor; /* (any) */
    for (uint32_t b = 0; sensors > 0 && b < n; b++) {
        if (!(s->flags[b] & CAP_BALL_ALIVE)) continue;
        float r = s->rad[b];
        uint32_t cn = cap_world_static_candidates(w, s->x[b] - r, s->y[b] - r, s->x[b] + r, s->y[b] + r);
        for (uint32_t k = 0; k < cn; k++) {
            uint32_t si = w->cand[k];
            const cap_wstatic* st = &w->statics[si];
            if (!st->sensor || !((st->category & s->mask[b]) && (s->cat[b] & st->mask))) continue;
            int in = cap_static_circle(st, s->x[b], s->y[b], r);
            /* Out of memory: the overlap is missed this step (documented). */
            if (!in || cap_world_reserve_u32(&w->sensor_now, &w->sensor_now_cap, 2 * (m + 1))) continue;
            w->sensor_now[2 * m] = si;
            w->sensor_now[2 * m + 1] = b;
            m++;
        }
    }
    sensor_merge(w, 0, w->sensor_prev, w->sensor_prev_count, w->sensor_now, m);
    uint32_t* tp = w->sensor_prev; w->sensor_prev = w->sensor_now; w->sensor_now = tp;
    uint32_t tc = w->sensor_prev_cap; w->sensor_prev_cap = w->sensor_now_cap; w->sensor_now_cap = tc;
    w->sensor_prev_count = m;
}

/* The same for the live capsule bodies (event kind 2: a = body, b =
 * static): a body overlaps a sensor when its capsule meets the static's
 * shape (touching counts; a half-plane: an end of its core within its
 * radius of the line). */
void cap_bodies_sensors(cap_world* w)
{
    cap_wbodies* b = w->bodies;
    uint32_t sensors = 0, m = 0;
    for (uint32_t i = 0; !sensors && i < w->static_slots; i++) sensors = (w->static_info[3 * i + 2] & 1u) && w->statics[i].sensor; /* (any) */
    for (uint32_t i = 0; sensors > 0 && i < b->slots; i++) {
        if (!(CAP_BODU(b, CAP_BODY_FLAGS)[i] & CAP_BALL_ALIVE)) continue;
        cap_vec2 p0, p1;
        cap_body_ends(b, i, &p0, &p1);
        float r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
        uint32_t cat = CAP_BODU(b, CAP_BODY_CATEGORY)[i], mask = CAP_BODU(b, CAP_BODY_MASK)[i];
        uint32_t cn = cap_world_static_candidates(w, fmin2(p0.x, p1.x) - r, fmin2(p0.y, p1.y) - r, fmax2(p0.x, p1.x) + r,
                                                  fmax2(p0.y, p1.y) + r);
        for (uint32_t k = 0; k < cn; k++) {
            uint32_t si = w->cand[k];
            const cap_wstatic* st = &w->statics[si];
            if (!st->sensor || !((st->category & mask) && (cat & st->mask))) continue;
            cap_vec2 a = cap_v2(st->ax, st->ay), n = cap_v2(st->nx, st->ny);
            int in = cap_static_half_plane(st)
                         ? fmin2(cap_dot(cap_sub(p0, a), n), cap_dot(cap_sub(p1, a), n)) <= r
                         : cap_closest_points_on_segments(p0, p1, a, cap_v2(st->bx, st->by)).distance <= r + st->radius;
            /* Out of memory: the overlap is missed this step (documented). */
            if (!in || cap_world_reserve_u32(&b->snew, &b->snew_cap, 2 * (m + 1))) continue;
            b->snew[2 * m] = si;
            b->snew[2 * m + 1] = i;
            m++;
        }
    }
    sensor_merge(w, 2, b->sens, b->sens_count, b->snew, m);
    uint32_t* tp = b->sens; b->sens = b->snew; b->snew = tp;
    uint32_t tc = b->sens_cap; b->sens_cap = b->snew_cap; b->snew_cap = tc;
    b->sens_count = m;
}


uint32_t cap_world_contacts(const cap_world* w, float* out, uint32_t capacity)
{
    /* Made on demand from the last step's contacts (drawing only). */
    uint32_t j = 0;
    for (uint32_t k = 0; k < w->prev_count; k++) {
        const cap_wcontact* c = &w->prev[k];
        if (!c->touching) continue;
        if (j < capacity) {
            float* o = &out[CAP_DRAW_CONTACT_WORDS * (size_t)j];
            o[CAP_DRAW_CONTACT_PX] = c->px; o[CAP_DRAW_CONTACT_PY] = c->py;
            o[CAP_DRAW_CONTACT_NX] = c->nx; o[CAP_DRAW_CONTACT_NY] = c->ny;
            o[CAP_DRAW_CONTACT_SEPARATION] = c->s0; o[CAP_DRAW_CONTACT_IMPULSE] = c->jn;
        }
        j++;
    }
    return j;
}
