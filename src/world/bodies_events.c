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

/* An entry's order: (kind, a, b); within a kind, (a, b) as one key. */
static inline uint64_t tkey(const uint32_t* t) { return (uint64_t)t[1] << 32 | t[2]; }
static inline int tcmp(const uint32_t* x, const uint32_t* y)
{
    if (x[0] != y[0]) return x[0] < y[0] ? -1 : 1;
    uint64_t kx = tkey(x), ky = tkey(y);
    return kx < ky ? -1 : kx > ky;
}

/* Three regions of mcount + touch_count entries (one per kind). */
int cap_bodies_touch_room(cap_wbodies* b)
{
    return cap_world_reserve_u32(&b->tnew, &b->tnew_cap, 3 * TOUCH_WORDS * (b->mcount + b->touch_count + 1));
}

static int awake(const uint32_t* flags, uint32_t i)
{
    return (flags[i] & CAP_BALL_AWAKE) != 0;
}

/* Last step's pairs of kind region k (old[*p .. end)) below key (all when
 * key is ~0): kept while none of their bodies (and no ball of theirs) was
 * awake, else dropped (they end); the one equal to key is skipped (the
 * manifold remakes it). */
static void carry(cap_world* w, cap_wbodies* b, uint32_t* p, uint32_t end, uint64_t key, uint32_t* out, uint32_t* n)
{
    const uint32_t *bf = CAP_BODU(b, CAP_BODY_FLAGS), *ballf = CAP_BU(w, CAP_BALL_FLAGS);
    for (; *p < end; ++*p) {
        const uint32_t* o = &b->touch[TOUCH_WORDS * *p];
        uint64_t k = tkey(o);
        if (k >= key) {
            *p += k == key && key != ~(uint64_t)0;
            return;
        }
        int held = o[0] == 4 ? awake(bf, o[2]) : o[0] == 3 && awake(ballf, o[2]);
        if (awake(bf, o[1]) || held) continue;
        uint32_t* t = &out[TOUCH_WORDS * (*n)++];
        t[0] = o[0], t[1] = o[1], t[2] = o[2], t[3] = NONE;
    }
}

void cap_bodies_touching(cap_world* w, cap_wbodies* b)
{
    const cap_bstate* st = b->state;
    const float slop = 0.005f * w->def.units_per_meter;
    const uint32_t room = TOUCH_WORDS * (b->mcount + b->touch_count + 1);
    /* per region (kinds 2, 3, 4): its output, count, last step's cursor and end */
    uint32_t *out[3] = {b->tnew, b->tnew + room, b->tnew + 2 * room}, n[3] = {0, 0, 0}, p[3], end[3];
    for (uint32_t k = 0, q = 0; k < 3; k++) {
        p[k] = q;
        while (q < b->touch_count && b->touch[TOUCH_WORDS * q] == k + 2) q++;
        end[k] = q;
    }
    /* Each kind's manifolds come in (a, b) order (cap_bcontact_cmp):
     * contact kind 0 -> region 0, 2 (ball) -> 1, 1 (body) -> 2. */
    const uint32_t* ms = b->mstart;
    for (uint32_t m = 0; m < b->mcount; m++) {
        const cap_bcontact* c0 = &b->contacts[ms[m]];
        const uint32_t ck = c0->kind, r = ck == 0 ? 0 : 3 - ck;
        const uint32_t a = ck ? c0->a : c0->b, o = ck ? c0->b : c0->a;
        const uint64_t key = (uint64_t)a << 32 | o;
        /* (the common case: last step's next pair of the kind is this one) */
        if (p[r] < end[r] && tkey(&b->touch[TOUCH_WORDS * p[r]]) == key) p[r]++;
        else carry(w, b, &p[r], end[r], key, out[r], &n[r]);
        int now = c0->max_jn > 0.0f;
        for (uint32_t k = ms[m]; k < ms[m + 1] && !now; k++) {
            const cap_bcontact* c = &b->contacts[k];
            if (c->max_jn > 0.0f) { now = 1; break; }
            const cap_bstate* B = &st[c->sb];
            float wb = c->kind == 2 ? 0.0f : B->da; /* a ball's turn moves no surface point */
            float d = (B->dx - wb * c->rby) * c->nx + (B->dy + wb * c->rbx) * c->ny;
            if (c->sa != NONE) {
                const cap_bstate* A = &st[c->sa];
                d = d - ((A->dx - A->da * c->ray) * c->nx + (A->dy + A->da * c->rax) * c->ny);
            }
            now = c->sep + d <= slop;
        }
        if (!now) continue;
        uint32_t* t = &out[r][TOUCH_WORDS * n[r]++];
        t[0] = r + 2, t[1] = a, t[2] = o, t[3] = m;
    }
    uint32_t total = 0;
    for (uint32_t k = 0; k < 3; k++) {
        carry(w, b, &p[k], end[k], ~(uint64_t)0, out[k], &n[k]);
        memmove(&b->tnew[total], out[k], 4 * (size_t)TOUCH_WORDS * n[k]);
        total += TOUCH_WORDS * n[k];
    }
    b->tnew_count = total / TOUCH_WORDS;
}

void cap_bodies_events(cap_world* w)
{
    cap_wbodies* b = w->bodies;
    float hit = w->def.hit_speed_threshold * w->def.units_per_meter;
    const uint32_t *o = b->touch, *t = b->tnew;
    uint32_t i = 0, j = 0, oc = b->touch_count, tc = b->tnew_count;
    while (i < oc || j < tc) {
        if (i < oc && j < tc && !memcmp(&o[TOUCH_WORDS * i], &t[TOUCH_WORDS * j], 12)) { /* (the common case: still touching) */
            i++, j++;
            continue;
        }
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
        /* The manifold's point that approached fastest (contacts now in
         * prev): its speed, the point at the step's start (B's centre then
         * plus its anchor), the normal from the other object toward a. */
        const cap_bcontact* cp = &b->prev[b->mstart[e[3]]];
        for (uint32_t k = b->mstart[e[3]] + 1; k < b->mstart[e[3] + 1]; k++)
            if (b->prev[k].vn0 < cp->vn0) cp = &b->prev[k];
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
