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

#if defined(__wasm_simd128__) || defined(__SSE4_1__)
/* The lanes of records [q, q1) (at most 4) that touch record e, by the
 * scalar test (when rs^2 may overflow). */
static __attribute__((noinline)) int slow_bits(const cap_bucket_scratch* bs, uint32_t e, uint32_t q, uint32_t q1)
{
    const float *x = bs->x, *y = bs->y, *r = bs->r;
    int bits = 0;
    for (uint32_t l = 0; l < 4 && q + l < q1; l++) bits |= circles_touch(x[e], y[e], r[e], x[q + l], y[q + l], r[q + l]) << l;
    return bits;
}
#endif

/* Tests record e against records [q, q1) (q <= q1), 4 at a time, and
 * stores each hit as (lower index, higher index) at pair k (room for
 * q1 - q + 4 more). Branch-free but for the loop, which usually runs once.
 * Returns the new count. */
C4_HOT uint32_t scan_run(const cap_bucket_scratch* bs, uint32_t* __restrict lo_out, uint32_t* __restrict hi_out,
                         uint32_t e, uint32_t q, uint32_t q1, int slow, uint32_t k)
{
    const float *x = bs->x, *y = bs->y, *r = bs->r;
    const uint32_t* id = bs->id;
#if !defined(__wasm_simd128__) && !defined(__SSE4_1__)
    /* the scalar backend: one pair at a time, written always, kept on a hit */
    (void)slow;
    uint32_t pi = id[e];
    for (; q < q1; q++) {
        uint32_t qi = id[q], hit = (uint32_t)circles_touch(x[e], y[e], r[e], x[q], y[q], r[q]);
        lo_out[k] = pi < qi ? pi : qi;
        hi_out[k] = pi < qi ? qi : pi;
        k += hit;
    }
    return k;
#else
    const c4 px = c4_splat(x[e]), py = c4_splat(y[e]), pr = c4_splat(r[e]), pi = c4_splati(id[e]);
    do {
        c4 dx = c4_sub(c4_load(x + q), px), dy = c4_sub(c4_load(y + q), py);
        c4 rs = c4_add(pr, c4_load(r + q));
        c4m m = c4_le(c4_add(c4_mul(dx, dx), c4_mul(dy, dy)), c4_mul(rs, rs));
        int bits = c4_bits(c4_and(m, c4_below(q1 - q)));
        if (slow) bits = slow_bits(bs, e, q, q1);
        c4 qi = c4_loadi(id + q);
        c4m up = c4_gti(qi, pi); /* indices are below 2^31 */
        c4_compress(lo_out + k, c4_sel(up, pi, qi), bits);
        k += c4_compress(hi_out + k, c4_sel(up, qi, pi), bits);
        q += 4;
    } while (q < q1);
    return k;
#endif
}

/* Same contract as cap_find_circle_contacts (inputs already checked);
 * returns pairs found, -1 on allocation failure, -2 when more pairs touch
 * than `out` holds, or -3 when the circles are not of similar size (a
 * radius above 4x the mean): the caller then takes the general path. */
int64_t cap_batch_circles_bucketed(cap_batch_context* ctx, const cap_circle_set* s, const cap_circle_stats* st,
                                   const cap_contact_out* out)
{
    cap_bucket_scratch* bs = &ctx->buckets;
    uint32_t n = s->count;
    if (n == 0 || n > 0x7fffffffu) return -3; /* indices compare as int32 */
    float rmaxf = st->rmax;
    double rmax = rmaxf, big = 0;
    if (!(rmax <= 4.0 * (st->rsum / n) + 1e-30)) return -3;
    double minx = st->minx, miny = st->miny, maxx = st->maxx, maxy = st->maxy; /* inputs are finite */
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
    uint64_t padded = (uint64_t)n + 4; /* the 4-wide runs read up to 3 records past the end */
    if (cap_grow((void**)&bs->x, &bs->x_cap, padded, 4) || cap_grow((void**)&bs->y, &bs->y_cap, padded, 4) ||
        cap_grow((void**)&bs->r, &bs->r_cap, padded, 4) || cap_grow((void**)&bs->id, &bs->id_cap, padded, 4) ||
        cap_grow((void**)&bs->cell, &bs->cell_cap, n, 4) || cap_grow((void**)&bs->rcell, &bs->rcell_cap, n, 4) ||
        cap_grow((void**)&bs->start, &bs->start_cap, (uint64_t)cells + 2, 4) ||
        cap_grow((void**)&bs->count, &bs->count_cap, (uint64_t)n + 1, 4))
        return -1;
    double inv = 1.0 / cell;
    memset(bs->start, 0, ((size_t)cells + 2) * 4u);
    cap_grid_cells_of(minx, miny, inv, nx, ny, w, 1, s->x, s->y, n, bs->cell);
    for (uint32_t i = 0; i < n; i++) bs->start[bs->cell[i]]++;
    /* inclusive sums (the end of each cell), then placed from the last
     * circle down: ascending index within a cell, and start[c] ends at the
     * cell's first record */
    for (uint32_t c = 1; c < cells; c++) bs->start[c] += bs->start[c - 1];
    bs->start[cells] = bs->start[cells + 1] = n;
    for (uint32_t i = n; i-- > 0;) {
        uint32_t e = --bs->start[bs->cell[i]];
        bs->x[e] = s->x[i];
        bs->y[e] = s->y[i];
        bs->r[e] = s->radius[i];
        bs->id[e] = i;
        bs->rcell[e] = bs->cell[i];
    }
    for (uint32_t e = n; e < n + 4; e++) bs->x[e] = bs->y[e] = bs->r[e] = 0.0f, bs->id[e] = 0;

    /* The scan, in cell order: the rest of the record's cell and the next
     * cell of its row, then the three cells below (one run), 4 at a time.
     * rs^2 <= (2 rmax)^2 (rounding is monotone): the 4-wide test is the pair
     * test unless that overflows. */
    float rs = 2.0f * rmaxf;
    int slow = !(rs * rs <= 3.4e38f);
    uint32_t k = 0;
    for (uint32_t e = 0; e < n; e++) {
        uint32_t c = bs->rcell[e];
        uint32_t end = bs->start[c + 2], e0 = bs->start[c + w - 1], e1 = bs->start[c + w + 2];
        if ((uint64_t)k + (end - e) + (e1 - e0) + 8 > bs->pair_cap) {
            uint64_t need = (uint64_t)k + (end - e) + (e1 - e0) + 8 + n;
            if (cap_grow((void**)&bs->pair, &bs->pair_cap, need, 4) || cap_grow((void**)&bs->pair2, &bs->pair2_cap, need, 4))
                return -1;
        }
        k = scan_run(bs, bs->pair, bs->pair2, e, e + 1, end, slow, k);
        k = scan_run(bs, bs->pair, bs->pair2, e, e0, e1, slow, k);
        if (k > limit) return -2;
    }

    /* Counting sort of the pairs by lower index (counted here, over the
     * hits only: no read-modify-write per tested pair), then each run by
     * the higher index: output order. */
    if (cap_grow((void**)&bs->order, &bs->order_cap, (uint64_t)k + 1, 4) ||
        cap_grow((void**)&bs->order2, &bs->order2_cap, (uint64_t)k + 1, 4))
        return -1;
    memset(bs->count, 0, ((size_t)n + 1) * 4u);
    for (uint32_t h = 0; h < k; h++) bs->count[bs->pair[h]]++;
    uint32_t sum = 0;
    for (uint32_t i = 0; i <= n; i++) {
        uint32_t c = bs->count[i];
        bs->count[i] = sum;
        sum += c;
    }
    for (uint32_t h = 0; h < k; h++) {
        uint32_t a = bs->count[bs->pair[h]]++;
        bs->order[a] = bs->pair[h];
        bs->order2[a] = bs->pair2[h];
    }
    for (uint32_t a = 1; a < k; a++) { /* runs are short: usually nothing moves */
        uint32_t i = bs->order[a], j = bs->order2[a], b = a;
        while (b > 0 && bs->order[b - 1] == i && bs->order2[b - 1] > j) {
            bs->order2[b] = bs->order2[b - 1];
            b--;
        }
        bs->order2[b] = j;
    }
    cap_narrow_fields f = {s->x, s->y, NULL, NULL, NULL, NULL, s->radius, NULL};
    cap_narrow_contacts(&f, bs->order, s->x, s->y, s->radius, bs->order2, k, out);
    return (int64_t)k;
}
