/* capsule2d — capsule bodies' step: the broad phase. Each live body's core
 * ends, reach and box this step, and the pairs of bodies whose boxes
 * overlap (sweep and prune on the wider axis, last step's order as the
 * start): each slot's neighbours, ascending (cap_body_near). Called once a
 * step by cap_bodies_begin (bodies_find.c). Orders come from slots only. */
#include <string.h>

#include "core/scalar.h"
#include "world/bodies.h"
#include "world/step_internal.h"

/* The body's core ends from its pose. */
void cap_body_ends(const cap_wbodies* b, uint32_t i, cap_vec2* p0, cap_vec2* p1)
{
    float c, s;
    cap_cos_sin(CAP_BODF(b, CAP_BODY_ANGLE)[i], &c, &s);
    float hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i], x = CAP_BODF(b, CAP_BODY_X)[i], y = CAP_BODF(b, CAP_BODY_Y)[i];
    *p0 = cap_v2(x - hl * c, y - hl * s);
    *p1 = cap_v2(x + hl * c, y + hl * s);
}

/* How far a body's contacts reach ahead: the slop margin plus its travel
 * over the step (centre and tip), at most 4 radii. */
float cap_body_reach(const cap_world* w, const cap_wbodies* b, uint32_t i, float margin)
{
    float hl = CAP_BODF(b, CAP_BODY_HALF_LENGTH)[i], r = CAP_BODF(b, CAP_BODY_RADIUS)[i];
    float v = cap_length(cap_v2(CAP_BODF(b, CAP_BODY_VX)[i], CAP_BODF(b, CAP_BODY_VY)[i]));
    float travel = (v + cap_absf(CAP_BODF(b, CAP_BODY_W)[i]) * hl) * w->def.dt;
    return margin + fmin2(travel, 4.0f * r);
}

/* Whether slot u goes before slot v: key, then the lower slot. */
static inline int before(const double* key, uint32_t u, uint32_t v)
{
    return key[u] < key[v] || (key[u] == key[v] && u < v);
}

/* Sorts order[0 .. n) by key[order[k]] ascending (ties: the lower slot
 * first). Last step's order is nearly sorted already: an insertion sort,
 * while its moves stay under 8 per slot (about 0.1 per slot a step in a
 * falling pile of 2,000 capsules); past that (a new order, bodies
 * teleported) a shell sort over what it left, its last gap an insertion
 * sort. The order is the same whichever sorts: (key, slot) is a total
 * order. */
static void sort_order(uint32_t* order, uint32_t n, const double* key)
{
    uint64_t budget = 8 * (uint64_t)n + 64;
    for (uint32_t k = 1; k < n; k++) {
        uint32_t v = order[k], j = k;
        while (j > 0 && before(key, v, order[j - 1])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = v;
        budget -= k - j < budget ? k - j : budget;
        if (budget == 0) break;
    }
    if (budget > 0) return;
    static const uint32_t gaps[] = {701, 301, 132, 57, 23, 10, 4, 1};
    for (unsigned g = 0; g < sizeof gaps / sizeof gaps[0]; g++)
        for (uint32_t gap = gaps[g], k = gap; k < n; k++) {
            uint32_t v = order[k], j = k;
            while (j >= gap && before(key, v, order[j - gap])) {
                order[j] = order[j - gap];
                j -= gap;
            }
            order[j] = v;
        }
}

/* The step's pairs of bodies. Slot k's box is cap_body_box: two bodies
 * that find_body's test (bodies_find.c) lets through always have
 * overlapping boxes. (A box from the centre +- (half length + radius +
 * reach), whatever the angle, made ~39,000 pairs a step in a pile of 2,000
 * capsules, ~4,300 of which passed find_body's test.) Sweep and prune on
 * the axis of the larger spread: the live slots sorted by their boxes' low
 * edge (last step's order as the start), each against the following ones
 * until their low edge passes its high edge; the pairs that overlap on the
 * other axis and that the filters let collide are each slot's neighbours,
 * sorted ascending: the same sets and orders as a scan of every pair,
 * whatever the sweep's order. */
int cap_bodies_pairs(cap_world* w, cap_wbodies* b, float margin)
{
    uint32_t n = b->slots;
    void* pre = b->pre;
    if (cap_scratch_boxes(&b->gs, n) || cap_world_reserve_bytes(&pre, &b->pre_cap, n, 5 * sizeof(float)) ||
        cap_world_reserve_u32(&b->order, &b->order_cap, n) || cap_world_reserve_u32(&b->order_tmp, &b->order_tmp_cap, n) ||
        cap_world_reserve_u32(&b->adj_start, &b->adj_start_cap, n + 1))
        return 0;
    b->pre = pre;
    const uint32_t* flags = CAP_BODU(b, CAP_BODY_FLAGS);
    double lo[2] = {0, 0}, hi[2] = {0, 0};
    int any = 0;
    for (uint32_t i = 0; i < n; i++) {
        double* box = b->gs.boxes + 4 * (size_t)i;
        box[0] = box[1] = box[2] = box[3] = 0.0;
        if (!(flags[i] & CAP_BALL_ALIVE)) continue;
        cap_vec2 p0, p1;
        cap_body_ends(b, i, &p0, &p1);
        float* pi = &b->pre[5 * (size_t)i];
        pi[0] = p0.x, pi[1] = p0.y, pi[2] = p1.x, pi[3] = p1.y;
        pi[4] = cap_body_reach(w, b, i, margin);
        cap_body_box(b, i, box);
        double x = CAP_BODF(b, CAP_BODY_X)[i], y = CAP_BODF(b, CAP_BODY_Y)[i];
        if (!any || x < lo[0]) lo[0] = x;
        if (!any || y < lo[1]) lo[1] = y;
        if (!any || x > hi[0]) hi[0] = x;
        if (!any || y > hi[1]) hi[1] = y;
        any = 1;
    }
    /* The live slots in last step's order (rebuilt after an add or a remove). */
    if (b->order_stale || b->order_n != b->live) {
        uint32_t k = 0;
        for (uint32_t i = 0; i < n; i++)
            if (flags[i] & CAP_BALL_ALIVE) b->order[k++] = i;
        b->order_n = k;
        b->order_stale = 0;
    }
    const int ax = hi[1] - lo[1] > hi[0] - lo[0]; /* sweep on y when taller than wide */
    const double* boxes = b->gs.boxes;
    /* The sort key: the box's low edge on the axis. */
    void* kp = b->key;
    if (cap_world_reserve_bytes(&kp, &b->key_cap, n, sizeof(double))) return 0;
    b->key = kp;
    double* key = b->key;
    for (uint32_t k = 0; k < b->order_n; k++) {
        uint32_t i = b->order[k];
        key[i] = boxes[4 * (size_t)i + ax];
    }
    sort_order(b->order, b->order_n, key);
    /* The boxes in sweep order, one after the other (the sweep reads them
     * in order, not by slot): low and high edge on the sweep axis, low and
     * high on the other. */
    void* sp = b->sbox;
    if (cap_world_reserve_bytes(&sp, &b->sbox_cap, b->order_n + 1, 4 * sizeof(double))) return 0;
    b->sbox = sp;
    double* sb = b->sbox;
    double width = 0.0;
    for (uint32_t k = 0; k < b->order_n; k++) {
        const double* bi = boxes + 4 * (size_t)b->order[k];
        sb[4 * (size_t)k] = bi[ax];
        sb[4 * (size_t)k + 1] = bi[2 + ax];
        sb[4 * (size_t)k + 2] = bi[1 - ax];
        sb[4 * (size_t)k + 3] = bi[3 - ax];
        if (bi[2 + ax] - bi[ax] > width) width = bi[2 + ax] - bi[ax];
    }
    b->sweep_axis = (uint32_t)ax;
    b->sweep_width = width;
    /* Sweep: pairs (lower slot, higher slot) into b->pairs. */
    uint32_t np = 0;
    uint32_t* deg = b->adj_start;
    memset(deg, 0, (size_t)(n + 1) * 4);
    /* low[i]: how many of slot i's neighbours are lower slots (counted
     * here, for the lists' fill below). */
    if (cap_world_reserve_u32(&b->adj_low, &b->adj_low_cap, n)) return 0;
    uint32_t* low = b->adj_low;
    memset(low, 0, (size_t)n * 4);
    const uint32_t on = b->order_n;
    for (uint32_t k = 0; k < on; k++) {
        uint32_t i = b->order[k];
        const double* bi = sb + 4 * (size_t)k;
        const double end = bi[1], olo = bi[2], ohi = bi[3];
        /* The boxes overlapping on both axes, without a branch on the
         * other axis (it mispredicts): every one written, kept when it
         * overlaps (order_tmp: free until the lists' fill below). */
        uint32_t m = 0, *hit = b->order_tmp;
        for (uint32_t q = k + 1; q < on; q++) {
            const double* bj = sb + 4 * (size_t)q;
            if (bj[0] > end) break;
            hit[m] = q;
            m += (uint32_t)(bj[2] <= ohi) & (uint32_t)(bj[3] >= olo);
        }
        for (uint32_t t = 0; t < m; t++) {
            uint32_t j = b->order[hit[t]];
            if (!cap_body_collides(b, i, j)) continue;
            if (2 * np + 2 > b->pairs_cap && cap_world_reserve_u32(&b->pairs, &b->pairs_cap, 2 * np + 2)) return 0;
            b->pairs[2 * np] = i;
            b->pairs[2 * np + 1] = j;
            np++;
            deg[i + 1]++;
            deg[j + 1]++;
            low[i > j ? i : j]++;
        }
    }
    for (uint32_t i = 0; i < n; i++) deg[i + 1] += deg[i];
    if (cap_world_reserve_u32(&b->adj, &b->adj_cap, 2 * np + 1)) return 0;
    /* Each list ascending without sorting it: its lower neighbours, then
     * its higher ones (low[i]: how many are lower, counted in the sweep). 1: each pair's higher
     * slot into its lower slot's upper part (any order); 2: the lower slots
     * ascending, each into its higher neighbours' lower parts (ascending
     * there); 3: the higher slots ascending, each through its (now sorted)
     * lower part into those slots' upper parts, overwriting step 1's. */
    uint32_t *cur = b->order_tmp, *adj = b->adj;
    for (uint32_t i = 0; i < n; i++) cur[i] = b->adj_start[i] + low[i];
    for (uint32_t p = 0; p < np; p++) {
        uint32_t i = b->pairs[2 * p], j = b->pairs[2 * p + 1];
        if (i < j) adj[cur[i]++] = j;
        else adj[cur[j]++] = i;
    }
    for (uint32_t i = 0; i < n; i++) cur[i] = b->adj_start[i];
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = b->adj_start[i] + low[i]; k < b->adj_start[i + 1]; k++) adj[cur[adj[k]]++] = i;
    for (uint32_t i = 0; i < n; i++) cur[i] = b->adj_start[i] + low[i];
    for (uint32_t j = 0; j < n; j++)
        for (uint32_t k = b->adj_start[j]; k < b->adj_start[j] + low[j]; k++) adj[cur[adj[k]]++] = j;
    return 1;
}
