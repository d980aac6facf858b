/* capsule2d — private to query_path.c: a ray cast's or swept ball's state
 * on its way (cap_path_query) and the walk of its path through one grid,
 * column by column in order of t (cap_walk: walk_start, walk_next). In a
 * header of its own so each file holds one concept; query_path.c, its only
 * includer, compiles it as before (the same static functions in the same
 * translation unit: the same code). */
#ifndef CAPSULE2D_WORLD_QUERY_WALK_H
#define CAPSULE2D_WORLD_QUERY_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "capsule2d_world.h"
#include "kernels/grid.h"
#include "world/step_internal.h"
#include "world/query_internal.h"

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
    int major;                  /* the walks' major axis: 1 when |dy| > |dx| */
    double inv_d[2];            /* 1 / dx, 1 / dy (0 for a 0) */
    double box[4];              /* the path's box: o and o + t_max d */
    int found, kind;
    uint32_t slot;
    float t;           /* the best hit's fraction or t */
    cap_ray_hit ray_hit;
    cap_sweep_hit sweep_hit;
} cap_path_query;

/* ---- walking a path through the grids ---------------------------------------- */

/* A walk along the path o + t d, t in [t0, t1] (the part near the grid),
 * over the grid's columns in order of t (its rows when |dy| > |dx|: the
 * columns of the major axis), reading in each the cells of the minor axis
 * within pad of the path's part in that column. Column i's band is its
 * extent grown by `slack` (pad, and far more than the rounding of the
 * grid's own cell numbers); its part of the path is the t where the path
 * is in the band (the edge columns reach to infinity). So a cell point
 * within pad of o + t d (a grid static's box holds its hit point; a ball's
 * cell point, its start centre, lies within its radius and `moved` of its
 * centre) is in a cell the walk reads, in a column whose part starts no
 * later than t: once the best hit is before where the next column's part
 * starts, no later cell can hold a better one. The columns are disjoint:
 * each cell is read once. The grid is the ball grid (float cells,
 * step_internal.h's cell_of) or a kernels grid (g). */
typedef struct cap_walk {
    const uint32_t* start;        /* its cell starts */
    int g;                        /* 1: a kernels grid (double cells), 0: the ball grid (float cells) */
    int32_t nx, n_major, n_minor; /* nx: cells per row */
    int major;                    /* 0: columns (x), 1: rows (y) */
    int32_t col, end, dir;        /* the next column, one past the last, the step (+1 or -1) */
    double lo, cell, inv;         /* the major axis' first edge, its cell size and 1 / it */
    double om, inv_dm, on, dn;    /* the path along the major axis (1 / its d) and the minor axis */
    double sl;                    /* the slack signed by dir: a column's band enters at its
                                   * entry edge less sl, leaves at its exit edge plus sl */
    double pad, t0, t1;
    double t, tb;                 /* the next column's part of the path; t = NO_COLUMN: done */
    double glo, ginv;             /* the minor axis' cells, kernels grid */
    float flo, finv;              /* the minor axis' cells, ball grid */
} cap_walk;

/* A finished walk's k->t: after every column's. */
#define NO_COLUMN __builtin_inf()

/* The column of major coordinate v (by the walk's own arithmetic, clamped). */
CAP_QUERY_HOT int32_t column_of(const cap_walk* k, double v)
{
    double f = (v - k->lo) * k->inv;
    if (!(f >= 0.0)) return 0;
    if (f >= (double)k->n_major) return k->n_major - 1;
    return (int32_t)f;
}

/* Column k->col's part of the path, k->t .. k->tb (empty when t > tb): the
 * t in [t0, t1] where the path is in its band. Along the walk both ends
 * only grow (each operation rounds monotonically), and consecutive bands
 * overlap: after a column that is not empty, an empty one means every
 * later column is (its band starts beyond t1). */
CAP_QUERY_HOT void walk_part(cap_walk* k)
{
    int32_t col = k->col, in = k->dir > 0 ? col : col + 1; /* the entry edge's number; the exit's: the other */
    double u = k->t0, v = k->t1;
    if (col != (k->dir > 0 ? 0 : k->n_major - 1)) u = (k->lo + in * k->cell - k->sl - k->om) * k->inv_dm;
    if (col != (k->dir > 0 ? k->n_major - 1 : 0)) v = (k->lo + (2 * col + 1 - in) * k->cell + k->sl - k->om) * k->inv_dm;
    k->t = u > k->t0 ? u : k->t0;
    k->tb = v < k->t1 ? v : k->t1;
}

/* The walk of grid g (NULL: the ball grid) along the path of c (its
 * major axis and inverse direction: walk_path) for t in [0, t_max]. */
static void walk_start(cap_walk* k, const cap_world* w, const cap_grid* g, const cap_path_query* c, double t_max,
                       double pad)
{
    k->t = NO_COLUMN;
    double minx, miny, cell, inv;
    int32_t ny;
    if (g) {
        if (!g->built || g->count == 0) return;
        k->start = g->start, k->nx = g->nx, ny = g->ny;
        minx = g->minx, miny = g->miny, inv = g->inv_cell;
        k->ginv = inv;
    } else {
        if (w->bg_nx <= 0) return;
        k->start = w->cell_start, k->nx = w->bg_nx, ny = w->bg_ny;
        minx = w->bg_minx, miny = w->bg_miny, inv = (double)w->bg_inv;
        k->finv = w->bg_inv;
    }
    cell = 1.0 / inv;
    /* Clip to the grid's bounds grown by a cell and twice pad (every box,
     * every ball's start centre lies inside the bounds), so a long path
     * costs the cells it crosses (by the inverse direction: the margin is
     * far more than its rounding); none to do for a path inside them. */
    double m = 2.0 * pad + cell, t0 = 0.0, t1 = t_max;
    double lo[2] = {minx - m, miny - m}, hi[2] = {minx + k->nx * cell + m, miny + ny * cell + m};
    const double* box = c->box;
    if (box[0] > hi[0] || box[2] < lo[0] || box[1] > hi[1] || box[3] < lo[1]) return;
    if (!(box[0] >= lo[0] && box[2] <= hi[0] && box[1] >= lo[1] && box[3] <= hi[1])) {
        for (int a = 0; a < 2; a++) {
            double p = a ? c->oy : c->ox, ia = c->inv_d[a];
            if (ia == 0.0) continue; /* (inside the bounds on this axis: the box test) */
            double u = (lo[a] - p) * ia, v = (hi[a] - p) * ia;
            if (u > v) {
                double x = u;
                u = v, v = x;
            }
            if (u > t0) t0 = u;
            if (v < t1) t1 = v;
            if (!(t0 <= t1)) return;
        }
    }
    int major = c->major;
    k->g = g != NULL, k->major = major;
    k->n_major = major ? ny : k->nx, k->n_minor = major ? k->nx : ny;
    k->lo = major ? miny : minx, k->cell = cell, k->inv = inv;
    k->om = major ? c->oy : c->ox, k->on = major ? c->ox : c->oy;
    k->dn = major ? c->dx : c->dy, k->inv_dm = c->inv_d[major];
    if (g) k->glo = major ? minx : miny;
    else k->flo = major ? w->bg_minx : w->bg_miny;
    /* the grid's cells are floats (ball grid) or doubles from its bounds:
     * their edges are within 1e-6 of its extent of the walk's */
    double slack = pad + 1e-6 * (absd(k->lo) + k->n_major * cell), dm = major ? c->dy : c->dx;
    k->pad = pad, k->t0 = t0, k->t1 = t1;
    k->dir = dm > 0.0 ? 1 : -1;
    k->sl = dm > 0.0 ? slack : 0.0 - slack;
    /* the first and last columns whose bands hold the clipped path's ends
     * (column_of's rounding is far inside the slack's grid part); the
     * first that is not empty */
    k->col = column_of(k, k->om + t0 * dm - k->sl);
    k->end = column_of(k, k->om + t1 * dm + k->sl) + k->dir;
    for (; k->col != k->end; k->col += k->dir) {
        walk_part(k);
        if (k->t <= k->tb) return;
    }
    k->t = NO_COLUMN;
}

/* The next column's cells: its first (*c0) and the step to the next
 * (*stride: 1 along a row, nx along a column) and how many (the return);
 * then on to the column after it (walk_part; done, t = NO_COLUMN, at the
 * first empty one). */
static uint32_t walk_next(cap_walk* k, size_t* c0, size_t* stride)
{
    double ya = k->on + k->t * k->dn, yb = k->on + k->tb * k->dn;
    double lo = (ya < yb ? ya : yb) - k->pad, hi = (ya < yb ? yb : ya) + k->pad;
    int32_t r0, r1;
    if (k->g) {
        r0 = cap_grid_cell_of(lo, k->glo, k->ginv, k->n_minor), r1 = cap_grid_cell_of(hi, k->glo, k->ginv, k->n_minor);
    } else {
        r0 = cell_of((float)lo, k->flo, k->finv, k->n_minor), r1 = cell_of((float)hi, k->flo, k->finv, k->n_minor);
    }
    size_t col = (size_t)k->col;
    *c0 = k->major ? col * (size_t)k->nx + (size_t)r0 : (size_t)r0 * (size_t)k->nx + col;
    *stride = k->major ? 1 : (size_t)k->nx;
    k->col += k->dir;
    if (k->col == k->end) k->t = NO_COLUMN;
    else {
        walk_part(k);
        if (k->t > k->tb) k->t = NO_COLUMN;
    }
    return (uint32_t)(r1 - r0 + 1);
}

#endif
