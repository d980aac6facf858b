/* capsule2d — region queries over a set: which shapes overlap a circle or a
 * box. Capsules go through the set's static index, circles are scanned.
 * Declarations and conventions: capsule2d_batch.h. */
#include "capsule2d_batch.h"
#include "batch/batch_internal.h"
#include "core/scalar.h"

#include "kernels/grid.h"
#include "kernels/narrow.h"

static int bad(cap_batch_error* err, int field)
{
    return cap_batch_fail(err, CAP_BATCH_BAD_VALUE, CAP_BATCH_SET_QUERY, field, 0);
}


static int check_circle(float x, float y, float r, cap_batch_error* err)
{
    if (!cap_in_range(x)) return bad(err, 0);
    if (!cap_in_range(y)) return bad(err, 1);
    if (!cap_in_range(r) || r < 0.0f) return bad(err, 2);
    return CAP_BATCH_OK;
}

static int check_box(float minx, float miny, float maxx, float maxy, cap_batch_error* err)
{
    if (!cap_in_range(minx)) return bad(err, 0);
    if (!cap_in_range(miny)) return bad(err, 1);
    if (!cap_in_range(maxx) || maxx < minx) return bad(err, 2);
    if (!cap_in_range(maxy) || maxy < miny) return bad(err, 3);
    return CAP_BATCH_OK;
}

static void put(cap_index_buffer* out, uint64_t* k, uint32_t i)
{
    if (*k < out->capacity) out->index[*k] = i;
    ++*k;
}

static uint32_t saturate(uint64_t k) { return k > 0xffffffffu ? 0xffffffffu : (uint32_t)k; }

/* Squared distance from a point to the box, in float64. */
static double point_box_d2(double x, double y, const double b[4])
{
    double qx = x < b[0] ? b[0] : (x > b[2] ? b[2] : x);
    double qy = y < b[1] ? b[1] : (y > b[3] ? b[3] : y);
    return (x - qx) * (x - qx) + (y - qy) * (y - qy);
}

static double point_segment_d2(double x, double y, double ax, double ay, double bx, double by)
{
    double vx = bx - ax, vy = by - ay, vv = vx * vx + vy * vy;
    double t = vv > 0.0 ? ((x - ax) * vx + (y - ay) * vy) / vv : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    double dx = x - (ax + t * vx), dy = y - (ay + t * vy);
    return dx * dx + dy * dy;
}

/* Does segment a->b meet the box? */
static int segment_meets_box(double ax, double ay, double bx, double by, const double b[4])
{
    double p[2] = {ax, ay}, d[2] = {bx - ax, by - ay}, t0 = 0.0, t1 = 1.0;
    return cap_clip_segment_box(p, d, b, b + 2, &t0, &t1);
}

static int capsule_meets_box(float ax, float ay, float bx, float by, float r, const double b[4])
{
    if (segment_meets_box(ax, ay, bx, by, b)) return 1;
    double r2 = (double)r * r, d2 = point_box_d2(ax, ay, b);
    double e = point_box_d2(bx, by, b);
    if (e < d2) d2 = e;
    for (int c = 0; c < 4; c++) {
        e = point_segment_d2(b[(c & 1) ? 2 : 0], b[(c & 2) ? 3 : 1], ax, ay, bx, by);
        if (e < d2) d2 = e;
    }
    return d2 <= r2;
}

int cap_query_circle_capsules(cap_capsule_set* s, float x, float y, float r, cap_index_buffer* out,
                              cap_batch_error* err)
{
    if (!out) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    int rc = check_circle(x, y, r, err);
    if (!rc) rc = cap_capsule_set_check(s, err);
    if (rc) return rc;
    out->count = 0;
    double box[4];
    cap_grid_circle_box(x, y, r, box);
    uint32_t *cand, nc;
    rc = cap_batch_index_candidates(cap_batch_default_context(), s, box, &cand, &nc);
    if (rc) return cap_batch_fail(err, rc, CAP_BATCH_SET_QUERY, 0, 0);
    uint64_t k = 0;
    for (uint32_t c = 0; c < nc; c++) {
        uint32_t j = cand[c];
        cap_narrow_shape sh = cap_narrow_capsule(s->ax[j], s->ay[j], s->bx[j], s->by[j], s->radius[j]);
        if (cap_narrow_test(&sh, x, y, r)) put(out, &k, j);
    }
    out->count = saturate(k);
    return CAP_BATCH_OK;
}

int cap_query_circle_circles(const cap_circle_set* s, float x, float y, float r, cap_index_buffer* out,
                             cap_batch_error* err)
{
    if (!out) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    int rc = check_circle(x, y, r, err);
    if (!rc) rc = cap_circle_set_check(s, err);
    if (rc) return rc;
    out->count = 0;
    cap_narrow_shape q = {x, y, 0.0f, 0.0f, 0.0f, 0.0f, r, 0.0f};
    uint64_t k = 0;
    for (uint32_t i = 0; i < s->count; i++)
        if (cap_narrow_test(&q, s->x[i], s->y[i], s->radius[i])) put(out, &k, i);
    out->count = saturate(k);
    return CAP_BATCH_OK;
}

int cap_query_box_capsules(cap_capsule_set* s, float minx, float miny, float maxx, float maxy,
                           cap_index_buffer* out, cap_batch_error* err)
{
    if (!out) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    int rc = check_box(minx, miny, maxx, maxy, err);
    if (!rc) rc = cap_capsule_set_check(s, err);
    if (rc) return rc;
    out->count = 0;
    double b[4] = {minx, miny, maxx, maxy};
    double wide[4] = {minx, miny, maxx, maxy};
    double m = 1e-18;
    wide[0] -= m, wide[1] -= m, wide[2] += m, wide[3] += m;
    uint32_t *cand, nc;
    rc = cap_batch_index_candidates(cap_batch_default_context(), s, wide, &cand, &nc);
    if (rc) return cap_batch_fail(err, rc, CAP_BATCH_SET_QUERY, 0, 0);
    uint64_t k = 0;
    for (uint32_t c = 0; c < nc; c++) {
        uint32_t j = cand[c];
        if (capsule_meets_box(s->ax[j], s->ay[j], s->bx[j], s->by[j], s->radius[j], b)) put(out, &k, j);
    }
    out->count = saturate(k);
    return CAP_BATCH_OK;
}

int cap_query_box_circles(const cap_circle_set* s, float minx, float miny, float maxx, float maxy,
                          cap_index_buffer* out, cap_batch_error* err)
{
    if (!out) return cap_batch_fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    int rc = check_box(minx, miny, maxx, maxy, err);
    if (!rc) rc = cap_circle_set_check(s, err);
    if (rc) return rc;
    out->count = 0;
    double b[4] = {minx, miny, maxx, maxy};
    uint64_t k = 0;
    for (uint32_t i = 0; i < s->count; i++) {
        double r = s->radius[i];
        if (point_box_d2(s->x[i], s->y[i], b) <= r * r) put(out, &k, i);
    }
    out->count = saturate(k);
    return CAP_BATCH_OK;
}
