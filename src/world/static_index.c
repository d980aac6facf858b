/* capsule2d — the step's static grid: every live static whose box is
 * fixed (statics.h: CAP_FIND_GRID) in a uniform grid of slot lists, the
 * unbounded ones (lines) in a list apart, rebuilt when a static is added or
 * removed (statics_dirty); and the candidates of a box, ascending by slot,
 * which the step's contacts, sweeps and sensors test. */
#include <string.h>

#include "world/step_internal.h"
#include "world/statics.h"

static int32_t cell_coord(float v, float lo, float inv, int32_t n)
{
    float c = (v - lo) * inv;
    if (!(c > 0.0f)) return 0;
    if (c >= (float)(n - 1)) return n - 1;
    return (int32_t)c;
}

void cap_world_index_statics(cap_world* w)
{
    w->statics_dirty = 0;
    w->line_count = 0;
    float minx = 0, miny = 0, maxx = 0, maxy = 0, ext = 0;
    uint32_t count = 0;
    for (uint32_t i = 0; i < w->static_slots; i++) {
        if (!(w->static_info[3 * i + 2] & 1u)) continue;
        const cap_wstatic* s = &w->statics[i];
        const cap_static_kind_row* row = cap_static_row(s->kind);
        if (row->find == CAP_FIND_MOVERS) continue; /* moves: found by the step itself */
        if (row->find == CAP_FIND_ALWAYS) {
            if (cap_world_reserve_u32(&w->lines, &w->line_cap, w->line_count + 1) == 0) w->lines[w->line_count++] = i;
            continue;
        }
        if (count == 0) { minx = s->minx; miny = s->miny; maxx = s->maxx; maxy = s->maxy; }
        minx = s->minx < minx ? s->minx : minx;
        miny = s->miny < miny ? s->miny : miny;
        maxx = s->maxx > maxx ? s->maxx : maxx;
        maxy = s->maxy > maxy ? s->maxy : maxy;
        float e = (s->maxx - s->minx) + (s->maxy - s->miny);
        ext += e;
        count++;
    }
    if (count == 0) {
        w->sg_nx = w->sg_ny = 0;
        return;
    }
    /* Cell: the mean box extent, with at most ~4 cells per static overall. */
    float cell = ext / (float)count;
    if (!(cell > 0.0f)) cell = 1.0f;
    double wx = (double)maxx - minx, wy = (double)maxy - miny;
    double limit = 4.0 * count + 16.0;
    while ((wx / cell + 1.0) * (wy / cell + 1.0) > limit) cell *= 2.0f;
    /* Boxes at the float limit (a snapshot's capsule ending near 3.4e38)
     * make the extents infinite and wx / cell NaN: one column or row then
     * (cell_coord clamps every box into it), never a float-to-int trap. */
    double fx = wx / cell, fy = wy / cell;
    if (!(fx >= 0.0 && fx < 1e9)) fx = 0.0;
    if (!(fy >= 0.0 && fy < 1e9)) fy = 0.0;
    int32_t nx = (int32_t)fx + 1, ny = (int32_t)fy + 1;
    w->sg_minx = minx;
    w->sg_miny = miny;
    w->sg_maxx = maxx;
    w->sg_maxy = maxy;
    w->sg_inv = 1.0f / cell;
    uint32_t ncell = (uint32_t)nx * (uint32_t)ny;
    if (cap_world_reserve_u32(&w->sg_start, &w->sg_start_cap, ncell + 1)) { w->sg_nx = w->sg_ny = 0; return; }
    memset(w->sg_start, 0, (size_t)(ncell + 1) * 4);
    uint32_t total = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < w->static_slots; i++) {
            if (!(w->static_info[3 * i + 2] & 1u) || cap_static_row(w->statics[i].kind)->find != CAP_FIND_GRID) continue;
            const cap_wstatic* s = &w->statics[i];
            int32_t x0 = cell_coord(s->minx, minx, w->sg_inv, nx), x1 = cell_coord(s->maxx, minx, w->sg_inv, nx);
            int32_t y0 = cell_coord(s->miny, miny, w->sg_inv, ny), y1 = cell_coord(s->maxy, miny, w->sg_inv, ny);
            for (int32_t y = y0; y <= y1; y++)
                for (int32_t x = x0; x <= x1; x++) {
                    uint32_t c = (uint32_t)y * (uint32_t)nx + (uint32_t)x;
                    if (pass == 0) {
                        w->sg_start[c + 1]++;
                        total++;
                    } else {
                        w->sg_items[w->sg_start[c]++] = i;
                    }
                }
        }
        if (pass == 0) {
            for (uint32_t c = 0; c < ncell; c++) w->sg_start[c + 1] += w->sg_start[c];
            if (cap_world_reserve_u32(&w->sg_items, &w->sg_items_cap, total + 1)) { w->sg_nx = w->sg_ny = 0; return; }
        }
    }
    /* pass 1 advanced each start to the next cell's: shift back. */
    for (uint32_t c = ncell; c > 0; c--) w->sg_start[c] = w->sg_start[c - 1];
    w->sg_start[0] = 0;
    w->sg_nx = nx;
    w->sg_ny = ny;
    /* Stamps start cleared: a grown tail holds whatever the allocator left,
     * and a leftover equal to a query's stamp would drop that static. */
    if (cap_world_reserve_u32(&w->stamp, &w->stamp_cap, w->static_slots + 1) == CAP_WORLD_OK)
        memset(w->stamp, 0, (size_t)w->stamp_cap * 4);
    w->stamp_now = 0;
}


/* Static slots whose box overlaps [x0,x1]x[y0,y1] (lines always), ascending,
 * into w->cand. A box within one cell takes that cell's items as they are
 * (ascending, each once); over several cells, stamps drop repeats and an
 * insertion sort orders them. The lines (ascending) are merged in. */
uint32_t cap_world_static_candidates(cap_world* w, float x0, float y0, float x1, float y1)
{
    uint32_t n = 0;
    if (w->cand_cap < w->static_slots + 1 && cap_world_reserve_u32(&w->cand, &w->cand_cap, w->static_slots + 1)) return 0;
    uint32_t* cand = w->cand;
    /* (A box clear of the grid's bounds meets none of its boxes.) */
    if (w->sg_nx > 0 && w->stamp_cap >= w->static_slots &&
        !(x0 > w->sg_maxx || x1 < w->sg_minx || y0 > w->sg_maxy || y1 < w->sg_miny)) {
        int32_t cx0 = cell_of(x0, w->sg_minx, w->sg_inv, w->sg_nx), cx1 = cell_of(x1, w->sg_minx, w->sg_inv, w->sg_nx);
        int32_t cy0 = cell_of(y0, w->sg_miny, w->sg_inv, w->sg_ny), cy1 = cell_of(y1, w->sg_miny, w->sg_inv, w->sg_ny);
        if (cx0 == cx1 && cy0 == cy1) {
            uint32_t c = (uint32_t)cy0 * (uint32_t)w->sg_nx + (uint32_t)cx0;
            for (uint32_t k = w->sg_start[c]; k < w->sg_start[c + 1]; k++) {
                uint32_t i = w->sg_items[k];
                const cap_wstatic* s = &w->statics[i];
                cand[n] = i;
                n += !(s->minx > x1 || s->maxx < x0 || s->miny > y1 || s->maxy < y0);
            }
        } else {
            if (++w->stamp_now == 0) {
                memset(w->stamp, 0, (size_t)w->stamp_cap * 4);
                w->stamp_now = 1;
            }
            for (int32_t y = cy0; y <= cy1; y++)
                for (int32_t x = cx0; x <= cx1; x++) {
                    uint32_t c = (uint32_t)y * (uint32_t)w->sg_nx + (uint32_t)x;
                    for (uint32_t k = w->sg_start[c]; k < w->sg_start[c + 1]; k++) {
                        uint32_t i = w->sg_items[k];
                        if (w->stamp[i] == w->stamp_now) continue;
                        w->stamp[i] = w->stamp_now;
                        const cap_wstatic* s = &w->statics[i];
                        if (s->minx > x1 || s->maxx < x0 || s->miny > y1 || s->maxy < y0) continue;
                        cand[n++] = i;
                    }
                }
            for (uint32_t i = 1; i < n; i++) {
                uint32_t v = cand[i], j = i;
                while (j > 0 && cand[j - 1] > v) { cand[j] = cand[j - 1]; j--; }
                cand[j] = v;
            }
        }
    }
    /* Merge the lines in, from the back. */
    uint32_t total = n + w->line_count, i = n, j = w->line_count, out = total;
    while (j > 0) {
        if (i > 0 && cand[i - 1] > w->lines[j - 1]) cand[--out] = cand[--i];
        else cand[--out] = w->lines[--j];
    }
    return total;
}

