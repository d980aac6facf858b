/* capsule2d batch — many circles and capsules at once, over shared memory.
 *
 * SUMMARY
 *   A game keeps its shapes in structure-of-arrays float32 sets allocated
 *   here (in wasm memory, so JS writes them in place through typed-array
 *   views), makes ONE call per frame and reads contacts back from a contact
 *   buffer. No per-object marshalling, no allocation per call once the
 *   internal scratch has grown to the scene's size.
 *
 * THE PAIR TEST (the same in every call, scalar and SIMD, bit for bit)
 *   Shape A is a capsule (core A->B, radius ra; a circle is a capsule with
 *   A = B) and shape B a circle (centre C, radius rc). In float32, in this
 *   order, never fused:
 *     v  = B - A                     w  = C - A
 *     g  = v / |v|^2, once per capsule: vv = v.x*v.x + v.y*v.y; when
 *          1e-30 <= vv <= 3e38, g = (v.x / vv, v.y / vv); otherwise, with
 *          m = max(|v.x|, |v.y|), s = v / m, ss = s.x*s.x + s.y*s.y,
 *          g = ((s.x / ss) / m, (s.y / ss) / m) so huge and tiny segments
 *          stay exact; g = 0 when m = 0 (zero-length core) or B - A
 *          overflows (coordinates near the float32 limit)
 *     t  = w.x*g.x + w.y*g.y, clamped to [0, 1] (NaN -> 0)
 *     d  = w - t*v                   (the vector from the core point to C)
 *     d2 = d.x*d.x + d.y*d.y         rs = ra + rc
 *     hit  <=>  d2 <= rs*rs          (touching counts)
 *   clamp: t = pmin(1, pmax(0, t)) with wasm's pmin/pmax meaning.
 *   When rs*rs overflows float32 (radius sums > 1.8e19) the test becomes
 *   |d| <= rs with an overflow-free length. Squares that underflow (shapes
 *   closer than ~1e-19 with radius sums below ~1e-19) may count as touching;
 *   normals built from subnormal differences have subnormal precision.
 *
 * THE CONTACT (for each hit)
 *   dist = |d| (overflow-free), normal = d / dist pointing from A toward B
 *   (capsule -> circle; circle i -> circle j), depth = max(rs - dist, 0),
 *   point = P + ra * normal on A's surface, P = A + t*v the core point.
 *   Degenerate: dist = 0 with a core of non-zero length -> the left
 *   perpendicular of A->B; zero-length core or coincident centres -> (0, 1).
 *   Never NaN, never -0 in a normal.
 *
 * COUNT AND CAPACITY
 *   Every call stores in out->count the number of results FOUND (saturating
 *   at UINT32_MAX), which may exceed out->capacity; it writes the first
 *   min(count, capacity) results in output order and never past the end.
 *
 * VALIDATION
 *   Every call first scans its input sets: the first non-finite value or
 *   negative radius stops the call with CAP_BATCH_BAD_VALUE, names the set,
 *   field and index in *err, and leaves out as it was (count too). A set with
 *   count > capacity gives CAP_BATCH_BAD_ARGUMENT.
 *
 * STATIC CAPSULE INDEX
 *   A capsule set keeps a uniform-grid index, built on first use and rebuilt
 *   when `version` or `count` changed since (bump `version` after writing
 *   shapes) or on cap_capsule_set_update(). Moving capsules without telling
 *   the set makes calls use the stale index: pairs may be missed (a reported
 *   pair always passed the test on the live coordinates), but nothing is read
 *   or written out of bounds (indices >= count are skipped).
 *
 * BROADPHASE
 *   Uniform grids built by counting sort. The cell starts near the mean shape
 *   size and doubles until the grid has at most 4n + 64 cells and 8n + 64
 *   entries, so memory stays O(n) for any coordinates (1e20 apart or 1e-30
 *   small). Circle pairs of similar size (no radius above 4x the mean) are
 *   bucketed by centre in cells one largest diameter wide; otherwise each
 *   circle is entered in every cell its box touches. For capsule-circle
 *   contacts with circles of similar size, the capsule set also keeps a
 *   contact index (finer cells, at most 8n + 64 cells and 16n + 64 entries):
 *   each capsule's box grown by the largest circle radius seen so far, so a
 *   circle reads only the cell of its centre; it follows the same rebuild
 *   rule as the index and is also rebuilt when a call brings larger circles.
 *   Output never depends on the grid: results come in index order. Scratch
 *   buffers are kept between calls and only grown, in the batch layer's one
 *   default context (an object, not globals; still not thread-safe).
 *
 * Return codes: CAP_BATCH_OK (0) or a negative CAP_BATCH_* code; on any error
 * the outputs' counts are 0 and nothing else is written.
 */
#ifndef CAPSULE2D_BATCH_H
#define CAPSULE2D_BATCH_H

#include <stdint.h>

#include "capsule2d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Batch return codes: the cap_status values (capsule2d.h) under batch names. */
enum {
    CAP_BATCH_OK = CAP_OK,
    CAP_BATCH_BAD_VALUE = CAP_BAD_VALUE,          /* non-finite coordinate or negative radius */
    CAP_BATCH_NO_MEMORY = CAP_NO_MEMORY,          /* allocation failed; nothing changed */
    CAP_BATCH_BAD_ARGUMENT = CAP_BAD_ARGUMENT,    /* NULL pointer, count > capacity, ... */
    CAP_BATCH_ZERO_DIRECTION = CAP_ZERO_DIRECTION /* a ray with direction (0, 0) */
};

/* No hit (the index written for a ray or sweep that hits nothing). */
#define CAP_BATCH_NO_HIT 0xffffffffu

/* Which input a validation error is about (cap_batch_error.set). */
enum { CAP_BATCH_SET_CAPSULES = 0, CAP_BATCH_SET_CIRCLES = 1, CAP_BATCH_SET_QUERY = 2 };

/* Field numbers (cap_batch_error.field): circles x=0 y=1 radius=2;
 * capsules ax=0 ay=1 bx=2 by=3 radius=4. */
typedef struct cap_batch_error {
    int32_t code;   /* the returned code */
    int32_t set;    /* CAP_BATCH_SET_* */
    int32_t field;  /* see above */
    uint32_t index; /* element index in that set */
} cap_batch_error;

/* Circles: x[i], y[i], radius[i] for i < count. Arrays hold capacity floats.
 * The layout (all 4-byte fields, in this order) is read by the JS layer. */
typedef struct cap_circle_set {
    uint32_t capacity, count;
    float *x, *y, *radius;
} cap_circle_set;

struct cap_capsule_index;

/* Capsules: core (ax, ay) -> (bx, by), radius. `version` is bumped by
 * whoever changes shapes (the JS API does it on add/set/count/reserve). */
typedef struct cap_capsule_set {
    uint32_t capacity, count;
    float *ax, *ay, *bx, *by, *radius;
    uint32_t version;
    struct cap_capsule_index* index; /* private: its grid and contact index */
} cap_capsule_set;

/* Pair results, structure of arrays. (a[i], b[i]) names the pair. */
typedef struct cap_contact_buffer {
    uint32_t capacity, count;
    uint32_t *a, *b;
    float *nx, *ny, *depth, *point_x, *point_y;
} cap_contact_buffer;

/* Index results (region queries), ascending. */
typedef struct cap_index_buffer {
    uint32_t capacity, count;
    uint32_t* index;
} cap_index_buffer;

/* Create with room for `capacity` elements (0 allowed), count 0. NULL when
 * allocation fails. */
cap_circle_set* cap_circle_set_create(uint32_t capacity);
cap_capsule_set* cap_capsule_set_create(uint32_t capacity);
cap_contact_buffer* cap_contact_buffer_create(uint32_t capacity);
cap_index_buffer* cap_index_buffer_create(uint32_t capacity);

/* Grow to at least `capacity`, keeping count and the first count elements.
 * A smaller capacity than the current one does nothing. On
 * CAP_BATCH_NO_MEMORY the object is unchanged. Array pointers change. */
int cap_circle_set_reserve(cap_circle_set* s, uint32_t capacity);
int cap_capsule_set_reserve(cap_capsule_set* s, uint32_t capacity);
int cap_contact_buffer_reserve(cap_contact_buffer* b, uint32_t capacity);
int cap_index_buffer_reserve(cap_index_buffer* b, uint32_t capacity);

/* Free everything (NULL is a no-op). */
void cap_circle_set_destroy(cap_circle_set* s);
void cap_capsule_set_destroy(cap_capsule_set* s);
void cap_contact_buffer_destroy(cap_contact_buffer* b);
void cap_index_buffer_destroy(cap_index_buffer* b);

/* Validate and (re)build the capsule set's static index now. */
int cap_capsule_set_update(cap_capsule_set* s, cap_batch_error* err);

/* Check a set: CAP_BATCH_OK, or the first bad element in index order
 * (fields in the order listed above for each index) in *err. */
int cap_circle_set_check(const cap_circle_set* s, cap_batch_error* err);
int cap_capsule_set_check(const cap_capsule_set* s, cap_batch_error* err);

/* Every capsule-circle pair that touches, through the capsule set's index:
 * a = capsule index, b = circle index, normal capsule -> circle, point on
 * the capsule's surface. Ordered by circle index, then capsule index. */
int cap_find_capsule_circle_contacts(cap_capsule_set* capsules, const cap_circle_set* circles,
                                     cap_contact_buffer* out, cap_batch_error* err);

/* The same pairs, results and order, by testing all count x count pairs
 * with the 4-wide narrowphase kernel (no broadphase). */
int cap_all_pairs_capsule_circle(const cap_capsule_set* capsules, const cap_circle_set* circles,
                                 cap_contact_buffer* out, cap_batch_error* err);

/* Every pair of circles i < j that touch, through a uniform grid built for
 * this call: a = i, b = j, normal i -> j, point on i's surface. Ordered by
 * i, then j. Coincident centres give the normal (0, 1). */
int cap_find_circle_contacts(const cap_circle_set* circles, cap_contact_buffer* out, cap_batch_error* err);

/* Region queries: indices (ascending) of the shapes that overlap (touching
 * counts) the circle (x, y, r >= 0) — the pair test above — or the closed
 * box [minx, maxx] x [miny, maxy] (minx <= maxx, miny <= maxy; box tests are
 * evaluated in float64). The query's own numbers are
 * checked too (set CAP_BATCH_SET_QUERY, field 0.. in argument order).
 * Capsules go through the static index; circles are scanned. */
int cap_query_circle_capsules(cap_capsule_set* s, float x, float y, float r, cap_index_buffer* out,
                              cap_batch_error* err);
int cap_query_circle_circles(const cap_circle_set* s, float x, float y, float r, cap_index_buffer* out,
                             cap_batch_error* err);
int cap_query_box_capsules(cap_capsule_set* s, float minx, float miny, float maxx, float maxy,
                           cap_index_buffer* out, cap_batch_error* err);
int cap_query_box_circles(const cap_circle_set* s, float minx, float miny, float maxx, float maxy,
                          cap_index_buffer* out, cap_batch_error* err);

/* ---- Closest hits against a capsule set (through its index) -------------
 * Rays and sweeps follow cap_ray_cast_capsule and cap_sweep_circle_capsule
 * (capsule2d.h). The closest hit over the set wins; equal fractions go to
 * the lowest capsule index. Query numbers are checked: non-finite values,
 * a negative max_fraction or radius -> CAP_BATCH_BAD_VALUE (set
 * CAP_BATCH_SET_QUERY, field = position among the numbers: ray ox=0 oy=1
 * dx=2 dy=3 max_fraction=4; sweep x0=0 y0=1 x1=2 y1=3 radius=4; index =
 * the ray's number in a batch); direction (0, 0) -> CAP_BATCH_ZERO_DIRECTION.
 * Single casts return 1 (hit: *index and *hit written), 0 (miss: untouched)
 * or a negative code. */
int cap_ray_cast_capsules(cap_capsule_set* s, cap_ray ray, uint32_t* index, cap_ray_hit* hit, cap_batch_error* err);
int cap_sweep_circle_capsules(cap_capsule_set* s, cap_vec2 x0, cap_vec2 x1, float radius, uint32_t* index,
                              cap_sweep_hit* hit, cap_batch_error* err);

/* Many rays: inputs ox..max_fraction, one result per ray (index =
 * CAP_BATCH_NO_HIT and the other outputs 0 on a miss). Same 4-byte-field
 * layout rule as the sets. */
typedef struct cap_ray_batch {
    uint32_t capacity, count;
    float *ox, *oy, *dx, *dy, *max_fraction;
    uint32_t* index;
    float *fraction, *point_x, *point_y, *nx, *ny;
    uint32_t* starts_inside;
} cap_ray_batch;

/* Many swept circles: x0, y0 -> x1, y1 with radius; one result each. */
typedef struct cap_sweep_batch {
    uint32_t capacity, count;
    float *x0, *y0, *x1, *y1, *radius;
    uint32_t* index;
    float *t, *center_x, *center_y, *nx, *ny, *point_x, *point_y;
    uint32_t* starts_inside;
} cap_sweep_batch;

cap_ray_batch* cap_ray_batch_create(uint32_t capacity);
int cap_ray_batch_reserve(cap_ray_batch* b, uint32_t capacity);
void cap_ray_batch_destroy(cap_ray_batch* b);
cap_sweep_batch* cap_sweep_batch_create(uint32_t capacity);
int cap_sweep_batch_reserve(cap_sweep_batch* b, uint32_t capacity);
void cap_sweep_batch_destroy(cap_sweep_batch* b);

/* Casts every ray / sweep of the batch (all inputs checked first; on an
 * error nothing is written). *hits = how many hit something. */
int cap_cast_rays(cap_capsule_set* s, cap_ray_batch* rays, uint32_t* hits, cap_batch_error* err);
int cap_sweep_circles(cap_capsule_set* s, cap_sweep_batch* sweeps, uint32_t* hits, cap_batch_error* err);

#ifdef __cplusplus
}
#endif

#endif
