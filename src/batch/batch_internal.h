/* capsule2d — private to the batch layer: its context (the scratch every
 * call grows and keeps), the capsule set's index, and the functions its
 * files share. Declared here only, never by hand in a .c file. */
#ifndef CAP_BATCH_INTERNAL_H
#define CAP_BATCH_INTERNAL_H

#include <stdint.h>

#include "capsule2d_batch.h"
#include "kernels/contact_index.h"
#include "kernels/grid.h"
#include "kernels/narrow.h"
#include "kernels/scratch.h"

/* The bits of CAP_MAX_COORD: |v| <= CAP_MAX_COORD exactly when the bits of
 * |v| are at most these (NaN's and the infinities' are above); a native
 * test checks that they match. */
#define CAP_MAX_COORD_BITS 0x7e967699u

/* What a capsule set keeps between calls (cap_capsule_set.index): the
 * static index (region queries, casts, the general contact path) and the
 * contact index (capsule-circle contacts for circles of similar size). */
struct cap_capsule_index {
    cap_grid grid;
    cap_contact_index contact;
};

/* Capsule-circle contacts through the contact index
 * (contacts_capsule_circle.c): each circle's cell, the hits as (entry,
 * circle). */
typedef struct cap_cell_scratch {
    uint32_t *cell, *hit, *hcirc;
    uint32_t cell_cap, hit_cap, hcirc_cap;
} cap_cell_scratch;

/* Circle pairs bucketed by centre (circle_buckets.c): the circles in
 * bucket order field by field, the cells, the hits (lower, higher index)
 * and the hits in output order. */
typedef struct cap_bucket_scratch {
    float *x, *y, *r;
    uint32_t *id, *cell, *rcell, *start, *count, *pair, *pair2, *order, *order2;
    uint32_t x_cap, y_cap, r_cap, id_cap, cell_cap, rcell_cap, start_cap, count_cap, pair_cap, pair2_cap, order_cap,
        order2_cap;
} cap_bucket_scratch;

/* The scratch of the batch calls: grown, kept, never shared with a world.
 * The public batch functions use the one default context. */
typedef struct cap_batch_context {
    cap_scratch scratch;       /* boxes, stamps, candidates */
    float* f[3];               /* padded circles x y r (all pairs) */
    uint32_t f_cap;
    cap_narrow_shape* prep;    /* prepared capsules, or circles as shapes */
    uint32_t prep_cap;
    uint32_t* pairs;           /* the all-pairs kernel's hit list */
    uint32_t pairs_cap;
    cap_grid circles;          /* circle pairs, general path */
    cap_cell_scratch cells;    /* capsule-circle contacts through the contact index */
    cap_bucket_scratch buckets; /* circle pairs bucketed by centre */
} cap_batch_context;

/* The batch layer's one default context (batch_context.c). */
cap_batch_context* cap_batch_default_context(void);

/* Fills *err (when given) and returns code. */
int cap_batch_fail(cap_batch_error* err, int code, int set, int field, uint32_t index);

/* Reallocates each of k arrays (element size 4) from `keep` to `capacity`
 * elements, all or nothing (batch_sets.c). */
int cap_batch_realloc_all(void** arrays[], int k, uint32_t keep, uint32_t capacity);

/* Builds s's static index when missing or stale (or always when force). */
int cap_batch_ensure_index(cap_batch_context* ctx, cap_capsule_set* s, int force);

/* The capsules whose index cells the box (or the cells within r of the
 * segment) touches, ascending (indices >= count skipped). The list lives
 * in ctx's scratch until the next call. */
int cap_batch_index_candidates(cap_batch_context* ctx, cap_capsule_set* s, const double box[4], uint32_t** cand,
                               uint32_t* n);
int cap_batch_segment_candidates(cap_batch_context* ctx, cap_capsule_set* s, const double seg[4], double r,
                                 uint32_t** cand, uint32_t* n);

/* What cap_batch_circle_scan finds in its one pass: the bounds of the
 * centres, the largest radius and the sum of the radii (float32 running
 * sums: the sum only chooses a path, and every path gives the same
 * results). */
typedef struct cap_circle_stats {
    float minx, miny, maxx, maxy, rmax;
    double rsum;
} cap_circle_stats;

/* cap_circle_set_check (same result, same error) and, in the same pass,
 * the set's stats (filled on success). */
int cap_batch_circle_scan(const cap_circle_set* s, cap_batch_error* err, cap_circle_stats* st);

/* Circle pairs of similar size (circle_buckets.c), inputs already checked:
 * pairs found, -1 on allocation failure, -2 when more pairs touch than
 * `out` holds, or -3 when a radius is above 4x the mean. */
int64_t cap_batch_circles_bucketed(cap_batch_context* ctx, const cap_circle_set* s, const cap_circle_stats* st,
                                   const cap_contact_out* out);

/* The kernel's view of a contact buffer. */
static inline cap_contact_out cap_batch_out(const cap_contact_buffer* b)
{
    cap_contact_out o = {b->capacity, b->a, b->b, b->nx, b->ny, b->depth, b->point_x, b->point_y};
    return o;
}

/* The kernel's view of a capsule set. */
static inline cap_capsule_arrays cap_batch_capsules(const cap_capsule_set* s)
{
    cap_capsule_arrays c = {s->ax, s->ay, s->bx, s->by, s->radius, s->count, s->version};
    return c;
}

static inline uint32_t cap_batch_saturate(uint64_t k) { return k > 0xffffffffu ? 0xffffffffu : (uint32_t)k; }

/* batch_cast.c: one record of a RayBatch / SweepBatch, the one writer of
 * these records (the batch layer's casts and the world's): the hit h with
 * its index word, or (h NULL) index (NO_HIT) with every other field 0. */
void cap_ray_batch_put(cap_ray_batch* rays, uint32_t i, uint32_t index, const cap_ray_hit* h);
void cap_sweep_batch_put(cap_sweep_batch* sweeps, uint32_t i, uint32_t index, const cap_sweep_hit* h);

#endif
