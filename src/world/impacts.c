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
#include "kernels/grid.h"
#include "world/step_internal.h"

#define MAX_SWEEPS 16

_Static_assert(sizeof(cap_wcontact) >= 7 * sizeof(uint32_t), "impacts.c keeps 7 words a contact in the merge block");

enum { RESTING = 1u, STRUCK = 2u, LISTED = 4u };

/* A ball's marks during this pass, in its solver body's unused pad word
 * (0 before and after). */
CAP_INLINE_ALWAYS uint32_t marks(const cap_wbody* b)
{
    uint32_t m;
    memcpy(&m, &b->pad, sizeof m);
    return m;
}

CAP_INLINE_ALWAYS void add_marks(cap_wbody* b, uint32_t m)
{
    m |= marks(b);
    memcpy(&b->pad, &m, sizeof m);
}

/* A ball-ball contact that can bounce: restitution, a moving ball. */
CAP_INLINE_ALWAYS int bouncy(const cap_wcontact* c)
{
    return c->kind == 1 && c->restitution > 0.0f && c->mass_n > 0.0f;
}

CAP_INLINE_ALWAYS float normal_speed(const cap_wcontact* c, const cap_wbody* body)
{
    const cap_wbody *a = &body[c->a], *b = &body[c->b];
    return (b->vx - a->vx) * c->nx + (b->vy - a->vy) * c->ny;
}

/* The first ball-ball contact (contacts are in key order, kind first). */
static uint32_t first_pair(const cap_wcontact* C, uint32_t nc)
{
    uint32_t lo = 0, hi = nc;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (C[mid].kind == 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* A min-heap of contact indices (a sweep's contacts that qualified during
 * it, ahead of its cursor: see cap_step_impacts). */
static void heap_push(uint32_t* h, uint32_t* n, uint32_t v)
{
    uint32_t i = (*n)++;
    while (i > 0 && h[(i - 1) / 2] > v) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = v;
}

static uint32_t heap_pop(uint32_t* h, uint32_t* n)
{
    uint32_t top = h[0], v = h[--*n], i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= *n) break;
        if (c + 1 < *n && h[c + 1] < h[c]) c++;
        if (h[c] >= v) break;
        h[i] = h[c];
        i = c;
    }
    if (*n) h[i] = v;
    return top;
}

/* Ball x (marked STRUCK just now): its bouncy contacts (adjacency list
 * adj[lo .. hi)) whose other ball is not struck qualify now: those after
 * the sweep's cursor k to the heap (this sweep), the others to the next. */
static void qualify(const cap_wcontact* C, const cap_wbody* body, const uint32_t* adj, uint32_t lo, uint32_t hi, uint32_t x,
                    uint32_t k, uint32_t* heap, uint32_t* nh, uint32_t* next, uint32_t* nn)
{
    for (uint32_t p = lo; p < hi; p++) {
        uint32_t j = adj[p], y = C[j].a == x ? C[j].b : C[j].a;
        if (marks(&body[y]) & STRUCK) continue; /* qualified before */
        if (j > k) heap_push(heap, nh, j);
        else next[(*nn)++] = j;
    }
}

/* The passes below are the plain ones (every ball-ball contact scanned in
 * order: marks, strikes, up to MAX_SWEEPS sweeps, restitution cleared)
 * done on the few contacts that can act, with the same operations in the
 * same order, so the same bits:
 * - one scan computes each bouncy contact's normal speed, marks the
 *   resting balls and lists the contacts closing this step (the strikes'
 *   candidates: velocities do not change before the sweeps);
 * - a sweep visits, in contact order, each contact with a struck ball (a
 *   "qualified" one; marks only grow): those qualified at its start (Q,
 *   sorted) and, through the balls' contact lists (adj), those that
 *   qualify during it, after its cursor (a heap: visited in this sweep, as
 *   the plain scan reaches them) or before it (the next sweep's).
 * Scratch, free during the sub-steps' setup: the merge block (contact_cap
 * contacts of 36 words; 7 words a ball-ball contact are used) and the ball
 * grid's order (ball_cap words: the starts of the balls' lists). */
CAP_SMALL void cap_step_impacts(cap_world* w, const step_ctx* s, cap_wbody* body)
{
    const float thresh = w->def.restitution_threshold * s->upm, slop = s->slop, dt = s->dt;
    cap_wcontact* C = w->contacts;
    const uint32_t nc = w->contact_count, n = s->n;
    const uint32_t k1 = first_pair(C, nc), np = nc - k1;
    if (np == 0) return;
    uint32_t* cand = (uint32_t*)(void*)w->merge; /* np each: cand, Q, P, next, heap; 2 np adj */
    uint32_t *Q = cand + np, *P = Q + np, *next = P + np, *heap = next + np, *adj = heap + np, *start = w->order;
    /* Balls touching another ball at rest; the closing contacts. */
    int resting = 0;
    uint32_t ncand = 0;
    for (uint32_t k = k1; k < nc; k++) {
        const cap_wcontact* c = &C[k];
        if (!bouncy(c)) continue;
        float vn = normal_speed(c, body);
        if (vn < 0.0f - thresh && c->s0 + vn * dt < slop) cand[ncand++] = k;
        if (c->s0 > slop) continue;
        if (vn < 0.0f - thresh || vn > thresh) continue;
        add_marks(&body[c->a], RESTING);
        add_marks(&body[c->b], RESTING);
        resting = 1;
    }
    if (!resting) return;
    /* Strikes: a contact closing this step, on a ball so touching. */
    int struck = 0;
    for (uint32_t q = 0; q < ncand; q++) {
        const cap_wcontact* c = &C[cand[q]];
        if (!((marks(&body[c->a]) | marks(&body[c->b])) & RESTING)) continue;
        add_marks(&body[c->a], STRUCK);
        add_marks(&body[c->b], STRUCK);
        struck = 1;
    }
    if (struck) {
        /* Each ball's bouncy contacts, ascending, adj[start[x] .. end(x)):
         * counts, their running sums (each list's end), filled from the
         * back (each end counts down to the list's start). */
        memset(start, 0, (size_t)n * 4);
        for (uint32_t k = k1; k < nc; k++)
            if (bouncy(&C[k])) {
                start[C[k].a]++;
                start[C[k].b]++;
            }
        for (uint32_t i = 1; i < n; i++) start[i] += start[i - 1];
        const uint32_t nadj = start[n - 1];
        for (uint32_t k = nc; k-- > k1;)
            if (bouncy(&C[k])) {
                adj[--start[C[k].a]] = k;
                adj[--start[C[k].b]] = k;
            }
        /* Q: the contacts with a struck ball, sorted (each struck ball's
         * listed once, LISTED; a contact of two struck balls from the lower). */
        uint32_t nq = 0;
        for (uint32_t q = 0; q < ncand; q++) {
            const cap_wcontact* c = &C[cand[q]];
            for (int e = 0; e < 2; e++) {
                uint32_t x = e ? c->b : c->a;
                if ((marks(&body[x]) & (STRUCK | LISTED)) != STRUCK) continue;
                add_marks(&body[x], LISTED);
                for (uint32_t p = start[x], e1 = x + 1 < n ? start[x + 1] : nadj; p < e1; p++) {
                    const cap_wcontact* d = &C[adj[p]];
                    uint32_t y = d->a == x ? d->b : d->a;
                    if (!(marks(&body[y]) & STRUCK) || x < y) Q[nq++] = adj[p];
                }
            }
        }
        cap_sort_u32(Q, nq);
        for (int it = 0; it < MAX_SWEEPS; it++) {
            int any = 0;
            uint32_t qi = 0, nh = 0, nn = 0, npv = 0;
            while (qi < nq || nh) {
                uint32_t k = nh && (qi >= nq || heap[0] < Q[qi]) ? heap_pop(heap, &nh) : Q[qi++];
                P[npv++] = k;
                cap_wcontact* c = &C[k];
                float vn = normal_speed(c, body);
                if (!(vn < 0.0f - thresh && c->s0 + vn * dt < slop)) continue;
                float imp = 0.0f - c->mass_n * (vn + c->restitution * 0.999755859375f * vn);
                cap_wbody *a = &body[c->a], *b = &body[c->b];
                a->vx = a->vx - c->ma * imp * c->nx;
                a->vy = a->vy - c->ma * imp * c->ny;
                b->vx = b->vx + c->mb * imp * c->nx;
                b->vy = b->vy + c->mb * imp * c->ny;
                c->vn0 = fmin2(c->vn0, vn);
                for (int e = 0; e < 2; e++) {
                    uint32_t x = e ? c->b : c->a;
                    if (marks(&body[x]) & STRUCK) continue;
                    add_marks(&body[x], STRUCK);
                    qualify(C, body, adj, start[x], x + 1 < n ? start[x + 1] : nadj, x, k, heap, &nh, next, &nn);
                }
                any = 1;
            }
            /* Q for the next sweep (or the last one's restitution pass):
             * this sweep's, ascending, merged with those it left behind. */
            cap_sort_u32(next, nn);
            uint32_t i = 0, j = 0;
            nq = 0;
            while (i < npv || j < nn) Q[nq++] = j >= nn || (i < npv && P[i] < next[j]) ? P[i++] : next[j++];
            if (!any) break;
        }
        for (uint32_t q = 0; q < nq; q++) {
            cap_wcontact* c = &C[Q[q]];
            if (marks(&body[c->a]) & marks(&body[c->b]) & STRUCK) c->restitution = 0.0f;
        }
    }
    for (uint32_t i = 0; i < n; i++) body[i].pad = 0.0f; /* (every ball's was 0) */
}
