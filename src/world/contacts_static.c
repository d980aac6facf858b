/* capsule2d — the step's ball-static contacts: each ball against the
 * statics near it (the static grid; the kinematic and pivoted capsules
 * over their whole motion), one point per pair, speculative up to the
 * margin plus the ball's travel and clipped by its path
 * (cap_clip_speculative: only real touches act), in (ball, static) order.
 * The ball-ball contacts and the step's call: contacts.c. */
#include <string.h>

#include "core/scalar.h"
#include "world/step_internal.h"
#include "world/statics.h"

/* Only real touches act (CONVENTIONS, "The world"). A speculative contact
 * (separation sep > 0 at the step's start) is linearised along its start
 * normal, and past the end of a segment or round a circle that line is not
 * the shape: the solver would act on a ball whose path never comes near it
 * (a ghost hit). So each one is clipped by the true path over the step,
 * p0 + tau d (tau in [0, 1], d the move relative to the other shape), against
 * the core a-b at distance R:
 * - it reaches R at tau*: the normal there, and a start separation that
 *   the linearised one closes exactly at tau* (s0 = -tau* d.n);
 * - its closest approach is inside the move, within the margin: aimed
 *   there (the normal at the closest approach, s0 = the gap then), which
 *   the linearisation never closes unless something else pushes (gravity's
 *   bow, a ball above, a neighbour): inert for the path itself;
 * - else (farther, or still closing at the move's end and more than reach
 *   away then: the next step's contact, aimed then) no contact (0): kept
 *   now, the relax pass would slow the ball for a touch it has not made.
 * Contacts touching at the start (sep <= 0) are left as they are.
 * Writes the normal, separation and closest core point; returns 1 to keep.
 * keep (a kinematic contact, posed anew each sub-step, cannot be dropped):
 * instead of no contact, one aimed at the closest approach with the
 * separation grown by twice the move, so that neither the linearised
 * closing nor the relax pass's speculative bias can ever act. */
int cap_clip_speculative(const step_ctx* s, float p0x, float p0y, float dx, float dy, float ax, float ay, float bx, float by,
                         float R, int keep, float* nx, float* ny, float* sep, float* qx, float* qy)
{
    float tau = cap_toi_segment(p0x, p0y, dx, dy, ax, ay, bx, by, R, 0.0f);
    if (!(tau <= 1.0f)) {
        cap_segment_pair cp = cap_closest_points_on_segments(cap_v2(p0x, p0y), cap_v2(p0x + dx, p0y + dy), cap_v2(ax, ay), cap_v2(bx, by));
        int closing = cp.s >= 1.0f && (dx != 0.0f || dy != 0.0f);
        if (!(cp.distance <= R + (closing ? s->reach : s->margin))) {
            if (!keep) return 0;
            cap_vec2 u = {*nx, *ny};
            if (cap_length_and_normalize(cap_v2(cp.point1.x - cp.point2.x, cp.point1.y - cp.point2.y), &u) > 0.0f) {
                *nx = u.x;
                *ny = u.y;
            }
            *sep = (cp.distance - R) + 2.0f * cap_length(cap_v2(dx, dy));
            *qx = cp.point2.x;
            *qy = cp.point2.y;
            return 1;
        }
        tau = cp.s;
    }
    float px = p0x + tau * dx, py = p0y + tau * dy;
    cap_segment_point q = cap_closest_point_on_segment(cap_v2(ax, ay), cap_v2(bx, by), cap_v2(px, py));
    cap_vec2 u = {*nx, *ny};
    float dist = cap_length_and_normalize(cap_v2(px - q.point.x, py - q.point.y), &u);
    if (!(dist > 0.0f)) u = cap_v2(*nx, *ny); /* (rounding) keep the start normal */
    *nx = u.x;
    *ny = u.y;
    *sep = (dist - R) - tau * (dx * u.x + dy * u.y);
    *qx = q.point.x;
    *qy = q.point.y;
    return 1;
}

/* Ball b against static k, from the start positions. *gap (in: the
 * least so far) is lowered to the static's gap to the ball when that is
 * less and it is fixed (the caller's clearance: struct cap_ball_cands). */
static int static_contact(cap_world* w, const step_ctx* s, uint32_t b, uint32_t k, float margin, cap_wcontact* c, float* gap)
{
    const cap_wstatic* st = &w->statics[k];
    float px = s->x[b], py = s->y[b], r = s->rad[b];
    float nx, ny, sep, cx, cy;
    if (cap_static_half_plane(st)) {
        float d = (px - st->ax) * st->nx + (py - st->ay) * st->ny;
        sep = d - r;
        *gap = fmin2(*gap, sep);
        if (sep > margin) return 0;
        nx = st->nx;
        ny = st->ny;
        cx = px - d * nx;
        cy = py - d * ny;
    } else {
        cap_segment_point q = cap_closest_point_on_segment(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), cap_v2(px, py));
        float dx = px - q.point.x, dy = py - q.point.y;
        if (st->in_chain == 2u && (st->bx - st->ax) * (py - st->ay) - (st->by - st->ay) * (px - st->ax) < 0.0f)
            return 0; /* one-sided: a centre on the right of a->b (a line's solid side) is behind it */
        float R = r + st->radius, d2 = dx * dx + dy * dy, e = R + *gap;
        if (cap_static_fixed(st) && d2 < e * e) *gap = fmin2(*gap, __builtin_sqrtf(d2) - R);
        if (st->in_chain) {
            /* Ghost collisions: a joint's contact is the previous piece's
             * (its end); at its end a piece keeps it only when the ball is
             * not over the next piece (which then has it inside). */
            if (q.t <= 0.0f && st->chain_prev != 0xffffffffu) return 0;
            if (q.t >= 1.0f && st->chain_next != 0xffffffffu) {
                const cap_wstatic* nb = &w->statics[st->chain_next];
                if ((px - st->bx) * (nb->bx - nb->ax) + (py - st->by) * (nb->by - nb->ay) > 0.0f) return 0;
            }
        }
        float lim = R + margin;
        if (cap_static_fixed(st) && d2 > lim * lim) return 0;
        cap_vec2 u = {0.0f, 1.0f};
        float dist = cap_length_and_normalize(cap_v2(dx, dy), &u);
        if (!(dist > 0.0f)) {
            float ex = st->bx - st->ax, ey = st->by - st->ay;
            /* On the core: its left normal (a one-sided piece's front). */
            if (cap_length_and_normalize(cap_v2(0.0f - ey, ex), &u) > 0.0f) {
            } else {
                u = cap_v2(0.0f, 1.0f);
            }
        }
        nx = u.x;
        ny = u.y;
        sep = dist - R;
        float qx = q.point.x, qy = q.point.y;
        /* A speculative contact with a fixed shape: clipped by the ball's
         * path (kinematic and pivoted ones are posed anew each sub-step). */
        if (sep > 0.0f && cap_static_fixed(st)) {
            float g = s->gs[b] * s->dt * s->dt * 0.5f;
            float mx = s->vx[b] * s->dt + g * s->gx, my = s->vy[b] * s->dt + g * s->gy;
            if (!cap_clip_speculative(s, px, py, mx, my, st->ax, st->ay, st->bx, st->by, R, 0, &nx, &ny, &sep, &qx, &qy)) return 0;
            if (st->in_chain) {
                /* The chain rules again where it meets the path. */
                float tx = qx + (nx * R), ty = qy + (ny * R);
                cap_segment_point q2 = cap_closest_point_on_segment(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), cap_v2(tx, ty));
                if (q2.t <= 0.0f && st->chain_prev != 0xffffffffu) return 0;
                if (q2.t >= 1.0f && st->chain_next != 0xffffffffu) {
                    const cap_wstatic* nb = &w->statics[st->chain_next];
                    if ((tx - st->bx) * (nb->bx - nb->ax) + (ty - st->by) * (nb->by - nb->ay) > 0.0f) return 0;
                }
            }
        }
        cx = qx + st->radius * nx;
        cy = qy + st->radius * ny;
    }
    memset(c, 0, sizeof *c);
    c->a = k;
    c->b = b;
    c->kind = 0;
    c->nx = nx;
    c->ny = ny;
    c->s0 = sep;
    c->ra = 0.0f;
    c->rb = r;
    c->friction = __builtin_sqrtf(st->friction * s->fric[b]);
    c->restitution = fmax2(st->restitution, s->rest[b]);
    c->rolling = fmax2(st->rolling, s->roll[b]) * r;
    c->px = cx;
    c->py = cy;
    return 1;
}

int cap_step_static_contacts(cap_world* w, const step_ctx* s)
{
    w->contact_count = 0;
    cap_wcontact c;
    for (uint32_t b = 0; b < s->n; b++) {
        if (!(s->flags[b] & CAP_BALL_ALIVE)) continue;
        /* Speculative reach: the margin plus this step's travel, up to four
         * radii (farther is continuous collision's job). */
        float travel = cap_length(cap_v2(s->vx[b], s->vy[b])) * w->def.dt;
        float margin = s->margin + fmin2(travel, 4.0f * s->rad[b]);
        float r = s->rad[b] + margin;
        uint32_t m, lines = w->line_count;
        const uint32_t* cand = w->cand;
        /* The lines (every ball's candidates; half-planes) left out when
         * each is farther than the margin (static_contact's test: no
         * contact, and its gap is not the least): line_count 0 meanwhile. */
        {
            const cap_wstatic* S = w->statics;
            const uint32_t* L = w->lines;
            const float px = s->x[b], py = s->y[b], pr = s->rad[b];
            uint32_t far = 0;
            while (far < lines && (px - S[L[far]].ax) * S[L[far]].nx + (py - S[L[far]].ay) * S[L[far]].ny - pr > margin) far++;
            if (far == lines) w->line_count = 0;
        }
        if (w->kin_count == 0) /* (the kinematic ones below are added to w->cand) */
            cand = cap_ball_candidates(w, b, s->rad[b], s->x[b] - r, s->y[b] - r, s->x[b] + r, s->y[b] + r, &m);
        else
            m = cap_world_ball_static_candidates(w, b, s->rad[b], s->x[b] - r, s->y[b] - r, s->x[b] + r, s->y[b] + r);
        w->line_count = lines;
        /* Kinematic capsules whose box over the whole step (centre path
         * plus half length and radius) meets the ball's: a contact for
         * every sub-step, however far at the start. */
        uint32_t m0 = m;
        for (uint32_t k = 0; k < w->kin_count; k++) {
            const cap_wstatic* st = &w->statics[w->kins[k]];
            float reach = fmax2(st->la, st->lb) + st->radius, ex = w->def.dt * st->vx, ey = w->def.dt * st->vy;
            if (st->cx + fmin2(ex, 0.0f) - reach > s->x[b] + r || st->cx + fmax2(ex, 0.0f) + reach < s->x[b] - r ||
                st->cy + fmin2(ey, 0.0f) - reach > s->y[b] + r || st->cy + fmax2(ey, 0.0f) + reach < s->y[b] - r)
                continue;
            w->cand[m++] = w->kins[k];
        }
        for (uint32_t p = m0; p < m; p++) { /* merge into slot order */
            uint32_t v = w->cand[p], q = p;
            while (q > 0 && w->cand[q - 1] > v) { w->cand[q] = w->cand[q - 1]; q--; }
            w->cand[q] = v;
        }
        /* Its clearance (the statics outside the box are more than margin
         * away; those it has a contact with do not count). */
        float clear = margin;
        for (uint32_t k = 0; k < m; k++) {
            uint32_t i = cand[k];
            const cap_wstatic* st = &w->statics[i];
            if (st->sensor || !((st->category & s->mask[b]) && (s->cat[b] & st->mask))) continue;
            float gap = clear;
            if (!static_contact(w, s, b, i, margin, &c, &gap)) clear = gap;
            else if (!cap_push_contact(w, &c)) return 0;
        }
        w->ball_cands[b].clear = clear;
    }
    return 1;
}
