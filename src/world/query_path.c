/* capsule2d — the world's ray casts and swept balls (cap_world_ray_cast,
 * cap_world_sweep_ball): a walk of the path through the step's ball grid
 * and static grid together, column by column in order of t, stopping once
 * the best hit is closer than the next column of either.
 * The query's state and the walk through one grid: query_walk.h. How the
 * grids stay exact and why they find every hit the scan finds: the comment
 * at the top of query.c. */
#include <stdlib.h>
#include <string.h>

#include "capsule2d_world.h"
#include "kernels/grid.h"
#include "world/step_internal.h"
#include "world/query_internal.h"
#include "world/query_walk.h"

/* Next stamp id of the static grid's scratch (all stamps cleared when it wraps). */
static uint32_t next_stamp(cap_world* w)
{
    if (++w->sgs.stamp_id == 0) {
        if (w->sgrid.count) memset(w->sgs.stamp, 0, (size_t)w->sgrid.count * 4u);
        w->sgs.stamp_id = 1;
    }
    return w->sgs.stamp_id;
}


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

/* Ball i at (x, y) of radius r by its exact cast: ray_ball's and
 * sweep_ball's (their bits: a circle's axis is 0, and the path's length as
 * they would make it). Out of line: one copy for try_ball's few calls. */
static void cast_ball(cap_path_query* c, float x, float y, float r, uint32_t i)
{
    static const cap_cast_axis point = {0.0, 0.0, 0.0};
    cap_capsule cs = {{x, y}, {x, y}, r};
    if (c->sweep) {
        cap_sweep_hit h;
        if (cap_sweep_axis(&cs, &point, &c->x0, &c->x1, c->radius, c->len, &h) == 1) take(c, h.t, 1, i, NULL, &h);
    } else {
        cap_ray_hit h;
        if (cap_ray_cast_axis(&cs, &point, &c->ray, c->len, &h) == 1) take(c, h.fraction, 1, i, &h, NULL);
    }
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
    cast_ball(c, x, y, r, i);
}

/* Whether the path, before the last t that counts, comes within reach of
 * the grid static r (a capsule: the grid holds no other kind) — its radius
 * plus the padding (with a sweep's radius) — of its core segment A-B =
 * C -+ H: the exact casts report a hit, a start inside or a touch only
 * there (within rounding, far less than the padding), so a static it does
 * not is skipped. Two tests, no division: the line o + t d misses the core
 * by more than the reach (A and B both farther than it on one side: a
 * segment that does not cross a line is closest to it at an end; with
 * cross(d, A - o) = cc - ch, cross(d, B - o) = cc + ch: |cc| - |ch| >
 * reach), or the core's projection on the path (|d|^2 t of A and of B,
 * pc -+ ph) lies, less the reach, wholly before t = 0 or beyond the last t
 * that counts (a hit at t has a core point P within the reach of o + t d,
 * and P's projection lies between A's and B's). Slack: a millionth of the
 * reach, and 1e-6 of the static's magnitudes (its float32 contact tests;
 * in r->reach); they and the padding (1e-5 of the path's magnitudes) also
 * bound this double arithmetic's rounding, under 1e-15 (|dx| + |dy|)
 * (|A - o| + |B - o|). */
CAP_QUERY_HOT int path_near(const cap_path_query* c, const cap_qstatic* r)
{
    double mx = r->cx - c->ox, my = r->cy - c->oy;
    double reach = (r->reach + c->pad) * c->len_slack; /* |d| times it */
    double cc = c->dx * my - c->dy * mx, ch = c->dx * r->hy - c->dy * r->hx;
    if (absd(cc) - absd(ch) > reach) return 0;
    double pc = mx * c->dx + my * c->dy, ph = absd(r->hx * c->dx + r->hy * c->dy);
    return !(pc + ph < -reach || pc - ph - reach > t_limit(c) * c->dd2);
}

/* Grid static r (slot r->slot, a capsule that is not a sensor) by its
 * exact cast: cap_static_ray's and cap_static_sweep's for a capsule (their
 * bits: with its axis and the path's length as they would make them). */
static void try_grid_static(cap_path_query* c, const cap_qstatic* r)
{
    cap_capsule cs = {{r->ax, r->ay}, {r->bx, r->by}, r->radius};
    if (c->sweep) {
        cap_sweep_hit h;
        if (cap_sweep_axis(&cs, &r->axis, &c->x0, &c->x1, c->radius, c->len, &h) == 1) take(c, h.t, 0, r->slot, NULL, &h);
    } else {
        cap_ray_hit h;
        if (cap_ray_cast_axis(&cs, &r->axis, &c->ray, c->len, &h) == 1) take(c, h.fraction, 0, r->slot, &h, NULL);
    }
}

/* Whether the path surely misses the line s (a half-plane, solid right of
 * A->B): the ray starts outside (d0 > 0) and does not reach it by
 * max_fraction; the swept ball is outside at both ends (beyond its
 * radius). ray_half_plane's and cap_static_sweep's own float values and
 * tests (static_kinds.c), so this never skips a hit, and a line the path
 * misses costs no call. */
CAP_QUERY_HOT int path_misses_line(const cap_path_query* c, const cap_wstatic* s)
{
    if (c->sweep) {
        float d0 = (c->x0.x - s->ax) * s->nx + (c->x0.y - s->ay) * s->ny - c->radius;
        float d1 = (c->x1.x - s->ax) * s->nx + (c->x1.y - s->ay) * s->ny - c->radius;
        return !(d0 <= 0.0f || d1 <= 0.0f);
    }
    cap_ray ray = c->ray;
    float d0 = (ray.origin.x - s->ax) * s->nx + (ray.origin.y - s->ay) * s->ny;
    float rate = ray.direction.x * s->nx + ray.direction.y * s->ny;
    return d0 > 0.0f && !(rate < 0.0f && d0 / (0.0f - rate) <= ray.max_fraction);
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

/* Every shape the path can meet: lines, moving statics, big balls and
 * extras first, then the two grids walked together, column by column in
 * order of t, until the best hit is before the next column of either (pad: the
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
        if (!cap_static_half_plane(&w->statics[i]) || !path_misses_line(c, &w->statics[i])) try_static(c, i);
    }
    for (uint32_t j = 0; j < q->n_movers; j++) try_static(c, q->movers[j]);
    if (!usable) return;
    for (uint32_t j = 0; j < w->bg_nbig; j++) {
        uint32_t i = w->big[j];
        if (i != DEAD) try_ball(c, w->last_x[i], w->last_y[i], rad[i], i);
    }
    /* the extras the path's x range (grown by their reach) holds */
    double ex = c->ox + t_max * c->dx, reach = pad + (double)q->extra_r * 1.000001;
    uint32_t e0, e1;
    cap_query_extras_in(q, (ex < c->ox ? ex : c->ox) - reach, (ex < c->ox ? c->ox : ex) + reach, &e0, &e1);
    for (; e0 < e1; e0++) {
        uint32_t i = q->extra[e0];
        try_ball(c, w->last_x[i], w->last_y[i], rad[i], i);
    }
    cap_walk kb, ks;
    double ey = c->oy + t_max * c->dy;
    c->box[0] = ex < c->ox ? ex : c->ox, c->box[1] = ey < c->oy ? ey : c->oy;
    c->box[2] = ex < c->ox ? c->ox : ex, c->box[3] = ey < c->oy ? c->oy : ey;
    c->major = absd(c->dy) > absd(c->dx);
    c->inv_d[0] = c->dx != 0.0 ? 1.0 / c->dx : 0.0;
    c->inv_d[1] = c->dy != 0.0 ? 1.0 / c->dy : 0.0;
    walk_start(&kb, w, NULL, c, t_max, pad + w->bg_reach + q->moved);
    if (q->items == 0) kb.t = NO_COLUMN;
    walk_start(&ks, w, &w->sgrid, c, t_max, pad);
    uint32_t id = next_stamp(w);
    const uint32_t* bs = w->cell_start;
    const float* pos = w->cell_pos;
    const uint32_t* ss = w->sgrid.start;
    const uint32_t* items = w->sgrid.items;
    uint32_t* stamp = w->sgs.stamp;
    const cap_qstatic* gs = q->grid_statics;
    /* the walk whose next column starts first, until the best hit is before it */
    for (;;) {
        cap_walk* k = kb.t <= ks.t ? &kb : &ks;
        if (k->t == NO_COLUMN || (c->found && c->t < k->t)) break;
        size_t cell, stride;
        uint32_t n = walk_next(k, &cell, &stride);
        if (k == &kb) {
            /* the entries of its cells: one run along a row (stride 1) */
            while (n) {
                uint32_t e = bs[cell], last = bs[cell + (stride == 1 ? n : 1)];
                n = stride == 1 ? 0 : n - 1, cell += stride;
                for (; e < last; e++) {
                    const float* p = &pos[4 * (size_t)e];
                    uint32_t i = slot_of(p);
                    if (i != DEAD) try_ball(c, p[0], p[1], p[2], i);
                }
            }
            continue;
        }
        for (; n--; cell += stride) {
            for (uint32_t e = ss[cell]; e < ss[cell + 1]; e++) {
                uint32_t item = items[e];
                if (stamp[item] == id) continue; /* a static spans cells */
                stamp[item] = id;
                const cap_qstatic* rec = &gs[item];
                if (rec->slot == DEAD) { /* a sensor (never hit) or not a capsule */
                    try_static(c, w->sg_slot[item]);
                    continue;
                }
                if (path_near(c, rec)) try_grid_static(c, rec);
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
    if (f < 0) f = cap_query_scan_ray(w, ray, best, kind, slot);
    else if (f) *best = c.ray_hit, *kind = c.kind, *slot = c.slot;
    return (int)cap_query_bodies(w, 0, in, (uint32_t)f, best, kind, slot, NULL, 0);
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
    if (f < 0) f = cap_query_scan_sweep(w, x0, x1, radius, best, kind, slot);
    else if (f) *best = c.sweep_hit, *kind = c.kind, *slot = c.slot;
    return (int)cap_query_bodies(w, 1, in, (uint32_t)f, best, kind, slot, NULL, 0);
}
