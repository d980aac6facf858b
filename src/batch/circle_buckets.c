/* capsule2d — circle–circle pairs for circles of similar size: each circle
 * is bucketed once, by its centre, into cells at least one largest diameter
 * wide, so every touching pair sits in the same or neighbouring cells.
 *
 * The scan runs in cell order (memory order of the packed records), each
 * pair tested once: a record against the later records of its own cell and
 * the next cell of its row, and against the three cells below it (one
 * contiguous run). Hits are kept as (lower index, higher index), counted
 * per lower index, then placed by counting sort and finished in output
 * order. The pair test is symmetric for circles (w = C - A only changes
 * sign), and each contact is computed from the lower index exactly as the
 * general path does, so the results and their bits are the same.
 * Used by cap_find_circle_contacts (contacts_circle.c) when no circle is
 * much larger than the mean. Scratch: the context's `buckets`. */
#include <string.h>

#include "capsule2d_batch.h"
#include "batch/batch_internal.h"

static double absd(double a) { return a < 0.0 ? -a : a; }

static int32_t cell_of(double v, double lo, double inv, int32_t cells)
{
    double f = (v - lo) * inv;
    if (!(f >= 0.0)) return 0;
    if (f >= (double)cells) return cells - 1;
    return (int32_t)f;
}

static cap_narrow_shape circle_shape(const cap_circle_set* s, uint32_t i)
{
    cap_narrow_shape c = {s->x[i], s->y[i], 0.0f, 0.0f, 0.0f, 0.0f, s->radius[i], 0.0f};
    return c;
}

/* The pair test for two circles: with v = g = 0 the documented steps give
 * t = 0 and d = w = C - A exactly (also when w overflows: t is NaN, then
 * 0), so this is that test's result, bit for bit, in fewer operations. */
static inline int circles_touch(float ax, float ay, float ar, float cx, float cy, float cr)
{
    cap_pair p;
    p.dx = cx - ax;
    p.dy = cy - ay;
    p.d2 = p.dx * p.dx + p.dy * p.dy;
    p.rs = ar + cr;
    return cap_pair_hit(&p);
}

/* Tests record p against records [e0, e1) and stores the hits (the pair
 * buffer has room for e1 - e0 more). Branch-free: every pair is written,
 * the count only moves on a hit. Returns the new count (may pass limit). */
static uint32_t scan_run(cap_bucket_scratch* bs, const cap_packed* p, uint32_t e0, uint32_t e1, uint32_t k)
{
    float px = p->x, py = p->y, pr = p->r;
    uint32_t pi = p->index;
    for (uint32_t e = e0; e < e1; e++) {
        const cap_packed* q = bs->rec + e;
        uint32_t hit = (uint32_t)circles_touch(px, py, pr, q->x, q->y, q->r);
        uint32_t lo = pi < q->index ? pi : q->index;
        bs->pair[2 * k] = lo;
        bs->pair[2 * k + 1] = pi < q->index ? q->index : pi;
        k += hit;
    }
    return k;
}

/* Same contract as cap_find_circle_contacts (inputs already checked);
 * returns pairs found, -1 on allocation failure, -2 when more pairs touch
 * than `out` holds, or -3 when the circles are not of similar size (a
 * radius above 4x the mean): the caller then takes the general path. */
int64_t cap_batch_circles_bucketed(cap_batch_context* ctx, const cap_circle_set* s, const cap_contact_out* out)
{
    cap_bucket_scratch* bs = &ctx->buckets;
    uint32_t n = s->count;
    if (n == 0) return -3;
    float rmaxf;
    double rsum = cap_batch_radii(s->radius, n, &rmaxf), rmax = rmaxf, big = 0;
    if (!(rmax <= 4.0 * (rsum / n) + 1e-30)) return -3;
    float fx0 = s->x[0], fy0 = s->y[0], fx1 = fx0, fy1 = fy0; /* inputs are finite */
    for (uint32_t i = 1; i < n; i++) {
        float x = s->x[i], y = s->y[i];
        fx0 = x < fx0 ? x : fx0;
        fy0 = y < fy0 ? y : fy0;
        fx1 = x > fx1 ? x : fx1;
        fy1 = y > fy1 ? y : fy1;
    }
    double minx = fx0, miny = fy0, maxx = fx1, maxy = fy1;
    big = absd(minx) + absd(miny) + absd(maxx) + absd(maxy);
    /* A float32 hit means centres at most 2 rmax apart, up to rounding of
     * the coordinates: the slack covers that, so neighbours are within one
     * cell. Then grow the cell until the grid has at most 4n + 64 cells. */
    double cell = 2.0 * rmax * (1.0 + 1e-5) + 1e-5 * big + 1e-18; /* 1e-18: squares that underflow */
    double nxd, nyd;
    for (;;) {
        nxd = __builtin_floor((maxx - minx) / cell) + 1.0;
        nyd = __builtin_floor((maxy - miny) / cell) + 1.0;
        if (nxd * nyd <= 4.0 * n + 64.0) break;
        cell *= 2.0;
    }
    /* Padded: an empty column on each side and an empty row below, so the
     * neighbour runs of any cell need no clamping. Circle (cx, cy) goes to
     * cell cy * w + cx + 1. */
    uint32_t w = (uint32_t)nxd + 2, cells = w * ((uint32_t)nyd + 1);
    int32_t nx = (int32_t)nxd, ny = (int32_t)nyd;
    uint32_t limit = out->capacity; /* pairs kept before giving up */
    if (cap_grow((void**)&bs->rec, &bs->rec_cap, n, sizeof(cap_packed)) || cap_grow((void**)&bs->cell, &bs->cell_cap, n, 4) ||
        cap_grow((void**)&bs->rcell, &bs->rcell_cap, n, 4) ||
        cap_grow((void**)&bs->start, &bs->start_cap, (uint64_t)cells + 2, 4) ||
        cap_grow((void**)&bs->count, &bs->count_cap, (uint64_t)n + 1, 4))
        return -1;
    double inv = 1.0 / cell;
    memset(bs->start, 0, ((size_t)cells + 2) * 4u);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t cx = (uint32_t)cell_of(s->x[i], minx, inv, nx), cy = (uint32_t)cell_of(s->y[i], miny, inv, ny);
        uint32_t c = cy * w + cx + 1;
        bs->cell[i] = c;
        bs->start[c]++;
    }
    /* inclusive sums (the end of each cell), then placed from the last
     * circle down: ascending index within a cell, and start[c] ends at the
     * cell's first record */
    for (uint32_t c = 1; c < cells; c++) bs->start[c] += bs->start[c - 1];
    bs->start[cells] = bs->start[cells + 1] = n;
    for (uint32_t i = n; i-- > 0;) {
        cap_packed p = {s->x[i], s->y[i], s->radius[i], i};
        uint32_t e = --bs->start[bs->cell[i]];
        bs->rec[e] = p;
        bs->rcell[e] = bs->cell[i];
    }

    /* The scan, in cell order: the rest of the record's cell and the next
     * cell of its row, then the three cells below (one run). */
    memset(bs->count, 0, ((size_t)n + 1) * 4u);
    uint32_t k = 0;
    for (uint32_t e = 0; e < n; e++) {
        uint32_t c = bs->rcell[e];
        uint32_t end = bs->start[c + 2], e0 = bs->start[c + w - 1], e1 = bs->start[c + w + 2];
        if (k + (end - e) + (e1 - e0) > bs->pair_cap / 2 &&
            cap_grow((void**)&bs->pair, &bs->pair_cap, 2 * ((uint64_t)k + (end - e) + (e1 - e0) + n), 4))
            return -1;
        k = scan_run(bs, bs->rec + e, e + 1, end, k);
        k = scan_run(bs, bs->rec + e, e0, e1, k);
        if (k > limit) return -2;
    }

    /* Counting sort of the pairs by lower index (counted here, over the
     * hits only: no read-modify-write per tested pair), then each run by j. */
    for (uint32_t h = 0; h < k; h++) bs->count[bs->pair[2 * h]]++;
    if (cap_grow((void**)&bs->order, &bs->order_cap, (uint64_t)k + 1, 4)) return -1;
    uint32_t sum = 0;
    for (uint32_t i = 0; i <= n; i++) {
        uint32_t c = bs->count[i];
        bs->count[i] = sum;
        sum += c;
    }
    for (uint32_t h = 0; h < k; h++) bs->order[bs->count[bs->pair[2 * h]]++] = bs->pair[2 * h + 1];
    /* count[i] is now the end of i's run (and the start of i + 1's) */
    uint32_t a0 = 0;
    for (uint32_t i = 0; i < n && a0 < k; i++) {
        uint32_t a1 = bs->count[i];
        if (a1 == a0) continue;
        uint32_t* run = bs->order + a0;
        for (uint32_t a = 1; a < a1 - a0; a++) { /* usually zero to three of them */
            uint32_t v = run[a], b = a;
            while (b > 0 && run[b - 1] > v) {
                run[b] = run[b - 1];
                b--;
            }
            run[b] = v;
        }
        cap_narrow_shape sh = circle_shape(s, i);
        for (uint32_t a = a0; a < a1; a++) {
            uint32_t j = bs->order[a];
            float con[5];
            cap_narrow_contact(&sh, s->x[j], s->y[j], s->radius[j], con);
            cap_narrow_put(out, a, i, j, con);
        }
        a0 = a1;
    }
    return (int64_t)k;
}
