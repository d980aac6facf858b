/* capsule2d — impacts passed through touching balls (a Newton's cradle),
 * before the sub-steps.
 *
 * The step's restitution acts once, after the sub-steps, on each contact
 * that was approaching at the step's start (step.c, 4.). A ball that
 * strikes a row of touching balls at rest therefore moves the whole row
 * together in the sub-steps (inelastic) and only its own contact bounces:
 * the momentum spreads over the row (a 5-ball cradle's last ball left at
 * 36% of the first's speed). Here, before the sub-steps, such an impact is
 * resolved as the sequence of pairwise impacts it is: when a ball-ball
 * contact with restitution closes this step faster than the restitution
 * threshold and one of its balls touches another ball at rest (relative
 * normal speed within the threshold, restitution > 0), the contacts among
 * the balls so struck are swept in contact order, each approaching one
 * given the bounce restitution() would give it (target speed -e vn, shaded
 * by 2^-12 as there), and the balls it joins struck, until none approaches
 * (at most MAX_SWEEPS sweeps). Those contacts then bounce no more this step
 * (restitution 0 for restitution()); their approach speed (vn0) keeps the
 * fastest approach for the hit events. Where no contact qualifies nothing
 * is written. Ball-static contacts and capsule bodies are not involved. */
#include <string.h>

#include "core/scalar.h"
#include "world/step_internal.h"

#define MAX_SWEEPS 16

enum { RESTING = 1u, STRUCK = 2u };

/* A ball's marks during this pass, in its solver body's unused pad word
 * (0 before and after). */
static uint32_t marks(const cap_wbody* b)
{
    uint32_t m;
    memcpy(&m, &b->pad, sizeof m);
    return m;
}

static void add_marks(cap_wbody* b, uint32_t m)
{
    m |= marks(b);
    memcpy(&b->pad, &m, sizeof m);
}

/* A ball-ball contact that can bounce: restitution, a moving ball. */
static int bouncy(const cap_wcontact* c)
{
    return c->kind == 1 && c->restitution > 0.0f && c->mass_n > 0.0f;
}

static float normal_speed(const cap_wcontact* c, const cap_wbody* body)
{
    const cap_wbody *a = &body[c->a], *b = &body[c->b];
    return (b->vx - a->vx) * c->nx + (b->vy - a->vy) * c->ny;
}

CAP_SMALL void cap_step_impacts(cap_world* w, const step_ctx* s, cap_wbody* body)
{
    const float thresh = w->def.restitution_threshold * s->upm, slop = s->slop, dt = s->dt;
    cap_wcontact* C = w->contacts;
    const uint32_t nc = w->contact_count;
    /* Balls touching another ball at rest. */
    int resting = 0;
    for (uint32_t k = 0; k < nc; k++) {
        const cap_wcontact* c = &C[k];
        if (!bouncy(c) || c->s0 > slop) continue;
        float vn = normal_speed(c, body);
        if (vn < 0.0f - thresh || vn > thresh) continue;
        add_marks(&body[c->a], RESTING);
        add_marks(&body[c->b], RESTING);
        resting = 1;
    }
    if (!resting) return;
    /* Strikes: a contact closing this step, on a ball so touching. */
    int struck = 0;
    for (uint32_t k = 0; k < nc; k++) {
        const cap_wcontact* c = &C[k];
        if (!bouncy(c) || !((marks(&body[c->a]) | marks(&body[c->b])) & RESTING)) continue;
        float vn = normal_speed(c, body);
        if (!(vn < 0.0f - thresh && c->s0 + vn * dt < slop)) continue;
        add_marks(&body[c->a], STRUCK);
        add_marks(&body[c->b], STRUCK);
        struck = 1;
    }
    for (int it = 0; struck && it < MAX_SWEEPS; it++) {
        int any = 0;
        for (uint32_t k = 0; k < nc; k++) {
            cap_wcontact* c = &C[k];
            if (!bouncy(c) || !((marks(&body[c->a]) | marks(&body[c->b])) & STRUCK)) continue;
            float vn = normal_speed(c, body);
            if (!(vn < 0.0f - thresh && c->s0 + vn * dt < slop)) continue;
            float imp = 0.0f - c->mass_n * (vn + c->restitution * 0.999755859375f * vn);
            cap_wbody *a = &body[c->a], *b = &body[c->b];
            a->vx = a->vx - c->ma * imp * c->nx;
            a->vy = a->vy - c->ma * imp * c->ny;
            b->vx = b->vx + c->mb * imp * c->nx;
            b->vy = b->vy + c->mb * imp * c->ny;
            c->vn0 = fmin2(c->vn0, vn);
            add_marks(a, STRUCK);
            add_marks(b, STRUCK);
            any = 1;
        }
        if (!any) break;
    }
    for (uint32_t k = 0; k < nc; k++) {
        cap_wcontact* c = &C[k];
        if (c->kind != 1) continue;
        if (bouncy(c) && (marks(&body[c->a]) & marks(&body[c->b]) & STRUCK)) c->restitution = 0.0f;
    }
    for (uint32_t k = 0; k < nc; k++) {
        const cap_wcontact* c = &C[k];
        if (c->kind != 1) continue;
        body[c->a].pad = 0.0f;
        body[c->b].pad = 0.0f;
    }
}
