/* capsule2d — functions shared by the core's own files, and the casts'
 * entries for callers that keep a shape's axis (the world's path walk);
 * not public. */
#ifndef CAP_CORE_INTERNAL_H
#define CAP_CORE_INTERNAL_H

#include "capsule2d.h"

/* Fills *out exactly as cap_collide_capsule_circle would, whether or not the
 * shapes touch (depth < 0 when they are apart), and returns whether they
 * touch. The casts use it so that a start "on the surface within rounding"
 * reports the same normal and point as the static test. */
int cap_capsule_circle_contact(cap_capsule a, cap_circle b, cap_contact* out);

/* A capsule's axis as the casts use it, in double: (B - A) / |B - A| and
 * le = |B - A| (0: a circle; then ex = ey = 0); cap_cast_axis_of makes it
 * from A = (ax, ay) and B = (bx, by). */
typedef struct cap_cast_axis {
    double ex, ey, le;
} cap_cast_axis;

static inline void cap_cast_axis_of(cap_cast_axis* axis, float ax, float ay, float bx, float by)
{
    double ex = (double)bx - ax, ey = (double)by - ay;
    double le = __builtin_sqrt(ex * ex + ey * ey);
    if (le > 0.0) ex /= le, ey /= le;
    axis->ex = ex, axis->ey = ey, axis->le = le;
}

/* cap_ray_cast_capsule and cap_sweep_circle_capsule (cast.c) given the
 * capsule's cap_cast_axis_of and the path's length in double, dd =
 * sqrt(dx * dx + dy * dy) of its (double) d (the ray's direction, x1 -
 * x0): the same results bit for bit, without remaking them. The ray must
 * be one cap_ray_cast_capsule accepts (max_fraction in [0, FLT_MAX], a
 * finite nonzero direction): it is not checked again. (Arguments by
 * address: a struct passed by value is copied at each call in wasm.) */
int cap_ray_cast_axis(const cap_capsule* c, const cap_cast_axis* axis, const cap_ray* ray, double dd, cap_ray_hit* out);
int cap_sweep_axis(const cap_capsule* shape, const cap_cast_axis* axis, const cap_vec2* x0, const cap_vec2* x1, float r,
                   double dd, cap_sweep_hit* out);

#endif
