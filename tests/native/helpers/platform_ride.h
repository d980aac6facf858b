/* Shared helper of the native world tests: a ball or a capsule body riding
 * a moving kinematic platform (test_world.c, test_world_bodies.c). */
#ifndef CAP_TEST_PLATFORM_RIDE_H
#define CAP_TEST_PLATFORM_RIDE_H

#include <stdint.h>

#include "capsule2d_world.h"

/* Steps w `steps` times with kinematic capsule k moving; the worst slip
 * (|x[i] - the platform's x|) and sink ((the platform's y + rest) - y[i])
 * of the thing riding it, read through the views x and y (a ball's or a
 * body's). 0, or -1 when a step or the platform's state fails. */
int platform_ride(cap_world* w, uint32_t k, const float* x, const float* y, uint32_t i, float rest, int steps, float* slip,
                  float* sink);

#endif
