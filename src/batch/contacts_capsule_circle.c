/* capsule2d — capsule-circle contacts: through the capsule set's contact
 * index (circles of similar size, found in cell order, emitted in circle
 * order), through its static index (sizes far apart, or more pairs than
 * the buffer holds), and all pairs 4-wide (the reference path).
 * Declarations and conventions: capsule2d_batch.h. */
#include "capsule2d_batch.h"

#include <string.h>

#include "batch/batch_internal.h"

static cap_narrow_shape capsule_at(const cap_capsule_set* s, uint32_t j)
{
    return cap_narrow_capsule(s->ax[j], s->ay[j], s->bx[j], s->by[j], s->radius[j]);
}

/* Emits contact k for circle i and entry e when it holds on the live
 * arrays (always, unless shapes changed without a version bump: then the
 * capsule is prepared anew and re-tested). */
static uint64_t emit_capsule_hit(const cap_capsule_set* s, const cap_capsule_arrays* live, int all_same,
                                 const cap_contact_index* ci, uint32_t e, uint32_t i, float cx, float cy, float cr,
                                 const cap_contact_out* out, uint64_t k)
{
    uint32_t j = cap_contact_index_capsule(ci, e);
    int same = all_same || cap_contact_index_same(ci, live, j);
    cap_narrow_shape sh = same ? cap_contact_index_shape(ci, e) : capsule_at(s, j);
    if (!same && !cap_narrow_test(&sh, cx, cy, cr)) return k;
    if (k < out->capacity) {
        float con[5];
        cap_narrow_contact(&sh, cx, cy, cr, con);
        cap_narrow_put(out, k, j, i, con);
    }
    return k + 1;
}

#if defined(__wasm_simd128__) || defined(__SSE4_1__)
/* The lanes of entries [q, q1) (at most 4) that touch the circle, by the
 * scalar test (when rs^2 may overflow). */
static __attribute__((noinline)) int slow_bits(const cap_contact_index* ci, uint32_t q, uint32_t q1, float cx, float cy,
                                               float cr)
{
    int bits = 0;
    for (uint32_t l = 0; l < 4 && q + l < q1; l++) {
        cap_narrow_shape sh = cap_contact_index_shape(ci, q + l);
        bits |= cap_narrow_test(&sh, cx, cy, cr) << l;
    }
    return bits;
}
#endif

/* The results in circle order: each circle tests the capsules of the
 * index cell holding its centre, 4 at a time (ascending capsule order, so
 * the hits come out in output order, with no sort), and the hits are kept
 * as (circle, entry), then emitted. 0, a negative code, or 1 when more
 * than out->capacity pairs touch (nothing written then: the caller takes
 * the general path, which counts them all). */
static int contacts_in_circle_order(cap_batch_context* ctx, const cap_capsule_set* s, const cap_circle_set* circles,
                                    const cap_contact_index* ci, float rmax, const cap_contact_out* out,
                                    uint64_t* found)
{
    const cap_grid* g = &ci->grid;
    const uint32_t* start = g->start;
    uint32_t n = circles->count, limit = out->capacity;
    const float *x = circles->x, *y = circles->y, *r = circles->radius;
    cap_cell_scratch* w = &ctx->cells;
    const float *fax = cap_contact_index_field(ci, CAP_CI_AX), *fay = cap_contact_index_field(ci, CAP_CI_AY);
    const float *fvx = cap_contact_index_field(ci, CAP_CI_VX), *fvy = cap_contact_index_field(ci, CAP_CI_VY);
    const float *fgx = cap_contact_index_field(ci, CAP_CI_GX), *fgy = cap_contact_index_field(ci, CAP_CI_GY);
    const float* fr = cap_contact_index_field(ci, CAP_CI_R);
    /* rs^2 <= (the largest radii's sum)^2 (rounding is monotone): when that
     * stays finite the 4-wide test is the pair test; otherwise each lane
     * takes the scalar test (huge radii only). */
#if defined(__wasm_simd128__) || defined(__SSE4_1__)
    float rs = ci->rmax + rmax;
    int slow = !(rs * rs <= 3.4e38f);
#else
    (void)rmax; /* the scalar test handles any radii */
#endif
    if (cap_grow((void**)&w->cell, &w->cell_cap, n, 4)) return CAP_NO_MEMORY;
    cap_grid_cells_of(g->minx, g->miny, g->inv_cell, g->nx, g->ny, (uint32_t)g->nx, 0, x, y, n, w->cell);
    uint32_t k = 0, *hit = w->hit, *hcirc = w->hcirc; /* kept in locals: the stores below cannot move them */
    const uint32_t* cell = w->cell;
    for (uint32_t i = 0; i < n; i++) {
        float cx = x[i], cy = y[i], cr = r[i];
        uint32_t c = cell[i], q = start[c], q1 = start[c + 1];
        if ((uint64_t)k + (q1 - q) + 4 > w->hit_cap) {
            uint64_t need = (uint64_t)k + (q1 - q) + 4 + n;
            if (cap_grow((void**)&w->hit, &w->hit_cap, need, 4) || cap_grow((void**)&w->hcirc, &w->hcirc_cap, need, 4))
                return CAP_NO_MEMORY;
            hit = w->hit;
            hcirc = w->hcirc;
        }
#if !defined(__wasm_simd128__) && !defined(__SSE4_1__)
        /* the scalar backend: one capsule at a time, written always, kept on a hit */
        for (; q < q1; q++) {
            cap_narrow_shape sh = cap_contact_index_shape(ci, q);
            hcirc[k] = i;
            hit[k] = q;
            k += (uint32_t)cap_narrow_test(&sh, cx, cy, cr);
        }
#else
        const c4 px = c4_splat(cx), py = c4_splat(cy), pr = c4_splat(cr), pi = c4_splati(i);
        do { /* usually once: a cell holds a few capsules */
            c4m m = cap_narrow_test4(c4_load(fax + q), c4_load(fay + q), c4_load(fvx + q), c4_load(fvy + q),
                                     c4_load(fgx + q), c4_load(fgy + q), c4_load(fr + q), px, py, pr);
            int bits = c4_bits(c4_and(m, c4_below(q1 - q)));
            if (slow) bits = slow_bits(ci, q, q1, cx, cy, cr);
            c4_storei(hcirc + k, pi);
            k += c4_compress(hit + k, c4_iota(q), bits);
            q += 4;
        } while (q < q1);
#endif
        if (k > limit) return 1;
    }
    cap_capsule_arrays live = cap_batch_capsules(s);
    if (cap_contact_index_all_same(ci, &live)) { /* usual: every hit holds, 4 contacts at a time */
        cap_narrow_fields f = {fax, fay, fvx, fvy, fgx, fgy, fr, cap_contact_index_field(ci, CAP_CI_J)};
        cap_narrow_contacts(&f, w->hit, x, y, r, w->hcirc, k, out);
        *found = k;
        return 0;
    }
    uint64_t kk = 0;
    for (uint32_t h = 0; h < k; h++) {
        uint32_t i = w->hcirc[h];
        kk = emit_capsule_hit(s, &live, 0, ci, w->hit[h], i, x[i], y[i], r[i], out, kk);
    }
    *found = kk;
    return 0;
}

int cap_find_capsule_circle_contacts(cap_capsule_set* capsules, const cap_circle_set* circles,
                                     cap_contact_buffer* out, cap_batch_error* err)
{
    if (!out) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    cap_circle_stats st;
    int rc = cap_capsule_set_check(capsules, err);
    if (!rc) rc = cap_batch_circle_scan(circles, err, &st);
    if (rc) return rc; /* rejected input: out is left as it was */
    cap_batch_context* ctx = cap_batch_default_context();
    out->count = 0;
    uint32_t m = capsules->count, n = circles->count;
    if (cap_batch_ensure_index(ctx, capsules, 0))
        return cap_batch_fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    if (m == 0 || n == 0) return CAP_BATCH_OK;
    const cap_contact_out o = cap_batch_out(out);
    /* Circles of similar size (none above 4x the mean): the contact index,
     * one cell per circle. Otherwise one big circle would inflate every
     * capsule: each circle gathers the cells its own box touches. */
    float rmax = st.rmax;
    if ((double)rmax <= 4.0 * (st.rsum / n) + 1e-30) {
        cap_contact_index* ci = &capsules->index->contact;
        cap_capsule_arrays live = cap_batch_capsules(capsules);
        if (cap_contact_index_ensure(ci, &live, rmax, &ctx->scratch))
            return cap_batch_fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
        uint64_t found = 0;
        rc = contacts_in_circle_order(ctx, capsules, circles, ci, rmax, &o, &found);
        if (rc < 0) return cap_batch_fail(err, rc, CAP_BATCH_SET_QUERY, 0, 0);
        if (rc == 0) {
            out->count = cap_batch_saturate(found);
            return CAP_BATCH_OK;
        }
    }
    /* Sizes far apart (or more pairs than `out` holds): each circle gathers
     * the index cells its box touches (ascending, no repeats) and tests
     * them on the live arrays. */
    cap_scratch* w = &ctx->scratch;
    if (cap_scratch_stamps(w, m)) return cap_batch_fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    uint64_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        float cx = circles->x[i], cy = circles->y[i], cr = circles->radius[i];
        double box[4];
        cap_grid_circle_box(cx, cy, cr, box);
        uint32_t nc = cap_grid_gather(&capsules->index->grid, box, 0, m, w->stamp, &w->stamp_id, w->cand);
        for (uint32_t c = 0; c < nc; c++) {
            uint32_t j = w->cand[c];
            cap_narrow_shape sh = capsule_at(capsules, j);
            if (!cap_narrow_test(&sh, cx, cy, cr)) continue;
            if (k < out->capacity) {
                float con[5];
                cap_narrow_contact(&sh, cx, cy, cr, con);
                cap_narrow_put(&o, k, j, i, con);
            }
            k++;
        }
    }
    out->count = cap_batch_saturate(k);
    return CAP_BATCH_OK;
}

int cap_all_pairs_capsule_circle(const cap_capsule_set* capsules, const cap_circle_set* circles,
                                 cap_contact_buffer* out, cap_batch_error* err)
{
    if (!out) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    int rc = cap_capsule_set_check(capsules, err);
    if (!rc) rc = cap_circle_set_check(circles, err);
    if (rc) return rc; /* rejected input: out is left as it was */
    cap_batch_context* ctx = cap_batch_default_context();
    out->count = 0;
    uint32_t m = capsules->count, n = circles->count;
    uint64_t padded = ((uint64_t)n + 7) & ~(uint64_t)7;
    if (padded > ctx->f_cap) { /* the three arrays grow together */
        uint64_t want = padded + padded / 2 + 64;
        if (want * 4u > 0x7fffffffu) return cap_batch_fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
        for (int a = 0; a < 3; a++) {
            uint32_t cap = ctx->f_cap;
            if (cap_grow((void**)&ctx->f[a], &cap, want, 4)) /* the ones grown stay valid */
                return cap_batch_fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
        }
        ctx->f_cap = (uint32_t)want;
    }
    if (cap_grow((void**)&ctx->prep, &ctx->prep_cap, m, sizeof(cap_narrow_shape)) ||
        cap_grow((void**)&ctx->pairs, &ctx->pairs_cap, 2 * (uint64_t)m, 4))
        return cap_batch_fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    float nan = __builtin_nanf("");
    for (uint32_t i = 0; i < padded; i++) {
        ctx->f[0][i] = i < n ? circles->x[i] : nan;
        ctx->f[1][i] = i < n ? circles->y[i] : nan;
        ctx->f[2][i] = i < n ? circles->radius[i] : 0.0f;
    }
    for (uint32_t j = 0; j < m; j++) ctx->prep[j] = capsule_at(capsules, j);
    const cap_contact_out o = cap_batch_out(out);
    uint64_t k = cap_narrow_all_pairs(ctx->prep, m, ctx->f[0], ctx->f[1], ctx->f[2], n, ctx->pairs, &o);
    out->count = cap_batch_saturate(k);
    return CAP_BATCH_OK;
}
