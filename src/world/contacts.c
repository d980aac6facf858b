/* capsule2d — the step's contacts: each ball against the statics near it
 * (contacts_static.c) and against the balls near it (here: a uniform grid
 * of ball centres; balls much larger than the mean kept apart, so a few
 * big balls do not coarsen the grid), one point per pair, speculative up
 * to the margin plus the ball's travel and clipped by its path (only real
 * touches act: clip_ball, as contacts_static.c's cap_clip_speculative), in
 * key order (step.c's prepare warm starts them from last step's). */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "kernels/simd4.h"
#include "world/step_internal.h"

/* Contact order: kind, then (ball, static) for kind 0, (a, b) for kind 1. */
static int key_cmp(const cap_wcontact* x, const cap_wcontact* y)
{
    if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
    uint32_t x1 = x->kind == 0 ? x->b : x->a, x2 = x->kind == 0 ? x->a : x->b;
    uint32_t y1 = y->kind == 0 ? y->b : y->a, y2 = y->kind == 0 ? y->a : y->b;
    if (x1 != y1) return x1 < y1 ? -1 : 1;
    if (x2 != y2) return x2 < y2 ? -1 : 1;
    return 0;
}

/* Sorts n contacts by key, merging runs of doubling width between a and
 * tmp (room for n); returns whichever holds the result. Keys are unique,
 * so the order is the one any sort gives. */
static cap_wcontact* sort_by_key(cap_wcontact* a, cap_wcontact* tmp, uint32_t n)
{
    for (uint32_t width = 1; width < n; width *= 2) {
        for (uint32_t lo = 0; lo < n; lo += 2 * width) {
            uint32_t mid = n - lo > width ? lo + width : n, hi = n - mid > width ? mid + width : n;
            uint32_t i = lo, j = mid, k = lo;
            while (k < hi) tmp[k++] = (j >= hi || (i < mid && key_cmp(&a[i], &a[j]) < 0)) ? a[i++] : a[j++];
        }
        cap_wcontact* t = a;
        a = tmp;
        tmp = t;
    }
    return a;
}

int cap_world_key_cmp(const cap_wcontact* x, const cap_wcontact* y) { return key_cmp(x, y); }


/* cap_clip_speculative for a ball pair (the other ball's centre: a zero-length
 * core at the origin, keep 0), written out for that case with the same
 * operations in the same order, so the same bits: cap_toi_segment's two
 * ends are one point (one root), its band test has no length; of
 * cap_closest_points_on_segments' candidates the fourth ties the second
 * with a larger t (never kept) and the crossing test never passes (the
 * second segment has no direction); the closest point on a zero-length core
 * is its end. The ball-ball contacts' most frequent clip. */
static int clip_ball(const step_ctx* s, float p0x, float p0y, float dx, float dy, float R, float* nx, float* ny, float* sep)
{
    float tau = 2.0f;
    float dd = dx * dx + dy * dy;
    if (dd > 0.0f) { /* cap_toi_segment(p0, d, O, O, R, 0) */
        float wx = p0x - 0.0f, wy = p0y - 0.0f;
        float b = wx * dx + wy * dy;
        if (b < 0.0f) {
            float c = wx * wx + wy * wy - R * R;
            if (c <= 0.0f) {
                if (!(c + 2.0f * b + dd >= 0.0f && b * b / dd - c <= 0.0f * (2.0f * R - 0.0f))) tau = 0.0f;
            } else {
                float cr = wx * dy - wy * dx;
                float disc = dd * (R * R) - cr * cr;
                if (!(disc < 0.0f)) {
                    float t = c / (__builtin_sqrtf(disc) - b);
                    if (t >= 0.0f && t < tau) tau = t;
                }
            }
        }
    }
    if (!(tau <= 1.0f)) {
        /* cap_closest_points_on_segments(p0, p0 + d, O, O): the least
         * distance of p0 (s 0), the path's point nearest O (s = its t) and
         * p0 + d (s 1), ties to the least s. */
        const cap_vec2 o = cap_v2(0.0f, 0.0f), p1 = cap_v2(p0x, p0y), q1 = cap_v2(p0x + dx, p0y + dy);
        float bd = cap_length(cap_sub(o, p1)), bs = 0.0f;
        cap_segment_point q = cap_closest_point_on_segment(p1, q1, o);
        float d2 = cap_length(cap_sub(o, q.point));
        if (d2 < bd || (d2 == bd && q.t < bs)) { bd = d2; bs = q.t; }
        float d3 = cap_length(cap_sub(o, q1));
        if (d3 < bd || (d3 == bd && 1.0f < bs)) { bd = d3; bs = 1.0f; }
        int closing = bs >= 1.0f && (dx != 0.0f || dy != 0.0f);
        if (!(bd <= R + (closing ? s->reach : s->margin))) return 0;
        tau = bs;
    }
    float px = p0x + tau * dx, py = p0y + tau * dy;
    cap_vec2 u = {*nx, *ny};
    float dist = cap_length_and_normalize(cap_v2(px - 0.0f, py - 0.0f), &u);
    if (!(dist > 0.0f)) u = cap_v2(*nx, *ny); /* (rounding) keep the start normal */
    *nx = u.x;
    *ny = u.y;
    *sep = (dist - R) - tau * (dx * u.x + dy * u.y);
    return 1;
}

/* Balls a < b: their contact into c, or 0 when none. checked: the pair
 * passed the category test and this distance test already (the small
 * pairs' scan: the same operations on the same values). */
static inline int ball_contact(const step_ctx* s, uint32_t a, uint32_t b, int checked, cap_wcontact* c)
{
    if (!checked && !((s->cat[a] & s->mask[b]) && (s->cat[b] & s->mask[a]))) return 0;
    float dx = s->x[b] - s->x[a], dy = s->y[b] - s->y[a];
    float R = s->rad[a] + s->rad[b];
    float lim = R + s->margin;
    if (!checked && dx * dx + dy * dy > lim * lim) return 0;
    cap_vec2 u = {0.0f, 1.0f};
    float dist = cap_length_and_normalize(cap_v2(dx, dy), &u);
    if (!(dist > 0.0f)) u = cap_v2(0.0f, 1.0f);
    float sep = dist - R;
    if (sep > 0.0f) { /* speculative: clipped by b's path relative to a */
        float g = (s->gs[b] - s->gs[a]) * s->dt * s->dt * 0.5f;
        float mx = (s->vx[b] - s->vx[a]) * s->dt + g * s->gx, my = (s->vy[b] - s->vy[a]) * s->dt + g * s->gy;
        if (!clip_ball(s, dx, dy, mx, my, R, &u.x, &u.y, &sep)) return 0;
    }
    memset(c, 0, sizeof *c);
    c->a = a;
    c->b = b;
    c->kind = 1;
    c->nx = u.x;
    c->ny = u.y;
    c->s0 = sep;
    c->ra = s->rad[a];
    c->rb = s->rad[b];
    c->friction = __builtin_sqrtf(s->fric[a] * s->fric[b]);
    c->restitution = fmax2(s->rest[a], s->rest[b]);
    c->rolling = fmax2(s->roll[a], s->roll[b]) * fmin2(s->rad[a], s->rad[b]);
    float ta = s->rad[a] + 0.5f * (dist - R); /* half way across the gap at the start */
    c->px = s->x[a] + ta * u.x;
    c->py = s->y[a] + ta * u.y;
    return 1;
}

/* Ball-ball contacts in (a, b) order, appended to w->contacts. */
static int find_ball_contacts(cap_world* w, const step_ctx* s)
{
    uint32_t n = s->n, live = 0;
    double sum = 0.0;
    w->bg_nx = 0;
    w->bg_nbig = 0;
    /* The live balls' count, radii sum, largest radius and box of centres,
     * in one pass: while no ball is big (rmax <= big_limit, the usual
     * case) these are the small balls' and the pass below is not made. */
    float rmax = 0.0f, minx = 0, miny = 0, maxx = 0, maxy = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!(s->flags[i] & CAP_BALL_ALIVE)) continue;
        if (live == 0) { minx = maxx = s->x[i]; miny = maxy = s->y[i]; }
        minx = fmin2(minx, s->x[i]); maxx = fmax2(maxx, s->x[i]);
        miny = fmin2(miny, s->y[i]); maxy = fmax2(maxy, s->y[i]);
        rmax = fmax2(rmax, s->rad[i]);
        sum += s->rad[i];
        live++;
    }
    if (live < 2) return 1;
    float mean = (float)(sum / live);
    float big_limit = 2.0f * mean;
    uint32_t small = live, nbig = 0;
    if (rmax > big_limit) { /* some big ones: the small balls' box and largest radius apart */
        rmax = minx = miny = maxx = maxy = 0.0f;
        small = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (!(s->flags[i] & CAP_BALL_ALIVE)) continue;
            if (s->rad[i] > big_limit) {
                w->big[nbig++] = i;
                continue;
            }
            if (small == 0) { minx = maxx = s->x[i]; miny = maxy = s->y[i]; }
            minx = fmin2(minx, s->x[i]); maxx = fmax2(maxx, s->x[i]);
            miny = fmin2(miny, s->y[i]); maxy = fmax2(maxy, s->y[i]);
            rmax = fmax2(rmax, s->rad[i]);
            small++;
        }
    }
    float cell = 2.0f * rmax + s->margin;
    double wx = (double)maxx - minx, wy = (double)maxy - miny;
    /* Cells of one ball diameter, unless the balls are spread so thinly
     * that the grid would pass 4 cells per ball plus 64k (then coarser). */
    double limit = 4.0 * small + 65536.0;
    while ((wx / cell + 1.0) * (wy / cell + 1.0) > limit) cell *= 2.0f;
    int32_t nx = (int32_t)(wx / cell) + 1, ny = (int32_t)(wy / cell) + 1;
    float inv = 1.0f / cell;
    uint32_t ncell = (uint32_t)nx * (uint32_t)ny;
    if (cap_world_reserve_u32(&w->cell_start, &w->cell_cap, ncell + 1)) return 0;
    memset(w->cell_start, 0, (size_t)(ncell + 1) * 4);
    /* Counts, then their running sums (cell_start[c]: the end of cell c),
     * then the balls placed from the back in descending slot order: each
     * cell's end counts down to its start, no pass to shift them, and each
     * cell holds its balls ascending. */
    for (uint32_t i = 0; i < n; i++) {
        if (!(s->flags[i] & CAP_BALL_ALIVE) || s->rad[i] > big_limit) continue;
        uint32_t c = (uint32_t)cell_of(s->y[i], miny, inv, ny) * (uint32_t)nx + (uint32_t)cell_of(s->x[i], minx, inv, nx);
        w->cell_of[i] = c;
        w->cell_start[c]++;
    }
    uint32_t* cs = w->cell_start;
    uint32_t run = 0, ce = 0;
#if defined(__wasm_simd128__) || defined(__SSE4_1__)
    { /* 4 cells at a time (most are empty: a band of ropes in a wide box) */
        c4 carry = c4_splati(0);
        for (; ce + 4u <= ncell; ce += 4u) c4_storei(cs + ce, c4_scani(c4_loadi(cs + ce), &carry));
        uint32_t last[4];
        c4_storei(last, carry);
        run = last[0];
    }
#endif
    for (; ce < ncell; ce++) {
        run += cs[ce];
        cs[ce] = run;
    }
    cs[ncell] = run;
    /* Each small ball's slot, and a packed copy of its centre and radius
     * (x, y, r, slot bits), in cell order. */
    for (uint32_t i = n; i-- > 0;) {
        if (!(s->flags[i] & CAP_BALL_ALIVE) || s->rad[i] > big_limit) continue;
        uint32_t k = --w->cell_start[w->cell_of[i]];
        w->cell_items[k] = i;
        float* q = &w->cell_pos[4 * (size_t)k];
        q[0] = s->x[i]; q[1] = s->y[i]; q[2] = s->rad[i];
        memcpy(&q[3], &i, 4);
    }
    w->bg_minx = minx; w->bg_miny = miny; w->bg_inv = inv; w->bg_reach = rmax;
    w->bg_nx = small ? nx : 0; w->bg_ny = ny; w->bg_nbig = nbig;
    CAP_PHASE(2);

    /* Small-small pairs, for each ball i its partners j > i sorted: the
     * balls of the 3 x 3 cells around it (a row of 3 cells is one run of
     * the packed copy) within reach (ball_contact's test, done first, then
     * the category test), sorted, made in place. */
    uint32_t* hit = w->order;
    for (uint32_t i = 0; i < n; i++) {
        if (!(s->flags[i] & CAP_BALL_ALIVE) || s->rad[i] > big_limit) continue;
        float xi = s->x[i], yi = s->y[i], ri = s->rad[i], margin = s->margin;
        int32_t cx = cell_of(xi, minx, inv, nx), cy = cell_of(yi, miny, inv, ny);
        uint32_t x0 = (uint32_t)(cx > 0 ? cx - 1 : 0), x1 = (uint32_t)(cx + 1 < nx ? cx + 1 : nx - 1);
        uint32_t y0 = (uint32_t)(cy > 0 ? cy - 1 : 0), y1 = (uint32_t)(cy + 1 < ny ? cy + 1 : ny - 1);
        uint32_t m = 0;
        for (uint32_t y = y0; y <= y1; y++) {
            uint32_t row = y * (uint32_t)nx, k1 = w->cell_start[row + x1 + 1];
            for (uint32_t k = w->cell_start[row + x0]; k < k1; k++) {
                const float* q = &w->cell_pos[4 * (size_t)k];
                uint32_t j;
                memcpy(&j, &q[3], 4);
                float dx = q[0] - xi, dy = q[1] - yi, lim = (ri + q[2]) + margin;
                hit[m] = j;
                m += (j > i) & !(dx * dx + dy * dy > lim * lim);
            }
        }
        uint32_t kept = 0;
        for (uint32_t p = 0; p < m; p++) {
            uint32_t v = hit[p], q = kept;
            if (!((s->cat[i] & s->mask[v]) && (s->cat[v] & s->mask[i]))) continue;
            while (q > 0 && hit[q - 1] > v) { hit[q] = hit[q - 1]; q--; }
            hit[q] = v;
            kept++;
        }
        if (kept == 0) continue;
        if (cap_world_grow_contacts(w, w->contact_count + kept)) return 0;
        for (uint32_t p = 0; p < kept; p++) w->contact_count += (uint32_t)ball_contact(s, i, hit[p], 1, &w->contacts[w->contact_count]);
    }
    cap_wcontact c;
    if (nbig == 0) return 1;

    /* Pairs with a big ball: gathered apart, sorted, merged in. */
    uint32_t first = w->contact_count;
    for (uint32_t bi = 0; bi < nbig; bi++) {
        uint32_t i = w->big[bi];
        float reach = s->rad[i] + rmax + s->margin;
        int32_t x0 = cell_of(s->x[i] - reach, minx, inv, nx), x1 = cell_of(s->x[i] + reach, minx, inv, nx);
        int32_t y0 = cell_of(s->y[i] - reach, miny, inv, ny), y1 = cell_of(s->y[i] + reach, miny, inv, ny);
        for (int32_t y = y0; y <= y1; y++)
            for (int32_t x = x0; x <= x1; x++) {
                uint32_t cc = (uint32_t)y * (uint32_t)nx + (uint32_t)x;
                for (uint32_t k = w->cell_start[cc]; k < w->cell_start[cc + 1]; k++) {
                    uint32_t j = w->cell_items[k];
                    uint32_t a = i < j ? i : j, b = i < j ? j : i;
                    if (ball_contact(s, a, b, 0, &c) && !cap_push_contact(w, &c)) return 0;
                }
            }
        for (uint32_t bj = bi + 1; bj < nbig; bj++) {
            uint32_t j = w->big[bj];
            if (ball_contact(s, i, j, 0, &c) && !cap_push_contact(w, &c)) return 0;
        }
    }
    /* The big balls' pairs sorted (unique keys: deterministic), then merged into the small pairs, which are in
     * order already: the order a sort of the whole range gives. */
    uint32_t start = first, nb = w->contact_count - first;
    while (start > 0 && w->contacts[start - 1].kind == 1) start--;
    if (nb == 0) return 1;
    /* (merge holds contact_cap >= nb contacts) */
    cap_wcontact* sorted = sort_by_key(&w->contacts[first], w->merge, nb);
    if (sorted != w->merge) memcpy(w->merge, sorted, (size_t)nb * sizeof(cap_wcontact));
    uint32_t i = first, j = nb, out = w->contact_count;
    while (j > 0) { /* from the back: the small pairs move up past the big ones */
        if (i > start && key_cmp(&w->contacts[i - 1], &w->merge[j - 1]) > 0) w->contacts[--out] = w->contacts[--i];
        else w->contacts[--out] = w->merge[--j];
    }
    return 1;
}

int cap_step_find_contacts(cap_world* w, const step_ctx* s)
{
    if (!cap_step_static_contacts(w, s)) return 0; /* (contacts_static.c) */
    CAP_PHASE(1);
    return find_ball_contacts(w, s);
}
