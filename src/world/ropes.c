/* capsule2d — packed ropes: chains of rigid ball joints solved 8 side by
 * side in rows of SIMD lanes (the same floats in the same order as the
 * one-at-a-time passes of joints_solve.c, so the same bits). */
#include <string.h>

#include "kernels/simd4.h"
#include "world/ropes.h"

/* Packed ropes. A run of joints in consecutive slots that are rigid
 * distance links, each starting at the ball the one before ended at (a
 * rope: a0 -> b0, b0 -> b1, ...; a0 a ball or the world), whose balls no
 * other active joint touches (a0 and the last ball: this run's one joint;
 * the others: its two), is a chain: a whole group (as joints_group.c's
 * cap_joints_group makes them) whose joints in slot order are the run,
 * every ball once. (A rope made out of slot order is no run:
 * cap_joints_group and the one-at-a-time passes take it, the same bits.)
 * Chains are packed PW side by side, in slot order: a
 * pack is a head row (lane l: the chain's a0, and in joint[0] the pack's
 * length L) then L rows, row i holding each chain's i-th link (lanes past a
 * chain's end: no joint, the static body n (at rest: read and written
 * back as +0, see pack_link), zeros, which change nothing real). A
 * sweep walks the rows, each lane one chain in slot order, carrying the
 * velocity of the ball two links share: the same operations in the same
 * order as joints_solve.c's solve_rigid and solve_distance's warm start
 * on each joint (a chain's joints touch only its balls, so the chains may
 * go side by side),
 * hence the same bits; the velocities are gathered into the rows before a
 * pass and written back after it. */
#define PW 8
typedef struct jrow {
    /* this pass's axis, the accumulated impulse (kept here through the
     * step), inverse masses, velocity and displacement of the row's ball
     * (the head row: a0's); the step's start separation, length and mass;
     * this sub-step's length of the link */
    float ux[PW], uy[PW], imp[PW], ma[PW], mb[PW], vx[PW], vy[PW], dx[PW], dy[PW], w[PW];
    float d0x[PW], d0y[PW], length[PW], mass[PW], len[PW];
    uint32_t joint[PW], ball[PW]; /* joint CAP_JOINT_WORLD: none */
} jrow;

/* Whether joint k's lower and upper impulses are +0 (always, for a rigid
 * joint made by the API: the packs' warm start adds +0 for them). */
static int zero_limits(const cap_wjoint* j)
{
    uint32_t lo, up;
    memcpy(&lo, &j->lower, 4);
    memcpy(&up, &j->upper, 4);
    return (lo | up) == 0u;
}

/* A joint a chain may hold: active, rigid, its limit impulses +0. */
static int link_ok(const cap_wjoint* j)
{
    return cap_joint_active(j) && cap_joint_rigid(j) && zero_limits(j);
}

/* The count of active joints on ball i (pack() keeps it in the solver
 * body's unused pad word, zero again after). */
static uint32_t ends(const cap_wbody* b)
{
    uint32_t t;
    memcpy(&t, &b->pad, sizeof t);
    return t;
}

static void count_end(cap_wbody* b)
{
    uint32_t t = ends(b) + 1u;
    memcpy(&b->pad, &t, sizeof t);
}

/* The length of the chain starting at joint k, or 0 when none does. */
static uint32_t chain_at(const cap_wjoint* J, const cap_wbody* body, uint32_t k, uint32_t slots, uint32_t n)
{
    if (!link_ok(&J[k]) || (J[k].ia != n && ends(&body[J[k].ia]) != 1u)) return 0u;
    uint32_t e = k;
    while (ends(&body[J[e].ib]) == 2u) { /* its other joint must be the next link */
        if (e + 1u >= slots || !link_ok(&J[e + 1u]) || J[e + 1u].ia != J[e].ib) return 0u;
        e++;
    }
    return ends(&body[J[e].ib]) == 1u ? e - k + 1u : 0u;
}

/* Lane l of pack row r left empty (i > 0: a link row). */
static void lane_clear(jrow* r, int l, uint32_t n, int link)
{
    r->joint[l] = CAP_JOINT_WORLD;
    r->ball[l] = n;
    if (!link) return;
    r->ma[l] = r->mb[l] = r->mass[l] = 0.0f;
    r->d0x[l] = r->d0y[l] = r->length[l] = r->imp[l] = 0.0f;
}

/* Joint k (j) into lane l of link row r: this step's values. */
static void load_link(jrow* r, int l, const cap_wjoint* j, uint32_t k)
{
    r->joint[l] = k; r->ball[l] = j->ib;
    r->ma[l] = j->ma; r->mb[l] = j->mb; r->mass[l] = j->mass;
    r->d0x[l] = j->d0x; r->d0y[l] = j->d0y; r->length[l] = j->length;
    r->imp[l] = j->impulse;
}

/* Last step's packs, when they still hold (struct cap_world's jkept: no
 * joint added or removed, the same ball slots, every joint as active as
 * then, so the chains are the same), with this step's values: 1; else 0. */
static int kept(cap_world* w, uint32_t n)
{
    const cap_wjoint* J = w->joints;
    if (!w->jkept || w->jshape != w->jkept_shape || n != w->jkept_n) return 0;
    uint32_t changed = 0;
    for (uint32_t k = 0; k < w->joint_slots; k++) changed |= (uint32_t)cap_joint_active(&J[k]) ^ J[k].active;
    if (changed) return 0;
    jrow* P = w->jrows;
    for (uint32_t p = 0; p < w->jkept; p++) {
        const uint32_t L = P[0].joint[0];
        for (uint32_t i = 1; i <= L; i++)
            for (int l = 0; l < PW; l++)
                if (P[i].joint[l] != CAP_JOINT_WORLD) load_link(&P[i], l, &J[P[i].joint[l]], P[i].joint[l]);
        P += L + 1u;
    }
    w->jpacks = w->jkept;
    w->jloose = w->jkept_loose;
    return 1;
}

/* This step's packs (none when out of memory: every joint is then solved
 * one at a time, the same bits), and jloose: the active joints left to the
 * one-at-a-time passes. n: the static body's slot. */
CAP_SMALL void cap_ropes_pack(cap_world* w, cap_wbody* body, uint32_t n)
{
    cap_wjoint* J = w->joints;
    const uint32_t slots = w->joint_slots;
    uint32_t rows = 0, lanes = 0, longest = 0, packed = 0, act = 0;
    if (kept(w, n)) return;
    w->jpacks = w->jkept = 0;
    for (uint32_t k = 0; k < slots; k++) {
        J[k].packed = 0u;
        J[k].active = (uint32_t)cap_joint_active(&J[k]);
        if (!J[k].active) continue;
        act++;
        count_end(&body[J[k].ib]);
        if (J[k].a != CAP_JOINT_WORLD) count_end(&body[J[k].ia]);
    }
    /* Chains, in slot order; J[k].packed: at a chain's first joint its
     * length, for now. */
    for (uint32_t k = 0; k < slots;) {
        uint32_t len = chain_at(J, body, k, slots, n);
        if (len == 0u) { k++; continue; }
        J[k].packed = len;
        packed += len;
        longest = len > longest ? len : longest;
        if (++lanes == PW) { rows += longest + 1u; lanes = longest = 0; }
        k += len;
    }
    for (uint32_t k = 0; k < slots; k++) {
        if (!cap_joint_active(&J[k])) continue;
        body[J[k].ib].pad = 0.0f;
        body[J[k].ia].pad = 0.0f; /* the world's body too: its pad was 0 */
    }
    if (lanes) rows += longest + 1u;
    w->jloose = act;
    if (rows == 0u || cap_world_reserve_bytes(&w->jrows, &w->jrows_cap, rows, sizeof(jrow))) {
        for (uint32_t k = 0; k < slots; k++) J[k].packed = 0u;
        return;
    }
    w->jloose = act - packed;
    jrow* P = w->jrows;
    for (uint32_t k = 0; k < slots;) {
        /* A pack: up to PW chains from k on, L the longest. */
        uint32_t first[PW], len[PW], c = 0, L = 0;
        for (; k < slots && c < PW; k++) {
            if (!J[k].packed) continue;
            first[c] = k;
            len[c] = J[k].packed;
            L = len[c] > L ? len[c] : L;
            k += len[c++] - 1u;
        }
        if (c == 0u) break;
        P[0].joint[0] = L;
        for (uint32_t l = 0; l < PW; l++) {
            const uint32_t m = l < c ? len[l] : 0u;
            if (l) P[0].joint[l] = CAP_JOINT_WORLD;
            P[0].ball[l] = m ? J[first[l]].ia : n;
            for (uint32_t i = 1; i <= m; i++) {
                J[first[l] + i - 1u].packed = 1u;
                load_link(&P[i], (int)l, &J[first[l] + i - 1u], first[l] + i - 1u);
            }
            for (uint32_t i = m + 1u; i <= L; i++) lane_clear(&P[i], (int)l, n, 1);
        }
        w->jpacks++;
        P += L + 1u;
    }
    w->jkept = w->jpacks;
    w->jkept_shape = w->jshape;
    w->jkept_n = n;
    w->jkept_loose = w->jloose;
}

/* A pack's rows before a pass: the balls' velocities (and when moved,
 * displacements, then each link's axis and length as axis() makes them:
 * a step's first solve pass and the relax passes; a later solve pass keeps
 * the relax pass's before it, made from the same positions). */
#if defined(__wasm_simd128__) || defined(__SSE4_1__)
/* (With SIMD: four balls' first four words (vx, vy, w, dx) and, moved, the
 * next four (dy, ...) at a time, turned into the row's columns by a 4 x 4
 * transpose; the row keeps w and dx for pack_store, which turns the four
 * back: the same words, fewer loads and stores.) */
#define PACK_T 1
static const float* words(const cap_wbody* body, const jrow* r, int l) { return (const float*)(const void*)&body[r->ball[l]]; }
#else
#define PACK_T 0
#endif
static void pack_fill(jrow* P, uint32_t L, const cap_wbody* body, int moved)
{
    for (uint32_t i = 0; i <= L; i++) {
        jrow* r = &P[i];
#if PACK_T
        for (int o = 0; o < PW; o += 4) {
            c4 a = c4_load(words(body, r, o)), b = c4_load(words(body, r, o + 1));
            c4 c = c4_load(words(body, r, o + 2)), d = c4_load(words(body, r, o + 3));
            c4_transpose(&a, &b, &c, &d);
            c4_store(r->vx + o, a); c4_store(r->vy + o, b); c4_store(r->w + o, c); c4_store(r->dx + o, d);
            if (!moved) continue;
            a = c4_load(words(body, r, o) + 4); b = c4_load(words(body, r, o + 1) + 4);
            c = c4_load(words(body, r, o + 2) + 4); d = c4_load(words(body, r, o + 3) + 4);
            c4_transpose(&a, &b, &c, &d);
            c4_store(r->dy + o, a);
        }
#else
        for (int l = 0; l < PW; l++) {
            const cap_wbody* b = &body[r->ball[l]];
            r->vx[l] = b->vx; r->vy[l] = b->vy;
        }
        for (int l = 0; moved && l < PW; l++) {
            const cap_wbody* b = &body[r->ball[l]];
            r->dx[l] = b->dx; r->dy[l] = b->dy;
        }
#endif
    }
    const c4 zero = c4_splat(0.0f), one = c4_splat(1.0f);
    C4_LOOP_AS_IS
    for (uint32_t i = 1; moved && i <= L; i++) {
        jrow *q = &P[i - 1], *r = &P[i];
        C4_LOOP_AS_IS
        for (int o = 0; o < PW; o += 4) {
            c4 dx = c4_add(c4_load(r->d0x + o), c4_sub(c4_load(r->dx + o), c4_load(q->dx + o)));
            c4 dy = c4_add(c4_load(r->d0y + o), c4_sub(c4_load(r->dy + o), c4_load(q->dy + o)));
            c4 len = c4_sqrt(c4_add(c4_mul(dx, dx), c4_mul(dy, dy)));
            c4m pos = c4_lt(zero, len); /* coincident ends: up (never NaN) */
            c4_store(r->ux + o, c4_sel(pos, c4_div(dx, len), zero));
            c4_store(r->uy + o, c4_sel(pos, c4_div(dy, len), one));
            c4_store(r->len + o, len);
        }
    }
}

/* After a pass: the velocities back (an empty lane writes the static
 * body's +0 back). */
static void pack_store(const jrow* P, uint32_t L, cap_wbody* body)
{
    for (uint32_t i = 0; i <= L; i++) {
        const jrow* r = &P[i];
#if PACK_T
        /* (w and dx as pack_fill read them: the pass changes neither) */
        for (int o = 0; o < PW; o += 4) {
            c4 a = c4_load(r->vx + o), b = c4_load(r->vy + o), c = c4_load(r->w + o), d = c4_load(r->dx + o);
            c4_transpose(&a, &b, &c, &d);
            c4_store(&body[r->ball[o]].vx, a); c4_store(&body[r->ball[o + 1]].vx, b);
            c4_store(&body[r->ball[o + 2]].vx, c); c4_store(&body[r->ball[o + 3]].vx, d);
        }
#else
        for (int l = 0; l < PW; l++) {
            body[r->ball[l]].vx = r->vx[l];
            body[r->ball[l]].vy = r->vy[l];
        }
#endif
    }
}

/* After the sub-steps: the packed joints' impulses (within the step the
 * rows hold them) back into the joints, which cap_joints_finish reads. */
void cap_ropes_impulses(cap_world* w)
{
    const jrow* P = w->jrows;
    for (uint32_t p = 0; p < w->jpacks; p++) {
        const uint32_t L = P[0].joint[0];
        for (uint32_t i = 1; i <= L; i++)
            for (int l = 0; l < PW; l++)
                if (P[i].joint[l] != CAP_JOINT_WORLD) w->joints[P[i].joint[l]].impulse = P[i].imp[l];
        P += L + 1u;
    }
    w->jpacks = 0;
}

/* Link row r, lanes o..o+3, with the shared ball's velocity (ax, ay):
 * solve_rigid (warm: the warm start's apply of its impulse, as
 * solve_distance's impulse + lower - upper with both +0) on 4 chains, its
 * per-pass products (rm, rb: cap_joints_pass) made here for softness
 * (ms, br); writes the shared ball's final velocity into row q (the one
 * before) and carries the row's ball's on. An empty lane (velocity, masses,
 * impulse and axis +0 or up) keeps +0: imp = 0 - 0 (x) - 0 = +0, and
 * b + 0 (x) = +0. */
C4_HOT void pack_link(jrow* q, jrow* r, int o, c4* ax, c4* ay, const c4* k, int warm)
{
    const c4 zero = c4_splat(0.0f);
    c4 ux = c4_load(r->ux + o), uy = c4_load(r->uy + o), bx = c4_load(r->vx + o), by = c4_load(r->vy + o);
    c4 ma = c4_load(r->ma + o), mb = c4_load(r->mb + o), acc = c4_load(r->imp + o), imp;
    if (warm) {
        imp = c4_sub(c4_add(acc, zero), zero);
    } else { /* k: the pass's mass scale, bias rate, impulse scale */
        c4 rm = c4_mul(k[0], c4_load(r->mass + o)), rb = c4_mul(k[1], c4_sub(c4_load(r->len + o), c4_load(r->length + o)));
        c4 vr = c4_add(c4_mul(c4_sub(bx, *ax), ux), c4_mul(c4_sub(by, *ay), uy));
        imp = c4_sub(c4_sub(zero, c4_mul(rm, c4_add(vr, rb))), c4_mul(k[2], acc));
        c4_store(r->imp + o, c4_add(acc, imp));
    }
    c4 px = c4_mul(imp, ux), py = c4_mul(imp, uy);
    c4m has_a = c4_lt(zero, ma); /* ma != 0 (>= 0): a is written */
    c4_store(q->vx + o, c4_sel(has_a, c4_sub(*ax, c4_mul(ma, px)), *ax));
    c4_store(q->vy + o, c4_sel(has_a, c4_sub(*ay, c4_mul(ma, py)), *ay));
    *ax = c4_add(bx, c4_mul(mb, px));
    *ay = c4_add(by, c4_mul(mb, py));
}

/* Sweeps down a pack's rows (warm: the warm start's apply; noinline: one
 * copy of the rows' code for both). */
static __attribute__((noinline)) void pack_sweeps(jrow* P, uint32_t L, const c4* k, int sweeps, int warm)
{
    for (int s = 0; s < sweeps; s++) {
        c4 ax0 = c4_load(P[0].vx), ay0 = c4_load(P[0].vy), ax1 = c4_load(P[0].vx + 4), ay1 = c4_load(P[0].vy + 4);
        C4_LOOP_AS_IS
        for (uint32_t i = 1; i <= L; i++) {
            pack_link(&P[i - 1], &P[i], 0, &ax0, &ay0, k, warm);
            pack_link(&P[i - 1], &P[i], 4, &ax1, &ay1, k, warm);
        }
        c4_store(P[L].vx, ax0); c4_store(P[L].vy, ay0); c4_store(P[L].vx + 4, ax1); c4_store(P[L].vy + 4, ay1);
    }
}

/* One pass over the packs: sweeps times down each pack's rows. The warm
 * start (mode 0) is made in the solve pass (mode 1), before its sweeps:
 * one gather and one store for both. The step runs the joints' warm start
 * after the contacts' (step.c), so nothing acts between the two; warm
 * starts only add stored impulses, so their order is a matter of rounding. */
void cap_ropes_pass(cap_world* w, cap_wbody* body, int mode, cap_soft rs, int sweeps)
{
    if (mode == 0) return;
    jrow* P = w->jrows;
    const c4 k[3] = {c4_splat(rs.mass_scale), c4_splat(rs.bias_rate), c4_splat(rs.impulse_scale)};
    const int moved = mode == 2 || !w->jaxes;
    if (mode == 2) w->jaxes = 1; /* (the positions stay until the next sub-step's relax) */
    for (uint32_t p = 0; p < w->jpacks; p++) {
        const uint32_t L = P[0].joint[0];
        pack_fill(P, L, body, moved);
        if (mode == 1) pack_sweeps(P, L, k, 1, 1);
        pack_sweeps(P, L, k, sweeps, 0);
        pack_store(P, L, body);
        P += L + 1u;
    }
}

void cap_ropes_tag(cap_world* w, cap_wbody* body)
{
    const uint32_t t = 1u;
    const jrow* P = w->jrows;
    for (uint32_t p = 0; p < w->jpacks; p++) {
        const uint32_t L = P[0].joint[0];
        for (uint32_t i = 0; i <= L; i++)
            for (int l = 0; l < PW; l++) memcpy(&body[P[i].ball[l]].pad, &t, sizeof t);
        P += L + 1u;
    }
}
