/* capsule2d — the world's queries one at a time: ray casts, swept balls
 * (their walk: query_path.c), circle and box overlaps (here), and the state
 * they share (capsule2d_world.h; many at once: query_batch.c), through the
 * step's own broadphase: no index of their own.
 *
 *  - balls: the step's ball grid (contacts.c: w->cell_start, and w->cell_pos
 *    with x, y, r and the slot's bits per entry, in cell order; the big
 *    balls apart in w->big). The step picks each ball's cell by its start
 *    position; after it (made by the first query or ball added or removed
 *    since the step, so steps with no query between them skip it: bit 2
 *    of query_stale, settle) a refit writes each entry's end
 *    position (last_x, last_y) into cell_pos and keeps the cell: a ball is
 *    then at most `moved` (per axis) from where its cell was chosen, and a
 *    query widens its cell range by that (a loose grid). Balls that moved
 *    more than half a cell are taken out (their entry marked DEAD) into a
 *    short list of extras (in order of x: a query tests those its x range,
 *    grown by their largest radius, holds), so one fast ball does not
 *    widen every query; past EXTRA_MAX of them the loose bound grows instead.
 *    Why a refit and not a re-bin at the end of every step: the refit is one
 *    pass over the entries, where a re-bin also clears and sums the cells
 *    (at 1,000 balls in the plinko box they outnumber the balls 30 to 1);
 *    and in a pile or a flow `moved` is a small part of a cell, so a query
 *    reads about one more cell per row. (Measured: bench scenario 6 and
 *    tools/profile/plinko.c, in the commit that made this.)
 *    World methods between steps: an added ball joins the extras, a removed
 *    one is marked DEAD where it is (w->cell_of[slot] is its cell, from the
 *    step). When the grid does not hold last_x (no step yet since the world
 *    was made or restored, more than EXTRA_MAX balls added since the step,
 *    a step that failed after rebuilding its grid: query_stale bit 0), the
 *    queries scan (query_scan.c) until the next step.
 *  - statics: the step's static grid (static_index.c: the fixed ones, box k
 *    the k-th by slot), brought up to date by the first query after a static
 *    was added or removed (statics_dirty, as the step would); the lines
 *    (w->lines) and the moving capsules (kinematic and pivoted, at their
 *    current pose) are tested by every query.
 * Rays and sweeps walk their path through both grids together, column by
 * column (rows for a path nearer vertical) in order of t, and stop once the
 * best hit is closer than where the next column's part of the path starts.
 *
 * Results equal a scan of every ball (ascending slot) then every static
 * (ascending slot) keeping the first strictly closer hit: the closest hit
 * wins; ties go to a ball over a static, then to the lower slot. The scan
 * (query_scan.c) is also the fallback when out of memory and for numbers
 * so large (above CAP_QUERY_BIG) that float32 squares overflow, where the
 * padding argument below no longer holds.
 *
 * Why the grids find every hit the scan finds: the casts compute in double
 * from float inputs and the overlap tests in float; a shape they report
 * lies within a small rounding error of the query's path (or point), far
 * less than the padding used here (1e-5 of the magnitudes involved, plus
 * the largest radius and `moved` for the balls), and a grid's cell of a
 * point is monotone, so a ball's start centre (a static's box) within the
 * padded region is in a visited cell. */
#include <stdlib.h>
#include <string.h>

#include "capsule2d_world.h"
#include "kernels/grid.h"
#include "kernels/scratch.h"
#include "world/step_internal.h"
#include "world/query_internal.h"


void cap_world_query_free(struct cap_wquery* q)
{
    if (!q) return;
    free(q->movers);
    free(q->grid_statics); /* (q->hits is in the same block) */
    free(q);
}

static void set_slot(float* p, uint32_t i) { memcpy(&p[3], &i, 4); }

/* Ball i into the extras, kept in order of x (at its place: the first whose
 * x is greater), its radius into extra_r (room: the caller's check). */
static void add_extra(cap_world* w, struct cap_wquery* q, uint32_t i)
{
    float x = w->last_x[i], r = ((const float*)w->ball[CAP_BALL_RADIUS])[i];
    uint32_t j = q->n_extra++;
    for (; j > 0 && q->extra_x[j - 1] > x; j--) q->extra[j] = q->extra[j - 1], q->extra_x[j] = q->extra_x[j - 1];
    q->extra[j] = i, q->extra_x[j] = x;
    q->extra_r = r > q->extra_r ? r : q->extra_r;
}

void cap_query_extras_in(const struct cap_wquery* q, double lo, double hi, uint32_t* first, uint32_t* end)
{
    uint32_t a = 0, b = q->n_extra;
    while (a < b) { /* the first x >= lo */
        uint32_t m = (a + b) / 2;
        if ((double)q->extra_x[m] < lo) a = m + 1;
        else b = m;
    }
    *first = a;
    while (b < q->n_extra && (double)q->extra_x[b] <= hi) b++;
    *end = b;
}

/* ---- keeping the index: the step's refit, world methods, rebuilds ------------ */

/* The step's grid refit to last_x, last_y (which only a step changes while
 * the grid stands: a restore makes a new world, an added ball's slot is in
 * no entry, a removed one's entry is marked DEAD first, both after settle). */
static void refit(cap_world* w)
{
    struct cap_wquery* q = w->query;
    w->query_stale |= 1;
    if (!q && (q = calloc(1, sizeof *q)) != NULL) w->query = q, w->query_stale = 3; /* (out of memory: queries scan) */
    if (!q || w->bg_nx <= 0) return; /* no grid (fewer than two balls): the queries scan */
    uint32_t total = w->cell_start[(uint32_t)w->bg_nx * (uint32_t)w->bg_ny];
    float half = 0.5f / w->bg_inv, moved = 0.0f, top = 0.0f;
    uint32_t ne = 0, found[EXTRA_MAX];
    for (uint32_t k = 0; k < total; k++) {
        float* p = &w->cell_pos[4 * (size_t)k];
        uint32_t i = slot_of(p);
        float x = w->last_x[i], y = w->last_y[i];
        float mx = __builtin_fabsf(x - p[0]), my = __builtin_fabsf(y - p[1]), d = mx > my ? mx : my;
        float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y), a = ax > ay ? ax : ay;
        top = a > top ? a : top;
        p[0] = x;
        p[1] = y;
        if (d > half && ne < EXTRA_MAX) {
            found[ne++] = i;
            set_slot(p, DEAD);
        } else {
            moved = d > moved ? d : moved;
        }
    }
    const float* rad = (const float*)w->ball[CAP_BALL_RADIUS];
    int huge = big(top) | big(w->bg_reach);
    for (uint32_t j = 0; j < w->bg_nbig; j++) {
        uint32_t i = w->big[j];
        huge |= big(w->last_x[i]) | big(w->last_y[i]) | big(rad[i]);
    }
    /* the extras, in order of x */
    q->n_extra = 0, q->extra_r = 0.0f;
    for (uint32_t j = 0; j < ne; j++) add_extra(w, q, found[j]);
    q->items = total;
    q->mapped = w->ball_slots;
    /* (the float difference is at most half an ulp short of the true one) */
    q->moved = (double)moved * (1.0 + 1e-6);
    q->huge = huge;
    w->query_stale &= ~1u;
}

void cap_world_query_after_step(cap_world* w) { w->query_stale = (w->query_stale & ~1u) | 4u; }

/* The refit the last step left to be made (bit 2), made now. */
static void settle(cap_world* w)
{
    if (!(w->query_stale & 4u)) return;
    w->query_stale &= ~4u;
    refit(w);
}

void cap_world_query_ball_added(cap_world* w, uint32_t slot)
{
    settle(w);
    struct cap_wquery* q = w->query;
    if (!q || (w->query_stale & 1) || q->n_extra == EXTRA_MAX) {
        w->query_stale |= 1;
        return;
    }
    add_extra(w, q, slot);
    q->huge |= big(w->last_x[slot]) | big(w->last_y[slot]) | big(((const float*)w->ball[CAP_BALL_RADIUS])[slot]);
}

void cap_world_query_ball_removed(cap_world* w, uint32_t slot)
{
    settle(w);
    struct cap_wquery* q = w->query;
    if (!q || (w->query_stale & 1)) return;
    for (uint32_t j = 0; j < w->bg_nbig; j++)
        if (w->big[j] == slot) {
            w->big[j] = DEAD;
            return;
        }
    for (uint32_t j = 0; j < q->n_extra; j++)
        if (q->extra[j] == slot) { /* (the rest move down: still in order of x) */
            for (q->n_extra--; j < q->n_extra; j++) q->extra[j] = q->extra[j + 1], q->extra_x[j] = q->extra_x[j + 1];
            return;
        }
    /* Else a ball of the step's grid, in cell w->cell_of[slot] (written by
     * the step for every ball of its grid; checked all the same). */
    uint32_t c = slot < q->mapped ? w->cell_of[slot] : 0xffffffffu;
    if (c < (uint32_t)w->bg_nx * (uint32_t)w->bg_ny)
        for (uint32_t k = w->cell_start[c]; k < w->cell_start[c + 1]; k++)
            if (slot_of(&w->cell_pos[4 * (size_t)k]) == slot) {
                set_slot(&w->cell_pos[4 * (size_t)k], DEAD);
                return;
            }
    w->query_stale |= 1; /* (not found: cannot happen; the queries scan to be safe) */
}

/* The statics' part: the static grid brought up to date (as the step would:
 * same grid), the moving ones listed. 0: no memory (then the caller scans). */
static int refresh_statics(cap_world* w, struct cap_wquery* q)
{
    if (w->statics_dirty) cap_world_index_statics(w);
    uint32_t grid = 0;
    q->n_movers = 0;
    q->huge_statics = 0;
    for (uint32_t i = 0; i < w->static_slots; i++) {
        if (!alive_static(w, i)) continue;
        const cap_wstatic* s = &w->statics[i];
        q->huge_statics |= big(s->ax) | big(s->ay) | big(s->bx) | big(s->by) | big(s->radius);
        uint8_t find = cap_static_row(s->kind)->find;
        grid += find == CAP_FIND_GRID;
        if (find != CAP_FIND_MOVERS) continue;
        if (cap_grow((void**)&q->movers, &q->movers_cap, q->n_movers + 1, 4)) return 0;
        q->movers[q->n_movers++] = i;
    }
    /* (index_statics leaves the grid empty when out of memory) */
    return grid == 0 || (w->sgrid.built && w->sgrid.count == grid);
}

/* One block for the path walk's copy of the grid statics (cap_qstatic,
 * grid_statics_cap of them) and, after it, the overlaps' hit list
 * (hit_cap words): one allocation of the world's few. Grown (never shrunk)
 * to hold `statics` and `hits`; growing drops the copy (remade by the
 * caller). 0: no memory, the block as it was. */
static int query_room(struct cap_wquery* q, uint32_t statics, uint32_t hits)
{
    if (statics <= q->grid_statics_cap && hits <= q->hit_cap) return 1;
    uint64_t ns = statics > q->grid_statics_cap ? statics + (uint64_t)statics / 2 + 8 : q->grid_statics_cap;
    uint64_t nh = hits > q->hit_cap ? hits + (uint64_t)hits / 2 + 64 : q->hit_cap;
    uint64_t bytes = ns * sizeof(cap_qstatic) + nh * 4;
    if (bytes > 0x7fffffffu) return 0;
    cap_qstatic* b = malloc((size_t)bytes);
    if (!b) return 0;
    free(q->grid_statics);
    q->grid_statics = b, q->grid_statics_cap = (uint32_t)ns, q->grid_statics_version = 0;
    q->hits = (uint32_t*)(b + ns), q->hit_cap = (uint32_t)nh;
    return 1;
}

/* The copy of the static grid's statics, made for the grid of w->sg_version
 * (the room is there: query_room). */
static void copy_grid_statics(cap_world* w, struct cap_wquery* q)
{
    uint32_t n = w->sgrid.built ? w->sgrid.count : 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = w->sg_slot[k];
        const cap_wstatic* s = &w->statics[i];
        cap_qstatic* r = &q->grid_statics[k];
        float mag = __builtin_fabsf(s->ax) + __builtin_fabsf(s->ay) + __builtin_fabsf(s->bx) + __builtin_fabsf(s->by);
        r->ax = s->ax, r->ay = s->ay, r->bx = s->bx, r->by = s->by, r->radius = s->radius;
        r->cx = 0.5 * ((double)s->ax + s->bx), r->cy = 0.5 * ((double)s->ay + s->by);
        r->hx = 0.5 * ((double)s->bx - s->ax), r->hy = 0.5 * ((double)s->by - s->ay);
        r->reach = (double)s->radius + 1e-6 * (double)mag;
        r->slot = s->sensor || cap_static_half_plane(s) ? DEAD : i;
        cap_cast_axis_of(&r->axis, s->ax, s->ay, s->bx, s->by);
    }
    q->grid_statics_version = w->sg_version;
}

/* The index brought up to date with the world; NULL (out of memory, or a
 * value above CAP_QUERY_BIG): then the caller scans. */
struct cap_wquery* cap_query_index(cap_world* w)
{
    settle(w);
    struct cap_wquery* q = w->query;
    /* (the usual case, every query between two steps: nothing to do) */
    if (q && !w->query_stale && q->grid_statics_version == w->sg_version && w->ball_slots < q->hit_cap)
        return q->huge || q->huge_statics ? NULL : q;
    if (!q) {
        q = calloc(1, sizeof *q);
        if (!q) return NULL;
        w->query = q;
        w->query_stale = 3;
    }
    if (w->query_stale & 2) {
        if (!refresh_statics(w, q)) return NULL;
        w->query_stale &= ~2u;
    }
    if (w->query_stale & 1) return NULL; /* the step's grid does not hold last_x: scan until the next step */
    if (!query_room(q, w->sgrid.built ? w->sgrid.count : 0, w->ball_slots + 1)) return NULL;
    if (q->grid_statics_version != w->sg_version) copy_grid_statics(w, q);
    return q->huge || q->huge_statics ? NULL : q;
}

/* Circle (box = NULL) or box overlaps: balls from the ball grid's cells
 * (the region grown by the largest radius and `moved`), the big ones and
 * the extras, sorted by slot; then the statics of the static grid and the
 * lines (cap_world_static_candidates: ascending) with the moving ones
 * merged in by slot. */
typedef struct cap_overlap {
    float qx, qy, qr;
    const float* box;
    uint32_t* hits;
    uint32_t m;
} cap_overlap;

static void overlap_ball(cap_overlap* o, float x, float y, float r, uint32_t i)
{
    if (i != DEAD && (o->box ? box_ball(x, y, r, o->box) : circle_ball(x, y, r, o->qx, o->qy, o->qr))) o->hits[o->m++] = i;
}

static uint32_t overlap(cap_world* w, struct cap_wquery* q, float qx, float qy, float qr, const float* box,
                        uint32_t* out, uint32_t capacity)
{
    double g[4];
    if (box) {
        double pad = pad_of(absd(box[0]) + absd(box[1]) + absd(box[2]) + absd(box[3]));
        g[0] = box[0] - pad, g[1] = box[1] - pad, g[2] = box[2] + pad, g[3] = box[3] + pad;
    } else {
        double reach = qr + pad_of(absd(qx) + absd(qy) + qr);
        g[0] = qx - reach, g[1] = qy - reach, g[2] = qx + reach, g[3] = qy + reach;
    }
    const float* rad = (const float*)w->ball[CAP_BALL_RADIUS];
    cap_overlap o = {qx, qy, qr, box, q->hits, 0};
    if (q->items > 0 && w->bg_nx > 0) {
        double grow = w->bg_reach + q->moved;
        int32_t x0 = cell_of((float)(g[0] - grow), w->bg_minx, w->bg_inv, w->bg_nx);
        int32_t y0 = cell_of((float)(g[1] - grow), w->bg_miny, w->bg_inv, w->bg_ny);
        int32_t x1 = cell_of((float)(g[2] + grow), w->bg_minx, w->bg_inv, w->bg_nx);
        int32_t y1 = cell_of((float)(g[3] + grow), w->bg_miny, w->bg_inv, w->bg_ny);
        for (int32_t y = y0; y <= y1; y++) {
            size_t row = (size_t)y * (size_t)w->bg_nx;
            for (uint32_t e = w->cell_start[row + (size_t)x0]; e < w->cell_start[row + (size_t)x1 + 1]; e++) {
                const float* p = &w->cell_pos[4 * (size_t)e];
                overlap_ball(&o, p[0], p[1], p[2], slot_of(p));
            }
        }
    }
    for (uint32_t j = 0; j < w->bg_nbig; j++) {
        uint32_t i = w->big[j];
        if (i != DEAD) overlap_ball(&o, w->last_x[i], w->last_y[i], rad[i], i);
    }
    uint32_t e0, e1;
    cap_query_extras_in(q, g[0] - q->extra_r, g[2] + q->extra_r, &e0, &e1);
    for (; e0 < e1; e0++) {
        uint32_t i = q->extra[e0];
        overlap_ball(&o, w->last_x[i], w->last_y[i], rad[i], i);
    }
    cap_sort_u32(o.hits, o.m); /* by slot */
    uint32_t n = 0;
    for (; n < o.m; n++)
        if (n < capacity) out[n] = CAP_WORLD_BALL_WORD | o.hits[n];
    /* (w->cand has room for every static) */
    uint32_t c = cap_world_static_candidates(w, (float)g[0], (float)g[1], (float)g[2], (float)g[3]);
    if (q->n_movers) memcpy(w->cand + c, q->movers, (size_t)q->n_movers * 4u); /* (movers: NULL while none) */
    c += q->n_movers;
    if (q->n_movers) cap_sort_u32(w->cand, c);
    for (uint32_t j = 0; j < c; j++) {
        const cap_wstatic* s = &w->statics[w->cand[j]];
        if (box ? cap_static_box(s, box) : cap_static_circle(s, qx, qy, qr)) {
            if (n < capacity) out[n] = w->cand[j];
            n++;
        }
    }
    return n;
}

uint32_t cap_world_query_circle(cap_world* w, float qx, float qy, float qr, uint32_t* out, uint32_t capacity)
{
    const float in[3] = {qx, qy, qr};
    if (!finite_all(in, 3) || qr < 0.0f) return 0;
    struct cap_wquery* q = cap_query_index(w);
    uint32_t n = !q || big(qx) || big(qy) || big(qr) ? cap_query_scan_overlap(w, qx, qy, qr, NULL, out, capacity)
                                                     : overlap(w, q, qx, qy, qr, NULL, out, capacity);
    return cap_query_bodies(w, 2, in, n, NULL, NULL, NULL, out, capacity);
}

uint32_t cap_world_query_box(cap_world* w, float x0, float y0, float x1, float y1, uint32_t* out, uint32_t capacity)
{
    const float box[4] = {x0, y0, x1, y1};
    if (!finite_all(box, 4) || x1 < x0 || y1 < y0) return 0;
    struct cap_wquery* q = cap_query_index(w);
    uint32_t n = !q || big(x0) || big(y0) || big(x1) || big(y1) ? cap_query_scan_overlap(w, 0.0f, 0.0f, 0.0f, box, out, capacity)
                                                               : overlap(w, q, 0.0f, 0.0f, 0.0f, box, out, capacity);
    return cap_query_bodies(w, 3, box, n, NULL, NULL, NULL, out, capacity);
}
