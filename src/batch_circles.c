/* capsule2d — circle–circle pairs for circles of similar size: each circle
 * is bucketed once, by its centre, into cells at least one largest diameter
 * wide, so every touching pair sits in the same or neighbouring cells. For
 * circle i the 3 x 3 cells around it are three contiguous runs of packed
 * records (x, y, r, index) in cell order: no duplicates to remove, hits only
 * to sort. Used by cap_find_circle_contacts (batch.c) when no circle is much
 * larger than the mean; results and order are those of the general path. */
#include <stdlib.h>
#include <string.h>

#include "capsule2d_batch.h"
#include "narrow.h"

typedef struct cap_packed { float x, y, r; uint32_t index; } cap_packed;

static struct {
    cap_packed* rec;
    uint32_t *cell, *cx, *cy, *start, *hits;
    uint32_t rec_cap, cell_cap, cx_cap, cy_cap, start_cap, hits_cap;
} bs;

static int grow_to(void** p, uint32_t* cap, uint64_t need, size_t elem)
{
    if (need <= *cap) return 0;
    uint64_t want = need + need / 2 + 64;
    if (want * elem > 0x7fffffffu) return CAP_BATCH_NO_MEMORY;
    void* q = realloc(*p, (size_t)(want * elem));
    if (!q) return CAP_BATCH_NO_MEMORY;
    *p = q;
    *cap = (uint32_t)want;
    return 0;
}

static double absd(double a) { return a < 0.0 ? -a : a; }

static int32_t cell_of(double v, double lo, double inv, int32_t cells)
{
    double f = (v - lo) * inv;
    if (!(f >= 0.0)) return 0;
    if (f >= (double)cells) return cells - 1;
    return (int32_t)f;
}

/* 1 when the bucketed path suits these circles (no radius above 4x the
 * mean plus a little), else 0. */
int cap_batch_circles_bucketable_(const cap_circle_set* s);
int cap_batch_circles_bucketable_(const cap_circle_set* s)
{
    double sum = 0.0, rmax = 0.0;
    for (uint32_t i = 0; i < s->count; i++) {
        double r = s->radius[i];
        sum += r;
        if (r > rmax) rmax = r;
    }
    return s->count > 0 && rmax <= 4.0 * (sum / s->count) + 1e-30;
}

/* Same contract as cap_find_circle_contacts (inputs already checked);
 * returns pairs found, or -1 on allocation failure. `shapes` holds circle i
 * as a cap_narrow_shape (the general path's preparation). */
int64_t cap_batch_circles_bucketed_(const cap_circle_set* s, const cap_narrow_shape* shapes, cap_contact_buffer* out);
int64_t cap_batch_circles_bucketed_(const cap_circle_set* s, const cap_narrow_shape* shapes, cap_contact_buffer* out)
{
    uint32_t n = s->count;
    double minx = 0, miny = 0, maxx = 0, maxy = 0, rmax = 0, big = 0;
    for (uint32_t i = 0; i < n; i++) {
        double x = s->x[i], y = s->y[i], r = s->radius[i];
        if (i == 0 || x < minx) minx = x;
        if (i == 0 || y < miny) miny = y;
        if (i == 0 || x > maxx) maxx = x;
        if (i == 0 || y > maxy) maxy = y;
        if (r > rmax) rmax = r;
    }
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
    int32_t nx = (int32_t)nxd, ny = (int32_t)nyd;
    uint32_t cells = (uint32_t)nx * (uint32_t)ny;
    if (grow_to((void**)&bs.rec, &bs.rec_cap, n, sizeof(cap_packed)) ||
        grow_to((void**)&bs.cell, &bs.cell_cap, n, 4) || grow_to((void**)&bs.cx, &bs.cx_cap, n, 4) ||
        grow_to((void**)&bs.cy, &bs.cy_cap, n, 4) || grow_to((void**)&bs.start, &bs.start_cap, (uint64_t)cells + 1, 4) ||
        grow_to((void**)&bs.hits, &bs.hits_cap, (uint64_t)n + 1, 4))
        return -1;
    double inv = 1.0 / cell;
    memset(bs.start, 0, ((size_t)cells + 1) * 4u);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t cx = (uint32_t)cell_of(s->x[i], minx, inv, nx), cy = (uint32_t)cell_of(s->y[i], miny, inv, ny);
        uint32_t c = cy * (uint32_t)nx + cx;
        bs.cell[i] = c;
        bs.cx[i] = cx;
        bs.cy[i] = cy;
        bs.start[c + 1]++;
    }
    for (uint32_t c = 0; c < cells; c++) bs.start[c + 1] += bs.start[c];
    for (uint32_t i = 0; i < n; i++) { /* stable: ascending index within a cell */
        cap_packed p = {s->x[i], s->y[i], s->radius[i], i};
        bs.rec[bs.start[bs.cell[i]]++] = p;
    }
    for (uint32_t c = cells; c > 0; c--) bs.start[c] = bs.start[c - 1];
    bs.start[0] = 0;

    uint64_t k = 0;
    for (uint32_t i = 0; i + 1 < n; i++) {
        const cap_narrow_shape* sh = shapes + i;
        int32_t cx = (int32_t)bs.cx[i], cy = (int32_t)bs.cy[i];
        int32_t x0 = cx > 0 ? cx - 1 : 0, x1 = cx + 1 < nx ? cx + 1 : nx - 1;
        uint32_t h = 0;
        for (int32_t y = cy > 0 ? cy - 1 : 0; y <= cy + 1 && y < ny; y++) {
            uint32_t e0 = bs.start[(uint32_t)y * nx + x0], e1 = bs.start[(uint32_t)y * nx + x1 + 1];
            for (uint32_t e = e0; e < e1; e++) {
                const cap_packed* p = bs.rec + e;
                bs.hits[h] = p->index;
                h += (uint32_t)(p->index > i) & (uint32_t)cap_narrow_test(sh, p->x, p->y, p->r);
            }
        }
        /* hits in ascending j (usually zero to three of them) */
        for (uint32_t a = 1; a < h; a++) {
            uint32_t v = bs.hits[a], b = a;
            while (b > 0 && bs.hits[b - 1] > v) {
                bs.hits[b] = bs.hits[b - 1];
                b--;
            }
            bs.hits[b] = v;
        }
        for (uint32_t a = 0; a < h; a++, k++) {
            if (k >= out->capacity) continue;
            uint32_t j = bs.hits[a];
            float con[5];
            cap_narrow_contact(sh, shapes[j].ax, shapes[j].ay, shapes[j].r, con);
            cap_narrow_put(out, k, i, j, con);
        }
    }
    return (int64_t)k;
}
