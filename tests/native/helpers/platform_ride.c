/* (platform_ride.h) */
#include "platform_ride.h"

#include <math.h>

int platform_ride(cap_world* w, uint32_t k, const float* x, const float* y, uint32_t i, float rest, int steps, float* slip,
                  float* sink)
{
    float st[CAP_KINEMATIC_STATE_WORDS];
    *slip = *sink = 0.0f;
    for (int s = 0; s < steps; s++) {
        if (cap_world_step(w) != 0 || cap_world_kinematic_state(w, k, st) != 0) return -1;
        float sl = fabsf(x[i] - st[CAP_KINEMATIC_STATE_X]), sk = (st[CAP_KINEMATIC_STATE_Y] + rest) - y[i];
        *slip = sl > *slip ? sl : *slip;
        *sink = sk > *sink ? sk : *sink;
    }
    return 0;
}
