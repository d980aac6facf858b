/* capsule2d — the world's queries many at once: a batch of rays or swept
 * balls (the batch layer's RayBatch / SweepBatch records), every input
 * checked first, then each answered by cap_world_ray_cast /
 * cap_world_sweep_ball. */
#include "batch/batch_internal.h"
#include "world/world_internal.h"
#include "world/query_internal.h"

/* Every input of a batch checked first: coordinates within CAP_MAX_COORD,
 * a ray's max_fraction finite and >= 0 and direction not (0, 0), a sweep's
 * radius >= 0. The first bad one is named (slot: the input, field: its
 * column; a zero direction names dy's column 3). */
static int batch_fail(cap_world* w, int status, uint32_t index, int field)
{
    w->err.status = status;
    w->err.slot = (int32_t)index;
    w->err.field = field;
    return status;
}

static int check_inputs(cap_world* w, const float* const* col, uint32_t count, int is_ray)
{
    for (uint32_t i = 0; i < count; i++) {
        for (int f = 0; f < 5; f++) {
            float v = col[f][i];
            int ok = f == 4 && is_ray ? cap_finite(v) : cap_in_range(v);
            if (!ok || (f == 4 && v < 0.0f)) return batch_fail(w, CAP_WORLD_BAD_VALUE, i, f);
        }
        if (is_ray && col[2][i] == 0.0f && col[3][i] == 0.0f) return batch_fail(w, CAP_WORLD_BAD_VALUE, i, 3);
    }
    return CAP_WORLD_OK;
}

int cap_world_cast_rays(cap_world* w, cap_ray_batch* rays, uint32_t* hits)
{
    w->err.status = 0;
    if (!rays || !hits || rays->count > rays->capacity) return batch_fail(w, CAP_WORLD_BAD_VALUE, 0, -1);
    const float* col[5] = {rays->ox, rays->oy, rays->dx, rays->dy, rays->max_fraction};
    int rc = check_inputs(w, col, rays->count, 1);
    if (rc) return rc;
    uint32_t n = 0;
    for (uint32_t i = 0; i < rays->count; i++) {
        cap_ray ray = {{rays->ox[i], rays->oy[i]}, {rays->dx[i], rays->dy[i]}, rays->max_fraction[i]};
        cap_ray_hit h;
        int kind = 0;
        uint32_t slot = 0;
        if (cap_world_ray_cast(w, ray, &h, &kind, &slot)) {
            n++;
            cap_ray_batch_put(rays, i, CAP_WORLD_HIT_WORD(kind, slot), &h);
        } else {
            cap_ray_batch_put(rays, i, CAP_WORLD_NO_HIT, NULL);
        }
    }
    *hits = n;
    return CAP_WORLD_OK;
}

int cap_world_sweep_balls(cap_world* w, cap_sweep_batch* sweeps, uint32_t* hits)
{
    w->err.status = 0;
    if (!sweeps || !hits || sweeps->count > sweeps->capacity) return batch_fail(w, CAP_WORLD_BAD_VALUE, 0, -1);
    const float* col[5] = {sweeps->x0, sweeps->y0, sweeps->x1, sweeps->y1, sweeps->radius};
    int rc = check_inputs(w, col, sweeps->count, 0);
    if (rc) return rc;
    uint32_t n = 0;
    for (uint32_t i = 0; i < sweeps->count; i++) {
        cap_vec2 x0 = {sweeps->x0[i], sweeps->y0[i]}, x1 = {sweeps->x1[i], sweeps->y1[i]};
        cap_sweep_hit h;
        int kind = 0;
        uint32_t slot = 0;
        if (cap_world_sweep_ball(w, x0, x1, sweeps->radius[i], &h, &kind, &slot)) {
            n++;
            cap_sweep_batch_put(sweeps, i, CAP_WORLD_HIT_WORD(kind, slot), &h);
        } else {
            cap_sweep_batch_put(sweeps, i, CAP_WORLD_NO_HIT, NULL);
        }
    }
    *hits = n;
    return CAP_WORLD_OK;
}

