/* capsule2d — capsule bodies' contact solver, 4 manifolds side by side.
 *
 * The balls' solver (solver.c) and Box2D v3's constraint graph, for the
 * bodies: this step's manifolds (bodies_find.c) are graph-coloured greedily
 * in their (slot) order so that no two manifolds of one colour share a
 * solver state (a body or a ball; a static side is the inert state, never
 * coloured), then each colour is cut into packs of 4 lanes, a lane holding
 * one manifold (two points; a one-point manifold's second point is inert).
 * Within a colour the two-point manifolds come first, so most packs of the
 * one-point ones skip the second point. A manifold that finds no colour
 * free goes to a pack of its own after the coloured ones. The lanes of a
 * pack touch different states, so solving them at once (wasm SIMD, SSE4.1)
 * or one after another (the scalar backend's c4) gives the same bits.
 *
 * Per lane the arithmetic is bodies_step.c's soft step as it was one
 * manifold at a time: each point in turn, normal (soft bias, speculative
 * when apart) then friction, on the pair's velocities. */
#include <string.h>

#include "kernels/simd4.h"
#include "world/bodies.h"
#include "world/step_internal.h"

/* Colours a state may take part in (a 32-bit mask per state). */
#define BCOLORS 32

/* cap_bodies_color: the colour of each manifold (b->mcolor, BCOLORS: none
 * free) and room for the packs. May fail (NO_MEMORY), nothing solved yet. */
int cap_bodies_color(cap_wbodies* b)
{
    uint32_t ns = b->slots + b->balls + 1, m = b->mcount;
    if (cap_world_reserve_u32(&b->cmask, &b->cmask_cap, ns) || cap_world_reserve_u32(&b->mcolor, &b->mcolor_cap, m + 1))
        return CAP_WORLD_NO_MEMORY;
    memset(b->cmask, 0, (size_t)ns * sizeof(uint32_t));
    uint32_t count[BCOLORS + 1];
    memset(count, 0, sizeof count);
    for (uint32_t q = 0; q < m; q++) {
        const cap_bcontact* c = &b->contacts[b->mstart[q]];
        uint32_t used = b->cmask[c->sb] | (c->sa != NONE ? b->cmask[c->sa] : 0u);
        uint32_t color = BCOLORS;
        if (~used != 0u) {
            /* Box2D's rule: a contact with a static side takes the highest
             * free colour, so it is solved after the body-body ones of each
             * pass (the floor has the last word: stacks stand). */
            color = c->sa != NONE ? (uint32_t)__builtin_ctz(~used) : 31u - (uint32_t)__builtin_clz(~used);
            b->cmask[c->sb] |= 1u << color;
            if (c->sa != NONE) b->cmask[c->sa] |= 1u << color;
        }
        b->mcolor[q] = color;
        count[color]++;
    }
    uint32_t packs = count[BCOLORS];
    for (int c = 0; c < BCOLORS; c++) packs += (count[c] + 3) / 4;
    void* p = b->packs;
    if (cap_world_reserve_bytes(&p, &b->pack_cap, packs + 1, sizeof(cap_bpack))) return CAP_WORLD_NO_MEMORY;
    b->packs = p;
    b->pack_count = packs;
    return CAP_WORLD_OK;
}

/* An inert pack: every lane on the inert state, no masses, no manifold. */
static void inert(cap_bpack* pk, uint32_t inert_state)
{
    memset(pk, 0, sizeof *pk);
    for (int l = 0; l < 4; l++) {
        pk->a[l] = pk->b[l] = inert_state;
        pk->m[l] = NONE;
    }
}

/* Manifold q (after prepare) into lane l. */
static void load_lane(cap_bpack* pk, int l, const cap_wbodies* b, uint32_t q, const cap_soft* ss, const cap_soft* bs)
{
    const cap_bcontact* c = &b->contacts[b->mstart[q]];
    uint32_t np = b->mstart[q + 1] - b->mstart[q];
    const cap_soft* so = c->kind ? bs : ss;
    pk->a[l] = c->sa != NONE ? c->sa : b->slots + b->balls;
    pk->b[l] = c->sb;
    pk->m[l] = q;
    pk->nx[l] = c->nx; pk->ny[l] = c->ny;
    pk->ma[l] = c->ma; pk->ia[l] = c->ia; pk->mb[l] = c->mb; pk->ib[l] = c->ib;
    pk->fr[l] = c->friction;
    pk->br[l] = so->bias_rate; pk->ms[l] = so->mass_scale; pk->is[l] = so->impulse_scale;
    for (uint32_t k = 0; k < 2; k++) {
        cap_bpoint* p = &pk->p[k];
        if (k < np) {
            const cap_bcontact* e = c + k;
            p->rax[l] = e->rax; p->ray[l] = e->ray; p->rbx[l] = e->rbx; p->rby[l] = e->rby;
            p->sep[l] = e->sep; p->mn[l] = e->mass_n; p->mt[l] = e->mass_t;
            p->jn[l] = e->jn; p->jt[l] = e->jt; p->mjn[l] = e->max_jn; p->jsum[l] = e->jsum;
            p->svx[l] = e->svx; p->svy[l] = e->svy;
            p->svn[l] = e->svx == 0.0f && e->svy == 0.0f ? 0.0f : e->svx * c->nx + e->svy * c->ny;
        } else {
            p->rax[l] = p->ray[l] = p->rbx[l] = p->rby[l] = 0.0f;
            p->sep[l] = p->mn[l] = p->mt[l] = 0.0f;
            p->jn[l] = p->jt[l] = p->mjn[l] = p->jsum[l] = 0.0f;
            p->svx[l] = p->svy[l] = p->svn[l] = 0.0f;
        }
    }
    if (np > 1) pk->two = 1;
}

/* The packs from this step's manifolds (after prepare: anchors, masses):
 * colour by colour, two-point manifolds first, then the ones with no
 * colour, one per pack. */
void cap_bodies_pack(cap_wbodies* b, const cap_soft* ss, const cap_soft* bs)
{
    uint32_t n2[BCOLORS], n1[BCOLORS], start[BCOLORS], fill2[BCOLORS], fill1[BCOLORS];
    memset(n2, 0, sizeof n2);
    memset(n1, 0, sizeof n1);
    for (uint32_t q = 0; q < b->mcount; q++) {
        uint32_t c = b->mcolor[q];
        if (c == BCOLORS) continue;
        if (b->mstart[q + 1] - b->mstart[q] > 1) n2[c]++;
        else n1[c]++;
    }
    uint32_t at = 0, is = b->slots + b->balls;
    for (int c = 0; c < BCOLORS; c++) {
        uint32_t n = n2[c] + n1[c];
        start[c] = at;
        for (uint32_t k = at; k < at + (n + 3) / 4; k++) b->packs[k].two = 0;
        at += (n + 3) / 4;
        if (n % 4) inert(&b->packs[at - 1], is); /* the colour's last pack, not full */
        fill2[c] = 0;
        fill1[c] = n2[c];
    }
    for (uint32_t q = 0; q < b->mcount; q++) {
        uint32_t c = b->mcolor[q];
        if (c == BCOLORS) {
            inert(&b->packs[at], is);
            load_lane(&b->packs[at++], 0, b, q, ss, bs);
            continue;
        }
        uint32_t slot = b->mstart[q + 1] - b->mstart[q] > 1 ? fill2[c]++ : fill1[c]++;
        load_lane(&b->packs[start[c] + slot / 4], (int)(slot % 4), b, q, ss, bs);
    }
}

/* The impulses back into the contacts (restitution, the sleep and next
 * step's warm start read them there). */
void cap_bodies_unpack(cap_wbodies* b)
{
    for (uint32_t k = 0; k < b->pack_count; k++) {
        const cap_bpack* pk = &b->packs[k];
        for (int l = 0; l < 4; l++) {
            if (pk->m[l] == NONE) continue;
            uint32_t q = pk->m[l], np = b->mstart[q + 1] - b->mstart[q];
            for (uint32_t i = 0; i < np; i++) {
                cap_bcontact* c = &b->contacts[b->mstart[q] + i];
                const cap_bpoint* p = &pk->p[i];
                c->jn = p->jn[l]; c->jt = p->jt[l]; c->max_jn = p->mjn[l]; c->jsum = p->jsum[l];
            }
        }
    }
}

/* The relax pass (mode 2) takes a manifold's points in the other order
 * than the solve: a fixed order leaned a stack of 10 by 8.5 mm. */
#define FLIP(k) (mode == 2 ? np - 1 - (k) : (k))

#if defined(__wasm_simd128__) || defined(__SSE4_1__)
/* A lane's velocities: the heads (vx, vy, w, dx) of 4 states, transposed. */
typedef struct vel4 { c4 vx, vy, w, dx; } vel4;
C4_HOT vel4 gather_vel(const cap_bstate* st, const uint32_t* idx)
{
    vel4 v;
    v.vx = c4_load(&st[idx[0]].vx); v.vy = c4_load(&st[idx[1]].vx);
    v.w = c4_load(&st[idx[2]].vx); v.dx = c4_load(&st[idx[3]].vx);
    c4_transpose(&v.vx, &v.vy, &v.w, &v.dx);
    return v;
}
C4_HOT void scatter_vel(cap_bstate* st, const uint32_t* idx, vel4 v)
{
    c4_transpose(&v.vx, &v.vy, &v.w, &v.dx);
    c4_store(&st[idx[0]].vx, v.vx); c4_store(&st[idx[1]].vx, v.vy);
    c4_store(&st[idx[2]].vx, v.w); c4_store(&st[idx[3]].vx, v.dx);
}
/* The second 16 bytes (dy, qc, qs, da): the motion since the step's start. */
typedef struct pos4 { c4 dy, qc, qs, da; } pos4;
C4_HOT pos4 gather_pos(const cap_bstate* st, const uint32_t* idx)
{
    pos4 p;
    p.dy = c4_load(&st[idx[0]].dy); p.qc = c4_load(&st[idx[1]].dy);
    p.qs = c4_load(&st[idx[2]].dy); p.da = c4_load(&st[idx[3]].dy);
    c4_transpose(&p.dy, &p.qc, &p.qs, &p.da);
    return p;
}

/* One pack in one mode: 0 warm start, 1 solve with soft bias, 2 relax
 * (and add this sub-step's normal impulse to jsum). One copy for the
 * three modes (three inlined copies cost 2.5 KB of the SIMD module for no
 * measurable speed). */
static __attribute__((noinline)) void solve_pack(cap_bpack* pk, cap_bstate* st, int mode, c4 vinv_h, c4 npush, c4 vt)
{
    const c4 zero = c4_splat(0.0f), one = c4_splat(1.0f);
    vel4 A = gather_vel(st, pk->a), B = gather_vel(st, pk->b);
    c4 avx = A.vx, avy = A.vy, aw = A.w, bvx = B.vx, bvy = B.vy, bw = B.w;
    const c4 nx = c4_load(pk->nx), ny = c4_load(pk->ny), tx = ny, ty = c4_sub(zero, nx);
    const c4 ma = c4_load(pk->ma), ia = c4_load(pk->ia), mb = c4_load(pk->mb), ib = c4_load(pk->ib);
    const int np = pk->two ? 2 : 1;
    if (mode == 0) {
        for (int k = 0; k < np; k++) {
            cap_bpoint* p = &pk->p[k];
            c4 jn = c4_load(p->jn), jt = c4_load(p->jt);
            c4 rax = c4_load(p->rax), ray = c4_load(p->ray), rbx = c4_load(p->rbx), rby = c4_load(p->rby);
            c4 px = c4_add(c4_mul(jn, nx), c4_mul(jt, tx)), py = c4_add(c4_mul(jn, ny), c4_mul(jt, ty));
            bvx = c4_add(bvx, c4_mul(mb, px));
            bvy = c4_add(bvy, c4_mul(mb, py));
            bw = c4_add(bw, c4_mul(ib, c4_sub(c4_mul(rbx, py), c4_mul(rby, px))));
            avx = c4_sub(avx, c4_mul(ma, px));
            avy = c4_sub(avy, c4_mul(ma, py));
            aw = c4_sub(aw, c4_mul(ia, c4_sub(c4_mul(rax, py), c4_mul(ray, px))));
        }
    } else {
        pos4 PA = gather_pos(st, pk->a), PB = gather_pos(st, pk->b);
        const c4 fr = c4_load(pk->fr);
        c4 br = zero, msc0 = one, is0 = zero;
        if (mode == 1) {
            br = c4_load(pk->br);
            msc0 = c4_load(pk->ms);
            is0 = c4_load(pk->is);
        }
        for (int k = 0; k < np; k++) {
            cap_bpoint* p = &pk->p[FLIP(k)];
            c4 rax = c4_load(p->rax), ray = c4_load(p->ray), rbx = c4_load(p->rbx), rby = c4_load(p->rby);
            c4 jn = c4_load(p->jn);
            /* The separation now: the anchors moved with their bodies. */
            c4 pbx = c4_sub(c4_mul(PB.qc, rbx), c4_mul(PB.qs, rby)), pby = c4_add(c4_mul(PB.qs, rbx), c4_mul(PB.qc, rby));
            c4 pax = c4_sub(c4_mul(PA.qc, rax), c4_mul(PA.qs, ray)), pay = c4_add(c4_mul(PA.qs, rax), c4_mul(PA.qc, ray));
            c4 dx = c4_sub(c4_sub(c4_add(B.dx, pbx), rbx), c4_sub(c4_add(A.dx, pax), rax));
            c4 dy = c4_sub(c4_sub(c4_add(PB.dy, pby), rby), c4_sub(c4_add(PA.dy, pay), ray));
            c4 s = c4_add(c4_add(c4_load(p->sep), c4_mul(dx, nx)), c4_mul(dy, ny));
            s = c4_sub(s, c4_mul(vt, c4_load(p->svn))); /* a moving surface's approach (+0: none) */
            c4m spec = c4_lt(zero, s); /* speculative: close the gap, no more */
            c4 bias = mode == 1 ? c4_pmax(c4_mul(br, s), npush) : zero;
            bias = c4_sel(spec, c4_mul(s, vinv_h), bias);
            c4 msc = c4_sel(spec, one, msc0), is = c4_sel(spec, zero, is0);
            c4 dvx = c4_sub(c4_sub(c4_sub(bvx, c4_mul(bw, rby)), c4_sub(avx, c4_mul(aw, ray))), c4_load(p->svx));
            c4 dvy = c4_sub(c4_sub(c4_add(bvy, c4_mul(bw, rbx)), c4_add(avy, c4_mul(aw, rax))), c4_load(p->svy));
            c4 vn = c4_add(c4_mul(dvx, nx), c4_mul(dvy, ny));
            c4 imp = c4_sub(c4_sub(zero, c4_mul(c4_mul(c4_load(p->mn), msc), c4_add(vn, bias))), c4_mul(is, jn));
            c4 nj = c4_pmax(c4_add(jn, imp), zero);
            imp = c4_sub(nj, jn);
            jn = nj;
            c4_store(p->mjn, c4_pmax(c4_load(p->mjn), imp));
            c4 px = c4_mul(imp, nx), py = c4_mul(imp, ny);
            bvx = c4_add(bvx, c4_mul(mb, px)); bvy = c4_add(bvy, c4_mul(mb, py));
            bw = c4_add(bw, c4_mul(ib, c4_sub(c4_mul(rbx, py), c4_mul(rby, px))));
            avx = c4_sub(avx, c4_mul(ma, px)); avy = c4_sub(avy, c4_mul(ma, py));
            aw = c4_sub(aw, c4_mul(ia, c4_sub(c4_mul(rax, py), c4_mul(ray, px))));
            c4_store(p->jn, jn);
            if (mode == 2) c4_store(p->jsum, c4_add(c4_load(p->jsum), jn));
        }
        /* Friction, bounded by the normal impulse (after both points'
         * normal impulses, as Box2D). */
        for (int k = 0; k < np; k++) {
            cap_bpoint* p = &pk->p[FLIP(k)];
            c4 rax = c4_load(p->rax), ray = c4_load(p->ray), rbx = c4_load(p->rbx), rby = c4_load(p->rby);
            c4 jn = c4_load(p->jn), jt = c4_load(p->jt), px, py;
            c4 dvx = c4_sub(c4_sub(c4_sub(bvx, c4_mul(bw, rby)), c4_sub(avx, c4_mul(aw, ray))), c4_load(p->svx));
            c4 dvy = c4_sub(c4_sub(c4_add(bvy, c4_mul(bw, rbx)), c4_add(avy, c4_mul(aw, rax))), c4_load(p->svy));
            c4 vtan = c4_add(c4_mul(dvx, tx), c4_mul(dvy, ty));
            c4 lim = c4_mul(fr, jn);
            c4 tj = c4_pmin(c4_pmax(c4_sub(jt, c4_mul(c4_load(p->mt), vtan)), c4_sub(zero, lim)), lim);
            c4 ti = c4_sub(tj, jt);
            c4_store(p->jt, tj);
            px = c4_mul(ti, tx), py = c4_mul(ti, ty);
            bvx = c4_add(bvx, c4_mul(mb, px)); bvy = c4_add(bvy, c4_mul(mb, py));
            bw = c4_add(bw, c4_mul(ib, c4_sub(c4_mul(rbx, py), c4_mul(rby, px))));
            avx = c4_sub(avx, c4_mul(ma, px)); avy = c4_sub(avy, c4_mul(ma, py));
            aw = c4_sub(aw, c4_mul(ia, c4_sub(c4_mul(rax, py), c4_mul(ray, px))));
        }
    }
    /* Back: the a side first, then b (no state is in two lanes of a pack
     * but the inert one, which keeps its zeros: its lanes have no mass). */
    A.vx = avx; A.vy = avy; A.w = aw;
    B.vx = bvx; B.vy = bvy; B.w = bw;
    scatter_vel(st, pk->a, A);
    scatter_vel(st, pk->b, B);
}

/* One pass over the packs, in order. */
void cap_bodies_solve(cap_wbodies* b, int mode, float inv_h, float push, float t)
{
    const c4 vinv_h = c4_splat(inv_h), npush = c4_splat(0.0f - push), vt = c4_splat(t);
    for (uint32_t q = 0; q < b->pack_count; q++) solve_pack(&b->packs[q], b->state, mode, vinv_h, npush, vt);
}

#else
/* The scalar backend: the same operations in the same order, lane after
 * lane (the lanes share no state but the inert one, which keeps its
 * zeros), c4_pmin/pmax/sel as c1_pmin/c1_pmax and a select: the same bits
 * as the 4-wide code, in a fraction of its size (the emulated c4 version
 * cost the scalar module 3 KB gzipped). */
static void solve_lane(cap_bpack* pk, int l, cap_bstate* st, int mode, float inv_h, float npush, float t)
{
    cap_bstate *A = &st[pk->a[l]], *B = &st[pk->b[l]];
    float avx = A->vx, avy = A->vy, aw = A->w, bvx = B->vx, bvy = B->vy, bw = B->w;
    const float nx = pk->nx[l], ny = pk->ny[l], tx = ny, ty = 0.0f - nx;
    const float ma = pk->ma[l], ia = pk->ia[l], mb = pk->mb[l], ib = pk->ib[l];
    const int np = pk->two ? 2 : 1;
    if (mode == 0) {
        for (int k = 0; k < np; k++) {
            cap_bpoint* p = &pk->p[k];
            float jn = p->jn[l], jt = p->jt[l], rax = p->rax[l], ray = p->ray[l], rbx = p->rbx[l], rby = p->rby[l];
            float px = jn * nx + jt * tx, py = jn * ny + jt * ty;
            bvx = bvx + mb * px;
            bvy = bvy + mb * py;
            bw = bw + ib * (rbx * py - rby * px);
            avx = avx - ma * px;
            avy = avy - ma * py;
            aw = aw - ia * (rax * py - ray * px);
        }
    } else {
        const float fr = pk->fr[l];
        float br = 0.0f, msc0 = 1.0f, is0 = 0.0f;
        if (mode == 1) {
            br = pk->br[l];
            msc0 = pk->ms[l];
            is0 = pk->is[l];
        }
        for (int k = 0; k < np; k++) {
            cap_bpoint* p = &pk->p[FLIP(k)];
            float rax = p->rax[l], ray = p->ray[l], rbx = p->rbx[l], rby = p->rby[l], jn = p->jn[l];
            float pbx = B->qc * rbx - B->qs * rby, pby = B->qs * rbx + B->qc * rby;
            float pax = A->qc * rax - A->qs * ray, pay = A->qs * rax + A->qc * ray;
            float dx = ((B->dx + pbx) - rbx) - ((A->dx + pax) - rax);
            float dy = ((B->dy + pby) - rby) - ((A->dy + pay) - ray);
            float s = (p->sep[l] + dx * nx) + dy * ny;
            s = s - t * p->svn[l]; /* a moving surface's approach (+0: none) */
            int spec = 0.0f < s;
            float bias = mode == 1 ? c1_pmax(br * s, npush) : 0.0f;
            bias = spec ? s * inv_h : bias;
            float msc = spec ? 1.0f : msc0, is = spec ? 0.0f : is0;
            float dvx = ((bvx - bw * rby) - (avx - aw * ray)) - p->svx[l];
            float dvy = ((bvy + bw * rbx) - (avy + aw * rax)) - p->svy[l];
            float vn = dvx * nx + dvy * ny;
            float imp = (0.0f - (p->mn[l] * msc) * (vn + bias)) - is * jn;
            float nj = c1_pmax(jn + imp, 0.0f);
            imp = nj - jn;
            jn = nj;
            p->mjn[l] = c1_pmax(p->mjn[l], imp);
            float px = imp * nx, py = imp * ny;
            bvx = bvx + mb * px; bvy = bvy + mb * py;
            bw = bw + ib * (rbx * py - rby * px);
            avx = avx - ma * px; avy = avy - ma * py;
            aw = aw - ia * (rax * py - ray * px);
            p->jn[l] = jn;
            if (mode == 2) p->jsum[l] = p->jsum[l] + jn;
        }
        for (int k = 0; k < np; k++) {
            cap_bpoint* p = &pk->p[FLIP(k)];
            float rax = p->rax[l], ray = p->ray[l], rbx = p->rbx[l], rby = p->rby[l], jn = p->jn[l], jt = p->jt[l];
            float dvx = ((bvx - bw * rby) - (avx - aw * ray)) - p->svx[l];
            float dvy = ((bvy + bw * rbx) - (avy + aw * rax)) - p->svy[l];
            float vt = dvx * tx + dvy * ty;
            float lim = fr * jn;
            float tj = c1_pmin(c1_pmax(jt - p->mt[l] * vt, 0.0f - lim), lim);
            float ti = tj - jt;
            p->jt[l] = tj;
            float px = ti * tx, py = ti * ty;
            bvx = bvx + mb * px; bvy = bvy + mb * py;
            bw = bw + ib * (rbx * py - rby * px);
            avx = avx - ma * px; avy = avy - ma * py;
            aw = aw - ia * (rax * py - ray * px);
        }
    }
    A->vx = avx; A->vy = avy; A->w = aw;
    B->vx = bvx; B->vy = bvy; B->w = bw;
}

void cap_bodies_solve(cap_wbodies* b, int mode, float inv_h, float push, float t)
{
    for (uint32_t q = 0; q < b->pack_count; q++)
        for (int l = 0; l < 4; l++) solve_lane(&b->packs[q], l, b->state, mode, inv_h, 0.0f - push, t);
}
#endif
