/* libFuzzer target: every scalar query of capsule2d on floats decoded from
 * the input, checking the contract's invariants:
 *   - finite input never gives a NaN or infinite output;
 *   - normals are unit length and never have a -0 component;
 *   - depths >= 0, segment parameters in [0, 1], ray fractions in
 *     [0, max_fraction], sweep times in [0, 1], manifold counts 1 or 2;
 *   - a miss leaves the output untouched; cos and sin stay within [-1, 1];
 *   - capsule-circle contact agrees with the point test of the inflated
 *     capsule; swapping two segments gives the same distance; swapping two
 *     capsules gives the same hit or miss.
 * Inputs: each float is 4 bytes (little-endian bits); inputs outside the
 * coordinate range (CAP_MAX_COORD, 1e38: NaN, infinities and larger
 * magnitudes) are rejected, as every API layer rejects them.
 * Radii are |x|. Build and run with tests/fuzz/run.sh. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capsule2d.h"

#define NFLOATS 16

static void fail(const char* what, int line)
{
    fprintf(stderr, "fuzz_query: invariant broken at line %d: %s\n", line, what);
    abort();
}
#define CHECK(c) do { if (!(c)) fail(#c, __LINE__); } while (0)

static int fin(float x) { return isfinite(x); }
static int fin2(cap_vec2 v) { return fin(v.x) && fin(v.y); }
static int no_neg_zero(float x) { return !(x == 0.0f && signbit(x)); }
static void check_unit(cap_vec2 n, int line)
{
    if (!fin2(n)) fail("normal finite", line);
    double len = sqrt((double)n.x * n.x + (double)n.y * n.y);
    if (!(fabs(len - 1.0) <= 1e-5)) fail("normal unit", line);
    if (!no_neg_zero(n.x) || !no_neg_zero(n.y)) fail("normal without -0", line);
}
#define UNIT(n) check_unit(n, __LINE__)

static void check_contact(const cap_contact* c, int line)
{
    check_unit(c->normal, line);
    if (!(fin(c->depth) && c->depth >= 0.0f)) fail("depth finite and >= 0", line);
    if (!(fin2(c->point) && fin2(c->core_point))) fail("contact points finite", line);
}
#define CONTACT(c) check_contact(c, __LINE__)

static void check_ray(int r, const cap_ray_hit* h, float maxf, int line)
{
    if (!(r == 0 || r == 1)) fail("ray return code for a valid ray", line);
    if (r != 1) return;
    check_unit(h->normal, line);
    if (!(fin(h->fraction) && h->fraction >= 0.0f && h->fraction <= maxf)) fail("fraction in [0, max]", line);
    if (!fin2(h->point)) fail("ray point finite", line);
    if (h->starts_inside && h->fraction != 0.0f) fail("inside means fraction 0", line);
}

static void check_sweep(int r, const cap_sweep_hit* h, int line)
{
    if (!(r == 0 || r == 1)) fail("sweep return code", line);
    if (r != 1) return;
    check_unit(h->normal, line);
    if (!(h->t >= 0.0f && h->t <= 1.0f)) fail("t in [0, 1]", line);
    if (!(fin2(h->center) && fin2(h->point))) fail("sweep points finite", line);
    if (h->starts_inside && h->t != 0.0f) fail("inside means t 0", line);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    float f[NFLOATS];
    if (size < sizeof f) return 0;
    memcpy(f, data, sizeof f);
    for (int i = 0; i < NFLOATS; i++) {
        if (!(fabsf(f[i]) <= CAP_MAX_COORD)) return 0;
    }
    /* byte after the floats picks the ray's max_fraction form */
    cap_vec2 p[6];
    for (int i = 0; i < 6; i++) p[i] = (cap_vec2){f[2 * i], f[2 * i + 1]};
    float r1 = fabsf(f[12]), r2 = fabsf(f[13]), maxf = fabsf(f[14]), angle = f[15];

    cap_segment_point sp = cap_closest_point_on_segment(p[0], p[1], p[2]);
    CHECK(fin2(sp.point) && sp.t >= 0.0f && sp.t <= 1.0f);

    cap_segment_pair pair = cap_closest_points_on_segments(p[0], p[1], p[2], p[3]);
    CHECK(fin2(pair.point1) && fin2(pair.point2) && fin(pair.distance) && pair.distance >= 0.0f);
    CHECK(pair.s >= 0.0f && pair.s <= 1.0f && pair.t >= 0.0f && pair.t <= 1.0f);
    {
        /* swapping the segments gives exactly the same distance */
        cap_segment_pair swapped = cap_closest_points_on_segments(p[2], p[3], p[0], p[1]);
        CHECK(swapped.distance == pair.distance);
    }

    cap_circle c1 = {p[0], r1}, c2 = {p[2], r2};
    cap_capsule k1 = {p[0], p[1], r1}, k2 = {p[2], p[3], r2};
    (void)cap_point_in_circle(c1, p[4]);
    (void)cap_point_in_capsule(k1, p[4]);

    cap_contact sentinel, c;
    memset(&sentinel, 0x5a, sizeof sentinel);
    c = sentinel;
    if (cap_collide_circles(c1, c2, &c)) CONTACT(&c); else CHECK(memcmp(&c, &sentinel, sizeof c) == 0);
    c = sentinel;
    if (cap_collide_capsule_circle(k1, c2, &c)) CONTACT(&c); else CHECK(memcmp(&c, &sentinel, sizeof c) == 0);
    {
        /* the contact test and the point test of the inflated capsule agree */
        cap_capsule grown = {p[0], p[1], r1 + r2};
        cap_contact tmp;
        CHECK(cap_collide_capsule_circle(k1, c2, &tmp) == cap_point_in_capsule(grown, p[2]));
    }
    c = sentinel;
    if (cap_collide_segment_circle(p[0], p[1], c2, &c)) CONTACT(&c); else CHECK(memcmp(&c, &sentinel, sizeof c) == 0);

    float d;
    int lr = cap_line_signed_distance(p[0], p[1], p[2], &d);
    CHECK(lr == 1 || (lr == CAP_ERR_DEGENERATE && p[0].x == p[1].x && p[0].y == p[1].y));
    if (lr == 1) CHECK(fin(d));
    cap_line_contact lc;
    lr = cap_collide_line_circle(p[0], p[1], c2, &lc);
    if (lr == 1) {
        CONTACT(&lc.contact);
        CHECK(fin(lc.distance) && fabsf(lc.distance) <= r2);
    }

    cap_manifold m, m2;
    CHECK(cap_collide_capsules(k1, k2, &m) == cap_collide_capsules(k2, k1, &m2));
    if (cap_collide_capsules(k1, k2, &m)) {
        CONTACT(&m.contact);
        CHECK(m.count == 1 || m.count == 2);
        if (m.count == 2) {
            CHECK(fin(m.depth2) && m.depth2 >= 0.0f && m.depth2 <= m.contact.depth);
            CHECK(fin2(m.point2) && fin2(m.core_point2));
        }
    }

    float cs, sn;
    cap_cos_sin(angle, &cs, &sn);
    CHECK(cs >= -1.0f && cs <= 1.0f && sn >= -1.0f && sn <= 1.0f);
    cap_capsule built;
    if (cap_capsule_from_angle(p[4], angle, r1, r2, &built)) CHECK(fin2(built.a) && fin2(built.b));
    if (cap_capsule_from_axis(p[4], p[5], r1, r2, &built)) CHECK(fin2(built.a) && fin2(built.b));

    cap_ray ray = {p[4], p[5], maxf};
    cap_ray_hit h;
    if (p[5].x == 0.0f && p[5].y == 0.0f) {
        CHECK(cap_ray_cast_circle(c1, ray, &h) == CAP_ERR_BAD_RAY);
    } else {
        check_ray(cap_ray_cast_circle(c1, ray, &h), &h, maxf, __LINE__);
        check_ray(cap_ray_cast_segment(p[0], p[1], ray, &h), &h, maxf, __LINE__);
        check_ray(cap_ray_cast_capsule(k1, ray, &h), &h, maxf, __LINE__);
    }

    cap_sweep_hit s;
    check_sweep(cap_sweep_circle_circle(c1, p[4], p[5], r2, &s), &s, __LINE__);
    check_sweep(cap_sweep_circle_segment(p[0], p[1], p[4], p[5], r2, &s), &s, __LINE__);
    check_sweep(cap_sweep_circle_capsule(k1, p[4], p[5], r2, &s), &s, __LINE__);
    return 0;
}
