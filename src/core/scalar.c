/* capsule2d — the rare paths of scalar.h's lengths, out of line: vectors
 * whose squared length would overflow or underflow float32 (|a| > ~1.8e19
 * or < ~1e-15) are first divided by their largest component. One copy here
 * instead of one at every inlined use (about 25 of each in the module);
 * the operations are those the inline forms did, so the bits are too. */
#include "core/scalar.h"

float cap_length_rescaled(float x, float y)
{
    float m = cap_maxf(cap_absf(x), cap_absf(y));
    if (!(m > 0.0f)) return 0.0f;
    if (m > 3.40282347e38f) return m; /* infinite input: no finite length */
    float sx = x / m, sy = y / m;
    return m * __builtin_sqrtf(sx * sx + sy * sy);
}

float cap_unit_rescaled(float x, float y, int k)
{
    float m = cap_maxf(cap_absf(x), cap_absf(y));
    if (!(m > 0.0f) || m > 3.40282347e38f) return __builtin_nanf(""); /* zero or infinite: no direction */
    float sx = x / m, sy = y / m;
    float ls = __builtin_sqrtf(sx * sx + sy * sy);
    /* + 0 turns a -0 component (from a -0 input) into +0 */
    return (k ? sy : sx) / ls + 0.0f;
}
