/* capsule2d — one world step.
 *
 *   1. validate every live ball (finite state), pick up writes through views
 *   2. contacts, once per step from the start positions: ball-static through
 *      the static grid, ball-ball through a uniform grid of ball centres
 *      (balls much larger than the mean are kept apart, so a few big balls
 *      do not coarsen the grid); one point per pair, speculative up to
 *      `margin`; impulses carried over from last step's matching contact
 *   3. sub-steps (Box2D v3's soft step): integrate velocities, warm start,
 *      solve with soft bias, integrate positions, relax without bias
 *   4. restitution, once, from the normal speed at the start of the step
 *   5. continuous collision: each moved ball swept from its start to its end
 *      position against the statics; stopped at the first time of impact;
 *      then each moved bullet ball against the other balls (ccd_bullet)
 *   6. sleep, events, sensors
 * Orders come from slots only, so the bits are the same in every build. */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/world_internal.h"

#define CAP_TWO_PI 6.28318530717958647692f

static float fmin2(float a, float b) { return a < b ? a : b; }
static float fmax2(float a, float b) { return a > b ? a : b; }

/* The angle brought into [-pi, pi] (whole turns removed); an angle so large
 * that float32 holds no fraction of a turn becomes 0. */
static float wrap_angle(float a)
{
    const float pi = 3.14159265f;
    if (a >= -pi && a <= pi) return a;
    float k = __builtin_floorf((a + pi) * (1.0f / CAP_TWO_PI));
    a = a - k * CAP_TWO_PI;
    return a >= -pi && a <= pi ? a : 0.0f;
}

typedef struct soft { float bias_rate, mass_scale, impulse_scale; } soft;

static soft make_soft(float hertz, float zeta, float h)
{
    soft s;
    float omega = CAP_TWO_PI * hertz;
    float a1 = 2.0f * zeta + h * omega;
    float a2 = h * omega * a1;
    float a3 = 1.0f / (1.0f + a2);
    s.bias_rate = omega / a1;
    s.mass_scale = a2 * a3;
    s.impulse_scale = a3;
    return s;
}

void cap_world_emit(cap_world* w, int kind, uint32_t ckind, uint32_t a, uint32_t b, const float* extra)
{
    uint32_t n = w->event_count[kind]++;
    if (n >= w->def.event_capacity) return;
    uint32_t* e = &w->events[kind][(size_t)n * CAP_EVENT_WORDS];
    e[0] = ckind;
    e[1] = a;
    e[2] = b;
    float f[5] = {0, 0, 0, 0, 0};
    if (extra) memcpy(f, extra, sizeof f);
    memcpy(&e[3], f, sizeof f);
}

/* Contact order: kind, then (ball, static) for kind 0, (a, b) for kind 1. */
static int key_cmp(const cap_wcontact* x, const cap_wcontact* y)
{
    if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
    uint32_t x1 = x->kind == 0 ? x->b : x->a, x2 = x->kind == 0 ? x->a : x->b;
    uint32_t y1 = y->kind == 0 ? y->b : y->a, y2 = y->kind == 0 ? y->a : y->b;
    if (x1 != y1) return x1 < y1 ? -1 : 1;
    if (x2 != y2) return x2 < y2 ? -1 : 1;
    return 0;
}

/* The same order as one number: kind, then the two slots (each below 2^31:
 * slots are bounded by the arrays' byte limits; snapshots are checked). */
static inline uint64_t key64(const cap_wcontact* c)
{
    uint64_t x1 = c->kind == 0 ? c->b : c->a, x2 = c->kind == 0 ? c->a : c->b;
    return (uint64_t)c->kind << 62 | x1 << 31 | x2;
}

static int key_qsort(const void* x, const void* y) { return key_cmp(x, y); }
int cap_world_key_cmp(const cap_wcontact* x, const cap_wcontact* y) { return key_cmp(x, y); }

static int push_contact(cap_world* w, cap_wcontact** arr, uint32_t* count, uint32_t* cap, const cap_wcontact* c)
{
    if (*count == *cap) {
        void* p = *arr;
        if (cap_world_reserve_bytes(&p, cap, *count + 1, sizeof(cap_wcontact))) return 0;
        *arr = p;
        (void)w;
    }
    (*arr)[(*count)++] = *c;
    return 1;
}

typedef struct step_ctx {
    float *x, *y, *vx, *vy, *ang, *av, *rad, *im, *ii, *rest, *fric, *roll, *gs, *ld, *ad, *st;
    float *sx, *sy; /* positions at the start of the step */
    uint32_t *cat, *mask, *flags;
    uint32_t n;
    float margin, slop;
    float dt, h, gx, gy; /* the step's time, sub-step and gravity */
    float reach;      /* a speculative contact acts only where the path comes this near (a parabola's bow) */
} step_ctx;

static float toi_segment(float p0x, float p0y, float dx, float dy, float ax, float ay, float bx, float by, float R, float slop);

/* Only real touches act (CONVENTIONS, "The world"). A speculative contact
 * (separation sep > slop at the step's start) is linearised along its start
 * normal, and past the end of a segment or round a circle that line is not
 * the shape: the solver would act on a ball whose path never comes near it
 * (a ghost hit). So each one is clipped by the true path over the step,
 * p0 + tau d (tau in [0, 1], d the move relative to the other shape), against
 * the core a-b at distance R:
 * - the path never comes within R + reach (a parabola's bow off the chord,
 *   and rounding): no contact (0);
 * - it reaches R at tau*: the normal there, and a start separation that
 *   the linearised one closes exactly at tau* (s0 = -tau* d.n);
 * - it comes within reach but not to R: the normal at the closest approach,
 *   which the linearisation never closes unless something else pushes.
 * Contacts touching at the start (sep <= 0) are left as they are.
 * Writes the normal, separation and closest core point; returns 1 to keep.
 * keep: never drop (a kinematic contact, posed anew each sub-step, is aimed
 * at the closest approach instead, which the linearisation never closes). */
static int clip_speculative(const step_ctx* s, float p0x, float p0y, float dx, float dy, float ax, float ay, float bx, float by,
                            float R, int keep, float* nx, float* ny, float* sep, float* qx, float* qy)
{
    float tau = toi_segment(p0x, p0y, dx, dy, ax, ay, bx, by, R, 0.0f);
    if (!(tau <= 1.0f)) {
        cap_segment_pair cp = cap_closest_points_on_segments(cap_v2(p0x, p0y), cap_v2(p0x + dx, p0y + dy), cap_v2(ax, ay), cap_v2(bx, by));
        if (!(cp.distance <= R + s->reach)) {
            if (!keep) return 0;
            /* Kept but out of reach: aimed at the closest approach, with the
             * separation grown by twice the move, so that neither the
             * linearised closing nor the relax pass's speculative bias at
             * the end of the move can ever act. */
            cap_vec2 u = {*nx, *ny};
            if (cap_length_and_normalize(cap_v2(cp.point1.x - cp.point2.x, cp.point1.y - cp.point2.y), &u) > 0.0f) {
                *nx = u.x;
                *ny = u.y;
            }
            *sep = (cp.distance - R) + 2.0f * cap_length(cap_v2(dx, dy));
            *qx = cp.point2.x;
            *qy = cp.point2.y;
            return 1;
        }
        tau = cp.s;
    }
    float px = p0x + tau * dx, py = p0y + tau * dy;
    cap_segment_point q = cap_closest_point_on_segment(cap_v2(ax, ay), cap_v2(bx, by), cap_v2(px, py));
    cap_vec2 u = {*nx, *ny};
    float dist = cap_length_and_normalize(cap_v2(px - q.point.x, py - q.point.y), &u);
    if (!(dist > 0.0f)) u = cap_v2(*nx, *ny); /* (rounding) keep the start normal */
    *nx = u.x;
    *ny = u.y;
    *sep = (dist - R) - tau * (dx * u.x + dy * u.y);
    *qx = q.point.x;
    *qy = q.point.y;
    return 1;
}

static int moved(const cap_world* w, const step_ctx* s, uint32_t i)
{
    return s->x[i] != w->last_x[i] || s->y[i] != w->last_y[i] || s->vx[i] != w->last_vx[i] || s->vy[i] != w->last_vy[i];
}

/* Ball b against static k, from the start positions. */
static int static_contact(cap_world* w, const step_ctx* s, uint32_t b, uint32_t k, float margin, cap_wcontact* c)
{
    const cap_wstatic* st = &w->statics[k];
    float px = s->x[b], py = s->y[b], r = s->rad[b];
    float nx, ny, sep, cx, cy;
    if (st->kind == CAP_STATIC_LINE) {
        float d = (px - st->ax) * st->nx + (py - st->ay) * st->ny;
        sep = d - r;
        if (sep > margin) return 0;
        nx = st->nx;
        ny = st->ny;
        cx = px - d * nx;
        cy = py - d * ny;
    } else {
        cap_segment_point q = cap_closest_point_on_segment(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), cap_v2(px, py));
        float dx = px - q.point.x, dy = py - q.point.y;
        if (st->in_chain == 2u && (st->bx - st->ax) * (py - st->ay) - (st->by - st->ay) * (px - st->ax) < 0.0f)
            return 0; /* one-sided: a centre on the right of a->b (a line's solid side) is behind it */
        if (st->in_chain) {
            /* Ghost collisions: a joint's contact is the previous piece's
             * (its end); at its end a piece keeps it only when the ball is
             * not over the next piece (which then has it inside). */
            if (q.t <= 0.0f && st->chain_prev != 0xffffffffu) return 0;
            if (q.t >= 1.0f && st->chain_next != 0xffffffffu) {
                const cap_wstatic* nb = &w->statics[st->chain_next];
                if ((px - st->bx) * (nb->bx - nb->ax) + (py - st->by) * (nb->by - nb->ay) > 0.0f) return 0;
            }
        }
        float R = r + st->radius;
        float lim = R + margin;
        if (st->kind == CAP_STATIC_CAPSULE && dx * dx + dy * dy > lim * lim) return 0;
        cap_vec2 u = {0.0f, 1.0f};
        float dist = cap_length_and_normalize(cap_v2(dx, dy), &u);
        if (!(dist > 0.0f)) {
            float ex = st->bx - st->ax, ey = st->by - st->ay;
            /* On the core: its left normal (a one-sided piece's front). */
            if (cap_length_and_normalize(cap_v2(0.0f - ey, ex), &u) > 0.0f) {
            } else {
                u = cap_v2(0.0f, 1.0f);
            }
        }
        nx = u.x;
        ny = u.y;
        sep = dist - R;
        float qx = q.point.x, qy = q.point.y;
        /* A speculative contact with a fixed shape: clipped by the ball's
         * path (kinematic and pivoted ones are posed anew each sub-step). */
        if (sep > 0.0f && st->kind == CAP_STATIC_CAPSULE) {
            float g = s->gs[b] * s->dt * s->dt * 0.5f;
            float mx = s->vx[b] * s->dt + g * s->gx, my = s->vy[b] * s->dt + g * s->gy;
            if (!clip_speculative(s, px, py, mx, my, st->ax, st->ay, st->bx, st->by, R, 0, &nx, &ny, &sep, &qx, &qy)) return 0;
            if (st->in_chain) {
                /* The chain rules again where it meets the path. */
                float tx = qx + (nx * R), ty = qy + (ny * R);
                cap_segment_point q2 = cap_closest_point_on_segment(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), cap_v2(tx, ty));
                if (q2.t <= 0.0f && st->chain_prev != 0xffffffffu) return 0;
                if (q2.t >= 1.0f && st->chain_next != 0xffffffffu) {
                    const cap_wstatic* nb = &w->statics[st->chain_next];
                    if ((tx - st->bx) * (nb->bx - nb->ax) + (ty - st->by) * (nb->by - nb->ay) > 0.0f) return 0;
                }
            }
        }
        cx = qx + st->radius * nx;
        cy = qy + st->radius * ny;
    }
    memset(c, 0, sizeof *c);
    c->a = k;
    c->b = b;
    c->kind = 0;
    c->nx = nx;
    c->ny = ny;
    c->s0 = sep;
    c->ra = 0.0f;
    c->rb = r;
    c->friction = __builtin_sqrtf(st->friction * s->fric[b]);
    c->restitution = fmax2(st->restitution, s->rest[b]);
    c->rolling = fmax2(st->rolling, s->roll[b]) * r;
    c->px = cx;
    c->py = cy;
    return 1;
}

static int ball_contact(const step_ctx* s, uint32_t a, uint32_t b, cap_wcontact* c)
{
    if (!((s->cat[a] & s->mask[b]) && (s->cat[b] & s->mask[a]))) return 0;
    float dx = s->x[b] - s->x[a], dy = s->y[b] - s->y[a];
    float R = s->rad[a] + s->rad[b];
    float lim = R + s->margin;
    if (dx * dx + dy * dy > lim * lim) return 0;
    cap_vec2 u = {0.0f, 1.0f};
    float dist = cap_length_and_normalize(cap_v2(dx, dy), &u);
    if (!(dist > 0.0f)) u = cap_v2(0.0f, 1.0f);
    float sep = dist - R;
    if (sep > 0.0f) { /* speculative: clipped by b's path relative to a */
        float g = (s->gs[b] - s->gs[a]) * s->dt * s->dt * 0.5f, qx, qy;
        float mx = (s->vx[b] - s->vx[a]) * s->dt + g * s->gx, my = (s->vy[b] - s->vy[a]) * s->dt + g * s->gy;
        if (!clip_speculative(s, dx, dy, mx, my, 0.0f, 0.0f, 0.0f, 0.0f, R, 0, &u.x, &u.y, &sep, &qx, &qy)) return 0;
    }
    memset(c, 0, sizeof *c);
    c->a = a;
    c->b = b;
    c->kind = 1;
    c->nx = u.x;
    c->ny = u.y;
    c->s0 = sep;
    c->ra = s->rad[a];
    c->rb = s->rad[b];
    c->friction = __builtin_sqrtf(s->fric[a] * s->fric[b]);
    c->restitution = fmax2(s->rest[a], s->rest[b]);
    c->rolling = fmax2(s->roll[a], s->roll[b]) * fmin2(s->rad[a], s->rad[b]);
    float ta = s->rad[a] + 0.5f * (dist - R); /* half way across the gap at the start */
    c->px = s->x[a] + ta * u.x;
    c->py = s->y[a] + ta * u.y;
    return 1;
}

static int32_t cell_of(float v, float lo, float inv, int32_t n)
{
    float c = (v - lo) * inv;
    if (!(c > 0.0f)) return 0;
    if (c >= (float)(n - 1)) return n - 1;
    return (int32_t)c;
}

/* Static slots whose box overlaps [x0,x1]x[y0,y1] (lines always), ascending,
 * into w->cand. A box within one cell takes that cell's items as they are
 * (ascending, each once); over several cells, stamps drop repeats and an
 * insertion sort orders them. The lines (ascending) are merged in. */
uint32_t cap_world_static_candidates(cap_world* w, float x0, float y0, float x1, float y1)
{
    uint32_t n = 0;
    if (w->cand_cap < w->static_slots + 1 && cap_world_reserve_u32(&w->cand, &w->cand_cap, w->static_slots + 1)) return 0;
    uint32_t* cand = w->cand;
    /* (A box clear of the grid's bounds meets none of its boxes.) */
    if (w->sg_nx > 0 && w->stamp_cap >= w->static_slots &&
        !(x0 > w->sg_maxx || x1 < w->sg_minx || y0 > w->sg_maxy || y1 < w->sg_miny)) {
        int32_t cx0 = cell_of(x0, w->sg_minx, w->sg_inv, w->sg_nx), cx1 = cell_of(x1, w->sg_minx, w->sg_inv, w->sg_nx);
        int32_t cy0 = cell_of(y0, w->sg_miny, w->sg_inv, w->sg_ny), cy1 = cell_of(y1, w->sg_miny, w->sg_inv, w->sg_ny);
        if (cx0 == cx1 && cy0 == cy1) {
            uint32_t c = (uint32_t)cy0 * (uint32_t)w->sg_nx + (uint32_t)cx0;
            for (uint32_t k = w->sg_start[c]; k < w->sg_start[c + 1]; k++) {
                uint32_t i = w->sg_items[k];
                const cap_wstatic* s = &w->statics[i];
                cand[n] = i;
                n += !(s->minx > x1 || s->maxx < x0 || s->miny > y1 || s->maxy < y0);
            }
        } else {
            if (++w->stamp_now == 0) {
                memset(w->stamp, 0, (size_t)w->stamp_cap * 4);
                w->stamp_now = 1;
            }
            for (int32_t y = cy0; y <= cy1; y++)
                for (int32_t x = cx0; x <= cx1; x++) {
                    uint32_t c = (uint32_t)y * (uint32_t)w->sg_nx + (uint32_t)x;
                    for (uint32_t k = w->sg_start[c]; k < w->sg_start[c + 1]; k++) {
                        uint32_t i = w->sg_items[k];
                        if (w->stamp[i] == w->stamp_now) continue;
                        w->stamp[i] = w->stamp_now;
                        const cap_wstatic* s = &w->statics[i];
                        if (s->minx > x1 || s->maxx < x0 || s->miny > y1 || s->maxy < y0) continue;
                        cand[n++] = i;
                    }
                }
            for (uint32_t i = 1; i < n; i++) {
                uint32_t v = cand[i], j = i;
                while (j > 0 && cand[j - 1] > v) { cand[j] = cand[j - 1]; j--; }
                cand[j] = v;
            }
        }
    }
    /* Merge the lines in, from the back. */
    uint32_t total = n + w->line_count, i = n, j = w->line_count, out = total;
    while (j > 0) {
        if (i > 0 && cand[i - 1] > w->lines[j - 1]) cand[--out] = cand[--i];
        else cand[--out] = w->lines[--j];
    }
    return total;
}

/* Ball-ball contacts in (a, b) order, appended to w->contacts. */
static int find_ball_contacts(cap_world* w, const step_ctx* s)
{
    uint32_t n = s->n, live = 0;
    double sum = 0.0;
    w->bg_nx = 0;
    w->bg_nbig = 0;
    for (uint32_t i = 0; i < n; i++)
        if (s->flags[i] & CAP_BALL_ALIVE) {
            sum += s->rad[i];
            live++;
        }
    if (live < 2) return 1;
    float mean = (float)(sum / live);
    float big_limit = 2.0f * mean;
    float rmax = 0.0f, minx = 0, miny = 0, maxx = 0, maxy = 0;
    uint32_t small = 0, nbig = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!(s->flags[i] & CAP_BALL_ALIVE)) continue;
        if (s->rad[i] > big_limit) {
            w->big[nbig++] = i;
            continue;
        }
        if (small == 0) { minx = maxx = s->x[i]; miny = maxy = s->y[i]; }
        minx = fmin2(minx, s->x[i]); maxx = fmax2(maxx, s->x[i]);
        miny = fmin2(miny, s->y[i]); maxy = fmax2(maxy, s->y[i]);
        rmax = fmax2(rmax, s->rad[i]);
        small++;
    }
    float cell = 2.0f * rmax + s->margin;
    double wx = (double)maxx - minx, wy = (double)maxy - miny;
    /* Cells of one ball diameter, unless the balls are spread so thinly
     * that the grid would pass 4 cells per ball plus 64k (then coarser). */
    double limit = 4.0 * small + 65536.0;
    while ((wx / cell + 1.0) * (wy / cell + 1.0) > limit) cell *= 2.0f;
    int32_t nx = (int32_t)(wx / cell) + 1, ny = (int32_t)(wy / cell) + 1;
    float inv = 1.0f / cell;
    uint32_t ncell = (uint32_t)nx * (uint32_t)ny;
    if (cap_world_reserve_u32(&w->cell_start, &w->cell_cap, ncell + 1)) return 0;
    memset(w->cell_start, 0, (size_t)(ncell + 1) * 4);
    for (uint32_t i = 0; i < n; i++) {
        if (!(s->flags[i] & CAP_BALL_ALIVE) || s->rad[i] > big_limit) continue;
        uint32_t c = (uint32_t)cell_of(s->y[i], miny, inv, ny) * (uint32_t)nx + (uint32_t)cell_of(s->x[i], minx, inv, nx);
        w->cell_of[i] = c;
        w->cell_start[c + 1]++;
    }
    for (uint32_t c = 0; c < ncell; c++) w->cell_start[c + 1] += w->cell_start[c];
    /* Each small ball's slot, and a packed copy of its centre and radius
     * (x, y, r, slot bits), in cell order. */
    for (uint32_t i = 0; i < n; i++) {
        if (!(s->flags[i] & CAP_BALL_ALIVE) || s->rad[i] > big_limit) continue;
        uint32_t k = w->cell_start[w->cell_of[i]]++;
        w->cell_items[k] = i;
        float* q = &w->cell_pos[4 * (size_t)k];
        q[0] = s->x[i]; q[1] = s->y[i]; q[2] = s->rad[i];
        memcpy(&q[3], &i, 4);
    }
    for (uint32_t c = ncell; c > 0; c--) w->cell_start[c] = w->cell_start[c - 1];
    w->cell_start[0] = 0;
    w->bg_minx = minx; w->bg_miny = miny; w->bg_inv = inv; w->bg_reach = rmax;
    w->bg_nx = small ? nx : 0; w->bg_ny = ny; w->bg_nbig = nbig;

    /* Small-small pairs, for each ball i its partners j > i sorted: the
     * balls of the 3 x 3 cells around it (a row of 3 cells is one run of
     * the packed copy) within reach (ball_contact's test, done first, then
     * the category test), sorted, made in place. */
    uint32_t* hit = w->order;
    for (uint32_t i = 0; i < n; i++) {
        if (!(s->flags[i] & CAP_BALL_ALIVE) || s->rad[i] > big_limit) continue;
        float xi = s->x[i], yi = s->y[i], ri = s->rad[i], margin = s->margin;
        int32_t cx = cell_of(xi, minx, inv, nx), cy = cell_of(yi, miny, inv, ny);
        uint32_t x0 = (uint32_t)(cx > 0 ? cx - 1 : 0), x1 = (uint32_t)(cx + 1 < nx ? cx + 1 : nx - 1);
        uint32_t y0 = (uint32_t)(cy > 0 ? cy - 1 : 0), y1 = (uint32_t)(cy + 1 < ny ? cy + 1 : ny - 1);
        uint32_t m = 0;
        for (uint32_t y = y0; y <= y1; y++) {
            uint32_t row = y * (uint32_t)nx, k1 = w->cell_start[row + x1 + 1];
            for (uint32_t k = w->cell_start[row + x0]; k < k1; k++) {
                const float* q = &w->cell_pos[4 * (size_t)k];
                uint32_t j;
                memcpy(&j, &q[3], 4);
                float dx = q[0] - xi, dy = q[1] - yi, lim = (ri + q[2]) + margin;
                hit[m] = j;
                m += (j > i) & !(dx * dx + dy * dy > lim * lim);
            }
        }
        uint32_t kept = 0;
        for (uint32_t p = 0; p < m; p++) {
            uint32_t v = hit[p], q = kept;
            if (!((s->cat[i] & s->mask[v]) && (s->cat[v] & s->mask[i]))) continue;
            while (q > 0 && hit[q - 1] > v) { hit[q] = hit[q - 1]; q--; }
            hit[q] = v;
            kept++;
        }
        if (kept == 0) continue;
        if (w->contact_count + kept > w->contact_cap) {
            void* p = w->contacts;
            if (cap_world_reserve_bytes(&p, &w->contact_cap, w->contact_count + kept, sizeof(cap_wcontact))) return 0;
            w->contacts = p;
        }
        for (uint32_t p = 0; p < kept; p++) w->contact_count += (uint32_t)ball_contact(s, i, hit[p], &w->contacts[w->contact_count]);
    }
    cap_wcontact c;
    if (nbig == 0) return 1;

    /* Pairs with a big ball: gathered apart, sorted, merged in. */
    uint32_t first = w->contact_count;
    for (uint32_t bi = 0; bi < nbig; bi++) {
        uint32_t i = w->big[bi];
        float reach = s->rad[i] + rmax + s->margin;
        int32_t x0 = cell_of(s->x[i] - reach, minx, inv, nx), x1 = cell_of(s->x[i] + reach, minx, inv, nx);
        int32_t y0 = cell_of(s->y[i] - reach, miny, inv, ny), y1 = cell_of(s->y[i] + reach, miny, inv, ny);
        for (int32_t y = y0; y <= y1; y++)
            for (int32_t x = x0; x <= x1; x++) {
                uint32_t cc = (uint32_t)y * (uint32_t)nx + (uint32_t)x;
                for (uint32_t k = w->cell_start[cc]; k < w->cell_start[cc + 1]; k++) {
                    uint32_t j = w->cell_items[k];
                    uint32_t a = i < j ? i : j, b = i < j ? j : i;
                    if (ball_contact(s, a, b, &c) && !push_contact(w, &w->contacts, &w->contact_count, &w->contact_cap, &c)) return 0;
                }
            }
        for (uint32_t bj = bi + 1; bj < nbig; bj++) {
            uint32_t j = w->big[bj];
            if (ball_contact(s, i, j, &c) && !push_contact(w, &w->contacts, &w->contact_count, &w->contact_cap, &c)) return 0;
        }
    }
    /* The big balls' pairs sorted (qsort with a total order on unique keys
     * is deterministic), then merged into the small pairs, which are in
     * order already: the order a sort of the whole range gives. */
    uint32_t start = first, nb = w->contact_count - first;
    while (start > 0 && w->contacts[start - 1].kind == 1) start--;
    if (nb == 0) return 1;
    qsort(&w->contacts[first], nb, sizeof(cap_wcontact), key_qsort);
    void* p = w->merge;
    if (cap_world_reserve_bytes(&p, &w->merge_cap, nb, sizeof(cap_wcontact))) return 0;
    w->merge = p;
    memcpy(w->merge, &w->contacts[first], (size_t)nb * sizeof(cap_wcontact));
    uint32_t i = first, j = nb, out = w->contact_count;
    while (j > 0) { /* from the back: the small pairs move up past the big ones */
        if (i > start && key_cmp(&w->contacts[i - 1], &w->merge[j - 1]) > 0) w->contacts[--out] = w->contacts[--i];
        else w->contacts[--out] = w->merge[--j];
    }
    return 1;
}

static int find_contacts(cap_world* w, const step_ctx* s)
{
    w->contact_count = 0;
    cap_wcontact c;
    for (uint32_t b = 0; b < s->n; b++) {
        if (!(s->flags[b] & CAP_BALL_ALIVE)) continue;
        /* Speculative reach: the margin plus this step's travel, up to four
         * radii (farther is continuous collision's job). */
        float travel = cap_length(cap_v2(s->vx[b], s->vy[b])) * w->def.dt;
        float margin = s->margin + fmin2(travel, 4.0f * s->rad[b]);
        float r = s->rad[b] + margin;
        uint32_t m = cap_world_static_candidates(w, s->x[b] - r, s->y[b] - r, s->x[b] + r, s->y[b] + r);
        /* Kinematic capsules whose box over the whole step (centre path
         * plus half length and radius) meets the ball's: a contact for
         * every sub-step, however far at the start. */
        uint32_t m0 = m;
        for (uint32_t k = 0; k < w->kin_count; k++) {
            const cap_wstatic* st = &w->statics[w->kins[k]];
            float reach = fmax2(st->la, st->lb) + st->radius, ex = w->def.dt * st->vx, ey = w->def.dt * st->vy;
            if (st->cx + fmin2(ex, 0.0f) - reach > s->x[b] + r || st->cx + fmax2(ex, 0.0f) + reach < s->x[b] - r ||
                st->cy + fmin2(ey, 0.0f) - reach > s->y[b] + r || st->cy + fmax2(ey, 0.0f) + reach < s->y[b] - r)
                continue;
            w->cand[m++] = w->kins[k];
        }
        for (uint32_t p = m0; p < m; p++) { /* merge into slot order */
            uint32_t v = w->cand[p], q = p;
            while (q > 0 && w->cand[q - 1] > v) { w->cand[q] = w->cand[q - 1]; q--; }
            w->cand[q] = v;
        }
        for (uint32_t k = 0; k < m; k++) {
            uint32_t i = w->cand[k];
            const cap_wstatic* st = &w->statics[i];
            if (st->sensor || !((st->category & s->mask[b]) && (s->cat[b] & st->mask))) continue;
            if (static_contact(w, s, b, i, margin, &c) && !push_contact(w, &w->contacts, &w->contact_count, &w->contact_cap, &c)) return 0;
        }
    }
    return find_ball_contacts(w, s);
}

/* Earliest t in [0, 1] at which p0 + t d comes within R of segment a-b; 0
 * when p0 is within R already and moves closer; 2 when it never does. */
static float toi_segment(float p0x, float p0y, float dx, float dy, float ax, float ay, float bx, float by, float R, float slop)
{
    float best = 2.0f;
    float ends[2][2] = {{ax, ay}, {bx, by}};
    float dd = dx * dx + dy * dy;
    if (!(dd > 0.0f)) return best;
    for (int e = 0; e < 2; e++) {
        float wx = p0x - ends[e][0], wy = p0y - ends[e][1];
        float b = wx * dx + wy * dy;
        if (b >= 0.0f) continue;
        float c = wx * wx + wy * wy - R * R;
        if (c <= 0.0f) { /* within R already (rounding): stop now, */
            /* unless the path only grazes the end: out of R again by its
             * end and never a slop deeper on the way (a ball sliding round
             * a cap it started against would otherwise never move). */
            if (c + 2.0f * b + dd >= 0.0f && b * b / dd - c <= slop * (2.0f * R - slop)) continue;
            best = 0.0f;
            continue;
        }
        /* b^2 - dd c written as dd R^2 - (w x d)^2 (the same by Lagrange's
         * identity), which keeps its digits when the path is long and
         * passes close to the end: b^2 and dd c nearly cancel there. */
        float cr = wx * dy - wy * dx;
        float disc = dd * (R * R) - cr * cr;
        if (disc < 0.0f) continue;
        float t = c / (__builtin_sqrtf(disc) - b); /* stable root: c / (-b + sqrt) */
        if (t >= 0.0f && t < best) best = t;
    }
    float ex = bx - ax, ey = by - ay;
    cap_vec2 u = {0.0f, 0.0f};
    float len = cap_length_and_normalize(cap_v2(ex, ey), &u);
    if (len > 0.0f) {
        float nx = 0.0f - u.y, ny = u.x;
        float wx = p0x - ax, wy = p0y - ay;
        float s0 = wx * nx + wy * ny, rate = dx * nx + dy * ny;
        /* Toward the side the start is on; a start already within R of
         * the line (rounding between this and the caller's distance) is a
         * hit at t = 0 when its foot is on the segment. */
        float t = 2.0f;
        if (s0 >= 0.0f && rate < 0.0f) t = fmax2(0.0f, (s0 - R) / (0.0f - rate));
        else if (s0 < 0.0f && rate > 0.0f) t = fmax2(0.0f, (0.0f - s0 - R) / rate);
        if (t < best) {
            float along = (wx + t * dx) * u.x + (wy + t * dy) * u.y;
            if (along >= 0.0f && along <= len) best = t;
        }
    }
    return best;
}

/* Continuous collision of ball b against the statics: returns the time of
 * impact in [0, 1) or 2. The allowed distance to each shape's core is
 * min(R - slop, start distance): a ball in contact (resting, rolling) may
 * move along or away from that shape but never ends deeper than a slop (or
 * than it started, if the solver left it deeper), and every other shape
 * still stops it. */
static float ccd_ball(cap_world* w, const step_ctx* s, uint32_t b, float p0x, float p0y, float p1x, float p1y, float* bnx, float* bny)
{
    float dx = p1x - p0x, dy = p1y - p0y;
    float r = s->rad[b];
    float x0 = fmin2(p0x, p1x) - r, x1 = fmax2(p0x, p1x) + r;
    float y0 = fmin2(p0y, p1y) - r, y1 = fmax2(p0y, p1y) + r;
    uint32_t m = cap_world_static_candidates(w, x0, y0, x1, y1);
    float best = 2.0f;
    for (uint32_t k = 0; k < m; k++) {
        const cap_wstatic* st = &w->statics[w->cand[k]];
        if (st->sensor || !((st->category & s->mask[b]) && (s->cat[b] & st->mask))) continue;
        if (st->kind == CAP_STATIC_LINE) {
            float s0 = (p0x - st->ax) * st->nx + (p0y - st->ay) * st->ny;
            float rate = dx * st->nx + dy * st->ny;
            float allowed = fmin2(fmax2(r - s->slop, 0.5f * r), s0);
            if (rate < 0.0f && s0 + rate < allowed) {
                float t = (s0 - allowed) / (0.0f - rate);
                t = t > 0.0f ? t : 0.0f;
                if (t < best) { best = t; *bnx = st->nx; *bny = st->ny; }
            }
        } else {
            if (st->in_chain == 2u && (st->bx - st->ax) * (p0y - st->ay) - (st->by - st->ay) * (p0x - st->ax) < 0.0f)
                continue; /* one-sided, started behind it: passes through */
            cap_segment_point q = cap_closest_point_on_segment(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), cap_v2(p0x, p0y));
            float d0 = cap_length(cap_v2(p0x - q.point.x, p0y - q.point.y));
            /* (A shape thinner than two slops may be entered half way.) */
            float R = r + st->radius, allowed = fmin2(fmax2(R - s->slop, 0.5f * R), d0);
            /* Centre within a slop of the core (started deep inside): the
             * solver's case. Sweeping it would hold the ball on the core
             * (its side of the line is rounding), whatever its speed. */
            if (!(d0 > s->slop) || !(allowed > 0.0f)) continue;
            float t = toi_segment(p0x, p0y, dx, dy, st->ax, st->ay, st->bx, st->by, allowed, s->slop);
            if (t < best) { best = t; *bnx = (p0x - q.point.x) / d0; *bny = (p0y - q.point.y) / d0; }
        }
    }
    return best;
}

/* Time of impact of a centre moving w + t d (t in [0, 1]) relative to
 * another ball's centre, radii summing to R, with ccd_ball's rule: the
 * allowed distance is min(R - slop, the start distance) (half R for balls
 * thinner than two slops); centres within a slop at the start are the
 * solver's case (2: no stop). */
static __attribute__((noinline)) float toi_ball(float wx, float wy, float dx, float dy, float R, float slop)
{
    float d0 = cap_length(cap_v2(wx, wy));
    if (!(d0 > slop)) return 2.0f;
    return toi_segment(wx, wy, dx, dy, 0.0f, 0.0f, 0.0f, 0.0f, fmin2(fmax2(R - slop, 0.5f * R), d0), slop);
}

/* Continuous collision of a fast ball b against the other balls, each
 * moving from its start to where the step leaves it (as ccd_bullet, below):
 * the time in [0, 1) at which b's path p0 -> p1 first comes within the
 * allowed distance of another ball's path (and not past its time of impact
 * with that ball's end position), or 2. Two balls flying together stop
 * nothing (end positions alone held the one behind back, and could swap
 * them). Balls it starts within a slop of are the solver's. Candidates:
 * this step's ball grid (start positions) around the path, widened by the
 * largest small ball's radius and a move of up to that radius; big balls
 * all (so, unlike a bullet's, not every ball: a ball that comes from far
 * away in the step may be missed). */
static float ccd_balls(cap_world* w, const step_ctx* s, uint32_t b, float p0x, float p0y, float p1x, float p1y)
{
    float dx = p1x - p0x, dy = p1y - p0y, dd = dx * dx + dy * dy;
    float best = 2.0f;
    if (!(dd > 0.0f)) return best;
    int32_t x0 = 0, x1 = -1, y0 = 0, y1 = -1;
    if (w->bg_nx > 0) {
        float e = s->rad[b] + 2.0f * w->bg_reach + s->margin;
        x0 = cell_of(fmin2(p0x, p1x) - e, w->bg_minx, w->bg_inv, w->bg_nx);
        x1 = cell_of(fmax2(p0x, p1x) + e, w->bg_minx, w->bg_inv, w->bg_nx);
        y0 = cell_of(fmin2(p0y, p1y) - e, w->bg_miny, w->bg_inv, w->bg_ny);
        y1 = cell_of(fmax2(p0y, p1y) + e, w->bg_miny, w->bg_inv, w->bg_ny);
    }
    for (int32_t y = y0; y <= y1 + 1; y++) {
        uint32_t k0, k1;
        if (y <= y1) {
            uint32_t row = (uint32_t)y * (uint32_t)w->bg_nx;
            k0 = w->cell_start[row + (uint32_t)x0];
            k1 = w->cell_start[row + (uint32_t)x1 + 1];
        } else { /* the big balls */
            k0 = 0;
            k1 = w->bg_nbig;
        }
        for (uint32_t k = k0; k < k1; k++) {
            uint32_t j = y <= y1 ? w->cell_items[k] : w->big[k];
            if (j == b || !((s->cat[j] & s->mask[b]) && (s->cat[b] & s->mask[j]))) continue;
            float qx = s->x[j], qy = s->y[j], ox = s->sx[j], oy = s->sy[j], R = s->rad[b] + s->rad[j];
            float t = toi_ball(p0x - ox, p0y - oy, dx - (qx - ox), dy - (qy - oy), R, s->slop);
            if (t < 1.0f) best = fmin2(best, fmin2(t, toi_ball(p0x - qx, p0y - qy, dx, dy, R, s->slop)));
        }
    }
    return best;
}

/* A bullet (CAP_BALL_BULLET) swept from its start to its end position
 * against every other live ball it collides with, in slot order (brute
 * force, O(ball slots)). Each other ball moves too, from its start to where
 * the step leaves it (final for balls that are not bullets and for the
 * bullets before this one): a pair whose relative path comes within the
 * allowed distance stops the bullet at the earlier of that time and its time
 * of impact with the other ball's end position, so it ends neither inside
 * nor on the far side of it. A pair whose relative path stays clear (two
 * balls flying together, one crossing behind the other) stops nothing: its
 * end positions are clear. Returns the time of impact in [0, 1) or 2. */
static float ccd_bullet(const step_ctx* s, uint32_t i)
{
    float p0x = s->sx[i], p0y = s->sy[i], dx = s->x[i] - p0x, dy = s->y[i] - p0y, r = s->rad[i];
    float x0 = fmin2(p0x, s->x[i]) - r, x1 = fmax2(p0x, s->x[i]) + r;
    float y0 = fmin2(p0y, s->y[i]) - r, y1 = fmax2(p0y, s->y[i]) + r;
    float best = 2.0f;
    for (uint32_t j = 0; j < s->n; j++) {
        if (j == i || !(s->flags[j] & CAP_BALL_ALIVE) || !((s->cat[i] & s->mask[j]) && (s->cat[j] & s->mask[i]))) continue;
        float qx = s->x[j], qy = s->y[j], ox = s->sx[j], oy = s->sy[j], rj = s->rad[j], R = r + rj;
        if (fmax2(qx, ox) + rj < x0 || fmin2(qx, ox) - rj > x1 || fmax2(qy, oy) + rj < y0 || fmin2(qy, oy) - rj > y1) continue;
        float t = toi_ball(p0x - ox, p0y - oy, dx - (qx - ox), dy - (qy - oy), R, s->slop);
        if (t < 1.0f) best = fmin2(best, fmin2(t, toi_ball(p0x - qx, p0y - qy, dx, dy, R, s->slop)));
    }
    return best;
}

/* Moves ball i back to time t of its move this step. The fall the stop
 * undid is potential energy the velocity already holds (gravity acted for
 * the whole step): the speed gives it back, direction kept. */
static void stop_at(step_ctx* s, uint32_t i, float t, float gx, float gy)
{
    float ex = s->x[i], ey = s->y[i];
    s->x[i] = s->sx[i] + t * (s->x[i] - s->sx[i]);
    s->y[i] = s->sy[i] + t * (s->y[i] - s->sy[i]);
    float pe = s->gs[i] * (gx * (ex - s->x[i]) + gy * (ey - s->y[i]));
    float v2 = s->vx[i] * s->vx[i] + s->vy[i] * s->vy[i];
    if (pe > 0.0f && v2 > 0.0f) {
        float k = 1.0f - 2.0f * pe / v2;
        k = k > 0.0f ? __builtin_sqrtf(k) : 0.0f;
        s->vx[i] = s->vx[i] * k;
        s->vy[i] = s->vy[i] * k;
    }
}

/* Narrows [lo, hi] to the t at which v0 + t rate lies in [m, M]. */
static void clip_range(float v0, float rate, float m, float M, float* lo, float* hi)
{
    if (rate == 0.0f) {
        if (v0 < m || v0 > M) *hi = -1.0f;
        return;
    }
    float t1 = (m - v0) / rate, t2 = (M - v0) / rate;
    if (t1 > t2) { float tt = t1; t1 = t2; t2 = tt; }
    *lo = fmax2(*lo, t1);
    *hi = fmin2(*hi, t2);
}

/* The least t in [0, 1] at which p + t d lies within R of segment a-b
 * (touching counts: distance <= R), or 2 when it never does. The capsule
 * of radius R is two discs and a band; the path's first point in it is the
 * first of its entries into them. */
static float first_within(float px, float py, float dx, float dy, float ax, float ay, float bx, float by, float R)
{
    cap_segment_point q = cap_closest_point_on_segment(cap_v2(ax, ay), cap_v2(bx, by), cap_v2(px, py));
    float qx = px - q.point.x, qy = py - q.point.y;
    if (qx * qx + qy * qy <= R * R) return 0.0f;
    float dd = dx * dx + dy * dy, best = 2.0f;
    if (!(dd > 0.0f)) return best;
    float ends[2][2] = {{ax, ay}, {bx, by}};
    for (int e = 0; e < 2; e++) {
        float wx = px - ends[e][0], wy = py - ends[e][1];
        float b = wx * dx + wy * dy, c = wx * wx + wy * wy - R * R;
        if (b >= 0.0f) continue; /* (outside, not closing in: never enters) */
        float cr = wx * dy - wy * dx, disc = dd * (R * R) - cr * cr; /* as toi_segment */
        if (disc < 0.0f) continue;
        float t = c > 0.0f ? c / (__builtin_sqrtf(disc) - b) : 0.0f;
        best = fmin2(best, t);
    }
    cap_vec2 u = {0.0f, 0.0f};
    float len = cap_length_and_normalize(cap_v2(bx - ax, by - ay), &u);
    if (len > 0.0f) {
        float wx = px - ax, wy = py - ay, lo = 0.0f, hi = 1.0f;
        clip_range(wy * u.x - wx * u.y, dy * u.x - dx * u.y, 0.0f - R, R, &lo, &hi);
        clip_range(wx * u.x + wy * u.y, dx * u.x + dy * u.y, 0.0f, len, &lo, &hi);
        if (lo <= hi) best = fmin2(best, lo);
    }
    return best <= 1.0f ? best : 2.0f;
}

/* Time of impact of a ball with a capsule that turns while it moves: the
 * ball's centre relative to the capsule's pivot starts at (qx, qy) and
 * moves by (rx, ry) over the step (t in [0, 1]); the capsule's core runs
 * from -la to lb along angle th0 + t dth. Returns the first t at which the
 * centre comes within R of the core (touching counts), or 2.
 *
 * Over a span [ta, tb] of the step the core is within e = |dth| (tb - ta) /
 * 2 max(la, lb) of its pose at the span's middle angle, which only
 * translates with the pivot: the ball's path relative to that pose is
 * straight, and its first point within R + e of it (first_within) bounds
 * the span's impact from below. No point: the span is clear. Else the span
 * from that point on is halved, earlier half first, until e is at most tol
 * (a quarter slop): the answer is then within e of the impact and never
 * past it. A capsule that does not turn is one span with e = 0: exact.
 * Spans are worked in time order on a small stack; after 256 spans (a path
 * that grazes the core at length) the bound found last is returned: early,
 * never late. */
static float toi_turning(float qx, float qy, float rx, float ry, float th0, float dth, float la, float lb, float R, float tol)
{
    float span[64][2];
    int top = 0, spans = 0;
    span[top][0] = 0.0f;
    span[top][1] = 1.0f;
    top++;
    float reach = fmax2(la, lb) * 1.0009765625f; /* (covers the rounding of the chord bound) */
    while (top > 0) {
        top--;
        float ta = span[top][0], tb = span[top][1], tm = 0.5f * (ta + tb);
        float e = __builtin_fabsf(dth) * (0.5f * (tb - ta)) * reach;
        float c, sn, ang = th0 + tm * dth;
        cap_cos_sin(cap_finite(ang) ? ang : 0.0f, &c, &sn);
        float f = first_within(qx + ta * rx, qy + ta * ry, (tb - ta) * rx, (tb - ta) * ry, 0.0f - la * c, 0.0f - la * sn, lb * c, lb * sn, R + e);
        if (f > 1.0f) continue;
        float th = ta + f * (tb - ta);
        if (!(e > tol) || ++spans >= 256 || top + 2 > 64 || !(th < tb)) return th;
        float mid = 0.5f * (th + tb);
        span[top][0] = mid; span[top][1] = tb; top++;
        span[top][0] = th; span[top][1] = mid; top++;
    }
    return 2.0f;
}

/* A kinematic or pivoted capsule's pose over this step: the pivot at the
 * step's start and its move, the angle at the start and its turn. */
static void moving_pose(const cap_world* w, uint32_t k, float* cx, float* cy, float* ex, float* ey, float* th0, float* dth)
{
    const cap_wstatic* st = &w->statics[w->kins[k]];
    int piv = st->kind == CAP_STATIC_PIVOTED;
    *cx = st->cx;
    *cy = st->cy;
    *ex = piv ? 0.0f : w->def.dt * st->vx;
    *ey = piv ? 0.0f : w->def.dt * st->vy;
    *th0 = w->kin_a0[k];
    *dth = piv ? st->angle - *th0 : w->def.dt * st->w; /* a pivoted one has turned already */
}

/* Continuous collision of ball b (its move p0 -> p1 this step) against the
 * kinematic and pivoted capsules it has no contact with (the ones it has
 * are the solver's, which poses them at every sub-step): each swept over
 * its own motion in the step, rotation included (toi_turning), with
 * ccd_ball's allowed distance. kc: the first of this step's contacts of
 * ball b, if any (ball-static contacts are in (ball, static) order). Returns
 * the time of impact in [0, 1] or 2, and which (index into w->kins). */
static float ccd_moving(cap_world* w, const step_ctx* s, uint32_t b, uint32_t kc, uint32_t* which)
{
    float p0x = s->sx[b], p0y = s->sy[b], dx = s->x[b] - p0x, dy = s->y[b] - p0y, r = s->rad[b];
    float x0 = fmin2(p0x, s->x[b]) - r, x1 = fmax2(p0x, s->x[b]) + r;
    float y0 = fmin2(p0y, s->y[b]) - r, y1 = fmax2(p0y, s->y[b]) + r;
    float best = 2.0f;
    for (uint32_t k = 0; k < w->kin_count; k++) {
        uint32_t slot = w->kins[k];
        const cap_wstatic* st = &w->statics[slot];
        if (st->sensor || !((st->category & s->mask[b]) && (s->cat[b] & st->mask))) continue;
        while (kc < w->contact_count && w->contacts[kc].kind == 0 && w->contacts[kc].b == b && w->contacts[kc].a < slot) kc++;
        if (kc < w->contact_count && w->contacts[kc].kind == 0 && w->contacts[kc].b == b && w->contacts[kc].a == slot) continue;
        float cx, cy, ex, ey, th0, dth;
        moving_pose(w, k, &cx, &cy, &ex, &ey, &th0, &dth);
        float reach = fmax2(st->la, st->lb) + st->radius;
        if (cx + fmin2(ex, 0.0f) - reach > x1 || cx + fmax2(ex, 0.0f) + reach < x0 ||
            cy + fmin2(ey, 0.0f) - reach > y1 || cy + fmax2(ey, 0.0f) + reach < y0)
            continue;
        float c, sn;
        cap_cos_sin(cap_finite(th0) ? th0 : 0.0f, &c, &sn);
        cap_segment_point q = cap_closest_point_on_segment(cap_v2(cx - c * st->la, cy - sn * st->la), cap_v2(cx + c * st->lb, cy + sn * st->lb), cap_v2(p0x, p0y));
        float d0 = cap_length(cap_v2(p0x - q.point.x, p0y - q.point.y));
        float R = r + st->radius, allowed = fmin2(fmax2(R - s->slop, 0.5f * R), d0);
        if (!(d0 > s->slop) || !(allowed > 0.0f)) continue;
        float t = toi_turning(p0x - cx, p0y - cy, dx - ex, dy - ey, th0, dth, st->la, st->lb, allowed, 0.25f * s->slop);
        if (t < best) { best = t; *which = k; }
    }
    return best;
}

/* Ball i, stopped (stop_at) at time t of its move where it met moving
 * capsule k (index into w->kins): it goes on with the capsule to the
 * capsule's pose at the step's end, keeping its place relative to it (so
 * the capsule can neither pass it nor end over it; the next step's contact
 * takes the collision on), unless a static stops it on the way (ccd_ball:
 * the statics win). */
static void carry_with(cap_world* w, step_ctx* s, uint32_t i, uint32_t k, float t)
{
    float cx, cy, ex, ey, th0, dth;
    moving_pose(w, k, &cx, &cy, &ex, &ey, &th0, &dth);
    float c, sn, turn = (1.0f - t) * dth;
    cap_cos_sin(cap_finite(turn) ? turn : 0.0f, &c, &sn);
    float px = s->x[i], py = s->y[i];
    float lx = px - (cx + t * ex), ly = py - (cy + t * ey); /* from the pivot at time t */
    float qx = cx + ex + (c * lx - sn * ly), qy = cy + ey + (sn * lx + c * ly);
    if (!cap_in_range(qx) || !cap_in_range(qy)) return;
    float nx, ny;
    float t2 = ccd_ball(w, s, i, px, py, qx, qy, &nx, &ny);
    t2 = fmin2(t2, 1.0f);
    s->x[i] = px + t2 * (qx - px);
    s->y[i] = py + t2 * (qy - py);
}

static int validate(cap_world* w, const step_ctx* s)
{
    static const int fields[] = {CAP_BALL_X, CAP_BALL_Y, CAP_BALL_VX, CAP_BALL_VY, CAP_BALL_ANGLE, CAP_BALL_W};
    for (uint32_t i = 0; i < s->n; i++) {
        if (!(s->flags[i] & CAP_BALL_ALIVE)) continue;
        for (int f = 0; f < 6; f++) {
            float v = ((float*)w->ball[fields[f]])[i];
            if (!(fields[f] == CAP_BALL_ANGLE ? cap_finite(v) : cap_in_range(v))) { /* called directly: inlined */
                w->err.status = CAP_WORLD_BAD_VALUE;
                w->err.slot = (int32_t)i;
                w->err.field = fields[f];
                return 0;
            }
        }
    }
    return 1;
}

/* A kinematic contact's surface velocity at its point: the pivot's
 * velocity plus spin x (point - pivot) (t: time since the step's start). */
static void kinematic_surface(const cap_wstatic* st, cap_wcontact* c, float t)
{
    float ccx = st->cx + t * st->vx, ccy = st->cy + t * st->vy;
    c->kvx = st->vx - st->w * (c->py - ccy);
    c->kvy = st->vy + st->w * (c->px - ccx);
}

/* At a sub-step's start (time t into the step): every kinematic capsule at
 * its pose then, and each of its contacts recomputed from that pose and the
 * ball's position now (normal, separation, point, surface velocity), into
 * the contact, its solver lane and its surface body (which starts where the
 * ball is, so the separation the solver sees starts at s0). */
static void kinematic_substep(cap_world* w, const step_ctx* s, cap_wbody* body, float t)
{
    for (uint32_t k = 0; k < w->kin_count; k++) {
        cap_wstatic* st = &w->statics[w->kins[k]];
        float c, sn;
        float ang = st->kind == CAP_STATIC_PIVOTED ? st->angle : st->angle + t * st->w;
        cap_cos_sin(cap_finite(ang) ? ang : 0.0f, &c, &sn); /* an overflowed spin: no trap */
        float x = st->cx + t * st->vx, y = st->cy + t * st->vy;
        st->ax = x - c * st->la; st->ay = y - sn * st->la;
        st->bx = x + c * st->lb; st->by = y + sn * st->lb;
    }
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* ct = &w->contacts[k];
        if (!ct->kbody && !ct->pivot) continue;
        const cap_wstatic* st = &w->statics[ct->a];
        uint32_t b = ct->b;
        cap_wbody* bb = &body[b];
        float px = s->sx[b] + bb->dx, py = s->sy[b] + bb->dy;
        cap_segment_point q = cap_closest_point_on_segment(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), cap_v2(px, py));
        cap_vec2 u = {ct->nx, ct->ny};
        float dist = cap_length_and_normalize(cap_v2(px - q.point.x, py - q.point.y), &u);
        if (!(dist > 0.0f)) u = cap_v2(ct->nx, ct->ny); /* on the core: keep the side it was on */
        float R = s->rad[b] + st->radius, sep = dist - R, qx = q.point.x, qy = q.point.y;
        if (sep > 0.0f && st->w == 0.0f) {
            /* Speculative: clipped by the ball's path over this sub-step
             * relative to the surface (exact: the capsule only translates). */
            clip_speculative(s, px, py, (bb->vx - st->vx) * s->h, (bb->vy - st->vy) * s->h, st->ax, st->ay, st->bx, st->by, R, 1, &u.x, &u.y, &sep, &qx, &qy);
        } else if (sep > 0.0f) {
            /* Turning: the first time within reach over this sub-step, the
             * capsule turning (toi_turning, never late). Out of reach: aimed
             * as clip_speculative's kept case, with the separation grown by
             * twice the most the two can close in the sub-step. Reached at
             * tau: the normal at the pose then, and a separation that the
             * relative normal speed there closes at tau. */
            float ccx = st->cx + t * st->vx, ccy = st->cy + t * st->vy;
            float ang = st->kind == CAP_STATIC_PIVOTED ? st->angle : st->angle + t * st->w, dth = st->w * s->h;
            float rx = (bb->vx - st->vx) * s->h, ry = (bb->vy - st->vy) * s->h;
            float tau = toi_turning(px - ccx, py - ccy, rx, ry, ang, dth, st->la, st->lb, R + s->reach, 0.25f * s->slop);
            if (!(tau <= 1.0f)) {
                sep = sep + 2.0f * (cap_length(cap_v2(rx, ry)) + __builtin_fabsf(dth) * fmax2(st->la, st->lb));
            } else {
                float c, sn, a = ang + tau * dth;
                cap_cos_sin(cap_finite(a) ? a : 0.0f, &c, &sn);
                float cx = ccx + tau * st->vx * s->h, cy = ccy + tau * st->vy * s->h;
                float bx = px + tau * bb->vx * s->h, by = py + tau * bb->vy * s->h;
                cap_segment_point q2 = cap_closest_point_on_segment(cap_v2(cx - c * st->la, cy - sn * st->la), cap_v2(cx + c * st->lb, cy + sn * st->lb), cap_v2(bx, by));
                float d2 = cap_length_and_normalize(cap_v2(bx - q2.point.x, by - q2.point.y), &u);
                float svx = st->vx - st->w * (q2.point.y - cy), svy = st->vy + st->w * (q2.point.x - cx);
                sep = (d2 - R) - tau * s->h * ((bb->vx - svx) * u.x + (bb->vy - svy) * u.y);
                /* (the point stays the start pose's: the solver's lever and
                 * surface velocity are taken at the sub-step's start) */
            }
        }
        ct->nx = u.x;
        ct->ny = u.y;
        ct->s0 = sep;
        ct->px = qx + st->radius * u.x;
        ct->py = qy + st->radius * u.y;
        if (ct->pivot) {
            float rx = ct->px - st->cx, ry = ct->py - st->cy;
            ct->kn = rx * ct->ny - ry * ct->nx;
            ct->kt = rx * ct->nx + ry * ct->ny;
            ct->bx0 = bb->dx;
            ct->by0 = bb->dy;
            ct->th0 = st->angle;
            if (ct->mass_n > 0.0f) {
                float mb = s->im[b], ib = s->ii[b], rb = s->rad[b];
                ct->mass_n = 1.0f / (mb + st->inv_i * ct->kn * ct->kn);
                ct->mass_t = 1.0f / (mb + ib * rb * rb + st->inv_i * ct->kt * ct->kt);
            }
            continue;
        }
        kinematic_surface(st, ct, t);
        cap_wbody* kb = &body[ct->kbody];
        kb->vx = ct->kvx; kb->vy = ct->kvy; kb->w = 0.0f;
        kb->dx = bb->dx; kb->dy = bb->dy;
        if (ct->lane != 0xffffffffu) {
            cap_wpack* pk = &w->packs[ct->lane >> 2];
            int l = (int)(ct->lane & 3u);
            pk->nx[l] = ct->nx; pk->ny[l] = ct->ny; pk->s0[l] = ct->s0;
        }
    }
}

/* Pivoted capsules: gravity on the centre, motor and damping on the spin. */
static void pivot_velocities(cap_world* w, float h, float gx, float gy)
{
    for (uint32_t k = 0; k < w->kin_count; k++) {
        cap_wstatic* st = &w->statics[w->kins[k]];
        if (st->kind != CAP_STATIC_PIVOTED) continue;
        float c, sn;
        cap_cos_sin(cap_finite(st->angle) ? st->angle : 0.0f, &c, &sn);
        float off = 0.5f * (st->lb - st->la); /* the centre, along the axis from the pivot */
        float torque = st->mass * off * (c * gy - sn * gx);
        float om = st->w + h * st->inv_i * torque;
        if (st->motor_torque > 0.0f) {
            float lim = st->motor_torque * h * st->inv_i, dw = st->motor_speed - om;
            om = om + fmax2(0.0f - lim, fmin2(dw, lim));
        }
        om = om * (1.0f / (1.0f + h * st->damping));
        if (st->lo <= st->hi && ((st->angle <= st->lo && om < 0.0f) || (st->angle >= st->hi && om > 0.0f))) om = 0.0f;
        st->w = om;
    }
}

/* Turns them by h times their spin, stopping at a limit. */
static void pivot_turn(cap_world* w, float h)
{
    for (uint32_t k = 0; k < w->kin_count; k++) {
        cap_wstatic* st = &w->statics[w->kins[k]];
        if (st->kind != CAP_STATIC_PIVOTED) continue;
        float a = st->angle + h * st->w;
        if (!cap_finite(a)) { /* spin overflowed (absurd masses): stop it where it was */
            st->w = 0.0f;
            a = cap_finite(st->angle) ? st->angle : 0.0f;
        }
        if (st->lo <= st->hi) {
            if (a < st->lo) { a = st->lo; st->w = fmax2(st->w, 0.0f); }
            if (a > st->hi) { a = st->hi; st->w = fmin2(st->w, 0.0f); }
        }
        st->angle = a;
    }
}

/* One solver pass over the contacts with pivoted capsules, one by one, in
 * contact order: the arithmetic of solver.c's lanes with the capsule's
 * lever terms (kn, kt) on its side. mode 0 warm start, 1 solve, 2 relax. */
static void pivot_pass(cap_world* w, cap_wbody* body, int mode, float inv_h, float push)
{
    const float* so = w->soft + 3;
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* c = &w->contacts[k];
        if (!c->pivot || c->mb == 0.0f) continue;
        cap_wstatic* st = &w->statics[c->a];
        cap_wbody* b = &body[c->b];
        float nx = c->nx, ny = c->ny, tx = 0.0f - ny, ty = nx, ia = st->inv_i;
        float mn = c->mass_n, mt = c->mass_t;
        /* At a limit, a push further into it meets the stop: fixed board. */
        if (st->lo <= st->hi && ((st->angle <= st->lo && c->kn > 0.0f) || (st->angle >= st->hi && c->kn < 0.0f))) {
            ia = 0.0f;
            mn = 1.0f / c->mb;
            mt = 1.0f / (c->mb + c->ib * c->rb * c->rb);
        }
        if (mode == 0) {
            float px = c->jn * nx + c->jt * tx, py = c->jn * ny + c->jt * ty;
            b->vx = b->vx + c->mb * px;
            b->vy = b->vy + c->mb * py;
            b->w = b->w - c->ib * c->rb * c->jt + c->ib * c->jr;
            st->w = st->w - ia * (c->kn * c->jn + c->kt * c->jt) - ia * c->jr;
            continue;
        }
        float sep = c->s0 + (b->dx - c->bx0) * nx + (b->dy - c->by0) * ny - (st->angle - c->th0) * c->kn;
        float vn = b->vx * nx + b->vy * ny - st->w * c->kn;
        float bias, ms, is;
        if (mode == 1) {
            bias = fmax2(so[0] * sep, 0.0f - push);
            ms = so[1];
            is = so[2];
            if (vn < 0.0f - push) { ms = 1.0f; is = 0.0f; }
        } else {
            bias = 0.0f; ms = 1.0f; is = 0.0f;
            c->vn0 = fmin2(c->vn0, vn);
        }
        if (sep > 0.0f) { bias = sep * inv_h; ms = 1.0f; is = 0.0f; }
        float imp = 0.0f - mn * ms * (vn + bias) - is * c->jn;
        float nj = fmax2(c->jn + imp, 0.0f);
        imp = nj - c->jn;
        c->jn = nj;
        c->max_jn = fmax2(c->max_jn, nj);
        b->vx = b->vx + c->mb * imp * nx;
        b->vy = b->vy + c->mb * imp * ny;
        st->w = st->w - ia * c->kn * imp;
        float vt = b->vx * tx + b->vy * ty - b->w * c->rb - st->w * c->kt;
        float lim = c->friction * c->jn;
        float njt = fmin2(fmax2(c->jt - mt * vt, 0.0f - lim), lim);
        float d = njt - c->jt;
        c->jt = njt;
        b->vx = b->vx + c->mb * d * tx;
        b->vy = b->vy + c->mb * d * ty;
        b->w = b->w - c->ib * c->rb * d;
        st->w = st->w - ia * c->kt * d;
        /* Rolling resistance: a torque of at most rolling * jn against the
         * ball's spin relative to the board's (solver.c's, with the board's
         * inverse inertia on its side). */
        float kr = c->ib + ia, mr = kr > 0.0f ? 1.0f / kr : 0.0f;
        float rl = c->rolling * c->jn;
        float njr = fmin2(fmax2(c->jr - mr * (b->w - st->w), 0.0f - rl), rl);
        float dr = njr - c->jr;
        c->jr = njr;
        b->w = b->w + c->ib * dr;
        st->w = st->w - ia * dr;
    }
}

static uint32_t find_root(uint32_t* parent, uint32_t i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

int cap_world_step(cap_world* w)
{
    step_ctx s;
    s.x = CAP_BF(w, CAP_BALL_X); s.y = CAP_BF(w, CAP_BALL_Y);
    s.vx = CAP_BF(w, CAP_BALL_VX); s.vy = CAP_BF(w, CAP_BALL_VY);
    s.ang = CAP_BF(w, CAP_BALL_ANGLE); s.av = CAP_BF(w, CAP_BALL_W);
    s.rad = CAP_BF(w, CAP_BALL_RADIUS); s.im = CAP_BF(w, CAP_BALL_INV_MASS); s.ii = CAP_BF(w, CAP_BALL_INV_INERTIA);
    s.rest = CAP_BF(w, CAP_BALL_RESTITUTION); s.fric = CAP_BF(w, CAP_BALL_FRICTION); s.roll = CAP_BF(w, CAP_BALL_ROLLING);
    s.gs = CAP_BF(w, CAP_BALL_GRAVITY_SCALE); s.ld = CAP_BF(w, CAP_BALL_LINEAR_DAMPING); s.ad = CAP_BF(w, CAP_BALL_ANGULAR_DAMPING);
    s.st = CAP_BF(w, CAP_BALL_SLEEP_TIME);
    s.cat = CAP_BU(w, CAP_BALL_CATEGORY); s.mask = CAP_BU(w, CAP_BALL_MASK); s.flags = CAP_BU(w, CAP_BALL_FLAGS);
    s.n = w->ball_slots;
    const cap_world_def* d = &w->def;
    float upm = d->units_per_meter;
    s.slop = 0.005f * upm;
    s.margin = 4.0f * s.slop;
    s.dt = d->dt;
    s.h = d->dt / (float)d->sub_steps;
    s.gx = d->gravity_x;
    s.gy = d->gravity_y;
    /* The bow of a step's parabola off its chord (g dt^2 / 8), and a
     * thousandth of the slop for rounding. */
    s.reach = 0.001f * s.slop + 0.125f * cap_length(cap_v2(s.gx, s.gy)) * s.dt * s.dt;
    w->err.status = 0;
    w->err.slot = -1;
    w->err.field = -1;

    /* 1. Validate, and make room: a failure here changes nothing. */
    if (!validate(w, &s)) return CAP_WORLD_BAD_VALUE;
    uint32_t n = s.n, cap = 0;
    if (w->grid_cap < n) {
        cap = w->grid_cap;
        int bad = 0;
        uint32_t c;
        c = cap; bad |= cap_world_reserve_u32(&w->cell_of, &c, n);
        c = cap; bad |= cap_world_reserve_u32(&w->cell_items, &c, n);
        c = cap; bad |= cap_world_reserve_u32(&w->big, &c, n);
        c = cap; bad |= cap_world_reserve_u32(&w->order, &c, n);
        c = cap; { void* p = w->cell_pos; bad |= cap_world_reserve_bytes(&p, &c, n, 4 * sizeof(float)); w->cell_pos = p; }
        c = cap; { void* p = w->sx; bad |= cap_world_reserve_bytes(&p, &c, n, 4); w->sx = p; }
        c = cap; { void* p = w->sy; bad |= cap_world_reserve_bytes(&p, &c, n, 4); w->sy = p; }
        if (bad) {
            w->err.status = CAP_WORLD_NO_MEMORY;
            return CAP_WORLD_NO_MEMORY;
        }
        w->grid_cap = c;
    }
    {
        void* p = w->body;
        if (cap_world_reserve_bytes(&p, &w->body_cap, n + 1, sizeof(cap_wbody))) {
            w->err.status = CAP_WORLD_NO_MEMORY;
            return CAP_WORLD_NO_MEMORY;
        }
        w->body = p;
    }
    s.sx = w->sx;
    s.sy = w->sy;
    if (w->statics_dirty) cap_world_index_statics(w);
    w->kin_count = 0;
    for (uint32_t i = 0; i < w->static_slots; i++)
        if ((w->static_info[3 * i + 2] & 1u) && w->statics[i].kind >= CAP_STATIC_KINEMATIC) {
            if (cap_world_reserve_u32(&w->kins, &w->kin_cap, w->kin_count + 1)) {
                w->err.status = CAP_WORLD_NO_MEMORY;
                return CAP_WORLD_NO_MEMORY;
            }
            w->kins[w->kin_count++] = i;
        }
    w->pivots = 0;
    for (uint32_t k = 0; k < w->kin_count; k++) w->pivots += w->statics[w->kins[k]].kind == CAP_STATIC_PIVOTED;
    if (w->kin_count) {
        void* p = w->kin_a0;
        if (cap_world_reserve_bytes(&p, &w->kin_a0_cap, w->kin_count, sizeof(float))) {
            w->err.status = CAP_WORLD_NO_MEMORY;
            return CAP_WORLD_NO_MEMORY;
        }
        w->kin_a0 = p;
        for (uint32_t k = 0; k < w->kin_count; k++) w->kin_a0[k] = w->statics[w->kins[k]].angle;
    }
    if (!find_contacts(w, &s) || !cap_solver_reserve(w, n)) {
        w->err.status = CAP_WORLD_NO_MEMORY;
        return CAP_WORLD_NO_MEMORY;
    }
    /* A solver body for each kinematic contact's surface, after the balls
     * and the static body. */
    uint32_t nk = 0;
    for (uint32_t k = 0; w->kin_count && k < w->contact_count; k++) { /* (none without kinematic or pivoted capsules) */
        cap_wcontact* c = &w->contacts[k];
        if (c->kind == 0 && w->statics[c->a].kind == CAP_STATIC_KINEMATIC) c->kbody = n + 1 + nk++;
        if (c->kind == 0 && w->statics[c->a].kind == CAP_STATIC_PIVOTED) c->pivot = 1;
    }
    if (nk) {
        void* p = w->body;
        if (cap_world_reserve_bytes(&p, &w->body_cap, n + 1 + nk, sizeof(cap_wbody))) {
            w->err.status = CAP_WORLD_NO_MEMORY;
            return CAP_WORLD_NO_MEMORY;
        }
        w->body = p;
    }

    /* From here on the step cannot fail. Events start with removals' ends. */
    for (int k = 0; k < CAP_EVENT_KINDS; k++) w->event_count[k] = 0;
    for (uint32_t i = 0; i < w->pending_count; i++) {
        const uint32_t* e = &w->pending_end[4 * i];
        cap_world_emit(w, (int)e[0], e[1], e[2], e[3], NULL);
    }
    w->pending_count = 0;

    /* Writes through views: wake, and take them as the start. */
    for (uint32_t i = 0; i < n; i++)
        if ((s.flags[i] & CAP_BALL_ALIVE) && moved(w, &s, i)) {
            s.flags[i] |= CAP_BALL_AWAKE;
            s.st[i] = 0.0f;
        }
    /* Waking by contact: a sleeping ball touched by a moving awake one. */
    float wake2 = d->sleep_speed * d->sleep_speed;
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* c = &w->contacts[k];
        if (c->kind != 1 || c->s0 > 0.0f) continue;
        uint32_t a = c->a, b = c->b;
        int aw = (s.flags[a] & CAP_BALL_AWAKE) != 0, bw = (s.flags[b] & CAP_BALL_AWAKE) != 0;
        if (aw == bw) continue;
        uint32_t mover = aw ? a : b, sleeper = aw ? b : a;
        float sp = s.vx[mover] * s.vx[mover] + s.vy[mover] * s.vy[mover];
        if (sp > wake2) {
            s.flags[sleeper] |= CAP_BALL_AWAKE;
            s.st[sleeper] = 0.0f;
        }
    }

    /* A moving kinematic capsule wakes the balls it may reach. */
    for (uint32_t k = 0; w->kin_count && k < w->contact_count; k++) {
        const cap_wcontact* c = &w->contacts[k];
        if (!c->kbody && !c->pivot) continue;
        const cap_wstatic* st = &w->statics[c->a];
        if (st->vx != 0.0f || st->vy != 0.0f || st->w != 0.0f) {
            s.flags[c->b] |= CAP_BALL_AWAKE;
            s.st[c->b] = 0.0f;
        }
    }

    /* Warm starting: last step's impulses for the same pair. */
    {
        uint32_t p = 0;
        for (uint32_t k = 0; k < w->contact_count; k++) {
            cap_wcontact* c = &w->contacts[k];
            uint64_t kc = key64(c);
            while (p < w->prev_count && key64(&w->prev[p]) < kc) p++;
            if (p < w->prev_count && key64(&w->prev[p]) == kc) {
                const cap_wcontact* o = &w->prev[p];
                c->touching = o->touching;
                /* Not when a ball of the pair woke since: last step's
                 * impulse held it against a partner that did not move. */
                if (c->kind == 1 && ((o->ma == 0.0f) != (s.im[c->a] == 0.0f || !(s.flags[c->a] & CAP_BALL_AWAKE)) ||
                                     (o->mb == 0.0f) != (s.im[c->b] == 0.0f || !(s.flags[c->b] & CAP_BALL_AWAKE))))
                    continue;
                c->jn = o->jn;
                c->jt = o->jt;
                c->jr = o->jr;
            }
        }
    }

    float h = d->dt / (float)d->sub_steps, inv_h = 1.0f / h;
    float rate = inv_h;
    soft ball_soft = make_soft(fmin2(d->contact_hertz, 0.25f * rate), d->damping_ratio, h);
    soft static_soft = make_soft(fmin2(d->static_hertz, 0.5f * rate), d->damping_ratio, h);
    float push = d->push_speed * upm;

    /* Prepare. */
    uint32_t awake = 0;
    for (uint32_t i = 0; i < n; i++) {
        s.sx[i] = s.x[i];
        s.sy[i] = s.y[i];
        awake += (s.flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) == (CAP_BALL_ALIVE | CAP_BALL_AWAKE);
    }
    w->awake_count = awake;
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* c = &w->contacts[k];
        uint32_t b = c->b;
        int bw = (s.flags[b] & CAP_BALL_AWAKE) != 0;
        c->mb = bw ? s.im[b] : 0.0f;
        c->ib = bw ? s.ii[b] : 0.0f;
        float vax = 0.0f, vay = 0.0f;
        if (c->kind == 1) {
            uint32_t a = c->a;
            int aw = (s.flags[a] & CAP_BALL_AWAKE) != 0;
            c->ma = aw ? s.im[a] : 0.0f;
            c->ia = aw ? s.ii[a] : 0.0f;
            vax = s.vx[a];
            vay = s.vy[a];
        } else {
            c->ma = c->ia = 0.0f;
            if (c->kbody || c->pivot) kinematic_surface(&w->statics[c->a], c, 0.0f);
            vax = c->kvx;
            vay = c->kvy;
        }
        float kn = c->ma + c->mb;
        if (c->pivot) { /* the lever terms come at each sub-step; only whether it is active here */
            c->mass_n = c->mb > 0.0f ? 1.0f : 0.0f;
            c->mass_t = c->mass_r = 0.0f;
            c->vn0 = (s.vx[b] - c->kvx) * c->nx + (s.vy[b] - c->kvy) * c->ny;
            c->max_jn = 0.0f;
            if (kn == 0.0f) c->jn = c->jt = c->jr = 0.0f;
            continue;
        }
        c->mass_n = kn > 0.0f ? 1.0f / kn : 0.0f;
        float kt = kn + c->ia * c->ra * c->ra + c->ib * c->rb * c->rb;
        c->mass_t = kt > 0.0f ? 1.0f / kt : 0.0f;
        float kr = c->ia + c->ib;
        c->mass_r = kr > 0.0f ? 1.0f / kr : 0.0f;
        c->vn0 = (s.vx[b] - vax) * c->nx + (s.vy[b] - vay) * c->ny;
        c->max_jn = 0.0f;
        if (kn == 0.0f) c->jn = c->jt = c->jr = 0.0f;
    }

    /* 3. Sub-steps, on a compact body array (velocity, spin and the
     * displacement since the step's start: one cache line serves two balls);
     * slot n is the static "body", always at rest. */
    float gx = d->gravity_x, gy = d->gravity_y, half_hh = 0.5f * h * h;
    cap_wbody* body = w->body;
    for (uint32_t i = 0; i <= n + nk; i++) {
        cap_wbody z = {0, 0, 0, 0, 0, 0, 0, 0};
        if (i < n && (s.flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) == (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) {
            z.vx = s.vx[i]; z.vy = s.vy[i]; z.w = s.av[i];
            z.free = 1.0f;
        }
        body[i] = z;
    }
    for (uint32_t k = 0; k < w->contact_count; k++) {
        const cap_wcontact* c = &w->contacts[k];
        /* Balls with a contact integrate plainly; see the flight term below.
         * (A moving capsule's contact is made for every ball in its reach:
         * one farther than a static's contact reaches, static_contact's
         * margin, still flies free.) */
        if (c->kbody || c->pivot) {
            uint32_t b = c->b;
            float travel = cap_length(cap_v2(s.vx[b], s.vy[b])) * d->dt;
            if (c->s0 > s.margin + fmin2(travel, 4.0f * s.rad[b])) continue;
        }
        body[c->b].free = 0.0f;
        if (c->kind) body[c->a].free = 0.0f;
    }
    {
        const float bs[3] = {ball_soft.bias_rate, ball_soft.mass_scale, ball_soft.impulse_scale};
        const float ss[3] = {static_soft.bias_rate, static_soft.mass_scale, static_soft.impulse_scale};
        cap_solver_build(w, n, bs, ss);
    }
    for (int sub = 0; sub < d->sub_steps; sub++) {
        if (nk || w->pivots) kinematic_substep(w, &s, body, (float)sub * h);
        if (w->pivots) pivot_velocities(w, h, gx, gy);
        for (uint32_t i = 0; i < n; i++) {
            if ((s.flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
            cap_wbody* bi = &body[i];
            float lin = 1.0f / (1.0f + h * s.ld[i]), ang = 1.0f / (1.0f + h * s.ad[i]);
            bi->vx = (bi->vx + h * s.gs[i] * gx) * lin;
            bi->vy = (bi->vy + h * s.gs[i] * gy) * lin;
            bi->w = bi->w * ang;
        }
        for (int pass = 0; pass < 3; pass++) {
            /* pass 0: warm start; 1: solve with bias; 2 (after positions): relax */
            if (pass == 2) {
                for (uint32_t i = 0; i < n; i++) {
                    if ((s.flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
                    cap_wbody* bi = &body[i];
                    /* A ball in free flight (no contact this step) moves
                     * - h^2 g / 2 more: its flight is then the exact parabola
                     * (semi-implicit Euler alone rises v h / 2 short and falls
                     * slow, which loses a percent of each bounce). A ball with
                     * contacts integrates plainly, so resting ones read
                     * zero velocity. */
                    float fl = half_hh * s.gs[i] * bi->free;
                    bi->dx = bi->dx + (h * bi->vx - fl * gx);
                    bi->dy = bi->dy + (h * bi->vy - fl * gy);
                    bi->da = bi->da + h * bi->w;
                }
                for (uint32_t i = n + 1; i <= n + nk; i++) { /* the surfaces move on */
                    body[i].dx = body[i].dx + h * body[i].vx;
                    body[i].dy = body[i].dy + h * body[i].vy;
                }
                if (w->pivots) pivot_turn(w, h);
            }
            cap_solver_pass(w, body, pass, inv_h, push);
            if (w->pivots) pivot_pass(w, body, pass, inv_h, push);
        }
    }
    cap_solver_store(w);
    for (uint32_t i = 0; i < n; i++) {
        if ((s.flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
        const cap_wbody* bi = &body[i];
        s.vx[i] = bi->vx; s.vy[i] = bi->vy; s.av[i] = bi->w;
        s.x[i] = s.sx[i] + bi->dx;
        s.y[i] = s.sy[i] + bi->dy;
        s.ang[i] = wrap_angle(s.ang[i] + bi->da);
    }

    /* 4. Restitution, once. */
    float rthresh = d->restitution_threshold * upm;
    for (uint32_t k = 0; k < w->contact_count; k++) {
        cap_wcontact* c = &w->contacts[k];
        if (c->mass_n == 0.0f || c->restitution == 0.0f || c->vn0 > 0.0f - rthresh || c->max_jn == 0.0f) continue;
        uint32_t a = c->a, b = c->b;
        if (c->pivot) {
            cap_wstatic* st = &w->statics[a];
            /* As in pivot_pass: a board at a limit that the push presses
             * into it does not turn (a fixed board: the static rebound). */
            float ia = st->inv_i, mn = c->mass_n;
            if (st->lo <= st->hi && ((st->angle <= st->lo && c->kn > 0.0f) || (st->angle >= st->hi && c->kn < 0.0f))) {
                ia = 0.0f;
                mn = 1.0f / c->mb;
            }
            float vn = s.vx[b] * c->nx + s.vy[b] * c->ny - st->w * c->kn;
            float imp = 0.0f - mn * (vn + c->restitution * 0.999755859375f * c->vn0);
            float nj = fmax2(c->jn + imp, 0.0f);
            imp = nj - c->jn;
            c->jn = nj;
            s.vx[b] = s.vx[b] + c->mb * imp * c->nx;
            s.vy[b] = s.vy[b] + c->mb * imp * c->ny;
            st->w = st->w - ia * c->kn * imp;
            continue;
        }
        int two = c->kind == 1;
        float vax = two ? s.vx[a] : c->kvx, vay = two ? s.vy[a] : c->kvy;
        float vn = (s.vx[b] - vax) * c->nx + (s.vy[b] - vay) * c->ny;
        /* The target speed is shaded by 2^-12 so float rounding can never
         * return more energy than came in (costs 0.05% of a bounce). */
        float imp = 0.0f - c->mass_n * (vn + c->restitution * 0.999755859375f * c->vn0);
        float nj = fmax2(c->jn + imp, 0.0f);
        imp = nj - c->jn;
        /* c->jn keeps the sub-steps' impulse: the bounce is once, and
         * warm starting the next step with it would give it again. */
        c->max_jn = fmax2(c->max_jn, nj);
        if (two) { s.vx[a] = vax - c->ma * imp * c->nx; s.vy[a] = vay - c->ma * imp * c->ny; }
        s.vx[b] = s.vx[b] + c->mb * imp * c->nx;
        s.vy[b] = s.vy[b] + c->mb * imp * c->ny;
    }

    /* 5. Continuous collision against the statics, every moved ball; then
     * the moved bullets against the other balls (CAP_BALL_BULLET), in slot
     * order, each seeing the final places of the bullets before it. */
    uint32_t bullets = 0, kfirst = 0;
    for (uint32_t i = 0; i < n; i++) {
        if ((s.flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
        if (s.x[i] == s.sx[i] && s.y[i] == s.sy[i]) continue;
        while (kfirst < w->contact_count && w->contacts[kfirst].kind == 0 && w->contacts[kfirst].b < i) kfirst++;
        bullets |= s.flags[i];
        float nx = 0.0f, ny = 0.0f;
        float t = ccd_ball(w, &s, i, s.sx[i], s.sy[i], s.x[i], s.y[i], &nx, &ny);
        if (t == 0.0f) {
            /* Stopped where it started (in contact, pressed in): it slides
             * instead, its motion and velocity without their parts into
             * that shape, when nothing else stops the slide. A ball held
             * fast would keep the velocity the solver gave it for a move it
             * never made, and gain more every step. */
            float into = (s.x[i] - s.sx[i]) * nx + (s.y[i] - s.sy[i]) * ny;
            float qx = s.x[i] - into * nx, qy = s.y[i] - into * ny, mx, my;
            if (ccd_ball(w, &s, i, s.sx[i], s.sy[i], qx, qy, &mx, &my) >= 1.0f) {
                s.x[i] = qx;
                s.y[i] = qy;
                float vn = s.vx[i] * nx + s.vy[i] * ny;
                if (vn < 0.0f) {
                    s.vx[i] = s.vx[i] - vn * nx;
                    s.vy[i] = s.vy[i] - vn * ny;
                }
                t = 1.0f;
            }
        }
        /* The kinematic and pivoted capsules it has no contact with, over
         * their motion: the first one met carries it on (carry_with). */
        uint32_t kin = 0xffffffffu;
        if (w->kin_count) {
            float tk = ccd_moving(w, &s, i, kfirst, &kin);
            if (tk < fmin2(t, 1.0f)) t = tk;
            else kin = 0xffffffffu;
        }
        /* A fast ball (a move of more than its radius) stops at the
         * first ball in its path too: one it went into would be pushed out
         * at the push speed, and pumped by friction on the way. (Not a
         * bullet: it gets the full sweep below, against every ball.) */
        float mx = s.x[i] - s.sx[i], my = s.y[i] - s.sy[i];
        if (mx * mx + my * my > s.rad[i] * s.rad[i] && !(s.flags[i] & CAP_BALL_BULLET)) {
            float px = s.sx[i] + fmin2(t, 1.0f) * mx, py = s.sy[i] + fmin2(t, 1.0f) * my;
            float tb = ccd_balls(w, &s, i, s.sx[i], s.sy[i], px, py);
            if (tb < 1.0f) { t = fmin2(t, 1.0f) * tb; kin = 0xffffffffu; }
        }
        if (t < 1.0f || kin != 0xffffffffu) {
            float tt = fmin2(t, 1.0f);
            stop_at(&s, i, tt, gx, gy);
            if (kin != 0xffffffffu) carry_with(w, &s, i, kin, tt);
        }
    }
    for (uint32_t i = 0; (bullets & CAP_BALL_BULLET) && i < n; i++) {
        const uint32_t want = CAP_BALL_ALIVE | CAP_BALL_AWAKE | CAP_BALL_BULLET;
        if ((s.flags[i] & want) != want || (s.x[i] == s.sx[i] && s.y[i] == s.sy[i])) continue;
        float t = ccd_bullet(&s, i);
        if (t < 1.0f) stop_at(&s, i, t, gx, gy);
    }

    /* 6. Sleep: groups of touching awake balls that have all been slow for
     * sleep_time. */
    if (d->sleep_enabled) {
        float sl2 = d->sleep_speed * upm * d->sleep_speed * upm;
        uint32_t* parent = w->island;
        for (uint32_t i = 0; i < n; i++) {
            parent[i] = i;
            if ((s.flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
            float wr = s.av[i] * s.rad[i];
            float sp = s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i] + wr * wr;
            s.st[i] = sp < sl2 ? s.st[i] + d->dt : 0.0f;
        }
        for (uint32_t k = 0; k < w->contact_count; k++) {
            const cap_wcontact* c = &w->contacts[k];
            if (c->kind != 1 || c->max_jn == 0.0f || c->ma == 0.0f || c->mb == 0.0f) continue;
            uint32_t ra = find_root(parent, c->a), rb = find_root(parent, c->b);
            if (ra != rb) parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
        }
        /* A group's time is its least; store it at the root (float min). */
        for (uint32_t i = 0; i < n; i++) {
            if ((s.flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
            uint32_t r = find_root(parent, i);
            if (s.st[i] < s.st[r]) s.st[r] = s.st[i];
        }
        for (uint32_t i = 0; i < n; i++) {
            if ((s.flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
            uint32_t r = find_root(parent, i);
            if (s.st[r] >= d->sleep_time && s.st[i] >= d->sleep_time) {
                s.flags[i] &= ~CAP_BALL_AWAKE;
                s.vx[i] = s.vy[i] = s.av[i] = 0.0f;
            }
        }
    }

    /* Events: begin/end/hit by merging with last step's contacts. */
    {
        float hit = d->hit_speed_threshold * upm;
        uint32_t p = 0;
        for (uint32_t k = 0; k <= w->contact_count; k++) {
            cap_wcontact* c = k < w->contact_count ? &w->contacts[k] : NULL;
            uint64_t kc = c ? key64(c) : 0;
            while (p < w->prev_count && (!c || key64(&w->prev[p]) < kc)) {
                const cap_wcontact* o = &w->prev[p++];
                if (o->touching) cap_world_emit(w, CAP_EVENT_END, o->kind, o->kind ? o->a : o->b, o->kind ? o->b : o->a, NULL);
            }
            if (!c) break;
            int was = c->touching;
            if (p < w->prev_count && key64(&w->prev[p]) == kc) p++;
            int now;
            if (c->mass_n == 0.0f) {
                now = was;
            } else if (c->kbody || c->pivot) {
                now = c->max_jn > 0.0f || c->s0 <= 0.0f; /* s0: at the last sub-step's start */
            } else {
                uint32_t a = c->a, b = c->b;
                int two = c->kind == 1;
                float dpx = (s.x[b] - s.sx[b]) - (two ? s.x[a] - s.sx[a] : 0.0f);
                float dpy = (s.y[b] - s.sy[b]) - (two ? s.y[a] - s.sy[a] : 0.0f);
                now = c->max_jn > 0.0f || c->s0 + dpx * c->nx + dpy * c->ny <= 0.0f;
            }
            c->touching = (uint32_t)now;
            uint32_t ea = c->kind ? c->a : c->b, eb = c->kind ? c->b : c->a;
            if (now && !was) {
                cap_world_emit(w, CAP_EVENT_BEGIN, c->kind, ea, eb, NULL);
                float speed = 0.0f - c->vn0;
                if (speed >= hit) {
                    float extra[5] = {speed, c->px, c->py, c->nx, c->ny};
                    cap_world_emit(w, CAP_EVENT_HIT, c->kind, ea, eb, extra);
                }
            } else if (!now && was) {
                cap_world_emit(w, CAP_EVENT_END, c->kind, ea, eb, NULL);
            }
        }
    }

    /* Sensors: overlaps of every live ball with sensor statics, merged
     * with last step's by (ball, static). */
    {
        uint32_t sensors = 0, m = 0;
        for (uint32_t i = 0; i < w->static_slots; i++) sensors += (w->static_info[3 * i + 2] & 1u) && w->statics[i].sensor;
        for (uint32_t b = 0; sensors > 0 && b < n; b++) {
            if (!(s.flags[b] & CAP_BALL_ALIVE)) continue;
            float r = s.rad[b];
            uint32_t cn = cap_world_static_candidates(w, s.x[b] - r, s.y[b] - r, s.x[b] + r, s.y[b] + r);
            for (uint32_t k = 0; k < cn; k++) {
                uint32_t si = w->cand[k];
                const cap_wstatic* st = &w->statics[si];
                if (!st->sensor || !((st->category & s.mask[b]) && (s.cat[b] & st->mask))) continue;
                int in;
                if (st->kind == CAP_STATIC_LINE) {
                    in = (s.x[b] - st->ax) * st->nx + (s.y[b] - st->ay) * st->ny <= r;
                } else {
                    cap_segment_point q = cap_closest_point_on_segment(cap_v2(st->ax, st->ay), cap_v2(st->bx, st->by), cap_v2(s.x[b], s.y[b]));
                    float dx = s.x[b] - q.point.x, dy = s.y[b] - q.point.y, R = r + st->radius;
                    in = dx * dx + dy * dy <= R * R;
                }
                /* Out of memory: the overlap is missed this step (documented). */
                if (!in || cap_world_reserve_u32(&w->sensor_now, &w->sensor_now_cap, 2 * (m + 1))) continue;
                w->sensor_now[2 * m] = si;
                w->sensor_now[2 * m + 1] = b;
                m++;
            }
        }
        const uint32_t *old = w->sensor_prev, *cur = w->sensor_now;
        uint32_t i = 0, j = 0, pc = w->sensor_prev_count;
        while (i < pc || j < m) {
            int cmp;
            if (i == pc) cmp = 1;
            else if (j == m) cmp = -1;
            else {
                uint32_t ob = old[2 * i + 1], os = old[2 * i], nb = cur[2 * j + 1], ns = cur[2 * j];
                cmp = ob != nb ? (ob < nb ? -1 : 1) : (os != ns ? (os < ns ? -1 : 1) : 0);
            }
            if (cmp < 0) { cap_world_emit(w, CAP_EVENT_SENSOR_LEAVE, 0, old[2 * i + 1], old[2 * i], NULL); i++; }
            else if (cmp > 0) { cap_world_emit(w, CAP_EVENT_SENSOR_ENTER, 0, cur[2 * j + 1], cur[2 * j], NULL); j++; }
            else { i++; j++; }
        }
        uint32_t* tp = w->sensor_prev; w->sensor_prev = w->sensor_now; w->sensor_now = tp;
        uint32_t tc = w->sensor_prev_cap; w->sensor_prev_cap = w->sensor_now_cap; w->sensor_now_cap = tc;
        w->sensor_prev_count = m;
    }

    /* Kinematic capsules move on by dt times their velocity. */
    for (uint32_t k = 0; k < w->kin_count; k++) {
        cap_wstatic* st = &w->statics[w->kins[k]];
        if (st->kind == CAP_STATIC_PIVOTED) cap_world_place_kinematic(st, st->cx, st->cy, st->lo > st->hi ? wrap_angle(st->angle) : st->angle);
        else cap_world_place_kinematic(st, st->cx + d->dt * st->vx, st->cy + d->dt * st->vy, wrap_angle(st->angle + d->dt * st->w));
    }

    /* Keep this step's contacts for the next one and remember the state
     * this step wrote. */
    cap_wcontact* t = w->prev;
    w->prev = w->contacts;
    w->contacts = t;
    uint32_t tcap = w->prev_cap;
    w->prev_cap = w->contact_cap;
    w->contact_cap = tcap;
    w->prev_count = w->contact_count;
    w->contact_count = 0;
    for (uint32_t i = 0; i < n; i++) {
        w->last_x[i] = s.x[i];
        w->last_y[i] = s.y[i];
        w->last_vx[i] = s.vx[i];
        w->last_vy[i] = s.vy[i];
    }
    w->query_stale |= 1; /* queries see this step's positions (query.c) */
    return CAP_WORLD_OK;
}

const float* cap_world_contacts(cap_world* w, uint32_t* count)
{
    /* Filled on demand from the last step's contacts (drawing only). */
    uint32_t m = 0;
    for (uint32_t k = 0; k < w->prev_count; k++) m += w->prev[k].touching != 0;
    uint32_t cap = w->draw_cap;
    void* p = w->draw_contacts;
    if (cap_world_reserve_bytes(&p, &cap, 6 * m + 6, 4)) { *count = 0; return w->draw_contacts; }
    w->draw_contacts = p;
    w->draw_cap = cap;
    uint32_t j = 0;
    for (uint32_t k = 0; k < w->prev_count; k++) {
        const cap_wcontact* c = &w->prev[k];
        if (!c->touching) continue;
        float* o = &w->draw_contacts[6 * j++];
        o[0] = c->px; o[1] = c->py; o[2] = c->nx; o[3] = c->ny; o[4] = c->s0; o[5] = c->jn;
    }
    w->draw_count = j;
    *count = j;
    return w->draw_contacts;
}
