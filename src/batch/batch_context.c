/* capsule2d — the batch layer's default context (its scratch, kept and
 * grown between calls) and each capsule set's static index: built on first
 * use, rebuilt when the set's version or count changes or on update(). */
#include "capsule2d_batch.h"

#include <stdlib.h>

#include "batch/batch_internal.h"

/* The one default context of the batch layer: an object the calls are
 * handed, not globals each file reaches for. */
cap_batch_context* cap_batch_default_context(void)
{
    static cap_batch_context ctx;
    return &ctx;
}

int cap_batch_ensure_index(cap_batch_context* ctx, cap_capsule_set* s, int force)
{
    if (!s->index) {
        s->index = (struct cap_capsule_index*)calloc(1, sizeof(struct cap_capsule_index));
        if (!s->index) return CAP_NO_MEMORY;
    }
    cap_grid* g = &s->index->grid;
    if (!force && g->built && g->count == s->count && g->version == s->version) return CAP_OK;
    if (cap_scratch_boxes(&ctx->scratch, s->count)) return CAP_NO_MEMORY;
    double* boxes = ctx->scratch.boxes;
    for (uint32_t i = 0; i < s->count; i++)
        cap_grid_capsule_box(s->ax[i], s->ay[i], s->bx[i], s->by[i], s->radius[i], boxes + 4 * (size_t)i);
    int rc = cap_grid_build(g, boxes, s->count);
    if (rc) return rc;
    g->version = s->version;
    return CAP_OK;
}

int cap_capsule_set_update(cap_capsule_set* s, cap_batch_error* err)
{
    int rc = cap_capsule_set_check(s, err);
    if (rc) return rc;
    rc = cap_batch_ensure_index(cap_batch_default_context(), s, 1);
    if (!rc) cap_contact_index_invalidate(&s->index->contact);
    return rc ? cap_batch_fail(err, rc, CAP_BATCH_SET_CAPSULES, 0, 0) : CAP_BATCH_OK;
}

int cap_batch_segment_candidates(cap_batch_context* ctx, cap_capsule_set* s, const double seg[4], double r,
                                 uint32_t** cand, uint32_t* n)
{
    *n = 0;
    *cand = NULL;
    if (cap_batch_ensure_index(ctx, s, 0) || cap_scratch_stamps(&ctx->scratch, s->count)) return CAP_NO_MEMORY;
    cap_scratch* w = &ctx->scratch;
    *cand = w->cand;
    *n = cap_grid_gather_segment(&s->index->grid, seg, r, 0, s->count, w->stamp, &w->stamp_id, w->cand);
    return CAP_OK;
}

int cap_batch_index_candidates(cap_batch_context* ctx, cap_capsule_set* s, const double box[4], uint32_t** cand,
                               uint32_t* n)
{
    *n = 0;
    *cand = NULL;
    if (cap_batch_ensure_index(ctx, s, 0) || cap_scratch_stamps(&ctx->scratch, s->count)) return CAP_NO_MEMORY;
    cap_scratch* w = &ctx->scratch;
    *cand = w->cand;
    *n = cap_grid_gather(&s->index->grid, box, 0, s->count, w->stamp, &w->stamp_id, w->cand);
    return CAP_OK;
}
