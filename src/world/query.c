/* capsule2d — the world's queries one at a time: ray casts, swept balls,
 * circle and box overlaps (capsule2d_world.h; many at once: query_batch.c),
 * through the step's own broadphase: no index of their own.
 *
 *  - balls: the step's ball grid (contacts.c: w->cell_start, and w->cell_pos
 *    with x, y, r and the slot's bits per entry, in cell order; the big
 *    balls apart in w->big). The step picks each ball's cell by its start
 *    position; at its end cap_world_query_refit writes each entry's end
 *    position (last_x, last_y) into cell_pos and keeps the cell: a ball is
 *    then at most `moved` (per axis) from where its cell was chosen, and a
 *    query widens its cell range by that (a loose grid). Balls that moved
 *    more than half a cell are taken out (their entry marked DEAD) into a
 *    short list of extras that every query tests, so one fast ball does not
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
 * Rays and sweeps walk their path through both grids together, in chunks of
 * about a cell in order of t, and stop once the best hit is closer than the
 * next chunk of either.
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

#define DEAD 0xffffffffu
#define EXTRA_MAX 32 /* balls kept out of the grid: each is tested by every query */

struct cap_wquery {
    uint32_t items;  /* entries of the step's ball grid (0: none) */
    uint32_t mapped; /* slots below this: w->cell_of[slot] is the cell of the slot's entry, if it has one */
    double moved;    /* the most an entry's ball is from where its cell was chosen, per axis */
    uint32_t extra[EXTRA_MAX], n_extra; /* live balls in neither the grid nor w->big */
    int huge;        /* a ball or a static above CAP_QUERY_BIG: every query scans */
    int huge_statics;
    uint32_t *movers, n_movers, movers_cap; /* moving statics (CAP_FIND_MOVERS), ascending */
    uint32_t *hits, hit_cap;                /* ball hits of an overlap */
};

void cap_world_query_free(struct cap_wquery* q)
{
    if (!q) return;
    free(q->movers);
    free(q->hits);
    free(q);
}

static uint32_t slot_of(const float* p)
{
    uint32_t i;
    memcpy(&i, &p[3], 4);
    return i;
}

static void set_slot(float* p, uint32_t i) { memcpy(&p[3], &i, 4); }

/* ---- keeping the index: the step's refit, world methods, rebuilds ------------ */

void cap_world_query_refit(cap_world* w)
{
    struct cap_wquery* q = w->query;
    w->query_stale |= 1;
    if (!q && (q = calloc(1, sizeof *q)) != NULL) w->query = q, w->query_stale = 3; /* (out of memory: queries scan) */
    if (!q || w->bg_nx <= 0) return; /* no grid (fewer than two balls): the queries scan */
    uint32_t total = w->cell_start[(uint32_t)w->bg_nx * (uint32_t)w->bg_ny];
    float half = 0.5f / w->bg_inv, moved = 0.0f, top = 0.0f;
    uint32_t ne = 0;
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
            q->extra[ne++] = i;
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
    q->items = total;
    q->mapped = w->ball_slots;
    /* (the float difference is at most half an ulp short of the true one) */
    q->moved = (double)moved * (1.0 + 1e-6);
    q->n_extra = ne;
    q->huge = huge;
    w->query_stale &= ~1u;
}

void cap_world_query_ball_added(cap_world* w, uint32_t slot)
{
    struct cap_wquery* q = w->query;
    if (!q || (w->query_stale & 1) || q->n_extra == EXTRA_MAX) {
        w->query_stale |= 1;
        return;
    }
    q->extra[q->n_extra++] = slot;
    q->huge |= big(w->last_x[slot]) | big(w->last_y[slot]) | big(((const float*)w->ball[CAP_BALL_RADIUS])[slot]);
}

void cap_world_query_ball_removed(cap_world* w, uint32_t slot)
{
    struct cap_wquery* q = w->query;
    if (!q || (w->query_stale & 1)) return;
    for (uint32_t j = 0; j < w->bg_nbig; j++)
        if (w->big[j] == slot) {
            w->big[j] = DEAD;
            return;
        }
    for (uint32_t j = 0; j < q->n_extra; j++)
        if (q->extra[j] == slot) {
            q->extra[j] = q->extra[--q->n_extra];
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

/* The index brought up to date with the world; NULL (out of memory, or a
 * value above CAP_QUERY_BIG): then the caller scans. */
static struct cap_wquery* index_of(cap_world* w)
{
    struct cap_wquery* q = w->query;
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
    if (q->hit_cap < w->ball_slots + 1 && cap_grow((void**)&q->hits, &q->hit_cap, w->ball_slots + 1, 4)) return NULL;
    return q->huge || q->huge_statics ? NULL : q;
}

/* ---- walking a path through the grids ---------------------------------------- */

/* A walk along the path o + t d, t in [0, t_max], over the cells of a grid
 * within pad of it: chunks [ta, tb] of about one cell, in order of t. The
 * grid is the ball grid (float cells, contacts.c's cell_of) or a kernels
 * grid (g). */
typedef struct cap_walk {
    const cap_grid* g; /* NULL: the ball grid */
    float fminx, fminy, finv;
    int32_t nx, ny;
    double ox, oy, dx, dy, pad;
    double t, end, step; /* next chunk's start, the last t, chunk length */
    int done;
    int32_t prev[4], cur[4]; /* the previous chunk's cells (all seen) and this one's; empty at first */
} cap_walk;

static void walk_start(cap_walk* k, const cap_world* w, const cap_grid* g, double ox, double oy, double dx, double dy,
                       double t_max, double pad)
{
    k->g = g, k->ox = ox, k->oy = oy, k->dx = dx, k->dy = dy, k->pad = pad;
    k->t = k->end = k->step = 0.0;
    k->done = 1;
    k->cur[0] = k->cur[1] = 0, k->cur[2] = k->cur[3] = -1;
    double minx, miny, cell;
    if (g) {
        if (!g->built || g->count == 0) return;
        k->nx = g->nx, k->ny = g->ny;
        minx = g->minx, miny = g->miny, cell = 1.0 / g->inv_cell;
    } else {
        if (w->bg_nx <= 0) return;
        k->fminx = w->bg_minx, k->fminy = w->bg_miny, k->finv = w->bg_inv;
        k->nx = w->bg_nx, k->ny = w->bg_ny;
        minx = w->bg_minx, miny = w->bg_miny, cell = 1.0 / (double)w->bg_inv;
    }
    /* Clip to the grid's bounds grown by a cell and twice pad (every box,
     * every ball's start centre lies inside the bounds), so a long path
     * costs the cells it crosses. */
    double m = 2.0 * pad + cell;
    double lo[2] = {minx - m, miny - m}, hi[2] = {minx + k->nx * cell + m, miny + k->ny * cell + m};
    double p[2] = {ox, oy}, d[2] = {dx, dy}, t0 = 0.0, t1 = t_max;
    if (!cap_clip_segment_box(p, d, lo, hi, &t0, &t1)) return;
    double major = absd(dx) > absd(dy) ? absd(dx) : absd(dy);
    double step = major > 0.0 ? cell / major : t1 - t0;
    /* at most about as many chunks as the grid has rows and columns */
    double least = (t1 - t0) / (double)(k->nx + k->ny + 2);
    if (!(step >= least)) step = least;
    k->t = t0, k->end = t1, k->step = step;
    k->done = 0;
}

/* The next chunk's cell range. After it, k->t is where the following chunk
 * starts (a hit before it is final). The chunk's cells that the previous
 * chunk had (k->prev, all of whose items were tested) are skipped by the
 * callers: consecutive chunks overlap, and the ranges move monotonically
 * along the path, so each cell is read once. */
static void walk_next(cap_walk* k, int32_t range[4])
{
    memcpy(k->prev, k->cur, sizeof k->prev);
    double ta = k->t, tb = ta + k->step;
    if (!(tb < k->end)) tb = k->end, k->done = 1;
    k->t = tb;
    double xa = k->ox + ta * k->dx, ya = k->oy + ta * k->dy, xb = k->ox + tb * k->dx, yb = k->oy + tb * k->dy;
    double box[4] = {(xa < xb ? xa : xb) - k->pad, (ya < yb ? ya : yb) - k->pad, (xa < xb ? xb : xa) + k->pad,
                     (ya < yb ? yb : ya) + k->pad};
    if (k->g) {
        cap_grid_cells(k->g, box, range);
    } else {
        range[0] = cell_of((float)box[0], k->fminx, k->finv, k->nx);
        range[1] = cell_of((float)box[1], k->fminy, k->finv, k->ny);
        range[2] = cell_of((float)box[2], k->fminx, k->finv, k->nx);
        range[3] = cell_of((float)box[3], k->fminy, k->finv, k->ny);
    }
    memcpy(k->cur, range, sizeof k->cur);
    /* a chunk that covers the whole grid visits everything: the last */
    if (range[0] == 0 && range[1] == 0 && range[2] == k->nx - 1 && range[3] == k->ny - 1) k->done = 1;
}

/* Of two walks, the one whose next chunk starts first (NULL: both done). */
static cap_walk* walk_pick(cap_walk* a, cap_walk* b)
{
    if (a->done) return b->done ? NULL : b;
    return b->done || a->t <= b->t ? a : b;
}

/* Next stamp id of the static grid's scratch (all stamps cleared when it wraps). */
static uint32_t next_stamp(cap_world* w)
{
    if (++w->sgs.stamp_id == 0) {
        if (w->sgrid.count) memset(w->sgs.stamp, 0, (size_t)w->sgrid.count * 4u);
        w->sgs.stamp_id = 1;
    }
    return w->sgs.stamp_id;
}

/* Padding for a query whose numbers have magnitude sum m (see the top). */
static double pad_of(double m) { return 1e-5 * m + 1e-30; }

/* A ray cast or a swept ball on its way: the query, and the best hit so far
 * by the scan's order (better()). */
typedef struct cap_path_query {
    cap_world* w;
    int sweep;         /* 0: the ray, 1: the ball x0 -> x1 of radius */
    cap_ray ray;
    cap_vec2 x0, x1;
    float radius;
    double ox, oy, dx, dy, dd2; /* the path o + t d, dd2 = |d|^2 */
    double t_max, pad;          /* its last t; the statics' padding (with a sweep's radius) */
    double len;                 /* |d| */
    int found, kind;
    uint32_t slot;
    float t;           /* the best hit's fraction or t */
    cap_ray_hit ray_hit;
    cap_sweep_hit sweep_hit;
} cap_path_query;

static void take(cap_path_query* c, float t, int kind, uint32_t slot, const cap_ray_hit* rh, const cap_sweep_hit* sh)
{
    if (!better(t, kind, slot, c->found, c->t, c->kind, c->slot)) return;
    c->found = 1, c->t = t, c->kind = kind, c->slot = slot;
    if (rh) c->ray_hit = *rh;
    else c->sweep_hit = *sh;
}

/* The last t a hit can have and still count: the best so far (ties
 * included: a little slack), else the path's end. */
static double t_limit(const cap_path_query* c)
{
    return c->found && c->t < c->t_max ? c->t * (1.0 + 1e-6) + 1e-30 : c->t_max;
}

/* Ball i at (x, y) of radius r. A cast hit, or a start inside, lies within
 * r (plus the sweep's radius) of the centre; so a line that misses the
 * centre by more than that, with a millionth of slack for rounding, or a
 * centre that far behind the start or beyond the last t that counts, is
 * never a hit and the exact cast is skipped. */
static void try_ball(cap_path_query* c, float x, float y, float r, uint32_t i)
{
    double mx = x - c->ox, my = y - c->oy, cr = c->dx * my - c->dy * mx;
    double reach = (double)(c->sweep ? r + c->radius : r) * 1.000001 + 1e-30;
    if (cr * cr > reach * reach * c->dd2) return;
    double along = mx * c->dx + my * c->dy, room = reach * c->len; /* along: |d|^2 times the centre's t */
    if (along < -room || along - room > t_limit(c) * c->dd2) return;
    if (c->sweep) {
        cap_sweep_hit h;
        if (sweep_ball(x, y, r, c->x0, c->x1, c->radius, &h)) take(c, h.t, 1, i, NULL, &h);
    } else {
        cap_ray_hit h;
        if (ray_ball(x, y, r, c->ray, &h)) take(c, h.fraction, 1, i, &h, NULL);
    }
}

/* Whether the path, before the last t that counts, crosses the box
 * (minx, miny, maxx, maxy) grown by the padding: a fixed static whose box
 * it does not cross cannot hit first, and its exact cast is skipped. */
static int path_meets(const cap_path_query* c, const double* box)
{
    double t0 = 0.0, t1 = t_limit(c);
    const double o[2] = {c->ox, c->oy}, d[2] = {c->dx, c->dy};
    const double lo[2] = {box[0] - c->pad, box[1] - c->pad}, hi[2] = {box[2] + c->pad, box[3] + c->pad};
    return cap_clip_segment_box(o, d, lo, hi, &t0, &t1);
}

/* Static i, by its exact cast (sensors are not hit). */
static void try_static(cap_path_query* c, uint32_t i)
{
    const cap_wstatic* s = &c->w->statics[i];
    if (s->sensor) return;
    if (c->sweep) {
        cap_sweep_hit h;
        if (cap_static_sweep(s, c->x0, c->x1, c->radius, &h)) take(c, h.t, 0, i, NULL, &h);
    } else {
        cap_ray_hit h;
        if (cap_static_ray(s, c->ray, &h)) take(c, h.fraction, 0, i, &h, NULL);
    }
}

/* The ball grid's entries e0 .. e1 - 1 (a run of cells of one row). */
static void try_entries(cap_path_query* c, uint32_t e0, uint32_t e1)
{
    for (uint32_t e = e0; e < e1; e++) {
        const float* p = &c->w->cell_pos[4 * (size_t)e];
        uint32_t i = slot_of(p);
        if (i != DEAD) try_ball(c, p[0], p[1], p[2], i);
    }
}

/* Every shape the path can meet: lines, moving statics, big balls and
 * extras first, then the two grids walked together, chunk by chunk in order
 * of t, until the best hit is before the next chunk of either (pad: the
 * statics' padding; the balls' adds the largest radius and `moved`). */
static void walk_path(cap_path_query* c, struct cap_wquery* q, double t_max, double pad, int usable)
{
    cap_world* w = c->w;
    const float* rad = (const float*)w->ball[CAP_BALL_RADIUS];
    c->t_max = t_max, c->pad = pad;
    c->len = __builtin_sqrt(c->dd2);
    for (uint32_t j = 0; j < w->line_count; j++) try_static(c, w->lines[j]);
    for (uint32_t j = 0; j < q->n_movers; j++) try_static(c, q->movers[j]);
    if (!usable) return;
    for (uint32_t j = 0; j < w->bg_nbig + q->n_extra; j++) {
        uint32_t i = j < w->bg_nbig ? w->big[j] : q->extra[j - w->bg_nbig];
        if (i != DEAD) try_ball(c, w->last_x[i], w->last_y[i], rad[i], i);
    }
    cap_walk kb, ks;
    walk_start(&kb, w, NULL, c->ox, c->oy, c->dx, c->dy, t_max, pad + w->bg_reach + q->moved);
    if (q->items == 0) kb.done = 1;
    walk_start(&ks, w, &w->sgrid, c->ox, c->oy, c->dx, c->dy, t_max, pad);
    uint32_t id = next_stamp(w);
    int32_t r[4];
    for (cap_walk* k; (k = walk_pick(&kb, &ks)) && !(c->found && c->t < k->t);) {
        walk_next(k, r);
        const int32_t* pv = k->prev;
        for (int32_t cy = r[1]; cy <= r[3]; cy++) {
            int in = cy >= pv[1] && cy <= pv[3]; /* a row the previous chunk had in part */
            if (k == &kb) {
                /* a row's cells are consecutive entries: the runs left and
                 * right of the previous chunk's */
                size_t row = (size_t)cy * (size_t)kb.nx;
                int32_t a = r[0], b = in && pv[0] - 1 < r[2] ? pv[0] - 1 : r[2];
                if (a <= b) try_entries(c, w->cell_start[row + (size_t)a], w->cell_start[row + (size_t)b + 1]);
                if (in && pv[2] + 1 > a) a = pv[2] + 1;
                if (in && a <= r[2]) try_entries(c, w->cell_start[row + (size_t)a], w->cell_start[row + (size_t)r[2] + 1]);
                continue;
            }
            for (int32_t cx = r[0]; cx <= r[2]; cx++) {
                if (in && cx >= pv[0] && cx <= pv[2]) continue;
                size_t cell = (size_t)cy * (size_t)w->sgrid.nx + (size_t)cx;
                for (uint32_t e = w->sgrid.start[cell]; e < w->sgrid.start[cell + 1]; e++) {
                    uint32_t item = w->sgrid.items[e];
                    if (w->sgs.stamp[item] == id) continue; /* a static spans cells */
                    w->sgs.stamp[item] = id;
                    /* (its box: the static grid's, as the static's minx .. maxy) */
                    if (path_meets(c, w->sgs.boxes + 4 * (size_t)item)) try_static(c, w->sg_slot[item]);
                }
            }
        }
    }
}

/* A ray or sweep c (its path set) through the index: 1 hit, 0 none, -1
 * when the caller must scan (no index, or an end above CAP_QUERY_BIG). */
static int path_query(cap_path_query* c, double t_max, double pad, int usable)
{
    struct cap_wquery* q = index_of(c->w);
    double ex = c->ox + t_max * c->dx, ey = c->oy + t_max * c->dy;
    if (!q || big(c->ox) || big(c->oy) || big(ex) || big(ey) || big(pad)) return -1;
    walk_path(c, q, t_max, pad_of(absd(c->ox) + absd(c->oy) + absd(ex) + absd(ey) + pad) + pad, usable);
    return c->found;
}

int cap_world_ray_cast(cap_world* w, cap_ray ray, cap_ray_hit* best, int* kind, uint32_t* slot)
{
    const float in[5] = {ray.origin.x, ray.origin.y, ray.direction.x, ray.direction.y, ray.max_fraction};
    if (!finite_all(in, 5)) return 0;
    cap_path_query c;
    c.w = w, c.sweep = 0, c.ray = ray, c.radius = 0.0f, c.found = 0;
    c.ox = ray.origin.x, c.oy = ray.origin.y, c.dx = ray.direction.x, c.dy = ray.direction.y;
    c.dd2 = c.dx * c.dx + c.dy * c.dy;
    /* (a zero direction or a max_fraction out of [0, FLT_MAX]: lines only,
     * as the casts refuse such a ray) */
    int usable = ray.max_fraction >= 0.0f && ray.max_fraction <= 3.40282347e38f && c.dd2 > 0.0;
    int f = path_query(&c, ray.max_fraction, 0.0, usable);
    if (f < 0) return cap_query_scan_ray(w, ray, best, kind, slot);
    if (f) *best = c.ray_hit, *kind = c.kind, *slot = c.slot;
    return f;
}

int cap_world_sweep_ball(cap_world* w, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* best, int* kind,
                         uint32_t* slot)
{
    const float in[5] = {x0.x, x0.y, x1.x, x1.y, radius};
    if (!finite_all(in, 5) || radius < 0.0f) return 0;
    cap_path_query c;
    c.w = w, c.sweep = 1, c.x0 = x0, c.x1 = x1, c.radius = radius, c.found = 0;
    c.ox = x0.x, c.oy = x0.y, c.dx = (double)x1.x - x0.x, c.dy = (double)x1.y - x0.y, c.dd2 = c.dx * c.dx + c.dy * c.dy;
    int f = path_query(&c, 1.0, radius, 1);
    if (f < 0) return cap_query_scan_sweep(w, x0, x1, radius, best, kind, slot);
    if (f) *best = c.sweep_hit, *kind = c.kind, *slot = c.slot;
    return f;
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
    for (uint32_t j = 0; j < w->bg_nbig + q->n_extra; j++) {
        uint32_t i = j < w->bg_nbig ? w->big[j] : q->extra[j - w->bg_nbig];
        if (i != DEAD) overlap_ball(&o, w->last_x[i], w->last_y[i], rad[i], i);
    }
    cap_sort_u32(o.hits, o.m); /* by slot */
    uint32_t n = 0;
    for (; n < o.m; n++)
        if (n < capacity) out[n] = (1u << 31) | o.hits[n];
    /* (w->cand has room for every static) */
    uint32_t c = cap_world_static_candidates(w, (float)g[0], (float)g[1], (float)g[2], (float)g[3]);
    memcpy(w->cand + c, q->movers, (size_t)q->n_movers * 4u);
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
    struct cap_wquery* q = index_of(w);
    if (!q || big(qx) || big(qy) || big(qr)) return cap_query_scan_overlap(w, qx, qy, qr, NULL, out, capacity);
    return overlap(w, q, qx, qy, qr, NULL, out, capacity);
}

uint32_t cap_world_query_box(cap_world* w, float x0, float y0, float x1, float y1, uint32_t* out, uint32_t capacity)
{
    const float box[4] = {x0, y0, x1, y1};
    if (!finite_all(box, 4) || x1 < x0 || y1 < y0) return 0;
    struct cap_wquery* q = index_of(w);
    if (!q || big(x0) || big(y0) || big(x1) || big(y1)) return cap_query_scan_overlap(w, 0.0f, 0.0f, 0.0f, box, out, capacity);
    return overlap(w, q, 0.0f, 0.0f, 0.0f, box, out, capacity);
}
