/* capsule2d — batch sets, buffers, validation and the batch calls.
 * Declarations and conventions: capsule2d_batch.h. */
#include "capsule2d_batch.h"

#include <stdlib.h>
#include <string.h>

#include "kernels/grid.h"
#include "core/scalar.h"
#include "kernels/narrow.h"

/* ---- allocation ---------------------------------------------------------- */

/* Reallocates each of k arrays (element size 4) from `keep` to `capacity`
 * elements, all or nothing. */
int cap_batch_realloc_all_(void** arrays[], int k, uint32_t keep, uint32_t capacity);
int cap_batch_realloc_all_(void** arrays[], int k, uint32_t keep, uint32_t capacity)
{
    void* fresh[16];
    size_t bytes = (size_t)(capacity ? capacity : 1) * 4u;
    if ((uint64_t)(capacity ? capacity : 1) * 4u > (uint64_t)(size_t)-1 / 2) return CAP_BATCH_NO_MEMORY;
    for (int i = 0; i < k; i++) {
        fresh[i] = malloc(bytes);
        if (!fresh[i]) {
            while (i-- > 0) free(fresh[i]);
            return CAP_BATCH_NO_MEMORY;
        }
        memset(fresh[i], 0, bytes);
        if (*arrays[i] && keep) memcpy(fresh[i], *arrays[i], (size_t)keep * 4u);
    }
    for (int i = 0; i < k; i++) {
        free(*arrays[i]);
        *arrays[i] = fresh[i];
    }
    return CAP_BATCH_OK;
}

#define ARRAYS(...) ((void**[]){__VA_ARGS__}), (int)(sizeof((void**[]){__VA_ARGS__}) / sizeof(void**))

int cap_circle_set_reserve(cap_circle_set* s, uint32_t capacity)
{
    if (!s) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= s->capacity && s->x) return CAP_BATCH_OK;
    int rc = cap_batch_realloc_all_(ARRAYS((void**)&s->x, (void**)&s->y, (void**)&s->radius), s->count, capacity);
    if (rc == CAP_BATCH_OK && capacity > s->capacity) s->capacity = capacity;
    return rc;
}

int cap_capsule_set_reserve(cap_capsule_set* s, uint32_t capacity)
{
    if (!s) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= s->capacity && s->ax) return CAP_BATCH_OK;
    int rc = cap_batch_realloc_all_(ARRAYS((void**)&s->ax, (void**)&s->ay, (void**)&s->bx, (void**)&s->by,
                                (void**)&s->radius),
                         s->count, capacity);
    if (rc == CAP_BATCH_OK) {
        if (capacity > s->capacity) s->capacity = capacity;
        s->version++;
    }
    return rc;
}

int cap_contact_buffer_reserve(cap_contact_buffer* b, uint32_t capacity)
{
    if (!b) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= b->capacity && b->a) return CAP_BATCH_OK;
    uint32_t keep = b->count < b->capacity ? b->count : b->capacity;
    int rc = cap_batch_realloc_all_(ARRAYS((void**)&b->a, (void**)&b->b, (void**)&b->nx, (void**)&b->ny, (void**)&b->depth,
                                (void**)&b->point_x, (void**)&b->point_y),
                         keep, capacity);
    if (rc == CAP_BATCH_OK && capacity > b->capacity) b->capacity = capacity;
    return rc;
}

int cap_index_buffer_reserve(cap_index_buffer* b, uint32_t capacity)
{
    if (!b) return CAP_BATCH_BAD_ARGUMENT;
    if (capacity <= b->capacity && b->index) return CAP_BATCH_OK;
    uint32_t keep = b->count < b->capacity ? b->count : b->capacity;
    int rc = cap_batch_realloc_all_(ARRAYS((void**)&b->index), keep, capacity);
    if (rc == CAP_BATCH_OK && capacity > b->capacity) b->capacity = capacity;
    return rc;
}

#define CREATE(type, reserve)                                   \
    type* o = (type*)calloc(1, sizeof(type));                   \
    if (!o) return NULL;                                        \
    if (reserve(o, capacity) != CAP_BATCH_OK) {                 \
        free(o);                                                \
        return NULL;                                            \
    }                                                           \
    o->capacity = capacity;                                     \
    return o

cap_circle_set* cap_circle_set_create(uint32_t capacity) { CREATE(cap_circle_set, cap_circle_set_reserve); }
cap_capsule_set* cap_capsule_set_create(uint32_t capacity) { CREATE(cap_capsule_set, cap_capsule_set_reserve); }
cap_contact_buffer* cap_contact_buffer_create(uint32_t capacity) { CREATE(cap_contact_buffer, cap_contact_buffer_reserve); }
cap_index_buffer* cap_index_buffer_create(uint32_t capacity) { CREATE(cap_index_buffer, cap_index_buffer_reserve); }

void cap_circle_set_destroy(cap_circle_set* s)
{
    if (!s) return;
    free(s->x);
    free(s->y);
    free(s->radius);
    free(s);
}

static void cap_contact_index_free_(void* p);

void cap_capsule_set_destroy(cap_capsule_set* s)
{
    if (!s) return;
    free(s->ax);
    free(s->ay);
    free(s->bx);
    free(s->by);
    free(s->radius);
    if (s->index) {
        cap_contact_index_free_(s->index->contact);
        cap_grid_free(s->index);
        free(s->index);
    }
    free(s);
}

void cap_contact_buffer_destroy(cap_contact_buffer* b)
{
    if (!b) return;
    free(b->a);
    free(b->b);
    free(b->nx);
    free(b->ny);
    free(b->depth);
    free(b->point_x);
    free(b->point_y);
    free(b);
}

void cap_index_buffer_destroy(cap_index_buffer* b)
{
    if (!b) return;
    free(b->index);
    free(b);
}

/* ---- validation ---------------------------------------------------------- */

static int fail(cap_batch_error* err, int code, int set, int field, uint32_t index)
{
    if (err) {
        err->code = code;
        err->set = set;
        err->field = field;
        err->index = index;
    }
    return code;
}

static int is_finite(float v) { return v - v == 0.0f; }

/* The first bad field of element i among `fields` arrays (the last one a
 * radius when has_radius), or -1. */
static int first_bad(const float* const* fields, int k, uint32_t i)
{
    for (int f = 0; f < k; f++) {
        float v = fields[f][i];
        if (!is_finite(v) || (f == k - 1 && v < 0.0f)) return f;
    }
    return -1;
}

static int check_fields(const float* const* fields, int k, uint32_t count, int set, cap_batch_error* err)
{
    /* Fast pass on the bits, no branch per element (it vectorizes): a value
     * is non-finite when its exponent is all ones, i.e. when adding one to
     * the exponent field carries into the sign bit; a radius is negative
     * when its bits exceed those of -0. The slow pass names the culprit. */
    uint32_t bad = 0;
    for (int f = 0; f < k; f++) {
        const float* p = fields[f];
        uint32_t acc = 0;
        for (uint32_t i = 0; i < count; i++) {
            uint32_t b;
            memcpy(&b, p + i, 4);
            acc |= ((b & 0x7f800000u) + 0x00800000u) & 0x80000000u;
            if (f == k - 1) acc |= (uint32_t)(b > 0x80000000u);
        }
        bad |= acc;
    }
    if (!bad) return CAP_BATCH_OK;
    for (uint32_t i = 0; i < count; i++) {
        int f = first_bad(fields, k, i);
        if (f >= 0) return fail(err, CAP_BATCH_BAD_VALUE, set, f, i);
    }
    return CAP_BATCH_OK;
}

int cap_circle_set_check(const cap_circle_set* s, cap_batch_error* err)
{
    if (!s || s->count > s->capacity) return fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_CIRCLES, 0, 0);
    const float* fields[3] = {s->x, s->y, s->radius};
    return check_fields(fields, 3, s->count, CAP_BATCH_SET_CIRCLES, err);
}

int cap_capsule_set_check(const cap_capsule_set* s, cap_batch_error* err)
{
    if (!s || s->count > s->capacity) return fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_CAPSULES, 0, 0);
    const float* fields[5] = {s->ax, s->ay, s->bx, s->by, s->radius};
    return check_fields(fields, 5, s->count, CAP_BATCH_SET_CAPSULES, err);
}

/* ---- per-call scratch (kept and grown; single-threaded) ------------------ */

static struct {
    double* boxes;
    uint32_t boxes_cap; /* in doubles */
    uint32_t *stamp, *cand, *scratch;
    uint32_t stamp_cap, cand_cap, scratch_cap, stamp_id;
    float* f[3]; /* padded circles x y r (all pairs) */
    uint32_t f_cap;
    cap_narrow_shape* prep; /* prepared capsules, or circles as shapes */
    uint32_t prep_cap;
    cap_grid circles;
    struct cap_circle_rec* crec; /* circles in contact-index cell order */
    uint32_t *rcell, *ccell, *cnt, *hit, *hcount, *horder;
    uint32_t crec_cap, rcell_cap, ccell_cap, cnt_cap, hit_cap, hcount_cap, horder_cap;
} ws;

static int grow(void** p, uint32_t* cap, uint64_t need, size_t elem)
{
    if (need <= *cap) return CAP_BATCH_OK;
    uint64_t want = need + need / 2 + 64;
    if (want * elem > 0x7fffffffu) want = need;
    if (want * elem > 0x7fffffffu) return CAP_BATCH_NO_MEMORY;
    void* q = realloc(*p, (size_t)(want * elem));
    if (!q) return CAP_BATCH_NO_MEMORY;
    *p = q;
    *cap = (uint32_t)want;
    return CAP_BATCH_OK;
}

/* Stamp ids only grow; long before they wrap, every stamp is cleared (each
 * call uses at most one id per shape, far fewer than the headroom). */
static void renew_stamps(void)
{
    if (ws.stamp_id < 0xf0000000u) return;
    if (ws.stamp) memset(ws.stamp, 0, (size_t)ws.stamp_cap * 4u);
    ws.stamp_id = 0;
}

static int grow_stamps(uint32_t n)
{
    renew_stamps();
    uint32_t old = ws.stamp_cap;
    if (grow((void**)&ws.stamp, &ws.stamp_cap, n, 4)) return CAP_BATCH_NO_MEMORY;
    if (ws.stamp_cap > old) memset(ws.stamp + old, 0, (size_t)(ws.stamp_cap - old) * 4u);
    return grow((void**)&ws.cand, &ws.cand_cap, (uint64_t)n + 1, 4);
}

static int grow_floats(uint64_t n)
{
    if (n <= ws.f_cap) return CAP_BATCH_OK;
    uint64_t want = n + n / 2 + 64;
    if (want * 4u > 0x7fffffffu) return CAP_BATCH_NO_MEMORY;
    for (int i = 0; i < 3; i++) {
        float* q = (float*)realloc(ws.f[i], (size_t)want * 4u);
        if (!q) return CAP_BATCH_NO_MEMORY; /* the ones grown stay valid */
        ws.f[i] = q;
    }
    ws.f_cap = (uint32_t)want;
    return CAP_BATCH_OK;
}

static int grow_prep(uint32_t n) { return grow((void**)&ws.prep, &ws.prep_cap, n, sizeof(cap_narrow_shape)); }

static void clear_contacts(cap_contact_buffer* out) { out->count = 0; }

static uint32_t saturate(uint64_t k) { return k > 0xffffffffu ? 0xffffffffu : (uint32_t)k; }

/* ---- the capsule index --------------------------------------------------- */

/* The contact index of a capsule set (for capsule-circle contacts): every
 * capsule's box grown by `reach`, the largest circle radius it serves, is
 * entered in each cell it touches, with the capsule prepared for the pair
 * test. A circle of radius <= reach then needs only the cell holding its
 * centre: its capsules are in ascending order (counting sort is stable) and
 * each appears once. Rebuilt like the index (version, count, update()) and
 * when a call brings a larger circle. */
typedef struct cap_contact_index {
    cap_grid grid;
    cap_narrow_shape* entry; /* per grid entry, cell order; index bits in pad */
    float* snap;             /* ax, ay, bx, by, radius arrays of the build */
    uint32_t entry_cap, snap_cap, count, version;
    float reach;
    int built;
} cap_contact_index;

static void cap_contact_index_free_(void* p)
{
    cap_contact_index* ci = (cap_contact_index*)p;
    if (!ci) return;
    cap_grid_free(&ci->grid);
    free(ci->entry);
    free(ci->snap);
    free(ci);
}

/* The contact index of s (index grid already allocated) serving circles up
 * to radius reach, or NULL when out of memory. It holds the shapes as they
 * were when it was built for the set's current version and count (like the
 * index: shapes changed without a version bump are not seen), so a rebuild
 * for a larger reach alone starts from that copy. */
static cap_contact_index* contact_index(cap_capsule_set* s, float reach)
{
    cap_contact_index* ci = (cap_contact_index*)s->index->contact;
    if (!ci) {
        ci = (cap_contact_index*)calloc(1, sizeof *ci);
        if (!ci) return NULL;
        s->index->contact = ci;
    }
    uint32_t m = s->count;
    int fresh = ci->built && ci->count == m && ci->version == s->version;
    if (fresh && reach <= ci->reach) return ci;
    ci->built = 0;
    if (fresh) {
        /* grow the reach in steps of 2x, so slowly growing radii rebuild rarely */
        float twice = 2.0f * ci->reach;
        if (reach < twice && twice <= 3.4e38f) reach = twice; /* never infinite */
    } else {
        if (grow((void**)&ci->snap, &ci->snap_cap, 5 * (uint64_t)m, 4)) return NULL;
        const float* f[5] = {s->ax, s->ay, s->bx, s->by, s->radius};
        for (int a = 0; a < 5; a++) memcpy(ci->snap + (size_t)a * m, f[a], (size_t)m * 4u);
    }
    const float *ax = ci->snap, *ay = ax + m, *bx = ay + m, *by = bx + m, *r = by + m;
    if (grow((void**)&ws.boxes, &ws.boxes_cap, 4 * (uint64_t)m, sizeof(double))) return NULL;
    for (uint32_t j = 0; j < m; j++)
        cap_grid_capsule_reach(ax[j], ay[j], bx[j], by[j], r[j], reach, ws.boxes + 4 * (size_t)j);
    /* finer cells than the index's: a circle tests fewer capsules */
    if (cap_grid_build_sized(&ci->grid, ws.boxes, m, 0.5, 8, 16, 1.25)) return NULL;
    const cap_grid* g = &ci->grid;
    uint32_t entries = g->start[(size_t)g->nx * g->ny];
    if (grow((void**)&ci->entry, &ci->entry_cap, entries, sizeof(cap_narrow_shape))) return NULL;
    for (uint32_t e = 0; e < entries; e++) {
        uint32_t j = g->items[e];
        cap_narrow_shape sh = cap_narrow_capsule(ax[j], ay[j], bx[j], by[j], r[j]);
        memcpy(&sh.pad, &j, 4);
        ci->entry[e] = sh;
    }
    ci->count = m;
    ci->version = s->version;
    ci->reach = reach;
    ci->built = 1;
    return ci;
}

static int ensure_index(cap_capsule_set* s, int force)
{
    if (!s->index) {
        s->index = (cap_grid*)calloc(1, sizeof(cap_grid));
        if (!s->index) return CAP_BATCH_NO_MEMORY;
    }
    cap_grid* g = s->index;
    if (!force && g->built && g->count == s->count && g->version == s->version) return CAP_BATCH_OK;
    if (grow((void**)&ws.boxes, &ws.boxes_cap, 4 * (uint64_t)s->count, sizeof(double))) return CAP_BATCH_NO_MEMORY;
    for (uint32_t i = 0; i < s->count; i++)
        cap_grid_capsule_box(s->ax[i], s->ay[i], s->bx[i], s->by[i], s->radius[i], ws.boxes + 4 * (size_t)i);
    int rc = cap_grid_build(g, ws.boxes, s->count);
    if (rc) return rc;
    g->version = s->version;
    return CAP_BATCH_OK;
}

int cap_capsule_set_update(cap_capsule_set* s, cap_batch_error* err)
{
    int rc = cap_capsule_set_check(s, err);
    if (rc) return rc;
    rc = ensure_index(s, 1);
    if (!rc && s->index->contact) ((cap_contact_index*)s->index->contact)->built = 0;
    return rc ? fail(err, rc, CAP_BATCH_SET_CAPSULES, 0, 0) : CAP_BATCH_OK;
}

static cap_narrow_shape capsule_at(const cap_capsule_set* s, uint32_t j)
{
    return cap_narrow_capsule(s->ax[j], s->ay[j], s->bx[j], s->by[j], s->radius[j]);
}

static cap_narrow_shape circle_shape(float x, float y, float r)
{
    cap_narrow_shape s = {x, y, 0.0f, 0.0f, 0.0f, 0.0f, r, 0.0f};
    return s;
}

/* ---- capsule-circle contacts through the contact index ------------------- */

/* The capsule of grid entry e prepared from the live arrays: the entry
 * itself when capsule j's numbers are those the index was built from
 * (*same = 1), else prepared anew (*same = 0: the caller re-tests). */
static cap_narrow_shape live_capsule(const cap_capsule_set* s, const cap_contact_index* ci, uint32_t e, uint32_t* j,
                                     int* same)
{
    const cap_narrow_shape* en = ci->entry + e;
    memcpy(j, &en->pad, 4);
    uint32_t m = ci->count, q = *j;
    const float* f[5] = {s->ax, s->ay, s->bx, s->by, s->radius};
    uint32_t diff = 0;
    for (int a = 0; a < 5; a++) {
        uint32_t live, built; /* bits: -0 and NaN payloads count as changes */
        memcpy(&live, f[a] + q, 4);
        memcpy(&built, ci->snap + (size_t)a * m + q, 4);
        diff |= live ^ built;
    }
    *same = diff == 0;
    return *same ? *en : capsule_at(s, q);
}

/* Emits contact k for circle i and entry e when it holds on the live
 * arrays (always, unless shapes changed without a version bump). */
static uint64_t emit_capsule_hit(const cap_capsule_set* s, const cap_contact_index* ci, uint32_t e, uint32_t i, float cx,
                                 float cy, float cr, cap_contact_buffer* out, uint64_t k)
{
    uint32_t j;
    int same;
    cap_narrow_shape live = live_capsule(s, ci, e, &j, &same);
    if (!same && !cap_narrow_test(&live, cx, cy, cr)) return k;
    if (k < out->capacity) {
        float con[5];
        cap_narrow_contact(&live, cx, cy, cr, con);
        cap_narrow_put(out, k, j, i, con);
    }
    return k + 1;
}

typedef struct cap_circle_rec { float x, y, r; uint32_t i; } cap_circle_rec;

/* The same results, found in cell order (circles counting-sorted by the
 * cell of their centre, so a run of circles reads the same capsules), kept
 * as (circle, entry) and emitted in circle order. 0, a negative code, or 1
 * when more than out->capacity pairs touch (nothing written then: the
 * caller takes the general path, which counts them all). */
static int contacts_in_cell_order(const cap_capsule_set* s, const cap_circle_set* circles, const cap_contact_index* ci,
                                  cap_contact_buffer* out, uint64_t* found)
{
    const cap_grid* g = &ci->grid;
    uint32_t n = circles->count, cells = (uint32_t)g->nx * (uint32_t)g->ny;
    if (grow((void**)&ws.crec, &ws.crec_cap, n, sizeof(cap_circle_rec)) ||
        grow((void**)&ws.rcell, &ws.rcell_cap, n, 4) || grow((void**)&ws.ccell, &ws.ccell_cap, n, 4) ||
        grow((void**)&ws.cnt, &ws.cnt_cap, (uint64_t)cells + 1, 4) ||
        grow((void**)&ws.hcount, &ws.hcount_cap, (uint64_t)n + 1, 4))
        return CAP_BATCH_NO_MEMORY;
    memset(ws.cnt, 0, ((size_t)cells + 1) * 4u);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = cap_grid_cell_at(g, circles->x[i], circles->y[i]);
        ws.ccell[i] = c;
        ws.cnt[c]++;
    }
    uint32_t sum = 0;
    for (uint32_t c = 0; c <= cells; c++) {
        uint32_t v = ws.cnt[c];
        ws.cnt[c] = sum;
        sum += v;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t e = ws.cnt[ws.ccell[i]]++;
        cap_circle_rec r = {circles->x[i], circles->y[i], circles->radius[i], i};
        ws.crec[e] = r;
        ws.rcell[e] = ws.ccell[i];
    }
    memset(ws.hcount, 0, ((size_t)n + 1) * 4u);
    uint32_t k = 0, limit = out->capacity;
    for (uint32_t e = 0; e < n; e++) {
        cap_circle_rec r = ws.crec[e];
        uint32_t c = ws.rcell[e], q0 = g->start[c], q1 = g->start[c + 1];
        if (2 * ((uint64_t)k + (q1 - q0)) > ws.hit_cap &&
            grow((void**)&ws.hit, &ws.hit_cap, 2 * ((uint64_t)k + (q1 - q0) + n), 4))
            return CAP_BATCH_NO_MEMORY;
        uint32_t k0 = k;
        for (uint32_t q = q0; q < q1; q++) { /* branch-free: written always, kept on a hit */
            ws.hit[2 * k] = r.i;
            ws.hit[2 * k + 1] = q;
            k += (uint32_t)cap_narrow_test(ci->entry + q, r.x, r.y, r.r);
        }
        ws.hcount[r.i] += k - k0;
        if (k > limit) return 1;
    }
    /* counting sort by circle; a circle's hits come from one cell, in
     * ascending capsule order already */
    if (grow((void**)&ws.horder, &ws.horder_cap, (uint64_t)k + 1, 4)) return CAP_BATCH_NO_MEMORY;
    sum = 0;
    for (uint32_t i = 0; i <= n; i++) {
        uint32_t v = ws.hcount[i];
        ws.hcount[i] = sum;
        sum += v;
    }
    for (uint32_t h = 0; h < k; h++) ws.horder[ws.hcount[ws.hit[2 * h]]++] = ws.hit[2 * h + 1];
    uint64_t kk = 0;
    for (uint32_t i = 0, a = 0; i < n && a < k; i++) {
        float cx = circles->x[i], cy = circles->y[i], cr = circles->radius[i];
        for (; a < ws.hcount[i]; a++) kk = emit_capsule_hit(s, ci, ws.horder[a], i, cx, cy, cr, out, kk);
    }
    *found = kk;
    return 0;
}

/* ---- contacts ------------------------------------------------------------ */

/* From batch_circles.c (private). */
int64_t cap_batch_circles_bucketed_(const cap_circle_set* s, cap_contact_buffer* out);

int cap_find_capsule_circle_contacts(cap_capsule_set* capsules, const cap_circle_set* circles,
                                     cap_contact_buffer* out, cap_batch_error* err)
{
    if (!out) return fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    int rc = cap_capsule_set_check(capsules, err);
    if (!rc) rc = cap_circle_set_check(circles, err);
    if (rc) return rc; /* rejected input: out is left as it was */
    clear_contacts(out);
    uint32_t m = capsules->count, n = circles->count;
    if (ensure_index(capsules, 0)) return fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    if (m == 0 || n == 0) return CAP_BATCH_OK;
    /* Circles of similar size (none above 4x the mean): the contact index,
     * one cell per circle. Otherwise one big circle would inflate every
     * capsule: each circle gathers the cells its own box touches. */
    float rmax = 0.0f;
    double rsum = 0.0;
    for (uint32_t i = 0; i < n; i++) {
        float r = circles->radius[i];
        rmax = r > rmax ? r : rmax;
        rsum += r;
    }
    if ((double)rmax <= 4.0 * (rsum / n) + 1e-30) {
        cap_contact_index* ci = contact_index(capsules, rmax);
        if (!ci) return fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
        uint64_t found = 0;
        rc = contacts_in_cell_order(capsules, circles, ci, out, &found);
        if (rc < 0) return fail(err, rc, CAP_BATCH_SET_QUERY, 0, 0);
        if (rc == 0) {
            out->count = saturate(found);
            return CAP_BATCH_OK;
        }
    }
    /* Sizes far apart (or more pairs than `out` holds): each circle gathers
     * the index cells its box touches (ascending, no repeats) and tests
     * them on the live arrays. */
    if (grow_stamps(m)) return fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    uint64_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        float cx = circles->x[i], cy = circles->y[i], cr = circles->radius[i];
        double box[4];
        cap_grid_circle_box(cx, cy, cr, box);
        uint32_t nc = cap_grid_gather(capsules->index, box, 0, m, ws.stamp, &ws.stamp_id, ws.cand);
        for (uint32_t c = 0; c < nc; c++) {
            uint32_t j = ws.cand[c];
            cap_narrow_shape sh = capsule_at(capsules, j);
            if (!cap_narrow_test(&sh, cx, cy, cr)) continue;
            if (k < out->capacity) {
                float con[5];
                cap_narrow_contact(&sh, cx, cy, cr, con);
                cap_narrow_put(out, k, j, i, con);
            }
            k++;
        }
    }
    out->count = saturate(k);
    return CAP_BATCH_OK;
}

int cap_all_pairs_capsule_circle(const cap_capsule_set* capsules, const cap_circle_set* circles,
                                 cap_contact_buffer* out, cap_batch_error* err)
{
    if (!out) return fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    int rc = cap_capsule_set_check(capsules, err);
    if (!rc) rc = cap_circle_set_check(circles, err);
    if (rc) return rc; /* rejected input: out is left as it was */
    clear_contacts(out);
    uint32_t m = capsules->count, n = circles->count;
    uint64_t padded = ((uint64_t)n + 7) & ~(uint64_t)7;
    if (grow_floats(padded) || grow_prep(m) || grow((void**)&ws.scratch, &ws.scratch_cap, 2 * (uint64_t)m, 4))
        return fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    float nan = __builtin_nanf("");
    for (uint32_t i = 0; i < padded; i++) {
        ws.f[0][i] = i < n ? circles->x[i] : nan;
        ws.f[1][i] = i < n ? circles->y[i] : nan;
        ws.f[2][i] = i < n ? circles->radius[i] : 0.0f;
    }
    for (uint32_t j = 0; j < m; j++) ws.prep[j] = capsule_at(capsules, j);
    uint64_t k = cap_narrow_all_pairs(ws.prep, m, ws.f[0], ws.f[1], ws.f[2], n, ws.scratch, out);
    out->count = saturate(k);
    return CAP_BATCH_OK;
}

int cap_find_circle_contacts(const cap_circle_set* circles, cap_contact_buffer* out, cap_batch_error* err)
{
    if (!out) return fail(err, CAP_BATCH_BAD_ARGUMENT, CAP_BATCH_SET_QUERY, 0, 0);
    int rc = cap_circle_set_check(circles, err);
    if (rc) return rc; /* rejected input: out is left as it was */
    clear_contacts(out);
    uint32_t n = circles->count;
    /* similar sizes: the bucketed path (batch_circles.c), same results; it
     * declines (< -1) for mixed sizes or more pairs than `out` holds */
    int64_t found = cap_batch_circles_bucketed_(circles, out);
    if (found == -1) return fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    if (found >= 0) {
        out->count = saturate((uint64_t)found);
        return CAP_BATCH_OK;
    }
    if (grow((void**)&ws.boxes, &ws.boxes_cap, 4 * (uint64_t)n, sizeof(double)) || grow_stamps(n) || grow_prep(n))
        return fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    for (uint32_t i = 0; i < n; i++) {
        float x = circles->x[i], y = circles->y[i], r = circles->radius[i];
        cap_grid_circle_box(x, y, r, ws.boxes + 4 * (size_t)i);
        ws.prep[i] = circle_shape(x, y, r); /* x, y, r together for random reads */
    }
    if (cap_grid_build(&ws.circles, ws.boxes, n)) return fail(err, CAP_BATCH_NO_MEMORY, CAP_BATCH_SET_QUERY, 0, 0);
    uint64_t k = 0;
    for (uint32_t i = 0; i + 1 < n; i++) {
        const cap_narrow_shape* s = ws.prep + i;
        uint32_t nc = cap_grid_gather_own(&ws.circles, i, i + 1, n, ws.stamp, &ws.stamp_id, ws.cand);
        for (uint32_t c = 0; c < nc; c++) {
            uint32_t j = ws.cand[c];
            float cx = ws.prep[j].ax, cy = ws.prep[j].ay, cr = ws.prep[j].r;
            if (!cap_narrow_test(s, cx, cy, cr)) continue;
            if (k < out->capacity) {
                float con[5];
                cap_narrow_contact(s, cx, cy, cr, con);
                cap_narrow_put(out, k, i, j, con);
            }
            k++;
        }
    }
    out->count = saturate(k);
    return CAP_BATCH_OK;
}

/* For batch_query.c: the capsules whose index cells the box touches,
 * ascending (indices >= count skipped). The list lives in the scratch. */
int cap_batch_index_candidates_(cap_capsule_set* s, const double box[4], uint32_t** cand, uint32_t* n);
int cap_batch_segment_candidates_(cap_capsule_set* s, const double seg[4], double r, uint32_t** cand, uint32_t* n);
int cap_batch_segment_candidates_(cap_capsule_set* s, const double seg[4], double r, uint32_t** cand, uint32_t* n)
{
    *n = 0;
    *cand = NULL;
    if (ensure_index(s, 0) || grow_stamps(s->count)) return CAP_BATCH_NO_MEMORY;
    *cand = ws.cand;
    *n = cap_grid_gather_segment(s->index, seg, r, 0, s->count, ws.stamp, &ws.stamp_id, ws.cand);
    return CAP_BATCH_OK;
}

int cap_batch_index_candidates_(cap_capsule_set* s, const double box[4], uint32_t** cand, uint32_t* n)
{
    *n = 0;
    *cand = NULL;
    if (ensure_index(s, 0) || grow_stamps(s->count)) return CAP_BATCH_NO_MEMORY;
    *cand = ws.cand;
    *n = cap_grid_gather(s->index, box, 0, s->count, ws.stamp, &ws.stamp_id, ws.cand);
    return CAP_BATCH_OK;
}
