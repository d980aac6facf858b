/* capsule2d — the world's contact solver, 4 contacts side by side.
 *
 * Contacts are graph-coloured greedily in their (deterministic) order so
 * that no two contacts of one colour share a ball; each colour is cut into
 * packs of 4 (the last one padded with an inert contact on the static
 * body). The lanes of a pack touch different balls, so solving them at once
 * (wasm SIMD, SSE4.1) or one after another (the scalar backend) gives the
 * same bits: scalar and SIMD builds agree by construction. Ball-static
 * contacts all name the static body (slot n), which never moves: it is
 * written only with zeros and is not coloured.
 *
 * The arithmetic per lane is Box2D v3's soft-step contact (movers.c's
 * pivot pass is the same, one contact at a time, with lever terms): normal with soft bias (speculative when
 * separated, rigid for fast approaches when overlapping), friction at the
 * contact point acting on spin, rolling resistance. */
#include <string.h>

#include "kernels/simd4.h"
#include "world/world_internal.h"


/* Colours a ball may take part in; a contact that finds none free goes to a
 * pack of its own after the coloured ones (solved one by one). */
#define MAX_COLORS CAP_SOLVER_COLORS

static void inert(cap_wpack* pk, uint32_t n_balls)
{
    memset(pk, 0, sizeof *pk);
    for (int l = 0; l < 4; l++) {
        pk->a[l] = n_balls;
        pk->b[l] = n_balls;
    }
}

/* A contact into lane l of a pack. */
static void load_lane(cap_wpack* pk, int l, const cap_wcontact* ct, uint32_t n_balls)
{
    pk->a[l] = ct->kind ? ct->a : (ct->kbody ? ct->kbody : n_balls);
    pk->b[l] = ct->b;
    pk->nx[l] = ct->nx; pk->ny[l] = ct->ny; pk->s0[l] = ct->s0;
    pk->ra[l] = ct->ra; pk->rb[l] = ct->rb;
    pk->ma[l] = ct->ma; pk->ia[l] = ct->ia; pk->mb[l] = ct->mb; pk->ib[l] = ct->ib;
    pk->mn[l] = ct->mass_n; pk->mt[l] = ct->mass_t; pk->mr[l] = ct->mass_r;
    pk->fr[l] = ct->friction; pk->roll[l] = ct->rolling;
    pk->jn[l] = ct->jn; pk->jt[l] = ct->jt; pk->jr[l] = ct->jr;
    pk->maxjn[l] = ct->max_jn; pk->vn0[l] = ct->vn0;
}

/* Builds the packs from w->contacts (active ones: mass_n > 0) in the room
 * the ball block (color_mask: n_balls + 1) and the contact block
 * (color_of: contact_cap + 1, packs: contact_cap / 4 + MAX_COLORS + 1)
 * hold. */
void cap_solver_build(cap_world* w, uint32_t n_balls, const float* ball_soft, const float* static_soft)
{
    uint32_t m = w->contact_count;
    memcpy(w->soft, ball_soft, 3 * sizeof(float));
    memcpy(w->soft + 3, static_soft, 3 * sizeof(float));
    w->solver_bodies = n_balls;
    memset(w->color_mask, 0, (size_t)(n_balls + 1) * sizeof(uint64_t));
    uint32_t count[MAX_COLORS + 1]; /* [MAX_COLORS]: contacts with no colour free */
    memset(count, 0, sizeof count);
    for (uint32_t k = 0; k < m; k++) {
        cap_wcontact* c = &w->contacts[k];
        c->lane = 0xffffffffu;
        if (c->mass_n == 0.0f || c->pivot) { /* pivoted: solved apart (movers.c) */
            w->color_of[k] = 0xff;
            continue;
        }
        uint64_t used = w->color_mask[c->b] | (c->kind ? w->color_mask[c->a] : 0u);
        uint32_t color = MAX_COLORS;
        if (~used != 0u) {
            color = (uint32_t)__builtin_ctzll(~used); /* the lowest free colour */
            w->color_mask[c->b] |= (uint64_t)1 << color;
            if (c->kind) w->color_mask[c->a] |= (uint64_t)1 << color;
        }
        w->color_of[k] = (uint8_t)color;
        count[color]++;
    }
    /* Packs: colour by colour, in contact order within each (at most
     * m / 4 + MAX_COLORS of them: the room reserved). */
    uint32_t packs = 0;
    for (int c = 0; c < MAX_COLORS; c++) packs += (count[c] + 3) / 4;
    uint32_t start[MAX_COLORS];
    uint32_t at = 0;
    for (int c = 0; c < MAX_COLORS; c++) {
        start[c] = at;
        at += (count[c] + 3) / 4;
    }
    /* A colour's last pack, when not full, starts inert (static body, no
     * masses); load_lane fills every field of the lanes it loads. */
    for (int c = 0; c < MAX_COLORS; c++)
        if (count[c] % 4) inert(&w->packs[start[c] + count[c] / 4], n_balls);
    uint32_t fill[MAX_COLORS];
    memset(fill, 0, sizeof fill);
    w->lone_count = count[MAX_COLORS];
    for (uint32_t k = 0; k < m; k++) {
        uint32_t color = w->color_of[k];
        if (color == 0xff || color == MAX_COLORS) continue;
        uint32_t slot = fill[color]++;
        w->contacts[k].lane = (start[color] + slot / 4) * 4 + slot % 4;
        load_lane(&w->packs[start[color] + slot / 4], (int)(slot % 4), &w->contacts[k], n_balls);
    }
    w->pack_count = packs;
}



#if !defined(__wasm_simd128__) && !defined(__SSE4_1__)
/* Gathers one body field of the 4 lanes (the scalar backend's dy). */
static inline c4 gather(const cap_wbody* body, const uint32_t* idx, int field)
{
    float t[4];
    for (int l = 0; l < 4; l++) t[l] = ((const float*)&body[idx[l]])[field];
    return c4_load(t);
}
#endif


/* Field offsets in cap_wbody (floats). */
enum { BD_Y = 4 }; /* dy's offset in cap_wbody (floats) */

/* The soft parameters (bias rate, mass scale, impulse scale) of ball-ball
 * contacts (b*) and ball-static ones (s*), splat; a lane picks by its
 * ra (> 0: ball-ball; the values the pack held per lane before, 48 bytes). */
typedef struct soft4 { c4 bbr, bms, bis, sbr, sms, sis; } soft4;

/* One pass over every pack. mode 0: warm start; 1: solve with soft bias;
 * 2: relax (no bias) and record the approach speed. */
C4_HOT void solve_pack(cap_wpack* pk, cap_wbody* body, int mode, c4 vinv_h, c4 npush, const soft4* so)
{
    const c4 zero = c4_splat(0.0f), one = c4_splat(1.0f);
    {
        /* Each body's first 16 bytes are vx, vy, w, dx: four loads and a
         * transpose give the lanes' vectors. */
        c4 vax = c4_load(&body[pk->a[0]].vx), vay = c4_load(&body[pk->a[1]].vx);
        c4 wa = c4_load(&body[pk->a[2]].vx), dxa = c4_load(&body[pk->a[3]].vx);
        c4_transpose(&vax, &vay, &wa, &dxa);
        c4 vbx = c4_load(&body[pk->b[0]].vx), vby = c4_load(&body[pk->b[1]].vx);
        c4 wb = c4_load(&body[pk->b[2]].vx), dxb = c4_load(&body[pk->b[3]].vx);
        c4_transpose(&vbx, &vby, &wb, &dxb);
        c4 nx = c4_load(pk->nx), ny = c4_load(pk->ny), tx = c4_sub(zero, ny), ty = nx;
        c4 ma = c4_load(pk->ma), mb = c4_load(pk->mb), ia = c4_load(pk->ia), ib = c4_load(pk->ib);
        c4 ra = c4_load(pk->ra), rb = c4_load(pk->rb);
        c4 jn = c4_load(pk->jn), jt = c4_load(pk->jt), jr = c4_load(pk->jr);
        if (mode == 0) {
            c4 px = c4_add(c4_mul(jn, nx), c4_mul(jt, tx)), py = c4_add(c4_mul(jn, ny), c4_mul(jt, ty));
            vax = c4_sub(vax, c4_mul(ma, px));
            vay = c4_sub(vay, c4_mul(ma, py));
            wa = c4_sub(c4_sub(wa, c4_mul(ia, c4_mul(ra, jt))), c4_mul(ia, jr));
            vbx = c4_add(vbx, c4_mul(mb, px));
            vby = c4_add(vby, c4_mul(mb, py));
            wb = c4_add(c4_sub(wb, c4_mul(ib, c4_mul(rb, jt))), c4_mul(ib, jr));
        } else {
            /* normal */
            c4 ddx = c4_sub(dxb, dxa);
#if defined(__wasm_simd128__) || defined(__SSE4_1__)
            /* dy: each body's second 16 bytes (dy, da, free, pad),
             * four loads and a transpose, as the heads above. */
            c4 dya = c4_load(&body[pk->a[0]].dy), t1 = c4_load(&body[pk->a[1]].dy);
            c4 t2 = c4_load(&body[pk->a[2]].dy), t3 = c4_load(&body[pk->a[3]].dy);
            c4_transpose(&dya, &t1, &t2, &t3);
            c4 dyb = c4_load(&body[pk->b[0]].dy);
            t1 = c4_load(&body[pk->b[1]].dy); t2 = c4_load(&body[pk->b[2]].dy); t3 = c4_load(&body[pk->b[3]].dy);
            c4_transpose(&dyb, &t1, &t2, &t3);
            c4 ddy = c4_sub(dyb, dya);
#else
            c4 ddy = c4_sub(gather(body, pk->b, BD_Y), gather(body, pk->a, BD_Y));
#endif
            c4 sep = c4_add(c4_add(c4_load(pk->s0), c4_mul(ddx, nx)), c4_mul(ddy, ny));
            c4 vn = c4_add(c4_mul(c4_sub(vbx, vax), nx), c4_mul(c4_sub(vby, vay), ny));
            c4m spec = c4_lt(zero, sep);
            c4 bias, ms, is;
            if (mode == 1) {
                c4m bb = c4_lt(zero, ra); /* ball-ball (ra: the lower ball's radius, > 0) */
                bias = c4_pmax(c4_mul(c4_sel(bb, so->bbr, so->sbr), sep), npush);
                ms = c4_sel(bb, so->bms, so->sms);
                is = c4_sel(bb, so->bis, so->sis);
                /* An overlapping contact approached faster than the push
                 * speed (a fast ball stopped by continuous collision) is
                 * stopped rigidly: a soft stop would let it sink. */
                c4m rigid = c4_lt(vn, npush);
                ms = c4_sel(rigid, one, ms);
                is = c4_sel(rigid, zero, is);
            } else {
                bias = zero;
                ms = one;
                is = zero;
                /* The approach speed: the least normal speed at the step's
                 * start (step.c's prepare_contacts) or a sub-step's end. */
                c4_store(pk->vn0, c4_pmin(c4_load(pk->vn0), vn));
            }
            bias = c4_sel(spec, c4_mul(sep, vinv_h), bias);
            ms = c4_sel(spec, one, ms);
            is = c4_sel(spec, zero, is);
            c4 imp = c4_sub(c4_sub(zero, c4_mul(c4_mul(c4_load(pk->mn), ms), c4_add(vn, bias))), c4_mul(is, jn));
            c4 nj = c4_pmax(c4_add(jn, imp), zero);
            imp = c4_sub(nj, jn);
            jn = nj;
            c4_store(pk->maxjn, c4_pmax(c4_load(pk->maxjn), nj));
            vax = c4_sub(vax, c4_mul(c4_mul(ma, imp), nx));
            vay = c4_sub(vay, c4_mul(c4_mul(ma, imp), ny));
            vbx = c4_add(vbx, c4_mul(c4_mul(mb, imp), nx));
            vby = c4_add(vby, c4_mul(c4_mul(mb, imp), ny));
            /* friction at the contact point */
            c4 vt = c4_sub(c4_sub(c4_add(c4_mul(c4_sub(vbx, vax), tx), c4_mul(c4_sub(vby, vay), ty)), c4_mul(wb, rb)), c4_mul(wa, ra));
            c4 lim = c4_mul(c4_load(pk->fr), jn);
            c4 njt = c4_add(jt, c4_sub(zero, c4_mul(c4_load(pk->mt), vt)));
            njt = c4_pmin(c4_pmax(njt, c4_sub(zero, lim)), lim);
            c4 d = c4_sub(njt, jt);
            jt = njt;
            vax = c4_sub(vax, c4_mul(c4_mul(ma, d), tx));
            vay = c4_sub(vay, c4_mul(c4_mul(ma, d), ty));
            wa = c4_sub(wa, c4_mul(c4_mul(ia, ra), d));
            vbx = c4_add(vbx, c4_mul(c4_mul(mb, d), tx));
            vby = c4_add(vby, c4_mul(c4_mul(mb, d), ty));
            wb = c4_sub(wb, c4_mul(c4_mul(ib, rb), d));
            /* rolling resistance (a lane with none keeps jr = 0: no change) */
            c4 rl = c4_mul(c4_load(pk->roll), jn);
            c4 njr = c4_add(jr, c4_sub(zero, c4_mul(c4_load(pk->mr), c4_sub(wb, wa))));
            njr = c4_pmin(c4_pmax(njr, c4_sub(zero, rl)), rl);
            c4 dr = c4_sub(njr, jr);
            jr = njr;
            wa = c4_sub(wa, c4_mul(ia, dr));
            wb = c4_add(wb, c4_mul(ib, dr));
            c4_store(pk->jn, jn);
            c4_store(pk->jt, jt);
            c4_store(pk->jr, jr);
        }
        /* Back: transpose and store the four 16-byte heads (dx unchanged).
         * Lanes naming the static body all store its zeros; the b side is
         * stored last so that a ball is never overwritten by a stale copy
         * (no ball is in two lanes of a pack). */
        c4_transpose(&vax, &vay, &wa, &dxa);
        c4_store(&body[pk->a[0]].vx, vax);
        c4_store(&body[pk->a[1]].vx, vay);
        c4_store(&body[pk->a[2]].vx, wa);
        c4_store(&body[pk->a[3]].vx, dxa);
        c4_transpose(&vbx, &vby, &wb, &dxb);
        c4_store(&body[pk->b[0]].vx, vbx);
        c4_store(&body[pk->b[1]].vx, vby);
        c4_store(&body[pk->b[2]].vx, wb);
        c4_store(&body[pk->b[3]].vx, dxb);
    }
}

/* count packs in one mode. Where the backend is 4-wide solve_pack is
 * inlined: a copy for each mode, none branching on it (2.5% off the
 * plinko step); the scalar backend keeps one copy (its size). */
static void solve_packs(cap_wpack* pk, uint32_t count, cap_wbody* body, int mode, c4 vinv_h, c4 npush, const soft4* so)
{
    if (mode == 0)
        for (uint32_t q = 0; q < count; q++) solve_pack(&pk[q], body, 0, vinv_h, npush, so);
    else if (mode == 1)
        for (uint32_t q = 0; q < count; q++) solve_pack(&pk[q], body, 1, vinv_h, npush, so);
    else
        for (uint32_t q = 0; q < count; q++) solve_pack(&pk[q], body, 2, vinv_h, npush, so);
}

void cap_solver_pass(cap_world* w, cap_wbody* body, int mode, float inv_h, float push)
{
    const c4 vinv_h = c4_splat(inv_h), npush = c4_splat(0.0f - push);
    soft4 so;
    so.bbr = c4_splat(w->soft[0]); so.bms = c4_splat(w->soft[1]); so.bis = c4_splat(w->soft[2]);
    so.sbr = c4_splat(w->soft[3]); so.sms = c4_splat(w->soft[4]); so.sis = c4_splat(w->soft[5]);
    solve_packs(w->packs, w->pack_count, body, mode, vinv_h, npush, &so);
    if (w->lone_count == 0) return;
    /* Contacts of a ball in more than MAX_COLORS colours: one by one, in a
     * pack of their own, impulses kept in the contact. */
    for (uint32_t k = 0; k < w->contact_count; k++) {
        if (w->color_of[k] != MAX_COLORS) continue;
        cap_wcontact* c = &w->contacts[k];
        cap_wpack pk;
        inert(&pk, w->solver_bodies);
        load_lane(&pk, 0, c, w->solver_bodies);
        solve_packs(&pk, 1, body, mode, vinv_h, npush, &so);
        c->jn = pk.jn[0];
        c->jt = pk.jt[0];
        c->jr = pk.jr[0];
        c->max_jn = pk.maxjn[0];
        c->vn0 = pk.vn0[0];
    }
}
