/* capsule2d — 2D collision queries for circles, segments, capsules and lines.
 *
 * SUMMARY
 *   Pure functions over small structs, float32, C11. No allocation, no global
 *   state, no libm calls whose results differ between platforms. The same
 *   source is compiled natively (tests, fuzzing, baselines) and to
 *   WebAssembly (scalar and SIMD builds, identical bits).
 *
 * FRAME AND SHAPES
 *   x right, y up, angles counter-clockwise in radians. On a y-down canvas the
 *   picture is mirrored: "left of A->B" appears on the right of A->B there.
 *   A segment is A->B. A capsule is a segment with a radius r >= 0 (r = 0 is a
 *   segment; A = B is a circle). A line is the infinite line through A != B.
 *
 * CONVENTIONS (shared by every layer; see CONVENTIONS in the README)
 *   - Touching counts: a hit when distance <= sum of radii.
 *   - Argument order says the normal: the first argument is shape A, the
 *     second shape B, and the unit normal points from A toward B. Put the
 *     static shape first and the circle second, and the normal is the
 *     direction that pushes the circle out; its offset is normal * depth.
 *   - depth = sum of radii - distance, >= 0 on a hit.
 *   - contact point = P + normal * rA, on A's surface, where P (core_point)
 *     is the closest point on A's core (segment point, centre, line foot).
 *   - Degenerate normals are never NaN: a centre exactly on a segment's
 *     interior or endpoint gives the left perpendicular of A->B; a
 *     zero-length segment or coincident centres give (0, 1). Depth is then
 *     the full sum of radii.
 *   - Distances are computed without overflow or underflow for every finite
 *     float32 input (see cap_length in math.h), so huge and tiny coordinates
 *     give correct hits. Inputs must be finite and radii >= 0: the JS layer
 *     checks this; the C core never traps on bad input, but its results for
 *     NaN, infinite or negative values are unspecified.
 *
 * Functions return 1 on a hit and 0 on a miss; on a miss *out is left as it
 * was.
 */
#ifndef CAPSULE2D_H
#define CAPSULE2D_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cap_vec2 { float x, y; } cap_vec2;

typedef struct cap_circle {
    cap_vec2 center;
    float radius;
} cap_circle;

/* A capsule: the core segment a->b inflated by radius (>= 0). */
typedef struct cap_capsule {
    cap_vec2 a, b;
    float radius;
} cap_capsule;

/* A contact between shape A (first argument) and shape B (second). */
typedef struct cap_contact {
    cap_vec2 normal;     /* unit, from A toward B */
    float depth;         /* sum of radii - distance, >= 0 */
    cap_vec2 point;      /* on A's surface: core_point + normal * rA */
    cap_vec2 core_point; /* closest point on A's core */
} cap_contact;

/* The closest point on a segment and its parameter t in [0, 1]. */
typedef struct cap_segment_point {
    cap_vec2 point;
    float t;
} cap_segment_point;

/* Closest point on segment a->b to x: the projection of x - a on b - a,
 * clamped to [0, 1]. A zero-length segment (a == b, or so short that
 * |b - a|^2 underflows to 0) gives a and t = 0, never a division by zero.
 * The point is a + t * (b - a), so t = 0 gives exactly a and t = 1 exactly b. */
cap_segment_point cap_closest_point_on_segment(cap_vec2 a, cap_vec2 b, cap_vec2 x);

/* Capsule A against circle B. Hit when |C - P| <= rA + rB, P the closest
 * point on A's core to the circle's centre C. The normal points from the
 * capsule toward the circle (pushing the circle out). Centre exactly on the
 * core: the left perpendicular of a->b; zero-length core (a circle) with
 * coincident centres: (0, 1). Depth is then rA + rB. */
int cap_collide_capsule_circle(cap_capsule a, cap_circle b, cap_contact* out);

#ifdef __cplusplus
}
#endif

#endif
