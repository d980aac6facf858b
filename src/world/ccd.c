/* capsule2d — continuous collision: every moved ball swept from its start
 * to its end position against the statics (ccd_ball), the kinematic and
 * pivoted capsules over their motion (ccd_moving) and, when fast, the balls
 * near its path (ccd_balls); bullets against every ball (ccd_bullet); the
 * first time of impact stops it (stop_at). The times of impact: toi.c. */
#include <stdlib.h>
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"
#include "world/statics.h"

/* Continuous collision of ball b against the statics: returns the time of
 * impact in [0, 1) or 2. The allowed distance to each shape's core is
 * min(R - slop, start distance): a ball in contact (resting, rolling) may
 * move along or away from that shape but never ends deeper than a slop (or
 * than it started, if the solver left it deeper), and every other shape
 * still stops it. */
/* (step_internal.h) */
const uint32_t* cap_ball_candidates(cap_world* w, uint32_t b, float pad, float x0, float y0, float x1, float y1, uint32_t* m)
{
    if (b < w->ball_cap) {
        const struct cap_ball_cands* e = &w->ball_cands[b];
        if (e->count == 0 && e->version == w->sg_version && x0 >= e->x0 && y0 >= e->y0 && x1 <= e->x1 && y1 <= e->y1) {
            *m = w->line_count;
            return w->lines;
        }
    }
    *m = cap_world_ball_static_candidates(w, b, pad, x0, y0, x1, y1);
    return w->cand;
}

#define CCD_ALL 0xffffffffu
#define CCD_NONE 0xfffffffeu
/* near: a ball that moved less than its clearance (struct cap_ball_cands;
 * ccd_which) has its first contact at near, and only the fixed
 * statics it has a contact with (in slot order, as the candidates) may
 * stop it: the others are left out (they would give no time before the
 * end). CCD_ALL: every candidate. */
static float ccd_ball(cap_world* w, const step_ctx* s, uint32_t b, float p0x, float p0y, float p1x, float p1y, float* bnx, float* bny,
                      uint32_t near)
{
    float dx = p1x - p0x, dy = p1y - p0y;
    float r = s->rad[b];
    float x0 = fmin2(p0x, p1x) - r, x1 = fmax2(p0x, p1x) + r;
    float y0 = fmin2(p0y, p1y) - r, y1 = fmax2(p0y, p1y) + r;
    uint32_t m = 0;
    const uint32_t* cand = w->cand;
    if (near == CCD_ALL) cand = cap_ball_candidates(w, b, 0.0f, x0, y0, x1, y1, &m); /* (within the box its contacts kept) */
    for (; near < w->contact_count && w->contacts[near].kind == 0 && w->contacts[near].b == b; near++)
        if (cap_static_fixed(&w->statics[w->contacts[near].a])) w->cand[m++] = w->contacts[near].a;
    float best = 2.0f;
    for (uint32_t k = 0; k < m; k++) {
        const cap_wstatic* st = &w->statics[cand[k]];
        if (st->sensor || !((st->category & s->mask[b]) && (s->cat[b] & st->mask))) continue;
        if (cap_static_half_plane(st)) {
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
            float t = cap_toi_segment(p0x, p0y, dx, dy, st->ax, st->ay, st->bx, st->by, allowed, s->slop);
            if (t < best) { best = t; *bnx = (p0x - q.point.x) / d0; *bny = (p0y - q.point.y) / d0; }
        }
    }
    return best;
}

/* Time of impact of a centre moving w + t d (t in [0, 1]) relative to
 * another ball's centre, radii summing to R, with ccd_ball's rule: the
 * allowed distance is min(R - slop, the start distance) (half R for balls
 * thinner than two slops); centres within a slop at the start are the
 * solver's case (2: no stop). With solvers set (w is the two balls at the
 * step's start), two balls pressed together there (deeper than two slops:
 * a pile's weight, not a sweep's stop, which leaves them a slop deep) are
 * the solver's contact, which takes their approach on: only a path that
 * would pass through (within half R, or deeper than it started if it was
 * deeper already) stops. (Stopped at the start for any approach, a ball in
 * a falling pile pressed by a neighbour was held where it was, velocity
 * kept, and the ball above fell into it: 0.64 m deep in the soak.) */
static __attribute__((noinline)) float toi_ball(float wx, float wy, float dx, float dy, float R, float slop, int solvers)
{
    float d0 = cap_length(cap_v2(wx, wy));
    if (!(d0 > slop)) return 2.0f;
    float allowed = solvers && d0 < R - 2.0f * slop ? 0.5f * R : fmax2(R - slop, 0.5f * R);
    return cap_toi_segment(wx, wy, dx, dy, 0.0f, 0.0f, 0.0f, 0.0f, fmin2(allowed, d0), slop);
}

/* The time of impact of two balls on the step's clock: a moves from its
 * start by (ax, ay) uniformly over [0, ca], then rests (stopped: ca < 1);
 * b likewise by (bx, by) over [0, cb]; (wx, wy) is a's start less b's.
 * Both move until the earlier rests, then only the other (toi_ball's rule
 * on each piece: never deeper than the piece began). A path stopped at a
 * static taken over the whole step would seem slower than it was, and a
 * ball flying beside it would seem to close in (two shots side by side at
 * a wall both stopped where they started, every step). With ca = cb = 1
 * it is toi_ball on the relative path, to the bit. Returns t in [0, 1],
 * or 2. */
static float toi_clocked(float wx, float wy, float ax, float ay, float ca, float bx, float by, float cb, float R, float slop)
{
    float t1 = fmin2(ca, cb), t2 = fmax2(ca, cb), fa = t1 < ca ? t1 / ca : 1.0f, fb = t1 < cb ? t1 / cb : 1.0f;
    float rx = ax * fa - bx * fb, ry = ay * fa - by * fb;
    float u = toi_ball(wx, wy, rx, ry, R, slop, 1);
    if (u <= 1.0f) return u * t1;
    if (!(t2 > t1)) return 2.0f;
    float g = (t2 - t1) / t2; /* the part of the later one's move left */
    float mx = ca > cb ? ax * g : 0.0f - bx * g, my = ca > cb ? ay * g : 0.0f - by * g;
    u = toi_ball(wx + rx, wy + ry, mx, my, R, slop, 0);
    return u <= 1.0f ? t1 + u * (t2 - t1) : 2.0f;
}

/* Whether ball b is on an active joint this step (cap_joints_tag). */
static int joined(const cap_world* w, uint32_t b)
{
    uint32_t t = 0u;
    if (w->joint_count) memcpy(&t, &w->body[b].pad, sizeof t);
    return t != 0u;
}

/* One pair's times for a sweeping ball: t, where the two relative paths
 * meet, and te, its impact with the other ball's (j's) end position (the
 * caller asks only when t < 1). The earlier into *best; *who is j when the
 * meeting is the earlier and now the step's first (the two meet mid-way,
 * j's end is farther on), else NO_BALL when te is. Ties keep the first
 * found (slot order: deterministic). The caller then moves j back to time
 * t of its own move too (stop_at), so the two end the step touching and
 * the next step's contact bounces both: left where it ended, j would be a
 * stretch of path ahead of the stopped ball, and two balls whose paths
 * cross at the same time (an X, at any speed) would pass each other
 * untouched. j's start to its end was swept clear (or is the solver's),
 * so every point on the way is too. Not when either ball is on a joint:
 * one moved back while its joints hold it to partners that moved on, or
 * a joined ball's meeting taken back from a free one, let the playground's
 * heavy ball through the rope bridge to the floor; the sweeping ball stops
 * as before and their contacts take it on. Nor when the two started the
 * step touching (apart: 0): they have the solver's contact, so theirs is no
 * crossing; moving j back there undid j's own stop at a third ball, every
 * step, and the two hung in mid-air at 117 m/s (the soak: a shot grazing a
 * ball it had just hit). */
#define NO_BALL 0xffffffffu
static inline int started_apart(float wx, float wy, float R)
{
    return wx * wx + wy * wy > R * R;
}
static inline void pair_min(float t, float te, uint32_t j, int apart, float* best, uint32_t* who)
{
    float m = fmin2(t, te);
    if (m < *best) *who = t < te && apart ? j : NO_BALL;
    *best = fmin2(*best, m);
}

/* The step's far movers: the balls already swept (lower slots, their
 * final paths) that are small (radius at most bg_reach, the largest small
 * ball's), not bullets, and moved more than bg_reach, which the ball grid
 * around a path (ccd_balls) may not hold: their start may lie far from
 * every path theirs crosses. Each is added after its own sweep (far_add) to
 * a coarse grid of its start: the ball grid's cells (start positions) taken
 * 2^sh by 2^sh, at most as many as ball slots (head: the last ball added in
 * each, next: the one added before it in the same cell, ~0u ending; the
 * heads are reset at the first). mx, my: the longest move on each axis of
 * any of them, so every far mover whose path comes within d of a box
 * starts within d + (mx, my) of it. Of two fast balls whose paths cross,
 * the later slot meets the earlier one's final path, and stops at the
 * meeting or short of the earlier one's end, whichever comes first, so the
 * two never swap nor end deeper than the slop. (Taking the later ones'
 * unswept paths too stopped balls for paths that a later stop then cut
 * short, changing the golden scenes where nothing would have passed
 * through; bullets are left to their own sweep, which comes last.) */
typedef struct far_set {
    uint32_t count, sh, ncx, ncy;
    float mx, my;
    uint32_t *head, *next;
} far_set;

/* Ball j's path (start -> where it is now, over [0, clock[j]]) against
 * fast ball b's p0 -> p0 + d (over the whole step: b's own clock is 1 at
 * its turn; toi_clocked): the earlier of the time the two come within the
 * allowed distance and b's time of impact with j's end position, into
 * *best (see ccd_balls). */
static void ball_pair(cap_world* w, const step_ctx* s, const float* clock, uint32_t b, uint32_t j, float p0x, float p0y, float dx, float dy,
                      int joint_ball, float* best, uint32_t* who)
{
    if (j == b || !((s->cat[j] & s->mask[b]) && (s->cat[b] & s->mask[j]))) return;
    if (joint_ball && joined(w, j)) return; /* two balls on joints: their contacts (cap_step_ccd) */
    float qx = s->x[j], qy = s->y[j], ox = s->sx[j], oy = s->sy[j], R = s->rad[b] + s->rad[j];
    float t = toi_clocked(p0x - ox, p0y - oy, dx, dy, 1.0f, qx - ox, qy - oy, clock[j], R, s->slop);
    if (t < 1.0f) pair_min(t, toi_ball(p0x - qx, p0y - qy, dx, dy, R, s->slop, 0), j, started_apart(p0x - ox, p0y - oy, R), best, who);
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
 * all; and the far movers in lower slots (far_set) whose paths' boxes
 * come within the radii's sum (and a margin) of its path's box, at any
 * distance and speed, the ones the grid held skipped (cell_of). So every
 * ball whose path comes within reach of b's is tested but the far movers
 * in higher slots, whose own sweeps meet b's final path (some twice: the
 * minimum is the same). */
static float ccd_balls(cap_world* w, const step_ctx* s, const float* clock, uint32_t b, float p0x, float p0y, float p1x, float p1y,
                       int joint_ball, const far_set* f, uint32_t* who)
{
    float dx = p1x - p0x, dy = p1y - p0y, dd = dx * dx + dy * dy;
    float best = 2.0f;
    if (!(dd > 0.0f)) return best;
    int32_t x0 = 0, x1 = -1, y0 = 0, y1 = -1;
    float bx0 = fmin2(p0x, p1x), bx1 = fmax2(p0x, p1x), by0 = fmin2(p0y, p1y), by1 = fmax2(p0y, p1y);
    if (w->bg_nx > 0) {
        float e = s->rad[b] + 2.0f * w->bg_reach + s->margin;
        x0 = cell_of(bx0 - e, w->bg_minx, w->bg_inv, w->bg_nx);
        x1 = cell_of(bx1 + e, w->bg_minx, w->bg_inv, w->bg_nx);
        y0 = cell_of(by0 - e, w->bg_miny, w->bg_inv, w->bg_ny);
        y1 = cell_of(by1 + e, w->bg_miny, w->bg_inv, w->bg_ny);
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
        for (uint32_t k = k0; k < k1; k++) ball_pair(w, s, clock, b, y <= y1 ? w->cell_items[k] : w->big[k], p0x, p0y, dx, dy, joint_ball, &best, who);
    }
    if (f->count == 0) return best;
    /* The far movers: the coarse cells of starts within the reach and
     * (mx, my) of the path's box, the ones the grid held skipped. */
    float d = s->rad[b] + w->bg_reach + s->margin;
    bx0 -= d, bx1 += d, by0 -= d, by1 += d;
    uint32_t cx0 = (uint32_t)cell_of(bx0 - f->mx, w->bg_minx, w->bg_inv, w->bg_nx) >> f->sh;
    uint32_t cx1 = (uint32_t)cell_of(bx1 + f->mx, w->bg_minx, w->bg_inv, w->bg_nx) >> f->sh;
    uint32_t cy0 = (uint32_t)cell_of(by0 - f->my, w->bg_miny, w->bg_inv, w->bg_ny) >> f->sh;
    uint32_t cy1 = (uint32_t)cell_of(by1 + f->my, w->bg_miny, w->bg_inv, w->bg_ny) >> f->sh;
    for (uint32_t cy = cy0; cy <= cy1; cy++)
        for (uint32_t cx = cx0; cx <= cx1; cx++)
            for (uint32_t j = f->head[cy * f->ncx + cx]; j != 0xffffffffu; j = f->next[j]) {
                if (fmax2(s->sx[j], s->x[j]) < bx0 || fmin2(s->sx[j], s->x[j]) > bx1 || fmax2(s->sy[j], s->y[j]) < by0 ||
                    fmin2(s->sy[j], s->y[j]) > by1)
                    continue;
                uint32_t c = w->cell_of[j], gy = c / (uint32_t)w->bg_nx, gx = c - gy * (uint32_t)w->bg_nx;
                if ((int32_t)gx >= x0 && (int32_t)gx <= x1 && (int32_t)gy >= y0 && (int32_t)gy <= y1) continue; /* (the grid's) */
                ball_pair(w, s, clock, b, j, p0x, p0y, dx, dy, joint_ball, &best, who);
            }
    return best;
}

/* Ball i after its sweeps: added to the far movers (far_set) if it is one
 * (the caller asks only for the fast balls and the carried ones: a stop or a
 * slide never lengthens a move). */
static void far_add(cap_world* w, const step_ctx* s, far_set* f, uint32_t i)
{
    float ax = s->x[i] - s->sx[i], ay = s->y[i] - s->sy[i], reach = w->bg_reach;
    if (!(ax * ax + ay * ay > reach * reach) || w->bg_nx <= 0 || s->rad[i] > reach || (s->flags[i] & CAP_BALL_BULLET)) return;
    if (f->count++ == 0) { /* the first: the coarse grid, at most s->n + 1 cells (far_start's) */
        uint32_t sh = 0;
        while (sh < 31 && (uint64_t)(((uint32_t)w->bg_nx - 1u) >> sh) * (((uint32_t)w->bg_ny - 1u) >> sh) +
                                  (((uint32_t)w->bg_nx - 1u) >> sh) + (((uint32_t)w->bg_ny - 1u) >> sh) + 1u > (uint64_t)s->n + 1u)
            sh++;
        f->sh = sh;
        f->ncx = (((uint32_t)w->bg_nx - 1u) >> sh) + 1u;
        f->ncy = (((uint32_t)w->bg_ny - 1u) >> sh) + 1u;
        memset(f->head, 0xff, (size_t)f->ncx * f->ncy * 4);
    }
    uint32_t c = w->cell_of[i], gy = c / (uint32_t)w->bg_nx, k = (gy >> f->sh) * f->ncx + ((c - gy * (uint32_t)w->bg_nx) >> f->sh);
    f->next[i] = f->head[k];
    f->head[k] = i;
    f->mx = fmax2(f->mx, __builtin_fabsf(ax));
    f->my = fmax2(f->my, __builtin_fabsf(ay));
}

/* Continuous collision of a fast ball b (its path p0 -> p1) against the
 * capsule bodies, at their poses at the step's start (the bodies' pass
 * moves them later, sweeping them in turn): the time in [0, 1) at which
 * the path first comes within the allowed distance of a body's core
 * (ccd_moving's: the radii's sum less a slop, or where it starts when
 * nearer), or 2. Bodies joined to it (no contact between them) and bodies
 * it starts within a slop of the core of are skipped. Only the bodies
 * whose boxes this step (cap_bodies_pairs: core grown by radius and reach,
 * sorted by low edge on the sweep axis) can overlap the path's are tested:
 * a binary search to the first whose low edge is within the widest box of
 * the path's low edge, then on until a low edge passes its high edge. The
 * ends are the step's start poses' (b->pre). The earliest time is the same
 * whatever the order (a minimum). */
static float ccd_bodies(cap_world* w, const step_ctx* s, uint32_t b, float p0x, float p0y, float p1x, float p1y)
{
    const cap_wbodies* B = w->bodies;
    float dx = p1x - p0x, dy = p1y - p0y, r = s->rad[b], best = 2.0f;
    float x0 = fmin2(p0x, p1x) - r, x1 = fmax2(p0x, p1x) + r, y0 = fmin2(p0y, p1y) - r, y1 = fmax2(p0y, p1y) + r;
    /* The path's box on the sweep axis in double, widened by a relative
     * 1e-6 (float rounding: never narrower than the float test below). */
    double lo = B->sweep_axis ? y0 : x0, hi = B->sweep_axis ? y1 : x1;
    double olo = B->sweep_axis ? x0 : y0, ohi = B->sweep_axis ? x1 : y1;
    double pad = 1e-6 * ((lo < 0 ? -lo : lo) + (hi < 0 ? -hi : hi) + (olo < 0 ? -olo : olo) + (ohi < 0 ? -ohi : ohi));
    lo -= pad, hi += pad, olo -= pad, ohi += pad;
    const double start = lo - B->sweep_width;
    const double* sb = B->sbox;
    uint32_t first = 0, last = B->order_n;
    while (first < last) { /* the first low edge at or past start */
        uint32_t mid = first + (last - first) / 2;
        if (sb[4 * (size_t)mid] < start) first = mid + 1;
        else last = mid;
    }
    for (uint32_t k = first; k < B->order_n && !(sb[4 * (size_t)k] > hi); k++) {
        if (sb[4 * (size_t)k + 1] < lo || sb[4 * (size_t)k + 2] > ohi || sb[4 * (size_t)k + 3] < olo) continue;
        uint32_t j = B->order[k];
        uint32_t cat = CAP_BODU(B, CAP_BODY_CATEGORY)[j], mask = CAP_BODU(B, CAP_BODY_MASK)[j];
        if (!((cat & s->mask[b]) && (s->cat[b] & mask)) || (B->joined_count && cap_bodies_joined_ball(B, j, b))) continue;
        const float* pj = &B->pre[5 * (size_t)j];
        cap_vec2 a = cap_v2(pj[0], pj[1]), e = cap_v2(pj[2], pj[3]);
        float R = r + CAP_BODF(B, CAP_BODY_RADIUS)[j], rb = CAP_BODF(B, CAP_BODY_RADIUS)[j];
        if (fmin2(a.x, e.x) - rb > x1 || fmax2(a.x, e.x) + rb < x0 || fmin2(a.y, e.y) - rb > y1 || fmax2(a.y, e.y) + rb < y0) continue;
        cap_segment_point q = cap_closest_point_on_segment(a, e, cap_v2(p0x, p0y));
        float d0 = cap_length(cap_v2(p0x - q.point.x, p0y - q.point.y));
        float allowed = fmin2(fmax2(R - s->slop, 0.5f * R), d0);
        if (!(d0 > s->slop) || !(allowed > 0.0f)) continue;
        best = fmin2(best, cap_toi_segment(p0x, p0y, dx, dy, a.x, a.y, e.x, e.y, allowed, s->slop));
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
static float ccd_bullet(const step_ctx* s, const float* clock, uint32_t i, uint32_t* who)
{
    float p0x = s->sx[i], p0y = s->sy[i], dx = s->x[i] - p0x, dy = s->y[i] - p0y, r = s->rad[i];
    float x0 = fmin2(p0x, s->x[i]) - r, x1 = fmax2(p0x, s->x[i]) + r;
    float y0 = fmin2(p0y, s->y[i]) - r, y1 = fmax2(p0y, s->y[i]) + r;
    float best = 2.0f;
    for (uint32_t j = 0; j < s->n; j++) {
        if (j == i || !(s->flags[j] & CAP_BALL_ALIVE) || !((s->cat[i] & s->mask[j]) && (s->cat[j] & s->mask[i]))) continue;
        float qx = s->x[j], qy = s->y[j], ox = s->sx[j], oy = s->sy[j], rj = s->rad[j], R = r + rj;
        if (fmax2(qx, ox) + rj < x0 || fmin2(qx, ox) - rj > x1 || fmax2(qy, oy) + rj < y0 || fmin2(qy, oy) - rj > y1) continue;
        float t = toi_clocked(p0x - ox, p0y - oy, dx, dy, clock[i], qx - ox, qy - oy, clock[j], R, s->slop);
        if (t < 1.0f) pair_min(t, toi_ball(p0x - qx, p0y - qy, dx, dy, R, s->slop, 0) * clock[i], j, started_apart(p0x - ox, p0y - oy, R), &best, who);
    }
    return best;
}

/* Moves ball i back to time t of its move this step. The fall the stop
 * undid is potential energy the velocity already holds (gravity acted for
 * the whole step): the speed gives it back, direction kept. */
CAP_NOINLINE static void stop_at(step_ctx* s, uint32_t i, float t, float gx, float gy)
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

/* Ball i moved back to where it is at time t of the step (its clock: it
 * moves over [0, clock[i]], then rests), if it had not come to rest by
 * then. */
static void stop_clocked(step_ctx* s, float* clock, uint32_t i, float t)
{
    if (!(t < clock[i])) return;
    stop_at(s, i, t / clock[i], s->gx, s->gy);
    clock[i] = 1.0f; /* (stopped at a ball: see cap_step_ccd's clock) */
}

/* Ball i, stopped at time t where it met ball met (pair_min: the other's
 * meeting time), pulls met back to that time too, unless either is on a
 * joint (the joints hold it to partners that flew on). */
static void pull_back(const cap_world* w, step_ctx* s, float* clock, uint32_t i, uint32_t met, float t)
{
    if (met != NO_BALL && t < 1.0f && !joined(w, met) && !joined(w, i)) stop_clocked(s, clock, met, t);
}

/* (step_internal.h) */
CAP_NOINLINE void cap_moving_pose(const cap_world* w, uint32_t k, float* cx, float* cy, float* ex, float* ey, float* th0, float* dth)
{
    const cap_wstatic* st = &w->statics[w->kins[k]];
    int piv = cap_static_turns(st);
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
        cap_moving_pose(w, k, &cx, &cy, &ex, &ey, &th0, &dth);
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
        float t = cap_toi_turning(p0x - cx, p0y - cy, dx - ex, dy - ey, th0, dth, st->la, st->lb, allowed, 0.25f * s->slop);
        if (t < best) { best = t; *which = k; }
    }
    return best;
}

/* (step_internal.h) */
CAP_NOINLINE int cap_moving_carry(const cap_world* w, uint32_t k, float t, float px, float py, float* qx, float* qy, float* turn)
{
    float cx, cy, ex, ey, th0, dth;
    cap_moving_pose(w, k, &cx, &cy, &ex, &ey, &th0, &dth);
    float c, sn;
    *turn = (1.0f - t) * dth;
    cap_cos_sin(cap_finite(*turn) ? *turn : 0.0f, &c, &sn); /* an overflowed spin: no turn */
    float lx = px - (cx + t * ex), ly = py - (cy + t * ey); /* from the pivot at time t */
    *qx = cx + ex + (c * lx - sn * ly);
    *qy = cy + ey + (sn * lx + c * ly);
    return cap_in_range(*qx) && cap_in_range(*qy);
}

/* Ball i, stopped (stop_at) at time t of its move where it met moving
 * capsule k (index into w->kins): it goes on with the capsule to the
 * capsule's pose at the step's end, keeping its place relative to it (so
 * the capsule can neither pass it nor end over it; the next step's contact
 * takes the collision on), unless a static stops it on the way (ccd_ball:
 * the statics win). */
static void carry_with(cap_world* w, step_ctx* s, uint32_t i, uint32_t k, float t)
{
    float px = s->x[i], py = s->y[i], qx, qy, turn;
    if (!cap_moving_carry(w, k, t, px, py, &qx, &qy, &turn)) return;
    float nx, ny;
    float t2 = ccd_ball(w, s, i, px, py, qx, qy, &nx, &ny, CCD_ALL);
    t2 = fmin2(t2, 1.0f);
    s->x[i] = px + t2 * (qx - px);
    s->y[i] = py + t2 * (qy - py);
}

/* Ball i stopped at time t of its move (when t < 1), then carried on by
 * moving capsule kin (index into w->kins) if it met one (kin not ~0). */
CAP_NOINLINE static void stop_or_carry(cap_world* w, step_ctx* s, uint32_t i, float t, uint32_t kin)
{
    if (!(t < 1.0f) && kin == 0xffffffffu) return;
    float tt = fmin2(t, 1.0f);
    stop_at(s, i, tt, s->gx, s->gy);
    if (kin != 0xffffffffu) carry_with(w, s, i, kin, tt);
}

/* Which statics ball i (its first contact at kc) is swept against: when
 * it moved less than its clearance (contacts.c: from the fixed statics it
 * has no contact with) less 2^-16 of its coordinates for rounding, none of
 * those comes within its radius on the way, nearer than ccd_ball's stops:
 * its contacts' statics (kc), or none (CCD_NONE) when it has no contact
 * with a static; else every candidate (CCD_ALL). */
static uint32_t ccd_which(const cap_world* w, const step_ctx* s, uint32_t i, uint32_t kc)
{
    float mx = s->x[i] - s->sx[i], my = s->y[i] - s->sy[i];
    float c = w->ball_cands[i].clear - (__builtin_fabsf(s->sx[i]) + __builtin_fabsf(s->sy[i])) * 0x1p-16f;
    if (!(c > 0.0f && mx * mx + my * my < c * c)) return CCD_ALL;
    return kc < w->contact_count && w->contacts[kc].kind == 0 && w->contacts[kc].b == i ? kc : CCD_NONE;
}

/* Section 5 of the step. */
/* Ball i against the statics from its start of step to where it is (near:
 * which, ccd_which's answer): the time of impact in [0, 1), or 1 or more
 * (none, or it slid). */
static inline float ccd_statics(cap_world* w, step_ctx* s, uint32_t i, uint32_t near)
{
    float nx = 0.0f, ny = 0.0f;
    float t = near == CCD_NONE ? 2.0f : ccd_ball(w, s, i, s->sx[i], s->sy[i], s->x[i], s->y[i], &nx, &ny, near);
    if (t == 0.0f) {
        /* Stopped where it started (in contact, pressed in): it slides
         * instead, its motion and velocity without their parts into
         * that shape, when nothing else stops the slide. A ball held
         * fast would keep the velocity the solver gave it for a move it
         * never made, and gain more every step. */
        float into = (s->x[i] - s->sx[i]) * nx + (s->y[i] - s->sy[i]) * ny;
        float qx = s->x[i] - into * nx, qy = s->y[i] - into * ny, mx, my;
        if (ccd_ball(w, s, i, s->sx[i], s->sy[i], qx, qy, &mx, &my, CCD_ALL) >= 1.0f) {
            s->x[i] = qx;
            s->y[i] = qy;
            float vn = s->vx[i] * nx + s->vy[i] * ny;
            if (vn < 0.0f) {
                s->vx[i] = s->vx[i] - vn * nx;
                s->vy[i] = s->vy[i] - vn * ny;
            }
            t = 1.0f;
        }
    }
    return t;
}

void cap_step_ccd_again(cap_world* w, step_ctx* s, uint32_t i)
{
    if (s->x[i] == s->sx[i] && s->y[i] == s->sy[i]) return;
    float t = ccd_statics(w, s, i, CCD_ALL); /* (the pass's move: no clearance known for it) */
    /* Every kinematic and pivoted capsule, the ones it has contacts with
     * too: the pass that moved it did not see those contacts. */
    uint32_t kin = 0xffffffffu;
    if (w->kin_count) {
        float tk = ccd_moving(w, s, i, w->contact_count, &kin);
        if (tk < fmin2(t, 1.0f)) t = tk;
        else kin = 0xffffffffu;
    }
    stop_or_carry(w, s, i, t, kin);
}

void cap_step_ccd(cap_world* w, step_ctx* s)
{
    uint32_t n = s->n;
    /* 5. Continuous collision against the statics, every moved ball; then
     * the moved bullets against the other balls (CAP_BALL_BULLET), in slot
     * order, each seeing the final places of the bullets before it. */
    uint32_t bullets = 0, kfirst = 0;
    if (w->joint_count) cap_joints_tag(w, w->body);
    far_set f = {0, 0, 0, 0, 0.0f, 0.0f, w->far_start, w->far_list};
    /* Each ball's clock: it moves from its start to where it is over
     * [0, clock], then rests (toi_clocked): a ball stopped at a static or
     * a moving capsule at time t has clock t. A ball stopped at a ball (or
     * a body) keeps clock 1, its shortened path spread over the step, as
     * the tests of crossings and bullets take it (their only view is its
     * start and end): both meet at the stop, so neither passes the other.
     * A ball's own clock is 1 when its turn comes (stop_clocked leaves a
     * later ball's at 1): its sweep starts from the whole step. In
     * w->ball_tmp (the bounces' k0 is done with). */
    float* clock = w->ball_tmp;
    for (uint32_t i = 0; i < n; i++) clock[i] = 1.0f;
    for (uint32_t i = 0; i < n; i++) {
        if ((s->flags[i] & (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) != (CAP_BALL_ALIVE | CAP_BALL_AWAKE)) continue;
        if (s->x[i] == s->sx[i] && s->y[i] == s->sy[i]) continue;
        while (kfirst < w->contact_count && w->contacts[kfirst].kind == 0 && w->contacts[kfirst].b < i) kfirst++;
        bullets |= s->flags[i];
        uint32_t near = ccd_which(w, s, i, kfirst);
        float t = ccd_statics(w, s, i, near);
        /* The kinematic and pivoted capsules it has no contact with, over
         * their motion: the first one met carries it on (carry_with). */
        uint32_t kin = 0xffffffffu;
        if (w->kin_count) {
            float tk = ccd_moving(w, s, i, kfirst, &kin);
            if (tk < fmin2(t, 1.0f)) t = tk;
            else kin = 0xffffffffu;
        }
        /* A fast ball (a move of more than its radius) stops at the
         * first ball in its path too (ccd_balls: from anywhere, the far
         * movers): one it went into would be pushed out
         * at the push speed, and pumped by friction on the way. (Not a
         * bullet: it gets the full sweep below, against every ball. A
         * ball on a joint is not stopped at another ball on a joint: the
         * stop would move it back along its path while the joints held it to
         * its partners, crushing or stretching its links (a rope's last
         * links, flying fast into another rope or its own, folded to a third
         * of their length in a few steps: the bench's ropes); their contacts
         * push the two apart. It is stopped at a free ball, which it would
         * otherwise pass through: a rope bridge's ball, kicked by a heavy
         * ball landing on it, went through it, and the heavy ball fell
         * through the bridge.) */
        float mx = s->x[i] - s->sx[i], my = s->y[i] - s->sy[i];
        int fast = mx * mx + my * my > s->rad[i] * s->rad[i] && !(s->flags[i] & CAP_BALL_BULLET);
        uint32_t met = NO_BALL;
        float tm = 2.0f;
        int by_ball = 0;
        if (fast) {
            /* Its whole move, on the step's clock: the others move on
             * theirs. (Swept only to a static's stop at time t, its path
             * would be spread over the whole step, as if slower, and a
             * ball flying beside it would seem to close in: two shots
             * flying side by side at a wall both stopped where they
             * started, every step.) */
            float tb = ccd_balls(w, s, clock, i, s->sx[i], s->sy[i], s->x[i], s->y[i], joined(w, i), &f, &met);
            if (tb < fmin2(t, 1.0f)) { t = tb; kin = 0xffffffffu; tm = tb; by_ball = 1; }
            else met = NO_BALL;
            if (w->bodies && w->bodies->live) {
                float px = s->sx[i] + fmin2(t, 1.0f) * mx, py = s->sy[i] + fmin2(t, 1.0f) * my;
                float tc = ccd_bodies(w, s, i, s->sx[i], s->sy[i], px, py);
                if (tc < 1.0f) {
                    t = fmin2(t, 1.0f) * tc;
                    kin = 0xffffffffu;
                    met = NO_BALL; /* (a body stopped it first) */
                    by_ball = 1;
                    cap_bodies_ball_stopped(w->bodies, i);
                }
            }
        }
        stop_or_carry(w, s, i, t, kin);
        clock[i] = kin != 0xffffffffu || by_ball ? 1.0f : fmin2(t, 1.0f); /* (carried: over the whole step) */
        pull_back(w, s, clock, i, met, tm);
        if (fast || kin != 0xffffffffu) far_add(w, s, &f, i); /* (a far mover moved more than its radius, or was carried) */
    }
    for (uint32_t i = 0; (bullets & CAP_BALL_BULLET) && i < n; i++) {
        const uint32_t want = CAP_BALL_ALIVE | CAP_BALL_AWAKE | CAP_BALL_BULLET;
        if ((s->flags[i] & want) != want || (s->x[i] == s->sx[i] && s->y[i] == s->sy[i])) continue;
        uint32_t met = NO_BALL;
        float t = ccd_bullet(s, clock, i, &met);
        if (t < 1.0f) stop_clocked(s, clock, i, t);
        pull_back(w, s, clock, i, met, t);
    }
}
