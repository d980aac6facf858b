/* capsule2d — waking and sleeping: balls written through views or touched
 * by a moving ball wake; touching groups slow for sleep_time sleep (a
 * union-find over the contacts with impulse, in slot order). */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/step_internal.h"

static int moved(const cap_world* w, const step_ctx* s, uint32_t i)
{
    return s->x[i] != w->last_x[i] || s->y[i] != w->last_y[i] || s->vx[i] != w->last_vx[i] || s->vy[i] != w->last_vy[i];
}


/* Waking: a ball written through a view (the next step takes it as the
 * start), a sleeping ball touched by a moving awake one. */
void cap_step_wake(cap_world* w, const step_ctx* s)
{
    const cap_world_def* d = &w->def;
    uint32_t n = s->n;
    /* Writes through views: wake, and take them as the start. */
    uint32_t asleep = 0; /* live balls asleep after the writes (the joints only wake more) */
    for (uint32_t i = 0; i < n; i++)
        if ((s->flags[i] & CAP_BALL_ALIVE) && moved(w, s, i)) {
            s->flags[i] |= CAP_BALL_AWAKE;
            s->st[i] = 0.0f;
        } else {
            asleep += (s->flags[i] & CAP_LIVE_AWAKE) == CAP_BALL_ALIVE;
        }
    if (asleep == 0) return; /* every ball awake: no joint or contact below has one side asleep */
    if (w->joint_count) cap_joints_wake(w, s->flags, s->st); /* joined balls wake together */
    /* Waking by contact: a sleeping ball touched by a moving awake one, or
     * struck this step (a speculative contact the approach closes within
     * dt: before, the ball bounced off the sleeper as off a wall). A strike
     * (approach faster than the restitution threshold, restitution > 0)
     * passes on through the sleeping balls touching the struck one, within
     * the slop (a Newton's cradle: impacts.c then hands it along), so they
     * wake too; STRUCK marks them meanwhile (a private flag bit, cleared
     * before the step goes on). */
    const uint32_t STRUCK = 1u << 31;
    float wake2 = d->sleep_speed * s->upm * d->sleep_speed * s->upm; /* (sleep_speed is in metres per second) */
    float thresh = d->restitution_threshold * s->upm;
    int struck = 0;
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* c = &w->contacts[k];
        if (c->kind != 1) continue;
        uint32_t a = c->a, b = c->b;
        int aw = (s->flags[a] & CAP_BALL_AWAKE) != 0, bw = (s->flags[b] & CAP_BALL_AWAKE) != 0;
        if (aw == bw) continue;
        float vn = (s->vx[b] - s->vx[a]) * c->nx + (s->vy[b] - s->vy[a]) * c->ny;
        if (c->s0 > 0.0f && !(c->s0 + vn * s->dt <= 0.0f)) continue;
        uint32_t mover = aw ? a : b, sleeper = aw ? b : a;
        float sp = s->vx[mover] * s->vx[mover] + s->vy[mover] * s->vy[mover];
        if (sp > wake2) {
            s->flags[sleeper] |= CAP_BALL_AWAKE;
            s->st[sleeper] = 0.0f;
            if (vn < 0.0f - thresh && c->restitution > 0.0f) {
                s->flags[sleeper] |= STRUCK;
                struck = 1;
            }
        }
    }
    for (int it = 0; struck && it < 64; it++) {
        int more = 0;
        for (uint32_t k = 0; k < w->contact_count; k++) {
            cap_wcontact* c = &w->contacts[k];
            if (c->kind != 1 || c->s0 > s->slop || !(c->restitution > 0.0f)) continue;
            uint32_t a = c->a, b = c->b, fa = s->flags[a], fb = s->flags[b];
            uint32_t sleeper = (fa & STRUCK) && !(fb & CAP_BALL_AWAKE) ? b : (fb & STRUCK) && !(fa & CAP_BALL_AWAKE) ? a : 0xffffffffu;
            if (sleeper == 0xffffffffu) continue;
            s->flags[sleeper] |= CAP_BALL_AWAKE | STRUCK;
            s->st[sleeper] = 0.0f;
            more = 1;
        }
        if (!more) break;
    }
    for (uint32_t k = 0; struck && k < w->contact_count; k++) {
        const cap_wcontact* c = &w->contacts[k];
        if (c->kind != 1) continue;
        s->flags[c->a] &= ~STRUCK;
        s->flags[c->b] &= ~STRUCK;
    }
}

/* (step_internal.h) */
void cap_sleep_join_joints(const cap_world* w, uint32_t* parent, uint32_t n)
{
    for (uint32_t k = 0; k < w->joint_slots && w->joint_count; k++) {
        const cap_wjoint* j = &w->joints[k];
        if (j->kind == 0 || j->a >= n || j->b >= n) continue; /* (a free slot, a world end or a body's) */
        uint32_t ra = cap_find_root(parent, j->a), rb = cap_find_root(parent, j->b);
        if (ra != rb) parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
    }
}

void cap_step_sleep(cap_world* w, const step_ctx* s)
{
    const cap_world_def* d = &w->def;
    float upm = d->units_per_meter;
    uint32_t n = s->n;
    if (d->sleep_enabled) {
        float sl2 = d->sleep_speed * upm * d->sleep_speed * upm;
        uint32_t* parent = w->island;
        for (uint32_t i = 0; i < n; i++) {
            if ((s->flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
            float wr = s->av[i] * s->rad[i];
            float sp = s->vx[i] * s->vx[i] + s->vy[i] * s->vy[i] + wr * wr;
            s->st[i] = sp < sl2 ? s->st[i] + d->dt : 0.0f;
        }
        /* (The contacts' joins are made: step.c's pass after the sub-steps, cap_sleep_join.) */
        /* Joined balls are one group: they sleep together (the joints left
         * after this step's breaks). */
        cap_sleep_join_joints(w, parent, n);
        /* A group with a ball joined to an awake capsule body stays awake. */
        const uint32_t HELD = 1u << 31;
        if (w->joint_count) cap_joints_hold_balls(w, parent, s->flags, HELD);
        /* A group's time is its least; store it at the root (float min). */
        for (uint32_t i = 0; i < n; i++) {
            if ((s->flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
            uint32_t r = cap_find_root(parent, i);
            if (s->st[i] < s->st[r]) s->st[r] = s->st[i];
        }
        for (uint32_t i = 0; i < n; i++) {
            if ((s->flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
            if (!(s->st[i] >= d->sleep_time)) continue; /* (before its root is found: most balls) */
            uint32_t r = cap_find_root(parent, i);
            if (s->st[r] >= d->sleep_time && !(s->flags[r] & HELD)) {
                s->flags[i] &= ~CAP_BALL_AWAKE;
                s->vx[i] = s->vy[i] = s->av[i] = 0.0f;
            }
        }
        for (uint32_t i = 0; w->joint_count && w->bodies && i < n; i++) s->flags[i] &= ~HELD; /* (only a body holds) */
    }
}
