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
 * CONVENTIONS (shared by every layer; the same rules, with examples:
 *   docs/collision.md, "Conventions"; the README's "Collision queries")
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
 *     the full sum of radii. Normals never hold a -0 component.
 *   - Rays and sweeps: see cap_ray and cap_sweep_circle_* below (a ray
 *     starting inside reports fraction 0 and normal -D/|D|; a sweep is a ray
 *     against the shape inflated by the moving circle's radius).
 *   - Deterministic: only +, -, *, / and sqrt in a fixed order (no FMA, no
 *     libm trig; cap_cos_sin is our own), so native, wasm scalar and wasm
 *     SIMD builds give the same bits.
 *   - Distances are computed without overflow or underflow for every finite
 *     float32 input (see cap_length in core/scalar.h), so huge and tiny coordinates
 *     give correct hits. Inputs must be finite and radii >= 0: the JS layer
 *     checks this; the C core never traps on bad input, but its results for
 *     NaN, infinite or negative values are unspecified, as are results for
 *     coordinates so far apart (beyond ~1.7e38) that their difference
 *     overflows float32.
 *
 * Functions return 1 on a hit and 0 on a miss; on a miss *out is left as it
 * was. A few return a negative cap_status (CAP_ERR_*) for input that has no
 * answer (a line through two equal points, a ray with no direction).
 *
 * THE QUERIES
 *   closest points   cap_closest_point_on_segment, cap_closest_points_on_segments
 *   point tests      cap_point_in_circle, cap_point_in_capsule
 *   contacts         cap_collide_circles, cap_collide_capsule_circle,
 *                    cap_collide_segment_circle, cap_collide_line_circle,
 *                    cap_collide_capsules (manifold of up to two points)
 *   lines            cap_line_signed_distance
 *   building         cap_capsule_from_axis, cap_capsule_from_angle, cap_cos_sin
 *   rays             cap_ray_cast_circle, cap_ray_cast_segment, cap_ray_cast_capsule
 *   swept circles    cap_sweep_circle_circle, cap_sweep_circle_segment,
 *                    cap_sweep_circle_capsule
 */
#ifndef CAPSULE2D_H
#define CAPSULE2D_H

#ifdef __cplusplus
extern "C" {
#endif

/* The one status vocabulary of every layer (queries, batch, world, wasm):
 * 0 is success, each failure has its own negative value, and no two
 * meanings share one. The older names (CAP_ERR_*, CAP_BATCH_*) are aliases.
 * The JS layer turns these into TypeError / RangeError. */
typedef enum cap_status {
    CAP_OK = 0,
    CAP_BAD_VALUE = -1,      /* non-finite coordinate or negative radius */
    CAP_NO_MEMORY = -2,      /* allocation failed; nothing changed */
    CAP_BAD_ARGUMENT = -3,   /* NULL pointer, count > capacity, ... */
    CAP_ZERO_DIRECTION = -4, /* a ray with direction (0, 0) in a batch */
    CAP_DEGENERATE = -5,     /* a line through two equal points */
    CAP_BAD_RAY = -6,        /* zero direction, or max_fraction < 0 or not finite */
    CAP_BAD_HANDLE = -7      /* a removed or never used handle (the world) */
} cap_status;

/* The coordinate range: every coordinate, radius, direction and other
 * number given to capsule2d lies within [-CAP_MAX_COORD, CAP_MAX_COORD]
 * (1e38 as a float32, 9.99999968e37), so every difference of two of them and
 * every sum of two radii is a finite float32. The JS API throws a RangeError
 * outside it, the batch and world calls return CAP_BAD_VALUE naming the
 * value; the scalar C functions below assume it (outside it their results
 * are unspecified, but they never trap or read out of bounds). Within it,
 * every answer is finite and never NaN. */
#define CAP_MAX_COORD 1e38f

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


/* ---- Closest points, point tests, contacts (query.c) -------------------- */

/* Closest points between two segments p1->q1 and p2->q2. */
typedef struct cap_segment_pair {
    cap_vec2 point1; /* on the first segment: p1 + s * (q1 - p1) */
    float s;         /* in [0, 1] */
    cap_vec2 point2; /* on the second segment: p2 + t * (q2 - p2) */
    float t;         /* in [0, 1] */
    float distance;  /* |point2 - point1|, 0 when the segments cross */
} cap_segment_pair;

/* Closest points between segments p1->q1 and p2->q2. Segments that cross
 * (each one's endpoints strictly on opposite sides of the other's line)
 * meet at their intersection (distance ~0). Otherwise the closest pair has
 * an endpoint of one segment: the four endpoint-to-segment projections are
 * compared and the smallest distance wins; among equal distances, the
 * smallest s, then the smallest t. So parallel segments whose projections
 * overlap give the pair at the start of the overlap along p1->q1 (the
 * smallest s), a zero-length segment gives its start with parameter 0, and
 * touching segments give distance 0. Orientation tests are done in a frame
 * scaled by the largest coordinate difference, so huge (1e20) and tiny
 * (1e-30) inputs neither overflow nor underflow. */
cap_segment_pair cap_closest_points_on_segments(cap_vec2 p1, cap_vec2 q1, cap_vec2 p2, cap_vec2 q2);

/* 1 when x is inside or on the circle (|x - center| <= radius), else 0. */
int cap_point_in_circle(cap_circle c, cap_vec2 x);

/* 1 when x is inside or on the capsule (distance to the core <= radius);
 * a zero-length core is a circle, radius 0 a segment. */
int cap_point_in_capsule(cap_capsule c, cap_vec2 x);

/* Circle A against circle B. Hit when |cB - cA| <= rA + rB (touching
 * counts). Normal from A's centre toward B's; coincident centres give (0, 1)
 * and depth rA + rB. core_point = A's centre, point = cA + normal * rA. */
int cap_collide_circles(cap_circle a, cap_circle b, cap_contact* out);

/* Segment a->b against circle c: exactly cap_collide_capsule_circle with a
 * capsule of radius 0 (same normal rules; point == core_point). */
int cap_collide_segment_circle(cap_vec2 a, cap_vec2 b, cap_circle c, cap_contact* out);

/* Return code of the line queries when a == b (no line through them). */
#define CAP_ERR_DEGENERATE CAP_DEGENERATE

/* Signed distance from x to the infinite line through a != b:
 * cross(b - a, x - a) / |b - a|, positive on the left of a->b (y up).
 * Computed with unit directions, so it is finite for every finite input.
 * Returns 1 and writes *distance, or CAP_ERR_DEGENERATE (a == b; *distance
 * untouched). */
int cap_line_signed_distance(cap_vec2 a, cap_vec2 b, cap_vec2 x, float* distance);

/* A circle against an infinite line: a contact plus the signed distance. */
typedef struct cap_line_contact {
    cap_contact contact; /* normal toward the circle; core_point = foot of the
                            perpendicular; point == core_point (a line has no
                            radius) */
    float distance;      /* signed distance of the centre (see above) */
} cap_line_contact;

/* The infinite line through a != b (shape A) against circle c (shape B).
 * Hit when |d| <= radius, d the signed distance of the centre; normal =
 * sign(d) * left normal of a->b (toward the centre), d == 0 gives the left
 * normal; depth = radius - |d|. Returns 1 (hit), 0 (miss, *out untouched)
 * or CAP_ERR_DEGENERATE (a == b). */
int cap_collide_line_circle(cap_vec2 a, cap_vec2 b, cap_circle c, cap_line_contact* out);

/* Capsule-capsule contact: up to two points sharing one normal. */
typedef struct cap_manifold {
    cap_contact contact;  /* the first (deepest) point, normal A -> B */
    int count;            /* 1 or 2 */
    float depth2;         /* the second point (count == 2) */
    cap_vec2 point2;      /* on A's surface */
    cap_vec2 core_point2; /* on A's core */
} cap_manifold;

/* The tolerance on |sin(angle between the cores)| under which two capsule
 * cores count as parallel for a two-point manifold. */
#define CAP_PARALLEL_SIN 1e-5f

/* Capsule A against capsule B (radius 0 = segment, zero-length core =
 * circle). Hit when the distance between the cores <= rA + rB (touching
 * counts). The normal points from A toward B: from the closest point on A's
 * core to the closest point on B's. Crossing or touching cores (distance 0):
 * the left perpendicular of A's axis (of B's when A's core has no length;
 * (0, 1) when neither has), negated when it points away from B's centre
 * (dot with centreB - centreA < 0); depth = rA + rB.
 * Two points (count 2) when both cores have length, are parallel (see
 * CAP_PARALLEL_SIN) and B's projection on A's axis overlaps A's core over
 * a stretch of positive length: the points are the two ends of that stretch
 * on A (core point on A's core, contact point on A's surface), each with its
 * own depth (rA + rB minus the separation along the normal there, >= 0; an
 * end with negative depth is dropped). The first point is the deeper; on a
 * tie, the one nearer A's start a. Returns 1 (hit) or 0 (miss, *out
 * untouched). */
int cap_collide_capsules(cap_capsule a, cap_capsule b, cap_manifold* out);

/* ---- Building capsules (query.c, trig.c) -------------------------------- */

/* cos and sin of an angle in radians with capsule2d's own range reduction
 * and polynomials (no libm), so the bits are the same in every build and
 * engine. Within 1 ulp of float32 for |angle| <= 1e6; beyond that finite,
 * within [-1, 1] and deterministic but not accurate (the float32 input
 * itself is then coarser than the period). A NaN or infinite angle gives
 * NaN. */
void cap_cos_sin(float angle, float* c, float* s);

/* A capsule from its centre, axis direction (any non-zero length, it is
 * normalised with cap_length), core length (|b - a|; tip to tip is
 * length + 2 * radius) and radius: a = center - u * length / 2,
 * b = center + u * length / 2. Returns 1, or 0 when the axis is (0, 0) or an
 * endpoint falls outside the coordinate range (CAP_MAX_COORD; *out untouched). */
int cap_capsule_from_axis(cap_vec2 center, cap_vec2 axis, float length, float radius, cap_capsule* out);

/* The same with u = (cos angle, sin angle) from cap_cos_sin. Returns 1, or 0
 * when an endpoint falls outside the coordinate range. */
int cap_capsule_from_angle(cap_vec2 center, float angle, float length, float radius, cap_capsule* out);

/* ---- Rays and swept circles (cast.c) ------------------------------------ */

/* Return code of a ray cast with a zero direction, or a max_fraction that
 * is negative or not finite. */
#define CAP_ERR_BAD_RAY CAP_BAD_RAY

/* The ray origin + s * direction, s in [0, max_fraction]. direction need not
 * be unit; max_fraction is in units of direction. */
typedef struct cap_ray {
    cap_vec2 origin;
    cap_vec2 direction;
    float max_fraction;
} cap_ray;

typedef struct cap_ray_hit {
    float fraction;    /* s in [0, max_fraction] */
    cap_vec2 point;    /* origin + fraction * direction */
    cap_vec2 normal;   /* outward unit normal; -direction/|direction| inside */
    int starts_inside; /* origin inside or on the shape: fraction 0, point = origin */
} cap_ray_hit;

/* How every cast below decides (rays and sweeps alike):
 * - It is computed in double precision from the float inputs and rounded
 *   once, against the shape's core (never against offset copies of it), so
 *   a path that grazes a flat side or an end circle is a hit exactly when
 *   it comes within the radius of the core (a path a hair outside, such as
 *   a ball rolling 2.2e-8 above a floor, is a miss), and a path nearly
 *   parallel to a side reports a point on the surface.
 * - A hit reports the earliest contact: the point is on the surface (within
 *   float32 rounding of the coordinates) and the normal is the outward unit
 *   normal there.
 * - The start and the end are decided by the float static tests
 *   (cap_point_in_capsule for rays, cap_collide_* for sweeps): a start they
 *   call touching is starts_inside; an end they call touching is a hit at
 *   max_fraction (or t = 1) at the latest. A start the cast itself finds on
 *   the surface within rounding is also starts_inside. starts_inside always
 *   has fraction (t) +0, never -0, and never reports the exit point. */

/* Ray against a circle. A tangent ray hits; a hit at exactly max_fraction
 * counts. Origin inside or on the circle: fraction 0, point = origin,
 * normal = -direction/|direction|, starts_inside = 1. A circle of radius 0
 * is a point: hit only by a ray through it (normal -direction/|direction|).
 * Returns 1 (hit), 0 (miss, *out untouched) or CAP_ERR_BAD_RAY. */
int cap_ray_cast_circle(cap_circle c, cap_ray ray, cap_ray_hit* out);

/* Ray against segment a->b (both sides). The normal is the segment's unit
 * perpendicular on the side of the ray's origin. Origin on the segment:
 * starts_inside as above. A ray along the segment's line (collinear, origin
 * off the segment) hits the first endpoint it reaches, with normal
 * -direction/|direction|; a zero-length segment is a point, hit the same
 * way. Returns 1, 0 or CAP_ERR_BAD_RAY. */
int cap_ray_cast_segment(cap_vec2 a, cap_vec2 b, cap_ray ray, cap_ray_hit* out);

/* Ray against a capsule: the earliest hit on its end circles and its two
 * flat sides (radius 0 is cap_ray_cast_segment, a zero-length core
 * cap_ray_cast_circle). Origin inside or on the capsule: starts_inside. */
int cap_ray_cast_capsule(cap_capsule c, cap_ray ray, cap_ray_hit* out);

/* The first contact of a circle swept from x0 to x1. */
typedef struct cap_sweep_hit {
    float t;           /* time of impact in [0, 1] */
    cap_vec2 center;   /* x0 + t * (x1 - x0) */
    cap_vec2 normal;   /* unit, from the shape toward the circle */
    cap_vec2 point;    /* contact point on the shape's surface */
    int starts_inside; /* touching or overlapping at t = 0 */
} cap_sweep_hit;

/* A circle of radius r moving from x0 to x1 against a static shape: a ray
 * from x0 along x1 - x0 with max_fraction 1 against the shape inflated by r.
 * The earliest t in [0, 1] with distance = sum of radii; touching exactly
 * at t = 1 counts. Touching or overlapping at t = 0: t = 0, center = x0,
 * starts_inside = 1, and normal and point are those of the static contact
 * (the matching cap_collide_* function). x0 == x1 is not an error: it is
 * that static test (hit with t = 0, or a miss). Returns 1 or 0 (miss, *out
 * untouched). */
int cap_sweep_circle_circle(cap_circle shape, cap_vec2 x0, cap_vec2 x1, float r, cap_sweep_hit* out);
int cap_sweep_circle_segment(cap_vec2 a, cap_vec2 b, cap_vec2 x0, cap_vec2 x1, float r, cap_sweep_hit* out);
int cap_sweep_circle_capsule(cap_capsule shape, cap_vec2 x0, cap_vec2 x1, float r, cap_sweep_hit* out);

#ifdef __cplusplus
}
#endif

#endif
