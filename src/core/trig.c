/* capsule2d — deterministic cos and sin (no libm).
 *
 * libm's sinf/cosf differ between glibc (native) and musl (wasm), so the
 * capsule built from an angle would differ by an ulp between builds. Here the
 * work is done in float64, whose +, -, * are correctly rounded everywhere
 * (and never fused: -ffp-contract=off natively, wasm has no FMA):
 *   1. range reduction (Cody-Waite): k = nearest integer to x * 2/pi,
 *      r = x - k * pi/2 with pi/2 split into three parts; the first two have
 *      33 significant bits, so k * part is exact for |k| < 2^20 and r is
 *      accurate to ~1e-16 for |x| up to about 1.6e6;
 *   2. Taylor polynomials of sin and cos on |r| <= pi/4 (truncation error
 *      below 1e-16 with terms up to r^15 and r^16);
 *   3. the quadrant k mod 4 picks (cos, sin) = (c, s), (-s, c), (-c, -s) or
 *      (s, -c), then one rounding to float32.
 * Beyond |x| ~ 1.6e6 the reduction loses accuracy (the float32 angle is
 * then coarser than 1/16 of a turn anyway); r is clamped so the results stay
 * within [-1, 1], finite and deterministic. */
#include "core/scalar.h"

#define CAP_TWO_OVER_PI 0.6366197723675814
#define CAP_PIO2_1 1.5707963267341256     /* first 33 bits of pi/2 */
#define CAP_PIO2_2 6.077100506303966e-11  /* next 33 bits */
#define CAP_PIO2_3 2.0222662487959506e-21 /* the rest */

void cap_cos_sin(float angle, float* c, float* s)
{
    double x = angle;
    double k = __builtin_floor(x * CAP_TWO_OVER_PI + 0.5);
    double r = ((x - k * CAP_PIO2_1) - k * CAP_PIO2_2) - k * CAP_PIO2_3;
    /* |r| <= pi/4 (+ rounding) whenever the reduction is exact; the clamp
     * only matters for huge angles. */
    r = r < -0.8 ? -0.8 : (r > 0.8 ? 0.8 : r);
    /* k mod 4, exact for every finite k (k / 4 and its floor are exact);
     * NaN for a non-finite angle (then c, s are NaN: no cast of a NaN). */
    double q = k - 4.0 * __builtin_floor(k * 0.25);
    int quadrant = q == q ? (int)q & 3 : 0;

    double r2 = r * r;
    double sp = r + r * r2 * (-1.0 / 6.0 + r2 * (1.0 / 120.0 + r2 * (-1.0 / 5040.0 + r2 * (1.0 / 362880.0 +
                r2 * (-1.0 / 39916800.0 + r2 * (1.0 / 6227020800.0 + r2 * (-1.0 / 1307674368000.0)))))));
    double cp = 1.0 + r2 * (-1.0 / 2.0 + r2 * (1.0 / 24.0 + r2 * (-1.0 / 720.0 + r2 * (1.0 / 40320.0 +
                r2 * (-1.0 / 3628800.0 + r2 * (1.0 / 479001600.0 + r2 * (-1.0 / 87178291200.0 +
                r2 * (1.0 / 20922789888000.0))))))));
    double cc, ss;
    switch (quadrant) {
    case 0: cc = cp; ss = sp; break;
    case 1: cc = 0.0 - sp; ss = cp; break;
    case 2: cc = 0.0 - cp; ss = 0.0 - sp; break;
    default: cc = sp; ss = 0.0 - cp; break;
    }
    *c = (float)cc;
    *s = (float)ss;
}
