/* capsule2d — the step's static grid: every live static whose box is
 * fixed (statics.h: CAP_FIND_GRID) in the kernels' uniform grid
 * (kernels/grid.h), the unbounded ones (lines) in a list apart, rebuilt
 * when a static is added or removed (statics_dirty); and the candidates of
 * a box, ascending by slot, which the step's contacts, sweeps and sensors
 * test. The candidates are exactly the statics whose box overlaps the
 * query box (plus every line), in slot order: the grid's layout decides
 * only how fast they are found, never which or in what order. */
#include <string.h>

#include "kernels/grid.h"
#include "kernels/scratch.h"
#include "world/statics.h"

/* A ball's kept candidates (struct cap_ball_cands, world_internal.h): the
 * grid statics (lines apart) whose box meets the padded box x0..y1,
 * ascending by slot, when there are at most CAP_BALL_CANDS of them;
 * version: w->sg_version when made, 0 never (the ball block is zeroed when
 * it grows). */

void cap_world_index_statics(cap_world* w)
{
    w->statics_dirty = 0;
    /* Every ball's kept candidates are stale (a new version; on the wrap,
     * none is kept). */
    if (++w->sg_version == 0) {
        memset(w->ball_cands, 0, (size_t)w->ball_cap * sizeof(struct cap_ball_cands));
        w->sg_version = 1;
    }
    w->line_count = 0;
    w->sgrid.built = 0; /* until built below: no candidates but the lines */
    uint32_t count = 0;
    for (uint32_t i = 0; i < w->static_slots; i++) {
        if (!(w->static_info[3 * i + 2] & 1u)) continue;
        const cap_static_kind_row* row = cap_static_row(w->statics[i].kind);
        if (row->find == CAP_FIND_ALWAYS) {
            w->lines[w->line_count++] = i; /* (room: static_cap) */
        }
        count += row->find == CAP_FIND_GRID; /* (movers: found by the step itself) */
    }
    if (count == 0) return;
    /* (the gather scratch w->sgs is in the static block: room for count) */
    if (cap_scratch_stamps(&w->sgs, count)) return; /* (only restarts the stamps before they wrap) */
    /* Box k is the k-th such static by slot: ascending boxes are ascending slots. */
    uint32_t k = 0;
    for (uint32_t i = 0; i < w->static_slots && k < count; i++) {
        if (!(w->static_info[3 * i + 2] & 1u) || cap_static_row(w->statics[i].kind)->find != CAP_FIND_GRID) continue;
        const cap_wstatic* s = &w->statics[i];
        double* b = w->sgs.boxes + 4 * (size_t)k;
        b[0] = s->minx, b[1] = s->miny, b[2] = s->maxx, b[3] = s->maxy;
        if (k == 0) { w->sg_minx = s->minx; w->sg_miny = s->miny; w->sg_maxx = s->maxx; w->sg_maxy = s->maxy; }
        w->sg_minx = s->minx < w->sg_minx ? s->minx : w->sg_minx;
        w->sg_miny = s->miny < w->sg_miny ? s->miny : w->sg_miny;
        w->sg_maxx = s->maxx > w->sg_maxx ? s->maxx : w->sg_maxx;
        w->sg_maxy = s->maxy > w->sg_maxy ? s->maxy : w->sg_maxy;
        w->sg_slot[k++] = i;
    }
    /* Cells of twice the mean box side, about the width plus height the
     * world used before it shared this grid (callgrind, 10,000 balls on
     * 1,500 capsules: the step within 0.7% of its own grid). */
    cap_grid_build_sized(&w->sgrid, w->sgs.boxes, count, 2.0, 4, 8, 2.0);
}

/* The grid part: the grid statics whose box meets the box, ascending, into
 * w->cand (which has room for every static slot and the lines). A box within
 * one cell takes that cell's items as they are (ascending, each once: box k
 * is the k-th static by slot, so ascending items are ascending slots); over
 * several cells, stamps drop repeats and an insertion sort orders the kept
 * ones. (The grid's own gather sorts every item before the box test: slower
 * here, where most are dropped.) */
static uint32_t grid_candidates(cap_world* w, float x0, float y0, float x1, float y1)
{
    uint32_t n = 0;
    uint32_t* cand = w->cand;
    const cap_grid* g = &w->sgrid;
    /* (A box clear of the grid's bounds meets none of its boxes.) */
    if (g->built && g->count > 0 && !(x0 > w->sg_maxx || x1 < w->sg_minx || y0 > w->sg_maxy || y1 < w->sg_miny)) {
        const double box[4] = {x0, y0, x1, y1};
        int32_t r[4];
        cap_grid_cells(g, box, r);
        if (r[0] == r[2] && r[1] == r[3]) {
            size_t c = (size_t)r[1] * (size_t)g->nx + (size_t)r[0];
            for (uint32_t e = g->start[c]; e < g->start[c + 1]; e++) {
                uint32_t i = w->sg_slot[g->items[e]];
                const cap_wstatic* s = &w->statics[i];
                cand[n] = i;
                n += !(s->minx > x1 || s->maxx < x0 || s->miny > y1 || s->maxy < y0);
            }
        } else {
            /* The box test first, then an insertion sort of the few kept. */
            uint32_t* stamp = w->sgs.stamp;
            if (++w->sgs.stamp_id == 0) {
                memset(stamp, 0, (size_t)g->count * 4u);
                w->sgs.stamp_id = 1;
            }
            uint32_t id = w->sgs.stamp_id;
            for (int32_t y = r[1]; y <= r[3]; y++)
                for (int32_t x = r[0]; x <= r[2]; x++) {
                    size_t c = (size_t)y * (size_t)g->nx + (size_t)x;
                    for (uint32_t e = g->start[c]; e < g->start[c + 1]; e++) {
                        uint32_t k = g->items[e];
                        if (stamp[k] == id) continue;
                        stamp[k] = id;
                        uint32_t i = w->sg_slot[k];
                        const cap_wstatic* s = &w->statics[i];
                        if (s->minx > x1 || s->maxx < x0 || s->miny > y1 || s->maxy < y0) continue;
                        cand[n++] = i;
                    }
                }
            for (uint32_t k = 1; k < n; k++) {
                uint32_t v = cand[k], j = k;
                while (j > 0 && cand[j - 1] > v) { cand[j] = cand[j - 1]; j--; }
                cand[j] = v;
            }
        }
    }
    return n;
}

/* The lines merged into the first n candidates (ascending), from the back. */
static uint32_t merge_lines(cap_world* w, uint32_t n)
{
    uint32_t* cand = w->cand;
    uint32_t total = n + w->line_count, i = n, j = w->line_count, out = total;
    while (j > 0) {
        if (i > 0 && cand[i - 1] > w->lines[j - 1]) cand[--out] = cand[--i];
        else cand[--out] = w->lines[--j];
    }
    return total;
}

/* Static slots whose box overlaps [x0,x1]x[y0,y1] (lines always), ascending,
 * into w->cand. */
uint32_t cap_world_static_candidates(cap_world* w, float x0, float y0, float x1, float y1)
{
    return merge_lines(w, grid_candidates(w, x0, y0, x1, y1));
}

/* Ball b's candidates: the slots cap_world_static_candidates gives for the
 * box, in its order. A box inside the ball's kept padded box takes the kept
 * slots whose box meets it (every static meeting the box meets the padded
 * one, so it is among them; the same test, ascending); else the padded
 * box's grid candidates are found, kept when few, and filtered the same
 * way. pad: how far the padded box reaches past the box on each side (a
 * query that is not to refresh the kept box passes 0: then it only reads it). */
uint32_t cap_world_ball_static_candidates(cap_world* w, uint32_t b, float pad, float x0, float y0, float x1, float y1)
{
    uint32_t* cand = w->cand;
    if (b >= w->ball_cap) return merge_lines(w, grid_candidates(w, x0, y0, x1, y1));
    struct cap_ball_cands* e = &w->ball_cands[b];
    uint32_t n = 0;
    if (e->version == w->sg_version && x0 >= e->x0 && y0 >= e->y0 && x1 <= e->x1 && y1 <= e->y1) {
        for (uint32_t k = 0; k < e->count; k++) {
            uint32_t i = e->slot[k];
            const cap_wstatic* s = &w->statics[i];
            cand[n] = i;
            n += !(s->minx > x1 || s->maxx < x0 || s->miny > y1 || s->maxy < y0);
        }
        return merge_lines(w, n);
    }
    if (!(pad > 0.0f)) return merge_lines(w, grid_candidates(w, x0, y0, x1, y1));
    float px0 = x0 - pad, py0 = y0 - pad, px1 = x1 + pad, py1 = y1 + pad;
    uint32_t m = grid_candidates(w, px0, py0, px1, py1);
    e->version = 0;
    if (m <= CAP_BALL_CANDS) {
        e->x0 = px0; e->y0 = py0; e->x1 = px1; e->y1 = py1;
        e->count = m;
        memcpy(e->slot, cand, (size_t)m * 4);
        e->version = w->sg_version;
    }
    for (uint32_t k = 0; k < m; k++) {
        uint32_t i = cand[k];
        const cap_wstatic* s = &w->statics[i];
        cand[n] = i;
        n += !(s->minx > x1 || s->maxx < x0 || s->miny > y1 || s->maxy < y0);
    }
    return merge_lines(w, n);
}
