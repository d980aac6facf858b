/* capsule2d — the contact index of a static capsule set. See contact_index.h. */
#include "kernels/contact_index.h"

#include <stdlib.h>
#include <string.h>

#include "capsule2d.h"

int cap_contact_index_ensure(cap_contact_index* ci, const cap_capsule_arrays* c, float reach, cap_scratch* scratch)
{
    uint32_t m = c->count;
    int fresh = ci->built && ci->count == m && ci->version == c->version;
    if (fresh && reach <= ci->reach) return CAP_OK;
    ci->built = 0;
    if (fresh) {
        /* grow the reach in steps of 2x, so slowly growing radii rebuild rarely */
        float twice = 2.0f * ci->reach;
        if (reach < twice && twice <= 3.4e38f) reach = twice; /* never infinite */
    } else {
        if (cap_grow((void**)&ci->snap, &ci->snap_cap, 5 * (uint64_t)m, 4)) return CAP_NO_MEMORY;
        const float* f[5] = {c->ax, c->ay, c->bx, c->by, c->radius};
        for (int a = 0; a < 5; a++) memcpy(ci->snap + (size_t)a * m, f[a], (size_t)m * 4u);
    }
    const float *ax = ci->snap, *ay = ax + m, *bx = ay + m, *by = bx + m, *r = by + m;
    if (cap_scratch_boxes(scratch, m)) return CAP_NO_MEMORY;
    for (uint32_t j = 0; j < m; j++)
        cap_grid_capsule_reach(ax[j], ay[j], bx[j], by[j], r[j], reach, scratch->boxes + 4 * (size_t)j);
    /* finer cells than the index's: a circle tests fewer capsules (0.7: the
     * fastest of 0.35 .. 1.4 for the 4-wide cell test of scenario 2) */
    if (cap_grid_build_sized(&ci->grid, scratch->boxes, m, 0.7, 8, 16, 1.25)) return CAP_NO_MEMORY;
    const cap_grid* g = &ci->grid;
    uint32_t entries = g->start[(size_t)g->nx * g->ny], stride = entries + 4;
    if (cap_grow((void**)&ci->field, &ci->field_cap, (uint64_t)CAP_CI_FIELDS * stride, 4)) return CAP_NO_MEMORY;
    ci->stride = stride;
    memset(ci->field, 0, (size_t)CAP_CI_FIELDS * stride * 4u); /* the padding */
    for (uint32_t e = 0; e < entries; e++) {
        uint32_t j = g->items[e];
        cap_narrow_shape sh = cap_narrow_capsule(ax[j], ay[j], bx[j], by[j], r[j]);
        memcpy(&sh.pad, &j, 4);
        float* f = ci->field + e;
        f[0] = sh.ax, f[stride] = sh.ay, f[2 * stride] = sh.vx, f[3 * stride] = sh.vy;
        f[4 * stride] = sh.gx, f[5 * stride] = sh.gy, f[6 * stride] = sh.r, f[7 * stride] = sh.pad;
    }
    float rmax = 0.0f;
    for (uint32_t j = 0; j < m; j++) rmax = r[j] > rmax ? r[j] : rmax;
    ci->rmax = rmax;
    ci->count = m;
    ci->version = c->version;
    ci->reach = reach;
    ci->built = 1;
    return CAP_OK;
}

int cap_contact_index_all_same(const cap_contact_index* ci, const cap_capsule_arrays* live)
{
    uint32_t m = ci->count;
    if (live->count != m) return 0;
    const float* f[5] = {live->ax, live->ay, live->bx, live->by, live->radius};
    for (int a = 0; a < 5; a++)
        if (m && memcmp(f[a], ci->snap + (size_t)a * m, (size_t)m * 4u)) return 0;
    return 1;
}

void cap_contact_index_free(cap_contact_index* ci)
{
    cap_grid_free(&ci->grid);
    free(ci->field);
    free(ci->snap);
    memset(ci, 0, sizeof *ci);
}
