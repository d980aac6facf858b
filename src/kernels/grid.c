/* capsule2d — uniform grid broadphase (counting sort). See grid.h. */
#include "kernels/grid.h"
#include "kernels/scratch.h"

#include <stdlib.h>
#include <string.h>

#include "capsule2d.h"
#include "kernels/simd4.h"

/* Cold next to the gathers (a build runs when a set or the statics change,
 * a sort on a query's handful of hits): compiled for size, for the wasm
 * modules' size budget. */
#if defined(__clang__)
#define GRID_SMALL __attribute__((minsize, noinline))
#else
#define GRID_SMALL
#endif

static double absd(double a) { return a < 0.0 ? -a : a; }

static void widen(double box[4], double scale)
{
    double m = scale * 1e-6 + 1e-18;
    box[0] -= m;
    box[1] -= m;
    box[2] += m;
    box[3] += m;
}

void cap_grid_circle_box(float x, float y, float r, double box[4])
{
    box[0] = (double)x - r;
    box[1] = (double)y - r;
    box[2] = (double)x + r;
    box[3] = (double)y + r;
    widen(box, absd(x) + absd(y) + r);
}

void cap_grid_capsule_box(float ax, float ay, float bx, float by, float r, double box[4])
{
    box[0] = (ax < bx ? ax : bx) - (double)r;
    box[1] = (ay < by ? ay : by) - (double)r;
    box[2] = (ax < bx ? bx : ax) + (double)r;
    box[3] = (ay < by ? by : ay) + (double)r;
    widen(box, absd(ax) + absd(ay) + absd(bx) + absd(by) + r);
}

void cap_grid_capsule_reach(float ax, float ay, float bx, float by, float r, float reach, double box[4])
{
    double grow = (double)r + reach;
    box[0] = (ax < bx ? ax : bx) - grow;
    box[1] = (ay < by ? ay : by) - grow;
    box[2] = (ax < bx ? bx : ax) + grow;
    box[3] = (ay < by ? by : ay) + grow;
    /* the circle's own margin (its centre lies within the capsule's box
     * plus reach) is at most that of the capsule's coordinates plus 2 reach */
    double scale = 2.0 * (absd(ax) + absd(ay) + absd(bx) + absd(by) + 2.0 * grow);
    widen(box, scale);
    widen(box, scale);
}

#define cell_of cap_grid_cell_of

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
/* floor((v - lo) * inv) of lanes 0, 1 of v clamped as cap_grid_cell_of:
 * NaN or below 0 -> 0; from top = cells - 0.5 up -> cells - 1. */
static v128_t cells2(v128_t v, v128_t lo, v128_t inv, v128_t top)
{
    v128_t f = wasm_f64x2_mul(wasm_f64x2_sub(wasm_f64x2_promote_low_f32x4(v), lo), inv);
    return wasm_i32x4_trunc_sat_f64x2_zero(wasm_f64x2_pmin(wasm_f64x2_pmax(wasm_f64x2_splat(0.0), f), top));
}
static v128_t cells4(const float* p, v128_t lo, v128_t inv, v128_t top)
{
    v128_t v = wasm_v128_load(p);
    return wasm_i32x4_shuffle(cells2(v, lo, inv, top), cells2(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3), lo, inv, top), 0, 1, 4, 5);
}
#elif defined(__SSE4_1__)
#include <smmintrin.h>
static __m128i cells2(__m128 v, __m128d lo, __m128d inv, __m128d top)
{
    __m128d f = _mm_mul_pd(_mm_sub_pd(_mm_cvtps_pd(v), lo), inv);
    return _mm_cvttpd_epi32(_mm_min_pd(top, _mm_max_pd(f, _mm_setzero_pd()))); /* the same pmax, pmin */
}
static __m128i cells4(const float* p, __m128d lo, __m128d inv, __m128d top)
{
    __m128 v = _mm_loadu_ps(p);
    return _mm_unpacklo_epi64(cells2(v, lo, inv, top), cells2(_mm_movehl_ps(v, v), lo, inv, top));
}
#endif

void cap_grid_cells_of(double minx, double miny, double inv, int32_t nx, int32_t ny, uint32_t w, uint32_t off,
                       const float* x, const float* y, uint32_t n, uint32_t* cell)
{
    uint32_t i = 0;
#if defined(__wasm_simd128__)
    v128_t lx = wasm_f64x2_splat(minx), ly = wasm_f64x2_splat(miny), iv = wasm_f64x2_splat(inv);
    v128_t tx = wasm_f64x2_splat(nx - 0.5), ty = wasm_f64x2_splat(ny - 0.5);
    v128_t wv = wasm_i32x4_splat((int32_t)w), ov = wasm_i32x4_splat((int32_t)off);
    C4_LOOP_AS_IS
    for (; i + 4 <= n; i += 4) {
        v128_t cx = cells4(x + i, lx, iv, tx), cy = cells4(y + i, ly, iv, ty);
        wasm_v128_store(cell + i, wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(cy, wv), cx), ov));
    }
#elif defined(__SSE4_1__)
    __m128d lx = _mm_set1_pd(minx), ly = _mm_set1_pd(miny), iv = _mm_set1_pd(inv);
    __m128d tx = _mm_set1_pd(nx - 0.5), ty = _mm_set1_pd(ny - 0.5);
    __m128i wv = _mm_set1_epi32((int32_t)w), ov = _mm_set1_epi32((int32_t)off);
    for (; i + 4 <= n; i += 4) {
        __m128i cx = cells4(x + i, lx, iv, tx), cy = cells4(y + i, ly, iv, ty);
        _mm_storeu_si128((__m128i*)(cell + i), _mm_add_epi32(_mm_add_epi32(_mm_mullo_epi32(cy, wv), cx), ov));
    }
#endif
    C4_LOOP_AS_IS
    for (; i < n; i++)
        cell[i] = (uint32_t)cell_of(y[i], miny, inv, ny) * w + (uint32_t)cell_of(x[i], minx, inv, nx) + off;
}

typedef struct cap_range { int32_t x0, y0, x1, y1; } cap_range;

static cap_range range_of(const cap_grid* g, const double* box)
{
    cap_range r;
    r.x0 = cell_of(box[0], g->minx, g->inv_cell, g->nx);
    r.y0 = cell_of(box[1], g->miny, g->inv_cell, g->ny);
    r.x1 = cell_of(box[2], g->minx, g->inv_cell, g->nx);
    r.y1 = cell_of(box[3], g->miny, g->inv_cell, g->ny);
    return r;
}

int cap_grid_build(cap_grid* g, const double* boxes, uint32_t n)
{
    return cap_grid_build_sized(g, boxes, n, 1.0, 4, 8, 2.0);
}

GRID_SMALL int cap_grid_build_sized(cap_grid* g, const double* boxes, uint32_t n, double scale, uint32_t cells_per,
                                    uint32_t items_per, double step)
{
    g->built = 0;
    g->count = 0;
    g->nx = g->ny = 1;
    g->minx = g->miny = 0.0;
    g->inv_cell = 1.0;
    double minx = 0.0, miny = 0.0, maxx = 0.0, maxy = 0.0, sum = 0.0;
    for (uint32_t i = 0; i < n; i++) {
        const double* b = boxes + 4 * (size_t)i;
        if (i == 0 || b[0] < minx) minx = b[0];
        if (i == 0 || b[1] < miny) miny = b[1];
        if (i == 0 || b[2] > maxx) maxx = b[2];
        if (i == 0 || b[3] > maxy) maxy = b[3];
        double w = b[2] - b[0], h = b[3] - b[1];
        sum += w > h ? w : h;
    }
    double width = maxx - minx, height = maxy - miny;
    double cell = n ? sum / n * scale : 1.0;
    if (!(cell > 0.0)) cell = (width > height ? width : height) / __builtin_sqrt((double)n + 1.0);
    if (!(cell > 0.0) || !(cell < 1e300)) cell = 1.0;
    uint64_t max_cells = cells_per * (uint64_t)n + 64, max_items = items_per * (uint64_t)n + 64;
    if (cap_grow((void**)&g->ranges, &g->ranges_cap, 4 * (uint64_t)n + 4, 4)) return CAP_NO_MEMORY;
    double nxd, nyd;
    uint64_t items;
    for (;;) {
        nxd = __builtin_floor(width / cell) + 1.0;
        nyd = __builtin_floor(height / cell) + 1.0;
        if (nxd * nyd > (double)max_cells) {
            cell *= step;
            continue;
        }
        double inv = 1.0 / cell;
        int32_t cx = (int32_t)nxd, cy = (int32_t)nyd;
        items = 0;
        for (uint32_t i = 0; i < n; i++) {
            const double* b = boxes + 4 * (size_t)i;
            int32_t* r = g->ranges + 4 * (size_t)i;
            r[0] = cell_of(b[0], minx, inv, cx);
            r[1] = cell_of(b[1], miny, inv, cy);
            r[2] = cell_of(b[2], minx, inv, cx);
            r[3] = cell_of(b[3], miny, inv, cy);
            items += (uint64_t)((int64_t)(r[2] - r[0] + 1) * (r[3] - r[1] + 1));
        }
        if (items > max_items && (nxd > 1.0 || nyd > 1.0)) {
            cell *= step;
            continue;
        }
        break;
    }
    uint32_t cells = (uint32_t)(nxd * nyd);
    if (cap_grow((void**)&g->start, &g->start_cap, (uint64_t)cells + 1, 4) ||
        cap_grow((void**)&g->items, &g->items_cap, items ? items : 1, 4)) {
        return CAP_NO_MEMORY;
    }
    g->minx = minx;
    g->miny = miny;
    g->inv_cell = 1.0 / cell;
    g->nx = (int32_t)nxd;
    g->ny = (int32_t)nyd;
    /* Counting sort: count per cell, prefix sums, then place in index order. */
    memset(g->start, 0, ((size_t)cells + 1) * sizeof(uint32_t));
    for (uint32_t i = 0; i < n; i++) {
        const int32_t* r = g->ranges + 4 * (size_t)i;
        for (int32_t y = r[1]; y <= r[3]; y++)
            for (int32_t x = r[0]; x <= r[2]; x++) g->start[(size_t)y * g->nx + x + 1]++;
    }
    for (uint32_t c = 0; c < cells; c++) g->start[c + 1] += g->start[c];
    /* start[c] is used as the fill cursor of cell c, then shifted back. */
    for (uint32_t i = 0; i < n; i++) {
        const int32_t* r = g->ranges + 4 * (size_t)i;
        for (int32_t y = r[1]; y <= r[3]; y++)
            for (int32_t x = r[0]; x <= r[2]; x++) g->items[g->start[(size_t)y * g->nx + x]++] = i;
    }
    for (uint32_t c = cells; c > 0; c--) g->start[c] = g->start[c - 1];
    g->start[0] = 0;
    g->count = n;
    g->built = 1;
    return 0;
}

GRID_SMALL void cap_sort_u32(uint32_t* a, uint32_t n)
{
    /* Insertion sort for the usual handful; shell gaps first for big lists. */
    static const uint32_t gaps[] = {701, 301, 132, 57, 23, 10, 4};
    if (n > 16) {
        for (unsigned gi = 0; gi < sizeof gaps / sizeof gaps[0]; gi++) {
            uint32_t gap = gaps[gi];
            for (uint32_t i = gap; i < n; i++) {
                uint32_t v = a[i], j = i;
                while (j >= gap && a[j - gap] > v) {
                    a[j] = a[j - gap];
                    j -= gap;
                }
                a[j] = v;
            }
        }
    }
    for (uint32_t i = 1; i < n; i++) {
        uint32_t v = a[i], j = i;
        while (j > 0 && a[j - 1] > v) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

/* Adds the items of cells [x0, x1] of row y. */
static uint32_t gather_row(const cap_grid* g, int32_t y, int32_t x0, int32_t x1, uint32_t lo, uint32_t hi,
                           uint32_t* stamp, uint32_t id, uint32_t* cand, uint32_t k)
{
    for (int32_t x = x0; x <= x1; x++) {
        size_t c = (size_t)y * g->nx + x;
        for (uint32_t e = g->start[c]; e < g->start[c + 1]; e++) {
            uint32_t i = g->items[e];
            if (i >= hi) continue; /* a stale index: rare and predictable */
            /* Branch-free from here: whether i is new and >= lo is data, not
             * control (about half the items fail i >= lo for circle pairs). */
            uint32_t fresh = (uint32_t)(stamp[i] != id) & (uint32_t)(i >= lo);
            stamp[i] = id;
            cand[k] = i;
            k += fresh;
        }
    }
    return k;
}

static uint32_t gather(const cap_grid* g, cap_range r, uint32_t lo, uint32_t hi, uint32_t* stamp,
                       uint32_t* stamp_id, uint32_t* cand)
{
    if (!g->built || g->count == 0) return 0;
    if (++*stamp_id == 0) {
        memset(stamp, 0, (size_t)hi * sizeof(uint32_t));
        *stamp_id = 1;
    }
    uint32_t k = 0;
    for (int32_t y = r.y0; y <= r.y1; y++) k = gather_row(g, y, r.x0, r.x1, lo, hi, stamp, *stamp_id, cand, k);
    cap_sort_u32(cand, k);
    return k;
}

uint32_t cap_grid_gather_segment(const cap_grid* g, const double seg[4], double r, uint32_t lo, uint32_t hi,
                                 uint32_t* stamp, uint32_t* stamp_id, uint32_t* cand)
{
    if (!g->built || g->count == 0) return 0;
    if (++*stamp_id == 0) {
        memset(stamp, 0, (size_t)hi * sizeof(uint32_t));
        *stamp_id = 1;
    }
    uint32_t id = *stamp_id, k = 0;
    double x0 = seg[0], y0 = seg[1], x1 = seg[2], y1 = seg[3];
    double cell = 1.0 / g->inv_cell;
    /* Clip to the grid's bounds grown by r (every shape lies inside them), so
     * a very long ray costs the cells it crosses, not its length. */
    double bx1 = g->minx + g->nx * cell, by1 = g->miny + g->ny * cell;
    double grow = r + 1e-6 * (absd(g->minx) + absd(g->miny) + absd(bx1) + absd(by1) + r) + 1e-18;
    double blo[2] = {g->minx - grow, g->miny - grow}, bhi[2] = {bx1 + grow, by1 + grow};
    double p[2] = {x0, y0}, d[2] = {x1 - x0, y1 - y0}, t0 = 0.0, t1 = 1.0;
    if (!cap_clip_segment_box(p, d, blo, bhi, &t0, &t1)) return 0;
    x1 = p[0] + t1 * d[0];
    y1 = p[1] + t1 * d[1];
    x0 = p[0] + t0 * d[0];
    y0 = p[1] + t0 * d[1];
    double pad = r + 0.5 * cell + 1e-6 * (absd(x0) + absd(y0) + absd(x1) + absd(y1) + r) + 1e-18;
    int32_t ry0 = cell_of((y0 < y1 ? y0 : y1) - pad, g->miny, g->inv_cell, g->ny);
    int32_t ry1 = cell_of((y0 < y1 ? y1 : y0) + pad, g->miny, g->inv_cell, g->ny);
    double dy = y1 - y0, dx = x1 - x0;
    for (int32_t row = ry0; row <= ry1; row++) {
        double ta = 0.0, tb = 1.0;
        if (dy != 0.0) {
            /* the row's band, widened; the edge rows hold everything beyond */
            double b0 = row == 0 ? -1e308 : g->miny + row * cell - pad;
            double b1 = row == g->ny - 1 ? 1e308 : g->miny + (row + 1) * cell + pad;
            ta = (b0 - y0) / dy;
            tb = (b1 - y0) / dy;
            if (ta > tb) {
                double t = ta;
                ta = tb;
                tb = t;
            }
            if (ta < 0.0) ta = 0.0;
            if (tb > 1.0) tb = 1.0;
            if (!(ta <= tb)) continue;
        }
        double xa = x0 + ta * dx, xb = x0 + tb * dx;
        int32_t cx0 = cell_of((xa < xb ? xa : xb) - pad, g->minx, g->inv_cell, g->nx);
        int32_t cx1 = cell_of((xa < xb ? xb : xa) + pad, g->minx, g->inv_cell, g->nx);
        k = gather_row(g, row, cx0, cx1, lo, hi, stamp, id, cand, k);
    }
    cap_sort_u32(cand, k);
    return k;
}

uint32_t cap_grid_gather(const cap_grid* g, const double box[4], uint32_t lo, uint32_t hi, uint32_t* stamp,
                         uint32_t* stamp_id, uint32_t* cand)
{
    if (!g->built) return 0;
    return gather(g, range_of(g, box), lo, hi, stamp, stamp_id, cand);
}

uint32_t cap_grid_gather_own(const cap_grid* g, uint32_t box, uint32_t lo, uint32_t hi, uint32_t* stamp,
                             uint32_t* stamp_id, uint32_t* cand)
{
    if (!g->built || box >= g->count) return 0;
    const int32_t* q = g->ranges + 4 * (size_t)box;
    cap_range r = {q[0], q[1], q[2], q[3]};
    return gather(g, r, lo, hi, stamp, stamp_id, cand);
}

void cap_grid_free(cap_grid* g)
{
    free(g->start);
    free(g->items);
    free(g->ranges);
    memset(g, 0, sizeof *g);
}
