/* capsule2d — capsule bodies' events: which pairs touch after a step (one
 * entry per pair, whatever its points), begin / end / hit by merging them
 * with last step's, and what a removal ends. A pair none of whose bodies
 * is awake is carried as it was: a pile that falls asleep ends nothing.
 * Event kinds and names (capsule2d_world.h): 2 body-static (a body, b
 * static), 3 body-ball (a body, b ball), 4 body-body (a < b). Cold, -Oz
 * (tools/c-sources.sh). */
#include <string.h>

#include "world/bodies.h"
#include "world/step_internal.h"

/* An entry's order: (kind, a, b). */
static int tcmp(const uint32_t* x, const uint32_t* y)
{
    for (int k = 0; k < 3; k++)
        if (x[k] != y[k]) return x[k] < y[k] ? -1 : 1;
    return 0;
}

int cap_bodies_touch_room(cap_wbodies* b)
{
    return cap_world_reserve_u32(&b->tnew, &b->tnew_cap, TOUCH_WORDS * (b->mcount + b->touch_count + 1));
}

static int awake(const uint32_t* flags, uint32_t i)
{
    return (flags[i] & CAP_BALL_AWAKE) != 0;
}

/* The contact kind of each event kind 2, 3, 4 (cap_bcontact.kind). */
static const uint8_t ckind_of[3] = {0, 2, 1};

void cap_bodies_touching(cap_world* w, cap_wbodies* b)
{
    const cap_bstate* st = b->state;
    const float slop = 0.005f * w->def.units_per_meter;
    uint32_t n = 0, p = 0;
    for (uint32_t ek = 2; ek <= 4; ek++) {
        /* A kind's manifolds come in (a, b) order (cap_bcontact_cmp). */
        for (uint32_t m = 0; m <= b->mcount; m++) {
            uint32_t e[TOUCH_WORDS] = {ek, NONE, NONE, NONE};
            int now = 0;
            float fast = 0.0f;
            if (m < b->mcount) {
                const cap_bcontact* c0 = &b->contacts[b->mstart[m]];
                if (c0->kind != ckind_of[ek - 2]) continue;
                e[1] = c0->kind ? c0->a : c0->b;
                e[2] = c0->kind ? c0->b : c0->a;
                for (uint32_t k = b->mstart[m]; k < b->mstart[m + 1]; k++) {
                    const cap_bcontact* c = &b->contacts[k];
                    const cap_bstate* B = &st[c->sb];
                    float wb = c->kind == 2 ? 0.0f : B->da; /* a ball's turn moves no surface point */
                    float d = (B->dx - wb * c->rby) * c->nx + (B->dy + wb * c->rbx) * c->ny;
                    if (c->sa != NONE) {
                        const cap_bstate* A = &st[c->sa];
                        d = d - ((A->dx - A->da * c->ray) * c->nx + (A->dy + A->da * c->rax) * c->ny);
                    }
                    now |= c->max_jn > 0.0f || c->sep + d <= slop;
                    if (e[3] == NONE || 0.0f - c->vn0 > fast) { e[3] = k; fast = 0.0f - c->vn0; }
                }
            }
            /* Last step's pairs of this kind up to it: kept while none of
             * their bodies (and no ball of theirs) was awake, else ended;
             * the one it matches is remade by it. */
            while (p < b->touch_count) {
                const uint32_t* o = &b->touch[TOUCH_WORDS * p];
                int c = m < b->mcount ? tcmp(o, e) : -1;
                if (o[0] != ek || c > 0) break;
                p++;
                if (c == 0) break;
                int held = ek == 4 ? awake(CAP_BODU(b, CAP_BODY_FLAGS), o[2])
                                   : ek == 3 && awake(CAP_BU(w, CAP_BALL_FLAGS), o[2]);
                if (awake(CAP_BODU(b, CAP_BODY_FLAGS), o[1]) || held) continue;
                uint32_t* t = &b->tnew[TOUCH_WORDS * n++];
                memcpy(t, o, 3 * sizeof *o);
                t[3] = NONE;
            }
            if (now) memcpy(&b->tnew[TOUCH_WORDS * n++], e, sizeof e);
        }
    }
    b->tnew_count = n;
}

void cap_bodies_events(cap_world* w)
{
    cap_wbodies* b = w->bodies;
    float hit = w->def.hit_speed_threshold * w->def.units_per_meter;
    const uint32_t *o = b->touch, *t = b->tnew;
    uint32_t i = 0, j = 0, oc = b->touch_count, tc = b->tnew_count;
    while (i < oc || j < tc) {
        int c = i == oc ? 1 : j == tc ? -1 : tcmp(&o[TOUCH_WORDS * i], &t[TOUCH_WORDS * j]);
        if (c < 0) {
            const uint32_t* e = &o[TOUCH_WORDS * i++];
            cap_world_emit(w, CAP_EVENT_END, e[0], e[1], e[2], NULL);
            continue;
        }
        const uint32_t* e = &t[TOUCH_WORDS * j++];
        i += c == 0;
        if (c == 0) continue;
        cap_world_emit(w, CAP_EVENT_BEGIN, e[0], e[1], e[2], NULL);
        /* The point that approached fastest (contacts now in prev): speed,
         * the point at the step's start (B's centre then plus its anchor),
         * the normal from the other object toward a. */
        const cap_bcontact* cp = &b->prev[e[3]];
        float speed = 0.0f - cp->vn0;
        if (!(speed >= hit)) continue;
        const cap_bstate* B = &b->state[cp->sb];
        float cx = cp->kind == 2 ? B->bx : CAP_BODF(b, CAP_BODY_X)[cp->b] - B->dx;
        float cy = cp->kind == 2 ? B->by : CAP_BODF(b, CAP_BODY_Y)[cp->b] - B->dy;
        float sgn = cp->kind ? -1.0f : 1.0f;
        float extra[5] = {speed, cx + cp->rbx, cy + cp->rby, sgn * cp->nx, sgn * cp->ny};
        cap_world_emit(w, CAP_EVENT_HIT, e[0], e[1], e[2], extra);
    }
    uint32_t* s = b->touch; b->touch = b->tnew; b->tnew = s;
    uint32_t sc = b->touch_cap; b->touch_cap = b->tnew_cap; b->tnew_cap = sc;
    b->touch_count = tc;
    b->tnew_count = 0;
    cap_bodies_sensors(w);
}

static void pend(cap_world* w, uint32_t ev, uint32_t kind, uint32_t a, uint32_t bb)
{
    uint32_t* e = &w->pending_end[CAP_PENDING_WORDS * w->pending_count++];
    e[0] = ev; e[1] = kind; e[2] = a; e[3] = bb;
    cap_world_event_ids(w, kind, a, bb, &e[4]); /* as they are now, before the removal */
}

uint32_t cap_bodies_forget(cap_world* w, int what, uint32_t slot, int apply)
{
    cap_wbodies* b = w->bodies;
    uint32_t n = 0, k = 0;
    for (uint32_t i = 0; i < b->touch_count; i++) {
        const uint32_t* t = &b->touch[TOUCH_WORDS * i];
        int mine = what == 2 ? t[1] == slot || (t[0] == 4 && t[2] == slot) : t[0] == 2u + (uint32_t)what && t[2] == slot;
        n += mine;
        if (!apply) continue;
        if (mine) pend(w, CAP_EVENT_END, t[0], t[1], t[2]);
        else memmove(&b->touch[TOUCH_WORDS * k++], t, TOUCH_WORDS * sizeof *t);
    }
    if (apply) b->touch_count = k;
    k = 0;
    for (uint32_t i = 0; i < b->sens_count; i++) {
        uint32_t s = b->sens[2 * i], body = b->sens[2 * i + 1];
        int mine = what == 2 ? body == slot : what == 0 && s == slot;
        n += mine;
        if (!apply) continue;
        if (mine) pend(w, CAP_EVENT_SENSOR_LEAVE, 2, body, s);
        else b->sens[2 * k] = s, b->sens[2 * k + 1] = body, k++;
    }
    if (apply) b->sens_count = k;
    return n;
}
