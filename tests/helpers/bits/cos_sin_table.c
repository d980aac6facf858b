/* Reads float32 angles as 8-digit hex bit patterns (one per line) on stdin and
 * prints "angle cos sin" as hex bits from capsule2d's own cap_cos_sin, built
 * natively. tests/cast.test.js compares these bits with both wasm builds. */
#include <stdio.h>
#include <string.h>
#include "capsule2d.h"

int main(void)
{
    unsigned bits;
    while (scanf("%x", &bits) == 1) {
        float angle, c, s;
        unsigned cb, sb;
        memcpy(&angle, &bits, sizeof angle);
        cap_cos_sin(angle, &c, &s);
        memcpy(&cb, &c, sizeof cb);
        memcpy(&sb, &s, sizeof sb);
        printf("%08x %08x %08x\n", bits, cb, sb);
    }
    return 0;
}
