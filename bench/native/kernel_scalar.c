/* The plain-C reference kernel: one pair at a time. */
#include "kernels.h"

int all_pairs_scalar(const circles* c, const capsules* k, hits* out)
{
    out->count = 0;
    for (int j = 0; j < k->count; j++) {
        float ax = k->ax[j], ay = k->ay[j];
        float vx = k->bx[j] - ax, vy = k->by[j] - ay;
        float vv = vx * vx + vy * vy, rc = k->radius[j];
        for (int i = 0; i < c->count; i++) {
            float wx = c->x[i] - ax, wy = c->y[i] - ay;
            float t = (wx * vx + wy * vy) / vv;
            t = t > 0.0f ? t : 0.0f;
            t = t < 1.0f ? t : 1.0f;
            float ex = c->x[i] - (ax + t * vx), ey = c->y[i] - (ay + t * vy);
            float d2 = ex * ex + ey * ey;
            float s = rc + c->radius[i];
            if (d2 <= s * s) pair_contact(c, k, i, j, out);
        }
    }
    return out->count;
}
