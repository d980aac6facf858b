/* capsule2d — private vector math (header only, inline).
 *
 * Everything here is plain IEEE float32 arithmetic in a fixed order, so the
 * same inputs give the same bits natively (with -ffp-contract=off), in wasm
 * scalar and in wasm SIMD. Min, max and clamp are written as `a < b ? a : b`
 * (the meaning of wasm's pmin/pmax), never fminf/fmaxf, which differ on -0
 * and NaN.
 */
#ifndef CAP_CORE_SCALAR_H
#define CAP_CORE_SCALAR_H

#include "capsule2d.h"

#define CAP_INLINE static inline
/* A helper used in several places, kept out of line: one copy in the
 * module instead of one per use (cold or rare paths only). */
#if defined(__GNUC__)
#define CAP_NOINLINE __attribute__((noinline))
#else
#define CAP_NOINLINE
#endif

CAP_INLINE cap_vec2 cap_v2(float x, float y) { cap_vec2 v = {x, y}; return v; }
CAP_INLINE cap_vec2 cap_add(cap_vec2 a, cap_vec2 b) { return cap_v2(a.x + b.x, a.y + b.y); }
CAP_INLINE cap_vec2 cap_sub(cap_vec2 a, cap_vec2 b) { return cap_v2(a.x - b.x, a.y - b.y); }
/* Negation as 0 - x, so a zero component stays +0 (never -0) in results. */
CAP_INLINE cap_vec2 cap_neg(cap_vec2 a) { return cap_v2(0.0f - a.x, 0.0f - a.y); }
CAP_INLINE cap_vec2 cap_scale(float s, cap_vec2 a) { return cap_v2(s * a.x, s * a.y); }
/* a + s * b, multiplied then added (never fused). */
CAP_INLINE cap_vec2 cap_mul_add(cap_vec2 a, float s, cap_vec2 b) { return cap_v2(a.x + s * b.x, a.y + s * b.y); }
CAP_INLINE float cap_dot(cap_vec2 a, cap_vec2 b) { return a.x * b.x + a.y * b.y; }
/* z of the 3D cross product: positive when b is counter-clockwise of a. */
CAP_INLINE float cap_cross(cap_vec2 a, cap_vec2 b) { return a.x * b.y - a.y * b.x; }
/* The left perpendicular: a rotated +90 degrees (counter-clockwise, y up). */
CAP_INLINE cap_vec2 cap_left_perp(cap_vec2 a) { return cap_v2(0.0f - a.y, a.x); }
CAP_INLINE float cap_length_sq(cap_vec2 a) { return cap_dot(a, a); }

/* v within the coordinate range [-CAP_MAX_COORD, CAP_MAX_COORD] (false for
 * NaN and infinities). */
CAP_INLINE int cap_in_range(float v) { return v >= -CAP_MAX_COORD && v <= CAP_MAX_COORD; }
/* v finite (not NaN, not infinite). */
CAP_INLINE int cap_finite(float v) { return v - v == 0.0f; }

CAP_INLINE float cap_minf(float a, float b) { return a < b ? a : b; }
CAP_INLINE float cap_maxf(float a, float b) { return a > b ? a : b; }
CAP_INLINE float cap_clampf(float v, float lo, float hi) { return cap_minf(cap_maxf(v, lo), hi); }
CAP_INLINE float cap_absf(float a) { return a < 0.0f ? -a : a; }

/* The rare paths of cap_length and cap_length_and_normalize (scalar.c),
 * out of line, so each use inlines only the common case: one copy of the
 * rescaling in the module instead of one per use, the same operations, so
 * the same bits. They take and return only floats: a call taking unit's
 * address would give each caller a stack frame in wasm (tried: the bare
 * capsule-circle export went from 49 to 55 ns a call).
 * cap_length_rescaled: |(x, y)| by way of (x, y) / its largest component.
 * cap_unit_rescaled: component k (0: x, 1: y) of (x, y) / |(x, y)| the same
 * way, or NaN when (x, y) has no direction (zero, NaN or infinite). */
float cap_length_rescaled(float x, float y);
float cap_unit_rescaled(float x, float y, int k);

/* |a|, correct for every finite float32 vector: when a.x^2 + a.y^2 would
 * overflow (|a| > ~1.8e19) or lose precision to underflow (|a| < ~1e-15) the
 * vector is first scaled by its largest component (cap_length_rescaled). */
CAP_INLINE float cap_length(cap_vec2 a)
{
    float d2 = a.x * a.x + a.y * a.y;
    if (d2 >= 1e-30f && d2 <= 3.0e38f) return __builtin_sqrtf(d2);
    return cap_length_rescaled(a.x, a.y);
}

/* Length of a, and a divided by it. A zero vector leaves *unit untouched and
 * returns 0, so the caller picks the documented fallback direction.
 * In the normal range this is a / |a|. Outside it (|a| > ~1.8e19 or
 * < ~1e-15) a is first divided by its largest component, so the unit vector
 * stays unit even when |a| itself is subnormal and rounded coarsely.
 * The unit vector never has a -0 component. */
CAP_INLINE float cap_length_and_normalize(cap_vec2 a, cap_vec2* unit)
{
    float d2 = a.x * a.x + a.y * a.y;
    if (d2 >= 1e-30f && d2 <= 3.0e38f) {
        float len = __builtin_sqrtf(d2);
        /* + 0 turns a -0 component (from a -0 input) into +0 */
        *unit = cap_v2(a.x / len + 0.0f, a.y / len + 0.0f);
        return len;
    }
    float ux = cap_unit_rescaled(a.x, a.y, 0);
    if (ux == ux) *unit = cap_v2(ux, cap_unit_rescaled(a.x, a.y, 1));
    return cap_length_rescaled(a.x, a.y);
}

#endif
