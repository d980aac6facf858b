/* capsule2d — private: what the world's query files share (query.c, the
 * index; query_scan.c, the scan; query_batch.c, many at once): the test of
 * one ball against one query, the order of hits, the argument rules. */
#ifndef CAP_QUERY_INTERNAL_H
#define CAP_QUERY_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "core/core_internal.h"
#include "core/scalar.h"
#include "world/statics.h"

/* The few small helpers of the queries' inner loops, inlined even where
 * the wasm builds compile the query files for size (-Oz: build.sh), which
 * would call them: a call per candidate in the ray walk. */
#define CAP_QUERY_HOT static inline __attribute__((always_inline))

/* Beyond this magnitude (coordinates, radii, path ends) the scan answers:
 * float32 squares of values up to 4e18 stay finite. */
#define CAP_QUERY_BIG 1e18

/* |v| (one instruction: the sign cleared; -0 and a NaN's sign never
 * reach a result, so it answers as v < 0 ? -v : v would). */
CAP_QUERY_HOT double absd(double v) { return __builtin_fabs(v); }
static inline int big(double v) { return !(absd(v) <= CAP_QUERY_BIG); }
static inline int alive_static(const cap_world* w, uint32_t i) { return (w->static_info[3 * i + 2] & 1u) != 0; }

/* One ball against one query: the tests of the scan and the index. (One
 * static: cap_static_ray and the others, statics.h.) */
static inline int ray_ball(float x, float y, float r, cap_ray ray, cap_ray_hit* h)
{
    cap_circle c = {{x, y}, r};
    return cap_ray_cast_circle(c, ray, h) == 1;
}

static inline int sweep_ball(float x, float y, float r, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* h)
{
    cap_circle c = {{x, y}, r};
    return cap_sweep_circle_circle(c, x0, x1, radius, h) == 1;
}

static inline int circle_ball(float x, float y, float r, float qx, float qy, float qr)
{
    float dx = x - qx, dy = y - qy, rr = r + qr;
    return dx * dx + dy * dy <= rr * rr;
}

static inline int box_ball(float x, float y, float r, const float b[4])
{
    float cx = x < b[0] ? b[0] : (x > b[2] ? b[2] : x);
    float cy = y < b[1] ? b[1] : (y > b[3] ? b[3] : y);
    float dx = x - cx, dy = y - cy;
    return dx * dx + dy * dy <= r * r;
}

/* The scan's order: a closer hit wins; at equal distance a ball (kind 1)
 * beats a static, then the lower slot wins. */
CAP_QUERY_HOT int better(float t, int kind, uint32_t slot, int found, float bt, int bkind, uint32_t bslot)
{
    if (!found || t < bt) return 1;
    if (!(t == bt)) return 0;
    return kind != bkind ? kind > bkind : slot < bslot;
}


/* Whether v[0 .. n-1] are all finite: v - v is +0 for each (cap_finite),
 * and an infinity's or a NaN's NaN carries through the sum. */
static inline int finite_all(const float* v, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; i++) s += v[i] - v[i];
    return s == 0.0f;
}

/* query_scan.c: every ball (ascending slot), then every static (ascending
 * slot), keeping the first strictly closer hit; overlaps: circle (box =
 * NULL) or box. The reference the index equals, and its fallback (the
 * bodies: cap_query_bodies after either). */
int cap_query_scan_ray(const cap_world* w, cap_ray ray, cap_ray_hit* best, int* kind, uint32_t* slot);
int cap_query_scan_sweep(const cap_world* w, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* best, int* kind,
                         uint32_t* slot);
uint32_t cap_query_scan_overlap(const cap_world* w, float qx, float qy, float qr, const float* box, uint32_t* out,
                                uint32_t capacity);
/* query_scan.c: the capsule bodies' part of every query (the scan's and
 * the index's), after the balls and statics: a scan of the live body
 * slots (its comment there). what: 0 a ray (in: ox, oy, dx, dy,
 * max_fraction), 1 a sweep (x0, y0, x1, y1, radius), 2 a circle (x, y, r),
 * 3 a box (x0, y0, x1, y1). A ray or sweep: n = found so far, *best (a
 * cap_ray_hit or cap_sweep_hit), *kind, *slot replaced by a strictly
 * closer body hit (kind 2: so ties stay with a ball or a static, then the
 * lower slot); returns found. An overlap: the bodies' words
 * (CAP_WORLD_BODY_WORD | slot, ascending) after the n found so far
 * (written below capacity); returns the count. */
uint32_t cap_query_bodies(const cap_world* w, int what, const float* in, uint32_t n, void* best, int* kind,
                          uint32_t* slot, uint32_t* out, uint32_t capacity);

/* query.c and query_path.c: the queries' state over the step's grids (the
 * long comment at the top of query.c says how it stays exact). */
#define DEAD 0xffffffffu
#define EXTRA_MAX 32 /* balls kept out of the grid: each is tested by every query */

/* A grid static as the path walk reads it (query.c keeps one per box of the
 * static grid, box k at k, remade with the grid): its core as centre and
 * half axis in double (exact: sums and differences of two floats), the
 * reach path_near pads it by (radius plus 1e-6 of its magnitudes), the
 * float core and radius for the exact cast, its slot; slot DEAD for one no
 * ray or sweep hits (a sensor) or not a capsule (tested by try_static
 * instead), the casts' axis. 88 bytes, next to each other: the walk never reads the static's
 * cold record (cap_wstatic, 180 bytes) to skip it. */
typedef struct cap_qstatic {
    double cx, cy, hx, hy, reach;
    float ax, ay, bx, by, radius;
    uint32_t slot;
    cap_cast_axis axis; /* the casts' axis of it (cap_cast_axis_of): made once, not per cast */
} cap_qstatic;

struct cap_wquery {
    uint32_t items;  /* entries of the step's ball grid (0: none) */
    uint32_t mapped; /* slots below this: w->cell_of[slot] is the cell of the slot's entry, if it has one */
    double moved;    /* the most an entry's ball is from where its cell was chosen, per axis */
    uint32_t extra[EXTRA_MAX], n_extra; /* live balls in neither the grid nor w->big, by x (extra_x) */
    float extra_x[EXTRA_MAX], extra_r;  /* their x (w->last_x), ascending; their largest radius (or more) */
    int huge;        /* a ball or a static above CAP_QUERY_BIG: every query scans */
    int huge_statics;
    uint32_t *movers, n_movers, movers_cap; /* moving statics (CAP_FIND_MOVERS), ascending */
    uint32_t *hits, hit_cap;                /* ball hits of an overlap (in grid_statics' block) */
    cap_qstatic* grid_statics;              /* per box of the static grid (w->sgrid); query.c: query_room */
    uint32_t grid_statics_cap, grid_statics_version; /* the w->sg_version they were made for (0: none) */
};

CAP_QUERY_HOT uint32_t slot_of(const float* p)
{
    uint32_t i;
    memcpy(&i, &p[3], 4);
    return i;
}

/* The extras whose x is within [lo, hi] are q->extra[*first .. *end - 1]
 * (lo, hi: a query's x range grown by q->extra_r: every extra it can meet).
 * query.c. */
void cap_query_extras_in(const struct cap_wquery* q, double lo, double hi, uint32_t* first, uint32_t* end);

/* Padding for a query whose numbers have magnitude sum m (see the top of query.c). */
static inline double pad_of(double m) { return 1e-5 * m + 1e-30; }

/* The queries' state brought up to date (statics refreshed), or NULL when
 * the queries must scan (out of memory, a value above CAP_QUERY_BIG). */
struct cap_wquery* cap_query_index(cap_world* w);

#endif
