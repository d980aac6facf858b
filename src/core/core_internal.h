/* capsule2d — functions shared by the core's own files (not public). */
#ifndef CAP_CORE_INTERNAL_H
#define CAP_CORE_INTERNAL_H

#include "capsule2d.h"

/* Fills *out exactly as cap_collide_capsule_circle would, whether or not the
 * shapes touch (depth < 0 when they are apart), and returns whether they
 * touch. The casts use it so that a start "on the surface within rounding"
 * reports the same normal and point as the static test. */
int cap_capsule_circle_contact(cap_capsule a, cap_circle b, cap_contact* out);

#endif
