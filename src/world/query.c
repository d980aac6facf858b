/* capsule2d — the world's queries one at a time through the query index:
 * ray casts, swept balls, circle and box overlaps (capsule2d_world.h; many
 * at once: query_batch.c).
 *
 * They go through the world's query index (struct cap_wquery), which the
 * first query after a change builds (w->query_stale, set by every world
 * method that moves or adds or removes a shape, and by the step):
 *  - balls: the live ones in slot order, at the positions the last world
 *    method left them (last_x, last_y: what the last step wrote, or what
 *    add / restore set; never a position written through a view since),
 *    with the radii as they were at the build, in a kernels grid;
 *  - statics: every live static but the lines in a second grid, at their
 *    current pose (only world methods move them); lines are half-planes,
 *    unbounded, and every query tests them.
 * A query visits only the cells it touches; rays and sweeps walk their path
 * in chunks of about a cell, in order, and stop once the best hit is closer
 * than the next chunk.
 *
 * Results equal a scan of every ball (ascending slot) then every static
 * (ascending slot) keeping the first strictly closer hit: the closest hit
 * wins; ties go to a ball over a static, then to the lower slot. The scan
 * (query_scan.c) is also the fallback when the index cannot be built (out
 * of memory) and for numbers so large (above CAP_QUERY_BIG) that float32
 * squares overflow, where the padding argument below no longer holds.
 *
 * Why the grid finds every hit the scan finds: the casts compute in double
 * from float inputs and the overlap tests in float; a shape they report
 * lies within a small rounding error of the query's path (or point), far
 * less than the padding used here (1e-5 of the magnitudes involved, plus
 * the grid boxes' own margin), and the grid's cell of a point is monotone,
 * so a box within the padded region is in a visited cell. */
#include <stdlib.h>
#include <string.h>

#include "capsule2d_world.h"
#include "kernels/grid.h"
#include "kernels/scratch.h"
#include "world/query_internal.h"


struct cap_wquery {
    /* Balls: index k of the grid is the k-th live ball by slot. */
    uint32_t nb, ball_cap;
    float *bx, *by, *br;
    uint32_t* bslot;
    cap_grid bgrid;
    cap_scratch bs;
    /* Statics but lines: index k is the k-th such live static by slot. */
    uint32_t ns, static_cap;
    uint32_t* sslot;
    cap_grid sgrid;
    cap_scratch ss;
    /* Lines (ascending slots), and static answers being merged. */
    uint32_t nl, line_cap, hit_cap;
    uint32_t *lines, *hits;
    int big_balls, big_statics; /* some value above CAP_QUERY_BIG: every query scans */
    int movers;                 /* some static moves in a step (kinematic, pivoted) */
};

void cap_world_query_free(struct cap_wquery* q)
{
    if (!q) return;
    free(q->bx); free(q->by); free(q->br); free(q->bslot); free(q->sslot); free(q->lines); free(q->hits);
    cap_grid_free(&q->bgrid);
    cap_grid_free(&q->sgrid);
    cap_scratch_free(&q->bs);
    cap_scratch_free(&q->ss);
    free(q);
}

/* ---- the index ------------------------------------------------------------- */

/* Builds the index when a world method changed the world since the last
 * build. Returns the index, or NULL (out of memory, or a value above
 * CAP_QUERY_BIG): then the caller scans. */
static int build_balls(cap_world* w, struct cap_wquery* q)
{
    const uint32_t* flags = (const uint32_t*)w->ball[CAP_BALL_FLAGS];
    const float* radius = (const float*)w->ball[CAP_BALL_RADIUS];
    uint32_t nb = w->ball_live, c = 0;
    if (cap_grow((void**)&q->bx, &q->ball_cap, nb + 1, 4)) return 0;
    /* the four grow together (a failure leaves them unequal but unused:
     * the stale bit stays set) */
    if (cap_grow((void**)&q->by, &c, q->ball_cap, 4) || (c = 0, cap_grow((void**)&q->br, &c, q->ball_cap, 4)) ||
        (c = 0, cap_grow((void**)&q->bslot, &c, q->ball_cap, 4)))
        return 0;
    if (cap_scratch_boxes(&q->bs, nb) || cap_scratch_stamps(&q->bs, nb)) return 0;
    uint32_t k = 0;
    int huge = 0;
    for (uint32_t i = 0; i < w->ball_slots && k < nb; i++) {
        if (!(flags[i] & CAP_BALL_ALIVE)) continue;
        float x = w->last_x[i], y = w->last_y[i], r = radius[i];
        q->bx[k] = x, q->by[k] = y, q->br[k] = r, q->bslot[k] = i;
        huge |= big(x) | big(y) | big(r);
        cap_grid_circle_box(x, y, r, q->bs.boxes + 4 * (size_t)k);
        k++;
    }
    q->nb = k;
    q->big_balls = huge;
    return cap_grid_build(&q->bgrid, q->bs.boxes, q->nb) == 0;
}

static int build_statics(cap_world* w, struct cap_wquery* q)
{
    uint32_t ns = 0, nl = 0;
    for (uint32_t i = 0; i < w->static_slots; i++)
        if (alive_static(w, i)) cap_static_row(w->statics[i].kind)->find == CAP_FIND_ALWAYS ? nl++ : ns++;
    if (cap_grow((void**)&q->sslot, &q->static_cap, ns + 1, 4) || cap_grow((void**)&q->lines, &q->line_cap, nl + 1, 4) ||
        cap_grow((void**)&q->hits, &q->hit_cap, ns + nl + 1, 4) || cap_scratch_boxes(&q->ss, ns) ||
        cap_scratch_stamps(&q->ss, ns))
        return 0;
    int huge = 0, movers = 0;
    q->ns = q->nl = 0;
    for (uint32_t i = 0; i < w->static_slots; i++) {
        if (!alive_static(w, i)) continue;
        const cap_wstatic* s = &w->statics[i];
        huge |= big(s->ax) | big(s->ay) | big(s->bx) | big(s->by) | big(s->radius);
        movers |= cap_static_row(s->kind)->pose;
        if (cap_static_row(s->kind)->find == CAP_FIND_ALWAYS) {
            q->lines[q->nl++] = i;
            continue;
        }
        cap_grid_capsule_box(s->ax, s->ay, s->bx, s->by, s->radius, q->ss.boxes + 4 * (size_t)q->ns);
        q->sslot[q->ns++] = i;
    }
    q->big_statics = huge;
    q->movers = movers;
    return cap_grid_build(&q->sgrid, q->ss.boxes, q->ns) == 0;
}

/* Brings the index up to date with the world (the balls after a step or a
 * ball added or removed; the statics after a static changed, and after a
 * step when some static moves: kinematic and pivoted capsules). Returns
 * the index, or NULL (out of memory, or a value above CAP_QUERY_BIG):
 * then the caller scans. */
static struct cap_wquery* index_of(cap_world* w)
{
    struct cap_wquery* q = w->query;
    if (!q) {
        q = calloc(1, sizeof *q);
        if (!q) return NULL;
        w->query = q;
        w->query_stale = 3;
    }
    if ((w->query_stale & 2) || (q->movers && (w->query_stale & 1))) {
        if (!build_statics(w, q)) return NULL;
        w->query_stale &= ~2u;
    }
    if (w->query_stale & 1) {
        if (!build_balls(w, q)) return NULL;
        w->query_stale &= ~1u;
    }
    return q->big_balls || q->big_statics ? NULL : q;
}

/* Next stamp id of a scratch (all stamps cleared when it wraps). */
static uint32_t next_stamp(cap_scratch* s, uint32_t n)
{
    if (++s->stamp_id == 0) {
        if (n) memset(s->stamp, 0, (size_t)n * 4u);
        s->stamp_id = 1;
    }
    return s->stamp_id;
}

/* A walk along the path o + t d, t in [0, t_max], over the cells of a grid
 * within pad of it: chunks [ta, tb] of about one cell, in order of t. */
typedef struct cap_walk {
    const cap_grid* g;
    double ox, oy, dx, dy, pad;
    double t, end, step; /* next chunk's start, the last t, chunk length */
    int done;
    int32_t prev[4], cur[4]; /* the previous chunk's cells (all seen) and this one's; empty at first */
} cap_walk;

static void walk_start(cap_walk* k, const cap_grid* g, double ox, double oy, double dx, double dy, double t_max,
                       double pad)
{
    k->g = g, k->ox = ox, k->oy = oy, k->dx = dx, k->dy = dy, k->pad = pad;
    k->t = k->end = k->step = 0.0;
    k->done = 1;
    k->cur[0] = k->cur[1] = 0, k->cur[2] = k->cur[3] = -1;
    if (!g->built || g->count == 0) return;
    /* Clip to the grid's bounds grown by twice pad (every box lies inside
     * the bounds), so a long path costs the cells it crosses. */
    double cell = 1.0 / g->inv_cell, m = 2.0 * pad;
    double lo[2] = {g->minx - m, g->miny - m}, hi[2] = {g->minx + g->nx * cell + m, g->miny + g->ny * cell + m};
    double p[2] = {ox, oy}, d[2] = {dx, dy}, t0 = 0.0, t1 = t_max;
    if (!cap_clip_segment_box(p, d, lo, hi, &t0, &t1)) return;
    double major = absd(dx) > absd(dy) ? absd(dx) : absd(dy);
    double step = major > 0.0 ? cell / major : t1 - t0;
    /* at most about as many chunks as the grid has rows and columns */
    double least = (t1 - t0) / (double)(g->nx + g->ny + 2);
    if (!(step >= least)) step = least;
    k->t = t0, k->end = t1, k->step = step;
    k->done = 0;
}

/* The next chunk's cell range; 0 when the walk is over. After it, k->t is
 * where the following chunk starts (a hit before it is final). The chunk's
 * cells that the previous chunk had (k->prev, all of whose items were
 * tested) are skipped by WALK_ITEMS: consecutive chunks overlap, and the
 * ranges move monotonically along the path, so each cell is read once. */
static int walk_next(cap_walk* k, int32_t range[4])
{
    if (k->done) return 0;
    memcpy(k->prev, k->cur, sizeof k->prev);
    double ta = k->t, tb = ta + k->step;
    if (!(tb < k->end)) tb = k->end, k->done = 1;
    k->t = tb;
    double xa = k->ox + ta * k->dx, ya = k->oy + ta * k->dy, xb = k->ox + tb * k->dx, yb = k->oy + tb * k->dy;
    double box[4] = {(xa < xb ? xa : xb) - k->pad, (ya < yb ? ya : yb) - k->pad, (xa < xb ? xb : xa) + k->pad,
                     (ya < yb ? yb : ya) + k->pad};
    cap_grid_cells(k->g, box, range);
    memcpy(k->cur, range, sizeof k->cur);
    /* a chunk that covers the whole grid visits everything: the last */
    if (range[0] == 0 && range[1] == 0 && range[2] == k->g->nx - 1 && range[3] == k->g->ny - 1) k->done = 1;
    return 1;
}

/* Calls TEST(item) once for every item of the chunk's cells not seen yet
 * in this walk (k: the walk, whose previous chunk's cells are skipped). */
#define WALK_ITEMS(k, g, range, scratch, id, TEST)                                                  \
    for (int32_t cy_ = (range)[1]; cy_ <= (range)[3]; cy_++)                                        \
        for (int32_t cx_ = (range)[0]; cx_ <= (range)[2]; cx_++) {                                  \
            if (cy_ >= (k).prev[1] && cy_ <= (k).prev[3] && cx_ >= (k).prev[0] && cx_ <= (k).prev[2]) \
                continue;                                                                           \
            size_t c_ = (size_t)cy_ * (size_t)(g)->nx + (size_t)cx_;                                \
            for (uint32_t e_ = (g)->start[c_]; e_ < (g)->start[c_ + 1]; e_++) {                     \
                uint32_t item_ = (g)->items[e_];                                                    \
                if ((scratch)->stamp[item_] == (id)) continue;                                      \
                (scratch)->stamp[item_] = (id);                                                     \
                TEST(item_);                                                                        \
            }                                                                                       \
        }

/* Padding for a query whose numbers have magnitude sum m (see the top). */
static double pad_of(double m) { return 1e-5 * m + 1e-30; }

/* The ray's direction usable and max_fraction in [0, FLT_MAX]: else only
 * lines can answer (the casts refuse such a ray). */
static int ray_usable(cap_ray ray)
{
    return ray.max_fraction >= 0.0f && ray.max_fraction <= 3.40282347e38f && !(ray.direction.x == 0.0f && ray.direction.y == 0.0f);
}

int cap_world_ray_cast(cap_world* w, cap_ray ray, cap_ray_hit* best, int* kind, uint32_t* slot)
{
    const float in[5] = {ray.origin.x, ray.origin.y, ray.direction.x, ray.direction.y, ray.max_fraction};
    if (!finite_all(in, 5)) return 0;
    double ox = ray.origin.x, oy = ray.origin.y, dx = ray.direction.x, dy = ray.direction.y, tm = ray.max_fraction;
    double ex = ox + tm * dx, ey = oy + tm * dy;
    struct cap_wquery* q = index_of(w);
    if (!q || big(ox) || big(oy) || big(ex) || big(ey)) return cap_query_scan_ray(w, ray, best, kind, slot);
    int found = 0, bk = 0;
    uint32_t bs = 0;
    cap_ray_hit h;
#define TAKE(t_, k_, s_)                                                       \
    if (better((t_), (k_), (s_), found, best->fraction, bk, bs)) {            \
        *best = h, bk = (k_), bs = (s_), found = 1;                            \
    }
    for (uint32_t j = 0; j < q->nl; j++) {
        const cap_wstatic* s = &w->statics[q->lines[j]];
        if (!s->sensor && cap_static_ray(s, ray, &h)) TAKE(h.fraction, 0, q->lines[j]);
    }
    if (ray_usable(ray)) {
        double pad = pad_of(absd(ox) + absd(oy) + absd(ex) + absd(ey));
        int32_t range[4];
        cap_walk k;
        walk_start(&k, &q->bgrid, ox, oy, dx, dy, tm, pad);
        uint32_t id = next_stamp(&q->bs, q->nb);
#define BALL_RAY(i)                                                                            \
    if (ray_ball(q->bx[i], q->by[i], q->br[i], ray, &h)) TAKE(h.fraction, 1, q->bslot[i]);
        while (!(found && best->fraction < k.t) && walk_next(&k, range)) WALK_ITEMS(k, &q->bgrid, range, &q->bs, id, BALL_RAY);
        /* then the statics, from where the balls' best hit leaves off */
        walk_start(&k, &q->sgrid, ox, oy, dx, dy, tm, pad);
        id = next_stamp(&q->ss, q->ns);
#define STATIC_RAY(i)                                                                          \
    {                                                                                          \
        const cap_wstatic* s_ = &w->statics[q->sslot[i]];                                      \
        if (!s_->sensor && cap_static_ray(s_, ray, &h)) TAKE(h.fraction, 0, q->sslot[i]);          \
    }
        while (!(found && best->fraction < k.t) && walk_next(&k, range)) WALK_ITEMS(k, &q->sgrid, range, &q->ss, id, STATIC_RAY);
#undef STATIC_RAY
#undef BALL_RAY
    }
#undef TAKE
    if (found) *kind = bk, *slot = bs;
    return found;
}

int cap_world_sweep_ball(cap_world* w, cap_vec2 x0, cap_vec2 x1, float radius, cap_sweep_hit* best, int* kind,
                         uint32_t* slot)
{
    const float in[5] = {x0.x, x0.y, x1.x, x1.y, radius};
    if (!finite_all(in, 5) || radius < 0.0f) return 0;
    struct cap_wquery* q = index_of(w);
    if (!q || big(x0.x) || big(x0.y) || big(x1.x) || big(x1.y) || big(radius))
        return cap_query_scan_sweep(w, x0, x1, radius, best, kind, slot);
    int found = 0, bk = 0;
    uint32_t bs = 0;
    cap_sweep_hit h;
#define TAKE(t_, k_, s_)                                                       \
    if (better((t_), (k_), (s_), found, best->t, bk, bs)) {                   \
        *best = h, bk = (k_), bs = (s_), found = 1;                            \
    }
    for (uint32_t j = 0; j < q->nl; j++) {
        const cap_wstatic* s = &w->statics[q->lines[j]];
        if (!s->sensor && cap_static_sweep(s, x0, x1, radius, &h)) TAKE(h.t, 0, q->lines[j]);
    }
    double ox = x0.x, oy = x0.y, dx = (double)x1.x - x0.x, dy = (double)x1.y - x0.y, r = radius;
    double pad = r + pad_of(absd(ox) + absd(oy) + absd(x1.x) + absd(x1.y) + r);
    int32_t range[4];
    cap_walk k;
    walk_start(&k, &q->bgrid, ox, oy, dx, dy, 1.0, pad);
    uint32_t id = next_stamp(&q->bs, q->nb);
#define BALL_SWEEP(i) \
    if (sweep_ball(q->bx[i], q->by[i], q->br[i], x0, x1, radius, &h)) TAKE(h.t, 1, q->bslot[i]);
    while (!(found && best->t < k.t) && walk_next(&k, range)) WALK_ITEMS(k, &q->bgrid, range, &q->bs, id, BALL_SWEEP);
    walk_start(&k, &q->sgrid, ox, oy, dx, dy, 1.0, pad);
    id = next_stamp(&q->ss, q->ns);
#define STATIC_SWEEP(i)                                                                     \
    {                                                                                       \
        const cap_wstatic* s_ = &w->statics[q->sslot[i]];                                   \
        if (!s_->sensor && cap_static_sweep(s_, x0, x1, radius, &h)) TAKE(h.t, 0, q->sslot[i]); \
    }
    while (!(found && best->t < k.t) && walk_next(&k, range)) WALK_ITEMS(k, &q->sgrid, range, &q->ss, id, STATIC_SWEEP);
#undef STATIC_SWEEP
#undef BALL_SWEEP
#undef TAKE
    if (found) *kind = bk, *slot = bs;
    return found;
}

/* Circle (box = NULL) or box overlaps through the index: balls from the
 * ball grid (ascending), then the statics of the static grid merged with
 * the lines by slot. */
static uint32_t overlap(cap_world* w, struct cap_wquery* q, float qx, float qy, float qr, const float* box,
                        uint32_t* out, uint32_t capacity)
{
    double g[4];
    if (box) {
        double pad = pad_of(absd(box[0]) + absd(box[1]) + absd(box[2]) + absd(box[3]));
        g[0] = box[0] - pad, g[1] = box[1] - pad, g[2] = box[2] + pad, g[3] = box[3] + pad;
    } else {
        double reach = qr + pad_of(absd(qx) + absd(qy) + qr);
        g[0] = qx - reach, g[1] = qy - reach, g[2] = qx + reach, g[3] = qy + reach;
    }
    uint32_t n = 0;
    uint32_t m = cap_grid_gather(&q->bgrid, g, 0, q->nb, q->bs.stamp, &q->bs.stamp_id, q->bs.cand);
    for (uint32_t c = 0; c < m; c++) {
        uint32_t i = q->bs.cand[c];
        if (box ? box_ball(q->bx[i], q->by[i], q->br[i], box) : circle_ball(q->bx[i], q->by[i], q->br[i], qx, qy, qr)) {
            if (n < capacity) out[n] = (1u << 31) | q->bslot[i];
            n++;
        }
    }
    m = cap_grid_gather(&q->sgrid, g, 0, q->ns, q->ss.stamp, &q->ss.stamp_id, q->ss.cand);
    uint32_t a = 0, b = 0, hits = 0;
    while (a < m || b < q->nl) {
        /* the next static by slot: from the grid's candidates or the lines */
        uint32_t sa = a < m ? q->sslot[q->ss.cand[a]] : 0xffffffffu, sb = b < q->nl ? q->lines[b] : 0xffffffffu;
        uint32_t i = sa < sb ? sa : sb;
        if (sa < sb) a++;
        else b++;
        const cap_wstatic* s = &w->statics[i];
        if (box ? cap_static_box(s, box) : cap_static_circle(s, qx, qy, qr)) q->hits[hits++] = i;
    }
    for (uint32_t j = 0; j < hits; j++, n++)
        if (n < capacity) out[n] = q->hits[j];
    return n;
}

uint32_t cap_world_query_circle(cap_world* w, float qx, float qy, float qr, uint32_t* out, uint32_t capacity)
{
    const float in[3] = {qx, qy, qr};
    if (!finite_all(in, 3) || qr < 0.0f) return 0;
    struct cap_wquery* q = index_of(w);
    if (!q || big(qx) || big(qy) || big(qr)) return cap_query_scan_overlap(w, qx, qy, qr, NULL, out, capacity);
    return overlap(w, q, qx, qy, qr, NULL, out, capacity);
}

uint32_t cap_world_query_box(cap_world* w, float x0, float y0, float x1, float y1, uint32_t* out, uint32_t capacity)
{
    const float box[4] = {x0, y0, x1, y1};
    if (!finite_all(box, 4) || x1 < x0 || y1 < y0) return 0;
    struct cap_wquery* q = index_of(w);
    if (!q || big(x0) || big(y0) || big(x1) || big(y1)) return cap_query_scan_overlap(w, 0.0f, 0.0f, 0.0f, box, out, capacity);
    return overlap(w, q, 0.0f, 0.0f, 0.0f, box, out, capacity);
}

