/* capsule2d — the world's ray casts and swept balls (cap_world_ray_cast,
 * cap_world_sweep_ball): a walk of the path through the step's ball grid
 * and static grid together, in chunks of about a cell in order of t,
 * stopping once the best hit is closer than the next chunk of either.
 * How the grids stay exact and why they find every hit the scan finds: the
 * comment at the top of query.c. */
#include <stdlib.h>
#include <string.h>

#include "capsule2d_world.h"
#include "kernels/grid.h"
#include "world/step_internal.h"
#include "world/query_internal.h"

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
    double len, len_slack;      /* |d|, and it times 1.000001 */
    int found, kind;
    uint32_t slot;
    float t;           /* the best hit's fraction or t */
    cap_ray_hit ray_hit;
    cap_sweep_hit sweep_hit;
} cap_path_query;

CAP_QUERY_HOT void take(cap_path_query* c, float t, int kind, uint32_t slot, const cap_ray_hit* rh, const cap_sweep_hit* sh)
{
    if (!better(t, kind, slot, c->found, c->t, c->kind, c->slot)) return;
    c->found = 1, c->t = t, c->kind = kind, c->slot = slot;
    if (rh) c->ray_hit = *rh;
    else c->sweep_hit = *sh;
}

/* The last t a hit can have and still count: the best so far (ties
 * included: a little slack), else the path's end. */
CAP_QUERY_HOT double t_limit(const cap_path_query* c)
{
    return c->found && c->t < c->t_max ? c->t * (1.0 + 1e-6) + 1e-30 : c->t_max;
}

/* Ball i at (x, y) of radius r. A cast hit, or a start inside, lies within
 * r (plus the sweep's radius) of the centre; so a line that misses the
 * centre by more than that, with a millionth of slack for rounding, or a
 * centre that far behind the start or beyond the last t that counts, is
 * never a hit and the exact cast is skipped. */
CAP_QUERY_HOT void try_ball(cap_path_query* c, float x, float y, float r, uint32_t i)
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

/* Whether the path, before the last t that counts, comes within reach of
 * the grid static r (a capsule: the grid holds no other kind) — its radius
 * plus the padding (with a sweep's radius) — of its core segment A-B: the
 * exact casts report a hit, a start inside or a touch only there (within
 * rounding, far less than the padding), so a static it does not is
 * skipped. Two tests, no division: the line o + t d misses the core by
 * more than the reach (A and B both farther than it on one side: a
 * segment that does not cross a line is closest to it at an end), or the
 * core's projection on the path (|d|^2 t of A and of B) lies, less the
 * reach, wholly before t = 0 or beyond the last t that counts (a hit at t
 * has a core point P within the reach of o + t d, and P's projection lies
 * between A's and B's). Slack: a millionth of the reach, and 1e-6 of the
 * static's magnitudes (its float32 contact tests; in r->reach); they and
 * the padding (1e-5 of the path's magnitudes) also bound this double
 * arithmetic's rounding, under 1e-15 (|dx| + |dy|) (|A - o| + |B - o|). */
CAP_QUERY_HOT int path_near(const cap_path_query* c, const cap_qstatic* r)
{
    double ax = (double)r->ax - c->ox, ay = (double)r->ay - c->oy, bx = (double)r->bx - c->ox, by = (double)r->by - c->oy;
    double reach = (r->reach + c->pad) * c->len_slack; /* |d| times it */
    double ca = c->dx * ay - c->dy * ax, cb = c->dx * by - c->dy * bx;
    if ((ca > reach && cb > reach) || (ca < -reach && cb < -reach)) return 0;
    double pa = ax * c->dx + ay * c->dy, pb = bx * c->dx + by * c->dy;
    double lo = pa < pb ? pa : pb, hi = pa < pb ? pb : pa;
    return !(hi < -reach || lo - reach > t_limit(c) * c->dd2);
}

/* Grid static r (slot r->slot, a capsule that is not a sensor) by its
 * exact cast: cap_static_ray's and cap_static_sweep's for a capsule. */
CAP_QUERY_HOT void try_grid_static(cap_path_query* c, const cap_qstatic* r)
{
    cap_capsule cs = {{r->ax, r->ay}, {r->bx, r->by}, r->radius};
    if (c->sweep) {
        cap_sweep_hit h;
        if (cap_sweep_circle_capsule(cs, c->x0, c->x1, c->radius, &h) == 1) take(c, h.t, 0, r->slot, NULL, &h);
    } else {
        cap_ray_hit h;
        if (cap_ray_cast_capsule(cs, c->ray, &h) == 1) take(c, h.fraction, 0, r->slot, &h, NULL);
    }
}

/* Whether the ray surely misses the line s (a half-plane, solid right of
 * A->B): it starts outside (d0 > 0) and does not move toward it (rate >=
 * 0) — ray_half_plane's own two float values and tests (static_kinds.c),
 * so this never skips a hit. */
CAP_QUERY_HOT int ray_misses_line(const cap_wstatic* s, cap_ray ray)
{
    float d0 = (ray.origin.x - s->ax) * s->nx + (ray.origin.y - s->ay) * s->ny;
    float rate = ray.direction.x * s->nx + ray.direction.y * s->ny;
    return d0 > 0.0f && !(rate < 0.0f);
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
    c->len_slack = c->len * 1.000001;
    for (uint32_t j = 0; j < w->line_count; j++) {
        uint32_t i = w->lines[j];
        if (c->sweep || !cap_static_half_plane(&w->statics[i]) || !ray_misses_line(&w->statics[i], c->ray)) try_static(c, i);
    }
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
                    const cap_qstatic* rec = &q->grid_statics[item];
                    if (rec->slot == DEAD) { /* a sensor (never hit) or not a capsule */
                        try_static(c, w->sg_slot[item]);
                        continue;
                    }
                    if (path_near(c, rec)) try_grid_static(c, rec);
                }
            }
        }
    }
}

/* A ray or sweep c (its path set) through the index: 1 hit, 0 none, -1
 * when the caller must scan (no index, or an end above CAP_QUERY_BIG). */
static int path_query(cap_path_query* c, double t_max, double pad, int usable)
{
    struct cap_wquery* q = cap_query_index(c->w);
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
