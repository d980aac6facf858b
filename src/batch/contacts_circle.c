/* capsule2d — circle-circle contacts: bucketed by centre for circles of
 * similar size (circle_buckets.c), otherwise each circle is entered in
 * every grid cell its box touches and gathers its later neighbours.
 * Declarations and conventions: capsule2d_batch.h. */
#include "capsule2d_batch.h"

#include "batch/batch_internal.h"

static cap_narrow_shape circle_shape(float x, float y, float r)
{
    cap_narrow_shape s = {x, y, 0.0f, 0.0f, 0.0f, 0.0f, r, 0.0f};
    return s;
}

int cap_find_circle_contacts(const cap_circle_set* circles, cap_contact_buffer* out, cap_batch_error* err)
{
    if (!out) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    cap_circle_stats st;
    int rc = cap_batch_circle_scan(circles, err, &st);
    if (rc) return rc; /* rejected input: out is left as it was */
    cap_batch_context* ctx = cap_batch_default_context();
    out->count = 0;
    uint32_t n = circles->count;
    const cap_contact_out o = cap_batch_out(out);
    /* similar sizes: the bucketed path, same results; it declines (< -1)
     * for mixed sizes or more pairs than `out` holds */
    int64_t found = cap_batch_circles_bucketed(ctx, circles, &st, &o);
    if (found == -1) return cap_batch_fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    if (found >= 0) {
        out->count = cap_batch_saturate((uint64_t)found);
        return CAP_BATCH_OK;
    }
    cap_scratch* w = &ctx->scratch;
    if (cap_scratch_boxes(w, n) || cap_scratch_stamps(w, n) ||
        cap_grow((void**)&ctx->prep, &ctx->prep_cap, n, sizeof(cap_narrow_shape)))
        return cap_batch_fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    for (uint32_t i = 0; i < n; i++) {
        float x = circles->x[i], y = circles->y[i], r = circles->radius[i];
        cap_grid_circle_box(x, y, r, w->boxes + 4 * (size_t)i);
        ctx->prep[i] = circle_shape(x, y, r); /* x, y, r together for random reads */
    }
    if (cap_grid_build(&ctx->circles, w->boxes, n))
        return cap_batch_fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    uint64_t k = 0;
    for (uint32_t i = 0; i + 1 < n; i++) {
        const cap_narrow_shape* s = ctx->prep + i;
        uint32_t nc = cap_grid_gather_own(&ctx->circles, i, i + 1, n, w->stamp, &w->stamp_id, w->cand);
        for (uint32_t c = 0; c < nc; c++) {
            uint32_t j = w->cand[c];
            float cx = ctx->prep[j].ax, cy = ctx->prep[j].ay, cr = ctx->prep[j].r;
            if (!cap_narrow_test(s, cx, cy, cr)) continue;
            if (k < out->capacity) {
                float con[5];
                cap_narrow_contact(s, cx, cy, cr, con);
                cap_narrow_put(&o, k, i, j, con);
            }
            k++;
        }
    }
    out->count = cap_batch_saturate(k);
    return CAP_BATCH_OK;
}
