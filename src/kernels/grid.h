/* capsule2d — private: a uniform grid over axis-aligned boxes, built by
 * counting sort. Items in a cell are in ascending index order; callers sort
 * gathered candidates, so no output depends on the grid's layout. */
#ifndef CAP_GRID_H
#define CAP_GRID_H

#include <stdint.h>

typedef struct cap_grid {
    double minx, miny, inv_cell; /* cell of (x, y): floor((x - minx) * inv_cell) */
    int32_t nx, ny;
    uint32_t* start; /* nx*ny + 1 offsets into items */
    uint32_t* items;
    int32_t* ranges; /* per box: first and last cell column and row */
    uint32_t start_cap, items_cap, ranges_cap;
    uint32_t count;   /* boxes indexed */
    uint32_t version; /* the owner's version when built */
    int built;
} cap_grid;

/* The cell column (or row) of coordinate v: floor((v - lo) * inv) clamped
 * to [0, cells - 1]. Monotone in v, so a point inside a box always lands in
 * the box's cell range. */
static inline int32_t cap_grid_cell_of(double v, double lo, double inv, int32_t cells)
{
    double f = (v - lo) * inv;
    if (!(f >= 0.0)) return 0;
    if (f >= (double)cells) return cells - 1;
    return (int32_t)f;
}

/* The part of segment p + t d, t in [*t0, *t1], inside the box lo..hi
 * (slab clipping in float64): narrows *t0 and *t1 and returns 1, or 0 when
 * no part is inside. The one segment-box clip of the library: the grid's
 * segment gather, the batch layer's capsule-box test, the world queries'
 * path walk. */
static inline int cap_clip_segment_box(const double p[2], const double d[2], const double lo[2], const double hi[2],
                                       double* t0, double* t1)
{
    for (int a = 0; a < 2; a++) {
        if (d[a] == 0.0) {
            if (p[a] < lo[a] || p[a] > hi[a]) return 0;
            continue;
        }
        double ta = (lo[a] - p[a]) / d[a], tb = (hi[a] - p[a]) / d[a];
        if (ta > tb) {
            double t = ta;
            ta = tb;
            tb = t;
        }
        if (ta > *t0) *t0 = ta;
        if (tb < *t1) *t1 = tb;
        if (!(*t0 <= *t1)) return 0;
    }
    return 1;
}

/* The cell number holding point (x, y). */
static inline uint32_t cap_grid_cell_at(const cap_grid* g, float x, float y)
{
    int32_t cx = cap_grid_cell_of(x, g->minx, g->inv_cell, g->nx);
    int32_t cy = cap_grid_cell_of(y, g->miny, g->inv_cell, g->ny);
    return (uint32_t)cy * (uint32_t)g->nx + (uint32_t)cx;
}

/* cell[i] = cy * w + cx + off for points 0 .. n-1, where cx and cy are
 * cap_grid_cell_of(x[i], minx, inv, nx) and (y[i], miny, inv, ny): the
 * same numbers, 4 points at a time on 4-wide backends. */
void cap_grid_cells_of(double minx, double miny, double inv, int32_t nx, int32_t ny, uint32_t w, uint32_t off,
                       const float* x, const float* y, uint32_t n, uint32_t* cell);

/* A box for (x, y) +- r in float64, widened by a margin that covers float32
 * rounding in the pair test, so the grid never misses a pair it accepts. */
void cap_grid_circle_box(float x, float y, float r, double box[4]);
void cap_grid_capsule_box(float ax, float ay, float bx, float by, float r, double box[4]);

/* The box holding the centre of every circle of radius <= reach that the
 * float32 pair test finds touching the capsule (with the same kind of
 * margin, doubled: it stands for both boxes above). */
void cap_grid_capsule_reach(float ax, float ay, float bx, float by, float r, float reach, double box[4]);

/* Index n boxes (4 doubles each: minx, miny, maxx, maxy). The cell size
 * starts near the mean box size and doubles until the grid has at most
 * 4n + 64 cells and 8n + 64 entries, so memory stays O(n) for any
 * coordinates. Buffers are kept and only grown. 0 or CAP_NO_MEMORY
 * (then the grid is left empty but valid). */
int cap_grid_build(cap_grid* g, const double* boxes, uint32_t n);

/* The same with the first cell `scale` x the mean box size, growing by
 * `step` (> 1) until at most cells_per * n + 64 cells and items_per * n + 64
 * entries. */
int cap_grid_build_sized(cap_grid* g, const double* boxes, uint32_t n, double scale, uint32_t cells_per,
                         uint32_t items_per, double step);

/* Collects into cand, ascending and without repeats, every item i with
 * lo <= i < hi stored in a cell the box touches. stamp (>= hi entries)
 * marks seen items with *stamp_id, which is advanced (and the stamps reset
 * on wrap-around). Returns the number of candidates; cand must hold hi + 1. */
uint32_t cap_grid_gather(const cap_grid* g, const double box[4], uint32_t lo, uint32_t hi, uint32_t* stamp,
                         uint32_t* stamp_id, uint32_t* cand);

/* The same for the grid's own box number `box` (its cell range is kept). */
uint32_t cap_grid_gather_own(const cap_grid* g, uint32_t box, uint32_t lo, uint32_t hi, uint32_t* stamp,
                             uint32_t* stamp_id, uint32_t* cand);

/* The same for the cells within distance r of segment (x0, y0)->(x1, y1)
 * (row by row, with half a cell of slack; edge rows reach to infinity). */
uint32_t cap_grid_gather_segment(const cap_grid* g, const double seg[4], double r, uint32_t lo, uint32_t hi,
                                 uint32_t* stamp, uint32_t* stamp_id, uint32_t* cand);

/* The cell range a box touches: first and last column, first and last row
 * (clamped to the grid). Inline: the world's step asks it for every ball. */
static inline void cap_grid_cells(const cap_grid* g, const double box[4], int32_t range[4])
{
    range[0] = cap_grid_cell_of(box[0], g->minx, g->inv_cell, g->nx);
    range[1] = cap_grid_cell_of(box[1], g->miny, g->inv_cell, g->ny);
    range[2] = cap_grid_cell_of(box[2], g->minx, g->inv_cell, g->nx);
    range[3] = cap_grid_cell_of(box[3], g->miny, g->inv_cell, g->ny);
}

void cap_grid_free(cap_grid* g);

/* Sorts n values ascending in place (shell gaps, then insertion): the one
 * sort of the library, used instead of libc's qsort (which cost 1.5 KB of
 * wasm and is not needed for a total order on integers). */
void cap_sort_u32(uint32_t* a, uint32_t n);

#endif
